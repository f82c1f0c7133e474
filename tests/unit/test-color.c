/*
 * test-color.c - render/text/color.c: the ANSI sequences renderers put around
 * headers and verdicts, and nothing at all when colour is off.
 */
#include "../../render/render.h"
#include "tap.h"

#include <string.h>

/* What begin(c) + "x" + end writes with colour on or off. */
static void wrap(int color, enum fsr_color c, struct fsr_buf *b)
{
	struct fsr_render_opts o;
	struct fsr_sink s = { NULL, b, 0 };

	memset(&o, 0, sizeof(o));
	o.color = color;
	fsr_buf_reset(b);
	fsr_color_begin(&s, &o, c);
	fsr_sink_puts(&s, "x");
	fsr_color_end(&s, &o, c);
}

int main(void)
{
	struct fsr_buf b = FSR_BUF_INIT;

	wrap(1, FSR_COLOR_BETTER, &b);
	is_str(b.buf, "\033[32mx\033[0m", "better is green");
	wrap(1, FSR_COLOR_WORSE, &b);
	is_str(b.buf, "\033[31mx\033[0m", "worse is red");
	wrap(1, FSR_COLOR_HEADER, &b);
	is_str(b.buf, "\033[1mx\033[0m", "a header is bold");
	wrap(1, FSR_COLOR_NONE, &b);
	is_str(b.buf, "x", "FSR_COLOR_NONE writes the text only");

	wrap(0, FSR_COLOR_BETTER, &b);
	is_str(b.buf, "x", "colour off: better writes the text only");
	wrap(0, FSR_COLOR_WORSE, &b);
	is_str(b.buf, "x", "colour off: worse writes the text only");
	wrap(0, FSR_COLOR_HEADER, &b);
	is_str(b.buf, "x", "colour off: header writes the text only");

	is_int(fsr_color_of_verdict(FSR_VERDICT_BETTER), FSR_COLOR_BETTER,
	       "verdict better -> green");
	is_int(fsr_color_of_verdict(FSR_VERDICT_WORSE), FSR_COLOR_WORSE,
	       "verdict worse -> red");
	is_int(fsr_color_of_verdict(FSR_VERDICT_SAME), FSR_COLOR_NONE,
	       "verdict same -> no colour");
	is_int(fsr_color_of_verdict(FSR_VERDICT_NA), FSR_COLOR_NONE,
	       "verdict n/a -> no colour");

	{
		struct fsr_render_opts o;
		struct fsr_sink s = { NULL, &b, 0 };

		memset(&o, 0, sizeof(o));
		fsr_buf_reset(&b);
		o.color = 1;
		fsr_color_puts(&s, &o, FSR_COLOR_WORSE, "-3.10%");
		is_str(b.buf, "\033[31m-3.10%\033[0m", "puts wraps the text");
		fsr_buf_reset(&b);
		o.color = 0;
		fsr_color_puts(&s, &o, FSR_COLOR_WORSE, "-3.10%");
		is_str(b.buf, "-3.10%", "puts without colour: the text");
	}
	fsr_buf_release(&b);
	return done_testing();
}
