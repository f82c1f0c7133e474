/*
 * test-fastpaths.c - the fast paths of analyze/ against the
 * straightforward computations they replaced (copied here as they were),
 * bit for bit, on random data and on the edges: n = 0, 1, 2, 3, all
 * equal, already sorted, reverse sorted, ties, symmetric samples (whose
 * decisions sit on a tie and must take the exact path), large offsets
 * and tiny magnitudes.
 */
#include "../../analyze/analyze.h"
#include "../../analyze/analyze-internal.h"
#include "tap.h"
#include "../../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

static unsigned long long rng = 20261203;

static double unit(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(void)
{
	return sqrt(-2 * log(unit())) * cos(2 * M_PI * unit());
}

/* Both NAN, or the same bits (0 and -0 apart). */
static int same(double a, double b)
{
	return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

/* ------------------------------------------------------------- ESD */

/* The generalized ESD test as outliers.c had it: the mean and sd of all
 * the values left, recomputed at each step. */
static size_t esd_reference(const double *x, size_t n, double alpha,
			    double *lo, double *hi)
{
	size_t r = n / 10 > 1 ? n / 10 : 1, i, a = 0, b = n, k = 0;
	double *s;

	*lo = *hi = NAN;
	if (n == 0)
		return 0;
	s = fsr_xmalloc(n * sizeof(*s));
	memcpy(s, x, n * sizeof(*s));
	gsl_sort(s, 1, n);
	for (i = 1; i <= r && n >= 3 && n - i >= 2; i++) {
		double m = gsl_stats_mean(s + a, 1, b - a);
		double sd = gsl_stats_sd_m(s + a, 1, b - a, m);
		double dl = m - s[a], dh = s[b - 1] - m, df, t, l;

		if (!(sd > 0))
			break;
		df = (double)(n - i - 1);
		t = gsl_cdf_tdist_Qinv(alpha / (2.0 * (double)(n - i + 1)), df);
		l = (double)(n - i) * t / sqrt((df + t * t) *
					       (double)(n - i + 1));
		if ((dh >= dl ? dh : dl) / sd > l)
			k = i;
		if (dh >= dl)
			b--;
		else
			a++;
	}
	a = 0;
	b = n;
	for (i = 1; i <= k; i++) {
		double m = gsl_stats_mean(s + a, 1, b - a);

		if (s[b - 1] - m >= m - s[a])
			b--;
		else
			a++;
	}
	*lo = s[a];
	*hi = s[b - 1];
	free(s);
	return k;
}

/* One sample through both; returns 1 when they agree. */
static int esd_agrees(const double *x, size_t n, struct fsr_esd_memo *memo)
{
	double lo, hi, rlo, rhi;
	size_t k = fsr_esd_fences_memo(x, n, 0.05, memo, &lo, &hi);
	size_t rk = esd_reference(x, n, 0.05, &rlo, &rhi);

	if (k == rk && same(lo, rlo) && same(hi, rhi))
		return 1;
	printf("# n %zu: k %zu [%.17g, %.17g], reference %zu [%.17g, %.17g]\n",
	       n, k, lo, hi, rk, rlo, rhi);
	return 0;
}

enum shape {
	NORMAL, HEAVY, TIED, OFFSET, TINY, SYMMETRIC, SORTED, REVERSED,
	EQUAL, SHAPES
};
static const char *const shape_names[SHAPES] = {
	"normal", "heavy-tailed", "tied", "offset 1e9", "tiny", "symmetric",
	"sorted", "reverse sorted", "all equal",
};

static void fill(double *x, size_t n, enum shape sh)
{
	size_t i;

	for (i = 0; i < n; i++) {
		switch (sh) {
		case HEAVY: /* Student t with 1 df: many far values */
			x[i] = 100 + normal() / (fabs(normal()) + 1e-3);
			break;
		case TIED:
			x[i] = round(5 * (100 + 3 * normal())) / 5;
			break;
		case OFFSET:
			x[i] = 1e9 + normal();
			break;
		case TINY:
			x[i] = 1e-300 * (1 + 0.1 * normal());
			break;
		case SYMMETRIC:
			x[i] = i % 2 ? -x[i - 1] : 10 * normal();
			break;
		case EQUAL:
			x[i] = 1666;
			break;
		default:
			x[i] = 1000 * (1 + 0.03 * normal());
			if (i % 97 == 13)
				x[i] *= 1.5; /* a few outliers */
		}
	}
	if (sh == SORTED || sh == REVERSED)
		gsl_sort(x, 1, n);
	if (sh == REVERSED)
		for (i = 0; i < n / 2; i++) {
			double t = x[i];

			x[i] = x[n - 1 - i];
			x[n - 1 - i] = t;
		}
}

static void check_esd(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 4, 5, 9, 10, 11, 19, 20,
					21, 37, 100, 333, 1000, 4000 };
	struct fsr_esd_memo memo;
	size_t si, rep, bad, total;
	int sh;
	double x[4000];

	memset(&memo, 0, sizeof(memo));
	for (sh = 0; sh < SHAPES; sh++) {
		bad = total = 0;
		for (si = 0; si < sizeof(sizes) / sizeof(*sizes); si++)
			for (rep = 0; rep < (sizes[si] > 500 ? 3 : 20); rep++) {
				fill(x, sizes[si], (enum shape)sh);
				bad += !esd_agrees(x, sizes[si],
						   rep % 2 ? &memo : NULL);
				total++;
			}
		ok(bad == 0, "ESD, %s samples: the running sums decide as the "
		   "two-pass mean and sd (%zu samples)", shape_names[sh],
		   total);
	}
	{
		/* A far value at each end, equally far: a tie to break. */
		double t[] = { -5, 0.1, -0.1, 0.2, -0.2, 0, 0.3, -0.3, 0, 5,
			       0.05, -0.05 };

		ok(esd_agrees(t, 12, NULL), "ESD: equal extremes at both ends");
	}
	fsr_esd_memo_release(&memo);
}

/* ---------------------------------------------------- median rank */

/* The rank as median.c found it: a scan from j = 1 to the first miss. */
static size_t rank_reference(size_t n, double conf)
{
	double tail = (1 - conf) / 2;
	size_t j, k = 0;

	for (j = 1; j <= (n + 1) / 2; j++) {
		if (gsl_cdf_binomial_P((unsigned)(j - 1), 0.5,
				       (unsigned)n) > tail)
			break;
		k = j;
	}
	return k;
}

static void check_median_rank(void)
{
	static const double confs[] = { 0.5, 0.8, 0.9, 0.95, 0.99, 0.995,
					0.999, 0.99999 };
	static const size_t big[] = { 4096, 9999, 10000, 10001, 65537,
				      100000 };
	size_t n, c, bad = 0, total = 0;

	for (c = 0; c < sizeof(confs) / sizeof(*confs); c++)
		for (n = 0; n <= 1500; n++, total++)
			if (fsr_median_rank(n, confs[c]) !=
			    rank_reference(n, confs[c])) {
				printf("# n %zu conf %g: %zu, reference %zu\n",
				       n, confs[c],
				       fsr_median_rank(n, confs[c]),
				       rank_reference(n, confs[c]));
				bad++;
			}
	for (c = 0; c < 2; c++)
		for (n = 0; n < sizeof(big) / sizeof(*big); n++, total++)
			bad += fsr_median_rank(big[n], confs[3 + c]) !=
			       rank_reference(big[n], confs[3 + c]);
	ok(bad == 0, "median rank: bisection gives the scan's k (%zu cases)",
	   total);
	is_int(fsr_median_rank(5, 0.95), 0, "median rank: none at n = 5");
	is_int(fsr_median_rank(6, 0.95), 1, "median rank: 1 at n = 6");
	is_int(fsr_median_rank(10, 0), 0, "median rank: conf 0 gives 0");
}

/* ------------------------------------------ sorted copies, the pool */

/* The groups and midrank sum of a against b as mwu.c had them: the
 * pool sorted by index (gsl_sort_index). Returns the doubled rank sum;
 * the group sizes go to sizes[0..*ng). */
static size_t ranks_reference(const double *a, size_t na, const double *b,
			      size_t nb, size_t *sizes, size_t *ng)
{
	size_t n = na + nb, i, j, k, s2 = 0;
	double *x = fsr_xmalloc((n ? n : 1) * sizeof(*x));
	size_t *perm = fsr_xmalloc((n ? n : 1) * sizeof(*perm));

	memcpy(x, a, na * sizeof(*x));
	memcpy(x + na, b, nb * sizeof(*x));
	gsl_sort_index(perm, x, 1, n);
	*ng = 0;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && x[perm[j]] == x[perm[i]]; j++)
			;
		sizes[(*ng)++] = j - i;
		for (k = i; k < j; k++)
			if (perm[k] < na)
				s2 += (i + 1) + j;
	}
	free(perm);
	free(x);
	return s2;
}

static int same_array(const double *x, const double *y, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!same(x[i], y[i]))
			return 0;
	return 1;
}

static void check_sorted(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 7, 50, 51, 300 };
	size_t si, rep, bad_copy = 0, bad_pool = 0, bad_u = 0, total = 0;
	double x[300], y[300];
	int sh;

	for (sh = 0; sh < SHAPES; sh++)
		for (si = 0; si < sizeof(sizes) / sizeof(*sizes); si++)
			for (rep = 0; rep < 6; rep++) {
				size_t n = sizes[si], m = sizes[(si + rep) % 8];
				double *s, *t, *p, *ref;
				struct fsr_mwu u1, u2;
				size_t g[600], ng;

				fill(x, n, (enum shape)sh);
				fill(y, m, (enum shape)((sh + rep) % SHAPES));
				if (rep % 3 == 0 && n == m) /* the same */
					memcpy(y, x, n * sizeof(*y));
				s = fsr_sorted_copy(x, n);
				t = fsr_sorted_copy(y, m);
				ref = fsr_xmalloc((n + m + 1) * sizeof(*ref));
				memcpy(ref, x, n * sizeof(*ref));
				gsl_sort(ref, 1, n);
				bad_copy += !same_array(s, ref, n);
				memcpy(ref, x, n * sizeof(*ref));
				memcpy(ref + n, y, m * sizeof(*ref));
				gsl_sort(ref, 1, n + m);
				p = fsr_pool_sorted(s, n, t, m);
				bad_pool += !fsr_is_sorted(p, n + m) ||
					    !same_array(p, ref, n + m);
				fsr_mwu_test(x, n, y, m, FSR_MWU_AUTO, &u1);
				fsr_mwu_test_sorted(s, n, t, m, FSR_MWU_AUTO,
						    NULL, &u2);
				if (n && m) {
					double s2 = (double)ranks_reference(
						x, n, y, m, g, &ng);

					bad_u += s2 / 2 - (double)n *
						(double)(n + 1) / 2 != u1.u;
				}
				bad_u += !same(u1.u, u2.u) ||
					 !same(u1.p, u2.p) ||
					 !same(u1.z, u2.z) ||
					 u1.exact != u2.exact;
				free(s);
				free(t);
				free(p);
				free(ref);
				total++;
			}
	ok(bad_copy == 0, "sorted copy: gsl_sort's values, skipped or not "
	   "(%zu samples)", total);
	ok(bad_pool == 0, "pool of two sorted samples: the sorted pool");
	ok(bad_u == 0, "U test by merging: U and p of the sorted index");
	{
		double z[] = { 0.0, -0.0, 1 }, o[] = { 1, 2, 2, 3 };
		double r[] = { 3, 2, 1 };

		ok(!fsr_is_sorted(z, 3), "-0 next to 0: not taken as sorted");
		ok(fsr_is_sorted(o, 4) && !fsr_is_sorted(r, 3) &&
		   fsr_is_sorted(o, 0) && fsr_is_sorted(o, 1),
		   "sorted, reversed, empty, one value");
	}
}

/* ------------------------------------------------- Hodges-Lehmann */

/* The differences b[j] - a[i], all of them, sorted (hl.c's way below
 * FSR_HL_PAIRS_MAX); caller frees. */
static double *all_diffs(const double *a, size_t na, const double *b,
			 size_t nb)
{
	double *d = fsr_xmalloc((na * nb + 1) * sizeof(*d));
	size_t i, j;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			d[i * nb + j] = b[j] - a[i];
	gsl_sort(d, 1, na * nb);
	return d;
}

static void check_hl(void)
{
	static const size_t sizes[] = { 1, 2, 3, 10, 31 };
	size_t si, sj, q, bad = 0, total = 0;
	double x[300], y[300];
	int sh;

	for (sh = 0; sh < SHAPES; sh++)
		for (si = 0; si < 5; si++)
			for (sj = 0; sj < 5; sj++) {
				size_t n = sizes[si], m = sizes[sj];
				double *s, *t, *d;

				fill(x, n, (enum shape)sh);
				fill(y, m, (enum shape)((sh + sj) % SHAPES));
				s = fsr_sorted_copy(x, n);
				t = fsr_sorted_copy(y, m);
				d = all_diffs(x, n, y, m);
				for (q = 0; q < n * m; q++, total++) {
					double v, w = d[q] == 0 ? 0.0 : d[q];

					v = fsr_hl_diff_at(s, n, t, m, q);
					bad += !same(v, w);
				}
				free(s);
				free(t);
				free(d);
			}
	ok(bad == 0, "pairwise differences: the q-th by selection is the "
	   "q-th sorted (%zu)", total);
	/* Past FSR_HL_PAIRS_MAX: the estimate and interval by selection
	 * against the sorted differences, as hl.c computes them. */
	for (sh = 0; sh < SHAPES; sh++) {
		size_t n = 300, m = sh % 2 ? 300 : 251, mn = n * m, k;
		struct fsr_hl h;
		double *d, med, z;

		fill(x, n, (enum shape)sh);
		fill(y, m, (enum shape)((sh + 3) % SHAPES));
		for (q = 0; q < m; q++)
			y[q] += sh == OFFSET ? 0.5 : 0;
		fsr_hodges_lehmann(x, n, y, m, 0.95, &h);
		d = all_diffs(x, n, y, m);
		med = gsl_stats_median_from_sorted_data(d, 1, mn);
		/* qwilcox by the normal approximation, as hl.c has it */
		z = gsl_cdf_ugaussian_Pinv((1 - 0.95) / 2);
		k = (size_t)fmax(0, floor((double)mn / 2 +
					  z * sqrt((double)mn *
						   (double)(n + m + 1) / 12)));
		ok(mn > FSR_HL_PAIRS_MAX && same(h.shift, med) &&
		   same(h.low, d[k - 1]) && same(h.high, d[mn - k]),
		   "Hodges-Lehmann, %zu x %zu %s: shift and interval by "
		   "selection are the sorted ones", n, m, shape_names[sh]);
		free(d);
	}
}

int main(void)
{
	fsr_analyze_init();
	check_esd();
	check_median_rank();
	check_sorted();
	check_hl();
	return done_testing();
}
