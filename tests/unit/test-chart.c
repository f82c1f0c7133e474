/*
 * test-chart.c - the svg and png renderers (render/charts/chart.c, svg.c,
 * backend/):
 * every SVG parses with libxml2 (no network), every PNG reads back with
 * Cairo at the expected size and is not blank, the same input gives the
 * same bytes, the PNG encoder gives Cairo's own writer's pixels (both
 * decoded by libpng), text measured by characters and pairs is as wide
 * as through a PangoLayout (every string of the corpus charts, random
 * ones), write errors and oversized PNGs are errors, and with the
 * real fonts (Pango) no text of a corpus chart overlaps another.
 */
#include "backend/backend-internal.h"
#include "render/charts/layout.h"
#include "importers/importer.h"
#include "tap.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <glib.h>
#include <png.h>
#include <stdlib.h>

struct rep {
	struct fsr_report *r;
	struct fsr_stats *s;
	struct fsr_comparison *c;
	struct fsr_view v;
};

static int load(struct rep *t, const char *const *paths, size_t n)
{
	const struct fsr_importer *imp = fsr_importer_find("pts");
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_compare_opts co;
	struct fsr_diag d;
	size_t i;

	memset(t, 0, sizeof(*t));
	t->r = fsr_report_new();
	for (i = 0; i < n; i++) {
		struct fsr_report *scratch = fsr_report_new();
		struct fsr_import_ctx ctx;
		char label[16];
		size_t rs;

		snprintf(label, sizeof(label), "run-%zu", i + 1);
		rs = fsr_report_add_runset(t->r, label, paths[i], 1);
		memset(&ctx, 0, sizeof(ctx));
		ctx.path = paths[i];
		fsr_report_add_runset(scratch, label, paths[i], 1);
		if (imp->import(&ctx, paths[i], scratch, &d)) {
			printf("# %s: %s\n", paths[i], d.msg);
			fsr_report_free(scratch);
			return -1;
		}
		fsr_report_merge(t->r, rs, scratch);
	}
	fsr_report_finish_labels(t->r);
	t->s = fsr_analyze(t->r, &ao, &d);
	memset(&co, 0, sizeof(co));
	co.confidence = 0.95;
	co.alpha = 0.05;
	co.min_change = 1;
	co.boot_b = 1000;
	co.seed = 1;
	t->c = fsr_compare(t->r, t->s, &co, &d);
	t->v.report = t->r;
	t->v.stats = t->s;
	t->v.cmp = t->c;
	t->v.command = FSR_CMD_COMPARE;
	return t->s && t->c ? 0 : -1;
}

static void release(struct rep *t)
{
	fsr_comparison_free(t->c);
	fsr_stats_free(t->s);
	fsr_report_free(t->r);
}

static int render(const char *name, const struct rep *t, double scale,
		  enum fsr_chart_part part, size_t result, struct fsr_buf *b)
{
	const struct fsr_renderer *r = fsr_renderer_find(name);
	struct fsr_render_opts o;
	struct fsr_sink sink;
	struct fsr_diag d;
	int rc;

	memset(&o, 0, sizeof(o));
	memset(&sink, 0, sizeof(sink));
	o.scale = scale;
	o.chart_part = part;
	o.chart_result = result;
	fsr_buf_reset(b);
	sink.buf = b;
	fsr_diag_clear(&d);
	rc = r->render(&t->v, &o, &sink, &d);
	if (rc)
		printf("# %s: %s\n", name, d.msg);
	return rc;
}

static int svg_ok(const struct fsr_buf *b, const char *what)
{
	xmlDocPtr doc = xmlReadMemory(b->buf, (int)b->len, "chart.svg", NULL,
				      XML_PARSE_NONET);
	xmlNodePtr root;
	xmlChar *w;
	int good;

	if (!doc) {
		printf("# %s: not well-formed XML\n", what);
		return 0;
	}
	root = xmlDocGetRootElement(doc);
	w = root ? xmlGetProp(root, (const xmlChar *)"width") : NULL;
	good = root && !strcmp((const char *)root->name, "svg") && w &&
	       !strcmp((const char *)w, "800px");
	if (!good)
		printf("# %s: root %s width %s\n", what,
		       root ? (const char *)root->name : "-",
		       w ? (const char *)w : "-");
	xmlFree(w);
	xmlFreeDoc(doc);
	return good;
}

struct reader {
	const struct fsr_buf *b;
	size_t off;
};

static cairo_status_t read_buf(void *closure, unsigned char *data,
			       unsigned int len)
{
	struct reader *r = closure;

	if (r->off + len > r->b->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->b->buf + r->off, len);
	r->off += len;
	return CAIRO_STATUS_SUCCESS;
}

/* Read the PNG back: its size, the share of non-white pixels, and how
 * many pixels have exactly the colour rgb. */
static int png_read(const struct fsr_buf *b, int *w, int *h,
		    double *inked, long *with_rgb, unsigned long rgb)
{
	struct reader rd = { b, 0 };
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(
		read_buf, &rd);
	unsigned char *px;
	long n = 0, x, y, stride;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return -1;
	}
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	px = cairo_image_surface_get_data(s);
	*with_rgb = 0;
	for (y = 0; y < *h; y++) {
		for (x = 0; x < *w; x++) {
			uint32_t p;

			memcpy(&p, px + y * stride + x * 4, 4);
			if ((p & 0xFFFFFF) != 0xFFFFFF)
				n++;
			if ((p & 0xFFFFFF) == rgb)
				(*with_rgb)++;
		}
	}
	*inked = (double)n / ((double)*w * *h);
	cairo_surface_destroy(s);
	return 0;
}

/* ------------------------------------------------ the PNG encoder */

static cairo_status_t to_buf_cairo(void *closure, const unsigned char *data,
				   unsigned int len)
{
	fsr_buf_add(closure, (const char *)data, len);
	return CAIRO_STATUS_SUCCESS;
}

static int to_buf(void *closure, const unsigned char *data, size_t len)
{
	fsr_buf_add(closure, (const char *)data, len);
	return 0;
}

/* A sink that takes `left` bytes, then fails every write. */
struct short_sink {
	size_t left;
	size_t calls;
};

static int to_short(void *closure, const unsigned char *data, size_t len)
{
	struct short_sink *k = closure;

	(void)data;
	k->calls++;
	if (len > k->left)
		return 1;
	k->left -= len;
	return 0;
}

/* A PNG decoded by libpng's own reader into 8-bit RGBA (malloc'd; NULL
 * when it does not decode); *w, *h its size, *alpha whether the file
 * has an alpha channel. */
static unsigned char *png_decode(const struct fsr_buf *b, int *w, int *h,
				 int *alpha)
{
	png_image im;
	unsigned char *px;

	memset(&im, 0, sizeof(im));
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&im, b->buf, b->len))
		return NULL;
	*alpha = (im.format & PNG_FORMAT_FLAG_ALPHA) != 0;
	im.format = PNG_FORMAT_RGBA;
	px = malloc(PNG_IMAGE_SIZE(im));
	if (!px || !png_image_finish_read(&im, NULL, px, 0, NULL)) {
		free(px);
		png_image_free(&im);
		return NULL;
	}
	*w = (int)im.width;
	*h = (int)im.height;
	return px;
}

/* Surface s written by Cairo's PNG writer and by fsr_png_write(): both
 * decode (libpng's reader) to the same pixels, of the same size and
 * channels. */
static void same_pixels_as_cairo(cairo_surface_t *s, const char *what)
{
	struct fsr_buf mine = FSR_BUF_INIT, theirs = FSR_BUF_INIT;
	unsigned char *a = NULL, *b = NULL;
	int wa = 0, ha = 0, wb = -1, hb = -1, aa = 0, ab = -1;

	is_int(cairo_surface_write_to_png_stream(s, to_buf_cairo, &theirs),
	       CAIRO_STATUS_SUCCESS, "%s: Cairo writes its PNG", what);
	is_int(fsr_png_write(s, FSR_PNG_LEVEL, NULL, to_buf, &mine),
	       CAIRO_STATUS_SUCCESS, "%s: fsr_png_write writes one", what);
	if (theirs.len)
		a = png_decode(&theirs, &wa, &ha, &aa);
	if (mine.len)
		b = png_decode(&mine, &wb, &hb, &ab);
	ok(a && b, "%s: both decode", what);
	ok(wa == wb && ha == hb && aa == ab,
	   "%s: same size and channels (%dx%d%s)", what, wb, hb,
	   ab ? ", alpha" : "");
	ok(a && b && wa == wb && ha == hb &&
		   !memcmp(a, b, (size_t)wa * (size_t)ha * 4),
	   "%s: every pixel the same as Cairo's (%zu bytes, Cairo's %zu)",
	   what, mine.len, theirs.len);
	free(a);
	free(b);
	fsr_buf_release(&mine);
	fsr_buf_release(&theirs);
}

static void test_png_encoder(const struct rep *t)
{
	void *tx = fsr_text_new(fsr_font_specs);
	struct fsr_layout_opts lo;
	struct fsr_page p;
	struct fsr_diag d;
	cairo_surface_t *s;
	cairo_t *cr;
	int i;

	memset(&lo, 0, sizeof(lo));
	lo.part = FSR_CHART_RESULT;
	fsr_layout_page(&t->v, &lo, fsr_text_measure, tx, &p, &d);
	s = fsr_draw_image(tx, &p, fsr_ink_rgb, 1);
	ok(s != NULL, "a result chart drawn on an image surface");
	if (s) {
		same_pixels_as_cairo(s, "result chart");
		cairo_surface_destroy(s);
	}
	s = fsr_draw_image(tx, &p, fsr_ink_rgb, 1.5);
	if (s) {
		same_pixels_as_cairo(s, "the same at scale 1.5");
		cairo_surface_destroy(s);
	}
	fsr_page_release(&p);
	fsr_text_free(tx);

	/* Translucent pixels (no chart has them yet): unpremultiplied
	 * as Cairo's writer does, fully transparent ones as 0,0,0,0. */
	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 40);
	cr = cairo_create(s);
	for (i = 0; i < 8; i++) {
		cairo_set_source_rgba(cr, i / 7.0, 0.3, 1 - i / 7.0,
				      (i + 1) / 9.0);
		cairo_rectangle(cr, i * 7.3, i * 3.1, 20.5, 17.25);
		cairo_fill(cr);
	}
	cairo_destroy(cr);
	same_pixels_as_cairo(s, "translucent ARGB32");
	cairo_surface_destroy(s);
	/* an opaque ARGB32 surface is written without alpha, as Cairo does */
	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 0.2, 0.4, 0.6);
	cairo_paint(cr);
	cairo_destroy(cr);
	same_pixels_as_cairo(s, "opaque ARGB32");
	{ /* libpng's error path (a longjmp): a write that fails at
	   * once, and one that fails in the pixels, with a text chunk
	   * set; nothing leaks (ASan) */
		struct short_sink k = { 0, 0 };
		struct fsr_buf whole = FSR_BUF_INIT;

		is_int(fsr_png_write(s, 1, "fsreport page 2 of 2", to_short,
				     &k),
		       CAIRO_STATUS_WRITE_ERROR,
		       "a write that fails: CAIRO_STATUS_WRITE_ERROR");
		ok(k.calls == 1, "and nothing written after it (%zu calls)",
		   k.calls);
		fsr_png_write(s, 1, "fsreport page 2 of 2", to_buf, &whole);
		k.left = whole.len - 20; /* IEND and part of IDAT */
		k.calls = 0;
		is_int(fsr_png_write(s, 1, "fsreport page 2 of 2", to_short,
				     &k),
		       CAIRO_STATUS_WRITE_ERROR,
		       "one that fails at the end (%zu bytes of %zu)",
		       whole.len - 20, whole.len);
		fsr_buf_release(&whole);
	}
	cairo_surface_destroy(s);
}

/* Cairo names an SVG's page group "surfaceN", N counting every surface
 * the process made; a second SVG in one process differs only there.
 * Blank the digits of that one id in both (rrdtool's "blank"):
 * the digits become one '#'. */
static void blank_surface_id(struct fsr_buf *b)
{
	char *p = strstr(b->buf, "<g id=\"surface"), *q;

	if (!p)
		return;
	p += strlen("<g id=\"surface");
	for (q = p; *q >= '0' && *q <= '9'; q++)
		;
	if (q == p)
		return;
	*p++ = '#';
	memmove(p, q, b->len + 1 - (size_t)(q - b->buf));
	b->len -= (size_t)(q - p);
}

static void same_but_surface_id(struct fsr_buf *a, struct fsr_buf *b)
{
	blank_surface_id(a);
	blank_surface_id(b);
}

static int text_overlaps(const struct fsr_page *p)
{
	size_t k, i, j;
	int bad = 0;

	for (k = 0; k < p->n_charts; k++) {
		const struct fsr_chart *c = &p->charts[k];

		for (i = 0; i < c->n_shapes; i++) {
			const struct fsr_shape *s = &c->shapes[i];

			if (s->kind != FSR_SHAPE_TEXT)
				continue;
			if (s->x < -0.01 || s->x + s->w > c->width + 0.01) {
				printf("# clipped: '%s'\n", s->text);
				bad++;
			}
			for (j = i + 1; j < c->n_shapes; j++) {
				const struct fsr_shape *t = &c->shapes[j];

				if (t->kind != FSR_SHAPE_TEXT ||
				    s->x + s->w <= t->x + 0.01 ||
				    t->x + t->w <= s->x + 0.01 ||
				    s->y + s->h <= t->y + 0.01 ||
				    t->y + t->h <= s->y + 0.01)
					continue;
				printf("# overlap: '%s' and '%s'\n", s->text,
				       t->text);
				bad++;
			}
		}
	}
	return bad;
}

/* ------------------------------------- text by characters and pairs */

/* Every string a layout measures (prefixes of wrapped text included),
 * once per font: "<font letter><text>" in a set. */
struct seen {
	void *tx;
	GHashTable *set;
};

static void record_measure(void *ctx, enum fsr_font font, const char *text,
			   double *w, double *h)
{
	struct seen *sn = ctx;

	g_hash_table_add(sn->set,
			 g_strdup_printf("%c%s", 'A' + (int)font, text));
	fsr_text_measure(sn->tx, font, text, w, h);
}

/* Measured by characters and pairs (text.c) and through a PangoLayout:
 * the same width and height, to the bit. 0 when they agree. */
static int measure_differs(void *tx, enum fsr_font font, const char *text)
{
	double w1, h1, w2, h2;

	fsr_text_measure(tx, font, text, &w1, &h1);
	fsr_text_measure_layout(tx, font, text, &w2, &h2);
	if (w1 == w2 && h1 == h2)
		return 0;
	printf("# font %d \"%s\": %.17g x %.17g, the layout %.17g x %.17g\n",
	       (int)font, text, w1, h1, w2, h2);
	return 1;
}

static void test_pairs_as_layout(struct seen *sn)
{
	/* printable ASCII and the symbols text.c knows, with spaces and
	 * digits more often, as in labels, and f, i and l often enough to
	 * make DejaVu's ligatures ff, fi, fl, ffi, ffl in every order */
	static const char *const alphabet[] = {
		" ", " ", "0", "1", "5", ".", "%", "+", "-", "f", "f", "fi",
		"ff", "fl", "ffi", "ffl", "i", "l", "\xc2\xa0",
		"\xc2\xb0", "\xc2\xb1", "\xc2\xb5", "\xc2\xb7",
		"\xc3\x97", "\xe2\x80\x93", "\xe2\x80\x94",
		"\xe2\x80\xa6", "\xe2\x86\x90", "\xe2\x86\x91",
		"\xe2\x86\x92", "\xe2\x86\x93", "\xe2\x88\x92",
	};
	GHashTableIter it;
	gpointer key;
	size_t n = 0, bad = 0, i, k;
	unsigned long x = 12345;
	char buf[256];

	g_hash_table_iter_init(&it, sn->set);
	while (g_hash_table_iter_next(&it, &key, NULL)) {
		const char *k2 = key;

		bad += (size_t)measure_differs(sn->tx,
					       (enum fsr_font)(k2[0] - 'A'),
					       k2 + 1);
		n++;
	}
	ok(n > 1000, "the corpus charts measure many strings (%zu)", n);
	is_int(bad, 0, "each as wide and high by pairs as by a layout");
	bad = 0;
	for (i = 0; i < 5000; i++) {
		size_t len = 1 + i % 48, at = 0;

		for (k = 0; k < len; k++) {
			const char *c;
			char one[2];

			x = x * 1103515245 + 12345;
			if ((x >> 16) % 3) {
				one[0] = (char)(' ' + (x >> 20) % 95);
				one[1] = '\0';
				c = one;
			} else {
				c = alphabet[(x >> 20) %
					     (sizeof(alphabet) /
					      sizeof(alphabet[0]))];
			}
			if (at + strlen(c) >= sizeof(buf))
				break;
			memcpy(buf + at, c, strlen(c));
			at += strlen(c);
		}
		buf[at] = '\0';
		bad += (size_t)measure_differs(sn->tx,
					       (enum fsr_font)(i % FSR_N_FONTS),
					       buf);
	}
	is_int(bad, 0, "5000 random strings of those characters: the same");
}

static void test_text(void)
{
	void *t = fsr_text_new(fsr_font_specs);
	double w1, h1, w2, h2, w3, h3;

	ok(t != NULL, "Pango set up");
	if (!t)
		return;
	fsr_text_measure(t, FSR_FONT_LABEL, "Defaults", &w1, &h1);
	fsr_text_measure(t, FSR_FONT_LABEL, "Defaults Defaults", &w2, &h2);
	fsr_text_measure(t, FSR_FONT_TITLE, "Defaults", &w3, &h3);
	ok(w1 > 30 && w1 < 80, "an 11 px word is 30-80 px wide (%g)", w1);
	ok(w2 > 2 * w1, "two words are wider than twice one (%g)", w2);
	is_double(h1, h2, 0, "one line height per font");
	ok(w3 > w1 && h3 > h1, "the title font is bigger");
	fsr_text_measure(t, FSR_FONT_NOTE, "", &w1, &h1);
	is_double(w1, 0, 0, "empty text has no width");
	fsr_text_free(t);
}

/* The pages of a paged --svg (fsr_render_chart_plan): every chart once,
 * the overview and the change chart first, each page's layout at most
 * max px (but a chart alone), and the page mark read back. */
static void test_plan(const struct rep *t)
{
	const struct fsr_report *r = t->v.report;
	size_t parts = fsr_render_change_parts(&t->v), i, k, res = 0;
	struct fsr_render_opts o;
	struct fsr_chart_plan pl;
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_sink sink;
	struct fsr_diag d;
	void *tx = fsr_text_new(fsr_font_specs);
	int good = 1, w, h;
	double inked;
	long blue;

	memset(&o, 0, sizeof(o));
	o.scale = 1;
	is_int(fsr_render_chart_plan(&t->v, &o, 1e9, &pl, &d), 0,
	       "plan: fits in one image");
	ok(pl.n_pages == 1 && pl.n_items == 0, "one page, no items: "
	   "FSR_CHART_ALL as ever");
	fsr_chart_plan_release(&pl);
	is_int(fsr_render_chart_plan(&t->v, &o, 1000, &pl, &d), 0,
	       "plan: pages of 1000 px");
	ok(pl.n_pages > 2, "%zu pages", pl.n_pages);
	is_int(pl.n_items, 1 + parts + r->n_results, "every chart an item");
	ok(pl.items[0].part == FSR_CHART_OVERVIEW, "the overview first");
	for (i = 0; i < parts; i++)
		good &= pl.items[1 + i].part == FSR_CHART_CHANGE &&
			pl.items[1 + i].index == i + 1;
	for (i = 0; i < r->n_results; i++)
		good &= pl.items[1 + parts + i].part == FSR_CHART_RESULT &&
			pl.items[1 + parts + i].index == i;
	ok(good, "then the change chart's parts, then each result in order");
	for (k = 0; k < pl.n_pages; k++) {
		size_t end = k + 1 < pl.n_pages ? pl.pages[k + 1] : pl.n_items;
		struct fsr_layout_opts lo;
		struct fsr_page p;

		memset(&lo, 0, sizeof(lo));
		lo.part = FSR_CHART_ITEMS;
		lo.items = pl.items + pl.pages[k];
		lo.n_items = end - pl.pages[k];
		if (fsr_layout_page(&t->v, &lo, fsr_text_measure, tx, &p,
				    &d) ||
		    (p.height > 1000 && lo.n_items > 1) ||
		    p.n_charts != lo.n_items) {
			printf("# page %zu: %.0f px, %zu charts\n", k + 1,
			       p.height, p.n_charts);
			good = 0;
		}
		if (pl.items[pl.pages[k]].part == FSR_CHART_RESULT && !res)
			res = k;
		fsr_page_release(&p);
	}
	ok(good, "each page at most 1000 px, a chart per item");
	ok(res > 0 && pl.items[pl.pages[res] - 1].part == FSR_CHART_CHANGE,
	   "the result charts start a page of their own (page %zu)",
	   res + 1);
	/* the mark */
	o.chart_part = FSR_CHART_ITEMS;
	o.chart_items = pl.items + pl.pages[res];
	o.n_chart_items = 1;
	o.page_mark = "2 of 3";
	memset(&sink, 0, sizeof(sink));
	sink.buf = &b;
	is_int(fsr_renderer_find("svg")->render(&t->v, &o, &sink, &d), 0,
	       "a marked SVG page");
	ok(svg_ok(&b, "marked page"), "it parses");
	ok(fsr_render_page_marked((const unsigned char *)b.buf, b.len),
	   "its mark reads back");
	ok(strstr(b.buf, "\n<!-- fsreport page 2 of 3 -->\n<svg ") != NULL,
	   "on the line after the XML declaration");
	fsr_buf_reset(&b);
	is_int(fsr_renderer_find("png")->render(&t->v, &o, &sink, &d), 0,
	       "a marked PNG page");
	ok(png_read(&b, &w, &h, &inked, &blue, 0x0072B2) == 0 && w == 800,
	   "it reads back as a PNG (tEXt CRC right)");
	ok(fsr_render_page_marked((const unsigned char *)b.buf, b.len),
	   "its mark reads back");
	ok(fsr_render_page_marked((const unsigned char *)b.buf, 160),
	   "from the file's first 160 bytes (what the CLI reads)");
	ok(b.len > 51 + 8 && !memcmp(b.buf + 37, "bKGD", 4) &&
		   !memcmp(b.buf + 55, "tEXt", 4),
	   "libpng writes it after IHDR and bKGD");
	if (b.len > 51 + 8) { /* as builds before libpng wrote it */
		const unsigned char *u = (const unsigned char *)b.buf;
		size_t tlen = 12 + ((size_t)u[51] << 24 | (size_t)u[52] << 16 |
				    (size_t)u[53] << 8 | u[54]);
		struct fsr_buf old = FSR_BUF_INIT;

		fsr_buf_add(&old, b.buf, 33);             /* signature, IHDR */
		fsr_buf_add(&old, b.buf + 51, tlen);      /* tEXt */
		fsr_buf_add(&old, b.buf + 33, 18);        /* bKGD */
		fsr_buf_add(&old, b.buf + 51 + tlen, b.len - 51 - tlen);
		ok(old.len == b.len &&
			   fsr_render_page_marked(
				   (const unsigned char *)old.buf, 160),
		   "the mark right after IHDR (earlier builds) reads back");
		fsr_buf_release(&old);
	}
	o.page_mark = NULL;
	fsr_buf_reset(&b);
	fsr_renderer_find("png")->render(&t->v, &o, &sink, &d);
	ok(!fsr_render_page_marked((const unsigned char *)b.buf, b.len),
	   "no mark: not a page");
	fsr_buf_reset(&b);
	fsr_renderer_find("svg")->render(&t->v, &o, &sink, &d);
	ok(!fsr_render_page_marked((const unsigned char *)b.buf, b.len),
	   "nor an SVG");
	ok(!fsr_render_page_marked((const unsigned char *)"<?xml", 5),
	   "nor a short file");
	fsr_buf_release(&b);
	fsr_chart_plan_release(&pl);
	fsr_text_free(tx);
}

int main(void)
{
	const char *shared = getenv("FSR_SHARED");
	struct fsr_buf a = FSR_BUF_INIT, b = FSR_BUF_INIT, path[2];
	const char *paths[2];
	static const char *const corpus[] = {
		"tiobench-ec2-4sys-merged.xml",
		"pjdfstest-passfail.xml",
		"cpu-suite-gvno2-142results.xml",
		"tachyon-systemd-2sys-partial.xml",
		"compress-zstd-gvno3.xml",
		"blogbench-write-longid.xml",
	};
	struct rep t;
	struct seen sn;
	size_t i;
	int w, h;
	double inked;
	long blue;

	LIBXML_TEST_VERSION
	fsr_analyze_init();
	if (!shared)
		shared = "tests/data";
	test_text();
	memset(path, 0, sizeof(path));
	fsr_buf_addf(&path[0], "%s/corpus/pts/tiobench-ec2-micro.xml",
		     shared);
	fsr_buf_addf(&path[1], "%s/corpus/pts/tiobench-ec2-large.xml",
		     shared);
	paths[0] = path[0].buf;
	paths[1] = path[1].buf;
	if (load(&t, paths, 2)) {
		ok(0, "load the tiobench pair");
		return done_testing();
	}

	/* SVG */
	is_int(render("svg", &t, 1, FSR_CHART_ALL, 0, &a), 0, "render svg");
	ok(svg_ok(&a, "whole report"), "the SVG parses, <svg width=800px>");
	ok(a.len > 10000, "and has content (%zu bytes)", a.len);
	ok(!strstr(a.buf, "<image"), "vector only: no embedded image");
	render("svg", &t, 1, FSR_CHART_ALL, 0, &b);
	same_but_surface_id(&a, &b);
	ok(a.len == b.len && !memcmp(a.buf, b.buf, a.len),
	   "the same input gives the same SVG bytes (but Cairo's surface "
	   "number, which counts surfaces made in the process)");
	is_int(render("svg", &t, 1, FSR_CHART_RESULT, 3, &a), 0,
	       "render one result");
	ok(svg_ok(&a, "one result"), "its SVG parses");
	is_int(render("svg", &t, 1, FSR_CHART_CHANGE, 0, &a), 0,
	       "render the change chart");
	ok(svg_ok(&a, "changes"), "its SVG parses");

	/* PNG */
	is_int(render("png", &t, 1, FSR_CHART_RESULT, 0, &a), 0,
	       "render png");
	ok(a.len > 8 && !memcmp(a.buf, "\x89PNG\r\n\x1a\n", 8), "a PNG");
	is_int(png_read(&a, &w, &h, &inked, &blue, 0x0072B2), 0,
	       "it reads back");
	is_int(w, 800, "800 px wide for e-mail");
	ok(h > 150 && h < 600, "a chart's height (%d)", h);
	ok(inked > 0.05 && inked < 0.8, "not blank, not solid (%.3f inked)",
	   inked);
	ok(blue > 1000, "the first system's blue is there (%ld px)", blue);
	render("png", &t, 1, FSR_CHART_RESULT, 0, &b);
	ok(a.len == b.len && !memcmp(a.buf, b.buf, a.len),
	   "the same input gives the same PNG bytes");
	is_int(render("png", &t, 2, FSR_CHART_RESULT, 0, &b), 0,
	       "render at scale 2");
	png_read(&b, &w, &h, &inked, &blue, 0x0072B2);
	is_int(w, 1600, "scale 2: 1600 px wide");
	is_int(render("png", &t, 1, FSR_CHART_ALL, 0, &a), 0,
	       "the whole report as one PNG");
	png_read(&a, &w, &h, &inked, &blue, 0x0072B2);
	{
		void *tx = fsr_text_new(fsr_font_specs);
		struct fsr_layout_opts lo;
		struct fsr_page p;
		struct fsr_diag d;

		memset(&lo, 0, sizeof(lo));
		fsr_layout_page(&t.v, &lo, fsr_text_measure, tx, &p, &d);
		is_int(h, (long long)p.height, "PNG height = page height (%d)",
		       h);
		is_int(text_overlaps(&p), 0, "tiobench pair: no text "
		       "overlaps (real fonts)");
		fsr_page_release(&p);
		fsr_text_free(tx);
	}
	test_png_encoder(&t);
	is_int(render("png", &t, 12, FSR_CHART_ALL, 0, &a), FSR_EOUTPUT,
	       "a PNG over 32767 px is refused, not truncated");

	/* Write errors are output errors. */
	{
		const struct fsr_renderer *r = fsr_renderer_find("png");
		struct fsr_render_opts o;
		struct fsr_sink sink;
		struct fsr_diag d;
		FILE *fp = fopen("/dev/full", "wb");

		memset(&o, 0, sizeof(o));
		memset(&sink, 0, sizeof(sink));
		o.scale = 1;
		o.chart_part = FSR_CHART_RESULT;
		if (fp) {
			setvbuf(fp, NULL, _IONBF, 0);
			sink.fp = fp;
			is_int(r->render(&t.v, &o, &sink, &d), FSR_EOUTPUT,
			       "a full disk is an output error");
			ok(strstr(d.msg, "cannot write") != NULL, "says so: %s",
			   d.msg);
			fclose(fp);
		} else {
			ok(1, "# skip no /dev/full");
			ok(1, "# skip no /dev/full");
		}
	}

	/* The layout dump renderer. */
	is_int(render("layout", &t, 1, FSR_CHART_ALL, 0, &a), 0,
	       "render the layout dump");
	ok(!strncmp(a.buf, "page w=800.0 h=", 15), "it starts with the page");
	test_plan(&t);
	release(&t);

	/* Corpus files: SVG parses, PNG is sane, real text fits. */
	sn.tx = fsr_text_new(fsr_font_specs);
	sn.set = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	for (i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++) {
		struct fsr_text *tx;
		struct fsr_layout_opts lo;
		struct fsr_page p;
		struct fsr_diag d;

		fsr_buf_reset(&path[0]);
		fsr_buf_addf(&path[0], "%s/corpus/pts/%s", shared, corpus[i]);
		paths[0] = path[0].buf;
		if (load(&t, paths, 1)) {
			ok(0, "load %s", corpus[i]);
			continue;
		}
		is_int(render("svg", &t, 1, FSR_CHART_ALL, 0, &a), 0,
		       "%s: svg", corpus[i]);
		ok(svg_ok(&a, corpus[i]), "%s: the SVG parses", corpus[i]);
		is_int(render("png", &t, 1, FSR_CHART_RESULT, 0, &b), 0,
		       "%s: png of result 1", corpus[i]);
		ok(png_read(&b, &w, &h, &inked, &blue, 0x0072B2) == 0 &&
			   w == 800 && inked > 0.02,
		   "%s: 800 px wide, not blank", corpus[i]);
		tx = fsr_text_new(fsr_font_specs);
		memset(&lo, 0, sizeof(lo));
		fsr_layout_page(&t.v, &lo, fsr_text_measure, tx, &p, &d);
		is_int(text_overlaps(&p), 0, "%s: no text overlaps (real "
		       "fonts)", corpus[i]);
		fsr_page_release(&p);
		fsr_text_free(tx);
		fsr_layout_page(&t.v, &lo, record_measure, &sn, &p, &d);
		fsr_page_release(&p);
		release(&t);
	}
	test_pairs_as_layout(&sn);
	g_hash_table_destroy(sn.set);
	fsr_text_free(sn.tx);
	fsr_buf_release(&a);
	fsr_buf_release(&b);
	fsr_buf_release(&path[0]);
	fsr_buf_release(&path[1]);
	xmlCleanupParser();
	return done_testing();
}
