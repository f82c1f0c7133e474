#!/bin/sh
# Outliers that sway Welch's test (issue 37, view/notes.c N_SWAYED 'j';
# t2960 has 'i' on examples/sync-modes): a side with flagged outliers,
# Welch's t-test finds a change at 0.05 (p = 0.045) that the U test does
# not (p = 0.060). No real capture shows it; these 12 + 12 runs are
# made up (lognormal, CV 5 %, one far run on each side; found by a seeded
# search). Mark j and its note in text, table, Markdown, the report page
# and the charts.
. "$(dirname "$0")/lib.sh"

HEAD="j: outliers flagged, and Welch's t-test finds a change at alpha 0.05 (p before correction) that the Mann-Whitney U test does not"
TAIL="far runs move a mean more than the ranks; look at the runs. --test mwu decides by the U test."

runs() {
	{
		echo test,description,unit,better,label,value
		for x in 1.0400 1.2463 0.9984 0.9739 0.9113 1.0599 1.0006 \
			0.9006 0.9075 1.0355 1.0364 0.9781; do
			echo t,d,s,lower,a,$x
		done
		for x in 1.4342 1.0990 0.9585 1.1477 0.9964 1.1155 0.9832 \
			1.0930 1.0300 1.0257 1.1161 1.2057; do
			echo t,d,s,lower,b,$x
		done
	} >j.csv
}

test_expect_success 'text and CSV: Welch p <= 0.05, U p > 0.05, the row carries j and its note' '
	runs &&
	fsreport compare --format csv j.csv >c.csv &&
	grep -q ",0.0452876[0-9]*,0.0596570[0-9]*,.*,wovj," c.csv &&
	fsreport compare j.csv >t &&
	grep -q "^  b 12  1.094  11.6%   +9.0% \[+0.2, +18.6\]  0.045  worse   wovj$" t &&
	joined_has t "${HEAD#j: }" && joined_has t "$TAIL"
'

test_expect_success 'table, Markdown, report -o, --svg: the same mark and note' '
	runs &&
	fsreport compare --format table j.csv >tab &&
	grep -q " worse wovj |$" tab && joined_has tab "$HEAD" &&
	fsreport compare --format markdown j.csv >md &&
	grep -q "| worse wovj *|" md && joined_has md "$HEAD" && joined_has md "$TAIL" &&
	fsreport report j.csv -o rep >/dev/null &&
	grep -q "<span class=\"vd v-worse\">worse wovj</span>" rep/index.html &&
	joined_has rep/index.html "${HEAD%Welch*}Welch" &&
	joined_has rep/index.html "$TAIL" &&
	fsreport compare j.csv --svg c.svg >/dev/null &&
	grep -q ">[0-9.]*  +[0-9.]*% wovj<" c.svg &&
	svg_has c.svg "Marks: w:" && svg_has c.svg "${HEAD%Welch*}" && svg_has c.svg "$TAIL"
'

test_expect_success '--test mwu: the verdict is the U test'"'"'s, and said so' '
	runs &&
	fsreport compare --test mwu j.csv >u &&
	joined_has u "The verdict here is the U test'"'"'s (--test mwu)." &&
	! joined_has u "decides by the U test"
'

test_done
