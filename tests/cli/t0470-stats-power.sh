#!/bin/sh
# Issue 13, points 3, 4 and 7 on the compare-stats example: intervals at
# the family's level (Holm over 5 rows: 99 %), a row whose Holm verdict
# the simultaneous interval does not show is marked (note h); the
# smallest change a "same" row could have detected (a ratio, up and
# down: +17.67 % is -15.02 % the other way, 1 / 1.1767) and --runs-needed,
# both R's power.t.test at 1 - 0.05 / 5 with the pooled sd of the logs
# (scripts/stats-examples.R: fs_mark 17.67 %, 93.09 runs; tar 12.56 %,
# 7.78 runs; fio read 3.23 runs); --test mwu prints the Hodges-Lehmann
# shift. dd at 99 %: R's t.test(log(b), log(a), conf.level = 0.99) gives
# [-0.057, +2.387] %.
. "$(dirname "$0")/lib.sh"

B="$EXAMPLES/compare-stats/before.csv"
A="$EXAMPLES/compare-stats/after.csv"

test_expect_success 'intervals at the family level; Holm step-down marked' '
	fsreport compare "$B" "$A" >out &&
	grep "^  after  10   515.4   0.8%   +1.2% \[-0.1, +2.4\]    0.040  better  oh\$" out &&
	grep "^  h the verdict is the correction.s step by step (Holm, BH), which finds a\$" out &&
	grep "99% Welch interval" out &&
	fsreport compare --format csv "$B" "$A" | sed 1d | cut -d, -f22 | sort -u >lv &&
	echo 0.99 >expect && test_cmp expect lv
'

test_expect_success 'same rows: the smallest detectable change (R)' '
	fsreport compare "$B" "$A" >out &&
	grep "^  fs_mark: Create 1000 files, after: +17.7% / -15.0%\$" out &&
	grep "^  tar: Extract linux-6.1.tar, after: +12.6% / -11.2%\$" out &&
	fsreport compare --format csv "$B" "$A" | grep ",Create 1000 files," |
		cut -d, -f26 >mde &&
	awk "{ d = \$1 - 17.6736; exit !(d < 0.0001 && d > -0.0001) }" mde
'

test_expect_success '--runs-needed 5: runs per side (R, rounded up)' '
	fsreport compare --runs-needed 5 "$B" "$A" >out &&
	grep "^  fs_mark: Create 1000 files, after: +17.7% / -15.0%; 94 runs\$" out &&
	grep "^  tar: Extract linux-6.1.tar, after: +12.6% / -11.2%; 8 runs\$" out &&
	grep "^  fio: Random read 4KiB, after: 4 runs\$" out &&
	fsreport compare --format csv --runs-needed 5% "$B" "$A" |
		grep ",Create 1000 files," | cut -d, -f27 >n &&
	echo 94 >expect && test_cmp expect n &&
	test_expect_code 2 fsreport compare --runs-needed 0 "$B" "$A"
'

test_expect_success '--test mwu: Hodges-Lehmann shift, method named' '
	fsreport compare --format csv --test mwu "$B" "$A" | sed 1d |
		cut -d, -f21 | sort -u >m &&
	echo hodges-lehmann >expect && test_cmp expect m &&
	fsreport compare --test mwu "$B" "$A" | grep "Hodges-Lehmann shift"
'

test_done
