/*
 * describe.c - per-cell summaries: mean, sample sd, se, Student-t
 * interval, median, range and CV, computed with GSL.
 */
#include "analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

void fsr_analyze_init(void)
{
	gsl_set_error_handler_off();
}

int fsr_describe(const double *x, size_t n, double conf,
		 struct fsr_summary *out, struct fsr_diag *d)
{
	double *sorted;

	out->n = n;
	out->n_failed = 0;
	out->mean = out->sd = out->se = out->ci_low = out->ci_high = NAN;
	out->median = out->min = out->max = out->cv_pct = NAN;
	if (n == 0)
		return 0;
	if (!(conf > 0 && conf < 1))
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "confidence %g is not between 0 and 1",
				    conf);
	out->mean = gsl_stats_mean(x, 1, n);
	gsl_stats_minmax(&out->min, &out->max, x, 1, n);
	sorted = fsr_xmalloc(n * sizeof(*sorted));
	memcpy(sorted, x, n * sizeof(*sorted));
	gsl_sort(sorted, 1, n);
	out->median = gsl_stats_median_from_sorted_data(sorted, 1, n);
	free(sorted);
	if (n >= 2) {
		double t = gsl_cdf_tdist_Pinv(1 - (1 - conf) / 2,
					      (double)(n - 1));

		if (!isfinite(t))
			return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					    "no t quantile for n = %zu", n);
		out->sd = gsl_stats_sd_m(x, 1, n, out->mean);
		out->se = out->sd / sqrt((double)n);
		out->ci_low = out->mean - t * out->se;
		out->ci_high = out->mean + t * out->se;
		if (out->mean != 0)
			out->cv_pct = 100 * out->sd / fabs(out->mean);
	}
	return 0;
}

struct fsr_stats *fsr_analyze(const struct fsr_report *r,
			      const struct fsr_analyze_opts *o,
			      struct fsr_diag *d)
{
	struct fsr_stats *s = fsr_xcalloc(1, sizeof(*s));
	size_t i, j;

	s->confidence = o->confidence;
	s->n_results = r->n_results;
	s->results = fsr_xcalloc(r->n_results ? r->n_results : 1,
				 sizeof(*s->results));
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];
		struct fsr_result_stats *rs = &s->results[i];

		rs->result = res;
		rs->cells = fsr_xcalloc(res->n_cells ? res->n_cells : 1,
					sizeof(*rs->cells));
		for (j = 0; j < res->n_cells; j++) {
			const struct fsr_cell *c = &res->cells[j];

			if (fsr_describe(c->samples, c->n, o->confidence,
					 &rs->cells[j], d)) {
				fsr_stats_free(s);
				return NULL;
			}
			rs->cells[j].n_failed = c->n_failed;
			/* A LINE_GRAPH series is points over time, not
			 * repetitions: no spread or interval from it. */
			if (res->display != FSR_DISPLAY_BAR) {
				struct fsr_summary *cs = &rs->cells[j];

				cs->sd = cs->se = cs->cv_pct = NAN;
				cs->ci_low = cs->ci_high = NAN;
			}
		}
	}
	return s;
}

void fsr_stats_free(struct fsr_stats *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n_results; i++)
		free(s->results[i].cells);
	free(s->results);
	free(s);
}
