/*
 * change.c - which change is printed and which central values go
 * beside it (view.h). The rule: a percentage printed beside two values
 * is the change between those two values. Where the change is the
 * ratio of the geometric means (Welch on the logarithms), the values
 * beside it are the geometric means; where it is the change of the
 * means (no interval, a bootstrap of the ratio of means), the
 * arithmetic means.
 */
#include "view.h"
#include "../analyze/changepoint.h"

#include <math.h>

#include "../lib/numbers.h"

static void turn_row(struct fsr_compare_row *row)
{
	double lo;

	row->delta_pct = -row->delta_pct;
	row->change_pct = -row->change_pct;
	lo = row->ci_low_pct;
	row->ci_low_pct = -row->ci_high_pct;
	row->ci_high_pct = -lo;
	row->diff = -row->diff;
	lo = row->diff_low;
	row->diff_low = -row->diff_high;
	row->diff_high = -lo;
	row->effect = -row->effect;
	lo = row->eq_low_pct;
	row->eq_low_pct = -row->eq_high_pct;
	row->eq_high_pct = -lo;
	lo = row->margin_low_pct;
	row->margin_low_pct = -row->margin_high_pct;
	row->margin_high_pct = -lo;
}

void fsr_view_sign(struct fsr_comparison *c, const struct fsr_report *r)
{
	size_t i;

	if (!c || !c->opts.sign_better)
		return;
	for (i = 0; i < c->n_rows; i++)
		if (r->results[c->rows[i].result]->better == FSR_BETTER_LOWER)
			turn_row(&c->rows[i]);
}

int fsr_view_diff_unit(const struct fsr_compare_row *cr)
{
	return cr && (cr->flags & FSR_ROW_DIFF_UNIT) && isfinite(cr->diff);
}

int fsr_view_pct_estimate(const struct fsr_compare_row *cr)
{
	/* an interval that overflowed (+inf: n = 2 and a wide spread) is
	 * still the interval of this estimate, printed "too wide" */
	return cr && !fsr_view_diff_unit(cr) &&
	       cr->method != FSR_METHOD_NONE && isfinite(cr->change_pct) &&
	       !isnan(cr->ci_low_pct) && !isnan(cr->ci_high_pct);
}

enum fsr_center fsr_view_center(const struct fsr_compare_row *cr)
{
	if (fsr_view_pct_estimate(cr) && cr->method == FSR_METHOD_LOG_WELCH)
		return FSR_CENTER_GMEAN;
	return FSR_CENTER_MEAN;
}

double fsr_view_center_value(const struct fsr_summary *s, enum fsr_center c)
{
	if (!s || !s->n)
		return NAN;
	/* a cell with a run <= 0 has no geometric mean: its mean, and
	 * its change is a difference in the unit (note a) */
	return c == FSR_CENTER_GMEAN && isfinite(s->gmean) ? s->gmean :
	       s->mean;
}

const char *fsr_view_center_name(enum fsr_center c)
{
	return c == FSR_CENTER_GMEAN ? "geometric mean" : "mean";
}

/* fsr_view_change(), with turn: the changes computed here from the
 * values printed turned as fsr_view_sign() turned the row's own (the
 * row's estimate and delta_pct already are). */
static double change(const struct fsr_compare_row *cr,
		     const struct fsr_summary *base,
		     const struct fsr_summary *other, enum fsr_center c,
		     int turn)
{
	double a = fsr_view_center_value(base, c),
	       b = fsr_view_center_value(other, c);
	double k = turn ? -1 : 1;

	if (fsr_view_pct_estimate(cr))
		return cr->change_pct;
	/* no interval in %: the change between the two values printed */
	if (c == FSR_CENTER_GMEAN && isfinite(a) && isfinite(b) && a > 0)
		return k * 100 * (b / a - 1);
	if (cr)
		return cr->delta_pct;
	a = fsr_view_center_value(base, FSR_CENTER_MEAN);
	b = fsr_view_center_value(other, FSR_CENTER_MEAN);
	if (!isfinite(a) || !isfinite(b) || a == 0)
		return NAN;
	return k * 100 * (b / a - 1);
}

double fsr_view_change(const struct fsr_compare_row *cr,
		       const struct fsr_summary *base,
		       const struct fsr_summary *other, enum fsr_center c)
{
	return change(cr, base, other, c, 0);
}

double fsr_view_change_shown(const struct fsr_comparison *cmp,
			     const struct fsr_result *res,
			     const struct fsr_compare_row *cr,
			     const struct fsr_summary *base,
			     const struct fsr_summary *other,
			     enum fsr_center c)
{
	return change(cr, base, other, c,
		      cmp && cmp->opts.sign_better &&
			      res->better == FSR_BETTER_LOWER);
}

enum fsr_center fsr_view_result_center(const struct fsr_comparison *c,
				       size_t result)
{
	size_t i;

	for (i = 0; c && i < c->n_rows; i++)
		if (c->rows[i].result == result &&
		    fsr_view_center(&c->rows[i]) == FSR_CENTER_GMEAN)
			return FSR_CENTER_GMEAN;
	return FSR_CENTER_MEAN;
}

enum fsr_center fsr_view_row_result_center(const struct fsr_comparison *c,
					   size_t i)
{
	size_t j;

	for (j = i; j < c->n_rows && c->rows[j].result == c->rows[i].result;
	     j++)
		if (fsr_view_center(&c->rows[j]) == FSR_CENTER_GMEAN)
			return FSR_CENTER_GMEAN;
	return FSR_CENTER_MEAN;
}

enum fsr_center fsr_view_center_of(const struct fsr_compare_row *const *rows,
				   size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (rows[i] && fsr_view_center(rows[i]) == FSR_CENTER_GMEAN)
			return FSR_CENTER_GMEAN;
	return FSR_CENTER_MEAN;
}

void fsr_view_runs_seen(const struct fsr_comparison *c,
			struct fsr_view_runs *seen)
{
	size_t i;

	for (i = 0; i < c->n_rows && !seen->more; i++) {
		const struct fsr_compare_row *x = &c->rows[i];

		if (!x->base || !x->other)
			continue;
		if (x->base->n > 1 || x->other->n > 1)
			seen->more = 1;
		else
			seen->one = 1;
	}
}

int fsr_view_one_run_each(const struct fsr_comparison *c)
{
	struct fsr_view_runs seen = { 0, 0 };

	fsr_view_runs_seen(c, &seen);
	return seen.one && !seen.more;
}

int fsr_view_ci_too_wide(const struct fsr_compare_row *cr)
{
	double lo, hi;

	if (!cr || fsr_view_diff_unit(cr))
		return 0;
	lo = cr->ci_low_pct;
	hi = cr->ci_high_pct;
	if (isnan(lo) && isnan(hi))
		return 0;
	return fsr_view_ratio_too_wide(1 + lo / 100, 1 + hi / 100);
}

int fsr_view_ratio_too_wide(double lo, double hi)
{
	if (!isfinite(lo) || !isfinite(hi))
		return 1;
	return lo <= 0 || hi > 100 * lo;
}

void fsr_view_too_wide_text(struct fsr_buf *b,
			    const struct fsr_compare_row *cr)
{
	size_t na = cr->base ? cr->base->n : 0, nb = cr->other ? cr->other->n : 0;

	if (na == nb)
		fsr_buf_addf(b, "too wide: n = %zu", na);
	else
		fsr_buf_addf(b, "too wide: n = %zu/%zu", na, nb);
}

/* x in % with the decimals a change alone gets: 2 below 10 %, 1 above */
static void add_pct(struct fsr_buf *b, double x, char sign)
{
	fsr_buf_addc(b, sign);
	fsr_buf_add_fixed(b, fabs(x), fabs(x) < 10 ? 2 : 1);
	fsr_buf_addc(b, '%');
}

void fsr_view_mde_text(struct fsr_buf *b, const struct fsr_compare_row *cr)
{
	double up, down;

	if (!cr || !isfinite(cr->mde_pct))
		return;
	if (cr->method != FSR_METHOD_LOG_WELCH &&
	    cr->method != FSR_METHOD_HL) {
		fsr_buf_adds(b, "\xc2\xb1");
		fsr_buf_add_fixed(b, cr->mde_pct, fabs(cr->mde_pct) < 10 ? 2 : 1);
		fsr_buf_addc(b, '%');
		return;
	}
	/* a ratio r is detected up (r) and down (1 / r) alike */
	up = cr->mde_pct;
	if (1 + up / 100 > 100) {
		fsr_buf_adds(b, "more than x100: ");
		fsr_buf_addf(b, "n = %zu", cr->base ? cr->base->n : 0);
		if (cr->other && cr->base && cr->other->n != cr->base->n)
			fsr_buf_addf(b, "/%zu", cr->other->n);
		return;
	}
	down = 100 * (1 / (1 + up / 100) - 1);
	add_pct(b, up, '+');
	fsr_buf_adds(b, " / ");
	add_pct(b, down, '-');
}

void fsr_view_verdict_counts(const struct fsr_comparison *c, size_t sys,
			     size_t n[FSR_VERDICT_COUNT])
{
	size_t i, v;

	for (v = 0; v < FSR_VERDICT_COUNT; v++)
		n[v] = 0;
	for (i = 0; i < c->n_rows; i++)
		if (c->rows[i].sys == sys)
			n[c->rows[i].verdict]++;
	/* --only-changed hides rows; the counts are of every row. */
	for (i = 0; i < c->n_geo; i++)
		if (c->geo[i].sys == sys)
			for (v = 0; v < FSR_VERDICT_COUNT; v++)
				n[v] += c->geo[i].hidden[v];
}

int fsr_view_trend_lag1_note(const struct fsr_trend_row *row,
			     struct fsr_buf *b)
{
	if (!row->lag1_flagged || !isfinite(row->lag1))
		return 0;
	fsr_buf_adds(b, "lag-1 autocorrelation ");
	fsr_buf_add_fixed(b, row->lag1, 2);
	fsr_buf_adds(b, " (allowed for in the test)");
	return 1;
}

int fsr_view_check_lag1_note(const struct fsr_check_row *c,
			     struct fsr_buf *b)
{
	if (!c->lag1_flagged || !isfinite(c->lag1))
		return 0;
	fsr_buf_adds(b, "lag-1 autocorrelation ");
	fsr_buf_add_fixed(b, c->lag1, 2);
	fsr_buf_adds(b, " in the stored series: the interval takes its run "
		     "sets as independent, too narrow");
	return 1;
}
