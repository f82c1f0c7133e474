#!/bin/sh
# trend: a step whose interval is too wide to mean anything (a ratio
# spanning more than x100) says "too wide" with the run sets of the two
# segments in the text, the report's pages and the chart's label, as
# compare and check do, never an e-notation percentage (issue 31: the
# view decides it, fsr_view_trend_interval). Data: ten run sets spread
# over six orders of magnitude, then ten near 1000.
. "$(dirname "$0")/lib.sh"

series() {
	i=0
	for m in 1 1e-6 0.5 1e-4 0.01 1e-5 0.2 1e-3 1 1e-6 \
		1000 1010 990 1005 995 1000 1002 998 1001 999; do
		i=$((i + 1))
		{
			echo "test,unit,better,value"
			echo "x,s,lower,$m"
			echo "x,s,lower,$m"
			echo "x,s,lower,$m"
		} >r$i.csv
		printf 'r%s=r%s.csv ' $i $i
	done
}

test_expect_success 'the step is found, its interval that wide (the CSV)' '
	fsreport trend --format csv $(series) >c.csv &&
	awk -F, "\$12 == \"yes\" { print \$6, (\$16 / (100 + \$15) > 100) }" \
		c.csv >actual &&
	echo "r11 1" >expect &&
	test_cmp expect actual
'

test_expect_success 'text: too wide, with the run sets of both segments' '
	fsreport trend $(series) >out &&
	grep "^  > 11  r11 .*% (too wide: 10 and 10 run sets) worse (p " out &&
	! grep "e+" out
'

test_expect_success 'report: the summary, Markdown and HTML say it too' '
	fsreport report $(series) -o rep >/dev/null &&
	grep "x (s) at r11: +[0-9.]*% (too wide: 10 and 10 run sets) worse" \
		rep/index.md &&
	grep "too wide: 10 and 10 run sets" rep/index.html &&
	grep "^  > 11 .*(too wide: 10 and 10 run sets)" rep/summary.txt &&
	! grep "x (s) at r11.*e+" rep/index.md rep/index.html
'

test_expect_success 'chart: the step label says it' '
	fsreport trend --debug-layout $(series) >dump &&
	grep "text change-label row=11 .*worse (too wide: 10 and 10 run sets)\"" \
		dump
'

test_done
