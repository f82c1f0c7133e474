#!/bin/sh
# capture-fio-latency.sh [TOP] - re-make the fio latency captures of
# issue 36 with Debian's fio 3.33 (apt-get install -y fio). Not run by the
# tests: they read the committed files in tests/data/fio/latency/.
#
# Three runs of each of two configurations, sequential 4 KiB writes of
# 4 MiB through psync on $SCRATCH (default /tmp/fsreport-scratch/fio-lat,
# a real file system: fsync must reach a disk):
#	sync.R.json    --rw=write --bs=4k --size=4M --ioengine=psync
#	fsync.R.json   the same with --fsync=1
# each with --output-format=json+ (fio's percentiles and its "bins"),
# and for run 1 of each also
#	--write_hist_log=... --log_hist_msec=100   -> *.hist.log
#	--write_lat_log=...                        -> *.clat.log
# (the write direction's clat log; a 100 ms hist log of a run shorter
# than 100 ms is empty and kept as such).
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-lat}
DATA="$TOP/tests/data/fio/latency"
mkdir -p "$SCRATCH" "$DATA"
rm -f "$SCRATCH"/*
for cfg in sync fsync; do
	extra=
	[ $cfg = fsync ] && extra=--fsync=1
	for r in 1 2 3; do
		logs=
		[ $r = 1 ] && logs="--write_hist_log=$SCRATCH/h --log_hist_msec=100 --write_lat_log=$SCRATCH/l"
		rm -f "$SCRATCH"/h_* "$SCRATCH"/l_*
		# shellcheck disable=SC2086
		fio --name=w --filename="$SCRATCH/file" --rw=write --bs=4k \
			--size=4M --ioengine=psync $extra $logs \
			--output-format=json+ --output="$DATA/$cfg.$r.json"
		if [ $r = 1 ]; then
			cp "$SCRATCH"/h_clat_hist.1.log "$DATA/$cfg.hist.log"
			cp "$SCRATCH"/l_clat.1.log "$DATA/$cfg.clat.log"
		fi
		rm -f "$SCRATCH/file"
	done
done
fio --version >"$DATA/fio-version.txt"
