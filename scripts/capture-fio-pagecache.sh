#!/bin/sh
# capture-fio-pagecache.sh [TOP] - re-make the fio JSON of issue 37's page
# cache rule (analyze/readrate.c: buffered reads of a file smaller than
# the memory) with Debian's fio 3.33 (apt-get install -y fio). Not run by
# the tests: they read the committed files in tests/data/fio/pagecache/.
#
# Three runs each of 1 MiB sequential reads for 3 s of one 256 MiB file
# on $SCRATCH (default /tmp/fsreport-scratch/fio-pagecache, a real file
# system), laid out once and then read
#	buffered/  --direct=0 (fio's default): the reads after the first
#	           pass come from the page cache
#	direct/    --direct=1: the device
# Each folder's system.txt gives memory_mb, the machine's MemTotal of
# /proc/meminfo in MiB, as a user's run folder would.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/fio-pagecache}
DATA="$TOP/tests/data/fio/pagecache"
mkdir -p "$SCRATCH" "$DATA/buffered" "$DATA/direct"
rm -f "$SCRATCH"/*
mem=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 }' /proc/meminfo)
for mode in buffered direct; do
	d=0
	[ "$mode" = direct ] && d=1
	for r in 1 2 3; do
		fio --name=seqread --filename="$SCRATCH/data" --rw=read \
			--bs=1M --size=256M --runtime=3 --time_based \
			--ioengine=psync --direct=$d \
			--output-format=json \
			--output="$DATA/$mode/run-$r.json" >/dev/null
	done
	printf '# the capturing machine (scripts/capture-fio-pagecache.sh)\nmemory_mb: %s\n' \
		"$mem" >"$DATA/$mode/system.txt"
done
rm -f "$SCRATCH"/*
fio --version >"$DATA/fio-version.txt"
