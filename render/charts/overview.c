/*
 * overview.c - the overview chart of compare, an article's first chart:
 * per compared system its relative performance against the baseline
 * over the results compared (the geometric mean of the per-result
 * ratios, turned so that + is better, with its interval, as analyze/
 * gives it in cmp->geo) and its counts of better / worse / same. It is a
 * summary, so its bars are one neutral colour; the verdicts are words.
 *
 *	             heading, caption
 *	label  |====bar====|--whisker--|    +3.21%
 *	counts |                            interval
 *	             axis, footnote
 */
#include "layout-internal.h"
#include "../vocab.h"
#include "../../view/notes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct ov_row {
	const struct fsr_geomean *g;
	struct fsr_row_text t;  /* label, counts; value, interval */
	double delta, lo, hi;   /* % */
	int marks;
	double top, h;
};

struct overview {
	struct fsr_lay *L;
	const struct fsr_report *rep;
	const struct fsr_comparison *cmp;
	double conf;
	struct ov_row *rows;
	size_t n;
	double lh, nh, vh;
	int single;   /* one run per system: no test, no interval */
	int own_over; /* each row says what its mean is over */
};

static void pct_fmt(struct fsr_buf *b, double v, const struct fsr_axis *a,
		    const void *data)
{
	(void)data;
	if (v > 0)
		fsr_buf_addc(b, '+');
	fsr_layout_number(b, v, a->decimals, "%");
}

/* A tick of the log axis (log10 of the ratio): "×2", "×1", "×2". */
static void ratio_fmt(struct fsr_buf *b, double v, const struct fsr_axis *a,
		      const void *data)
{
	double r = pow(10, v);

	(void)a;
	(void)data;
	/* "×2" on both sides, as the change chart writes it: the side
	 * says better or worse */
	if (r < 1)
		r = 1 / r;
	fsr_buf_adds(b, "\xc3\x97");
	fsr_layout_number(b, r, fsr_view_ratio_tick_decimals(r),
			  "");
}

/* Where a change in % sits on the axis (log10 of the ratio on a log
 * axis; -100 % and below go to the axis's left end). */
static double ov_pos(const struct fsr_chart *c, double pct)
{
	if (!c->log_ratio)
		return pct;
	return 1 + pct / 100 > 0 ? log10(1 + pct / 100) : c->axis.lo;
}

/* "3 better, 1 worse, 9 same" (and "2 not tested") of system sys;
 * "16 results, not tested" with one run per system (single). */
static void counts_text(const struct fsr_comparison *cmp, size_t sys,
			int single, struct fsr_buf *b)
{
	size_t n[FSR_VERDICT_COUNT];

	fsr_view_verdict_counts(cmp, sys, n);
	if (single) {
		fsr_buf_addf(b, "%zu result%s, not tested", n[FSR_VERDICT_NA],
			     n[FSR_VERDICT_NA] == 1 ? "" : "s");
		return;
	}
	fsr_buf_addf(b, "%zu better, %zu worse, %zu same",
		     n[FSR_VERDICT_BETTER], n[FSR_VERDICT_WORSE],
		     n[FSR_VERDICT_SAME]);
	if (cmp->opts.margin == FSR_MARGIN_EQUIVALENCE)
		fsr_buf_addf(b, ", %zu equal", n[FSR_VERDICT_EQUAL]);
	else if (cmp->opts.margin == FSR_MARGIN_NONINFERIORITY)
		fsr_buf_addf(b, ", %zu not worse", n[FSR_VERDICT_NOT_WORSE]);
	if (n[FSR_VERDICT_NA])
		fsr_buf_addf(b, ", %zu not tested", n[FSR_VERDICT_NA]);
}

static void make_rows(struct overview *s, double label_max)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t k;

	s->n = s->cmp->n_geo;
	s->rows = fsr_xcalloc(s->n + 1, sizeof(*s->rows));
	s->own_over = fsr_view_geo_over_all(&b, s->cmp);
	for (k = 0; k < s->n; k++) {
		const struct fsr_geomean *g = &s->cmp->geo[k];
		struct ov_row *r = &s->rows[k];

		r->g = g;
		fsr_lay_wrap(s->L, &r->t.label, FSR_FONT_LABEL,
			     s->rep->systems[g->sys].label, label_max, 2);
		fsr_buf_reset(&b);
		if (s->own_over) {
			fsr_buf_adds(&b, "over ");
			fsr_view_geo_over(&b, g);
			fsr_buf_adds(&b, "; ");
		}
		counts_text(s->cmp, g->sys, s->single, &b);
		fsr_lay_wrap(s->L, &r->t.sub, FSR_FONT_NOTE, b.buf, label_max,
			     2);
		r->delta = (g->ratio - 1) * 100;
		r->lo = (g->ci_low - 1) * 100;
		r->hi = (g->ci_high - 1) * 100;
		r->marks = isfinite(r->delta);
		fsr_buf_reset(&b);
		if (r->marks)
			fsr_vocab_pct(&b, r->delta, FSR_VIEW_PCT_DEC);
		else
			fsr_buf_adds(&b, "not available");
		r->t.value = fsr_xstrdup(b.buf);
		fsr_buf_reset(&b);
		if (r->marks && isfinite(r->lo) && isfinite(r->hi))
			fsr_vocab_interval(&b, r->lo, r->hi, s->conf);
		else if (r->marks)
			fsr_view_geo_over(&b, g);
		r->t.value2 = fsr_xstrdup(b.buf);
	}
	fsr_buf_release(&b);
}

static void rows_release(struct overview *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		fsr_row_text_release(&s->rows[i].t);
	free(s->rows);
}

static double heading(struct overview *s, struct fsr_chart *c, double y)
{
	struct fsr_buf t = FSR_BUF_INIT, sub = FSR_BUF_INIT;

	fsr_buf_addf(&t, "Overview: against %s",
		     s->rep->systems[s->cmp->baseline].label);
	fsr_buf_adds(&sub, "Geometric mean of the ratios to the baseline ");
	fsr_view_geo_over_all(&sub, s->cmp);
	fsr_buf_adds(&sub, ", a summary, not a test; + is better");
	if (s->single) {
		/* no interval promised that is not drawn */
		fsr_buf_adds(&sub, ". One run per system: no interval.");
	} else {
		fsr_buf_adds(&sub, ", with the ");
		fsr_vocab_confidence(&sub, s->conf);
		fsr_buf_adds(&sub, " confidence interval");
	}
	y = fsr_canvas_heading(s->L, c, t.buf, sub.buf, y);
	fsr_buf_release(&t);
	fsr_buf_release(&sub);
	return y;
}

/* Label column, value column, and the range of the marks with 0. */
static void measure(struct overview *s, double *col, double *vcol,
		    double *lo, double *hi)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct ov_row *r = &s->rows[i];
		double v[3] = { r->delta, r->lo, r->hi };
		size_t k;

		fsr_row_text_widen(s->L, &r->t, col, vcol, 1);
		for (k = 0; k < 3 && r->marks; k++) {
			if (!isfinite(v[k]))
				continue;
			if (v[k] < *lo)
				*lo = v[k];
			if (v[k] > *hi)
				*hi = v[k];
		}
	}
}

static double place(struct overview *s, double y)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		struct ov_row *r = &s->rows[i];
		double block = (double)r->t.label.n * s->lh +
			       (double)r->t.sub.n * s->nh + 1;
		double vblock = s->vh + s->nh;

		r->h = (block > vblock ? block : vblock) + 14;
		r->top = y;
		y += r->h;
	}
	return y;
}

static double ov_x(const struct fsr_chart *c, double pct)
{
	double x = c->plot_x + (ov_pos(c, pct) - c->axis.lo) * c->plot_w /
		(c->axis.hi - c->axis.lo);

	return x < c->plot_x ? c->plot_x : x > c->plot_x + c->plot_w ?
		c->plot_x + c->plot_w : x;
}

/* The axis: linear in %, or, when the marks span a wide range of ratios
 * (x5 and more), log ratio ticks, where halving and doubling are equally
 * far from no change. */
static void ov_axis(struct fsr_lay *L, struct fsr_chart *c, double lo,
		    double hi)
{
	static const int targets[] = { 4, 5, 6, 7, 8, 10, 3, 2 };
	int dens;

	c->has_axis = 1;
	c->log_ratio = 1 + lo / 100 > 0 &&
		       (1 + hi / 100 >= 5 || 1 + lo / 100 <= 0.2);
	if (c->log_ratio) {
		for (dens = 0; dens < 8; dens++)
			if (fsr_axis_log_ticks(1 + lo / 100, 1 + hi / 100, dens,
					       &c->axis) &&
			    fsr_axis_labels_fit(L, &c->axis, c->plot_w,
						ratio_fmt, NULL))
				return;
		c->log_ratio = 0;
	}
	if (hi == lo)
		hi = lo + 1;
	fsr_axis_best_fit(L, c, lo, hi, targets,
			  sizeof(targets) / sizeof(targets[0]), pct_fmt, NULL,
			  NULL, NULL);
}

static void row_shapes(struct overview *s, struct fsr_chart *c, size_t i,
		       double label_right)
{
	struct fsr_lay *L = s->L;
	struct ov_row *r = &s->rows[i];
	double mid = r->top + r->h / 2, yy, x0, x1, bh = 16;
	double block = (double)r->t.label.n * s->lh + (double)r->t.sub.n * s->nh;
	double vx = c->plot_x + c->plot_w + COL_GAP;

	yy = fsr_canvas_lines(L, c, "label", (long)i, FSR_FONT_LABEL,
			      FSR_INK_HEADING, label_right, mid - block / 2,
			      FSR_AL_RIGHT, &r->t.label);
	fsr_canvas_lines(L, c, "counts", (long)i, FSR_FONT_NOTE, FSR_INK_TEXT,
			 label_right, yy + 1, FSR_AL_RIGHT, &r->t.sub);
	if (r->marks) {
		x0 = ov_x(c, 0);
		x1 = ov_x(c, r->delta);
		/* each system in its colour, as on the bar charts */
		fsr_canvas_rect(c, "bar", (long)i, r->g ?
				fsr_system_ink(r->g->sys) : FSR_INK_SAME,
				FSR_INK_EDGE, x0 < x1 ? x0 : x1, mid - bh / 2,
				fabs(x1 - x0), bh);
		if (isfinite(r->lo) && isfinite(r->hi)) {
			double l = ov_x(c, r->lo), h = ov_x(c, r->hi);

			fsr_canvas_line(c, "whisker", (long)i,
					FSR_INK_WHISKER, l, mid, h, mid, 1.5,
					0);
			fsr_canvas_line(c, "whisker", (long)i,
					FSR_INK_WHISKER, l, mid - 5, l,
					mid + 5, 1.5, 0);
			fsr_canvas_line(c, "whisker", (long)i,
					FSR_INK_WHISKER, h, mid - 5, h,
					mid + 5, 1.5, 0);
		}
	}
	fsr_row_text_values(L, c, (long)i, &r->t, r->marks ?
			    FSR_INK_HEADING : FSR_INK_MISSING, vx, mid, s->vh,
			    s->nh);
}

void fsr_layout_overview(struct fsr_lay *L, struct fsr_chart *c, double y)
{
	struct overview s = { 0 };
	struct fsr_buf foot = FSR_BUF_INIT;
	double col = 60, vcol = 0, lo = 0, hi = 0, label_right, bottom;
	size_t i;

	s.L = L;
	s.rep = L->v->report;
	s.cmp = L->v->cmp;
	s.conf = s.cmp->opts.confidence > 0 ? s.cmp->opts.confidence :
		L->v->stats->confidence;
	s.lh = fsr_lay_line_h(L, FSR_FONT_LABEL);
	s.nh = fsr_lay_line_h(L, FSR_FONT_NOTE);
	s.vh = fsr_lay_line_h(L, FSR_FONT_VALUE);
	s.single = fsr_view_one_run_each(s.cmp);
	c->kind = FSR_CHART_KIND_OVERVIEW;
	c->result = -1;
	make_rows(&s, L->W * 0.35);
	y = heading(&s, c, y);
	measure(&s, &col, &vcol, &lo, &hi);
	label_right = MARGIN + col;
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - (vcol > 0 ? vcol + COL_GAP : 0) -
		c->plot_x;
	if (c->plot_w < L->W * 0.2)
		c->plot_w = L->W * 0.2;
	ov_axis(L, c, lo, hi);
	y = fsr_canvas_caption(L, c, c->plot_x, y + 6, c->log_ratio ?
			       "Relative performance as a ratio (log scale), "
			       "\xc3\x97" "1 = the baseline" :
			       "Relative performance in %, 0 = the baseline") +
	    6;
	c->plot_y = y;
	y = place(&s, y);
	if (!s.n)
		y += 20;
	c->plot_h = y - c->plot_y;
	bottom = fsr_axis_draw(L, c, c->log_ratio ? ratio_fmt : pct_fmt,
			       NULL);
	for (i = 0; i < s.n; i++)
		row_shapes(&s, c, i, label_right);
	fsr_buf_adds(&foot, !s.n ? "No result was compared on both sides." :
		     s.single ? "Bar: the geometric mean of the per-result "
		     "ratios, each turned so that + is better, results of the "
		     "same runs counted once. One run per system: no "
		     "interval, no verdict." : "Bar: the geometric mean of "
		     "the per-result ratios, each turned so that + is better, "
		     "results of the same runs counted once; line: its "
		     "confidence interval from the results' own runs. "
		     "Counts: the verdicts of the results.");
	/* what was done to the runs, as the text and the other charts
	 * say it (issue 37) */
	fsr_lay_run_notes(&foot, s.rep);
	y = fsr_canvas_footnote(L, c, foot.buf, bottom + 8);
	c->height = y + MARGIN;
	fsr_buf_release(&foot);
	rows_release(&s);
}
