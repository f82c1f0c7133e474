/*
 * canvas.c - the shapes of a chart and the pieces every chart kind
 * uses: the shape builders, text measures, wrapped lines, heading,
 * caption and footnote, the page's charts, and the --debug-layout dump.
 */
#include "layout-internal.h"

#include <stdlib.h>
#include <string.h>

const char *fsr_ink_name(enum fsr_ink ink)
{
	static const char *const names[] = {
		[FSR_INK_NONE] = "none",
		[FSR_INK_BACKGROUND] = "background",
		[FSR_INK_HEADING] = "heading",
		[FSR_INK_TEXT] = "text",
		[FSR_INK_NOTE] = "note",
		[FSR_INK_AXIS] = "axis",
		[FSR_INK_GRID] = "grid",
		[FSR_INK_EDGE] = "edge",
		[FSR_INK_WHISKER] = "whisker",
		[FSR_INK_HALO] = "halo",
		[FSR_INK_RUN] = "run",
		[FSR_INK_FAILED] = "failed",
		[FSR_INK_MISSING] = "missing",
		[FSR_INK_BETTER] = "better",
		[FSR_INK_WORSE] = "worse",
		[FSR_INK_SAME] = "same",
		[FSR_INK_NA] = "n/a",
		[FSR_INK_BAND] = "band",
		[FSR_INK_INTERVAL] = "interval",
		[FSR_INK_EQUAL] = "equal",
		[FSR_INK_NOT_WORSE] = "not-worse",
	};
	static const char *const sys[FSR_N_SYSTEM_INKS] = {
		"sys0", "sys1", "sys2", "sys3", "sys4", "sys5", "sys6", "sys7",
		"sys8", "sys9", "sys10", "sys11", "sys12", "sys13", "sys14",
		"sys15", "sys16", "sys17", "sys18", "sys19", "sys20", "sys21",
		"sys22", "sys23", "sys24", "sys25", "sys26", "sys27", "sys28",
		"sys29", "sys30", "sys31", "sys32", "sys33",
	};

	if (ink >= FSR_INK_SYSTEM && ink < FSR_N_INKS)
		return sys[ink - FSR_INK_SYSTEM];
	if ((size_t)ink < sizeof(names) / sizeof(names[0]) && names[ink])
		return names[ink];
	return "?";
}

/* ------------------------------------------------------------ shapes */

struct fsr_shape *fsr_canvas_shape(struct fsr_chart *c,
				   enum fsr_shape_kind k, const char *role,
				   long row, enum fsr_ink ink)
{
	struct fsr_shape *s;

	FSR_GROW(c->shapes, c->cap_shapes, c->n_shapes + 1);
	s = &c->shapes[c->n_shapes++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->role = role;
	s->row = row;
	s->ink = ink;
	s->edge = FSR_INK_NONE;
	s->lw = 1;
	return s;
}

static void text_size(struct fsr_lay *L, enum fsr_font f, const char *t,
		      double *w, double *h)
{
	L->measure(L->mctx, f, t, w, h);
}

double fsr_lay_text_w(struct fsr_lay *L, enum fsr_font f, const char *t)
{
	double w, h;

	text_size(L, f, t, &w, &h);
	return w;
}

double fsr_lay_line_h(struct fsr_lay *L, enum fsr_font f)
{
	double w, h;

	text_size(L, f, "Ag", &w, &h);
	return h;
}

struct fsr_shape *fsr_canvas_text(struct fsr_lay *L, struct fsr_chart *c,
				  const char *role, long row,
				  enum fsr_font f, enum fsr_ink ink, double x,
				  double y, enum fsr_align al, const char *t)
{
	struct fsr_shape *s = fsr_canvas_shape(c, FSR_SHAPE_TEXT, role, row, ink);
	double w, h;
	char *p;

	s->font = f;
	s->text = fsr_xstrdup(t);
	/* One line each: a newline or tab from the input is a space. */
	for (p = s->text; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	text_size(L, f, s->text, &w, &h);
	s->w = w;
	s->h = h;
	s->y = y;
	s->x = al == FSR_AL_LEFT ? x : al == FSR_AL_RIGHT ? x - w : x - w / 2;
	return s;
}

void fsr_canvas_line(struct fsr_chart *c, const char *role, long row,
		     enum fsr_ink ink, double x1, double y1, double x2,
		     double y2, double lw, int dashed)
{
	struct fsr_shape *s = fsr_canvas_shape(c, FSR_SHAPE_LINE, role, row, ink);

	s->x = x1;
	s->y = y1;
	s->w = x2 - x1;
	s->h = y2 - y1;
	s->lw = lw;
	s->dashed = dashed;
}

/* A filled shape with an edge at (x, y), w x h (a dot: r x r). */
static void filled(struct fsr_chart *c, enum fsr_shape_kind k,
		   const char *role, long row, enum fsr_ink ink,
		   enum fsr_ink edge, double x, double y, double w, double h)
{
	struct fsr_shape *s = fsr_canvas_shape(c, k, role, row, ink);

	s->edge = edge;
	s->x = x;
	s->y = y;
	s->w = w;
	s->h = h;
}

void fsr_canvas_rect(struct fsr_chart *c, const char *role, long row,
		     enum fsr_ink ink, enum fsr_ink edge, double x, double y,
		     double w, double h)
{
	filled(c, FSR_SHAPE_RECT, role, row, ink, edge, x, y, w, h);
}

void fsr_canvas_dot(struct fsr_chart *c, const char *role, long row,
		    enum fsr_ink ink, enum fsr_ink edge, double x, double y,
		    double r)
{
	filled(c, FSR_SHAPE_DOT, role, row, ink, edge, x, y, r, r);
}

struct fsr_shape *fsr_canvas_path(struct fsr_chart *c, const char *role,
				  long row, enum fsr_ink ink, size_t n)
{
	struct fsr_shape *s = fsr_canvas_shape(c, FSR_SHAPE_PATH, role, row,
					       ink);

	s->pts = fsr_xcalloc(2 * n, sizeof(*s->pts));
	return s;
}

double fsr_canvas_key(struct fsr_lay *L, struct fsr_chart *c,
		      const char *role, const char *label_role,
		      const size_t *sys, size_t n, double lw, double y)
{
	const struct fsr_report *r = L->v->report;
	double x = MARGIN, lh = fsr_lay_line_h(L, FSR_FONT_NOTE);
	size_t i;

	for (i = 0; i < n; i++) {
		const char *label = r->systems[sys[i]].label;
		double w = 22 + fsr_lay_text_w(L, FSR_FONT_NOTE, label);

		if (x > MARGIN && x + w > L->W - MARGIN) {
			x = MARGIN;
			y += lh + 2;
		}
		fsr_canvas_line(c, role, (long)sys[i], fsr_system_ink(sys[i]),
				x, y + lh / 2, x + 16, y + lh / 2, lw, 0);
		fsr_canvas_text(L, c, label_role, (long)sys[i], FSR_FONT_NOTE,
				FSR_INK_TEXT, x + 20, y, FSR_AL_LEFT, label);
		x += w + 14;
	}
	return y + lh;
}

void fsr_lines_release(struct fsr_lines *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		free(ls->l[i]);
	free(ls->l);
	memset(ls, 0, sizeof(*ls));
}

void fsr_row_text_release(struct fsr_row_text *t)
{
	fsr_lines_release(&t->label);
	fsr_lines_release(&t->sub);
	free(t->value);
	free(t->value2);
	memset(t, 0, sizeof(*t));
}

static void widen_to(double *w, double x)
{
	if (x > *w)
		*w = x;
}

void fsr_row_text_widen(struct fsr_lay *L, const struct fsr_row_text *t,
			double *col, double *vcol, int values)
{
	widen_to(col, fsr_lay_lines_w(L, &t->label, FSR_FONT_LABEL));
	widen_to(col, fsr_lay_lines_w(L, &t->sub, FSR_FONT_NOTE));
	if (!values)
		return;
	widen_to(vcol, fsr_lay_text_w(L, FSR_FONT_VALUE, t->value));
	widen_to(vcol, fsr_lay_text_w(L, FSR_FONT_NOTE, t->value2));
}

void fsr_row_text_values(struct fsr_lay *L, struct fsr_chart *c, long row,
			 const struct fsr_row_text *t, enum fsr_ink ink,
			 double x, double mid, double vh, double nh)
{
	fsr_canvas_text(L, c, "value", row, FSR_FONT_VALUE, ink, x,
			mid - (vh + nh) / 2, FSR_AL_LEFT, t->value);
	fsr_canvas_text(L, c, "interval-text", row, FSR_FONT_NOTE,
			FSR_INK_TEXT, x, mid - (vh + nh) / 2 + vh,
			FSR_AL_LEFT, t->value2);
}

void fsr_lay_wrap(struct fsr_lay *L, struct fsr_lines *ls, enum fsr_font f,
		  const char *t, double max_w, size_t max_lines)
{
	fsr_layout_wrap(L->measure, L->mctx, f, t, max_w, max_lines, &ls->l,
			&ls->n, &ls->cap);
}

double fsr_lay_lines_w(struct fsr_lay *L, const struct fsr_lines *ls,
		      enum fsr_font f)
{
	double w = 0;
	size_t i;

	for (i = 0; i < ls->n; i++) {
		double x = fsr_lay_text_w(L, f, ls->l[i]);

		if (x > w)
			w = x;
	}
	return w;
}

/* Place lines one under another from y; returns the y below them. */
double fsr_canvas_lines(struct fsr_lay *L, struct fsr_chart *c,
			const char *role, long row, enum fsr_font f,
			enum fsr_ink ink, double x, double y, enum fsr_align al,
			const struct fsr_lines *ls)
{
	double h = fsr_lay_line_h(L, f);
	size_t i;

	for (i = 0; i < ls->n; i++) {
		fsr_canvas_text(L, c, role, row, f, ink, x, y, al, ls->l[i]);
		y += h;
	}
	return y;
}

/* ------------------------------------------------------------ pieces */

/* Title (wrapped to 2 lines) and subtitle (the description, split at
 * '|' as PTS does, each part up to 2 lines). Returns the y below. */
double fsr_canvas_heading(struct fsr_lay *L, struct fsr_chart *c,
			  const char *title, const char *subtitle, double y)
{
	double max_w = L->W - 2 * MARGIN;
	struct fsr_lines ls = { 0 };
	const char *p;

	fsr_lay_wrap(L, &ls, FSR_FONT_TITLE, title, max_w, 2);
	y = fsr_canvas_lines(L, c, "title", -1, FSR_FONT_TITLE, FSR_INK_HEADING,
		      MARGIN, y, FSR_AL_LEFT, &ls);
	fsr_lines_release(&ls);
	for (p = subtitle; p && *p;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		char *part = fsr_xstrndup(p, len);

		fsr_lay_wrap(L, &ls, FSR_FONT_SUBTITLE, part, max_w, 2);
		y = fsr_canvas_lines(L, c, "subtitle", -1, FSR_FONT_SUBTITLE,
			      FSR_INK_HEADING, MARGIN, y, FSR_AL_LEFT, &ls);
		fsr_lines_release(&ls);
		free(part);
		p += len + (bar ? 1 : 0);
	}
	return y;
}

/* The caption above the plot: a small arrow, then the text. */
double fsr_canvas_caption(struct fsr_lay *L, struct fsr_chart *c, double x,
			  double y, const char *t)
{
	double h = fsr_lay_line_h(L, FSR_FONT_CAPTION);
	struct fsr_shape *s;

	struct fsr_lines ls = { 0 };

	s = fsr_canvas_shape(c, FSR_SHAPE_ARROW, "caption-mark", -1,
		      FSR_INK_TEXT);
	s->x = x;
	s->y = y + h / 2 - 4;
	s->w = 7;
	s->h = 8;
	fsr_lay_wrap(L, &ls, FSR_FONT_CAPTION, t, L->W - MARGIN - x - 10, 1);
	fsr_canvas_lines(L, c, "caption", -1, FSR_FONT_CAPTION, FSR_INK_TEXT,
		  x + 10, y, FSR_AL_LEFT, &ls);
	fsr_lines_release(&ls);
	return y + h;
}

/* A footnote block across the chart; returns the y below. */
double fsr_canvas_footnote(struct fsr_lay *L, struct fsr_chart *c,
			   const char *t, double y)
{
	struct fsr_lines ls = { 0 };

	/* the notes of marked cells are never cut short (issue 31, rule
	 * 7: flagged in the text, flagged everywhere, with the note):
	 * show's charts name each marked cell's note, as many as there are
	 * marked cells, so the bound is only against runaway text */
	fsr_lay_wrap(L, &ls, FSR_FONT_NOTE, t, L->W - 2 * MARGIN, 64);
	y = fsr_canvas_lines(L, c, "footnote", -1, FSR_FONT_NOTE, FSR_INK_NOTE,
		      MARGIN, y, FSR_AL_LEFT, &ls);
	fsr_lines_release(&ls);
	return y;
}

/* ------------------------------------------------------------ page */

struct fsr_chart *fsr_canvas_new_chart(struct fsr_page *p)
{
	struct fsr_chart *c;

	FSR_GROW(p->charts, p->cap_charts, p->n_charts + 1);
	c = &p->charts[p->n_charts++];
	memset(c, 0, sizeof(*c));
	c->result = -1;
	c->width = p->width;
	c->scale.div = 1;
	return c;
}

void fsr_page_release(struct fsr_page *p)
{
	size_t i, j;

	for (i = 0; i < p->n_charts; i++) {
		struct fsr_chart *c = &p->charts[i];

		for (j = 0; j < c->n_shapes; j++) {
			free(c->shapes[j].text);
			free(c->shapes[j].pts);
		}
		free(c->shapes);
	}
	free(p->charts);
	memset(p, 0, sizeof(*p));
}

/* ------------------------------------------------------------ dump */

static void dump_num(struct fsr_buf *b, const char *name, double x)
{
	fsr_buf_addf(b, " %s=", name);
	fsr_buf_add_fixed(b, x, 1);
}

void fsr_layout_dump(const struct fsr_page *p, struct fsr_buf *out)
{
	static const char *const kinds[] = { "text", "rect", "line", "dot",
					     "arrow", "diamond", "band",
					     "path" };
	static const char *const chart_kinds[] = { "bars", "passfail",
						   "note", "changes",
						   "overview", "trend" };
	size_t i, j;

	fsr_buf_adds(out, "page");
	dump_num(out, "w", p->width);
	dump_num(out, "h", p->height);
	fsr_buf_addf(out, " charts=%zu\n", p->n_charts);
	for (i = 0; i < p->n_charts; i++) {
		const struct fsr_chart *c = &p->charts[i];

		fsr_buf_addf(out, "chart %zu %s", i + 1,
			     chart_kinds[c->kind]);
		if (c->result >= 0)
			fsr_buf_addf(out, " result=%ld", c->result + 1);
		dump_num(out, "y0", c->y0);
		dump_num(out, "w", c->width);
		dump_num(out, "h", c->height);
		fsr_buf_adds(out, "\n");
		if (c->has_axis) {
			fsr_buf_adds(out, "  axis lo=");
			fsr_buf_add_double(out, c->axis.lo);
			fsr_buf_adds(out, " hi=");
			fsr_buf_add_double(out, c->axis.hi);
			fsr_buf_adds(out, " step=");
			fsr_buf_add_double(out, c->axis.step);
			fsr_buf_adds(out, " ticks=");
			for (j = 0; j < c->axis.n_ticks; j++) {
				if (j)
					fsr_buf_addc(out, ',');
				fsr_buf_add_double(out, c->axis.ticks[j]);
			}
			if (c->log_ratio)
				fsr_buf_adds(out, " log-ratio");
			fsr_buf_addf(out, " unit=\"%s\" div=", c->scale.unit);
			fsr_buf_add_double(out, c->scale.div);
			fsr_buf_addf(out, " suffix=\"%s\"\n", c->scale.suffix);
			fsr_buf_adds(out, "  plot");
			dump_num(out, "x", c->plot_x);
			dump_num(out, "y", c->plot_y);
			dump_num(out, "w", c->plot_w);
			dump_num(out, "h", c->plot_h);
			fsr_buf_adds(out, "\n");
		}
		for (j = 0; j < c->n_shapes; j++) {
			const struct fsr_shape *s = &c->shapes[j];

			fsr_buf_addf(out, "  %s %s", kinds[s->kind], s->role);
			if (s->row >= 0)
				fsr_buf_addf(out, " row=%ld", s->row + 1);
			fsr_buf_addf(out, " ink=%s", fsr_ink_name(s->ink));
			if (s->edge != FSR_INK_NONE)
				fsr_buf_addf(out, " edge=%s",
					     fsr_ink_name(s->edge));
			dump_num(out, "x", s->x);
			dump_num(out, "y", s->y);
			if (s->kind == FSR_SHAPE_DOT) {
				dump_num(out, "r", s->w);
			} else {
				dump_num(out, "w", s->w);
				dump_num(out, "h", s->h);
			}
			if (s->kind == FSR_SHAPE_BAND) {
				dump_num(out, "y2", s->y2);
				dump_num(out, "h2", s->h2);
			}
			if (s->kind == FSR_SHAPE_LINE ||
			    (s->kind == FSR_SHAPE_PATH && !s->closed))
				dump_num(out, "lw", s->lw);
			if (s->kind == FSR_SHAPE_PATH) {
				size_t k;

				fsr_buf_addf(out, " %s=%zu", s->closed ?
					     "polygon" : "points", s->n_pts);
				for (k = 0; k < s->n_pts; k++) {
					fsr_buf_adds(out, k ? " " : " (");
					fsr_buf_add_fixed(out, s->pts[2 * k],
							  1);
					fsr_buf_addc(out, ',');
					fsr_buf_add_fixed(out,
							  s->pts[2 * k + 1],
							  1);
				}
				fsr_buf_adds(out, s->n_pts ? ")" : "");
			}
			if (s->alpha > 0 && s->alpha < 1) {
				fsr_buf_adds(out, " alpha=");
				fsr_buf_add_fixed(out, s->alpha, 2);
			}
			if (s->dashed)
				fsr_buf_adds(out, " dashed");
			if (s->kind == FSR_SHAPE_TEXT)
				fsr_buf_addf(out, " font=%s \"%s\"",
					     fsr_font_specs[s->font].name,
					     s->text);
			fsr_buf_adds(out, "\n");
		}
	}
}
