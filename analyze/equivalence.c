/*
 * equivalence.c - Schuirmann's two one-sided tests (1987) with Welch's
 * standard error and degrees of freedom (docs/methods.md 12): the
 * test behind the verdicts "equal" (--equivalence) and "not worse"
 * (--max-regression, the one side of it). compare.c applies it to the
 * logarithms of the runs, so the margin is one of the ratio of the
 * geometric means.
 */
#include "analyze.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

const char *fsr_margin_name(enum fsr_margin_kind k)
{
	switch (k) {
	case FSR_MARGIN_EQUIVALENCE:
		return "equivalence";
	case FSR_MARGIN_NONINFERIORITY:
		return "max-regression";
	default:
		return "";
	}
}

/* Both sides constant: no spread to test against, so the difference
 * is known: inside the margin or not. */
static void degenerate(double lo, double hi, struct fsr_tost *out)
{
	int in_lo = out->diff > lo, in_hi = out->diff < hi;

	out->degenerate = 1;
	out->t_lower = in_lo ? INFINITY : -INFINITY;
	out->t_upper = in_hi ? -INFINITY : INFINITY;
	out->p_lower = in_lo ? 0 : 1;
	out->p_upper = in_hi ? 0 : 1;
	if (isinf(lo))
		out->t_lower = NAN;
	if (isinf(hi))
		out->t_upper = NAN;
	out->p = fmax(out->p_lower, out->p_upper);
	out->low = out->high = out->diff;
}

int fsr_tost(const double *a, size_t na, const double *b, size_t nb,
	     double lo, double hi, double alpha, struct fsr_tost *out)
{
	double ma, mb, qa, qb, se2, q;

	out->diff = out->se = out->df = NAN;
	out->t_lower = out->t_upper = NAN;
	out->p_lower = out->p_upper = out->p = NAN;
	out->low = out->high = NAN;
	out->degenerate = 0;
	if (!(alpha > 0 && alpha < 0.5) || !(lo < hi))
		return FSR_EINTERNAL;
	if (na < 2 || nb < 2)
		return 0;
	ma = gsl_stats_mean(a, 1, na);
	mb = gsl_stats_mean(b, 1, nb);
	qa = gsl_stats_variance_m(a, 1, na, ma) / (double)na;
	qb = gsl_stats_variance_m(b, 1, nb, mb) / (double)nb;
	out->diff = mb - ma;
	se2 = qa + qb;
	if (!(se2 > 0)) {
		degenerate(lo, hi, out);
		return 0;
	}
	out->se = sqrt(se2);
	out->df = se2 * se2 / (qa * qa / (double)(na - 1) +
			       qb * qb / (double)(nb - 1));
	/* An open side (non-inferiority) is no hypothesis: p 0. */
	out->p_lower = out->p_upper = 0;
	if (isfinite(lo)) {
		out->t_lower = (out->diff - lo) / out->se;
		out->p_lower = gsl_cdf_tdist_Q(out->t_lower, out->df);
	}
	if (isfinite(hi)) {
		out->t_upper = (out->diff - hi) / out->se;
		out->p_upper = gsl_cdf_tdist_P(out->t_upper, out->df);
	}
	out->p = fmax(out->p_lower, out->p_upper);
	q = gsl_cdf_tdist_Qinv(alpha, out->df);
	if (!isfinite(q))
		return FSR_EINTERNAL;
	out->low = out->diff - q * out->se;
	out->high = out->diff + q * out->se;
	return 0;
}
