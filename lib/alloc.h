/*
 * alloc.h - allocation that never returns NULL.
 *
 * When memory runs out every function ends the program through
 * fsr_oom(): "fsreport: out of memory" on stderr and exit status 5 (the
 * one exception to "library code never prints or exits": like git's
 * xmalloc, nothing sensible can go on). Callers need no NULL checks.
 * What they return is the caller's, to release with free().
 */
#ifndef FSR_LIB_ALLOC_H
#define FSR_LIB_ALLOC_H

#include <stddef.h>

/* The exit status of fsr_oom(): an internal error (design.md). */
#define FSR_OOM_STATUS 5
/* Say "fsreport: out of memory", run the hook, _exit(5). Allocates
 * nothing, so it may be called wherever an allocation failed. */
_Noreturn void fsr_oom(void);
/* hook: called by fsr_oom() before it exits (cli/ removes its temporary
 * files); it must not allocate. NULL: none. */
void fsr_set_oom_hook(void (*hook)(void));
/* Set (to 1) once the chart module (Cairo, Pango, fontconfig) is being
 * loaded: from then on a crash signal is most likely those libraries
 * failing an allocation, which they do not all survive; cli/signals.c
 * reports it as exit 5. */
extern volatile int fsr_chart_module_used;

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
