/*
 * median.c - the distribution-free interval of the median from order
 * statistics (docs/methods.md 9.3), with GSL's binomial distribution.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>

size_t fsr_median_rank(size_t n, double conf)
{
	double tail = (1 - conf) / 2;
	size_t lo = 0, hi = (n + 1) / 2, j;

	if (!(conf > 0 && conf < 1))
		return 0;
	/* P(Bin(n, 1/2) <= j - 1) grows with j: the largest j in 1 ..
	 * (n + 1) / 2 where it is <= tail, by bisection (k in [lo, hi]),
	 * the rank a scan from j = 1 stops at (O(n) CDFs at n = 10^5). */
	while (lo < hi) {
		j = lo + (hi - lo + 1) / 2;
		if (gsl_cdf_binomial_P((unsigned)(j - 1), 0.5, (unsigned)n) >
		    tail)
			hi = j - 1;
		else
			lo = j;
	}
	return lo;
}

int fsr_median_ci(const double *x, size_t n, double conf, size_t *k,
		  double *lo, double *hi, double *coverage)
{
	double *s;

	*k = 0;
	*lo = *hi = *coverage = NAN;
	if (!(conf > 0 && conf < 1))
		return FSR_EINTERNAL;
	*k = fsr_median_rank(n, conf);
	if (*k == 0)
		return 0;
	s = fsr_xmalloc(n * sizeof(*s));
	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	*lo = s[*k - 1];
	*hi = s[n - *k];
	*coverage = 1 - 2 * gsl_cdf_binomial_P((unsigned)(*k - 1), 0.5,
					       (unsigned)n);
	free(s);
	return 0;
}
