/*
 * compare.c - "fsreport compare RUNSET RUNSET...": the baseline (the
 * first run set, or --baseline) against every other system, a verdict
 * per result; --group compares titled groups of run sets each on its
 * own (cli/group.c); --fail-on-regression exits 1 on a 'worse'.
 */
#include "cli.h"

#include <string.h>

/* compare's options: the shared ones, then its own. */
struct compare_options {
	struct fsr_options c;
	int fail_on_regression;  /* --fail-on-regression */
};
#define COMPARE_OPTS(o) FSR_CMD_OPTS(const struct compare_options, o)

static const struct fsr_opt opt_fail_on_regression = {
	.name = "fail-on-regression", .kind = FSR_OPT_FLAG,
	.offset = FSR_CMD_OFF(struct compare_options, fail_on_regression),
	.help = "exit 1 when any verdict is 'worse'",
};

static const struct fsr_opt *const compare_opts[] = {
	FSR_O(format), FSR_O(output), FSR_O(width), FSR_O(confidence),
	FSR_O(alpha), FSR_O(baseline), FSR_O(test), FSR_O(adjust),
	FSR_O(min_change), FSR_O(runs_needed), FSR_O(equivalence),
	FSR_O(max_regression), FSR_O(ci), FSR_O(seed),
	FSR_O(bootstrap_b), FSR_O(sign), FSR_O(outliers),
	&opt_fail_on_regression, FSR_O(keep_going), FSR_O(verbose),
	FSR_O(quiet), FSR_O(color), &fsr_cli_opt_group, FSR_O(svg),
	FSR_O(png), FSR_O(chart_dir), FSR_O(chart_format), FSR_O(scale),
	FSR_O(dpi), FSR_O(debug_layout), FSR_O(only), FSR_O(exclude),
	FSR_O(geo_only), FSR_O(geo_exclude), FSR_O(only_changed), FSR_O(sort), FSR_O(note),
	FSR_O(db), FSR_O(select), FSR_O(drop_first), FSR_O(steady),
	FSR_O(percentiles), NULL
};

/* --group: compare lays groups out in tables only; the rest is the
 * groups' own check (cli/group.c), as report's. */
static int check_groups(struct fsr_options *o)
{
	if (o->n_groups && (!o->format || (strcmp(o->format, "table") &&
					   strcmp(o->format, "markdown"))))
		return fsr_cli_usage_error(o, "--group needs --format table "
					   "or markdown");
	return fsr_cli_groups_check(o);
}

/* --fail-on-regression: a verdict 'worse' (of a group's, with --group)
 * earns exit 1 once the outputs are written. */
static int regressed(const struct fsr_options *o,
		     const struct fsr_comparison *cmp)
{
	size_t i;

	if (!COMPARE_OPTS(o)->fail_on_regression)
		return 0;
	if (o->n_groups)
		return fsr_cli_groups_worse(o->groups, o->n_groups);
	for (i = 0; i < cmp->n_rows; i++)
		if (cmp->rows[i].verdict == FSR_VERDICT_WORSE)
			return 1;
	return 0;
}

static int compare(const struct fsr_options *o)
{
	/* two big PTS files in csv: read in step, not whole */
	int rc = fsr_cli_compare_streamed(o);

	return rc >= 0 ? rc : fsr_cli_comparison(o, fsr_cli_render_cmd);
}

const struct fsr_cmd fsr_cmd_compare = {
	.name = "compare",
	.command = FSR_CMD_COMPARE,
	.synopsis = "fsreport compare [OPTION]... RUNSET RUNSET...",
	.summary = "the baseline (first run set) against every other system",
	.opts_size = sizeof(struct compare_options),
	.opts = compare_opts,
	.flags = FSR_CMD_NEEDS_RUNSETS | FSR_CMD_LISTS_FORMATS |
		 FSR_CMD_EXIT_REGRESSION,
	.check = check_groups,
	.run = compare,
	.regressed = regressed,
};
