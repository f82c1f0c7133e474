/*
 * chart-internal.h - what chart.c and text.c share: the text of charts,
 * measured and drawn with Pango on Cairo (every Pango call is in
 * text.c). Private to render/.
 */
#ifndef FSR_CHART_INTERNAL_H
#define FSR_CHART_INTERNAL_H

#include <cairo.h>

#include "../model/model.h"
#include "fonts.h"

/*
 * A Pango context set up once for every chart text: the one family
 * FSR_FONT_FAMILY at the sizes of fsr_font_specs, with hinting off and
 * unrounded glyph positions, so widths do not depend on the output scale
 * and a layout measured at scale 1 draws the same at any --scale.
 * fsr_text_free() releases it; NULL when Pango cannot be set up.
 */
struct fsr_text;
struct fsr_text *fsr_text_new(void);
void fsr_text_free(struct fsr_text *t);

/* An fsr_measure_fn: ctx is a struct fsr_text *. */
void fsr_text_measure(void *ctx, enum fsr_font font, const char *text,
		      double *w, double *h);

/* Draw text with its logical box's top left at (x, y) in user space, in
 * the current source colour of cr. */
void fsr_text_draw(struct fsr_text *t, cairo_t *cr, enum fsr_font font,
		   const char *text, double x, double y);

#endif
