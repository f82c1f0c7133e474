/*
 * test-stats-on-demand.c - stats made on_demand (a show that keeps no
 * summaries, issue 18) give every cell the summary fsr_analyze() keeps
 * otherwise, bit for bit, one result at a time through
 * fsr_stats_cells(); and the values are R's. With marks_only (show
 * --format csv), every number csv prints and every mark are the kept
 * summary's, and the tests' numbers are left out.
 */
#include "analyze/analyze.h"
#include "tap.h"

#include <math.h>
#include <string.h>

static struct fsr_result *add(struct fsr_report *r, const char *test,
			      enum fsr_display display)
{
	struct fsr_result_key k = { test, "", "", "", "MB/s" };
	struct fsr_result *res = fsr_report_result(r, &k);

	res->display = display;
	return res;
}

/* Three systems; results of 0, 1, 5 and 12 samples, a failed run, a
 * LINE_GRAPH series (no spread), cells in a different order. */
static struct fsr_report *fixture(void)
{
	static const double line[] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8 };
	struct fsr_report *r = fsr_report_new();
	struct fsr_result *bar = add(r, "bar", FSR_DISPLAY_BAR);
	struct fsr_result *ser = add(r, "line", FSR_DISPLAY_LINE);
	struct fsr_result *odd = add(r, "odd", FSR_DISPLAY_BAR);
	size_t a, b, c;
	int i;

	fsr_report_add_runset(r, "x", "x.xml", 1);
	a = fsr_report_system(r, 0, "a");
	b = fsr_report_system(r, 0, "b");
	c = fsr_report_system(r, 0, "c");
	for (i = 0; i < 5; i++)
		fsr_cell_add_sample(fsr_result_cell(bar, a), 10 + i);
	fsr_cell_add_sample(fsr_result_cell(bar, b), 7.25);
	fsr_cell_add_failed(fsr_result_cell(bar, c), "crashed");
	for (i = 0; i < 12; i++)
		fsr_cell_add_sample(fsr_result_cell(ser, a), line[i]);
	for (i = 0; i < 3; i++)
		fsr_cell_add_sample(fsr_result_cell(odd, c), -1.5 * i);
	fsr_cell_add_sample(fsr_result_cell(odd, a), 1e300);
	fsr_cell_add_sample(fsr_result_cell(odd, a), -1e300);
	return r;
}

/* Cells of 10 runs for the validity tests' marks: a slow first run
 * (flagged), a first run far off among runs as spread (material, not
 * flagged), one a little off (not material), a drift, and no drift. */
static struct fsr_report *marks_fixture(void)
{
	static const double cells[][10] = {
		{ 50, 100, 101, 99, 100, 102, 98, 100, 101, 99 },
		{ 80, 100, 60, 140, 90, 110, 70, 130, 100, 100 },
		{ 99.5, 100, 101, 99, 100, 102, 98, 100, 101, 99 },
		{ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.5 },
		{ 5, 3, 6, 2, 7, 4, 5, 3, 6, 4 },
	};
	struct fsr_report *r = fsr_report_new();
	struct fsr_result *hi = add(r, "hi", FSR_DISPLAY_BAR);
	struct fsr_result *lo = add(r, "lo", FSR_DISPLAY_BAR);
	size_t i, k, sys[5];

	hi->better = FSR_BETTER_HIGHER;
	lo->better = FSR_BETTER_LOWER;
	fsr_report_add_runset(r, "x", "x.xml", 1);
	for (i = 0; i < 5; i++) {
		char name[2] = { (char)('a' + i), 0 };

		sys[i] = fsr_report_system(r, 0, name);
	}
	for (i = 0; i < 5; i++)
		for (k = 0; k < 10; k++) {
			fsr_cell_add_sample(fsr_result_cell(hi, sys[i]),
					    cells[i][k]);
			/* the slow side of lower-is-better is high */
			fsr_cell_add_sample(fsr_result_cell(lo, sys[i]),
					    k ? cells[i][k] :
						200 - cells[i][k]);
		}
	return r;
}

/* What csv reads of a summary: the same bits in both. */
static int csv_same(const struct fsr_summary *a, const struct fsr_summary *b)
{
	const double x[] = { a->mean, a->sd, a->se, a->ci_low, a->ci_high,
			     a->median, a->min, a->max, a->cv_pct };
	const double y[] = { b->mean, b->sd, b->se, b->ci_low, b->ci_high,
			     b->median, b->min, b->max, b->cv_pct };

	return a->n == b->n && a->n_failed == b->n_failed &&
	       !memcmp(x, y, sizeof(x)) &&
	       a->first.flagged == b->first.flagged &&
	       a->drift.flagged == b->drift.flagged &&
	       a->rate.flagged == b->rate.flagged &&
	       !memcmp(&a->steady, &b->steady, sizeof(a->steady));
}

/* lean: FSR_LEAN_TESTS with or without FSR_LEAN_GMEAN (show and
 * compare --format csv), on demand or kept. */
static void marks_only(unsigned bits, int on_demand)
{
	struct fsr_analyze_opts full = { 0.95, 0, 0 };
	struct fsr_analyze_opts lean = { 0.95, on_demand, bits };
	struct fsr_report *r = marks_fixture();
	struct fsr_stats *sf, *sl;
	const struct fsr_summary *s;
	struct fsr_diag d;
	size_t i, j, n = 0, first = 0, drift = 0, p_kept = 0, p_left = 0;

	fsr_diag_clear(&d);
	sf = fsr_analyze(r, &full, &d);
	sl = fsr_analyze(r, &lean, &d);
	ok(sf && sl, "marks only: analyze succeeds");
	for (i = 0; sf && sl && i < r->n_results; i++) {
		s = fsr_stats_cells(sl, i, &d);
		for (j = 0; s && j < r->results[i]->n_cells; j++) {
			const struct fsr_summary *k = &sf->results[i].cells[j];

			n++;
			first += (size_t)k->first.flagged;
			drift += (size_t)k->drift.flagged;
			/* unflagged, with the p taken (a material shift)
			 * or left out */
			if (!s[j].first.flagged)
				*(isnan(s[j].first.p) ? &p_left : &p_kept) += 1;
			ok(csv_same(&s[j], k),
			   "marks only: result %zu cell %zu: what csv prints "
			   "and the marks are the kept summary's", i, j);
			ok(isnan(s[j].drift.sen) && isnan(s[j].drift.sen_pct),
			   "marks only: result %zu cell %zu: no Sen's slope",
			   i, j);
			if (bits & FSR_LEAN_GMEAN)
				ok(isnan(s[j].gmean) && isnan(s[j].gmean_ci_low),
				   "marks only: result %zu cell %zu: no "
				   "geometric mean", i, j);
			else
				ok(!memcmp(&s[j].gmean, &k->gmean,
					   sizeof(k->gmean)) &&
					   !memcmp(&s[j].gmean_ci_low,
						   &k->gmean_ci_low,
						   sizeof(k->gmean)) &&
					   !memcmp(&s[j].gmean_ci_high,
						   &k->gmean_ci_high,
						   sizeof(k->gmean)),
				   "marks only: result %zu cell %zu: the "
				   "geometric mean as kept", i, j);
		}
	}
	/* the fixture holds both answers of each test, and both ways to
	 * an unflagged first run (else the tests above could not fail) */
	ok(n == 10 && first > 0 && first < n && drift > 0 && drift < n,
	   "marks only: of %zu cells, first runs flagged in %zu and drifts "
	   "in %zu: some, not all", n, first, drift);
	ok(p_kept > 0 && p_left > 0,
	   "marks only: unflagged first runs with the p taken (%zu) and "
	   "without (%zu)", p_kept, p_left);
	fsr_stats_free(sf);
	fsr_stats_free(sl);
	fsr_report_free(r);
}

int main(void)
{
	struct fsr_analyze_opts full = { 0.95, 0, 0 }, lazy = { 0.95, 1, 0 };
	struct fsr_report *r = fixture();
	struct fsr_stats *sf, *sl;
	const struct fsr_summary *s;
	struct fsr_diag d;
	size_t i, j;

	fsr_analyze_init();
	fsr_diag_clear(&d);
	sf = fsr_analyze(r, &full, &d);
	sl = fsr_analyze(r, &lazy, &d);
	ok(sf && sl, "analyze: both modes succeed");
	ok(sl->n_results == r->n_results, "on demand: one entry per result");
	for (i = 0; i < r->n_results; i++) {
		ok(sl->results[i].result == r->results[i] &&
			   sl->results[i].cells == NULL,
		   "on demand: result %zu keeps no summaries", i);
		ok(fsr_stats_cells(sf, i, &d) == sf->results[i].cells,
		   "kept: fsr_stats_cells() is the kept array (%zu)", i);
	}
	/* In reverse: the buffer is reused whatever the order. */
	for (i = r->n_results; i-- > 0;) {
		s = fsr_stats_cells(sl, i, &d);
		ok(s != NULL, "on demand: result %zu described", i);
		for (j = 0; s && j < r->results[i]->n_cells; j++)
			ok(!memcmp(&s[j], &sf->results[i].cells[j],
				   sizeof(*s)),
			   "result %zu cell %zu: the same bits as kept", i, j);
	}

	/* R: x <- 10:14; mean(x) + c(-1, 1) * qt(0.975, 4) * sd(x) /
	 * sqrt(5) gives 10.036757 13.963243; sd(x) 1.5811388. */
	s = fsr_stats_cells(sl, 0, &d);
	ok(s && s[0].n == 5 && s[0].mean == 12 && s[0].median == 12,
	   "bar/a: n 5, mean and median 12");
	ok(s && fabs(s[0].sd - 1.5811388300841898) < 1e-15,
	   "bar/a: sd as R's");
	ok(s && fabs(s[0].ci_low - 10.036757) < 1e-6 &&
		   fabs(s[0].ci_high - 13.963243) < 1e-6,
	   "bar/a: interval as R's");
	ok(s && s[1].n == 1 && s[1].mean == 7.25 && isnan(s[1].sd),
	   "bar/b: one sample, no spread");
	ok(s && s[2].n == 0 && s[2].n_failed == 1 && isnan(s[2].mean),
	   "bar/c: a failed run and no value");
	s = fsr_stats_cells(sl, 1, &d);
	ok(s && s[0].n == 12 && isnan(s[0].sd) && isnan(s[0].ci_low) &&
		   s[0].min == 1 && s[0].max == 9,
	   "line: a series has a range but no spread");
	fsr_stats_free(sf);
	fsr_stats_free(sl);
	fsr_report_free(r);
	marks_only(FSR_LEAN_TESTS | FSR_LEAN_GMEAN, 1);
	marks_only(FSR_LEAN_TESTS, 0);
	return done_testing();
}
