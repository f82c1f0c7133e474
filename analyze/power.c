/*
 * power.c - the power of the two-sample t-test and what follows from it
 * (R's power.t.test, two-sided, strict = FALSE): the power at a shift
 * delta with per-side n and sd is P(T' > t(1 - alpha/2, 2 (n - 1)))
 * for T' noncentral t with 2 (n - 1) degrees of freedom and ncp
 * sqrt(n / 2) delta / sd. GSL has no noncentral t: its upper tail is
 * the integral over the chi-square variable x of
 * Q(q sqrt(x / df) - ncp) f_chisq(x; df), by gsl_integration_qags,
 * and the inverse problems are solved with Brent's method.
 */
#include "analyze-internal.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_roots.h>

struct nct {
	double q, df, ncp;
};

static double nct_integrand(double x, void *p)
{
	const struct nct *t = p;

	return gsl_cdf_ugaussian_Q(t->q * sqrt(x / t->df) - t->ncp) *
	       gsl_ran_chisq_pdf(x, t->df);
}

double fsr_t_power(double n, double delta, double sd, double alpha)
{
	gsl_integration_workspace *w;
	struct nct t;
	gsl_function f;
	double r, err;
	int rc;

	if (!(n > 1) || !(sd > 0) || !(alpha > 0 && alpha < 1))
		return NAN;
	t.df = 2 * (n - 1);
	t.q = gsl_cdf_tdist_Qinv(alpha / 2, t.df);
	t.ncp = sqrt(n / 2) * fabs(delta) / sd;
	w = gsl_integration_workspace_alloc(200);
	if (!w)
		return NAN;
	f.function = nct_integrand;
	f.params = &t;
	/* The chi-square density is below 1e-30 beyond df -+ 40
	 * sqrt(2 df) (+ 200 above): a finite range, split at its mode. */
	{
		double mode = t.df > 2 ? t.df - 2 : 0, s = sqrt(2 * t.df);
		double from = fmax(0, t.df - 40 * s), to = t.df + 40 * s + 200;
		double r2 = 0;

		if (mode <= from)
			mode = 0;
		rc = gsl_integration_qags(&f, from, mode > 0 ? mode : to, 0,
					  1e-12, 200, w, &r, &err);
		if (!rc && mode > 0)
			rc = gsl_integration_qags(&f, mode, to, 0, 1e-12, 200,
						  w, &r2, &err);
		r += r2;
	}
	gsl_integration_workspace_free(w);
	return rc ? NAN : r;
}

struct want {
	double n, delta, sd, alpha, power;
	int solve_n;
};

static double gap(double x, void *p)
{
	const struct want *w = p;

	if (w->solve_n)
		return fsr_t_power(x, w->delta, w->sd, w->alpha) - w->power;
	return fsr_t_power(w->n, x, w->sd, w->alpha) - w->power;
}

static double brent(struct want *w, double lo, double hi)
{
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	gsl_function f;
	double x = NAN;
	int i, st;

	if (!s)
		return NAN;
	f.function = gap;
	f.params = w;
	if (!(gap(lo, w) < 0 && gap(hi, w) > 0) ||
	    gsl_root_fsolver_set(s, &f, lo, hi)) {
		gsl_root_fsolver_free(s);
		return NAN;
	}
	for (i = 0; i < 200; i++) {
		if (gsl_root_fsolver_iterate(s))
			break;
		x = gsl_root_fsolver_root(s);
		st = gsl_root_test_interval(gsl_root_fsolver_x_lower(s),
					    gsl_root_fsolver_x_upper(s), 0,
					    1e-12);
		if (st == GSL_SUCCESS)
			break;
	}
	gsl_root_fsolver_free(s);
	return x;
}

/* The power depends on delta / sd alone: the change is solved for sd 1
 * and scaled, so callers may keep the sd-1 value (analyze/compare.c). */
double fsr_t_mde(double n, double sd, double alpha, double power)
{
	struct want w = { n, 0, 1, alpha, power, 0 };

	if (!(n > 1) || !(sd > 0))
		return NAN;
	return sd * brent(&w, 1e-9, 1e3);
}

double fsr_t_runs(double delta, double sd, double alpha, double power)
{
	struct want w = { 0, delta, sd, alpha, power, 1 };

	if (!(sd > 0) || !(delta != 0))
		return NAN;
	return brent(&w, 2, 1e4); /* more than 10000 runs: NAN */
}
