#!/usr/bin/env bash
# soak.sh: run elicitlint over large real code bases and report panics,
# errors and findings per corpus, in both driver modes:
#
#   standalone  elicitlint -test PATTERN            (go/packages, from source)
#   vettool     go vet -vettool=elicitlint PATTERN  (unitchecker, export data)
#
# Corpora:
#   std      the standard library of the go on PATH (pattern std)
#   xtools   golang.org/x/tools@v0.52.0, every package and its tests
#   gosdk    github.com/modelcontextprotocol/go-sdk@v1.8.0, incl. examples
#   mcpgo    github.com/mark3labs/mcp-go@v1.2.1, incl. examples
#
# The modules are fetched with `go mod download -json` (Go module proxy or
# module cache) and copied to a writable scratch directory, where each is
# analysed as its own main module, so that its tests and examples are part
# of ./...
#
# Usage: scripts/soak.sh [OUTDIR] (default /tmp/soak)
#   SOAK_CORPORA="gosdk mcpgo"  run only some corpora
#   SOAK_MODES="standalone"     run only some modes
#   SOAK_TIMEOUT=3600           seconds allowed for one run
#
# Output, per corpus C and mode M, in OUTDIR/C/M/:
#   stdout, stderr, rc   what the run printed and its exit status
#   panics.txt           lines mentioning "panic:" or "internal error"
#   errors.txt           other lines that are neither findings nor headers
#   findings.txt         findings, "path:line:col: message (check)", paths
#                        relative to the corpus root, sorted and deduplicated
# and OUTDIR/summary.txt with one line per corpus and mode (pkgs: packages
# the pattern matches, test variants included, per go list -test).
#
# Exit status: 1 if any run panicked (or hit an internal error), else 0.
# Errors and findings are reported, not failed on: review them.
set -u -o pipefail

OUT=${1:-/tmp/soak}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPORA=${SOAK_CORPORA:-"std xtools gosdk mcpgo"}
MODES=${SOAK_MODES:-"standalone vettool"}
TIMEOUT=${SOAK_TIMEOUT:-3600}

export GOWORK=off GOFLAGS=${GOFLAGS:-} GOTOOLCHAIN=local

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BIN="$OUT/bin/elicitlint"
SRC="$OUT/src"

log() { printf '%s\n' "$*" >&2; }

log "building elicitlint into $BIN"
mkdir -p "$OUT/bin"
(cd "$ROOT" && go build -o "$BIN" ./cmd/elicitlint) || { log "build failed"; exit 2; }

# module_copy MOD VERSION NAME: prints a writable copy of the module's tree.
module_copy() {
	local mod=$1 ver=$2 name=$3 dir
	dir=$(cd "$OUT" && go mod download -json "$mod@$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	if [ -z "$dir" ] || [ ! -d "$dir" ]; then
		log "go mod download $mod@$ver failed"
		return 1
	fi
	rm -rf "${SRC:?}/$name"
	mkdir -p "$SRC"
	cp -r "$dir" "$SRC/$name"
	chmod -R u+w "$SRC/$name"
	# Fill the module cache with the copy's dependencies (tests included).
	(cd "$SRC/$name" && go mod download) >&2 || { log "go mod download in $name failed"; return 1; }
	printf '%s\n' "$SRC/$name"
}

# corpus_setup NAME: sets DIR (where to run) and PAT (the package pattern).
corpus_setup() {
	case $1 in
	std)
		DIR="$(go env GOROOT)/src"
		PAT=std
		;;
	xtools)
		DIR=$(module_copy golang.org/x/tools v0.52.0 xtools) || return 1
		PAT=./...
		;;
	gosdk)
		DIR=$(module_copy github.com/modelcontextprotocol/go-sdk v1.8.0 gosdk) || return 1
		PAT=./...
		;;
	mcpgo)
		DIR=$(module_copy github.com/mark3labs/mcp-go v1.2.1 mcpgo) || return 1
		PAT=./...
		;;
	*)
		log "unknown corpus $1"
		return 1
		;;
	esac
}

CHECKS='message|mode|elicitation-id|actions|content|nested|schema|sensitive|content-schema|directive'
FINDING_RE="^.+\\.go:[0-9]+(:[0-9]+)?: .* \\(($CHECKS)\\)\$"

# classify RUNDIR CORPUSDIR: splits the run's output into findings, panics
# and errors.
classify() {
	local rd=$1 cdir=$2
	cat "$rd/stdout" "$rd/stderr" >"$rd/all.txt"
	grep -E 'panic:|internal error' "$rd/all.txt" >"$rd/panics.txt" || true
	grep -E "$FINDING_RE" "$rd/all.txt" |
		sed -e "s#^$cdir/##" -e 's#^\./##' |
		LC_ALL=C sort -u >"$rd/findings.txt" || true
	# Errors: what is left once findings, go vet's "# pkg" headers and
	# blank lines are taken out.
	grep -Ev "$FINDING_RE" "$rd/all.txt" | grep -Ev '^(#|$)' >"$rd/errors.txt" || true
}

PANICKED=0
: >"$OUT/summary.txt"
printf '%-8s %-11s %6s %4s %7s %7s %9s %8s\n' corpus mode pkgs rc panics errors findings seconds >>"$OUT/summary.txt"

for corpus in $CORPORA; do
	log "== $corpus: preparing"
	if ! corpus_setup "$corpus"; then
		printf '%-8s %-11s setup failed\n' "$corpus" - >>"$OUT/summary.txt"
		PANICKED=1 # a soak that did not run proves nothing
		continue
	fi
	# How many packages (test variants included) the pattern matches: a
	# run that analysed nothing would also have no findings.
	NPKGS=$(cd "$DIR" && go list -e -test "$PAT" 2>/dev/null | wc -l)
	for mode in $MODES; do
		rd="$OUT/$corpus/$mode"
		rm -rf "$rd"
		mkdir -p "$rd"
		log "== $corpus: $mode in $DIR ($PAT)"
		start=$(date +%s)
		case $mode in
		standalone)
			(cd "$DIR" && timeout "$TIMEOUT" "$BIN" -test "$PAT" >"$rd/stdout" 2>"$rd/stderr")
			;;
		vettool)
			(cd "$DIR" && timeout "$TIMEOUT" go vet -vettool="$BIN" "$PAT" >"$rd/stdout" 2>"$rd/stderr")
			;;
		*)
			log "unknown mode $mode"
			continue
			;;
		esac
		rc=$?
		end=$(date +%s)
		echo "$rc" >"$rd/rc"
		if [ "$rc" = 124 ]; then
			echo "timed out after ${TIMEOUT}s" >>"$rd/stderr"
		fi
		classify "$rd" "$DIR"
		np=$(wc -l <"$rd/panics.txt")
		ne=$(wc -l <"$rd/errors.txt")
		nf=$(wc -l <"$rd/findings.txt")
		printf '%-8s %-11s %6s %4s %7s %7s %9s %8s\n' "$corpus" "$mode" "$NPKGS" "$rc" "$np" "$ne" "$nf" "$((end - start))" >>"$OUT/summary.txt"
		if [ "$np" -gt 0 ]; then
			PANICKED=1
			log "!! $corpus/$mode: panics:"
			head -20 "$rd/panics.txt" >&2
		fi
	done
done

{
	echo
	for corpus in $CORPORA; do
		for mode in $MODES; do
			f="$OUT/$corpus/$mode/findings.txt"
			[ -s "$f" ] || continue
			echo "--- $corpus/$mode findings"
			cat "$f"
		done
	done
	for corpus in $CORPORA; do
		for mode in $MODES; do
			f="$OUT/$corpus/$mode/errors.txt"
			[ -s "$f" ] || continue
			echo "--- $corpus/$mode errors (first 20 lines; see $f)"
			head -20 "$f"
		done
	done
} >>"$OUT/summary.txt"

cat "$OUT/summary.txt"
exit "$PANICKED"
