/*
 * alloc.h - allocation that never returns NULL.
 *
 * Every function dies through FSR_BUG (lib/diag.h) when memory runs out,
 * so callers need no NULL checks. What they return is the caller's, to
 * release with free().
 */
#ifndef FSR_LIB_ALLOC_H
#define FSR_LIB_ALLOC_H

#include <stddef.h>

void *fsr_xmalloc(size_t n);
void *fsr_xcalloc(size_t n, size_t size);
void *fsr_xrealloc(void *p, size_t n);
char *fsr_xstrdup(const char *s);
char *fsr_xstrndup(const char *s, size_t n);
/* Grow *arr to hold at least want elements of size sz; *cap is updated. */
void fsr_grow(void **arr, size_t *cap, size_t want, size_t sz);
#define FSR_GROW(arr, cap, want) \
	fsr_grow((void **)&(arr), &(cap), (want), sizeof(*(arr)))

#endif
