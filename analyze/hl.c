/*
 * hl.c - the Hodges-Lehmann estimate of the shift between two samples
 * and its distribution-free interval (Moses, Lehmann), the estimate that
 * goes with the Mann-Whitney U test: R's wilcox.test(b, a, conf.int =
 * TRUE) with its exact interval.
 *
 * The na nb differences b_j - a_i, sorted: the estimate is their median;
 * the interval [d(k), d(na nb + 1 - k)] (1-based) with k the (1 - conf)
 * / 2 quantile of the no-ties U distribution (qwilcox), at least 1. The
 * U distribution is counted by dynamic programming in probabilities up
 * to na nb <= FSR_HL_EXACT_MAX; above, k comes from the normal
 * approximation of U (no continuity correction).
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

/* P(U <= u) for u = 0 .. m n under no ties, into p[0 .. m n]. */
static void u_cdf(size_t m, size_t n, double *p)
{
	size_t mn = m * n, i, j, u;
	/* f[j][u]: P(U = u) for sizes (i, j); rows of width mn + 1. */
	double *f = fsr_xcalloc((n + 1) * (mn + 1), sizeof(*f));
	double *g = fsr_xcalloc((n + 1) * (mn + 1), sizeof(*g));

	for (j = 0; j <= n; j++)
		f[j * (mn + 1)] = 1; /* i = 0: U = 0 */
	for (i = 1; i <= m; i++) {
		memset(g, 0, (n + 1) * (mn + 1) * sizeof(*g));
		g[0] = 1; /* j = 0 */
		for (j = 1; j <= n; j++) {
			/* The largest value is from a (prob i/(i+j)): it adds
			 * j to U; else from b: U unchanged. */
			double pa = (double)i / (double)(i + j);

			for (u = 0; u <= i * j; u++) {
				double v = (1 - pa) * g[(j - 1) * (mn + 1) + u];

				if (u >= j)
					v += pa * f[j * (mn + 1) + u - j];
				g[j * (mn + 1) + u] = v;
			}
		}
		memcpy(f, g, (n + 1) * (mn + 1) * sizeof(*f));
	}
	for (u = 0; u <= mn; u++)
		p[u] = f[n * (mn + 1) + u] + (u ? p[u - 1] : 0);
	free(f);
	free(g);
}

/* qwilcox(q, m, n): the smallest u with P(U <= u) >= q. */
static size_t u_quantile(size_t m, size_t n, double q, double *cover)
{
	size_t mn = m * n, u, k;
	double *p;

	if (mn > FSR_HL_EXACT_MAX) {
		double mu = (double)mn / 2;
		double sd = sqrt((double)mn * (double)(m + n + 1) / 12);

		k = (size_t)fmax(0, floor(mu + gsl_cdf_ugaussian_Pinv(q) * sd));
		*cover = NAN;
		return k;
	}
	p = fsr_xmalloc((mn + 1) * sizeof(*p));
	u_cdf(m, n, p);
	for (u = 0; u < mn && p[u] < q * (1 - 1e-12); u++)
		;
	k = u ? u : 1;
	*cover = 1 - 2 * (k >= 1 ? p[k - 1] : 0);
	free(p);
	return k;
}

int fsr_hodges_lehmann(const double *a, size_t na, const double *b,
		       size_t nb, double conf, struct fsr_hl *out)
{
	size_t mn = na * nb, i, j, k;
	double *d;

	out->shift = out->low = out->high = out->coverage = NAN;
	if (na < 1 || nb < 1)
		return 0;
	if (!(conf > 0 && conf < 1))
		return FSR_EINTERNAL;
	d = fsr_xmalloc(mn * sizeof(*d));
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			d[i * nb + j] = b[j] - a[i];
	gsl_sort(d, 1, mn);
	out->shift = gsl_stats_median_from_sorted_data(d, 1, mn);
	k = u_quantile(na, nb, (1 - conf) / 2, &out->coverage);
	if (k >= 1 && k <= mn - k) {
		out->low = d[k - 1];
		out->high = d[mn - k];
	} else if (k >= 1 && k <= mn) {
		out->low = d[0];
		out->high = d[mn - 1];
	}
	free(d);
	return 0;
}
