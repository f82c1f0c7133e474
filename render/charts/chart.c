/*
 * chart.c - the svg and png renderers: lay the report out (layout.c)
 * with text measured by the chart module (render/charts/backend.h, backend/),
 * then write the shapes as SVG (svg.c) or have the module draw them
 * into a PNG. The "layout" renderer writes the geometry as text instead
 * (--debug-layout).
 */
#include "../render-internal.h"
#include "backend.h"
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The largest PNG side Cairo's image surfaces allow. */
#define PNG_MAX_SIDE 32767

/* The back end and its text context, for one chart. */
struct pen {
	const struct fsr_backend *be;
	void *text;
};

static int pen_open(struct pen *pen, struct fsr_diag *d)
{
	pen->be = fsr_backend(d);
	if (!pen->be)
		return FSR_EINTERNAL;
	pen->text = pen->be->text_new(fsr_font_specs);
	if (!pen->text)
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "cannot set up Pango for chart text");
	return 0;
}

/*
 * One text context for every chart of a run: Pango's font map takes
 * about 10 ms to set up, and a --chart-dir or report of 150 results
 * writes 200 charts (2.1 s of CPU when each had its own). The sizes it
 * measured stay valid: same fonts, same options, and drawing a PNG
 * scales a context of its own (backend/text.c).
 */
static struct pen shared_pen;

static void shared_pen_free(void)
{
	if (shared_pen.text)
		shared_pen.be->text_free(shared_pen.text);
	shared_pen.text = NULL;
}

static int pen_get(struct pen *pen, struct fsr_diag *d)
{
	int rc;

	if (!shared_pen.text) {
		rc = pen_open(&shared_pen, d);
		if (rc)
			return rc;
		atexit(shared_pen_free);
	}
	*pen = shared_pen;
	return 0;
}

static int layout(const struct fsr_view *v, const struct fsr_render_opts *o,
		  const struct pen *pen, struct fsr_page *p,
		  struct fsr_diag *d)
{
	struct fsr_layout_opts lo;

	memset(&lo, 0, sizeof(lo));
	lo.part = o->chart_part;
	lo.result = o->chart_result;
	lo.section = o->chart_section;
	return fsr_layout_page(v, &lo, pen->be->measure, pen->text, p, d);
}

static int write_sink(void *closure, const unsigned char *data, size_t len)
{
	struct fsr_sink *s = closure;

	fsr_sink_write_as(s, FSR_ESC_NONE, data, len);
	return s->error != 0;
}

static int write_svg(const struct pen *pen, const struct fsr_page *p,
		     struct fsr_sink *out, struct fsr_diag *d)
{
	struct fsr_buf b = FSR_BUF_INIT;
	double baseline[FSR_N_FONTS];
	int i;

	for (i = 0; i < FSR_N_FONTS; i++)
		baseline[i] = pen->be->baseline(pen->text, (enum fsr_font)i);
	fsr_svg_page(p, baseline, &b);
	fsr_sink_write_as(out, FSR_ESC_NONE, b.buf, b.len);
	fsr_buf_release(&b);
	if (out->error)
		return fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
				    "cannot write the chart: %s",
				    strerror(out->error));
	return 0;
}

static int draw(const struct pen *pen, const struct fsr_page *p,
		enum fsr_backend_format f, double scale, struct fsr_sink *out,
		struct fsr_diag *d)
{
	char err[128];

	if (f == FSR_BACKEND_SVG)
		return write_svg(pen, p, out, d);
	switch (pen->be->draw(pen->text, p, fsr_ink_rgb, f, scale, write_sink,
			      out, err, sizeof(err))) {
	case FSR_BACKEND_OK:
		return 0;
	case FSR_BACKEND_EWRITE:
		if (out->error)
			return fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
					    "cannot write the chart: %s",
					    strerror(out->error));
		return fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
				    "cannot draw the chart: %s", err);
	case FSR_BACKEND_EDRAW:
		break;
	}
	return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
			    "cannot draw the chart: %s", err);
}

static int render_chart(const struct fsr_view *v,
			const struct fsr_render_opts *o,
			struct fsr_sink *out, struct fsr_diag *d,
			enum fsr_backend_format f)
{
	double scale = o->scale > 0 ? o->scale : 1;
	struct pen pen = { NULL, NULL };
	struct fsr_page p;
	int rc;

	rc = pen_get(&pen, d);
	if (!rc)
		rc = layout(v, o, &pen, &p, d);
	if (rc)
		return rc;
	if (o->chart_part == FSR_CHART_ALL && o->max_height > 0 &&
	    p.height > o->max_height)
		rc = fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				  "all the charts in one image would be "
				  "%.0f x %.0f px, taller than %.0f px",
				  p.width, p.height, o->max_height);
	else if (f == FSR_BACKEND_PNG &&
		 (ceil(p.height * scale) > PNG_MAX_SIDE ||
		  ceil(p.width * scale) > PNG_MAX_SIDE)) {
		/* the largest --scale that fits, to 1/100 (down to the
		 * 0.25 --scale allows); else fewer rows */
		double fit = floor(PNG_MAX_SIDE / fmax(p.height, p.width) *
				   100) / 100;
		char how[96];

		if (fit >= 0.25)
			snprintf(how, sizeof(how), "%s--scale %g or less",
				 o->chart_part == FSR_CHART_ALL ?
				 "--chart-dir, or " : "", fit);
		else
			snprintf(how, sizeof(how), "%sfewer rows: --select",
				 o->chart_part == FSR_CHART_ALL ?
				 "--chart-dir, or " : "");
		rc = fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
				  "the chart would be %.0f x %.0f px; a PNG "
				  "holds at most %d px a side (use %s)",
				  ceil(p.width * scale),
				  ceil(p.height * scale), PNG_MAX_SIDE, how);
	} else {
		rc = draw(&pen, &p, f, f == FSR_BACKEND_PNG ? scale : 1, out,
			  d);
	}
	fsr_page_release(&p);
	return rc;
}

FSR_DECLARE_RENDERER(svg)
{
	return render_chart(v, o, out, d, FSR_BACKEND_SVG);
}

FSR_DECLARE_RENDERER(png)
{
	return render_chart(v, o, out, d, FSR_BACKEND_PNG);
}

/* The geometry of the charts as text, measured with the same Pango
 * set-up as the drawings. */
FSR_DECLARE_RENDERER(layout)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct pen pen = { NULL, NULL };
	struct fsr_page p;
	int rc;

	rc = pen_get(&pen, d);
	if (rc)
		return rc;
	rc = layout(v, o, &pen, &p, d);
	if (!rc) {
		fsr_layout_dump(&p, &b);
		fsr_sink_putbuf(out, &b);
		fsr_page_release(&p);
	}
	fsr_buf_release(&b);
	return rc;
}
