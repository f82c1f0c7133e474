/*
 * table_records.c - the record layout of the diff table (--format
 * table), its last resort when neither the table nor its stacked form
 * fits in --width columns (many systems at --width 40): each result's
 * Type on lines of its own, then one line per column, its heading and
 * its text, both wrapped, the columns of a titled block under that
 * title. Never wider than --width unless it is below the narrowest word.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../charts/layout.h"
#include "table_text.h"
#include "../../lib/alloc.h"

#include <stdlib.h>

/* The room a column's text keeps beside its heading. */
#define RECORD_MIN_TEXT 8

static void record_pair(const char *head, const char *text, size_t indent,
			size_t hw, size_t tw, struct type_lines *hl,
			struct type_lines *tl, struct fsr_sink *out)
{
	static char empty[] = "";
	size_t nh = wrap(head, hw, hl), nt = wrap(*text ? text : "-", tw, tl);
	size_t j, n = max_sz(nh, nt);
	struct fsr_buf line = FSR_BUF_INIT;

	for (j = 0; j < n; j++) {
		fsr_buf_reset(&line);
		fsr_buf_addch_n(&line, ' ', indent);
		fsr_wrap_pad(&line, j < nh ? hl->l[j] : empty, hw, 0);
		fsr_buf_adds(&line, "  ");
		fsr_buf_adds(&line, j < nt ? tl->l[j] : empty);
		while (line.len && line.buf[line.len - 1] == ' ')
			line.buf[--line.len] = 0;
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
	}
	fsr_buf_release(&line);
}

void fsr_table_print_records(const struct fsr_table *t, size_t width,
			     struct type_lines *lines, struct fsr_sink *out)
{
	struct type_lines hl = { NULL, 0, 0 }, tl = { NULL, 0, 0 };
	size_t i, j, c, k, n, hw = 1, tw, indent;

	for (c = 1; c < t->n_cols; c++)
		hw = max_sz(hw, fsr_utf8_width(t->head[c]));
	/* the headings take at most what leaves the text its room */
	indent = STACK_INDENT;
	for (k = 0; k < t->n_blocks; k++)
		if (t->blocks[k].title && *t->blocks[k].title)
			indent = 2 * STACK_INDENT;
	if (width > indent + 2 + RECORD_MIN_TEXT)
		hw = min_sz(hw, max_sz((width - indent - 2) / 2,
				       width - indent - 2 - RECORD_MIN_TEXT));
	else
		hw = min_sz(hw, MIN_SQUEEZE);
	tw = width > indent + hw + 2 ? width - indent - hw - 2 : 1;
	for (i = 0; i < t->n_rows; i++) {
		if (i)
			fsr_sink_puts(out, "\n");
		n = *t->cells[i * t->n_cols] ?
			    wrap(t->cells[i * t->n_cols], width, lines) : 0;
		for (j = 0; j < n; j++) {
			fsr_sink_puts(out, lines->l[j]);
			fsr_sink_puts(out, "\n");
		}
		for (k = 0; k < t->n_blocks; k++) {
			const struct fsr_table_block *b = &t->blocks[k];

			if (b->title && *b->title) {
				n = wrap(b->title, width - STACK_INDENT, lines);
				for (j = 0; j < n; j++) {
					fsr_sink_puts(out, "  ");
					fsr_sink_puts(out, lines->l[j]);
					fsr_sink_puts(out, "\n");
				}
			}
			for (c = b->first; c < b->first + b->n; c++)
				record_pair(t->head[c],
					    t->cells[i * t->n_cols + c], indent,
					    hw, tw, &hl, &tl, out);
		}
	}
	type_lines_clear(&hl);
	type_lines_clear(&tl);
	free(hl.l);
	free(tl.l);
}
