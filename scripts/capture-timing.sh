#!/bin/sh
# capture-timing.sh [TOP] - re-make the timing-log captures that the tests
# and examples read: dd timed by bash's time, GNU /usr/bin/time (-p, -v,
# default format) and dd's own summary, plus seed-004-style one-line logs
# made by a small wrapper. Real measurements on this machine; not run by
# the tests, which read the committed files.
#
#	sh scripts/capture-timing.sh          # writes into this checkout
#
# Needs bash, dd (coreutils), /usr/bin/time (Debian package "time") and
# the de_DE.UTF-8 locale (package "locales"; as root:
#	sed -i 's/^# de_DE.UTF-8/de_DE.UTF-8/' /etc/locale.gen && locale-gen
# ). The long captures sleep 61.5 s (4 of them) and 3600.5 s (1);
# SKIP_LONG=1 keeps the committed ones.
#
# Writes (TOP defaults to the checkout this script is in):
#	tests/data/timing/<style>/<config>/run-01..05.txt and
#	tests/data/timing/<style>/<config>.log (the same runs appended, as
#	"2>>log" would), style = bash-time, usr-bin-time-v, usr-bin-time-p,
#	usr-bin-time-default, dd; config = fdatasync (conv=fdatasync) or
#	nosync. Every capture is "2> file": dd's own lines come first.
#	tests/data/timing/edge/            one file per odd shape
#	examples/sync-modes/run-01..10.log seed-004 lines, one log per run,
#	                                   every sync mode in each
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/timing}
DATA="$TOP/tests/data/timing"
EX="$TOP/examples/sync-modes"
F="$SCRATCH/testfile"
DD="dd if=/dev/zero of=$F bs=1M count=64"
RUNS="01 02 03 04 05"

mkdir -p "$SCRATCH" "$DATA/edge" "$EX"

fresh() {
	rm -f "$F"
	sync
}

# capture STYLE CONFIG DDFLAGS : five runs, one file each, and the log
capture() {
	dir="$DATA/$1/$2"
	mkdir -p "$dir"
	for i in $RUNS; do
		fresh
		case $1 in
		bash-time)
			bash -c "time $DD $3" 2>"$dir/run-$i.txt" ;;
		usr-bin-time-v)
			/usr/bin/time -v $DD $3 2>"$dir/run-$i.txt" ;;
		usr-bin-time-p)
			/usr/bin/time -p $DD $3 2>"$dir/run-$i.txt" ;;
		usr-bin-time-default)
			/usr/bin/time $DD $3 2>"$dir/run-$i.txt" ;;
		dd)
			$DD $3 2>"$dir/run-$i.txt" ;;
		esac
	done
	cat "$dir"/run-*.txt >"$DATA/$1/$2.log"
}

for style in bash-time usr-bin-time-v usr-bin-time-p usr-bin-time-default dd
do
	capture $style fdatasync conv=fdatasync
	capture $style nosync ""
done

E="$DATA/edge"
# bash: time -p, TIMEFORMAT, other sync flags, a failing command
fresh; bash -c "time -p $DD" 2>"$E/bash-time-p.txt"
fresh; bash -c "TIMEFORMAT='%3R'; time $DD" 2>"$E/bash-timeformat-3R.txt"
fresh; bash -c "time $DD oflag=sync" 2>"$E/bash-time-dd-oflag-sync.txt"
fresh; bash -c "time $DD oflag=dsync" 2>"$E/bash-time-dd-oflag-dsync.txt"
bash -c "time dd if=/dev/zero of=/nonexistent/testfile bs=1M count=1" \
	2>"$E/bash-time-failed.txt" || true
# dd that fails half-way (a full device) and dd's partial-read warning
bash -c "time dd if=/dev/zero of=/dev/full bs=1M count=4" \
	2>"$E/bash-time-dd-no-space.txt" || true
fresh; bash -c "time head -c 4M /dev/zero | dd of=$F bs=1M count=4" \
	2>"$E/bash-time-dd-partial-read-warning.txt"
# GNU time failing: -v, -p, default
/usr/bin/time -v dd if=/dev/zero of=/nonexistent/testfile bs=1M count=1 \
	2>"$E/usr-bin-time-v-failed.txt" || true
/usr/bin/time -p dd if=/dev/zero of=/nonexistent/testfile bs=1M count=1 \
	2>"$E/usr-bin-time-p-failed.txt" || true
/usr/bin/time dd if=/dev/zero of=/nonexistent/testfile bs=1M count=1 \
	2>"$E/usr-bin-time-default-failed.txt" || true
# German locale: decimal commas in bash and dd, not in GNU time
fresh; LC_ALL=de_DE.UTF-8 bash -c "time $DD" 2>"$E/locale-de-bash-time.txt"
fresh; LC_ALL=de_DE.UTF-8 bash -c "time -p $DD" \
	2>"$E/locale-de-bash-time-p.txt"
fresh; LC_ALL=de_DE.UTF-8 /usr/bin/time -v $DD \
	2>"$E/locale-de-usr-bin-time-v.txt"
fresh; LC_ALL=de_DE.UTF-8 $DD oflag=dsync 2>"$E/locale-de-dd.txt"
# dd alone: small counts (no parenthesis under 1000 bytes, "1 byte"),
# a partial record (5.1e-05 s), status=progress (CR-separated updates)
fresh; dd if=/dev/zero of=$F bs=512 count=1 2>"$E/dd-512-bytes.txt"
fresh; dd if=/dev/zero of=$F bs=1 count=1 2>"$E/dd-1-byte.txt"
fresh; dd if=/dev/zero of=$F bs=100k count=1 2>"$E/dd-100k.txt"
fresh; printf 'abc' | dd of=$F bs=1M 2>"$E/dd-partial-records.txt"
fresh; dd if=/dev/zero of=$F bs=4k count=3000 oflag=dsync status=progress \
	2>"$E/dd-4k-dsync-status-progress.txt"
# over a minute and an hour (SKIP_LONG=1 leaves the existing files alone)
if [ -z "${SKIP_LONG:-}" ]; then
bash -c 'time sleep 61.5' 2>"$E/bash-time-over-1min.txt"
/usr/bin/time -v sleep 61.5 2>"$E/usr-bin-time-v-over-1min.txt"
/usr/bin/time -p sleep 61.5 2>"$E/usr-bin-time-p-over-1min.txt"
/usr/bin/time sleep 61.5 2>"$E/usr-bin-time-default-over-1min.txt"
# over an hour: "h:mm:ss", without hundredths (run it in the background)
/usr/bin/time -v sleep 3600.5 2>"$E/usr-bin-time-v-over-1h.txt"
fi

# Seed 004's lines ("No sync data=writeback  14.5 seconds  (70 MB/Sec)")
# are no program's format but a user's wrapper; this is one. Every run
# writes 256 MiB once per sync mode of dd on this machine's file system
# (ext4, data=ordered), timed with date +%s.%N; the rate is MiB/s,
# truncated, as in the seed.
MB=256
bench() {
	label=$1
	shift
	fresh
	start=$(date +%s.%N)
	dd if=/dev/zero of="$F" bs=1M count=$MB "$@" 2>/dev/null
	end=$(date +%s.%N)
	LC_ALL=C awk -v l="$label" -v s="$start" -v e="$end" -v mb=$MB \
		'BEGIN { t = e - s;
		printf "%-27s %.2f seconds  (%d MB/Sec)\n", l, t, mb / t }'
}
for i in 01 02 03 04 05 06 07 08 09 10; do
	{
		echo "ext4 sync modes, dd bs=1M count=$MB, run $i"
		echo "=========================================="
		bench "No sync data=ordered"
		bench "data=ordered O_SYNC" oflag=sync
		bench "data=ordered O_DSYNC" oflag=dsync
		bench "data=ordered fdatasync()" conv=fdatasync
		bench "data=ordered fsync()" conv=fsync
	} >"$EX/run-$i.log"
done
rm -f "$F"
