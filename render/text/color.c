/*
 * color.c - ANSI colour for the text renderers: SGR sequences around the
 * text a renderer marks, and nothing at all when colour is off.
 */
#include "../render.h"

#include <string.h>

enum fsr_color fsr_color_of_verdict(enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_BETTER:
		return FSR_COLOR_BETTER;
	case FSR_VERDICT_WORSE:
		return FSR_COLOR_WORSE;
	default:
		return FSR_COLOR_NONE;
	}
}

void fsr_color_begin(struct fsr_sink *out, const struct fsr_render_opts *o,
		     enum fsr_color c)
{
	static const char *const sgr[] = {
		[FSR_COLOR_NONE] = "",
		[FSR_COLOR_BETTER] = "\033[32m",
		[FSR_COLOR_WORSE] = "\033[31m",
		[FSR_COLOR_HEADER] = "\033[1m",
	};

	if (o->color && c > FSR_COLOR_NONE && c <= FSR_COLOR_HEADER)
		fsr_sink_write_as(out, FSR_ESC_NONE, sgr[c],
				  strlen(sgr[c]));
}

void fsr_color_end(struct fsr_sink *out, const struct fsr_render_opts *o,
		   enum fsr_color c)
{
	if (o->color && c > FSR_COLOR_NONE && c <= FSR_COLOR_HEADER)
		fsr_sink_write_as(out, FSR_ESC_NONE, "\033[0m", 4);
}

void fsr_color_puts(struct fsr_sink *out, const struct fsr_render_opts *o,
		    enum fsr_color c, const char *text)
{
	fsr_color_begin(out, o, c);
	fsr_sink_puts(out, text);
	fsr_color_end(out, o, c);
}
