/*
 * pipeline.c - the steps the commands share, each returning an exit code:
 * load and analyse the run sets, compare them (compare, report), and
 * finish: every output put in place together or none, what a paged
 * chart wrote, and the exit status the run earned on the way
 * (--fail-on-regression, a file --keep-going went past).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/*
 * A show whose only output is a renderer that reads summaries one result
 * at a time keeps none (charts and the layout dump read them all).
 */
static int summaries_on_demand(const struct fsr_options *o)
{
	const struct fsr_renderer *rend =
		fsr_renderer_find(o->format ? o->format : "ascii");

	return o->command == FSR_CMD_SHOW && rend && rend->flags & FSR_RENDER_STATS_ON_DEMAND &&
	       !fsr_cli_charts_wanted(o) && !o->debug_layout;
}

/*
 * What of the summaries nobody reads, where a renderer that reads only
 * the tests' marks is their only reader: a show of on-demand stats (and
 * no geometric mean), a compare without charts (compare reads the
 * geometric means).
 */
unsigned fsr_cli_summaries_lean(const struct fsr_options *o)
{
	const struct fsr_renderer *rend =
		fsr_renderer_find(o->format ? o->format : "ascii");

	if (!rend || !(rend->flags & FSR_RENDER_SUMMARY_MARKS))
		return 0;
	if (summaries_on_demand(o))
		return FSR_LEAN_TESTS | FSR_LEAN_GMEAN;
	if (o->command == FSR_CMD_COMPARE && !fsr_cli_charts_wanted(o) &&
	    !o->debug_layout)
		return FSR_LEAN_TESTS;
	return 0;
}

struct fsr_stats *fsr_cli_stats_as_read(const struct fsr_options *o,
					struct fsr_report *r,
					struct fsr_diag *d)
{
	struct fsr_analyze_opts ao;

	memset(&ao, 0, sizeof(ao));
	ao.confidence = o->confidence;
	ao.on_demand = 1;
	ao.lean = fsr_cli_summaries_lean(o);
	return fsr_analyze(r, &ao, d);
}

int fsr_cli_load_analyzed(const struct fsr_options *o, struct fsr_report *r,
			  struct fsr_stats **stats)
{
	struct fsr_analyze_opts ao = { o->confidence,
					summaries_on_demand(o), 0 };
	struct fsr_diag d;
	int rc;

	ao.lean = fsr_cli_summaries_lean(o);
	*stats = NULL;
	fsr_progress_begin(o);
	rc = fsr_cli_load(o, r);
	fsr_progress_end();
	/* --only, --exclude and --sort, for the commands that take them */
	if (!rc && fsr_cli_cmd_opt(o->cmd, "only"))
		rc = fsr_cli_select(o, r);
	if (rc)
		return rc;
	/* after --drop-first, which drops a first run's series with it:
	 * the runs counted are the runs kept */
	if (o->drop_first)
		fsr_report_drop_first(r);
	fsr_report_steady(r, o->steady);
	fsr_diag_clear(&d);
	*stats = fsr_analyze(r, &ao, &d);
	return *stats ? 0 : fsr_report_diag(&d, FSR_EINTERNAL);
}

int fsr_cli_summaries(const struct fsr_options *o, enum fsr_command command)
{
	struct fsr_stats *stats = NULL;
	struct fsr_report *r = fsr_report_new();
	struct fsr_view view;
	int rc;

	rc = fsr_cli_load_analyzed(o, r, &stats);
	if (!rc) {
		memset(&view, 0, sizeof(view));
		view.command = command;
		view.report = r;
		view.stats = stats;
		rc = fsr_cli_render_cmd(o, &view);
	}
	rc = fsr_cli_finish(o, rc, NULL);
	fsr_stats_free(stats);
	fsr_report_free(r);
	return rc;
}

int fsr_cli_render_cmd(const struct fsr_options *o, const struct fsr_view *v)
{
	const struct fsr_cmd *cmd = o->cmd;

	if (!cmd->render_text)
		return fsr_cli_write_text(o, v);
	if (cmd->render_json && o->format && !strcmp(o->format, "json"))
		return fsr_cli_write_view(o, cmd->render_json, v);
	if (cmd->render_markdown && o->format &&
	    !strcmp(o->format, "markdown"))
		return fsr_cli_write_view(o, cmd->render_markdown, v);
	return fsr_cli_write_view(o, o->format && !strcmp(o->format, "csv") ?
				  cmd->render_csv : cmd->render_text, v);
}

int fsr_cli_comparison(const struct fsr_options *o,
		       int (*write)(const struct fsr_options *o,
				    const struct fsr_view *v))
{
	struct fsr_comparison *cmp = NULL;
	struct fsr_stats *stats = NULL;
	struct fsr_report *r = fsr_report_new();
	struct fsr_view view;
	int rc;

	rc = fsr_cli_load_analyzed(o, r, &stats);
	if (!rc)
		rc = fsr_cli_compared(o, r, &stats, &cmp);
	if (!rc) {
		/* a report is compare written as a folder */
		memset(&view, 0, sizeof(view));
		view.command = FSR_CMD_COMPARE;
		view.report = r;
		view.stats = stats;
		view.cmp = cmp;
		rc = write(o, &view);
	}
	rc = fsr_cli_finish(o, rc, cmp);
	fsr_cli_groups_free(o->groups, o->n_groups);
	fsr_comparison_free(cmp);
	fsr_stats_free(stats);
	fsr_report_free(r);
	return rc;
}

int fsr_cli_compare_opts(const struct fsr_options *o,
			 struct fsr_compare_opts *co)
{
	memset(co, 0, sizeof(*co));
	co->confidence = o->confidence;
	co->alpha = o->alpha;
	co->min_change = o->min_change;
	co->test = (enum fsr_test_kind)o->test;
	co->adjust = (enum fsr_adjust)o->adjust;
	co->ci = (enum fsr_ci_method)o->ci;
	co->seed = o->seed;
	co->boot_b = o->boot_b;
	co->baseline = o->baseline;
	co->outliers = (enum fsr_outlier_rule)o->outliers;
	co->runs_needed_pct = o->runs_needed;
	co->sign_better = o->sign_better;
	if (o->equivalence > 0 && o->max_regression > 0)
		return fsr_cli_usage_error(o, "--equivalence and "
					   "--max-regression are two margins; "
					   "give one");
	if (o->equivalence > 0) {
		co->margin = FSR_MARGIN_EQUIVALENCE;
		co->margin_pct = o->equivalence;
	} else if (o->max_regression > 0) {
		co->margin = FSR_MARGIN_NONINFERIORITY;
		co->margin_pct = o->max_regression;
	}
	fsr_cli_geomean_select(o, co);
	return 0;
}

int fsr_cli_compared(const struct fsr_options *o, struct fsr_report *r,
		     struct fsr_stats **stats, struct fsr_comparison **cmp)
{
	struct fsr_compare_opts co;
	struct fsr_diag d;
	int rc;

	/* One system has nothing to be compared with: a usage error,
	 * naming the command that summarises one (issue 34). */
	if (r->n_systems == 1) {
		fsr_error("%s: one system ('%s'); %s needs two or more, the "
			  "first the baseline: 'fsreport show' summarises one",
			  r->n_runsets == 1 ? r->runsets[0].path :
			  "the run sets", r->systems[0].label, o->cmd->name);
		return FSR_EXIT_USAGE;
	}
	rc = fsr_cli_compare_opts(o, &co);
	if (rc)
		return rc;
	*cmp = fsr_compare(r, *stats, &co, &d);
	if (!*cmp)
		return fsr_report_diag(&d, FSR_EINTERNAL);
	fsr_view_sign(*cmp, r);
	rc = fsr_cli_sort_by_change(o, r, stats, cmp, &co);
	if (!rc)
		rc = fsr_cli_only_changed(o, r, *stats, *cmp);
	if (!rc && o->n_groups)
		rc = fsr_cli_group_compare(o->groups, o->n_groups, r, &co);
	return rc;
}

int fsr_cli_finish(const struct fsr_options *o, int rc,
		   const struct fsr_comparison *cmp)
{
	int prc;

	/* All outputs in place together, or none. */
	if (rc != FSR_EXIT_OK && rc != FSR_EXIT_REGRESSION) {
		fsr_outputs_discard();
		free(o->state->charts_said);
		o->state->charts_said = NULL;
		return rc;
	}
	prc = fsr_outputs_publish();
	if (!prc && o->state->charts_said)
		fsr_notice(o, "%s", o->state->charts_said);
	free(o->state->charts_said);
	o->state->charts_said = NULL;
	if (prc)
		return prc;
	/* compare --fail-on-regression: the output is written, then
	 * exit 1. */
	if (rc == FSR_EXIT_OK && cmp && o->cmd->regressed &&
	    o->cmd->regressed(o, cmp))
		rc = FSR_EXIT_REGRESSION;
	/* --keep-going: the rest is reported, a failed file is still 3. */
	if (o->state->kept_going_past)
		rc = FSR_EXIT_INPUT;
	return rc;
}
