/*
 * markdown.c - the table of table.c as a GitHub-flavoured Markdown table
 * (--format markdown), for pull requests, issues and web posts:
 *
 *	| Type           | NODISCARD | DISCARD |    DIFF |
 *	| -------------- | --------: | ------: | ------: |
 *	| Total_duration |    377.80 |  598.80 | +58.50% |
 *
 * Numbers are right-aligned (":" in the delimiter row). Markdown has one
 * heading row and no spanning cells, so --group titles become the
 * heading row (each over its group's first column) and the column names
 * a bold first row. Cells are padded so that the source reads as a table
 * too. In cells, "|" and the characters that would start emphasis, code,
 * links or HTML are escaped with a backslash ("_" only where it could
 * start or end emphasis: Total_duration stays as it is); a line break
 * becomes a space.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../lib/alloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* s with Markdown's active characters escaped (owned by the caller). */
static char *escape(const char *s, int bold)
{
	struct fsr_buf b = FSR_BUF_INIT;
	const char *start = s;

	if (bold && *s)
		fsr_buf_adds(&b, "**");
	for (; *s; s++) {
		switch (*s) {
		case '_':
			/* Inside a word (Total_duration) it is text. */
			if (s > start && isalnum((unsigned char)s[-1]) &&
			    isalnum((unsigned char)s[1])) {
				fsr_buf_addc(&b, '_');
				break;
			}
			/* fall through */
		case '\\':
		case '|':
		case '*':
		case '`':
		case '[':
		case ']':
		case '<':
			fsr_buf_addc(&b, '\\');
			fsr_buf_addc(&b, *s);
			break;
		case '\r':
		case '\n':
		case '\t':
			fsr_buf_addc(&b, ' ');
			break;
		default:
			fsr_buf_addc(&b, *s);
		}
	}
	if (bold && b.len)
		fsr_buf_adds(&b, "**");
	return fsr_buf_detach(&b);
}

char *fsr_md_escape(const char *s)
{
	return escape(s, 0);
}

static void md_row(char *const *cells, const size_t *w, const int *right,
		   size_t n, struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++) {
		size_t cw = fsr_utf8_width(cells[i]);
		size_t fill = w[i] > cw ? w[i] - cw : 0;

		fsr_buf_adds(&line, "| ");
		if (right[i])
			fsr_buf_addch_n(&line, ' ', fill);
		fsr_buf_adds(&line, cells[i]);
		if (!right[i])
			fsr_buf_addch_n(&line, ' ', fill);
		fsr_buf_addc(&line, ' ');
	}
	fsr_buf_adds(&line, "|\n");
	fsr_sink_putbuf(out, &line);
	fsr_buf_release(&line);
}

int fsr_render_markdown(const struct fsr_view *v,
			const struct fsr_render_opts *o, struct fsr_sink *out,
			struct fsr_diag *d)
{
	return fsr_table_render(v, o, 1, out, d);
}

void fsr_table_put_markdown(const struct fsr_view *v,
			    const struct fsr_render_opts *o,
			    struct fsr_table *tp, struct fsr_sink *out)
{
	struct fsr_table t = *tp;
	char **head, **sub = NULL, **cells;
	struct fsr_buf delim = FSR_BUF_INIT;
	size_t *w, i, k, n;
	int titles = 0;

	n = t.n_cols;
	for (k = 0; k < t.n_blocks; k++)
		if (t.blocks[k].title && *t.blocks[k].title)
			titles = 1;
	head = fsr_xcalloc(n, sizeof(*head));
	w = fsr_xcalloc(n, sizeof(*w));
	if (titles) {
		sub = fsr_xcalloc(n, sizeof(*sub));
		for (i = 0; i < n; i++) {
			head[i] = escape(i ? "" : t.head[0], 0);
			sub[i] = escape(i ? t.head[i] : "", 1);
		}
		for (k = 0; k < t.n_blocks; k++) {
			const struct fsr_table_block *blk = &t.blocks[k];

			if (!blk->n || !blk->title)
				continue;
			free(head[blk->first]);
			head[blk->first] = escape(blk->title, 0);
		}
	} else {
		for (i = 0; i < n; i++)
			head[i] = escape(t.head[i], 0);
	}
	/* the cells escaped in place: one copy of the table, not two (a
	 * show of 10 000 results held 17 MiB more with both) */
	cells = t.cells;
	for (i = 0; i < t.n_rows * n; i++) {
		char *e = escape(cells[i], 0);

		if (strcmp(e, cells[i]))
			cells[i] = fsr_table_keep(&t, e);
		else
			free(e);
	}
	for (i = 0; i < n; i++) {
		w[i] = fsr_utf8_width(head[i]);
		if (sub && fsr_utf8_width(sub[i]) > w[i])
			w[i] = fsr_utf8_width(sub[i]);
		for (k = 0; k < t.n_rows; k++)
			if (fsr_utf8_width(cells[k * n + i]) > w[i])
				w[i] = fsr_utf8_width(cells[k * n + i]);
		if (w[i] < 3)
			w[i] = 3;
	}
	md_row(head, w, t.right, n, out);
	for (i = 0; i < n; i++) {
		fsr_buf_adds(&delim, "| ");
		fsr_buf_addch_n(&delim, '-', w[i] - (t.right[i] ? 1 : 0));
		fsr_buf_adds(&delim, t.right[i] ? ": " : " ");
	}
	fsr_buf_adds(&delim, "|\n");
	fsr_sink_putbuf(out, &delim);
	if (sub)
		md_row(sub, w, t.right, n, out);
	for (k = 0; k < t.n_rows; k++)
		md_row(&cells[k * n], w, t.right, n, out);
	if (v->command == FSR_CMD_COMPARE && v->cmp) {
		struct fsr_buf lg = FSR_BUF_INIT;
		char *e;

		fsr_table_legend(v, o, &t, &lg);
		e = escape(lg.buf, 0);
		fsr_sink_printf(out, "\n%s\n", e);
		free(e);
		fsr_buf_release(&lg);
	}
	if (t.show_notes) {
		/* one paragraph per note, escaped as the legend is */
		const char *p = t.show_notes, *nl;

		for (; *p; p = nl ? nl + 1 : p + strlen(p)) {
			char *one, *e;

			nl = strchr(p, '\n');
			one = nl ? fsr_xstrndup(p, (size_t)(nl - p)) :
				   fsr_xstrdup(p);
			e = escape(one, 0);
			fsr_sink_printf(out, "\n%s\n", e);
			free(e);
			free(one);
		}
	}

	for (i = 0; i < n; i++) {
		free(head[i]);
		if (sub)
			free(sub[i]);
	}
	free(head);
	free(sub);
	free(w);
	fsr_buf_release(&delim);
	*tp = t; /* its cells escaped, its texts grown */
}
