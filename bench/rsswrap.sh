#!/bin/sh
# rsswrap.sh: a go vet -vettool wrapper that records the peak RSS of every
# tool process. /usr/bin/time around `go vet` reports only the largest single
# process of the tree; this records each vet tool invocation on its own.
#
#   BENCH_REAL_TOOL=/path/to/tool BENCH_RSS_LOG=/path/log go vet -vettool=bench/rsswrap.sh ...
#
# Each line of the log: elapsed_s maxrss_kb user_s sys_s exit import_path vetx_only.
# The -V=full and -flags queries pass straight through (go vet's tool ID
# and flag list are those of the real tool).
pkg=- vetxonly=-
for last; do :; done
case "$last" in
*.cfg)
	pkg=$(sed -n 's/^[[:space:]]*"ImportPath": "\(.*\)",$/\1/p' "$last" | head -n 1)
	if grep -q '"VetxOnly": true' "$last"; then vetxonly=true; else vetxonly=false; fi
	;;
*) exec "$BENCH_REAL_TOOL" "$@" ;;
esac
exec /usr/bin/time -a -o "$BENCH_RSS_LOG" -f "%e %M %U %S %x $pkg $vetxonly" "$BENCH_REAL_TOOL" "$@"
