/*
 * csv.c - machine-readable CSV, version 1 (design.md): one header row,
 * then one row per result and system (show) or per result and compared
 * system (compare). Numbers in full precision, "C" locale, empty cells for
 * "not applicable". Quoting is libcsv's.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <csv.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void fsr_csv_field(struct fsr_buf *line, const char *s, int first)
{
	size_t len = strlen(s);

	if (!first)
		fsr_buf_addc(line, ',');
	/* Quote only what needs it (the library's csv_write always
	 * quotes): separators, quotes, line breaks, edge blanks. */
	if (strpbrk(s, ",\"\r\n") ||
	    (len && (s[0] == ' ' || s[0] == '\t' || s[len - 1] == ' ' ||
		     s[len - 1] == '\t'))) {
		size_t room = len * 2 + 2;

		fsr_buf_grow(line, room);
		line->len += csv_write(line->buf + line->len, room, s, len);
		line->buf[line->len] = '\0';
	} else {
		fsr_buf_add(line, s, len);
	}
}

static void num(struct fsr_buf *line, double x)
{
	fsr_buf_addc(line, ',');
	if (isfinite(x))
		fsr_buf_add_double(line, x);
}

static void count(struct fsr_buf *line, size_t n)
{
	fsr_buf_addc(line, ',');
	fsr_buf_add_size(line, n);
}

void fsr_result_short_key(const struct fsr_result *res, char out[16])
{
	unsigned long long h = 1469598103934665603ULL;
	const unsigned char *p = (const unsigned char *)res->key;

	while (*p) {
		h ^= *p++;
		h *= 1099511628211ULL;
	}
	snprintf(out, 16, "r%012llx", h & 0xffffffffffffULL);
}

/* key: fsr_result_short_key() of res, computed once per result. */
static void result_fields(struct fsr_buf *line, const struct fsr_result *res,
			  const char *key)
{
	fsr_csv_field(line, key, 1);
	fsr_csv_field(line, res->title, 0);
	fsr_csv_field(line, res->description, 0);
	fsr_csv_field(line, res->unit, 0);
	fsr_csv_field(line, fsr_better_name(res->better), 0);
}

/* The steady_result column (view/notes.h): "" where it says nothing. */
static const char *steady_result(const struct fsr_report *r,
				 const struct fsr_cell *c,
				 const struct fsr_summary *s)
{
	const char *w = fsr_view_steady_result(r, c, s);

	return w ? w : "";
}

void fsr_csv_show_head(struct fsr_sink *out)
{
	fsr_sink_puts(out, "result,test,description,unit,better,label,n,mean,"
		      "sd,se,ci_low,ci_high,median,min,max,cv_pct,marks,n_failed,"
		      "steady_result\n");
}

void fsr_csv_show_result(const struct fsr_report *r,
			 const struct fsr_result *res,
			 const struct fsr_summary *sum, struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT, marks = FSR_BUF_INIT;
	struct fsr_buf pre = FSR_BUF_INIT; /* the result's fields */
	char key[16];
	size_t j;

	fsr_result_short_key(res, key);
	result_fields(&pre, res, key);
	for (j = 0; j < res->n_cells; j++) {
		const struct fsr_summary *s = &sum[j];

		fsr_buf_reset(&line);
		fsr_buf_add(&line, pre.buf, pre.len);
		fsr_csv_field(&line, r->systems[res->cells[j].system].label, 0);
		count(&line, s->n);
		num(&line, s->mean);
		num(&line, s->sd);
		num(&line, s->se);
		num(&line, s->ci_low);
		num(&line, s->ci_high);
		num(&line, s->median);
		num(&line, s->min);
		num(&line, s->max);
		num(&line, s->cv_pct);
		/* Version 1 grows at the end only (design.md): the view's
		 * marks of the cell, its failed runs */
		fsr_buf_reset(&marks);
		fsr_view_summary_marks(&marks, s);
		fsr_csv_field(&line, marks.len ? marks.buf : "", 0);
		count(&line, res->cells[j].n_failed);
		/* which mean the mean is, where runs have series (--steady;
		 * empty where none has) */
		fsr_csv_field(&line, steady_result(r, &res->cells[j], s), 0);
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
	}
	fsr_buf_release(&line);
	fsr_buf_release(&marks);
	fsr_buf_release(&pre);
}

static int render_show(const struct fsr_view *v, struct fsr_sink *out,
		       struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	size_t i;

	/* on-demand summaries can fail half-way: the output layer holds
	 * what was written (cli/targets.c) */
	fsr_csv_show_head(out);
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_summary *sum = fsr_stats_cells(v->stats, i, d);

		if (!sum)
			return d && d->code ? d->code : FSR_EINTERNAL;
		fsr_csv_show_result(r, r->results[i], sum, out);
	}
	return 0;
}

void fsr_csv_compare_head(struct fsr_sink *out)
{
	fsr_sink_puts(out, "result,test,description,unit,better,baseline,"
		      "label,n_base,n,mean_base,mean,sd_base,sd,delta_pct,"
		      "ci_low_pct,ci_high_pct,p_welch,p_mwu,p_adj,verdict,"
		      "method,ci_level,diff,diff_low,diff_high,mde,"
		      "runs_needed,gmean_base,gmean,center,marks,margin,"
		      "margin_low_pct,margin_high_pct,p_margin,p_margin_adj,"
		      "margin_ci_low_pct,margin_ci_high_pct,margin_ci_level,"
		      "n_failed_base,n_failed,shape_ks_d,shape_p,refused,"
		      "steady_result\n");
}

void fsr_csv_compare_rows(const struct fsr_report *r,
			  const struct fsr_comparison *c, struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT, marks = FSR_BUF_INIT;
	struct fsr_buf pre = FSR_BUF_INIT; /* the result's fields */
	size_t i, last = SIZE_MAX;
	enum fsr_center center = FSR_CENTER_MEAN;
	const char *steady;
	char key[16];

	for (i = 0; i < c->n_rows; i++) {
		const struct fsr_compare_row *row = &c->rows[i];

		/* A result's rows are next to each other. */
		if (row->result != last) {
			fsr_result_short_key(r->results[row->result], key);
			last = row->result;
			center = fsr_view_row_result_center(c, i);
			fsr_buf_reset(&pre);
			result_fields(&pre, r->results[row->result], key);
		}
		fsr_buf_reset(&line);
		fsr_buf_add(&line, pre.buf, pre.len);
		fsr_csv_field(&line, r->systems[row->base_sys].label, 0);
		fsr_csv_field(&line, r->systems[row->sys].label, 0);
		count(&line, row->base->n);
		count(&line, row->other->n);
		num(&line, row->base->mean);
		num(&line, row->other->mean);
		num(&line, row->base->sd);
		num(&line, row->other->sd);
		/* the change every other format prints for the row (issue
		 * 31): its estimate where it has an interval in %, else the
		 * change between the values printed for its result */
		num(&line, fsr_view_change_shown(c, r->results[row->result],
						 row, row->base, row->other,
						 center));
		num(&line, row->ci_low_pct);
		num(&line, row->ci_high_pct);
		num(&line, row->p_welch);
		num(&line, row->p_mwu);
		num(&line, row->p_adj);
		fsr_csv_field(&line, fsr_verdict_name(row->verdict), 0);
		/* Version 1 grows at the end only (design.md). */
		fsr_csv_field(&line, fsr_method_name(row->method), 0);
		num(&line, row->ci_level);
		num(&line, row->diff);
		num(&line, row->diff_low);
		num(&line, row->diff_high);
		num(&line, row->mde_pct);
		num(&line, row->runs_needed);
		/* the view's: the values the change is between, and the
		 * marks the text and the tables carry */
		num(&line, row->base ? row->base->gmean : NAN);
		num(&line, row->other ? row->other->gmean : NAN);
		fsr_csv_field(&line, center == FSR_CENTER_GMEAN ?
			      "gmean" : "mean", 0);
		fsr_buf_reset(&marks);
		fsr_view_marks_text(&marks, fsr_view_row_notes(row, &c->opts) |
				    fsr_view_cell_notes(row, 1) |
				    fsr_view_cell_notes(row, 0));
		fsr_csv_field(&line, marks.buf, 0);
		/* --equivalence / --max-regression (empty without) */
		fsr_csv_field(&line, fsr_margin_name(c->opts.margin), 0);
		num(&line, row->margin_low_pct);
		num(&line, row->margin_high_pct);
		num(&line, row->p_tost);
		num(&line, row->p_tost_adj);
		num(&line, row->eq_low_pct);
		num(&line, row->eq_high_pct);
		num(&line, row->eq_level);
		/* failed runs per side (empty where a side has no data),
		 * the shape of a latency's distribution (empty where not
		 * tested), the percentiles refused (view/notes.h) */
		fsr_buf_addc(&line, ',');
		if (row->base)
			fsr_buf_add_size(&line, row->base->n_failed);
		fsr_buf_addc(&line, ',');
		if (row->other)
			fsr_buf_add_size(&line, row->other->n_failed);
		num(&line, row->shape.d);
		num(&line, row->shape.p);
		fsr_buf_reset(&marks);
		fsr_view_row_refused(&marks, r, row);
		fsr_csv_field(&line, marks.len ? marks.buf : "", 0);
		/* which mean the row's means are (--steady); empty where
		 * neither side has series */
		steady = fsr_view_row_steady_result(r, row);
		fsr_csv_field(&line, steady ? steady : "", 0);
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
	}
	fsr_buf_release(&line);
	fsr_buf_release(&marks);
	fsr_buf_release(&pre);
}

static int render_compare(const struct fsr_view *v, struct fsr_sink *out)
{
	fsr_csv_compare_head(out);
	fsr_csv_compare_rows(v->report, v->cmp, out);
	return 0;
}

int fsr_render_csv(const struct fsr_view *v, const struct fsr_render_opts *o,
		   struct fsr_sink *out, struct fsr_diag *d)
{
	(void)o;
	if (v->command == FSR_CMD_COMPARE)
		return render_compare(v, out);
	return render_show(v, out, d);
}
