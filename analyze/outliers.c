/*
 * outliers.c - the outlier rules fsreport can name (docs/methods.md 6).
 * Values are flagged, never dropped: the rules only give fences.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

void fsr_tukey_fences(const double *x, size_t n, double *q1, double *q3,
		      double *lo, double *hi)
{
	double *s = fsr_sorted_copy(x, n);

	fsr_tukey_fences_sorted(s, n, q1, q3, lo, hi);
	free(s);
}

void fsr_tukey_fences_sorted(const double *s, size_t n, double *q1,
			     double *q3, double *lo, double *hi)
{
	double iqr;

	*q1 = *q3 = *lo = *hi = NAN;
	if (n == 0)
		return;
	/* GSL interpolates at (n - 1) f: R's type 7. */
	*q1 = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.25);
	*q3 = gsl_stats_quantile_from_sorted_data(s, 1, n, 0.75);
	iqr = *q3 - *q1;
	*lo = *q1 - 1.5 * iqr;
	*hi = *q3 + 1.5 * iqr;
}

void fsr_mad_fences(const double *x, size_t n, double *median, double *mad,
		    double *lo, double *hi)
{
	double *s = fsr_sorted_copy(x, n);

	fsr_mad_fences_sorted(s, n, median, mad, lo, hi);
	free(s);
}

void fsr_mad_fences_sorted(const double *s, size_t n, double *median,
			   double *mad, double *lo, double *hi)
{
	double *work, w;

	*median = *mad = *lo = *hi = NAN;
	if (n == 0)
		return;
	*median = gsl_stats_median_from_sorted_data(s, 1, n);
	work = fsr_xmalloc(n * sizeof(*work));
	*mad = gsl_stats_mad0(s, 1, n, work);
	free(work);
	/* MAD = 0 (more than half the runs equal): |z| is infinite for
	 * every other value, so the fences close on the median, just as
	 * Tukey's do when the IQR is 0. */
	w = *mad > 0 ? 3.5 * *mad / 0.6745 : 0;
	*lo = *median - w;
	*hi = *median + w;
}

/* The slot of step i in the memo's table of the steps of (n, alpha),
 * the table set up afresh (every slot NAN) for another n or alpha;
 * NULL past its end. */
static double *step_slot(struct fsr_esd_memo *m, size_t n, size_t i,
			 double alpha)
{
	size_t k;

	if (m->step_n != n || m->step_alpha != alpha) {
		m->n_step = n / 10 + 1;
		m->step = fsr_xrealloc(m->step, m->n_step * sizeof(double));
		for (k = 0; k < m->n_step; k++)
			m->step[k] = NAN;
		m->step_n = n;
		m->step_alpha = alpha;
	}
	return i < m->n_step ? &m->step[i] : NULL;
}

/* The critical value lambda_i of step i (from 1) of n values, from the
 * memo when it has it (the t quantile is an iterative solve): a big
 * cell's in the table of its steps, a small one's among the pairs. */
static double esd_lambda(size_t n, size_t i, double alpha,
			 struct fsr_esd_memo *m)
{
	double df = (double)(n - i - 1), t, l, *slot = NULL;
	int small = m && n <= FSR_ESD_MEMO_BIG;
	size_t k;

	if (m && !small) {
		slot = step_slot(m, n, i, alpha);
		if (slot && !isnan(*slot))
			return *slot;
	}
	for (k = 0; small && k < m->used; k++)
		if (m->n[k] == n && m->i[k] == i && m->alpha[k] == alpha)
			return m->lambda[k];
	t = gsl_cdf_tdist_Qinv(alpha / (2.0 * (double)(n - i + 1)), df);
	l = (double)(n - i) * t / sqrt((df + t * t) * (double)(n - i + 1));
	if (slot) {
		*slot = l;
	} else if (small && m->used < FSR_ESD_MEMO) {
		m->n[m->used] = n;
		m->i[m->used] = i;
		m->alpha[m->used] = alpha;
		m->lambda[m->used++] = l;
	}
	return l;
}

void fsr_esd_memo_release(struct fsr_esd_memo *m)
{
	free(m->step);
	m->step = NULL;
	m->step_n = m->n_step = 0;
}

size_t fsr_esd_fences(const double *x, size_t n, double alpha, double *lo,
		      double *hi)
{
	return fsr_esd_fences_memo(x, n, alpha, NULL, lo, hi);
}

/*
 * The sums of the values left, s[a..b) of the sorted copy, taken about
 * a shift c inside their range (so the sum of squares does not cancel),
 * in long double, with bounds on their rounding error that grow with
 * each update. A step of the ESD test reads the mean and the sd from
 * them in O(1) and takes GSL's two-pass values instead whenever the
 * bounds leave its decisions in doubt: the decisions, so the outliers
 * and the fences, are always those of the two-pass computation.
 */
struct esd_sums {
	long double s1, s2; /* sum of x - c and of (x - c)^2 */
	long double e1, e2; /* bounds on their rounding errors */
	double c;
};

static void sums_init(struct esd_sums *z, const double *s, size_t n)
{
	size_t j;

	memset(z, 0, sizeof(*z));
	z->c = s[n / 2];
	for (j = 0; j < n; j++) {
		long double d = (long double)s[j] - z->c;

		z->s1 += d;
		z->s2 += d * d;
		z->e1 += fabsl(z->s1) + fabsl(d);
		z->e2 += z->s2 + 4 * d * d;
	}
	z->e1 *= LDBL_EPSILON;
	z->e2 *= LDBL_EPSILON;
}

static void sums_drop(struct esd_sums *z, double x)
{
	long double d = (long double)x - z->c;

	z->s1 -= d;
	z->s2 -= d * d;
	z->e1 += LDBL_EPSILON * (fabsl(z->s1) + fabsl(d));
	z->e2 += LDBL_EPSILON * (fabsl(z->s2) + 4 * d * d);
}

/* What one step decides: remove the high end (else the low one); the
 * statistic is above lambda; the sd is 0 (stop). */
struct esd_step {
	int high, above, stop;
};

/* The step on s[a..b) exactly as GSL's two-pass mean and sd give it. */
static void step_exact(const double *s, size_t a, size_t b, double lambda,
		       struct esd_step *st)
{
	double m = gsl_stats_mean(s + a, 1, b - a);
	double sd = gsl_stats_sd_m(s + a, 1, b - a, m);
	double dl = m - s[a], dh = s[b - 1] - m;

	st->stop = !(sd > 0);
	st->high = dh >= dl;
	st->above = (dh >= dl ? dh : dl) / sd > lambda;
}

/*
 * The step from the sums when they decide it beyond doubt; 0 when not.
 * The margins bound the error of this mean and of GSL's: a long double
 * recurrence m += (x - m) / (i + 1), each step's rounding at most
 * u (|m| + 2 range) (u = LDBL_EPSILON / 2) and damped by i / (i + 1)
 * after it, so at most u (max|x| + 2 range) (k + 1) / 2 in all, then
 * rounded to a double; and of the doubles GSL compares. Each margin
 * is doubled for safety. Data whose spread is a tiny part of its
 * magnitude (1e9 +- 1) falls inside them more often and takes the
 * exact step more often.
 */
static int step_fast(const struct esd_sums *z, const double *s, size_t a,
		     size_t b, double lambda, struct esd_step *st)
{
	long double k = (long double)(b - a), q = z->s1 / k;
	long double m = z->c + q, var, evar, big, range, em, tol, r, er, dev;
	double lo = s[a], hi = s[b - 1];

	if (lo == hi) { /* GSL's mean is the value, its sd 0 */
		st->stop = 1;
		return 1;
	}
	big = fmaxl(fabsl(lo), fabsl(hi));
	range = (long double)hi - lo;
	em = z->e1 / k + LDBL_EPSILON * (fabsl(m) + fabsl(q)) +
	     (k + 1) * (big + 2 * range) * (LDBL_EPSILON / 2) +
	     DBL_EPSILON * big;
	tol = 2 * (2 * em + 2 * DBL_EPSILON * range);
	dev = (hi - m) - (m - lo);
	if (!(fabsl(dev) > tol))
		return 0;
	var = (z->s2 - z->s1 * q) / (k - 1);
	evar = (z->e2 + 2 * fabsl(q) * z->e1 + z->e1 * z->e1 / k +
		LDBL_EPSILON * 4 * (z->s2 + fabsl(z->s1 * q))) / (k - 1);
	/* A variance near 0 or below a double's range: GSL's own. */
	if (!(var - 2 * evar > 1e-280L))
		return 0;
	st->stop = 0;
	st->high = dev >= 0;
	r = (st->high ? hi - m : m - lo) / sqrtl(var);
	/* Relative errors: the deviation (both means), the variance (ours,
	 * and GSL's: differences in double, a long double recurrence whose
	 * error is at most u k (1 + ln k) of it, its mean's error squared
	 * over the variance) and the divisions and roots. */
	er = 2 * em / (st->high ? hi - m : m - lo) + evar / var +
	     8 * DBL_EPSILON +
	     4 * (k + 2) * (2 + log2l(k)) * LDBL_EPSILON + 2 * em * em / var;
	if (!(fabsl(r - lambda) > 2 * er * fabsl(lambda) + 4 * DBL_EPSILON))
		return 0;
	st->above = r > lambda;
	return 1;
}

size_t fsr_esd_fences_memo(const double *x, size_t n, double alpha,
			   struct fsr_esd_memo *memo, double *lo, double *hi)
{
	double *s = fsr_sorted_copy(x, n);
	size_t k = fsr_esd_fences_sorted(s, n, alpha, memo, lo, hi);

	free(s);
	return k;
}

size_t fsr_esd_fences_sorted(const double *s, size_t n, double alpha,
			     struct fsr_esd_memo *memo, double *lo,
			     double *hi)
{
	size_t r = n / 10 > 1 ? n / 10 : 1, i, a = 0, b = n, k = 0;
	size_t ka = 0, kb = n;
	struct esd_sums z;
	int fast;

	*lo = *hi = NAN;
	if (n == 0)
		return 0;
	/* Not finite: GSL's arithmetic, which the bounds cannot follow. */
	fast = n >= 3 && isfinite(s[0]) && isfinite(s[n - 1]);
	if (fast)
		sums_init(&z, s, n);
	/* The value farthest from the mean of those left is always at an
	 * end of the sorted ones left, s[a] or s[b - 1]. */
	for (i = 1; i <= r && n >= 3 && n - i >= 2; i++) {
		double lambda = esd_lambda(n, i, alpha, memo);
		struct esd_step st;

		if (!fast || !step_fast(&z, s, a, b, lambda, &st))
			step_exact(s, a, b, lambda, &st);
		if (st.stop)
			break;
		if (fast)
			sums_drop(&z, st.high ? s[b - 1] : s[a]);
		if (st.high)
			b--;
		else
			a++;
		if (st.above) {
			k = i;
			ka = a;
			kb = b;
		}
	}
	/* The values left after step k are the ones kept. */
	*lo = s[ka];
	*hi = s[kb - 1];
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
