#!/usr/bin/env bash
# bench/migration/run.sh: measure what elicitlint -fix migrates in the SDKs'
# own servers (issue 20, "Done when").
#
#   bash bench/migration/run.sh ELICITLINT_BINARY|ELICITLINT_CHECKOUT [OUTDIR]
#
# Given a checkout (a directory), it first builds OUTDIR/elicitlint from it
# and records the checkout's commit; given a binary, it records only the
# binary's version line.
#
# For each SDK it makes a scratch module that requires the SDK at the
# version the conformance proof pins (the go.mod and go.sum of
# testdata/conformance/<sdk>, so every checksum is the one checked in),
# downloads what the packages below need through the Go module proxy, and
# runs ELICITLINT_BINARY -json on them. It writes OUTDIR/<sdk>.json (the
# findings), OUTDIR/<sdk>.pkgs (each package's import path, directory and
# Go files, for the count of calls in the source) and OUTDIR/meta.txt.
# Nothing is changed: the fixes are counted, not applied.
#
# Then print the table:  (cd bench && go run ./migration -dir OUTDIR)
#
# Environment:
#   SCRATCH   scratch directory (default: ${TMPDIR:-/tmp}/elicitlint-migration)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ]; then
	echo "usage: $0 ELICITLINT_BINARY|ELICITLINT_CHECKOUT [OUTDIR]" >&2
	exit 2
fi
out=${2:-$here/out}
scratch=${SCRATCH:-${TMPDIR:-/tmp}/elicitlint-migration}
mkdir -p "$out" "$scratch"
out=$(cd "$out" && pwd)

# shellcheck source=../binary.sh
. "$here/../binary.sh"
measured_binary "$1" "$out"

measure() {
	local sdk=$1
	shift
	local mod=$scratch/$sdk
	echo "== $sdk: $*" >&2
	mkdir -p "$mod"
	sed "s|^module .*|module migration/$sdk|" "$repo/testdata/conformance/$sdk/go.mod" >"$mod/go.mod"
	cp "$repo/testdata/conformance/$sdk/go.sum" "$mod/go.sum"
	(cd "$mod" && GOWORK=off go list -deps "$@" >/dev/null)
	(cd "$mod" && GOWORK=off go list -f '{{.ImportPath}} {{.Dir}}{{range .GoFiles}} {{.}}{{end}}' "$@") >"$out/$sdk.pkgs"
	local rc=0
	(cd "$mod" && GOWORK=off "$bin" -json "$@") >"$out/$sdk.json" 2>"$out/$sdk.err" || rc=$?
	if [ "$rc" -ne 0 ] || grep -q '"error"' "$out/$sdk.json"; then
		echo "run.sh: elicitlint failed on $sdk (exit $rc); see $out/$sdk.json and $out/$sdk.err" >&2
		exit 1
	fi
}

measure gosdk github.com/modelcontextprotocol/go-sdk/conformance/everything-server github.com/modelcontextprotocol/go-sdk/examples/server/everything
measure mcpgo github.com/mark3labs/mcp-go/examples/conformance github.com/mark3labs/mcp-go/examples/elicitation

echo "wrote $out (meta.txt, <sdk>.json, <sdk>.pkgs); now: (cd $repo/bench && go run ./migration -dir $out)" >&2
