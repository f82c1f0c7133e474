/*
 * welch.c - Welch's unequal-variance t-test and the interval of the
 * difference of the means (docs/methods.md 9.4), with GSL.
 */
#include "analyze-internal.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

/* The test (want_p) and the interval at conf (0: none). */
static int welch(const double *a, size_t na, const double *b, size_t nb,
		 double conf, int want_p, struct fsr_welch *out)
{
	double ma, mb, va, vb, qa, qb, se2, se, q;

	out->t = out->df = out->p = out->se = NAN;
	out->diff = out->diff_low = out->diff_high = NAN;
	out->degenerate = 0;
	if (na < 2 || nb < 2)
		return 0;
	if (!(conf == 0 || (conf > 0 && conf < 1)))
		return FSR_EINTERNAL;
	ma = gsl_stats_mean(a, 1, na);
	mb = gsl_stats_mean(b, 1, nb);
	va = gsl_stats_variance_m(a, 1, na, ma);
	vb = gsl_stats_variance_m(b, 1, nb, mb);
	out->diff = mb - ma;
	qa = va / (double)na;
	qb = vb / (double)nb;
	se2 = qa + qb;
	if (!(se2 > 0)) {
		/* No variation on either side: nothing to estimate. */
		out->degenerate = 1;
		out->se = 0;
		out->diff_low = out->diff_high = out->diff;
		if (out->diff == 0) {
			out->t = 0;
			out->p = 1;
		} else {
			out->t = out->diff > 0 ? INFINITY : -INFINITY;
			out->p = 0;
		}
		return 0;
	}
	se = sqrt(se2);
	out->se = se;
	out->t = out->diff / se;
	out->df = se2 * se2 / (qa * qa / (double)(na - 1) +
			       qb * qb / (double)(nb - 1));
	if (want_p) {
		out->p = 2 * gsl_cdf_tdist_Q(fabs(out->t), out->df);
		if (out->p > 1)
			out->p = 1;
	}
	if (conf == 0)
		return 0;
	q = gsl_cdf_tdist_Pinv(1 - (1 - conf) / 2, out->df);
	if (!isfinite(q))
		return FSR_EINTERNAL;
	out->diff_low = out->diff - q * se;
	out->diff_high = out->diff + q * se;
	return 0;
}

int fsr_welch_test(const double *a, size_t na, const double *b, size_t nb,
		   double conf, struct fsr_welch *out)
{
	return welch(a, na, b, nb, conf, 1, out);
}

int fsr_welch_interval(const double *a, size_t na, const double *b,
		       size_t nb, double conf, struct fsr_welch *out)
{
	if (!(conf > 0 && conf < 1))
		return FSR_EINTERNAL;
	return welch(a, na, b, nb, conf, 0, out);
}
