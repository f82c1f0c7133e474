#!/bin/sh
# The change chart's geometric mean lies among the rows it averages
# (issue 31: no page contradicts itself). Lower-is-better rows are drawn
# turned round; on a linear % axis that is -47 % drawn at 47, while the
# geometric mean of the inverted ratios (1 / 0.53 = +90 % for that row
# alone) sat far right of every row: with such rows beside a geometric
# mean the axis is the log ratio, where turning round is the inverse
# for both. Positions are read from the SVG: the rows' dots (r 4.5), the
# geometric mean's diamond.
. "$(dirname "$0")/lib.sh"

among() {
	python3 - "$1" <<-\PY
	import re, sys
	svg = open(sys.argv[1]).read()
	dots = [float(x) for x in re.findall(r'<circle cx="([0-9.]+)" cy="[0-9.]+" r="4.5"', svg)]
	geo = [float(m.group(1)) for m in re.finditer(
	    r'<path d="M([0-9.]+) [0-9.]+L[0-9.]+ ([0-9.]+)L\1 [0-9.]+L[0-9.]+ \2Z"', svg)]
	assert dots and len(geo) == 1, (dots, geo)
	assert min(dots) <= geo[0] <= max(dots), (dots, geo)
	print("geometric mean at %.1f among rows %.1f..%.1f" % (geo[0], min(dots), max(dots)))
	PY
}

test_expect_success 'latency, every row lower is better: the mean among its rows, on a log axis' '
	fsreport compare -q --only "completion latency" --chart-dir lat \
		"$EXAMPLES/latency/fsync" "$EXAMPLES/latency/none" >/dev/null &&
	among lat/change.svg &&
	grep -q "as a factor (log scale)" lat/change.svg
'

test_expect_success 'compare-stats, both directions: the mean among its rows' '
	fsreport compare -q --chart-dir cs "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv" >/dev/null &&
	among cs/change.svg
'

test_done
