/*
 * validity.c - measurement validity: whether a configuration's first run
 * is far outside the others in the slow direction (a cold cache, a
 * device still warming up), by the one-sided prediction bound of the
 * others on the log scale (analyze.h, docs/methods.md section 10).
 * Also the drift across the runs: the Mann-Kendall test and Sen's slope
 * (docs/methods.md "Drift across the runs").
 * Flags only: nothing here changes a summary's numbers.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

static void untested(struct fsr_first_run *out)
{
	out->tested = out->flagged = 0;
	out->n_others = 0;
	out->x1 = out->bound = out->t = out->p = out->mean_others = NAN;
}

double fsr_first_run_quantile(size_t n)
{
	return gsl_cdf_tdist_Pinv(1 - FSR_FIRST_ALPHA, (double)(n - 2));
}

/* The arithmetic mean of x[1..n), n >= 2. */
static double mean_without_first(const double *x, size_t n)
{
	double sum = 0;
	size_t i;

	for (i = 1; i < n; i++)
		sum += x[i];
	return sum / (double)(n - 1);
}

/* The flag's second half: the mean moves materially without x1. */
static int material(double mean, double mean_others)
{
	return fabs(mean - mean_others) > FSR_FIRST_MATERIAL_PCT / 100 *
						  fabs(mean_others);
}

int fsr_first_run_material(const double *x, size_t n, double mean,
			   enum fsr_better better)
{
	size_t i;

	if (n < FSR_FIRST_MIN_N || better == FSR_BETTER_UNKNOWN)
		return 0;
	for (i = 0; i < n; i++)
		if (!(x[i] > 0) || !isfinite(x[i]))
			return 0;
	return material(mean, mean_without_first(x, n));
}

void fsr_first_run_logs(const double *x, const double *lx, size_t n,
			double mean, enum fsr_better better, double q,
			struct fsr_first_run *out)
{
	size_t m = n - 1, i;
	double lm, ls, k;
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
	out->mean_others = mean_without_first(x, n);
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
	if (isnan(q))
		q = fsr_first_run_quantile(n);
	out->bound = exp(lower ? lm + q * k : lm - q * k);
	out->flagged = out->p < FSR_FIRST_ALPHA &&
		       material(mean, out->mean_others);
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
	fsr_first_run_logs(x, lx, n, gsl_stats_mean(x, 1, n), better, NAN,
			   out);
	free(lx);
}

static int sign(double d)
{
	return (d > 0) - (d < 0);
}

/* Up to this many runs are sorted by insertion (for their ties), not
 * by qsort. */
#define DRIFT_INSERTION 128

static void sort_small(double *x, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		double v = x[i];

		for (j = i; j > 0 && x[j - 1] > v; j--)
			x[j] = x[j - 1];
		x[j] = v;
	}
}

/*
 * The median of x[0..n), n >= 1, as gsl_stats_median_from_sorted_data()
 * gives it of the values sorted, found by selection (Wirth's: x is
 * reordered, every value before the middle one no greater): a cell of
 * 10 runs has 45 slopes, which gsl_sort (a heapsort) took 6 000
 * instructions to sort. The same value as the sort's when no value is
 * -0 (-0 and +0 compare equal, so which of them lands in the middle
 * would depend on the algorithm): the caller's condition.
 */
static double median_select(double *x, size_t n)
{
	ptrdiff_t l = 0, m = (ptrdiff_t)n - 1, k = (ptrdiff_t)(n / 2);
	double lo;
	size_t i;

	while (l < m) {
		double v = x[k];
		ptrdiff_t a = l, b = m;

		do {
			while (x[a] < v)
				a++;
			while (v < x[b])
				b--;
			if (a <= b) {
				double t = x[a];

				x[a++] = x[b];
				x[b--] = t;
			}
		} while (a <= b);
		if (b < k)
			l = a;
		if (k < a)
			m = b;
	}
	if (n % 2)
		return x[k];
	/* the other middle value: the largest before x[k] */
	lo = x[0];
	for (i = 1; i < (size_t)k; i++)
		if (x[i] > lo)
			lo = x[i];
	return (lo + x[k]) / 2.0;
}

/* The Mann-Kendall test of x[0..n), with Sen's slope when sen. */
static void drift(const double *x, size_t n, int sen, struct fsr_drift *out)
{
	double s = 0, ties = 0, mean = 0, *slopes = NULL, *sorted;
	double small[DRIFT_INSERTION];
	size_t i, j, k = 0, equal = 0;
	int neg_zero = 0;

	out->tested = out->flagged = 0;
	out->s = out->var_s = out->z = out->p = NAN;
	out->sen = out->sen_pct = NAN;
	if (n < FSR_DRIFT_MIN_N || n > FSR_DRIFT_MAX_N)
		return;
	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			return;
		mean += x[i];
	}
	mean /= (double)n;
	if (sen) {
		slopes = fsr_xmalloc(n * (n - 1) / 2 * sizeof(*slopes));
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++) {
				s += sign(x[j] - x[i]);
				equal += x[j] == x[i];
				slopes[k] = (x[j] - x[i]) / (double)(j - i);
				if (slopes[k] == 0 && signbit(slopes[k]))
					neg_zero = 1;
				k++;
			}
	} else {
		/* in integers: every partial sum is one, |S| < 2^19, so
		 * the double is the same */
		long si = 0;

		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++) {
				si += (x[j] > x[i]) - (x[j] < x[i]);
				equal += x[j] == x[i];
			}
		s = (double)si;
	}
	/* tied groups: sorted, each run of equal values of length t (a
	 * cell of up to DRIFT_INSERTION runs on the stack). With no equal
	 * pair every group is one value and adds 0: no sort (it was a
	 * third of the test's cost in a show of 10 000 results). */
	sorted = !equal ? NULL : n <= DRIFT_INSERTION ? small :
					fsr_xmalloc(n * sizeof(*sorted));
	for (i = 0; sorted && i < n; i++)
		sorted[i] = x[i];
	if (sorted && n <= DRIFT_INSERTION)
		sort_small(sorted, n); /* only equal values are counted */
	else if (sorted)
		qsort(sorted, n, sizeof(*sorted), fsr_cmp_double);
	for (i = 0; sorted && i < n; i = j) {
		double t;

		for (j = i + 1; j < n && sorted[j] == sorted[i]; j++)
			;
		t = (double)(j - i);
		ties += t * (t - 1) * (2 * t + 5);
	}
	if (sorted && sorted != small)
		free(sorted);
	out->tested = 1;
	out->s = s;
	out->var_s = ((double)n * (double)(n - 1) * (double)(2 * n + 5) -
		      ties) / 18;
	if (out->var_s > 0 && s != 0) {
		out->z = (s - sign(s)) / sqrt(out->var_s);
		out->p = 2 * gsl_cdf_ugaussian_Q(fabs(out->z));
	} else {
		out->z = 0;
		out->p = 1;
	}
	if (out->p > 1)
		out->p = 1;
	out->flagged = out->p < FSR_DRIFT_ALPHA;
	if (!sen)
		return;
	/* a slope of -0 (a -0 run after a +0 one, or a difference of
	 * subnormals rounded to 0): gsl_sort's order of -0 and +0 */
	if (neg_zero) {
		gsl_sort(slopes, 1, k);
		out->sen = gsl_stats_median_from_sorted_data(slopes, 1, k);
	} else {
		out->sen = median_select(slopes, k);
	}
	out->sen_pct = mean != 0 ? 100 * out->sen / fabs(mean) : NAN;
	free(slopes);
}

void fsr_drift(const double *x, size_t n, struct fsr_drift *out)
{
	drift(x, n, 1, out);
}

void fsr_drift_test(const double *x, size_t n, struct fsr_drift *out)
{
	drift(x, n, 0, out);
}
