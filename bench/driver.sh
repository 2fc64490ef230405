#!/usr/bin/env bash
# bench/driver.sh: the standalone driver against go vet, on any module
# (issue #39).
#
#   bash bench/driver.sh MODULE_DIR PACKAGE FILE [LABEL]
#
# MODULE_DIR is a module (a public one: see BENCHMARKS.md for the commits
# used), PACKAGE a package pattern in it (./pkg/oauth) and FILE a .go file of
# that package, relative to MODULE_DIR (pkg/oauth/state.go): what the
# pre-commit hook runs for a commit of that one file.
#
# Each round runs, interleaved, with the starting command rotating:
#   vet-pkg    go vet -vettool=elicitlint PACKAGE
#   hook       elicitlint FILE
#   vet-all    go vet -vettool=elicitlint ./...
#   whole      elicitlint ./...
# and, with BENCH_BASE=REV, the same two elicitlint commands with elicitlint
# built at REV (base-hook, base-whole), to measure a change before and after.
#
# Two phases, each BENCH_K rounds (default 5) after one warm-up round:
#   same    nothing changes between runs (go vet's cache replays every package)
#   edited  before each command, FILE gets a new comment line at its end,
#           so that its package (and, for ./..., the packages that import
#           it) is vetted again, as after an edit (the file is restored at
#           the end)
#
# Rows go to bench/results/driver.tsv (session tag, label, phase, command, round, wall s,
# peak RSS KB, user s, sys s, exit, load average); the medians and the ratios
# (CPU is user + system) are printed and appended to
# bench/results/driver-summary.md. Peak RSS is GNU time's: of the command and
# of the largest process it waited for, so for go vet the largest of the go
# command and the tool processes, never their sum.
set -euo pipefail

if [ $# -lt 3 ]; then
	sed -n '2,32p' "$0" >&2
	exit 2
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MOD=$(cd "$1" && pwd)
PKG=$2
FILE=$3
LABEL=${4:-$(basename "$MOD")}
K=${BENCH_K:-5}
TAG=${BENCH_TAG:-$(date -u +%Y%m%dT%H%M%SZ)}
OUT=${BENCH_OUT:-$ROOT/bench/out}
RES=$ROOT/bench/results
TIME=/usr/bin/time
if [ ! -x $TIME ]; then
	echo "driver.sh: /usr/bin/time is missing: apt-get update && apt-get install -y time" >&2
	exit 1
fi
mkdir -p "$OUT/bin" "$RES"
export GOFLAGS=${GOFLAGS:--buildvcs=false}

BIN=$OUT/bin/elicitlint
(cd "$ROOT" && go build -o "$BIN" ./cmd/elicitlint)
CMDS=(vet-pkg hook vet-all whole)
if [ -n "${BENCH_BASE:-}" ]; then
	BASE=$OUT/bin/elicitbase
	wt=$(mktemp -d)
	git -C "$ROOT" worktree add --detach -q "$wt" "$BENCH_BASE"
	(cd "$wt" && go build -o "$BASE" ./cmd/elicitlint)
	git -C "$ROOT" worktree remove --force "$wt"
	CMDS+=(base-hook base-whole)
fi

command_of() {
	case $1 in
	vet-pkg) echo go vet -vettool="$BIN" "$PKG" ;;
	hook) echo "$BIN" "$FILE" ;;
	vet-all) echo go vet -vettool="$BIN" ./... ;;
	whole) echo "$BIN" ./... ;;
	base-hook) echo "$BASE" "$FILE" ;;
	base-whole) echo "$BASE" ./... ;;
	esac
}

ROWS=$RES/driver.tsv
[ -f "$ROWS" ] || printf 'tag\tlabel\tphase\tcommand\tround\twall_s\trss_kb\tuser_s\tsys_s\texit\tload1\n' >"$ROWS"
TMP=$(mktemp)
cp "$MOD/$FILE" "$TMP.orig"
trap 'cp "$TMP.orig" "$MOD/$FILE"; rm -f "$TMP" "$TMP.orig"' EXIT

run_one() { # phase command round
	local cmd
	cmd=$(command_of "$2")
	(cd "$MOD" && $TIME -o "$TMP" -f '%e\t%M\t%U\t%S\t%x' $cmd >/dev/null 2>&1) || true
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$TAG" "$LABEL" "$1" "$2" "$3" "$(tail -n 1 "$TMP")" "$(cut -d' ' -f1 /proc/loadavg)" >>"$ROWS"
}

for phase in same edited; do
	n=${#CMDS[@]}
	for round in $(seq 0 "$K"); do
		for i in $(seq 0 $((n - 1))); do
			if [ "$phase" = edited ]; then
				# A new edit before every command: each one finds the
				# package changed since it last ran.
				cp "$TMP.orig" "$MOD/$FILE"
				printf '\n// bench/driver.sh edit %s %s %s\n' "$round" "$i" "$RANDOM$RANDOM" >>"$MOD/$FILE"
			fi
			c=${CMDS[$(((i + round) % n))]}
			run_one "$phase" "$c" "$round"
		done
	done
done
cp "$TMP.orig" "$MOD/$FILE"

# Medians over rounds 1..K (round 0 is the warm-up) of this label's rows.
summary=$(awk -F'\t' -v tag="$TAG" -v label="$LABEL" -v pkg="$PKG" -v file="$FILE" -v k="$K" '
function median(key,   n, i, j, t, a) {
	n = cnt[key]
	for (i = 1; i <= n; i++) a[i] = v[key, i]
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
}
NR > 1 && $1 == tag && $2 == label && $5 > 0 {
	for (f = 6; f <= 8; f++) { key = $3 SUBSEP $4 SUBSEP f; v[key, ++cnt[key]] = (f == 8 ? $8 + $9 : $f) }
	seen[$3 SUBSEP $4] = 1
}
END {
	printf "\n### %s (%s, %s; K=%d, session %s)\n\n", label, pkg, file, k, tag
	printf "| phase | command | wall s | CPU s | peak RSS MB |\n|---|---|---:|---:|---:|\n"
	split("same edited", phases, " ")
	split("vet-pkg hook base-hook vet-all whole base-whole", cmds, " ")
	for (p = 1; p <= 2; p++) for (c = 1; c <= 6; c++) {
		if (!((phases[p] SUBSEP cmds[c]) in seen)) continue
		w = median(phases[p] SUBSEP cmds[c] SUBSEP 6); m = median(phases[p] SUBSEP cmds[c] SUBSEP 7)
		u = median(phases[p] SUBSEP cmds[c] SUBSEP 8)
		W[p, cmds[c]] = w; M[p, cmds[c]] = m; U[p, cmds[c]] = u
		printf "| %s | %s | %.2f | %.2f | %.0f |\n", phases[p], cmds[c], w, u, m / 1024
	}
	printf "\n| phase | hook CPU ÷ go vet PACKAGE | hook peak RSS MB | whole peak RSS ÷ go vet ./... |"
	if ((1 SUBSEP "base-hook") in U) printf " hook CPU before ÷ after | whole RSS before ÷ after |"
	printf "\n|---|---:|---:|---:|"
	if ((1 SUBSEP "base-hook") in U) printf "---:|---:|"
	printf "\n"
	for (p = 1; p <= 2; p++) {
		printf "| %s | %.2f | %.0f | %.2f |", phases[p], U[p, "hook"] / U[p, "vet-pkg"], M[p, "hook"] / 1024, M[p, "whole"] / M[p, "vet-all"]
		if ((p SUBSEP "base-hook") in U) printf " %.1f | %.1f |", U[p, "base-hook"] / U[p, "hook"], M[p, "base-whole"] / M[p, "whole"]
		printf "\n"
	}
}' "$ROWS")
echo "$summary"
echo "$summary" >>"$RES/driver-summary.md"
