#!/usr/bin/env bash
# bench/run.sh: the elicitlint performance harness (issue #7).
#
#   bash bench/run.sh [quick] [CORPUS...]
#
# CORPUS is any of: std xtools sdk gen10 gen100 gen1000 (default: all, in
# that order of listing: sdk gen10 gen100 gen1000 xtools std).
# quick: K=2 repeats instead of 5.
#
# Environment:
#   BENCH_K          repeats per tool (default 5, quick 2)
#   BENCH_MODES      "standalone vet" (default both)
#   BENCH_STANDALONE tools timed standalone (default "elicitlint noop noopssa noopfacts")
#   BENCH_VET        tools timed under go vet (default "elicitlint noop noopssa govet")
#   BENCH_RSS        1 (default): one extra go vet run per tool of
#                    BENCH_RSS_TOOLS (default "elicitlint noop") through
#                    bench/rsswrap.sh to record each tool process's peak RSS
#   BENCH_CACHECHECK 1 (default): first verify on gen10 that go vet's cache
#                    is defeated (bench/results/cachecheck.tsv)
#   BENCH_OUT        scratch directory (default bench/out, git-ignored)
#   BENCH_TAG        label for this session's rows (default: timestamp)
#   BENCH_ROOT       the elicitlint checkout (default: this script's ../),
#                    so that a copy of this script can run while it is edited
#   BENCH_BASE       a git revision: also build elicitlint as it was there,
#                    as the tool "elicitbase" (name it in BENCH_STANDALONE,
#                    BENCH_VET or BENCH_RSS_TOOLS), to measure a change
#                    before and after in one interleaved session
#
# For each corpus the tools run interleaved (one run of each tool per round,
# the starting tool rotating each round), K rounds; bench/results/runs.tsv
# gets one row per run (wall, peak RSS, user and system CPU, exit code, load
# average). go vet caches results keyed by the tool ID and the tool flags, so
# every run passes a fresh throwaway flag value (see BENCHMARKS.md, "Cache").
# bench/results/summary.md is regenerated from all rows at the end.
set -euo pipefail

ROOT=${BENCH_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
BENCH=$ROOT/bench
OUT=${BENCH_OUT:-$BENCH/out}
RES=$BENCH/results
BIN=$OUT/bin
mkdir -p "$OUT" "$RES" "$BIN" "$OUT/logs"

QUICK=0
if [ "${1:-}" = quick ]; then QUICK=1; shift; fi
K=${BENCH_K:-$([ $QUICK = 1 ] && echo 2 || echo 5)}
MODES=${BENCH_MODES:-"standalone vet"}
T_STANDALONE=${BENCH_STANDALONE:-"elicitlint noop noopssa noopfacts"}
T_VET=${BENCH_VET:-"elicitlint noop noopssa govet"}
DO_RSS=${BENCH_RSS:-1}
RSS_TOOLS=${BENCH_RSS_TOOLS:-"elicitlint noop"}
TAG=${BENCH_TAG:-$(date -u +%Y%m%dT%H%M%SZ)}
if [ $# -gt 0 ]; then CORPORA=("$@"); else CORPORA=(sdk gen10 gen100 gen1000 xtools std); fi

TIME=/usr/bin/time
if [ ! -x $TIME ]; then
	echo "run.sh: /usr/bin/time is missing: apt-get update && apt-get install -y time" >&2
	exit 1
fi
export GOFLAGS=${GOFLAGS:--buildvcs=false}

log() { printf '%s run.sh: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# --- build the tools -------------------------------------------------------
log "building elicitlint, noop, noopssa, noopfacts, noopjsonschema into $BIN"
(cd "$ROOT" && go build -o "$BIN/elicitlint" ./cmd/elicitlint)
(cd "$BENCH/noop" && go build -o "$BIN/" ./cmd/...)
GOVET=$(go env GOTOOLDIR)/vet
BASE=
if [ -n "${BENCH_BASE:-}" ]; then
	BASE=$(cd "$ROOT" && git rev-parse --short "$BENCH_BASE")
	log "building elicitlint at $BASE into $BIN/elicitbase"
	rm -rf "$OUT/base-src"
	mkdir -p "$OUT/base-src"
	(cd "$ROOT" && git archive "$BASE") | tar -x -C "$OUT/base-src"
	(cd "$OUT/base-src" && go build -o "$BIN/elicitbase" ./cmd/elicitlint)
fi

# What was measured: the commit and a digest of uncommitted changes to the
# analyzer sources (other engineers edit them while the benchmarks run).
REV=$(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)
DIRTY=$(cd "$ROOT" && git diff HEAD -- analyzer cmd internal 2>/dev/null | sha256sum | cut -c1-12)
SRC="$REV+$DIRTY"
{
	printf 'tag\t%s\n' "$TAG"
	printf 'rev\t%s\n' "$SRC"
	printf 'base\t%s\n' "$BASE"
	printf 'go\t%s\n' "$(go version)"
	printf 'nproc\t%s\n' "$(nproc)"
	printf 'cpu\t%s\n' "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
	printf 'mem\t%s\n' "$(free -h | awk '/^Mem:/{print $2}')"
	printf 'K\t%s\n' "$K"
	printf 'quick\t%s\n' "$QUICK"
} >"$RES/session-$TAG.tsv"

RUNS=$RES/runs.tsv
[ -s "$RUNS" ] || printf 'tag\trev\tcorpus\tmode\ttool\tround\twall_s\tmaxrss_kb\tuser_s\tsys_s\texit\tload1\tstart_utc\n' >"$RUNS"
VETRSS=$RES/vet-rss.tsv
[ -s "$VETRSS" ] || printf 'tag\trev\tcorpus\ttool\twall_s\tgo_vet_maxrss_kb\tinvocations\tvetxonly_invocations\ttool_maxrss_kb\ttool_maxrss_pkg\ttool_median_rss_kb\ttool_cpu_s\n' >"$VETRSS"

# --- corpora ---------------------------------------------------------------
# corpus NAME sets DIR (where the commands run), PATS (the patterns) and
# NPKG (packages matched).
corpus() {
	case $1 in
	std)
		DIR=$BENCH/sdkmod
		PATS=(std)
		;;
	xtools)
		DIR=$OUT/corpus/xtools
		if [ ! -f "$DIR/go.mod" ]; then
			local src
			src=$(go mod download -json golang.org/x/tools@v0.52.0 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
			log "copying $src to $DIR (writable)"
			mkdir -p "$OUT/corpus"
			cp -r "$src" "$DIR"
			chmod -R u+w "$DIR"
		fi
		PATS=(./...)
		;;
	sdk)
		DIR=$BENCH/sdkmod
		PATS=(github.com/modelcontextprotocol/go-sdk/... github.com/mark3labs/mcp-go/...)
		;;
	gen*)
		local n=${1#gen}
		DIR=$OUT/corpus/$1
		local stamp
		stamp=$(cat "$BENCH/gen/main.go" | sha256sum | cut -c1-16)
		if [ "$(cat "$DIR/.genstamp" 2>/dev/null)" != "$stamp" ]; then
			log "generating $1 (N=$n, M=5) in $DIR"
			rm -rf "$DIR"
			(cd "$BENCH" && go run ./gen -n "$n" -m 5 -out "$DIR" -gosum "$ROOT/example/go.sum" -tidy) >&2
			echo "$stamp" >"$DIR/.genstamp"
		fi
		PATS=(./...)
		;;
	*)
		echo "run.sh: unknown corpus $1" >&2
		exit 2
		;;
	esac
	NPKG=$(cd "$DIR" && go list "${PATS[@]}" | wc -l)
}

# nonce returns a value never used before, for the throwaway flag.
nonce() { echo "$TAG-$(date +%s%N)-$RANDOM"; }

# toolflag TOOL NONCE: the throwaway flag for TOOL. For elicitlint,
# -sensitive-allow names a form field that is never reported as a secret; no
# schema has a field called benchnonce..., so findings do not change. The
# noop tools have a -nonce flag that does nothing. For plain go vet,
# -printf.funcs names an extra printf wrapper that does not exist.
toolflag() {
	case $1 in
	elicitlint | elicitbase) echo "-sensitive-allow=benchnonce$2" ;;
	govet) echo "-printf.funcs=benchnonce$2" ;;
	*) echo "-nonce=$2" ;;
	esac
}

# cmdline MODE TOOL NONCE: sets CMD.
cmdline() {
	local flag
	flag=$(toolflag "$2" "$3")
	case $1 in
	standalone) CMD=("$BIN/$2" "$flag" "${PATS[@]}") ;;
	vet)
		if [ "$2" = govet ]; then
			CMD=(go vet "$flag" "${PATS[@]}")
		else
			CMD=(go vet "-vettool=$BIN/$2" "$flag" "${PATS[@]}")
		fi
		;;
	esac
}

# measure CORPUS MODE TOOL ROUND: one timed run, one row of runs.tsv.
measure() {
	local corpus=$1 mode=$2 tool=$3 round=$4 tf rc load start
	tf=$(mktemp)
	cmdline "$mode" "$tool" "$(nonce)"
	load=$(cut -d' ' -f1 /proc/loadavg)
	start=$(date -u +%H:%M:%S)
	set +e
	(cd "$DIR" && $TIME -f '%e %M %U %S' -o "$tf" "${CMD[@]}" >"$OUT/logs/$corpus-$mode-$tool.out" 2>"$OUT/logs/$corpus-$mode-$tool.err")
	rc=$?
	set -e
	# On a non-zero exit GNU time writes "Command exited..." first.
	local wall=NA rss=NA usr=NA sys=NA
	read -r wall rss usr sys < <(grep -E '^[0-9.]+ [0-9]+ ' "$tf" | tail -n 1) || true
	rm -f "$tf"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$TAG" "$SRC" "$corpus" "$mode" "$tool" "$round" "$wall" "$rss" "$usr" "$sys" "$rc" "$load" "$start" >>"$RUNS"
	log "$corpus $mode $tool round $round: ${wall}s ${rss}KB exit $rc (load $load)"
}

# vetrss CORPUS TOOL: one untimed-for-the-table go vet run through
# rsswrap.sh; records each tool process's peak RSS.
vetrss() {
	local corpus=$1 tool=$2 tf rl real flag
	tf=$(mktemp)
	rl=$OUT/rss-$corpus-$tool.log
	: >"$rl"
	real=$BIN/$tool
	[ "$tool" = govet ] && real=$GOVET
	flag=$(toolflag "$tool" "$(nonce)")
	set +e
	(cd "$DIR" && BENCH_REAL_TOOL=$real BENCH_RSS_LOG=$rl $TIME -f '%e %M' -o "$tf" go vet "-vettool=$BENCH/rsswrap.sh" "$flag" "${PATS[@]}" >/dev/null 2>&1)
	set -e
	local wall=NA gorss=NA
	read -r wall gorss < <(grep -E '^[0-9.]+ [0-9]+' "$tf" | tail -n 1) || true
	rm -f "$tf"
	# Lines: elapsed maxrss user sys exit pkg vetxonly (GNU time may add
	# "Command exited with non-zero status" lines: skip them).
	local stats
	stats=$(grep -E '^[0-9.]+ [0-9]+ ' "$rl" | sort -k2,2n | awk '
		{ n++; rss[n]=$2; pkg[n]=$6; cpu+=$3+$4; if ($7=="true") vx++ }
		END {
			if (n == 0) { print "0\t0\t0\t-\t0\t0"; exit }
			printf "%d\t%d\t%d\t%s\t%d\t%.2f\n", n, vx, rss[n], pkg[n], rss[int((n+1)/2)], cpu
		}')
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$TAG" "$SRC" "$corpus" "$tool" "$wall" "$gorss" "$stats" >>"$VETRSS"
	log "$corpus vet-rss $tool: go vet ${wall}s ${gorss}KB; tool: $(echo "$stats" | cut -f1,3,4 | tr '\t' ' ')"
}

# cachecheck: verify on gen10 that the throwaway flag defeats go vet's
# cache: the same nonce twice (second run must run no tool), then a new one
# (must run the tool on every package again). Counts the tool invocations
# in go vet -x output.
cachecheck() {
	corpus gen10
	local cc=$RES/cachecheck.tsv
	[ -s "$cc" ] || printf 'tag\ttool\trun\tnonce\twall_s\ttool_invocations\n' >"$cc"
	local tool n1 run n pat
	for tool in elicitlint noop noopssa govet; do
		n1=$(nonce)
		for run in first same-nonce new-nonce; do
			n=$n1
			[ $run = new-nonce ] && n=$(nonce)
			cmdline vet "$tool" "$n"
			local t0 t1 cnt
			t0=$(date +%s%N)
			(cd "$DIR" && "${CMD[0]}" "${CMD[1]}" -x "${CMD[@]:2}" >/dev/null 2>"$OUT/cachecheck.err") || true
			t1=$(date +%s%N)
			pat=$BIN/$tool
			[ "$tool" = govet ] && pat=$GOVET
			cnt=$(grep -F "$pat" "$OUT/cachecheck.err" | grep -c 'vet\.cfg' || true)
			printf '%s\t%s\t%s\t%s\t%.2f\t%s\n' "$TAG" "$tool" "$run" "$n" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print (b-a)/1e9}')" "$cnt" >>"$cc"
			log "cachecheck $tool $run: $cnt tool invocations"
		done
	done
}

# --- main loop ---------------------------------------------------------------
if [ "${BENCH_CACHECHECK:-1}" = 1 ]; then cachecheck; fi

for c in "${CORPORA[@]}"; do
	corpus "$c"
	log "corpus $c: $NPKG packages in $DIR (${PATS[*]})"
	printf '%s\t%s\t%s\n' "$TAG" "$c" "$NPKG" >>"$RES/packages.tsv"
	# Warm up: compiled export data, test variants included (standalone
	# mode runs go list -export -test for the dependencies: the checkers'
	# -test flag is on by default, as go vet vets test files too) and the
	# vet build actions, so that no timed run pays for compiling.
	log "warm-up"
	(cd "$DIR" && go list -export -deps -test "${PATS[@]}" >/dev/null && go vet "-vettool=$BIN/noop" "-nonce=$(nonce)" "${PATS[@]}" >/dev/null 2>&1) || true
	for mode in $MODES; do
		tools=$T_STANDALONE
		[ "$mode" = vet ] && tools=$T_VET
		read -r -a ta <<<"$tools"
		for ((r = 1; r <= K; r++)); do
			for ((i = 0; i < ${#ta[@]}; i++)); do
				measure "$c" "$mode" "${ta[$(((i + r - 1) % ${#ta[@]}))]}" "$r"
			done
		done
		if [ "$mode" = vet ] && [ "$DO_RSS" = 1 ]; then
			for t in $RSS_TOOLS; do vetrss "$c" "$t"; done
		fi
	done
done

(cd "$BENCH" && go run ./summarize -results "$RES" >"$RES/summary.md") && log "wrote $RES/summary.md"
