/*
 * trend.c - the trend command: "fsreport trend RUNSET..." takes the run
 * sets as a series (cli/series.c orders them), every numeric result's
 * means with intervals, change points by E-divisive means, the text or
 * CSV report and the charts.
 */
#include "cli.h"
#include "../analyze/changepoint.h"
#include "../render/trend.h"

#include "../lib/alloc.h"
#include <stdlib.h>
#include <string.h>

static int trend(const struct fsr_options *o)
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
	fsr_cli_cp_cache_want();
	rc = fsr_cli_load_analyzed(o, r, &stats);
	if (rc)
		goto out;
	order = fsr_xmalloc((r->n_systems + 1) * sizeof(*order));
	if ((rc = fsr_cli_trend_order(o->order, r, order)))
		goto out;
	fsr_cli_trend_opts(o, &to);
	to.cp.cache = fsr_cli_cp_cache();
	t = fsr_trend(r, stats, order, r->n_systems, &to, &d);
	fsr_cli_cp_cache_end(o);
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
	rc = fsr_cli_render_cmd(o, &view);
out:
	fsr_cli_cp_cache_end(o);
	rc = fsr_cli_finish(o, rc, NULL);
	fsr_trend_free(t);
	fsr_stats_free(stats);
	free(order);
	fsr_report_free(r);
	return rc;
}

static const struct fsr_opt *const trend_opts[] = {
	FSR_O(format), FSR_O(output), FSR_O(width), FSR_O(confidence),
	FSR_O(alpha), FSR_O(min_change), FSR_O(seed), FSR_O(keep_going),
	FSR_O(verbose), FSR_O(quiet), FSR_O(color), FSR_O(svg), FSR_O(png),
	FSR_O(chart_dir), FSR_O(chart_format), FSR_O(scale), FSR_O(dpi),
	FSR_O(debug_layout), FSR_O(order), FSR_O(min_size),
	FSR_O(permutations), FSR_O(db), FSR_O(select), FSR_O(since),
	FSR_O(until), FSR_O(steady), NULL
};

static const char *const trend_formats[] = { "ascii", "csv", NULL };

const struct fsr_cmd fsr_cmd_trend = {
	.name = "trend",
	.command = FSR_CMD_TREND,
	.synopsis = "fsreport trend [OPTION]... RUNSET...",
	.summary = "a series of run sets: means, intervals and change points",
	.opts = trend_opts,
	.formats = trend_formats,
	.render_text = fsr_render_trend_text,
	.render_csv = fsr_render_trend_csv,
	.run = trend,
};
