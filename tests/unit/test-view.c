/*
 * test-view.c - the view's decisions (view/view.h, view/notes.h): which
 * values go beside a change, which change, the decimals that tell
 * values apart, the names of the intervals' level, too-wide intervals
 * and the marks of a row.
 */
#include "view/view.h"
#include "view/notes.h"
#include "lib/numbers.h"
#include "tap.h"

#include <stdlib.h>

static char *fixed(double x, int dec)
{
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_buf_add_fixed(&b, x, dec);
	return fsr_buf_detach(&b);
}

static void test_decimals(void)
{
	double pm[] = { 6.3, 5.6 }, tiny[] = { 0.0097, 0.0056 };
	double close[] = { 1.001, 1.002, 1.001 }, same[] = { 3, 3 };
	double big[] = { 1383.5, 976, NAN };
	char *a, *b;

	is_int(fsr_view_decimals(pm, 2), 2, "6.30 and 5.60: two decimals");
	is_int(fsr_view_decimals_from(pm, 2, 0), 1,
	       "whole-number runs: 6.3 and 5.6, not 6 and 6");
	is_int(fsr_view_decimals(tiny, 2), 4,
	       "two significant digits of the smallest: 0.0097, 0.0056");
	is_int(fsr_view_decimals(close, 3), 3, "1.001 and 1.002 apart");
	a = fixed(close[0], 3);
	b = fixed(close[1], 3);
	ok(strcmp(a, b) != 0, "... and printed apart (%s, %s)", a, b);
	free(a);
	free(b);
	is_int(fsr_view_decimals(same, 2), 2, "equal values stay at two");
	is_int(fsr_view_decimals(big, 3), 2, "a NAN is left out");
	is_int(fsr_view_decimals_from(pm, 2, -1), 2,
	       "unknown sample decimals: two");
}

static void test_levels(void)
{
	struct fsr_comparison c;
	struct fsr_buf b = FSR_BUF_INIT;

	memset(&c, 0, sizeof(c));
	c.opts.confidence = 0.95;
	c.opts.adjust = FSR_ADJUST_HOLM;
	c.n_family = 8;
	fsr_view_level_label(&b, &c);
	is_str(b.buf, "95% CI, Bonferroni over\xc2\xa0" "8",
	       "family level and how it holds");
	fsr_buf_reset(&b);
	c.opts.adjust = FSR_ADJUST_BH;
	fsr_view_level_label(&b, &c);
	is_str(b.buf, "95% CI, FCR (BY) over\xc2\xa0" "8", "BH: the FCR level");
	fsr_buf_reset(&b);
	c.n_family = 1;
	fsr_view_level_label(&b, &c);
	is_str(b.buf, "95% CI", "one comparison: no correction named");
	fsr_buf_reset(&b);
	fsr_view_level_exact(&b, 1 - 0.05 / 8);
	is_str(b.buf, "99.38%", "each interval at 99.38%%");
	fsr_buf_reset(&b);
	fsr_view_level_exact(&b, 1 - 0.05 / 6000);
	ok(strcmp(b.buf, "100%") != 0 && strncmp(b.buf, "99.99", 5) == 0,
	   "40 x 150 comparisons: %s, never 100%%", b.buf);
	fsr_buf_release(&b);
}

static void test_rows(void)
{
	struct fsr_summary sa = { 0 }, sb = { 0 };
	struct fsr_compare_row r;
	struct fsr_compare_opts o = { 0 };
	struct fsr_buf b = FSR_BUF_INIT;
	const struct fsr_compare_row *rows[2] = { NULL, &r };

	sa.n = sb.n = 10;
	sa.mean = 0.34;
	sa.gmean = 0.2223;
	sb.mean = 0.27;
	sb.gmean = 0.2652;
	memset(&r, 0, sizeof(r));
	r.base = &sa;
	r.other = &sb;
	r.method = FSR_METHOD_LOG_WELCH;
	r.change_pct = 100 * (0.2652 / 0.2223 - 1);
	r.delta_pct = 100 * (0.27 / 0.34 - 1);
	r.ci_low_pct = -50;
	r.ci_high_pct = 187;
	ok(fsr_view_center(&r) == FSR_CENTER_GMEAN,
	   "a ratio of geometric means: the geometric means beside it");
	ok(fsr_view_center_of(rows, 2) == FSR_CENTER_GMEAN,
	   "a result with one such row: geometric means");
	is_double(fsr_view_change(&r, &sa, &sb, FSR_CENTER_GMEAN),
		  r.change_pct, 0, "the change is the interval's estimate");
	ok(fsr_view_change(&r, &sa, &sb, FSR_CENTER_GMEAN) > 0 &&
		   sb.gmean > sa.gmean,
	   "its sign is the sign of the values printed");
	ok(!fsr_view_ci_too_wide(&r), "[-50, +187] is not too wide");
	r.ci_low_pct = -100;
	r.ci_high_pct = 6.6e8;
	ok(fsr_view_ci_too_wide(&r), "[-100, +6.6e+08] is too wide");
	sa.n = sb.n = 3;
	fsr_view_too_wide_text(&b, &r);
	is_str(b.buf, "too wide: n = 3", "and says why");
	fsr_buf_reset(&b);
	/* narrow, but a huge change: whole numbers, never e-notation */
	r.ci_low_pct = 972856256.9;
	r.ci_high_pct = 1027900877.3;
	ok(!fsr_view_ci_too_wide(&r), "[+9.7e8 %%, +1.0e9 %%] is not too wide");
	fsr_view_add_pct_brackets(&b, r.ci_low_pct, r.ci_high_pct, 1);
	is_str(b.buf, "[+972856257, +1027900877]", "and prints in full");
	fsr_buf_reset(&b);
	fsr_view_add_pct_brackets(&b, -2.71, 12345678.94, 1);
	is_str(b.buf, "[-2.7, +12345679]", "decimals below 1e7 %%, none above");
	fsr_buf_reset(&b);

	r.ci_low_pct = r.ci_high_pct = NAN;
	r.method = FSR_METHOD_NONE;
	ok(fsr_view_center(&r) == FSR_CENTER_MEAN,
	   "no interval: the arithmetic means");
	is_double(fsr_view_change(&r, &sa, &sb, FSR_CENTER_MEAN),
		  r.delta_pct, 0, "... and the change of the means");
	is_double(fsr_view_change(&r, &sa, &sb, FSR_CENTER_GMEAN),
		  100 * (sb.gmean / sa.gmean - 1), 1e-12,
	   "beside geometric means: the change between them");
	is_double(fsr_view_change(NULL, &sa, &sb, FSR_CENTER_MEAN),
		  100 * (0.27 / 0.34 - 1), 1e-12,
		  "no row: the change of the means printed");
	{
		/* --sign better turned the row's own change; the one the
		 * view computes from the values printed is turned too */
		struct fsr_comparison cmp;
		struct fsr_result lower, higher;

		memset(&cmp, 0, sizeof(cmp));
		memset(&lower, 0, sizeof(lower));
		memset(&higher, 0, sizeof(higher));
		lower.better = FSR_BETTER_LOWER;
		higher.better = FSR_BETTER_HIGHER;
		cmp.opts.sign_better = 1;
		is_double(fsr_view_change_shown(&cmp, &lower, &r, &sa, &sb,
						FSR_CENTER_GMEAN),
			  -100 * (sb.gmean / sa.gmean - 1), 1e-12,
			  "--sign better, lower is better: turned");
		is_double(fsr_view_change_shown(&cmp, &higher, &r, &sa, &sb,
						FSR_CENTER_GMEAN),
			  100 * (sb.gmean / sa.gmean - 1), 1e-12,
			  "higher is better: as measured");
		cmp.opts.sign_better = 0;
		is_double(fsr_view_change_shown(&cmp, &lower, &r, &sa, &sb,
						FSR_CENTER_GMEAN),
			  100 * (sb.gmean / sa.gmean - 1), 1e-12,
			  "without --sign better: as measured");
	}

	r.flags = FSR_ROW_CI_STEPDOWN | FSR_ROW_DISAGREE;
	o.alpha = 0.05;
	r.p_welch = 0.3;
	r.p_mwu = 0.01;
	fsr_view_marks_text(&b, fsr_view_row_notes(&r, &o));
	is_str(b.buf, "dh", "no outliers: the tests disagree (d)");
	fsr_buf_reset(&b);
	r.outliers_base = 1;
	fsr_view_marks_text(&b, fsr_view_row_notes(&r, &o) |
			    fsr_view_cell_notes(&r, 1));
	is_str(b.buf, "oih", "outliers, only the U test sees it (i), Holm");
	fsr_buf_reset(&b);
	r.p_welch = 0.01;
	r.p_mwu = 0.3;
	fsr_view_marks_text(&b, fsr_view_row_notes(&r, &o));
	is_str(b.buf, "jh", "outliers, only Welch's test sees it (j)");
	fsr_buf_reset(&b);
	fsr_compare_note_text(&b, N_HIDDEN, &o);
	ok(strstr(b.buf, "--test mwu decides") != NULL,
	   "note i offers --test mwu");
	fsr_buf_reset(&b);
	o.test = FSR_TEST_MWU;
	fsr_compare_note_text(&b, N_HIDDEN, &o);
	ok(strstr(b.buf, "The verdict here is the U test's") != NULL,
	   "with --test mwu, note i says the verdict is the U test's");
	o.test = FSR_TEST_WELCH;
	fsr_buf_reset(&b);
	r.flags = FSR_ROW_FEW_CI;
	r.outliers_base = 0;
	fsr_view_marks_text(&b, fsr_view_row_notes(&r, &o));
	is_str(b.buf, "s", "single runs");
	fsr_buf_release(&b);
}

/* One run on each side of every row compared, or not (issue 34). */
static void test_one_run_each(void)
{
	struct fsr_summary one = { 0 }, ten = { 0 };
	struct fsr_compare_row rows[3];
	struct fsr_comparison c;

	memset(&c, 0, sizeof(c));
	memset(rows, 0, sizeof(rows));
	one.n = 1;
	ten.n = 10;
	c.rows = rows;
	ok(!fsr_view_one_run_each(&c), "no row: not one run each");
	rows[0].base = rows[0].other = &one;
	rows[1].base = &one; /* a result on one side only */
	c.n_rows = 2;
	ok(fsr_view_one_run_each(&c), "one run a side everywhere");
	rows[2].base = &ten;
	rows[2].other = &one;
	c.n_rows = 3;
	ok(!fsr_view_one_run_each(&c),
	   "a baseline of 10 runs against one: not one run each");
}

/* The figures that are no value of a result's (view/figures.c). */
static void test_figures(void)
{
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_view_add_fig(&b, 123.4, FSR_FIG_CV);
	is_str(b.buf, "123", "a CV of 123%% is whole, not 1.2e+02");
	fsr_buf_reset(&b);
	fsr_view_add_fig(&b, 5.109, FSR_FIG_PCT);
	is_str(b.buf, "5.11", "a detectable change: 3 significant digits");
	fsr_buf_reset(&b);
	fsr_view_add_fig(&b, 0.0020806, FSR_FIG_P);
	is_str(b.buf, "0.0021", "the gate's p: 2 significant digits");
	fsr_buf_reset(&b);
	fsr_view_add_fig(&b, 0.0002, FSR_FIG_P_REPORT);
	is_str(b.buf, "<.001", "a report's p below 0.001 is <.001, not 0.000");
	fsr_buf_reset(&b);
	fsr_view_add_fig(&b, 0.0104, FSR_FIG_P_REPORT);
	is_str(b.buf, "0.010", "... else 3 decimals");
	fsr_buf_reset(&b);
	fsr_view_add_duration(&b, 4.2 * 3600);
	is_str(b.buf, "4.2 h", "machine time in hours");
	fsr_buf_reset(&b);
	fsr_view_check_interval(&b, -8.123, -6.239, 8);
	is_str(b.buf, "[-8.12, -6.24]", "check's interval");
	fsr_buf_reset(&b);
	fsr_view_check_interval(&b, -99.99, 2.3e29, 2);
	is_str(b.buf, "too wide: 2 run sets", "no e-notation: too wide");
	ok(fabs(fsr_view_rate_margin_pct(2) - 100 * (1 - 1 / 1.02)) < 1e-12,
	   "a rate may fall by 1.96%% under --max-regression 2");
	ok(fsr_view_tick_decimals(0.05) == 2 && fsr_view_tick_decimals(5) == 0,
	   "tick decimals from the step");
	fsr_buf_release(&b);
}

/* A result's name in running text: PTS's doubled "Test: " goes
 * (issue 34), nothing else does. */
static void test_names(void)
{
	char title[] = "Flexible IO Tester", none[] = "", ver[] = "1.57";
	char io[] = "Test: Intel IOMeter File Server Access Pattern";
	char type[] = "Type: Random Read - Engine: Sync", bare[] = "Test: ";
	char seq[] = "Test: Sequential";
	struct fsr_result res;
	struct fsr_buf b = FSR_BUF_INIT;

	memset(&res, 0, sizeof(res));
	res.title = title;
	res.app_version = ver;
	res.description = io;
	fsr_view_result_name(&b, &res, 1);
	is_str(b.buf, "Flexible IO Tester 1.57: Intel IOMeter File Server "
	       "Access Pattern", "the title's word is not said twice");
	fsr_buf_reset(&b);
	res.description = type;
	fsr_view_result_name(&b, &res, 0);
	is_str(b.buf, "Flexible IO Tester: Type: Random Read - Engine: Sync",
	       "other keys stay");
	res.description = bare;
	is_str(fsr_view_description(&res), "Test: ",
	       "nothing after Test: keeps it");
	res.title = none;
	res.description = seq;
	is_str(fsr_view_description(&res), "Test: Sequential",
	       "no title: the description as it is");
	fsr_buf_release(&b);
}

int main(void)
{
	test_names();
	test_decimals();
	test_levels();
	test_rows();
	test_one_run_each();
	test_figures();
	return done_testing();
}
