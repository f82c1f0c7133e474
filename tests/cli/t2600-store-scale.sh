#!/bin/sh
# The store at scale (issue 35): store add streams its run sets (one
# read, added and freed at a time) inside its one transaction, so a bad
# run set late in the list still leaves nothing stored and prints no
# "added" line; trend over a series longer than the window (100 run
# sets) finds a clear step where it is and says how it searched.
. "$(dirname "$0")/lib.sh"

# runs DIR N STEP_AT: N run sets of 3 results x 4 samples, one CSV file
# each (r000.csv ...); result "a" is 10 % higher from run set STEP_AT on.
# The noise is a fixed LCG, the same bytes everywhere.
runs() {
	mkdir -p "$1" &&
	awk -v d="$1" -v n="$2" -v at="$3" 'BEGIN {
		s = 7
		for (r = 0; r < n; r++) {
			f = sprintf("%s/r%03d.csv", d, r)
			print "test,value,unit,better" > f
			for (t = 0; t < 3; t++)
				for (k = 0; k < 4; k++) {
					s = (s * 1103515245 + 12345) % 2147483648
					v = 100 + 2 * s / 2147483648
					if (t == 0 && r >= at)
						v += 10
					printf "%s,%.4f,MB/s,higher\n", substr("abc", t + 1, 1), v >> f
				}
			close(f)
		}
	}'
}

test_expect_success 'store add of 150 run sets: all added, one line each, after the commit' '
	runs in 150 90 &&
	fsreport store add --db s.db in/*.csv >out &&
	test "$(grep -c "^added '"'"'r[0-9]*'"'"': 3 results, 12 samples$" out)" -eq 150 &&
	fsreport show --db s.db --format csv >shown &&
	fsreport show --format csv in/*.csv >direct &&
	test_cmp direct shown
'

test_expect_success 'a bad run set late in the list: exit 3, no store, no added line' '
	runs in 20 99 &&
	printf "test,value\nx,oops\n" >in/r015.csv &&
	test_expect_code 3 fsreport store add --db s.db in/*.csv >out 2>err &&
	grep "r015.csv:2" err &&
	! grep -q "^added" out &&
	! test -e s.db
'

test_expect_success 'a bad run set late in the list leaves a store as it was' '
	runs in 20 99 &&
	fsreport store add -q --db s.db in/r000.csv in/r001.csv &&
	fsreport show --db s.db --format csv >before &&
	printf "test,value\nx,oops\n" >in/r015.csv &&
	test_expect_code 3 fsreport store add --db s.db in/*.csv >out 2>err &&
	! grep -q "^added" out &&
	fsreport show --db s.db --format csv >after &&
	test_cmp before after
'

test_expect_success 'trend over 150 run sets: the step found at r090, windows named' '
	runs in 150 90 &&
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
