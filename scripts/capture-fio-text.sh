#!/bin/sh
# capture-fio-text.sh [TOP] - re-make the captures of fio's text outputs
# (normal and terse) that the tests read, with Debian's fio 3.33 on a
# tmpfs. Not run by the tests: they read the committed files.
#	apt-get install -y fio
#	sh scripts/capture-fio-text.sh          # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in), each the stdout
# of one fio run of 4 KiB random writes, 32 MiB, psync:
#	tests/data/fio-text/normal-fsync1-0N.txt  --fsync=1, 2 runs, normal
#	tests/data/fio-text/normal-nofsync.txt    no fsync, normal
#	tests/data/fio-text/normal-randrw.txt     --rw=randrw (read + write)
#	tests/data/fio-text/normal-2jobs.txt      --numjobs=2 (two reports)
#	tests/data/fio-text/normal-group.txt      --numjobs=2 --group_reporting
#	tests/data/fio-text/terse-fsync1.txt      --output-format=terse
#	                                          --terse-version=3
#	tests/data/fio-text/terse-2jobs.txt       the same, --numjobs=2
#	tests/data/fio-text/terse-vN-randrw.txt   --rw=randrw --fsync=1
#	                                          --output-format=terse
#	                                          --terse-version=N, N = 2, 4, 5
#	tests/data/fio-text/normal+json-fsync1.txt --fsync=1
#	                                          --output-format=normal,json:
#	                                          one run, both reports (the
#	                                          text's percentiles and
#	                                          refusals against fio's JSON)
#	tests/data/fio-text/randwrite.fio         a job file (skipped in a
#	                                          folder, never an error)
#	tests/data/fio-text/interrupted.txt       --fsync=1 --time_based
#	                                          --runtime=10, SIGINT after
#	                                          2 s ("fio: terminating on
#	                                          signal 2", then the report)
#	tests/data/fio-text/failed-open.txt       --filename=/proc/fsr-no-such
#	                                          2>&1: the file cannot be
#	                                          opened ("fio: pid=0, err=2/
#	                                          ..."), no job reports
#
# The variants of issue 33 (each file starts with a "# " note naming fio's
# version and the command line; fio's text and JSON importers skip it):
#	tests/data/fio-text/status-interval.txt  --fsync=1 --time_based
#	                                          --status-interval=1: 3
#	                                          interim reports, then the run's
#	tests/data/fio-text/plist-latpct.txt      --percentile_list=50:90:99
#	tests/data/fio/plist-latpct.json          --lat_percentiles=1 (text,
#	                                          and JSON of a second run)
#	tests/data/fio-text/mixed.txt             --rw=randrw
#	tests/data/fio/mixed.json                 --unified_rw_reporting=mixed
#	                                          (text: fio pads means under 10, "avg= 5.35")
# ONLY=variants re-makes only these.
#
# $SCRATCH (default /dev/shm/fsreport-scratch/fio) is created and emptied.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/fio}
DATA="$TOP/tests/data/fio-text"
JOB="--name=randwrite --rw=randwrite --bs=4k --size=32M --runtime=3 --ioengine=psync"

run() { # OUT ARGS...
	out=$1
	shift
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	# shellcheck disable=SC2086
	fio --directory="$SCRATCH" $JOB "$@" >"$out"
}

# noted OUT ARGS...: run, the output after a "# fio-V: fio ARGS" note
noted() {
	out=$1
	shift
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	{
		echo "# $(fio --version): fio $*"
		# shellcheck disable=SC2086
		fio --directory="$SCRATCH" "$@"
	} >"$out"
}

mkdir -p "$DATA"
JOBV="--bs=4k --size=32M --runtime=3 --ioengine=psync"
# shellcheck disable=SC2086
noted "$DATA/status-interval.txt" --name=randwrite --rw=randwrite $JOBV \
	--fsync=1 --time_based --status-interval=1
# shellcheck disable=SC2086
noted "$DATA/plist-latpct.txt" --name=randwrite --rw=randwrite $JOBV \
	--fsync=1 --percentile_list=50:90:99 --lat_percentiles=1
# shellcheck disable=SC2086
noted "$TOP/tests/data/fio/plist-latpct.json" --name=randwrite \
	--rw=randwrite $JOBV --fsync=1 --percentile_list=50:90:99 \
	--lat_percentiles=1 --output-format=json
# shellcheck disable=SC2086
noted "$DATA/mixed.txt" --name=randrw --rw=randrw $JOBV \
	--unified_rw_reporting=mixed
# shellcheck disable=SC2086
noted "$TOP/tests/data/fio/mixed.json" --name=randrw --rw=randrw $JOBV \
	--unified_rw_reporting=mixed --output-format=json
if [ "${ONLY:-all}" = variants ]; then
	rm -rf "$SCRATCH"
	exit 0
fi
run "$DATA/normal-fsync1-01.txt" --fsync=1
run "$DATA/normal-fsync1-02.txt" --fsync=1
run "$DATA/normal-nofsync.txt"
run "$DATA/normal+json-fsync1.txt" --fsync=1 --output-format=normal,json
run "$DATA/normal-randrw.txt" --rw=randrw --fsync=1
run "$DATA/normal-2jobs.txt" --fsync=1 --numjobs=2
run "$DATA/normal-group.txt" --fsync=1 --numjobs=2 --group_reporting
run "$DATA/terse-fsync1.txt" --fsync=1 --output-format=terse --terse-version=3
run "$DATA/terse-2jobs.txt" --fsync=1 --numjobs=2 --output-format=terse \
	--terse-version=3
for v in 2 4 5; do
	run "$DATA/terse-v$v-randrw.txt" --rw=randrw --fsync=1 \
		--output-format=terse --terse-version=$v
done
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
# shellcheck disable=SC2086
timeout -s INT 2 fio --directory="$SCRATCH" $JOB --fsync=1 --time_based \
	--runtime=10 >"$DATA/interrupted.txt" || :
# shellcheck disable=SC2086
fio $JOB --filename=/proc/fsr-no-such >"$DATA/failed-open.txt" 2>&1 || :
cat >"$DATA/randwrite.fio" <<EOT
[global]
ioengine=psync
bs=4k
size=32M
runtime=3
directory=$SCRATCH

[randwrite]
rw=randwrite
fsync=1
EOT
rm -rf "$SCRATCH"
