#!/bin/sh
# capture-sysbench.sh [TOP] - re-make the sysbench fileio captures that the
# tests read, with Debian's sysbench package (1.0.20) on a tmpfs. Not run
# by the tests: they read the committed files.
#	apt-get install -y sysbench
#	sh scripts/capture-sysbench.sh          # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in), each the stdout
# of one "sysbench fileio ... run" (files made by "prepare" before, in
# $SCRATCH, default /dev/shm/fsreport-scratch/sysbench, a tmpfs):
#	tests/data/sysbench/rndrw-01.txt, rndrw-02.txt
#	    --file-total-size=64M --file-num=16 --file-test-mode=rndrw
#	    --time=3 (fsync every 100 requests, the default)
#	tests/data/sysbench/rndrw-nofsync.txt   the same, --file-fsync-freq=0
#	tests/data/sysbench/intervals.txt       --report-interval=1 --time=4
#	tests/data/sysbench/seqwr.txt           --file-test-mode=seqwr
#	tests/data/sysbench/prepare.txt         the stdout of "prepare"
#	tests/data/sysbench/cpu.txt, memory.txt sysbench cpu/memory --time=1
#	    run (no storage result: refused by name)
#	tests/data/sysbench/no-prepare.txt      rndrw in an empty folder (no
#	    prepare step): "FATAL: Cannot open file", exit 1, no report
#	tests/data/sysbench/interrupted.txt     rndrw --time=10 stopped by
#	    SIGINT after 2 s: "Threads started!" and nothing after
#	tests/data/sysbench/histogram/fsync/1.txt ... 3.txt and nofsync/
#	    rndrw --time=3 --histogram=on --percentile=99, fsync every 100
#	    requests (the default) and --file-fsync-freq=0, in turn: each
#	    run's latency histogram (issue 36)
#	tests/data/sysbench/few-events/ev-100.txt, ev-999.txt, ev-1000.txt
#	    rndrw --events=N --percentile=99 on 8M of files: the printed
#	    99th percentile refused under 1000 events (issue 36)
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/sysbench}
DATA="$TOP/tests/data/sysbench"
SB="sysbench fileio --file-total-size=64M --file-num=16"

mkdir -p "$DATA"
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
cd "$SCRATCH"
$SB prepare >"$DATA/prepare.txt"
$SB --file-test-mode=rndrw --time=3 run >"$DATA/rndrw-01.txt"
$SB --file-test-mode=rndrw --time=3 run >"$DATA/rndrw-02.txt"
$SB --file-test-mode=rndrw --time=3 --file-fsync-freq=0 run \
	>"$DATA/rndrw-nofsync.txt"
$SB --file-test-mode=rndrw --time=4 --report-interval=1 run \
	>"$DATA/intervals.txt"
$SB --file-test-mode=seqwr --time=3 run >"$DATA/seqwr.txt"
# shellcheck disable=SC2086
timeout -s INT 2 $SB --file-test-mode=rndrw --time=10 run \
	>"$DATA/interrupted.txt" || :
for r in 1 2 3; do
	mkdir -p "$DATA/histogram/fsync" "$DATA/histogram/nofsync"
	$SB --file-test-mode=rndrw --time=3 --histogram=on --percentile=99 \
		run >"$DATA/histogram/fsync/$r.txt"
	$SB --file-test-mode=rndrw --time=3 --histogram=on --percentile=99 \
		--file-fsync-freq=0 run >"$DATA/histogram/nofsync/$r.txt"
done
$SB cleanup >/dev/null
SB8="sysbench fileio --file-total-size=8M --file-num=16"
mkdir -p "$DATA/few-events"
$SB8 prepare >/dev/null
for e in 100 999 1000; do
	$SB8 --file-test-mode=rndrw --time=1 --events=$e --percentile=99 \
		run >"$DATA/few-events/ev-$e.txt"
done
$SB8 cleanup >/dev/null
# issue 33: tests that are no storage result, refused by name; each after
# a "# " note of the version and command line
for t in cpu memory; do
	{
		echo "# $(sysbench --version): sysbench $t --time=1 run"
		sysbench $t --time=1 run
	} >"$DATA/$t.txt"
done
$SB --file-test-mode=rndrw --time=3 run >"$DATA/no-prepare.txt" || :
cd /
rm -rf "$SCRATCH"
