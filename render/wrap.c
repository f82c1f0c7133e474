/*
 * wrap.c - breaking text into lines no wider than a width, and
 * shortening it in the middle, through a width-measure callback; the
 * same for the text renderers, whose measure is columns.
 */
#include "charts/layout.h"
#include "render-internal.h"
#include "../view/notes.h"
#include "../lib/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xe2\x80\xa6"

/* ------------------------------------------------------------ wrapping */

/* Offsets of every character start in s, plus strlen(s) at the end. */
static size_t char_starts(const char *s, size_t **out)
{
	size_t len = strlen(s), n = 0, i;
	size_t *pos = fsr_xmalloc((len + 1) * sizeof(*pos));

	/* The first byte starts a character even when it is a stray UTF-8
	 * continuation byte (input that is not UTF-8). */
	for (i = 0; i < len; i++)
		if (i == 0 || ((unsigned char)s[i] & 0xC0) != 0x80)
			pos[n++] = i;
	pos[n] = len;
	*out = pos;
	return n;
}

static double measure_n(fsr_measure_fn m, void *ctx, enum fsr_font f,
			const char *s, size_t len)
{
	char *t = fsr_xstrndup(s, len);
	double w, h;

	m(ctx, f, t, &w, &h);
	free(t);
	return w;
}

static int soft_break(char c)
{
	return c == '-' || c == '_' || c == '/' || c == ',' || c == '=' ||
	       c == ':' || c == ';' || c == '.' || c == '+';
}

/* s with the middle replaced by an ellipsis so that it fits max_w. */
char *fsr_wrap_shorten(fsr_measure_fn m, void *ctx, enum fsr_font f,
			    const char *s, double max_w)
{
	size_t *pos, n = char_starts(s, &pos), lo = 0, hi = n, keep;
	struct fsr_buf b = FSR_BUF_INIT;

	/* The largest number of characters kept that still fits. */
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2, head = (mid + 1) / 2;
		double w;

		fsr_buf_reset(&b);
		fsr_buf_add(&b, s, pos[head]);
		fsr_buf_adds(&b, ELLIPSIS);
		fsr_buf_adds(&b, s + pos[n - (mid - head)]);
		w = measure_n(m, ctx, f, b.buf, b.len);
		if (w <= max_w)
			lo = mid;
		else
			hi = mid - 1;
	}
	keep = lo;
	fsr_buf_reset(&b);
	fsr_buf_add(&b, s, pos[(keep + 1) / 2]);
	fsr_buf_adds(&b, ELLIPSIS);
	fsr_buf_adds(&b, s + pos[n - (keep - (keep + 1) / 2)]);
	free(pos);
	return fsr_buf_detach(&b);
}

/* Characters at the start of a and b alike. */
static size_t common_prefix(const char *a, const char *b)
{
	size_t i = 0;

	while (a[i] && a[i] == b[i])
		i++;
	/* back to the start of the character that differs */
	while (i > 0 && ((unsigned char)a[i] & 0xC0) == 0x80)
		i--;
	return i;
}

/* Whether s is the text of a label other than labels[self]. */
static int taken(const char *const *labels, char **out, size_t n,
		 size_t self, const char *s)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (strcmp(labels[j], labels[self]) && out[j] &&
		    !strcmp(out[j], s))
			return 1;
	return 0;
}

char **fsr_wrap_shorten_apart(fsr_measure_fn m, void *ctx, enum fsr_font f,
			      const char *const *labels, size_t n,
			      double max_w)
{
	char **out = fsr_xcalloc(n ? n : 1, sizeof(*out));
	size_t i, j;

	for (i = 0; i < n; i++) {
		const char *s = labels[i];

		if (measure_n(m, ctx, f, s, strlen(s)) <= max_w)
			out[i] = fsr_xstrdup(s);
		else
			out[i] = fsr_wrap_shorten(m, ctx, f, s, max_w);
	}
	for (i = 0; i < n; i++) {
		size_t p = 0;
		struct fsr_buf b = FSR_BUF_INIT;
		char *alt;

		if (!strcmp(out[i], labels[i]) ||
		    !taken(labels, out, n, i, out[i]))
			continue;
		/* Equal once cut: keep the part where it differs from the
		 * others, "\u2026" before it. */
		for (j = 0; j < n; j++)
			if (strcmp(labels[j], labels[i]))
				p = p > common_prefix(labels[i], labels[j]) ?
					    p : common_prefix(labels[i],
							      labels[j]);
		/* a few characters before it, back to a word start */
		while (p > 0 && labels[i][p - 1] != ' ' &&
		       strlen(labels[i]) - p < 8)
			p--;
		fsr_buf_adds(&b, ELLIPSIS);
		fsr_buf_adds(&b, labels[i] + p);
		alt = measure_n(m, ctx, f, b.buf, b.len) <= max_w ?
			      fsr_buf_detach(&b) :
			      fsr_wrap_shorten(m, ctx, f, b.buf, max_w);
		fsr_buf_release(&b);
		free(out[i]);
		/* still equal: the whole label rather than a wrong one */
		out[i] = taken(labels, out, n, i, alt) ?
				 fsr_xstrdup(labels[i]) : alt;
		if (out[i] != alt)
			free(alt);
	}
	/* equal labels read as the first of them does */
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(labels[i], labels[j])) {
				free(out[i]);
				out[i] = fsr_xstrdup(out[j]);
				break;
			}
	return out;
}

/* Byte length of the longest prefix of s that fits max_w, broken at a
 * space, else after a soft-break character, else between characters
 * (at least one character). *next is where the next line starts. */
static size_t fit_prefix(fsr_measure_fn m, void *ctx, enum fsr_font f,
			 const char *s, double max_w, size_t *next)
{
	size_t *pos, n = char_starts(s, &pos), lo = 1, hi = n, fit, i;
	size_t cut;

	if (!n) { /* nothing to fit */
		free(pos);
		*next = 0;
		return 0;
	}
	/* Widths grow with the prefix: the whole, when it fits, is the
	 * answer the search below would find. Measured first, it also
	 * lets the chart module answer each prefix from it (backend/text.c) */
	if (measure_n(m, ctx, f, s, pos[n]) <= max_w)
		lo = n;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;

		if (measure_n(m, ctx, f, s, pos[mid]) <= max_w)
			lo = mid;
		else
			hi = mid - 1;
	}
	fit = pos[lo]; /* bytes */
	if (fit == strlen(s)) {
		free(pos);
		*next = fit;
		return fit;
	}
	cut = 0;
	/* A space right after the fitting part is the best break. */
	if (s[fit] == ' ')
		cut = fit;
	for (i = fit; !cut && i > 0; i--)
		if (s[i - 1] == ' ' && i - 1 > 0)
			cut = i - 1;
	if (cut) {
		*next = cut;
		while (s[*next] == ' ')
			(*next)++;
		while (cut > 0 && s[cut - 1] == ' ')
			cut--;
		free(pos);
		return cut;
	}
	for (i = fit; i > 1; i--)
		if (soft_break(s[i - 1])) {
			cut = i;
			break;
		}
	if (!cut)
		cut = fit;
	*next = cut;
	free(pos);
	return cut;
}

size_t fsr_layout_wrap(fsr_measure_fn measure, void *mctx,
		       enum fsr_font font, const char *text, double max_w,
		       size_t max_lines, char ***lines, size_t *n,
		       size_t *cap)
{
	const char *s = text ? text : "";
	size_t added = 0;

	if (max_lines < 1)
		max_lines = 1;
	while (*s == ' ')
		s++;
	while (*s) {
		size_t len, next;
		char *line;

		if (added + 1 == max_lines) {
			double w = measure_n(measure, mctx, font, s,
					     strlen(s));

			line = w <= max_w ? fsr_xstrdup(s) :
				fsr_wrap_shorten(measure, mctx, font, s, max_w);
			FSR_GROW(*lines, *cap, *n + 1);
			(*lines)[(*n)++] = line;
			added++;
			break;
		}
		len = fit_prefix(measure, mctx, font, s, max_w, &next);
		FSR_GROW(*lines, *cap, *n + 1);
		(*lines)[(*n)++] = fsr_xstrndup(s, len);
		added++;
		s += next;
		while (*s == ' ')
			s++;
	}
	return added;
}

/* ------------------------------------------------- monospaced text */

void fsr_wrap_columns(void *ctx, enum fsr_font f, const char *text,
		      double *w, double *h)
{
	(void)ctx;
	(void)f;
	*w = (double)fsr_utf8_width(text);
	*h = 1;
}

void fsr_wrap_pad(struct fsr_buf *line, const char *s, size_t w, int right)
{
	size_t sw = fsr_utf8_width(s);
	size_t fill = w > sw ? w - sw : 0;

	if (right)
		fsr_buf_addch_n(line, ' ', fill);
	fsr_buf_adds(line, s);
	if (!right)
		fsr_buf_addch_n(line, ' ', fill);
}

/* text's words with one space between them (malloc'd, maybe ""). */
static char *squeeze_words(const char *text)
{
	struct fsr_buf words = FSR_BUF_INIT;
	const char *s = text ? text : "";

	while (*s) {
		size_t len = strcspn(s, " ");

		if (len) {
			if (words.len)
				fsr_buf_addc(&words, ' ');
			fsr_buf_add(&words, s, len);
		}
		s += len;
		s += strspn(s, " ");
	}
	return fsr_buf_detach(&words);
}

size_t fsr_wrap_hang(const char *text, size_t first, size_t width,
		     char ***lines, size_t *n, size_t *cap)
{
	char *words = squeeze_words(text);
	const char *rest = words;
	size_t added = 0;

	if (*words && first != width) {
		size_t next, len = fit_prefix(fsr_wrap_columns, NULL,
					      FSR_FONT_LABEL, words,
					      (double)first, &next);

		FSR_GROW(*lines, *cap, *n + 1);
		(*lines)[(*n)++] = fsr_xstrndup(words, len);
		added = 1;
		rest += next;
		rest += strspn(rest, " ");
	}
	added += fsr_layout_wrap(fsr_wrap_columns, NULL, FSR_FONT_LABEL, rest,
				 (double)width, SIZE_MAX, lines, n, cap);
	if (!added) {
		FSR_GROW(*lines, *cap, *n + 1);
		(*lines)[(*n)++] = fsr_xstrdup("");
		added = 1;
	}
	free(words);
	return added;
}

size_t fsr_wrap_words(const char *text, size_t width, char ***lines,
		      size_t *n, size_t *cap)
{
	return fsr_wrap_hang(text, width, width, lines, n, cap);
}

/* ------------------------------------------------- notes on the runs */

void fsr_text_run_notes(const struct fsr_report *r, struct fsr_sink *out,
			size_t width, const char *before)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char **lines = NULL;
	size_t n = 0, cap = 0, i, k;

	for (k = 0; k < FSR_VIEW_RUN_NOTES; k++) {
		fsr_buf_reset(&b);
		if (!fsr_view_run_note(&b, r, k))
			continue;
		fsr_sink_puts(out, before);
		before = "";
		n = 0;
		fsr_wrap_hang(b.buf, width, width - 2, &lines, &n, &cap);
		for (i = 0; i < n; i++) {
			fsr_sink_printf(out, "%s%s\n", i ? "  " : "",
					lines[i]);
			free(lines[i]);
		}
	}
	free(lines);
	fsr_buf_release(&b);
}
