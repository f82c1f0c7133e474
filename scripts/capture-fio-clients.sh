#!/bin/sh
# capture-fio-clients.sh [TOP] - re-make the fio client/server captures
# of issue 36 ("several hosts of one run are merged as histograms") with
# Debian's fio 3.33 (apt-get install -y fio). Not run by the tests: they
# read the committed files in tests/data/fio/clients/.
#
# Two fio servers on this machine stand for two hosts (127.0.0.1 ports
# 8765 and 8766), each started in its own folder under $SCRATCH (default
# /tmp/fsreport-scratch/fio-clients, a real file system: fsync must
# reach a disk), so that the one job file, which names no directory,
# writes a file of its own on each. One client drives both:
#	fio --client=ip:127.0.0.1,8765 --client=ip:127.0.0.1,8766 \
#	    --output-format=json+ --output=CFG.R.json CFG.fio
# three runs of each of two configurations (the job files are written
# here and kept beside the captures):
#	none.fio   4 KiB random writes through psync, 16 MiB file, 3 s
#	fsync.fio  the same with fsync=1
# fio then writes "client_stats" (one entry per host and job, with its
# "hostname" and "port", and an "All clients" entry of the two summed)
# instead of "jobs".
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-clients}
DATA="$TOP/tests/data/fio/clients"
mkdir -p "$SCRATCH/h1" "$SCRATCH/h2" "$DATA"
rm -f "$SCRATCH"/h1/* "$SCRATCH"/h2/*
for cfg in none fsync; do
	{
		echo "[w]"
		echo "rw=randwrite"
		echo "bs=4k"
		echo "ioengine=psync"
		echo "size=16m"
		echo "runtime=3s"
		echo "time_based"
		[ $cfg = fsync ] && echo "fsync=1"
	} >"$DATA/$cfg.fio"
done
(cd "$SCRATCH/h1" && exec fio --server=ip:127.0.0.1,8765) \
	>"$SCRATCH/server1.log" 2>&1 &
s1=$!
(cd "$SCRATCH/h2" && exec fio --server=ip:127.0.0.1,8766) \
	>"$SCRATCH/server2.log" 2>&1 &
s2=$!
trap 'kill $s1 $s2 2>/dev/null || :' EXIT
sleep 1
for cfg in none fsync; do
	for r in 1 2 3; do
		fio --client=ip:127.0.0.1,8765 --client=ip:127.0.0.1,8766 \
			--output-format=json+ --output="$DATA/$cfg.$r.json" \
			"$DATA/$cfg.fio"
		rm -f "$SCRATCH"/h1/w.* "$SCRATCH"/h2/w.*
	done
done
fio --version >"$DATA/fio-version.txt"
