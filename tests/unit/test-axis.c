/*
 * test-axis.c - render/charts/axis.c's one best-fit axis search and the number
 * suffix, with 10 px per character so label widths are known. The
 * expected axes were worked out by hand from Heckbert's "Nice numbers
 * for graph labels" (Graphics Gems, 1990): range = nice(hi - lo, no
 * rounding), step = nice(range / (target - 1), rounded), ends rounded
 * outward to a step. Label fit: two neighbouring labels of widths a and
 * b centred x apart fit when x >= a/2 + b/2 + TICK_GAP (6 px).
 */
#include "render/charts/layout-internal.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void ten_px(void *ctx, enum fsr_font f, const char *t, double *w,
		   double *h)
{
	(void)ctx;
	(void)f;
	*w = (double)fsr_utf8_width(t) * 10;
	*h = 12;
}

static void fmt_g(struct fsr_buf *b, double v, const struct fsr_axis *a,
		  const void *data)
{
	(void)a;
	(void)data;
	fsr_buf_addf(b, "%g", v);
}

/* The axis best_fit picks for data [lo, hi] over plot_w px. */
static struct fsr_axis fit(double lo, double hi, double plot_w,
			   const int *targets, size_t n)
{
	struct fsr_lay L = { NULL, ten_px, NULL, 800, 0 };
	struct fsr_chart c;

	memset(&c, 0, sizeof(c));
	c.plot_w = plot_w;
	fsr_axis_best_fit(&L, &c, lo, hi, targets, n, fmt_g, NULL, NULL,
			  NULL);
	return c.axis;
}

static const int targets[] = { 8, 6, 5, 4, 3 };
#define N_TARGETS (sizeof(targets) / sizeof(targets[0]))

static void test_best_fit(void)
{
	struct fsr_axis a;

	/*
	 * [0, 61]: target 8 gives step 10 on [0, 70] (cover 0.871),
	 * 6 and 5 step 20 on [0, 80], 4 and 3 step 50 on [0, 100].
	 * At 400 px the 8 labels of [0, 70] are 57 px apart, enough.
	 */
	a = fit(0, 61, 400, targets, N_TARGETS);
	ok(a.lo == 0 && a.hi == 70 && a.step == 10 && a.n_ticks == 8,
	   "[0, 61] at 400 px: the tightest axis, 0..70 by 10 "
	   "(got %g..%g by %g, %zu ticks)", a.lo, a.hi, a.step, a.n_ticks);
	/* At 100 px: 0..70 by 10 is 14 px apart (needs 26), 0..80 by 20
	 * is 25 px apart (needs 26 between "60" and "80"): the first that
	 * fits is 0..100 by 50 (50 px apart, "50" and "100" need 31). */
	a = fit(0, 61, 100, targets, N_TARGETS);
	ok(a.lo == 0 && a.hi == 100 && a.step == 50 && a.n_ticks == 3,
	   "[0, 61] at 100 px: only 0..100 by 50 fits (got %g..%g by %g)",
	   a.lo, a.hi, a.step);
	/* At 130 px 0..80 by 20 is 32.5 px apart: it fits and is tighter
	 * than 0..100. */
	a = fit(0, 61, 130, targets, N_TARGETS);
	ok(a.hi == 80 && a.step == 20,
	   "[0, 61] at 130 px: 0..80 by 20 (got %g..%g by %g)", a.lo, a.hi,
	   a.step);
	/*
	 * [0, 97]: every target gives [0, 100] (cover 0.97 each); 5 to 8
	 * gridlines come first (PTS, OpenBenchmarking): by 20 (6 ticks),
	 * not by 10 (11) even where its labels fit (400 px).
	 */
	a = fit(0, 97, 400, targets, N_TARGETS);
	ok(a.hi == 100 && a.step == 20,
	   "[0, 97] at 400 px: equal covers, 5 to 8 ticks, by 20 "
	   "(got by %g)", a.step);
	a = fit(0, 97, 200, targets, N_TARGETS);
	ok(a.hi == 100 && a.step == 20,
	   "[0, 97] at 200 px: by 10 does not fit, by 20 (got by %g)",
	   a.step);
	/* Nothing fits in 20 px: the last axis tried stays (target 3). */
	a = fit(0, 97, 20, targets, N_TARGETS);
	ok(a.hi == 100 && a.step == 50,
	   "[0, 97] at 20 px: none fits, the last tried, by 50 (got %g)",
	   a.step);
	/* A target below 4 is tried when no earlier one fitted: alone,
	 * target 3 on [0, 61] gives nice(100 / 2) = 50, 0..100. */
	a = fit(0, 61, 400, (const int[]){ 3 }, 1);
	ok(a.step == 50 && a.hi == 100 && a.n_ticks == 3,
	   "target 3 alone: 0..100 by 50 (got %g..%g by %g)", a.lo, a.hi,
	   a.step);
	/* Negative data: [-37, 12] target 6: range nice(49) = 50, step
	 * nice(10) = 10, [-40, 20]. */
	a = fit(-37, 12, 400, (const int[]){ 6 }, 1);
	ok(a.lo == -40 && a.hi == 20 && a.step == 10,
	   "[-37, 12]: -40..20 by 10 (got %g..%g by %g)", a.lo, a.hi,
	   a.step);
}

static void test_number_suffix(void)
{
	static const struct {
		double in, out;
		const char *suffix;
		size_t k;
	} cases[] = {
		{ 0, 0, "", 0 },
		{ 9999, 9999, "", 0 },
		{ 10000, 10, "k", 1 },
		{ 9999999, 9999.999, "k", 1 },
		{ 12345678, 12.345678, "M", 2 },
		{ 3e9, 3000, "M", 2 },     /* below 10000 already */
		{ 3e10, 30, "G", 3 },
		{ 1e13, 10, "T", 4 },
		{ 5e17, 500000, "T", 4 },  /* no prefix beyond T */
		{ 0.003, 0.003, "", 0 },   /* never below one */
		{ -50000, -50000, "", 0 }, /* only large values move */
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double m = cases[i].in;
		const char *suffix = NULL;
		size_t k = fsr_number_suffix(&m, &suffix);

		ok(k == cases[i].k && suffix && !strcmp(suffix,
							cases[i].suffix) &&
		   fabs(m - cases[i].out) <= 1e-9 * fabs(cases[i].out),
		   "suffix of %g: %g%s (got %g%s, %zu steps)", cases[i].in,
		   cases[i].out, cases[i].suffix, m, suffix ? suffix : "?",
		   k);
	}
}

int main(void)
{
	test_best_fit();
	test_number_suffix();
	return done_testing();
}
