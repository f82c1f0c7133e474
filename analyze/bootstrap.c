/*
 * bootstrap.c - percentile bootstrap interval of the ratio of the means
 * (docs/methods.md 9.6): the two samples are resampled independently
 * with replacement by GSL's mt19937 from a fixed seed, so a report is
 * reproducible and says which seed made it. Known weakness, said in the
 * README: with few runs the percentile interval is too narrow.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

static double resampled_mean(gsl_rng *rng, const double *x, size_t n)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += x[gsl_rng_uniform_int(rng, (unsigned long)n)];
	return sum / (double)n;
}

int fsr_bootstrap_ratio(const double *a, size_t na, const double *b,
			size_t nb, double conf, size_t B, unsigned long seed,
			double *lo, double *hi)
{
	double *theta, tail = (1 - conf) / 2;
	size_t i, m = 0;
	gsl_rng *rng;

	*lo = *hi = NAN;
	if (na < 2 || nb < 2 || B < 1)
		return 0;
	if (!(conf > 0 && conf < 1))
		return FSR_EINTERNAL;
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!rng)
		return FSR_EINTERNAL;
	gsl_rng_set(rng, seed);
	theta = fsr_xmalloc(B * sizeof(*theta));
	for (i = 0; i < B; i++) {
		double ma = resampled_mean(rng, a, na);
		double mb = resampled_mean(rng, b, nb);

		/* A resampled baseline mean of 0 has no ratio: skip it. */
		if (ma != 0 && isfinite(mb / ma))
			theta[m++] = mb / ma;
	}
	gsl_rng_free(rng);
	if (m > 0) {
		gsl_sort(theta, 1, m);
		*lo = gsl_stats_quantile_from_sorted_data(theta, 1, m, tail);
		*hi = gsl_stats_quantile_from_sorted_data(theta, 1, m,
							  1 - tail);
	}
	free(theta);
	return 0;
}
