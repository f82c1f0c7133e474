/*
 * mwu.c - the Mann-Whitney U test (Wilcoxon rank-sum), which GSL does
 * not have (docs/methods.md 9.5): midranks for ties; exact p from the
 * permutation distribution of the midrank sum, counted by dynamic
 * programming over the tie groups; or the normal approximation with the
 * tie-corrected variance and a continuity correction. The ranks come
 * from merging the two sorted samples (analyze/sorted.c).
 *
 * Doubled midranks are whole numbers (a tie group over sorted positions
 * i..j, counted from 1, has midrank (i + j) / 2), so the exact
 * distribution is a table of counts indexed by a whole-number sum. The
 * counts stay below C(50, 25) < 2^53 for na + nb <= 50: every count and
 * every tail sum is exact in a double.
 *
 * The distribution depends only on (na, nb) and the sizes of the tie
 * groups in order: a struct fsr_mwu_cache keeps the counts of each such
 * pattern it has seen, built by the same dynamic programme, so a cached p
 * is bit for bit a fresh one.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"
#include "../lib/index.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>

struct group {
	size_t size;   /* tied values */
	size_t rank2;  /* doubled midrank */
};

/*
 * Rank the pooled sample of sorted a and sorted b by merging them.
 * Returns the tie groups (caller frees) and their count in *ng; *s2 is
 * the doubled midrank sum of a.
 */
static struct group *rank_pooled(const double *a, size_t na, const double *b,
				 size_t nb, size_t *ng, size_t *s2)
{
	size_t n = na + nb, i = 0, j = 0, pos = 0;
	struct group *g = fsr_xmalloc((n ? n : 1) * sizeof(*g));

	*ng = 0;
	*s2 = 0;
	while (i < na || j < nb) {
		int from_a = i < na && (j >= nb || a[i] <= b[j]);
		double v = from_a ? a[i] : b[j];
		size_t ca = 0, cb = 0, rank2;

		for (; i < na && a[i] == v; i++)
			ca++;
		for (; j < nb && b[j] == v; j++)
			cb++;
		if (ca + cb == 0) { /* a NAN: a group of its own */
			if (from_a)
				i++, ca++;
			else
				j++, cb++;
		}
		rank2 = (pos + 1) + (pos + ca + cb); /* positions pos+1 .. */
		g[*ng].size = ca + cb;
		g[*ng].rank2 = rank2;
		(*ng)++;
		*s2 += ca * rank2;
		pos += ca + cb;
	}
	return g;
}

/*
 * The counts of every doubled midrank sum 0 .. 2 n na (caller frees) of
 * na values drawn without replacement from the tie groups.
 */
static double *exact_counts(const struct group *g, size_t ng, size_t na,
			    size_t n)
{
	size_t smax = 2 * n * na, width = smax + 1, gi, k, s, j;
	double *f = fsr_xcalloc((na + 1) * width, sizeof(*f));
	double *h = fsr_xcalloc((na + 1) * width, sizeof(*h));
	double *ch = fsr_xmalloc((n + 1) * sizeof(*ch));
	double *row;

	f[0] = 1;
	for (gi = 0; gi < ng; gi++) {
		size_t t = g[gi].size, v = g[gi].rank2;

		for (j = 0; j <= t; j++)
			ch[j] = gsl_sf_choose((unsigned)t, (unsigned)j);
		memset(h, 0, (na + 1) * width * sizeof(*h));
		for (k = 0; k <= na; k++) {
			for (s = 0; s < width; s++) {
				double c = f[k * width + s];

				if (c == 0)
					continue;
				for (j = 0; j <= t && k + j <= na; j++)
					h[(k + j) * width + s + j * v] +=
						c * ch[j];
			}
		}
		memcpy(f, h, (na + 1) * width * sizeof(*f));
	}
	row = fsr_xmalloc(width * sizeof(*row));
	memcpy(row, f + na * width, width * sizeof(*row));
	free(ch);
	free(f);
	free(h);
	return row;
}

/* P(S <= s2) and P(S >= s2) from the counts of S over 0 .. width - 1. */
static void tails(const double *cnt, size_t width, size_t s2, double *lower,
		  double *upper)
{
	double total = 0, lo = 0, hi = 0;
	size_t s;

	for (s = 0; s < width; s++) {
		double c = cnt[s];

		total += c;
		if (s <= s2)
			lo += c;
		if (s >= s2)
			hi += c;
	}
	*lower = lo / total;
	*upper = hi / total;
}

/*
 * The cache: counts by (na, nb, tie pattern). The pattern is the sizes of
 * the tie groups in order, which fix their midranks, so equal keys give
 * equal counts. Keys are strings in a lib/index.h map; the cache stops
 * growing at FSR_MWU_CACHE_BYTES of counts and p slots, 8 MiB of each
 * (later patterns are counted afresh each time, with the same result).
 */
#define FSR_MWU_CACHE_BYTES (16u << 20)

struct mwu_entry {
	char *key;
	double *counts;
	double *p; /* by s2: the test's p, NAN until asked (rows of one
		    * pattern often share their rank sum too) */
};

struct fsr_mwu_cache {
	struct fsr_index *ix;
	struct mwu_entry *e;
	size_t n, cap, bytes;
};

struct fsr_mwu_cache *fsr_mwu_cache_new(void)
{
	struct fsr_mwu_cache *c = fsr_xcalloc(1, sizeof(*c));

	c->ix = fsr_index_new();
	return c;
}

void fsr_mwu_cache_free(struct fsr_mwu_cache *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++) {
		free(c->e[i].key);
		free(c->e[i].counts);
		free(c->e[i].p);
	}
	free(c->e);
	fsr_index_free(c->ix);
	free(c);
}

/* v in decimal at p; returns the end. */
static char *put_size(char *p, size_t v)
{
	char tmp[24];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* "na,nb:" and the group sizes, a run of k untied values as "-k" (by
 * hand: printf was a third of the U tests of a big compare). */
static char *pattern_key(const struct group *g, size_t ng, size_t na,
			 size_t nb)
{
	char *key = fsr_xmalloc(2 * 24 + 2 + ng * 22), *p = key;
	size_t i, j;

	p = put_size(p, na);
	*p++ = ',';
	p = put_size(p, nb);
	*p++ = ':';
	for (i = 0; i < ng; i = j) {
		for (j = i; j < ng && g[j].size == 1; j++)
			;
		if (j > i) {
			*p++ = '-';
			p = put_size(p, j - i);
			continue;
		}
		*p++ = ',';
		p = put_size(p, g[i].size);
		j = i + 1;
	}
	*p = '\0';
	return key;
}

/* The exact test's p at s2: twice the smaller tail, at most 1. */
static double exact_p(const double *cnt, size_t width, size_t s2)
{
	double lower, upper;

	tails(cnt, width, s2, &lower, &upper);
	return fmin(1, 2 * fmin(lower, upper));
}

/*
 * The p for these groups, sizes and s2: from the cache when it has it,
 * else counted (and the counts kept while the cache has room, with a
 * slot for the p at each s2).
 */
static double exact_p_for(struct fsr_mwu_cache *c, const struct group *g,
			  size_t ng, size_t na, size_t nb, size_t s2)
{
	size_t n = na + nb, width = 2 * n * na + 1, at, i;
	size_t bytes = 2 * width * sizeof(double);
	struct mwu_entry *e;
	char *key;
	double *cnt, p;

	if (!c) {
		cnt = exact_counts(g, ng, na, n);
		p = exact_p(cnt, width, s2);
		free(cnt);
		return p;
	}
	key = pattern_key(g, ng, na, nb);
	if (fsr_index_get(c->ix, key, &at)) {
		free(key);
		e = &c->e[at];
		if (isnan(e->p[s2]))
			e->p[s2] = exact_p(e->counts, width, s2);
		return e->p[s2];
	}
	cnt = exact_counts(g, ng, na, n);
	p = exact_p(cnt, width, s2);
	if (c->bytes + bytes > FSR_MWU_CACHE_BYTES) {
		free(key);
		free(cnt);
		return p;
	}
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->e = fsr_xrealloc(c->e, c->cap * sizeof(*c->e));
	}
	e = &c->e[c->n];
	e->key = key;
	e->counts = cnt;
	e->p = fsr_xmalloc(width * sizeof(double));
	for (i = 0; i < width; i++)
		e->p[i] = NAN;
	e->p[s2] = p;
	fsr_index_put(c->ix, key, c->n);
	c->n++;
	c->bytes += bytes;
	return p;
}

int fsr_mwu_test(const double *a, size_t na, const double *b, size_t nb,
		 enum fsr_mwu_method method, struct fsr_mwu *out)
{
	return fsr_mwu_test_cached(a, na, b, nb, method, NULL, out);
}

int fsr_mwu_test_cached(const double *a, size_t na, const double *b,
			size_t nb, enum fsr_mwu_method method,
			struct fsr_mwu_cache *cache, struct fsr_mwu *out)
{
	double *sa = fsr_sorted_copy(a, na), *sb = fsr_sorted_copy(b, nb);
	int rc = fsr_mwu_test_sorted(sa, na, sb, nb, method, cache, out);

	free(sa);
	free(sb);
	return rc;
}

int fsr_mwu_test_sorted(const double *a, size_t na, const double *b,
			size_t nb, enum fsr_mwu_method method,
			struct fsr_mwu_cache *cache, struct fsr_mwu *out)
{
	size_t n = na + nb, ng, s2, i;
	struct group *g;

	out->u = out->p = out->z = out->p_floor = NAN;
	out->exact = 0;
	if (na < 1 || nb < 1)
		return 0;
	g = rank_pooled(a, na, b, nb, &ng, &s2);
	out->u = (double)s2 / 2 - (double)na * (double)(na + 1) / 2;
	out->p_floor = fmin(1, 2 * exp(-gsl_sf_lnchoose((unsigned)n,
							(unsigned)na)));
	if (method == FSR_MWU_AUTO)
		method = n <= FSR_MWU_EXACT_MAX ? FSR_MWU_EXACT :
						  FSR_MWU_NORMAL;
	if (method == FSR_MWU_EXACT) {
		out->p = exact_p_for(cache, g, ng, na, nb, s2);
		out->exact = 1;
	} else {
		double mu = (double)na * (double)nb / 2, ties = 0, var, d;

		for (i = 0; i < ng; i++) {
			double t = (double)g[i].size;

			ties += t * t * t - t;
		}
		var = (double)na * (double)nb / 12 *
		      ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
		d = out->u - mu;
		if (var > 0) {
			double m = fmax(0, fabs(d) - 0.5) / sqrt(var);

			out->z = d < 0 ? -m : m;
			out->p = fmin(1, 2 * gsl_cdf_ugaussian_Q(m));
		} else {
			/* Every value tied: no evidence of a shift. */
			out->z = 0;
			out->p = 1;
		}
	}
	free(g);
	return 0;
}
