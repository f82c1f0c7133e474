/*
 * layout.c - chart geometry: axis ranges and ticks, bars, whiskers, run
 * dots, label positions, wrapping and shortening. Pure: text is measured
 * through a callback, nothing is drawn here (chart.c draws).
 *
 * A result chart (800 px wide at scale 1):
 *
 *	+--------------------------------------------------------------+
 *	| Title AppVersion                                  (heading)  |
 *	| Description                                                  |
 *	|                  > MB/s, More Is Better           (caption)  |
 *	|        label |:::::::::::::::::::::|--o-o-|  4015.03         |
 *	| SE +/- 59.95, N = 6                                          |
 *	|     label 2  |::::::::::::|-o-|  3764.53                     |
 *	|              0      1000     2000     3000 ...    (ticks)    |
 *	| bars: mean; whiskers: 95% confidence interval; dots: runs    |
 *	+--------------------------------------------------------------+
 *
 * The label column is as wide as the widest label (at most a third of
 * the chart; longer labels wrap onto two lines, then are shortened in the
 * middle). The value axis starts at zero (or below, for negative values),
 * its ends are rounded outward to Heckbert nice ticks, and it is widened
 * until the value printed after every bar fits inside the chart; fewer
 * ticks are used when their labels would touch.
 */
#include "layout-internal.h"
#include "../vocab.h"

#include <math.h>
#include <string.h>

static void layout_note(struct fsr_lay *L, struct fsr_chart *c, const char *t,
			const char *sub, const char *note, double y)
{
	y = fsr_canvas_heading(L, c, t, sub, y);
	y = fsr_canvas_footnote(L, c, note, y + 6);
	c->height = y + MARGIN;
}

static void layout_result(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
			  double y)
{
	const struct fsr_result *res = L->v->report->results[ri];
	struct fsr_buf t = FSR_BUF_INIT;

	c->result = (long)ri;
	if (L->v->trend && !L->v->cmp) { /* trend: the series, or a note */
		if (fsr_layout_trend_has(L->v, ri)) {
			fsr_layout_trend(L, c, ri, y);
			return;
		}
		c->kind = FSR_CHART_KIND_NOTE;
		fsr_vocab_result_title(res, &t);
		layout_note(L, c, t.buf, res->description, "A result that "
			    "is not a number: not in the trend.", y);
		fsr_buf_release(&t);
		return;
	}
	switch (res->display) {
	case FSR_DISPLAY_BAR:
		c->kind = FSR_CHART_KIND_BARS;
		fsr_layout_bars(L, c, ri, y);
		if (fsr_layout_spectrum_has(L->v, ri)) { /* spectrum.c, cdf.c */
			fsr_layout_spectrum(L, c, ri, c->height - MARGIN);
			fsr_layout_cdf(L, c, ri, c->height - MARGIN);
		}
		break;
	case FSR_DISPLAY_PASSFAIL:
		c->kind = FSR_CHART_KIND_PASSFAIL;
		fsr_layout_passfail(L, c, ri, y);
		break;
	default:
		c->kind = FSR_CHART_KIND_NOTE;
		fsr_vocab_result_title(res, &t);
		layout_note(L, c, t.buf, res->description,
			    res->display == FSR_DISPLAY_LINE ?
				    "A line graph (one series per system): "
				    "not drawn as bars; the text report "
				    "lists it." :
				    "A result that is not a number: not "
				    "drawn; the text report lists it.", y);
		break;
	}
	fsr_buf_release(&t);
}

/* A chart of FSR_CHART_ITEMS under the charts before it, with the
 * separator FSR_CHART_ALL draws there: thick between the result charts
 * and the change chart, thin elsewhere. */
static int layout_item(struct fsr_lay *L, struct fsr_page *p,
		       const struct fsr_chart_item *it, struct fsr_diag *d)
{
	int after = p->n_charts > 0, thick = 0;
	struct fsr_chart *c;

	if (after) {
		enum fsr_chart_kind prev = p->charts[p->n_charts - 1].kind;

		thick = (it->part == FSR_CHART_CHANGE) !=
			(prev == FSR_CHART_KIND_CHANGES);
	}
	switch (it->part) {
	case FSR_CHART_RESULT:
		if (it->index >= L->v->report->n_results)
			break;
		c = fsr_canvas_new_chart(p);
		if (after)
			fsr_canvas_line(c, "separator", -1, thick ?
					FSR_INK_AXIS : FSR_INK_GRID,
					thick ? 0 : MARGIN, 0.5, thick ? L->W :
					L->W - MARGIN, 0.5, thick ? 2 : 1, 0);
		layout_result(L, c, it->index, MARGIN);
		return 0;
	case FSR_CHART_CHANGE:
	case FSR_CHART_OVERVIEW:
		if (!L->v->cmp || (it->part == FSR_CHART_CHANGE &&
				   (it->index < 1 || it->index >
				    fsr_render_change_parts(L->v))))
			break;
		c = fsr_canvas_new_chart(p);
		if (after)
			fsr_canvas_line(c, "separator", -1, thick ?
					FSR_INK_AXIS : FSR_INK_GRID,
					thick ? 0 : MARGIN, 0.5, thick ? L->W :
					L->W - MARGIN, 0.5, thick ? 2 : 1, 0);
		if (it->part == FSR_CHART_OVERVIEW) {
			fsr_layout_overview(L, c, MARGIN);
		} else {
			L->section = it->index;
			fsr_layout_changes(L, p, MARGIN);
			L->section = 0;
		}
		return 0;
	default:
		break;
	}
	return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
			    "no chart %d/%zu to lay out", (int)it->part,
			    it->index);
}

int fsr_layout_page(const struct fsr_view *v,
		    const struct fsr_layout_opts *lo, fsr_measure_fn measure,
		    void *mctx, struct fsr_page *p, struct fsr_diag *d)
{
	struct fsr_lay L;
	size_t i;
	double y;

	memset(p, 0, sizeof(*p));
	L.v = v;
	L.measure = measure;
	L.mctx = mctx;
	L.W = lo->width > 0 ? lo->width : DEFAULT_WIDTH;
	L.section = 0;
	p->width = L.W;
	switch (lo->part) {
	case FSR_CHART_RESULT:
		if (lo->result >= v->report->n_results)
			return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
					    "no result %zu to chart",
					    lo->result + 1);
		layout_result(&L, fsr_canvas_new_chart(p), lo->result, MARGIN);
		break;
	case FSR_CHART_CHANGE:
		if (!v->cmp)
			return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
					    "a change chart needs compare");
		if (lo->section > fsr_render_change_parts(v))
			return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
					    "no part %zu of the change chart",
					    lo->section);
		L.section = lo->section;
		fsr_canvas_new_chart(p);
		fsr_layout_changes(&L, p, MARGIN);
		break;
	case FSR_CHART_OVERVIEW:
		if (!v->cmp)
			return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
					    "an overview chart needs compare");
		fsr_layout_overview(&L, fsr_canvas_new_chart(p), MARGIN);
		break;
	case FSR_CHART_ITEMS:
		for (i = 0; i < lo->n_items; i++) {
			int rc = layout_item(&L, p, &lo->items[i], d);

			if (rc) {
				fsr_page_release(p);
				return rc;
			}
		}
		if (lo->page_label) { /* small, right, under the charts */
			struct fsr_chart *c = fsr_canvas_new_chart(p);

			c->kind = FSR_CHART_KIND_NOTE;
			fsr_canvas_text(&L, c, "page", -1, FSR_FONT_NOTE,
					FSR_INK_NOTE, L.W - MARGIN, 0,
					FSR_AL_RIGHT, lo->page_label);
			c->height = fsr_lay_line_h(&L, FSR_FONT_NOTE) +
				    MARGIN / 2;
		}
		break;
	default:
		for (i = 0; i < v->report->n_results; i++) {
			struct fsr_chart *c = fsr_canvas_new_chart(p);

			if (i)
				fsr_canvas_line(c, "separator", -1, FSR_INK_GRID,
					 MARGIN, 0.5, L.W - MARGIN, 0.5, 1,
					 0);
			layout_result(&L, c, i, MARGIN);
		}
		if (v->cmp) {
			struct fsr_chart *c = fsr_canvas_new_chart(p);

			if (p->n_charts > 1)
				fsr_canvas_line(c, "separator", -1, FSR_INK_AXIS,
					 0, 0.5, L.W, 0.5, 2, 0);
			fsr_layout_changes(&L, p, MARGIN);
		}
		if (!p->n_charts)
			layout_note(&L, fsr_canvas_new_chart(p), "No results",
				    NULL, "There is nothing to draw.",
				    MARGIN);
		break;
	}
	y = 0;
	for (i = 0; i < p->n_charts; i++) {
		p->charts[i].y0 = y;
		y += p->charts[i].height;
	}
	p->height = ceil(y);
	return 0;
}
