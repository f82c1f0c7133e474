/*
 * steady.c - steady state of a run's time series (issue 37; analyze.h,
 * docs/methods.md "Steady state within a run"): the first window of w
 * consecutive values that passes the rule ends the warm-up. The rules:
 *
 *	SNIA PTS   the window's range (max - min) within range_pct % of its
 *	           mean, and the excursion of its least-squares line across
 *	           the window (|slope| x (w - 1)) within limit_pct % of it
 *	           (SNIA SSS PTS: 5 rounds, 20 %, 10 %);
 *	fio slope  fio's ss=iops_slope:L% / bw_slope:L% (steadystate.c):
 *	           100 |slope| / mean < L, the slope per interval;
 *	fio dev    fio's ss=iops:L% / bw:L%: 100 max |y - mean| / mean < L.
 *
 * The values are taken as equally spaced (fio's log_avg_msec intervals,
 * SNIA's rounds), as fio's own check does. Flags only: nothing here
 * changes a run's result.
 */
#include "analyze.h"
#include "../model/series.h"

#include <math.h>

/* The window y[0..w): mean, range and the least-squares slope per step. */
static void window_stats(const double *y, size_t w, double *mean,
			 double *range, double *slope)
{
	double sy = 0, lo = y[0], hi = y[0], xm = (double)(w - 1) / 2;
	double sxy = 0, sxx = 0;
	size_t i;

	for (i = 0; i < w; i++) {
		sy += y[i];
		if (y[i] < lo)
			lo = y[i];
		if (y[i] > hi)
			hi = y[i];
	}
	*mean = sy / (double)w;
	for (i = 0; i < w; i++) {
		sxy += ((double)i - xm) * (y[i] - *mean);
		sxx += ((double)i - xm) * ((double)i - xm);
	}
	*range = hi - lo;
	*slope = sxx > 0 ? sxy / sxx : 0;
}

/* Whether window y[0..w) passes rule; its criteria into out. */
static int window_passes(const double *y, size_t w,
			 const struct fsr_steady_rule *rule,
			 struct fsr_steady *out)
{
	double mean, range, slope, dev = 0;
	size_t i;

	window_stats(y, w, &mean, &range, &slope);
	if (!(mean > 0))
		return 0;
	out->range_pct = 100 * range / mean;
	switch (rule->kind) {
	case FSR_STEADY_SNIA:
		out->slope_pct = 100 * fabs(slope) * (double)(w - 1) / mean;
		return out->range_pct <= rule->range_pct &&
		       out->slope_pct <= rule->limit_pct;
	case FSR_STEADY_FIO_SLOPE:
		out->slope_pct = 100 * fabs(slope) / mean;
		return out->slope_pct < rule->limit_pct;
	case FSR_STEADY_FIO_DEV:
		for (i = 0; i < w; i++)
			if (fabs(y[i] - mean) > dev)
				dev = fabs(y[i] - mean);
		out->slope_pct = 100 * dev / mean;
		return out->slope_pct < rule->limit_pct;
	}
	return 0;
}

void fsr_steady_state(const double *t_ms, const double *y, size_t n,
		      const struct fsr_steady_rule *rule,
		      struct fsr_steady *out)
{
	size_t w = rule->window, s, i;
	double sum = 0;

	out->tested = out->steady = 0;
	out->start = 0;
	out->warmup_ms = out->mean_all = out->mean_steady = NAN;
	out->range_pct = out->slope_pct = NAN;
	if (w < 2 || n < w)
		return;
	for (i = 0; i < n; i++) {
		if (!isfinite(y[i]))
			return;
		sum += y[i];
	}
	out->tested = 1;
	out->mean_all = sum / (double)n;
	for (s = 0; s + w <= n; s++) {
		if (window_passes(y + s, w, rule, out)) {
			out->steady = 1;
			out->start = s;
			break;
		}
	}
	if (!out->steady)
		return;
	out->warmup_ms = s && t_ms ? t_ms[s - 1] : 0;
	for (sum = 0, i = s; i < n; i++)
		sum += y[i];
	out->mean_steady = sum / (double)(n - s);
}

void fsr_report_steady(struct fsr_report *r, int steady)
{
	static const struct fsr_steady_rule snia = {
		FSR_STEADY_SNIA, FSR_STEADY_SNIA_WINDOW,
		FSR_STEADY_SNIA_SLOPE_PCT, FSR_STEADY_SNIA_RANGE_PCT,
	};
	struct fsr_steady_choice *out = &r->steady_result;
	size_t i, j, k;

	out->steady = steady;
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		for (j = 0; j < res->n_cells; j++) {
			struct fsr_cell *c = &res->cells[j];
			const struct fsr_seriesset *ss = fsr_cell_series(c);

			/* a run's series is its sample only one to one */
			if (!ss || ss->n != c->n)
				continue;
			for (k = 0; k < ss->n; k++) {
				struct fsr_steady st;

				fsr_steady_state(ss->runs[k].t_ms,
						 ss->runs[k].v, ss->runs[k].n,
						 &snia, &st);
				if (!st.tested)
					continue;
				out->runs++;
				/* --steady: the whole-run result kept for the
				 * exports (model/series.h), of every run
				 * tested, steady or not */
				if (steady)
					c->extra->series->runs[k].whole =
						c->samples[k];
				if (!st.steady)
					out->never++;
				else if (steady)
					c->samples[k] = st.mean_steady;
			}
		}
	}
}
