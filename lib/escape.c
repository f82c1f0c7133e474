/*
 * escape.c - control, bidi and non-UTF-8 text written as visible escapes
 * (see escape.h for what is unsafe and how each format writes it).
 */
#include "escape.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (lead byte >= 0x80), with its
 * code point in *cp; 0 when the bytes are not UTF-8 (bad lead, missing
 * or bad continuation, overlong form, surrogate, beyond U+10FFFF). */
static size_t utf8_seq(const unsigned char *s, size_t len, unsigned *cp)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		c &= 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
		c &= 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
		c &= 0x07;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
		c = c << 6 | (s[i] & 0x3f);
	}
	*cp = c;
	return n;
}

/* C1 controls and the characters that change the direction of what
 * follows them (Unicode's Bidi_Control property). */
static int unsafe_cp(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0x61c ||
	       cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

/* Are the 8 bytes at s all printable ASCII (0x20 to 0x7e)? A word at a
 * time: some byte below 0x20, or above 0x7e, sets its top bit in one of
 * the two terms (the classic "hasless"/"hasmore" tests). */
static int printable8(const unsigned char *s)
{
	const uint64_t ones = 0x0101010101010101ULL, tops = ones << 7;
	uint64_t w;

	memcpy(&w, s, sizeof(w));
	return !(((w - 0x20 * ones) & ~w & tops) |
		 (((w + ones) | w) & tops));
}

size_t fsr_escape_span(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n;
	unsigned cp;

	while (i < len) {
		while (len - i >= 8 && printable8(s + i))
			i += 8;
		if (i == len)
			break;
		if (s[i] >= 0x20 && s[i] < 0x7f) {
			i++;
			continue;
		}
		if (s[i] == '\n' || s[i] == '\t') {
			i++;
			continue;
		}
		if (s[i] < 0x80)
			break;
		n = utf8_seq(s + i, len - i, &cp);
		if (!n && s[i] >= 0xa0) {
			/* not UTF-8 but no control either (Latin-1 text,
			 * a character cut short): it passes */
			i++;
			continue;
		}
		if (!n || unsafe_cp(cp))
			break;
		i += n;
	}
	return i;
}

size_t fsr_escape_one(const char *str, size_t len, enum fsr_esc style,
		      char out[FSR_ESC_MAX], size_t *used)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned cp = s[0];
	size_t n = 1;
	int w;

	if (cp >= 0x80) {
		n = utf8_seq(s, len, &cp);
		if (!n) {
			/* not UTF-8: the byte itself, or U+FFFD where the
			 * format can only carry characters */
			n = 1;
			cp = style == FSR_ESC_TEXT ? s[0] : 0xfffd;
		}
	}
	*used = n;
	switch (style) {
	case FSR_ESC_NONE:
		w = snprintf(out, FSR_ESC_MAX, "%.*s", (int)n, str);
		break;
	case FSR_ESC_JSON:
		/* upper case hex, as jansson writes the C0 controls */
		w = snprintf(out, FSR_ESC_MAX, "\\u%04X", cp);
		break;
	case FSR_ESC_XML:
		if (cp < 0x20 && cp != '\r')
			cp = 0xfffd;
		w = snprintf(out, FSR_ESC_MAX, "&#x%X;", cp);
		break;
	default:
		if (n == 1)
			w = snprintf(out, FSR_ESC_MAX, "\\x%02x", cp);
		else
			w = snprintf(out, FSR_ESC_MAX, "\\u%04x", cp);
		break;
	}
	return (size_t)w;
}

int fsr_escape_to(fsr_escape_put_fn put, void *ctx, const char *s,
		  size_t len, enum fsr_esc style)
{
	char esc[FSR_ESC_MAX];
	size_t span, used, n;
	int rc = 0;

	while (len && !rc) {
		span = style == FSR_ESC_NONE ? len : fsr_escape_span(s, len);
		if (span)
			rc = put(ctx, s, span);
		s += span;
		len -= span;
		if (!len || rc)
			break;
		n = fsr_escape_one(s, len, style, esc, &used);
		rc = put(ctx, esc, n);
		s += used;
		len -= used;
	}
	return rc;
}

static int put_buf(void *ctx, const char *p, size_t n)
{
	fsr_buf_add(ctx, p, n);
	return 0;
}

void fsr_escape(struct fsr_buf *out, const char *s, size_t len,
		enum fsr_esc style)
{
	fsr_escape_to(put_buf, out, s, len, style);
}
