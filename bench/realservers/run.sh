#!/usr/bin/env bash
# bench/realservers/run.sh: run an elicitlint binary on the real-server corpus.
#
#   bash bench/realservers/run.sh ELICITLINT_BINARY|ELICITLINT_CHECKOUT [OUTDIR]
#
# Given a checkout (a directory), it first builds OUTDIR/elicitlint from it
# and records the checkout's commit; given a binary, it records only the
# binary's version line (build the binary yourself and note the commit).
#
# For every row of modules.tsv it
#   1. downloads module@version through the Go module proxy (go mod download),
#   2. copies it into a writable scratch tree ($SCRATCH/src/<module>@<version>),
#   3. downloads its dependencies (go list -deps),
#   4. runs ELICITLINT_BINARY -json -test=false [flags] on the row's packages,
# and writes OUTDIR/<n>.json (the findings), OUTDIR/<n>.err (stderr) and one
# line per module to OUTDIR/status.tsv. Third-party code stays in $SCRATCH,
# never in this repository.
#
# Environment:
#   SCRATCH       scratch directory (default: ${TMPDIR:-/tmp}/elicitlint-realservers)
#   MODULES       module list (default: modules.tsv beside this script)
# Then score the run:  (cd bench && go run ./realservers/score -findings OUTDIR)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ]; then
	echo "usage: $0 ELICITLINT_BINARY|ELICITLINT_CHECKOUT [OUTDIR]" >&2
	exit 2
fi
out=${2:-$here/out}
scratch=${SCRATCH:-${TMPDIR:-/tmp}/elicitlint-realservers}
modules=${MODULES:-$here/modules.tsv}
mkdir -p "$out" "$scratch/src"
out=$(cd "$out" && pwd)

# shellcheck source=../binary.sh
. "$here/../binary.sh"
measured_binary "$1" "$out"

printf 'n\tmodule\tversion\tkind\tstatus\tdir\tdetail\n' >"$out/status.tsv"
n=0
while IFS=$'\t' read -r mod ver kind pkgs flags note; do
	case "$mod" in '' | '#'*) continue ;; esac
	n=$((n + 1))
	dir=$scratch/src/$mod@$ver
	echo "== $n $mod@$ver ($kind)" >&2

	if [ ! -d "$dir" ]; then
		src=$(go mod download -json "$mod@$ver" 2>/dev/null | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p') || true
		if [ -z "$src" ]; then
			detail=$(go mod download -json "$mod@$ver" 2>&1 | sed -n 's/^[[:space:]]*"Error": "\(.*\)",*$/\1/p' | head -1)
			printf '%s\t%s\t%s\t%s\tnot-served\t\t%s\n' "$n" "$mod" "$ver" "$kind" "$detail" >>"$out/status.tsv"
			continue
		fi
		mkdir -p "$(dirname "$dir")"
		cp -r "$src" "$dir.tmp"
		chmod -R u+w "$dir.tmp"
		mv "$dir.tmp" "$dir"
	fi

	# shellcheck disable=SC2086 # pkgs and flags are word lists
	if ! (cd "$dir" && GOFLAGS=-mod=mod go list -deps -test=false $pkgs >/dev/null 2>"$out/$n.deps.err"); then
		detail=$(grep -m1 -E '403|not available|cannot find|error' "$out/$n.deps.err" || head -1 "$out/$n.deps.err")
		printf '%s\t%s\t%s\t%s\tdeps-fail\t%s\t%s\n' "$n" "$mod" "$ver" "$kind" "$dir" "$detail" >>"$out/status.tsv"
		continue
	fi

	[ "$flags" = "-" ] && flags=""
	rc=0
	# shellcheck disable=SC2086
	(cd "$dir" && "$bin" -json -test=false $flags $pkgs) >"$out/$n.json" 2>"$out/$n.err" || rc=$?
	status=ok
	if [ "$rc" -ne 0 ] || grep -q '"error"' "$out/$n.json"; then
		status=analysis-error
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$mod" "$ver" "$kind" "$status" "$dir" "exit $rc" >>"$out/status.tsv"
done <"$modules"

echo "wrote $out (status.tsv, <n>.json)" >&2
