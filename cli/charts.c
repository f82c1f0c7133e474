/*
 * charts.c - the chart options: --svg FILE and --png FILE (the whole
 * report in one picture; taller than 4000 px, in pages: FILE the
 * overview and the change chart, FILE-2, FILE-3... the result charts),
 * --chart-dir
 * DIR (one file per result, plus for compare overview.EXT first and the
 * change chart as change.EXT, or change-01.EXT... in parts), --scale / --dpi (PNG size), --debug-layout
 * (the geometry as text). Charts come in addition to the text report;
 * every file is written whole or not at all, and all of them together
 * (publish.c).
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

char *fsr_cli_page_name(const char *path, size_t k)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	struct fsr_buf b = FSR_BUF_INIT;

	if (!dot || dot == base)
		dot = base + strlen(base);
	fsr_buf_addf(&b, "%.*s-%zu%s", (int)(dot - path), path, k, dot);
	return fsr_buf_detach(&b);
}

/* The first bytes of the file at path (links followed) into buf: how
 * many; -1 with errno when it cannot be opened (ENOENT: no such file),
 * -2 when it is no regular file (*st says what). */
static ssize_t peek(const char *path, unsigned char *buf, size_t len,
		    struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return -2;
	}
	n = read(fd, buf, len);
	close(fd);
	return n < 0 ? 0 : n;
}

/* Whether page k of path is a page an earlier run wrote. */
static int old_page(const char *path, size_t k)
{
	unsigned char buf[160];
	char *name = fsr_cli_page_name(path, k);
	struct stat st;
	ssize_t n = peek(name, buf, sizeof(buf), &st);

	free(name);
	return n > 0 && fsr_render_page_marked(buf, (size_t)n);
}

/*
 * Page k of path may be written: no file there yet, or a page an
 * earlier run wrote (its mark, fsr_render_page_marked). Anything else
 * is left alone and the run stops: exit 4 for what cannot be written
 * to (a folder), 2 for a file fsreport cannot prove it wrote.
 */
static int page_free(const char *opt, const char *name)
{
	unsigned char buf[160];
	struct stat st;
	ssize_t n = peek(name, buf, sizeof(buf), &st);

	if (n == -1 && errno == ENOENT)
		return 0;
	if (n == -1) {
		fsr_error("cannot write '%s': %s", name, strerror(errno));
		return FSR_EXIT_OUTPUT;
	}
	if (n == -2 && S_ISDIR(st.st_mode)) {
		fsr_error("cannot write '%s': %s", name, strerror(EISDIR));
		return FSR_EXIT_OUTPUT;
	}
	if (n >= 0 && fsr_render_page_marked(buf, (size_t)n))
		return 0;
	fsr_error("refusing to replace '%s', a page of %s: it is not a page "
		  "fsreport wrote (fsreport replaces only files it wrote); "
		  "move it away or give %s another name", name, opt, opt);
	return FSR_EXIT_USAGE;
}

/* Whether paths a and b name one file: the same file after links, or,
 * for a file not there yet, the same path once links are followed. */
static int same_file(const char *a, const char *b)
{
	char *ra, *rb;
	struct stat sa, sb;
	int r;

	if (!a || !b || is_stdout(a) || is_stdout(b))
		return 0;
	ra = fsr_output_resolve(a);
	rb = fsr_output_resolve(b);
	if (stat(ra, &sa) == 0 && stat(rb, &sb) == 0)
		r = sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	else
		r = !strcmp(ra, rb);
	free(ra);
	free(rb);
	return r;
}

/* A page is no other output of the run (-o, --svg, --png). */
static int page_apart(const struct fsr_options *o, const char *opt,
		      const char *name)
{
	const char *opts[3] = { "-o", "--svg", "--png" };
	const char *paths[3];
	size_t i;

	paths[0] = o->output;
	paths[1] = o->svg;
	paths[2] = o->png;
	for (i = 0; i < 3; i++) {
		if (!same_file(name, paths[i]))
			continue;
		fsr_error("page '%s' of %s and %s '%s' are the same file",
			  name, opt, opts[i], paths[i]);
		return FSR_EXIT_USAGE;
	}
	return 0;
}

/* "out-2.svg" or "out-2.svg ... out-7.svg": pages from to to of path
 * (page 1 is path itself). */
static void say_pages(struct fsr_buf *b, const char *path, size_t from,
		      size_t to)
{
	char *a = from > 1 ? fsr_cli_page_name(path, from) : NULL;
	char *z = to > from ? fsr_cli_page_name(path, to) : NULL;

	fsr_buf_addf(b, "%s", a ? a : path);
	if (z)
		fsr_buf_addf(b, "%s%s", to > from + 1 ? " ... " : ", ", z);
	free(a);
	free(z);
}

/* What the items of pages [from, to) of pl are, "(15 result charts)". */
static void say_what(struct fsr_buf *b, const struct fsr_chart_plan *pl,
		     size_t from, size_t to, size_t parts)
{
	size_t i, end = to < pl->n_pages ? pl->pages[to] : pl->n_items;
	size_t res = 0, c0 = 0, c1 = 0, ov = 0;

	for (i = pl->pages[from]; i < end; i++) {
		const struct fsr_chart_item *it = &pl->items[i];

		if (it->part == FSR_CHART_OVERVIEW)
			ov = 1;
		else if (it->part == FSR_CHART_RESULT)
			res++;
		else if (!c0)
			c0 = c1 = it->index;
		else
			c1 = it->index;
	}
	fsr_buf_adds(b, " (");
	if (ov)
		fsr_buf_adds(b, "overview");
	if (c0 && c0 == 1 && c1 == parts)
		fsr_buf_addf(b, "%schange chart", ov ? ", " : "");
	else if (c0 && c0 == c1)
		fsr_buf_addf(b, "%schange chart part %zu of %zu",
			     ov ? ", " : "", c0, parts);
	else if (c0)
		fsr_buf_addf(b, "%schange chart parts %zu-%zu of %zu",
			     ov ? ", " : "", c0, c1, parts);
	if (res)
		fsr_buf_addf(b, "%s%zu result chart%s", ov || c0 ? ", " : "",
			     res, res == 1 ? "" : "s");
	fsr_buf_adds(b, ")");
}

/* The line said once the pages are in place: which file holds what,
 * "wrote out.svg (overview, change chart) and out-2.svg ... out-7.svg
 * (15 result charts)". */
static void say_plan(const struct fsr_options *o, const char *path,
		     const struct fsr_chart_plan *pl, size_t parts)
{
	size_t written = pl->n_pages;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t first_res = pl->n_pages, k, stale, cut[4], n_cut = 0;

	for (k = 0; k < pl->n_pages; k++)
		if (pl->items[pl->pages[k]].part == FSR_CHART_RESULT) {
			first_res = k;
			break;
		}
	/* page groups: page 1 (overview, change chart), the rest of the
	 * change chart, the result charts */
	cut[n_cut++] = 0;
	if (first_res > 0)
		cut[n_cut++] = 1;
	if (first_res > 1 && first_res < written)
		cut[n_cut++] = first_res;
	cut[n_cut] = written;
	if (o->state->charts_said)
		fsr_buf_addf(&b, "%s; ", o->state->charts_said);
	fsr_buf_adds(&b, "wrote ");
	for (k = 0; k < n_cut; k++) {
		if (k)
			fsr_buf_adds(&b, k + 1 < n_cut ? ", " : " and ");
		say_pages(&b, path, cut[k] + 1, cut[k + 1]);
		say_what(&b, pl, cut[k], cut[k + 1], parts);
	}
	stale = 0;
	while (old_page(path, pl->n_pages + stale + 1))
			stale++;
	if (stale) {
		fsr_buf_adds(&b, "; ");
		say_pages(&b, path, pl->n_pages + 1, pl->n_pages + stale);
		fsr_buf_addf(&b, ", from an earlier run, %s left as %s",
			     stale > 1 ? "are" : "is", stale > 1 ? "they were" :
			     "it was");
	}
	free(o->state->charts_said);
	o->state->charts_said = fsr_buf_detach(&b);
}

/* A non-regular target (standard output, a FIFO, a device): there is
 * no "beside" it for pages 2 and on. */
static int in_place(const char *path)
{
	char *target;
	struct stat st;
	int r;

	if (is_stdout(path) || fsr_output_fd_path(path) >= 0)
		return 1;
	target = fsr_output_resolve(path);
	r = stat(target, &st) == 0 && !S_ISREG(st.st_mode);
	free(target);
	return r;
}

/*
 * --svg or --png: one image when it is at most FSR_STACKED_MAX_HEIGHT
 * px tall (and, as a PNG, at most FSR_PNG_MAX_SIDE px at its scale), as
 * it always was; else pages (fsr_render_chart_plan), each a file of the
 * run's outputs, so all land together or none does.
 */
static int write_stacked(const struct fsr_options *o, const char *opt,
			 const char *path, const char *fmt,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro)
{
	struct fsr_render_opts co = *ro;
	double max = FSR_STACKED_MAX_HEIGHT;
	struct fsr_chart_plan pl;
	struct fsr_diag d;
	size_t k, n, parts;
	int rc;

	if (!strcmp(fmt, "png") && floor(FSR_PNG_MAX_SIDE / co.scale) < max)
		max = floor(FSR_PNG_MAX_SIDE / co.scale);
	fsr_diag_clear(&d);
	rc = fsr_render_chart_plan(v, &co, max, &pl, &d);
	if (rc)
		return fsr_report_diag(&d, rc);
	if (!pl.n_items) {
		fsr_chart_plan_release(&pl);
		co.chart_part = FSR_CHART_ALL;
		return write_chart(o, path, NULL, fmt, v, &co);
	}
	n = in_place(path) ? 1 : pl.n_pages;
	for (k = 2; k <= n && !rc; k++) {
		char *name = fsr_cli_page_name(path, k);

		rc = page_apart(o, opt, name);
		if (!rc)
			rc = page_free(opt, name);
		free(name);
	}
	co.chart_part = FSR_CHART_ITEMS;
	for (k = 0; k < n && !rc; k++) {
		char *name = k ? fsr_cli_page_name(path, k + 1) : NULL;
		struct fsr_buf mark = FSR_BUF_INIT, label = FSR_BUF_INIT;
		size_t end = k + 1 < pl.n_pages ? pl.pages[k + 1] :
			     pl.n_items;

		co.chart_items = pl.items + pl.pages[k];
		co.n_chart_items = end - pl.pages[k];
		if (k)
			fsr_buf_addf(&mark, "%zu of %zu", k + 1, pl.n_pages);
		co.page_mark = k ? mark.buf : NULL;
		if (pl.n_pages > 1)
			fsr_buf_addf(&label, "page %zu of %zu", k + 1,
				     pl.n_pages);
		co.page_label = pl.n_pages > 1 ? label.buf : NULL;
		rc = write_chart(o, k ? name : path, NULL, fmt, v, &co);
		co.page_label = NULL;
		fsr_buf_release(&mark);
		fsr_buf_release(&label);
		free(name);
	}
	parts = v->cmp ? fsr_render_change_parts(v) : 0;
	if (!rc && n < pl.n_pages) {
		struct fsr_buf first = FSR_BUF_INIT, rest = FSR_BUF_INIT;

		say_what(&first, &pl, 0, 1, parts);
		say_what(&rest, &pl, 1, pl.n_pages, parts);
		fsr_warning("%s holds page 1 of %zu%s; there is no file beside "
			    "it for the other %zu%s: give %s FILE, or "
			    "--chart-dir DIR for a file per chart",
			    is_stdout(path) ? "standard output" : path,
			    pl.n_pages, first.buf, pl.n_pages - 1, rest.buf,
			    opt);
		fsr_buf_release(&first);
		fsr_buf_release(&rest);
	} else if (!rc) {
		say_plan(o, path, &pl, parts);
	}
	if (!rc && pl.n_oversize)
		fsr_warning("%s: %zu chart%s taller than %.0f px, each on a "
			    "page of its own", path, pl.n_oversize,
			    pl.n_oversize == 1 ? " is" : "s are", max);
	fsr_chart_plan_release(&pl);
	return rc;
}

int fsr_cli_write_charts(const struct fsr_options *o,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro)
{
	struct fsr_render_opts co = *ro;
	int rc = 0;

	co.scale = chart_scale(o);
	if (o->svg)
		rc = write_stacked(o, "--svg", o->svg, "svg", v, &co);
	if (!rc && o->png)
		rc = write_stacked(o, "--png", o->png, "png", v, &co);
	co.chart_part = FSR_CHART_ALL;
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
