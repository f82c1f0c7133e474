/*
 * table_text.c - the text layout of the diff table (--format table):
 * the table fsr_table_build() made (table.c), measured, wrapped to
 * --width and placed, page by page, with the line that explains it.
 *
 * Width: each column as wide as its widest text. When that is wider than
 * --width, the headings and the labels after Type are wrapped (down to
 * MIN_HEAD columns), Type is wrapped at spaces (inside a word after '_',
 * '/', ... when one word is wider than the room), and a baseline against
 * several systems may be split into pages that repeat the baseline:
 * whichever fits in the fewest lines. Groups stand side by side when
 * they fit; else each group is laid out as a table of its own. When
 * neither the table nor its stacked form fits, table_records.c prints
 * each result as a record.
 */
#include "../render.h"
#include "../render-internal.h"
#include "table_text.h"
#include "../charts/layout.h"
#include "../vocab.h"
#include "../../lib/alloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARROW_UP "\xe2\x86\x91"
#define ARROW_DOWN "\xe2\x86\x93"

/* ---------------------------------------------------------- text layout */

/* The narrowest a heading and the Type are wrapped to; when nothing
 * fits, headings, labels and intervals go down to MIN_SQUEEZE
 * (table_text.h). */
#define MIN_HEAD 10
#define MIN_TYPE 8

static size_t block_width(const size_t *w,
			  const struct fsr_table_block *blk)
{
	size_t i, sum = 0;

	for (i = 0; i < blk->n; i++)
		sum += w[blk->first + i] + (i ? 2 : 0);
	return sum;
}

/* The widest word of s (Type is never broken inside a word). */
static size_t widest_word(const char *s)
{
	size_t best = 0;

	while (*s) {
		const char *e = strchr(s, ' ');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		char *word = fsr_xstrndup(s, len);

		best = max_sz(best, fsr_utf8_width(word));
		free(word);
		s += len;
		while (*s == ' ')
			s++;
	}
	return best;
}

/* Columns printed together between two bars, under an optional title. */
struct seg {
	const char *title;
	size_t *cols;
	size_t n;
};

static size_t seg_width(const size_t *w, const struct seg *sg)
{
	size_t i, sum = 0;

	for (i = 0; i < sg->n; i++)
		sum += w[sg->cols[i]] + (i ? 2 : 0);
	return sum;
}

/* One table of the text output: Type, then each segment after " | ". */
struct page {
	struct seg *segs;
	size_t n_segs;
};

static size_t page_width(const size_t *w, const struct page *pg)
{
	size_t k, total = w[0] + 2;

	for (k = 0; k < pg->n_segs; k++)
		total += 3 + seg_width(w, &pg->segs[k]);
	return total;
}

/* A rule under the headings and at the end: c where text goes, "+"
 * where the bars of " | " and the closing " |" are. */
static void rule(const size_t *w, const struct page *pg, char c,
		 struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT;
	size_t k;

	fsr_buf_addch_n(&line, c, w[0]);
	for (k = 0; k < pg->n_segs; k++) {
		fsr_buf_addc(&line, c);
		fsr_buf_addc(&line, '+');
		fsr_buf_addch_n(&line, c, seg_width(w, &pg->segs[k]) + 1);
	}
	fsr_buf_addc(&line, c);
	fsr_buf_adds(&line, "+\n");
	fsr_sink_putbuf(out, &line);
	fsr_buf_release(&line);
}

/* One text line: type, then the cells of row (NULL: blank cells). */
static void text_line(const struct fsr_table *t, const size_t *w,
		      const struct page *pg, const char *type,
		      char *const *row, struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT;
	size_t k, i;

	fsr_wrap_pad(&line, type, w[0], 0);
	for (k = 0; k < pg->n_segs; k++) {
		const struct seg *sg = &pg->segs[k];

		fsr_buf_adds(&line, " | ");
		for (i = 0; i < sg->n; i++) {
			size_t c = sg->cols[i];

			if (i)
				fsr_buf_adds(&line, "  ");
			fsr_wrap_pad(&line, row ? row[c] : "", w[c], t->right[c]);
		}
	}
	fsr_buf_adds(&line, " |\n");
	fsr_sink_putbuf(out, &line);
	fsr_buf_release(&line);
}

/* The headings, each wrapped to its column (render/wrap.c): a label
 * wider than its numbers takes several lines rather than the width. */
static void head_lines(const struct fsr_table *t, const size_t *w,
		       const struct page *pg, struct fsr_sink *out)
{
	struct type_lines *hl = fsr_xcalloc(t->n_cols, sizeof(*hl));
	char **row = fsr_xcalloc(t->n_cols, sizeof(*row));
	static char empty[] = "";
	size_t i, j, n = 1;

	size_t k, c;

	for (i = 0; i < t->n_cols; i++)
		wrap(t->head[i], w[i], &hl[i]);
	/* as many lines as the headings on this page take */
	n = hl[0].n;
	for (k = 0; k < pg->n_segs; k++)
		for (c = 0; c < pg->segs[k].n; c++)
			n = max_sz(n, hl[pg->segs[k].cols[c]].n);
	for (j = 0; j < n; j++) {
		for (i = 0; i < t->n_cols; i++)
			row[i] = j < hl[i].n ? hl[i].l[j] : empty;
		text_line(t, w, pg, row[0], row, out);
	}
	for (i = 0; i < t->n_cols; i++) {
		type_lines_clear(&hl[i]);
		free(hl[i].l);
	}
	free(hl);
	free(row);
}

/* The lines of row r's cells after Type, each wrapped to its column
 * (a label longer than the column takes several lines); hl holds
 * t->n_cols line lists. Returns the most lines of a cell. */
static size_t wrap_cells(const struct fsr_table *t, const size_t *w,
			 size_t r, struct type_lines *hl)
{
	size_t c, h = 1;

	for (c = 1; c < t->n_cols; c++)
		h = max_sz(h, wrap(t->cells[r * t->n_cols + c], w[c],
				   &hl[c]));
	return h;
}

/* Print row r, its Type from line *j of type[0..n) on, *j advanced. */
static void print_row(const struct fsr_table *t, const size_t *w,
		      const struct page *pg, size_t r,
		      const struct type_lines *type, size_t n, size_t *j,
		      struct fsr_sink *out)
{
	struct type_lines *hl = fsr_xcalloc(t->n_cols, sizeof(*hl));
	char **row = fsr_xcalloc(t->n_cols, sizeof(*row));
	static char empty[] = "";
	size_t c, k, h = wrap_cells(t, w, r, hl);

	for (k = 0; k < h; k++, (*j)++) {
		for (c = 1; c < t->n_cols; c++)
			row[c] = k < hl[c].n ? hl[c].l[k] : empty;
		text_line(t, w, pg, *j < n ? type->l[*j] : "", row, out);
	}
	for (c = 0; c < t->n_cols; c++) {
		type_lines_clear(&hl[c]);
		free(hl[c].l);
	}
	free(hl);
	free(row);
}

static void print_page(const struct fsr_table *t, const size_t *w,
		       const struct page *pg, struct type_lines *lines,
		       struct fsr_sink *out)
{
	size_t i, k;
	int titles = 0;

	for (k = 0; k < pg->n_segs; k++)
		if (pg->segs[k].title && *pg->segs[k].title)
			titles = 1;
	if (titles) {
		struct fsr_buf line = FSR_BUF_INIT;

		fsr_buf_addch_n(&line, ' ', w[0]);
		for (k = 0; k < pg->n_segs; k++) {
			const struct seg *sg = &pg->segs[k];

			fsr_buf_adds(&line, " | ");
			fsr_wrap_pad(&line, sg->title ? sg->title : "",
			    seg_width(w, sg), 0);
		}
		fsr_buf_adds(&line, " |\n");
		fsr_sink_putbuf(out, &line);
		fsr_buf_release(&line);
	}
	head_lines(t, w, pg, out);
	rule(w, pg, '=', out);
	for (i = 0; i < t->n_rows;) {
		size_t n = wrap(t->cells[i * t->n_cols], w[0], lines);
		size_t j = 0;

		/* The rows after it with a blank Type (the other systems
		 * of a result in show) carry the further lines of Type. */
		do {
			print_row(t, w, pg, i, lines, n, &j, out);
			i++;
		} while (i < t->n_rows && !*t->cells[i * t->n_cols]);
		for (; j < n; j++)
			text_line(t, w, pg, lines->l[j], NULL, out);
	}
	rule(w, pg, '=', out);
}

/*
 * The lines of the cells of one table wrapped at the widths a layout
 * search tries (search_widths()), kept between its tries: most columns
 * keep their width from one try to the next, and fit_width() tries the
 * same Type widths at every heading width. Per column, the width it was
 * last wrapped at and each row's lines; per Type width, every row's.
 */
struct wrap_memo {
	const struct fsr_table *t;
	size_t *col_w;       /* per column, SIZE_MAX: none yet */
	uint32_t **lines;    /* per column, per row (a cell's lines fit:
			      * 4 bytes, not 8, of every cell) */
	size_t *type_sum;    /* per Type width below n_type, SIZE_MAX:
			      * none yet */
	size_t n_type;
};

static void wrap_memo_init(struct wrap_memo *m, const struct fsr_table *t)
{
	size_t c;

	m->t = t;
	m->col_w = fsr_xcalloc(t->n_cols + 1, sizeof(*m->col_w));
	m->lines = fsr_xcalloc(t->n_cols + 1, sizeof(*m->lines));
	for (c = 0; c < t->n_cols; c++)
		m->col_w[c] = SIZE_MAX;
	m->type_sum = NULL;
	m->n_type = 0;
}

static void wrap_memo_release(struct wrap_memo *m)
{
	size_t c;

	for (c = 0; c < m->t->n_cols; c++)
		free(m->lines[c]);
	free(m->lines);
	free(m->col_w);
	free(m->type_sum);
}

/* Each row's lines of column c wrapped at width, from m. */
static const uint32_t *col_lines(struct wrap_memo *m, size_t c, size_t width,
			       struct type_lines *lines)
{
	const struct fsr_table *t = m->t;
	size_t r;

	if (m->col_w[c] == width)
		return m->lines[c];
	if (!m->lines[c])
		m->lines[c] = fsr_xcalloc(t->n_rows + 1, sizeof(**m->lines));
	for (r = 0; r < t->n_rows; r++)
		m->lines[c][r] = (uint32_t)wrap(t->cells[r * t->n_cols + c],
						width, lines);
	m->col_w[c] = width;
	return m->lines[c];
}

/* Text lines of all rows with Type w0 wide (m: kept there, or NULL). */
static size_t row_lines(const struct fsr_table *t, size_t w0,
			struct type_lines *lines, struct wrap_memo *m)
{
	size_t i, sum = 0;

	if (m && w0 < m->n_type && m->type_sum[w0] != SIZE_MAX)
		return m->type_sum[w0];
	for (i = 0; i < t->n_rows; i++)
		sum += wrap(t->cells[i * t->n_cols], w0, lines);
	if (m && w0 >= m->n_type) {
		size_t n = w0 + 1;

		m->type_sum = fsr_xrealloc(m->type_sum,
					   n * sizeof(*m->type_sum));
		for (i = m->n_type; i < n; i++)
			m->type_sum[i] = SIZE_MAX;
		m->n_type = n;
	}
	if (m)
		m->type_sum[w0] = sum;
	return sum;
}

/* The lines of all rows printed with widths w, as print_page() does:
 * the rows after a Type carry its further lines (m: the lines of the
 * cells kept there, or NULL). */
static size_t body_lines(const struct fsr_table *t, const size_t *w,
			 struct type_lines *lines, struct wrap_memo *m)
{
	const uint32_t **cl = fsr_xcalloc(t->n_cols + 1, sizeof(*cl));
	struct wrap_memo once;
	size_t r, c, sum = 0;

	if (!m) {
		wrap_memo_init(&once, t);
		m = &once;
	}
	for (c = 0; c < t->n_cols; c++)
		cl[c] = col_lines(m, c, w[c], lines);
	for (r = 0; r < t->n_rows;) {
		size_t n = cl[0][r], h = 0;

		/* a row's cells take as many lines as its longest */
		do {
			size_t most = 1;

			for (c = 1; c < t->n_cols; c++)
				most = max_sz(most, cl[c][r]);
			h += most;
			r++;
		} while (r < t->n_rows && !*t->cells[r * t->n_cols]);
		sum += max_sz(n, h);
	}
	free(cl);
	if (m == &once)
		wrap_memo_release(&once);
	return sum;
}

/*
 * Split a block that repeats its first keep columns (the baseline) and
 * then has units of unit columns (a system and its DIFF) into pages of
 * at most width columns, Type w[0] wide. Returns the number of pages,
 * 0 when one unit alone does not fit. With pages set, fills them (each
 * one segment; cols point into colbuf).
 */
static size_t paginate(const size_t *w, const struct fsr_table_block *blk,
		       size_t width, struct page *pages, struct seg *segs,
		       size_t *colbuf)
{
	size_t keep_w = 0, i, u, n_units = (blk->n - blk->keep) / blk->unit;
	size_t n_pages = 0, used = 0, cur = 0, fixed;

	for (i = 0; i < blk->keep; i++)
		keep_w += w[blk->first + i] + (i ? 2 : 0);
	fixed = w[0] + 2 + 3 + keep_w;
	for (u = 0; u < n_units; u++) {
		size_t first = blk->first + blk->keep + u * blk->unit;
		size_t uw = 0, k;

		for (k = 0; k < blk->unit; k++)
			uw += 2 + w[first + k];
		if (fixed + uw > width)
			return 0;
		if (u == 0 || cur + uw > width) {
			if (pages) {
				pages[n_pages].segs = &segs[n_pages];
				pages[n_pages].n_segs = 1;
				segs[n_pages].title = blk->title;
				segs[n_pages].cols = &colbuf[used];
				segs[n_pages].n = 0;
				for (k = 0; k < blk->keep; k++)
					colbuf[used + segs[n_pages].n++] =
						blk->first + k;
				used += blk->keep;
			}
			n_pages++;
			cur = fixed;
		}
		cur += uw;
		if (pages)
			for (k = 0; k < blk->unit; k++) {
				colbuf[used++] = first + k;
				segs[n_pages - 1].n++;
			}
	}
	return n_pages;
}

/* Each column as wide as its widest text, its heading counted only up
 * to head_max columns (a longer one is wrapped); a block title wider
 * than its columns widens its first column. With squeeze, a number
 * cell of several words (an interval "[-81, -59]") wraps at its spaces
 * too, as a last resort; at squeeze 1 a heading's words of up to
 * MIN_HEAD stay whole, at 2 they break too. */
static size_t *column_widths(const struct fsr_table *t, size_t head_max,
			     int squeeze)
{
	size_t *w = fsr_xcalloc(t->n_cols, sizeof(*w)), i, k;

	for (i = 0; i < t->n_cols; i++) {
		size_t hw = fsr_utf8_width(t->head[i]);

		w[i] = i && hw > head_max ? head_max : hw;
		/* squeezed once, a heading keeps its words up to MIN_HEAD */
		if (i && squeeze == 1)
			w[i] = max_sz(w[i], min_sz(widest_word(t->head[i]),
						   MIN_HEAD));
		for (k = 0; k < t->n_rows; k++) {
			const char *cell = t->cells[k * t->n_cols + i];
			size_t cw = fsr_utf8_width(cell);

			/* text after Type (a label) wraps like a heading */
			if (i && !t->right[i] && cw > head_max)
				cw = head_max;
			if (i && t->right[i] && squeeze && cw > head_max)
				cw = max_sz(head_max, widest_word(cell));
			w[i] = max_sz(w[i], cw);
		}
	}
	for (k = 0; k < t->n_blocks; k++) {
		const struct fsr_table_block *blk = &t->blocks[k];
		size_t tw = blk->title ? fsr_utf8_width(blk->title) : 0;
		size_t bw = block_width(w, blk);

		if (blk->n && tw > bw)
			w[blk->first] += tw - bw;
	}
	return w;
}


/* The pages of a table and the columns they show. */
struct layout {
	struct page *pages;
	struct seg *segs;
	size_t *colbuf, n_pages;
};

/* Every block side by side, on one page. */
static void one_page(const struct fsr_table *t, struct layout *lay)
{
	size_t i, k;

	lay->pages = fsr_xcalloc(t->n_cols + 1, sizeof(*lay->pages));
	lay->segs = fsr_xcalloc(t->n_cols + t->n_blocks + 1,
				sizeof(*lay->segs));
	lay->colbuf = fsr_xcalloc(2 * t->n_cols + 1, sizeof(*lay->colbuf));
	lay->n_pages = 1;
	lay->pages[0].segs = lay->segs;
	lay->pages[0].n_segs = t->n_blocks;
	for (k = 0; k < t->n_blocks; k++) {
		struct seg *sg = &lay->segs[k];

		sg->title = t->blocks[k].title;
		sg->cols = &lay->colbuf[t->blocks[k].first];
		sg->n = t->blocks[k].n;
		for (i = 0; i < t->blocks[k].n; i++)
			lay->colbuf[t->blocks[k].first + i] =
				t->blocks[k].first + i;
	}
}

/*
 * A table wider than width. A single block of a baseline and several
 * systems is split into pages (the baseline on each): the Type width
 * (wrapped at spaces) that fits and prints the fewest lines. Otherwise
 * Type is wrapped; when the other columns alone are too wide the table
 * cannot fit: Type stays readable rather than tall.
 */
static void fit_width(const struct fsr_table *t, size_t *w, size_t width,
		      struct layout *lay, struct type_lines *lines,
		      struct wrap_memo *m)
{
	const struct fsr_table_block *blk = &t->blocks[0];
	size_t best = 0, best_lines = 0, w0, np, i, natural = w[0];
	size_t min_type = fsr_utf8_width(t->head[0]), words = 0;

	/* Type is wrapped at spaces; a word longer than MIN_TYPE is broken
	 * (after '_', '/', ... where it can) rather than overflow. */
	for (i = 0; i < t->n_rows; i++)
		words = max_sz(words, widest_word(t->cells[i * t->n_cols]));
	min_type = max_sz(min_type, words < MIN_TYPE ? words : MIN_TYPE);
	if (t->n_blocks == 1 && blk->unit &&
	    blk->n >= blk->keep + 2 * blk->unit)
		for (w0 = natural; w0 >= min_type && w0 > 0; w0--) {
			size_t n;

			w[0] = w0;
			np = paginate(w, blk, width, NULL, NULL, NULL);
			if (!np)
				continue;
			n = np * (3 + row_lines(t, w0, lines, m)) + np - 1;
			if (!best || n < best_lines) {
				best = w0;
				best_lines = n;
			}
		}
	if (best) {
		w[0] = best;
		memset(lay->segs, 0, (t->n_cols + t->n_blocks + 1) *
		       sizeof(*lay->segs));
		lay->n_pages = paginate(w, blk, width, lay->pages, lay->segs,
					lay->colbuf);
	} else {
		size_t rest, avail;

		/* w[0] is still the last width the search above tried,
		 * as it always was here: this table cannot fit anyway */
		rest = page_width(w, &lay->pages[0]) - natural;
		avail = width > rest ? width - rest : 0;
		/* groups side by side that cannot fit: readable, not tall,
		 * words whole */
		if (avail < min_type && t->n_blocks > 1) {
			avail = avail < 16 ? 30 : avail;
			min_type = max_sz(min_type, words);
		}
		w[0] = max_sz(natural < avail ? natural : avail, min_type);
	}
}

/* Under a compare table: what the arrows and the interval are, wrapped
 * to width (0: one line). With groups, each is its own comparison. */
static void legend(const struct fsr_view *v, const struct fsr_render_opts *o,
		   const struct fsr_table *t, size_t width,
		   struct type_lines *lines, struct fsr_sink *out)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, n;

	fsr_table_legend(v, o, t, &b);
	n = wrap(b.buf, width ? width : b.len, lines);
	for (i = 0; i < n; i++) {
		fsr_sink_puts(out, lines->l[i]);
		fsr_sink_puts(out, "\n");
	}
	fsr_buf_release(&b);
}

/* Under a show table: the note of each cell marked 'b', one wrapped
 * paragraph per line of notes. */
static void show_notes(const char *notes, size_t width,
		       struct type_lines *lines, struct fsr_sink *out)
{
	const char *p = notes;

	while (*p) {
		const char *e = strchr(p, '\n');
		char *one = fsr_xstrndup(p, e ? (size_t)(e - p) : strlen(p));
		/* continuation lines are indented by two */
		size_t i, n = wrap(one, width > 2 ? width - 2 : strlen(one) + 2,
				   lines);

		for (i = 0; i < n; i++) {
			fsr_sink_puts(out, i ? "  " : "");
			fsr_sink_puts(out, lines->l[i]);
			fsr_sink_puts(out, "\n");
		}
		free(one);
		p = e ? e + 1 : p + strlen(p);
	}
}

static void layout_release(struct layout *lay)
{
	free(lay->pages);
	free(lay->segs);
	free(lay->colbuf);
}

static size_t widest_page(const size_t *w, const struct layout *lay)
{
	size_t k, best = 0;

	for (k = 0; k < lay->n_pages; k++)
		best = max_sz(best, page_width(w, &lay->pages[k]));
	return best;
}

/* The lines the pages of t take printed with widths w (m: as
 * body_lines()). */
static size_t printed_lines(const struct fsr_table *t, const size_t *w,
			    const struct layout *lay,
			    struct type_lines *lines, struct wrap_memo *m)
{
	size_t i, head = 1;

	for (i = 0; i < t->n_cols; i++)
		head = max_sz(head, wrap(t->head[i], w[i], lines));
	return lay->n_pages * (head + 2 + body_lines(t, w, lines, m));
}

/*
 * The widths and pages of t in width columns with headings (and, with
 * squeeze, intervals) wrapped from their natural width down to min_head:
 * the heading width that fits in the fewest lines wins, the widest of
 * equals; min_head when nothing fits. Returns the widths (free them).
 */
static size_t *search_widths(const struct fsr_table *t, size_t width,
			     int squeeze, size_t min_head, struct layout *lay,
			     struct type_lines *lines)
{
	size_t *w = column_widths(t, SIZE_MAX, 0), hm = 0, i, best = SIZE_MAX;
	struct wrap_memo m;

	wrap_memo_init(&m, t);
	one_page(t, lay);
	for (i = 1; i < t->n_cols; i++)
		hm = max_sz(hm, w[i]);
	for (;; hm--) {
		size_t *cw = column_widths(t, hm, squeeze), n;
		struct layout cl;

		one_page(t, &cl);
		if (page_width(cw, &cl.pages[0]) > width)
			fit_width(t, cw, width, &cl, lines, &m);
		n = widest_page(cw, &cl) <= width ?
			    printed_lines(t, cw, &cl, lines, &m) : SIZE_MAX;
		if (n < best || (best == SIZE_MAX && hm <= min_head)) {
			best = n;
			free(w);
			layout_release(lay);
			w = cw;
			*lay = cl;
		} else {
			free(cw);
			layout_release(&cl);
		}
		if (hm <= min_head) {
			wrap_memo_release(&m);
			return w;
		}
	}
}

/*
 * The column widths and pages of t in width columns (0: no limit).
 * Too wide, the headings are wrapped (down to MIN_HEAD columns), the
 * Type wrapped and pages made as fit_width() does (search_widths());
 * when that still does not fit, the intervals are wrapped too and the
 * headings and labels go down to MIN_SQUEEZE, their words kept whole
 * first. Returns the widths.
 */
static size_t *layout_table(const struct fsr_table *t, size_t width,
			    struct layout *lay, struct type_lines *lines)
{
	size_t *w = column_widths(t, SIZE_MAX, 0), *w2;
	struct layout l2;
	int squeeze;

	one_page(t, lay);
	if (!width || page_width(w, &lay->pages[0]) <= width)
		return w;
	free(w);
	layout_release(lay);
	w = search_widths(t, width, 0, MIN_HEAD, lay, lines);
	if (widest_page(w, lay) <= width)
		return w;
	for (squeeze = 1; squeeze <= 2; squeeze++) {
		w2 = search_widths(t, width, squeeze, MIN_SQUEEZE, &l2, lines);
		if (widest_page(w2, &l2) < widest_page(w, lay)) {
			free(w);
			layout_release(lay);
			*lay = l2;
			w = w2;
		} else {
			free(w2);
			layout_release(&l2);
		}
		if (widest_page(w, lay) <= width)
			break;
	}
	return w;
}

/*
 * The stacked layout, for a table whose numbers leave Type too little
 * room (or none): each result's Type on lines of its own across the
 * whole width, its numbers under it indented by STACK_INDENT
 * (table_text.h), no bars.
 * The widths w come from a layout of the table without its Type
 * (stacked_widths()); a block title is a line above the headings.
 */

static void stacked_line(const struct fsr_table *t, const size_t *w,
			 const struct page *pg, char *const *row,
			 struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT;
	size_t k, i;

	fsr_buf_addch_n(&line, ' ', STACK_INDENT);
	for (k = 0; k < pg->n_segs; k++) {
		const struct seg *sg = &pg->segs[k];

		for (i = 0; i < sg->n; i++) {
			size_t c = sg->cols[i];

			if (i || k)
				fsr_buf_adds(&line, "  ");
			fsr_wrap_pad(&line, row ? row[c] : "", w[c], t->right[c]);
		}
	}
	/* no padding after the last cell */
	while (line.len && line.buf[line.len - 1] == ' ')
		line.buf[--line.len] = 0;
	fsr_buf_addc(&line, '\n');
	fsr_sink_putbuf(out, &line);
	fsr_buf_release(&line);
}

static size_t stacked_width(const size_t *w, const struct page *pg)
{
	size_t k, sum = STACK_INDENT;

	for (k = 0; k < pg->n_segs; k++)
		sum += seg_width(w, &pg->segs[k]) + (k ? 2 : 0);
	return sum;
}

static void print_stacked(const struct fsr_table *t, const size_t *w,
			  const struct page *pg, size_t width,
			  struct type_lines *lines, struct fsr_sink *out)
{
	struct type_lines *hl = fsr_xcalloc(t->n_cols, sizeof(*hl));
	char **row = fsr_xcalloc(t->n_cols, sizeof(*row));
	static char empty[] = "";
	struct fsr_buf rl = FSR_BUF_INIT;
	size_t i, j, k, c, n, h;

	for (k = 0; k < pg->n_segs; k++)
		if (pg->segs[k].title && *pg->segs[k].title) {
			n = wrap(pg->segs[k].title, width, lines);
			for (j = 0; j < n; j++) {
				fsr_sink_puts(out, lines->l[j]);
				fsr_sink_puts(out, "\n");
			}
		}
	for (c = 1, h = 1; c < t->n_cols; c++)
		h = max_sz(h, wrap(t->head[c], w[c], &hl[c]));
	for (j = 0; j < h; j++) {
		for (c = 1; c < t->n_cols; c++)
			row[c] = j < hl[c].n ? hl[c].l[j] : empty;
		stacked_line(t, w, pg, row, out);
	}
	fsr_buf_addch_n(&rl, '=', stacked_width(w, pg));
	fsr_buf_addc(&rl, '\n');
	fsr_sink_putbuf(out, &rl);
	for (i = 0; i < t->n_rows; i++) {
		/* a blank Type (show's further systems) takes no line */
		n = *t->cells[i * t->n_cols] ?
			    wrap(t->cells[i * t->n_cols], width, lines) : 0;
		for (j = 0; j < n; j++) {
			fsr_sink_puts(out, lines->l[j]);
			fsr_sink_puts(out, "\n");
		}
		h = wrap_cells(t, w, i, hl);
		for (j = 0; j < h; j++) {
			for (c = 1; c < t->n_cols; c++)
				row[c] = j < hl[c].n ? hl[c].l[j] : empty;
			stacked_line(t, w, pg, row, out);
		}
	}
	fsr_sink_putbuf(out, &rl);
	fsr_buf_release(&rl);
	for (c = 0; c < t->n_cols; c++) {
		type_lines_clear(&hl[c]);
		free(hl[c].l);
	}
	free(hl);
	free(row);
}

/* The lines print_stacked() prints for t with widths w and lay. */
static size_t stacked_lines(const struct fsr_table *t, const size_t *w,
			    const struct layout *lay, size_t width,
			    struct type_lines *lines)
{
	struct type_lines *hl = fsr_xcalloc(t->n_cols, sizeof(*hl));
	size_t i, c, head = 1, body = 0;

	for (c = 1; c < t->n_cols; c++)
		head = max_sz(head, wrap(t->head[c], w[c], lines));
	for (i = 0; i < t->n_rows; i++)
		body += (*t->cells[i * t->n_cols] ?
			 wrap(t->cells[i * t->n_cols], width, lines) : 0) +
			wrap_cells(t, w, i, hl);
	for (c = 0; c < t->n_cols; c++) {
		type_lines_clear(&hl[c]);
		free(hl[c].l);
	}
	free(hl);
	return lay->n_pages * (head + 2 + body);
}

/* The widths and pages of t stacked in width columns: t laid out with
 * a Type of one blank column, in the room the indent leaves. */
static size_t *stacked_widths(const struct fsr_table *t, size_t width,
			      struct layout *lay, struct type_lines *lines)
{
	struct fsr_table bt = *t;
	static char blank[] = " ", none[] = "";
	char **type = fsr_xcalloc(t->n_rows + 1, sizeof(*type));
	size_t r, *w;

	bt.head = fsr_xcalloc(t->n_cols, sizeof(*bt.head));
	memcpy(bt.head, t->head, t->n_cols * sizeof(*bt.head));
	bt.head[0] = blank;
	/* the Type cells blanked in t's own array for the layout, and put
	 * back: a copy of every cell's pointer was the peak of a big
	 * compare table (BENCHMARKS.md) */
	for (r = 0; r < t->n_rows; r++) {
		type[r] = t->cells[r * t->n_cols];
		bt.cells[r * t->n_cols] = none;
	}
	/* page_width() counts Type + " | " ... " |": 1 + 5 columns where
	 * the stacked rows have their indent */
	w = layout_table(&bt, width + 6 - STACK_INDENT, lay, lines);
	for (r = 0; r < t->n_rows; r++)
		bt.cells[r * t->n_cols] = type[r];
	free(type);
	free(bt.head);
	return w;
}

/* Block k of t as a table of its own: Type and the block's columns
 * (the strings borrowed; free the arrays only). */
static void block_table(const struct fsr_table *t, size_t k,
			struct fsr_table *bt, struct fsr_table_block *blk)
{
	const struct fsr_table_block *src = &t->blocks[k];
	size_t r, c, n = 1 + src->n;

	memset(bt, 0, sizeof(*bt));
	bt->n_cols = n;
	bt->n_rows = t->n_rows;
	bt->head = fsr_xcalloc(n, sizeof(*bt->head));
	bt->right = fsr_xcalloc(n, sizeof(*bt->right));
	bt->cells = fsr_xcalloc(n * (t->n_rows ? t->n_rows : 1),
				sizeof(*bt->cells));
	for (c = 0; c < n; c++) {
		size_t from = c ? src->first + c - 1 : 0;

		bt->head[c] = t->head[from];
		bt->right[c] = t->right[from];
		for (r = 0; r < t->n_rows; r++)
			bt->cells[r * n + c] = t->cells[r * t->n_cols + from];
	}
	*blk = *src;
	blk->first = 1;
	bt->blocks = blk;
	bt->n_blocks = 1;
}

/* The stacked layout of t in width columns (its widths sw and pages
 * sl, for the caller to free) and the width of its widest page. */
static size_t stacked_layout(const struct fsr_table *t, size_t width,
			     struct layout *sl, size_t **sw,
			     struct type_lines *lines)
{
	size_t i, n = 0;

	*sw = stacked_widths(t, width, sl, lines);
	for (i = 0; i < sl->n_pages; i++)
		n = max_sz(n, stacked_width(*sw, &sl->pages[i]));
	return n;
}

/*
 * Whether t, laid out in width columns as w and lay, is better stacked:
 * when it does not fit, or when its Type had to be wrapped narrower than
 * STACK_TYPE columns and the stacked layout fits in no more lines.
 */
#define STACK_TYPE 16

static int use_stacked(const struct fsr_table *t, const size_t *w,
		       const struct layout *lay, size_t width,
		       struct type_lines *lines)
{
	struct layout sl;
	size_t *sw, natural = fsr_utf8_width(t->head[0]), i, n;
	int fits, better;

	for (i = 0; i < t->n_rows; i++)
		natural = max_sz(natural,
				 fsr_utf8_width(t->cells[i * t->n_cols]));
	fits = widest_page(w, lay) <= width;
	if (fits && (w[0] >= STACK_TYPE || w[0] >= natural))
		return 0;
	n = stacked_layout(t, width, &sl, &sw, lines);
	better = n <= width &&
		 (!fits || stacked_lines(t, sw, &sl, width, lines) <=
				   printed_lines(t, w, lay, lines, NULL));
	layout_release(&sl);
	free(sw);
	return better;
}

/* Whether the stacked layout of t fits in width columns. */
static int stacked_fits(const struct fsr_table *t, size_t width,
			struct type_lines *lines)
{
	struct layout sl;
	size_t *sw, n = stacked_layout(t, width, &sl, &sw, lines);

	layout_release(&sl);
	free(sw);
	return n <= width;
}

/* Print t in width columns: every block side by side when that fits,
 * else (groups) each block as a table of its own, under its title. */
static void print_table(const struct fsr_table *t, size_t width,
			struct type_lines *lines, struct fsr_sink *out)
{
	struct layout lay;
	size_t *w, k;

	if (t->n_blocks > 1 && width) {
		w = column_widths(t, SIZE_MAX, 0);
		one_page(t, &lay);
		k = page_width(w, &lay.pages[0]);
		free(w);
		layout_release(&lay);
		if (k > width) {
			for (k = 0; k < t->n_blocks; k++) {
				struct fsr_table bt;
				struct fsr_table_block blk;

				if (k)
					fsr_sink_puts(out, "\n");
				block_table(t, k, &bt, &blk);
				print_table(&bt, width, lines, out);
				free(bt.head);
				free(bt.right);
				free(bt.cells);
			}
			return;
		}
	}
	w = layout_table(t, width, &lay, lines);
	if (width && widest_page(w, &lay) > width &&
	    (t->n_blocks != 1 || !stacked_fits(t, width, lines))) {
		fsr_table_print_records(t, width, lines, out);
	} else if (width && t->n_blocks == 1 &&
		   use_stacked(t, w, &lay, width, lines)) {
		struct layout sl;
		size_t *sw = stacked_widths(t, width, &sl, lines);

		for (k = 0; k < sl.n_pages; k++) {
			if (k)
				fsr_sink_puts(out, "\n");
			print_stacked(t, sw, &sl.pages[k], width, lines, out);
		}
		layout_release(&sl);
		free(sw);
	} else {
		for (k = 0; k < lay.n_pages; k++) {
			if (k)
				fsr_sink_puts(out, "\n");
			print_page(t, w, &lay.pages[k], lines, out);
		}
	}
	layout_release(&lay);
	free(w);
}

void fsr_table_put_text(const struct fsr_view *v,
			const struct fsr_render_opts *o, struct fsr_table *t,
			struct fsr_sink *out)
{
	struct type_lines lines = { NULL, 0, 0 };
	size_t width = o->width > 0 ? (size_t)o->width : 0;

	print_table(t, width, &lines, out);
	if (v->command == FSR_CMD_COMPARE && v->cmp)
		legend(v, o, t, width, &lines, out);
	if (t->show_notes)
		show_notes(t->show_notes, width, &lines, out);
	if (!o->no_systems)
		fsr_render_systems_text(v->report, o->width, out);
	type_lines_clear(&lines);
	free(lines.l);
}

int fsr_render_table(const struct fsr_view *v, const struct fsr_render_opts *o,
		     struct fsr_sink *out, struct fsr_diag *d)
{
	return fsr_table_render(v, o, 0, out, d);
}
