/*
 * check.c - a new run set against the stored series (fsreport check):
 * per result, the run sets since the series' last change point are the
 * baseline, and the new run set's mean is tested against the spread of
 * their means with a Student-t prediction interval,
 *
 *	t = (x_new - m) / (s sqrt(1 + 1/k)),  df = k - 1,
 *
 * m and s the mean and sd of the k baseline run sets' means. The run set
 * is the unit, as in trend: run-to-run noise (a reboot, a new file
 * system) is in s, so a new run set that is only as different as the
 * stored ones were from each other is no regression. With one baseline
 * run set there is no run-to-run spread: its samples and the new ones
 * are compared by Welch's test (which then cannot see that noise, and
 * says so in the method). p values are corrected over the results
 * (Holm by default); a verdict needs p_adj <= alpha and a change of at
 * least min_change %.
 */
#include "changepoint.h"
#include "analyze-internal.h"

#include "../lib/alloc.h"
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *fsr_check_method_name(enum fsr_check_method m)
{
	return m == FSR_CHECK_WELCH ? "welch-samples" : "prediction";
}

/* The k means of the last segment of a trend row into x; *first is the
 * trend position of its first run set, *last of its last. */
static size_t last_segment(const struct fsr_trend *t,
			   const struct fsr_trend_row *row, double *x,
			   size_t *first, size_t *last, size_t *only_cell)
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
		x[k++] = p->s->mean;
	}
	return k;
}

static void prediction(const double *x, size_t k, double now, double conf,
		       struct fsr_check_row *c)
{
	double m = 0, ss = 0, se, q;
	size_t i;

	for (i = 0; i < k; i++)
		m += x[i];
	m /= (double)k;
	for (i = 0; i < k; i++)
		ss += (x[i] - m) * (x[i] - m);
	c->mean_base = m;
	c->sd_base = sqrt(ss / (double)(k - 1));
	c->df = (double)(k - 1);
	se = c->sd_base * sqrt(1 + 1 / (double)k);
	c->diff = now - m;
	if (!(se > 0)) { /* constant baseline: degenerate, as Welch's */
		c->t = c->diff == 0 ? 0 : c->diff > 0 ? INFINITY : -INFINITY;
		c->p = c->diff == 0 ? 1 : 0;
		c->diff_low = c->diff_high = c->diff;
		return;
	}
	c->t = c->diff / se;
	c->p = 2 * gsl_cdf_tdist_Q(fabs(c->t), c->df);
	q = gsl_cdf_tdist_Pinv(0.5 + conf / 2, c->df);
	c->diff_low = c->diff - q * se;
	c->diff_high = c->diff + q * se;
}

/* Row c of result ri; 0, or 1 when it cannot be checked (no data). */
static int check_row(const struct fsr_report *r, const struct fsr_stats *s,
		     const struct fsr_trend *t, const struct fsr_trend_row *row,
		     size_t new_sys, const struct fsr_check_opts *o,
		     struct fsr_check_row *c)
{
	const struct fsr_result *res = r->results[row->result];
	double *x = fsr_xmalloc((t->n_order + 1) * sizeof(*x));
	size_t j, k, only = SIZE_MAX;

	memset(c, 0, sizeof(*c));
	c->result = row->result;
	c->cell = SIZE_MAX;
	for (j = 0; j < res->n_cells; j++)
		if (res->cells[j].system == new_sys &&
		    s->results[row->result].cells[j].n > 0 &&
		    isfinite(s->results[row->result].cells[j].mean))
			c->cell = j;
	k = last_segment(t, row, x, &c->first, &c->last, &only);
	c->k = k;
	if (c->cell == SIZE_MAX || k == 0) {
		free(x);
		return 1;
	}
	c->now = &s->results[row->result].cells[c->cell];
	c->p = c->t = c->df = NAN;
	c->diff_low = c->diff_high = NAN;
	if (k >= 2) {
		c->method = FSR_CHECK_PREDICTION;
		prediction(x, k, c->now->mean, o->trend.confidence, c);
	} else {
		const struct fsr_cell *b = &res->cells[only], *n =
			&res->cells[c->cell];
		struct fsr_welch w;

		c->method = FSR_CHECK_WELCH;
		c->mean_base = x[0];
		c->sd_base = s->results[row->result].cells[only].sd;
		c->diff = c->now->mean - x[0];
		if (fsr_welch_test(b->samples, b->n, n->samples, n->n,
				   o->trend.confidence, &w) == 0) {
			c->t = w.t;
			c->df = w.df;
			c->p = w.p;
			c->diff_low = w.diff_low;
			c->diff_high = w.diff_high;
		}
	}
	free(x);
	c->change_pct = c->ci_low_pct = c->ci_high_pct = NAN;
	if (c->mean_base != 0 && isfinite(c->mean_base)) {
		c->change_pct = 100 * c->diff / fabs(c->mean_base);
		c->ci_low_pct = 100 * c->diff_low / fabs(c->mean_base);
		c->ci_high_pct = 100 * c->diff_high / fabs(c->mean_base);
	}
	return 0;
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
		if (check_row(r, s, t, &t->rows[i], new_sys, o,
			      &ck->rows[ck->n_rows]))
			ck->n_unchecked++;
		else
			ck->n_rows++;
	}
	verdicts(r, ck);
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
