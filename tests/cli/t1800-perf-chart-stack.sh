#!/bin/sh
# A text run never maps the chart stack: Cairo, Pango, GLib, HarfBuzz,
# fontconfig and FreeType live in the chart module (render/charts/backend.h),
# which the dynamic loader brings in only when a chart is measured or
# drawn. Seen through the loader's own trace (LD_DEBUG=libs, glibc).
. "$(dirname "$0")/lib.sh"

STACK='lib\(cairo\|pango[a-z]*\|glib\|gobject\|harfbuzz\|fontconfig\|freetype\|pixman\)-*[0-9.]*\.so'

# loaded CMD...: the libraries the loader opened for CMD, one a line
loaded() {
	LD_DEBUG=libs "$@" 2>&1 >/dev/null |
		sed -n 's/.*calling init: \(.*\)$/\1/p' | sed 's|.*/||' | sort -u
}

test_expect_success 'the loader trace is there to read' '
	loaded "$FSREPORT" --version >libs &&
	grep "^libxml2\.so" libs
'

test_expect_success '--version maps no chart library' '
	loaded "$FSREPORT" --version >libs &&
	! grep "$STACK" libs
'

test_expect_success 'show and compare as text map no chart library' '
	loaded "$FSREPORT" show --format csv "$EXAMPLES/ext4-mount-options" \
		>libs &&
	loaded "$FSREPORT" compare --format ascii \
		"$EXAMPLES/ext4-mount-options" >>libs &&
	loaded "$FSREPORT" compare --format markdown "$EXAMPLES/postmark"/* \
		>>libs &&
	! grep "$STACK" libs
'

test_expect_success 'a chart loads the module and Cairo with it' '
	loaded "$FSREPORT" show --svg chart.svg \
		"$EXAMPLES/sync-modes" >libs &&
	grep "^fsreport-cairo\.so$" libs &&
	grep "^libcairo\.so" libs &&
	grep -q "<svg" chart.svg
'

test_done
