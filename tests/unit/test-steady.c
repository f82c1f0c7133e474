/*
 * test-steady.c - steady state of a run's time series (analyze/steady.c):
 * the SNIA PTS rule and fio's two, against reference values computed in
 * exact fractions from the rules' texts by scripts/steady-reference.py
 * (tests/data/stats/steady-reference.txt), on made-up series and on the
 * real fio IOPS logs of tests/data/fio/series/; then a cell of series as
 * fsr_analyze() describes it.
 *
 * Runs from the top of the tree (tests/run.sh).
 */
#include "analyze/analyze.h"
#include "model/series.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 64

static size_t made_up(const char *name, double *y)
{
	size_t i;

	if (!strcmp(name, "warmup")) {
		static const double w[] = { 10, 20, 40, 60, 80, 95, 100, 98,
					    101, 99, 100, 102, 97 };
		memcpy(y, w, sizeof(w));
		return sizeof(w) / sizeof(*w);
	}
	if (!strcmp(name, "ramp")) {
		for (i = 0; i < 12; i++)
			y[i] = 100 + 10 * (double)i;
		return 12;
	}
	for (i = 0; i < 6; i++) /* flat */
		y[i] = 50;
	return 6;
}

/* The values of a fio IOPS log of tests/data/fio/series/. */
static size_t log_values(const char *name, double *t, double *y)
{
	char path[128], line[128];
	FILE *fp;
	size_t n = 0;

	snprintf(path, sizeof(path), "tests/data/fio/series/randwrite-%s"
		 "_iops.1.log", name + 5);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	while (n < MAXV && fgets(line, sizeof(line), fp)) {
		double a, b;

		if (sscanf(line, "%lf, %lf", &a, &b) == 2) {
			t[n] = a;
			y[n++] = b;
		}
	}
	fclose(fp);
	return n;
}

static void test_reference(void)
{
	FILE *fp = fopen("tests/data/stats/steady-reference.txt", "r");
	char name[32], rule[16], ms[40], rp[40], cr[40];
	size_t w;
	double limit, rng;
	int steady, start, cases = 0;

	if (!ok(fp != NULL, "open tests/data/stats/steady-reference.txt"))
		return;
	while (fscanf(fp, "%31s %15s %zu %lf %lf %d %d %39s %39s %39s", name,
		      rule, &w, &limit, &rng, &steady, &start, ms, rp,
		      cr) == 10) {
		double t[MAXV], y[MAXV];
		size_t n;
		struct fsr_steady_rule r;
		struct fsr_steady st;

		n = !strncmp(name, "iops-", 5) ? log_values(name, t, y) :
						  made_up(name, y);
		if (strncmp(name, "iops-", 5))
			for (size_t i = 0; i < n; i++)
				t[i] = 250 * (double)(i + 1);
		r.kind = !strcmp(rule, "snia") ? FSR_STEADY_SNIA :
			 !strcmp(rule, "fio-slope") ? FSR_STEADY_FIO_SLOPE :
						      FSR_STEADY_FIO_DEV;
		r.window = w;
		r.limit_pct = limit;
		r.range_pct = rng;
		fsr_steady_state(t, y, n, &r, &st);
		cases++;
		if (n < w) {
			ok(!st.tested && !st.steady && isnan(st.mean_steady),
			   "%s %s w=%zu: fewer values than the window, not "
			   "tested", name, rule, w);
			continue;
		}
		is_int(st.steady, steady, "%s %s w=%zu L=%g: steady %d", name,
		       rule, w, limit, steady);
		is_int(st.start, start, "%s %s w=%zu: starts at value %d",
		       name, rule, w, start);
		is_double(st.mean_steady, strtod(ms, NULL), 1e-12,
			  "%s %s w=%zu: steady mean %s", name, rule, w, ms);
		is_double(st.range_pct, strtod(rp, NULL), 1e-12,
			  "%s %s w=%zu: range %s %%", name, rule, w, rp);
		is_double(st.slope_pct, strtod(cr, NULL), 1e-12,
			  "%s %s w=%zu: criterion %s %%", name, rule, w, cr);
		if (st.steady)
			is_double(st.warmup_ms, start ? t[start - 1] : 0, 0,
				  "%s %s w=%zu: warm-up to %g ms", name, rule,
				  w, start ? t[start - 1] : 0);
	}
	fclose(fp);
	ok(cases == 24, "24 reference cases read (%d)", cases);
}

/* A cell of three runs' series, described: runs, never steady, the
 * longest warm-up and the two means. */
static void test_cell(void)
{
	static const double warm[] = { 10, 20, 40, 60, 80, 95, 100, 98, 101,
				       99, 100, 102, 97 };
	double t[13], ramp[13];
	struct fsr_report *r = fsr_report_new();
	struct fsr_result_key k = { "fio", "", "bw", "", "KiB/s" };
	struct fsr_result *res;
	struct fsr_cell *c;
	struct fsr_analyze_opts o;
	struct fsr_stats *s;
	struct fsr_diag d;
	const struct fsr_summary *cs;
	size_t i;

	for (i = 0; i < 13; i++) {
		t[i] = 250 * (double)(i + 1);
		ramp[i] = 100 + 10 * (double)i;
	}
	fsr_report_add_runset(r, "a", "a", 0);
	res = fsr_report_result(r, &k);
	res->better = FSR_BETTER_HIGHER;
	c = fsr_result_cell(res, fsr_report_system(r, 0, NULL));
	fsr_cell_add_sample(c, 1);
	fsr_cell_add_series(c, t, warm, 13);
	fsr_cell_add_sample(c, 1);
	fsr_cell_add_series(c, t, warm, 13);
	fsr_cell_add_sample(c, 1);
	fsr_cell_add_series(c, t, ramp, 13);
	fsr_report_finish_labels(r);
	memset(&o, 0, sizeof(o));
	o.confidence = 0.95;
	s = fsr_analyze(r, &o, &d);
	if (!ok(s != NULL, "analyze a cell with series")) {
		fsr_report_free(r);
		return;
	}
	cs = &s->results[0].cells[0];
	is_int(cs->steady.runs, 3, "three runs with a series");
	is_int(cs->steady.never, 1, "the ramp never became steady");
	is_double(cs->steady.warmup_ms_max, 1250, 0,
		  "warm-up to 1250 ms (5 values of 250 ms)");
	is_double(cs->steady.mean_steady, 99, 1e-15,
		  "steady mean 99 (of the two steady runs)");
	is_double(cs->steady.mean_all, 1002.0 / 13, 1e-15,
		  "whole-run mean of the two steady runs");
	fsr_stats_free(s);
	fsr_report_free(r);
}

/* A time that is not a finite number never enters a cell: fsreport's
 * JSON and XML could not read it back (issue 37). A NaN value (a gap in
 * the log) does. */
static void test_bad_time(void)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_result_key k = { "fio", "", "iops log", "", "IOPS" };
	struct fsr_cell *c;
	double t[3] = { 250, NAN, 750 }, v[3] = { 1, 2, 3 };
	double ti[2] = { 250, INFINITY }, gap[3] = { 1, NAN, 3 };
	double ok_t[3] = { 250, 500, 750 };

	fsr_report_add_runset(r, "a", "a", 0);
	c = fsr_result_cell(fsr_report_result(r, &k),
			    fsr_report_system(r, 0, NULL));
	is_int(fsr_series_bad_time(t, 3), 1, "the NaN time is the second");
	is_int(fsr_series_bad_time(ok_t, 3), 3, "finite times: none bad");
	is_int(fsr_cell_add_series(c, t, v, 3), -1, "a NaN time: refused");
	is_int(fsr_cell_add_series(c, ti, v, 2), -1,
	       "an infinite time: refused");
	ok(fsr_cell_series(c) == NULL, "and nothing added");
	is_int(fsr_cell_add_series(c, ok_t, gap, 3), 0,
	       "a NaN value with finite times: taken");
	ok(fsr_cell_series(c) && fsr_cell_series(c)->n == 1,
	   "as the cell's one run");
	fsr_report_free(r);
}

int main(void)
{
	fsr_analyze_init();
	test_reference();
	test_cell();
	test_bad_time();
	return done_testing();
}
