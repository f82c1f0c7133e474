#!/bin/sh
# The progress line: "fsreport: importing N/TOTAL files" on stderr, only
# when stderr is a terminal, never with -q, only once importing takes
# longer than the delay (500 ms; FSREPORT_PROGRESS_DELAY_MS lowers it for
# these tests), wiped when done so that it leaves no trace in the text.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

# A folder of 12 result files and 2 files that are not results.
make_runs() {
	mkdir runs &&
	i=10 &&
	while test $i -lt 22; do
		printf "test,value\nmake,%s.5\n" $i >runs/run-$i.csv
		i=$((i + 1))
	done &&
	echo notes >runs/README &&
	echo "set x" >runs/config.pmrc
}

test_expect_success 'on a terminal, with no delay: the count goes up to 14/14' '
	make_runs &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" show --format csv runs >out" >tty &&
	grep -q "fsreport: importing 1/14 files" tty &&
	grep -q "fsreport: importing 14/14 files" tty &&
	test "$(wc -l <out)" -eq 2
'

test_expect_success 'the line is wiped: the screen keeps only the text' '
	make_runs &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" show --format csv runs" >tty &&
	grep -q "importing 14/14" tty &&
	screen <tty >shown &&
	fsreport show --format csv runs >expect &&
	test_cmp expect shown
'

test_expect_success 'run sets given one by one are counted together' '
	make_runs &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" compare --format csv a=runs/run-10.csv b=runs/run-11.csv >out" >tty &&
	grep -q "importing 2/2 files" tty
'

test_expect_success 'before the delay: no progress line' '
	make_runs &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=600000 \"$FSREPORT\" show --format csv runs >out" >tty &&
	! grep -q importing tty
'

test_expect_success 'the default delay hides a fast import' '
	make_runs &&
	on_tty "\"$FSREPORT\" show --format csv runs/run-10.csv >out" >tty &&
	! grep -q importing tty
'

test_expect_success '-q: no progress line on a terminal' '
	make_runs &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" show -q --format csv runs >out" >tty &&
	! grep -q importing tty &&
	test "$(wc -l <out)" -eq 2
'

test_expect_success 'stderr not a terminal: no progress line' '
	make_runs &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" show --format csv runs 2>err >out" >tty &&
	! grep -q importing tty &&
	test ! -s err &&
	FSREPORT_PROGRESS_DELAY_MS=0 fsreport show runs >out 2>err &&
	test ! -s err
'

test_expect_success 'a message wipes the line first, the line comes back' '
	make_runs &&
	printf "test,value\nmake,oops\n" >runs/run-15.csv &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" show -k --format csv runs >out" >tty &&
	fsreport show -k --format csv runs 2>expect >/dev/null;
	test -s expect &&
	screen <tty >shown &&
	test_cmp expect shown &&
	grep -q "importing 14/14" tty
'

test_done
