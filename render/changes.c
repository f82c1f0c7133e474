/*
 * changes.c - the change chart of compare: per result and compared
 * system, the change of the mean in % against the baseline as a dot
 * with its confidence interval, the geometric mean per system below.
 */
#include "layout-internal.h"
#include "vocab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ change chart */

struct change_row {
	const struct fsr_compare_row *cr;     /* NULL: header or geomean */
	const struct fsr_geomean *geo;        /* geomean row */
	size_t result;                        /* header rows */
	size_t group;                         /* result group, from 1 */
	int header, marks;                    /* group header; has marks */
	struct fsr_lines label;
	struct fsr_lines sub;                     /* note lines under label */
	double delta, lo, hi;                 /* % */
	enum fsr_ink ink;
	char *value, *value2;                 /* right column */
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
	default:
		return FSR_INK_NA;
	}
}

static void pct_tick_fmt(struct fsr_buf *b, double v,
			 const struct fsr_axis *a, const void *data)
{
	(void)data;
	if (v > 0)
		fsr_buf_addc(b, '+');
	fsr_layout_number(b, v, a->decimals, "%");
}

/* A ratio tick of a log axis: "times 2" for doubled, "divided by 2"
 * for halved, "times 1" for no change, with the signs themselves. */
static void ratio_tick_fmt(struct fsr_buf *b, double v,
			   const struct fsr_axis *a, const void *data)
{
	double r = pow(10, v);

	(void)a;
	(void)data;
	if (r >= 1 - 1e-9) {
		fsr_buf_adds(b, "\xc3\x97");
		fsr_layout_number(b, r, r < 10 && fabs(r - round(r)) > 1e-6 ?
					     1 : 0, "");
	} else {
		fsr_buf_adds(b, "\xc3\xb7");
		fsr_layout_number(b, 1 / r, 0, "");
	}
}

/* Where a change in % sits on the chart's axis. */
static double change_pos(const struct fsr_chart *c, double pct)
{
	return c->log_ratio ? log10(1 + pct / 100) : pct;
}

void fsr_layout_changes(struct fsr_lay *L, struct fsr_chart *c, double y)
{
	const struct fsr_report *rep = L->v->report;
	const struct fsr_comparison *cmp = L->v->cmp;
	double conf = cmp->opts.confidence > 0 ? cmp->opts.confidence :
		L->v->stats->confidence;
	struct change_row *rows = NULL;
	size_t n = 0, cap = 0, i, j, n_sys = 0, groups = 0;
	struct fsr_buf b = FSR_BUF_INIT;
	double label_max = L->W * 0.40, col = 60, vcol = 0, lo, hi;
	double plo = 0, phi = 0;
	double lh = fsr_lay_line_h(L, FSR_FONT_LABEL), nh = fsr_lay_line_h(L, FSR_FONT_NOTE);
	double vh = fsr_lay_line_h(L, FSR_FONT_VALUE), label_right, bottom;
	unsigned char *seen = fsr_xcalloc(rep->n_systems + 1, 1);

	c->kind = FSR_CHART_KIND_CHANGES;
	c->result = -1;
	for (i = 0; i < cmp->n_rows; i++)
		if (!seen[cmp->rows[i].sys]) {
			seen[cmp->rows[i].sys] = 1;
			n_sys++;
		}
	free(seen);
	fsr_buf_addf(&b, "Change against %s",
		     rep->systems[cmp->baseline].label);
	{
		struct fsr_buf s = FSR_BUF_INIT;

		fsr_buf_adds(&s, "The mean of each result relative to the "
			     "baseline's, with the ");
		fsr_vocab_confidence(&s, conf);
		fsr_buf_adds(&s, " confidence interval of the change");
		y = fsr_canvas_heading(L, c, b.buf, s.buf, y);
		fsr_buf_release(&s);
	}
	/* Rows: a result with one compared system is one row; with several,
	 * a header row and then a row per system. */
	for (i = 0; i < cmp->n_rows; i = j) {
		const struct fsr_compare_row *cr = &cmp->rows[i];
		const struct fsr_result *res = rep->results[cr->result];
		struct change_row *h;

		for (j = i; j < cmp->n_rows &&
			    cmp->rows[j].result == cr->result; j++)
			;
		FSR_GROW(rows, cap, n + 1 + (j - i));
		h = &rows[n++];
		memset(h, 0, sizeof(*h));
		h->header = 1;
		h->result = cr->result;
		h->group = ++groups;
		/* The description tells results of one test apart, so it
		 * is the bold line; the test and unit go under it. */
		fsr_buf_reset(&b);
		if (*res->description) {
			fsr_lay_wrap(L, &h->label, FSR_FONT_LABEL, res->description,
			     label_max, 2);
			fsr_vocab_result_title(res, &b);
		} else {
			fsr_vocab_result_title(res, &b);
			fsr_lay_wrap(L, &h->label, FSR_FONT_LABEL, b.buf, label_max,
			     2);
			fsr_buf_reset(&b);
		}
		if (*res->unit) {
			fsr_buf_adds(&b, b.len ? " \xc2\xb7 " : "");
			fsr_buf_adds(&b, res->unit);
			if (res->better != FSR_BETTER_UNKNOWN)
				fsr_buf_adds(&b, res->better ==
						 FSR_BETTER_HIGHER ?
						 ", more is better" :
						 ", fewer is better");
		}
		if (b.len)
			fsr_lay_wrap(L, &h->sub, FSR_FONT_NOTE, b.buf, label_max, 2);
		for (; i < j; i++) {
			const struct fsr_compare_row *x = &cmp->rows[i];
			struct change_row *r;

			if (n_sys == 1) {
				r = h;
			} else {
				r = &rows[n++];
				memset(r, 0, sizeof(*r));
				r->group = groups;
				fsr_lay_wrap(L, &r->label, FSR_FONT_LABEL,
				     rep->systems[x->sys].label, label_max,
				     1);
			}
			r->header = 0;
			r->cr = x;
			r->delta = x->delta_pct;
			r->lo = x->ci_low_pct;
			r->hi = x->ci_high_pct;
			r->marks = isfinite(r->delta);
			r->ink = verdict_ink(x->verdict);
			fsr_buf_reset(&b);
			if (r->marks) {
				fsr_vocab_pct(&b, r->delta, 2);
				fsr_vocab_verdict_word(&b, x->verdict);
			} else {
				fsr_buf_adds(&b, fsr_vocab_no_change(x, res));
			}
			r->value = fsr_xstrdup(b.buf);
			fsr_buf_reset(&b);
			if (r->marks)
				fsr_vocab_interval(&b, r->lo, r->hi, conf);
			r->value2 = fsr_xstrdup(b.buf);
		}
	}
	/* The geometric mean of each compared system. */
	if (cmp->n_rows) {
		size_t k, ng = cmp->n_geo ? cmp->n_geo : 1;

		FSR_GROW(rows, cap, n + ng);
		for (k = 0; k < ng; k++) {
			const struct fsr_geomean *g = cmp->n_geo ?
				&cmp->geo[k] : NULL;
			struct change_row *r = &rows[n++];

			memset(r, 0, sizeof(*r));
			r->geo = g;
			fsr_lay_wrap(L, &r->label, FSR_FONT_LABEL, "Geometric mean",
			     label_max, 1);
			fsr_buf_reset(&b);
			if (g && (cmp->n_geo > 1 || n_sys > 1))
				fsr_buf_addf(&b, "%s, ",
					     rep->systems[g->sys].label);
			if (g)
				fsr_buf_addf(&b, "%zu result%s, ", g->k,
					     g->k == 1 ? "" : "s");
			fsr_buf_adds(&b, "+ is better for every result");
			fsr_lay_wrap(L, &r->sub, FSR_FONT_NOTE, b.buf, label_max, 2);
			r->delta = g ? (g->ratio - 1) * 100 : NAN;
			r->lo = g ? (g->ci_low - 1) * 100 : NAN;
			r->hi = g ? (g->ci_high - 1) * 100 : NAN;
			r->marks = isfinite(r->delta);
			r->ink = !isfinite(r->lo) || !isfinite(r->hi) ?
				FSR_INK_NA : r->lo > 0 ? FSR_INK_BETTER :
				r->hi < 0 ? FSR_INK_WORSE : FSR_INK_SAME;
			fsr_buf_reset(&b);
			if (r->marks)
				fsr_vocab_pct(&b, r->delta, 2);
			else
				fsr_buf_adds(&b, "not available");
			r->value = fsr_xstrdup(b.buf);
			fsr_buf_reset(&b);
			if (r->marks)
				fsr_vocab_interval(&b, r->lo, r->hi, conf);
			r->value2 = fsr_xstrdup(b.buf);
		}
	}
	/* Columns. */
	for (i = 0; i < n; i++) {
		double w = fsr_lay_lines_w(L, &rows[i].label, FSR_FONT_LABEL);

		if (w > col)
			col = w;
		w = fsr_lay_lines_w(L, &rows[i].sub, FSR_FONT_NOTE);
		if (w > col)
			col = w;
		if (rows[i].value && rows[i].marks) {
			w = fsr_lay_text_w(L, FSR_FONT_VALUE, rows[i].value);
			if (w > vcol)
				vcol = w;
			w = fsr_lay_text_w(L, FSR_FONT_NOTE, rows[i].value2);
			if (w > vcol)
				vcol = w;
		}
		if (rows[i].marks) {
			if (rows[i].delta < plo)
				plo = rows[i].delta;
			if (rows[i].delta > phi)
				phi = rows[i].delta;
		}
	}
	/* Changes over a wide range of ratios go on a log axis, where a
	 * halving and a doubling are as far from "no change". Interval ends
	 * at -100 % or below have no place there: they are cut at the
	 * axis's end and marked. */
	c->log_ratio = 1 + plo / 100 > 0 &&
		       (1 + phi / 100 >= 5 || 1 + plo / 100 <= 0.2);
	lo = plo;
	hi = phi;
	for (i = 0; i < n; i++) {
		double v[2] = { rows[i].lo, rows[i].hi };
		size_t k;

		if (!rows[i].marks)
			continue;
		for (k = 0; k < 2; k++) {
			if (!isfinite(v[k]) ||
			    (c->log_ratio && !(1 + v[k] / 100 > 0)))
				continue;
			if (v[k] < lo)
				lo = v[k];
			if (v[k] > hi)
				hi = v[k];
		}
	}
	label_right = MARGIN + col;
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - (vcol > 0 ? vcol + COL_GAP : 0) -
		c->plot_x;
	if (c->plot_w < L->W * 0.2)
		c->plot_w = L->W * 0.2;
	fsr_buf_reset(&b);
	if (c->log_ratio)
		fsr_buf_addf(&b, "Change against %s, as a ratio (log scale)",
			     rep->systems[cmp->baseline].label);
	else
		fsr_buf_addf(&b, "Change in %%, against %s",
			     rep->systems[cmp->baseline].label);
	y = fsr_canvas_caption(L, c, c->plot_x, y + 6, b.buf) + 6;
	c->plot_y = y;
	for (i = 0; i < n; i++) {
		struct change_row *r = &rows[i];
		double block = (double)r->label.n * lh +
			(double)r->sub.n * nh + (r->sub.n ? 1 : 0);
		double vblock = r->marks ? vh + nh : vh;

		r->h = (block > vblock ? block : vblock) + 8;
		if (r->h < 20)
			r->h = 20;
		r->top = y;
		y += r->h;
	}
	c->plot_h = y - c->plot_y;
	c->has_axis = 1;
	if (c->log_ratio) {
		int dens;

		for (dens = 0; dens < 8; dens++)
			if (fsr_axis_log_ticks(1 + lo / 100, 1 + hi / 100, dens,
					       &c->axis) &&
			    fsr_axis_labels_fit(L, &c->axis, c->plot_w, ratio_tick_fmt,
				      NULL))
				break;
	} else {
		static const int targets[] = { 4, 5, 6, 7, 8, 10, 3, 2 };

		if (hi == lo)
			hi = lo + 1;
		fsr_axis_best_fit(L, c, lo, hi, targets,
				  sizeof(targets) / sizeof(targets[0]),
				  pct_tick_fmt, NULL, NULL, NULL);
	}
	/* Bands behind alternate result groups, and a rule above the
	 * geometric mean. */
	for (i = 0; i < n; i++) {
		if (rows[i].geo && (i == 0 || !rows[i - 1].geo))
			fsr_canvas_line(c, "rule", -1, FSR_INK_AXIS, MARGIN,
				 rows[i].top, L->W - MARGIN, rows[i].top, 1,
				 0);
		else if (!rows[i].geo && rows[i].group % 2 == 0)
			fsr_canvas_rect(c, "band", (long)i, FSR_INK_BAND,
				 FSR_INK_NONE, MARGIN, rows[i].top,
				 L->W - 2 * MARGIN, rows[i].h);
	}
	bottom = fsr_axis_draw(L, c, c->log_ratio ? ratio_tick_fmt : pct_tick_fmt,
			   NULL);
	for (i = 0; i < n; i++) {
		struct change_row *r = &rows[i];
		double mid = r->top + r->h / 2, block, yy;
		double sc = c->plot_w / (c->axis.hi - c->axis.lo);
		double vx = c->plot_x + c->plot_w + COL_GAP;
#define CX(v) (c->plot_x + (change_pos(c, v) - c->axis.lo) * sc)

		block = (double)r->label.n * lh +
			(double)r->sub.n * nh + (r->sub.n ? 1 : 0);
		yy = fsr_canvas_lines(L, c, r->header ? "group" : "label", (long)i,
			       FSR_FONT_LABEL, FSR_INK_HEADING, label_right,
			       mid - block / 2, FSR_AL_RIGHT, &r->label);
		fsr_canvas_lines(L, c, "note", (long)i, FSR_FONT_NOTE, FSR_INK_TEXT,
			  label_right, yy + 1, FSR_AL_RIGHT, &r->sub);
		if (!r->value)
			continue;
		if (!r->marks) {
			struct fsr_lines ls = { 0 };

			fsr_lay_wrap(L, &ls, FSR_FONT_VALUE, r->value,
			     L->W - MARGIN - c->plot_x, 1);
			fsr_canvas_lines(L, c, "no-change", (long)i, FSR_FONT_VALUE,
				  FSR_INK_MISSING, c->plot_x + 4,
				  mid - vh / 2, FSR_AL_LEFT, &ls);
			fsr_lines_release(&ls);
			continue;
		}
		if (isfinite(r->lo) && isfinite(r->hi)) {
			double x0 = c->plot_x, x1 = c->plot_x + c->plot_w;
			double l = c->log_ratio && !(1 + r->lo / 100 > 0) ?
				x0 - 1 : CX(r->lo);
			double h = CX(r->hi);
			struct fsr_shape *s;

			fsr_canvas_line(c, "interval", (long)i, r->ink,
				 l < x0 ? x0 : l, mid, h > x1 ? x1 : h, mid,
				 2, 0);
			if (l >= x0 - 0.01) {
				fsr_canvas_line(c, "interval", (long)i, r->ink, l,
					 mid - 4, l, mid + 4, 2, 0);
			} else {
				s = fsr_canvas_shape(c, FSR_SHAPE_ARROW,
					      "interval-cut", (long)i, r->ink);
				s->x = x0 + 6;
				s->y = mid - 4;
				s->w = -6;
				s->h = 8;
			}
			if (h <= x1 + 0.01) {
				fsr_canvas_line(c, "interval", (long)i, r->ink, h,
					 mid - 4, h, mid + 4, 2, 0);
			} else {
				s = fsr_canvas_shape(c, FSR_SHAPE_ARROW,
					      "interval-cut", (long)i, r->ink);
				s->x = x1 - 6;
				s->y = mid - 4;
				s->w = 6;
				s->h = 8;
			}
		}
		if (r->geo) {
			struct fsr_shape *s = fsr_canvas_shape(c, FSR_SHAPE_DIAMOND,
							"geomean", (long)i,
							r->ink);

			s->edge = FSR_INK_WHISKER;
			s->x = CX(r->delta) - 6;
			s->y = mid - 6;
			s->w = 12;
			s->h = 12;
		} else {
			fsr_canvas_dot(c, "change", (long)i, r->ink, FSR_INK_WHISKER,
				CX(r->delta), mid, 4.5);
		}
		/* Light grey marks an untested dot; its text stays
		 * readable. */
		fsr_canvas_text(L, c, "value", (long)i, FSR_FONT_VALUE,
			 r->ink == FSR_INK_NA ? FSR_INK_MISSING : r->ink, vx,
			 mid - (vh + nh) / 2, FSR_AL_LEFT, r->value);
		fsr_canvas_text(L, c, "interval-text", (long)i, FSR_FONT_NOTE,
			 FSR_INK_TEXT, vx, mid - (vh + nh) / 2 + vh, FSR_AL_LEFT,
			 r->value2);
#undef CX
	}
	/* Legend: what the colours mean, never colour alone. */
	y = bottom + 8;
	{
		static const struct {
			enum fsr_ink ink;
			const char *text;
		} items[] = {
			{ FSR_INK_BETTER, "better" },
			{ FSR_INK_WORSE, "worse" },
			{ FSR_INK_SAME, "no significant change" },
			{ FSR_INK_NA, "not tested" },
		};
		double x = MARGIN, th = fsr_lay_line_h(L, FSR_FONT_NOTE);

		for (i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
			double w = fsr_lay_text_w(L, FSR_FONT_NOTE, items[i].text);
			size_t k;

			for (k = 0; k < n; k++)
				if (rows[k].marks && rows[k].ink ==
						     items[i].ink)
					break;
			if (k == n)
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
		y += th + 4;
	}
	fsr_buf_reset(&b);
	fsr_buf_adds(&b, "Dot: change of the mean, 100 (mean / baseline "
		     "mean - 1); line: its confidence interval. The "
		     "geometric mean turns every result so that + is "
		     "better.");
	/* Why a grey dot's interval may miss zero: the verdict uses the
	 * corrected p and the smallest change worth a verdict. */
	if (cmp->n_rows > 1 && cmp->opts.adjust != FSR_ADJUST_NONE)
		fsr_buf_addf(&b, " Verdicts use p values corrected for %zu "
			     "comparisons (%s) and need a change of at least "
			     "%g%%; the intervals are not corrected.",
			     cmp->n_rows, cmp->opts.adjust == FSR_ADJUST_BH ?
			     "Benjamini-Hochberg" : "Holm",
			     cmp->opts.min_change);
	for (i = 0; i < n; i++)
		if (rows[i].marks && rows[i].cr &&
		    (rows[i].cr->flags & FSR_ROW_FEW_CI))
			break;
	if (i < n)
		fsr_buf_adds(&b, " No interval: fewer than 2 runs on a side.");
	for (i = 0; i < c->n_shapes; i++)
		if (!strcmp(c->shapes[i].role, "interval-cut"))
			break;
	if (i < c->n_shapes)
		fsr_buf_adds(&b, " An arrow: the interval goes on past the "
			     "axis.");
	if (c->log_ratio)
		fsr_buf_adds(&b, " The axis is logarithmic: a halving "
			     "(\xc3\xb7" "2) is as far from no change (\xc3\x97" "1) as "
			     "a doubling (\xc3\x97" "2).");
	if (cmp->n_only_base)
		fsr_buf_addf(&b, " %zu result%s only in the baseline.",
			     cmp->n_only_base, cmp->n_only_base == 1 ? "" :
								    "s");
	if (cmp->n_only_other)
		fsr_buf_addf(&b, " %zu result%s not in the baseline.",
			     cmp->n_only_other, cmp->n_only_other == 1 ?
							"" : "s");
	if (!cmp->n_rows)
		fsr_buf_adds(&b, " No result was measured on both sides.");
	y = fsr_canvas_footnote(L, c, b.buf, y);
	c->height = y + MARGIN;
	for (i = 0; i < n; i++) {
		fsr_lines_release(&rows[i].label);
		fsr_lines_release(&rows[i].sub);
		free(rows[i].value);
		free(rows[i].value2);
	}
	free(rows);
	fsr_buf_release(&b);
}
