/*
 * bars.c - the chart of one result: a bar per system (the mean), its
 * confidence interval as a whisker, every run as a dot, the mean printed
 * after it; and the PASS / FAIL chart of a pass/fail result.
 */
#include "layout-internal.h"
#include "../vocab.h"
#include "../../view/view.h"
#include "../../view/notes.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t cell_index(const struct fsr_result *res, size_t sys)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].system == sys)
			return i;
	return SIZE_MAX;
}

enum row_state { ROW_OK, ROW_FAILED, ROW_MISSING, ROW_EMPTY };

struct bar_row {
	size_t sys;
	enum row_state state;
	const struct fsr_cell *cell;
	const struct fsr_summary *sum;
	struct fsr_lines label;
	char *note;           /* under the label */
	char *value;          /* after the bar */
	double value_w;
	int value_dec;        /* decimals of the number in value */
	double vdiv;          /* value = raw / vdiv ... */
	const char *vsuffix;  /* ... then this suffix */
	/* the view's central value (mean or geometric mean) and its
	 * interval, in the result's unit */
	double cval, cval_lo, cval_hi;
	double mean, lo, hi;  /* display units (mean: the bar, cval);
			       * lo/hi: all marks */
	double ci_lo, ci_hi;  /* the whisker, display units (NaN: none) */
	int clamped;          /* the interval reaches below zero, which a
			       * result that is never negative cannot:
			       * the whisker stops at zero, with a mark */
	double top, h, bar_h; /* row box */
};

/*
 * A tick label of the value axis: in the axis unit, with its suffix
 * ("400k" on an IOPS axis in k). A unit that keeps its raw numbers
 * (B/s and ns print as the tables print them) has, on the axis only,
 * an SI suffix on its ticks when they reach a million, as the tables
 * write numbers of a million and more ("1.29M", fsr_view_numfmt): 0,
 * 250M, ... 1500M, not 1500000000 (ten digits leave room for 4 ticks).
 * One suffix for the axis: the largest that leaves the step a whole
 * number ("1M 2M 3M", not "1000k 2000k"). The bars' value labels keep
 * the view's numbers.
 */
static void value_tick_fmt(struct fsr_buf *b, double v,
			   const struct fsr_axis *a, const void *data)
{
	static const char *const si[] = { "", "k", "M", "G", "T" };
	const struct fsr_unit_scale *u = data;
	double m = fabs(a->lo) > fabs(a->hi) ? fabs(a->lo) : fabs(a->hi);

	if (!*u->suffix && m >= 1e6 && a->step > 0) {
		size_t k = 0;
		double div = 1;

		while (k + 1 < sizeof(si) / sizeof(si[0]) &&
		       a->step >= div * 1000 * (1 - 1e-9)) {
			div *= 1000;
			k++;
		}
		fsr_layout_number(b, v / div,
				  fsr_view_tick_decimals(a->step / div),
				  v == 0 ? "" : si[k]);
		return;
	}
	fsr_layout_number(b, v, a->decimals, v == 0 ? "" : u->suffix);
}

/* The mean as printed after the bar: PTS's text when the unit is
 * unchanged, else 4 significant digits in the axis unit. */

/*
 * The mean as printed after the bar, into r->value; r->vdiv and
 * r->vsuffix say how it was scaled, for the SE under the label. PTS's
 * own text when there is one and the unit is unchanged; in the axis's
 * unit when it took a prefix; with its own suffix on a unit without a
 * prefix ("315.6" and "248.0k" on one "IOPS" axis in k).
 */
/* The decimals of the text of r's value (dec < 0) or dec of them, so
 * that every value of a chart has as many (fsr_layout_bars). */
static void bar_value_text(struct bar_row *r,
			   const struct fsr_unit_scale *u, int dec,
			   struct fsr_buf *b)
{
	const struct fsr_cell *c = r->cell;
	double raw = r->cval, m;
	size_t k = 0;

	r->vdiv = u->div;
	r->vsuffix = "";
	if (u->div == 1 && !*u->suffix) {
		/* PTS's stored text is its mean's: not for a geometric
		 * mean of several runs */
		if (r->cval != r->sum->mean)
			;
		else if (c->stored && c->n_stored == 1 && *c->stored &&
		    (dec < 0 || fsr_count_decimals(c->stored,
						   strlen(c->stored)) == dec)) {
			fsr_buf_adds(b, c->stored);
			return;
		}
		else if (c->stored && c->n_stored == 1 && *c->stored)
			raw = strtod(c->stored, NULL);
		fsr_layout_number(b, raw, dec >= 0 ? dec :
				  fsr_view_bar_decimals(raw, c->stored_decimals), "");
		return;
	}
	if (!*u->suffix) {
		fsr_layout_number(b, r->mean, dec >= 0 ? dec :
				  fsr_view_sig_decimals(r->mean), "");
		return;
	}
	m = fabs(raw);
	k = fsr_number_suffix(&m, &r->vsuffix);
	r->vdiv = pow(1000, (double)k);
	fsr_layout_number(b, raw / r->vdiv, dec >= 0 ? dec : k ?
			  fsr_view_sig_decimals(m) :
			  fsr_view_bar_decimals(raw, c->stored_decimals), r->vsuffix);
}

/* In compare, after the value: "baseline" on the baseline's bar, the
 * change against it on the others ("+3.2%"), as the text report has
 * it; nothing where a system has no comparison row. Returns 1 << the
 * method of the change printed (FSR_METHOD_NONE: the change of the
 * means), 0 when none is. */
static unsigned bar_change_text(const struct fsr_view *v, size_t ri,
				const struct bar_row *r, enum fsr_center center,
				struct fsr_buf *b, unsigned *marks)
{
	const struct fsr_comparison *cmp = v->cmp;
	size_t i;

	if (!cmp)
		return 0;
	if (r->sys == cmp->baseline) {
		unsigned m = 0;

		fsr_buf_adds(b, "  baseline");
		/* the baseline's own cell marks (failed, outliers, noisy),
		 * as the text gives them */
		for (i = 0; i < cmp->n_rows; i++)
			if (cmp->rows[i].result == ri)
				m |= fsr_view_cell_notes(&cmp->rows[i], 1);
		if (m) {
			fsr_buf_addc(b, ' ');
			fsr_view_marks_text(b, m);
			*marks |= m;
		}
		return 0;
	}
	for (i = 0; i < cmp->n_rows; i++) {
		const struct fsr_compare_row *x = &cmp->rows[i];

		double pct;

		if (x->result != ri || x->sys != r->sys)
			continue;
		pct = fsr_view_change_shown(cmp, v->report->results[ri], x,
					    x->base, x->other, center);
		if (!isfinite(pct))
			continue;
		fsr_buf_adds(b, "  ");
		fsr_vocab_pct(b, pct, FSR_VIEW_PCT_DEC);
		if (fsr_lay_row_marks(x, &cmp->opts)) {
			fsr_buf_addc(b, ' ');
			fsr_view_marks_text(b, fsr_lay_row_marks(x,
								&cmp->opts));
			*marks |= fsr_lay_row_marks(x, &cmp->opts);
		}
		return fsr_view_pct_estimate(x) ? 1u << x->method : 1u;
	}
	return 0;
}

/* The marks of a cell of show (no comparison): the view's letters
 * (fsr_view_summary_marks(), as the show table writes them) after the
 * value, and into notes each letter's note naming the cell, as the
 * lines under the show table and the text give them: " w System: the
 * first run (1.71 s) ...". Nothing when the cell has none, so a chart
 * of unmarked cells is unchanged (a PTS value stays PTS's own text). */
static void show_marks(const struct fsr_view *v, const struct fsr_result *res,
		       const struct bar_row *r, struct fsr_buf *b,
		       struct fsr_buf *notes)
{
	struct fsr_buf m = FSR_BUF_INIT;
	size_t i;

	fsr_view_summary_marks(&m, r->sum);
	if (!m.len) {
		fsr_buf_release(&m);
		return;
	}
	fsr_buf_addc(b, ' ');
	fsr_buf_adds(b, m.buf);
	for (i = 0; i < m.len; i++) {
		fsr_buf_adds(notes, notes->len ? " " : " Marks: ");
		fsr_buf_addf(notes, "%c %s: ", m.buf[i],
			     v->report->systems[r->sys].label);
		/* in the result's own unit, as the text's notes */
		fsr_view_summary_mark_text(notes, m.buf[i], r->sum, 1,
					   res->unit);
		fsr_buf_adds(notes, ".");
	}
	fsr_buf_release(&m);
}

/* The decimals each value of a chart wants on its own (-1: no value),
 * for the view to choose one number for all (fsr_view_chart_decimals). */
static int *wanted_digits(struct bar_row *rows, size_t n,
			  const struct fsr_unit_scale *u)
{
	struct fsr_buf b = FSR_BUF_INIT;
	int *want = fsr_xcalloc(n ? n : 1, sizeof(*want));
	size_t i;

	for (i = 0; i < n; i++) {
		want[i] = -1;
		if (rows[i].state != ROW_OK)
			continue;
		fsr_buf_reset(&b);
		bar_value_text(&rows[i], u, -1, &b);
		want[i] = fsr_count_decimals(b.buf, b.len);
	}
	fsr_buf_release(&b);
	return want;
}

static void bar_note_text(const struct bar_row *r, struct fsr_buf *b)
{
	const struct fsr_cell *cell = r->cell;

	if (r->state == ROW_MISSING)
		return;
	if (r->state == ROW_OK && r->sum->n > 1 && isfinite(r->sum->se)) {
		fsr_buf_adds(b, "SE +/- ");
		fsr_layout_number(b, r->sum->se / r->vdiv,
				  fsr_view_se_decimals(r->value ?
						       r->value_dec : -1),
				  r->vsuffix);
		fsr_buf_adds(b, ", ");
	}
	fsr_buf_addf(b, "N = %zu", cell->n);
	if (cell->n_failed)
		fsr_buf_addf(b, ", %zu failed", cell->n_failed);
}

/* 1 when no sample of the result is negative: seconds, MB/s, IOPS. Its
 * axis and whiskers stay at zero and above. */
static int never_negative(const struct fsr_result *res)
{
	size_t i, k;

	for (i = 0; i < res->n_cells; i++)
		for (k = 0; k < res->cells[i].n; k++)
			if (res->cells[i].samples[k] < 0)
				return 0;
	return 1;
}

static void row_extent(struct bar_row *r, double div, int nonneg)
{
	size_t i;

	r->mean = r->cval / div;
	r->lo = r->hi = r->mean;
	if (r->lo > 0)
		r->lo = 0;
	if (r->hi < 0)
		r->hi = 0;
	r->ci_lo = r->ci_hi = NAN;
	if (isfinite(r->cval_lo) && isfinite(r->cval_hi)) {
		r->ci_lo = r->cval_lo / div;
		r->ci_hi = r->cval_hi / div;
		if (nonneg && r->ci_lo < 0) {
			r->ci_lo = 0;
			r->clamped = 1;
		}
		if (r->ci_lo < r->lo)
			r->lo = r->ci_lo;
		if (r->ci_hi > r->hi)
			r->hi = r->ci_hi;
	}
	for (i = 0; i < r->cell->n; i++) {
		double x = r->cell->samples[i] / div;

		if (!isfinite(x))
			continue;
		if (x < r->lo)
			r->lo = x;
		if (x > r->hi)
			r->hi = x;
	}
}

static double value_x(const struct fsr_chart *c, const struct bar_row *r);
static double value_band(struct fsr_lay *L);

/*
 * The value axis: bars from zero, nice ticks over every mark (bar,
 * whisker, dots), widened until every value text fits beside its bar,
 * with no more ticks than their labels allow.
 */
/* The rows of a bar chart, for widen_for_values(). */
struct bar_rows {
	const struct fsr_chart *c;
	const struct bar_row *rows;
	size_t n;
};

/* Widen the axis until the value text after every bar fits inside the
 * plot: in data units, a little more than needed, then the ticks again. */
static int widen_for_values(void *ctx, const struct fsr_axis *a,
			    double *lo, double *hi)
{
	const struct bar_rows *br = ctx;
	const struct fsr_chart *c = br->c;
	double sc = c->plot_w / (a->hi - a->lo), over_l = 0, over_r = 0;
	size_t i;

	for (i = 0; i < br->n; i++) {
		const struct bar_row *r = &br->rows[i];
		double x;

		if (r->state != ROW_OK)
			continue;
		x = value_x(c, r);
		if (x + r->value_w - (c->plot_x + c->plot_w) > over_r)
			over_r = x + r->value_w - (c->plot_x + c->plot_w);
		if (c->plot_x - x > over_l)
			over_l = c->plot_x - x;
	}
	if (over_r <= 0 && over_l <= 0)
		return 0;
	if (over_r > 0)
		*hi = a->hi + (over_r + 2) / sc * 1.1;
	if (over_l > 0)
		*lo = a->lo - (over_l + 2) / sc * 1.1;
	return 1;
}

static void fit_value_axis(struct fsr_lay *L, struct fsr_chart *c,
			   struct bar_row *rows, size_t n)
{
	/* Heckbert's ticks for about 4 to 12 of them (fewer when none of
	 * those fit). */
	static const int targets[] = { 4, 5, 6, 7, 8, 10, 12, 3, 2 };
	struct bar_rows br = { c, rows, n };
	double lo = 0, hi = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (rows[i].state != ROW_OK)
			continue;
		if (rows[i].lo < lo)
			lo = rows[i].lo;
		if (rows[i].hi > hi)
			hi = rows[i].hi;
	}
	fsr_axis_best_fit(L, c, lo, hi, targets,
			  sizeof(targets) / sizeof(targets[0]), value_tick_fmt,
			  &c->scale, widen_for_values, &br);
}

static void bar_caption_text(const struct fsr_result *res,
			     const struct fsr_unit_scale *u,
			     struct fsr_buf *b)
{
	fsr_buf_adds(b, u->unit);
	if (res->better == FSR_BETTER_UNKNOWN)
		return;
	if (b->len)
		fsr_buf_adds(b, ", ");
	fsr_buf_adds(b, res->better == FSR_BETTER_HIGHER ? "More Is Better" :
							   "Fewer Is Better");
}

/* Label column: the labels wrapped to the widest needed, at most a third
 * of the chart. Returns the column width. */
static double label_column(struct fsr_lay *L, struct bar_row *rows, size_t n,
			   const struct fsr_report *r)
{
	double max_w = L->W * 0.32, col = 40;
	size_t i;

	for (i = 0; i < n; i++) {
		double w;

		fsr_lay_wrap(L, &rows[i].label, FSR_FONT_LABEL,
		     r->systems[rows[i].sys].label, max_w, 2);
		w = fsr_lay_lines_w(L, &rows[i].label, FSR_FONT_LABEL);
		if (w > col)
			col = w;
		if (rows[i].note) {
			w = fsr_lay_text_w(L, FSR_FONT_NOTE, rows[i].note);
			if (w > max_w) {
				char *s = fsr_wrap_shorten(L->measure, L->mctx,
							 FSR_FONT_NOTE,
							 rows[i].note, max_w);

				free(rows[i].note);
				rows[i].note = s;
				w = fsr_lay_text_w(L, FSR_FONT_NOTE, s);
			}
			if (w > col)
				col = w;
		}
	}
	return col;
}

/* Rows: their heights and the label blocks, centred on the bar. */
static double place_rows(struct fsr_lay *L, struct bar_row *rows, size_t n,
			 double y)
{
	double lh = fsr_lay_line_h(L, FSR_FONT_LABEL), nh = fsr_lay_line_h(L, FSR_FONT_NOTE);
	size_t i;

	for (i = 0; i < n; i++) {
		struct bar_row *r = &rows[i];
		double block = (double)r->label.n * lh + (r->note ? nh + 1 : 0);

		r->bar_h = block + 4 > BAR_MIN_H ? block + 4 : BAR_MIN_H;
		/* room for the value band and the dots under it */
		if (r->bar_h < value_band(L) + 2 * DOT_R + 8)
			r->bar_h = value_band(L) + 2 * DOT_R + 8;
		r->h = r->bar_h + ROW_GAP;
		r->top = y;
		y += r->h;
	}
	return y;
}

/*
 * Where the mean's text starts: at the bar's end, as PTS has it (left
 * of it for a negative mean), in the top band of the bar's row, above
 * the whisker and the dots (dots_mid()), so that the number reads as
 * the bar's and never as the value of the farthest run (issue 31,
 * rule 2).
 */
static double value_x(const struct fsr_chart *c, const struct bar_row *r)
{
	const struct fsr_axis *a = &c->axis;
	double sc = c->plot_w / (a->hi - a->lo);
	double end = r->mean, x0 = c->plot_x + (0 - a->lo) * sc;
	double x1 = c->plot_x + (end - a->lo) * sc;

	if (r->mean < 0)
		return (x1 < x0 ? x1 : x0) - VALUE_GAP - r->value_w;
	return (x1 > x0 ? x1 : x0) + VALUE_GAP;
}

/* The height of the band at the top of a bar that holds its value
 * text; the whisker and the dots are drawn in the band below it. */
static double value_band(struct fsr_lay *L)
{
	return fsr_lay_line_h(L, FSR_FONT_VALUE) + 1;
}

/* The middle of the whisker and dots of a row whose bar starts at
 * bar_y: the middle of the bar below its value band. */
static double dots_mid(struct fsr_lay *L, const struct bar_row *r,
		       double bar_y)
{
	double vb = value_band(L);

	return bar_y + vb + (r->bar_h - vb) / 2;
}

/* Where a whisker is cut at zero: an arrow head pointing on past it, in
 * place of the end cap (footnoted). */
static void clamp_mark(struct fsr_chart *c, long ri, double x, double mid,
		       double cap)
{
	struct fsr_shape *s = fsr_canvas_shape(c, FSR_SHAPE_ARROW,
					       "whisker-clamped", ri,
					       FSR_INK_WHISKER);

	s->x = x + 5;
	s->y = mid - cap / 2;
	s->w = -5;
	s->h = cap;
}

static void bar_row_shapes(struct fsr_lay *L, struct fsr_chart *c,
			   struct bar_row *r, long ri, double label_right)
{
	const struct fsr_axis *a = &c->axis;
	double sc = c->plot_w / (a->hi - a->lo), mid = r->top + r->h / 2;
	double lh = fsr_lay_line_h(L, FSR_FONT_LABEL), nh = fsr_lay_line_h(L, FSR_FONT_NOTE);
	double block = (double)r->label.n * lh + (r->note ? nh + 1 : 0), y;
	double bar_y = mid - r->bar_h / 2;
	enum fsr_ink ink = fsr_system_ink(r->sys);
#define PX(v) (c->plot_x + ((v) - a->lo) * sc)

	y = fsr_canvas_lines(L, c, "label", ri, FSR_FONT_LABEL, FSR_INK_HEADING,
		      label_right, mid - block / 2, FSR_AL_RIGHT, &r->label);
	if (r->note)
		fsr_canvas_text(L, c, "note", ri, FSR_FONT_NOTE, FSR_INK_TEXT,
			 label_right, y + 1, FSR_AL_RIGHT, r->note);
	if (r->state == ROW_OK) {
		double x0 = PX(0), x1 = PX(r->mean);
		double band = r->bar_h - value_band(L), cap = band * 0.8;
		double spread = (band / 2 - DOT_R) / 2;
		size_t i;

		mid = dots_mid(L, r, bar_y);
		if (spread < 0)
			spread = 0;

		fsr_canvas_rect(c, "bar", ri, ink, FSR_INK_EDGE, x0 < x1 ? x0 : x1,
			 bar_y, fabs(x1 - x0), r->bar_h);
		if (isfinite(r->ci_lo) && isfinite(r->ci_hi)) {
			double l = PX(r->ci_lo), h = PX(r->ci_hi);
			int pass;

			for (pass = 0; pass < 2; pass++) {
				const char *role = pass ? "whisker" :
							  "whisker-halo";
				enum fsr_ink wi = pass ? FSR_INK_WHISKER :
							 FSR_INK_HALO;
				double lw = pass ? 1.3 : 3.3;

				fsr_canvas_line(c, role, ri, wi, l, mid, h, mid, lw,
					 0);
				if (!r->clamped)
					fsr_canvas_line(c, role, ri, wi, l,
							mid - cap / 2, l,
							mid + cap / 2, lw, 0);
				fsr_canvas_line(c, role, ri, wi, h, mid - cap / 2, h,
					 mid + cap / 2, lw, 0);
			}
			if (r->clamped)
				clamp_mark(c, ri, l, mid, cap);
		}
		/* Runs: small dots, spread a little up and down so equal
		 * values stay visible. */
		for (i = 0; i < r->cell->n; i++) {
			static const double off[] = { 0, -1, 1, -2, 2 };
			double x = r->cell->samples[i] / c->scale.div;
			double dy = r->cell->n > 1 ? off[i % 5] * spread : 0;

			if (!isfinite(x))
				continue;
			fsr_canvas_dot(c, "run", ri, FSR_INK_RUN, FSR_INK_WHISKER,
				PX(x), mid + dy, DOT_R);
		}
		fsr_canvas_text(L, c, "value", ri, FSR_FONT_VALUE, FSR_INK_TEXT,
			 value_x(c, r), bar_y + 0.5, FSR_AL_LEFT, r->value);
	} else {
		struct fsr_buf b = FSR_BUF_INIT;
		struct fsr_lines ls = { 0 };
		enum fsr_ink ti = FSR_INK_MISSING;
		const char *role = "missing";
		double th = fsr_lay_line_h(L, FSR_FONT_VALUE), x = PX(0) + VALUE_GAP;

		if (r->state == ROW_FAILED) {
			fsr_buf_addf(&b, "failed%s", r->cell->n_failed > 1 ?
				     " (all runs)" : "");
			if (fsr_cell_fail_reason(r->cell))
				fsr_buf_addf(&b, ": %s",
					     fsr_cell_fail_reason(r->cell));
			ti = FSR_INK_FAILED;
			role = "failed";
		} else if (r->state == ROW_EMPTY) {
			fsr_buf_adds(&b, "no value");
		} else {
			fsr_buf_adds(&b, "no result");
		}
		/* Marked where the bar would start, never as a zero bar. */
		fsr_lay_wrap(L, &ls, FSR_FONT_VALUE, b.buf,
		     c->plot_x + c->plot_w - x, 1);
		fsr_canvas_lines(L, c, role, ri, FSR_FONT_VALUE, ti, x, mid - th / 2,
			  FSR_AL_LEFT, &ls);
		fsr_lines_release(&ls);
		fsr_buf_release(&b);
	}
#undef PX
}

/* The view's central value of result ri: the geometric means where
 * the change beside a bar is their ratio. */
static enum fsr_center result_center(const struct fsr_view *v, size_t ri)
{
	const struct fsr_comparison *cmp = v->cmp;
	const struct fsr_compare_row **crs;
	enum fsr_center center;
	size_t i, k = 0;

	if (!cmp)
		return FSR_CENTER_MEAN;
	crs = fsr_xcalloc(cmp->n_rows + 1, sizeof(*crs));
	for (i = 0; i < cmp->n_rows; i++)
		if (cmp->rows[i].result == ri)
			crs[k++] = &cmp->rows[i];
	center = fsr_view_center_of(crs, k);
	free(crs);
	return center;
}

void fsr_layout_bars(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
			double y)
{
	const struct fsr_report *rep = L->v->report;
	const struct fsr_result *res = rep->results[ri];
	const struct fsr_result_stats *rs = &L->v->stats->results[ri];
	struct bar_row *rows;
	struct fsr_buf b = FSR_BUF_INIT, cell_notes = FSR_BUF_INIT;
	size_t n = rep->n_systems, i;
	double maxabs = 0, label_right, bottom;
	int any_ci = 0, any_run = 0, any_clamp = 0, dec, *want;
	unsigned methods = 0, marks = 0;
	int nonneg = never_negative(res);
	enum fsr_center center;

	center = result_center(L->v, ri);
	fsr_buf_reset(&b);
	fsr_vocab_result_title(res, &b);
	y = fsr_canvas_heading(L, c, b.buf, res->description, y);
	rows = fsr_xcalloc(n ? n : 1, sizeof(*rows));
	for (i = 0; i < n; i++) {
		struct bar_row *r = &rows[i];
		size_t ci = cell_index(res, i);

		r->sys = i;
		if (ci == SIZE_MAX) {
			r->state = ROW_MISSING;
			continue;
		}
		r->cell = &res->cells[ci];
		r->sum = &rs->cells[ci];
		if (r->cell->n > 0 && isfinite(r->sum->mean))
			r->state = ROW_OK;
		else if (r->cell->n_failed)
			r->state = ROW_FAILED;
		else
			r->state = ROW_EMPTY;
		if (r->state != ROW_OK)
			continue;
		r->cval = fsr_view_center_value(r->sum, center);
		r->cval_lo = r->sum->ci_low;
		r->cval_hi = r->sum->ci_high;
		if (r->cval != r->sum->mean) {
			r->cval_lo = r->sum->gmean_ci_low;
			r->cval_hi = r->sum->gmean_ci_high;
		}
		/* The prefix follows the means, the numbers people read;
		 * runs and intervals may reach a little past 10000. */
		if (fabs(r->cval) > maxabs)
			maxabs = fabs(r->cval);
	}
	/* the unit the view prints the result in (view.h), as the
	 * tables do */
	fsr_view_result_unit(res, maxabs, &c->scale);
	for (i = 0; i < n; i++)
		if (rows[i].state == ROW_OK)
			row_extent(&rows[i], c->scale.div, nonneg);
	want = wanted_digits(rows, n, &c->scale);
	dec = fsr_view_chart_decimals(want, n);
	free(want);
	for (i = 0; i < n; i++) {
		struct bar_row *r = &rows[i];

		if (r->state == ROW_OK) {
			any_clamp |= r->clamped;
			fsr_buf_reset(&b);
			bar_value_text(r, &c->scale, dec, &b);
			r->value_dec = fsr_count_decimals(b.buf, b.len);
			methods |= bar_change_text(L->v, ri, r, center, &b,
						   &marks);
			if (!L->v->cmp)
				show_marks(L->v, res, r, &b, &cell_notes);
			r->value = fsr_xstrdup(b.buf);
			r->value_w = fsr_lay_text_w(L, FSR_FONT_VALUE, r->value);
			any_ci |= isfinite(r->sum->ci_low);
			any_run = 1;
		}
		if (r->state != ROW_MISSING) {
			fsr_buf_reset(&b);
			bar_note_text(r, &b);
			r->note = fsr_xstrdup(b.buf);
		}
	}
	label_right = MARGIN + label_column(L, rows, n, rep);
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - c->plot_x;
	fsr_buf_reset(&b);
	bar_caption_text(res, &c->scale, &b);
	y = fsr_canvas_caption(L, c, c->plot_x, y + 6, b.buf) + 6;
	c->plot_y = y;
	y = place_rows(L, rows, n, y);
	c->plot_h = y - c->plot_y;
	/* No bar at all (every system failed or is missing): no axis. */
	c->has_axis = any_run;
	fit_value_axis(L, c, rows, n);
	if (any_run)
		bottom = fsr_axis_draw(L, c, value_tick_fmt, &c->scale);
	else
		bottom = c->plot_y + c->plot_h;
	for (i = 0; i < n; i++)
		bar_row_shapes(L, c, &rows[i], (long)i, label_right);
	fsr_buf_reset(&b);
	if (any_run) {
		const char *what = center == FSR_CENTER_GMEAN ?
				   "geometric mean" : "mean";

		fsr_buf_addf(&b, "Bar: %s of the runs. ", what);
		if (any_ci) {
			fsr_buf_adds(&b, "Whiskers: ");
			fsr_vocab_confidence(&b, L->v->stats->confidence);
			fsr_buf_addf(&b, " confidence interval of the "
				     "%s. ", what);
		}
		fsr_buf_adds(&b, "Dots: the single runs. ");
		if (any_clamp)
			fsr_buf_adds(&b, "Arrow at zero: the interval goes on "
				     "below zero, which no run does; cut "
				     "there. ");
		if (!any_ci)
			fsr_buf_adds(&b, "No interval: one run each. ");
		/* the % beside a bar is the text report's change, the
		 * ratio of the bars (view/view.h) */
		if (methods) {
			fsr_buf_adds(&b, "The % beside a bar: its change, ");
			fsr_vocab_method_estimates(&b, methods);
			fsr_buf_adds(&b, ". ");
		}
	}
	fsr_buf_adds(&b, "N: runs, SE: standard error.");
	if (L->v->cmp)
		fsr_lay_marks_note(&b, marks, &L->v->cmp->opts);
	else
		fsr_buf_adds(&b, cell_notes.buf);
	fsr_lay_run_notes(&b, L->v->report);
	y = fsr_canvas_footnote(L, c, b.buf, bottom + 8);
	c->height = y + MARGIN;
	for (i = 0; i < n; i++) {
		fsr_lines_release(&rows[i].label);
		free(rows[i].note);
		free(rows[i].value);
	}
	free(rows);
	fsr_buf_release(&cell_notes);
	fsr_buf_release(&b);
}

/* ---------------------------------------------------- pass/fail, notes */

void fsr_layout_passfail(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
			    double y)
{
	const struct fsr_report *rep = L->v->report;
	const struct fsr_result *res = rep->results[ri];
	struct fsr_buf b = FSR_BUF_INIT;
	struct bar_row *rows;
	size_t n = rep->n_systems, i;
	double label_right, lh = fsr_lay_line_h(L, FSR_FONT_LABEL);

	fsr_vocab_result_title(res, &b);
	y = fsr_canvas_heading(L, c, b.buf, res->description, y);
	rows = fsr_xcalloc(n ? n : 1, sizeof(*rows));
	for (i = 0; i < n; i++)
		rows[i].sys = i;
	label_right = MARGIN + label_column(L, rows, n, rep);
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - c->plot_x;
	y = fsr_canvas_caption(L, c, c->plot_x, y + 6, *res->unit ? res->unit :
			    "Pass / Fail") + 6;
	c->plot_y = y;
	for (i = 0; i < n; i++) {
		size_t ci = cell_index(res, i);
		const struct fsr_cell *cell = ci == SIZE_MAX ? NULL :
			&res->cells[ci];
		double h = (double)rows[i].label.n * lh;
		double rh = (h > BAR_MIN_H ? h : BAR_MIN_H) + ROW_GAP / 2;
		double mid = y + rh / 2, vh = fsr_lay_line_h(L, FSR_FONT_VALUE);
		enum fsr_ink ink = FSR_INK_MISSING;
		const char *role = "missing", *why;

		fsr_canvas_lines(L, c, "label", (long)i, FSR_FONT_LABEL,
			  FSR_INK_HEADING, label_right, mid - h / 2, FSR_AL_RIGHT,
			  &rows[i].label);
		fsr_buf_reset(&b);
		if (!cell) {
			fsr_buf_adds(&b, "no result");
		} else if (cell->stored && *cell->stored) {
			fsr_buf_adds(&b, cell->stored);
			role = "verdict";
			ink = !strcmp(cell->stored, "PASS") ? FSR_INK_BETTER :
			      !strcmp(cell->stored, "FAIL") ? FSR_INK_WORSE :
							      FSR_INK_TEXT;
		} else if (cell->n_failed) {
			fsr_buf_adds(&b, "failed");
			why = fsr_cell_fail_reason(cell);
			if (why)
				fsr_buf_addf(&b, ": %s", why);
			role = "failed";
			ink = FSR_INK_FAILED;
		} else {
			fsr_buf_addf(&b, "%zu entries pooled: no single "
				     "value", cell->n_stored);
		}
		{
			struct fsr_lines ls = { 0 };

			fsr_lay_wrap(L, &ls, FSR_FONT_VALUE, b.buf, c->plot_w, 1);
			fsr_canvas_lines(L, c, role, (long)i, FSR_FONT_VALUE, ink,
				  c->plot_x, mid - vh / 2, FSR_AL_LEFT, &ls);
			fsr_lines_release(&ls);
		}
		y += rh;
	}
	c->plot_h = y - c->plot_y;
	c->height = y + MARGIN;
	for (i = 0; i < n; i++)
		fsr_lines_release(&rows[i].label);
	free(rows);
	fsr_buf_release(&b);
}

