/*
 * diag.c - filling a struct fsr_diag; FSR_BUG's report.
 */
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>

int fsr_diag_vset(struct fsr_diag *d, int code, const char *file, int line,
		  int col, const char *fmt, va_list ap)
{
	if (!d)
		return code;
	d->file = file;
	d->line = line;
	d->col = col;
	d->code = code;
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	return code;
}

int fsr_diag_set(struct fsr_diag *d, int code, const char *file, int line,
		 int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_diag_vset(d, code, file, line, col, fmt, ap);
	va_end(ap);
	return code;
}

void fsr_diag_clear(struct fsr_diag *d)
{
	if (!d)
		return;
	d->file = NULL;
	d->line = d->col = 0;
	d->code = FSR_OK;
	d->msg[0] = '\0';
}

_Noreturn void fsr_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fsreport: BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
