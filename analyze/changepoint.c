/*
 * changepoint.c - E-divisive means with a permutation test (Matteson and
 * James 2014; see changepoint.h for the statistic).
 *
 * The distances d(i, j) = |x_i - x_j|^a live in a 2-D prefix sum
 * P(i, j) = sum_{r < i, c < j} d(r, c), so the three sums of every
 * candidate split are O(1) and one search over all segments is O(n^2).
 * A permutation shuffles the series inside each current segment (GSL's
 * mt19937, seeded once per series) and searches again.
 */
#include "changepoint.h"

#include "../lib/alloc.h"
#include <gsl/gsl_rng.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct energy {
	size_t n;
	double *p; /* (n + 1) x (n + 1) prefix sums */
	double *diag; /* P(i, i), i = 0..n: read in order, not a row apart */
	/* k and C(k, 2) = k (k - 1) / 2 as doubles, k = 0..n, computed as
	 * best_in() computed them per candidate (the same bits), and one
	 * row of candidates' Q, n + 1 */
	const double *kd, *ck;
	double *q;
};

/*
 * Two doubles at a time (GCC's and Clang's vector extensions: SSE2 on
 * x86-64, NEON on arm64, plain pairs elsewhere). Each lane is the same
 * IEEE operation in the same order as the scalar code (C11 mode keeps
 * a * b + c unfused), so the same bits: half the instructions of the
 * split search and the prefix sums, which were 64 % of check --db's
 * (docs/trend.md, step 5).
 */
#if defined(__GNUC__)
#define FSR_CP_VEC 1
typedef double v2d __attribute__((vector_size(16)));
typedef long long v2l __attribute__((vector_size(16)));

static inline v2d ld2(const double *p)
{
	v2d v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline void st2(double *p, v2d v)
{
	memcpy(p, &v, sizeof(v));
}
#endif

static void tables_fill(double *kd, double *ck, size_t n)
{
	size_t k;

	for (k = 0; k <= n; k++) {
		kd[k] = (double)k;
		ck[k] = kd[k] * (kd[k] - 1) / 2;
	}
}

#if defined(FSR_CP_VEC) && defined(__x86_64__)
/*
 * Where the CPU has AVX (asked at run time, so the build stays for any
 * x86-64), four at a time: the same operations as the two-lane loops on
 * 256-bit registers (AVX has no fused multiply-add, and none is asked
 * for), so the same bits (docs/trend.md, step 6). energy_fill()'s row
 * i from column j while j + 4 <= n: returns the next j, the running
 * sum in *row.
 */
#define FSR_CP_AVX 1
typedef double v4d __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));

static int have_avx(void)
{
	return __builtin_cpu_supports("avx") != 0;
}

__attribute__((target("avx"))) static size_t
fill_avx(const double *x, const double *up, double *row_p, size_t j,
	 size_t n, double xi, double *row)
{
	const v4l abs_mask = { 0x7fffffffffffffffLL, 0x7fffffffffffffffLL,
			       0x7fffffffffffffffLL, 0x7fffffffffffffffLL };
	v4d xv = { xi, xi, xi, xi };
	double r = *row;

	for (; j + 4 <= n; j += 4) {
		v4d xj, dv, uv, rv;
		double r0, r1, r2;

		memcpy(&xj, x + j, sizeof(xj));
		dv = (v4d)((v4l)(xv - xj) & abs_mask);
		r0 = r + dv[0];
		r1 = r0 + dv[1];
		r2 = r1 + dv[2];
		r = r2 + dv[3];
		rv = (v4d){ r0, r1, r2, r };
		memcpy(&uv, up + j + 1, sizeof(uv));
		uv += rv;
		memcpy(row_p + j + 1, &uv, sizeof(uv));
	}
	*row = r;
	return j;
}
#endif

/*
 * Only P(r, c) with r <= c is filled and read: d is symmetric, so
 * P(r, c) = P(c, r), and every block a split needs lies on or above the
 * diagonal once read that way (best_in()). Row i's sum of d(i, c) over
 * c < i is column i's over the rows above it, P(i, i + 1) - P(i, i),
 * so each distance is computed once, not twice: half the fill, which
 * was 29 % of check --db's instructions (docs/trend.md, step 4).
 */
static void energy_fill(struct energy *e, const double *x, size_t n,
			double a)
{
	size_t i, j, w = n + 1;

	for (j = 0; j < w; j++)
		e->p[j] = 0;
	for (i = 0; i < n; i++) {
		const double *up = e->p + i * w;
		double *row_p = e->p + (i + 1) * w;
		double row = up[i + 1] - up[i], xi = x[i];

		j = i;
		if (a != 1.0) {
			for (; j < n; j++) {
				row += pow(fabs(xi - x[j]), a);
				row_p[j + 1] = up[j + 1] + row;
			}
		}
#ifdef FSR_CP_AVX
		if (a == 1.0 && have_avx())
			j = fill_avx(x, up, row_p, j, n, xi, &row);
#endif
#ifdef FSR_CP_VEC
		/* Two distances at once; the running row sum stays serial,
		 * one addition after the other as below. */
		for (; j + 2 <= n; j += 2) {
			const v2l abs_mask = { 0x7fffffffffffffffLL,
					       0x7fffffffffffffffLL };
			v2d xv = { xi, xi }, dv, rv;
			double r0;

			dv = (v2d)((v2l)(xv - ld2(x + j)) & abs_mask);
			r0 = row + dv[0];
			row = r0 + dv[1];
			rv = (v2d){ r0, row };
			st2(row_p + j + 1, ld2(up + j + 1) + rv);
		}
#endif
		for (; j < n; j++) {
			row += fabs(xi - x[j]);
			row_p[j + 1] = up[j + 1] + row;
		}
		e->diag[i + 1] = row_p[i + 1];
	}
	e->diag[0] = 0;
	e->n = n;
}

#ifdef FSR_CP_AVX
/* best_in()'s candidates of one t four at a time, from u while u + 3 <=
 * e: returns the next u, *any set when one beats best_q. */
__attribute__((target("avx"))) static size_t
row_avx(const double *pt, const double *ps, const double *dg,
	const double *kd, const double *ck, double *qr, size_t t, size_t u,
	size_t e, double ptt, double pst, double m, double wxc,
	double best_q, int *any)
{
	v4d vptt = { ptt, ptt, ptt, ptt }, vpst = { pst, pst, pst, pst };
	v4d vm = { m, m, m, m }, vwxc = { wxc, wxc, wxc, wxc };
	v4d vbest = { best_q, best_q, best_q, best_q };
	v4l acc = { 0, 0, 0, 0 };

	for (; u + 4 <= e + 1; u += 4) {
		v4d ptu, psu, dgu, k, ckk, between, wy, ee, q;

		memcpy(&ptu, pt + u, sizeof(ptu));
		memcpy(&psu, ps + u, sizeof(psu));
		memcpy(&dgu, dg + u, sizeof(dgu));
		memcpy(&k, kd + (u - t), sizeof(k));
		memcpy(&ckk, ck + (u - t), sizeof(ckk));
		between = ptu - psu - vptt + vpst;
		wy = (dgu - ptu - ptu + vptt) / 2;
		ee = 2 * between / (vm * k) - vwxc - wy / ckk;
		q = vm * k / (vm + k) * ee;
		memcpy(qr + u, &q, sizeof(q));
		acc |= (v4l)(q > vbest);
	}
	if (acc[0] | acc[1] | acc[2] | acc[3])
		*any = 1;
	return u;
}
#endif

/*
 * The best split of [s, e): first maximum in (t, u) order of
 *
 *	Q(s, t, u) = m k / (m + k) (2 B / (m k) - W_x / C(m, 2)
 *		     - W_y / C(k, 2)),
 *
 * m = t - s, k = u - t, B the sum of d between [s, t) and [t, u), W_x
 * and W_y the sums inside each (each pair once: the blocks / 2); the
 * sum over rows [r0, r1) and columns [c0, c1) is P(r1, c1) - P(r0, c1)
 * - P(r1, c0) + P(r0, c0). What depends on t alone (W_x / C(m, 2)) is
 * computed once per t, and the blocks are read from three rows of the
 * prefix sums: the same operations in the same order as term by term,
 * so the same bits (trend and check spent most of their time here:
 * BENCHMARKS.md, "The store at scale").
 */
static int best_in(const struct energy *en, size_t s, size_t e, size_t ms,
		   size_t *bt, size_t *bu, double *bq)
{
	size_t t, u, w = en->n + 1, best_t = 0, best_u = 0;
	const double *ps = en->p + s * w, *dg = en->diag;
	const double *kd = en->kd, *ck = en->ck;
	double best_q = 0, *qr = en->q;
	int found = 0;

	/* The best so far in locals, written out once: through the
	 * pointers (doubles like the prefix sums, so maybe aliased) every
	 * candidate reloaded them (docs/trend.md, step 4). */
	if (e - s < 2 * ms)
		return -1;
	for (t = s + ms; t + ms <= e; t++) {
		const double *pt = en->p + t * w;
		double m = (double)(t - s);
		double wx = (pt[t] - ps[t] - ps[t] + ps[s]) / 2;
		double wxc = wx / (m * (m - 1) / 2);
		double ptt = pt[t], pst = ps[t];
		int better = !found;

		/* Every candidate's Q of this t into qr[u], noting whether
		 * any beats the best so far; only then are they walked in
		 * order as before (first maximum, NaN never taken). */
		u = t + ms;
#ifdef FSR_CP_AVX
		if (have_avx())
			u = row_avx(pt, ps, dg, kd, ck, qr, t, u, e, ptt, pst,
				    m, wxc, best_q, &better);
#endif
#ifdef FSR_CP_VEC
		{
			v2d vptt = { ptt, ptt }, vpst = { pst, pst };
			v2d vm = { m, m }, vwxc = { wxc, wxc };
			v2d vbest = { best_q, best_q };
			v2l any = { 0, 0 };

			for (; u + 2 <= e + 1; u += 2) {
				v2d ptu = ld2(pt + u), k = ld2(kd + (u - t));
				v2d between = ptu - ld2(ps + u) - vptt + vpst;
				v2d wy = (ld2(dg + u) - ptu - ptu + vptt) / 2;
				v2d ee = 2 * between / (vm * k) - vwxc -
					 wy / ld2(ck + (u - t));
				v2d q = vm * k / (vm + k) * ee;

				st2(qr + u, q);
				any |= (v2l)(q > vbest);
			}
			if (any[0] | any[1])
				better = 1;
		}
#endif
		for (; u <= e; u++) {
			double k = kd[u - t];
			double between = pt[u] - ps[u] - ptt + pst;
			double wy = (dg[u] - pt[u] - pt[u] + ptt) / 2;
			double ee = 2 * between / (m * k) - wxc -
				    wy / ck[u - t];
			double q = m * k / (m + k) * ee;

			qr[u] = q;
			if (found && q > best_q)
				better = 1;
		}
		if (!better)
			continue;
		for (u = t + ms; u <= e; u++) {
			double q = qr[u];

			if (!found || q > best_q) {
				best_t = t;
				best_u = u;
				best_q = q;
				found = 1;
			}
		}
	}
	if (!found)
		return -1;
	*bt = best_t;
	*bu = best_u;
	*bq = best_q;
	return 0;
}

/* Best split over all segments bounded by cuts[0..nc) (sorted, with 0
 * and n at the ends). Returns the segment index or -1. */
static long best_all(const struct energy *en, const size_t *cuts, size_t nc,
		     size_t ms, size_t *bt, size_t *bu, double *bq)
{
	long best = -1;
	size_t i;

	for (i = 0; i + 1 < nc; i++) {
		size_t t, u;
		double q;

		if (best_in(en, cuts[i], cuts[i + 1], ms, &t, &u, &q))
			continue;
		if (best < 0 || q > *bq) {
			best = (long)i;
			*bt = t;
			*bu = u;
			*bq = q;
		}
	}
	return best;
}

int fsr_edivisive_best_split(const double *x, size_t s, size_t e,
			     size_t min_size, double exponent, size_t *t,
			     size_t *u, double *q)
{
	struct energy en;
	double *kd, *ck;
	int rc;

	if (e <= s || min_size < 1)
		return -1;
	en.p = fsr_xcalloc((e + 1) * (e + 1), sizeof(double));
	en.diag = fsr_xcalloc(e + 1, sizeof(double));
	en.q = fsr_xcalloc(e + 1, sizeof(double));
	kd = fsr_xcalloc(e + 1, sizeof(double));
	ck = fsr_xcalloc(e + 1, sizeof(double));
	tables_fill(kd, ck, e);
	en.kd = kd;
	en.ck = ck;
	energy_fill(&en, x, e, exponent);
	rc = best_in(&en, s, e, min_size, t, u, q);
	free(en.p);
	free(en.diag);
	free(en.q);
	free(kd);
	free(ck);
	return rc;
}

/*
 * The lag-1 autocorrelation of y[0..n)'s residuals about the means of
 * the pieces cuts[0..nc) (sorted, 0 and n at the ends) cut further at t
 * and u: sum r_i r_(i+1) inside each piece over sum r_i^2, the pieces
 * of 2 or more only. NAN when no piece has 2.
 */
static double lag1_pieces(const double *y, const size_t *cuts, size_t nc,
			  size_t t, size_t u, size_t *n_used)
{
	double num = 0, den = 0;
	size_t c, i, at = 0, b[4], nb = 0, used = 0;

	for (c = 0; c + 1 < nc; c++) {
		size_t s = cuts[c], e = cuts[c + 1];

		nb = 0;
		b[nb++] = s;
		if (t > s && t < e)
			b[nb++] = t;
		if (u > s && u < e && u != t)
			b[nb++] = u;
		b[nb++] = e;
		for (at = 0; at + 1 < nb; at++) {
			size_t ps = b[at], pe = b[at + 1];
			double m = 0, prev = 0;

			if (pe - ps < 2)
				continue;
			for (i = ps; i < pe; i++)
				m += y[i];
			m /= (double)(pe - ps);
			for (i = ps; i < pe; i++) {
				double r = y[i] - m;

				den += r * r;
				if (i > ps)
					num += prev * r;
				prev = r;
			}
			used += pe - ps;
		}
	}
	if (n_used)
		*n_used = used;
	return den > 0 ? num / den : NAN;
}

double fsr_lag1_autocorr(const double *x, const size_t *cuts, size_t nc,
			 size_t *n_used)
{
	return lag1_pieces(x, cuts, nc, 0, 0, n_used);
}

/* The variance of a mean of m consecutive values of an AR(1) series of
 * lag-1 correlation phi, over its value for independent ones. */
static double ar1_mean_factor(double phi, size_t m)
{
	double f = 1, pj = 1;
	size_t j;

	for (j = 1; j < m; j++) {
		pj *= phi;
		f += 2 * (1 - (double)j / (double)m) * pj;
		if (pj < 1e-12)
			break;
	}
	return f;
}

/*
 * The split's Q studentized for autocorrelation (o->autocorr): Q over
 * the factor by which AR(1) noise of the measured lag-1 correlation
 * widens the difference of the two sides' means,
 *
 *	V = (f(m) / m + f(k) / k) / (1 / m + 1 / k),
 *	f(m) = 1 + 2 sum_{j<m} (1 - j/m) phi^j,
 *
 * phi the lag-1 autocorrelation of the residuals inside the current
 * segments cut at t and u, kept in [0, 0.9] (no bias correction: in
 * pieces of a few run sets Kendall's (1 + 3 phi) / L made V large
 * enough to lose clear steps, docs/trend.md). The permuted series are
 * studentized the same way, so under exchangeable run sets the test
 * stays exact; under autocorrelated ones the observed split no longer
 * wins from the noise alone (docs/trend.md, "Autocorrelated series").
 */
#ifndef BIAS_MIN_LEN
#define BIAS_MIN_LEN 10
#endif
static double studentized(const double *y, const size_t *cuts, size_t nc,
			  size_t s, size_t t, size_t u, double q)
{
	size_t used = 0, pieces = nc + 1;
	double phi = lag1_pieces(y, cuts, nc, t, u, &used), v, l;
	double m = (double)(t - s), k = (double)(u - t);

	if (!isfinite(phi))
		return q;
	l = (double)used / (double)pieces;
	if (l >= BIAS_MIN_LEN)
		phi += (1 + 3 * phi) / l;
	if (!(phi > 0))
		return q;
	if (phi > 0.9)
		phi = 0.9;
	v = (ar1_mean_factor(phi, t - s) / m +
	     ar1_mean_factor(phi, u - t) / k) / (1 / m + 1 / k);
	return q / v;
}

static void shuffle_segments(gsl_rng *rng, double *y, const size_t *cuts,
			     size_t nc)
{
	size_t c, i;

	for (c = 0; c + 1 < nc; c++) {
		size_t s = cuts[c], len = cuts[c + 1] - s;

		for (i = len; i > 1; i--) {
			size_t j = (size_t)gsl_rng_uniform_int(rng, i);
			double tmp = y[s + i - 1];

			y[s + i - 1] = y[s + j];
			y[s + j] = tmp;
		}
	}
}

static void insert_cut(size_t *cuts, size_t *nc, size_t pos)
{
	size_t i = *nc;

	while (i > 0 && cuts[i - 1] > pos) {
		cuts[i] = cuts[i - 1];
		i--;
	}
	cuts[i] = pos;
	(*nc)++;
}

static int check_opts(const struct fsr_cp_opts *o, struct fsr_diag *d)
{
	if (o->min_size < 2)
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "the shortest segment must hold at "
				    "least 2 run sets");
	if (!(o->sig > 0 && o->sig < 1))
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "the significance level must be "
				    "between 0 and 1");
	if (o->permutations < 1)
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "at least one permutation is needed");
	if (!(o->exponent > 0 && o->exponent <= 2))
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "the distance exponent must be in (0, 2]");
	if (o->window && o->window < 4 * o->min_size)
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "a window must hold at least four "
				    "shortest segments");
	return 0;
}

/* The buffers of a search of up to n points, made once for all the
 * windows of a series: a window's own malloc() and free() of 2 x 80 KB
 * grew and trimmed the heap each time (brk, page faults and their TLB
 * shootdowns were 9 % of check's CPU over 1 000 run sets). */
struct work {
	double *en, *pe, *y, *diag_en, *diag_pe, *kd, *ck, *q;
	size_t *cuts;
};

static void work_init(struct work *wk, size_t n)
{
	wk->en = fsr_xmalloc((n + 1) * (n + 1) * sizeof(double));
	wk->pe = fsr_xmalloc((n + 1) * (n + 1) * sizeof(double));
	wk->y = fsr_xmalloc((n ? n : 1) * sizeof(double));
	wk->diag_en = fsr_xmalloc((n + 1) * sizeof(double));
	wk->diag_pe = fsr_xmalloc((n + 1) * sizeof(double));
	wk->cuts = fsr_xmalloc((n + 2) * sizeof(size_t));
	wk->kd = fsr_xmalloc((n + 1) * sizeof(double));
	wk->ck = fsr_xmalloc((n + 1) * sizeof(double));
	wk->q = fsr_xmalloc((n + 1) * sizeof(double));
	tables_fill(wk->kd, wk->ck, n);
}

static void work_free(struct work *wk)
{
	free(wk->en);
	free(wk->pe);
	free(wk->y);
	free(wk->diag_en);
	free(wk->diag_pe);
	free(wk->cuts);
	free(wk->kd);
	free(wk->ck);
	free(wk->q);
}

/* E-divisive over the whole of x[0..n): O(n^2) memory (wk, made for at
 * least n points), O(n^2) per search and permutation. */
static int edivisive_whole(const double *x, size_t n,
			   const struct fsr_cp_opts *o, struct work *wk,
			   struct fsr_changepoint **out, size_t *n_out,
			   struct fsr_diag *d)
{
	struct fsr_changepoint *cp = NULL;
	size_t *cuts = wk->cuts, nc = 2, ncp = 0, r;
	struct energy en, pe;
	double *y = wk->y;
	gsl_rng *rng;

	*out = NULL;
	*n_out = 0;
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!rng)
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "GSL could not make a random generator");
	gsl_rng_set(rng, o->seed);
	en.p = wk->en;
	pe.p = wk->pe;
	en.diag = wk->diag_en;
	pe.diag = wk->diag_pe;
	en.kd = pe.kd = wk->kd;
	en.ck = pe.ck = wk->ck;
	en.q = pe.q = wk->q;
	cuts[0] = 0;
	cuts[1] = n;
	energy_fill(&en, x, n, o->exponent);
	for (;;) {
		size_t t, u, over = 1;
		double q, qs;
		long seg = best_all(&en, cuts, nc, o->min_size, &t, &u, &q);

		if (seg < 0)
			break;
		qs = o->autocorr ? studentized(x, cuts, nc, cuts[seg], t, u,
					       q) : q;
		for (r = 0; r < o->permutations; r++) {
			size_t pt, pu;
			double pq;
			long ps;

			/* Early stop: once over / (R + 1) > sig no later
			 * permutation can make the split significant, and a
			 * rejected split's p is never shown, so stopping here
			 * changes no output (a flat series, and the last step
			 * of every series, needed all R before). */
			if ((double)over / (double)(o->permutations + 1) >
			    o->sig)
				break;

			memcpy(y, x, n * sizeof(*y));
			shuffle_segments(rng, y, cuts, nc);
			energy_fill(&pe, y, n, o->exponent);
			/* The same split of a reordered sample can differ
			 * from q in the last bits only: count it as equal. */
			ps = best_all(&pe, cuts, nc, o->min_size, &pt, &pu,
				      &pq);
			if (ps >= 0 && o->autocorr)
				pq = studentized(y, cuts, nc, cuts[ps], pt, pu,
						 pq);
			if (ps >= 0 && pq >= qs - 1e-9 * fabs(qs))
				over++;
		}
		if ((double)over / (double)(o->permutations + 1) > o->sig)
			break;
		cp = fsr_xrealloc(cp, (ncp + 1) * sizeof(*cp));
		cp[ncp].pos = t;
		cp[ncp].stat = q;
		cp[ncp].p = (double)over / (double)(o->permutations + 1);
		cp[ncp].rank = ncp + 1;
		ncp++;
		insert_cut(cuts, &nc, t);
	}
	gsl_rng_free(rng);
	/* By position. */
	for (r = 1; r < ncp; r++) {
		struct fsr_changepoint c = cp[r];
		size_t j = r;

		while (j > 0 && cp[j - 1].pos > c.pos) {
			cp[j] = cp[j - 1];
			j--;
		}
		cp[j] = c;
	}
	*out = cp;
	*n_out = ncp;
	return 0;
}

static int by_pos(const void *a, const void *b)
{
	const struct fsr_changepoint *x = a, *y = b;

	return (x->pos > y->pos) - (x->pos < y->pos);
}

static int by_strength(const void *a, const void *b)
{
	const struct fsr_changepoint *x = *(const struct fsr_changepoint *
						const *)a;
	const struct fsr_changepoint *y = *(const struct fsr_changepoint *
						const *)b;

	if (x->stat != y->stat)
		return x->stat < y->stat ? 1 : -1;
	return (x->pos > y->pos) - (x->pos < y->pos);
}

/* The version of edivisive_whole()'s results in the change-point cache:
 * raise it with any change that can alter a bit of them. */
#define CP_METHOD "fsreport E-divisive window 1"

/*
 * A long series in windows of w run sets, each half over the one before
 * (Apache Otava's window_len, there 50): E-divisive as above inside each
 * window, and of what a window finds only the change points in its core
 * (its middle half; the first window's from 0, the last one's to n) are
 * kept, so every position is judged by the window it is most central in.
 * Time and memory are O(n w) and O(w^2) instead of O(n^2) each (and the
 * permutations of the whole series); a series of at most w run sets is
 * searched whole, as before.
 */
static int edivisive_windows(const double *x, size_t n,
			     const struct fsr_cp_opts *o,
			     struct fsr_changepoint **out, size_t *n_out,
			     struct fsr_diag *d)
{
	struct fsr_changepoint *all = NULL, **rank;
	size_t n_all = 0, w = o->window, step = w / 2, start, i, k;
	size_t covered = 0; /* the cores so far cover [0, covered) */
	size_t n_win = (n - w + step - 1) / step + 1, *wstart, *core;
	struct fsr_cp_opts wo = *o;
	struct work wk;
	char method[200];
	int rc, last = 0;

	/* Each window is a test: at sig each, a flat series of 1 000 run
	 * sets (20 windows) got a false change point 64 % of the time.
	 * Bonferroni over the windows holds the series' rate at sig, and
	 * R grows so that p can go below the window's level: R + 1 =
	 * 2 / level lets a split through with at most one permutation as
	 * strong (early stopping keeps a flat window at a few dozen). */
	wo.sig = o->sig / (double)n_win;
	wo.permutations = (size_t)ceil(2 / wo.sig) - 1;
	if (wo.permutations < o->permutations)
		wo.permutations = o->permutations;

	/* The windows and their cores, forward. */
	wstart = fsr_xmalloc(n_win * 3 * sizeof(*wstart));
	core = wstart + n_win;
	for (i = 0, start = 0; !last; i++, start += step) {
		if (start + w >= n) {
			start = n - w;
			last = 1;
		}
		wstart[i] = start;
		core[2 * i] = covered;
		covered = last ? n : start + step + w / 4;
		core[2 * i + 1] = covered;
	}
	n_win = i;
	/* Everything a window's result depends on besides its values: a
	 * change to the search that can change a single bit of what it
	 * finds must change CP_METHOD, or the cache of the stores would
	 * give the old answers (docs/trend.md, "The change-point cache"). */
	if (o->cache)
		snprintf(method, sizeof(method), CP_METHOD " n=%zu min=%zu "
			 "sig=%a R=%zu seed=%lu a=%a autocorr=%d", w,
			 wo.min_size, wo.sig, wo.permutations, wo.seed,
			 wo.exponent, wo.autocorr);
	work_init(&wk, w);
	/* All windows forward; or, for check (last_only), backward until
	 * the last segment is settled: only it is wanted. */
	for (k = 0; k < n_win; k++) {
		struct fsr_changepoint *cp;
		size_t ncp, wi = o->last_only ? n_win - 1 - k : k;
		size_t found = 0, first = 0;

		start = wstart[wi];
		if (o->cache && o->cache->get &&
		    o->cache->get(o->cache->ctx, method, x + start, w, &cp,
				  &ncp)) {
			; /* searched before: the same bits (the key) */
		} else if ((rc = edivisive_whole(x + start, w, &wo, &wk, &cp,
						 &ncp, d))) {
			work_free(&wk);
			free(all);
			free(wstart);
			return rc;
		} else if (o->cache && o->cache->put) {
			o->cache->put(o->cache->ctx, method, x + start, w, cp,
				      ncp, start % step == 0);
		}
		for (i = 0; i < ncp; i++) {
			size_t pos = start + cp[i].pos;

			if (pos < core[2 * wi] || pos >= core[2 * wi + 1])
				continue;
			all = fsr_xrealloc(all, (n_all + 1) * sizeof(*all));
			all[n_all] = cp[i];
			all[n_all].pos = pos;
			n_all++;
			if (!found++)
				first = pos;
		}
		free(cp);
		/* The last segment is settled once a window keeps a change
		 * point at least min_size after its core's start: a point
		 * of an earlier window closer than that would be merged
		 * with it below, and the stronger kept, which may be the
		 * earlier one (4 of 3 024 series with steps near a core's
		 * edge gave check another last segment than trend). */
		if (o->last_only && found &&
		    first >= core[2 * wi] + o->min_size)
			break;
	}
	work_free(&wk);
	free(wstart);
	if (!n_all) { /* all is NULL, which qsort may not be given */
		*out = NULL;
		*n_out = 0;
		return 0;
	}
	qsort(all, n_all, sizeof(*all), by_pos);
	/* Neighbours from two windows closer than min_size: the stronger
	 * stays. */
	for (i = 1, k = n_all ? 1 : 0; i < n_all; i++) {
		if (all[i].pos - all[k - 1].pos >= o->min_size)
			all[k++] = all[i];
		else if (all[i].stat > all[k - 1].stat)
			all[k - 1] = all[i];
	}
	n_all = k;
	/* Rank by strength, as the whole search finds them. */
	rank = fsr_xcalloc(n_all ? n_all : 1, sizeof(*rank));
	for (i = 0; i < n_all; i++)
		rank[i] = &all[i];
	qsort(rank, n_all, sizeof(*rank), by_strength);
	for (i = 0; i < n_all; i++)
		rank[i]->rank = i + 1;
	free(rank);
	qsort(all, n_all, sizeof(*all), by_pos);
	*out = all;
	*n_out = n_all;
	return 0;
}

int fsr_edivisive(const double *x, size_t n, const struct fsr_cp_opts *o,
		  struct fsr_changepoint **out, size_t *n_out,
		  struct fsr_diag *d)
{
	struct work wk;
	int rc;

	*out = NULL;
	*n_out = 0;
	if ((rc = check_opts(o, d)))
		return rc;
	if (n < 2 * o->min_size)
		return 0;
	if (o->window && n > o->window)
		return edivisive_windows(x, n, o, out, n_out, d);
	work_init(&wk, n);
	rc = edivisive_whole(x, n, o, &wk, out, n_out, d);
	work_free(&wk);
	return rc;
}
