/*
 * render-internal.h - the entry points of every renderer, for the table
 * in registry.c, and what renderers share privately.
 */
#ifndef FSR_RENDER_INTERNAL_H
#define FSR_RENDER_INTERNAL_H

#include "render.h"

#define FSR_DECLARE_RENDERER(name)                                        \
	int fsr_render_##name(const struct fsr_view *v,                   \
			      const struct fsr_render_opts *o,            \
			      struct fsr_sink *out, struct fsr_diag *d)

FSR_DECLARE_RENDERER(ascii);
FSR_DECLARE_RENDERER(csv);
FSR_DECLARE_RENDERER(compare_text);

#endif
