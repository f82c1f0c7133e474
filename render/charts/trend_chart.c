/*
 * trend_chart.c - the chart of one result of fsreport trend: the run
 * sets along x in trend order, the value up y; a line through the run
 * sets' means, their confidence interval as a band (one band per
 * segment), every run as a small dot, each segment's level as a dashed
 * line, and every change point as a dashed rule labelled with its step
 * and verdict. The caption says which way is better.
 *
 *	+--------------------------------------------------------------+
 *	| PostMark                                          (heading)  |
 *	| Transactions/s                                               |
 *	| > tx/s, higher is better                          (caption)  |
 *	|                         -8.05% worse                         |
 *	| 4200 |--o---o---o---o-  :                                    |
 *	| 4000 |                  :                                    |
 *	| 3800 |                  :-o---o---o---o---o---o---o---o      |
 *	|        6.1 6.2 6.3 6.4  6.5 ...                   (labels)   |
 *	| line: mean of each run set; band: 95% interval; ...          |
 *	+--------------------------------------------------------------+
 *
 * Pure layout, like the other chart kinds: shapes as numbers (canvas.c),
 * the value axis from Heckbert nice ticks (axis.c), text measured
 * through the callback.
 */
#include "layout-internal.h"
#include "../trend.h"
#include "../vocab.h"
#include "../../analyze/series.h"
#include "../../view/view.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define PLOT_H 220.0
#define RUN_R 1.8
#define MEAN_R 3.4

struct tc {
	struct fsr_lay *L;
	struct fsr_chart *c;
	const struct fsr_result *res;
	const struct fsr_trend_row *row;
	size_t n;          /* run sets along x */
	double div;        /* display value = raw / div */
};

static const struct fsr_trend_row *find_row(const struct fsr_trend *t,
					    size_t ri)
{
	size_t i;

	for (i = 0; t && i < t->n_rows; i++)
		if (t->rows[i].result == ri)
			return &t->rows[i];
	return NULL;
}

static double px_x(const struct tc *T, size_t i)
{
	return T->c->plot_x + ((double)i + 0.5) * T->c->plot_w /
	       (double)T->n;
}

static double px_y(const struct tc *T, double raw)
{
	const struct fsr_axis *a = &T->c->axis;
	double v = raw / T->div;

	return T->c->plot_y + T->c->plot_h * (a->hi - v) / (a->hi - a->lo);
}

static const struct fsr_cell *cell_of(const struct tc *T, size_t i)
{
	const struct fsr_trend_point *p = &T->row->points[i];

	return p->cell == SIZE_MAX ? NULL : &T->res->cells[p->cell];
}

/* The value range (raw) of means, intervals and runs; the unit prefix. */
static void value_range(struct tc *T, double *lo, double *hi)
{
	double maxabs = 0;
	size_t i, k;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < T->n; i++) {
		const struct fsr_trend_point *p = &T->row->points[i];
		const struct fsr_cell *cell = cell_of(T, i);
		double v[2];

		if (!p->s || !cell)
			continue;
		v[0] = isfinite(p->s->ci_low) ? p->s->ci_low : p->s->mean;
		v[1] = isfinite(p->s->ci_high) ? p->s->ci_high : p->s->mean;
		for (k = 0; k < cell->n; k++) {
			if (!isfinite(cell->samples[k]))
				continue;
			v[0] = fmin(v[0], cell->samples[k]);
			v[1] = fmax(v[1], cell->samples[k]);
		}
		*lo = fmin(*lo, v[0]);
		*hi = fmax(*hi, v[1]);
	}
	if (!isfinite(*lo))
		*lo = *hi = 0;
	maxabs = fmax(fabs(*lo), fabs(*hi));
	fsr_view_result_unit(T->res, maxabs, &T->c->scale);
	T->div = T->c->scale.div;
}

static void tick_text(struct fsr_buf *b, const struct tc *T, double v)
{
	fsr_buf_reset(b);
	fsr_layout_number(b, v, T->c->axis.decimals, T->c->scale.suffix);
}

/* The value axis at the left of the plot: grid, tick labels, base. */
static void value_axis(struct tc *T, double y)
{
	struct fsr_chart *c = T->c;
	struct fsr_buf b = FSR_BUF_INIT;
	double lo, hi, w = 0, lh = fsr_lay_line_h(T->L, FSR_FONT_TICK);
	size_t i;

	value_range(T, &lo, &hi);
	fsr_axis_ticks(lo / T->div, hi / T->div, 5, &c->axis);
	c->has_axis = 1;
	for (i = 0; i < c->axis.n_ticks; i++) {
		tick_text(&b, T, c->axis.ticks[i]);
		w = fmax(w, fsr_lay_text_w(T->L, FSR_FONT_TICK, b.buf));
	}
	c->plot_x = MARGIN + w + COL_GAP;
	c->plot_y = y;
	c->plot_w = T->L->W - MARGIN - c->plot_x;
	c->plot_h = PLOT_H;
	for (i = 0; i < c->axis.n_ticks; i++) {
		double ty = px_y(T, c->axis.ticks[i] * T->div);

		fsr_canvas_line(c, "grid", -1, FSR_INK_GRID, c->plot_x, ty,
				c->plot_x + c->plot_w, ty, 1, 0);
		tick_text(&b, T, c->axis.ticks[i]);
		fsr_canvas_text(T->L, c, "tick-label", -1, FSR_FONT_TICK,
				FSR_INK_AXIS, c->plot_x - COL_GAP / 2,
				ty - lh / 2, FSR_AL_RIGHT, b.buf);
	}
	fsr_canvas_line(c, "axis", -1, FSR_INK_AXIS, c->plot_x,
			c->plot_y + c->plot_h, c->plot_x + c->plot_w,
			c->plot_y + c->plot_h, 1, 0);
	fsr_buf_release(&b);
}

/* The band of the intervals of points i < j (the same segment). */
static void band(struct tc *T, size_t i, size_t j)
{
	const struct fsr_summary *a = T->row->points[i].s,
				 *b = T->row->points[j].s;
	struct fsr_shape *s;

	if (!isfinite(a->ci_low) || !isfinite(b->ci_low))
		return;
	s = fsr_canvas_shape(T->c, FSR_SHAPE_BAND, "interval", (long)i,
			     FSR_INK_INTERVAL);
	s->x = px_x(T, i);
	s->w = px_x(T, j) - s->x;
	s->y = px_y(T, a->ci_high);
	s->h = px_y(T, a->ci_low) - s->y;
	s->y2 = px_y(T, b->ci_high);
	s->h2 = px_y(T, b->ci_low) - s->y2;
}

/* Bands, the segments' levels, the line of means. */
static void series(struct tc *T)
{
	const struct fsr_trend_row *row = T->row;
	double half = T->c->plot_w / (double)T->n / 2;
	size_t i, prev = SIZE_MAX, first = SIZE_MAX;

	for (i = 0; i <= T->n; i++) {
		const struct fsr_trend_point *p = i < T->n ? &row->points[i] :
						  NULL;

		if (p && !p->s)
			continue;
		if (!p || (p->change_point && first != SIZE_MAX)) {
			double ly = px_y(T, fsr_trend_segment_level(row, first,
								    prev));

			fsr_canvas_line(T->c, "level", (long)first,
					FSR_INK_NOTE, px_x(T, first) - half,
					ly, px_x(T, prev) + half, ly, 1, 1);
			first = SIZE_MAX;
		}
		if (!p)
			break;
		if (first == SIZE_MAX)
			first = i;
		else
			band(T, prev, i);
		prev = i;
	}
	for (i = 0, prev = SIZE_MAX; i < T->n; i++) {
		const struct fsr_trend_point *p = &row->points[i];

		if (!p->s)
			continue;
		if (prev != SIZE_MAX)
			fsr_canvas_line(T->c, "mean-line", (long)i,
					FSR_INK_SYSTEM, px_x(T, prev),
					px_y(T, row->points[prev].s->mean),
					px_x(T, i), px_y(T, p->s->mean), 2, 0);
		prev = i;
	}
}

static enum fsr_ink verdict_ink(enum fsr_verdict v)
{
	return v == FSR_VERDICT_WORSE ? FSR_INK_WORSE :
	       v == FSR_VERDICT_BETTER ? FSR_INK_BETTER :
	       v == FSR_VERDICT_SAME ? FSR_INK_SAME :
	       v == FSR_VERDICT_EQUAL ? FSR_INK_EQUAL :
	       v == FSR_VERDICT_NOT_WORSE ? FSR_INK_NOT_WORSE : FSR_INK_NA;
}

/* A dashed rule before every change point, its step above the plot. */
static void change_points(struct tc *T, double label_y)
{
	const struct fsr_trend_row *row = T->row;
	double half = T->c->plot_w / (double)T->n / 2;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	for (i = 0; i < T->n; i++) {
		const struct fsr_trend_point *p = &row->points[i];
		double x = px_x(T, i) - half, w;

		if (!p->change_point)
			continue;
		fsr_canvas_line(T->c, "change-point", (long)i,
				verdict_ink(p->verdict), x, T->c->plot_y - 2,
				x, T->c->plot_y + T->c->plot_h, 1.5, 1);
		fsr_buf_reset(&b);
		if (isfinite(p->change_pct)) {
			fsr_vocab_pct(&b, p->change_pct,
				      FSR_VIEW_TREND_PCT_DEC);
			fsr_buf_addc(&b, ' ');
		}
		fsr_buf_adds(&b, p->verdict == FSR_VERDICT_NA ?
			     "change" : fsr_verdict_name(p->verdict));
		/* the chart draws no interval, but one too wide to mean
		 * anything is said, as the text and the report say it */
		if (fsr_view_trend_ci_too_wide(p)) {
			fsr_buf_addc(&b, ' ');
			fsr_view_trend_interval(&b, row, T->n, i);
		}
		w = fsr_lay_text_w(T->L, FSR_FONT_VALUE, b.buf);
		x = fmax(MARGIN + w / 2, fmin(x, T->L->W - MARGIN - w / 2));
		fsr_canvas_text(T->L, T->c, "change-label", (long)i,
				FSR_FONT_VALUE, verdict_ink(p->verdict), x,
				label_y, FSR_AL_CENTER, b.buf);
	}
	fsr_buf_release(&b);
}

/* Every run as a small dot (spread a little sideways), then the means. */
static void dots(struct tc *T)
{
	size_t i, k;

	for (i = 0; i < T->n; i++) {
		const struct fsr_cell *cell = cell_of(T, i);

		if (!T->row->points[i].s || !cell)
			continue;
		for (k = 0; k < cell->n; k++)
			if (isfinite(cell->samples[k]))
				fsr_canvas_dot(T->c, "run", (long)i,
					       FSR_INK_RUN, FSR_INK_WHISKER,
					       px_x(T, i) + 2.0 *
					       ((double)(k % 5) - 2),
					       px_y(T, cell->samples[k]),
					       RUN_R);
	}
	for (i = 0; i < T->n; i++) {
		const struct fsr_summary *s = T->row->points[i].s;

		if (s)
			fsr_canvas_dot(T->c, "mean", (long)i, FSR_INK_SYSTEM,
				       FSR_INK_HALO, px_x(T, i),
				       px_y(T, s->mean), MEAN_R);
	}
}

/* The run sets' labels under the plot, every step-th when they would
 * touch; returns the y below. */
static double run_labels(struct tc *T, double y)
{
	const struct fsr_report *r = T->L->v->report;
	double gap = T->c->plot_w / (double)T->n, w = 0;
	size_t i, step;

	for (i = 0; i < T->n; i++)
		w = fmax(w, fsr_lay_text_w(T->L, FSR_FONT_TICK,
				r->systems[T->row->points[i].sys].label));
	step = (size_t)ceil((w + TICK_GAP) / gap);
	step = step ? step : 1;
	for (i = 0; i < T->n; i += step)
		fsr_canvas_text(T->L, T->c, "run-set", (long)i, FSR_FONT_TICK,
				FSR_INK_TEXT, px_x(T, i), y, FSR_AL_CENTER,
				r->systems[T->row->points[i].sys].label);
	return y + fsr_lay_line_h(T->L, FSR_FONT_TICK);
}

static void caption_text(const struct tc *T, struct fsr_buf *b)
{
	fsr_buf_adds(b, T->c->scale.unit);
	if (T->res->better != FSR_BETTER_UNKNOWN)
		fsr_buf_addf(b, "%s%s is better", b->len ? ", " : "",
			     T->res->better == FSR_BETTER_HIGHER ? "higher" :
			     "lower");
	/* a series whose run sets are autocorrelated says so */
	if (T->row && T->row->lag1_flagged) {
		fsr_buf_adds(b, b->len ? "; " : "");
		fsr_view_trend_lag1_note(T->row, b);
	}
}

void fsr_layout_trend(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
		      double y)
{
	const struct fsr_trend *t = L->v->trend;
	struct fsr_buf b = FSR_BUF_INIT;
	double lo, hi;
	struct tc T;

	memset(&T, 0, sizeof(T));
	T.L = L;
	T.c = c;
	T.res = L->v->report->results[ri];
	T.row = find_row(t, ri);
	T.n = t->n_order;
	c->kind = FSR_CHART_KIND_TREND;
	c->result = (long)ri;
	c->width = L->W;
	fsr_vocab_result_title(T.res, &b);
	y = fsr_canvas_heading(L, c, b.buf, T.res->description, y);
	value_range(&T, &lo, &hi); /* the unit, for the caption */
	fsr_buf_reset(&b);
	caption_text(&T, &b);
	y = fsr_canvas_caption(L, c, MARGIN, y, b.buf);
	y += fsr_lay_line_h(L, FSR_FONT_VALUE) + 6;
	value_axis(&T, y);
	series(&T);
	change_points(&T, y - fsr_lay_line_h(L, FSR_FONT_VALUE) - 4);
	dots(&T);
	y = run_labels(&T, c->plot_y + c->plot_h + 4);
	fsr_buf_reset(&b);
	fsr_buf_adds(&b, "line and large dots: the mean of each run set; "
		     "band: its ");
	fsr_vocab_confidence(&b, L->v->stats->confidence);
	fsr_buf_adds(&b, " confidence interval; small dots: the runs; dashed "
		     "grey: each segment's level; dashed rules: change points "
		     "(E-divisive means), with the step against the segment "
		     "before");
	y = fsr_canvas_footnote(L, c, b.buf, y + 8);
	c->height = y + MARGIN;
	fsr_buf_release(&b);
}

int fsr_layout_trend_has(const struct fsr_view *v, size_t ri)
{
	return find_row(v->trend, ri) != NULL;
}
