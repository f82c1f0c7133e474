/*
 * check.c - a new run set against the stored series (fsreport check):
 * per result, the run sets since the series' last change point are the
 * baseline, and the new run set is tested against their spread with a
 * Student-t prediction interval on the logarithms of the run sets'
 * geometric means (the ratio compare gives, docs/methods.md section 1),
 *
 *	t = (l_new - m) / (s sqrt(1 + 1/k)),  df = k - 1,
 *
 * m and s the mean and sd of the k baseline run sets' ln(geometric
 * mean); the change is 100 (exp(l_new - m) - 1) %, its interval mapped
 * back the same way, at compare's level for the correction (Bonferroni's
 * simultaneous level for Holm). Where a run is <= 0 there is no ratio:
 * the same on the run sets' means, in % of the baseline mean. The run set
 * is the unit, as in trend: run-to-run noise (a reboot, a new file
 * system) is in s, so a new run set that is only as different as the
 * stored ones were from each other is no regression. With one baseline
 * run set there is no run-to-run spread: its samples and the new ones
 * are compared by Welch's test, on their logarithms when all are > 0
 * (which then cannot see that noise, and says so in the method). p values are corrected over the results
 * (Holm by default); a verdict needs p_adj <= alpha and a change of at
 * least min_change %.
 */
#include "changepoint.h"
#include "analyze-internal.h"

#include "../lib/alloc.h"
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *fsr_check_method_name(enum fsr_check_method m)
{
	return m == FSR_CHECK_WELCH ? "welch-samples" : "prediction";
}

/* The k means of the last segment of a trend row into x, the
 * logarithms of their geometric means into l (NAN where a run is <= 0);
 * *first is the trend position of its first run set, *last of its
 * last. */
static size_t last_segment(const struct fsr_trend *t,
			   const struct fsr_trend_row *row, double *x,
			   double *l, size_t *first, size_t *last,
			   size_t *only_cell)
{
	size_t i, seg = 0, k = 0;

	for (i = 0; i < t->n_order; i++)
		if (row->points[i].s && row->points[i].segment > seg)
			seg = row->points[i].segment;
	for (i = 0; i < t->n_order; i++) {
		const struct fsr_trend_point *p = &row->points[i];

		if (!p->s || p->segment != seg)
			continue;
		if (!k)
			*first = i;
		*last = i;
		*only_cell = p->cell;
		l[k] = p->s->gmean > 0 ? log(p->s->gmean) : NAN;
		x[k++] = p->s->mean;
	}
	return k;
}

static double mean_sd(const double *x, size_t k, double *sd)
{
	double m = 0, ss = 0;
	size_t i;

	for (i = 0; i < k; i++)
		m += x[i];
	m /= (double)k;
	for (i = 0; i < k; i++)
		ss += (x[i] - m) * (x[i] - m);
	*sd = k > 1 ? sqrt(ss / (double)(k - 1)) : NAN;
	return m;
}

/* The prediction test of now against x[0..k) (its scale: logarithms
 * or the unit); the interval follows once the level is known. */
static void prediction(const double *x, size_t k, double now,
		       struct fsr_check_row *c)
{
	double m = mean_sd(x, k, &c->sd_test);

	c->df = (double)(k - 1);
	c->se = c->sd_test * sqrt(1 + 1 / (double)k);
	c->diff = now - m;
	if (!(c->se > 0)) { /* constant baseline: degenerate, as Welch's */
		c->t = c->diff == 0 ? 0 : c->diff > 0 ? INFINITY : -INFINITY;
		c->p = c->diff == 0 ? 1 : 0;
		return;
	}
	c->t = c->diff / c->se;
	c->p = 2 * gsl_cdf_tdist_Q(fabs(c->t), c->df);
}

/* One stored run set: Welch's test of its samples against the new
 * ones, on the logarithms when every sample is > 0 (compare's
 * log-welch), else on the values. */
static void welch_samples(const struct fsr_cell *b, const struct fsr_cell *n,
			  struct fsr_check_row *c)
{
	const double *xb = b->samples, *xn = n->samples;
	double *lb = NULL, *ln = NULL;
	struct fsr_welch w;

	c->logs = fsr_all_positive(xb, b->n) && fsr_all_positive(xn, n->n);
	if (c->logs) {
		xb = lb = fsr_log_copy(b->samples, b->n);
		xn = ln = fsr_log_copy(n->samples, n->n);
	}
	if (fsr_welch_test(xb, b->n, xn, n->n, 0, &w) == 0) {
		double vb = b->n > 1 ? gsl_stats_variance(xb, 1, b->n) : NAN;
		double vn = n->n > 1 ? gsl_stats_variance(xn, 1, n->n) : NAN;

		c->t = w.t;
		c->df = w.df;
		c->p = w.p;
		c->diff = w.diff;
		c->sd_test = sqrt(vb);
		c->se = sqrt(vb / (double)b->n + vn / (double)n->n);
		if (w.degenerate)
			c->se = 0;
	}
	free(lb);
	free(ln);
}

/* Row c of result ri; 0, or 1 when it cannot be checked (no data). */
static int check_row(const struct fsr_report *r, const struct fsr_stats *s,
		     const struct fsr_trend *t, const struct fsr_trend_row *row,
		     size_t new_sys, struct fsr_check_row *c)
{
	const struct fsr_result *res = r->results[row->result];
	double *x = fsr_xmalloc((t->n_order + 1) * sizeof(*x));
	double *l = fsr_xmalloc((t->n_order + 1) * sizeof(*l));
	size_t j, k, only = SIZE_MAX;

	memset(c, 0, sizeof(*c));
	c->result = row->result;
	c->cell = SIZE_MAX;
	for (j = 0; j < res->n_cells; j++)
		if (res->cells[j].system == new_sys &&
		    s->results[row->result].cells[j].n > 0 &&
		    isfinite(s->results[row->result].cells[j].mean))
			c->cell = j;
	k = last_segment(t, row, x, l, &c->first, &c->last, &only);
	c->k = k;
	if (c->cell == SIZE_MAX || k == 0) {
		free(x);
		free(l);
		return 1;
	}
	c->now = &s->results[row->result].cells[c->cell];
	c->lag1 = row->lag1;
	c->lag1_flagged = row->lag1_flagged;
	c->p = c->t = c->df = c->se = c->sd_test = c->diff = NAN;
	c->diff_low = c->diff_high = NAN;
	c->ci_level = NAN;
	if (k >= 2) {
		size_t i;

		c->method = FSR_CHECK_PREDICTION;
		c->mean_base = mean_sd(x, k, &c->sd_base);
		c->logs = c->now->gmean > 0;
		for (i = 0; i < k && c->logs; i++)
			c->logs = isfinite(l[i]);
		if (c->logs)
			prediction(l, k, log(c->now->gmean), c);
		else
			prediction(x, k, c->now->mean, c);
	} else {
		c->method = FSR_CHECK_WELCH;
		c->mean_base = x[0];
		c->sd_base = s->results[row->result].cells[only].sd;
		welch_samples(&res->cells[only], &res->cells[c->cell], c);
	}
	free(x);
	free(l);
	c->margin_pct = c->p_margin = c->p_margin_adj = NAN;
	c->detect_pct = c->k_needed = NAN;
	c->change_pct = c->ci_low_pct = c->ci_high_pct = NAN;
	if (c->logs)
		c->change_pct = 100 * expm1(c->diff);
	else if (c->mean_base != 0 && isfinite(c->mean_base))
		c->change_pct = 100 * (c->now->mean - c->mean_base) /
				fabs(c->mean_base);
	return 0;
}

/* The interval of every row at the level compare's rows get
 * (docs/methods.md section 3): over the m rows with a p, 1 - (1 - C) /
 * m for Holm (Bonferroni), 1 - (1 - C) R / m for BH (R rows significant,
 * at least 1), C without correction. */
static void intervals(struct fsr_check *ck)
{
	double q = 1 - ck->opts.trend.confidence, m = 0, sig = 0;
	size_t i;

	for (i = 0; i < ck->n_rows; i++) {
		m += !isnan(ck->rows[i].p_adj);
		sig += ck->rows[i].p_adj <= ck->opts.alpha;
	}
	ck->ci_level = ck->opts.adjust == FSR_ADJUST_NONE || m < 2 ?
		       1 - q : ck->opts.adjust == FSR_ADJUST_HOLM ?
		       1 - q / m : 1 - q * (sig ? sig : 1) / m;
	for (i = 0; i < ck->n_rows; i++) {
		struct fsr_check_row *c = &ck->rows[i];
		double h;

		c->ci_level = ck->ci_level;
		if (!isfinite(c->diff))
			continue;
		if (!(c->se > 0)) {
			c->diff_low = c->diff_high = c->diff;
		} else {
			h = gsl_cdf_tdist_Pinv(0.5 + c->ci_level / 2, c->df) *
			    c->se;
			c->diff_low = c->diff - h;
			c->diff_high = c->diff + h;
		}
		if (c->logs) {
			c->ci_low_pct = 100 * expm1(c->diff_low);
			c->ci_high_pct = 100 * expm1(c->diff_high);
		} else if (isfinite(c->change_pct)) {
			c->ci_low_pct = 100 * c->diff_low / fabs(c->mean_base);
			c->ci_high_pct = 100 * c->diff_high /
					 fabs(c->mean_base);
		}
	}
}

static void verdicts(const struct fsr_report *r, struct fsr_check *ck)
{
	double *p = fsr_xmalloc((ck->n_rows + 1) * sizeof(*p));
	size_t i;

	for (i = 0; i < ck->n_rows; i++)
		p[i] = isfinite(ck->rows[i].change_pct) ? ck->rows[i].p : NAN;
	fsr_p_adjust(p, ck->n_rows, ck->opts.adjust, p);
	for (i = 0; i < ck->n_rows; i++) {
		struct fsr_check_row *c = &ck->rows[i];
		enum fsr_better b = r->results[c->result]->better;

		c->p_adj = p[i];
		c->verdict = FSR_VERDICT_NA;
		if (b == FSR_BETTER_UNKNOWN || !isfinite(c->change_pct))
			continue;
		if (!(c->p_adj <= ck->opts.alpha) ||
		    fabs(c->change_pct) < ck->opts.trend.min_change)
			c->verdict = FSR_VERDICT_SAME;
		else if ((c->diff > 0) == (b == FSR_BETTER_HIGHER))
			c->verdict = FSR_VERDICT_BETTER;
		else
			c->verdict = FSR_VERDICT_WORSE;
		ck->n_worse += c->verdict == FSR_VERDICT_WORSE;
		ck->n_better += c->verdict == FSR_VERDICT_BETTER;
	}
	free(p);
}

/* The power of the one-sided prediction test against a regression of
 * shift (in the unit) with k baseline run sets of spread sd, at a. */
static double gate_power(double shift, double sd, double k, double a)
{
	double df = k - 1;

	if (!(k >= 2) || !(sd > 0))
		return NAN;
	return fsr_nct_upper(gsl_cdf_tdist_Qinv(a, df), df,
			     fabs(shift) / (sd * sqrt(1 + 1 / k)));
}

/* The smallest shift (in units of sd) detected with 80 % power. */
static double gate_detect(double k, double a)
{
	double lo = 0, hi = 1;
	int i;

	while (gate_power(hi, 1, k, a) < 0.8 && hi < 1e6)
		hi *= 2;
	if (!(gate_power(hi, 1, k, a) >= 0.8))
		return NAN;
	for (i = 0; i < 60; i++) {
		double mid = (lo + hi) / 2;

		if (gate_power(mid, 1, k, a) >= 0.8)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/*
 * --max-regression (docs/usage.md, "Proving no change"): per row the
 * one-sided test that the new run set is no worse than the margin on
 * the worse side ([1/(1 + p), 1 + p] of the baseline mean), with the
 * row's own se and df (the prediction interval's, or Welch's with one
 * stored run set), p corrected over the rows as the change's; and
 * whether the baseline can support it: 2 or more run sets whose spread
 * gives the test 80 % power against a regression of the margin at the
 * row's Bonferroni level.
 */
static void gate(const struct fsr_report *r, struct fsr_check *ck)
{
	double pct = ck->opts.max_regression, *p, a;
	size_t i, m = 0;

	if (!(pct > 0))
		return;
	p = fsr_xmalloc((ck->n_rows + 1) * sizeof(*p));
	for (i = 0; i < ck->n_rows; i++) {
		struct fsr_check_row *c = &ck->rows[i];
		enum fsr_better b = r->results[c->result]->better;
		double shift, t;

		p[i] = NAN;
		if (b == FSR_BETTER_UNKNOWN || !isfinite(c->change_pct) ||
		    !(c->mean_base > 0))
			continue;
		c->margin_pct = b == FSR_BETTER_LOWER ? pct :
				100 * (1 / (1 + pct / 100) - 1);
		shift = c->logs ? log1p(c->margin_pct / 100) :
			c->margin_pct / 100 * c->mean_base;
		if (!(c->se > 0)) {
			p[i] = (b == FSR_BETTER_LOWER ? c->diff < shift :
							c->diff > shift) ? 0 : 1;
		} else {
			t = (c->diff - shift) / c->se;
			p[i] = b == FSR_BETTER_LOWER ?
			       gsl_cdf_tdist_P(t, c->df) :
			       gsl_cdf_tdist_Q(t, c->df);
		}
		c->p_margin = p[i];
		m++;
	}
	fsr_p_adjust(p, ck->n_rows, ck->opts.adjust, p);
	a = ck->opts.adjust == FSR_ADJUST_NONE || m < 2 ?
	    ck->opts.alpha : ck->opts.alpha / (double)m;
	for (i = 0; i < ck->n_rows; i++) {
		struct fsr_check_row *c = &ck->rows[i];
		double sd = c->sd_test, u, power = NAN, k, shift;

		c->p_margin_adj = p[i];
		if (isnan(p[i]))
			continue;
		if (c->k >= 2) {
			/* gate_detect() is in units of sd already, the
			 * prediction's sqrt(1 + 1/k) inside it: the
			 * shift is u sd (it was multiplied by that root
			 * twice, overstating what a baseline detects) */
			u = gate_detect((double)c->k, a) * sd;
			c->detect_pct = c->logs ? 100 * expm1(u) :
					100 * u / c->mean_base;
			shift = c->logs ? log1p(c->margin_pct / 100) :
				c->margin_pct / 100 * c->mean_base;
			power = gate_power(shift, sd, (double)c->k, a);
			c->k_needed = INFINITY;
			for (k = 2; k <= 1000; k++)
				if (gate_power(shift, sd, k, a) >= 0.8) {
					c->k_needed = k;
					break;
				}
			if (!(sd > 0))
				c->k_needed = 2, power = 1;
		}
		/* one stored run set: Welch on its samples sees no
		 * run-to-run noise, so neither a pass nor a failure holds;
		 * from 2 on the prediction test holds its level, and a
		 * proof of no regression stands however weak the baseline */
		if (c->k >= 2 && c->p_margin_adj <= ck->opts.alpha)
			c->gate = FSR_GATE_PASS; /* worse inside it too */
		else if (!(power >= 0.8))
			c->gate = FSR_GATE_SMALL;
		else if (c->verdict == FSR_VERDICT_WORSE)
			c->gate = FSR_GATE_FAIL;
		else
			c->gate = FSR_GATE_UNDECIDED;
		ck->n_gate[c->gate]++;
	}
	ck->gate_fails = ck->n_gate[FSR_GATE_FAIL] ||
			 (ck->opts.strict && (ck->n_gate[FSR_GATE_UNDECIDED] ||
					      ck->n_gate[FSR_GATE_SMALL]));
	free(p);
}

struct fsr_check *fsr_check(const struct fsr_report *r,
			    const struct fsr_stats *s, const size_t *order,
			    size_t n, size_t new_sys,
			    const struct fsr_check_opts *o, struct fsr_diag *d)
{
	struct fsr_check *ck;
	struct fsr_trend_opts to = o->trend;
	struct fsr_trend *t;
	size_t i;

	/* Only the last segment is used: a long series is searched in
	 * windows from its end back to the first change point. */
	to.cp.last_only = 1;
	t = fsr_trend(r, s, order, n, &to, d);

	if (!t)
		return NULL;
	ck = fsr_xcalloc(1, sizeof(*ck));
	ck->opts = *o;
	ck->trend = t;
	ck->new_sys = new_sys;
	ck->rows = fsr_xcalloc(t->n_rows + 1, sizeof(*ck->rows));
	for (i = 0; i < t->n_rows; i++) {
		if (check_row(r, s, t, &t->rows[i], new_sys,
			      &ck->rows[ck->n_rows]))
			ck->n_unchecked++;
		else
			ck->n_rows++;
	}
	verdicts(r, ck);
	intervals(ck);
	gate(r, ck);
	return ck;
}

void fsr_check_free(struct fsr_check *ck)
{
	if (!ck)
		return;
	fsr_trend_free(ck->trend);
	free(ck->rows);
	free(ck);
}
