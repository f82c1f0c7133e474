#!/bin/sh
# capture-fio-jobs-rates.sh [TOP] - re-make the fio --numjobs=2 bandwidth
# and IOPS logs of issue 37 (the jobs of one run are one run, their rates
# summed; importers/fio-logs.c) with Debian's fio 3.33 (apt-get install
# -y fio). Not run by the tests: they read the committed files in
# tests/data/fio/logs-jobs/rates/ and rates-json/ (README there).
#
# Two runs of 4 KiB sequential writes, two jobs each held to 500 IOPS
# (--rate_iops, so that the two shared CPUs keep up), for 4 s on $SCRATCH
# (default /tmp/fsreport-scratch/fio-jobs-rates), each with
#	--write_bw_log --write_iops_log --log_avg_msec=200
#	--output-format=json (each job's write.bw and write.iops)
# -> rR_bw.J.log, rR_iops.J.log (R = 1, 2; J = 1, 2), rR.json.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-jobs-rates}
DATA="$TOP/tests/data/fio/logs-jobs"
mkdir -p "$SCRATCH" "$DATA/rates" "$DATA/rates-json"
for r in 1 2; do
	rm -f "$SCRATCH"/*
	fio --name=w --filename="$SCRATCH/file" --rw=write --bs=4k \
		--size=16M --ioengine=psync --numjobs=2 --time_based \
		--runtime=4 --rate_iops=500 --log_avg_msec=200 \
		--write_bw_log="$SCRATCH/r$r" --write_iops_log="$SCRATCH/r$r" \
		--output-format=json --output="$SCRATCH/r$r.json" >/dev/null
	cp "$SCRATCH/r${r}_bw.1.log" "$SCRATCH/r${r}_bw.2.log" \
		"$SCRATCH/r${r}_iops.1.log" "$SCRATCH/r${r}_iops.2.log" \
		"$DATA/rates/"
	cp "$SCRATCH/r$r.json" "$DATA/rates-json/"
done
rm -f "$SCRATCH"/*
