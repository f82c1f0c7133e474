/*
 * check.c - fsreport check --db FILE RUNSET: the new run set against the
 * series stored in FILE (chosen with --select, --since, --until), for CI:
 * only the changed results are printed, and a proven regression is exit
 * 1. The method is analyze/check.c's.
 */
#include "cli.h"
#include "../analyze/changepoint.h"
#include "../render/trend.h"

#include "../lib/alloc.h"
#include <stdlib.h>
#include <string.h>

/* check's options: the shared ones, then its own. */
struct check_options {
	struct fsr_options c;
	int strict;              /* --strict */
};
#define CHECK_OPTS(o) FSR_CMD_OPTS(const struct check_options, o)

/* The baseline's systems (run sets before the last) into order; the new
 * run set's one system into *new_sys. Returns an exit code. */
static int split_series(const struct fsr_options *o,
			const struct fsr_report *r, size_t *order, size_t *n,
			size_t *new_sys)
{
	size_t last = r->n_runsets - 1, i, n_new = 0;

	*n = 0;
	for (i = 0; i < r->n_systems; i++) {
		if (r->systems[i].runset != last) {
			order[(*n)++] = i;
		} else {
			*new_sys = i;
			n_new++;
		}
	}
	if (n_new != 1) {
		fsr_error("%s: holds %zu systems; check takes a run set of "
			  "one", o->runsets[0], n_new);
		return FSR_EXIT_INPUT;
	}
	return FSR_EXIT_OK;
}

static int check_report(const struct fsr_options *o, struct fsr_report *r)
{
	struct fsr_analyze_opts ao = { o->confidence, 0, 0 };
	struct fsr_check_opts co;
	struct fsr_stats *stats = NULL;
	struct fsr_check *ck = NULL;
	struct fsr_view view;
	struct fsr_diag d;
	size_t *order = fsr_xmalloc((r->n_systems + 1) * sizeof(*order));
	size_t n, new_sys = 0;
	int rc = split_series(o, r, order, &n, &new_sys);

	fsr_diag_clear(&d);
	/* which mean a run with a time series has as its result (--steady),
	 * the runs counted for the note that says it */
	if (!rc)
		fsr_report_steady(r, o->steady);
	if (!rc && !(stats = fsr_analyze(r, &ao, &d)))
		rc = fsr_report_diag(&d, FSR_EINTERNAL);
	if (!rc) {
		memset(&co, 0, sizeof(co));
		fsr_cli_trend_opts(o, &co.trend);
		co.trend.cp.cache = fsr_cli_cp_cache();
		co.alpha = o->alpha;
		co.adjust = (enum fsr_adjust)o->adjust;
		co.max_regression = o->max_regression;
		co.strict = CHECK_OPTS(o)->strict;
		ck = fsr_check(r, stats, order, n, new_sys, &co, &d);
		fsr_cli_cp_cache_end(o);
		if (!ck)
			rc = fsr_report_diag(&d, FSR_EINTERNAL);
	}
	if (!rc) {
		memset(&view, 0, sizeof(view));
		view.command = FSR_CMD_CHECK;
		view.report = r;
		view.stats = stats;
		view.check = ck;
		rc = fsr_cli_render_cmd(o, &view);
	}
	/* --max-regression: the gate decides, not every 'worse' */
	if (!rc && (o->max_regression > 0 ? ck->gate_fails : ck->n_worse > 0))
		rc = FSR_EXIT_REGRESSION;
	fsr_check_free(ck);
	fsr_stats_free(stats);
	free(order);
	return rc;
}

static int check(const struct fsr_options *o)
{
	struct fsr_report *r = fsr_report_new();
	int rc;

	fsr_cli_cp_cache_want();
	rc = fsr_cli_load_store(o, NULL, 0, r);
	if (!rc) {
		fsr_progress_begin(o);
		rc = fsr_cli_import(o, r);
		fsr_progress_end();
	}
	if (!rc)
		rc = check_report(o, r);
	fsr_cli_cp_cache_end(o);
	rc = fsr_cli_finish(o, rc, NULL);
	fsr_report_free(r);
	return rc;
}

static const struct fsr_opt opt_strict = {
	.name = "strict", .kind = FSR_OPT_FLAG,
	.offset = FSR_CMD_OFF(struct check_options, strict),
	.help = "with --max-regression: fail when not proven either way",
};

static int check_check(struct fsr_options *o)
{
	const char *problem;

	if (CHECK_OPTS(o)->strict && !(o->max_regression > 0))
		return fsr_cli_usage_error(o, "--strict goes with "
					   "--max-regression PCT");
	/* a bad --since, --select without --db, a --format not ascii or
	 * csv: said first */
	if ((problem = fsr_cli_store_problem(o)) ||
	    (problem = fsr_cli_format_problem(o)))
		return fsr_cli_usage_error(o, "%s", problem);
	if (!o->db || o->n_runsets != 1)
		return fsr_cli_usage_error(o, "check needs --db FILE and one "
					   "run set");
	return 0;
}

/* The run set is a folder read as usual; --db, the series it is set
 * against, is read too. */
static enum fsr_cli_inputs check_inputs(const struct fsr_options *o)
{
	(void)o;
	return FSR_INPUTS_FOLDERS;
}

static const struct fsr_opt *const check_opts[] = {
	FSR_O(format), FSR_O(output), FSR_O(width), FSR_O(confidence),
	FSR_O(alpha), FSR_O(adjust), FSR_O(min_change), FSR_O(seed),
	FSR_O(keep_going), FSR_O(verbose), FSR_O(quiet), FSR_O(color),
	FSR_O(min_size), FSR_O(permutations), FSR_O(db), FSR_O(select),
	FSR_O(since), FSR_O(until), FSR_O(max_regression), &opt_strict,
	FSR_O(steady), NULL
};

static const char *const check_formats[] = { "ascii", "csv", NULL };

const struct fsr_cmd fsr_cmd_check = {
	.name = "check",
	.command = FSR_CMD_CHECK,
	.synopsis = "fsreport check --db FILE [OPTION]... RUNSET",
	.summary = "a new run set against the stored series; exit 1 on a "
		   "regression",
	.opts_size = sizeof(struct check_options),
	.opts = check_opts,
	.formats = check_formats,
	.render_text = fsr_render_check_text,
	.render_csv = fsr_render_check_csv,
	.flags = FSR_CMD_EXIT_REGRESSION | FSR_CMD_STORE_ALWAYS,
	.exit_codes = "exit codes: 0 no regression, 1 regression found, 2 "
		      "usage, 3 input or parse\nerror (a damaged store), 4 "
		      "output or I/O error, 5 internal error\n",
	.check = check_check,
	.run = check,
	.inputs = check_inputs,
};
