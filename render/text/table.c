/*
 * table.c - the diff table of seed 003 (--format table) and the grid it
 * shares with markdown.c.
 *
 * compare: one row per result, a Type column, then the baseline's mean,
 * each other system's mean and its DIFF, the change in % against the
 * baseline, signed as the numbers go (a longer duration is +, fewer
 * transactions/s is -), not by direction. Where the row has an interval
 * in % the DIFF is the estimate that interval is of (log-welch: the
 * ratio of the geometric means), so the two never disagree; without
 * one (a single run a side, as in the seed) it is the change of the
 * means, 100 (mean / mean_base - 1).
 * With --group, each group of run sets is a block of columns side by
 * side, its first system the group's baseline:
 *
 *	                    | BUFFERING ENABLED                     | BUF...
 *	Type                | NODISCARD  DISCARD     DIFF  95% CI  Ve... | NOD...
 *	====================+=======================================+====
 *	Total_duration (s\u2193) |    377.80   598.80  +58.50%       -  n/a | ...
 *	====================+=======================================+====
 *
 * show: one row per result and system: n, mean, the half-width of the
 * confidence interval, CV and unit.
 *
 * Means and changes are printed with two decimals (a row whose smallest
 * mean is below 0.1 with as many as show its two significant digits; a
 * DIFF without a ratio is the difference in the unit, "-0.0041 s", its
 * interval in the unit too); a cell without data is "-", never 0. A
 * change that rounds to zero keeps the sign of the unrounded change
 * ("-0.00%", as the seed prints); only an exactly equal pair prints
 * "0.00%".
 *
 * Type ends with the unit and the direction's arrow, "Total_duration
 * (s\u2193)", and each DIFF is followed by the interval of the change
 * in % and the verdict (render/vocab.c's words): with --group, those of
 * the group's own comparison (cli/group.c).
 *
 * The table is built here (fsr_table_build) for the text and Markdown
 * writers; table_text.c measures, wraps and places the text one.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../charts/layout.h"
#include "../vocab.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARROW_UP "\xe2\x86\x91"
#define ARROW_DOWN "\xe2\x86\x93"

/* ------------------------------------------------------------ building */

struct builder {
	struct fsr_table *t;
	size_t cap_cells, cap_head, cap_right, cap_blocks, cap_same,
	       cap_result;
};

static void add_col(struct builder *b, const char *head, int right)
{
	struct fsr_table *t = b->t;

	FSR_GROW(t->head, b->cap_head, t->n_cols + 1);
	FSR_GROW(t->right, b->cap_right, t->n_cols + 1);
	t->head[t->n_cols] = fsr_xstrdup(head);
	t->right[t->n_cols] = right;
	t->n_cols++;
}

static void add_block(struct builder *b, const char *title)
{
	struct fsr_table *t = b->t;
	struct fsr_table_block *blk;

	FSR_GROW(t->blocks, b->cap_blocks, t->n_blocks + 1);
	blk = &t->blocks[t->n_blocks++];
	blk->title = title ? fsr_xstrdup(title) : NULL;
	blk->first = t->n_cols;
	blk->n = 0;
	blk->keep = blk->unit = 0;
}

/* Close the last block: it holds the columns added since add_block(). */
static void end_block(struct builder *b)
{
	struct fsr_table *t = b->t;
	struct fsr_table_block *blk = &t->blocks[t->n_blocks - 1];

	blk->n = t->n_cols - blk->first;
}

/* Start a row; its cells are set with set_cell(), blank until then. */
static void add_row(struct builder *b)
{
	struct fsr_table *t = b->t;
	size_t i, base = t->n_rows * t->n_cols;

	FSR_GROW(t->cells, b->cap_cells, base + t->n_cols);
	for (i = 0; i < t->n_cols; i++)
		t->cells[base + i] = NULL;
	t->n_rows++;
}

char *fsr_table_keep(struct fsr_table *t, char *s)
{
	char *at = fsr_texts_keep(&t->texts, s, strlen(s) + 1);

	free(s);
	return at;
}

/* Set column col of the last row to s (taken over; a text it replaces
 * stays in the table's blocks). */
static void set_cell(struct builder *b, size_t col, char *s)
{
	struct fsr_table *t = b->t;

	t->cells[(t->n_rows - 1) * t->n_cols + col] = fsr_table_keep(t, s);
}

static void set_cells(struct builder *b, size_t col, const char *s)
{
	set_cell(b, col, fsr_xstrdup(s));
}

/* Replace the NULLs left by add_row() with "". */
static void fill_blanks(struct fsr_table *t)
{
	char *blank = NULL;
	size_t i;

	for (i = 0; i < t->n_rows * t->n_cols; i++)
		if (!t->cells[i]) {
			if (!blank)
				blank = fsr_table_keep(t, fsr_xstrdup(""));
			t->cells[i] = blank;
		}
}

void fsr_table_release(struct fsr_table *t)
{
	size_t i;

	fsr_texts_release(&t->texts);
	for (i = 0; i < t->n_cols; i++)
		free(t->head[i]);
	for (i = 0; i < t->n_blocks; i++)
		free(t->blocks[i].title);
	free(t->row_result);
	free(t->col_sys);
	free(t->row_same);
	free(t->cell_p);
	free(t->cells);
	free(t->head);
	free(t->right);
	free(t->blocks);
	free(t->show_notes);
	memset(t, 0, sizeof(*t));
}

/* ---------------------------------------------------------- cell texts */

/*
 * The Type of each result listed in rows[0..n): its description (or its
 * title when it has none) when all share one title, as PostMark's
 * metrics do; "Title: Description" when several titles are present (PTS
 * files, CSV with several tests). Texts still equal get the unit, then a
 * number, appended. Returns n owned strings.
 */
struct text_at {
	const char *s;
	size_t i;
};

static int cmp_text_at(const void *a, const void *b)
{
	const struct text_at *x = a, *y = b;

	return strcmp(x->s, y->s);
}

/* dup[i] = 1 where another of s[0..n) is the same text (sorted, not
 * pairwise: 10 000 results were 50 million strcmp). Caller frees. */
static char *mark_equal(char *const *s, size_t n)
{
	struct text_at *at = fsr_xcalloc(n ? n : 1, sizeof(*at));
	char *dup = fsr_xcalloc(n ? n : 1, 1);
	size_t i, j;

	for (i = 0; i < n; i++) {
		at[i].s = s[i];
		at[i].i = i;
	}
	if (n > 1)
		qsort(at, n, sizeof(*at), cmp_text_at);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !strcmp(at[j].s, at[i].s); j++)
			;
		if (j - i > 1)
			while (i < j)
				dup[at[i++].i] = 1;
	}
	free(at);
	return dup;
}

/* Texts out[0..n) still equal told apart: the unit (unit[i]) appended,
 * then a number. */
static void tell_apart(char **out, const char *const *unit, size_t n)
{
	int pass;
	size_t i;

	for (pass = 0; pass < 2; pass++) {
		char *dup = mark_equal(out, n);
		size_t k;

		for (i = 0, k = 0; i < n; i++) {
			struct fsr_buf b = FSR_BUF_INIT;

			if (!dup[i])
				continue;
			if (pass == 0 && !*unit[i])
				continue;
			fsr_buf_adds(&b, out[i]);
			if (pass == 0)
				fsr_buf_addf(&b, " (%s)", unit[i]);
			else if (k++)
				fsr_buf_addf(&b, " (%zu)", k);
			free(out[i]);
			out[i] = fsr_buf_detach(&b);
		}
		free(dup);
	}
}

/* res's Type, under several titles or one. */
static char *type_text(const struct fsr_result *res, int several)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (!*res->description)
		fsr_buf_adds(&b, *res->title ? res->title : res->test);
	else if (several && *res->title)
		fsr_view_result_name(&b, res, 0);
	else
		fsr_buf_adds(&b, res->description);
	return fsr_buf_detach(&b);
}

static char **type_texts(const struct fsr_report *r, const size_t *rows,
			 size_t n)
{
	char **out = fsr_xcalloc(n ? n : 1, sizeof(*out));
	const char **unit = fsr_xcalloc(n ? n : 1, sizeof(*unit));
	int several = 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(r->results[rows[i]]->title,
			   r->results[rows[0]]->title))
			several = 1;
	for (i = 0; i < n; i++) {
		out[i] = type_text(r->results[rows[i]], several);
		unit[i] = r->results[rows[i]]->unit;
	}
	tell_apart(out, unit, n);
	free(unit);
	return out;
}

/* What a compare row's Type is made of, kept with the row in the
 * table's texts: a compare table printed as read no longer has its
 * result at the end. */
struct type_part {
	const char *title; /* the result's, to tell whether several are */
	const char *one;   /* its Type under one title */
	const char *named; /* under several; NULL: one */
	const char *unit;  /* the result's, to tell equal texts apart */
};

/* The Types of rows p[0..n), as type_texts() makes them of results. */
static char **type_texts_of(const struct type_part *p, size_t n)
{
	char **out = fsr_xcalloc(n ? n : 1, sizeof(*out));
	const char **unit = fsr_xcalloc(n ? n : 1, sizeof(*unit));
	int several = 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(p[i].title, p[0].title))
			several = 1;
	for (i = 0; i < n; i++) {
		out[i] = fsr_xstrdup(several && p[i].named ? p[i].named :
				     p[i].one);
		unit[i] = p[i].unit;
	}
	tell_apart(out, unit, n);
	free(unit);
	return out;
}

static int numeric(const struct fsr_result *res)
{
	return res->display == FSR_DISPLAY_BAR ||
	       res->display == FSR_DISPLAY_LINE;
}

/* The central value x (the view's: mean or geometric mean) with dec
 * decimals; "-" without data, "FAILED" when every run failed, the
 * stored text for pass/fail results. */
static char *value_text(const struct fsr_result *res, const struct fsr_cell *c,
			const struct fsr_summary *s, double x, int dec)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (!c)
		fsr_buf_adds(&b, "-");
	else if (!numeric(res))
		fsr_buf_adds(&b, c->stored && *c->stored ? c->stored : "-");
	else if (!s || s->n == 0 || !isfinite(x))
		fsr_buf_adds(&b, c->n_failed ? "FAILED" : "-");
	else
		fsr_buf_add_fixed(&b, x, dec);
	return fsr_buf_detach(&b);
}

void fsr_table_diff_text(double pct, struct fsr_buf *out)
{
	if (!isfinite(pct)) {
		fsr_buf_adds(out, "-");
		return;
	}
	/* Below 1e-9 % is floating-point noise from equal means. */
	if (fabs(pct) < 1e-9)
		pct = 0;
	if (pct > 0)
		fsr_buf_addc(out, '+');
	else if (pct < 0)
		fsr_buf_addc(out, '-');
	fsr_buf_add_fixed(out, fabs(pct), FSR_VIEW_PCT_DEC);
	fsr_buf_addc(out, '%');
}

/* ------------------------------------------------------------- compare */

struct column_set {
	const char *title;
	size_t *sys;        /* systems, the baseline first */
	size_t n;
};

/* The systems of run sets [first, first + n), in report order. */
static size_t systems_of(const struct fsr_report *r, size_t first, size_t n,
			 size_t *out)
{
	size_t i, k = 0;

	for (i = 0; i < r->n_systems; i++)
		if (r->systems[i].runset >= first &&
		    r->systems[i].runset < first + n)
			out[k++] = i;
	return k;
}

/* The groups must cut the run sets into consecutive runs of at least
 * one: what the user may give wrong is refused by the command line
 * (cli/compare.c, check_groups()); here only a caller of the library
 * that broke the contract is told (an internal error). */
static int check_groups(const struct fsr_view *v,
			const struct fsr_render_opts *o, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	size_t g, next = 0;

	for (g = 0; g < o->n_groups; g++) {
		const struct fsr_table_group *gr = &o->groups[g];

		if (gr->first != next || gr->n == 0 ||
		    gr->first + gr->n > r->n_runsets)
			break;
		next = gr->first + gr->n;
	}
	if (next != r->n_runsets || (v->cmp && v->cmp->opts.baseline))
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "the --group columns do not cut the %zu "
				    "run sets into groups", r->n_runsets);
	return 0;
}

/* Which column sets the compare table has: one per --group, else one
 * with the comparison's baseline first. */
static int column_sets(const struct fsr_view *v,
		       const struct fsr_render_opts *o,
		       struct column_set **out, size_t *n_out,
		       struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct column_set *cs;
	size_t g, i, k;
	int rc;

	if (o->n_groups) {
		rc = check_groups(v, o, d);
		if (rc)
			return rc;
		cs = fsr_xcalloc(o->n_groups, sizeof(*cs));
		for (g = 0; g < o->n_groups; g++) {
			cs[g].title = o->groups[g].title;
			cs[g].sys = fsr_xcalloc(r->n_systems ? r->n_systems : 1,
						sizeof(size_t));
			cs[g].n = systems_of(r, o->groups[g].first,
					     o->groups[g].n, cs[g].sys);
		}
		*out = cs;
		*n_out = o->n_groups;
		return 0;
	}
	cs = fsr_xcalloc(1, sizeof(*cs));
	cs->sys = fsr_xcalloc(r->n_systems ? r->n_systems : 1, sizeof(size_t));
	k = 0;
	cs->sys[k++] = v->cmp->baseline;
	for (i = 0; i < r->n_systems; i++)
		if (i != v->cmp->baseline)
			cs->sys[k++] = i;
	cs->n = k;
	*out = cs;
	*n_out = 1;
	return 0;
}

/* The comparison that judges the systems of column set g, the row of
 * result ri and system sys in it (NULL when none): the group's own with
 * --group (cli/group.c), else the view's. */
static const struct fsr_comparison *cmp_of(const struct fsr_view *v,
					   const struct fsr_render_opts *o,
					   size_t g)
{
	return o->n_groups && o->groups[g].cmp ? o->groups[g].cmp : v->cmp;
}

/* The rows of one comparison by (result, system), so that finding the
 * row of a cell is not a walk over every row (a big table was
 * quadratic). */
struct row_index {
	size_t n_res, n_sys;
	const struct fsr_compare_row **at; /* n_res x n_sys, or NULL */
};

static void row_index_build(const struct fsr_comparison *c,
			    struct row_index *x)
{
	size_t i;

	x->n_res = x->n_sys = 0;
	x->at = NULL;
	if (!c)
		return;
	for (i = 0; i < c->n_rows; i++) {
		if (c->rows[i].result >= x->n_res)
			x->n_res = c->rows[i].result + 1;
		if (c->rows[i].sys >= x->n_sys)
			x->n_sys = c->rows[i].sys + 1;
	}
	if (!x->n_res)
		return;
	x->at = fsr_xcalloc(x->n_res * x->n_sys, sizeof(*x->at));
	for (i = 0; i < c->n_rows; i++)
		x->at[c->rows[i].result * x->n_sys + c->rows[i].sys] =
			&c->rows[i];
}

static const struct fsr_compare_row *row_of(const struct fsr_render_opts *o,
					    const struct row_index *x,
					    size_t g, size_t ri, size_t sys)
{
	/* groups not compared on their own (unit tests): no row */
	if (o->n_groups && !o->groups[g].cmp)
		return NULL;
	if (o->n_groups) {
		ri = o->groups[g].result_of[ri];
		sys = o->groups[g].system_of[sys];
		if (ri == SIZE_MAX || sys == SIZE_MAX)
			return NULL;
	}
	if (ri >= x->n_res || sys >= x->n_sys)
		return NULL;
	return x->at[ri * x->n_sys + sys];
}

/* The summary of result res's cell of system sys among its summaries
 * sums (parallel to its cells), the cell into *cell; NULL when res has
 * none of sys. */
static const struct fsr_summary *summary_of(const struct fsr_result *res,
					    const struct fsr_summary *sums,
					    size_t sys,
					    const struct fsr_cell **cell)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].system == sys) {
			*cell = &res->cells[i];
			return &sums[i];
		}
	*cell = NULL;
	return NULL;
}

/* The unit result res is printed in (view/units.c), for its values
 * vals[0..n), scaled to it: the unit as the source wrote it, no prefix
 * chosen, so that a seed's table prints the seed's numbers (PostMark's
 * Read_B/s in B/s, tests/cli/t0300); the charts choose a prefix. */
static void unit_of(const struct fsr_result *res, double *vals, size_t n,
		    struct fsr_unit_scale *u)
{
	size_t i;

	fsr_unit_scale_choose(res->unit, 0, u);
	for (i = 0; i < n; i++)
		vals[i] /= u->div;
}

/* What follows a compare row's Type: the unit and an arrow for the
 * direction, " (s\u2193)" (lower is better), " (MB/s\u2191)" (higher);
 * "" without unit or direction. */
static char *unit_suffix(const struct fsr_result *res, const char *unit)
{
	struct fsr_buf b = FSR_BUF_INIT;
	const char *arrow = res->better == FSR_BETTER_HIGHER ? ARROW_UP :
			    res->better == FSR_BETTER_LOWER ? ARROW_DOWN : "";

	if (*unit || *arrow)
		fsr_buf_addf(&b, " (%s%s)", unit, arrow);
	return fsr_buf_detach(&b);
}

static void add_signed(struct fsr_buf *b, double x, int dec)
{
	if (x >= 0)
		fsr_buf_addc(b, '+');
	fsr_buf_add_fixed(b, x, dec);
}

/* DIFF: the change in %, or, for a row without a ratio (not every run
 * > 0), the difference of the means in the result's unit, "-0.0041 s". */
static char *diff_text(const struct fsr_unit_scale *u,
		       const struct fsr_compare_row *cr, double pct, int dec)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (!fsr_view_diff_unit(cr)) {
		fsr_table_diff_text(pct, &b);
		return fsr_buf_detach(&b);
	}
	add_signed(&b, cr->diff / u->div, dec);
	if (*u->unit)
		fsr_buf_addf(&b, " %s", u->unit);
	return fsr_buf_detach(&b);
}

/* The interval of the change in % as the text report prints it:
 * "[-44.8, +39.9]", in the unit with dec decimals where DIFF is a
 * difference; "-" without one. */
static char *interval_text(const struct fsr_compare_row *cr,
			   const struct fsr_unit_scale *u, int dec)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (fsr_view_diff_unit(cr) && isfinite(cr->diff_low) &&
	    isfinite(cr->diff_high)) {
		fsr_buf_addc(&b, '[');
		add_signed(&b, cr->diff_low / u->div, dec);
		fsr_buf_adds(&b, ", ");
		add_signed(&b, cr->diff_high / u->div, dec);
		fsr_buf_addc(&b, ']');
	} else if (fsr_view_ci_too_wide(cr))
		fsr_view_too_wide_text(&b, cr);
	else if (cr && isfinite(cr->ci_low_pct) &&
		   isfinite(cr->ci_high_pct))
		fsr_vocab_pct_brackets(&b, cr->ci_low_pct, cr->ci_high_pct,
				       fsr_view_pct_decimals_ci(
					       cr->ci_low_pct,
					       cr->ci_high_pct));
	if (!b.len)
		fsr_buf_adds(&b, "-");
	return fsr_buf_detach(&b);
}

static int has_cell_in(const struct fsr_result *res,
		       const struct column_set *cs, size_t n_cs)
{
	size_t g, k, i;

	for (g = 0; g < n_cs; g++)
		for (k = 0; k < cs[g].n; k++)
			for (i = 0; i < res->n_cells; i++)
				if (res->cells[i].system == cs[g].sys[k])
					return 1;
	return 0;
}
/* The note of a cell marked 'f' (failed runs) under a compare table,
 * once per cell: how many of its runs failed. */
static void failed_note(struct fsr_buf *notes, const struct fsr_report *r,
			const struct fsr_result *res, const struct fsr_cell *c)
{
	struct fsr_buf one = FSR_BUF_INIT;

	fsr_buf_addf(&one, "f %s, %s: ", r->systems[c->system].label,
		     *res->description ? res->description : res->title);
	fsr_view_failed_text(&one, c->n, c->n_failed,
			     fsr_cell_fail_reason(c));
	fsr_buf_adds(&one, "\n");
	if (!notes->len || !strstr(notes->buf, one.buf))
		fsr_buf_adds(notes, one.buf);
	fsr_buf_release(&one);
}

/* The note of a cell marked MARK (view/notes.h) for the lines under a
 * table: "w System, result: ...", once per cell (a compare table repeats
 * the baseline on every page). */
static void mark_note(struct fsr_buf *notes, char mark,
		      void (*text)(struct fsr_buf *, const struct fsr_summary *,
				   double, const char *),
		      const struct fsr_report *r, const struct fsr_result *res,
		      const struct fsr_cell *c, const struct fsr_summary *s,
		      const struct fsr_unit_scale *u)
{
	struct fsr_buf one = FSR_BUF_INIT;

	fsr_buf_addf(&one, "%c %s, %s: ", mark, r->systems[c->system].label,
		     *res->description ? res->description : res->title);
	text(&one, s, u->div, u->unit);
	fsr_buf_adds(&one, "\n");
	if (!notes->len || !strstr(notes->buf, one.buf))
		fsr_buf_adds(notes, one.buf);
	fsr_buf_release(&one);
}

/* The cell notes a compare row's verdict may mark (view/notes.h), in
 * the order their notes go under the table: each for the baseline's cell,
 * then the compared one's. */
static const struct {
	enum fsr_note n;
	char mark;
	void (*text)(struct fsr_buf *, const struct fsr_summary *, double,
		     const char *);
} cell_marks[] = {
	{ N_FIRST, FSR_VIEW_FIRST_MARK, fsr_view_first_run_text },
	{ N_STEADY, FSR_VIEW_STEADY_MARK, fsr_view_steady_text },
	{ N_DRIFT, FSR_VIEW_DRIFT_MARK, fsr_view_drift_text },
	{ N_RATE, FSR_VIEW_RATE_MARK, fsr_view_read_rate_text },
};

/*
 * A compare table in pieces (render.h): its columns at the start, an
 * interval column after every DIFF; each result's row as it comes, its
 * Type cell left blank and what its Type is made of kept; at the end
 * the Type texts, told apart over every row, and the interval columns
 * of a column set whose rows all had one run a side dropped (the
 * view's fsr_view_one_run_each(), over every row seen).
 */
struct fsr_table_compare {
	const struct fsr_render_opts *o;
	struct fsr_table t;
	struct builder b;
	struct column_set *cs;
	size_t n_cs;
	enum fsr_center *center;    /* per column set, of the row */
	struct fsr_view_runs *runs; /* per column set, every row's */
	size_t *ci_set;             /* per column: the column set of an
				     * interval column, SIZE_MAX: none */
	struct fsr_buf notes;
	struct type_part *types;    /* per row, its texts in t's blocks */
	size_t cap_types, cap_p;
	int want_p;                 /* cell_p, for the HTML page */
};

struct fsr_table_compare *fsr_table_compare_begin(
	const struct fsr_view *v, const struct fsr_render_opts *o,
	struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct fsr_table_compare *tc;
	struct builder *b;
	size_t g, k, i, n_cs = 0, max_cols;
	struct column_set *cs = NULL;

	if (column_sets(v, o, &cs, &n_cs, d))
		return NULL;
	tc = fsr_xcalloc(1, sizeof(*tc));
	tc->o = o;
	tc->cs = cs;
	tc->n_cs = n_cs;
	b = &tc->b;
	b->t = &tc->t;
	fsr_buf_init(&tc->notes);
	tc->center = fsr_xcalloc(n_cs ? n_cs : 1, sizeof(*tc->center));
	tc->runs = fsr_xcalloc(n_cs ? n_cs : 1, sizeof(*tc->runs));
	max_cols = 1 + n_cs * (4 * r->n_systems + 1);
	tc->ci_set = fsr_xmalloc(max_cols * sizeof(size_t));
	for (i = 0; i < max_cols; i++)
		tc->ci_set[i] = SIZE_MAX;
	add_col(b, "Type", 0);
	b->t->col_sys = fsr_xcalloc(max_cols, sizeof(size_t));
	b->t->col_sys[0] = SIZE_MAX;
	for (g = 0; g < n_cs; g++) {
		add_block(b, cs[g].title);
		for (k = 0; k < cs[g].n; k++) {
			struct fsr_buf h = FSR_BUF_INIT;

			b->t->col_sys[b->t->n_cols] = cs[g].sys[k];
			add_col(b, r->systems[cs[g].sys[k]].label, 1);
			if (k == 0)
				continue;
			for (i = 0; i < 3; i++)
				b->t->col_sys[b->t->n_cols + i] = SIZE_MAX;
			add_col(b, "DIFF", 1);
			tc->ci_set[b->t->n_cols] = g;
			fsr_view_level_label(&h, cmp_of(v, o, g));
			add_col(b, h.buf, 1);
			fsr_buf_release(&h);
			add_col(b, "Verdict", 0);
		}
		end_block(b);
		b->t->blocks[g].keep = 1;
	}
	return tc;
}

/* The row of result ri of v (summaries sums), its rows found in ix
 * (one per column set), added to tc when the result has a cell in a
 * column set. */
static void compare_row(struct fsr_table_compare *tc, const struct fsr_view *v,
			size_t ri, const struct fsr_summary *sums,
			const struct row_index *ix)
{
	const struct fsr_report *r = v->report;
	const struct fsr_render_opts *o = tc->o;
	const struct fsr_result *res = r->results[ri];
	const struct column_set *cs = tc->cs;
	struct builder *b = &tc->b;
	struct fsr_buf *notes = &tc->notes;
	enum fsr_center *center = tc->center;
	int same = 1, any = 0;
	double *vals;
	size_t n_vals = 0, g, k, m, col, row;
	struct fsr_unit_scale u;
	struct type_part *tp;
	int dec;

	if (res->better != FSR_BETTER_UNKNOWN)
		b->t->directions = 1;
	if (!has_cell_in(res, cs, tc->n_cs))
		return;
	add_row(b);
	row = b->t->n_rows - 1;
	FSR_GROW(b->t->row_same, b->cap_same, row + 1);
	FSR_GROW(b->t->row_result, b->cap_result, row + 1);
	b->t->row_result[row] = ri;
	if (tc->want_p && b->t->n_rows * b->t->n_cols > tc->cap_p) {
		size_t old = tc->cap_p;

		FSR_GROW(b->t->cell_p, tc->cap_p, b->t->n_rows * b->t->n_cols);
		memset(b->t->cell_p + old, 0,
		       (tc->cap_p - old) * sizeof(*b->t->cell_p));
	}
	/* the view's central value per column set: the geometric means
	 * where a DIFF beside them is their ratio */
	vals = fsr_xcalloc(r->n_systems + 1, sizeof(*vals));
	for (g = 0; g < tc->n_cs; g++) {
		const struct fsr_compare_row **crs =
			fsr_xcalloc(cs[g].n, sizeof(*crs));

		for (k = 1; k < cs[g].n; k++)
			crs[k] = row_of(o, &ix[g], g, ri, cs[g].sys[k]);
		center[g] = fsr_view_center_of(crs, cs[g].n);
		free(crs);
		for (k = 0; k < cs[g].n; k++) {
			const struct fsr_cell *c;
			const struct fsr_summary *s =
				summary_of(res, sums, cs[g].sys[k], &c);

			if (c && s && s->n)
				vals[n_vals++] =
					fsr_view_center_value(s, center[g]);
		}
	}
	unit_of(res, vals, n_vals, &u);
	dec = fsr_view_decimals(vals, n_vals);
	free(vals);
	/* the Type, made at the end: what it is made of */
	FSR_GROW(tc->types, tc->cap_types, row + 1);
	tp = &tc->types[row];
	tp->title = fsr_table_keep(&tc->t, fsr_xstrdup(res->title));
	tp->one = fsr_table_keep(&tc->t, type_text(res, 0));
	tp->named = NULL;
	if (*res->description && *res->title)
		tp->named = fsr_table_keep(&tc->t, type_text(res, 1));
	tp->unit = fsr_table_keep(&tc->t, fsr_xstrdup(res->unit));
	set_cell(b, 0, unit_suffix(res, u.unit));
	col = 1;
	for (g = 0; g < tc->n_cs; g++) {
		const struct fsr_comparison *cg = cmp_of(v, o, g);
		const struct fsr_cell *cb;
		const struct fsr_summary *sb =
			summary_of(res, sums, cs[g].sys[0], &cb);

		if (numeric(res) && cs[g].n > 1)
			b->t->centers |= 1u << center[g];
		for (k = 0; k < cs[g].n; k++) {
			const struct fsr_cell *c;
			const struct fsr_summary *s =
				summary_of(res, sums, cs[g].sys[k], &c);
			const struct fsr_compare_row *cr;
			struct fsr_buf vb = FSR_BUF_INIT;
			unsigned marks;

			set_cell(b, col++,
				 value_text(res, c, s,
					    fsr_view_center_value(s,
								  center[g]) /
						    u.div,
					    dec));
			if (k == 0)
				continue;
			cr = row_of(o, &ix[g], g, ri, cs[g].sys[k]);
			any = 1;
			/* the corrected p, as compare's text prints it (the
			 * view's rule), beside the value */
			if (tc->want_p && cr && !isnan(cr->p_adj)) {
				struct fsr_buf pb = FSR_BUF_INIT;

				fsr_view_add_fig(&pb, cr->p_adj,
						 FSR_FIG_P_REPORT);
				b->t->cell_p[row * b->t->n_cols + col - 1] =
					fsr_table_keep(b->t,
						       fsr_buf_detach(&pb));
			}
			if (!cr || (cr->verdict != FSR_VERDICT_SAME &&
				    cr->verdict != FSR_VERDICT_EQUAL &&
				    cr->verdict != FSR_VERDICT_NOT_WORSE))
				same = 0;
			set_cell(b, col++,
				 diff_text(&u, cr,
					   numeric(res) ?
					   fsr_view_change_shown(cg, res, cr,
								 sb, s,
								 center[g]) :
					   NAN, dec));
			if (fsr_view_diff_unit(cr))
				b->t->diff_unit = 1;
			else if (fsr_view_pct_estimate(cr))
				b->t->methods |= 1u << cr->method;
			else if (cr)
				b->t->means_diff |= 1u << center[g];
			/* the interval, dropped at the end when every row
			 * has one run a side */
			set_cell(b, col++, interval_text(cr, &u, dec));
			fsr_buf_adds(&vb, cr ? fsr_vocab_verdict_name(cr) : "-");
			marks = cr ? fsr_view_row_notes(cr, &cg->opts) |
					     fsr_view_cell_notes(cr, 1) |
					     fsr_view_cell_notes(cr, 0) :
				     0;
			b->t->notes |= marks;
			/* f, w: the cells' own notes, for marks shown */
			if (cr && cb && cb->n_failed)
				failed_note(notes, r, res, cb);
			if (cr && c && c->n_failed)
				failed_note(notes, r, res, c);
			for (m = 0; cr && m < sizeof(cell_marks) /
						      sizeof(*cell_marks);
			     m++) {
				unsigned bit = 1u << cell_marks[m].n;

				if (fsr_view_cell_notes(cr, 1) & bit)
					mark_note(notes, cell_marks[m].mark,
						  cell_marks[m].text, r, res,
						  cb, sb, &u);
				if (fsr_view_cell_notes(cr, 0) & bit)
					mark_note(notes, cell_marks[m].mark,
						  cell_marks[m].text, r, res,
						  c, s, &u);
			}
			if (marks) {
				fsr_buf_addc(&vb, ' ');
				fsr_view_marks_text(&vb, marks);
			}
			set_cell(b, col++, fsr_buf_detach(&vb));
		}
	}
	b->t->row_same[row] = (unsigned char)(same && any);
}

void fsr_table_compare_result(struct fsr_table_compare *tc,
			      const struct fsr_view *v, size_t i,
			      const struct fsr_summary *sums)
{
	struct row_index ix;

	/* a group is compared on its own, over every result */
	if (tc->o->n_groups)
		FSR_BUG("a grouped compare table a result at a time");
	fsr_view_runs_seen(v->cmp, &tc->runs[0]);
	row_index_build(v->cmp, &ix);
	compare_row(tc, v, i, sums, &ix);
	free(ix.at);
}

/* The interval columns of column sets without one dropped from t:
 * keep[c] for each of its columns. */
static void drop_columns(struct fsr_table *t, const unsigned char *keep)
{
	size_t *to = fsr_xcalloc(t->n_cols + 1, sizeof(*to));
	size_t c, k, n = 0, row;

	for (c = 0; c < t->n_cols; c++) {
		to[c] = n;
		if (keep[c])
			n++;
	}
	to[t->n_cols] = n;
	if (n == t->n_cols) {
		free(to);
		return;
	}
	for (row = 0; row < t->n_rows; row++)
		for (c = 0; c < t->n_cols; c++)
			if (keep[c]) {
				t->cells[row * n + to[c]] =
					t->cells[row * t->n_cols + c];
				if (t->cell_p)
					t->cell_p[row * n + to[c]] =
						t->cell_p[row * t->n_cols + c];
			}
	for (c = 0; c < t->n_cols; c++) {
		if (!keep[c]) {
			free(t->head[c]);
			continue;
		}
		t->head[to[c]] = t->head[c];
		t->right[to[c]] = t->right[c];
		t->col_sys[to[c]] = t->col_sys[c];
	}
	for (k = 0; k < t->n_blocks; k++) {
		struct fsr_table_block *blk = &t->blocks[k];
		size_t end = blk->first + blk->n;

		blk->first = to[blk->first];
		blk->n = to[end] - blk->first;
	}
	t->n_cols = n;
	free(to);
}

/* tc's table made whole into *t (tc freed): the Type texts, told apart
 * over every row, into the first column; the interval columns of the
 * column sets with one run a side everywhere dropped; the notes. */
static void compare_end(struct fsr_table_compare *tc, struct fsr_table *t)
{
	struct fsr_table *tt = &tc->t;
	char **types = type_texts_of(tc->types, tt->n_rows);
	unsigned char *keep = fsr_xcalloc(tt->n_cols + 1, 1);
	unsigned char *ci = fsr_xcalloc(tc->n_cs + 1, 1);
	size_t i, g;

	for (i = 0; i < tt->n_rows; i++) {
		char **cell = &tt->cells[i * tt->n_cols];
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_buf_addf(&b, "%s%s", types[i], *cell);
		free(types[i]);
		*cell = fsr_table_keep(tt, fsr_buf_detach(&b));
	}
	free(types);
	/* one run per system everywhere: no interval anywhere, no column
	 * of "-" (the view's decision, as the text's) */
	for (g = 0; g < tc->n_cs; g++) {
		ci[g] = !tc->runs[g].one || tc->runs[g].more;
		tt->blocks[g].unit = ci[g] ? 4 : 3;
		if (ci[g])
			tt->has_ci = 1;
	}
	for (i = 0; i < tt->n_cols; i++)
		keep[i] = tc->ci_set[i] == SIZE_MAX || ci[tc->ci_set[i]];
	drop_columns(tt, keep);
	free(keep);
	free(ci);
	tt->show_notes = tc->notes.len ? fsr_buf_detach(&tc->notes) : NULL;
	*t = *tt;
	memset(tt, 0, sizeof(*tt));
	fsr_table_compare_free(tc);
}

void fsr_table_compare_free(struct fsr_table_compare *tc)
{
	size_t g;

	if (!tc)
		return;
	fsr_table_release(&tc->t);
	fsr_buf_release(&tc->notes);
	for (g = 0; g < tc->n_cs; g++)
		free(tc->cs[g].sys);
	free(tc->cs);
	free(tc->center);
	free(tc->runs);
	free(tc->ci_set);
	free(tc->types);
	free(tc);
}

static int build_compare(const struct fsr_view *v,
			 const struct fsr_render_opts *o, struct fsr_table *t,
			 int want_p, struct fsr_diag *d)
{
	struct fsr_table_compare *tc = fsr_table_compare_begin(v, o, d);
	struct row_index *ix;
	size_t g, i;

	if (!tc)
		return d && d->code ? d->code : FSR_EINTERNAL;
	tc->want_p = want_p;
	ix = fsr_xcalloc(tc->n_cs ? tc->n_cs : 1, sizeof(*ix));
	for (g = 0; g < tc->n_cs; g++) {
		fsr_view_runs_seen(cmp_of(v, o, g), &tc->runs[g]);
		row_index_build(cmp_of(v, o, g), &ix[g]);
	}
	for (i = 0; i < v->report->n_results; i++)
		compare_row(tc, v, i, v->stats->results[i].cells, ix);
	for (g = 0; g < tc->n_cs; g++)
		free(ix[g].at);
	free(ix);
	compare_end(tc, t);
	return 0;
}

/* ---------------------------------------------------------------- legend */

/* The values a DIFF without an interval is the change between: those
 * printed beside it, the view's center of its result (bits of enum
 * fsr_center). */
static const char *means_diff_of(unsigned centers)
{
	if (centers == 1u << FSR_CENTER_GMEAN)
		return "geometric means";
	if (centers == 1u << FSR_CENTER_MEAN)
		return "means";
	return "values printed";
}

/* What the DIFF column is: the estimate of each interval in %, named by
 * method, and the change of the means where a row has no interval. */
static void diff_legend(const struct fsr_table *t, struct fsr_buf *b)
{
	fsr_buf_adds(b, "DIFF: ");
	if (!t->methods) {
		fsr_buf_adds(b, "the change of the means");
	} else {
		fsr_buf_adds(b, "the change its CI is of, ");
		fsr_vocab_method_estimates(b, t->methods);
		if (t->means_diff)
			fsr_buf_addf(b, " (without a CI, the change of the "
				     "%s)", means_diff_of(t->means_diff));
	}
}

void fsr_table_legend(const struct fsr_view *v,
		      const struct fsr_render_opts *o,
		      const struct fsr_table *t, struct fsr_buf *b)
{
	double level = v->cmp->ci_level;
	size_t i, k;

	for (i = 0; i < o->n_groups; i++)
		if (o->groups[i].cmp &&
		    o->groups[i].cmp->ci_level != o->groups[0].cmp->ci_level)
			level = NAN;
	if (o->n_groups && o->groups[0].cmp && !isnan(level))
		level = o->groups[0].cmp->ci_level;
	if (t->directions)
		fsr_buf_addf(b, ARROW_UP " %s, " ARROW_DOWN " %s; ",
			     fsr_vocab_direction(FSR_BETTER_HIGHER),
			     fsr_vocab_direction(FSR_BETTER_LOWER));
	if (t->centers & 1u << FSR_CENTER_GMEAN)
		fsr_buf_adds(b, t->centers & 1u << FSR_CENTER_MEAN ?
			     "values: the geometric means where DIFF is "
			     "their ratio, else the means; " :
			     "values: the geometric means of the runs; ");
	diff_legend(t, b);
	/* no CI column (one run per system, said by the mark s): no CI
	 * to explain */
	if (t->has_ci && !isnan(level)) {
		const struct fsr_comparison *c0 =
			o->n_groups && o->groups[0].cmp ? o->groups[0].cmp :
			v->cmp;

		fsr_buf_adds(b, "; ");
		fsr_view_level_label(b, c0);
		fsr_buf_adds(b, ": the interval of the change in %");
		if (fabs(level - c0->opts.confidence) > 1e-12) {
			fsr_buf_adds(b, ", each at ");
			fsr_view_level_exact(b, level);
		}
	} else if (t->has_ci) {
		fsr_buf_adds(b, "; CI: the interval of the change in %, at "
			     "the level its heading gives");
	}
	if (t->diff_unit)
		fsr_buf_adds(b, "; a DIFF with a unit: not every run is > 0, "
			     "so no ratio: the difference of the means, its "
			     "CI in that unit (Welch)");
	if (o->n_groups)
		fsr_buf_adds(b, "; each group is compared on its own, "
			     "against its first run set, its p values "
			     "corrected within it");
	if (v->cmp->opts.sign_better)
		fsr_buf_adds(b, "; + is better (--sign better: lower-is-better "
			     "changes turned round)");
	if (v->cmp->opts.margin != FSR_MARGIN_NONE) {
		fsr_buf_adds(b, "; ");
		fsr_view_margin_rule(b, v->cmp, fsr_view_eq_level(v->cmp));
		/* the rule ends its sentence: no "; " after it */
		if (b->len && b->buf[b->len - 1] == '.')
			b->buf[--b->len] = 0;
	}
	for (i = 0, k = 0; i < N_COUNT; i++) {
		enum fsr_note n = fsr_view_mark_order[i];

		if (!(t->notes & 1u << n))
			continue;
		fsr_buf_addf(b, "%s%c: ", k++ ? " " : ". Marks after a verdict: ",
			     fsr_note_letter[n]);
		fsr_compare_note_text(b, n, &v->cmp->opts);
	}
}

/* ---------------------------------------------------------------- show */

/* x with dec decimals, in % with two when pct; "-" when not finite. */
static char *fixed_text(double x, int pct, int dec)
{
	struct fsr_buf b = FSR_BUF_INIT;

	if (!isfinite(x))
		fsr_buf_adds(&b, "-");
	else if (pct)
		fsr_vocab_percent(&b, x, 2);
	else
		fsr_buf_add_fixed(&b, x, dec);
	return fsr_buf_detach(&b);
}

/* A cell of the show table that the view flags: "<text> <mark>", and
 * its note ("w sys, result: the first run ...") under the table. */
static void mark_cell(char **cell, char mark,
		      void (*text)(struct fsr_buf *, const struct fsr_summary *,
				   double, const char *),
		      struct fsr_buf *notes, const char *system,
		      const struct fsr_result *res,
		      const struct fsr_summary *s,
		      const struct fsr_unit_scale *u)
{
	struct fsr_buf m = FSR_BUF_INIT;

	fsr_buf_addf(&m, "%s %c", *cell, mark);
	free(*cell);
	*cell = fsr_buf_detach(&m);
	fsr_buf_addf(notes, "%c %s, %s: ", mark, system,
		     *res->description ? res->description : res->title);
	text(notes, s, u->div, u->unit);
	fsr_buf_adds(notes, "\n");
}

/*
 * A show's table in pieces (render.h): the columns, each result's rows
 * as it comes (its Type cell left blank), and at the end the Type texts,
 * which are told apart over every result (type_texts()).
 */
struct fsr_table_show {
	const struct fsr_view *v;
	struct fsr_table t;
	struct builder b;
	struct fsr_buf notes;
	size_t *rows, *first; /* results tabled, their first rows */
	size_t n, cap_rows, cap_first;
};

struct fsr_table_show *fsr_table_show_begin(const struct fsr_view *v)
{
	struct fsr_table_show *ts = fsr_xcalloc(1, sizeof(*ts));
	struct builder *b = &ts->b;
	struct fsr_buf head = FSR_BUF_INIT;

	ts->v = v;
	b->t = &ts->t;
	fsr_buf_init(&ts->notes);
	add_col(b, "Type", 0);
	add_block(b, NULL);
	add_col(b, "System", 0);
	add_col(b, "n", 1);
	add_col(b, "Mean", 1);
	fsr_buf_adds(&head, "\xc2\xb1");
	fsr_vocab_confidence(&head, v->stats->confidence);
	fsr_buf_adds(&head, " CI");
	add_col(b, head.buf, 1);
	fsr_buf_release(&head);
	add_col(b, "CV", 1);
	add_col(b, "Unit", 0);
	end_block(b);
	return ts;
}

/* The marks of a show's mean, in the order they follow it. */
static const struct {
	int (*flagged)(const struct fsr_summary *);
	char mark;
	void (*text)(struct fsr_buf *, const struct fsr_summary *, double,
		     const char *);
} mean_marks[] = {
	{ fsr_view_first_run, FSR_VIEW_FIRST_MARK, fsr_view_first_run_text },
	{ fsr_view_never_steady, FSR_VIEW_STEADY_MARK, fsr_view_steady_text },
	{ fsr_view_drift, FSR_VIEW_DRIFT_MARK, fsr_view_drift_text },
	{ fsr_view_read_rate, FSR_VIEW_RATE_MARK, fsr_view_read_rate_text },
};

void fsr_table_show_result(struct fsr_table_show *ts, size_t i,
			   const struct fsr_summary *sum)
{
	const struct fsr_report *r = ts->v->report;
	const struct fsr_result *res = r->results[i];
	struct builder *b = &ts->b;
	struct fsr_buf *notes = &ts->notes;
	struct fsr_unit_scale u;
	double *vals;
	size_t j, k, n_vals = 0;
	int dec;

	if (!res->n_cells)
		return;
	FSR_GROW(ts->rows, ts->cap_rows, ts->n + 1);
	FSR_GROW(ts->first, ts->cap_first, ts->n + 1);
	ts->rows[ts->n] = i;
	ts->first[ts->n++] = ts->t.n_rows;
	vals = fsr_xcalloc(res->n_cells + 1, sizeof(*vals));
	for (j = 0; j < res->n_cells; j++)
		if (sum[j].n)
			vals[n_vals++] = sum[j].mean;
	unit_of(res, vals, n_vals, &u);
	dec = fsr_view_decimals(vals, n_vals);
	free(vals);
	for (j = 0; j < res->n_cells; j++) {
		const struct fsr_cell *c = &res->cells[j];
		const struct fsr_summary *s = &sum[j];
		struct fsr_buf n = FSR_BUF_INIT;
		int num = numeric(res) && s->n > 0;
		char *ci, *mean;

		add_row(b);
		set_cells(b, 1, r->systems[c->system].label);
		fsr_buf_addf(&n, "%zu", c->n);
		if (c->n_failed)
			fsr_buf_addf(&n, " (%zu failed)", c->n_failed);
		set_cell(b, 2, fsr_buf_detach(&n));
		mean = value_text(res, c, s, s->mean / u.div, dec);
		for (k = 0; num && k < sizeof(mean_marks) / sizeof(*mean_marks);
		     k++)
			if (mean_marks[k].flagged(s))
				mark_cell(&mean, mean_marks[k].mark,
					  mean_marks[k].text, notes,
					  r->systems[c->system].label, res, s,
					  &u);
		set_cell(b, 3, mean);
		ci = fixed_text(num ? (s->ci_high - s->mean) / u.div : NAN, 0,
				dec);
		if (num && fsr_view_mean_below_zero(s))
			mark_cell(&ci, FSR_VIEW_BELOW_ZERO_MARK,
				  fsr_view_below_zero_text, notes,
				  r->systems[c->system].label, res, s, &u);
		set_cell(b, 4, ci);
		set_cell(b, 5, fixed_text(num ? s->cv_pct : NAN, 1, 2));
		set_cells(b, 6, u.unit);
	}
}

void fsr_table_show_free(struct fsr_table_show *ts)
{
	if (!ts)
		return;
	fsr_table_release(&ts->t);
	fsr_buf_release(&ts->notes);
	free(ts->rows);
	free(ts->first);
	free(ts);
}

/* The Type texts into the first rows, the notes: ts's table into *t
 * (ts freed). */
static void show_end(struct fsr_table_show *ts, struct fsr_table *t)
{
	char **types = type_texts(ts->v->report, ts->rows, ts->n);
	size_t i;

	for (i = 0; i < ts->n; i++)
		ts->t.cells[ts->first[i] * ts->t.n_cols] =
			fsr_table_keep(&ts->t, types[i]);
	free(types);
	ts->t.show_notes = ts->notes.len ? fsr_buf_detach(&ts->notes) : NULL;
	*t = ts->t;
	memset(&ts->t, 0, sizeof(ts->t));
	fsr_table_show_free(ts);
}

static int build_show(const struct fsr_view *v, struct fsr_table *t,
		      struct fsr_diag *d)
{
	struct fsr_table_show *ts = fsr_table_show_begin(v);
	size_t i;

	for (i = 0; i < v->report->n_results; i++) {
		/* one result's summaries at a time: a show's may be made
		 * on demand (render.h) */
		const struct fsr_summary *sum;

		if (!v->report->results[i]->n_cells)
			continue;
		sum = fsr_stats_cells(v->stats, i, d);
		if (!sum) {
			fsr_table_show_free(ts);
			return d && d->code ? d->code : FSR_EINTERNAL;
		}
		fsr_table_show_result(ts, i, sum);
	}
	show_end(ts, t);
	return 0;
}

/* What every table ends with: blanks where no cell was set, the notes
 * of the report as a whole. */
static void table_end(const struct fsr_view *v, struct fsr_table *t)
{
	fill_blanks(t);
	if (v->report->steady_result.runs) {
		struct fsr_buf nb = FSR_BUF_INIT;

		fsr_view_steady_choice_text(&nb, v->report);
		fsr_buf_adds(&nb, "\n");
		if (t->show_notes)
			fsr_buf_adds(&nb, t->show_notes);
		free(t->show_notes);
		t->show_notes = fsr_buf_detach(&nb);
	}
	if (v->report->n_dropped_first) {
		struct fsr_buf nb = FSR_BUF_INIT;

		fsr_view_drop_first_text(&nb, v->report->n_dropped_first);
		fsr_buf_adds(&nb, "\n");
		if (t->show_notes)
			fsr_buf_adds(&nb, t->show_notes);
		free(t->show_notes);
		t->show_notes = fsr_buf_detach(&nb);
	}
	{
		struct fsr_buf lines = FSR_BUF_INIT, nb = FSR_BUF_INIT;

		if (fsr_view_refusals(&lines, v->report)) {
			if (t->show_notes)
				fsr_buf_adds(&nb, t->show_notes);
			fsr_buf_addf(&nb, "%s\n%s", FSR_VIEW_REFUSED_HEAD,
				     lines.buf);
			free(t->show_notes);
			t->show_notes = fsr_buf_detach(&nb);
		}
		fsr_buf_release(&lines);
		fsr_buf_release(&nb);
	}
}

/* fsr_table_build(), with a compare's cell_p when want_p. */
static int table_build(const struct fsr_view *v,
		       const struct fsr_render_opts *o, struct fsr_table *t,
		       int want_p, struct fsr_diag *d)
{
	int rc = 0;

	memset(t, 0, sizeof(*t));
	if (v->command == FSR_CMD_COMPARE && v->cmp)
		rc = build_compare(v, o, t, want_p, d);
	else
		rc = build_show(v, t, d);
	if (rc)
		fsr_table_release(t);
	else
		table_end(v, t);
	return rc;
}

int fsr_table_build(const struct fsr_view *v, const struct fsr_render_opts *o,
		    struct fsr_table *t, struct fsr_diag *d)
{
	return table_build(v, o, t, 1, d);
}

/* t written as --format markdown or table, then released. */
static void put_table(const struct fsr_view *v,
		      const struct fsr_render_opts *o, struct fsr_table *t,
		      int markdown, struct fsr_sink *out)
{
	if (markdown)
		fsr_table_put_markdown(v, o, t, out);
	else
		fsr_table_put_text(v, o, t, out);
	fsr_table_release(t);
}

void fsr_table_show_write(struct fsr_table_show *ts, int markdown,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out)
{
	const struct fsr_view *v = ts->v;
	struct fsr_table t;

	show_end(ts, &t);
	table_end(v, &t);
	put_table(v, o, &t, markdown, out);
}

void fsr_table_compare_write(struct fsr_table_compare *tc,
			     const struct fsr_view *v, int markdown,
			     struct fsr_sink *out)
{
	const struct fsr_render_opts *o = tc->o;
	struct fsr_table t;

	compare_end(tc, &t);
	table_end(v, &t);
	put_table(v, o, &t, markdown, out);
}

int fsr_table_render(const struct fsr_view *v, const struct fsr_render_opts *o,
		     int markdown, struct fsr_sink *out, struct fsr_diag *d)
{
	struct fsr_table t;
	/* the p of each cell is the HTML page's */
	int rc = table_build(v, o, &t, 0, d);

	if (!rc)
		put_table(v, o, &t, markdown, out);
	return rc;
}
