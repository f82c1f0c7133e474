#!/bin/sh
# The layers keep their jobs (README "Layout"), checked on the objects
# the build made, by their undefined symbols (nm): no renderer calls GSL
# (render/ lays out analyze/'s numbers, it computes none: render/data/pts.c
# computed a mean with gsl_stats_mean), and analyze/ and view/ print
# nothing (no stdio writes, no sinks).
. "$(dirname "$0")/lib.sh"

# undefined OBJDIR: "file symbol" per undefined symbol of OBJDIR/*.o
undefined() {
	for o in "$BUILD/$1"/*.o "$BUILD/$1"/*/*.o; do
		test -f "$o" || continue
		nm -u "$o" | awk -v f="${o##*/}" '{ print f, $NF }'
	done
}

have_objects() {
	command -v nm >/dev/null || { skip "no nm"; return 1; }
	ls "$BUILD/$1"/*.o >/dev/null 2>&1 ||
		{ skip "no $1 objects in $BUILD"; return 1; }
}

test_expect_success 'no renderer calls GSL' '
	have_objects render || return 0
	undefined render >u &&
	! grep " gsl_" u
'

test_expect_success 'analyze/ prints nothing' '
	have_objects analyze || return 0
	undefined analyze >u &&
	! grep -E " (_IO_)?(printf|fprintf|vprintf|vfprintf|puts|fputs|putchar|fputc|fwrite|__printf_chk|__fprintf_chk|__vfprintf_chk|fsr_sink_[a-z_]*|fsr_buf_add_fixed|fsr_vocab_[a-z_]*)\$" u
'

test_expect_success 'view/ writes no output and calls no GSL' '
	have_objects view || return 0
	undefined view >u &&
	! grep -E " (printf|fprintf|puts|fputs|fwrite|__printf_chk|__fprintf_chk|fsr_sink_[a-z_]*|gsl_[a-z_]*)\$" u
'

test_expect_success 'the check sees symbols (render/ writes to sinks)' '
	have_objects render || return 0
	undefined render >u &&
	grep -q " fsr_sink_puts\$" u
'

test_done
