#!/bin/sh
# compare --sign better (issue 15, mmtests' convention): + means better in
# every output. The lower-is-better row's numbers are the negated ones
# of the default run (checked here with awk on both CSVs), the
# higher-is-better rows, the p values and the verdicts do not move.
. "$(dirname "$0")/lib.sh"

IN="$TOP/tests/data/csv/geomean-groups.csv"

test_expect_success 'csv: lower-is-better changes negated, the rest kept' '
	fsreport compare --format csv "$IN" >change.csv &&
	fsreport compare --sign better --format csv "$IN" >better.csv &&
	paste -d, change.csv better.csv >both &&
	awk -F, "NR > 1 {
		n = 45; lower = (\$5 == \"lower\");
		for (i = 1; i <= n; i++) {
			a = \$i; b = \$(i + n);
			if (lower && (i == 14 || i == 23)) ok = (a == -b);
			else if (lower && (i == 15 || i == 24)) ok = (\$(i + 1) == -b);
			else if (lower && (i == 16 || i == 25)) ok = (\$(i - 1) == -b);
			else ok = (a == b);
			if (!ok) { print NR, i, a, b; bad = 1 }
		}
	} END { exit bad }" both
'

test_expect_success 'text: the worse row reads -51.2%, and the legend says why' '
	fsreport compare --sign better "$IN" >out &&
	grep -q "\-51.2% \[-54.5, -48.0\]  <.001  worse" out &&
	grep -q "sign better: a lower-is-better" out
'

test_expect_success 'table: the legend names the convention' '
	fsreport compare --sign better --format table --width 80 "$IN" >out &&
	tr "\n" " " <out | grep -q "is better (--sign better"
'

test_expect_success 'chart: the turned number beside the same position' '
	fsreport compare --debug-layout "$IN" >plain &&
	fsreport compare --sign better --debug-layout "$IN" >turned &&
	grep -q "+51.21% worse" plain && grep -q "\-51.21% worse" turned &&
	grep -q "154.8  -51.21%" turned &&
	# only the two texts may differ, and what their widths move: the
	# value column is as wide as its widest text ("-" and "+" differ)
	turn="s/[-+]51\.21%/@C@/; s/98.75%: [-+]48.0% to [-+]54.5%/@I@/;
		s/98.75%: -54.5% to -48.0%/@I@/; s/ [xw]=[0-9.]*//g" &&
	sed "$turn" plain >a &&
	sed "$turn" turned >b &&
	test_cmp a b
'

test_expect_success '--sign wants change or better' '
	test_expect_code 2 fsreport compare --sign worse "$IN" 2>err &&
	grep -q "\-\-sign wants change or better" err
'

test_done
