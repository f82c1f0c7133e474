#!/bin/sh
# show --format table / markdown: a row per result and system with n,
# mean, the half-width of the confidence interval, CV and unit. Widths
# count columns, not bytes ("\302\261" is one column).
. "$(dirname "$0")/lib.sh"

test_expect_success 'the ext4 article as a show table, exactly' '
	fsreport show --format table --width 80 \
		"$EXAMPLES/ext4-mount-options" >actual &&
	test_golden table-show-ext4.txt actual &&
	tr -d "\302" <actual | awk "length > 80" >long &&
	test ! -s long
'

test_expect_success 'the ext4 article as a show Markdown table, exactly' '
	fsreport show --format markdown "$EXAMPLES/ext4-mount-options" \
		>actual &&
	test_golden table-show-ext4.md actual
'

test_expect_success 'repeated runs: n, mean, interval and CV per system' '
	cat >runs.csv <<-\EOT &&
	test,description,unit,better,label,value
	PostMark,Total_duration,s,lower,ext4,5
	PostMark,Total_duration,s,lower,ext4,6
	PostMark,Total_duration,s,lower,ext4,7
	PostMark,Total_duration,s,lower,xfs,4
	PostMark,Total_duration,s,lower,xfs,4
	PostMark,Transactions/s,tx/s,higher,ext4,1666.67
	PostMark,Transactions/s,tx/s,higher,xfs,2500
	EOT
	fsreport show --format table runs.csv >actual &&
	cat >expect <<-\EOT &&
	Type           | System  n     Mean  ±95% CI      CV  Unit |
	===============+===========================================+
	Total_duration | ext4    3     6.00     2.48  16.67%  s    |
	               | xfs     2     4.00     0.00   0.00%  s    |
	Transactions/s | ext4    1  1666.67        -       -  tx/s |
	               | xfs     1  2500.00        -       -  tx/s |
	===============+===========================================+
	EOT
	test_cmp expect actual &&
	fsreport show --format markdown runs.csv >actual &&
	cat >expect <<-\EOT &&
	| Type           | System |   n |    Mean | ±95% CI |     CV | Unit |
	| -------------- | ------ | --: | ------: | ------: | -----: | ---- |
	| Total_duration | ext4   |   3 |    6.00 |    2.48 | 16.67% | s    |
	|                | xfs    |   2 |    4.00 |    0.00 |  0.00% | s    |
	| Transactions/s | ext4   |   1 | 1666.67 |       - |      - | tx/s |
	|                | xfs    |   1 | 2500.00 |       - |      - | tx/s |
	EOT
	test_cmp expect actual
'

test_expect_success '--confidence names its level in the heading' '
	printf "test,value\nx,1\nx,2\nx,3\n" >x.csv &&
	fsreport show --format table --confidence 0.99 x.csv >out &&
	sed -n 1p out | tr -s " " >actual &&
	echo "Type | System n Mean ±99% CI CV Unit |" >expect &&
	test_cmp expect actual &&
	grep "^x " out | tr -s " " >actual &&
	echo "x | x 3 2.00 5.73 b 50.00% |" >expect &&
	test_cmp expect actual &&
	grep -q "^b x, x: the mean.s interval runs below zero" out
'

test_done
