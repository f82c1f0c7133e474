/*
 * charts.c - the chart options: --svg FILE and --png FILE (the whole
 * report in one picture, refused when taller than 4000 px), --chart-dir
 * DIR (one file per result, plus for compare overview.EXT first and the
 * change chart as change.EXT, or change-01.EXT... in parts), --scale / --dpi (PNG size), --debug-layout
 * (the geometry as text). Charts come in addition to the text report;
 * every file is written whole or not at all, and all of them together
 * (output.c).
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_stdout(const char *path)
{
	return !path || !strcmp(path, "-");
}

const char *fsr_cli_charts_problem(const struct fsr_options *o)
{
	if (o->chart_format && strcmp(o->chart_format, "svg") &&
	    strcmp(o->chart_format, "png"))
		return "--chart-format wants svg or png";
	if (o->chart_format && !o->chart_dir)
		return "--chart-format goes with --chart-dir";
	if (o->dpi != 0 && o->scale != 1.0)
		return "give --scale or --dpi, not both";
	if (o->dpi != 0 && !(o->dpi >= 24 && o->dpi <= 1200))
		return "--dpi wants a number from 24 to 1200, e.g. 300";
	if (!(o->scale >= 0.25 && o->scale <= 12.5))
		return "--scale wants a number from 0.25 to 12.5, e.g. 2";
	if ((o->svg && is_stdout(o->svg) && o->png && is_stdout(o->png)) ||
	    (((o->svg && is_stdout(o->svg)) ||
	      (o->png && is_stdout(o->png))) && is_stdout(o->output)))
		return "only one output can go to standard output; give the "
		       "text report -o FILE";
	if (o->chart_dir && !*o->chart_dir)
		return "--chart-dir wants a folder";
	return NULL;
}

/* PNG size factor: --scale, or --dpi over the 96 dpi of scale 1. */
static double chart_scale(const struct fsr_options *o)
{
	return o->dpi != 0 ? o->dpi / 96.0 : o->scale;
}

/* A stacked --svg / --png taller than FSR_STACKED_MAX_HEIGHT is refused,
 * that file alone: the run's other outputs are still written, and put in
 * place together, and the exit status is then 2 (o->state->charts_refused,
 * read by fsr_cli_finish()). */
static void refused_hint(const struct fsr_options *o, struct fsr_diag *d)
{
	size_t len = strlen(d->msg);

	snprintf(d->msg + len, sizeof(d->msg) - len, "; not written: "
		 "--chart-dir DIR writes a file per chart, 'fsreport report "
		 "RUNSET... -o DIR' a report folder");
	o->state->charts_refused = 1;
}

/* One chart into path, or into the file name of the chart folder dir. */
static int write_chart(const struct fsr_options *o, const char *path,
		       struct fsr_output *dir, const char *renderer,
		       const struct fsr_view *v,
		       const struct fsr_render_opts *ro)
{
	const struct fsr_renderer *rend = fsr_renderer_find(renderer);
	struct fsr_output *out;
	struct fsr_sink sink;
	struct fsr_diag d;
	char *name;
	int rc;

	if (!rend) {
		fsr_error("no renderer '%s' (a bug)", renderer);
		return FSR_EXIT_INTERNAL;
	}
	out = dir ? fsr_output_open_in(dir, path, &sink) :
		    fsr_output_open(path, &sink);
	if (!out)
		return FSR_EXIT_OUTPUT;
	name = fsr_xstrdup(is_stdout(path) && !dir ? "standard output" :
			   fsr_output_name(out));
	fsr_diag_clear(&d);
	rc = rend->render(v, ro, &sink, &d);
	if (rc) {
		fsr_output_abort(out);
		if (!d.file && (dir || !is_stdout(path)))
			d.file = name;
		if (d.code == FSR_EUSAGE && ro->chart_part == FSR_CHART_ALL)
			refused_hint(o, &d);
		rc = fsr_report_diag(&d, rc);
		free(name);
		return rc;
	}
	rc = fsr_output_commit(out);
	if (!rc)
		fsr_info(o, "%s: %s chart written", name, renderer);
	free(name);
	return rc;
}

/* The short name of a test: "pts/tiobench-1.2.0" -> "tiobench". */
static void test_name(const struct fsr_result *res, struct fsr_buf *b)
{
	const char *id = res->test_id && *res->test_id ? res->test_id :
		res->test;
	const char *base, *dash;

	if (!id || !*id) {
		fsr_buf_adds(b, res->title);
		return;
	}
	base = strrchr(id, '/');
	base = base ? base + 1 : id;
	dash = strrchr(base, '-');
	if (dash && dash > base && dash[1] >= '0' && dash[1] <= '9')
		fsr_buf_add(b, base, (size_t)(dash - base));
	else
		fsr_buf_adds(b, base);
}

/*
 * A readable, stable file name part from the test's short name (or its
 * title), the description and the unit: lower-case ASCII letters and
 * digits, '-' between words, at most 90 characters
 * ("tiobench-test-read-size-per-thread-32mb-thread-count-4-mb-s").
 */
static void slug(const struct fsr_result *res, struct fsr_buf *b)
{
	struct fsr_buf name = FSR_BUF_INIT;
	const char *parts[3];
	size_t start = b->len, i;
	int dash = 0;

	test_name(res, &name);
	parts[0] = name.buf;
	parts[1] = res->description;
	parts[2] = res->unit;
	for (i = 0; i < 3; i++) {
		const char *p;

		for (p = parts[i]; p && *p; p++) {
			char c = *p;

			if (c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
				if (dash && b->len > start)
					fsr_buf_addc(b, '-');
				dash = 0;
				fsr_buf_addc(b, c);
			} else {
				dash = 1;
			}
		}
		dash = 1;
	}
	fsr_buf_release(&name);
	if (b->len - start > 90) {
		size_t cut = start + 90;

		while (cut > start + 45 && b->buf[cut] != '-')
			cut--;
		if (b->buf[cut] != '-')
			cut = start + 90;
		b->len = cut;
		b->buf[cut] = '\0';
	}
	if (b->len == start)
		fsr_buf_adds(b, "result");
}

void fsr_cli_change_file(size_t part, size_t parts, const char *ext,
			 struct fsr_buf *b)
{
	if (parts < 2)
		fsr_buf_addf(b, "change.%s", ext);
	else
		fsr_buf_addf(b, "change-%0*zu.%s", parts >= 100 ? 3 : 2, part,
			     ext);
}

void fsr_cli_chart_file(const struct fsr_report *r, size_t i,
			const char *ext, struct fsr_buf *b)
{
	int digits = 2;
	size_t n;

	for (n = r->n_results; n >= 100; n /= 10)
		digits++;
	fsr_buf_addf(b, "%0*zu-", digits, i + 1);
	slug(r->results[i], b);
	fsr_buf_addf(b, ".%s", ext);
}

static int write_dir(const struct fsr_options *o, const struct fsr_view *v,
		     const struct fsr_render_opts *ro)
{
	const char *fmt = o->chart_format ? o->chart_format : "svg";
	const struct fsr_report *r = v->report;
	struct fsr_render_opts co = *ro;
	struct fsr_buf path = FSR_BUF_INIT;
	struct fsr_output *dir;
	int rc = 0;
	size_t i, parts;

	dir = fsr_output_open_dir(o->chart_dir, 0);
	if (!dir)
		return FSR_EXIT_OUTPUT;
	if (v->cmp) {
		fsr_buf_addf(&path, "overview.%s", fmt);
		co.chart_part = FSR_CHART_OVERVIEW;
		rc = write_chart(o, path.buf, dir, fmt, v, &co);
	}
	for (i = 0; i < r->n_results && !rc; i++) {
		fsr_buf_reset(&path);
		fsr_cli_chart_file(r, i, fmt, &path);
		co.chart_part = FSR_CHART_RESULT;
		co.chart_result = i;
		rc = write_chart(o, path.buf, dir, fmt, v, &co);
	}
	parts = fsr_render_change_parts(v);
	for (i = 1; i <= parts && !rc; i++) {
		fsr_buf_reset(&path);
		fsr_cli_change_file(i, parts, fmt, &path);
		co.chart_part = FSR_CHART_CHANGE;
		co.chart_section = parts > 1 ? i : 0;
		rc = write_chart(o, path.buf, dir, fmt, v, &co);
	}
	if (rc)
		fsr_output_abort(dir);
	else
		rc = fsr_output_commit(dir);
	fsr_buf_release(&path);
	return rc;
}

int fsr_cli_write_chart_in(const struct fsr_options *o,
			   struct fsr_output *dir, const char *name,
			   const char *renderer, const struct fsr_view *v,
			   const struct fsr_render_opts *ro)
{
	struct fsr_render_opts co = *ro;

	co.scale = chart_scale(o);
	return write_chart(o, name, dir, renderer, v, &co);
}

int fsr_cli_charts_wanted(const struct fsr_options *o)
{
	return o->svg || o->png || o->chart_dir;
}

int fsr_cli_write_charts(const struct fsr_options *o,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro)
{
	struct fsr_render_opts co = *ro;
	int rc = 0;

	co.scale = chart_scale(o);
	co.chart_part = FSR_CHART_ALL;
	co.max_height = FSR_STACKED_MAX_HEIGHT;
	/* A refused stacked chart stops no other output. */
	if (o->svg)
		rc = write_chart(o, o->svg, NULL, "svg", v, &co);
	if (rc == FSR_EXIT_USAGE && o->state->charts_refused)
		rc = 0;
	if (!rc && o->png)
		rc = write_chart(o, o->png, NULL, "png", v, &co);
	if (rc == FSR_EXIT_USAGE && o->state->charts_refused)
		rc = 0;
	co.max_height = 0;
	if (!rc && o->chart_dir)
		rc = write_dir(o, v, &co);
	return rc;
}

int fsr_cli_debug_layout(const struct fsr_options *o,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro)
{
	struct fsr_render_opts co = *ro;

	co.scale = chart_scale(o);
	co.chart_part = FSR_CHART_ALL;
	return write_chart(o, o->output, NULL, "layout", v, &co);
}
