/*
 * test-stats-on-demand.c - stats made on_demand (a show that keeps no
 * summaries, issue 18) give every cell the summary fsr_analyze() keeps
 * otherwise, bit for bit, one result at a time through
 * fsr_stats_cells(); and the values are R's.
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

int main(void)
{
	struct fsr_analyze_opts full = { 0.95, 0 }, lazy = { 0.95, 1 };
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
	return done_testing();
}
