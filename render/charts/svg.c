/*
 * svg.c - the SVG of a page (svg.h), written straight from the shapes.
 *
 * Coordinates are printed to 1/100 px, which is finer than any screen
 * and keeps the file small; axis-aligned edges are put on the pixel
 * grid (centres on .5 for odd line widths) as the PNG's are, so the two
 * look alike. Output is deterministic: no dates, no ids.
 */
#include "svg.h"
#include "../../lib/escape.h"

#include <math.h>
#include <string.h>

static const char hex[] = "0123456789abcdef";

/* v to 1/100, without trailing zeros: "12", "12.5", "-0.25". */
static void put_num(struct fsr_buf *b, double v)
{
	long long k;
	int frac;

	/* Far beyond any page, and within what llround() and -k can
	 * hold. */
	if (!isfinite(v))
		v = 0;
	else if (v > 1e15)
		v = 1e15;
	else if (v < -1e15)
		v = -1e15;
	k = llround(v * 100);
	if (k < 0) {
		fsr_buf_addc(b, '-');
		k = -k;
	}
	frac = (int)(k % 100);
	fsr_buf_add_size(b, (size_t)(k / 100));
	if (frac) {
		fsr_buf_addc(b, '.');
		fsr_buf_addc(b, (char)('0' + frac / 10));
		if (frac % 10)
			fsr_buf_addc(b, (char)('0' + frac % 10));
	}
}

/* ' name="v"' */
static void attr(struct fsr_buf *b, const char *name, double v)
{
	fsr_buf_addc(b, ' ');
	fsr_buf_adds(b, name);
	fsr_buf_adds(b, "=\"");
	put_num(b, v);
	fsr_buf_addc(b, '"');
}

static void colour(struct fsr_buf *b, const char *name, enum fsr_ink ink)
{
	unsigned long c = fsr_ink_rgb[ink];
	int i;

	fsr_buf_addc(b, ' ');
	fsr_buf_adds(b, name);
	fsr_buf_adds(b, "=\"#");
	for (i = 20; i >= 0; i -= 4)
		fsr_buf_addc(b, hex[(c >> i) & 15]);
	fsr_buf_addc(b, '"');
}

/* The outline of a shape that has one. */
static void edge(struct fsr_buf *b, const struct fsr_shape *s,
		 enum fsr_ink fallback)
{
	colour(b, "stroke", s->edge != FSR_INK_NONE ? s->edge : fallback);
	attr(b, "stroke-width", s->lw);
}

/* An axis-aligned edge v (absolute px) on the pixel grid, as Cairo's
 * PNG has it (backend/draw.c). */
static double snap(double v, double lw)
{
	long w = lround(fabs(lw));

	return w % 2 ? floor(v) + 0.5 : round(v);
}

/* Text content: & < > as entities, bytes that are not UTF-8 as U+FFFD,
 * then the controls XML cannot hold escaped (lib/escape.c). */
static void put_text(struct fsr_buf *b, const char *text, struct fsr_buf *t)
{
	const unsigned char *p = (const unsigned char *)text;

	fsr_buf_reset(t);
	while (*p) {
		size_t n = 0, i;

		if (*p == '&' || *p == '<' || *p == '>') {
			fsr_buf_adds(t, *p == '&' ? "&amp;" :
					*p == '<' ? "&lt;" : "&gt;");
			p++;
			continue;
		}
		if (*p < 0x80)
			n = 1;
		else if (*p >= 0xc2 && *p <= 0xdf)
			n = 2;
		else if (*p >= 0xe0 && *p <= 0xef)
			n = 3;
		else if (*p >= 0xf0 && *p <= 0xf4)
			n = 4;
		for (i = 1; i < n; i++)
			if ((p[i] & 0xc0) != 0x80)
				n = 0;
		if (n == 3 && ((p[0] == 0xe0 && p[1] < 0xa0) ||
			       (p[0] == 0xed && p[1] >= 0xa0)))
			n = 0; /* overlong, or a surrogate */
		if (n == 4 && ((p[0] == 0xf0 && p[1] < 0x90) ||
			       (p[0] == 0xf4 && p[1] >= 0x90)))
			n = 0;
		if (!n) {
			fsr_buf_adds(t, "\xef\xbf\xbd");
			p++;
			continue;
		}
		fsr_buf_add(t, (const char *)p, n);
		p += n;
	}
	fsr_escape(b, t->buf, t->len, FSR_ESC_XML);
}

static void text(struct fsr_buf *b, const struct fsr_shape *s, double y0,
		 const double *baseline, struct fsr_buf *tmp)
{
	fsr_buf_adds(b, "<text");
	attr(b, "x", s->x);
	attr(b, "y", y0 + s->y + baseline[s->font]);
	fsr_buf_addf(b, " class=\"f%d\"", (int)s->font);
	colour(b, "fill", s->ink);
	fsr_buf_addc(b, '>');
	put_text(b, s->text, tmp);
	fsr_buf_adds(b, "</text>\n");
}

static void rect(struct fsr_buf *b, const struct fsr_shape *s, double y0)
{
	double x1 = snap(s->x, 1), y1 = snap(y0 + s->y, 1);
	double x2 = snap(s->x + s->w, 1), y2 = snap(y0 + s->y + s->h, 1);

	fsr_buf_adds(b, "<rect");
	attr(b, "x", x1);
	attr(b, "y", y1);
	attr(b, "width", x2 - x1);
	attr(b, "height", y2 - y1);
	colour(b, "fill", s->ink);
	if (s->edge != FSR_INK_NONE)
		edge(b, s, s->edge);
	fsr_buf_adds(b, "/>\n");
}

static void line(struct fsr_buf *b, const struct fsr_shape *s, double y0)
{
	double x1 = s->x, y1 = y0 + s->y;
	double x2 = s->x + s->w, y2 = y0 + s->y + s->h;

	if (s->w == 0)
		x1 = x2 = snap(x1, s->lw);
	if (s->h == 0)
		y1 = y2 = snap(y1, s->lw);
	fsr_buf_adds(b, "<line");
	attr(b, "x1", x1);
	attr(b, "y1", y1);
	attr(b, "x2", x2);
	attr(b, "y2", y2);
	colour(b, "stroke", s->ink);
	attr(b, "stroke-width", s->lw);
	if (s->dashed)
		fsr_buf_adds(b, " stroke-dasharray=\"3 3\"");
	fsr_buf_adds(b, "/>\n");
}

/* A closed path through n points (x, y pairs, chart coordinates). */
static void polygon(struct fsr_buf *b, const struct fsr_shape *s, double y0,
		    const double *pt, size_t n, int outlined)
{
	size_t i;

	fsr_buf_adds(b, "<path d=\"");
	for (i = 0; i < n; i++) {
		fsr_buf_addc(b, i ? 'L' : 'M');
		put_num(b, pt[2 * i]);
		fsr_buf_addc(b, ' ');
		put_num(b, y0 + pt[2 * i + 1]);
	}
	fsr_buf_adds(b, "Z\"");
	colour(b, "fill", s->ink);
	if (outlined)
		edge(b, s, s->ink);
	fsr_buf_adds(b, "/>\n");
}

/* A path: an open line through its points, or a filled polygon; its
 * opacity when it has one. */
static void path(struct fsr_buf *b, const struct fsr_shape *s, double y0)
{
	size_t i;

	if (s->n_pts < 2)
		return;
	fsr_buf_adds(b, "<path d=\"");
	for (i = 0; i < s->n_pts; i++) {
		fsr_buf_addc(b, i ? 'L' : 'M');
		put_num(b, s->pts[2 * i]);
		fsr_buf_addc(b, ' ');
		put_num(b, y0 + s->pts[2 * i + 1]);
	}
	fsr_buf_adds(b, s->closed ? "Z\"" : "\"");
	if (s->closed) {
		colour(b, "fill", s->ink);
		if (s->alpha > 0 && s->alpha < 1)
			attr(b, "fill-opacity", s->alpha);
	} else {
		fsr_buf_adds(b, " fill=\"none\"");
		colour(b, "stroke", s->ink);
		attr(b, "stroke-width", s->lw);
		fsr_buf_adds(b, " stroke-linejoin=\"round\"");
		if (s->alpha > 0 && s->alpha < 1)
			attr(b, "stroke-opacity", s->alpha);
		if (s->dashed)
			fsr_buf_adds(b, " stroke-dasharray=\"3 3\"");
	}
	fsr_buf_adds(b, "/>\n");
}

static void shape(struct fsr_buf *b, const struct fsr_shape *s, double y0,
		  const double *baseline, struct fsr_buf *tmp)
{
	double pt[8];

	switch (s->kind) {
	case FSR_SHAPE_TEXT:
		text(b, s, y0, baseline, tmp);
		break;
	case FSR_SHAPE_RECT:
		rect(b, s, y0);
		break;
	case FSR_SHAPE_LINE:
		line(b, s, y0);
		break;
	case FSR_SHAPE_DOT:
		fsr_buf_adds(b, "<circle");
		attr(b, "cx", s->x);
		attr(b, "cy", y0 + s->y);
		attr(b, "r", s->w);
		colour(b, "fill", s->ink);
		edge(b, s, s->ink);
		fsr_buf_adds(b, "/>\n");
		break;
	case FSR_SHAPE_ARROW:
		pt[0] = s->x, pt[1] = s->y;
		pt[2] = s->x + s->w, pt[3] = s->y + s->h / 2;
		pt[4] = s->x, pt[5] = s->y + s->h;
		polygon(b, s, y0, pt, 3, 0);
		break;
	case FSR_SHAPE_BAND:
		pt[0] = s->x, pt[1] = s->y;
		pt[2] = s->x + s->w, pt[3] = s->y2;
		pt[4] = s->x + s->w, pt[5] = s->y2 + s->h2;
		pt[6] = s->x, pt[7] = s->y + s->h;
		polygon(b, s, y0, pt, 4, 0);
		break;
	case FSR_SHAPE_PATH:
		path(b, s, y0);
		break;
	case FSR_SHAPE_DIAMOND:
		pt[0] = s->x + s->w / 2, pt[1] = s->y;
		pt[2] = s->x + s->w, pt[3] = s->y + s->h / 2;
		pt[4] = s->x + s->w / 2, pt[5] = s->y + s->h;
		pt[6] = s->x, pt[7] = s->y + s->h / 2;
		polygon(b, s, y0, pt, 4, 1);
		break;
	}
}

/* One class per font: the family and sizes the layout measured with
 * (fonts.h); white space kept as Pango draws it. */
static void style(struct fsr_buf *b)
{
	int i;

	fsr_buf_adds(b, "<style type=\"text/css\">text{font-family:'"
			FSR_FONT_FAMILY "';white-space:pre}");
	for (i = 0; i < FSR_N_FONTS; i++) {
		fsr_buf_addf(b, ".f%d{font-size:", i);
		put_num(b, fsr_font_specs[i].px);
		fsr_buf_addf(b, "px;font-weight:%s}",
			     fsr_font_specs[i].bold ? "bold" : "normal");
	}
	fsr_buf_adds(b, "</style>\n");
}

void fsr_svg_page(const struct fsr_page *p,
		  const double baseline[FSR_N_FONTS], struct fsr_buf *out)
{
	struct fsr_buf tmp = FSR_BUF_INIT;
	size_t i, j;

	fsr_buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
			  "<svg xmlns=\"http://www.w3.org/2000/svg\" "
			  "version=\"1.1\" xml:space=\"preserve\"");
	fsr_buf_adds(out, " width=\"");
	put_num(out, p->width);
	fsr_buf_adds(out, "px\" height=\"");
	put_num(out, p->height);
	fsr_buf_adds(out, "px\" viewBox=\"0 0 ");
	put_num(out, p->width);
	fsr_buf_addc(out, ' ');
	put_num(out, p->height);
	fsr_buf_adds(out, "\">\n");
	style(out);
	fsr_buf_adds(out, "<rect x=\"0\" y=\"0\"");
	attr(out, "width", p->width);
	attr(out, "height", p->height);
	colour(out, "fill", FSR_INK_BACKGROUND);
	fsr_buf_adds(out, "/>\n");
	for (i = 0; i < p->n_charts; i++) {
		const struct fsr_chart *c = &p->charts[i];

		for (j = 0; j < c->n_shapes; j++)
			shape(out, &c->shapes[j], c->y0, baseline, &tmp);
	}
	fsr_buf_adds(out, "</svg>\n");
	fsr_buf_release(&tmp);
}
