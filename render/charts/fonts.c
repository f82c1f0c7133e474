/*
 * fonts.c - the sizes and weights of the chart fonts (fonts.h): one
 * table, read by the layout (font names in the dump) and by
 * backend/text.c.
 */
#include "fonts.h"

const struct fsr_font_spec fsr_font_specs[FSR_N_FONTS] = {
	[FSR_FONT_TITLE] = { "title", 17, 1 },
	[FSR_FONT_SUBTITLE] = { "subtitle", 11, 1 },
	[FSR_FONT_CAPTION] = { "caption", 9, 1 },
	[FSR_FONT_LABEL] = { "label", 11, 1 },
	[FSR_FONT_NOTE] = { "note", 8.5, 0 },
	[FSR_FONT_TICK] = { "tick", 10, 0 },
	[FSR_FONT_VALUE] = { "value", 10, 1 },
};
