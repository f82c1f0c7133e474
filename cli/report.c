/*
 * report.c - "fsreport report RUNSET... -o DIR": the comparison of
 * compare as one folder, written whole or not at all (a temporary folder
 * renamed into place, as --chart-dir is; targets.c, publish.c):
 *
 *	DIR/index.html   self-contained page (render/pages/html.c)
 *	DIR/index.md     GitHub Markdown, its charts beside it
 *	DIR/summary.txt  the text report of compare
 *	DIR/charts/      overview.svg/.png, NN-slug.svg and .png per result,
 *	                 change.svg/.png (change-01.svg/.png... in parts);
 *	                 trend-NN-slug.* with 3 or more run sets or --trend
 *	                 (the trend section, below)
 *
 * With --group (seed 003's "buffering enabled | disabled") each group is
 * compared on its own (group.c): the summary is the groups' tables side
 * by side, summary.txt the table compare --group --format table prints,
 * the charts the values per result, with no overview, change chart or
 * trend against one baseline for all.
 *
 * The guard (guard.c) has refused a DIR that is or holds an input, or
 * that holds files a report does not write.
 */
#include "cli.h"
#include "../analyze/changepoint.h"
#include "../lib/alloc.h"
#include "../render/trend.h"

#include <stdlib.h>
#include <string.h>

/* report's options: the shared ones, then its own. */
struct report_options {
	struct fsr_options c;
	int trend;               /* --trend: a trend section */
	int no_png;              /* --no-png: SVG chart files only */
	const char *title, *subtitle, *caption;
};
#define REPORT_OFF(f) FSR_CMD_OFF(struct report_options, f)
#define REPORT_OPTS(o) FSR_CMD_OPTS(const struct report_options, o)

/* The trend charts of report -o DIR, a PNG and an SVG per trend row:
 * charts/trend-NN-slug.*, NN the result's number as in charts/NN-slug.*;
 * their names into *names (2 n_rows of them, NULL-terminated). */
static int write_trend_charts(const struct fsr_options *o,
			      struct fsr_output *dir,
			      const struct fsr_view *tv,
			      const struct fsr_render_opts *ro, char ***names)
{
	static const char *const fmts[] = { "png", "svg" };
	const struct fsr_trend *t = tv->trend;
	struct fsr_render_opts co = *ro;
	size_t i, k, n = 0;
	int rc = 0;

	*names = fsr_xcalloc(2 * t->n_rows + 1, sizeof(**names));
	co.chart_part = FSR_CHART_RESULT;
	fsr_progress_begin_n(o, "drawing trend charts", t->n_rows);
	for (i = 0; i < t->n_rows && !rc; i++) {
		co.chart_result = t->rows[i].result;
		for (k = REPORT_OPTS(o)->no_png; k < 2 && !rc; k++) {
			struct fsr_buf b = FSR_BUF_INIT;

			fsr_buf_adds(&b, "charts/trend-");
			fsr_cli_chart_file(tv->report, t->rows[i].result,
					   fmts[k], &b);
			rc = fsr_cli_write_chart_in(o, dir, b.buf, fmts[k], tv,
						    &co);
			(*names)[n++] = fsr_buf_detach(&b);
		}
		/* --no-png: the SVG in the PNG's place too */
		if (REPORT_OPTS(o)->no_png) {
			(*names)[n] = fsr_xstrdup((*names)[n - 1]);
			n++;
		}
		fsr_progress_tick();
	}
	fsr_progress_end();
	return rc;
}

/* Releases what report_trend() put into v. */
static void report_trend_free(struct fsr_view *v)
{
	size_t i;

	if (v->trend_charts)
		for (i = 0; v->trend_charts[i]; i++)
			free(v->trend_charts[i]);
	free((void *)v->trend_charts);
	fsr_trend_free((struct fsr_trend *)v->trend);
	v->trend = NULL;
	v->trend_charts = NULL;
}

/* The trend section, with 3 or more run sets or --trend: the trend of v
 * into v->trend and its charts written into dir's charts/
 * (v->trend_charts); v->trend stays NULL otherwise. An exit code;
 * report_trend_free() releases both. */
static int report_trend(const struct fsr_options *o, struct fsr_output *dir,
			 struct fsr_view *v, const struct fsr_render_opts *ro)
{
	const struct fsr_report *r = v->report;
	struct fsr_trend_opts to;
	struct fsr_trend *t;
	struct fsr_view tv;
	struct fsr_diag d;
	char **names = NULL;
	size_t *order;
	int rc;

	v->trend = NULL;
	v->trend_charts = NULL;
	if (o->n_groups || (!REPORT_OPTS(o)->trend && r->n_runsets < 3))
		return FSR_EXIT_OK;
	order = fsr_xmalloc((r->n_systems + 1) * sizeof(*order));
	rc = fsr_cli_trend_order(o->order, r, order);
	if (rc) {
		free(order);
		return rc;
	}
	fsr_cli_trend_opts(o, &to);
	/* from a store, the change points its cache keeps (cli/db.c) */
	to.cp.cache = fsr_cli_cp_cache();
	t = fsr_trend(r, v->stats, order, r->n_systems, &to, &d);
	fsr_cli_cp_cache_end(o);
	free(order);
	if (!t)
		return fsr_report_diag(&d, FSR_EINTERNAL);
	tv = *v;
	tv.command = FSR_CMD_TREND;
	tv.cmp = NULL;
	tv.trend = t;
	rc = write_trend_charts(o, dir, &tv, ro, &names);
	v->trend = t;
	v->trend_charts = names;
	if (rc)
		report_trend_free(v);
	return rc;
}


/* One page or text file of the folder through a renderer function. */
static int write_page(struct fsr_output *dir, const char *name,
		      int (*render)(const struct fsr_view *,
				    const struct fsr_render_opts *,
				    struct fsr_sink *, struct fsr_diag *),
		      const struct fsr_view *v,
		      const struct fsr_render_opts *ro)
{
	struct fsr_output *out;
	struct fsr_sink sink;

	out = fsr_output_open_in(dir, name, &sink);
	if (!out)
		return FSR_EXIT_OUTPUT;
	return fsr_cli_render_into(out, &sink, render, v, ro);
}

/* summary.txt: the text report, the trend (if any), the system
 * table. */
static int summary_txt(const struct fsr_view *v,
		       const struct fsr_render_opts *ro, struct fsr_sink *out,
		       struct fsr_diag *d)
{
	struct fsr_render_opts so = *ro;
	int rc;

	so.no_systems = 1; /* the system table goes last, after the trend */
	rc = fsr_renderer_find(ro->n_groups ? "table" : "ascii")->render(
		v, &so, out, d);
	if (!rc && v->trend)
		rc = fsr_render_trend_summary(v, ro, out, d);
	if (!rc)
		fsr_render_systems_text(v->report, ro->width, out);
	return rc;
}

/* One chart as charts/NAME.png and charts/NAME.svg, the names kept. */
static int chart_pair(const struct fsr_options *o, struct fsr_output *dir,
		      const struct fsr_view *v,
		      const struct fsr_render_opts *co, const char *stem,
		      char **names, size_t *n)
{
	static const char *const fmts[] = { "png", "svg" };
	struct fsr_buf b = FSR_BUF_INIT;
	int rc = 0;
	size_t k;

	for (k = REPORT_OPTS(o)->no_png; k < 2 && !rc; k++) {
		fsr_buf_reset(&b);
		fsr_buf_addf(&b, "charts/%s.%s", stem, fmts[k]);
		rc = fsr_cli_write_chart_in(o, dir, b.buf, fmts[k], v, co);
		names[(*n)++] = fsr_buf_detach(&b);
	}
	/* --no-png: the SVG in the PNG's place too (index.md shows it) */
	if (REPORT_OPTS(o)->no_png) {
		names[*n] = fsr_xstrdup(names[*n - 1]);
		(*n)++;
	}
	fsr_buf_release(&b);
	return rc;
}

/* The chart files, a PNG then an SVG each: charts/overview.*, then
 * charts/NN-slug.* per result, then charts/change.* (change-01.*, ...
 * in parts); drawn, and their names kept for index.md in that order. */
static int write_chart_files(const struct fsr_options *o,
			     struct fsr_output *dir, const struct fsr_view *v,
			     const struct fsr_render_opts *ro, char ***names,
			     size_t *n)
{
	const struct fsr_report *r = v->report;
	struct fsr_render_opts co = *ro;
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_report copy;
	struct fsr_view gv;
	size_t parts, i;
	int rc = fsr_output_mkdir_in(dir, "charts");

	/* --group: the values only, as the page's (render/pages/html.c) */
	fsr_render_group_view(v, ro, &gv, &copy);
	v = &gv;
	parts = fsr_render_change_parts(v);

	*names = fsr_xcalloc(2 * (r->n_results + parts + 1) + 1,
			     sizeof(**names));
	*n = 0;
	fsr_progress_begin_n(o, "drawing charts",
			     (v->cmp ? 1 : 0) + r->n_results + parts);
	if (!rc && v->cmp) {
		co.chart_part = FSR_CHART_OVERVIEW;
		rc = chart_pair(o, dir, v, &co, "overview", *names, n);
		fsr_progress_tick();
	}
	for (i = 0; i < r->n_results && !rc; i++) {
		fsr_buf_reset(&b);
		fsr_cli_chart_file(r, i, "", &b);
		b.buf[--b.len] = '\0'; /* "NN-slug." less the dot */
		co.chart_part = FSR_CHART_RESULT;
		co.chart_result = i;
		rc = chart_pair(o, dir, v, &co, b.buf, *names, n);
		fsr_progress_tick();
	}
	for (i = 1; i <= parts && !rc; i++) {
		fsr_buf_reset(&b);
		fsr_cli_change_file(i, parts, "", &b);
		b.buf[--b.len] = '\0';
		co.chart_part = FSR_CHART_CHANGE;
		co.chart_section = parts > 1 ? i : 0;
		rc = chart_pair(o, dir, v, &co, b.buf, *names, n);
		fsr_progress_tick();
	}
	fsr_progress_end();
	fsr_buf_release(&b);
	fsr_render_group_view_free(&gv, &copy);
	return rc;
}

/* index.md: the page in Markdown, linking the chart files the view
 * lists (v->chart_files), written as every page of the folder is. */
static int index_md(const struct fsr_view *v,
		    const struct fsr_render_opts *ro, struct fsr_sink *out,
		    struct fsr_diag *d)
{
	return fsr_render_page_md(v, ro, (const char *const *)v->chart_files,
				  v->n_chart_files, out, d);
}

/* The folder -o DIR (index.html, index.md, summary.txt, charts/),
 * written whole or not at all; an exit code. */
static int write_report(const struct fsr_options *o,
			const struct fsr_view *v,
			const struct fsr_render_opts *ro)
{
	const struct fsr_renderer *ascii = fsr_renderer_find("ascii");
	const struct fsr_renderer *html = fsr_renderer_find("html");
	struct fsr_render_opts po = *ro;
	struct fsr_view pv = *v; /* with the trend section, if any */
	struct fsr_output *dir;
	char **names = NULL;
	size_t i, n = 0;
	int rc;

	if (!ascii || !html) {
		fsr_error("no ascii or html renderer (a bug)");
		return FSR_EXIT_INTERNAL;
	}
	/* Files, not a terminal: no colour; 80 columns unless --width. */
	po.color = 0;
	po.width = o->width > 0 ? (int)o->width : 80;
	dir = fsr_output_open_dir(o->output, 1);
	if (!dir)
		return FSR_EXIT_OUTPUT;
	rc = write_chart_files(o, dir, v, &po, &names, &n);
	if (!rc)
		rc = report_trend(o, dir, &pv, &po);
	fsr_progress_begin_n(o, "writing pages", 3);
	if (!rc)
		rc = write_page(dir, "summary.txt", summary_txt, &pv, &po);
	fsr_progress_tick();
	/* index.md links the chart files, and so does a big report's
	 * page (render/pages/html.c) */
	pv.chart_files = names;
	pv.n_chart_files = n;
	if (!rc)
		rc = write_page(dir, "index.md", index_md, &pv, &po);
	fsr_progress_tick();
	if (!rc)
		rc = write_page(dir, "index.html", html->render, &pv, &po);
	fsr_progress_tick();
	fsr_progress_end();
	report_trend_free(&pv);
	if (rc)
		fsr_output_abort(dir);
	else
		rc = fsr_output_commit(dir);
	if (!rc)
		fsr_info(o, "%s: report written (index.html, index.md, "
			 "summary.txt, %zu charts)", o->output, n);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

static const struct fsr_opt opt_no_png = {
	.name = "no-png", .kind = FSR_OPT_FLAG, .offset = REPORT_OFF(no_png),
	.help = "SVG chart files only: index.md shows the SVGs",
};
static const struct fsr_opt opt_trend = {
	.name = "trend", .kind = FSR_OPT_FLAG, .offset = REPORT_OFF(trend),
	.help = "a trend section (default with 3 or more run sets)",
};
/* -o names a folder here, not a file */
static const struct fsr_opt opt_output_dir = {
	.name = "output", .short_name = 'o', .kind = FSR_OPT_DIR,
	.offset = FSR_OFF(output), .arg = "DIR",
	.help = "the folder to write, whole or not at all",
};
static const struct fsr_opt opt_title = {
	.name = "title", .kind = FSR_OPT_STRING, .offset = REPORT_OFF(title),
	.arg = "TEXT",
	.help = "the title (default: the report's own, or the labels)",
};
static const struct fsr_opt opt_subtitle = {
	.name = "subtitle", .kind = FSR_OPT_STRING,
	.offset = REPORT_OFF(subtitle), .arg = "TEXT",
	.help = "a line under the title",
};
static const struct fsr_opt opt_caption = {
	.name = "caption", .kind = FSR_OPT_STRING,
	.offset = REPORT_OFF(caption),
	.arg = "TEXT", .help = "a closing note at the end of the report",
};

/* report takes the options of compare, but the text ones */
static const struct fsr_opt *const report_opts[] = {
	&opt_output_dir, FSR_O(width), FSR_O(confidence), FSR_O(alpha),
	FSR_O(baseline), FSR_O(test), FSR_O(adjust), FSR_O(min_change),
	FSR_O(runs_needed), FSR_O(equivalence), FSR_O(max_regression),
	FSR_O(ci), FSR_O(seed), FSR_O(bootstrap_b),
	FSR_O(sign), FSR_O(outliers), FSR_O(keep_going), FSR_O(verbose),
	FSR_O(quiet), FSR_O(scale), FSR_O(dpi), &opt_no_png, &opt_trend,
	FSR_O(order),
	FSR_O(min_size), FSR_O(permutations), &opt_title, &opt_subtitle,
	&opt_caption, FSR_O(only), FSR_O(exclude), FSR_O(geo_only),
	FSR_O(geo_exclude), FSR_O(only_changed), FSR_O(sort), FSR_O(note),
	FSR_O(db), FSR_O(select), FSR_O(drop_first), FSR_O(steady),
	FSR_O(percentiles), &fsr_cli_opt_group, NULL
};

static int check_report(struct fsr_options *o)
{
	if (!o->output || !*o->output || !strcmp(o->output, "-"))
		return fsr_cli_usage_error(o, "report needs -o DIR, the "
					   "folder to write");
	if (o->n_groups && REPORT_OPTS(o)->trend)
		return fsr_cli_usage_error(o, "--trend does not go with "
					   "--group: each group is compared "
					   "on its own");
	if (o->n_groups && o->db)
		return fsr_cli_usage_error(o, "--group takes run sets, not "
					   "--db");
	return fsr_cli_groups_check(o);
}

/* The folder of the comparison v, titled as -t, --subtitle and
 * --caption say. */
static int write_folder(const struct fsr_options *o, const struct fsr_view *v)
{
	const struct report_options *rep = REPORT_OPTS(o);
	struct fsr_render_opts ro;

	fsr_cli_render_opts(o, &ro);
	ro.title = rep->title;
	ro.subtitle = rep->subtitle;
	ro.caption = rep->caption;
	return write_report(o, v, &ro);
}

/* A run set as report orders it: its argument, label and place given. */
struct rs_arg {
	char *arg, *label;
	size_t given;
};

/* A label that looks like a version: a dotted number ("6.1", "v6.10",
 * "linux-6.2-rc1"); *prefix_len is the length of what comes before its
 * first digit. */
static int looks_like_version(const char *label, size_t *prefix_len)
{
	const char *d = strpbrk(label, "0123456789"), *p;

	if (!d)
		return 0;
	*prefix_len = (size_t)(d - label);
	for (p = d; *p; p++)
		if (*p == '.' && p > d && p[-1] >= '0' && p[-1] <= '9' &&
		    p[1] >= '0' && p[1] <= '9')
			return 1;
	return 0;
}

static int rs_by_version(const void *a, const void *b)
{
	const struct rs_arg *x = a, *y = b;
	int c = fsr_version_cmp(x->label, y->label);

	return c ? c : (x->given > y->given) - (x->given < y->given);
}

static int rs_by_name(const void *a, const void *b)
{
	const struct rs_arg *x = a, *y = b;
	int c = strcmp(x->label, y->label);

	return c ? c : (x->given > y->given) - (x->given < y->given);
}

/*
 * A series report (3 or more run sets, or --trend) in one order
 * throughout, summary, overview, charts and text as the trend section
 * (issue 34): --order name or version sorts the run sets for all of it;
 * without --order, labels that look like versions (a dotted number
 * after one prefix: 6.1, v6.10, linux-6.2-rc1) given out of version order ("v6.1 v6.10 v6.2", a shell glob's) are
 * put in it, and a line on stderr says so (-q silences it; --order
 * given keeps the command line's). --order time stays the trend
 * section's (it needs the runs' timestamps); run sets from --db are
 * ordered by their stored labels (db_series_order()). Sorts the arguments and their labels in o (a copy
 * the caller owns); 1 when it moved any.
 */
static int series_order(struct fsr_options *o)
{
	struct rs_arg *a;
	size_t i, n = o->n_runsets, versions = 0, pre = 0, pre0 = 0;
	int how = o->order, moved = 0;

	if (o->db || o->n_groups || !o->labels || n < 2 ||
	    (!REPORT_OPTS(o)->trend && n < 3))
		return 0;
	a = fsr_xcalloc(n + 1, sizeof(*a));
	for (i = 0; i < n; i++) {
		a[i].arg = o->runsets[i];
		a[i].label = o->labels[i];
		a[i].given = i;
		/* every label a version, after one prefix */
		if (looks_like_version(a[i].label, &pre) &&
		    (!i || (pre == pre0 &&
			    !strncmp(a[i].label, a[0].label, pre))))
			versions++;
		if (!i)
			pre0 = pre;
	}
	if (how < 0 && versions == n)
		how = FSR_ORDER_VERSION;
	if (how == FSR_ORDER_VERSION || how == FSR_ORDER_NAME)
		qsort(a, n, sizeof(*a), how == FSR_ORDER_NAME ? rs_by_name :
		      rs_by_version);
	for (i = 0; i < n; i++) {
		moved |= a[i].given != i;
		o->runsets[i] = a[i].arg;
		o->labels[i] = a[i].label;
	}
	if (moved && o->order < 0) {
		struct fsr_buf b = FSR_BUF_INIT;

		for (i = 0; i < n && i < 4; i++)
			fsr_buf_addf(&b, "%s%s", i ? ", " : "", a[i].label);
		if (n > 4)
			fsr_buf_addf(&b, ", ... %s", a[n - 1].label);
		fsr_notice(o, "run sets in version order (%s): their "
			   "labels look like versions; --order given keeps "
			   "the command line's", b.buf);
		fsr_buf_release(&b);
	}
	free(a);
	return moved;
}

/* label as a glob that fnmatch() matches to label alone. */
static char *exact_glob(const char *label)
{
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_buf_adds(&b, "");
	for (; *label; label++) {
		if (strchr("*?[]\\", *label))
			fsr_buf_addc(&b, '\\');
		fsr_buf_addc(&b, *label);
	}
	return fsr_buf_detach(&b);
}

/*
 * --db: the stored run sets of a series in one order as series_order()
 * puts folders (issue 34): the labels the selection reads, in the
 * store's order, are ordered as folders' would be; when that moves any,
 * the patterns of rep become those labels, each matching itself alone,
 * in that order (the store reads a run set in the order of the first
 * pattern it matches). *globs: the new patterns, for the caller to free.
 */
static int db_series_order(struct report_options *rep, char ***globs)
{
	struct report_options t = *rep;
	char **labels = NULL, **args;
	size_t n = 0, i;
	int rc;

	*globs = NULL;
	if (!rep->c.db || rep->c.n_groups)
		return 0;
	rc = fsr_cli_store_labels(&rep->c, &labels, &n);
	if (rc || n < 2) {
		/* none chosen: loading says so, with its exit code */
		for (i = 0; i < n; i++)
			free(labels[i]);
		free(labels);
		return rc;
	}
	args = fsr_xcalloc(n + 1, sizeof(*args));
	memcpy(args, labels, n * sizeof(*args));
	t.c.db = NULL;
	t.c.runsets = args;
	t.c.labels = labels;
	t.c.n_runsets = n;
	if (series_order(&t.c)) {
		*globs = fsr_xcalloc(n + 1, sizeof(**globs));
		for (i = 0; i < n; i++)
			(*globs)[i] = exact_glob(t.c.labels[i]);
		rep->c.runsets = *globs;
		rep->c.n_runsets = n;
	}
	for (i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	free(args);
	return 0;
}

static int report(const struct fsr_options *o)
{
	struct report_options copy = *REPORT_OPTS(o);
	char **args = NULL, **labels = NULL, **globs = NULL;
	size_t i;
	int rc;

	rc = db_series_order(&copy, &globs);
	if (rc)
		return rc;
	/* the copy's own arrays, sorted; the strings stay o's */
	if (!o->db && o->n_runsets && o->labels) {
		args = fsr_xcalloc(o->n_runsets + 1, sizeof(*args));
		labels = fsr_xcalloc(o->n_runsets + 1, sizeof(*labels));
		memcpy(args, o->runsets, o->n_runsets * sizeof(*args));
		memcpy(labels, o->labels, o->n_runsets * sizeof(*labels));
		copy.c.runsets = args;
		copy.c.labels = labels;
		series_order(&copy.c);
	}
	if (o->db)
		fsr_cli_cp_cache_want();
	rc = fsr_cli_comparison(&copy.c, write_folder);
	fsr_cli_cp_cache_end(o);
	free(args);
	free(labels);
	for (i = 0; globs && globs[i]; i++)
		free(globs[i]);
	free(globs);
	return rc;
}

const struct fsr_cmd fsr_cmd_report = {
	.name = "report",
	.command = FSR_CMD_REPORT,
	.synopsis = "fsreport report [OPTION]... RUNSET RUNSET... -o DIR",
	.summary = "compare as one folder: index.html, index.md, summary.txt, "
		   "charts/",
	.opts_size = sizeof(struct report_options),
	.opts = report_opts,
	.flags = FSR_CMD_NEEDS_RUNSETS,
	.help_tail = "DIR gets index.html (self-contained), index.md, "
		     "summary.txt and charts/ (an\nSVG and a PNG per chart; "
		     "--no-png: SVGs only); it is replaced whole.\n",
	.check = check_report,
	.run = report,
};
