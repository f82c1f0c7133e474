#!/bin/sh
# capture-fsmark.sh [TOP] - re-make the fs_mark captures that the tests and
# examples read, with Debian's fsmark package (3.3, "Version 3.3") on a
# tmpfs. Not run by the tests: they read the committed files.
#	apt-get install -y fsmark
#	sh scripts/capture-fsmark.sh            # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in):
#	examples/fs_mark/{sync1,sync0}/run-01..03.txt
#	    fs_mark -d $SCRATCH/work -s 10240 -n 1000 -L 3 -S 1|0
#	    (stdout; fs_mark also writes fs_log.txt into the cwd: kept out)
#	tests/data/fs_mark/verbose-sync1.txt     the same with -v (18 more
#	                                         columns of min/avg/max)
#	tests/data/fs_mark/fs_log-appended.txt   the log of -l FILE after
#	                                         three runs appended to it
#	tests/data/fs_mark/fs_log-sync-mixed.txt the log of -l FILE after
#	                                         runs of -S 0, 1, 0
#	tests/data/fs_mark/log-verbose.txt       the log of a -v run
#	tests/data/fs_mark/two-threads.txt       -t 2 -D 4 -S 0, two -d dirs
#	                                         (under /dev/shm/fm: see below)
#	tests/data/fs_mark/failed-missing-dir.txt  a -d that does not exist
#	tests/data/fs_mark/interrupted.txt       SIGINT during the run
#
# $SCRATCH (default /dev/shm/fsreport-scratch/fsmark, a tmpfs) is created
# and emptied before every run.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/fsmark}
EX="$TOP/examples/fs_mark"
DATA="$TOP/tests/data/fs_mark"

fresh() {
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH/work" "$SCRATCH/work2" "$SCRATCH/log"
}

mkdir -p "$EX/sync1" "$EX/sync0" "$DATA"
for i in 01 02 03; do
	for s in 1 0; do
		fresh
		(cd "$SCRATCH/log" && fs_mark -d "$SCRATCH/work" -s 10240 \
			-n 1000 -L 3 -S $s) >"$EX/sync$s/run-$i.txt"
	done
done
fresh
(cd "$SCRATCH/log" && fs_mark -v -d "$SCRATCH/work" -s 10240 -n 1000 \
	-L 3 -S 1) >"$DATA/verbose-sync1.txt"
cp "$SCRATCH/log/fs_log.txt" "$DATA/log-verbose.txt"
fresh
for i in 1 2 3; do
	rm -rf "$SCRATCH/work"
	mkdir -p "$SCRATCH/work"
	fs_mark -d "$SCRATCH/work" -s 4096 -n 500 -L 2 -S 0 \
		-l "$SCRATCH/log/appended.txt" >/dev/null
done
cp "$SCRATCH/log/appended.txt" "$DATA/fs_log-appended.txt"
fresh
# issue 33: runs of -S 0, -S 1 and -S 0 again appended to one log (each
# run's echoed command line and "Version 3.3" are its note)
for s in 0 1 0; do
	rm -rf "$SCRATCH/work"
	mkdir -p "$SCRATCH/work"
	fs_mark -d "$SCRATCH/work" -s 4096 -n 500 -L 2 -S $s \
		-l "$SCRATCH/log/mixed.txt" >/dev/null
done
cp "$SCRATCH/log/mixed.txt" "$DATA/fs_log-sync-mixed.txt"
# fs_mark 3.3 overflows a name buffer (glibc: "buffer overflow detected")
# with -D and a -d path as long as $SCRATCH/work: a short one here.
SHORT=/dev/shm/fm
rm -rf "$SHORT"
mkdir -p "$SHORT/a" "$SHORT/b"
(cd "$SHORT" && fs_mark -d "$SHORT/a" -d "$SHORT/b" -t 2 -D 4 -s 10240 \
	-n 500 -L 3 -S 0) >"$DATA/two-threads.txt"
rm -rf "$SCRATCH" "$SHORT"
# A run that reports errors (exit 1: its -d is missing) and one
# interrupted by SIGINT in its second iteration.
# (a -d of 40 bytes or more is refused with a usage text: a short one)
mkdir -p "$SCRATCH/log"
rm -rf /dev/shm/fm-missing
(cd "$SCRATCH/log" && fs_mark -d /dev/shm/fm-missing/x -s 10240 -n 100 \
	-L 1) >"$DATA/failed-missing-dir.txt" 2>&1 || :
mkdir -p "$SCRATCH/work"
(cd "$SCRATCH/log" && timeout -s INT 2 fs_mark -d "$SCRATCH/work" \
	-s 10240 -n 20000 -L 50 -S 1) >"$DATA/interrupted.txt" 2>&1 || :
rm -rf "$SCRATCH"
