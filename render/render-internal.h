/*
 * render-internal.h - the entry points of every renderer, for the table
 * in registry.c, and what renderers share privately.
 */
#ifndef FSR_RENDER_INTERNAL_H
#define FSR_RENDER_INTERNAL_H

#include "render.h"

#define FSR_DECLARE_RENDERER(name)                                        \
	int fsr_render_##name(const struct fsr_view *v,                   \
			      const struct fsr_render_opts *o,            \
			      struct fsr_sink *out, struct fsr_diag *d)

FSR_DECLARE_RENDERER(ascii);
FSR_DECLARE_RENDERER(csv);
FSR_DECLARE_RENDERER(compare_text);
FSR_DECLARE_RENDERER(svg);    /* chart.c */
FSR_DECLARE_RENDERER(png);
FSR_DECLARE_RENDERER(layout);
FSR_DECLARE_RENDERER(table);
FSR_DECLARE_RENDERER(markdown);

/*
 * table.c: the grid behind --format table and --format markdown. Column
 * 0 is "Type"; the others come in blocks (one per --group, or one), each
 * with an optional title. Every cell is an owned string ("" is blank);
 * fsr_table_release() frees them all.
 */
struct fsr_table_block {
	char *title;        /* NULL: none */
	size_t first, n;    /* its columns */
	/* Too wide for the text width, the block may be split into pages
	 * that repeat its first keep columns (the baseline) and share out
	 * the rest in units of unit columns (a system and its DIFF); unit
	 * 0: never split. */
	size_t keep, unit;
};

struct fsr_table {
	size_t n_cols, n_rows;
	char **head;        /* n_cols column headings */
	int *right;         /* n_cols: 1 when right-aligned (numbers) */
	char **cells;       /* n_rows x n_cols, row by row */
	struct fsr_table_block *blocks;
	size_t n_blocks;
};

/* show: a row per result and system; compare: a row per result with
 * means and DIFF columns. Returns 0, or FSR_EUSAGE with d set when the
 * --group list does not fit the run sets. */
int fsr_table_build(const struct fsr_view *v,
		    const struct fsr_render_opts *o, struct fsr_table *t,
		    struct fsr_diag *d);
void fsr_table_release(struct fsr_table *t);
/* A change in % as the tables print it: "+58.50%", "-43.04%", "-0.00%"
 * (rounds to zero, keeps its sign), "0.00%" (none), "-" (not finite). */
void fsr_table_diff_text(double pct, struct fsr_buf *out);

#endif
