#!/bin/sh
# One run per system (the Phoronix ext4 article, seed 000): the report
# says so once, at the top of the page, and promises no interval it does
# not draw: the per-system table has no Interval or verdict columns, the
# overview and change charts name no confidence interval, the change
# chart is bars of the plain difference in % on a linear axis. With runs
# on both sides (PostMark) none of this changes. (issue 34)
. "$(dirname "$0")/lib.sh"

EXT4="$EXAMPLES/ext4-mount-options"
PM="$EXAMPLES/postmark"

test_expect_success 'the page says once, at the top, one run per system' '
	fsreport report "$EXT4" -o out &&
	test $(grep -c "class=\"notice\"" out/index.html) = 1 &&
	grep -q "<p class=\"notice\" id=\"one-run\">One run per system" \
		out/index.html &&
	# before the summary, right under the title
	sed -n "/<h1>/,/<section id=\"summary\">/p" out/index.html >top &&
	grep -q "id=\"one-run\"" top
'

test_expect_success 'no interval promised: per-system table, charts' '
	fsreport report "$EXT4" -o out &&
	sed -n "/id=\"per-system\"/,/<\/table>/p" out/index.html >ps &&
	grep -q "Geometric mean" ps &&
	! grep -q "Interval\|Better\|Worse\|no interval" ps &&
	for f in out/charts/overview.svg out/charts/change-*.svg; do
		! grep -q "confidence interval\|interval (95\|too wide" "$f" ||
		{ echo "$f"; return 1; }
	done &&
	grep -q "no interval, no verdict" out/charts/overview.svg &&
	# the plain difference in %, not factors on a log axis
	! grep -q "log scale" out/charts/change-01.svg &&
	grep -q "Change in %" out/charts/change-01.svg
'

test_expect_success 'runs on both sides: no notice, intervals as before' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o pm 2>err &&
	! grep -q "One run per system" pm/index.html &&
	grep -q "confidence interval" pm/charts/overview.svg
'

test_expect_success 'a baseline of 10 runs against one: not "a single run per system"' '
	mkdir one && cp "$PM/unbuffered/run-01.txt" one/ &&
	fsreport compare "$PM/buffered" one >out &&
	! grep -q "single run per system" out &&
	grep -q "^warning: fewer than 2 runs on a side in every result" out &&
	fsreport report "$PM/buffered" one -o page &&
	! grep -q "One run per system" page/index.html
'

test_done
