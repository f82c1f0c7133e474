/*
 * escape.h - text from the input made harmless for a terminal.
 *
 * A result file, a CSV field or a LABEL= can hold bytes a terminal acts
 * on: ESC and the other C0 controls, DEL, the C1 controls (U+0080 to
 * U+009F, CSI among them), the bidirectional controls that reorder what
 * is shown (U+202E and friends) and the bytes 0x80 to 0x9F outside a
 * UTF-8 character (C1 controls to an 8-bit terminal; other bytes that
 * are not UTF-8, Latin-1 text say, pass). Every
 * text output passes through these functions (render/registry.c, the
 * sink), so none of them reaches a file or a terminal raw. Tab and line
 * feed pass: the writers lay out their output with them.
 *
 * How a character is written depends on the format, so that what the
 * format can carry is kept:
 *	FSR_ESC_TEXT  \x1b for a byte (C0, DEL, lone 0x9b), \u202e for a
 *	              C1 or bidi control: ascii, table, markdown, csv
 *	FSR_ESC_JSON  \u007F, \u009B, \u202E (JSON reads it back as it was;
 *	              jansson already writes C0 controls as \u001B)
 *	FSR_ESC_XML   &#x7F; &#x202E; (XML reads it back as it was; a C0
 *	              control XML 1.0 cannot hold becomes &#xFFFD;)
 *	FSR_ESC_NONE  nothing changed (charts' PNG and SVG bytes, colour)
 *
 *	struct fsr_buf b = FSR_BUF_INIT;
 *	fsr_escape(&b, field, strlen(field), FSR_ESC_TEXT);
 *	... b.buf is field with "\x1b[31m" for ESC [31m ...
 *	fsr_buf_release(&b);
 */
#ifndef FSR_LIB_ESCAPE_H
#define FSR_LIB_ESCAPE_H

#include <stddef.h>

#include "strbuf.h"

enum fsr_esc {
	FSR_ESC_TEXT = 0,
	FSR_ESC_JSON,
	FSR_ESC_XML,
	FSR_ESC_NONE,
};

/* The escaped text of one unsafe unit is at most this long. */
#define FSR_ESC_MAX 16

/* Bytes at the start of s[0..len) that are safe to write as they are
 * (len when all of s is). */
size_t fsr_escape_span(const char *s, size_t len);
/* s[0..len) (len > 0) starts with an unsafe unit, a byte or a UTF-8
 * character: write its escaped form to out (NUL-terminated), return
 * that length and set *used to the bytes of s it stood for. */
size_t fsr_escape_one(const char *s, size_t len, enum fsr_esc style,
		      char out[FSR_ESC_MAX], size_t *used);
/* Append s[0..len) to out, every unsafe unit escaped in style. */
void fsr_escape(struct fsr_buf *out, const char *s, size_t len,
		enum fsr_esc style);
/* The same through put (called with the pieces in order, never with
 * n = 0); a non-zero return of put stops it and is returned. */
typedef int (*fsr_escape_put_fn)(void *ctx, const char *p, size_t n);
int fsr_escape_to(fsr_escape_put_fn put, void *ctx, const char *s,
		  size_t len, enum fsr_esc style);

#endif
