/*
 * compare_text.c - the text report of "fsreport compare" (the default
 * format): per result, the baseline's and every other system's n, mean
 * with its interval and CV; for each other system the change in % with
 * its interval, the corrected p and the verdict; letters pointing at
 * notes. Then the geometric mean per system, the notes, and how the
 * numbers were made. Everything fits --width (80 by default): a row that
 * does not fit on one line goes on two.
 *
 *	Transactions/s (tx/s, higher is better)
 *	  buffered     10  3411 ± 12  0.5%
 *	  unbuffered   10  3440 ± 15  0.6%  +0.84% [+0.20, +1.48]  0.041  same
 *
 * Made in the pieces of render.h, fsr_compare_text_*(): each result's
 * lines and whatever the end of the report says of its rows are kept as
 * texts as the result comes (fsr_compare_text_result()); everything is
 * printed at the write, which reads no result and no row. One thing is
 * left to the write because it needs every line: the labels are cut
 * together (cut_line_labels()), so a line keeps its system's index.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../vocab.h"
#include "compare_notes.h"
#include "../../view/view.h"
#include "../charts/layout.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


/* Columns of a system line. */
enum col {
	C_LABEL, C_N, C_MEAN, C_PM, C_CV, C_CHANGE, C_CI, C_P, C_VERDICT,
	C_NOTES, C_COUNT
};

/* A line's cells while fsr_compare_text_result() makes them. */
struct cells {
	char *cell[C_COUNT];
	enum fsr_color color;   /* of the verdict */
	enum fsr_center center; /* of its result's values (the view's) */
};

/* A system line as kept until the table is written: its label is its
 * system's (cut at write time, when every line's label is known), its
 * other cells, C_N to C_NOTES, NUL-ended one after the other in the
 * text blocks, then, on the first line of a result, the result's title
 * (put_title()). 16 bytes a line. */
struct line {
	char *text;
	unsigned sys;
	unsigned char first;   /* first line of its result */
	unsigned char row;     /* a compared system's line, not the baseline */
	unsigned char color;   /* enum fsr_color, of the verdict */
};

struct fsr_compare_text {
	const struct fsr_render_opts *o;
	/* the view and comparison of the call under way (_result, _write) */
	const struct fsr_view *v;
	const struct fsr_comparison *c;
	struct fsr_sink *out;
	struct line *lines;
	size_t n_lines, cap_lines;
	struct fsr_texts texts; /* the lines' cells and titles */
	size_t n_systems;
	unsigned char *seen;   /* [n_systems]: the system has a line */
	char **cut;            /* [n_systems]: its label as its lines read */
	size_t n_rows;         /* rows seen, over every result */
	size_t n_numeric, n_few; /* rows numeric, of those FSR_ROW_FEW_CI */
	struct fsr_view_runs runs; /* fsr_view_one_run_each() over every row */
	int used[N_COUNT];
	struct fsr_buf outliers; /* the list under note o */
	struct fsr_buf first;    /* the cells under note w, one a line */
	struct fsr_buf steady;   /* the cells under note y, one a line */
	struct fsr_buf drift;    /* the cells under note t, one a line */
	struct fsr_buf rate;     /* the cells under note r, one a line */
	size_t n_outlier_cells;
	/* put_power()'s, put_margin()'s lines, NUL-ended each */
	struct fsr_buf power, margin;
	double margin_level;     /* eq_level of the first margin line */
	double eq_level;         /* the first row's eq_level not NAN */
	/* put_method()'s rows the U test cannot judge: how many, and the
	 * first 3 of them, NUL-ended each */
	size_t few_mwu;
	struct fsr_buf mwu;
	struct fsr_buf shapes;   /* fsr_view_shape_text() of every row */
	struct fsr_buf refusals; /* fsr_view_refusals() of every result */
	/* the names of the results only in the baseline, only in others,
	 * NUL-ended each */
	struct fsr_buf only_base, only_other;
	size_t n_only_base, n_only_other;
	size_t width[C_COUNT]; /* cells' widest, then the columns' */
	int one_run; /* fsr_view_one_run_each() (at write time) */
	int no_pm;   /* no line prints a mean's ± CI (geometric means) */
};

static char *detach(struct fsr_buf *b)
{
	return fsr_buf_detach(b);
}

/* s[0..len) copied into rp's text blocks. */
static char *keep(struct fsr_compare_text *rp, const char *s, size_t len)
{
	return fsr_texts_keep(&rp->texts, s, len);
}

/* s and its NUL appended to the list b. */
static void list_add(struct fsr_buf *b, const char *s)
{
	fsr_buf_add(b, s, strlen(s) + 1);
}

/* x with a '+' when it is not negative: a difference in the unit. */
static void add_signed(struct fsr_buf *b, double x,
		       const struct fsr_numfmt *f)
{
	if (x >= 0)
		fsr_buf_addc(b, '+');
	fsr_view_add_num(b, x, f);
}

static void add_p(struct fsr_buf *b, double p)
{
	if (isnan(p))
		return;
	fsr_view_add_fig(b, p, FSR_FIG_P_REPORT);
}

static void note(struct fsr_compare_text *rp, struct fsr_buf *notes,
		 enum fsr_note n)
{
	rp->used[n] = 1;
	fsr_buf_addc(notes, fsr_note_letter[n]);
}

static const char *result_name(const struct fsr_result *res,
			       struct fsr_buf *b)
{
	fsr_buf_reset(b);
	fsr_view_result_name(b, res, 0);
	return b->buf;
}

/* List the samples of cell c outside [fence[0], fence[1]], printed as
 * the cell's mean is (f, the view's). */
static void list_outliers(struct fsr_compare_text *rp,
			  const struct fsr_result *res,
			  const struct fsr_cell *c, const char *label,
			  const double fence[2], const struct fsr_numfmt *f)
{
	struct fsr_buf name = FSR_BUF_INIT;
	size_t i, k = 0;

	if (++rp->n_outlier_cells > 12)
		return;
	fsr_buf_addf(&rp->outliers, "%s, %s:", result_name(res, &name),
		     label);
	for (i = 0; i < c->n; i++) {
		if (c->samples[i] >= fence[0] && c->samples[i] <= fence[1])
			continue;
		if (++k > 6) {
			fsr_buf_adds(&rp->outliers, " ...");
			break;
		}
		fsr_buf_addc(&rp->outliers, ' ');
		fsr_view_add_num(&rp->outliers, c->samples[i], f);
	}
	fsr_buf_addc(&rp->outliers, '\n');
	fsr_buf_release(&name);
}

/* The cell columns (n, mean, ±, CV) and the per-cell notes. Where the
 * view prints the geometric means (the change beside them is their
 * ratio), the geometric mean, without the arithmetic mean's interval. */
static void cell_columns(struct fsr_compare_text *rp, struct cells *ln,
			 const struct fsr_result *res, size_t ci,
			 const struct fsr_summary *s, size_t n_outliers,
			 const double fence[2], struct fsr_buf *notes)
{
	const struct fsr_cell *c = &res->cells[ci];
	const char *label = rp->v->report->systems[c->system].label;
	struct fsr_buf b = FSR_BUF_INIT;
	double h = s->n >= 2 ? s->ci_high - s->mean : NAN;
	struct fsr_numfmt fmt = fsr_view_numfmt(h, fabs(s->mean),
						c->stored_decimals);
	const struct fsr_numfmt *f = &fmt;

	fsr_buf_addf(&b, "%zu", s->n);
	if (c->n_failed) /* counted beside n, as the show table does */
		fsr_buf_addf(&b, " (%zu failed)", c->n_failed);
	ln->cell[C_N] = detach(&b);
	if (ln->center == FSR_CENTER_GMEAN && s->n >= 2 &&
	    isfinite(s->gmean)) {
		/* the digits the arithmetic interval would give; the
		 * spread is the CV's, the interval the change's */
		fsr_view_add_num(&b, s->gmean, f);
		ln->cell[C_MEAN] = detach(&b);
		ln->cell[C_PM] = fsr_xstrdup("");
	} else if (s->n >= 2 && isfinite(s->ci_high)) {
		fsr_view_add_num(&b, s->mean, f);
		ln->cell[C_MEAN] = detach(&b);
		fsr_buf_adds(&b, "± ");
		fsr_view_add_spread(&b, s->ci_high - s->mean, f);
		ln->cell[C_PM] = detach(&b);
	} else {
		if (f->scale != 1 && s->n >= 1 && isfinite(s->mean))
			fsr_view_add_num(&b, s->mean, f);
		else
			fsr_cell_value_text(c, s, &b);
		ln->cell[C_MEAN] = detach(&b);
		ln->cell[C_PM] = fsr_xstrdup("");
	}
	if (isfinite(s->cv_pct))
		fsr_vocab_percent(&b, s->cv_pct, 1);
	ln->cell[C_CV] = detach(&b);
	if (c->n_failed)
		note(rp, notes, N_FAILED);
	if (fsr_view_first_run(s)) {
		note(rp, notes, N_FIRST);
		fsr_buf_addf(&rp->first, "%s, %s: ",
			     result_name(res, &b), label);
		fsr_buf_reset(&b);
		fsr_view_first_run_text(&rp->first, s, 1, res->unit);
		fsr_buf_addc(&rp->first, '\n');
	}
	if (fsr_view_never_steady(s)) {
		note(rp, notes, N_STEADY);
		fsr_buf_addf(&rp->steady, "%s, %s: ",
			     result_name(res, &b), label);
		fsr_buf_reset(&b);
		fsr_view_steady_text(&rp->steady, s, 1, res->unit);
		fsr_buf_addc(&rp->steady, '\n');
	}
	if (fsr_view_drift(s)) {
		note(rp, notes, N_DRIFT);
		fsr_buf_addf(&rp->drift, "%s, %s: ",
			     result_name(res, &b), label);
		fsr_buf_reset(&b);
		fsr_view_drift_text(&rp->drift, s, 1, res->unit);
		fsr_buf_addc(&rp->drift, '\n');
	}
	if (fsr_view_read_rate(s)) {
		note(rp, notes, N_RATE);
		fsr_buf_addf(&rp->rate, "%s, %s: ",
			     result_name(res, &b), label);
		fsr_buf_reset(&b);
		fsr_view_read_rate_text(&rp->rate, s, 1, res->unit);
		fsr_buf_addc(&rp->rate, '\n');
	}
	if (n_outliers) {
		note(rp, notes, N_OUTLIERS);
		list_outliers(rp, res, c, label, fence, f);
	}
	if (s->cv_pct > FSR_HIGH_CV_PCT)
		note(rp, notes, N_CV);
	fsr_buf_release(&b);
}

/* The change and its interval: in % (two significant digits of the
 * interval), or, with note a, the difference in the result's unit. A
 * change without an interval is the view's change between the values
 * printed (ln->center), not the row's own change of the means. */
static void change_columns(const struct fsr_comparison *c, struct cells *ln,
			   const struct fsr_result *res,
			   const struct fsr_compare_row *row)
{
	struct fsr_buf b = FSR_BUF_INIT;
	int dec = fsr_view_pct_decimals_ci(row->ci_low_pct,
					    row->ci_high_pct);
	double change = fsr_view_change_shown(c, res, row, row->base,
					      row->other, ln->center);

	if (row->flags & FSR_ROW_DIFF_UNIT && isfinite(row->diff)) {
		double h = (row->diff_high - row->diff_low) / 2;
		struct fsr_numfmt f = fsr_view_numfmt(h, fmax(fabs(row->diff_low),
						     fabs(row->diff_high)),
					     -1);

		add_signed(&b, row->diff, &f);
		if (*res->unit)
			fsr_buf_addf(&b, " %s", res->unit);
		ln->cell[C_CHANGE] = detach(&b);
		if (isfinite(row->diff_low) && isfinite(row->diff_high)) {
			fsr_buf_addc(&b, '[');
			add_signed(&b, row->diff_low, &f);
			fsr_buf_adds(&b, ", ");
			add_signed(&b, row->diff_high, &f);
			fsr_buf_addc(&b, ']');
		}
		ln->cell[C_CI] = detach(&b);
		return;
	}
	if (fsr_view_ci_too_wide(row))
		dec = fsr_view_pct_decimals(change);
	if (isfinite(change))
		fsr_vocab_pct(&b, change, dec);
	ln->cell[C_CHANGE] = detach(&b);
	if (fsr_view_ci_too_wide(row))
		fsr_view_too_wide_text(&b, row);
	else
		fsr_vocab_pct_brackets(&b, row->ci_low_pct, row->ci_high_pct,
				       dec);
	ln->cell[C_CI] = detach(&b);
}

/* The comparison columns of a non-baseline line, and the row notes. */
static void row_columns(struct fsr_compare_text *rp, struct cells *ln,
			const struct fsr_result *res,
			const struct fsr_compare_row *row,
			struct fsr_buf *notes)
{
	const struct fsr_comparison *c = rp->c;
	struct fsr_buf b = FSR_BUF_INIT;
	unsigned bits;
	size_t i;

	change_columns(c, ln, res, row);
	add_p(&b, row->p_adj);
	ln->cell[C_P] = detach(&b);
	ln->cell[C_VERDICT] = fsr_xstrdup(fsr_vocab_verdict_name(row));
	ln->color = fsr_color_of_verdict(row->verdict);
	bits = fsr_view_row_notes(row, &c->opts);
	for (i = 0; i < N_COUNT; i++)
		if (bits & 1u << fsr_view_mark_order[i])
			note(rp, notes, fsr_view_mark_order[i]);
	fsr_buf_release(&b);
}

/* The title of result res over its lines (its values' center). */
static void title_text(struct fsr_buf *t, const struct fsr_result *res,
		       enum fsr_center center)
{
	fsr_view_result_name(t, res, 1);
	fsr_buf_addf(t, " (%s%s%s%s)", res->unit, *res->unit ? ", " : "",
		     fsr_vocab_direction(res->better),
		     center == FSR_CENTER_GMEAN ? "; geometric means" : "");
}

/* The line of system sys, cells cl (freed and emptied) kept, counted in
 * the columns' widths; title: its result's on the result's first line,
 * else NULL. */
static void add_line(struct fsr_compare_text *rp, size_t sys, struct cells *cl,
		     int row, const char *title)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct line *ln;
	int k;

	if (sys >= rp->n_systems || sys > UINT_MAX)
		FSR_BUG("system %zu of %zu", sys, rp->n_systems);
	FSR_GROW(rp->lines, rp->cap_lines, rp->n_lines + 1);
	ln = &rp->lines[rp->n_lines++];
	ln->sys = (unsigned)sys;
	ln->first = title != NULL;
	ln->row = (unsigned char)row;
	ln->color = (unsigned char)cl->color;
	rp->seen[sys] = 1;
	for (k = C_N; k < C_COUNT; k++) {
		const char *s = cl->cell[k] ? cl->cell[k] : "";
		size_t w = fsr_utf8_width(s);

		if (w > rp->width[k])
			rp->width[k] = w;
		if (k == C_PM && *s)
			rp->no_pm = 0;
		list_add(&b, s);
		free(cl->cell[k]);
		cl->cell[k] = NULL;
	}
	if (title)
		list_add(&b, title);
	ln->text = keep(rp, b.buf, b.len);
	fsr_buf_release(&b);
}

/* What the end of the report says of row (of result res): the counts
 * behind the warnings, the power and margin lines, the rows the U test
 * cannot judge, the shape tests. */
static void row_end_texts(struct fsr_compare_text *rp,
			  const struct fsr_result *res,
			  const struct fsr_compare_row *row)
{
	const struct fsr_comparison *c = rp->c;
	const struct fsr_report *r = rp->v->report;
	const char *label = r->systems[row->sys].label;
	struct fsr_buf b = FSR_BUF_INIT, name = FSR_BUF_INIT;

	rp->n_rows++;
	if (!(row->flags & (FSR_ROW_NOT_NUMERIC | FSR_ROW_MISSING))) {
		rp->n_numeric++;
		if (row->flags & FSR_ROW_FEW_CI)
			rp->n_few++;
	}
	if (isnan(rp->eq_level)) /* fsr_view_eq_level()'s */
		rp->eq_level = row->eq_level;
	if (isfinite(row->mde_pct) || !isnan(row->runs_needed)) {
		fsr_buf_addf(&b, "%s, %s:", result_name(res, &name), label);
		if (isfinite(row->mde_pct)) {
			fsr_buf_addc(&b, ' ');
			fsr_view_mde_text(&b, row);
		}
		if (isfinite(row->runs_needed))
			fsr_buf_addf(&b, "%s%s runs", isfinite(row->mde_pct)
				     ? "; " : " ",
				     fsr_view_fig(row->runs_needed,
						  FSR_FIG_COUNT).s);
		else if (isinf(row->runs_needed)) /* beyond the search */
			fsr_buf_addf(&b, "%smore than 10000 runs",
				     isfinite(row->mde_pct) ? "; " : " ");
		list_add(&rp->power, b.buf);
	}
	if (c->opts.margin != FSR_MARGIN_NONE && isfinite(row->p_tost_adj)) {
		if (!rp->margin.len)
			rp->margin_level = row->eq_level;
		fsr_buf_reset(&b);
		fsr_buf_addf(&b, "%s, %s: ", result_name(res, &name), label);
		fsr_view_margin_row(&b, row);
		fsr_buf_addf(&b, ": %s", fsr_vocab_verdict_name(row));
		if (row->flags & FSR_ROW_WITHIN_MARGIN)
			fsr_buf_adds(&b, ", and inside the margin");
		list_add(&rp->margin, b.buf);
	}
	if (row->flags & FSR_ROW_FEW_MWU && !(row->flags & FSR_ROW_FEW_CI) &&
	    ++rp->few_mwu <= 3) {
		/* the rows' own counts and floors, not a textbook case */
		fsr_buf_reset(&b);
		fsr_buf_addf(&b, "%s, %s: %zu + %zu runs",
			     result_name(res, &name), label,
			     row->base ? row->base->n : 0,
			     row->other ? row->other->n : 0);
		if (row->n_tied)
			fsr_buf_addf(&b, ", %zu of them tied", row->n_tied);
		if (isfinite(row->mwu_p_floor)) {
			fsr_buf_adds(&b, ", at best p = ");
			fsr_view_add_fig(&b, row->mwu_p_floor, FSR_FIG_P);
		}
		list_add(&rp->mwu, b.buf);
	}
	fsr_view_shape_text(&rp->shapes, r, row, c->opts.alpha);
	fsr_buf_release(&b);
	fsr_buf_release(&name);
}

/* Result i's lines, the baseline's then each row's of rp->c, and what
 * the end of the report says of its rows. */
static void result_lines(struct fsr_compare_text *rp, size_t i)
{
	const struct fsr_comparison *c = rp->c;
	const struct fsr_result *res = rp->v->report->results[i];
	const struct fsr_compare_row *first = NULL;
	struct fsr_buf notes = FSR_BUF_INIT, title = FSR_BUF_INIT;
	struct cells cl;
	size_t k;

	for (k = 0; k < c->n_rows && !first; k++)
		if (c->rows[k].result == i)
			first = &c->rows[k];
	if (!first)
		return;
	memset(&cl, 0, sizeof(cl));
	cl.center = fsr_view_result_center(c, i);
	title_text(&title, res, cl.center);
	cell_columns(rp, &cl, res, first->base_cell, first->base,
		     first->outliers_base, first->fence_base, &notes);
	cl.cell[C_NOTES] = detach(&notes);
	add_line(rp, first->base_sys, &cl, 0, title.buf);
	for (k = 0; k < c->n_rows; k++) {
		const struct fsr_compare_row *row = &c->rows[k];

		if (row->result != i)
			continue;
		cl.color = FSR_COLOR_NONE;
		cell_columns(rp, &cl, res, row->cell, row->other,
			     row->outliers, row->fence, &notes);
		row_columns(rp, &cl, res, row, &notes);
		cl.cell[C_NOTES] = detach(&notes);
		add_line(rp, row->sys, &cl, 1, NULL);
		row_end_texts(rp, res, row);
	}
	fsr_buf_release(&title);
	fsr_buf_release(&notes);
}

/* Whether list[0..n) holds i. */
static int holds(const size_t *list, size_t n, size_t i)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (list[k] == i)
			return 1;
	return 0;
}

struct fsr_compare_text *fsr_compare_text_begin(
	const struct fsr_view *v, const struct fsr_render_opts *o)
{
	struct fsr_compare_text *rp = fsr_xcalloc(1, sizeof(*rp));

	rp->o = o;
	/* buffers start as FSR_BUF_INIT, never zeroed (lib/strbuf.h) */
	fsr_buf_init(&rp->outliers);
	fsr_buf_init(&rp->first);
	fsr_buf_init(&rp->steady);
	fsr_buf_init(&rp->drift);
	fsr_buf_init(&rp->rate);
	fsr_buf_init(&rp->power);
	fsr_buf_init(&rp->margin);
	fsr_buf_init(&rp->mwu);
	fsr_buf_init(&rp->shapes);
	fsr_buf_init(&rp->refusals);
	fsr_buf_init(&rp->only_base);
	fsr_buf_init(&rp->only_other);
	rp->n_systems = v->report->n_systems;
	rp->seen = fsr_xcalloc(rp->n_systems + 1, sizeof(*rp->seen));
	rp->cut = fsr_xcalloc(rp->n_systems + 1, sizeof(*rp->cut));
	rp->no_pm = 1;
	rp->eq_level = rp->margin_level = NAN;
	return rp;
}

void fsr_compare_text_result(struct fsr_compare_text *rp,
			     const struct fsr_view *v, size_t i,
			     const struct fsr_comparison *c)
{
	struct fsr_report one = *v->report;
	struct fsr_buf name = FSR_BUF_INIT;

	rp->v = v;
	rp->c = c;
	fsr_view_runs_seen(c, &rp->runs);
	result_lines(rp, i);
	/* fsr_view_refusals() of this result alone */
	one.results = v->report->results + i;
	one.n_results = 1;
	fsr_view_refusals(&rp->refusals, &one);
	if (holds(c->only_base, c->n_only_base, i)) {
		list_add(&rp->only_base, result_name(v->report->results[i],
						     &name));
		rp->n_only_base++;
	}
	if (holds(c->only_other, c->n_only_other, i)) {
		list_add(&rp->only_other, result_name(v->report->results[i],
						      &name));
		rp->n_only_other++;
	}
	fsr_buf_release(&name);
	rp->v = NULL;
	rp->c = NULL;
}

/* ------------------------------------------------------------ layout */

static const char *const header[C_COUNT] = {
	"", "n", "mean", "± CI", "CV", "change", "[CI]", "p", "verdict", "",
};

/* Column k's heading: none over the interval, CV and p columns when
 * every system has one run (they are empty: nothing is promised). */
static const char *head(const struct fsr_compare_text *rp, int k)
{
	if ((k == C_PM || k == C_CV || k == C_CI || k == C_P) && rp->one_run)
		return "";
	/* geometric means print no ± CI (the interval is the change's):
	 * promise none */
	if (k == C_PM && rp->no_pm)
		return "";
	return header[k];
}

/* The width the report fits: --width, else 80. */
static size_t report_width(const struct fsr_compare_text *rp)
{
	return rp->o->width > 20 ? (size_t)rp->o->width : 80;
}

/* Labels longer than this are shortened in the middle (render/wrap.c,
 * the charts' rule) to keep rows short; down to LABEL_MIN where that
 * keeps each row on one line at the report's width. */
#define LABEL_MAX 24
#define LABEL_MIN 16

/* labels[0..n) shortened together to max columns (render/wrap.c, the
 * charts' rule): labels that differ stay different. Each is replaced. */
static void cut_labels(char **labels[], size_t n, size_t max)
{
	const char **in = fsr_xcalloc(n + 1, sizeof(*in));
	char **out;
	size_t i;

	for (i = 0; i < n; i++)
		in[i] = *labels[i];
	out = fsr_wrap_shorten_apart(fsr_wrap_columns, NULL, FSR_FONT_LABEL,
				     in, n, max);
	for (i = 0; i < n; i++) {
		free(*labels[i]);
		*labels[i] = out[i];
	}
	free(out);
	free(in);
}

/* The labels of all lines, shortened together to max columns, as every
 * line of a system reads the same: rp->cut[sys]. fsr_wrap_shorten_apart()
 * gives a label the cut of its first line, which depends on the lines
 * before it (cut apart already) and after it (not yet) of other labels,
 * by whether a cut is among them, not how often: it is given the lines
 * up to the last system's first and then one line of each system that
 * has more, the same cuts as every line (110 000 lines of two 10 000-result
 * files were 4 MB and, where cuts collide, quadratic). */
static void cut_line_labels(struct fsr_compare_text *rp, size_t max)
{
	const struct fsr_system *sys = rp->v->report->systems;
	unsigned char *had = fsr_xcalloc(rp->n_systems + 1, 1);
	size_t *first = fsr_xcalloc(rp->n_systems + 1, sizeof(*first));
	size_t i, n = 0, last = 0;
	const char **in;
	char **out;

	for (i = 0; i < rp->n_lines; i++)
		if (!had[rp->lines[i].sys]) {
			had[rp->lines[i].sys] = 1;
			first[rp->lines[i].sys] = i;
			last = i;
		}
	memset(had, 0, rp->n_systems);
	in = fsr_xcalloc(last + 2 + rp->n_systems, sizeof(*in));
	for (i = 0; i < rp->n_lines; i++) {
		unsigned k = rp->lines[i].sys;

		if (i > last && had[k])
			continue;
		if (i > last)
			had[k] = 1;
		in[n++] = sys[k].label;
	}
	out = fsr_wrap_shorten_apart(fsr_wrap_columns, NULL, FSR_FONT_LABEL,
				     in, n, max);
	for (i = 0; i < rp->n_systems; i++)
		if (rp->seen[i]) {
			rp->cut[i] = out[first[i]];
			out[first[i]] = NULL;
		}
	for (i = 0; i < n; i++)
		free(out[i]);
	free(out);
	free(first);
	free(had);
	free(in);
}

/* The columns' widths: the cells' (rp->width, from add_line()) and the
 * headings', the labels' as cut when cut is set. */
static void column_widths(struct fsr_compare_text *rp, int cut)
{
	size_t i;
	int k;

	rp->width[C_LABEL] = 0;
	for (i = 0; i < rp->n_systems; i++) {
		const char *s = cut ? rp->cut[i] :
				      rp->v->report->systems[i].label;
		size_t w;

		if (!rp->seen[i])
			continue;
		w = fsr_utf8_width(s);
		if (w > rp->width[C_LABEL])
			rp->width[C_LABEL] = w;
	}
	for (k = 0; k < C_COUNT; k++)
		if (fsr_utf8_width(head(rp, k)) > rp->width[k])
			rp->width[k] = fsr_utf8_width(head(rp, k));
}

static size_t span(const struct fsr_compare_text *rp, int from, int to);

/* The columns' widths, the labels shortened to LABEL_MAX, or further
 * (not below LABEL_MIN) where that is what keeps a row on one line. */
static void measure(struct fsr_compare_text *rp)
{
	size_t one, width = report_width(rp), max = LABEL_MAX;

	column_widths(rp, 0);
	if (rp->width[C_LABEL] > LABEL_MAX)
		rp->width[C_LABEL] = LABEL_MAX;
	one = span(rp, C_LABEL, C_NOTES) + 1 + rp->width[C_NOTES];
	if (one > width && rp->width[C_LABEL] >= LABEL_MIN &&
	    one - width <= rp->width[C_LABEL] - LABEL_MIN)
		max = rp->width[C_LABEL] - (one - width);
	cut_line_labels(rp, max);
	column_widths(rp, 1);
}

/* Print b without trailing blanks, then a newline. */
static void put_line(struct fsr_sink *out, struct fsr_buf *b)
{
	while (b->len && b->buf[b->len - 1] == ' ')
		b->buf[--b->len] = '\0';
	fsr_buf_addc(b, '\n');
	fsr_sink_putbuf(out, b);
	fsr_buf_reset(b);
}

/* Where each column starts and which are right-aligned. */
static const int right_aligned[C_COUNT] = { 0, 1, 1, 0, 1, 1, 0, 1, 0, 0 };
static const char *const gap_before[C_COUNT] = {
	"  ", " ", "  ", " ", "  ", "  ", " ", "  ", "  ", " ",
};

/* The gap before column k: none before an empty column head() leaves
 * without a heading (one run per system), so the others close up. */
static const char *gap(const struct fsr_compare_text *rp, int k)
{
	return *header[k] && !*head(rp, k) && !rp->width[k] ? "" :
	       gap_before[k];
}

static size_t span(const struct fsr_compare_text *rp, int from, int to)
{
	size_t w = 0;
	int k;

	for (k = from; k < to; k++)
		w += strlen(gap(rp, k)) + rp->width[k];
	return w;
}

/*
 * One line: columns [from, to) after an indent of ind spaces. The
 * verdict is coloured; padding stays outside the escape codes.
 */
static void put_cols(struct fsr_compare_text *rp, struct fsr_buf *b,
		     char *const *cells, int from, int to, size_t ind,
		     enum fsr_color color)
{
	int k;

	fsr_buf_addch_n(b, ' ', ind);
	for (k = from; k < to; k++) {
		if (k > from || ind == 0)
			fsr_buf_adds(b, gap(rp, k));
		if (k == C_VERDICT && color != FSR_COLOR_NONE && *cells[k]) {
			size_t w = fsr_utf8_width(cells[k]);

			fsr_sink_putbuf(rp->out, b);
			fsr_buf_reset(b);
			fsr_color_puts(rp->out, rp->o, color, cells[k]);
			if (w < rp->width[k])
				fsr_buf_addch_n(b, ' ', rp->width[k] - w);
			continue;
		}
		fsr_wrap_pad(b, cells[k], rp->width[k], right_aligned[k]);
	}
}

/* Wrap text at the report width (render/wrap.c): the first line after
 * ind spaces, the others after hang spaces; the text (not the indent)
 * in colour c. A text without words prints an empty line after an
 * indent, nothing without one. */
static void wrap_color(struct fsr_compare_text *rp, const char *text,
		       size_t ind, size_t hang, enum fsr_color c)
{
	size_t width = report_width(rp);
	struct fsr_buf b = FSR_BUF_INIT;
	char **lines = NULL;
	size_t n = 0, cap = 0, i;

	fsr_wrap_hang(text, width - ind, width - hang, &lines, &n, &cap);
	for (i = 0; i < n; i++) {
		size_t in = i ? hang : ind;

		if (!*lines[i] && n == 1 && !ind)
			break;
		fsr_buf_addch_n(&b, ' ', in);
		if (c == FSR_COLOR_NONE || !rp->o->color || !*lines[i]) {
			fsr_buf_adds(&b, lines[i]);
			put_line(rp->out, &b);
			continue;
		}
		fsr_sink_putbuf(rp->out, &b);
		fsr_buf_reset(&b);
		fsr_color_puts(rp->out, rp->o, c, lines[i]);
		fsr_sink_puts(rp->out, "\n");
	}
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	fsr_buf_release(&b);
}

/* Wrap text at the report width, without colour. */
static void wrap(struct fsr_compare_text *rp, const char *text, size_t ind,
		 size_t hang)
{
	wrap_color(rp, text, ind, hang, FSR_COLOR_NONE);
}

static void put_title(struct fsr_compare_text *rp, const char *title)
{
	fsr_sink_puts(rp->out, "\n");
	wrap_color(rp, title, 0, 2, FSR_COLOR_HEADER);
}

static void put_table(struct fsr_compare_text *rp)
{
	size_t width = report_width(rp);
	size_t one = span(rp, C_LABEL, C_NOTES) + 1 + rp->width[C_NOTES];
	size_t ind2 = strlen(gap(rp, C_LABEL)) + rp->width[C_LABEL] + 2;
	int two = one > width;
	char *hdr[C_COUNT];
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;
	int k;

	for (k = 0; k < C_COUNT; k++)
		hdr[k] = (char *)head(rp, k);
	if (two) {
		/* The change goes under the numbers, after the label. */
		size_t w2 = ind2 + span(rp, C_CHANGE, C_NOTES) -
			    strlen(gap(rp, C_CHANGE));

		if (w2 > width)
			ind2 = 4;
	}
	/* The column header, once. */
	fsr_sink_puts(rp->out, "\n");
	put_cols(rp, &b, hdr, C_LABEL, two ? C_CHANGE : C_NOTES, 0,
		 FSR_COLOR_NONE);
	put_line(rp->out, &b);
	if (two) {
		put_cols(rp, &b, hdr, C_CHANGE, C_NOTES, ind2,
			 FSR_COLOR_NONE);
		put_line(rp->out, &b);
	}
	for (i = 0; i < rp->n_lines; i++) {
		const struct line *ln = &rp->lines[i];
		enum fsr_color color = (enum fsr_color)ln->color;
		char *cell[C_COUNT];
		char *s = ln->text;

		cell[C_LABEL] = rp->cut[ln->sys];
		for (k = C_N; k < C_COUNT; k++) {
			cell[k] = s;
			s += strlen(s) + 1;
		}
		if (ln->first)
			put_title(rp, s);
		if (!two) {
			put_cols(rp, &b, cell, C_LABEL, C_COUNT, 0, color);
			put_line(rp->out, &b);
			continue;
		}
		put_cols(rp, &b, cell, C_LABEL, C_CHANGE, 0, FSR_COLOR_NONE);
		if (!ln->row) {
			fsr_buf_adds(&b, gap_before[C_NOTES]);
			fsr_buf_adds(&b, cell[C_NOTES]);
			put_line(rp->out, &b);
			continue;
		}
		put_line(rp->out, &b);
		put_cols(rp, &b, cell, C_CHANGE, C_COUNT, ind2, color);
		put_line(rp->out, &b);
	}
	fsr_buf_release(&b);
}

/* ------------------------------------------------------------ footer */

/* Geomean columns: label, change, [interval], how many results. */
enum { G_LABEL, G_CHANGE, G_CI, G_OVER, G_COUNT };

/* The cells of system geomean g; 0 when it has no measurement. */
static int geo_cells(const struct fsr_compare_text *rp,
		     const struct fsr_geomean *g, char *cells[G_COUNT])
{
	struct fsr_buf b = FSR_BUF_INIT;
	double lo = 100 * (g->ci_low - 1), hi = 100 * (g->ci_high - 1);
	int dec = fsr_view_pct_decimals_ci(lo, hi);

	if (!g->k)
		return 0;
	/* "+0%" says too little of a small geomean. */
	if (dec == 0 && fabs(100 * (g->ratio - 1)) < 10)
		dec = 1;
	cells[G_LABEL] = fsr_xstrdup(rp->v->report->systems[g->sys].label);
	if (!isnan(g->ci_low) && fsr_view_ratio_too_wide(g->ci_low,
							 g->ci_high))
		dec = fsr_view_pct_decimals(100 * (g->ratio - 1));
	fsr_vocab_pct(&b, 100 * (g->ratio - 1), dec);
	cells[G_CHANGE] = detach(&b);
	if (!isnan(g->ci_low) && fsr_view_ratio_too_wide(g->ci_low,
							 g->ci_high))
		fsr_buf_adds(&b, "too wide");
	else
		fsr_vocab_pct_brackets(&b, lo, hi, dec);
	cells[G_CI] = detach(&b);
	fsr_buf_adds(&b, "over ");
	fsr_view_geo_over(&b, g);
	if (g->skipped + g->bookkeeping)
		fsr_buf_addf(&b, ", %zu left out", g->skipped + g->bookkeeping);
	cells[G_OVER] = detach(&b);
	return 1;
}

/* The geomean lines: labels shortened together, columns aligned. */
static void put_geo_lines(struct fsr_compare_text *rp, char *(*cells)[G_COUNT],
			  size_t n)
{
	static const int gright[G_COUNT] = { 0, 1, 0, 0 };
	char ***labels = fsr_xcalloc(n + 1, sizeof(*labels));
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, k, n_labels = 0, w[G_COUNT] = { 0 };

	for (i = 0; i < n; i++)
		if (cells[i][G_LABEL])
			labels[n_labels++] = &cells[i][G_LABEL];
	cut_labels(labels, n_labels, LABEL_MAX);
	free(labels);
	for (i = 0; i < n; i++)
		for (k = 0; cells[i][G_LABEL] && k < G_COUNT; k++)
			if (fsr_utf8_width(cells[i][k]) > w[k])
				w[k] = fsr_utf8_width(cells[i][k]);
	for (i = 0; i < n; i++) {
		if (!cells[i][G_LABEL])
			continue;
		for (k = 0; k < G_COUNT; k++) {
			fsr_buf_adds(&b, k == G_CI ? " " : "  ");
			fsr_wrap_pad(&b, cells[i][k], w[k], gright[k]);
			free(cells[i][k]);
		}
		put_line(rp->out, &b);
	}
	fsr_buf_release(&b);
}

static void put_geomean(struct fsr_compare_text *rp)
{
	const struct fsr_comparison *c = rp->v->cmp;
	char *(*cells)[G_COUNT];
	size_t i;
	int any = 0, differ = 0, no_ci = 0;

	cells = fsr_xcalloc(c->n_geo ? c->n_geo : 1, sizeof(*cells));
	for (i = 0; i < c->n_geo; i++) {
		const struct fsr_geomean *g = &c->geo[i];

		if (!geo_cells(rp, g, cells[i]))
			continue;
		any = 1;
		no_ci |= isnan(g->ci_low);
		if (g->skipped || g->bookkeeping || g->k != c->geo[0].k)
			differ = 1;
	}
	if (any) {
		fsr_sink_puts(rp->out, "\n");
		wrap(rp, "geometric mean of the ratios, a summary, not a "
		     "verdict (lower-is-better inverted, + is better):", 0,
		     2);
		put_geo_lines(rp, cells, c->n_geo);
		wrap(rp, "Results of the same runs (one test with the same "
		     "arguments) count once; the interval combines each "
		     "result's own runs (Welch on the logarithms).", 2, 2);
	}
	free(cells);
	if (no_ci)
		wrap(rp, "No interval where a result has fewer than 2 runs "
		     "on a side.", 2, 2);
	if (differ)
		wrap(rp, "Left out: PTS's bookkeeping results (install "
		     "time and size, run time), results without a "
		     "direction, not numeric, or with a run <= 0. Where "
		     "the systems' results differ, their geometric means "
		     "are not directly comparable.", 2, 2);
}

static void put_notes(struct fsr_compare_text *rp)
{
	const struct fsr_compare_opts *o = &rp->v->cmp->opts;
	struct fsr_buf b = FSR_BUF_INIT;
	int k, any = 0;

	for (k = 0; k < N_COUNT; k++)
		any |= rp->used[k];
	if (!any)
		return;
	fsr_sink_puts(rp->out, "\nnotes:\n");
	for (k = 0; k < N_COUNT; k++) {
		if (!rp->used[k])
			continue;
		fsr_buf_reset(&b);
		fsr_buf_addf(&b, "%c ", fsr_note_letter[k]);
		fsr_compare_note_text(&b, (enum fsr_note)k, o);
		wrap(rp, b.buf, 2, 4);
		if (k == N_FIRST || k == N_STEADY || k == N_DRIFT ||
		    k == N_RATE) {
			const char *p = k == N_FIRST ? rp->first.buf :
					k == N_STEADY ? rp->steady.buf :
					k == N_DRIFT ? rp->drift.buf :
						       rp->rate.buf, *e;

			while (p && *p) {
				struct fsr_buf one = FSR_BUF_INIT;

				e = strchr(p, '\n');
				fsr_buf_add(&one, p, (size_t)(e - p));
				wrap(rp, one.buf, 4, 6);
				fsr_buf_release(&one);
				p = e + 1;
			}
		}
		if (k == N_OUTLIERS) {
			const char *p = rp->outliers.buf, *e;

			while (p && *p) {
				struct fsr_buf one = FSR_BUF_INIT;

				e = strchr(p, '\n');
				fsr_buf_add(&one, p, (size_t)(e - p));
				wrap(rp, one.buf, 4, 6);
				fsr_buf_release(&one);
				p = e + 1;
			}
			if (rp->n_outlier_cells > 12)
				fsr_sink_printf(rp->out, "    and %zu more\n",
						rp->n_outlier_cells - 12);
		}
	}
	fsr_buf_release(&b);
}

/* The lines of b ('\n'-ended each) wrapped, under head; nothing
 * without any. b is emptied. */
static void put_wrapped_lines(struct fsr_compare_text *rp, struct fsr_buf *b,
			      const char *head)
{
	char *line, *end;

	if (!b->len)
		return;
	wrap(rp, head, 0, 2);
	for (line = b->buf; *line; line = end + 1) {
		end = strchr(line, '\n');
		*end = '\0';
		wrap(rp, line, 2, 4);
	}
	fsr_buf_reset(b);
}

static void put_method(struct fsr_compare_text *rp)
{
	const struct fsr_comparison *c = rp->v->cmp;
	const struct fsr_compare_opts *o = &c->opts;
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_sink_puts(rp->out, "\n");
	fsr_compare_method_text(&b, c, rp->one_run);
	wrap(rp, b.buf, 0, 2);
	fsr_buf_reset(&b);
	fsr_compare_p_text(&b, c);
	fsr_vocab_verdict_rule(&b, o->alpha, o->min_change);
	wrap(rp, b.buf, 0, 2);
	if (o->margin != FSR_MARGIN_NONE) {
		fsr_buf_reset(&b);
		fsr_view_margin_rule(&b, c, rp->eq_level);
		wrap(rp, b.buf, 0, 2);
	}
	if (rp->v->report->n_dropped_first) {
		fsr_buf_reset(&b);
		fsr_view_drop_first_text(&b, rp->v->report->n_dropped_first);
		fsr_buf_adds(&b, ".");
		wrap(rp, b.buf, 0, 2);
	}
	fsr_buf_reset(&b);
	if (fsr_view_steady_choice_text(&b, rp->v->report)) {
		b.buf[0] = (char)toupper((unsigned char)b.buf[0]);
		fsr_buf_adds(&b, ".");
		wrap(rp, b.buf, 0, 2);
	}
	/* the percentiles the runs could not support (view/notes.h) */
	put_wrapped_lines(rp, &rp->refusals, FSR_VIEW_REFUSED_HEAD);
	/* the shape tests of the latency distributions (view/notes.h) */
	put_wrapped_lines(rp, &rp->shapes,
			  "latency distributions (Kolmogorov-Smirnov distance "
			  "of the pooled histograms, whole runs permuted "
			  "between the two configurations; not corrected "
			  "with the rows above):");
	if (o->test == FSR_TEST_WELCH && rp->few_mwu) {
		const char *p = rp->mwu.buf, *end = p + rp->mwu.len;
		size_t k = 0;

		fsr_buf_reset(&b);
		fsr_buf_addf(&b, "The U test (checked against Welch's, note d) "
			     "cannot reach p <= %g in %zu row%s", o->alpha,
			     rp->few_mwu, rp->few_mwu == 1 ? "" : "s");
		for (; p < end; p += strlen(p) + 1)
			fsr_buf_addf(&b, "%s%s", k++ ? "; " : ": ", p);
		if (rp->few_mwu > 3)
			fsr_buf_addf(&b, "; and %zu more", rp->few_mwu - 3);
		fsr_buf_adds(&b, ".");
		wrap(rp, b.buf, 0, 2);
	}
	fsr_buf_release(&b);
}

/* Each text of list (NUL-ended each, as list_add() adds them), wrapped
 * under a head. */
static void put_list(struct fsr_compare_text *rp, const struct fsr_buf *list)
{
	const char *p = list->buf, *end = p + list->len;

	for (; p < end; p += strlen(p) + 1)
		wrap(rp, p, 2, 4);
}

/*
 * Sample-size guidance: for every row judged same, the smallest change
 * these runs detect with 80 % power at the intervals' level, and with
 * --runs-needed the runs per side a change of that size needs.
 */
static void put_power(struct fsr_compare_text *rp)
{
	double want = rp->v->cmp->opts.runs_needed_pct;
	struct fsr_buf b = FSR_BUF_INIT;

	if (!rp->power.len)
		return;
	fsr_buf_adds(&b, "smallest change these runs detect (80% power, "
		     "two-sided, at the intervals' level)");
	if (want > 0)
		fsr_buf_addf(&b, "; runs per side for %g%%", want);
	fsr_buf_addc(&b, ':');
	fsr_sink_puts(rp->out, "\n");
	wrap(rp, b.buf, 0, 2);
	put_list(rp, &rp->power);
	fsr_buf_release(&b);
}

/* --equivalence / --max-regression: every row tested against the
 * margin, its interval at the margin's level, p and verdict. */
static void put_margin(struct fsr_compare_text *rp)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (!rp->margin.len)
		return;
	fsr_buf_adds(&b, "against the ");
	fsr_view_margin_label(&b, rp->v->cmp);
	fsr_buf_adds(&b, ", the change's ");
	fsr_view_level_exact(&b, rp->margin_level);
	fsr_buf_adds(&b, " interval and the adjusted p:");
	fsr_sink_puts(rp->out, "\n");
	wrap(rp, b.buf, 0, 2);
	put_list(rp, &rp->margin);
	fsr_buf_release(&b);
}

/* The names in list (NUL-ended each), n of them, under head. */
static void put_one_side(struct fsr_compare_text *rp,
			 const struct fsr_buf *list, size_t n, const char *head)
{
	if (!n)
		return;
	fsr_sink_printf(rp->out, "\n%s\n", head);
	put_list(rp, list);
}

int fsr_compare_text_write(struct fsr_compare_text *rp,
			   const struct fsr_view *v, struct fsr_sink *out,
			   struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	const struct fsr_comparison *c = v->cmp;
	const struct fsr_render_opts *o = rp->o;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, k;

	(void)d;
	if (r->n_systems != rp->n_systems)
		FSR_BUG("%zu systems, begun with %zu", r->n_systems,
			rp->n_systems);
	rp->v = v;
	rp->c = c;
	rp->out = out;
	rp->one_run = rp->runs.one && !rp->runs.more;
	fsr_buf_addf(&b, "baseline: %s", r->systems[c->baseline].label);
	for (i = 0, k = 0; i < r->n_systems; i++) {
		if (i == c->baseline)
			continue;
		fsr_buf_addf(&b, "%s%s", k++ ? ", " : "; compared: ",
			     r->systems[i].label);
	}
	wrap(rp, b.buf, 0, 2);
	fsr_buf_release(&b);
	if (rp->one_run)
		wrap(rp, "warning: a single run per system everywhere: no "
		     "interval, no test, every verdict n/a. The changes are "
		     "single measurements; run each configuration several "
		     "times (10 is good).", 0, 2);
	else if (rp->n_numeric && rp->n_few == rp->n_numeric)
		/* the baseline's 10 runs against one run each */
		wrap(rp, "warning: fewer than 2 runs on a side in every "
		     "result: no interval, no test, every verdict n/a; run "
		     "each configuration several times (10 is good).", 0, 2);
	if (rp->n_rows) {
		measure(rp);
		put_table(rp);
		if (c->n_hidden)
			wrap(rp, "--only-changed: the results without a "
			     "verdict better or worse are not shown; the "
			     "corrections and the geometric mean count every "
			     "result compared.", 0, 2);
	} else if (c->n_hidden) {
		fsr_sink_printf(out, "\nno result changed (--only-changed: "
				"%zu compared, none better or worse)\n",
				c->n_hidden);
	} else {
		fsr_sink_puts(out, "\nnothing to compare: no result has runs "
			      "on the baseline and on another system\n");
	}
	put_one_side(rp, &rp->only_base, rp->n_only_base,
		     "only in the baseline:");
	put_one_side(rp, &rp->only_other, rp->n_only_other,
		     "not in the baseline:");
	if (rp->n_rows) {
		put_geomean(rp);
		put_notes(rp);
		put_power(rp);
		put_margin(rp);
		put_method(rp);
	}
	if (!o->no_systems)
		fsr_render_systems_text(r, o->width, out);
	fsr_compare_text_free(rp);
	return 0;
}

void fsr_compare_text_free(struct fsr_compare_text *rp)
{
	size_t i;

	if (!rp)
		return;
	fsr_texts_release(&rp->texts);
	for (i = 0; i < rp->n_systems; i++)
		free(rp->cut[i]);
	free(rp->cut);
	free(rp->seen);
	free(rp->lines);
	fsr_buf_release(&rp->outliers);
	fsr_buf_release(&rp->first);
	fsr_buf_release(&rp->steady);
	fsr_buf_release(&rp->drift);
	fsr_buf_release(&rp->rate);
	fsr_buf_release(&rp->power);
	fsr_buf_release(&rp->margin);
	fsr_buf_release(&rp->mwu);
	fsr_buf_release(&rp->shapes);
	fsr_buf_release(&rp->refusals);
	fsr_buf_release(&rp->only_base);
	fsr_buf_release(&rp->only_other);
	free(rp);
}

/*
 * The whole report in memory, through the pieces a result at a time:
 * each result with a comparison of its rows alone (c's rows are by
 * result, then system; only_base and only_other ascending), so that
 * each piece reads only its own.
 */
int fsr_render_compare_text(const struct fsr_view *v,
			    const struct fsr_render_opts *o,
			    struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_comparison *c = v->cmp;
	struct fsr_compare_text *ct = fsr_compare_text_begin(v, o);
	size_t i, k = 0, ob = 0, oo = 0;

	for (i = 0; i < v->report->n_results; i++) {
		struct fsr_comparison one = *c;
		size_t j = k;

		while (j < c->n_rows && c->rows[j].result == i)
			j++;
		/* an empty list may be NULL: no offset on it (UBSan's
		 * pointer overflow, the fuzzers' build) */
		one.rows = c->rows ? c->rows + k : NULL;
		one.n_rows = j - k;
		k = j;
		one.only_base = c->only_base ? c->only_base + ob : NULL;
		one.n_only_base = ob < c->n_only_base &&
				  c->only_base[ob] == i;
		ob += one.n_only_base;
		one.only_other = c->only_other ? c->only_other + oo : NULL;
		one.n_only_other = oo < c->n_only_other &&
				   c->only_other[oo] == i;
		oo += one.n_only_other;
		fsr_compare_text_result(ct, v, i, &one);
	}
	if (k != c->n_rows || ob != c->n_only_base || oo != c->n_only_other)
		FSR_BUG("comparison not in the report's order");
	return fsr_compare_text_write(ct, v, out, d);
}
