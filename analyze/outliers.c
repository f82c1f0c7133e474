/*
 * outliers.c - the two outlier rules fsreport can name (docs/statistics.md
 * 3.9). Values are flagged, never dropped: the rules only give fences.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

static double *sorted_copy(const double *x, size_t n)
{
	double *s = fsr_xmalloc(n * sizeof(*s));

	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	return s;
}

void fsr_tukey_fences(const double *x, size_t n, double *q1, double *q3,
		      double *lo, double *hi)
{
	double *s, iqr;

	*q1 = *q3 = *lo = *hi = NAN;
	if (n == 0)
		return;
	s = sorted_copy(x, n);
	/* GSL interpolates at (n - 1) f: R's type 7. */
	*q1 = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.25);
	*q3 = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.75);
	iqr = *q3 - *q1;
	*lo = *q1 - 1.5 * iqr;
	*hi = *q3 + 1.5 * iqr;
	free(s);
}

void fsr_mad_fences(const double *x, size_t n, double *median, double *mad,
		    double *lo, double *hi)
{
	double *work, *s, w;

	*median = *mad = *lo = *hi = NAN;
	if (n == 0)
		return;
	s = sorted_copy(x, n);
	*median = gsl_stats_median_from_sorted_data(s, 1, n);
	work = fsr_xmalloc(n * sizeof(*work));
	*mad = gsl_stats_mad0(s, 1, n, work);
	free(work);
	free(s);
	/* MAD = 0 (more than half the runs equal): |z| is infinite for
	 * every other value, so the fences close on the median, just as
	 * Tukey's do when the IQR is 0. */
	w = *mad > 0 ? 3.5 * *mad / 0.6745 : 0;
	*lo = *median - w;
	*hi = *median + w;
}

size_t fsr_count_outside(const double *x, size_t n, double lo, double hi)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (x[i] < lo || x[i] > hi)
			c++;
	return c;
}
