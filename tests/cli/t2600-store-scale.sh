#!/bin/sh
# The store at scale (issue 35): store add streams its run sets (one
# read, added and freed at a time) inside its one transaction, so a bad
# run set late in the list still leaves nothing stored and prints no
# "added" line; trend over a series longer than the window (100 run
# sets) finds a clear step where it is and says how it searched.
. "$(dirname "$0")/lib.sh"

test_expect_success 'store add of 150 run sets: all added, one line each, after the commit' '
	step_series in 150 90 &&
	fsreport store add --db s.db in/*.csv >out &&
	test "$(grep -c "^added '"'"'r[0-9]*'"'"': 3 results, 12 samples$" out)" -eq 150 &&
	fsreport show --db s.db --format csv >shown &&
	fsreport show --format csv in/*.csv >direct &&
	test_cmp direct shown
'

test_expect_success 'a bad run set late in the list: exit 3, no store, no added line' '
	step_series in 20 99 &&
	printf "test,value\nx,oops\n" >in/r015.csv &&
	test_expect_code 3 fsreport store add --db s.db in/*.csv >out 2>err &&
	grep "r015.csv:2" err &&
	! grep -q "^added" out &&
	! test -e s.db
'

test_expect_success 'a bad run set late in the list leaves a store as it was' '
	step_series in 20 99 &&
	fsreport store add -q --db s.db in/r000.csv in/r001.csv &&
	fsreport show --db s.db --format csv >before &&
	printf "test,value\nx,oops\n" >in/r015.csv &&
	test_expect_code 3 fsreport store add --db s.db in/*.csv >out 2>err &&
	! grep -q "^added" out &&
	fsreport show --db s.db --format csv >after &&
	test_cmp before after
'

test_expect_success 'trend over 150 run sets: the step found at r090, windows named' '
	step_series in 150 90 &&
	fsreport store add -q --db s.db in/*.csv &&
	fsreport trend --db s.db --format csv >t.csv &&
	fsreport trend --db s.db >t.txt &&
	grep "half-overlapping windows of 100" t.txt &&
	grep "^a .*1 change point" t.txt &&
	grep -q "^b .*no change point" t.txt &&
	grep -q "^c .*no change point" t.txt &&
	grep -E "^ *> *91  r090 " t.txt
'

test_done
