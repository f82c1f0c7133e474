/*
 * fonts.h - the fonts of a chart, shared by the layout (which measures
 * text through an fsr_measure_fn) and backend/text.c (which measures
 * and draws it with Pango). The table itself is in fonts.c.
 */
#ifndef FSR_FONTS_H
#define FSR_FONTS_H

/* The fonts of a chart: one family (DejaVu Sans), a few sizes. */
enum fsr_font {
	FSR_FONT_TITLE = 0, /* test title and version */
	FSR_FONT_SUBTITLE,  /* description */
	FSR_FONT_CAPTION,   /* "<unit>, More Is Better" */
	FSR_FONT_LABEL,     /* system labels, result names */
	FSR_FONT_NOTE,      /* SE/N lines, footnotes, legend */
	FSR_FONT_TICK,      /* axis tick labels */
	FSR_FONT_VALUE,     /* the mean after the bar, the change */
	FSR_N_FONTS
};

struct fsr_font_spec {
	const char *name;   /* for the dump */
	double px;          /* size in px at scale 1 */
	int bold;
};
extern const struct fsr_font_spec fsr_font_specs[FSR_N_FONTS];
#define FSR_FONT_FAMILY "DejaVu Sans"

/* Logical width and line height of text set in font, in px at scale 1. */
typedef void (*fsr_measure_fn)(void *ctx, enum fsr_font font,
			       const char *text, double *w, double *h);

#endif
