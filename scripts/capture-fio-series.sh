#!/bin/sh
# capture-fio-series.sh [TOP] - re-make the fio bandwidth and IOPS logs of
# issue 37 (a run's time series, importers/fio-logs.c) with Debian's fio
# 3.33 (apt-get install -y fio). Not run by the tests: they read the
# committed files in tests/data/fio/series/.
#
# Three runs of 4 KiB random direct writes for 6 s into a new 256 MiB file
# on $SCRATCH (default /tmp/fsreport-scratch/fio-series; a real file
# system, fallocate=none: the first writes allocate the file's blocks, a
# warm-up of about a second at half the rate), each with
#	--write_bw_log --write_iops_log --log_avg_msec=250
# -> randwrite-R_bw.1.log, randwrite-R_iops.1.log (R = 1, 2, 3).
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-series}
DATA="$TOP/tests/data/fio/series"
mkdir -p "$SCRATCH" "$DATA"
for r in 1 2 3; do
	rm -f "$SCRATCH"/*
	fio --name=w --filename="$SCRATCH/data" --rw=randwrite --bs=4k \
		--size=256M --runtime=6 --time_based --ioengine=psync \
		--direct=1 --fallocate=none --log_avg_msec=250 \
		--write_bw_log="$SCRATCH/randwrite-$r" \
		--write_iops_log="$SCRATCH/randwrite-$r" \
		--output-format=json --output="$SCRATCH/out.json" >/dev/null
	cp "$SCRATCH/randwrite-${r}_bw.1.log" "$SCRATCH/randwrite-${r}_iops.1.log" "$DATA/"
done
rm -f "$SCRATCH"/*
fio --version >"$DATA/fio-version.txt"
