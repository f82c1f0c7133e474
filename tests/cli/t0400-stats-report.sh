#!/bin/sh
# compare's text report (issue 4): the verdict table of the compare-stats
# example, exactly; every line within the width (80 by default, --width);
# a row too wide for one line goes on two; the notes and the method
# footer say which test, which correction, which interval and which
# outlier rule made the numbers.
. "$(dirname "$0")/lib.sh"

B="$EXAMPLES/compare-stats/before.csv"
A="$EXAMPLES/compare-stats/after.csv"

# widest LINE of a file in display columns (± and µ are one column)
widest() {
	sed 's/±/+/g; s/µ/u/g' "$1" | awk '{ if (length($0) > w) w = length($0) }
		END { print w + 0 }'
}

test_expect_success 'the verdict table of the compare-stats example' '
	fsreport compare "$B" "$A" >actual &&
	test_golden stats-compare.txt actual
'

# The changes and intervals are R'''s (scripts/stats-examples.R): the ratio
# of the geometric means with Welch'''s interval on the logarithms.
test_expect_success 'one line per system: mean, interval, change, p, verdict' '
	fsreport compare "$B" "$A" >out &&
	grep "^  after  10   44653   1.2%   +8.6% \[+7.1, +10.2\]   <.001  better\$" out &&
	grep "^  after  10   2.445   1.7%  +16.1% \[+12.9, +19.4\]  <.001  worse\$" out &&
	grep "^  after  10   515.4   0.8%   +1.2% \[-0.1, +2.4\]    0.040  better  oh\$" out
'

test_expect_success 'an outlier is flagged and listed, not dropped (n stays 10)' '
	fsreport compare "$B" "$A" >out &&
	grep "^  after  10    1783  11.5% .* same    ovi\$" out &&
	grep "^    fs_mark: Create 1000 files, after: 1210\$" out &&
	grep "^  o outliers by the generalized ESD test (Rosner 1983; alpha 5%, at most n/10\$" out
'

test_expect_success 'the footer names the test, the correction and alpha' '
	fsreport compare "$B" "$A" >out &&
	grep "^p: Welch.s t-test on the logarithms, Holm-adjusted over 5 comparisons. verdict:\$" out &&
	grep "99% Welch interval of the difference of the mean logarithms, as a\$" out &&
	grep "^  ratio in %. The intervals hold together over the 5 comparisons (Bonferroni, 5%\$" out &&
	grep "^  / 5 each), as Holm.s verdicts need.\$" out &&
	grep "^  without ± CI (\"geometric means\"). change: the ratio of the geometric means in\$" out
'

test_expect_success 'the default report fits 80 columns' '
	fsreport compare "$B" "$A" >out &&
	test "$(widest out)" -le 80 &&
	fsreport compare "$EXAMPLES/ext4-mount-options" >out &&
	test "$(widest out)" -le 80 &&
	fsreport compare "$CORPUS/tiobench-ec2-4sys-merged.xml" >out &&
	test "$(widest out)" -le 80
'

test_expect_success '--width 60: rows go on two lines and fit' '
	fsreport compare --width 60 "$B" "$A" >out &&
	test "$(widest out)" -le 60 &&
	grep "^  after  10   44653   1.2%\$" out &&
	grep "^           +8.6% \[+7.1, +10.2\]   <.001  better\$" out
'

test_expect_success 'COLUMNS sets the width when --width is not given' '
	COLUMNS=60 fsreport compare "$B" "$A" >out &&
	fsreport compare --width 60 "$B" "$A" >expect &&
	test_cmp expect out
'

test_expect_success '--outliers mad names the MAD rule' '
	fsreport compare --outliers mad "$B" "$A" >out &&
	grep "^  o outliers by the MAD rule (|0.6745 (x - median) / MAD| > 3.5), flagged only:\$" out &&
	grep "^    fs_mark: Create 1000 files, after: 1210\$" out &&
	! grep "Sequential write 1MiB, before" out
'

test_expect_success 'results on one side only are listed by name' '
	fsreport compare "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	grep "^not in the baseline:\$" out &&
	grep "^  Threaded I/O Tester: Random Write - Size Per Thread: 256MB - Thread Count: 4$" out
'

test_expect_success 'the U note gives the rows own runs and best p (issue 34)' '
	# PostMark, 10 + 10 runs: Deletion_alone/s is 2836 in all 20 runs,
	# so U is the same for every ordering: at best p = 1 (by hand),
	# never "3 + 3 give at best p = 0.1"
	fsreport compare --width 200 "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" >out &&
	grep "cannot reach p <= 0.05 in 1 row: PostMark: Deletion_alone/s, unbuffered: 10 + 10 runs, 20 of them tied, at best p = 1\.\$" out &&
	! grep "3 + 3" out
'

test_expect_success 'PostMark, 10 + 10 runs, at 80 columns: each row on one line (issue 34)' '
	# a terse PostMark run is one line of 13 results
	n=$(tail -n 1 "$EXAMPLES/postmark/buffered/run-01.txt" | awk "{ print NF }") &&
	test "$n" = 13 &&
	fsreport compare "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" >out &&
	test "$(widest out)" -le 80 &&
	test "$(grep -c "^  unbuffered 10 .*[0-9]  *\(same\|better\|worse\) " out)" = "$n"
'

test_done
