/*
 * changes.c - the change chart of compare: per result and compared
 * system, the change of the mean in % against the baseline as a dot
 * with its confidence interval, the geometric mean per system below.
 * With one run per system everywhere there is no interval and no test:
 * the plain difference in %, a bar per system in its colour from no
 * change, as PTS's readers know it, said once in the first heading.
 */
#include "layout-internal.h"
#include "../vocab.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../../lib/numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct change_row {
	const struct fsr_compare_row *cr;     /* NULL: header or geomean */
	const struct fsr_geomean *geo;        /* geomean row */
	size_t result;                        /* header rows */
	size_t group;                         /* result group, from 1 */
	int header, marks;                    /* group header; has marks */
	struct fsr_row_text t;                /* label, notes; value */
	double delta, lo, hi;                 /* % */
	int sign;                             /* -1: lower is better */
	double xd, xlo, xhi;                  /* on the axis, right better */
	/* --equivalence / --max-regression: the margin in % (the open
	 * side of non-inferiority at no change) and on the axis; NAN */
	double mlo, mhi, xmlo, xmhi;
	enum fsr_ink ink;
	int cut;                              /* interval cut at the axis */
	int too_wide;                         /* interval means nothing */
	double top, h;
};

static enum fsr_ink verdict_ink(enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_BETTER:
		return FSR_INK_BETTER;
	case FSR_VERDICT_WORSE:
		return FSR_INK_WORSE;
	case FSR_VERDICT_SAME:
		return FSR_INK_SAME;
	case FSR_VERDICT_EQUAL:
		return FSR_INK_EQUAL;
	case FSR_VERDICT_NOT_WORSE:
		return FSR_INK_NOT_WORSE;
	default:
		return FSR_INK_NA;
	}
}

/* A tick of the linear axis: right is better, left worse, whatever the
 * unit, so a tick says how big a change is, not its sign ("10%" on both
 * sides of "0"). */
static void pct_tick_fmt(struct fsr_buf *b, double v,
			 const struct fsr_axis *a, const void *data)
{
	(void)data;
	fsr_layout_number(b, fabs(v), a->decimals, fabs(v) > 0 ? "%" : "");
}

/* A ratio tick of the log axis, as a factor on both sides: "\xc3\x97" "2" is
 * twice as good on the right, half as good on the left; "\xc3\x97" "1" is no
 * change. */
static void ratio_tick_fmt(struct fsr_buf *b, double v,
			   const struct fsr_axis *a, const void *data)
{
	double r = pow(10, fabs(v));

	(void)a;
	(void)data;
	fsr_buf_adds(b, "\xc3\x97");
	fsr_layout_number(b, r, fsr_view_ratio_tick_decimals(r),
			  "");
}

/* Where a change in % of a row sits on the axis: its log ratio on a log
 * axis (-inf at -100 % or below), turned so that right is better; NAN
 * for NAN (no change is no position, not the far left). */
static double change_pos(const struct fsr_chart *c, double pct, int sign)
{
	double v = pct;

	if (isnan(pct))
		return NAN;
	if (c->log_ratio)
		v = 1 + pct / 100 > 0 ? log10(1 + pct / 100) : -INFINITY;
	return sign < 0 ? -v : v;
}

static void row_positions(struct change_row *r, const struct fsr_chart *c)
{
	double a = change_pos(c, r->lo, r->sign);
	double b = change_pos(c, r->hi, r->sign);

	r->xd = change_pos(c, r->delta, r->sign);
	r->xlo = a < b ? a : b;
	r->xhi = a < b ? b : a;
	if (isnan(a) || isnan(b))
		r->xlo = r->xhi = NAN;
	a = change_pos(c, r->mlo, r->sign);
	b = change_pos(c, r->mhi, r->sign);
	r->xmlo = a < b ? a : b;
	r->xmhi = a < b ? b : a;
	if (!r->cr || !isfinite(a) || !isfinite(b))
		r->xmlo = r->xmhi = NAN;
}

/* What the pieces of a change chart share. */
struct changes {
	unsigned marks;                       /* the rows' marks (notes.h) */
	struct fsr_lay *L;
	const struct fsr_report *rep;
	const struct fsr_comparison *cmp;
	double conf, label_max;
	struct change_row *rows;
	size_t n, cap, n_sys;
	double lh, nh, vh;      /* line heights: label, note, value */
	int single;             /* one run per system in every row */
};

static void changes_release(struct changes *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		fsr_row_text_release(&s->rows[i].t);
	free(s->rows);
}

/* Whether a geometric mean would sit outside every row of its system on
 * a linear axis. Lower-is-better rows are turned round there by sign:
 * -47 % is drawn at 47, while the geometric mean is of inverted ratios
 * (1 / 0.53: +90 % for that row alone), so with large turned changes it
 * lands right of every row it averages, a page that contradicts itself;
 * on the log axis turning round is the inverse for both. Small changes
 * (compare-stats: within 17 %) keep the linear axis and its finer
 * ticks. */
static int geomean_off_linear(const struct changes *s)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		const struct change_row *g = &s->rows[i];
		double lo = INFINITY, hi = -INFINITY;

		if (!g->geo || !isfinite(g->delta))
			continue;
		for (j = 0; j < s->n; j++) {
			const struct change_row *r = &s->rows[j];
			double x = r->sign < 0 ? -r->delta : r->delta;

			if (!r->cr || r->cr->sys != g->geo->sys || !isfinite(x))
				continue;
			lo = fmin(lo, x);
			hi = fmax(hi, x);
		}
		if (lo <= hi && (g->delta < lo - 1e-9 || g->delta > hi + 1e-9))
			return 1;
	}
	return 0;
}

/* How many systems are compared with the baseline. */
static size_t compared_systems(const struct fsr_comparison *cmp,
			       size_t n_systems)
{
	unsigned char *seen = fsr_xcalloc(n_systems + 1, 1);
	size_t i, n = 0;

	for (i = 0; i < cmp->n_rows; i++)
		if (!seen[cmp->rows[i].sys]) {
			seen[cmp->rows[i].sys] = 1;
			n++;
		}
	free(seen);
	return n;
}

static double changes_heading(struct changes *s, struct fsr_chart *c,
			      size_t from, size_t to, size_t part,
			      size_t parts, double y)
{
	struct fsr_buf t = FSR_BUF_INIT, sub = FSR_BUF_INIT;

	fsr_buf_addf(&t, "Change against %s",
		     s->rep->systems[s->cmp->baseline].label);
	if (parts > 1) {
		fsr_buf_addf(&t, " (part %zu of %zu)", part, parts);
		fsr_buf_addf(&sub, "Rows %zu-%zu of %zu. ", from + 1, to,
			     s->n);
	}
	if (s->single) {
		fsr_buf_adds(&sub, "The change of each result against the "
			     "baseline, in %.");
		if (part == 1)
			fsr_buf_adds(&sub, " One run per system: no change "
				     "can be tested, and no interval is "
				     "drawn.");
		y = fsr_canvas_heading(s->L, c, t.buf, sub.buf, y);
		fsr_buf_release(&sub);
		fsr_buf_release(&t);
		return y;
	}
	fsr_buf_adds(&sub, "The change of each result against the "
		     "baseline, with its interval (");
	fsr_view_level_label(&sub, s->cmp);
	if (fabs(s->conf - s->cmp->opts.confidence) > 1e-12) {
		fsr_buf_adds(&sub, "; each ");
		fsr_view_level_exact(&sub, s->conf);
	}
	fsr_buf_adds(&sub, ")");
	y = fsr_canvas_heading(s->L, c, t.buf, sub.buf, y);
	fsr_buf_release(&sub);
	fsr_buf_release(&t);
	return y;
}

/* The header row of a result: the description tells results of one
 * test apart, so it is the bold line; the test and unit go under it. */
static void header_row(struct changes *s, struct change_row *h,
		       const struct fsr_result *res)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (*res->description) {
		fsr_lay_wrap(s->L, &h->t.label, FSR_FONT_LABEL,
			     res->description, s->label_max, 2);
		fsr_vocab_result_title(res, &b);
	} else {
		fsr_vocab_result_title(res, &b);
		fsr_lay_wrap(s->L, &h->t.label, FSR_FONT_LABEL, b.buf,
			     s->label_max, 2);
		fsr_buf_reset(&b);
	}
	if (*res->unit) {
		fsr_buf_adds(&b, b.len ? " \xc2\xb7 " : "");
		fsr_buf_adds(&b, res->unit);
		if (res->better != FSR_BETTER_UNKNOWN)
			fsr_buf_adds(&b, res->better == FSR_BETTER_HIGHER ?
						 ", more is better" :
						 ", fewer is better");
	}
	if (b.len)
		fsr_lay_wrap(s->L, &h->t.sub, FSR_FONT_NOTE, b.buf,
			     s->label_max, 2);
	fsr_buf_release(&b);
}

unsigned fsr_lay_row_marks(const struct fsr_compare_row *cr,
			   const struct fsr_compare_opts *o)
{
	return fsr_view_row_notes(cr, o) | fsr_view_cell_notes(cr, 1) |
	       fsr_view_cell_notes(cr, 0);
}

void fsr_lay_marks_note(struct fsr_buf *b, unsigned bits,
			const struct fsr_compare_opts *o)
{
	const char *sep = " Marks: ";
	size_t i;

	for (i = 0; i < N_COUNT; i++) {
		enum fsr_note n = fsr_view_mark_order[i];

		if (!(bits & (1u << n)))
			continue;
		fsr_buf_addf(b, "%s%c: ", sep, fsr_note_letter[n]);
		fsr_compare_note_text(b, n, o);
		sep = " ";
	}
}

void fsr_lay_run_notes(struct fsr_buf *b, const struct fsr_report *r)
{
	struct fsr_buf note = FSR_BUF_INIT;
	size_t k;

	for (k = 0; k < FSR_VIEW_RUN_NOTES; k++) {
		fsr_buf_reset(&note);
		if (!fsr_view_run_note(&note, r, k))
			continue;
		note.buf[0] = (char)toupper((unsigned char)note.buf[0]);
		fsr_buf_addf(b, " %s.", note.buf);
	}
	fsr_buf_release(&note);
}

/* The change, its verdict and interval of one compared row into r;
 * center: the values its result's rows are printed in
 * (fsr_view_row_result_center()). */
static void system_row(struct changes *s, struct change_row *r,
		       const struct fsr_compare_row *x,
		       const struct fsr_result *res, enum fsr_center center)
{
	struct fsr_buf b = FSR_BUF_INIT;
	/* the change the text and the tables print for the row (without
	 * an interval: between its result's values as printed there) */
	double shown = fsr_view_change_shown(s->cmp, res, x, x->base,
					     x->other, center);
	int turned;

	r->header = 0;
	r->cr = x;
	/* The axis is drawn from the change as measured; --sign better
	 * only turns the numbers printed beside it. */
	turned = s->cmp->opts.sign_better && res->better == FSR_BETTER_LOWER;
	r->delta = turned ? -shown : shown;
	r->lo = turned ? -x->ci_high_pct : x->ci_low_pct;
	r->hi = turned ? -x->ci_low_pct : x->ci_high_pct;
	r->sign = res->better == FSR_BETTER_LOWER ? -1 : 1;
	/* the margin as measured too; an open side ends at no change */
	r->mlo = turned ? -x->margin_high_pct : x->margin_low_pct;
	r->mhi = turned ? -x->margin_low_pct : x->margin_high_pct;
	if (isinf(r->mlo))
		r->mlo = 0;
	if (isinf(r->mhi))
		r->mhi = 0;
	if (isnan(x->p_tost_adj))
		r->mlo = r->mhi = NAN;
	r->marks = isfinite(r->delta);
	r->ink = s->single ? fsr_system_ink(x->sys) :
		 verdict_ink(x->verdict);
	if (r->marks && s->single) {
		/* the plain difference: no verdict, no interval to name */
		fsr_vocab_pct(&b, shown, FSR_VIEW_PCT_DEC);
		if (fsr_lay_row_marks(x, &s->cmp->opts)) {
			fsr_buf_addc(&b, ' ');
			fsr_view_marks_text(&b, fsr_lay_row_marks(
						x, &s->cmp->opts));
			s->marks |= fsr_lay_row_marks(x, &s->cmp->opts);
		}
		r->t.value = fsr_xstrdup(b.buf);
		r->t.value2 = fsr_xstrdup("");
		fsr_buf_release(&b);
		return;
	}
	if (r->marks) {
		fsr_vocab_pct(&b, shown, FSR_VIEW_PCT_DEC);
		fsr_vocab_verdict_word(&b, x->verdict);
		if (x->verdict == FSR_VERDICT_NA)
			fsr_buf_adds(&b, res->better == FSR_BETTER_UNKNOWN ?
						 " not tested: direction unknown" :
						 " not tested");
		/* the marks the text and tables give this row (rule 7) */
		if (fsr_lay_row_marks(x, &s->cmp->opts)) {
			fsr_buf_addc(&b, ' ');
			fsr_view_marks_text(&b, fsr_lay_row_marks(
						x, &s->cmp->opts));
			s->marks |= fsr_lay_row_marks(x, &s->cmp->opts);
		}
	} else {
		fsr_buf_adds(&b, fsr_vocab_no_change(x, res));
	}
	r->t.value = fsr_xstrdup(b.buf);
	fsr_buf_reset(&b);
	r->too_wide = r->marks && fsr_view_ci_too_wide(x);
	if (r->too_wide)
		fsr_view_too_wide_text(&b, x);
	else if (r->marks)
		fsr_vocab_interval(&b, x->ci_low_pct, x->ci_high_pct, s->conf);
	r->t.value2 = fsr_xstrdup(b.buf);
	fsr_buf_release(&b);
}

/* Rows: a result with one compared system is one row; with several, a
 * header row and then a row per system. */
static void result_rows(struct changes *s)
{
	const struct fsr_comparison *cmp = s->cmp;
	size_t i, j, groups = 0;

	for (i = 0; i < cmp->n_rows; i = j) {
		const struct fsr_compare_row *cr = &cmp->rows[i];
		const struct fsr_result *res = s->rep->results[cr->result];
		/* i is its result's first row: the center of its rows
		 * alone (asking by result walked every row, per result) */
		enum fsr_center center = fsr_view_row_result_center(cmp, i);
		struct change_row *h;

		for (j = i; j < cmp->n_rows &&
			    cmp->rows[j].result == cr->result; j++)
			;
		FSR_GROW(s->rows, s->cap, s->n + 1 + (j - i));
		h = &s->rows[s->n++];
		memset(h, 0, sizeof(*h));
		h->header = 1;
		h->result = cr->result;
		h->group = ++groups;
		header_row(s, h, res);
		for (; i < j; i++) {
			const struct fsr_compare_row *x = &cmp->rows[i];
			struct change_row *r = h;

			if (s->n_sys != 1) {
				r = &s->rows[s->n++];
				memset(r, 0, sizeof(*r));
				r->group = groups;
				fsr_lay_wrap(s->L, &r->t.label, FSR_FONT_LABEL,
					     s->rep->systems[x->sys].label,
					     s->label_max, 1);
			}
			system_row(s, r, x, res, center);
		}
	}
}

/* The geometric mean of each compared system (one "not available" row
 * when there is none). */
static void geomean_rows(struct changes *s)
{
	const struct fsr_comparison *cmp = s->cmp;
	size_t k, ng = cmp->n_geo ? cmp->n_geo : 1;
	struct fsr_buf b = FSR_BUF_INIT;

	if (!cmp->n_rows)
		return;
	FSR_GROW(s->rows, s->cap, s->n + ng);
	for (k = 0; k < ng; k++) {
		const struct fsr_geomean *g = cmp->n_geo ? &cmp->geo[k] : NULL;
		struct change_row *r = &s->rows[s->n++];

		memset(r, 0, sizeof(*r));
		r->geo = g;
		fsr_lay_wrap(s->L, &r->t.label, FSR_FONT_LABEL, "Geometric mean",
			     s->label_max, 1);
		fsr_buf_reset(&b);
		if (g && (cmp->n_geo > 1 || s->n_sys > 1))
			fsr_buf_addf(&b, "%s, ",
				     s->rep->systems[g->sys].label);
		if (g) {
			fsr_view_geo_over(&b, g);
			fsr_buf_adds(&b, ", ");
		}
		fsr_buf_adds(&b, "a summary, not a test");
		fsr_lay_wrap(s->L, &r->t.sub, FSR_FONT_NOTE, b.buf, s->label_max,
			     2);
		r->delta = g ? (g->ratio - 1) * 100 : NAN;
		r->lo = g ? (g->ci_low - 1) * 100 : NAN;
		r->hi = g ? (g->ci_high - 1) * 100 : NAN;
		r->sign = 1; /* turned already: + is better */
		r->marks = isfinite(r->delta);
		/* A summary, not a verdict: never green or red. */
		r->ink = FSR_INK_TEXT;
		fsr_buf_reset(&b);
		if (r->marks)
			fsr_vocab_pct(&b, r->delta, FSR_VIEW_PCT_DEC);
		else
			fsr_buf_adds(&b, "not available");
		r->t.value = fsr_xstrdup(b.buf);
		fsr_buf_reset(&b);
		/* the geometric means' intervals are at the level asked,
		 * not the family's (analyze.h, struct fsr_geomean) */
		if (s->single)
			; /* one run per system: no interval to name */
		else if (r->marks &&
			 fsr_view_ratio_too_wide(g->ci_low, g->ci_high))
			fsr_buf_adds(&b, "too wide");
		else if (r->marks)
			fsr_vocab_interval(&b, r->lo, r->hi,
				      s->cmp->opts.confidence);
		r->t.value2 = fsr_xstrdup(b.buf);
	}
	fsr_buf_release(&b);
}

/* The label column (*col) and value column (*vcol) widths, and the
 * range of the changes [*plo, *phi] (with 0). */
static void measure_columns(struct changes *s, double *col, double *vcol,
			    double *plo, double *phi)
{
	struct fsr_lay *L = s->L;
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct change_row *r = &s->rows[i];

		fsr_row_text_widen(L, &r->t, col, vcol,
				   r->t.value && r->marks);
		if (r->marks) {
			if (r->delta < *plo)
				*plo = r->delta;
			if (r->delta > *phi)
				*phi = r->delta;
		}
	}
}

/* The axis range, right better: the point estimates and no change, then
 * the interval ends, but no further out than E past the estimates: E is
 * the lower median of the rows' interval half-widths, at most the
 * estimates' span. One wide interval cannot squash the others
 * (it ends in an arrow); typical ones fit; when most do not, all do
 * (docs/methods.md). */
static void axis_range(const struct changes *s, double *plo, double *phi)
{
	double lo = 0, hi = 0, e, *hw = fsr_xcalloc(s->n + 1, sizeof(*hw));
	size_t i, n = 0, over;

	for (i = 0; i < s->n; i++) {
		const struct change_row *r = &s->rows[i];

		if (!r->marks || !isfinite(r->xd))
			continue;
		if (r->xd < lo)
			lo = r->xd;
		if (r->xd > hi)
			hi = r->xd;
		/* the margin's band is seen whole */
		if (r->xmlo < lo)
			lo = r->xmlo;
		if (r->xmhi > hi)
			hi = r->xmhi;
		if (!isnan(r->xlo) && !r->too_wide)
			hw[n++] = fmax(r->xd - r->xlo, r->xhi - r->xd);
	}
	qsort(hw, n, sizeof(*hw), fsr_cmp_double);
	e = n ? hw[(n - 1) / 2] : 0;
	if (hi > lo && e > hi - lo)
		e = hi - lo;
	*plo = lo;
	*phi = hi;
	for (i = 0; i < s->n; i++) {
		const struct change_row *r = &s->rows[i];

		if (!r->marks || isnan(r->xlo) || r->too_wide)
			continue;
		if (r->xlo < *plo)
			*plo = fmax(r->xlo, lo - e);
		if (r->xhi > *phi)
			*phi = fmin(r->xhi, hi + e);
	}
	/* When most intervals would run off that axis (PostMark's 13 of
	 * +-30-80 % on -15...+30 %), arrows everywhere would make the
	 * chart look precise: the axis takes the intervals whole. */
	for (i = 0, over = 0; i < s->n; i++) {
		const struct change_row *r = &s->rows[i];

		if (!r->marks || isnan(r->xlo) || r->too_wide)
			continue;
		if (r->xlo < *plo || r->xhi > *phi)
			over++;
	}
	if (n && 2 * over > n)
		for (i = 0; i < s->n; i++) {
			const struct change_row *r = &s->rows[i];

			if (!r->marks || isnan(r->xlo) || r->too_wide)
				continue;
			*plo = fmin(*plo, r->xlo);
			*phi = fmax(*phi, r->xhi);
		}
	free(hw);
}

/* The axis: log ratio ticks for c->log_ratio, else the best-fitting
 * linear ticks, over axis_range. */
static void changes_axis(struct changes *s, struct fsr_chart *c)
{
	double lo, hi;

	axis_range(s, &lo, &hi);
	c->has_axis = 1;
	if (c->log_ratio) {
		int dens;

		for (dens = 0; dens < 8; dens++)
			if (fsr_axis_log_ticks(pow(10, lo), pow(10, hi), dens,
					       &c->axis) &&
			    fsr_axis_labels_fit(s->L, &c->axis, c->plot_w,
						ratio_tick_fmt, NULL))
				break;
	} else {
		static const int targets[] = { 4, 5, 6, 7, 8, 10, 3, 2 };

		if (hi == lo)
			hi = lo + 1;
		fsr_axis_best_fit(s->L, c, lo, hi, targets,
				  sizeof(targets) / sizeof(targets[0]),
				  pct_tick_fmt, NULL, NULL, NULL);
	}
}

/* The height of the label block of r. */
static double label_block(const struct changes *s, const struct change_row *r)
{
	return (double)r->t.label.n * s->lh + (double)r->t.sub.n * s->nh +
	       (r->t.sub.n ? 1 : 0);
}

/* Boxes of rows [from, to) from y; returns the y below them. */
static double place_rows(struct changes *s, size_t from, size_t to, double y)
{
	size_t i;

	for (i = from; i < to; i++) {
		struct change_row *r = &s->rows[i];
		double block = label_block(s, r);
		double vblock = r->marks ? s->vh + s->nh : s->vh;

		r->h = (block > vblock ? block : vblock) + 8;
		if (r->h < 20)
			r->h = 20;
		r->top = y;
		y += r->h;
	}
	return y;
}

/* Bands behind alternate result groups, and a rule above the geometric
 * mean. */
static void bands(struct changes *s, struct fsr_chart *c, size_t from,
		  size_t to)
{
	const struct change_row *rows = s->rows;
	double W = s->L->W;
	size_t i;

	for (i = from; i < to; i++) {
		if (rows[i].geo && (i == from || !rows[i - 1].geo))
			fsr_canvas_line(c, "rule", -1, FSR_INK_AXIS, MARGIN,
					rows[i].top, W - MARGIN, rows[i].top,
					1, 0);
		else if (!rows[i].geo && rows[i].group % 2 == 0)
			fsr_canvas_rect(c, "band", (long)i, FSR_INK_BAND,
					FSR_INK_NONE, MARGIN, rows[i].top,
					W - 2 * MARGIN, rows[i].h);
	}
}

/* Where a point of the axis (change_pos) sits on the chart, in px. */
static double change_x(const struct fsr_chart *c, double v)
{
	double sc = c->plot_w / (c->axis.hi - c->axis.lo);

	return c->plot_x + (v - c->axis.lo) * sc;
}

/* --equivalence / --max-regression: the margin of each row as a band
 * across it, around no change (x1), behind its dot and interval. */
static void margin_bands(struct changes *s, struct fsr_chart *c,
			 size_t from, size_t to)
{
	double x0 = c->plot_x, x1 = c->plot_x + c->plot_w;
	size_t i;

	for (i = from; i < to; i++) {
		const struct change_row *r = &s->rows[i];
		double a, b;

		if (r->header || r->geo || !r->marks || isnan(r->xmlo))
			continue;
		a = fmax(x0, change_x(c, r->xmlo));
		b = fmin(x1, change_x(c, r->xmhi));
		if (b > a)
			fsr_canvas_rect(c, "margin", (long)i,
					FSR_INK_INTERVAL, FSR_INK_NONE, a,
					r->top + 2, b - a, r->h - 4);
	}
}

/* An end of an interval: a bar across it, or an arrow where the
 * interval goes on past the axis (flagged on the row). */
static void interval_end(struct fsr_chart *c, struct change_row *r, long i,
			 double x, double mid, int right)
{
	double edge = right ? c->plot_x + c->plot_w : c->plot_x;
	struct fsr_shape *s;

	if (right ? x <= edge + 0.01 : x >= edge - 0.01) {
		fsr_canvas_line(c, "interval", i, r->ink, x, mid - 4, x,
				mid + 4, 2, 0);
		return;
	}
	s = fsr_canvas_shape(c, FSR_SHAPE_ARROW, "interval-cut", i, r->ink);
	s->x = right ? edge - 6 : edge + 6;
	s->y = mid - 4;
	s->w = right ? 6 : -6;
	s->h = 8;
	r->cut = 1;
}

static void interval_shapes(struct fsr_chart *c, struct change_row *r,
			    long i, double mid)
{
	double x0 = c->plot_x, x1 = c->plot_x + c->plot_w;
	double l = isfinite(r->xlo) ? change_x(c, r->xlo) : x0 - 1;
	double h = isfinite(r->xhi) ? change_x(c, r->xhi) : x1 + 1;

	fsr_canvas_line(c, "interval", i, r->ink, l < x0 ? x0 : l, mid,
			h > x1 ? x1 : h, mid, 2, 0);
	interval_end(c, r, i, l, mid, 0);
	interval_end(c, r, i, h, mid, 1);
}

/* The labels, the marks and the texts of row i. */
static void row_shapes(struct changes *s, struct fsr_chart *c, size_t i,
		       double label_right)
{
	struct fsr_lay *L = s->L;
	struct change_row *r = &s->rows[i];
	double mid = r->top + r->h / 2, vh = s->vh, nh = s->nh, yy;
	double vx = c->plot_x + c->plot_w + COL_GAP;

	yy = fsr_canvas_lines(L, c, r->header ? "group" : "label", (long)i,
			      FSR_FONT_LABEL, FSR_INK_HEADING, label_right,
			      mid - label_block(s, r) / 2, FSR_AL_RIGHT,
			      &r->t.label);
	fsr_canvas_lines(L, c, "note", (long)i, FSR_FONT_NOTE, FSR_INK_TEXT,
			 label_right, yy + 1, FSR_AL_RIGHT, &r->t.sub);
	if (!r->t.value)
		return;
	if (!r->marks) {
		struct fsr_lines ls = { 0 };

		fsr_lay_wrap(L, &ls, FSR_FONT_VALUE, r->t.value,
			     L->W - MARGIN - c->plot_x, 1);
		fsr_canvas_lines(L, c, "no-change", (long)i, FSR_FONT_VALUE,
				 FSR_INK_MISSING, c->plot_x + 4, mid - vh / 2,
				 FSR_AL_LEFT, &ls);
		fsr_lines_release(&ls);
		return;
	}
	if (isfinite(r->lo) && isfinite(r->hi) && !isnan(r->xlo))
		interval_shapes(c, r, (long)i, mid);
	if (s->single && !r->geo) {
		/* a bar from no change to the change, cut at the axis */
		double x0 = c->plot_x, x1 = c->plot_x + c->plot_w;
		double a = change_x(c, 0), b = change_x(c, r->xd);
		double lo = a < b ? a : b, hi = a < b ? b : a;

		lo = lo < x0 ? x0 : lo;
		hi = hi > x1 ? x1 : hi;
		fsr_canvas_rect(c, "change-bar", (long)i, r->ink,
				FSR_INK_EDGE, lo, mid - 6,
				hi - lo > 1 ? hi - lo : 1, 12);
		fsr_canvas_text(L, c, "value", (long)i, FSR_FONT_VALUE,
				FSR_INK_TEXT, vx, mid - vh / 2, FSR_AL_LEFT,
				r->t.value);
		return;
	}
	if (r->geo) {
		struct fsr_shape *d = fsr_canvas_shape(c, FSR_SHAPE_DIAMOND,
						       "geomean", (long)i,
						       r->ink);

		d->edge = FSR_INK_WHISKER;
		d->x = change_x(c, r->xd) - 6;
		d->y = mid - 6;
		d->w = 12;
		d->h = 12;
	} else {
		fsr_canvas_dot(c, "change", (long)i, r->ink, FSR_INK_WHISKER,
			       change_x(c, r->xd), mid, 4.5);
	}
	/* Light grey marks an untested dot; its text stays readable. */
	fsr_row_text_values(L, c, (long)i, &r->t, r->ink == FSR_INK_NA ?
			    FSR_INK_MISSING : r->ink, vx, mid, vh, nh);
}

/* Legend: what the colours mean, never colour alone. Returns the y
 * below it. */
static double legend(struct changes *s, struct fsr_chart *c, double y)
{
	static const struct {
		enum fsr_ink ink;
		const char *text;
	} items[] = {
		{ FSR_INK_BETTER, "better" },
		{ FSR_INK_WORSE, "worse" },
		{ FSR_INK_EQUAL, "equal (within the margin)" },
		{ FSR_INK_NOT_WORSE, "not worse (within the margin)" },
		{ FSR_INK_SAME, "no significant change" },
		{ FSR_INK_NA, "not tested" },
	};
	struct fsr_lay *L = s->L;
	double x = MARGIN, th = fsr_lay_line_h(L, FSR_FONT_NOTE);
	size_t i;

	for (i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		double w = fsr_lay_text_w(L, FSR_FONT_NOTE, items[i].text);
		size_t k;

		for (k = 0; k < s->n; k++)
			if (s->rows[k].marks && s->rows[k].ink == items[i].ink)
				break;
		if (k == s->n)
			continue;
		if (x + 12 + w > L->W - MARGIN) {
			x = MARGIN;
			y += th + 2;
		}
		fsr_canvas_dot(c, "legend-mark", -1, items[i].ink,
			       FSR_INK_WHISKER, x + 4, y + th / 2, 4);
		fsr_canvas_text(L, c, "legend", -1, FSR_FONT_NOTE,
				FSR_INK_TEXT, x + 11, y, FSR_AL_LEFT,
				items[i].text);
		x += 11 + w + 14;
	}
	return y + th + 4;
}

/* 1 when a row with marks has flag on its comparison row; any row with
 * an interval cut at the axis for cut. */
static int any_row(const struct changes *s, unsigned flag, int cut)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct change_row *r = &s->rows[i];

		if (cut ? r->cut : r->marks && r->cr && (r->cr->flags & flag))
			return 1;
	}
	return 0;
}

/* The footnote: what the marks mean, and the notes the rows ask for. */
static void footnote_text(const struct changes *s, int log_ratio,
			  struct fsr_buf *b)
{
	const struct fsr_comparison *cmp = s->cmp;

	if (s->single)
		fsr_buf_adds(b, "Bar: the change of one run against the "
			     "baseline's one run, in %. Right is better: "
			     "where lower is better, the change is drawn "
			     "turned round. The geometric mean is a summary, "
			     "not a test.");
	else
	fsr_buf_addf(b, "Dot: the change (%s); line: its interval. Right "
		     "is better: where lower is better, the change is drawn "
		     "turned round. The geometric mean is a summary, not a "
		     "test.", cmp->opts.test == FSR_TEST_MWU ?
		     "the Hodges-Lehmann shift" :
		     cmp->opts.ci == FSR_CI_BOOTSTRAP ?
		     "the ratio of the means" :
		     "the ratio of the geometric means");
	/* Why a grey dot's interval may miss zero: the smallest change
	 * worth a verdict; the intervals are at the verdicts' level. */
	if (cmp->n_family > 1 && cmp->opts.adjust != FSR_ADJUST_NONE)
		fsr_buf_addf(b, " Verdicts: p corrected for %zu comparisons "
			     "(%s), a change of %g%% at least; intervals at "
			     "the matching level.", cmp->n_family,
			     cmp->opts.adjust == FSR_ADJUST_BH ?
			     "Benjamini-Hochberg" : "Holm",
			     cmp->opts.min_change);
	if (any_row(s, FSR_ROW_FEW_CI, 0) && !s->single)
		fsr_buf_adds(b, " No interval: fewer than 2 runs on a side.");
	if (any_row(s, 0, 1))
		fsr_buf_adds(b, " An arrow: the interval goes on past the "
			     "axis.");
	if (log_ratio)
		fsr_buf_adds(b, " Log axis: twice as good (\xc3\x97" "2, right) "
			     "is as far from no change (\xc3\x97" "1) as half as "
			     "good (\xc3\x97" "2, left).");
	if (cmp->n_only_base)
		fsr_buf_addf(b, " %zu result%s only in the baseline.",
			     cmp->n_only_base, cmp->n_only_base == 1 ? "" :
								    "s");
	if (cmp->n_only_other)
		fsr_buf_addf(b, " %zu result%s not in the baseline.",
			     cmp->n_only_other, cmp->n_only_other == 1 ?
							"" : "s");
	if (!cmp->n_rows)
		fsr_buf_adds(b, " No result was measured on both sides.");
	if (cmp->opts.margin != FSR_MARGIN_NONE) {
		fsr_buf_adds(b, cmp->opts.margin == FSR_MARGIN_EQUIVALENCE ?
			     " Light blue band: the " :
			     " Light blue band: the regression the ");
		fsr_view_margin_label(b, cmp);
		fsr_buf_adds(b, cmp->opts.margin == FSR_MARGIN_EQUIVALENCE ?
			     "; equal: proven inside it." :
			     " allows; not worse: proven no worse.");
	}
	fsr_lay_marks_note(b, s->marks, &cmp->opts);
	fsr_lay_run_notes(b, s->rep);
}

/* What sections are cut from: per row its result group, whether it is
 * a geometric mean, and the test suite of its result (the test without
 * version, "pts/fio"; "" when the result has none). The same rows as
 * result_rows() and geomean_rows() make, without measuring text. */
struct row_key {
	size_t group;
	int geo;
	const char *suite;
};

static size_t row_keys(const struct fsr_report *rep,
		       const struct fsr_comparison *cmp, struct row_key **out)
{
	size_t n_sys = compared_systems(cmp, rep->n_systems);
	size_t ng = cmp->n_rows ? (cmp->n_geo ? cmp->n_geo : 1) : 0;
	size_t i, j, rows, n = 0, groups = 0;
	struct row_key *k = fsr_xcalloc(2 * cmp->n_rows + ng + 1, sizeof(*k));

	for (i = 0; i < cmp->n_rows; i = j) {
		const struct fsr_result *res = rep->results[cmp->rows[i].result];

		for (j = i; j < cmp->n_rows &&
			    cmp->rows[j].result == cmp->rows[i].result; j++)
			;
		groups++;
		for (rows = n_sys != 1 ? 1 + (j - i) : 1; rows; rows--) {
			k[n].group = groups;
			k[n++].suite = res->test ? res->test : "";
		}
	}
	for (i = 0; i < ng; i++) {
		k[n].group = groups + 1;
		k[n].suite = "";
		k[n++].geo = 1;
	}
	*out = k;
	return n;
}

/*
 * Sections of at most SECTION_ROWS rows, even in size. A result group
 * (a result's heading and rows) is never cut. A test suite longer than
 * SECTION_ROWS is cut into the fewest parts that hold it, as even as its
 * groups allow; then neighbouring pieces (whole short suites, parts of
 * long ones) are put together into the fewest sections of at most
 * SECTION_ROWS rows, the smallest section as large as it can be. The
 * geometric means go with the last section.
 */
#define SECTION_ROWS 25

struct piece {
	size_t end;  /* row after its last */
	size_t rows;
	int glue;    /* goes with the piece before it (the means) */
};

/* The result groups of k[from, to) (one suite) as pieces of as even a
 * size as fits: each part aims at the rows left over the parts left. */
static size_t cut_suite(const struct row_key *k, size_t from, size_t to,
			struct piece *out)
{
	size_t rows = to - from, parts = (rows + SECTION_ROWS - 1) /
					   SECTION_ROWS, n = 0, i = from;

	while (i < to) {
		size_t left = to - i, goal, cur = 0;

		goal = parts > n ? (left + (parts - n) - 1) / (parts - n) : left;
		while (i < to) {
			size_t j = i + 1;

			while (j < to && k[j].group == k[i].group)
				j++;
			/* a group past the goal goes here only when it is
			 * nearer the goal with it than without */
			if (cur && (cur + (j - i) > SECTION_ROWS ||
				    (cur + (j - i) > goal &&
				     cur + (j - i) - goal > goal - cur)))
				break;
			cur += j - i;
			i = j;
		}
		out[n].end = i;
		out[n].rows = cur;
		out[n++].glue = 0;
	}
	return n;
}

/* The ends of the sections into *ends (allocated); their count. */
static size_t section_ends(const struct fsr_report *rep,
			   const struct fsr_comparison *cmp, size_t **ends)
{
	struct row_key *k;
	size_t n = row_keys(rep, cmp, &k), np = 0, i, j, from;
	struct piece *pc = fsr_xcalloc(n + 1, sizeof(*pc));
	size_t *parts, *small, *prev, sum, m;

	/* pieces: each suite cut as even as fits, the means glued on */
	for (from = 0; from < n; from = i) {
		for (i = from + 1; i < n && !k[i].geo && !k[from].geo &&
				   !strcmp(k[i].suite, k[from].suite); i++)
			;
		if (k[from].geo) {
			i = n;
			pc[np].end = n;
			pc[np].rows = n - from;
			pc[np].glue = np > 0;
			np++;
		} else {
			np += cut_suite(k, from, i, pc + np);
		}
	}
	/* fewest sections, then the largest smallest one: parts[i] and
	 * small[i] for the first i pieces, prev[i] where the last starts */
	parts = fsr_xcalloc(np + 1, sizeof(*parts));
	small = fsr_xcalloc(np + 1, sizeof(*small));
	prev = fsr_xcalloc(np + 1, sizeof(*prev));
	for (i = 1; i <= np; i++) {
		parts[i] = SIZE_MAX;
		for (j = i, sum = 0; j-- > 0;) {
			sum += pc[j].rows;
			if (sum > SECTION_ROWS && j + 1 < i &&
			    !(j + 2 == i && pc[i - 1].glue))
				break;
			if ((pc[j].glue && j > 0) || parts[j] == SIZE_MAX)
				continue; /* the means never start a section */
			m = j ? (sum < small[j] ? sum : small[j]) : sum;
			if (parts[j] + 1 < parts[i] ||
			    (parts[j] + 1 == parts[i] && m > small[i])) {
				parts[i] = parts[j] + 1;
				small[i] = m;
				prev[i] = j;
			}
		}
	}
	m = np ? parts[np] : 1;
	*ends = fsr_xcalloc(m + 1, sizeof(**ends));
	(*ends)[m - 1] = n;
	for (i = np, j = m; i > 0 && j > 0; i = prev[i])
		(*ends)[--j] = pc[i - 1].end;
	free(parts);
	free(small);
	free(prev);
	free(pc);
	free(k);
	return m;
}

size_t fsr_render_change_parts(const struct fsr_view *v)
{
	size_t *ends, parts;

	if (!v->cmp)
		return 0;
	parts = section_ends(v->report, v->cmp, &ends);
	free(ends);
	return parts;
}

/* Tick labels above the plot too, so a long section is read from
 * either end; returns the y below them. */
static double top_ticks(struct fsr_lay *L, struct fsr_chart *c, double y)
{
	const struct fsr_axis *a = &c->axis;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	for (i = 0; i < a->n_ticks; i++) {
		struct fsr_shape *t;

		fsr_buf_reset(&b);
		(c->log_ratio ? ratio_tick_fmt : pct_tick_fmt)(&b, a->ticks[i],
							       a, NULL);
		t = fsr_canvas_text(L, c, "tick-label-top", -1, FSR_FONT_TICK,
				    FSR_INK_TEXT, change_x(c, a->ticks[i]), y,
				    FSR_AL_CENTER, b.buf);
		if (t->x + t->w > L->W - 2)
			t->x = L->W - 2 - t->w;
		if (t->x < 2)
			t->x = 2;
	}
	fsr_buf_release(&b);
	return y + fsr_lay_line_h(L, FSR_FONT_TICK) + 2;
}

/* "<- worse" and "better ->" under the two ends of the axis. */
static double direction_labels(struct fsr_lay *L, struct fsr_chart *c,
			       double y)
{
	fsr_canvas_text(L, c, "direction", -1, FSR_FONT_NOTE, FSR_INK_WORSE,
			c->plot_x, y, FSR_AL_LEFT, "\xe2\x86\x90 worse");
	fsr_canvas_text(L, c, "direction", -1, FSR_FONT_NOTE, FSR_INK_BETTER,
			c->plot_x + c->plot_w, y, FSR_AL_RIGHT,
			"better \xe2\x86\x92");
	return y + fsr_lay_line_h(L, FSR_FONT_NOTE) + 2;
}

/* One section, rows [from, to), on c (axis and columns set); the
 * footnote on the last. Returns the chart's height. */
static double changes_section(struct changes *s, struct fsr_chart *c,
			      size_t from, size_t to, size_t part,
			      size_t parts, double label_right, double y)
{
	struct fsr_lay *L = s->L;
	struct fsr_buf b = FSR_BUF_INIT;
	double bottom;
	size_t i;

	y = changes_heading(s, c, from, to, part, parts, y);
	fsr_buf_addf(&b, c->log_ratio ? "Change against %s, as a factor "
		     "(log scale); right is better" : "Change in %%, against "
		     "%s; right is better", s->rep->systems[s->cmp->baseline]
		     .label);
	y = fsr_canvas_caption(L, c, c->plot_x, y + 6, b.buf) + 6;
	y = top_ticks(L, c, y);
	c->plot_y = y;
	y = place_rows(s, from, to, y);
	c->plot_h = y - c->plot_y;
	bands(s, c, from, to);
	margin_bands(s, c, from, to);
	bottom = fsr_axis_draw(L, c, c->log_ratio ? ratio_tick_fmt :
						    pct_tick_fmt, NULL);
	for (i = from; i < to; i++)
		row_shapes(s, c, i, label_right);
	y = direction_labels(L, c, bottom + 2);
	y = legend(s, c, y + 6);
	if (part == parts) {
		fsr_buf_reset(&b);
		footnote_text(s, c->log_ratio, &b);
		y = fsr_canvas_footnote(L, c, b.buf, y);
	}
	fsr_buf_release(&b);
	return y + MARGIN;
}

void fsr_layout_changes(struct fsr_lay *L, struct fsr_page *p, double y)
{
	struct changes s = { 0 };
	struct fsr_chart *c = &p->charts[p->n_charts - 1], geom;
	double col = 60, vcol = 0, plo = 0, phi = 0, label_right;
	size_t i, *ends, parts, part;

	s.L = L;
	s.rep = L->v->report;
	s.cmp = L->v->cmp;
	/* The intervals' level: the family's (analyze/compare.c). */
	s.conf = s.cmp->ci_level > 0 ? s.cmp->ci_level :
		 s.cmp->opts.confidence > 0 ? s.cmp->opts.confidence :
		 L->v->stats->confidence;
	s.label_max = L->W * 0.40;
	s.lh = fsr_lay_line_h(L, FSR_FONT_LABEL);
	s.nh = fsr_lay_line_h(L, FSR_FONT_NOTE);
	s.vh = fsr_lay_line_h(L, FSR_FONT_VALUE);
	s.n_sys = compared_systems(s.cmp, s.rep->n_systems);
	s.single = fsr_view_one_run_each(s.cmp);
	result_rows(&s);
	geomean_rows(&s);
	measure_columns(&s, &col, &vcol, &plo, &phi);
	label_right = MARGIN + col;
	c->kind = FSR_CHART_KIND_CHANGES;
	c->result = -1;
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - (vcol > 0 ? vcol + COL_GAP : 0) -
		c->plot_x;
	if (c->plot_w < L->W * 0.2)
		c->plot_w = L->W * 0.2;
	/* Changes over a wide range of ratios go on a log axis, where a
	 * halving and a doubling are as far from "no change"; one run per
	 * system gets the plain difference in %, as PTS articles draw it. */
	c->log_ratio = !s.single && 1 + plo / 100 > 0 &&
		       (1 + phi / 100 >= 5 || 1 + plo / 100 <= 0.2 ||
			geomean_off_linear(&s));
	for (i = 0; i < s.n; i++)
		row_positions(&s.rows[i], c);
	changes_axis(&s, c);
	/* Every section shares the axis, so they read alike; L->section
	 * picks one of them (0: all, stacked). */
	geom = *c;
	parts = section_ends(s.rep, s.cmp, &ends);
	for (part = 0; part < parts; part++) {
		size_t from = part ? ends[part - 1] : 0, to = ends[part];

		if (L->section && L->section != part + 1)
			continue;
		if (c->height > 0) {
			c = fsr_canvas_new_chart(p);
			c->kind = geom.kind;
			c->result = -1;
			c->has_axis = geom.has_axis;
			c->log_ratio = geom.log_ratio;
			c->axis = geom.axis;
			c->plot_x = geom.plot_x;
			c->plot_w = geom.plot_w;
			fsr_canvas_line(c, "separator", -1, FSR_INK_GRID, MARGIN,
					0.5, L->W - MARGIN, 0.5, 1, 0);
			y = MARGIN;
		}
		c->height = changes_section(&s, c, from, to, part + 1, parts,
					    label_right, y);
	}
	free(ends);
	changes_release(&s);
}
