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
		g_object_unref(t->measure[i]);
		pango_font_description_free(t->desc[i]);
	}
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

void fsr_text_measure(void *ctx, enum fsr_font font, const char *text,
		      double *w, double *h)
{
	struct fsr_text *t = ctx;
	PangoRectangle logical;
	double *size;
	char *v;

	g_string_truncate(t->key, 0);
	g_string_append_c(t->key, (char)('A' + font));
	g_string_append(t->key, text);
	size = g_hash_table_lookup(t->sizes, t->key->str);
	if (!size) {
		v = valid(text);
		pango_layout_set_text(t->measure[font], v, -1);
		g_free(v);
		pango_layout_get_extents(t->measure[font], NULL, &logical);
		size = g_new(double, 2);
		size[0] = (double)logical.width / PANGO_SCALE;
		size[1] = (double)logical.height / PANGO_SCALE;
		g_hash_table_insert(t->sizes, g_strdup(t->key->str), size);
	}
	*w = size[0];
	*h = size[1];
}

double fsr_text_baseline(void *ctx, enum fsr_font font)
{
	struct fsr_text *t = ctx;

	pango_layout_set_text(t->measure[font], "Ag", -1);
	return (double)pango_layout_get_baseline(t->measure[font]) /
	       PANGO_SCALE;
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
