/*
 * table_text.h - what the text layouts of the diff table share:
 * table_text.c (side by side, paged, stacked) and table_records.c (a
 * record per result).
 */
#ifndef FSR_TABLE_TEXT_H
#define FSR_TABLE_TEXT_H

#include "../render-internal.h"
#include "../charts/layout.h"

#include <stddef.h>
#include <stdlib.h>

/* The narrowest headings, labels and intervals go when nothing fits. */
#define MIN_SQUEEZE 6
/* The indent of a result's numbers under its Type (stacked, records). */
#define STACK_INDENT 2

/* Lines of one wrapped text, reused from text to text. */
struct type_lines {
	char **l;
	size_t n, cap;
};

static inline void type_lines_clear(struct type_lines *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		free(ls->l[i]);
	ls->n = 0;
}

/* Break s at spaces into ls, lines of at most width columns; returns
 * their number. */
static inline size_t wrap(const char *s, size_t width,
			  struct type_lines *ls)
{
	type_lines_clear(ls);
	return fsr_wrap_words(s, width, &ls->l, &ls->n, &ls->cap);
}

static inline size_t max_sz(size_t a, size_t b)
{
	return a > b ? a : b;
}

static inline size_t min_sz(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* t as records in width columns (table_records.c). */
void fsr_table_print_records(const struct fsr_table *t, size_t width,
			     struct type_lines *lines, struct fsr_sink *out);

#endif
