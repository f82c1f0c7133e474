#!/bin/sh
# capture-dbench.sh [TOP] - re-make the dbench captures that the tests and
# examples read, with Debian's dbench package (4.0-2.1, "dbench version
# 4.00") on a tmpfs. Not run by the tests: they read the committed files.
# Needs root only for nothing; the package only for capturing:
#	apt-get install -y dbench
#	sh scripts/capture-dbench.sh            # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in):
#	examples/dbench/{default,osync}/run-01..03.txt
#	    dbench -t 5 [-s] -D $SCRATCH -c /usr/share/dbench/client.txt 1
#	    (stdout and stderr together: "2>&1", as users capture it)
#	tests/data/dbench/two-clients.txt       2 clients (-t 3 ... 2)
#	tests/data/dbench/per-client.txt        --per-client-results, 2 clients
#	tests/data/dbench/sync-dirs.txt         -S ("(sync dirs)")
#	tests/data/dbench/osync-sync-dirs.txt   -s -S (both suffixes)
#	tests/data/dbench/failed-missing-dir.txt  -D of a missing folder:
#	                                        errors, exit 1, no Throughput
#	tests/data/dbench/interrupted.txt       -t 10 stopped by SIGINT after
#	                                        3 s: no operation table
#
# $SCRATCH (default /dev/shm/fsreport-scratch/dbench, a tmpfs) is created
# and emptied before every run.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/dbench}
LOAD=/usr/share/dbench/client.txt
EX="$TOP/examples/dbench"
DATA="$TOP/tests/data/dbench"

run() { # OUT ARGS... : one dbench run into OUT
	out=$1
	shift
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	dbench "$@" -D "$SCRATCH" -c "$LOAD" >"$out" 2>&1
}

mkdir -p "$EX/default" "$EX/osync" "$DATA"
# Interleave the settings so that drift of the machine hits both alike.
for i in 01 02 03; do
	run "$EX/default/run-$i.txt" -t 5 1
	run "$EX/osync/run-$i.txt" -t 5 -s 1
done
run "$DATA/two-clients.txt" -t 3 2
run "$DATA/per-client.txt" -t 3 --per-client-results 2
run "$DATA/sync-dirs.txt" -t 3 -S 1
run "$DATA/osync-sync-dirs.txt" -t 3 -s -S 1
rm -rf "$SCRATCH"
# A run that reports errors (exit 1) and one interrupted (SIGINT).
dbench -t 2 -D "$SCRATCH/missing" -c "$LOAD" 1 \
	>"$DATA/failed-missing-dir.txt" 2>&1 || :
mkdir -p "$SCRATCH"
timeout -s INT 3 dbench -t 10 -D "$SCRATCH" -c "$LOAD" 1 \
	>"$DATA/interrupted.txt" 2>&1 || :
rm -rf "$SCRATCH"
