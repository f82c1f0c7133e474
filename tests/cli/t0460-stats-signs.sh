#!/bin/sh
# Runs that are not all > 0 (issue 13, points 1 and 2): -10.07 -> -8.07 dB
# with higher is better is better (it read "-19.9 % worse" and made
# --fail-on-regression exit 1); the change is the difference in dB with
# Welch's interval, R's t.test(b, a) values ("signs db" in
# tests/data/stats/reference.txt, the same runs as db-a.csv/db-b.csv).
. "$(dirname "$0")/lib.sh"

A="$DATA/stats/db-a.csv"
B="$DATA/stats/db-b.csv"

test_expect_success 'dB up with higher is better: better, in the unit' '
	fsreport compare "$A" "$B" >out &&
	grep "^  db-b 10   -8.070 ± 0.039  0.7%  +1.998 dB \[+1.921, +2.075\]  <.001  better  a\$" out &&
	grep "^  a not every run is > 0: no ratio; the change and its interval are the\$" out
'

test_expect_success 'CSV: diff-welch, the difference, % of |baseline|' '
	fsreport compare --format csv "$A" "$B" | sed 1d >row &&
	test "$(cut -d, -f14-16 row)" = "19.845053635280088,," &&
	test "$(cut -d, -f20-22 row)" = "better,diff-welch,0.95" &&
	test "$(cut -d, -f23 row)" = 1.9979999999999993 &&
	test "$(cut -d, -f24 row)" = 1.9210647576084743
'

test_expect_success '--fail-on-regression: an improvement in dB exits 0' '
	fsreport compare --fail-on-regression "$A" "$B" >out &&
	test_expect_code 1 fsreport compare --fail-on-regression "$B" "$A" >out
'

test_done
