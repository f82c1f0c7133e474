/*
 * axis.c - value axes: Heckbert nice ticks (linear and log ratio), the
 * one search for the axis whose tick labels fit, and the axis shapes
 * (grid, ticks, labels); the log value axis, time unit and tick labels
 * of the latency charts (spectrum.c, cdf.c). The unit of a result,
 * prefix chosen, is the view's (view/units.c), so that tables and
 * charts print one unit.
 */
#include "layout-internal.h"
#include "../../view/view.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------ numbers */

double fsr_nice_number(double x, int round)
{
	double e, f, nf;

	if (!(x > 0) || !isfinite(x))
		return 1;
	e = floor(log10(x));
	f = x / pow(10, e);
	if (round)
		nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
	else
		nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
	/* 5 / 100 is nearer 0.05 than 5 * 0.01 */
	return e < 0 ? nf / pow(10, -e) : nf * pow(10, e);
}

/* Ticks k0 * step, (k0 + 1) * step, ..., n of them (at most
 * FSR_MAX_TICKS), with an exact 0. */
static size_t fill_ticks(double k0, size_t n, double step,
			 struct fsr_axis *a)
{
	size_t i;

	if (n > FSR_MAX_TICKS)
		n = FSR_MAX_TICKS;
	for (i = 0; i < n; i++) {
		double t = (k0 + (double)i) * step;

		if (fabs(t) < step * 1e-9)
			t = 0;
		a->ticks[i] = t;
	}
	a->n_ticks = n;
	a->lo = a->ticks[0];
	a->hi = a->ticks[n - 1];
	a->step = step;
	a->decimals = fsr_view_tick_decimals(step);
	return n;
}

size_t fsr_axis_ticks(double lo, double hi, int target, struct fsr_axis *a)
{
	double range, step, k0, k1;
	size_t n;

	memset(a, 0, sizeof(*a));
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 0;
		hi = 1;
	}
	if (lo > hi) {
		double t = lo;

		lo = hi;
		hi = t;
	}
	if (hi == lo) {
		if (lo == 0) {
			hi = 1;
		} else {
			double w = fabs(lo) * 0.1;

			lo -= w;
			hi += w;
		}
	}
	if (target < 2)
		target = 2;
	for (;;) {
		range = fsr_nice_number(hi - lo, 0);
		step = fsr_nice_number(range / (target - 1), 1);
		/* A little slack keeps 0.3 / 0.1 = 2.9999... from adding a
		 * tick outside the data. */
		k0 = floor(lo / step + 1e-9);
		k1 = ceil(hi / step - 1e-9);
		if (k1 <= k0)
			k1 = k0 + 1;
		n = (size_t)(k1 - k0) + 1;
		if (n <= FSR_MAX_TICKS || target == 2)
			break;
		target = target / 2 > 2 ? target / 2 : 2;
	}
	return fill_ticks(k0, n, step, a);
}


size_t fsr_axis_ticks_step(double lo, double hi, double step,
			   struct fsr_axis *a)
{
	double k0, k1;

	memset(a, 0, sizeof(*a));
	if (!(step > 0) || !isfinite(step) || !isfinite(lo) ||
	    !isfinite(hi) || !(hi > lo) || (hi - lo) / step > FSR_MAX_TICKS)
		return 0;
	k0 = floor(lo / step + 1e-9);
	k1 = ceil(hi / step - 1e-9);
	if (k1 <= k0)
		k1 = k0 + 1;
	if (k1 - k0 + 1 > FSR_MAX_TICKS)
		return 0;
	return fill_ticks(k0, (size_t)(k1 - k0) + 1, step, a);
}

size_t fsr_axis_log_ticks(double rmin, double rmax, int density,
			  struct fsr_axis *a)
{
	static const double m125[] = { 1, 2, 5 };
	double cand[FSR_MAX_TICKS * 4], lo = 0, hi = 0;
	size_t nc = 0, i, n = 0;
	int e, e0, e1;

	memset(a, 0, sizeof(*a));
	if (!(rmin > 0) || !(rmax >= rmin) || !isfinite(rmax) ||
	    density < 0)
		return 0;
	if (rmin > 1)
		rmin = 1;
	if (rmax < 1)
		rmax = 1;
	e0 = (int)floor(log10(rmin) + 1e-9) - 1;
	e1 = (int)ceil(log10(rmax) - 1e-9) + 1;
	for (e = e0; e <= e1; e++) {
		size_t k;

		if (density == 0) {
			for (k = 0; k < 3 && nc < sizeof(cand) /
						       sizeof(cand[0]); k++)
				cand[nc++] = m125[k] * pow(10, e);
		} else if (((e % density) + density) % density == 0 &&
			   nc < sizeof(cand) / sizeof(cand[0])) {
			cand[nc++] = pow(10, e);
		}
	}
	/* The ends: the 1-2-5 steps next beyond the data, whatever the
	 * density of the labels (x5.7 ends at x10, not x100). */
	for (e = e0; e <= e1; e++) {
		size_t k;

		for (k = 0; k < 3; k++) {
			double m = m125[k] * pow(10, e);

			if (m <= rmin * (1 + 1e-9))
				lo = m;
			if (!(hi > 0) && m >= rmax * (1 - 1e-9))
				hi = m;
		}
	}
	if (!(lo > 0) || !(hi > 0))
		return 0;
	for (i = 0; i < nc; i++) {
		if (cand[i] < lo * (1 - 1e-9) || cand[i] > hi * (1 + 1e-9))
			continue;
		if (n == FSR_MAX_TICKS) {
			memset(a, 0, sizeof(*a));
			return 0;
		}
		a->ticks[n++] = log10(cand[i]);
	}
	a->n_ticks = n;
	a->lo = log10(lo);
	a->hi = log10(hi);
	a->step = 0;
	a->decimals = 0;
	return n;
}

void fsr_layout_number(struct fsr_buf *b, double x, int decimals,
		       const char *suffix)
{
	fsr_buf_add_fixed(b, x, decimals);
	if (suffix)
		fsr_buf_adds(b, suffix);
}

/* ------------------------------------------- log value axes, times */

void fsr_axis_log_value_ticks(double lo, double hi, struct fsr_axis *a)
{
	static const double m125[] = { 1, 2, 5 };
	int e, e0 = (int)floor(log10(lo) + 1e-9),
	       e1 = (int)ceil(log10(hi) - 1e-9);
	double alo = 0, ahi = 0;
	int every = e1 - e0 > 3;
	size_t k;

	memset(a, 0, sizeof(*a));
	for (e = e0 - 1; e <= e1 + 1; e++)
		for (k = 0; k < 3; k++) {
			double m = m125[k] * pow(10, e);

			if (m <= lo * (1 + 1e-9))
				alo = m;
			if (!(ahi > 0) && m >= hi * (1 - 1e-9))
				ahi = m;
		}
	for (e = e0 - 1; e <= e1 + 1; e++)
		for (k = 0; k < (every ? 1u : 3u); k++) {
			double m = m125[k] * pow(10, e);

			if (m < alo * (1 - 1e-9) || m > ahi * (1 + 1e-9) ||
			    a->n_ticks == FSR_MAX_TICKS)
				continue;
			a->ticks[a->n_ticks++] = log10(m);
		}
	a->lo = log10(alo);
	a->hi = log10(ahi);
}

int fsr_unit_is_time(const char *unit)
{
	return unit && (!strcmp(unit, "ns") || !strcmp(unit, "us") ||
			!strcmp(unit, "\xc2\xb5s") || !strcmp(unit, "ms") ||
			!strcmp(unit, "s"));
}

void fsr_axis_time_unit(double lo, double hi, int log,
			struct fsr_unit_scale *s)
{
	static const char *const units[] = { "ns", "\xc2\xb5s", "ms", "s" };
	size_t k = 0;

	while (k < 3 && lo >= pow(1000, (double)(k + 1)) * (1 - 1e-9) &&
	       (log || hi >= pow(1000, (double)(k + 1))))
		k++;
	memset(s, 0, sizeof(*s));
	s->div = pow(1000, (double)k);
	snprintf(s->unit, sizeof(s->unit), "%s", units[k]);
}

void fsr_axis_value_label(struct fsr_buf *b, double t, int log,
			  const struct fsr_axis *a,
			  const struct fsr_unit_scale *s)
{
	double v = log ? pow(10, t) : t;
	int dec = log ? fsr_view_tick_decimals(v) : a->decimals;

	fsr_buf_reset(b);
	fsr_layout_number(b, v, dec, s->suffix);
}





int fsr_axis_labels_fit(struct fsr_lay *L, const struct fsr_axis *a, double plot_w,
		     fsr_tick_fmt fmt, const void *data)
{
	struct fsr_buf b = FSR_BUF_INIT;
	double prev_r = -DBL_MAX, sc = plot_w / (a->hi - a->lo);
	size_t i;
	int ok = 1;

	for (i = 0; i < a->n_ticks && ok; i++) {
		double x = (a->ticks[i] - a->lo) * sc, w;

		fsr_buf_reset(&b);
		fmt(&b, a->ticks[i], a, data);
		w = fsr_lay_text_w(L, FSR_FONT_TICK, b.buf);
		/* the last labels are pushed left to stay on the chart
		 * (fsr_axis_draw): the plot ends MARGIN short of its edge */
		if (x + w / 2 > plot_w + MARGIN - 2)
			x = plot_w + MARGIN - 2 - w / 2;
		if (x - w / 2 < prev_r + TICK_GAP)
			ok = 0;
		prev_r = x + w / 2;
	}
	fsr_buf_release(&b);
	return ok;
}

/* Grid, zero line, base line and tick labels of a horizontal value axis
 * under rows from plot_y to plot_y + plot_h. Returns the y below. */
double fsr_axis_draw(struct fsr_lay *L, struct fsr_chart *c, fsr_tick_fmt fmt,
			const void *data)
{
	const struct fsr_axis *a = &c->axis;
	double sc = c->plot_w / (a->hi - a->lo), bottom = c->plot_y +
		c->plot_h, h = fsr_lay_line_h(L, FSR_FONT_TICK);
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	for (i = 0; i < a->n_ticks; i++) {
		double x = c->plot_x + (a->ticks[i] - a->lo) * sc;
		struct fsr_shape *s;

		if (a->ticks[i] != 0)
			fsr_canvas_line(c, "grid", -1, FSR_INK_GRID, x, c->plot_y, x,
				 bottom, 1, 1);
		fsr_canvas_line(c, "tick", -1, FSR_INK_AXIS, x, bottom, x,
			 bottom + 4, 1, 0);
		fsr_buf_reset(&b);
		fmt(&b, a->ticks[i], a, data);
		s = fsr_canvas_text(L, c, "tick-label", -1, FSR_FONT_TICK,
			     FSR_INK_TEXT, x, bottom + 5, FSR_AL_CENTER, b.buf);
		/* Never past the chart's edges. */
		if (s->x + s->w > L->W - 2)
			s->x = L->W - 2 - s->w;
		if (s->x < 2)
			s->x = 2;
	}
	fsr_buf_release(&b);
	fsr_canvas_line(c, "axis", -1, FSR_INK_AXIS, c->plot_x, bottom,
		 c->plot_x + c->plot_w, bottom, 1, 0);
	if (a->lo <= 0 && a->hi >= 0) {
		double x0 = c->plot_x + (0 - a->lo) * sc;

		fsr_canvas_line(c, "zero", -1, FSR_INK_AXIS, x0, c->plot_y, x0,
			 bottom, 1, 0);
	}
	return bottom + 5 + h;
}


/* The best axis so far of a search and how it was judged. */
struct fit_best {
	struct fsr_axis axis;
	double cover;  /* (hi - lo) of the data / of the axis; -1: none */
	int dense;     /* 5 to 8 ticks */
};

/*
 * One candidate of fsr_axis_best_fit: Heckbert's ticks for target
 * (step 0) or the multiples of step, widened while widen asks; kept in
 * *best when its labels fit and it is better: 5 to 8 gridlines, as PTS
 * and OpenBenchmarking draw, before the tightest fit ("0 50 100" says
 * too little); of equal ones the earlier. dense_only: kept only with 5
 * to 8 ticks. c->axis is the candidate.
 */
static void fit_candidate(struct fsr_lay *L, struct fsr_chart *c, double lo,
			  double hi, int target, double step, int dense_only,
			  fsr_tick_fmt fmt, const void *fmt_data,
			  fsr_axis_widen_fn widen, void *widen_ctx,
			  struct fit_best *best)
{
	double need_lo = lo, need_hi = hi, cover;
	int iter, dense;

	for (iter = 0; iter < 12; iter++) {
		if (step > 0) {
			if (!fsr_axis_ticks_step(need_lo, need_hi, step,
						 &c->axis))
				return;
		} else {
			fsr_axis_ticks(need_lo, need_hi, target, &c->axis);
		}
		if (!widen || !widen(widen_ctx, &c->axis, &need_lo, &need_hi))
			break;
	}
	if (!fsr_axis_labels_fit(L, &c->axis, c->plot_w, fmt, fmt_data))
		return;
	cover = (hi - lo) / (c->axis.hi - c->axis.lo);
	dense = c->axis.n_ticks >= 5 && c->axis.n_ticks <= 8;
	if (dense_only && !dense)
		return;
	if (dense > best->dense ||
	    (dense == best->dense && cover > best->cover + 1e-9)) {
		best->cover = cover;
		best->dense = dense;
		best->axis = c->axis;
	}
}

void fsr_axis_best_fit(struct fsr_lay *L, struct fsr_chart *c, double lo,
		       double hi, const int *targets, size_t n_targets,
		       fsr_tick_fmt fmt, const void *fmt_data,
		       fsr_axis_widen_fn widen, void *widen_ctx)
{
	struct fit_best best;
	struct fsr_axis last;
	size_t t;

	memset(&best, 0, sizeof(best));
	best.cover = -1;
	for (t = 0; t < n_targets; t++) {
		if (targets[t] < 4 && best.cover >= 0)
			break;
		fit_candidate(L, c, lo, hi, targets[t], 0, 0, fmt, fmt_data,
			      widen, widen_ctx, &best);
	}
	/*
	 * No 1-2-5 step gives 5 to 8 gridlines that fit (data to 14500:
	 * by 2000 is 9 of them, by 5000 4): the step 2.5 times a power of
	 * ten, the fourth of the usual nice steps (25, 250, 2500), 0 to
	 * 15000 by 2500. Only then, so that every axis 1-2-5 steps draw
	 * well stays as it is. The steps from a seventh to a third of the
	 * range are the ones that can give 5 to 8 ticks.
	 */
	last = c->axis;
	if (!best.dense && hi > lo && isfinite(hi - lo)) {
		int e, e0 = (int)floor(log10((hi - lo) / 7 / 2.5));

		for (e = e0; e <= e0 + 1; e++)
			fit_candidate(L, c, lo, hi, 0,
				      e < 0 ? 2.5 / pow(10, -e) :
					      2.5 * pow(10, e),
				      1, fmt, fmt_data, widen, widen_ctx,
				      &best);
	}
	c->axis = best.cover >= 0 ? best.axis : last;
}
