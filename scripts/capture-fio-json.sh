#!/bin/sh
# capture-fio-json.sh [TOP] - re-make the fio json+ captures the tests
# read, with Debian's fio 3.33 on a tmpfs. Not run by the tests: they
# read the committed files. Needs the Debian package fio:
#	apt-get install -y fio
#	sh scripts/capture-fio-json.sh          # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in), each the stdout
# of one fio run of 4 KiB random I/O, 16 MiB, psync, --output-format=json+:
#	tests/data/fio/jsonplus-plist.json   --rw=randrw --fsync=1
#	                                     --percentile_list=50:99:99.99
#	                                     (no p95 in fio's object: the
#	                                     bins give it)
#	tests/data/fio/jsonplus-group.json   --rw=randwrite --numjobs=2
#	                                     --group_reporting
#	tests/data/fio/jsonplus-interrupted.json  --rw=randwrite --fsync=1
#	                                     --time_based --runtime=10,
#	                                     SIGINT after 2 s: "fio:
#	                                     terminating on signal 2", then
#	                                     the report
#
# $SCRATCH (default /dev/shm/fsreport-scratch/fio-json) is created and
# emptied.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/fio-json}
DATA="$TOP/tests/data/fio"
JOB="--bs=4k --size=16M --runtime=2 --ioengine=psync --output-format=json+"

run() { # OUT ARGS...
	out=$1
	shift
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	# shellcheck disable=SC2086
	fio --directory="$SCRATCH" $JOB "$@" >"$out"
}

mkdir -p "$DATA"
run "$DATA/jsonplus-plist.json" --name=randrw --rw=randrw --fsync=1 \
	--percentile_list=50:99:99.99
run "$DATA/jsonplus-group.json" --name=randwrite --rw=randwrite \
	--numjobs=2 --group_reporting
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
# shellcheck disable=SC2086
timeout -s INT 2 fio --directory="$SCRATCH" $JOB --name=randwrite \
	--rw=randwrite --fsync=1 --time_based --runtime=10 \
	>"$DATA/jsonplus-interrupted.json" || :
rm -rf "$SCRATCH"
