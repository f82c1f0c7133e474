#!/bin/sh
# Steady state on the report page and in the charts (issue 37: every
# flag in text, table, Markdown, HTML and charts with its note, and
# which mean is the result never silent; t2835 has text, tables,
# Markdown, JSON and show's HTML). The real case is fio's iops logs of
# tests/data/fio/series: runs 1 and 2 never became steady, run 3 after a
# warm-up of 1755 ms (4696.50 IOPS steady, 4699.48 over the whole run).
. "$(dirname "$0")/lib.sh"

S="$TOP/tests/data/fio/series"
NOTE="y: a run's time series never became steady (SNIA PTS rule"
CELL="y runs, iops log: write IOPS (mean): 2 of 3 runs never became steady; the other 1 after a warm-up of up to 1755 ms, with a steady mean of 4696.50 IOPS against 4699.48 IOPS over its whole run"
WHOLE="ach run with a time series (5 runs) has the mean of its whole run as its result; --steady takes the mean from where it became steady (SNIA PTS rule)"
STEADY="ach run with a time series (5 runs) has its steady-state mean as its result, from where it became steady by the SNIA PTS rule (--steady); 2 never became steady and keep their whole-run mean"

runs() {
	mkdir runs other &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	cp "$S/randwrite-3_iops.1.log" other/a_iops.1.log &&
	cp "$S/randwrite-3_iops.1.log" other/b_iops.1.log
}

test_expect_success 'report -o: y after the verdict, its note, warm-up and both means, which mean' '
	runs &&
	fsreport report runs other -o rep >/dev/null &&
	grep -q "<span class=\"vd v-other\">same yv</span>" rep/index.html &&
	joined_has rep/index.html "Marks after a verdict: $NOTE" &&
	joined_has rep/index.html "<p class=\"legend\">$CELL" &&
	joined_has rep/index.html "$WHOLE" &&
	joined_has rep/index.md "$CELL" &&
	fsreport report --steady runs other -o st >/dev/null &&
	joined_has st/index.html "$STEADY" &&
	! joined_has st/index.html "$WHOLE"
'

test_expect_success '--svg and --chart-dir: y beside the change, its note, which mean' '
	runs &&
	fsreport compare runs other --svg c.svg >/dev/null &&
	svg_has c.svg "Marks: $NOTE" &&
	svg_has c.svg "E$WHOLE" &&
	fsreport compare --steady runs other --chart-dir cd >/dev/null &&
	for f in cd/01-fio-iops-log-write-iops-mean-iops.svg cd/change.svg; do
		svg_has $f "$NOTE" && svg_has $f "E$STEADY" || return 1
	done &&
	grep -q ">[0-9.]*  baseline yv<" cd/01-fio-iops-log-write-iops-mean-iops.svg &&
	grep -q ">[0-9.]*  -[0-9.]*% yv<" cd/01-fio-iops-log-write-iops-mean-iops.svg
'

test_expect_success 'show --svg and --chart-dir: y after the value, its note naming the cell, which mean' '
	runs &&
	fsreport show runs --svg s.svg >/dev/null &&
	grep -q ">[0-9.]* y<" s.svg &&
	svg_has s.svg "Marks: y runs: 2 of 3 runs never became steady; the other 1 after a warm-up of up to 1755 ms, with a steady mean of 4696.50 IOPS against 4699.48 IOPS over its whole run." &&
	svg_has s.svg "E$(echo "$WHOLE" | sed "s/(5 runs)/(3 runs)/")" &&
	fsreport show --steady runs other --chart-dir sd >/dev/null &&
	f=sd/01-fio-iops-log-write-iops-mean-iops.svg &&
	test "$(grep -o ">[0-9.]* y<" $f | wc -l)" -eq 1 &&
	svg_has $f "Marks: y runs: 2 of 3" && ! svg_has $f "y other:" &&
	svg_has $f "E$STEADY"
'

test_expect_success 'the overview: which mean a run with a time series has' '
	runs &&
	fsreport report runs other -o rep >/dev/null &&
	svg_has rep/charts/overview.svg "Counts: the verdicts of the results. E$WHOLE." &&
	fsreport compare --steady runs other --chart-dir cd >/dev/null &&
	svg_has cd/overview.svg "Counts: the verdicts of the results. E$STEADY." &&
	! svg_has cd/overview.svg "$WHOLE"
'

test_expect_success 'run 3 alone on both sides: steady, no y on the page nor in the charts' '
	mkdir a b &&
	cp "$S/randwrite-3_iops.1.log" a/ && cp "$S/randwrite-3_iops.1.log" b/ &&
	fsreport report a b -o rep >/dev/null &&
	! grep -q -F "$NOTE" rep/index.html rep/charts/*.svg &&
	joined_has rep/index.html "ach run with a time series (2 runs) has the mean of its whole run"
'

test_expect_success 'fio text --status-interval (real runs): y and the warm-up on the page; sysbench --report-interval steady, no y' '
	T="$DATA/fio/status-interval-text/normal" &&
	fsreport report a="$T" b="$T" -o rep >/dev/null &&
	test "$(grep -o "<span class=\"vd v-other\">same yv</span>" rep/index.html | wc -l)" -eq 2 &&
	joined_has rep/index.html "<p class=\"legend\">y a, w: write IOPS: 2 of 3 runs never became steady; the other 1 after a warm-up of up to 891 ms, with a steady mean of 116344.11 IOPS against 109397.87 IOPS over its whole run" &&
	svg_has rep/charts/change.svg "$NOTE" &&
	R="$DATA/sysbench/report-interval" &&
	fsreport report a="$R" b="$R" -o sb >/dev/null &&
	! grep -q -F "$NOTE" sb/index.html sb/charts/*.svg &&
	joined_has sb/index.html "ach run with a time series (18 runs) has the mean of its whole run"
'

test_done
