#!/usr/bin/env bash
# bench/migration/run.sh: measure what elicitlint -fix migrates in the SDKs'
# own servers (issue 20, "Done when"), and in other local modules.
#
#   bash bench/migration/run.sh ELICITLINT_BINARY|ELICITLINT_CHECKOUT [OUTDIR [MODULE_DIR...]]
#
# Given a checkout (a directory), it first builds OUTDIR/elicitlint from it
# and records the checkout's commit; given a binary, it records only the
# binary's version line.
#
# For each SDK it makes a scratch module that requires the SDK at the
# version the conformance proof pins (the go.mod and go.sum of
# testdata/conformance/<sdk>, so every checksum is the one checked in),
# downloads what the packages below need through the Go module proxy, and
# runs ELICITLINT_BINARY -json on them. Each MODULE_DIR (a module's root,
# e.g. an upgraded copy of a real server) is measured as ./... in that
# directory, named by its base name. For each it writes OUTDIR/<name>.json
# (the findings) and OUTDIR/<name>.pkgs (per package: import path,
# directory, module directory and Go files, tests included), and it writes
# OUTDIR/meta.txt. Nothing is changed: the fixes are counted, not applied,
# and GOFLAGS is unset (no -mod=mod) and GOWORK=off, so that go.mod and
# go.sum stay as they are.
#
# Then print the tables:  (cd bench && go run ./migration -dir OUTDIR)
#
# Environment:
#   SCRATCH   scratch directory (default: ${TMPDIR:-/tmp}/elicitlint-migration)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ]; then
	echo "usage: $0 ELICITLINT_BINARY|ELICITLINT_CHECKOUT [OUTDIR [MODULE_DIR...]]" >&2
	exit 2
fi
out=${2:-$here/out}
scratch=${SCRATCH:-${TMPDIR:-/tmp}/elicitlint-migration}
mkdir -p "$out" "$scratch"
out=$(cd "$out" && pwd)

# The module directories, checked before anything runs; their names must
# differ from each other and from the SDKs'.
modules=()
names=" gosdk mcpgo "
for m in "${@:3}"; do
	m=$(cd "$m" && pwd)
	name=$(basename "$m")
	if [ ! -f "$m/go.mod" ] || [[ $names == *" $name "* ]]; then
		echo "$0: $m: not a module's root, or a second module named $name" >&2
		exit 2
	fi
	modules+=("$m")
	names+="$name "
done

# shellcheck source=../binary.sh
. "$here/../binary.sh"
measured_binary "$1" "$out"

# What an earlier run wrote here would be measured again.
for f in "$out"/*.pkgs; do
	if [ -e "$f" ]; then rm -f "$f" "${f%.pkgs}.json" "${f%.pkgs}.err"; fi
done

# lint NAME DIR PATTERN...: list the packages and run elicitlint in DIR.
lint() {
	local name=$1 dir=$2 rc=0
	shift 2
	echo "== $name: $*" >&2
	(cd "$dir" && env -u GOFLAGS GOWORK=off go list -deps -test "$@" >/dev/null)
	(cd "$dir" && env -u GOFLAGS GOWORK=off go list -f '{{.ImportPath}} {{.Dir}} {{.Module.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .TestGoFiles}} {{.}}{{end}}{{range .XTestGoFiles}} {{.}}{{end}}' "$@") >"$out/$name.pkgs"
	(cd "$dir" && env -u GOFLAGS GOWORK=off "$bin" -json "$@") >"$out/$name.json" 2>"$out/$name.err" || rc=$?
	if [ "$rc" -ne 0 ] || grep -q '"error"' "$out/$name.json"; then
		echo "run.sh: elicitlint failed on $name (exit $rc); see $out/$name.json and $out/$name.err" >&2
		exit 1
	fi
}

# sdk NAME PACKAGE...: the SDK's packages, in a scratch module.
sdk() {
	local name=$1 mod=$scratch/$1
	shift
	mkdir -p "$mod"
	sed "s|^module .*|module migration/$name|" "$repo/testdata/conformance/$name/go.mod" >"$mod/go.mod"
	cp "$repo/testdata/conformance/$name/go.sum" "$mod/go.sum"
	lint "$name" "$mod" "$@"
}

sdk gosdk github.com/modelcontextprotocol/go-sdk/conformance/everything-server github.com/modelcontextprotocol/go-sdk/examples/server/everything
sdk mcpgo github.com/mark3labs/mcp-go/examples/conformance github.com/mark3labs/mcp-go/examples/elicitation
for m in "${modules[@]}"; do
	lint "$(basename "$m")" "$m" ./...
done

echo "wrote $out (meta.txt, <name>.json, <name>.pkgs); now: (cd $repo/bench && go run ./migration -dir $out)" >&2
