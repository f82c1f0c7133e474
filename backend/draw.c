/*
 * draw.c - the chart module's drawing (render/charts/backend.h): the shapes of
 * a laid-out page with Cairo, into an SVG or PNG stream. One function
 * makes the surface for a format and one finishes it (rrdtool's
 * graph_cairo_setup/finish): SVG 1.1 through
 * cairo_svg_surface_create_for_stream, PNG through an image surface and
 * fsr_png_write() (png.c: Cairo's own PNG writer compresses at a fixed,
 * slow level).
 *
 * Output is deterministic: no dates, no random ids; Cairo numbers its
 * SVG glyphs and surfaces in drawing order and writes no time into PNG.
 *
 * Built with -fvisibility=hidden: fsr_backend_entry() is the module's
 * one exported symbol, and nothing here calls fsreport's own code.
 */
#include "backend-internal.h"

#include <cairo-svg.h>
#include <math.h>
#include <pango/pango.h>
#include <stdio.h>
#include <string.h>

/* What one drawing works with. */
struct pen {
	cairo_t *cr;
	struct fsr_text *t;
	const unsigned long *rgb; /* by ink, 0xRRGGBB */
};

static void set_ink(const struct pen *pn, enum fsr_ink ink)
{
	cairo_t *cr = pn->cr;
	unsigned long c = pn->rgb[ink];

	cairo_set_source_rgb(cr, (double)((c >> 16) & 0xFF) / 255,
			     (double)((c >> 8) & 0xFF) / 255,
			     (double)(c & 0xFF) / 255);
}

/* The ink at opacity alpha (0: opaque). */
static void set_ink_alpha(const struct pen *pn, enum fsr_ink ink,
			  double alpha)
{
	unsigned long c = pn->rgb[ink];

	if (!(alpha > 0 && alpha < 1)) {
		set_ink(pn, ink);
		return;
	}
	cairo_set_source_rgba(pn->cr, (double)((c >> 16) & 0xFF) / 255,
			      (double)((c >> 8) & 0xFF) / 255,
			      (double)(c & 0xFF) / 255, alpha);
}

/* Put an axis-aligned line edge on the device pixel grid, so one-pixel
 * lines stay sharp in a PNG: centres on .5 for odd widths. */
static double snap(cairo_t *cr, double v, int is_x, double lw)
{
	double x = is_x ? v : 0, y = is_x ? 0 : v, dw = lw, dh = 0;
	long w;

	cairo_user_to_device_distance(cr, &dw, &dh);
	w = lround(fabs(dw));
	cairo_user_to_device(cr, &x, &y);
	if (is_x)
		x = w % 2 ? floor(x) + 0.5 : round(x);
	else
		y = w % 2 ? floor(y) + 0.5 : round(y);
	cairo_device_to_user(cr, &x, &y);
	return is_x ? x : y;
}

/* Fill the path with the shape's ink, then outline it with its edge
 * (its ink when it has none). */
static void fill_and_outline(const struct pen *pn, const struct fsr_shape *s)
{
	set_ink(pn, s->ink);
	cairo_fill_preserve(pn->cr);
	set_ink(pn, s->edge != FSR_INK_NONE ? s->edge : s->ink);
	cairo_set_line_width(pn->cr, s->lw);
	cairo_stroke(pn->cr);
}

static void draw_shape(const struct pen *pn, const struct fsr_shape *s)
{
	cairo_t *cr = pn->cr;
	static const double dash[] = { 3, 3 };
	double x1, y1, x2, y2;
	size_t i;

	switch (s->kind) {
	case FSR_SHAPE_TEXT:
		set_ink(pn, s->ink);
		fsr_text_draw(pn->t, cr, s->font, s->text, s->x, s->y);
		break;
	case FSR_SHAPE_RECT:
		x1 = snap(cr, s->x, 1, 1);
		y1 = snap(cr, s->y, 0, 1);
		x2 = snap(cr, s->x + s->w, 1, 1);
		y2 = snap(cr, s->y + s->h, 0, 1);
		cairo_rectangle(cr, x1, y1, x2 - x1, y2 - y1);
		set_ink(pn, s->ink);
		if (s->edge != FSR_INK_NONE) {
			cairo_fill_preserve(cr);
			set_ink(pn, s->edge);
			cairo_set_line_width(cr, s->lw);
			cairo_stroke(cr);
		} else {
			cairo_fill(cr);
		}
		break;
	case FSR_SHAPE_LINE:
		x1 = s->x;
		y1 = s->y;
		x2 = s->x + s->w;
		y2 = s->y + s->h;
		if (s->w == 0)
			x1 = x2 = snap(cr, x1, 1, s->lw);
		if (s->h == 0)
			y1 = y2 = snap(cr, y1, 0, s->lw);
		cairo_move_to(cr, x1, y1);
		cairo_line_to(cr, x2, y2);
		cairo_set_line_width(cr, s->lw);
		cairo_set_dash(cr, dash, s->dashed ? 2 : 0, 0);
		set_ink(pn, s->ink);
		cairo_stroke(cr);
		cairo_set_dash(cr, dash, 0, 0);
		break;
	case FSR_SHAPE_DOT:
		cairo_new_sub_path(cr);
		cairo_arc(cr, s->x, s->y, s->w, 0, 2 * M_PI);
		fill_and_outline(pn, s);
		break;
	case FSR_SHAPE_ARROW:
		cairo_move_to(cr, s->x, s->y);
		cairo_line_to(cr, s->x + s->w, s->y + s->h / 2);
		cairo_line_to(cr, s->x, s->y + s->h);
		cairo_close_path(cr);
		set_ink(pn, s->ink);
		cairo_fill(cr);
		break;
	case FSR_SHAPE_BAND:
		cairo_move_to(cr, s->x, s->y);
		cairo_line_to(cr, s->x + s->w, s->y2);
		cairo_line_to(cr, s->x + s->w, s->y2 + s->h2);
		cairo_line_to(cr, s->x, s->y + s->h);
		cairo_close_path(cr);
		set_ink(pn, s->ink);
		cairo_fill(cr);
		break;
	case FSR_SHAPE_PATH:
		if (s->n_pts < 2)
			break;
		cairo_move_to(cr, s->pts[0], s->pts[1]);
		for (i = 1; i < s->n_pts; i++)
			cairo_line_to(cr, s->pts[2 * i], s->pts[2 * i + 1]);
		set_ink_alpha(pn, s->ink, s->alpha);
		if (s->closed) {
			cairo_close_path(cr);
			cairo_fill(cr);
			break;
		}
		cairo_set_line_width(cr, s->lw);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo_set_dash(cr, dash, s->dashed ? 2 : 0, 0);
		cairo_stroke(cr);
		cairo_set_dash(cr, dash, 0, 0);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
		break;
	case FSR_SHAPE_DIAMOND:
		cairo_move_to(cr, s->x + s->w / 2, s->y);
		cairo_line_to(cr, s->x + s->w, s->y + s->h / 2);
		cairo_line_to(cr, s->x + s->w / 2, s->y + s->h);
		cairo_line_to(cr, s->x, s->y + s->h / 2);
		cairo_close_path(cr);
		fill_and_outline(pn, s);
		break;
	}
}

static void draw_page(const struct pen *pn, const struct fsr_page *p)
{
	cairo_t *cr = pn->cr;
	size_t i, j;

	set_ink(pn, FSR_INK_BACKGROUND);
	cairo_rectangle(cr, 0, 0, p->width, p->height);
	cairo_fill(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	for (i = 0; i < p->n_charts; i++) {
		const struct fsr_chart *c = &p->charts[i];

		cairo_save(cr);
		cairo_translate(cr, 0, c->y0);
		for (j = 0; j < c->n_shapes; j++)
			draw_shape(pn, &c->shapes[j]);
		cairo_restore(cr);
	}
}

struct stream {
	fsr_backend_write_fn write;
	void *closure;
	int failed;
};

static cairo_status_t write_stream(void *closure, const unsigned char *data,
				   unsigned int len)
{
	struct stream *s = closure;

	if (!s->failed && s->write(s->closure, data, len))
		s->failed = 1;
	return s->failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/* The one surface factory: w x h px of layout at scale (PNG only; an SVG
 * is vector and always w x h px). */
static cairo_surface_t *surface_open(enum fsr_backend_format f, double w,
				     double h, double scale,
				     struct stream *out)
{
	cairo_surface_t *s;

	if (f == FSR_BACKEND_SVG) {
		s = cairo_svg_surface_create_for_stream(write_stream, out, w,
							h);
		cairo_svg_surface_restrict_to_version(s,
						      CAIRO_SVG_VERSION_1_1);
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
		return s;
	}
	return cairo_image_surface_create(CAIRO_FORMAT_RGB24,
					  (int)ceil(w * scale),
					  (int)ceil(h * scale));
}

static enum fsr_backend_status failed(cairo_status_t st, char *err,
				      size_t errlen)
{
	snprintf(err, errlen, "%s", cairo_status_to_string(st));
	return st == CAIRO_STATUS_WRITE_ERROR ? FSR_BACKEND_EWRITE :
						FSR_BACKEND_EDRAW;
}

static enum fsr_backend_status surface_finish(enum fsr_backend_format f,
					      cairo_surface_t *s,
					      const char *software,
					      struct stream *out, char *err,
					      size_t errlen)
{
	cairo_status_t st = CAIRO_STATUS_SUCCESS;

	cairo_surface_flush(s);
	if (f == FSR_BACKEND_PNG &&
	    cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
		st = fsr_png_write(s, FSR_PNG_LEVEL, software, out->write,
				   out->closure);
		if (st == CAIRO_STATUS_WRITE_ERROR)
			out->failed = 1;
	}
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (out->failed)
		return FSR_BACKEND_EWRITE;
	if (st != CAIRO_STATUS_SUCCESS)
		return failed(st, err, errlen);
	return FSR_BACKEND_OK;
}

/* Draw page p on s (at scale: a PNG's; an SVG's is 1). */
static cairo_status_t paint(cairo_surface_t *s, struct fsr_text *text,
			    const struct fsr_page *p, const unsigned long *rgb,
			    double scale)
{
	cairo_t *cr = cairo_create(s);
	cairo_status_t st;
	struct pen pn;

	if (scale != 1)
		cairo_scale(cr, scale, scale);
	pn.cr = cr;
	pn.t = text;
	pn.rgb = rgb;
	draw_page(&pn, p);
	st = cairo_status(cr);
	cairo_destroy(cr);
	return st;
}

cairo_surface_t *fsr_draw_image(struct fsr_text *text,
				const struct fsr_page *p,
				const unsigned long *rgb, double scale)
{
	cairo_surface_t *s = surface_open(FSR_BACKEND_PNG, p->width,
					  p->height, scale, NULL);

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS ||
	    paint(s, text, p, rgb, scale) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return NULL;
	}
	cairo_surface_flush(s);
	return s;
}

static enum fsr_backend_status draw(void *text, const struct fsr_page *p,
				    const unsigned long *rgb,
				    enum fsr_backend_format f, double scale,
				    const char *software,
				    fsr_backend_write_fn write, void *closure,
				    char *err, size_t errlen)
{
	struct stream out = { write, closure, 0 };
	enum fsr_backend_status rc = FSR_BACKEND_OK;
	cairo_status_t st;
	cairo_surface_t *s;

	err[0] = '\0';
	s = surface_open(f, p->width, p->height, scale, &out);
	st = paint(s, text, p, rgb, f == FSR_BACKEND_PNG ? scale : 1);
	if (st != CAIRO_STATUS_SUCCESS)
		rc = failed(st, err, errlen);
	if (rc) {
		cairo_surface_destroy(s);
		return rc;
	}
	return surface_finish(f, s, software, &out, err, errlen);
}

__attribute__((visibility("default")))
const struct fsr_backend *fsr_backend_entry(void)
{
	static char versions[64];
	static struct fsr_backend be = {
		FSR_BACKEND_ABI,     sizeof(struct fsr_page),
		sizeof(struct fsr_shape), versions,
		fsr_text_new,        fsr_text_free,
		fsr_text_measure,    fsr_text_baseline,
		draw,
	};

	if (!versions[0])
		snprintf(versions, sizeof(versions), "Cairo %s, Pango %s",
			 cairo_version_string(), pango_version_string());
	return &be;
}
