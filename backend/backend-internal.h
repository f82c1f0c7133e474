/*
 * backend-internal.h - what draw.c and text.c share inside the chart
 * module (render/charts/backend.h): the text of charts, measured and drawn
 * with Pango on Cairo (every Pango call is in text.c), and the PNG
 * encoder (png.c).
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

/* The same, always through a PangoLayout (text.c measures printable
 * ASCII by its characters and pairs; the tests compare the two). */
void fsr_text_measure_layout(void *ctx, enum fsr_font font, const char *text,
			     double *w, double *h);

/* The baseline of font below the top of a line's logical box, in px. */
double fsr_text_baseline(void *ctx, enum fsr_font font);

/* Draw text with its logical box's top left at (x, y) in user space, in
 * the current source colour of cr. */
void fsr_text_draw(struct fsr_text *t, cairo_t *cr, enum fsr_font font,
		   const char *text, double x, double y);

/* Page p drawn at scale on an RGB24 image surface, as the module's draw
 * hook draws a PNG's pixels (draw.c); NULL when Cairo cannot. Free with
 * cairo_surface_destroy(). */
cairo_surface_t *fsr_draw_image(struct fsr_text *t, const struct fsr_page *p,
				const unsigned long *rgb, double scale);

/* Takes len bytes of a PNG; returns 0, or nonzero to stop. */
typedef int (*fsr_png_write_fn)(void *closure, const unsigned char *data,
				size_t len);

/*
 * Write the image surface s (RGB24 or ARGB32) as a PNG into write, at
 * zlib level (0-9) with no row filter (png.c); the pixels are those
 * cairo_surface_write_to_png_stream() writes. software: the text of a
 * tEXt chunk "Software" (libpng writes it after IHDR and bKGD, before
 * the pixels), or NULL for none. CAIRO_STATUS_WRITE_ERROR when write
 * failed, another status when s or libpng did.
 */
cairo_status_t fsr_png_write(cairo_surface_t *s, int level,
			     const char *software, fsr_png_write_fn write,
			     void *closure);
/* The level the charts are written at (BENCHMARKS.md, "PNG encoding"). */
#define FSR_PNG_LEVEL 1

#endif
