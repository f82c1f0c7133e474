#!/bin/sh
# capture-fio-spectrum.sh [TOP] - re-make the ten-run fio json+ capture of
# issue 36 (examples/latency/, tests/data/fio/spectrum/) with Debian's fio
# 3.33 (apt-get install -y fio). Not run by the tests: they read the
# committed files.
#
# Two configurations, ten runs each, in turn (fsync run 1, none run 1,
# fsync run 2, ...) so that a drift of the machine hits both alike:
#	fsync/R.json  4 KiB random writes, psync, 8 MiB file, 5 s, --fsync=1
#	none/R.json   the same without --fsync
# on $SCRATCH (default /tmp/fsreport-scratch/fio-spectrum, a real file
# system: fsync must reach a disk), --output-format=json+ (fio's own
# percentiles beside its "bins"). Nothing is trimmed from fio's output.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-spectrum}
OUTDIR="$TOP/examples/latency"
mkdir -p "$SCRATCH" "$OUTDIR/fsync" "$OUTDIR/none"
for r in 1 2 3 4 5 6 7 8 9 10; do
	for cfg in fsync none; do
		extra=
		[ $cfg = fsync ] && extra=--fsync=1
		rm -f "$SCRATCH/file"
		# shellcheck disable=SC2086
		fio --name=w --filename="$SCRATCH/file" --rw=randwrite \
			--bs=4k --size=8M --ioengine=psync --time_based \
			--runtime=5 $extra --output-format=json+ \
			--output="$OUTDIR/$cfg/$r.json"
	done
done
rm -f "$SCRATCH/file"
fio --version >"$OUTDIR/fio-version.txt"
