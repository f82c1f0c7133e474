#!/bin/sh
# Failed runs counted beside n, on a real failed run (issue 37; t2910
# has made-up CSV runs): tests/data/ioping/failed-stat.txt holds two
# ioping runs and ioping's own error message for a third. In the text,
# the tables, Markdown, the report page and the charts: n with the
# failed run beside it, mark f, its note and the cell's reason. The
# failed run is a failed run of both results ioping's raw line gives
# (Requests/s and Average request time), never of the first one only.
. "$(dirname "$0")/lib.sh"

IO="$DATA/ioping"
FN="f: failed runs: the numbers use the runs that worked; the verdict is withheld (n/a)."
CELL="f fa, Requests/s: 1 of 3 runs failed (ioping: stat"
CELL2="f fa, Average request time: 1 of 3 runs failed (ioping: stat"

runs() {
	mkdir fa fb && cp "$IO/failed-stat.txt" fa/ && cp "$IO/direct.txt" fb/
}

test_expect_success 'compare text, table, Markdown: 2 (1 failed), f, its note and reason' '
	runs &&
	fsreport compare fb fa >t 2>/dev/null &&
	grep -q "^  fa 2 (1 failed)  4750  117.5%  .*  n/a     fv$" t &&
	joined_has t "${FN#f: }" &&
	fsreport compare --format table fb fa >tab 2>/dev/null &&
	grep -q " n/a fwv *$" tab &&
	joined_has tab "$CELL" &&
	joined_has tab "the numbers use the 2 that worked" &&
	fsreport compare --format markdown fb fa >md 2>/dev/null &&
	grep -q "| n/a fwv *|" md &&
	grep -q "^$CELL" md
'

test_expect_success 'every result of the failed run: 2 (1 failed), n/a and f, its reason' '
	runs &&
	fsreport compare fb fa >t 2>/dev/null &&
	test $(grep -c "^  fa 2 (1 failed)  .*  n/a     fv$" t) = 2 &&
	sed -n "/^ioping: Average request time/,/^$/p" t >avg &&
	grep -q "^  fa 2 (1 failed)   211  117.5%  .*  n/a     fv$" avg &&
	fsreport compare --format table fb fa >tab 2>/dev/null &&
	test $(grep -c " n/a fw*o*v *$" tab) = 2 &&
	! grep -q " same " tab &&
	joined_has tab "$CELL2" &&
	fsreport show --format table fa >show 2>/dev/null &&
	grep -q "^Requests/s *| fa *2 (1 failed) " show &&
	grep -q "^Average *| fa *2 (1 failed) " show &&
	fsreport compare --format markdown fb fa >md 2>/dev/null &&
	test $(grep -c "| n/a fw*o*v *|" md) = 2 &&
	grep -q "^$CELL2" md
'

test_expect_success 'report -o: f after the verdict, its note and the cell'"'"'s reason' '
	runs &&
	fsreport report fb fa -o rep >/dev/null 2>&1 &&
	grep -q "<span class=\"vd v-[a-z]*\">n/a fwv</span>" rep/index.html &&
	joined_has rep/index.html "Marks after a verdict: $FN" &&
	joined_has rep/index.html "<p class=\"legend\">$CELL"
'

test_expect_success '--chart-dir: N = 2, 1 failed under the bar, f beside the change, its note' '
	runs &&
	fsreport compare fb fa --chart-dir cd >/dev/null 2>&1 &&
	svg_has cd/01-ioping-requests-s-requests-s.svg "N = 2, 1 failed" &&
	grep -q ">[0-9.]*  -[0-9.]*% fwv<" cd/01-ioping-requests-s-requests-s.svg &&
	svg_has cd/01-ioping-requests-s-requests-s.svg "Marks: $FN" &&
	svg_has cd/change.svg "Marks: f: failed"
'

test_done
