#!/bin/sh
# index.html of fsreport report as a browser shows it: headless Chromium
# (Debian's chromium, scripts/setup-deps.sh) opens it from disk, with no
# network; the screenshot is not blank and shows the charts' bars in the
# systems' colours, and the page's DOM holds every chart as inline SVG.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"

# chrome ARG...: headless Chromium on a profile of this test; its
# messages are shown when it fails (a test first skips, with the
# reason, where browser_why_not says it cannot run here)
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$PWD/profile" \
		--window-size=1200,3000 "$@" 2>chrome.err ||
	{ tail -n 5 chrome.err; return 1; }
}

test_expect_success 'the screenshot of index.html is not blank' '
	why=$(browser_why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	chrome --screenshot="$PWD/shot.png" "file://$PWD/out/index.html" &&
	python3 "$TOP/scripts/png-ink.py" shot.png 0072B2 E69F00 >ink &&
	read -r w h ink blue orange <ink &&
	test "$w" -eq 1200 && test "$h" -eq 3000 &&
	# text, tables and charts: several % of the page drawn on
	test "$ink" -gt 100000 &&
	# the bars of both systems (Okabe-Ito blue and orange) are drawn
	test "$blue" -gt 20000 && test "$orange" -gt 20000
'

test_expect_success 'every chart is in the DOM as inline SVG' '
	why=$(browser_why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	chrome --dump-dom "file://$PWD/out/index.html" >dom &&
	test "$(grep -o "<figure class=\"chart\"" dom | wc -l)" -eq 15 &&
	test "$(grep -o "<svg" dom | wc -l)" -eq 15 &&
	grep -q "<a href=\"#chart-[0-9]*\">Total_duration (s" dom
'

test_done
