#!/bin/sh
# trend charts: --svg, --png, --chart-dir and --debug-layout of a series:
# a line of means, the interval as a band, the runs as dots, change
# points marked with their step, the direction in the caption. Data:
# tests/data/trend/kernels (steps at 6.5 and 6.9, see its README).
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"
given() {
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
png_size() {
	od -An -tu1 -j16 -N8 "$1" |
	awk '{ printf "%dx%d\n", $1*16777216+$2*65536+$3*256+$4,
			$5*16777216+$6*65536+$7*256+$8 }'
}
# chart N FILE: the dump lines of chart N
chart() {
	awk -v n="$1" '/^chart / { on = ($2 == n) } on' "$2"
}

test_expect_success 'a chart per result, of the trend kind' '
	fsreport trend --debug-layout $(given) >dump &&
	grep "^page w=800.0 .* charts=3$" dump &&
	test "$(grep -c "^chart [0-9] trend result=" dump)" -eq 3
'

test_expect_success 'the line of means, a mean dot and the runs of every run set' '
	fsreport trend --debug-layout $(given) >dump &&
	chart 1 dump >c1 &&
	test "$(grep -c "^  line mean-line " c1)" -eq 11 &&
	test "$(grep -c "^  dot mean " c1)" -eq 12 &&
	test "$(grep -c "^  dot run " c1)" -eq 60 &&
	test "$(grep -c "^  text run-set " c1)" -eq 12
'

test_expect_success 'the interval as a band, one per segment (not across a change point)' '
	fsreport trend --debug-layout $(given) >dump &&
	chart 1 dump >c1 &&
	grep "^  band interval " c1 | sed "s/.* row=\([0-9]*\) .*/\1/" | tr "\n" " " >actual &&
	printf "1 2 3 5 6 7 8 9 10 11 " >expect &&
	test_cmp expect actual &&
	test "$(grep -c "^  line level .* dashed$" c1)" -eq 2
'

test_expect_success 'change points marked where they are, with step and verdict' '
	fsreport trend --debug-layout $(given) >dump &&
	chart 1 dump >c1 && chart 3 dump >c3 && chart 2 dump >c2 &&
	grep "^  line change-point row=5 ink=worse .* dashed$" c1 &&
	grep "^  text change-label row=5 ink=worse .*\"-8.05% worse\"$" c1 &&
	grep "^  line change-point row=9 ink=better " c3 &&
	grep "\"-14.66% better\"$" c3 &&
	! grep -q change-point c2
'

test_expect_success 'the direction is shown' '
	fsreport trend --debug-layout $(given) >dump &&
	grep "^  text caption .*\"tx/s, higher is better\"$" dump &&
	grep "^  text caption .*\"s, lower is better\"$" dump
	! grep -q "autocorrelation" dump
'

test_expect_success 'the value axis fits the data, not zero' '
	fsreport trend --debug-layout $(given) >dump &&
	chart 1 dump | grep "^  axis lo=3700 hi=4200 step=100 " &&
	chart 1 dump | grep "^  plot " | grep "h=220.0"
'

test_expect_success '--svg is valid XML, --png 800 px wide, as tall as the layout' '
	fsreport trend --svg out.svg --png out.png -o /dev/null $(given) &&
	xmllint --noout --nonet out.svg &&
	fsreport trend --debug-layout $(given) >dump &&
	h=$(sed -n "1s/.* h=\([0-9]*\)\.[0-9] .*/\1/p" dump) &&
	size=$(png_size out.png) &&
	test "${size%x*}" = 800 &&
	test $(( ${size#*x} - h )) -ge 0 && test $(( ${size#*x} - h )) -le 1
'

test_expect_success '--chart-dir: a file per result; the text report still written' '
	fsreport trend --chart-dir charts $(given) >text &&
	ls charts >actual &&
	printf "01-postmark-transactions-s-tx-s.svg\n02-fsync-latency-4k-writes-ms.svg\n03-compile-linux-tree-s.svg\n" >expect &&
	test_cmp expect actual &&
	grep "^PostMark: Transactions/s" text &&
	fsreport trend --chart-dir pngs --chart-format png $(given) >/dev/null &&
	test "$(ls pngs | wc -l)" -eq 3
'

test_expect_success 'a chart from --db is the chart from the folders' '
	fsreport store add -q --db s.db $(given) &&
	fsreport trend --debug-layout $(given) >a &&
	fsreport trend --debug-layout --db s.db >b &&
	test_cmp a b
'

test_expect_success 'a result that is not a number: a note, not a chart' '
	fsreport trend --debug-layout A="$CORPUS/pjdfstest-passfail.xml" \
		B="$CORPUS/pjdfstest-passfail.xml" >dump 2>err &&
	grep "^chart 1 trend " dump && grep "^chart 2 note " dump &&
	grep "not in the trend" dump
'

test_expect_success 'an autocorrelated series says so in its caption' '
	awk "BEGIN { for (i = 1; i <= 30; i++) { d = sprintf(\"w%02d\", i); system(\"mkdir -p \" d); f = d \"/runs.csv\";
		print \"test,description,unit,better,value\" > f;
		for (k = 0; k < 5; k++) printf \"Seq read,1M,MB/s,higher,%.2f\\n\", 500 + 3 * sin(i / 2) + ((i * 7 + k * 3) % 5 - 2) * 0.4 >> f;
		close(f) } }" &&
	fsreport trend --debug-layout w?? >dump &&
	grep "^  text caption .*\"MB/s, higher is better; lag-1 autocorrelation 0.88 (allowed for in the test)\"$" dump
'

test_done
