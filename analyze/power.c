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
#include "../lib/alloc.h"

#include <stdlib.h>
#include <string.h>

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

/* P(T' > t->q), T' noncentral t with t->df df and ncp t->ncp. */
static double nct_upper(const struct nct *t_)
{
	gsl_integration_workspace *w;
	struct nct t = *t_;
	gsl_function f;
	double r, err;
	int rc;

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

double fsr_t_power(double n, double delta, double sd, double alpha)
{
	struct nct t;

	if (!(n > 1) || !(sd > 0) || !(alpha > 0 && alpha < 1))
		return NAN;
	t.df = 2 * (n - 1);
	t.q = gsl_cdf_tdist_Qinv(alpha / 2, t.df);
	t.ncp = sqrt(n / 2) * fabs(delta) / sd;
	return nct_upper(&t);
}

double fsr_nct_upper(double q, double df, double ncp)
{
	struct nct t;

	if (!(df > 0) || !isfinite(q) || !isfinite(ncp))
		return NAN;
	t.q = q;
	t.df = df;
	t.ncp = ncp;
	return nct_upper(&t);
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

double fsr_detect_runs(double delta, double sd, double alpha, double power)
{
	double n;

	if (!(sd > 0) || !(delta != 0) || !(power > 0 && power < 1))
		return NAN;
	/* 2 already enough: the root solver needs a sign change */
	if (fsr_t_power(2, delta, sd, alpha) >= power)
		return 2;
	n = fsr_t_runs(delta, sd, alpha, power);
	return isfinite(n) ? ceil(n - 1e-9) : n;
}

/* The two one-sided tests with no true change: for the chi-square x of
 * the sd estimate, both tests reject when |d| < delta - q se sqrt(x /
 * df), d normal with sd se: 2 Phi((delta - q se_hat) / se) - 1. */
struct tost_p {
	double q, df, r; /* r = delta / se */
};

static double tost_integrand(double x, void *p)
{
	const struct tost_p *t = p;
	double a = t->r - t->q * sqrt(x / t->df);

	if (!(a > 0))
		return 0;
	return (2 * gsl_cdf_ugaussian_P(a) - 1) * gsl_ran_chisq_pdf(x, t->df);
}

/* P(both tests reject) for the pilot's sd estimated with df degrees of
 * freedom, q the one-sided critical t, r = delta / se. */
static double tost_integral(double q, double df, double r)
{
	gsl_integration_workspace *w;
	struct tost_p t;
	gsl_function f;
	double res = 0, err, to;
	int rc;

	t.df = df;
	t.q = q;
	t.r = r;
	/* the integrand is 0 from x = df (r / q)^2 on */
	to = t.df * (t.r / t.q) * (t.r / t.q);
	if (!(to > 0))
		return 0;
	w = gsl_integration_workspace_alloc(200);
	if (!w)
		return NAN;
	f.function = tost_integrand;
	f.params = &t;
	rc = gsl_integration_qags(&f, 0, to, 0, 1e-12, 200, w, &res, &err);
	gsl_integration_workspace_free(w);
	return rc ? NAN : res;
}

double fsr_tost_power(double n, double delta, double sd, double alpha)
{
	double df;

	if (!(n > 1) || !(sd > 0) || !(delta > 0) ||
	    !(alpha > 0 && alpha < 0.5))
		return NAN;
	df = 2 * (n - 1);
	return tost_integral(gsl_cdf_tdist_Qinv(alpha, df), df,
			     delta / (sd * sqrt(2 / n)));
}

/* check's test with k baseline run sets of spread sd (of ln of their
 * means) and one new run set: the prediction interval's se is
 * sd sqrt(1 + 1/k) with k - 1 df (analyze/check.c). Its power to
 * detect delta (two-sided, strict = FALSE as power.t.test), or with
 * equivalence that of the two one-sided tests at margin +-delta with
 * no true change. */
double fsr_check_plan_power(double k, double delta, double sd,
			    double alpha, int equivalence)
{
	double df = k - 1, r;

	if (!(k >= 2) || !(sd > 0) || !(delta > 0) ||
	    !(alpha > 0 && alpha < (equivalence ? 0.5 : 1)))
		return NAN;
	r = delta / (sd * sqrt(1 + 1 / k));
	if (equivalence)
		return tost_integral(gsl_cdf_tdist_Qinv(alpha, df), df, r);
	return fsr_nct_upper(gsl_cdf_tdist_Qinv(alpha / 2, df), df, r);
}

/* The fewest baseline run sets whose power reaches power: INFINITY
 * when no number would (the limit, a known sd, falls short; or more
 * than 10000). */
double fsr_check_plan_runsets(double delta, double sd, double alpha,
			      double power, int equivalence)
{
	double lo = 2, hi = 4, p, z, lim;

	if (!(sd > 0) || !(delta > 0) || !(power > 0 && power < 1))
		return NAN;
	/* k -> infinity: the test of a normal with known sd */
	z = gsl_cdf_ugaussian_Qinv(equivalence ? alpha : alpha / 2);
	lim = equivalence ? 2 * gsl_cdf_ugaussian_P(delta / sd - z) - 1 :
			    gsl_cdf_ugaussian_P(delta / sd - z);
	if (!(lim > power))
		return INFINITY;
	if (fsr_check_plan_power(2, delta, sd, alpha, equivalence) >= power)
		return 2;
	while (!((p = fsr_check_plan_power(hi, delta, sd, alpha,
					   equivalence)) >= power)) {
		if (isnan(p) || hi > 10000)
			return INFINITY;
		lo = hi;
		hi *= 2;
	}
	while (hi - lo > 1) {
		double mid = floor((lo + hi) / 2);

		if (fsr_check_plan_power(mid, delta, sd, alpha,
					 equivalence) >= power)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

double fsr_tost_runs(double delta, double sd, double alpha, double power)
{
	double lo = 2, hi = 4, p;

	if (!(sd > 0) || !(delta > 0) || !(power > 0 && power < 1))
		return NAN;
	/* the power grows with n: double up, then halve down to the
	 * smallest whole n that reaches it */
	while (!((p = fsr_tost_power(hi, delta, sd, alpha)) >= power)) {
		if (isnan(p) || hi > 10000)
			return NAN;
		lo = hi;
		hi *= 2;
	}
	if (fsr_tost_power(lo, delta, sd, alpha) >= power)
		return lo;
	while (hi - lo > 1) {
		double mid = floor((lo + hi) / 2);

		if (fsr_tost_power(mid, delta, sd, alpha) >= power)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* ------------------------------------------------------------- plan */

/* The result's runs as durations: seconds, lower is better (a timing
 * log's real time, hyperfine's times). */
static int is_duration(const struct fsr_result *res)
{
	return res->unit && !strcmp(res->unit, "s") &&
	       res->better == FSR_BETTER_LOWER;
}

/*
 * The seconds each of the cell's runs took, where the input records
 * them apart from the result: a PTS result file's Entry JSON
 * "test-run-times" ("10.53:10.01:10.01", one per run, in seconds;
 * docs/formats.md). Their sum in *secs and count in *n; 0 (and nothing
 * added) when the cell has none or any is not a number >= 0.
 */
static int cell_run_times(const struct fsr_cell *c, double *secs, size_t *n)
{
	const char *s = fsr_kvlist_get(fsr_cell_meta(c), FSR_META_RUN_TIMES);
	double sum = 0;
	size_t k = 0;
	char *end;

	if (!s || !*s)
		return 0;
	for (;;) {
		double x = strtod(s, &end);

		if (end == s || !isfinite(x) || x < 0)
			return 0;
		sum += x;
		k++;
		if (*end == '\0')
			break;
		if (*end != ':')
			return 0;
		s = end + 1;
	}
	*secs += sum;
	*n += k;
	return 1;
}

static int all_pos(const double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(x[i] > 0))
			return 0;
	return 1;
}

/* Row of result res: the pooled log sd of its configurations. */
static void plan_row(const struct fsr_result *res, struct fsr_plan_row *pr)
{
	double ss = 0, df = 0, secs = 0, timed_s = 0;
	size_t i, j, runs = 0, timed = 0;

	pr->k = 0;
	pr->n_pilot = 0;
	for (i = 0; i < res->n_cells; i++) {
		const struct fsr_cell *c = &res->cells[i];
		double m = 0;

		if (c->n < 2 || !all_pos(c->samples, c->n))
			continue;
		for (j = 0; j < c->n; j++)
			m += log(c->samples[j]);
		m /= (double)c->n;
		for (j = 0; j < c->n; j++) {
			double e = log(c->samples[j]) - m;

			ss += e * e;
			secs += c->samples[j];
		}
		runs += c->n;
		cell_run_times(c, &timed_s, &timed);
		df += (double)(c->n - 1);
		if (!pr->k++ || c->n < pr->n_pilot)
			pr->n_pilot = c->n;
	}
	pr->log_sd = pr->k ? sqrt(ss / df) : NAN;
	pr->cv_pct = 100 * sqrt(expm1(pr->log_sd * pr->log_sd));
	if (pr->k && is_duration(res))
		pr->run_s = secs / (double)runs;
	else
		pr->run_s = pr->k && timed ? timed_s / (double)timed : NAN;
}

/* Row of result res in a stored series: each cell one run set, the sd
 * of ln of their means (k - 1 df), the run-to-run spread check's
 * prediction test sees; n_pilot is k. */
static void plan_row_series(const struct fsr_result *res,
			    struct fsr_plan_row *pr)
{
	double m = 0, ss = 0, secs = 0, timed_s = 0, *x;
	size_t i, j, k = 0, timed = 0, n_timed = 0;

	x = fsr_xmalloc((res->n_cells + 1) * sizeof(*x));
	for (i = 0; i < res->n_cells; i++) {
		const struct fsr_cell *c = &res->cells[i];
		double mean = 0;

		if (!c->n)
			continue;
		for (j = 0; j < c->n; j++)
			mean += c->samples[j];
		if (!(mean > 0) || !isfinite(mean))
			continue;
		secs += mean;
		n_timed += (size_t)cell_run_times(c, &timed_s, &timed);
		x[k++] = log(mean / (double)c->n);
	}
	for (i = 0; i < k; i++)
		m += x[i];
	m = k ? m / (double)k : NAN;
	for (i = 0; i < k; i++)
		ss += (x[i] - m) * (x[i] - m);
	free(x);
	pr->k = k >= 2 ? k : 0;
	pr->n_pilot = pr->k;
	pr->log_sd = pr->k ? sqrt(ss / (double)(k - 1)) : NAN;
	pr->cv_pct = 100 * sqrt(expm1(pr->log_sd * pr->log_sd));
	if (pr->k && is_duration(res))
		pr->run_s = secs / (double)k;
	else /* a run set's time: all its runs' */
		pr->run_s = pr->k && n_timed == k ? timed_s / (double)k : NAN;
}

struct fsr_plan *fsr_plan(const struct fsr_report *r,
			  const struct fsr_stats *s,
			  const struct fsr_plan_opts *o, struct fsr_diag *d)
{
	struct fsr_plan *p;
	size_t i, sys;
	double delta;

	(void)s;
	if (!(o->pct > 0 && o->pct <= 1000) ||
	    !(o->power > 0 && o->power < 1) ||
	    !(o->alpha > 0 && o->alpha < (o->equivalence ? 0.5 : 1))) {
		fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0, "plan: a change of "
			     "%g%%, power %g, alpha %g are not all in range",
			     o->pct, o->power, o->alpha);
		return NULL;
	}
	p = fsr_xcalloc(1, sizeof(*p));
	p->opts = *o;
	p->rows = fsr_xcalloc(r->n_results + 1, sizeof(*p->rows));
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];
		struct fsr_plan_row *pr = &p->rows[p->n_rows];

		if (res->display != FSR_DISPLAY_BAR)
			continue;
		pr->result = i;
		if (o->series)
			plan_row_series(res, pr);
		else
			plan_row(res, pr);
		p->n_rows++;
	}
	/* check sets one new run set against the series */
	sys = o->n_compared ? o->n_compared : o->series ? 1 :
	      r->n_systems > 1 ? r->n_systems - 1 : 1;
	p->m = 0;
	for (i = 0; i < p->n_rows; i++)
		p->m += p->rows[i].k ? sys : 0;
	p->row_alpha = o->adjust == FSR_ADJUST_NONE || p->m < 2 ?
		       o->alpha : o->alpha / (double)p->m;
	delta = log1p(o->pct / 100);
	for (i = 0; i < p->n_rows; i++) {
		struct fsr_plan_row *pr = &p->rows[i];

		pr->runs = NAN;
		if (!pr->k || !(pr->log_sd > 0))
			continue;
		if (o->series) {
			pr->runs = fsr_check_plan_runsets(delta, pr->log_sd,
							  p->row_alpha,
							  o->power,
							  o->equivalence);
			continue;
		}
		pr->runs = o->equivalence ?
			fsr_tost_runs(delta, pr->log_sd, p->row_alpha,
				      o->power) :
			fsr_detect_runs(delta, pr->log_sd, p->row_alpha,
					o->power);
		if (isnan(pr->runs))
			pr->runs = INFINITY;
	}
	return p;
}

void fsr_plan_free(struct fsr_plan *p)
{
	if (!p)
		return;
	free(p->rows);
	free(p);
}
