#!/bin/sh
# capture-iozone.sh [TOP] - re-make the iozone captures that the tests
# read. Debian has iozone3 only in non-free (not configured on the
# machine that made them), so iozone 3.508 was built from its public
# source (the iozone.org tarball iozone3_508.tar, or a copy of its src/
# such as github.com/klazarsk/iozone-rh): "cd src/current && make linux".
# Not run by the tests: they read the committed files.
#	IOZONE=/path/to/iozone sh scripts/capture-iozone.sh
#
# Writes (TOP defaults to the checkout this script is in), each the stdout
# of one run in automatic mode on a tmpfs ($SCRATCH, default
# /dev/shm/fsreport-scratch/iozone):
#	tests/data/iozone/run-01.txt, run-02.txt
#	    iozone -a -n 64k -g 256k -y 4k -q 64k -i 0 -i 1 -i 2 -f FILE -R
#	    (file sizes 64-256 kB x records 4-64 kB, write/read/random
#	    tests, and the -R report after the matrix)
#	tests/data/iozone/no-report.txt   the same without -R
#	tests/data/iozone/write-only.txt  -i 0 only (the other columns blank)
#	tests/data/iozone/ops-mode.txt    -a -O ... (operations per second)
#	tests/data/iozone/throughput-t2.txt  -t 2 (throughput mode)
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/iozone}
IOZONE=${IOZONE:-iozone}
DATA="$TOP/tests/data/iozone"
AUTO="-a -n 64k -g 256k -y 4k -q 64k"

mkdir -p "$DATA"
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
cd "$SCRATCH"
# shellcheck disable=SC2086
{
	$IOZONE $AUTO -i 0 -i 1 -i 2 -f "$SCRATCH/f" -R >"$DATA/run-01.txt"
	$IOZONE $AUTO -i 0 -i 1 -i 2 -f "$SCRATCH/f" -R >"$DATA/run-02.txt"
	$IOZONE $AUTO -i 0 -i 1 -i 2 -f "$SCRATCH/f" >"$DATA/no-report.txt"
	$IOZONE $AUTO -i 0 -f "$SCRATCH/f" >"$DATA/write-only.txt"
	# issue 33: -O (operations per second) and -t 2 (throughput mode,
	# refused by name), each after a "# " note of version and command
	echo "# iozone $($IOZONE -v | sed -n 's/.*Revision: \([0-9.]*\).*/\1/p'): iozone -a -O -n 64k -g 128k -y 4k -q 8k -i 0 -i 1 -f FILE" >"$DATA/ops-mode.txt"
	$IOZONE -a -O -n 64k -g 128k -y 4k -q 8k -i 0 -i 1 -f "$SCRATCH/f" \
		>>"$DATA/ops-mode.txt"
	echo "# iozone $($IOZONE -v | sed -n 's/.*Revision: \([0-9.]*\).*/\1/p'): iozone -t 2 -s 64k -r 4k -i 0 -i 1 -F f1 f2" >"$DATA/throughput-t2.txt"
	$IOZONE -t 2 -s 64k -r 4k -i 0 -i 1 -F "$SCRATCH/f1" "$SCRATCH/f2" \
		>>"$DATA/throughput-t2.txt"
}
# tests/data/iozone/v3414-KB-derived.txt is not made here: it is
# no-report.txt with the strings of iozone 3.414 (see its first line).
cd /
rm -rf "$SCRATCH"
