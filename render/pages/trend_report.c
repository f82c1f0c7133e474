/*
 * trend_report.c - the trend section of report -o DIR (cli/trend.c sets
 * it up): with three or more run sets, or --trend, every numeric result
 * as a series over the run sets in the trend's order, one table with a
 * row per result (the run sets' means, a change point in bold), a list
 * of the steps and the trend chart of each result:
 *
 *	| Result | 6.1 | 6.2 | 6.3 |
 *	|---|---:|---:|---:|
 *	| PostMark: Transactions/s (tx/s), higher is better | 4101.40 |
 *	  4100.12 | **3895.02** |
 *
 *	- PostMark: Transactions/s (tx/s) at 6.3: -5.03% [-5.61, -4.45]
 *	  worse (p 0.005)
 *
 * summary.txt gets the text of fsreport trend instead. The view has the
 * comparison (v->cmp) and the trend (v->trend) both; the trend charts
 * are drawn from a copy without the comparison, which is what makes
 * the layout draw a series (render/charts/layout.c).
 */
#include "../trend.h"
#include "../render-internal.h"
#include "../../view/view.h"
#include "../vocab.h"

#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <math.h>
#include <string.h>

/* The view of the trend alone, as fsreport trend has it. */
static struct fsr_view trend_view(const struct fsr_view *v)
{
	struct fsr_view tv = *v;

	tv.command = FSR_CMD_TREND;
	tv.cmp = NULL;
	return tv;
}

/* "PostMark: Transactions/s (tx/s), higher is better". */
static void row_name(const struct fsr_result *res, struct fsr_buf *b)
{
	fsr_vocab_result_name(res, b);
	if (res->better != FSR_BETTER_UNKNOWN)
		fsr_buf_addf(b, ", %s", fsr_vocab_direction(res->better));
}

/* A point's mean, or "-" when its run set has no data. */
static void mean_text(const struct fsr_trend_point *p, int dec,
		      struct fsr_buf *b)
{
	if (p->s)
		fsr_buf_add_fixed(b, p->s->mean, dec);
	else
		fsr_buf_adds(b, "-");
}

/* One step: "PostMark: Transactions/s (tx/s) at 6.5: -8.05% [-8.80,
 * -7.31] worse (p 0.005)". */
static void step_text(const struct fsr_view *v, const struct fsr_trend_row *row,
		      size_t j, struct fsr_buf *b)
{
	const struct fsr_trend_point *p = &row->points[j];

	fsr_vocab_result_name(v->report->results[row->result], b);
	fsr_buf_addf(b, " at %s: ", v->report->systems[p->sys].label);
	if (isfinite(p->change_pct))
		fsr_vocab_pct(b, p->change_pct, FSR_VIEW_TREND_PCT_DEC);
	if (!isnan(p->ci_low_pct)) {
		/* "too wide: ..." past a factor of 100, as the view says */
		fsr_buf_addc(b, ' ');
		fsr_view_trend_interval(b, row, v->trend->n_order, j);
	}
	fsr_buf_addf(b, " %s (p %s)", p->verdict == FSR_VERDICT_NA ?
		     "no direction" : fsr_verdict_name(p->verdict),
		     fsr_view_fig(p->p, FSR_FIG_P_REPORT).s);
}

/* Each change point of the trend as a list item through item(). */
static void each_step(const struct fsr_view *v,
		      void (*item)(void *, const char *), void *closure)
{
	const struct fsr_trend *t = v->trend;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, j;

	for (i = 0; i < t->n_rows; i++) {
		for (j = 0; j < t->n_order; j++) {
			if (!t->rows[i].points[j].change_point)
				continue;
			fsr_buf_reset(&b);
			step_text(v, &t->rows[i], j, &b);
			item(closure, b.buf);
		}
		/* a series whose run sets are autocorrelated: said */
		fsr_buf_reset(&b);
		fsr_vocab_result_name(v->report->results[t->rows[i].result],
				      &b);
		fsr_buf_adds(&b, ": ");
		if (fsr_view_trend_lag1_note(&t->rows[i], &b))
			item(closure, b.buf);
	}
	fsr_buf_release(&b);
}

/* How many results have a change point. */
static size_t changed_rows(const struct fsr_trend *t)
{
	size_t i, n = 0;

	for (i = 0; i < t->n_rows; i++)
		n += t->rows[i].n_changes > 0;
	return n;
}

/* How a page lays out the trend's table: a row (head: the heading row,
 * name "Result"), its cells (bold: a change point), its end. */
struct grid_ops {
	void (*start)(void *c, const char *name, int head);
	void (*cell)(void *c, const char *text, int bold, int head);
	void (*end)(void *c, int head);
};

/* The trend's table, decided once for Markdown and HTML: a row per
 * result named as row_name() says, a column per run set in the trend's
 * order, each cell the run set's mean (mean_text()). */
static void walk_grid(const struct fsr_view *v, const struct grid_ops *g,
		      void *c)
{
	const struct fsr_trend *t = v->trend;
	const struct fsr_report *r = v->report;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, j;

	g->start(c, "Result", 1);
	for (j = 0; j < t->n_order; j++)
		g->cell(c, r->systems[t->order[j]].label, 0, 1);
	g->end(c, 1);
	for (i = 0; i < t->n_rows; i++) {
		const struct fsr_trend_row *row = &t->rows[i];
		const struct fsr_result *res = r->results[row->result];
		int dec = fsr_view_trend_decimals(res);

		fsr_buf_reset(&b);
		row_name(res, &b);
		g->start(c, b.buf, 0);
		for (j = 0; j < t->n_order; j++) {
			const struct fsr_trend_point *p = &row->points[j];

			fsr_buf_reset(&b);
			mean_text(p, dec, &b);
			g->cell(c, b.buf, p->change_point, 0);
		}
		g->end(c, 0);
	}
	fsr_buf_release(&b);
}

/* The sentence over the table: what it holds and how it was found. */
static void intro_text(const struct fsr_view *v, struct fsr_buf *b)
{
	const struct fsr_trend *t = v->trend;
	size_t changed = changed_rows(t);
	fsr_buf_addf(b, "%zu result%s over %zu run sets in the trend's "
		     "order, %zu with a change point; each cell is a run "
		     "set's mean, a change point (the first run set of a new "
		     "level) in bold; ", t->n_rows,
		     t->n_rows == 1 ? "" : "s", t->n_order, changed);
	fsr_trend_method_text(t, b);
	fsr_buf_adds(b, ". A step is the ratio of the run sets' geometric "
		     "means, with Welch's ");
	fsr_view_level_exact(b, t->ci_level);
	fsr_buf_addf(b, " interval of their logarithms; 'same' when the "
		     "interval holds 0 or the step is below %g%%.",
		     t->opts.min_change);
	if (t->n_skipped)
		fsr_buf_addf(b, " %zu result%s not numeric: not in the trend.",
			     t->n_skipped, t->n_skipped == 1 ? " is" : "s are");
}

/* ------------------------------------------------------------ text */

int fsr_render_trend_summary(const struct fsr_view *v,
			     const struct fsr_render_opts *o,
			     struct fsr_sink *out, struct fsr_diag *d)
{
	struct fsr_view tv = trend_view(v);

	fsr_sink_puts(out, "\n");
	return fsr_render_trend_text(&tv, o, out, d);
}

/* -------------------------------------------------------- Markdown */

static void md_text(struct fsr_buf *b, const char *s)
{
	for (; s && *s; s++) {
		if (strchr("\\`*_[]<>#|!", *s))
			fsr_buf_addc(b, '\\');
		fsr_buf_addc(b, *s == '\n' || *s == '\r' ? ' ' : *s);
	}
}

static void md_item(void *closure, const char *text)
{
	struct fsr_buf *b = closure;

	if (b->len && b->buf[b->len - 1] != '\n')
		fsr_buf_adds(b, "\n");
	fsr_buf_adds(b, "- ");
	md_text(b, text);
}

struct md_grid {
	struct fsr_buf *b;
	size_t n_cols;
};

static void md_start(void *c, const char *name, int head)
{
	struct md_grid *g = c;

	(void)head;
	fsr_buf_adds(g->b, "| ");
	md_text(g->b, name);
	fsr_buf_adds(g->b, " |");
}

static void md_cell(void *c, const char *text, int bold, int head)
{
	struct md_grid *g = c;

	(void)head;
	fsr_buf_adds(g->b, bold ? " **" : " ");
	md_text(g->b, text);
	fsr_buf_adds(g->b, bold ? "** |" : " |");
}

static void md_end(void *c, int head)
{
	struct md_grid *g = c;
	size_t j;

	fsr_buf_adds(g->b, "\n");
	if (!head)
		return;
	fsr_buf_adds(g->b, "|---|");
	for (j = 0; j < g->n_cols; j++)
		fsr_buf_adds(g->b, "---:|");
	fsr_buf_adds(g->b, "\n");
}

void fsr_render_trend_md(const struct fsr_view *v, struct fsr_buf *b)
{
	static const struct grid_ops ops = { md_start, md_cell, md_end };
	const struct fsr_trend *t = v->trend;
	const struct fsr_report *r = v->report;
	struct md_grid g = { b, t->n_order };
	struct fsr_buf c = FSR_BUF_INIT;
	size_t i;

	fsr_buf_adds(b, "## Trend\n\n");
	intro_text(v, &c);
	md_text(b, c.buf);
	fsr_buf_adds(b, "\n\n");
	walk_grid(v, &ops, &g);
	fsr_buf_adds(b, "\n");
	if (!changed_rows(t))
		fsr_buf_adds(b, "- no change point");
	each_step(v, md_item, b);
	fsr_buf_adds(b, "\n\n");
	for (i = 0; i < t->n_rows && v->trend_charts; i++) {
		fsr_buf_reset(&c);
		fsr_buf_adds(&c, "Trend of ");
		fsr_vocab_result_name(r->results[t->rows[i].result], &c);
		fsr_md_chart(b, c.buf, v->trend_charts[2 * i],
			     v->trend_charts[2 * i + 1]);
	}
	fsr_buf_release(&c);
}

/* ------------------------------------------------------------ HTML */

static void put_raw(struct fsr_sink *out, const char *s)
{
	fsr_sink_write_as(out, FSR_ESC_NONE, s, strlen(s));
}

static void html_item(void *closure, const char *text)
{
	put_raw(closure, "<li>");
	fsr_html_put_text(closure, text);
	put_raw(closure, "</li>\n");
}

static void html_start(void *c, const char *name, int head)
{
	put_raw(c, head ? "<thead><tr><th>" : "<tr><th>");
	fsr_html_put_text(c, name);
	put_raw(c, "</th>");
}

static void html_cell(void *c, const char *text, int bold, int head)
{
	put_raw(c, head ? "<th class=\"num\">" : bold ?
		"<td class=\"num cp\"><strong>" : "<td class=\"num\">");
	fsr_html_put_text(c, text);
	put_raw(c, head ? "</th>" : bold ? "</strong></td>" : "</td>");
}

static void html_end(void *c, int head)
{
	put_raw(c, head ? "</tr></thead>\n<tbody>\n" : "</tr>\n");
}

static void html_table(const struct fsr_view *v, struct fsr_sink *out)
{
	static const struct grid_ops ops = { html_start, html_cell, html_end };

	put_raw(out, "<div class=\"wide\">\n<table>\n");
	walk_grid(v, &ops, out);
	put_raw(out, "</tbody>\n</table>\n</div>\n<ul>\n");
	if (!changed_rows(v->trend))
		put_raw(out, "<li>no change point</li>\n");
	each_step(v, html_item, out);
	put_raw(out, "</ul>\n");
}

int fsr_render_trend_html(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_trend *t = v->trend;
	struct fsr_view tv = trend_view(v);
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;
	int rc = 0, link;

	put_raw(out, "<section id=\"trend\">\n<h2>Trend</h2>\n<p>");
	intro_text(v, &b);
	fsr_html_put_text(out, b.buf);
	put_raw(out, "</p>\n");
	html_table(v, out);
	/* past FSR_HTML_INLINE_MAX charts on the page, the trend charts
	 * are linked as the others are (render/pages/html.c): 150 inline
	 * trend charts made 3.9 MB of a 6 MB page */
	link = v->trend_charts && fsr_html_link_charts(v);
	for (i = 0; i < t->n_rows && !rc; i++) {
		/* ids after those of the report's own charts (1 to
		 * n_results + 2) */
		size_t n = v->report->n_results + 3 + i;
		struct fsr_buf cap = FSR_BUF_INIT;

		fsr_buf_adds(&cap, "Trend of ");
		fsr_vocab_result_name(v->report->results[t->rows[i].result],
				      &cap);
		if (link) {
			char id[40];

			snprintf(id, sizeof(id), "trend-chart-%zu", i + 1);
			fsr_html_figure_link(out, id,
					     v->trend_charts[2 * i + 1],
					     cap.buf);
			fsr_buf_release(&cap);
			continue;
		}
		fsr_buf_reset(&b);
		rc = fsr_html_chart_svg(&tv, o, FSR_CHART_RESULT,
					t->rows[i].result, n, &b, d);
		if (!rc) {
			fsr_sink_printf(out, "<figure class=\"chart\" "
					"id=\"trend-chart-%zu\">\n", i + 1);
			fsr_sink_write_as(out, FSR_ESC_NONE, b.buf, b.len);
			put_raw(out, "<figcaption>");
			fsr_html_put_text(out, cap.buf);
			put_raw(out, "</figcaption>\n</figure>\n");
		}
		fsr_buf_release(&cap);
	}
	put_raw(out, "</section>\n");
	fsr_buf_release(&b);
	return rc;
}
