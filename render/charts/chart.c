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
/* The PNG signature and its IHDR chunk: what comes before the mark. */
#define PNG_HEAD (8 + 4 + 4 + 13 + 4)

static unsigned long crc32_of(unsigned long crc, const unsigned char *p,
			      size_t n)
{
	int k;

	crc = ~crc & 0xffffffffUL;
	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320UL & (0UL - (crc & 1)));
	}
	return ~crc & 0xffffffffUL;
}

static void put_be32(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* A PNG stream with a tEXt chunk put after IHDR (the mark, for
 * fsr_render_page_marked()); the rest passes through unchanged. */
struct marked_png {
	struct fsr_sink *out;
	const char *mark;
	unsigned char head[PNG_HEAD];
	size_t have;
};

static int write_marked(void *closure, const unsigned char *data,
			size_t len)
{
	struct marked_png *m = closure;
	struct fsr_buf b = FSR_BUF_INIT;
	unsigned char num[4];
	size_t take;

	if (m->have >= PNG_HEAD || !m->mark)
		return write_sink(m->out, data, len);
	take = PNG_HEAD - m->have < len ? PNG_HEAD - m->have : len;
	memcpy(m->head + m->have, data, take);
	m->have += take;
	if (m->have < PNG_HEAD)
		return 0;
	if (write_sink(m->out, m->head, PNG_HEAD))
		return 1;
	/* length, "tEXt", keyword NUL text, CRC over type and data */
	put_be32(num, (unsigned long)(strlen(PNG_KEY) + 1 + strlen(PNG_MARK) +
				      strlen(m->mark)));
	fsr_buf_add(&b, (const char *)num, 4);
	fsr_buf_adds(&b, "tEXt" PNG_KEY);
	fsr_buf_addc(&b, '\0');
	fsr_buf_adds(&b, PNG_MARK);
	fsr_buf_adds(&b, m->mark);
	put_be32(num, crc32_of(0, (const unsigned char *)b.buf + 4,
			       b.len - 4));
	fsr_buf_add(&b, (const char *)num, 4);
	if (write_sink(m->out, (const unsigned char *)b.buf, b.len)) {
		fsr_buf_release(&b);
		return 1;
	}
	fsr_buf_release(&b);
	return len > take ? write_sink(m->out, data + take, len - take) : 0;
}

int fsr_render_page_marked(const unsigned char *data, size_t len)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r',
					      '\n', 0x1a, '\n' };
	static const char text[] = "tEXt" PNG_KEY "\0" PNG_MARK;
	const char *nl;

	if (len >= PNG_HEAD + 4 + sizeof(text) - 1 && !memcmp(data, sig, 8))
		return !memcmp(data + PNG_HEAD + 4, text, sizeof(text) - 1);
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
	struct marked_png m;
	char err[128];

	if (f == FSR_BACKEND_SVG)
		return write_svg(pen, p, mark, out, d);
	memset(&m, 0, sizeof(m));
	m.out = out;
	m.mark = mark;
	switch (pen->be->draw(pen->text, p, fsr_ink_rgb, f, scale,
			      mark ? write_marked : write_sink,
			      mark ? (void *)&m : (void *)out, err,
			      sizeof(err))) {
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
