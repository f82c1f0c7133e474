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
		      const struct fsr_trend_point *p, struct fsr_buf *b)
{
	fsr_vocab_result_name(v->report->results[row->result], b);
	fsr_buf_addf(b, " at %s: ", v->report->systems[p->sys].label);
	if (isfinite(p->change_pct))
		fsr_buf_addf(b, "%+.2f%%", p->change_pct);
	if (isfinite(p->ci_low_pct))
		fsr_buf_addf(b, " [%+.2f, %+.2f]", p->ci_low_pct,
			     p->ci_high_pct);
	fsr_buf_addf(b, " %s (p %.3f)", p->verdict == FSR_VERDICT_NA ?
		     "no direction" : fsr_verdict_name(p->verdict), p->p);
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
			step_text(v, &t->rows[i], &t->rows[i].points[j], &b);
			item(closure, b.buf);
		}
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
	fsr_buf_addf(b, ". A step is the change of the mean of the run sets' "
		     "means, with its Welch interval; 'same' when the interval "
		     "holds 0 or the step is below %g%%.", t->opts.min_change);
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

void fsr_render_trend_md(const struct fsr_view *v, struct fsr_buf *b)
{
	const struct fsr_trend *t = v->trend;
	const struct fsr_report *r = v->report;
	struct fsr_buf c = FSR_BUF_INIT;
	size_t i, j;

	fsr_buf_adds(b, "## Trend\n\n");
	intro_text(v, &c);
	md_text(b, c.buf);
	fsr_buf_adds(b, "\n\n| Result |");
	for (j = 0; j < t->n_order; j++) {
		fsr_buf_addc(b, ' ');
		md_text(b, r->systems[t->order[j]].label);
		fsr_buf_adds(b, " |");
	}
	fsr_buf_adds(b, "\n|---|");
	for (j = 0; j < t->n_order; j++)
		fsr_buf_adds(b, "---:|");
	fsr_buf_adds(b, "\n");
	for (i = 0; i < t->n_rows; i++) {
		const struct fsr_trend_row *row = &t->rows[i];
		const struct fsr_result *res = r->results[row->result];
		int dec = fsr_trend_decimals(res);

		fsr_buf_reset(&c);
		row_name(res, &c);
		fsr_buf_adds(b, "| ");
		md_text(b, c.buf);
		fsr_buf_adds(b, " |");
		for (j = 0; j < t->n_order; j++) {
			const struct fsr_trend_point *p = &row->points[j];

			fsr_buf_reset(&c);
			mean_text(p, dec, &c);
			fsr_buf_addf(b, p->change_point ? " **%s** |" :
				     " %s |", c.buf);
		}
		fsr_buf_adds(b, "\n");
	}
	fsr_buf_adds(b, "\n");
	if (changed_rows(t))
		each_step(v, md_item, b);
	else
		fsr_buf_adds(b, "- no change point");
	fsr_buf_adds(b, "\n\n");
	for (i = 0; i < t->n_rows && v->trend_charts; i++) {
		fsr_buf_reset(&c);
		fsr_buf_adds(&c, "Trend of ");
		fsr_vocab_result_name(r->results[t->rows[i].result], &c);
		fsr_buf_adds(b, "[![");
		md_text(b, c.buf);
		/* the PNG, then the SVG */
		fsr_buf_addf(b, "](%s)](%s)\n\n", v->trend_charts[2 * i],
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

static void html_table(const struct fsr_view *v, struct fsr_sink *out)
{
	const struct fsr_trend *t = v->trend;
	const struct fsr_report *r = v->report;
	struct fsr_buf c = FSR_BUF_INIT;
	size_t i, j;

	put_raw(out, "<div class=\"wide\">\n<table>\n<thead><tr>"
		"<th>Result</th>");
	for (j = 0; j < t->n_order; j++) {
		put_raw(out, "<th class=\"num\">");
		fsr_html_put_text(out, r->systems[t->order[j]].label);
		put_raw(out, "</th>");
	}
	put_raw(out, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < t->n_rows; i++) {
		const struct fsr_trend_row *row = &t->rows[i];
		const struct fsr_result *res = r->results[row->result];
		int dec = fsr_trend_decimals(res);

		fsr_buf_reset(&c);
		row_name(res, &c);
		put_raw(out, "<tr><th>");
		fsr_html_put_text(out, c.buf);
		put_raw(out, "</th>");
		for (j = 0; j < t->n_order; j++) {
			const struct fsr_trend_point *p = &row->points[j];

			fsr_buf_reset(&c);
			mean_text(p, dec, &c);
			put_raw(out, p->change_point ? "<td class=\"num cp\">"
				"<strong>" : "<td class=\"num\">");
			fsr_html_put_text(out, c.buf);
			put_raw(out, p->change_point ? "</strong></td>" :
				"</td>");
		}
		put_raw(out, "</tr>\n");
	}
	put_raw(out, "</tbody>\n</table>\n</div>\n<ul>\n");
	if (changed_rows(t))
		each_step(v, html_item, out);
	else
		put_raw(out, "<li>no change point</li>\n");
	put_raw(out, "</ul>\n");
	fsr_buf_release(&c);
}

int fsr_render_trend_html(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_trend *t = v->trend;
	struct fsr_view tv = trend_view(v);
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;
	int rc = 0;

	put_raw(out, "<section id=\"trend\">\n<h2>Trend</h2>\n<p>");
	intro_text(v, &b);
	fsr_html_put_text(out, b.buf);
	put_raw(out, "</p>\n");
	html_table(v, out);
	for (i = 0; i < t->n_rows && !rc; i++) {
		/* ids after those of the report's own charts (1 to
		 * n_results + 2) */
		size_t n = v->report->n_results + 3 + i;

		fsr_buf_reset(&b);
		rc = fsr_html_chart_svg(&tv, o, FSR_CHART_RESULT,
					t->rows[i].result, n, &b, d);
		if (rc)
			break;
		fsr_sink_printf(out, "<figure class=\"chart\" "
				"id=\"trend-chart-%zu\">\n", i + 1);
		fsr_sink_write_as(out, FSR_ESC_NONE, b.buf, b.len);
		fsr_buf_reset(&b);
		fsr_buf_adds(&b, "Trend of ");
		fsr_vocab_result_name(v->report->results[t->rows[i].result],
				      &b);
		put_raw(out, "<figcaption>");
		fsr_html_put_text(out, b.buf);
		put_raw(out, "</figcaption>\n</figure>\n");
	}
	put_raw(out, "</section>\n");
	fsr_buf_release(&b);
	return rc;
}
