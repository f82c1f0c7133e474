/*
 * group.c - compare --group: each group compared on its own.
 *
 * A group's first run set is its baseline (docs/usage.md), so each group
 * is a comparison of its own: a report of the group's run sets alone is
 * made from the one read (the same samples, labels and results, in the
 * same order), analysed and compared as compare does without groups.
 * Its Holm (or BH) family and the level of its intervals are the
 * group's rows only: a group is one question, whatever stands beside it.
 * The table (render/text/table.c) takes each group's change, interval and
 * verdict from there; --fail-on-regression reads the groups' verdicts.
 */
#include "cli.h"
#include "../lib/alloc.h"
#include "../model/series.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void replace(char **dst, const char *src)
{
	free(*dst);
	*dst = src ? fsr_xstrdup(src) : NULL;
}

static void copy_cell(struct fsr_cell *to, const struct fsr_cell *c)
{
	size_t k;

	fsr_cell_reserve(to, c->n);
	for (k = 0; k < c->n; k++)
		fsr_cell_add_sample(to, c->samples[k]);
	for (k = 0; k < c->n_failed; k++)
		fsr_cell_add_failed(to, fsr_cell_fail_reason(c));
	if (c->stored)
		fsr_cell_set_stored(to, c->stored);
	to->stored_decimals = c->stored_decimals;
	/* the runs' time series: the group's steady-state marks (y) are
	 * its summaries', made from them (analyze/describe.c) */
	if (fsr_cell_series(c)) {
		const struct fsr_seriesset *ss = fsr_cell_series(c);

		for (k = 0; k < ss->n; k++)
			fsr_cell_add_series(to, ss->runs[k].t_ms,
					    ss->runs[k].v, ss->runs[k].n);
	}
}

/* The runs --drop-first left out of the group's cells: each numeric bar
 * cell it kept 2 or more runs of lost its first (fsr_report_drop_first()
 * drops from cells of 3 or more), never more than the whole report's. */
static size_t group_dropped_first(const struct fsr_report *r,
				  const struct fsr_report *sub)
{
	size_t i, j, n = 0;

	if (!r->n_dropped_first)
		return 0;
	for (i = 0; i < sub->n_results; i++) {
		const struct fsr_result *res = sub->results[i];

		if (res->display != FSR_DISPLAY_BAR)
			continue;
		for (j = 0; j < res->n_cells; j++)
			if (res->cells[j].n >= 2)
				n++;
	}
	return n < r->n_dropped_first ? n : r->n_dropped_first;
}

/* The report of run sets [g->first, g->first + g->n) of r; fills
 * g->result_of and g->system_of. */
static struct fsr_report *group_report(const struct fsr_report *r,
				       struct fsr_table_group *g)
{
	struct fsr_report *sub = fsr_report_new();
	size_t *sys_of = fsr_xcalloc(r->n_systems + 1, sizeof(*sys_of));
	size_t *res_of = fsr_xcalloc(r->n_results + 1, sizeof(*res_of));
	size_t i, j;

	for (i = 0; i < g->n; i++) {
		const struct fsr_runset *rs = &r->runsets[g->first + i];

		fsr_report_add_runset(sub, rs->label, rs->path,
				      rs->explicit_label);
	}
	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];
		size_t k;

		sys_of[i] = SIZE_MAX;
		if (s->runset < g->first || s->runset >= g->first + g->n)
			continue;
		k = fsr_report_system(sub, s->runset - g->first, s->name);
		replace(&sub->systems[k].label, s->label);
		sys_of[i] = k;
	}
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];
		struct fsr_result_key key = { res->test, res->arguments,
					      res->description,
					      res->app_version, res->unit };
		struct fsr_result *to = NULL;

		res_of[i] = SIZE_MAX;
		for (j = 0; j < res->n_cells; j++) {
			size_t s = sys_of[res->cells[j].system];

			if (s == SIZE_MAX)
				continue;
			if (!to) {
				to = fsr_report_result(sub, &key);
				replace(&to->title, res->title);
				replace(&to->test_id, res->test_id);
				to->better = res->better;
				to->display = res->display;
				to->derived = res->derived;
				res_of[i] = sub->n_results - 1;
			}
			copy_cell(fsr_result_cell(to, s), &res->cells[j]);
		}
	}
	/* the first runs --drop-first left out, as the report says it */
	sub->n_dropped_first = group_dropped_first(r, sub);
	g->system_of = sys_of;
	g->result_of = res_of;
	return sub;
}

int fsr_cli_group_compare(struct fsr_table_group *groups, size_t n_groups,
			  const struct fsr_report *r,
			  const struct fsr_compare_opts *co)
{
	struct fsr_analyze_opts ao = { co->confidence, 0, 0 };
	struct fsr_compare_opts gco = *co;
	size_t g;

	gco.baseline = NULL; /* the group's first system */
	for (g = 0; g < n_groups; g++) {
		struct fsr_table_group *gr = &groups[g];
		struct fsr_report *sub = group_report(r, gr);
		struct fsr_diag d;

		gr->report = sub;
		fsr_diag_clear(&d);
		gr->stats = fsr_analyze(sub, &ao, &d);
		if (gr->stats)
			gr->cmp = fsr_compare(sub, gr->stats, &gco, &d);
		fsr_view_sign(gr->cmp, sub);
		if (!gr->cmp)
			return fsr_report_diag(&d, FSR_EINTERNAL);
	}
	return 0;
}

/* --group TITLE: the run sets that follow it, up to the next --group,
 * form one group; the run sets seen so far say where it starts.
 * fsr_cli_groups_check() fills in how many it holds. */
static int parse_group(struct fsr_options *o, const char *v)
{
	FSR_GROW(o->groups, o->cap_groups, o->n_groups + 1);
	o->groups[o->n_groups].title = v;
	o->groups[o->n_groups].first = o->n_runsets;
	o->groups[o->n_groups].n = 0;
	o->n_groups++;
	return 0;
}

const struct fsr_opt fsr_cli_opt_group = {
	.name = "group", .kind = FSR_OPT_CUSTOM, .offset = FSR_OFF(groups),
	.arg = "TITLE", .parse = parse_group,
	.help = "start a titled group of the run sets after it",
};

int fsr_cli_groups_check(struct fsr_options *o)
{
	size_t g;

	if (!o->n_groups)
		return 0;
	if (o->baseline)
		return fsr_cli_usage_error(o, "--baseline does not go with "
					   "--group: each group's first run "
					   "set is its baseline");
	if (o->only_changed)
		return fsr_cli_usage_error(o, "--only-changed does not go "
					   "with --group");
	if (o->groups[0].first > 0)
		return fsr_cli_usage_error(o, "run set '%s' comes before the "
					   "first --group", o->runsets[0]);
	for (g = 0; g < o->n_groups; g++) {
		size_t end = g + 1 < o->n_groups ? o->groups[g + 1].first :
			     o->n_runsets;

		o->groups[g].n = end - o->groups[g].first;
		if (!o->groups[g].n)
			return fsr_cli_usage_error(o, "--group '%s' has no "
						   "run set after it",
						   o->groups[g].title);
	}
	return 0;
}

int fsr_cli_groups_worse(const struct fsr_table_group *groups,
			 size_t n_groups)
{
	size_t g, i;

	for (g = 0; g < n_groups; g++)
		for (i = 0; groups[g].cmp && i < groups[g].cmp->n_rows; i++)
			if (groups[g].cmp->rows[i].verdict ==
			    FSR_VERDICT_WORSE)
				return 1;
	return 0;
}

void fsr_cli_groups_free(struct fsr_table_group *groups, size_t n_groups)
{
	size_t g;

	for (g = 0; g < n_groups; g++) {
		struct fsr_table_group *gr = &groups[g];

		fsr_comparison_free(gr->cmp);
		fsr_stats_free(gr->stats);
		fsr_report_free(gr->report);
		free(gr->result_of);
		free(gr->system_of);
		gr->cmp = NULL;
		gr->stats = NULL;
		gr->report = NULL;
		gr->result_of = gr->system_of = NULL;
	}
}
