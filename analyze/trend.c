/*
 * trend.c - every numeric result as a series over the run sets, in the
 * order the caller gives, cut into segments by E-divisive means
 * (changepoint.c); each new segment's step against the one before.
 *
 * The run set is the unit: its samples make its mean and interval, and
 * the series of means is what change points are looked for in (as
 * Hunter does with one value per commit). Samples of different run sets
 * are not exchangeable (a reboot, a new file system image), so pooling
 * them would call run-set-to-run-set noise a change.
 */
#include "changepoint.h"
#include "analyze-internal.h"

#include "../lib/alloc.h"
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int fsr_version_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;
			size_t la, lb;
			int c;

			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			la = (size_t)(ea - a);
			lb = (size_t)(eb - b);
			if (la != lb)
				return la < lb ? -1 : 1;
			c = memcmp(a, b, la);
			if (c)
				return c < 0 ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	if (*a || *b)
		return *a ? 1 : -1;
	return 0;
}

static double mean_of(const double *x, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i];
	return n ? s / (double)n : NAN;
}

/* The step from x[a..b) to x[b..c) (means of run sets), onto p. */
static void step(const struct fsr_trend_opts *o, enum fsr_better better,
		 const double *x, size_t a, size_t b, size_t c,
		 struct fsr_trend_point *p)
{
	double m0 = mean_of(x + a, b - a), m1 = mean_of(x + b, c - b);
	struct fsr_welch w;
	int proven = 1;

	p->verdict = FSR_VERDICT_NA;
	if (!(m0 != 0) || !isfinite(m0))
		return;
	p->change_pct = 100 * (m1 / m0 - 1);
	if (fsr_welch_test(x + a, b - a, x + b, c - b, o->confidence, &w) ==
	    0 && isfinite(w.diff_low)) {
		p->ci_low_pct = 100 * w.diff_low / fabs(m0);
		p->ci_high_pct = 100 * w.diff_high / fabs(m0);
		proven = w.diff_low > 0 || w.diff_high < 0;
	}
	if (better == FSR_BETTER_UNKNOWN)
		return;
	if (!proven || fabs(p->change_pct) < o->min_change)
		p->verdict = FSR_VERDICT_SAME;
	else if ((p->change_pct > 0) == (better == FSR_BETTER_HIGHER))
		p->verdict = FSR_VERDICT_BETTER;
	else
		p->verdict = FSR_VERDICT_WORSE;
}

static int trend_row(const struct fsr_report *r, const struct fsr_stats *s,
		     const struct fsr_trend *t, size_t ri,
		     struct fsr_trend_row *row, struct fsr_diag *d)
{
	const struct fsr_result *res = r->results[ri];
	const struct fsr_cell *c;
	struct fsr_changepoint *cp;
	size_t i, j, n = 0, n_cp, *at;
	double *x;
	int rc;

	row->result = ri;
	row->points = fsr_xcalloc(t->n_order, sizeof(*row->points));
	x = fsr_xmalloc((t->n_order + 1) * sizeof(*x));
	at = fsr_xmalloc((t->n_order + 1) * sizeof(*at));
	for (i = 0; i < t->n_order; i++) {
		struct fsr_trend_point *p = &row->points[i];

		p->sys = t->order[i];
		p->cell = SIZE_MAX;
		p->change_pct = p->ci_low_pct = p->ci_high_pct = NAN;
		p->p = p->stat = NAN;
		/* Looked up, not scanned: a scan of the cells per run set
		 * made every series O(n^2) (issue 35). */
		c = fsr_result_find_cell(res, p->sys);
		j = c ? (size_t)(c - res->cells) : 0;
		if (c && s->results[ri].cells[j].n > 0 &&
		    isfinite(s->results[ri].cells[j].mean)) {
			p->cell = j;
			p->s = &s->results[ri].cells[j];
			x[n] = p->s->mean;
			at[n++] = i;
		}
	}
	row->n_used = n;
	rc = fsr_edivisive(x, n, &t->opts.cp, &cp, &n_cp, d);
	if (rc == 0) {
		size_t prev = 0;

		row->n_changes = n_cp;
		for (j = 0; j < n_cp; j++) {
			struct fsr_trend_point *p = &row->points[at[cp[j].pos]];
			size_t next = j + 1 < n_cp ? cp[j + 1].pos : n;

			p->change_point = 1;
			p->p = cp[j].p;
			p->stat = cp[j].stat;
			step(&t->opts, res->better, x, prev, cp[j].pos, next,
			     p);
			prev = cp[j].pos;
		}
		for (i = 0, j = 0; i < n; i++) {
			if (j < n_cp && cp[j].pos == i)
				j++;
			row->points[at[i]].segment = j;
		}
		free(cp);
	}
	free(x);
	free(at);
	return rc;
}

struct fsr_trend *fsr_trend(const struct fsr_report *r,
			    const struct fsr_stats *s, const size_t *order,
			    size_t n, const struct fsr_trend_opts *o,
			    struct fsr_diag *d)
{
	struct fsr_trend *t = fsr_xcalloc(1, sizeof(*t));
	size_t i;

	t->opts = *o;
	t->order = fsr_xmalloc((n + 1) * sizeof(*t->order));
	memcpy(t->order, order, n * sizeof(*order));
	t->n_order = n;
	t->rows = fsr_xcalloc(r->n_results + 1, sizeof(*t->rows));
	for (i = 0; i < r->n_results; i++) {
		if (r->results[i]->display != FSR_DISPLAY_BAR) {
			t->n_skipped++;
			continue;
		}
		if (trend_row(r, s, t, i, &t->rows[t->n_rows], d)) {
			t->n_rows++;
			fsr_trend_free(t);
			return NULL;
		}
		t->n_rows++;
	}
	return t;
}

void fsr_trend_free(struct fsr_trend *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n_rows; i++)
		free(t->rows[i].points);
	free(t->rows);
	free(t->order);
	free(t);
}
