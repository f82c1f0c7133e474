/*
 * strbuf.h - a growable string buffer (git's strbuf).
 *
 * The buffer owns buf; fsr_buf_release() frees it, fsr_buf_detach() hands
 * it to the caller (who free()s it). buf is never NULL: a static empty
 * string (fsr_buf_slopbuf, never written) until the first add, then the
 * buffer's own memory, always NUL-terminated. A buffer is set up with
 * FSR_BUF_INIT or fsr_buf_init(), never by zeroing it. Formatting (addf) always uses the "C"
 * locale. Growth never fails (lib/alloc.h).
 *
 *	struct fsr_buf b = FSR_BUF_INIT;
 *	fsr_buf_addf(&b, "%s: %d", name, n);
 *	puts(b.buf);
 *	fsr_buf_release(&b);
 */
#ifndef FSR_LIB_STRBUF_H
#define FSR_LIB_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct fsr_buf {
	char *buf;
	size_t len, cap;
};
extern char fsr_buf_slopbuf[];
#define FSR_BUF_INIT { fsr_buf_slopbuf, 0, 0 }
void fsr_buf_init(struct fsr_buf *b);
void fsr_buf_release(struct fsr_buf *b);
/* Empty the string, keep the memory. */
void fsr_buf_reset(struct fsr_buf *b);
/* Room for extra more bytes and the NUL after them, for code that writes
 * into buf + len itself (then sets len and the NUL); never grow buf by
 * other means (it may be the static empty string). */
void fsr_buf_grow(struct fsr_buf *b, size_t extra);
void fsr_buf_add(struct fsr_buf *b, const void *data, size_t len);
void fsr_buf_adds(struct fsr_buf *b, const char *s);
void fsr_buf_addc(struct fsr_buf *b, char c);
void fsr_buf_addf(struct fsr_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fsr_buf_vaddf(struct fsr_buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Append v in decimal, as "%zu" prints it (without printf: the CSV
 * renderers write one a row). */
void fsr_buf_add_size(struct fsr_buf *b, size_t v);
/* Append n copies of c. */
void fsr_buf_addch_n(struct fsr_buf *b, char c, size_t n);
/* Hand the string to the caller (free() it; "" when empty); b is reset. */
char *fsr_buf_detach(struct fsr_buf *b);

#endif
