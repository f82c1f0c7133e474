#!/bin/sh
# The slow first run on the report page and in the charts (issue 37:
# every flag in text, table, Markdown, HTML and charts with its note;
# t2900 has text, tables, Markdown, JSON and CSV). The real case is
# examples/sync-modes, whose baseline ran 1.71 s first and about 0.16 s
# after: mark w on its rows, the mark's note and the cell's numbers.
. "$(dirname "$0")/lib.sh"

SYNC="$EXAMPLES/sync-modes"
B="No sync data=ordered"
NOTE="w: the first run is beyond the 99% one-sided prediction bound of the others"
CELL="w No sync data=ordered, time: the first run (1.71 s) is beyond the 99% prediction bound of the other 9 (&lt;= 0.50 s); without it the arithmetic mean is 0.19 s, not 0.34 s"

test_expect_success 'report -o: w after every verdict, its note and the cell'"'"'s numbers' '
	fsreport report --baseline "$B" "$SYNC" -o rep >/dev/null &&
	test "$(grep -o "<span class=\"vd v-[a-z]*\">[a-z/]* w[a-z]*</span>" rep/index.html | wc -l)" -eq 8 &&
	joined_has rep/index.html "Marks after a verdict: $NOTE" &&
	joined_has rep/index.html "<p class=\"legend\">$CELL" &&
	joined_has rep/index.md "without it the arithmetic mean is 0.19 s, not 0.34 s"
'

test_expect_success '--svg and --chart-dir: w beside every change, its note under the chart' '
	fsreport compare --baseline "$B" "$SYNC" --svg c.svg >/dev/null &&
	joined_has c.svg "Marks: $NOTE" &&
	fsreport compare --baseline "$B" "$SYNC" --chart-dir cd >/dev/null &&
	for f in cd/01-timed-time-s.svg cd/02-timed-rate-mb-s.svg; do
		grep -q ">[0-9.]*  baseline w[a-z]*<" $f &&
		test "$(grep -o ">[0-9.]*  [-+][0-9.]*%  *w[a-z]*<" $f | wc -l)" -eq 4 &&
		joined_has $f "Marks: $NOTE" || return 1
	done
'

test_expect_success '--drop-first: no w on the page nor in the charts, the line that says so' '
	fsreport report --drop-first --baseline "$B" "$SYNC" -o d >/dev/null &&
	! grep -q -F "$NOTE" d/index.html &&
	joined_has d/index.html "first run of each configuration left out (--drop-first): 10 runs" &&
	! grep -q -F "$NOTE" d/charts/*.svg &&
	joined_has d/charts/01-timed-time-s.svg "First run of each configuration left out (--drop-first): 10 runs"
'

test_expect_success 'show --svg and --chart-dir: w after the baseline'"'"'s values, each cell'"'"'s note once; none after --drop-first' '
	fsreport show "$SYNC" --svg s.svg >/dev/null &&
	grep -q ">0.340 wb<" s.svg &&
	grep -q ">1384 w<" s.svg &&
	test "$(grep -o ">[0-9.]* w[a-z]*<" s.svg | wc -l)" -eq 2 &&
	svg_has s.svg "Marks: w $B: the first run (1.71 s) is beyond the 99% prediction bound of the other 9 (&lt;= 0.50 s); without it the arithmetic mean is 0.19 s, not 0.34 s; --drop-first leaves it out." &&
	svg_has s.svg "b $B: the mean'"'"'s interval runs below zero though every run is &gt; 0" &&
	svg_has s.svg "Marks: w $B: the first run (149.00 MB/s) is beyond the 99% prediction bound of the other 9 (&gt;= 524.02 MB/s)" &&
	test "$(sed "s/<[^>]*>/ /g" s.svg | tr "\n" " " | grep -o "w $B: the first run" | wc -l)" -eq 2 &&
	fsreport show "$SYNC" --chart-dir sd >/dev/null &&
	grep -q ">0.340 wb<" sd/01-timed-time-s.svg &&
	grep -q ">1384 w<" sd/02-timed-rate-mb-s.svg &&
	svg_has sd/02-timed-rate-mb-s.svg "without it the arithmetic mean is 1520.67 MB/s, not 1383.50 MB/s" &&
	fsreport show --drop-first "$SYNC" --svg d.svg >/dev/null &&
	! grep -q ">[0-9.]* w[a-z]*<" d.svg &&
	! svg_has d.svg "the first run (" &&
	svg_has d.svg "First run of each configuration left out (--drop-first): 10 runs"
'

test_expect_success 'report --drop-first: the overview says the first runs were left out' '
	fsreport report --drop-first --baseline "$B" "$SYNC" -o o >/dev/null &&
	svg_has o/charts/overview.svg "Counts: the verdicts of the results. First run of each configuration left out (--drop-first): 10 runs, of configurations with 3 or more runs; every number is without them." &&
	fsreport compare --drop-first --baseline "$B" "$SYNC" --chart-dir ocd >/dev/null &&
	svg_has ocd/overview.svg "First run of each configuration left out (--drop-first): 10 runs" &&
	fsreport report --baseline "$B" "$SYNC" -o k >/dev/null &&
	! svg_has k/charts/overview.svg "drop-first"
'

test_done
