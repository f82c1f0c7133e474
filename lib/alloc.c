/*
 * alloc.c - malloc and friends that end the program, with a message and
 * exit status 5, when memory runs out; array growth.
 */
#include "alloc.h"

#include "diag.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void (*oom_hook)(void);
volatile int fsr_chart_module_used;

void fsr_set_oom_hook(void (*hook)(void))
{
	oom_hook = hook;
}

_Noreturn void fsr_oom(void)
{
	static const char msg[] = "fsreport: out of memory\n";
	ssize_t w;

	/* nothing here may allocate: write(2), not stdio */
	w = write(STDERR_FILENO, msg, sizeof(msg) - 1);
	(void)w;
	if (oom_hook)
		oom_hook();
	_exit(FSR_OOM_STATUS);
}

void *fsr_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		fsr_oom();
	return p;
}

void *fsr_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		fsr_oom();
	return p;
}

void *fsr_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		fsr_oom();
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
			fsr_oom(); /* more than the address space holds */
		n += n / 2 + 1; /* 1.5x: little slack in small arrays */
	}
	*arr = fsr_xrealloc(*arr, n * sz);
	*cap = n;
}
