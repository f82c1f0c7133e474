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
#include "../../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PNG_MAX_SIDE FSR_PNG_MAX_SIDE

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
	lo.items = o->chart_items;
	lo.n_items = o->n_chart_items;
	lo.page_label = o->page_label;
	return fsr_layout_page(v, &lo, pen->be->measure, pen->text, p, d);
}

static int write_sink(void *closure, const unsigned char *data, size_t len)
{
	struct fsr_sink *s = closure;

	fsr_sink_write_as(s, FSR_ESC_NONE, data, len);
	return s->error != 0;
}

/* ------------------------------------------------------- page marks */

#define SVG_MARK "<!-- fsreport page "
#define PNG_KEY "Software"
#define PNG_MARK "fsreport page "

/* Big-endian 32 bits, as PNG stores a chunk's length. */
static size_t be32(const unsigned char *p)
{
	return (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 |
	       (size_t)p[3];
}

/*
 * A PNG is marked when a tEXt chunk "Software" = "fsreport page ..."
 * comes before its pixels (IDAT). libpng writes it after IHDR and bKGD;
 * earlier builds put it right after IHDR themselves, and those files
 * are fsreport's pages too. Only the chunks within data (the file's
 * first bytes) are looked at.
 */
static int png_marked(const unsigned char *data, size_t len)
{
	static const char text[] = PNG_KEY "\0" PNG_MARK;
	size_t at = 8, n;

	while (len - at >= 8) {
		n = be32(data + at);
		if (!memcmp(data + at + 4, "IDAT", 4))
			return 0;
		if (!memcmp(data + at + 4, "tEXt", 4) &&
		    len - at - 8 >= sizeof(text) - 1 &&
		    !memcmp(data + at + 8, text, sizeof(text) - 1))
			return 1;
		/* length, type, data, CRC */
		if (n > len - at - 8 || len - at - 8 - n < 4)
			return 0;
		at += 8 + n + 4;
	}
	return 0;
}

int fsr_render_page_marked(const unsigned char *data, size_t len)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r',
					      '\n', 0x1a, '\n' };
	const char *nl;

	if (len >= 8 && !memcmp(data, sig, 8))
		return png_marked(data, len);
	/* the SVG: the comment on the line after the XML declaration */
	nl = memchr(data, '\n', len);
	return nl && (size_t)(nl + 1 - (const char *)data) + strlen(SVG_MARK) <=
			     len &&
	       !memcmp(nl + 1, SVG_MARK, strlen(SVG_MARK)) &&
	       !memcmp(data, "<?xml", 5);
}

static int write_svg(const struct pen *pen, const struct fsr_page *p,
		     const char *mark, struct fsr_sink *out,
		     struct fsr_diag *d)
{
	struct fsr_buf b = FSR_BUF_INIT;
	double baseline[FSR_N_FONTS];
	size_t head = 0;
	int i;

	for (i = 0; i < FSR_N_FONTS; i++)
		baseline[i] = pen->be->baseline(pen->text, (enum fsr_font)i);
	fsr_svg_page(p, baseline, &b);
	if (mark) { /* after the XML declaration's line */
		const char *nl = memchr(b.buf, '\n', b.len);

		head = nl ? (size_t)(nl + 1 - b.buf) : 0;
		fsr_sink_write_as(out, FSR_ESC_NONE, b.buf, head);
		fsr_sink_printf(out, "%s%s -->\n", SVG_MARK, mark);
	}
	fsr_sink_write_as(out, FSR_ESC_NONE, b.buf + head, b.len - head);
	fsr_buf_release(&b);
	if (out->error)
		return fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
				    "cannot write the chart: %s",
				    strerror(out->error));
	return 0;
}

static int draw(const struct pen *pen, const struct fsr_page *p,
		enum fsr_backend_format f, double scale, const char *mark,
		struct fsr_sink *out, struct fsr_diag *d)
{
	struct fsr_buf text = FSR_BUF_INIT;
	enum fsr_backend_status st;
	char err[128];

	if (f == FSR_BACKEND_SVG)
		return write_svg(pen, p, mark, out, d);
	if (mark) /* the tEXt chunk "Software" */
		fsr_buf_addf(&text, "%s%s", PNG_MARK, mark);
	st = pen->be->draw(pen->text, p, fsr_ink_rgb, f, scale,
			   mark ? text.buf : NULL, write_sink, out, err,
			   sizeof(err));
	fsr_buf_release(&text);
	switch (st) {
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
	if (f == FSR_BACKEND_PNG &&
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
		rc = draw(&pen, &p, f, f == FSR_BACKEND_PNG ? scale : 1,
			  o->page_mark, out, d);
	}
	fsr_page_release(&p);
	return rc;
}

/* ------------------------------------------------------------ pages */

static void plan_add(struct fsr_chart_plan *pl, size_t *cap,
		     enum fsr_chart_part part, size_t index)
{
	FSR_GROW(pl->items, *cap, pl->n_items + 1);
	pl->items[pl->n_items].part = part;
	pl->items[pl->n_items++].index = index;
}

/* Items [from, to) of heights h[] onto pages of at most max px, greedily
 * in order, the first on a new page. */
/* Pages greedy packing of h[from, to) into pages of at most max px
 * takes; the first of each into pages when not NULL. A chart taller than
 * max is a page of its own. */
static size_t pack(const double *h, size_t from, size_t to, double max,
		   struct fsr_chart_plan *pl, size_t *cap)
{
	double used = 0;
	size_t i, n = 0;

	for (i = from; i < to; i++) {
		if (i == from || used + h[i] > max) {
			if (pl) {
				FSR_GROW(pl->pages, *cap, pl->n_pages + 1);
				pl->pages[pl->n_pages++] = i;
				if (h[i] > max)
					pl->n_oversize++;
			}
			n++;
			used = 0;
		}
		used += h[i];
	}
	return n;
}

/* h[from, to) on the fewest pages of at most max px, as even as those
 * allow: the least height that still needs no more pages, to 1 px. */
static void pack_even(const double *h, size_t from, size_t to, double max,
		      struct fsr_chart_plan *pl, size_t *cap)
{
	size_t n = pack(h, from, to, max, NULL, NULL), i;
	double lo = 0, hi = max;

	for (i = from; i < to; i++)
		if (h[i] > lo)
			lo = h[i];
	if (lo >= max) {
		pack(h, from, to, max, pl, cap);
		return;
	}
	while (hi - lo > 1) {
		double mid = (lo + hi) / 2;

		if (pack(h, from, to, mid, NULL, NULL) <= n)
			hi = mid;
		else
			lo = mid;
	}
	pack(h, from, to, hi, pl, cap);
}

int fsr_render_chart_plan(const struct fsr_view *v,
			  const struct fsr_render_opts *o, double max_height,
			  struct fsr_chart_plan *pl, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct pen pen = { NULL, NULL };
	struct fsr_render_opts co = *o;
	size_t cap = 0, pcap = 0, i, parts = 0, lead = 0;
	struct fsr_page all, ov;
	double *h;
	int rc;

	memset(pl, 0, sizeof(*pl));
	co.chart_part = FSR_CHART_ALL;
	rc = pen_get(&pen, d);
	if (!rc)
		rc = layout(v, &co, &pen, &all, d);
	if (rc)
		return rc;
	pl->all_height = all.height;
	if (all.height <= max_height || !r->n_results) {
		fsr_page_release(&all);
		pl->pages = fsr_xcalloc(1, sizeof(*pl->pages));
		pl->n_pages = 1;
		return 0;
	}
	/* every page ends in its "page N of M" line (o->page_label):
	 * the charts get the rest */
	co.chart_part = FSR_CHART_ITEMS;
	co.n_chart_items = 0;
	co.page_label = "page 99 of 99";
	rc = layout(v, &co, &pen, &ov, d);
	if (rc) {
		fsr_page_release(&all);
		return rc;
	}
	max_height -= ov.height;
	fsr_page_release(&ov);
	co.page_label = NULL;
	/* FSR_CHART_ALL stacks a chart per result, then the change
	 * chart's parts, each as tall as alone (layout.c) */
	if (v->cmp)
		parts = fsr_render_change_parts(v);
	if (all.n_charts != r->n_results + parts)
		FSR_BUG("%zu charts stacked for %zu results and %zu parts",
			all.n_charts, r->n_results, parts);
	h = fsr_xcalloc(all.n_charts + 1, sizeof(*h));
	if (v->cmp) {
		co.chart_part = FSR_CHART_OVERVIEW;
		rc = layout(v, &co, &pen, &ov, d);
		if (rc) {
			free(h);
			fsr_page_release(&all);
			return rc;
		}
		h[0] = ov.height;
		fsr_page_release(&ov);
		plan_add(pl, &cap, FSR_CHART_OVERVIEW, 0);
		for (i = 0; i < parts; i++) {
			h[1 + i] = all.charts[r->n_results + i].height;
			plan_add(pl, &cap, FSR_CHART_CHANGE, i + 1);
		}
		lead = 1 + parts;
		/* page 1 the overview and the change chart; when that does
		 * not fit, on as few pages as even as can be */
		pack_even(h, 0, lead, max_height, pl, &pcap);
	}
	for (i = 0; i < r->n_results; i++) {
		h[lead + i] = all.charts[i].height;
		plan_add(pl, &cap, FSR_CHART_RESULT, i);
	}
	pack(h, lead, lead + r->n_results, max_height, pl, &pcap);
	free(h);
	fsr_page_release(&all);
	return 0;
}

void fsr_chart_plan_release(struct fsr_chart_plan *pl)
{
	free(pl->items);
	free(pl->pages);
	memset(pl, 0, sizeof(*pl));
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
