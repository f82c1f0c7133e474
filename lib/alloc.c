/*
 * alloc.c - malloc and friends that die on out-of-memory; array growth.
 */
#include "alloc.h"

#include "diag.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *fsr_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		FSR_BUG("out of memory allocating %zu bytes", n);
	return p;
}

void *fsr_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		FSR_BUG("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *fsr_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		FSR_BUG("out of memory reallocating %zu bytes", n);
	return q;
}

char *fsr_xstrdup(const char *s)
{
	return fsr_xstrndup(s, strlen(s));
}

char *fsr_xstrndup(const char *s, size_t n)
{
	char *p = fsr_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void fsr_grow(void **arr, size_t *cap, size_t want, size_t sz)
{
	size_t n;

	if (want <= *cap)
		return;
	n = *cap ? *cap : 4;
	while (n < want) {
		if (n > SIZE_MAX / 2 / sz)
			FSR_BUG("array size overflow (%zu elements)", want);
		n += n / 2 + 1; /* 1.5x: little slack in small arrays */
	}
	*arr = fsr_xrealloc(*arr, n * sz);
	*cap = n;
}
