#!/bin/sh
# A chart's SVG carries its text as <text> elements, and two independent
# SVG renderers draw it alike: rsvg-convert (librsvg, Debian's
# librsvg2-bin) and headless Chromium (Skia), both from
# scripts/setup-deps.sh check. Each draws every chart of a compare and
# of a show; scripts/png-ink.py --differ lays both on white and counts
# the pixels whose colour differs by more than 96 in a channel: under 5 %
# of the drawn pixels (anti-aliased text edges differ by less). Two
# different charts differ by about 40 % of theirs, so the check can fail.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"

# why_not: the reason the two renderers cannot both run here, or
# nothing (Chromium: installed, not turned off and able to start)
why_not() {
	why=$(tools_why_not)
	if [ -n "$why" ]; then echo "$why"; else browser_why_not; fi
}

# tools_why_not: the same for rsvg-convert and python3 alone
tools_why_not() {
	for c in rsvg-convert python3; do
		command -v $c >/dev/null 2>&1 && continue
		echo "$c is not installed (make check installs it)"
		return
	done
}

# size SVG: "WIDTH,HEIGHT" of its root element (px)
size() {
	sed -n '2s/.* width="\([0-9]*\)px" height="\([0-9]*\)px".*/\1,\2/p' "$1"
}

# alike SVG: 0 when both renderers draw it alike; the counts in ./alike
alike() {
	svg=$1 png=${1%.svg}
	rsvg-convert "$svg" -o "$png-rsvg.png" || return 1
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--hide-scrollbars --no-first-run \
		--user-data-dir="$PWD/profile" --window-size="$(size "$svg")" \
		--screenshot="$PWD/$png-chromium.png" "file://$PWD/$svg" \
		2>>chrome.err || return 1
	python3 "$TOP/scripts/png-ink.py" --differ "$png-rsvg.png" \
		"$png-chromium.png" >alike || return 1
	read -r w h n ink_a ink_b <alike
	echo "$svg: $w x $h, $n of $ink_a / $ink_b drawn pixels differ" >>log
	test "$ink_a" -gt 1000 && test "$ink_b" -gt 1000 &&
	test $((n * 20)) -lt "$ink_a" && test $((n * 20)) -lt "$ink_b"
}

test_expect_success 'chart SVG: text is <text>, the glyphs are not paths' '
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir c >out &&
	for f in c/*.svg; do
		grep -q "<text[ >]" "$f" &&
		! grep -q "<symbol\|glyph" "$f" || return 1
	done &&
	grep -q ">Total_duration</text>" c/01-postmark-total-duration-s.svg
'

test_expect_success 'rsvg-convert and Chromium draw every compare chart alike' '
	why=$(why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir c \
		--svg stacked.svg >out &&
	test "$(ls c/*.svg | wc -l)" -eq 15 &&
	for f in stacked.svg c/*.svg; do
		alike "$f" || { cat log; return 1; }
	done
'

test_expect_success 'and the charts of show (sync modes, five systems)' '
	why=$(why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport show "$EXAMPLES/sync-modes" --chart-dir s >out &&
	for f in s/*.svg; do
		alike "$f" || { cat log; return 1; }
	done
'

test_expect_success 'two different charts are not alike: the check can fail' '
	why=$(tools_why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir c >out &&
	rsvg-convert c/01-postmark-total-duration-s.svg -o one.png &&
	rsvg-convert c/02-postmark-duration-of-transactions-s.svg -o other.png &&
	python3 "$TOP/scripts/png-ink.py" --differ one.png other.png >d &&
	read -r w h n ink_a ink_b <d &&
	test $((n * 20)) -ge "$ink_a"
'

test_done
