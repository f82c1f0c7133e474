#!/bin/sh
# The layers keep their jobs (README "Layout"), checked on the objects
# the build made, by their undefined symbols (nm): no renderer calls GSL
# (render/ lays out analyze/'s numbers, it computes none: render/data/pts.c
# computed a mean with gsl_stats_mean) nor computes a mean by hand (a
# sum over a count, on the sources), and analyze/ and view/ print
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

# render/'s C sources, as "file:line:text"
render_sources() {
	for f in "$TOP"/render/*.c "$TOP"/render/*/*.c; do
		awk -v f="${f#"$TOP"/}" '{ print f ":" NR ":" $0 }' "$f"
	done
}

# A mean is a sum divided by a count: render/ neither adds up values
# nor divides a sum (PTS's AVG of a line graph and a trend segment's
# level come from analyze/series.c).
MEAN='(sum|total)[a-z_]*[ )]*/ *\(?(double|size_t|[a-z_]*n|k|count)\b|(sum|total)[a-z_]* *\+= *[a-z_>.()-]*(mean|value|x)\b'

test_expect_success 'no renderer computes a mean (a sum over a count)' '
	render_sources >src &&
	! grep -E "$MEAN" src
'

test_expect_success 'the mean check sees the sums render/ used to compute' '
	printf "%s\n" "render/text/ascii.c:1:	number_format(&t, sum / (double)n, p);" \
		"render/charts/trend_chart.c:2:		sum += p->s->mean;" >planted &&
	test "$(grep -c -E "$MEAN" planted)" = 2
'

test_expect_success 'the check sees symbols (render/ writes to sinks)' '
	have_objects render || return 0
	undefined render >u &&
	grep -q " fsr_sink_puts\$" u
'

test_done
