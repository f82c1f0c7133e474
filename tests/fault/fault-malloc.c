/*
 * fault-malloc.c - an LD_PRELOAD shim that makes large allocations fail,
 * so that the CLI tests reach fsreport's out-of-memory paths (exit 5,
 * "fsreport: out of memory") deterministically, where ulimit -v would
 * fail wherever the limit happens to be crossed.
 *
 *	FSR_FAULT_MALLOC_OVER=N   malloc, calloc and realloc of more than
 *	                          N bytes return NULL (errno ENOMEM); every
 *	                          smaller one works
 *
 * It forwards to glibc's __libc_malloc and friends (no dlsym, which
 * itself allocates). Built by the GNUmakefile as
 * $(BUILD)/tests/fault-malloc.so; used by tests/cli/t0770-safety-oom.sh.
 * Never linked into fsreport.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);

/* The limit in bytes; SIZE_MAX when unset. getenv() allocates nothing. */
static size_t limit(void)
{
	static size_t lim;
	static int read;
	const char *s;

	if (!read) {
		s = getenv("FSR_FAULT_MALLOC_OVER");
		lim = s && *s ? (size_t)strtoull(s, NULL, 10) : SIZE_MAX;
		read = 1;
	}
	return lim;
}

void *malloc(size_t n)
{
	if (n > limit()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	if (size && n > limit() / size) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	if (n > limit()) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_realloc(p, n);
}
