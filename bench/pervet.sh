#!/usr/bin/env bash
# bench/pervet.sh: the cost of one go vet tool invocation, per package.
#
#   bash bench/pervet.sh [REPS] [PKG...]
#
# Runs go vet -work once per tool on the gen10 corpus (bench/out/corpus/gen10,
# made by run.sh) to keep each tool's vet.cfg and .vetx inputs, then runs
# each tool directly on the saved vet.cfg of each package, REPS times
# (default 20), interleaved, and records user+system CPU and wall time.
# Rows go to bench/results/pervet.tsv. It separates process start-up (a
# tool on a package it has nothing to do with) from analysis.
set -euo pipefail
ROOT=${BENCH_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
OUT=${BENCH_OUT:-$ROOT/bench/out}
BIN=$OUT/bin
RES=$ROOT/bench/results
DIR=$OUT/corpus/gen10
REPS=${1:-20}
shift || true
PKGS=("$@")
[ ${#PKGS[@]} -gt 0 ] || PKGS=(unicode/utf8 encoding/json net/http github.com/modelcontextprotocol/go-sdk/mcp example.com/mcpmono/lib/lib0000 example.com/mcpmono/svc/svc0000 example.com/mcpmono/svc/svc0001)
TOOLS=(noop noopjsonschema noopfacts elicitlint)
TAG=${BENCH_TAG:-$(date -u +%Y%m%dT%H%M%SZ)}
declare -A WORK
for t in "${TOOLS[@]}"; do
	flag=-nonce=pervet$TAG$RANDOM
	[ "$t" = elicitlint ] && flag=-sensitive-allow=pervet$TAG$RANDOM
	WORK[$t]=$(cd "$DIR" && go vet -work "-vettool=$BIN/$t" "$flag" ./... 2>&1 >/dev/null | sed -n 's/^WORK=//p' | head -n 1 || true)
done
[ -s "$RES/pervet.tsv" ] || printf 'tag\tpkg\ttool\trep\twall_s\tcpu_s\tmaxrss_kb\n' >"$RES/pervet.tsv"
tf=$(mktemp)
TIMEFORMAT='%3R %3U %3S'
for ((r = 1; r <= REPS; r++)); do
	for p in "${PKGS[@]}"; do
		for t in "${TOOLS[@]}"; do
			cfg=$(grep -l "\"ImportPath\": \"$p\"," "${WORK[$t]}"/*/vet.cfg | head -n 1)
			# bash's time keyword has millisecond resolution (GNU time's
			# %e %U %S have 10 ms); GNU time inside it gives the peak RSS.
			{ time /usr/bin/time -f '%M' -o "$tf" "$BIN/$t" -json "$cfg" >/dev/null 2>&1; } 2>"$tf.t" || true
			read -r e u s <"$tf.t"
			m=$(grep -E '^[0-9]+$' "$tf" | tail -n 1)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$TAG" "$p" "$t" "$r" "$e" "$(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}')" "$m" >>"$RES/pervet.tsv"
		done
	done
done
rm -f "$tf" "$tf.t"
for t in "${TOOLS[@]}"; do rm -rf "${WORK[$t]}"; done
# Medians per package and tool.
med() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf 'pkg\ttool\tn\tmedian_cpu_ms\tmedian_wall_ms\tmedian_rss_mb\n'
for p in "${PKGS[@]}"; do
	for t in "${TOOLS[@]}"; do
		rows=$(awk -F'\t' -v tag="$TAG" -v p="$p" -v t="$t" '$1==tag && $2==p && $3==t' "$RES/pervet.tsv")
		printf '%s\t%s\t%s\t%.1f\t%.1f\t%.1f\n' "$p" "$t" "$(echo "$rows" | wc -l)" \
			"$(echo "$rows" | cut -f6 | med | awk '{print 1000*$1}')" \
			"$(echo "$rows" | cut -f5 | med | awk '{print 1000*$1}')" \
			"$(echo "$rows" | cut -f7 | med | awk '{print $1/1024}')"
	done
done
