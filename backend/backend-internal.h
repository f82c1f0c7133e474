/*
 * backend-internal.h - what draw.c and text.c share inside the chart
 * module (render/charts/backend.h): the text of charts, measured and drawn
 * with Pango on Cairo (every Pango call is in text.c).
 */
#ifndef FSR_BACKEND_INTERNAL_H
#define FSR_BACKEND_INTERNAL_H

#include <cairo.h>

#include "../render/charts/backend.h"

struct fsr_text;
void *fsr_text_new(const struct fsr_font_spec *specs);
void fsr_text_free(void *t);

/* An fsr_measure_fn: ctx is a struct fsr_text *. */
void fsr_text_measure(void *ctx, enum fsr_font font, const char *text,
		      double *w, double *h);

/* The baseline of font below the top of a line's logical box, in px. */
double fsr_text_baseline(void *ctx, enum fsr_font font);

/* Draw text with its logical box's top left at (x, y) in user space, in
 * the current source colour of cr. */
void fsr_text_draw(struct fsr_text *t, cairo_t *cr, enum fsr_font font,
		   const char *text, double x, double y);

#endif
