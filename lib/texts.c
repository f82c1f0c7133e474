/*
 * texts.c - texts kept in blocks (texts.h).
 */
#include "texts.h"
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

#define TEXT_BLOCK 65536

char *fsr_texts_keep(struct fsr_texts *t, const char *s, size_t len)
{
	char *at;

	if (t->size - t->used < len) {
		size_t size = len > TEXT_BLOCK ? len : TEXT_BLOCK;

		t->block = fsr_xrealloc(t->block,
					(t->n + 1) * sizeof(*t->block));
		t->block[t->n++] = fsr_xmalloc(size);
		t->used = 0;
		t->size = size;
	}
	at = t->block[t->n - 1] + t->used;
	memcpy(at, s, len);
	t->used += len;
	return at;
}

void fsr_texts_release(struct fsr_texts *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->block[i]);
	free(t->block);
	memset(t, 0, sizeof(*t));
}
