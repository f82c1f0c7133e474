/*
 * geomean.c - the geometric mean of per-result ratios, with a Student-t
 * interval on the log scale (docs/statistics.md 3.7). GSL has no direct
 * call: log, gsl_stats_mean / gsl_stats_sd, exp.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

int fsr_geomean_ci(const double *r, size_t k, double conf, double *g,
		   double *lo, double *hi)
{
	double *l, m, s, t;
	size_t i;

	*g = *lo = *hi = NAN;
	if (k == 0)
		return 0;
	l = fsr_xmalloc(k * sizeof(*l));
	for (i = 0; i < k; i++)
		l[i] = log(r[i]);
	m = gsl_stats_mean(l, 1, k);
	*g = exp(m);
	if (k >= 2) {
		s = gsl_stats_sd_m(l, 1, k, m);
		t = gsl_cdf_tdist_Pinv(1 - (1 - conf) / 2, (double)(k - 1));
		if (!isfinite(t)) {
			free(l);
			return FSR_EINTERNAL;
		}
		*lo = exp(m - t * s / sqrt((double)k));
		*hi = exp(m + t * s / sqrt((double)k));
	}
	free(l);
	return 0;
}
