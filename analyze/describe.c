/*
 * describe.c - per-cell summaries: mean, sample sd, se, Student-t
 * interval, median, range and CV, computed with GSL.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"
#include "../model/series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>

void fsr_analyze_init(void)
{
	gsl_set_error_handler_off();
}

/*
 * What fsr_analyze() reuses from cell to cell: t quantiles by degrees of
 * freedom (gsl_cdf_tdist_Pinv() is an iterative solver, and the cells of
 * a report have a handful of different n) and one scratch array for the
 * sorted copy, instead of a malloc per cell.
 */
#define T_CACHE 64
struct describe_ctx {
	double conf;
	double t[T_CACHE];      /* t[df], valid when have[df] */
	unsigned char have[T_CACHE];
	/* fsr_first_run_quantile(n), valid when have_first[n]: a third of
	 * describing a cell of 10 runs when it was solved per cell */
	double first_q[T_CACHE];
	unsigned char have_first[T_CACHE];
	double *scratch;
	size_t cap;
	int scratch_owned;      /* scratch came from malloc */
	unsigned lean;          /* fsr_analyze_opts' */
};

static double t_quantile(struct describe_ctx *dc, size_t df)
{
	double t;

	if (df < T_CACHE && dc->have[df])
		return dc->t[df];
	t = gsl_cdf_tdist_Pinv(1 - (1 - dc->conf) / 2, (double)df);
	if (df < T_CACHE) {
		dc->t[df] = t;
		dc->have[df] = 1;
	}
	return t;
}

/* The first run's bound quantile for n runs, kept per n. */
static double first_quantile(struct describe_ctx *dc, size_t n)
{
	if (n >= T_CACHE)
		return fsr_first_run_quantile(n);
	if (!dc->have_first[n]) {
		dc->first_q[n] = fsr_first_run_quantile(n);
		dc->have_first[n] = 1;
	}
	return dc->first_q[n];
}

/* The geometric mean of x[0..n), every x > 0, and, with t (n >= 2),
 * its interval: R's exp(mean(log(x))) and exp(t.test(log(x))$conf.int).
 * The logarithms go through the scratch buffer (x is not changed). */
static void geometric(double *scratch, const double *x, size_t n, double t,
		      struct fsr_summary *out)
{
	double m, h;
	size_t i;

	for (i = 0; i < n; i++)
		scratch[i] = log(x[i]);
	m = gsl_stats_mean(scratch, 1, n);
	/* equal runs: their value, not exp(log(x)) a rounding away */
	out->gmean = out->min == out->max ? out->min : exp(m);
	if (n < 2 || !isfinite(t))
		return;
	h = t * gsl_stats_sd_m(scratch, 1, n, m) / sqrt((double)n);
	out->gmean_ci_low = exp(m - h);
	out->gmean_ci_high = exp(m + h);
}

static int describe(struct describe_ctx *dc, const double *x, size_t n,
		    struct fsr_summary *out, struct fsr_diag *d)
{
	double conf = dc->conf;

	/* every byte set, the padding too (struct fsr_read_rate has some):
	 * a summary made on demand has the same bits as a kept one */
	memset(out, 0, sizeof(*out));
	out->n = n;
	out->mean = out->sd = out->se = out->ci_low = out->ci_high = NAN;
	out->median = out->min = out->max = out->cv_pct = NAN;
	out->gmean = out->gmean_ci_low = out->gmean_ci_high = NAN;
	out->first.x1 = out->first.bound = out->first.t = NAN;
	out->first.p = out->first.mean_others = NAN;
	out->steady.warmup_ms_max = out->steady.mean_all = NAN;
	out->steady.mean_steady = NAN;
	out->drift.s = out->drift.var_s = out->drift.z = NAN;
	out->drift.p = out->drift.sen = out->drift.sen_pct = NAN;
	out->rate.rate_mbs = out->rate.ceiling_mbs = NAN;
	out->rate.file_mib = out->rate.memory_mib = NAN;
	if (n == 0)
		return 0;
	if (!(conf > 0 && conf < 1))
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "confidence %g is not between 0 and 1",
				    conf);
	out->mean = gsl_stats_mean(x, 1, n);
	gsl_stats_minmax(&out->min, &out->max, x, 1, n);
	if (n > dc->cap) {
		if (dc->scratch_owned)
			free(dc->scratch);
		dc->scratch = fsr_xmalloc(n * sizeof(*dc->scratch));
		dc->cap = n;
		dc->scratch_owned = 1;
	}
	/* GSL's quickselect on a copy: O(n), where sorting the copy (GSL
	 * sorts with heapsort) was the largest cost of big cells. */
	memcpy(dc->scratch, x, n * sizeof(*dc->scratch));
	out->median = gsl_stats_median(dc->scratch, 1, n);
	if (n >= 2) {
		double t = t_quantile(dc, n - 1);

		if (!isfinite(t))
			return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					    "no t quantile for n = %zu", n);
		out->sd = gsl_stats_sd_m(x, 1, n, out->mean);
		out->se = out->sd / sqrt((double)n);
		out->ci_low = out->mean - t * out->se;
		out->ci_high = out->mean + t * out->se;
		if (out->mean != 0)
			out->cv_pct = 100 * out->sd / fabs(out->mean);
		if (out->min > 0 && !(dc->lean & FSR_LEAN_GMEAN))
			geometric(dc->scratch, x, n, t, out);
	} else if (out->min > 0 && !(dc->lean & FSR_LEAN_GMEAN)) {
		out->gmean = x[0];
	}
	return 0;
}

/* Set up dc for conf with the caller's buffer small[0..n_small). */
static void describe_ctx_init(struct describe_ctx *dc, double conf,
			      double *small, size_t n_small)
{
	memset(dc, 0, sizeof(*dc));
	dc->conf = conf;
	dc->scratch = small;
	dc->cap = n_small;
}

static void describe_ctx_release(struct describe_ctx *dc)
{
	if (dc->scratch_owned)
		free(dc->scratch);
	dc->scratch = NULL;
	dc->cap = 0;
	dc->scratch_owned = 0;
}

int fsr_describe(const double *x, size_t n, double conf,
		 struct fsr_summary *out, struct fsr_diag *d)
{
	struct describe_ctx dc;
	double small[64];
	int rc;

	describe_ctx_init(&dc, conf, small, sizeof(small) / sizeof(*small));
	rc = describe(&dc, x, n, out, d);
	describe_ctx_release(&dc);
	return rc;
}

/* The SNIA PTS rule over each run's series of a cell. */
static void steady_cell(const struct fsr_seriesset *ss,
			struct fsr_steady_cell *out)
{
	static const struct fsr_steady_rule snia = {
		FSR_STEADY_SNIA, FSR_STEADY_SNIA_WINDOW,
		FSR_STEADY_SNIA_SLOPE_PCT, FSR_STEADY_SNIA_RANGE_PCT,
	};
	double all = 0, steady = 0;
	size_t i, n_steady = 0;

	for (i = 0; i < ss->n; i++) {
		struct fsr_steady st;

		fsr_steady_state(ss->runs[i].t_ms, ss->runs[i].v,
				 ss->runs[i].n, &snia, &st);
		if (!st.tested)
			continue;
		out->runs++;
		if (!st.steady) {
			out->never++;
			continue;
		}
		n_steady++;
		all += st.mean_all;
		steady += st.mean_steady;
		if (!(st.warmup_ms <= out->warmup_ms_max))
			out->warmup_ms_max = st.warmup_ms;
	}
	if (n_steady) {
		out->mean_all = all / (double)n_steady;
		out->mean_steady = steady / (double)n_steady;
	}
}

/*
 * The slow first run of cell c (n >= FSR_FIRST_MIN_N, every run > 0) into
 * cs->first. geometric() left ln x in the scratch buffer, in the order of
 * the samples; with FSR_LEAN_GMEAN it did not run, and the logarithms
 * are taken here, and with FSR_LEAN_TESTS only for a cell whose flag
 * depends on the test's p.
 */
static void first_run(struct describe_ctx *dc, const struct fsr_cell *c,
		      enum fsr_better better, struct fsr_summary *cs)
{
	size_t i;

	if (dc->lean & FSR_LEAN_TESTS &&
	    !fsr_first_run_material(c->samples, c->n, cs->mean, better))
		return; /* flagged 0, the numbers NAN */
	if (dc->lean & FSR_LEAN_GMEAN)
		for (i = 0; i < c->n; i++)
			dc->scratch[i] = log(c->samples[i]);
	fsr_first_run_logs(c->samples, dc->scratch, c->n, cs->mean, better,
			   first_quantile(dc, c->n), &cs->first);
}

/*
 * The summaries of the cells of res into out[0..res->n_cells). A
 * LINE_GRAPH series is points over time, not repetitions: no spread or
 * interval from it.
 */
static int describe_result(struct describe_ctx *dc,
			   const struct fsr_report *r,
			   const struct fsr_result *res,
			   struct fsr_summary *out, struct fsr_diag *d)
{
	size_t j;

	for (j = 0; j < res->n_cells; j++) {
		const struct fsr_cell *c = &res->cells[j];
		struct fsr_summary *cs = &out[j];

		if (describe(dc, c->samples, c->n, cs, d))
			return -1;
		cs->n_failed = c->n_failed;
		/* the slow first run, when every run > 0 */
		if (res->display == FSR_DISPLAY_BAR &&
		    c->n >= FSR_FIRST_MIN_N && cs->min > 0)
			first_run(dc, c, res->better, cs);
		if (fsr_cell_series(c))
			steady_cell(fsr_cell_series(c), &cs->steady);
		/* a trend across the runs, in the order they ran */
		if (res->display == FSR_DISPLAY_BAR &&
		    c->n >= FSR_DRIFT_MIN_N && c->n <= FSR_DRIFT_MAX_N)
			(dc->lean & FSR_LEAN_TESTS ? fsr_drift_test :
					  fsr_drift)(c->samples, c->n,
						     &cs->drift);
		if (res->display == FSR_DISPLAY_BAR && c->n)
			fsr_read_rate(r, res, c, cs->mean, &cs->rate);
		if (res->display != FSR_DISPLAY_BAR) {
			cs->sd = cs->se = cs->cv_pct = NAN;
			cs->ci_low = cs->ci_high = NAN;
			cs->gmean_ci_low = cs->gmean_ci_high = NAN;
		}
	}
	return 0;
}

/* What on-demand stats keep: the context, and one result's summaries. */
struct fsr_stats_lazy {
	const struct fsr_report *report;
	struct describe_ctx dc;
	struct fsr_summary *cells;
	size_t cap;
};

struct fsr_stats *fsr_analyze(const struct fsr_report *r,
			      const struct fsr_analyze_opts *o,
			      struct fsr_diag *d)
{
	struct fsr_stats *s;
	struct describe_ctx dc;
	double small[64];
	size_t i;

	if (!(o->confidence > 0 && o->confidence < 1)) {
		fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
			     "confidence %g is not between 0 and 1",
			     o->confidence);
		return NULL;
	}
	s = fsr_xcalloc(1, sizeof(*s));
	s->confidence = o->confidence;
	s->n_results = r->n_results;
	s->results = fsr_xcalloc(r->n_results ? r->n_results : 1,
				 sizeof(*s->results));
	for (i = 0; i < r->n_results; i++)
		s->results[i].result = r->results[i];
	if (o->on_demand) {
		s->lazy = fsr_xcalloc(1, sizeof(*s->lazy));
		s->lazy->report = r;
		describe_ctx_init(&s->lazy->dc, o->confidence, NULL, 0);
		s->lazy->dc.lean = o->lean;
		return s;
	}
	describe_ctx_init(&dc, o->confidence, small,
			  sizeof(small) / sizeof(*small));
	dc.lean = o->lean;
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];
		struct fsr_result_stats *rs = &s->results[i];

		rs->cells = fsr_xcalloc(res->n_cells ? res->n_cells : 1,
					sizeof(*rs->cells));
		if (describe_result(&dc, r, res, rs->cells, d)) {
			describe_ctx_release(&dc);
			fsr_stats_free(s);
			return NULL;
		}
	}
	describe_ctx_release(&dc);
	return s;
}

const struct fsr_summary *fsr_stats_cells(const struct fsr_stats *s,
					  size_t i, struct fsr_diag *d)
{
	struct fsr_stats_lazy *l = s->lazy;
	const struct fsr_result *res;

	/* on-demand stats read the report as it is when asked: show's
	 * streamed read describes each result as the parse ends it */
	if (i >= (l ? l->report->n_results : s->n_results))
		FSR_BUG("result %zu of %zu", i, s->n_results);
	if (!l)
		return s->results[i].cells;
	res = l->report->results[i];
	FSR_GROW(l->cells, l->cap, res->n_cells ? res->n_cells : 1);
	return describe_result(&l->dc, l->report, res, l->cells, d) ? NULL :
								   l->cells;
}

void fsr_stats_free(struct fsr_stats *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n_results; i++)
		free(s->results[i].cells);
	if (s->lazy) {
		describe_ctx_release(&s->lazy->dc);
		free(s->lazy->cells);
		free(s->lazy);
	}
	free(s->results);
	free(s);
}
