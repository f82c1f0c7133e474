#!/bin/sh
# The percentile spectrum chart (issue 36, render/charts/spectrum.c):
# under the bars of the latency that keeps each run's histogram, in the
# SVG of --chart-dir and report -o; a bold path per configuration, a
# faint one per run, a band per configuration, the five percentile
# labels of the x axis; a configuration's lines end where its runs stop
# supporting the percentile. The values are checked in test-latency
# (scripts/latency-spectrum-reference.py). The CDF drawn under it
# (lines of the same widths) is t2870's.
. "$(dirname "$0")/lib.sh"

E="$TOP/examples/latency"
P50=02-fio-w-write-completion-latency-p50-ns.svg

test_expect_success '--chart-dir: the p50 chart holds the spectrum' '
	fsreport compare --only "completion latency" -o /dev/null \
		--chart-dir charts "$E/none" "$E/fsync" &&
	f="charts/$P50" &&
	sed "/cumulative distribution (CDF)<\/text>/,\$d" "$f" >spectrum &&
	grep -c "stroke-width=\"2.5\" stroke-linejoin" spectrum >bold &&
	echo 2 >want && test_cmp want bold &&
	grep -c "stroke-width=\"0.8\" stroke-linejoin" spectrum >faint &&
	echo 20 >want && test_cmp want faint &&
	grep -c "fill-opacity=" "$f" >bands &&
	echo 2 >want && test_cmp want bands &&
	for l in "50 %" "90 %" "99 %" "99.9 %" "99.99 %"; do
		grep -q ">$l</text>" "$f" || { echo "no x label $l"; return 1; }
	done &&
	grep -q "percentile spectrum</text>" "$f" &&
	grep -q "s, lower is better; both axes log</text>" "$f" &&
	grep -q "fsync: ends at p99.75" "$f" &&
	! grep -q "percentile spectrum" charts/01-*.svg &&
	! grep -q "percentile spectrum" charts/04-*.svg
'

test_expect_success 'the layout: the bold lines are one per configuration, fsync ends before p99.9' '
	fsreport compare --only "completion latency .p50" --debug-layout \
		"$E/none" "$E/fsync" >lay &&
	grep "^  path spectrum-mean " lay >bold &&
	test $(wc -l <bold) = 2 &&
	grep -q "row=1 ink=sys0 .* lw=2.5 points=75 " bold &&
	grep -q "row=2 ink=sys1 .* lw=2.5 points=47 " bold &&
	grep -q "^  text spectrum-x-label .*\"99.99 %\"" lay
'

test_expect_success 'report -o: index.html and the chart files show it' '
	fsreport report --only "completion latency" -o rep \
		"$E/none" "$E/fsync" &&
	grep -q "percentile spectrum" rep/charts/$P50 &&
	grep -q "percentile spectrum" rep/index.html &&
	test -s rep/charts/${P50%.svg}.png
'

test_expect_success 'a latency with one run per configuration: lines, no band' '
	fsreport compare --only "completion latency .p50" --debug-layout \
		"$E/none/1.json" "$E/fsync/1.json" >lay1 &&
	test $(grep -c "^  path spectrum-mean " lay1) = 2 &&
	! grep -q "^  path spectrum-band " lay1
'

test_done
