/*
 * validity.c - measurement validity: whether a configuration's first run
 * is far outside the others in the slow direction (a cold cache, a
 * device still warming up), by the one-sided prediction bound of the
 * others on the log scale (analyze.h, docs/methods.md section 10).
 * Flags only: nothing here changes a summary's numbers.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

static void untested(struct fsr_first_run *out)
{
	out->tested = out->flagged = 0;
	out->n_others = 0;
	out->x1 = out->bound = out->t = out->p = out->mean_others = NAN;
}

void fsr_first_run_logs(const double *x, const double *lx, size_t n,
			double mean, enum fsr_better better,
			struct fsr_first_run *out)
{
	size_t m = n - 1, i;
	double lm, ls, k, q, sum = 0, shift;
	int lower = better == FSR_BETTER_LOWER;

	untested(out);
	if (n < FSR_FIRST_MIN_N || better == FSR_BETTER_UNKNOWN)
		return;
	for (i = 0; i < n; i++)
		if (!(x[i] > 0) || !isfinite(x[i]))
			return;
	out->tested = 1;
	out->n_others = m;
	out->x1 = x[0];
	for (i = 1; i < n; i++)
		sum += x[i];
	out->mean_others = sum / (double)m;
	lm = gsl_stats_mean(lx + 1, 1, m);
	ls = gsl_stats_sd_m(lx + 1, 1, m, lm);
	k = ls * sqrt(1 + 1 / (double)m);
	if (k > 0) {
		out->t = (lx[0] - lm) / k;
	} else {
		/* no spread among the others: any difference is beyond
		 * every bound, none is at the centre */
		out->t = lx[0] > lm ? INFINITY : lx[0] < lm ? -INFINITY : 0;
	}
	/* P(T >= t) for lower-is-better (slow is large), P(T <= t) when
	 * higher is better (slow is small) */
	out->p = lower ? gsl_cdf_tdist_Q(out->t, (double)(m - 1)) :
			 gsl_cdf_tdist_P(out->t, (double)(m - 1));
	q = gsl_cdf_tdist_Pinv(1 - FSR_FIRST_ALPHA, (double)(m - 1));
	out->bound = exp(lower ? lm + q * k : lm - q * k);
	shift = fabs(mean - out->mean_others);
	out->flagged = out->p < FSR_FIRST_ALPHA &&
		       shift > FSR_FIRST_MATERIAL_PCT / 100 *
			       fabs(out->mean_others);
}

void fsr_first_run(const double *x, size_t n, enum fsr_better better,
		   struct fsr_first_run *out)
{
	double *lx;
	size_t i;

	if (n < FSR_FIRST_MIN_N) {
		untested(out);
		return;
	}
	lx = fsr_xmalloc(n * sizeof(*lx));
	for (i = 0; i < n; i++)
		lx[i] = x[i] > 0 ? log(x[i]) : NAN;
	fsr_first_run_logs(x, lx, n, gsl_stats_mean(x, 1, n), better, out);
	free(lx);
}
