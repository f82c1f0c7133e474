#!/bin/sh
# capture-fio-jobs-idle.sh [TOP] - re-make the bandwidth and IOPS logs of
# a run whose jobs did not all log every interval (importers/fio-logs.c,
# rate_align(): fio logs nothing for an interval a job did no I/O in, so
# its rate there was 0) with Debian's fio 3.33 (apt-get install -y fio).
# Not run by the tests: they read the committed files in
# tests/data/fio/logs-jobs/idle/ and idle-json/ (README there).
#
# Two runs of one group (group_reporting) of two jobs on $SCRATCH
# (default /tmp/fsreport-scratch/fio-jobs-idle), 4 KiB sequential writes
# held to 500 IOPS a job for 4 s, logged every 200 ms: "steady" writes
# all the time, "bursty" writes 100 blocks (200 ms) then thinks 500 ms,
# so it logs 8 of the 19 intervals
# -> rR_bw.J.log, rR_iops.J.log (R = 1, 2; J = 1 steady, 2 bursty),
#    rR.json (the group's write.bw_mean and iops_mean: the jobs' summed).
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-jobs-idle}
DATA="$TOP/tests/data/fio/logs-jobs"
mkdir -p "$SCRATCH" "$DATA/idle" "$DATA/idle-json"
for r in 1 2; do
	rm -f "$SCRATCH"/*
	cat >"$SCRATCH/run.fio" <<-JOB
	[global]
	filename=$SCRATCH/file
	rw=write
	bs=4k
	size=16M
	ioengine=psync
	time_based
	runtime=4
	rate_iops=500
	log_avg_msec=200
	group_reporting
	write_bw_log=$SCRATCH/r$r
	write_iops_log=$SCRATCH/r$r

	[steady]

	[bursty]
	thinktime=500ms
	thinktime_blocks=100
	JOB
	fio --output-format=json --output="$SCRATCH/r$r.json" \
		"$SCRATCH/run.fio" >/dev/null
	cp "$SCRATCH/r${r}_bw.1.log" "$SCRATCH/r${r}_bw.2.log" \
		"$SCRATCH/r${r}_iops.1.log" "$SCRATCH/r${r}_iops.2.log" \
		"$DATA/idle/"
	cp "$SCRATCH/r$r.json" "$DATA/idle-json/"
done
rm -f "$SCRATCH"/*
