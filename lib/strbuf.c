/*
 * strbuf.c - the growable string buffer.
 */
#include "strbuf.h"

#include "alloc.h"
#include "c-locale.h"
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What an empty buffer points at until its first add (git's
 * strbuf_slopbuf): never written, as nothing is added without a
 * reserve, which leaves it first (cap 0). */
char fsr_buf_slopbuf[1];

void fsr_buf_init(struct fsr_buf *b)
{
	b->buf = fsr_buf_slopbuf;
	b->len = b->cap = 0;
}

void fsr_buf_release(struct fsr_buf *b)
{
	if (b->cap)
		free(b->buf);
	fsr_buf_init(b);
}

void fsr_buf_reset(struct fsr_buf *b)
{
	b->len = 0;
	if (b->cap)
		b->buf[0] = '\0';
}

void fsr_buf_grow(struct fsr_buf *b, size_t extra)
{
	/* room already (the common case: a call less per add) */
	if (b->cap && extra < b->cap - b->len)
		return;
	if (!b->cap)
		b->buf = NULL; /* the slop buffer is not ours to grow */
	fsr_grow((void **)&b->buf, &b->cap, b->len + extra + 1, 1);
}

void fsr_buf_add(struct fsr_buf *b, const void *data, size_t len)
{
	fsr_buf_grow(b, len);
	memcpy(b->buf + b->len, data, len);
	b->len += len;
	b->buf[b->len] = '\0';
}

void fsr_buf_adds(struct fsr_buf *b, const char *s)
{
	fsr_buf_add(b, s, strlen(s));
}

void fsr_buf_addc(struct fsr_buf *b, char c)
{
	fsr_buf_grow(b, 1);
	b->buf[b->len++] = c;
	b->buf[b->len] = '\0';
}

void fsr_buf_add_size(struct fsr_buf *b, size_t v)
{
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fsr_buf_add(b, tmp + i, sizeof(tmp) - i);
}

void fsr_buf_addch_n(struct fsr_buf *b, char c, size_t n)
{
	fsr_buf_grow(b, n);
	memset(b->buf + b->len, c, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

void fsr_buf_vaddf(struct fsr_buf *b, const char *fmt, va_list ap)
{
	locale_t old = fsr_c_locale_begin(); /* "%.2f" is "C" everywhere */
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		FSR_BUG("bad format '%s'", fmt);
	fsr_buf_grow(b, (size_t)n);
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	fsr_c_locale_end(old);
}

void fsr_buf_addf(struct fsr_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

char *fsr_buf_detach(struct fsr_buf *b)
{
	char *s;

	if (!b->cap)
		return fsr_xstrdup("");
	s = b->buf;
	fsr_buf_init(b);
	return s;
}
