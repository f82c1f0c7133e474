/*
 * adjust.c - p values adjusted for the many rows of one comparison
 * (docs/methods.md 9.10): Holm's step-down (controls the chance of
 * any false "better"/"worse" at alpha) and Benjamini-Hochberg's step-up
 * (controls the expected share of false ones).
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_sort.h>

void fsr_p_adjust(const double *p, size_t n, enum fsr_adjust how,
		  double *out)
{
	size_t *idx, *ord, m = 0, i;
	double *v, run;

	if (n == 0)
		return;
	v = fsr_xmalloc(n * sizeof(*v));
	idx = fsr_xmalloc(n * sizeof(*idx));
	ord = fsr_xmalloc(n * sizeof(*ord));
	/* The family: every row that has a p value. */
	for (i = 0; i < n; i++) {
		if (isnan(p[i]))
			continue;
		v[m] = p[i];
		idx[m] = i;
		m++;
	}
	for (i = 0; i < n; i++)
		if (isnan(p[i]) || how == FSR_ADJUST_NONE)
			out[i] = p[i];
	if (m == 0 || how == FSR_ADJUST_NONE)
		goto done;
	gsl_sort_index(ord, v, 1, m); /* v[ord[0]] is the smallest */
	if (how == FSR_ADJUST_HOLM) {
		run = 0;
		for (i = 0; i < m; i++) {
			double q = (double)(m - i) * v[ord[i]];

			run = fmax(run, fmin(1, q));
			out[idx[ord[i]]] = run;
		}
	} else {
		run = 1;
		for (i = m; i-- > 0;) {
			double q = (double)m * v[ord[i]] / (double)(i + 1);

			run = fmin(run, q);
			out[idx[ord[i]]] = run;
		}
	}
done:
	free(ord);
	free(idx);
	free(v);
}
