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
 *
 * Up to FSR_HL_PAIRS_MAX differences are sorted. Beyond (100 000 runs
 * a side are 10^10 differences, 80 GB), the three or four order
 * statistics needed are selected without storing the differences: the
 * q-th smallest is the smallest double t with at least q differences
 * <= t, found by bisection over the doubles in their order (64 steps at
 * most), each step counting the differences <= t in O(na + nb) with
 * two pointers over the sorted samples (b_j - a_i rounded falls as a_i
 * grows and rises with b_j). The values are those of the sort; a zero
 * difference is returned as +0 (a -0 comes only from a sample written
 * -0, and the sort put -0 and +0 in no fixed order).
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdint.h>
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

/* A double's place in the order of doubles (no NAN), and back. */
static uint64_t order_key(double x)
{
	uint64_t u;

	memcpy(&u, &x, sizeof(u));
	return u >> 63 ? ~u : u | (UINT64_C(1) << 63);
}

static double order_value(uint64_t k)
{
	uint64_t u = k >> 63 ? k & ~(UINT64_C(1) << 63) : ~k;
	double x;

	memcpy(&x, &u, sizeof(x));
	return x;
}

/* How many of the differences b[j] - a[i] (a, b sorted) are <= t. */
static size_t count_le(const double *a, size_t na, const double *b,
		       size_t nb, double t)
{
	size_t i = 0, j, c = 0;

	/* For each j the i with b[j] - a[i] <= t are those from some i(j)
	 * on, and i(j) does not fall as j grows. */
	for (j = 0; j < nb; j++) {
		while (i < na && !(b[j] - a[i] <= t))
			i++;
		c += na - i;
	}
	return c;
}

double fsr_hl_diff_at(const double *a, size_t na, const double *b,
		      size_t nb, size_t q)
{
	uint64_t lo = order_key(b[0] - a[na - 1]);
	uint64_t hi = order_key(b[nb - 1] - a[0]);
	double v;

	/* The smallest key whose value has more than q differences <= it:
	 * always the key of one of the differences. */
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (count_le(a, na, b, nb, order_value(mid)) > q)
			hi = mid;
		else
			lo = mid + 1;
	}
	v = order_value(lo);
	return v == 0 ? 0.0 : v;
}

/* The shift and the interval's ends by selection (na nb large). */
static void hl_select(const double *a, size_t na, const double *b,
		      size_t nb, size_t k, struct fsr_hl *out)
{
	double *sa = fsr_sorted_copy(a, na), *sb = fsr_sorted_copy(b, nb);
	size_t mn = na * nb, lhs = (mn - 1) / 2, rhs = mn / 2;

	/* gsl_stats_median_from_sorted_data()'s arithmetic */
	out->shift = fsr_hl_diff_at(sa, na, sb, nb, lhs);
	if (lhs != rhs)
		out->shift = (out->shift +
			      fsr_hl_diff_at(sa, na, sb, nb, rhs)) / 2.0;
	if (k >= 1 && k <= mn - k) {
		out->low = fsr_hl_diff_at(sa, na, sb, nb, k - 1);
		out->high = fsr_hl_diff_at(sa, na, sb, nb, mn - k);
	} else if (k >= 1 && k <= mn) {
		out->low = fsr_hl_diff_at(sa, na, sb, nb, 0);
		out->high = fsr_hl_diff_at(sa, na, sb, nb, mn - 1);
	}
	free(sa);
	free(sb);
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
	if (mn / na != nb) /* beyond a size_t: never with the limits of
			    * importers/importer.h */
		return 0;
	if (mn > FSR_HL_PAIRS_MAX) {
		k = u_quantile(na, nb, (1 - conf) / 2, &out->coverage);
		hl_select(a, na, b, nb, k, out);
		return 0;
	}
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
