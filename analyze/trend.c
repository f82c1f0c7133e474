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

static int all_finite(const double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return 0;
	return 1;
}

/*
 * The step from run sets [a..b) to [b..c) onto p, at the trend's level
 * (t->ci_level): x their means, l the logarithms of their geometric
 * means (NAN where a run is <= 0). As compare's log-welch: the ratio of
 * the geometric means, 100 (exp(mean l_new - mean l_prev) - 1), with
 * Welch's interval of the difference of the mean logarithms (run sets
 * the observations) mapped back. Where a run set of either segment has
 * a run <= 0 there is no ratio: the change of the mean of means with
 * Welch's interval of the difference over |m_prev| (compare's
 * diff-welch, its % as compare gives one).
 */
static void step(const struct fsr_trend *t, enum fsr_better better,
		 const double *x, const double *l, size_t a, size_t b,
		 size_t c, struct fsr_trend_point *p)
{
	double m0 = mean_of(x + a, b - a), m1 = mean_of(x + b, c - b);
	struct fsr_welch w;
	int proven = 1;

	p->verdict = FSR_VERDICT_NA;
	p->logs = all_finite(l + a, c - a);
	if (p->logs) {
		if (fsr_welch_test(l + a, b - a, l + b, c - b, t->ci_level,
				   &w) == 0 && isfinite(w.diff)) {
			p->change_pct = 100 * expm1(w.diff);
			if (isfinite(w.diff_low)) {
				p->ci_low_pct = 100 * expm1(w.diff_low);
				p->ci_high_pct = 100 * expm1(w.diff_high);
				proven = w.diff_low > 0 || w.diff_high < 0;
			}
		}
	} else {
		if (!(m0 != 0) || !isfinite(m0))
			return;
		p->change_pct = 100 * (m1 / m0 - 1);
		if (fsr_welch_test(x + a, b - a, x + b, c - b, t->ci_level,
				   &w) == 0 && isfinite(w.diff_low)) {
			p->ci_low_pct = 100 * w.diff_low / fabs(m0);
			p->ci_high_pct = 100 * w.diff_high / fabs(m0);
			proven = w.diff_low > 0 || w.diff_high < 0;
		}
	}
	if (better == FSR_BETTER_UNKNOWN || !isfinite(p->change_pct))
		return;
	if (!proven || fabs(p->change_pct) < t->opts.min_change)
		p->verdict = FSR_VERDICT_SAME;
	else if ((p->change_pct > 0) == (better == FSR_BETTER_HIGHER))
		p->verdict = FSR_VERDICT_BETTER;
	else
		p->verdict = FSR_VERDICT_WORSE;
}

/* Every step of a row, once the family of steps is known. */
static void row_steps(const struct fsr_report *r, struct fsr_trend *t,
		      struct fsr_trend_row *row)
{
	double *x = fsr_xmalloc((t->n_order + 1) * sizeof(*x));
	double *l = fsr_xmalloc((t->n_order + 1) * sizeof(*l));
	size_t *at = fsr_xmalloc((t->n_order + 1) * sizeof(*at));
	size_t i, n = 0, j, prev = 0;

	for (i = 0; i < t->n_order; i++) {
		const struct fsr_trend_point *p = &row->points[i];

		if (!p->s)
			continue;
		x[n] = p->s->mean;
		l[n] = p->s->gmean > 0 ? log(p->s->gmean) : NAN;
		at[n++] = i;
	}
	for (i = 0; i < n; i++) {
		struct fsr_trend_point *p = &row->points[at[i]];

		if (!p->change_point)
			continue;
		for (j = i + 1; j < n && !row->points[at[j]].change_point; j++)
			;
		step(t, r->results[row->result]->better, x, l, prev, i, j,
		     p);
		prev = i;
	}
	free(x);
	free(l);
	free(at);
}

/* The row's lag-1 autocorrelation inside its segments, and its flag. */
static void lag1(struct fsr_trend_row *row, const double *x, size_t n,
		 const struct fsr_changepoint *cp, size_t n_cp)
{
	size_t *cuts = fsr_xmalloc((n_cp + 2) * sizeof(*cuts)), j, used = 0;

	cuts[0] = 0;
	for (j = 0; j < n_cp; j++)
		cuts[j + 1] = cp[j].pos;
	cuts[n_cp + 1] = n;
	row->lag1 = n ? fsr_lag1_autocorr(x, cuts, n_cp + 2, &used) : NAN;
	row->lag1_flagged = used >= 8 && row->lag1 >= FSR_LAG1_MATERIAL &&
			    row->lag1 > -(double)(n_cp + 1) / (double)used +
			    1.645 / sqrt((double)used);
	free(cuts);
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
		row->n_changes = n_cp;
		for (j = 0; j < n_cp; j++) {
			struct fsr_trend_point *p = &row->points[at[cp[j].pos]];

			p->change_point = 1;
			p->p = cp[j].p;
			p->stat = cp[j].stat;
		}
		for (i = 0, j = 0; i < n; i++) {
			if (j < n_cp && cp[j].pos == i)
				j++;
			row->points[at[i]].segment = j;
		}
		lag1(row, x, n, cp, n_cp);
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
	/* The steps' intervals at the level compare's rows get with Holm
	 * (docs/methods.md section 3): Bonferroni's simultaneous level
	 * over every step of the trend, 1 - (1 - C) / m; a step is proven
	 * where its interval excludes no change. */
	for (i = 0; i < t->n_rows; i++)
		t->n_steps += t->rows[i].n_changes;
	t->ci_level = t->n_steps < 2 ? o->confidence :
		      1 - (1 - o->confidence) / (double)t->n_steps;
	for (i = 0; i < t->n_rows; i++)
		row_steps(r, t, &t->rows[i]);
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
