/*
 * svg.h - a laid-out page (layout.h) written as SVG 1.1 by fsreport
 * itself: shapes as rect, line, circle and path elements, text as
 * <text> (searchable, selectable, editable, as PTS's own SVG graphs
 * are), in the one font family the layout measured it in. PNG stays
 * Cairo's (render/charts/backend.h).
 */
#ifndef FSR_SVG_H
#define FSR_SVG_H

#include "layout.h"

/* Append the SVG of p to out. baseline[font] is where a line's
 * baseline lies below the top of its box (the chart module's
 * measure), so the text sits where the layout put its box. */
void fsr_svg_page(const struct fsr_page *p,
		  const double baseline[FSR_N_FONTS], struct fsr_buf *out);

#endif
