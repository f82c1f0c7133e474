/*
 * outliers.c - the outlier rules fsreport can name (docs/methods.md 6).
 * Values are flagged, never dropped: the rules only give fences.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
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

/* The critical value lambda_i of step i (from 1) of n values, from the
 * memo when it has it (the t quantile is an iterative solve). */
static double esd_lambda(size_t n, size_t i, double alpha,
			 struct fsr_esd_memo *m)
{
	double df = (double)(n - i - 1), t, l;
	size_t k;

	for (k = 0; m && k < m->used; k++)
		if (m->n[k] == n && m->i[k] == i && m->alpha[k] == alpha)
			return m->lambda[k];
	t = gsl_cdf_tdist_Qinv(alpha / (2.0 * (double)(n - i + 1)), df);
	l = (double)(n - i) * t / sqrt((df + t * t) * (double)(n - i + 1));
	if (m && m->used < FSR_ESD_MEMO) {
		m->n[m->used] = n;
		m->i[m->used] = i;
		m->alpha[m->used] = alpha;
		m->lambda[m->used++] = l;
	}
	return l;
}

size_t fsr_esd_fences(const double *x, size_t n, double alpha, double *lo,
		      double *hi)
{
	return fsr_esd_fences_memo(x, n, alpha, NULL, lo, hi);
}

size_t fsr_esd_fences_memo(const double *x, size_t n, double alpha,
			   struct fsr_esd_memo *memo, double *lo, double *hi)
{
	size_t r = n / 10 > 1 ? n / 10 : 1, i, a = 0, b = n, k = 0;
	double *s;

	*lo = *hi = NAN;
	if (n == 0)
		return 0;
	s = sorted_copy(x, n);
	/* The value farthest from the mean of those left is always at an
	 * end of the sorted ones left, s[a] or s[b - 1]. */
	for (i = 1; i <= r && n >= 3 && n - i >= 2; i++) {
		double m = gsl_stats_mean(s + a, 1, b - a);
		double sd = gsl_stats_sd_m(s + a, 1, b - a, m);
		double dl = m - s[a], dh = s[b - 1] - m;

		if (!(sd > 0))
			break;
		if ((dh >= dl ? dh : dl) / sd > esd_lambda(n, i, alpha, memo))
			k = i;
		if (dh >= dl)
			b--;
		else
			a++;
	}
	/* Undo the removals past step k. */
	a = 0;
	b = n;
	for (i = 1; i <= k; i++) {
		double m = gsl_stats_mean(s + a, 1, b - a);

		if (s[b - 1] - m >= m - s[a])
			b--;
		else
			a++;
	}
	*lo = s[a];
	*hi = s[b - 1];
	free(s);
	return k;
}

size_t fsr_count_outside(const double *x, size_t n, double lo, double hi)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (x[i] < lo || x[i] > hi)
			c++;
	return c;
}
