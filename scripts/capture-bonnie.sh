#!/bin/sh
# capture-bonnie.sh [TOP] - re-make the bonnie++ captures that the tests
# read, with Debian's bonnie++ package (2.00a, CSV format 1.98) on a tmpfs.
# Not run by the tests: they read the committed files.
#	apt-get install -y bonnie++
#	sh scripts/capture-bonnie.sh            # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in), each the stdout
# of one run (the progress lines go to stderr, kept out):
#	tests/data/bonnie/run-01.txt, run-02.txt
#	    bonnie++ -d $SCRATCH -s 32 -r 16 -n 1 -u root -m fsreport-test
#	    (the human table and the CSV line; -s 32 MiB so that the per-char
#	    tests take seconds, not minutes)
#	tests/data/bonnie/fast-n4.txt   -f (no per-char tests) -n 4
#	tests/data/bonnie/quiet.csv     -q: the CSV line alone on stdout
#	tests/data/bonnie/block-2g.txt  -f -s 2048 -r 1024 -n 16: big enough
#	                                for the block tests and file creation
#	                                to be measured on a tmpfs (at 32 MiB
#	                                they are all "+++++", too fast)
#
# bonnie++ writes its progress and its errors on stderr and, when a run
# fails, nothing on stdout. These are stdout and stderr together (2>&1):
#	tests/data/bonnie/with-stderr.txt       -s 32 -r 16 -n 1: a good run
#	tests/data/bonnie/failed-missing-dir.txt  -d of a missing folder:
#	                                        "Can't change to directory",
#	                                        its usage, exit 1
#	tests/data/bonnie/disk-full.txt         -s 32 on a 4 MiB tmpfs (needs
#	                                        root, for mount): "Can't write
#	                                        block.: No space left on device"
#	tests/data/bonnie/interrupted.txt       -s 512 -r 256, SIGINT after 3 s
#
# $SCRATCH (default /dev/shm/fsreport-scratch/bonnie, a tmpfs) is created
# and emptied before every run.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/bonnie}
DATA="$TOP/tests/data/bonnie"

run() { # OUT ARGS...
	out=$1
	shift
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	bonnie++ -d "$SCRATCH" -u root -m fsreport-test "$@" >"$out"
}

# noted OUT ARGS...: a run's stdout after a "# bonnie++ VERSION: ARGS"
# note (bonnie++ has no --version: the version its CSV line names)
noted() {
	out=$1
	shift
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	bonnie++ -d "$SCRATCH" -u root -m fsreport-test "$@" >"$out.tmp"
	{
		echo "# bonnie++ $(tail -n 1 "$out.tmp" | cut -d, -f2):" \
			"bonnie++ -d DIR -u root -m fsreport-test $*"
		cat "$out.tmp"
	} >"$out"
	rm -f "$out.tmp"
}

mkdir -p "$DATA"
# issue 33: -c 2 with 4 directories; bon_csv2txt of a -c 1 and a -c 2 run
noted "$DATA/c2-dirs.txt" -s 32 -r 16 -n 1:0:0:4 -c 2
noted "$DATA/c1.csv" -q -s 32 -r 16 -n 1
noted "$DATA/c2-dirs.csv" -q -s 32 -r 16 -n 1:0:0:4 -c 2
{
	echo "# bon_csv2txt of c1.csv and c2-dirs.csv (bonnie++" \
		"$(tail -n 1 "$DATA/c1.csv" | cut -d, -f2))"
	grep -hv '^#' "$DATA/c1.csv" "$DATA/c2-dirs.csv" | bon_csv2txt
} >"$DATA/csv2txt.txt"
if [ "${ONLY:-all}" = variants ]; then
	rm -rf "$SCRATCH"
	exit 0
fi
run "$DATA/run-01.txt" -s 32 -r 16 -n 1
run "$DATA/run-02.txt" -s 32 -r 16 -n 1
run "$DATA/fast-n4.txt" -f -s 32 -r 16 -n 4
run "$DATA/quiet.csv" -q -f -s 32 -r 16 -n 1
run "$DATA/block-2g.txt" -f -s 2048 -r 1024 -n 16
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
bonnie++ -d "$SCRATCH" -u root -m fsreport-test -s 32 -r 16 -n 1 \
	>"$DATA/with-stderr.txt" 2>&1
bonnie++ -d "$SCRATCH/missing" -u root -m fsreport-test -s 32 -r 16 -n 1 \
	>"$DATA/failed-missing-dir.txt" 2>&1 || :
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
timeout -s INT 3 bonnie++ -d "$SCRATCH" -u root -m fsreport-test -s 512 \
	-r 256 -n 1 >"$DATA/interrupted.txt" 2>&1 || :
if [ "$(id -u)" = 0 ]; then
	small=$(mktemp -d)
	mount -t tmpfs -o size=4m tmpfs "$small"
	bonnie++ -d "$small" -u root -m fsreport-test -s 32 -r 16 -n 1 \
		>"$DATA/disk-full.txt" 2>&1 || :
	umount "$small"
	rmdir "$small"
else
	echo "not root: disk-full.txt left as it is" >&2
fi
rm -rf "$SCRATCH"
