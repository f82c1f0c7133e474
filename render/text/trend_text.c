/*
 * trend_text.c - trend's text output: a heading naming the method, then
 * per result a block with one line per run set (position, label, n,
 * mean and its interval); a change point is marked '>' and carries the
 * step against the previous segment:
 *
 *	PostMark: Transactions/s [tx/s, higher is better]: 1 change point
 *	     #  run set   n     mean  95% interval
 *	     1  6.1      10  4101.40  4079.15 .. 4123.65
 *	   > 3  6.3      10  3895.02  3873.10 .. 3916.94  -5.03% [-5.61, -4.45] worse (p 0.005)
 */
#include "../trend.h"
#include "../render-internal.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../charts/layout.h"
#include "../vocab.h"

#include "../../lib/alloc.h"
#include "../../lib/numbers.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void fsr_trend_method_text(const struct fsr_trend *t, struct fsr_buf *b)
{
	const struct fsr_cp_opts *c = &t->opts.cp;
	size_t i;

	fsr_buf_addf(b, "change points by E-divisive means (Matteson & James "
		     "2014): permutation test, %zu permutations, seed %lu, "
		     "significance ", c->permutations, c->seed);
	fsr_buf_add_double(b, c->sig);
	fsr_buf_addf(b, ", segments of at least %zu run sets", c->min_size);
	if (c->exponent != 1.0) {
		fsr_buf_adds(b, ", exponent ");
		fsr_buf_add_double(b, c->exponent);
	}
	for (i = 0; c->window && i < t->n_rows; i++)
		if (t->rows[i].n_used > c->window)
			break;
	if (c->window && i < t->n_rows)
		fsr_buf_addf(b, "; a series of more than %zu run sets in "
			     "half-overlapping windows of %zu, each at the "
			     "significance over the number of windows",
			     c->window, c->window);
}

static void pad_to(struct fsr_sink *out, const char *s, size_t w, int right)
{
	size_t sw = fsr_utf8_width(s), i;

	if (right)
		for (i = sw; i < w; i++)
			fsr_sink_puts(out, " ");
	fsr_sink_puts(out, s);
	if (!right)
		for (i = sw; i < w; i++)
			fsr_sink_puts(out, " ");
}

/* The step at point j of row: its change, its interval as the view
 * prints it ("too wide: ..." past a factor of 100), verdict and p. */
static void step_text(const struct fsr_trend_row *row, size_t n, size_t j,
		      const struct fsr_render_opts *o, struct fsr_sink *out)
{
	const struct fsr_trend_point *p = &row->points[j];
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_sink_puts(out, "  ");
	if (isfinite(p->change_pct)) {
		fsr_vocab_pct(&b, p->change_pct, FSR_VIEW_TREND_PCT_DEC);
		if (!isnan(p->ci_low_pct)) {
			fsr_buf_addc(&b, ' ');
			fsr_view_trend_interval(&b, row, n, j);
		}
		fsr_sink_putbuf(out, &b);
		fsr_sink_puts(out, " ");
	}
	fsr_color_puts(out, o, fsr_color_of_verdict(p->verdict),
		       p->verdict == FSR_VERDICT_NA ? "no direction" :
		       fsr_verdict_name(p->verdict));
	fsr_sink_printf(out, " (p %s)", fsr_view_fig(p->p, FSR_FIG_P_REPORT).s);
	fsr_buf_release(&b);
}

struct cols {
	size_t pos, label, n, mean, ci;
};

static void cell_texts(const struct fsr_trend_point *p, int dec,
		       struct fsr_buf *n, struct fsr_buf *mean,
		       struct fsr_buf *ci)
{
	fsr_buf_reset(n);
	fsr_buf_reset(mean);
	fsr_buf_reset(ci);
	if (!p->s) {
		fsr_buf_adds(n, "0");
		fsr_buf_adds(mean, "-");
		return;
	}
	fsr_buf_addf(n, "%zu", p->s->n);
	fsr_buf_add_fixed(mean, p->s->mean, dec);
	if (isfinite(p->s->ci_low)) {
		fsr_buf_add_fixed(ci, p->s->ci_low, dec);
		fsr_buf_adds(ci, " .. ");
		fsr_buf_add_fixed(ci, p->s->ci_high, dec);
	}
}

static void block(const struct fsr_view *v, const struct fsr_trend_row *row,
		  const struct fsr_render_opts *o, struct fsr_sink *out)
{
	const struct fsr_report *r = v->report;
	const struct fsr_trend *t = v->trend;
	const struct fsr_result *res = r->results[row->result];
	struct fsr_buf n = FSR_BUF_INIT, mean = FSR_BUF_INIT,
		       ci = FSR_BUF_INIT, h = FSR_BUF_INIT;
	struct cols w = { 1, 7, 1, 4, 0 };
	int dec = fsr_view_trend_decimals(res);
	size_t j;

	fsr_view_result_name(&h, res, 0);
	fsr_color_puts(out, o, FSR_COLOR_HEADER, h.buf);
	fsr_sink_printf(out, " [%s%s%s]: ", res->unit,
			res->better == FSR_BETTER_UNKNOWN ? "" : ", ",
			res->better == FSR_BETTER_UNKNOWN
				? ""
				: fsr_vocab_direction(res->better));
	if (row->n_changes)
		fsr_sink_printf(out, "%zu change point%s", row->n_changes,
				row->n_changes == 1 ? "" : "s");
	else
		fsr_sink_puts(out, "no change point");
	fsr_buf_reset(&h);
	if (fsr_view_trend_lag1_note(row, &h))
		fsr_sink_printf(out, "; %s", h.buf);
	fsr_sink_puts(out, "\n");
	fsr_buf_reset(&h);
	fsr_buf_addf(&h, "%zu", t->n_order);
	w.pos = h.len;
	for (j = 0; j < t->n_order; j++) {
		const struct fsr_trend_point *p = &row->points[j];
		size_t lw = fsr_utf8_width(r->systems[p->sys].label);

		cell_texts(p, dec, &n, &mean, &ci);
		w.label = lw > w.label ? lw : w.label;
		w.n = n.len > w.n ? n.len : w.n;
		w.mean = mean.len > w.mean ? mean.len : w.mean;
		w.ci = ci.len > w.ci ? ci.len : w.ci;
	}
	fsr_sink_puts(out, "    ");
	pad_to(out, "#", w.pos, 1);
	fsr_sink_puts(out, "  ");
	pad_to(out, "run set", w.label, 0);
	fsr_sink_puts(out, "  ");
	pad_to(out, "n", w.n, 1);
	fsr_sink_puts(out, "  ");
	pad_to(out, "mean", w.mean, 1);
	if (w.ci)
		fsr_sink_printf(out, "  %g%% interval",
				100 * v->stats->confidence);
	fsr_sink_puts(out, "\n");
	for (j = 0; j < t->n_order; j++) {
		const struct fsr_trend_point *p = &row->points[j];

		cell_texts(p, dec, &n, &mean, &ci);
		fsr_buf_reset(&h);
		fsr_buf_addf(&h, "%zu", j + 1);
		fsr_sink_puts(out, p->change_point ? "  > " : "    ");
		pad_to(out, h.buf, w.pos, 1);
		fsr_sink_puts(out, "  ");
		pad_to(out, r->systems[p->sys].label, w.label, 0);
		fsr_sink_puts(out, "  ");
		pad_to(out, n.buf, w.n, 1);
		fsr_sink_puts(out, "  ");
		pad_to(out, mean.buf, w.mean, 1);
		if (p->change_point) {
			fsr_sink_puts(out, "  ");
			pad_to(out, ci.len ? ci.buf : "", w.ci, 0);
			step_text(row, t->n_order, j, o, out);
		} else if (ci.len) {
			fsr_sink_puts(out, "  ");
			fsr_sink_putbuf(out, &ci);
		}
		fsr_sink_puts(out, "\n");
	}
	fsr_sink_puts(out, "\n");
	fsr_buf_release(&n);
	fsr_buf_release(&mean);
	fsr_buf_release(&ci);
	fsr_buf_release(&h);
}

/* Words of text on lines of at most width columns. */
static void wrap(struct fsr_sink *out, const char *text, size_t width)
{
	size_t col = 0;

	while (*text) {
		size_t len = strcspn(text, " ");
		size_t w = len;

		if (col && col + 1 + w > width) {
			fsr_sink_puts(out, "\n");
			col = 0;
		} else if (col) {
			fsr_sink_puts(out, " ");
			col++;
		}
		fsr_sink_write(out, text, len);
		col += w;
		text += len;
		while (*text == ' ')
			text++;
	}
	fsr_sink_puts(out, "\n");
}

int fsr_render_trend_text(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_trend *t = v->trend;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, changed = 0;

	(void)d;
	for (i = 0; i < t->n_rows; i++)
		changed += t->rows[i].n_changes > 0;
	fsr_sink_printf(out, "Trend of %zu result%s over %zu run sets: %zu "
			"with a change point\n", t->n_rows,
			t->n_rows == 1 ? "" : "s", t->n_order, changed);
	fsr_buf_adds(&b, "(");
	fsr_trend_method_text(t, &b);
	fsr_buf_adds(&b, "; a step is the ratio of the run sets' geometric "
		     "means, with Welch's ");
	fsr_view_level_exact(&b, t->ci_level);
	fsr_buf_addf(&b, " interval of their logarithms; 'same' when the "
		     "interval holds 0 or the step is below %g%%)",
		     t->opts.min_change);
	wrap(out, b.buf, o->width > 20 ? (size_t)o->width - 1 : 79);
	fsr_sink_puts(out, "\n");
	for (i = 0; i < t->n_rows; i++)
		block(v, &t->rows[i], o, out);
	if (t->n_skipped)
		fsr_sink_printf(out, "%zu result%s not numeric (pass/fail, "
				"line graphs): not in the trend\n",
				t->n_skipped, t->n_skipped == 1 ? " is" :
				"s are");
	fsr_text_run_notes(v->report, out, o->width > 20 ? (size_t)o->width - 1 : 79,
		  "");
	fsr_buf_release(&b);
	return 0;
}
