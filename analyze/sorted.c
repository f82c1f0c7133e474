/*
 * sorted.c - sorted copies of samples, made once and handed to every
 * statistic that reads order statistics or ranks (outliers, the U test,
 * its tie floor, the Hodges-Lehmann shift), and the sorted pool of two
 * sorted samples by merging them.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>

int fsr_is_sorted(const double *x, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++) {
		/* Out of order, a NAN, or -0 next to 0: a sort decides. */
		if (!(x[i - 1] <= x[i]))
			return 0;
		if (x[i - 1] == x[i] && signbit(x[i - 1]) != signbit(x[i]))
			return 0;
	}
	return 1;
}

double *fsr_sorted_copy(const double *x, size_t n)
{
	double *s = fsr_xmalloc((n ? n : 1) * sizeof(*s));

	if (n)
		memcpy(s, x, n * sizeof(*s));
	/* In order already (equal values with the same bits): gsl_sort
	 * would give these very bits. */
	if (!fsr_is_sorted(s, n))
		gsl_sort(s, 1, n);
	return s;
}

double *fsr_pool_sorted(const double *a, size_t na, const double *b,
			size_t nb)
{
	double *p = fsr_xmalloc((na + nb ? na + nb : 1) * sizeof(*p));
	size_t i = 0, j = 0, k = 0;

	while (i < na && j < nb)
		p[k++] = b[j] < a[i] ? b[j++] : a[i++];
	while (i < na)
		p[k++] = a[i++];
	while (j < nb)
		p[k++] = b[j++];
	return p;
}
