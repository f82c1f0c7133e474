#!/bin/sh
# Internal errors exit 5 and say so; every error's exit status comes from
# its code (cli/messages.c's one table), never from the message text. No
# input reaches an internal error, so a shim (tests/fault/fault-gsl.c,
# LD_PRELOAD) makes GSL's t quantile fail. Output errors (exit 4) have
# their own tests in t0730-hardening-outputs.sh.
. "$(dirname "$0")/lib.sh"

SHIM="${BUILD:-$TOP/build}/tests/fault-gsl.so"
# A sanitizer runtime wants to be first; the shim is harmless before it.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

if ! test -f "$SHIM" || ! ldd "$FSREPORT" 2>/dev/null | grep -q libgsl; then
	test_count=$((test_count + 1))
	echo "ok $test_count # skip no $SHIM (make check builds it) or" \
	     "fsreport is not linked to a shared libgsl"
	test_done
	exit 0
fi

# faulty MODE ARGS...: fsreport with gsl_cdf_tdist_Pinv() failing
faulty() {
	mode=$1
	shift
	FSR_FAULT_TQUANTILE=$mode LD_PRELOAD=$SHIM "$FSREPORT" "$@"
}

two_sides() {
	printf "test,value\nread,10\nread,11\nread,13\nread,10.5\nread,12\n" >a.csv &&
	printf "test,value\nread,20\nread,29\nread,21\nread,35\nread,24\n" >b.csv
}

test_expect_success 'without a fault the same inputs work (exit 0)' '
	two_sides &&
	LD_PRELOAD=$SHIM fsreport compare a.csv b.csv >out &&
	grep -q "^read" out
'

test_expect_success 'show: a statistic that cannot be computed exits 5' '
	two_sides &&
	test_expect_code 5 faulty all show a.csv >out 2>err &&
	echo "fsreport: internal error: no t quantile for n = 5" >expect &&
	test_cmp expect err &&
	test ! -s out
'

test_expect_success 'show: every format that reads the statistics writes nothing on exit 5' '
	two_sides &&
	for fmt in ascii csv table markdown json pts; do
		test_expect_code 5 faulty all show --format $fmt a.csv >out \
			2>err &&
		test ! -s out || { echo "$fmt wrote:"; cat out; return 1; }
	done
'

test_expect_success 'show -o FIFO: written in place, nothing of a run that exits 5' '
	two_sides &&
	mkfifo p &&
	{ cat p >got & } &&
	test_expect_code 5 faulty all show --format csv -o p a.csv 2>err &&
	wait &&
	test -p p &&
	test ! -s got
'

test_expect_success 'compare: an internal error exits 5, not 2 (usage)' '
	two_sides &&
	test_expect_code 5 faulty fractional compare a.csv b.csv >out 2>err &&
	echo "fsreport: internal error: no t quantile for '"'"'read'"'"'" >expect &&
	test_cmp expect err &&
	test ! -s out
'

test_expect_success 'compare: nothing half-written to -o on exit 5' '
	two_sides &&
	echo old >report.txt &&
	test_expect_code 5 faulty fractional compare -o report.txt a.csv b.csv \
		2>err &&
	echo old >expect &&
	test_cmp expect report.txt &&
	test "$(ls)" = "a.csv
b.csv
err
expect
report.txt"
'

test_expect_success 'compare: a usage error found by analyze still exits 2' '
	two_sides &&
	test_expect_code 2 fsreport compare --baseline nope a.csv b.csv 2>err &&
	grep -q "^fsreport: baseline '"'"'nope'"'"' names no system" err
'

test_done
