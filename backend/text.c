/*
 * text.c - chart text with Pango on Cairo: the only file that calls
 * Pango (part of the chart module, render/charts/backend.h). One font family
 * (DejaVu Sans, from the Debian package fonts-dejavu-core the set-up
 * installs), sizes in px, no hinting, so the same text has the same
 * width in an SVG, a PNG at any scale, and the layout dump.
 */
#include "backend-internal.h"

#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>

/*
 * Text by advance and pair adjustment. Wrapping a label measures many
 * prefixes of it, each a new string: through a PangoLayout each took
 * about 120 000 instructions, 35 % of a --chart-dir run of 150 results
 * (BENCHMARKS.md, "Text measurement"). In DejaVu Sans a string of
 * printable ASCII and a few symbols of script Common (EXTRA below) is
 * one item of one font, one glyph a character (or a ligature below),
 * moved only by pair kerning, so its width in Pango units is the sum
 * of its characters' advances plus an adjustment per neighbouring
 * pair: both are shaped
 * by Pango itself (pango_shape with the analysis Pango's itemizer
 * gives such text) the first time they occur. Only in DejaVu Sans:
 * with another font in its place every string takes the layout. A pair that does not
 * shape as the two glyphs of its units sends the string the long way,
 * through a layout, as does any other character. tests/unit/test-chart.c
 * compares the two ways on every string of the corpus charts, their
 * prefixes and random strings of these characters.
 */
static const unsigned long extra[] = {
	0xA0,   /* no-break space */
	0xB0,   /* degree */
	0xB1,   /* plus-minus */
	0xB5,   /* micro */
	0xB7,   /* middle dot */
	0xD7,   /* multiplication */
	0x2013, /* en dash */
	0x2014, /* em dash */
	0x2026, /* ellipsis */
	0x2190, /* arrows left, up, right, down */
	0x2191,
	0x2192,
	0x2193,
	0x2212, /* minus */
};
#define N_EXTRA (sizeof(extra) / sizeof(extra[0]))
#define N_CHARS (95 + N_EXTRA) /* ' ' .. '~', then extra[] */
/* DejaVu Sans joins these into one glyph (its 'liga'), the longest
 * first as HarfBuzz does: they are units of their own after the
 * characters; a pair's two glyphs are checked to be its units'. */
static const char *const ligature[] = { "ffi", "ffl", "ff", "fi", "fl" };
#define N_LIG (sizeof(ligature) / sizeof(ligature[0]))
#define N_UNITS (N_CHARS + N_LIG)
#define MAX_CHARS 1024 /* longer strings go the long way */

enum { PAIR_UNKNOWN, PAIR_OK, PAIR_NO };

struct pair_script {
	PangoItem *item; /* the analysis Pango gives such text */
	int adv[N_UNITS];
	PangoGlyph glyph[N_UNITS];
	unsigned char adv_state[N_UNITS];
	int kern[N_UNITS][N_UNITS];
	unsigned char pair[N_UNITS][N_UNITS];
};

/* Strings without a letter are itemized as script Common, those with
 * one as Latin: the font's tables for each may differ. */
struct pair_font {
	struct pair_script *by[2]; /* [0] no letter, [1] a letter */
	double height;             /* every such line's, px */
	int height_known;
};

struct fsr_text {
	PangoFontMap *map;
	PangoContext *ctx;  /* measuring only: never follows a surface */
	PangoContext *draw; /* drawing: follows each PNG's scale */
	PangoFontDescription *desc[FSR_N_FONTS];
	PangoLayout *measure[FSR_N_FONTS]; /* reused for measuring */
	/* Sizes measured before, by font and text: a page of charts
	 * measures the same labels, ticks and units again and again
	 * (150 results: 38 786 measurements of 3 606 strings). */
	GHashTable *sizes; /* "<font byte><text>" -> double[2] */
	GString *key;
	struct pair_font pairs[FSR_N_FONTS];
	PangoGlyphString *glyphs; /* scratch of the pair path */
	/* The last long string measured by pairs, with the width of each
	 * of its prefixes: wrapping measures a line, then prefixes of it
	 * (render/wrap.c, fit_prefix). */
	struct {
		int font, letter_at; /* index of its first letter, or -1 */
		size_t len;
		char text[MAX_CHARS * 3 + 1];
		int at_byte[MAX_CHARS * 3 + 1]; /* chars before a byte, or -1 */
		int cum[MAX_CHARS + 1];         /* width of the first i */
	} last;
	double baseline[FSR_N_FONTS];
	unsigned char baseline_known[FSR_N_FONTS];
};

static void set_options(PangoContext *ctx)
{
	cairo_font_options_t *fo = cairo_font_options_create();

	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	pango_context_set_base_dir(ctx, PANGO_DIRECTION_LTR);
}

void *fsr_text_new(const struct fsr_font_spec *specs)
{
	struct fsr_text *t = calloc(1, sizeof(*t));
	int i;

	if (!t)
		return NULL;
	t->map = pango_cairo_font_map_new();
	if (!t->map) {
		free(t);
		return NULL;
	}
	t->ctx = pango_font_map_create_context(t->map);
	t->draw = pango_font_map_create_context(t->map);
	if (!t->ctx || !t->draw) {
		if (t->ctx)
			g_object_unref(t->ctx);
		if (t->draw)
			g_object_unref(t->draw);
		g_object_unref(t->map);
		free(t);
		return NULL;
	}
	set_options(t->ctx);
	set_options(t->draw);
	t->sizes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					 g_free);
	t->key = g_string_sized_new(64);
	t->glyphs = pango_glyph_string_new();
	t->last.font = -1;
	for (i = 0; i < FSR_N_FONTS; i++) {
		PangoFontDescription *d = pango_font_description_new();

		pango_font_description_set_family(d, FSR_FONT_FAMILY);
		pango_font_description_set_absolute_size(
			d, specs[i].px * PANGO_SCALE);
		pango_font_description_set_weight(
			d, specs[i].bold ? PANGO_WEIGHT_BOLD :
						    PANGO_WEIGHT_NORMAL);
		t->desc[i] = d;
		t->measure[i] = pango_layout_new(t->ctx);
		pango_layout_set_font_description(t->measure[i], d);
	}
	return t;
}

void fsr_text_free(void *text)
{
	struct fsr_text *t = text;
	int i;

	if (!t)
		return;
	for (i = 0; i < FSR_N_FONTS; i++) {
		int k;

		g_object_unref(t->measure[i]);
		pango_font_description_free(t->desc[i]);
		for (k = 0; k < 2; k++) {
			struct pair_script *as = t->pairs[i].by[k];

			if (as && as->item)
				pango_item_free(as->item);
			free(as);
		}
	}
	pango_glyph_string_free(t->glyphs);
	g_hash_table_destroy(t->sizes);
	g_string_free(t->key, TRUE);
	g_object_unref(t->ctx);
	g_object_unref(t->draw);
	g_object_unref(t->map);
	free(t);
}

/* Pango wants valid UTF-8 (and complains on stderr otherwise): input
 * files may hold anything, so bad bytes become U+FFFD. Free with g_free. */
static char *valid(const char *text)
{
	return g_utf8_make_valid(text, -1);
}

/* Through a PangoLayout, the way every string is drawn. */
static void layout_size(struct fsr_text *t, enum fsr_font font,
			const char *text, double *w, double *h)
{
	PangoRectangle logical;
	char *v = valid(text);

	pango_layout_set_text(t->measure[font], v, -1);
	g_free(v);
	pango_layout_get_extents(t->measure[font], NULL, &logical);
	*w = (double)logical.width / PANGO_SCALE;
	*h = (double)logical.height / PANGO_SCALE;
}

void fsr_text_measure_layout(void *ctx, enum fsr_font font, const char *text,
			     double *w, double *h)
{
	layout_size(ctx, font, text, w, h);
}

/* Whether item is set in DejaVu Sans (fontconfig may have put another
 * family in its place, whose shaping the pairs were not checked on). */
static int dejavu(const PangoItem *item)
{
	PangoFontDescription *d = pango_font_describe(item->analysis.font);
	const char *fam = pango_font_description_get_family(d);
	int yes = fam && !g_ascii_strcasecmp(fam, FSR_FONT_FAMILY);

	pango_font_description_free(d);
	return yes;
}

/* The analysis Pango's itemizer gives sample in font, or NULL when it
 * is not one item of DejaVu Sans. */
static PangoItem *analysis_of(struct fsr_text *t, enum fsr_font font,
			      const char *sample)
{
	PangoAttrList *attrs = pango_attr_list_new();
	PangoItem *item = NULL;
	GList *items, *l;

	pango_attr_list_insert(attrs, pango_attr_font_desc_new(t->desc[font]));
	items = pango_itemize(t->ctx, sample, 0, (int)strlen(sample), attrs,
			      NULL);
	if (items && !items->next && dejavu(items->data))
		item = items->data;
	for (l = items; l; l = l->next)
		if (l->data != item)
			pango_item_free(l->data);
	g_list_free(items);
	pango_attr_list_unref(attrs);
	return item;
}

/* Width of s[0..len) shaped as one item with as's analysis, in Pango
 * units; *n its glyph count. */
static int shape_width(struct fsr_text *t, struct pair_script *as,
		       const char *s, int len, int *n)
{
	pango_shape_with_flags(s, len, s, len, &as->item->analysis, t->glyphs,
			       PANGO_SHAPE_NONE);
	*n = t->glyphs->num_glyphs;
	return pango_glyph_string_get_width(t->glyphs);
}

static struct pair_script *pair_script(struct fsr_text *t, enum fsr_font font,
				       int letter)
{
	struct pair_font *pf = &t->pairs[font];
	struct pair_script *as = pf->by[letter];

	if (!as) {
		as = calloc(1, sizeof(*as));
		if (!as)
			return NULL;
		as->item = analysis_of(t, font, letter ? "a" : "1");
		pf->by[letter] = as;
	}
	return as->item ? as : NULL;
}

/* Unit i of the tables as UTF-8 into s; its length. */
static int char_utf8(size_t i, char *s)
{
	unsigned long c = i < 95 ? i + ' ' : i < N_CHARS ? extra[i - 95] : 0;

	if (i >= N_CHARS) {
		memcpy(s, ligature[i - N_CHARS], strlen(ligature[i - N_CHARS]));
		return (int)strlen(ligature[i - N_CHARS]);
	}
	return g_unichar_to_utf8((gunichar)c, s);
}

/* Bytes of unit i. */
static size_t unit_len(int i)
{
	return i < 95 ? 1 : i < (int)N_CHARS ? (extra[i - 95] < 0x800 ? 2 : 3) :
		strlen(ligature[i - (int)N_CHARS]);
}

/* Shape characters a and b (b < 0: a alone) on first use. */
static void shape_chars(struct fsr_text *t, struct pair_script *as, int a,
			int b)
{
	char s[16];
	int len = char_utf8((size_t)a, s), n, w;

	if (b < 0) {
		as->adv[a] = shape_width(t, as, s, len, &n);
		as->glyph[a] = n ? t->glyphs->glyphs[0].glyph : 0;
		as->adv_state[a] = n == 1 ? PAIR_OK : PAIR_NO;
		return;
	}
	len += char_utf8((size_t)b, s + len);
	w = shape_width(t, as, s, len, &n);
	if (n != 2 || as->adv_state[a] != PAIR_OK ||
	    as->adv_state[b] != PAIR_OK ||
	    t->glyphs->glyphs[0].glyph != as->glyph[a] ||
	    t->glyphs->glyphs[1].glyph != as->glyph[b]) {
		as->pair[a][b] = PAIR_NO;
		return;
	}
	as->kern[a][b] = w - as->adv[a] - as->adv[b];
	as->pair[a][b] = PAIR_OK;
}

/* The index of the character at *p in the table, moving *p past it;
 * -1 when it is not there. */
static int char_index(const unsigned char **pp)
{
	const unsigned char *p = *pp;
	unsigned long c;
	size_t i;

	if (*p >= ' ' && *p <= '~') {
		*pp = p + 1;
		return *p - ' ';
	}
	if ((p[0] & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80) {
		c = ((unsigned long)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
		*pp = p + 2;
	} else if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 &&
		   (p[2] & 0xC0) == 0x80) {
		c = ((unsigned long)(p[0] & 0x0F) << 12) |
		    ((unsigned long)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
		*pp = p + 3;
	} else {
		return -1;
	}
	for (i = 0; i < N_EXTRA; i++)
		if (extra[i] == c)
			return (int)(95 + i);
	return -1;
}

/* Keep text (n characters idx, prefix widths cum) as the last string. */
static void remember(struct fsr_text *t, enum fsr_font font, const char *text,
		     const short *idx, int n, const int *cum, int letter_at)
{
	size_t len = strlen(text), b = 0;
	int i;

	memcpy(t->last.text, text, len + 1);
	for (i = 0; i < n; i++) {
		size_t k, clen = unit_len(idx[i]);

		t->last.at_byte[b] = i;
		for (k = 1; k < clen; k++)
			t->last.at_byte[b + k] = -1;
		b += clen;
	}
	t->last.at_byte[b] = n;
	memcpy(t->last.cum, cum, (size_t)(n + 1) * sizeof(*cum));
	t->last.len = len;
	t->last.font = (int)font;
	t->last.letter_at = letter_at;
}

/* The size of text when every character and pair of it is in the
 * tables; else 0. */
static int pair_size(struct fsr_text *t, enum fsr_font font,
		     const char *text, double *w, double *h)
{
	const unsigned char *p = (const unsigned char *)text;
	struct pair_font *pf = &t->pairs[font];
	struct pair_script *as;
	short idx[MAX_CHARS];
	int letter = 0, sum = 0, n = 0, i, letter_at = -1, cum[MAX_CHARS + 1];
	size_t len;

	if (!*p)
		return 0;
	if (t->last.font == (int)font && pf->height_known) {
		/* a prefix of the last string, cut between characters, and
		 * of the same script: its width is known */
		len = strlen(text);
		if (len <= t->last.len && t->last.at_byte[len] >= 0 &&
		    !memcmp(text, t->last.text, len) &&
		    (t->last.letter_at < 0 ||
		     t->last.letter_at < t->last.at_byte[len])) {
			*w = (double)t->last.cum[t->last.at_byte[len]] /
			     PANGO_SCALE;
			*h = pf->height;
			return 1;
		}
	}
	while (*p) {
		if (n == MAX_CHARS)
			return 0;
		if (*p >= ' ' && *p <= '~') {
			if (!letter && (*p | 0x20) >= 'a' &&
			    (*p | 0x20) <= 'z') {
				letter = 1;
				letter_at = n;
			}
			if (*p == 'f' && (p[1] == 'f' || p[1] == 'i' ||
					  p[1] == 'l')) {
				size_t k;

				for (k = 0; k < N_LIG; k++)
					if (!strncmp((const char *)p,
						     ligature[k],
						     strlen(ligature[k])))
						break;
				idx[n++] = (short)(N_CHARS + k);
				p += strlen(ligature[k]);
				continue;
			}
			idx[n++] = (short)(*p++ - ' ');
			continue;
		}
		i = char_index(&p);
		if (i < 0)
			return 0;
		idx[n++] = (short)i;
	}
	as = pair_script(t, font, letter);
	if (!as)
		return 0;
	cum[0] = 0;
	for (i = 0; i < n; i++) {
		int c = idx[i];

		if (as->adv_state[c] == PAIR_UNKNOWN)
			shape_chars(t, as, c, -1);
		if (as->adv_state[c] != PAIR_OK)
			return 0;
		sum += as->adv[c];
		if (i) {
			int b = idx[i - 1];

			if (as->pair[b][c] == PAIR_UNKNOWN)
				shape_chars(t, as, b, c);
			if (as->pair[b][c] != PAIR_OK)
				return 0;
			sum += as->kern[b][c];
		}
		/* the first i + 1 alone: without the pair after them */
		cum[i + 1] = sum;
	}
	if (n >= 16)
		remember(t, font, text, idx, n, cum, letter_at);
	if (!pf->height_known) {
		double dummy;

		layout_size(t, font, "A", &dummy, &pf->height);
		pf->height_known = 1;
	}
	*w = (double)sum / PANGO_SCALE;
	*h = pf->height;
	return 1;
}

void fsr_text_measure(void *ctx, enum fsr_font font, const char *text,
		      double *w, double *h)
{
	struct fsr_text *t = ctx;
	double *size;

	if (pair_size(t, font, text, w, h))
		return;

	g_string_truncate(t->key, 0);
	g_string_append_c(t->key, (char)('A' + font));
	g_string_append(t->key, text);
	size = g_hash_table_lookup(t->sizes, t->key->str);
	if (!size) {
		size = g_new(double, 2);
		layout_size(t, font, text, &size[0], &size[1]);
		g_hash_table_insert(t->sizes, g_strdup(t->key->str), size);
	}
	*w = size[0];
	*h = size[1];
}

double fsr_text_baseline(void *ctx, enum fsr_font font)
{
	struct fsr_text *t = ctx;

	if (!t->baseline_known[font]) {
		pango_layout_set_text(t->measure[font], "Ag", -1);
		t->baseline[font] = (double)pango_layout_get_baseline(
					    t->measure[font]) / PANGO_SCALE;
		t->baseline_known[font] = 1;
	}
	return t->baseline[font];
}

void fsr_text_draw(struct fsr_text *t, cairo_t *cr, enum fsr_font font,
		   const char *text, double x, double y)
{
	PangoLayout *l;
	char *v = valid(text);

	pango_cairo_update_context(cr, t->draw);
	l = pango_layout_new(t->draw);
	pango_layout_set_font_description(l, t->desc[font]);
	pango_layout_set_text(l, v, -1);
	g_free(v);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, l);
	g_object_unref(l);
}
