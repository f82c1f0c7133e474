/*
 * texts.h - texts kept in 64 KiB blocks, not one allocation each: the
 * cells of a big table are texts of 4 to 12 bytes, and a malloc of one
 * costs 32 bytes or more (render/text/table.c, compare_text.c). A text
 * kept lives until the blocks are released.
 */
#ifndef FSR_TEXTS_H
#define FSR_TEXTS_H

#include <stddef.h>

struct fsr_texts {
	char **block;
	size_t n, used, size; /* blocks; bytes used and size of the last */
};

#define FSR_TEXTS_INIT { NULL, 0, 0, 0 }

/* s[0..len) copied into t's last block (a new one when it is full; a
 * text longer than a block gets one of its own); where it is now. */
char *fsr_texts_keep(struct fsr_texts *t, const char *s, size_t len);
/* Every block freed; t empty again. */
void fsr_texts_release(struct fsr_texts *t);

#endif
