/*
 * series.c - run sets as a series, for trend, report's trend section and
 * check: their order (as given, or --order name|version|time) and the
 * options of the trend and change-point analysis.
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

/* The systems of r in the order how (enum fsr_cli_order; -1 as given)
 * into *order (n_systems of them). Returns an exit code. */
int fsr_cli_trend_order(int how, const struct fsr_report *r, size_t *order)
{
	struct rs_key *k = fsr_xcalloc(r->n_runsets + 1, sizeof(*k));
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
	if (how == FSR_ORDER_TIME) {
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
	} else if (how == FSR_ORDER_NAME) {
		qsort(k, r->n_runsets, sizeof(*k), by_name);
	} else if (how == FSR_ORDER_VERSION) {
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
