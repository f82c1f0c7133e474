/*
 * figures.c - how the figures that are no value of a result's are
 * printed (view.h): p values, percentages of a margin or of the
 * smallest change runs detect, a spread as a CV, per-row alphas, counts
 * of runs and run sets, machine time, and a change's interval end too
 * far out for fixed decimals. render/ asks here as it asks
 * fsr_view_decimals() for a result's values, so no renderer writes a
 * precision of its own (t2215).
 */
#include "view.h"
#include "../analyze/changepoint.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* x with sig significant digits as %g writes it ("0.0021", "5.11",
 * "2"), but never in e-notation where %g would switch to it for a
 * large value: 123 with 2 digits is "123", not "1.2e+02" (a CV of
 * 123 % is no "1.2e+02%"). Small values keep %g's e-notation
 * ("1.2e-05"): a p value that small reads as such. */
static void add_sig(struct fsr_buf *b, double x, int sig)
{
	if (isfinite(x) && x != 0 && floor(log10(fabs(x))) >= sig)
		fsr_buf_addf(b, "%.0f", x);
	else
		fsr_buf_addf(b, "%.*g", sig, x);
}

void fsr_view_add_fig(struct fsr_buf *b, double x, enum fsr_view_fig k)
{
	switch (k) {
	case FSR_FIG_P:
	case FSR_FIG_CV:
		add_sig(b, x, 2);
		break;
	case FSR_FIG_P_ADJ:
		add_sig(b, x, 4);
		break;
	case FSR_FIG_P_REPORT:
		if (x < 0.001)
			fsr_buf_adds(b, "<.001");
		else
			fsr_buf_add_fixed(b, x, 3);
		break;
	case FSR_FIG_PCT:
	case FSR_FIG_ALPHA:
		add_sig(b, x, 3);
		break;
	case FSR_FIG_COUNT:
		fsr_buf_addf(b, "%.0f", x);
		break;
	}
}

struct fsr_view_figstr fsr_view_fig(double x, enum fsr_view_fig k)
{
	struct fsr_view_figstr f;
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_view_add_fig(&b, x, k);
	snprintf(f.s, sizeof(f.s), "%s", b.len ? b.buf : "");
	fsr_buf_release(&b);
	return f;
}

void fsr_view_add_duration(struct fsr_buf *b, double s)
{
	if (s >= 7200)
		fsr_buf_addf(b, "%.1f h", s / 3600);
	else if (s >= 120)
		fsr_buf_addf(b, "%.0f min", s / 60);
	else
		fsr_buf_addf(b, "%.3g s", s);
}

void fsr_view_add_pct_end(struct fsr_buf *b, double x, int decimals)
{
	if (x > 0)
		fsr_buf_addc(b, '+');
	fsr_buf_add_fixed(b, x, fabs(x) >= 1e7 ? 0 : decimals);
}

void fsr_view_add_pct_brackets(struct fsr_buf *b, double lo, double hi,
			       int decimals)
{
	fsr_buf_addc(b, '[');
	fsr_view_add_pct_end(b, lo, decimals);
	fsr_buf_adds(b, ", ");
	fsr_view_add_pct_end(b, hi, decimals);
	fsr_buf_addc(b, ']');
}

double fsr_view_rate_margin_pct(double max_regression)
{
	return 100 * (1 - 1 / (1 + max_regression / 100));
}

double fsr_view_gate_runs(const struct fsr_check_row *c)
{
	if (c->gate == FSR_GATE_PASS || c->gate == FSR_GATE_FAIL)
		return NAN;
	return c->k_needed;
}

void fsr_view_check_interval(struct fsr_buf *b, double lo, double hi,
			     size_t k)
{
	if (isnan(lo) || isnan(hi))
		return;
	if (fsr_view_ratio_too_wide(1 + lo / 100, 1 + hi / 100)) {
		fsr_buf_addf(b, "too wide: %zu run set%s", k,
			     k == 1 ? "" : "s");
		return;
	}
	fsr_view_add_pct_brackets(b, lo, hi, FSR_VIEW_TREND_PCT_DEC);
}

/* The run sets with data of segment seg of row. */
static size_t segment_runsets(const struct fsr_trend_row *row, size_t n,
			      size_t seg)
{
	size_t j, k = 0;

	for (j = 0; j < n; j++)
		k += row->points[j].s && row->points[j].segment == seg;
	return k;
}

int fsr_view_trend_ci_too_wide(const struct fsr_trend_point *p)
{
	double lo = p->ci_low_pct, hi = p->ci_high_pct;

	if (isnan(lo) && isnan(hi))
		return 0;
	if (p->logs)
		return fsr_view_ratio_too_wide(1 + lo / 100, 1 + hi / 100);
	/* a difference over the previous mean: no ratio to span, but an
	 * interval 100 times the previous mean wide means nothing either */
	return !isfinite(lo) || !isfinite(hi) || hi - lo > 100 * 100;
}

void fsr_view_trend_interval(struct fsr_buf *b,
			     const struct fsr_trend_row *row, size_t n,
			     size_t j)
{
	const struct fsr_trend_point *p = &row->points[j];
	size_t na, nb;

	if (isnan(p->ci_low_pct) || isnan(p->ci_high_pct))
		return;
	if (!fsr_view_trend_ci_too_wide(p)) {
		fsr_view_add_pct_brackets(b, p->ci_low_pct, p->ci_high_pct,
					  FSR_VIEW_TREND_PCT_DEC);
		return;
	}
	na = p->segment ? segment_runsets(row, n, p->segment - 1) : 0;
	nb = segment_runsets(row, n, p->segment);
	fsr_buf_addf(b, "(too wide: %zu and %zu run sets)", na, nb);
}
