/*
 * messages.c - what fsreport says on stderr (errors, warnings, -v notes,
 * control characters from the input escaped) and the one table from
 * error code to exit status.
 */
#include "cli.h"
#include "../lib/alloc.h"
#include "../lib/escape.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fsr_vmessage(const char *prefix, const char *fmt, va_list ap)
{
	char small[1024], *msg = small;
	struct fsr_buf esc = FSR_BUF_INIT;
	const unsigned char *p;
	va_list aq;
	int len;

	fsr_progress_hide();
	fflush(stdout);
	va_copy(aq, ap);
	len = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (len >= (int)sizeof(small)) {
		msg = fsr_xmalloc((size_t)len + 1);
		vsnprintf(msg, (size_t)len + 1, fmt, ap);
	}
	fputs("fsreport: ", stderr);
	fputs(prefix, stderr);
	/* Messages quote text from the input: a hostile file's newlines,
	 * escape sequences, C1 and bidi controls must not reach the
	 * terminal raw (lib/escape.c; tab and line feed too, here). */
	if (len > 0)
		fsr_escape(&esc, msg, strlen(msg), FSR_ESC_TEXT);
	for (p = (const unsigned char *)esc.buf; p && *p; p++) {
		if (*p < 0x20)
			fprintf(stderr, "\\x%02x", *p);
		else
			fputc(*p, stderr);
	}
	fputc('\n', stderr);
	fsr_buf_release(&esc);
	if (msg != small)
		free(msg);
}

void fsr_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_vmessage("", fmt, ap);
	va_end(ap);
}

void fsr_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_vmessage("warning: ", fmt, ap);
	va_end(ap);
}

void fsr_notice(const struct fsr_options *o, const char *fmt, ...)
{
	va_list ap;

	if (o->quiet)
		return;
	va_start(ap, fmt);
	fsr_vmessage("", fmt, ap);
	va_end(ap);
}

void fsr_info(const struct fsr_options *o, const char *fmt, ...)
{
	va_list ap;

	if (!o->verbose || o->quiet)
		return;
	va_start(ap, fmt);
	fsr_vmessage("", fmt, ap);
	va_end(ap);
}

/*
 * The one table from error code (lib/diag.h) to exit status (design.md,
 * fsreport.1). A code not listed is a bug: exit 5.
 */
static const struct {
	int code;
	enum fsr_exit status;
} exit_table[] = {
	{ FSR_OK, FSR_EXIT_OK },
	{ FSR_EUSAGE, FSR_EXIT_USAGE },
	{ FSR_EINPUT, FSR_EXIT_INPUT },
	{ FSR_EIO, FSR_EXIT_INPUT },      /* an input could not be read */
	{ FSR_ENOTMINE, FSR_EXIT_INPUT },
	{ FSR_EOUTPUT, FSR_EXIT_OUTPUT },
	{ FSR_ENOMEM, FSR_EXIT_INTERNAL },
	{ FSR_EINTERNAL, FSR_EXIT_INTERNAL },
};

int fsr_exit_for(int code)
{
	size_t i;

	for (i = 0; i < sizeof(exit_table) / sizeof(*exit_table); i++)
		if (exit_table[i].code == code)
			return exit_table[i].status;
	return FSR_EXIT_INTERNAL;
}

int fsr_report_diag(const struct fsr_diag *d, int code)
{
	const char *what;
	int status;

	/* The diag's own code says why; code (what the failing call
	 * returned) stands in only when the diag carries none. */
	if (d->code != FSR_OK)
		code = d->code;
	if (code == FSR_OK)
		code = FSR_EINTERNAL; /* a failure that gave no reason */
	status = fsr_exit_for(code);
	what = code == FSR_EINTERNAL ? "internal error: " : "";
	if (!d->msg[0])
		fsr_error("%sa step failed without saying why", what);
	else if (d->file && d->line > 0 && d->col > 0)
		fsr_error("%s%s:%d:%d: %s", what, d->file, d->line, d->col,
			  d->msg);
	else if (d->file && d->line > 0)
		fsr_error("%s%s:%d: %s", what, d->file, d->line, d->msg);
	else if (d->file)
		fsr_error("%s%s: %s", what, d->file, d->msg);
	else
		fsr_error("%s%s", what, d->msg);
	return status;
}

/*
 * The optimal string alignment (restricted Damerau-Levenshtein) distance,
 * for "did you mean" hints: an insertion, a deletion, a substitution and
 * a swap of two neighbours cost one each (git's help.c gives a swap its
 * own weight too), so '--sgv' is one edit from '--svg', where Levenshtein
 * makes it two, a tie with '--sign'. Three rows of the table at a time.
 */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, r;
	size_t *rows, *row0, *row1, *row2, *tmp;

	rows = fsr_xmalloc(3 * (lb + 1) * sizeof(*rows));
	row0 = rows;          /* two rows before the current one */
	row1 = row0 + lb + 1; /* the row before */
	row2 = row1 + lb + 1; /* the current row */
	for (j = 0; j <= lb; j++)
		row1[j] = j;
	for (i = 1; i <= la; i++) {
		row2[0] = i;
		for (j = 1; j <= lb; j++) {
			r = row1[j - 1] + (a[i - 1] != b[j - 1]);
			if (row1[j] + 1 < r)
				r = row1[j] + 1;
			if (row2[j - 1] + 1 < r)
				r = row2[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && row0[j - 2] + 1 < r)
				r = row0[j - 2] + 1;
			row2[j] = r;
		}
		tmp = row0;
		row0 = row1;
		row1 = row2;
		row2 = tmp;
	}
	r = row1[lb];
	free(rows);
	return r;
}

const char *fsr_nearest_word(const char *word, const char *const *cands,
			     size_t n)
{
	const char *best = NULL;
	size_t i, bd = (size_t)-1;

	for (i = 0; i < n; i++) {
		size_t dd = edit_distance(word, cands[i]);

		if (dd < bd) {
			bd = dd;
			best = cands[i];
		}
	}
	return bd <= 3 ? best : NULL;
}
