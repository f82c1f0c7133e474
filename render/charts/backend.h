/*
 * backend.h - the chart back end: the only code that calls Cairo and
 * Pango (backend/). It is built as the module fsreport-cairo.so and
 * loaded by fsr_backend() the first time a chart is measured or drawn,
 * so a text run never maps Cairo, Pango, GLib, HarfBuzz or fontconfig
 * (BENCHMARKS.md, start-up). The interface is plain data and function
 * pointers: the module calls nothing of fsreport's, it only reads the
 * page the layout made.
 *
 *	const struct fsr_backend *be = fsr_backend(&d);
 *	void *t = be ? be->text_new(fsr_font_specs) : NULL;
 *	fsr_layout_page(v, &lo, be->measure, t, &p, &d);
 *	be->draw(t, &p, fsr_ink_rgb, FSR_BACKEND_PNG, 1, NULL, write,
 *		 closure, err, sizeof(err));
 *	be->text_free(t);
 */
#ifndef FSR_BACKEND_H
#define FSR_BACKEND_H

#include <stddef.h>

#include "layout.h"

/* Bumped when struct fsr_backend or the page types change. */
#define FSR_BACKEND_ABI 3
#define FSR_BACKEND_MODULE "fsreport-cairo.so"

enum fsr_backend_format { FSR_BACKEND_SVG, FSR_BACKEND_PNG };

enum fsr_backend_status {
	FSR_BACKEND_OK = 0,
	FSR_BACKEND_EWRITE, /* the write callback failed */
	FSR_BACKEND_EDRAW,  /* Cairo could not draw (err says why) */
};

/* Takes len bytes of the drawing; returns 0, or nonzero to stop. */
typedef int (*fsr_backend_write_fn)(void *closure, const unsigned char *data,
				    size_t len);

struct fsr_backend {
	int abi;              /* FSR_BACKEND_ABI of the module */
	size_t page_size;     /* sizeof(struct fsr_page) the module knows */
	size_t shape_size;    /* sizeof(struct fsr_shape) */
	const char *versions; /* "Cairo 1.16.0, Pango 1.50.12", as running */
	/*
	 * A Pango context set up once for every chart text: the one family
	 * FSR_FONT_FAMILY at the sizes of specs (FSR_N_FONTS of them), with
	 * hinting off and unrounded glyph positions, so widths do not depend
	 * on the output scale and a layout measured at scale 1 draws the
	 * same at any --scale. NULL when Pango cannot be set up.
	 */
	void *(*text_new)(const struct fsr_font_spec *specs);
	void (*text_free)(void *text);
	fsr_measure_fn measure; /* ctx is what text_new returned */
	/* The baseline of a line of text in font, in px below the top of
	 * its logical box (where an SVG <text> puts y). */
	double (*baseline)(void *text, enum fsr_font font);
	/* Draw the page at scale (PNG; an SVG is always 1) into write,
	 * each ink in the colour rgb[ink] (0xRRGGBB). software: for a PNG,
	 * the text of a tEXt chunk "Software" (after IHDR and bKGD), or
	 * NULL for none; an SVG has none. On failure err holds a message
	 * of at most errlen bytes. */
	enum fsr_backend_status (*draw)(void *text, const struct fsr_page *p,
					const unsigned long *rgb,
					enum fsr_backend_format f,
					double scale, const char *software,
					fsr_backend_write_fn write,
					void *closure, char *err,
					size_t errlen);
};

/* The one symbol the module exports. */
const struct fsr_backend *fsr_backend_entry(void);

/*
 * The back end, loaded once: linked in (the unit tests), or the module
 * beside the running program (the build tree) or in ../lib/fsreport/
 * from it (an installed tree). NULL with d set (FSR_EINTERNAL) when the
 * module cannot be found or loaded, or is of another build.
 */
const struct fsr_backend *fsr_backend(struct fsr_diag *d);

#endif
