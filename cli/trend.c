/*
 * trend.c - fsreport trend RUNSET...: the run sets as a series (in the
 * order given, or --order name|version|time), every numeric result's
 * means with intervals, change points by E-divisive means, the text or
 * CSV report and the charts.
 */
#include "cli.h"
#include "../analyze/changepoint.h"
#include "../render/trend.h"

#include "../lib/alloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct rs_key {
	size_t rs;
	const char *label;
	const char *time;   /* earliest timestamp of its systems, or NULL */
};

static int by_name(const void *a, const void *b)
{
	const struct rs_key *x = a, *y = b;
	int c = strcmp(x->label, y->label);

	return c ? c : (x->rs > y->rs) - (x->rs < y->rs);
}

static int by_version(const void *a, const void *b)
{
	const struct rs_key *x = a, *y = b;
	int c = fsr_version_cmp(x->label, y->label);

	return c ? c : (x->rs > y->rs) - (x->rs < y->rs);
}

static int by_time(const void *a, const void *b)
{
	const struct rs_key *x = a, *y = b;
	int c = strcmp(x->time, y->time);

	return c ? c : (x->rs > y->rs) - (x->rs < y->rs);
}

/* The systems of r in trend order into *order (n_systems of them).
 * Returns an exit code. */
int fsr_cli_trend_order(const struct fsr_options *o,
			const struct fsr_report *r, size_t *order)
{
	struct rs_key *k = fsr_xcalloc(r->n_runsets + 1, sizeof(*k));
	const char *how = o->order ? o->order : "given";
	size_t i, j, n = 0;

	for (i = 0; i < r->n_runsets; i++) {
		k[i].rs = i;
		k[i].label = r->runsets[i].label;
	}
	for (i = 0; i < r->n_systems; i++) {
		const char *ts = fsr_kvlist_get(&r->systems[i].meta,
						"timestamp");
		struct rs_key *rk = &k[r->systems[i].runset];

		if (ts && *ts && (!rk->time || strcmp(ts, rk->time) < 0))
			rk->time = ts;
	}
	if (!strcmp(how, "time")) {
		for (i = 0; i < r->n_runsets; i++) {
			if (k[i].time)
				continue;
			fsr_error("%s: no timestamp in its runs; --order time "
				  "needs one (try --order name or version)",
				  r->runsets[i].path);
			free(k);
			return FSR_EXIT_INPUT;
		}
		qsort(k, r->n_runsets, sizeof(*k), by_time);
	} else if (!strcmp(how, "name")) {
		qsort(k, r->n_runsets, sizeof(*k), by_name);
	} else if (!strcmp(how, "version")) {
		qsort(k, r->n_runsets, sizeof(*k), by_version);
	}
	for (i = 0; i < r->n_runsets; i++)
		for (j = 0; j < r->n_systems; j++)
			if (r->systems[j].runset == k[i].rs)
				order[n++] = j;
	free(k);
	return FSR_EXIT_OK;
}

void fsr_cli_trend_opts(const struct fsr_options *o,
			struct fsr_trend_opts *to)
{
	struct fsr_cp_opts cp = FSR_CP_OPTS_INIT;

	memset(to, 0, sizeof(*to));
	to->confidence = o->confidence;
	to->min_change = o->min_change;
	cp.min_size = o->min_size;
	cp.sig = o->alpha;
	cp.permutations = o->permutations;
	cp.seed = o->seed;
	to->cp = cp;
}

int fsr_cli_trend(const struct fsr_options *o)
{
	struct fsr_trend_opts to;
	struct fsr_stats *stats = NULL;
	struct fsr_trend *t = NULL;
	struct fsr_report *r;
	struct fsr_view view;
	struct fsr_diag d;
	size_t *order = NULL;
	int rc;

	r = fsr_report_new();
	rc = fsr_cli_load_analyzed(o, r, &stats);
	if (rc)
		goto out;
	order = fsr_xmalloc((r->n_systems + 1) * sizeof(*order));
	if ((rc = fsr_cli_trend_order(o, r, order)))
		goto out;
	fsr_cli_trend_opts(o, &to);
	t = fsr_trend(r, stats, order, r->n_systems, &to, &d);
	if (!t) {
		rc = fsr_report_diag(&d, FSR_EINTERNAL);
		goto out;
	}
	if (t->n_skipped && !o->quiet)
		fsr_warning("%zu result%s not numeric (pass/fail, line "
			    "graphs): not in the trend", t->n_skipped,
			    t->n_skipped == 1 ? " is" : "s are");
	memset(&view, 0, sizeof(view));
	view.command = FSR_CMD_TREND;
	view.report = r;
	view.stats = stats;
	view.trend = t;
	rc = fsr_cli_write_view(o, o->format && !strcmp(o->format, "csv") ?
				fsr_render_trend_csv : fsr_render_trend_text,
				&view);
out:
	fsr_trend_free(t);
	fsr_stats_free(stats);
	free(order);
	fsr_report_free(r);
	return rc;
}

/* ------------------------------------------------------------ report */

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
	for (i = 0; i < t->n_rows && !rc; i++) {
		co.chart_result = t->rows[i].result;
		for (k = 0; k < 2 && !rc; k++) {
			struct fsr_buf b = FSR_BUF_INIT;

			fsr_buf_adds(&b, "charts/trend-");
			fsr_cli_chart_file(tv->report, t->rows[i].result,
					   fmts[k], &b);
			rc = fsr_cli_write_chart_in(o, dir, b.buf, fmts[k], tv,
						    &co);
			(*names)[n++] = fsr_buf_detach(&b);
		}
	}
	return rc;
}

int fsr_cli_report_trend(const struct fsr_options *o, struct fsr_output *dir,
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
	if (!o->trend && r->n_runsets < 3)
		return FSR_EXIT_OK;
	order = fsr_xmalloc((r->n_systems + 1) * sizeof(*order));
	rc = fsr_cli_trend_order(o, r, order);
	if (rc) {
		free(order);
		return rc;
	}
	fsr_cli_trend_opts(o, &to);
	t = fsr_trend(r, v->stats, order, r->n_systems, &to, &d);
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
		fsr_cli_report_trend_free(v);
	return rc;
}

void fsr_cli_report_trend_free(struct fsr_view *v)
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
