# bench/binary.sh, sourced by the run.sh scripts of bench/: the elicitlint
# binary a measurement runs, and the record of it.
#
#   measured_binary ELICITLINT_BINARY|ELICITLINT_CHECKOUT OUTDIR
#
# Given a checkout (a directory), it builds OUTDIR/elicitlint from it and
# records the checkout's commit; given a binary, it records only the
# binary's version line. It sets $bin to the binary and writes
# OUTDIR/meta.txt (date, binary, version, commit, Go version). OUTDIR must
# exist and be absolute.
measured_binary() {
	local commit="" src
	if [ -d "$1" ]; then
		src=$(cd "$1" && pwd)
		commit=$(git -C "$src" rev-parse HEAD)$(git -C "$src" diff --quiet HEAD -- . || echo '+dirty')
		(cd "$src" && go build -o "$2/elicitlint" ./cmd/elicitlint)
		bin=$2/elicitlint
	else
		bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
		if [ ! -x "$bin" ]; then
			echo "$0: $1 is neither an elicitlint checkout nor an executable" >&2
			exit 2
		fi
	fi
	{
		echo "date	$(date -u +%Y-%m-%dT%H:%M:%SZ)"
		echo "binary	$bin"
		echo "version	$("$bin" -V=full 2>&1 | head -1)"
		[ -n "$commit" ] && echo "commit	$commit"
		echo "go	$(go version)"
	} >"$2/meta.txt"
}
