/*
 * compare.c - baseline against every other system, result by result.
 */
#include "analyze.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *fsr_verdict_name(enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_SAME:
		return "same";
	case FSR_VERDICT_BETTER:
		return "better";
	case FSR_VERDICT_WORSE:
		return "worse";
	default:
		return "n/a";
	}
}

static size_t find_cell(const struct fsr_result *res, size_t sys)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].system == sys)
			return i;
	return SIZE_MAX;
}

static int cell_has_data(const struct fsr_result *res, size_t ci)
{
	return ci != SIZE_MAX && res->cells[ci].n > 0;
}

struct fsr_comparison *fsr_compare(const struct fsr_report *r,
				   const struct fsr_stats *s,
				   const struct fsr_compare_opts *o,
				   struct fsr_diag *d)
{
	struct fsr_comparison *c;
	size_t i, sys, base = 0;

	if (r->n_systems == 0) {
		fsr_diag_set(d, FSR_EINPUT, NULL, 0, 0, "no systems to compare");
		return NULL;
	}
	if (o->baseline) {
		for (base = 0; base < r->n_systems; base++)
			if (!strcmp(r->systems[base].label, o->baseline))
				break;
		if (base == r->n_systems) {
			fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				     "baseline '%s' names no system",
				     o->baseline);
			return NULL;
		}
	}
	c = fsr_xcalloc(1, sizeof(*c));
	c->opts = *o;
	c->baseline = base;
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];
		size_t bc = find_cell(res, base);
		int other_data = 0;

		for (sys = 0; sys < r->n_systems; sys++) {
			struct fsr_compare_row *row;
			size_t oc;

			if (sys == base)
				continue;
			oc = find_cell(res, sys);
			if (oc == SIZE_MAX)
				continue;
			other_data |= cell_has_data(res, oc);
			if (bc == SIZE_MAX)
				continue;
			FSR_GROW(c->rows, c->cap_rows, c->n_rows + 1);
			row = &c->rows[c->n_rows++];
			memset(row, 0, sizeof(*row));
			row->result = i;
			row->base_cell = bc;
			row->cell = oc;
			row->base_sys = base;
			row->sys = sys;
			row->base = &s->results[i].cells[bc];
			row->other = &s->results[i].cells[oc];
			row->delta_pct = row->ci_low_pct = row->ci_high_pct = NAN;
			row->p_welch = row->p_mwu = row->p_adj = NAN;
			row->t = row->df = row->u = NAN;
			row->verdict = FSR_VERDICT_NA;
			if (row->base->n && row->other->n &&
			    row->base->mean != 0)
				row->delta_pct = 100 * (row->other->mean /
							row->base->mean - 1);
		}
		if (bc == SIZE_MAX && other_data) {
			FSR_GROW(c->only_other, c->cap_only_other,
				 c->n_only_other + 1);
			c->only_other[c->n_only_other++] = i;
		} else if (bc != SIZE_MAX && r->n_systems > 1) {
			int any = 0;

			for (sys = 0; sys < r->n_systems; sys++)
				if (sys != base &&
				    find_cell(res, sys) != SIZE_MAX)
					any = 1;
			if (!any) {
				FSR_GROW(c->only_base, c->cap_only_base,
					 c->n_only_base + 1);
				c->only_base[c->n_only_base++] = i;
			}
		}
	}
	return c;
}

void fsr_comparison_free(struct fsr_comparison *c)
{
	if (!c)
		return;
	free(c->rows);
	free(c->only_base);
	free(c->only_other);
	free(c->geo);
	free(c);
}
