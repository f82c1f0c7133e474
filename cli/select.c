/*
 * select.c - which results a report shows, and in which order: --only
 * REGEX, --exclude REGEX (POSIX extended, regcomp), --sort
 * change|name|input. The results left out are taken out of the model
 * before anything is computed, so the text, the charts, the corrections
 * and the geometric mean all see the same results. A result is matched
 * by its name as the charts show it ("Title: Description (unit)") or
 * by its test id ("pts/fio-1.15.0"). --geomean-only and
 * --geomean-exclude match the same way and choose only what enters the
 * geometric mean.
 */
#include "cli.h"
#include "../lib/alloc.h"
#include "../render/vocab.h"

#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

static char problem[512];

/* The message of a regex that does not compile, or NULL. */
static const char *bad_regex(const char *opt, const char *re)
{
	char why[256];
	regex_t rx;
	int rc = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);

	if (!rc) {
		regfree(&rx);
		return NULL;
	}
	regerror(rc, &rx, why, sizeof(why));
	snprintf(problem, sizeof(problem), "%s: bad regular expression "
		 "'%s': %s", opt, re, why);
	return problem;
}

const char *fsr_cli_select_problem(const struct fsr_options *o)
{
	const char *p;

	if (o->only && (p = bad_regex("--only", o->only)))
		return p;
	if (o->exclude && (p = bad_regex("--exclude", o->exclude)))
		return p;
	if (o->geo_only && (p = bad_regex("--geomean-only", o->geo_only)))
		return p;
	if (o->geo_exclude &&
	    (p = bad_regex("--geomean-exclude", o->geo_exclude)))
		return p;
	if (o->sort && strcmp(o->sort, "change") && strcmp(o->sort, "name") &&
	    strcmp(o->sort, "input")) {
		snprintf(problem, sizeof(problem), "--sort wants change, name "
			 "or input, not '%s'", o->sort);
		return problem;
	}
	if (o->sort && !strcmp(o->sort, "change") &&
	    o->command == FSR_CMD_SHOW)
		return "--sort change needs a comparison (compare, report)";
	return NULL;
}

static int matches(const regex_t *rx, const struct fsr_result *res,
		   const char *name)
{
	return !regexec(rx, name, 0, NULL, 0) ||
	       (res->test_id && *res->test_id &&
		!regexec(rx, res->test_id, 0, NULL, 0));
}

/* Names of the results, for --sort name. */
static char **sort_names;

static int cmp_by_name(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, k = *(const size_t *)b;
	int c = strcmp(sort_names[i], sort_names[k]);

	return c ? c : (i > k) - (i < k);
}

int fsr_cli_select(const struct fsr_options *o, struct fsr_report *r)
{
	struct fsr_buf name = FSR_BUF_INIT;
	regex_t only, exclude;
	size_t *keep, n = 0, i, before = r->n_results;

	if (!o->only && !o->exclude && !(o->sort && !strcmp(o->sort, "name")))
		return 0;
	/* fsr_cli_select_problem() has compiled them once already */
	if (o->only && regcomp(&only, o->only, REG_EXTENDED | REG_NOSUB))
		return FSR_EXIT_INTERNAL;
	if (o->exclude &&
	    regcomp(&exclude, o->exclude, REG_EXTENDED | REG_NOSUB)) {
		if (o->only)
			regfree(&only);
		return FSR_EXIT_INTERNAL;
	}
	keep = fsr_xcalloc(before ? before : 1, sizeof(*keep));
	sort_names = fsr_xcalloc(before ? before : 1, sizeof(*sort_names));
	for (i = 0; i < before; i++) {
		fsr_buf_reset(&name);
		fsr_vocab_result_name(r->results[i], &name);
		sort_names[i] = fsr_xstrdup(name.buf);
		if (o->only && !matches(&only, r->results[i], name.buf))
			continue;
		if (o->exclude && matches(&exclude, r->results[i], name.buf))
			continue;
		keep[n++] = i;
	}
	if (o->sort && !strcmp(o->sort, "name") && n)
		qsort(keep, n, sizeof(*keep), cmp_by_name);
	if (n)
		fsr_report_keep_results(r, keep, n);
	for (i = 0; i < before; i++)
		free(sort_names[i]);
	free(sort_names);
	sort_names = NULL;
	free(keep);
	fsr_buf_release(&name);
	if (o->only)
		regfree(&only);
	if (o->exclude)
		regfree(&exclude);
	if (!n) {
		fsr_error("no result is left after --only/--exclude (of %zu)",
			  before);
		return FSR_EXIT_INPUT;
	}
	fsr_info(o, "%zu of %zu results selected", n, before);
	return 0;
}

/* The largest |change| in % of each result over its rows; NAN: none. */
static double *largest;

static int cmp_by_change(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, k = *(const size_t *)b;
	int ni = isnan(largest[i]), nk = isnan(largest[k]);

	if (ni != nk)
		return ni - nk;
	if (!ni && largest[i] != largest[k])
		return largest[i] < largest[k] ? 1 : -1;
	return (i > k) - (i < k);
}

int fsr_cli_sort_by_change(const struct fsr_options *o, struct fsr_report *r,
			   struct fsr_stats **stats,
			   struct fsr_comparison **cmp,
			   const struct fsr_compare_opts *co)
{
	struct fsr_analyze_opts ao = { o->confidence, 0, 0 };
	size_t *order, i, n = r->n_results;
	struct fsr_diag d;

	if (!o->sort || strcmp(o->sort, "change") || !n)
		return 0;
	largest = fsr_xcalloc(n, sizeof(*largest));
	order = fsr_xcalloc(n, sizeof(*order));
	for (i = 0; i < n; i++) {
		largest[i] = NAN;
		order[i] = i;
	}
	for (i = 0; i < (*cmp)->n_rows; i++) {
		const struct fsr_compare_row *row = &(*cmp)->rows[i];
		double c = fabs(row->change_pct);

		if (isfinite(c) && (isnan(largest[row->result]) ||
				    c > largest[row->result]))
			largest[row->result] = c;
	}
	qsort(order, n, sizeof(*order), cmp_by_change);
	free(largest);
	largest = NULL;
	/* The same results in another order: computed again, so every
	 * index the numbers hold follows the new order. */
	fsr_report_keep_results(r, order, n);
	free(order);
	fsr_comparison_free(*cmp);
	fsr_stats_free(*stats);
	*cmp = NULL;
	fsr_diag_clear(&d);
	*stats = fsr_analyze(r, &ao, &d);
	if (!*stats)
		return fsr_report_diag(&d, FSR_EINTERNAL);
	*cmp = fsr_compare(r, *stats, co, &d);
	fsr_view_sign(*cmp, r);
	return *cmp ? 0 : fsr_report_diag(&d, FSR_EINTERNAL);
}

/* The compiled --geomean-only/--geomean-exclude, for the process. */
static struct geo_select {
	regex_t only, exclude;
	int has_only, has_exclude;
	struct fsr_buf name;
} geo_sel;

static int geo_keep(const struct fsr_result *res, void *data)
{
	struct geo_select *g = data;

	fsr_buf_reset(&g->name);
	fsr_vocab_result_name(res, &g->name);
	if (g->has_only && !matches(&g->only, res, g->name.buf))
		return 0;
	return !(g->has_exclude && matches(&g->exclude, res, g->name.buf));
}

void fsr_cli_geomean_select(const struct fsr_options *o,
			    struct fsr_compare_opts *co)
{
	struct geo_select *g = &geo_sel;

	/* fsr_cli_select_problem() has compiled them once already */
	if (o->geo_only && !g->has_only)
		g->has_only = !regcomp(&g->only, o->geo_only,
				       REG_EXTENDED | REG_NOSUB);
	if (o->geo_exclude && !g->has_exclude)
		g->has_exclude = !regcomp(&g->exclude, o->geo_exclude,
					  REG_EXTENDED | REG_NOSUB);
	if (!g->has_only && !g->has_exclude)
		return;
	co->geo_keep = geo_keep;
	co->geo_data = g;
}

int fsr_cli_only_changed(const struct fsr_options *o, struct fsr_report *r,
			 struct fsr_stats *stats, struct fsr_comparison *cmp)
{
	size_t *keep, n = 0, i, before = r->n_results;
	unsigned char *changed;

	if (!o->only_changed || !cmp)
		return 0;
	changed = fsr_xcalloc(before ? before : 1, 1);
	for (i = 0; i < cmp->n_rows; i++)
		if (cmp->rows[i].verdict == FSR_VERDICT_BETTER ||
		    cmp->rows[i].verdict == FSR_VERDICT_WORSE)
			changed[cmp->rows[i].result] = 1;
	keep = fsr_xcalloc(before ? before : 1, sizeof(*keep));
	for (i = 0; i < before; i++)
		if (changed[i])
			keep[n++] = i;
	fsr_comparison_keep_results(cmp, stats, keep, n);
	fsr_report_keep_results(r, keep, n);
	free(keep);
	free(changed);
	if (!n)
		fsr_warning("--only-changed: no result changed (of %zu)",
			    before);
	else
		fsr_info(o, "--only-changed: %zu of %zu results changed", n,
			 before);
	return 0;
}
