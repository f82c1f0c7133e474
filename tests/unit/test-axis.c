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

/*
 * The 2.5 step (25, 250, 2500), the fourth of the usual nice steps, by
 * hand: tried only when no 1-2-5 step gives 5 to 8 ticks that fit.
 */
static void test_quarter_steps(void)
{
	struct fsr_axis a;

	/*
	 * [0, 14500]: range nice(14500) = 20000; target 8: step
	 * nice(2857) = 2000, 0..16000, 9 ticks; 6, 5, 4: nice(4000),
	 * nice(5000), nice(6667) = 5000, 0..15000, 4 ticks; 3: 0..20000.
	 * None of 5 to 8: by 2500, 0..15000, 7 ticks 85.7 px apart at
	 * 600 px ("12500" needs 50 + 6).
	 */
	a = fit(0, 14500, 600, targets, N_TARGETS);
	ok(a.lo == 0 && a.hi == 15000 && a.step == 2500 && a.n_ticks == 7 &&
	   a.decimals == 0,
	   "[0, 14500] at 600 px: 0..15000 by 2500, 7 ticks "
	   "(got %g..%g by %g, %zu ticks)", a.lo, a.hi, a.step, a.n_ticks);
	/* The same a thousandth the size: by 0.25, two decimals. */
	a = fit(0, 14.5, 600, targets, N_TARGETS);
	ok(a.hi == 15 && a.step == 2.5 && a.n_ticks == 7 && a.decimals == 1,
	   "[0, 14.5]: 0..15 by 2.5 with one decimal (got %g..%g by %g, "
	   "%d decimals)", a.lo, a.hi, a.step, a.decimals);
	a = fit(0, 1.45, 600, targets, N_TARGETS);
	ok(fabs(a.hi - 1.5) < 1e-12 && fabs(a.step - 0.25) < 1e-12 &&
	   a.n_ticks == 7 && a.decimals == 2,
	   "[0, 1.45]: 0..1.5 by 0.25 with two decimals (got %g..%g by %g, "
	   "%d decimals)", a.lo, a.hi, a.step, a.decimals);
	/*
	 * [0, 170]: target 8 gives 0..180 by 20 (10 ticks), target 6
	 * nice(200 / 5) = 50, 0..200 (5 ticks): 5 to 8 with a 1-2-5 step,
	 * which stays although 0..175 by 25 would be tighter.
	 */
	a = fit(0, 170, 600, targets, N_TARGETS);
	ok(a.hi == 200 && a.step == 50,
	   "[0, 170]: 0..200 by 50 stays, not by 25 (got %g..%g by %g)",
	   a.lo, a.hi, a.step);
	/* [0, 97] is unchanged: by 20 (the equal cover of by 25 loses). */
	a = fit(0, 97, 400, targets, N_TARGETS);
	ok(a.hi == 100 && a.step == 20, "[0, 97]: still by 20 (got by %g)",
	   a.step);
	/*
	 * At 250 px by 2500 does not fit (41.7 px apart, "12500" and
	 * "15000" need 56): the best 1-2-5 axis that fits, 0..15000 by
	 * 5000 (83.3 px apart); nothing at 20 px: the last target tried
	 * (3: 0..20000 by 10000), not a 2.5 step.
	 */
	a = fit(0, 14500, 250, targets, N_TARGETS);
	ok(a.hi == 15000 && a.step == 5000,
	   "[0, 14500] at 250 px: 0..15000 by 5000 (got %g..%g by %g)",
	   a.lo, a.hi, a.step);
	a = fit(0, 14500, 20, targets, N_TARGETS);
	ok(a.hi == 20000 && a.step == 10000,
	   "[0, 14500] at 20 px: the last target tried (got %g..%g by %g)",
	   a.lo, a.hi, a.step);
	/* Negative: [-1450, 0] by 250, -1500..0. */
	a = fit(-1450, 0, 600, targets, N_TARGETS);
	ok(a.lo == -1500 && a.hi == 0 && a.step == 250 && a.n_ticks == 7,
	   "[-1450, 0]: -1500..0 by 250 (got %g..%g by %g)", a.lo, a.hi,
	   a.step);
}

static void test_step_decimals(void)
{
	static const struct {
		double step;
		int dec;
	} cases[] = {
		{ 2500, 0 }, { 25, 0 }, { 2.5, 1 }, { 0.25, 2 },
		{ 0.025, 3 }, { 5, 0 }, { 2, 0 }, { 0.2, 1 }, { 0.05, 2 },
		{ 1e-4, 4 },
	};
	struct fsr_axis a;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_int(fsr_view_tick_decimals(cases[i].step), cases[i].dec,
		       "step %g prints with %d decimals", cases[i].step,
		       cases[i].dec);
	is_int((int)fsr_axis_ticks_step(0, 14000, 2500, &a), 7,
	       "0..14000 by 2500: 0..15000, 7 ticks");
	ok(a.lo == 0 && a.hi == 15000 && a.ticks[3] == 7500,
	   "0..14000 by 2500: ends 0 and 15000, 7500 the 4th");
	is_int((int)fsr_axis_ticks_step(-0.3, 0.2, 0.25, &a), 4,
	       "-0.3..0.2 by 0.25: -0.5 -0.25 0 0.25");
	ok(a.ticks[2] == 0, "-0.3..0.2 by 0.25: an exact 0");
	is_int((int)fsr_axis_ticks_step(0, 1e6, 1, &a), 0,
	       "a million ticks: none");
	is_int((int)fsr_axis_ticks_step(1, 1, 1, &a), 0, "lo == hi: none");
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

/*
 * The log value axis of the latency charts (spectrum.c's y, cdf.c's x):
 * 1-2-5 ticks a decade over at most 3 decades, else the decades; the
 * ends the 1-2-5 steps next beyond the data, by hand.
 */
static void test_log_values(void)
{
	static const struct {
		double lo, hi;
		double alo, ahi;      /* the axis ends */
		size_t n;             /* ticks */
		double t0, tn;        /* the first and last tick */
		const char *why;
	} cases[] = {
		{ 2.5, 40, 2, 50, 5, 2, 50, "2.5..40: 2 5 10 20 50" },
		{ 1.5, 91750, 1, 1e5, 6, 1, 1e5,
		  "1.5..91750, 5 decades: every decade, 1 to 1e5" },
		{ 90, 7e5, 50, 1e6, 5, 100, 1e6,
		  "90..7e5: ends 50 and 1e6, ticks the decades 100 to 1e6" },
		{ 1, 1000, 1, 1000, 10, 1, 1000,
		  "1..1000, 3 decades: 1 2 5 ... 1000, ends on the data" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fsr_axis a;

		fsr_axis_log_value_ticks(cases[i].lo, cases[i].hi, &a);
		ok(fabs(a.lo - log10(cases[i].alo)) < 1e-12 &&
		   fabs(a.hi - log10(cases[i].ahi)) < 1e-12 &&
		   a.n_ticks == cases[i].n &&
		   fabs(a.ticks[0] - log10(cases[i].t0)) < 1e-12 &&
		   fabs(a.ticks[a.n_ticks - 1] - log10(cases[i].tn)) < 1e-12,
		   "log values %s (got %g..%g, %zu ticks)", cases[i].why,
		   pow(10, a.lo), pow(10, a.hi), a.n_ticks);
	}
}

/* A latency axis's one time unit, from values in ns. */
static void test_time_unit(void)
{
	static const struct {
		double lo, hi;
		int log;
		const char *unit;
		double div;
	} cases[] = {
		{ 1528, 91750400, 1, "\xc2\xb5s", 1e3 },
		{ 1528, 91750400, 0, "\xc2\xb5s", 1e3 },
		{ 500, 5e6, 1, "ns", 1 },       /* 0.5 us would be < 1 */
		{ 2e6, 5e6, 0, "ms", 1e6 },
		{ 2e6, 5e8, 1, "ms", 1e6 },
		{ 3e9, 4e9, 1, "s", 1e9 },
		{ 3e9, 4e12, 0, "s", 1e9 },     /* no unit past s */
	};
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_unit_scale sc;
	struct fsr_axis a;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fsr_axis_time_unit(cases[i].lo, cases[i].hi, cases[i].log, &sc);
		ok(!strcmp(sc.unit, cases[i].unit) && sc.div == cases[i].div,
		   "time unit of %g..%g ns%s: %s", cases[i].lo, cases[i].hi,
		   cases[i].log ? " (log)" : "", sc.unit);
	}
	ok(fsr_unit_is_time("ns") && fsr_unit_is_time("\xc2\xb5s") &&
	   fsr_unit_is_time("s") && !fsr_unit_is_time("MB/s") &&
	   !fsr_unit_is_time(NULL), "times: ns, us, ms, s; not MB/s");
	memset(&a, 0, sizeof(a));
	fsr_axis_time_unit(1e3, 1e5, 1, &sc);
	fsr_axis_value_label(&b, log10(2), 1, &a, &sc);
	is_str(b.buf, "2", "log label 2");
	fsr_axis_value_label(&b, log10(0.5), 1, &a, &sc);
	is_str(b.buf, "0.5", "log label 0.5: the decimal it needs");
	fsr_axis_value_label(&b, 5, 1, &a, &sc);
	is_str(b.buf, "100000", "log label 1e5");
	a.decimals = 1;
	fsr_axis_value_label(&b, 0.2, 0, &a, &sc);
	is_str(b.buf, "0.2", "linear label: the axis's decimals");
	fsr_buf_release(&b);
}

int main(void)
{
	test_best_fit();
	test_quarter_steps();
	test_step_decimals();
	test_number_suffix();
	test_log_values();
	test_time_unit();
	return done_testing();
}
