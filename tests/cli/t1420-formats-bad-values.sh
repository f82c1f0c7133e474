#!/bin/sh
# Impossible and non-finite values in timing logs and PostMark reports
# (issue 17): exit 3 at file:line, or a warning naming the value and the
# file; never a silent change of n, never an infinite sample.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark/buffered"

test_expect_success 'timing: 6e21 s is refused at its line' '
	printf "real\t0m0.053s\nreal 6e21\n" >big.log &&
	test_expect_code 3 fsreport show big.log 2>err &&
	echo "fsreport: big.log:2: time real 6e+21 is more than 1000 years" >expect &&
	test_cmp expect err
'

test_expect_success 'timing: -5 s is refused at its line' '
	printf "real -5\nuser 0.00\nsys 0.00\n" >neg.log &&
	test_expect_code 3 fsreport show neg.log 2>err &&
	echo "fsreport: neg.log:1: time real -5 is negative" >expect &&
	test_cmp expect err
'

test_expect_success 'dd: 1e-320 s gives no infinite throughput' '
	cp "$TOP/tests/fuzz/regressions/timing/dd-subnormal-seconds.txt" dd.log &&
	test_expect_code 3 fsreport show dd.log 2>err &&
	echo "fsreport: dd.log:1: dd throughput inf is not finite (dd'"'"'s bytes over its seconds)" >expect &&
	test_cmp expect err
'

test_expect_success 'timing: "real nan" is refused, not dropped' '
	printf "real 0.05\nuser 0.00\nsys 0.01\nreal nan\nuser 0.00\nsys 0.01\n" >nan.log &&
	test_expect_code 3 fsreport show nan.log 2>err &&
	echo "fsreport: nan.log:4: real '"'"'nan'"'"' is not a number of seconds" >expect &&
	test_cmp expect err
'

test_expect_success 'time -v: an elapsed time of nan is refused' '
	printf "\tCommand being timed: \"true\"\n\tElapsed (wall clock) time (h:mm:ss or m:ss): nan\n\tExit status: 0\n" >v.log &&
	test_expect_code 3 fsreport show v.log 2>err &&
	grep -q "^fsreport: v.log:2: .Elapsed (wall clock) time (h:mm:ss or m:ss). is .nan., not a number" err
'

# pm_field N VALUE FILE: the terse report with field N set to VALUE
pm_field() {
	awk -v f="$1" -v v="$2" "NF == 13 { \$f = v } { print }" "$3"
}

test_expect_success 'PostMark nan: a failed run and a warning naming it' '
	mkdir runs &&
	cp "$PM/run-01.txt" "$PM/run-02.txt" runs/ &&
	pm_field 3 nan "$PM/run-03.txt" >runs/run-03.txt &&
	fsreport show --format csv runs >out 2>err &&
	grep -q "^fsreport: warning: runs/run-03.txt:6: PostMark printed .nan. for Transactions/s; this run of it is a failed run" err &&
	awk -F, "\$3 == \"Transactions/s\" || \$3 == \"Total_duration\" { print \$3, \$7 }" out >actual &&
	printf "Total_duration 3\nTransactions/s 2\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'PostMark inf: a failed run and a warning naming it' '
	pm_field 13 inf "$PM/run-01.txt" >inf.txt &&
	fsreport show inf.txt >/dev/null 2>err &&
	grep -q "^fsreport: warning: inf.txt:6: PostMark printed .inf. for Write_B/s" err
'

test_expect_success 'PostMark: a negative rate is refused at its line' '
	pm_field 7 -1500.00 "$PM/run-01.txt" >neg.txt &&
	test_expect_code 3 fsreport show neg.txt 2>err &&
	echo "fsreport: neg.txt:6: PostMark Read/s is negative (-1500): not a PostMark value" >expect &&
	test_cmp expect err
'

test_expect_success 'PostMark: a negative first field is refused, not skipped' '
	pm_field 1 -10 "$PM/run-01.txt" >neg1.txt &&
	test_expect_code 3 fsreport show neg1.txt 2>err &&
	grep -q "^fsreport: neg1.txt:6: PostMark Total_duration is negative" err
'

test_done
