#!/bin/sh
# compare --only-changed (issue 15): only the results judged better or
# worse are shown, in every output, while the corrections and the
# geometric mean stay those of every result compared (so no verdict and
# no p value moves when the others are hidden).
. "$(dirname "$0")/lib.sh"

IN="$TOP/tests/data/csv/geomean-groups.csv"
PM="$TOP/examples/postmark"

test_expect_success 'csv: only the changed row, its numbers unchanged' '
	fsreport compare --format csv "$IN" >all.csv &&
	fsreport compare --only-changed --format csv "$IN" >changed.csv &&
	head -n 1 all.csv >expect &&
	awk -F, "NR > 1 && (\$20 == \"worse\" || \$20 == \"better\")" \
		all.csv >>expect &&
	test_cmp expect changed.csv &&
	test $(wc -l <changed.csv) -eq 2
'

test_expect_success 'json: the geometric mean is that of every result' '
	fsreport compare --format json "$IN" | tr -d " \n" |
		sed "s/.*\"geomean\"://" >all.geo &&
	fsreport compare --only-changed --format json "$IN" | tr -d " \n" |
		sed "s/.*\"geomean\"://" >changed.geo &&
	test_cmp all.geo changed.geo
'

test_expect_success 'text: says what is hidden and that p counts them all' '
	fsreport compare --only-changed "$IN" >out &&
	grep -q "Test Install Time" out &&
	! grep -q "job1: IOPS" out &&
	grep -q "only-changed: the results without a verdict" out &&
	grep -q "Holm-adjusted over 4 comparisons" out
'

test_expect_success 'nothing changed: said so, exit 0' '
	fsreport compare --only-changed "$PM/buffered" "$PM/unbuffered" \
		>out 2>err &&
	grep -q "no result changed (--only-changed: 13 compared" out &&
	grep -q "warning: --only-changed: no result changed (of 13)" err
'

test_expect_success 'fail-on-regression still sees the worse row' '
	test_expect_code 1 fsreport compare --only-changed \
		--fail-on-regression "$IN" >/dev/null
'

test_expect_success 'chart-dir: charts of the changed results only' '
	fsreport compare --only-changed --chart-dir charts --format csv \
		"$IN" >/dev/null &&
	ls charts >list &&
	grep -qi "install" list &&
	! grep -qi "iops" list
'

test_expect_success 'overview: the counts are of every result' '
	fsreport compare --only-changed --chart-dir ov --format csv "$IN" \
		>/dev/null &&
	grep -q "0 better, 1 worse, 3 same" ov/overview.svg
'

test_expect_success 'show compares nothing: --only-changed is refused' '
	test_expect_code 2 fsreport show --only-changed "$IN" 2>err &&
	grep -q "only-changed" err
'

test_expect_success 'html: the overview counts every result, as the chart does' '
	fsreport compare --format html "$IN" >all.html &&
	fsreport compare --only-changed --format html "$IN" >changed.html &&
	grep -o "Overview against[^<]*" all.html >all.counts &&
	grep -o "Overview against[^<]*" changed.html >changed.counts &&
	grep -q "0 better, 1 worse, 3 same" all.counts &&
	test_cmp all.counts changed.counts
'

test_done
