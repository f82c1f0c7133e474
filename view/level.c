/*
 * level.c - how the level of the intervals is named (view.h): the
 * family's level and the way it holds in the headings, the level of
 * each single interval, with the digits it needs, in the notes.
 */
#include "view.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* conf as a percentage with the digits it needs: 95 -> "95", 0.99375
 * -> "99.375", never rounded up to 100. A run names one or two levels,
 * once per row of a chart: the last one is kept (its printf round
 * trips were 10 % of a --chart-dir run, BENCHMARKS.md). */
static void add_pct(struct fsr_buf *b, double conf)
{
	static double last_conf = -1;
	static char last[48];
	double pct = conf * 100;
	char tmp[40];
	int prec;

	if (conf == last_conf) {
		fsr_buf_adds(b, last);
		return;
	}
	if (fabs(pct - round(pct)) < 1e-9) {
		snprintf(last, sizeof(last), "%.0f%%", pct);
	} else {
		/* "99.38%" as before; more digits only where 4 read "100" */
		for (prec = 4; prec < 15; prec++) {
			snprintf(tmp, sizeof(tmp), "%.*g", prec, pct);
			if (strtod(tmp, NULL) < 100)
				break;
		}
		snprintf(last, sizeof(last), "%s%%", tmp);
	}
	last_conf = conf;
	fsr_buf_adds(b, last);
}

void fsr_view_level_exact(struct fsr_buf *b, double level)
{
	add_pct(b, level > 0 && level < 1 ? level : 0.95);
}

void fsr_view_level_label(struct fsr_buf *b, const struct fsr_comparison *c)
{
	const struct fsr_compare_opts *o = &c->opts;
	double conf = o->confidence > 0 && o->confidence < 1 ?
		      o->confidence : 0.95;

	add_pct(b, conf);
	fsr_buf_adds(b, " CI");
	if (c->n_family < 2 || o->adjust == FSR_ADJUST_NONE)
		return;
	if (o->adjust == FSR_ADJUST_HOLM)
		fsr_buf_addf(b, ", Bonferroni over\xc2\xa0%zu", c->n_family);
	else
		fsr_buf_addf(b, ", FCR (BY) over\xc2\xa0%zu", c->n_family);
}
