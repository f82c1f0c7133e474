/*
 * plan.c - "fsreport plan PILOT... --detect PCT | --equivalence PCT":
 * how many runs per configuration a comparison needs, from pilot runs
 * (a few per configuration, or a stored series with --db), before the
 * machine time is spent. The method is analyze/power.c's fsr_plan()
 * (docs/methods.md section 13); the outputs (text, Markdown, CSV, JSON)
 * render/text/plan.c's.
 */
#include "cli.h"

#include <string.h>

/* plan's options: the shared ones, then its own. */
struct plan_options {
	struct fsr_options c;
	double detect, power;    /* --detect PCT, --power P */
	size_t compared;         /* --compared N, 0: from the pilot */
};
#define PLAN_OFF(f) FSR_CMD_OFF(struct plan_options, f)

static const struct fsr_opt opt_detect = {
	.name = "detect", .kind = FSR_OPT_PERCENT, .offset = PLAN_OFF(detect),
	.arg = "PCT", .min = 0, .min_open = 1, .max = 1000,
	.help = "runs that detect a change of PCT",
};
static const struct fsr_opt opt_power = {
	.name = "power", .kind = FSR_OPT_NUMBER, .offset = PLAN_OFF(power),
	.arg = "P", .help = "the power asked, 0 < P < 1 (default 0.8)",
};
static const struct fsr_opt opt_compared = {
	.name = "compared", .kind = FSR_OPT_COUNT,
	.offset = PLAN_OFF(compared), .arg = "N", .min = 1, .max = 100000,
	.help = "systems to be set against the baseline (default: the "
		"pilot's systems - 1, at least 1)",
};

static int check_plan(struct fsr_options *o)
{
	struct plan_options *p = FSR_CMD_OPTS(struct plan_options, o);

	if ((p->detect > 0) == (o->equivalence > 0))
		return fsr_cli_usage_error(o, "plan needs one of --detect PCT "
					   "and --equivalence PCT");
	if (p->power == 0)
		p->power = 0.8;
	if (!(p->power > 0 && p->power < 1))
		return fsr_cli_usage_error(o, "--power %g is not between 0 "
					   "and 1", p->power);
	if (o->equivalence > 0 && !(o->alpha < 0.5))
		return fsr_cli_usage_error(o, "--alpha %g: the two one-sided "
					   "tests need alpha below 0.5",
					   o->alpha);
	return 0;
}

static int plan(const struct fsr_options *o)
{
	const struct plan_options *pl =
		FSR_CMD_OPTS(const struct plan_options, o);
	struct fsr_report *r = fsr_report_new();
	struct fsr_stats *stats = NULL;
	struct fsr_plan *p = NULL;
	struct fsr_plan_opts po;
	struct fsr_view view;
	struct fsr_diag d;
	int rc = fsr_cli_load_analyzed(o, r, &stats);

	if (!rc) {
		memset(&po, 0, sizeof(po));
		po.equivalence = o->equivalence > 0;
		po.pct = po.equivalence ? o->equivalence : pl->detect;
		po.power = pl->power;
		po.alpha = o->alpha;
		po.adjust = (enum fsr_adjust)o->adjust;
		po.n_compared = pl->compared;
		po.series = o->db != NULL;
		fsr_diag_clear(&d);
		if (!(p = fsr_plan(r, stats, &po, &d)))
			rc = fsr_report_diag(&d, FSR_EUSAGE);
	}
	if (!rc) {
		memset(&view, 0, sizeof(view));
		view.command = FSR_CMD_PLAN;
		view.report = r;
		view.stats = stats;
		view.plan = p;
		rc = fsr_cli_render_cmd(o, &view);
	}
	rc = fsr_cli_finish(o, rc, NULL);
	fsr_plan_free(p);
	fsr_stats_free(stats);
	fsr_report_free(r);
	return rc;
}

static const struct fsr_opt *const plan_opts[] = {
	&opt_detect, FSR_O(equivalence), &opt_power, FSR_O(alpha),
	FSR_O(adjust), &opt_compared, FSR_O(format), FSR_O(output),
	FSR_O(width), FSR_O(keep_going), FSR_O(verbose), FSR_O(quiet),
	FSR_O(db), FSR_O(select), FSR_O(since), FSR_O(until),
	FSR_O(drop_first), FSR_O(steady), NULL
};

static const char *const plan_formats[] = { "ascii", "markdown", "csv", "json",
					     NULL };

const struct fsr_cmd fsr_cmd_plan = {
	.name = "plan",
	.command = FSR_CMD_PLAN,
	.synopsis = "fsreport plan --detect PCT | --equivalence PCT "
		    "[OPTION]... PILOT...",
	.summary = "runs per configuration a comparison needs, from pilot "
		   "runs",
	.opts_size = sizeof(struct plan_options),
	.opts = plan_opts,
	.formats = plan_formats,
	.render_text = fsr_render_plan_text,
	.render_csv = fsr_render_plan_csv,
	.flags = FSR_CMD_NEEDS_RUNSETS,
	.check = check_plan,
	.run = plan,
	.render_json = fsr_render_plan_json,
	.render_markdown = fsr_render_plan_markdown,
};
