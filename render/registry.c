/*
 * registry.c - the table of renderers, the sink, and text helpers every
 * renderer shares.
 */
#include "render.h"
#include "render-internal.h"
#include "../view/view.h"
#include "../lib/escape.h"
#include "../lib/numbers.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#define NO_META FSR_RENDER_NO_CELL_META
#define NO_ENTRIES FSR_RENDER_NO_ENTRIES
#define NO_STORED FSR_RENDER_NO_STORED
#define ON_DEMAND FSR_RENDER_STATS_ON_DEMAND

const struct fsr_renderer fsr_renderers[] = {
	{ .name = "ascii", .ext = "txt", .render = fsr_render_ascii,
	  .flags = NO_META | ON_DEMAND },
	{ .name = "csv", .ext = "csv", .render = fsr_render_csv,
	  .flags = NO_META | NO_ENTRIES | NO_STORED | ON_DEMAND |
		   FSR_RENDER_SUMMARY_MARKS },
	{ .name = "table", .ext = "txt", .render = fsr_render_table,
	  .flags = NO_META | NO_ENTRIES | ON_DEMAND },
	{ .name = "markdown", .ext = "md", .render = fsr_render_markdown,
	  .flags = NO_META | NO_ENTRIES | ON_DEMAND },
	{ .name = "json", .ext = "json", .render = fsr_render_json,
	  .flags = ON_DEMAND },
	{ .name = "xml", .ext = "xml", .render = fsr_render_xml,
	  .flags = ON_DEMAND },
	{ .name = "pts", .ext = "xml", .render = fsr_render_pts,
	  .flags = ON_DEMAND },
	{ .name = "long-csv", .ext = "csv", .render = fsr_render_long_csv,
	  .flags = NO_META | NO_ENTRIES | ON_DEMAND },
	{ .name = "html", .ext = "html", .render = fsr_render_html,
	  .flags = NO_META | NO_ENTRIES },
	{ .name = "svg", .ext = "svg", .render = fsr_render_svg,
	  .flags = FSR_RENDER_BINARY },
	{ .name = "png", .ext = "png", .render = fsr_render_png,
	  .flags = FSR_RENDER_BINARY },
	/* --debug-layout: text, but not a --format */
	{ .name = "layout", .ext = "txt", .render = fsr_render_layout,
	  .flags = FSR_RENDER_BINARY },
	{ .name = NULL },
};

const struct fsr_renderer *fsr_renderer_find(const char *name)
{
	const struct fsr_renderer *r;

	for (r = fsr_renderers; r->name; r++)
		if (!strcmp(r->name, name))
			return r;
	return NULL;
}

static void sink_raw(struct fsr_sink *s, const void *data, size_t len)
{
	if (s->error || !len)
		return;
	if (s->fp) {
		if (fwrite(data, 1, len, s->fp) != len)
			s->error = errno ? errno : EIO;
		return;
	}
	if (s->buf)
		fsr_buf_add(s->buf, data, len);
}

static int put_sink(void *ctx, const char *p, size_t n)
{
	struct fsr_sink *s = ctx;

	sink_raw(s, p, n);
	return s->error;
}

void fsr_sink_write_as(struct fsr_sink *s, enum fsr_esc style,
		       const void *data, size_t len)
{
	fsr_escape_to(put_sink, s, data, len, style);
}

void fsr_sink_write(struct fsr_sink *s, const void *data, size_t len)
{
	fsr_sink_write_as(s, FSR_ESC_TEXT, data, len);
}

void fsr_sink_puts(struct fsr_sink *s, const char *str)
{
	fsr_sink_write(s, str, strlen(str));
}

void fsr_sink_putbuf(struct fsr_sink *s, const struct fsr_buf *b)
{
	fsr_sink_write(s, b->buf, b->len);
}

int fsr_sink_put_file(struct fsr_sink *s, FILE *fp)
{
	char chunk[65536];
	size_t n;

	if (fflush(fp) != 0 || fseek(fp, 0, SEEK_SET) != 0)
		return errno ? errno : EIO;
	while (!s->error && (n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		fsr_sink_write_as(s, FSR_ESC_NONE, chunk, n);
	return ferror(fp) ? EIO : 0;
}

void fsr_sink_printf(struct fsr_sink *s, const char *fmt, ...)
{
	struct fsr_buf b = FSR_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	fsr_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (b.len)
		fsr_sink_putbuf(s, &b);
	fsr_buf_release(&b);
}

void fsr_cell_value_text(const struct fsr_cell *c,
			 const struct fsr_summary *s, struct fsr_buf *out)
{
	int dec;

	if (c->stored && c->n_stored == 1 && *c->stored) {
		fsr_buf_adds(out, c->stored);
		return;
	}
	if (!s || s->n == 0 || isnan(s->mean)) {
		fsr_buf_adds(out, c->n_failed ? "FAILED" : "-");
		return;
	}
	dec = fsr_view_mean_decimals(c->stored_decimals);
	fsr_buf_add_fixed(out, s->mean, dec);
}

size_t fsr_utf8_width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}
