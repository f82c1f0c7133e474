/*
 * latency.c - the shape of two latency distributions, run by run (issue
 * 36; docs/methods.md section 11): the Kolmogorov-Smirnov distance
 * between the pooled histograms of two configurations, and its p value
 * by permuting whole runs between them. The run stays the unit: the I/Os
 * of one run are not independent of each other, so the I/O-level KS
 * test's p would be far too small; permuting runs keeps each run's I/Os
 * together.
 *
 * The statistic on a split (A, B) of the runs: with C_r(i) run r's count
 * at or below bin i and N_r its I/Os, D = max_i |sum_A C_r(i) / sum_A N_r
 * - sum_B C_r(i) / sum_B N_r|. Only the bins some run uses matter (the
 * CDFs are flat elsewhere), so each run's cumulative counts are kept at
 * those bins only. Splits are enumerated depth first with the group's
 * sums built along the way; a random split is a partial Fisher-Yates
 * shuffle (gsl_rng MT19937).
 */
#include "analyze.h"
#include "analyze-internal.h"
#include "../lib/alloc.h"
#include "../model/histogram.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct shape_work {
	size_t n, k, na;  /* runs, used bins, runs in group A */
	double *cum;      /* n x k cumulative counts */
	double *all;      /* k: their sum over every run */
	double total;     /* every run's I/Os */
	double *tot;      /* n: each run's I/Os */
	double *acc;      /* (na + 1) x k: depth-first partial sums */
	double d_obs;
	size_t hits, splits;
};

/* D of the split whose group A has cumulative sums a[0..k) and na_ios
 * I/Os. */
static double split_d(const struct shape_work *w, const double *a,
		      double na_ios)
{
	double nb_ios = w->total - na_ios, d = 0;
	size_t i;

	if (na_ios <= 0 || nb_ios <= 0)
		return 0;
	for (i = 0; i < w->k; i++) {
		double x = fabs(a[i] / na_ios - (w->all[i] - a[i]) / nb_ios);

		if (x > d)
			d = x;
	}
	return d;
}

/* Relative tolerance for "at least as large": D of the observed split
 * computed along another path differs in the last bits. */
#define SHAPE_EPS 1e-12

static void enumerate(struct shape_work *w, size_t depth, size_t from,
		      double ios)
{
	double *cur = w->acc + depth * w->k, *next = cur + w->k;
	size_t r, i;

	if (depth == w->na) {
		w->splits++;
		if (split_d(w, cur, ios) >= w->d_obs * (1 - SHAPE_EPS))
			w->hits++;
		return;
	}
	/* leave room for the runs still to choose */
	for (r = from; r + (w->na - depth) <= w->n; r++) {
		const double *c = w->cum + r * w->k;

		for (i = 0; i < w->k; i++)
			next[i] = cur[i] + c[i];
		enumerate(w, depth + 1, r + 1, ios + w->tot[r]);
	}
}

/* C(n, k), or SIZE_MAX when above limit. */
static size_t choose(size_t n, size_t k, size_t limit)
{
	double c = 1;
	size_t i;

	if (k > n - k)
		k = n - k;
	for (i = 1; i <= k; i++) {
		c = c * (double)(n - k + i) / (double)i;
		if (c > (double)limit)
			return SIZE_MAX;
	}
	return (size_t)(c + 0.5);
}

int fsr_shape_test(const struct fsr_histset *a, const struct fsr_histset *b,
		   unsigned long seed, struct fsr_latency_shape *out)
{
	struct shape_work w;
	const struct fsr_hist *first;
	size_t nbins, r, i, j, *used = NULL, n_used = 0;
	double *a_sum;

	out->d = out->p = NAN;
	out->splits = 0;
	out->exact = 0;
	if (!a || !b || a->n < 2 || b->n < 2)
		return -1;
	first = &a->runs[0];
	nbins = fsr_hist_nbins(first);
	for (r = 0; r < a->n + b->n; r++) {
		const struct fsr_hist *h = r < a->n ? &a->runs[r] :
						      &b->runs[r - a->n];

		if (h->bits != first->bits || h->groups != first->groups ||
		    !h->total)
			return -1;
	}
	/* the bins some run uses */
	used = fsr_xcalloc(nbins, sizeof(*used));
	for (i = 0; i < nbins; i++)
		for (r = 0; r < a->n + b->n; r++) {
			const struct fsr_hist *h = r < a->n ?
				&a->runs[r] : &b->runs[r - a->n];

			if (h->counts && h->counts[i]) {
				used[n_used++] = i;
				break;
			}
		}
	memset(&w, 0, sizeof(w));
	w.n = a->n + b->n;
	w.k = n_used;
	w.na = a->n;
	w.cum = fsr_xcalloc(w.n * w.k, sizeof(*w.cum));
	w.all = fsr_xcalloc(w.k, sizeof(*w.all));
	w.tot = fsr_xcalloc(w.n, sizeof(*w.tot));
	w.acc = fsr_xcalloc((w.na + 1) * w.k, sizeof(*w.acc));
	for (r = 0; r < w.n; r++) {
		const struct fsr_hist *h = r < a->n ? &a->runs[r] :
						      &b->runs[r - a->n];
		double run = 0;
		size_t bin = 0;

		for (j = 0; j < w.k; j++) {
			for (; bin <= used[j]; bin++)
				run += h->counts ? (double)h->counts[bin] : 0;
			w.cum[r * w.k + j] = run;
			w.all[j] += run;
		}
		w.tot[r] = (double)h->total;
		w.total += w.tot[r];
	}
	/* the observed split: a's runs first */
	a_sum = fsr_xcalloc(w.k, sizeof(*a_sum));
	{
		double ios = 0;

		for (r = 0; r < a->n; r++) {
			for (j = 0; j < w.k; j++)
				a_sum[j] += w.cum[r * w.k + j];
			ios += w.tot[r];
		}
		w.d_obs = split_d(&w, a_sum, ios);
	}
	if (choose(w.n, w.na, FSR_SHAPE_EXACT_MAX) != SIZE_MAX) {
		enumerate(&w, 0, 0, 0);
		out->exact = 1;
		out->p = (double)w.hits / (double)w.splits;
	} else {
		gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
		size_t *idx = fsr_xcalloc(w.n, sizeof(*idx)), t;

		if (!rng)
			fsr_oom();
		gsl_rng_set(rng, seed);
		for (r = 0; r < w.n; r++)
			idx[r] = r;
		for (t = 0; t < FSR_SHAPE_RANDOM; t++) {
			double ios = 0;

			memset(a_sum, 0, w.k * sizeof(*a_sum));
			for (r = 0; r < w.na; r++) {
				size_t s = r + gsl_rng_uniform_int(
					rng, (unsigned long)(w.n - r)), x;

				x = idx[r];
				idx[r] = idx[s];
				idx[s] = x;
				for (j = 0; j < w.k; j++)
					a_sum[j] += w.cum[idx[r] * w.k + j];
				ios += w.tot[idx[r]];
			}
			w.splits++;
			if (split_d(&w, a_sum, ios) >=
			    w.d_obs * (1 - SHAPE_EPS))
				w.hits++;
		}
		out->p = (double)(w.hits + 1) / (double)(w.splits + 1);
		free(idx);
		gsl_rng_free(rng);
	}
	out->d = w.d_obs;
	out->splits = w.splits;
	free(a_sum);
	free(used);
	free(w.cum);
	free(w.all);
	free(w.tot);
	free(w.acc);
	return 0;
}

void fsr_shape_row(const struct fsr_report *r, struct fsr_compare_row *row,
		   unsigned long seed)
{
	const struct fsr_result *res = r->results[row->result];

	row->shape.d = row->shape.p = NAN;
	row->shape.splits = 0;
	row->shape.exact = 0;
	if (row->base_cell == SIZE_MAX || row->cell == SIZE_MAX)
		return;
	fsr_shape_test(fsr_cell_hists(&res->cells[row->base_cell]),
		       fsr_cell_hists(&res->cells[row->cell]), seed,
		       &row->shape);
}

int fsr_spectrum(const struct fsr_histset *s, const double *q, size_t n_q,
		 double conf, struct fsr_spectrum *out)
{
	size_t r, j, n = 0;
	double t = NAN;

	memset(out, 0, sizeof(*out));
	for (r = 0; s && r < s->n; r++)
		if (s->runs[r].total)
			n++;
	if (!n || !n_q)
		return -1;
	out->n_q = n_q;
	out->n_runs = n;
	out->q = fsr_xcalloc(n_q, sizeof(*out->q));
	out->v = fsr_xcalloc(n * n_q, sizeof(*out->v));
	out->gmean = fsr_xcalloc(n_q, sizeof(*out->gmean));
	out->ci_low = fsr_xcalloc(n_q, sizeof(*out->ci_low));
	out->ci_high = fsr_xcalloc(n_q, sizeof(*out->ci_high));
	memcpy(out->q, q, n_q * sizeof(*q));
	if (n >= 2)
		t = gsl_cdf_tdist_Pinv(1 - (1 - conf) / 2, (double)(n - 1));
	for (j = 0; j < n_q; j++) {
		double sum = 0, ss = 0, m;
		size_t k = 0;
		int ok = 1;

		for (r = 0; r < s->n; r++) {
			const struct fsr_hist *h = &s->runs[r];

			if (!h->total)
				continue;
			if (h->total < fsr_pct_ios_needed(q[j]))
				ok = 0;
			out->v[k++ * n_q + j] =
				(double)fsr_hist_percentile(h, q[j]);
		}
		/* the first q a run cannot support ends them all */
		if (ok && j == out->n_ok)
			out->n_ok++;
		if (j >= out->n_ok) {
			for (k = 0; k < n; k++)
				out->v[k * n_q + j] = NAN;
			out->gmean[j] = out->ci_low[j] = out->ci_high[j] =
				NAN;
			continue;
		}
		for (k = 0; k < n; k++)
			sum += log(fmax(out->v[k * n_q + j], 1));
		m = sum / (double)n;
		for (k = 0; k < n; k++) {
			double d = log(fmax(out->v[k * n_q + j], 1)) - m;

			ss += d * d;
		}
		out->gmean[j] = exp(m);
		out->ci_low[j] = out->ci_high[j] = NAN;
		if (n >= 2 && ss == 0) /* the runs agree: no width */
			out->ci_low[j] = out->ci_high[j] = out->gmean[j];
		else if (n >= 2 && isfinite(t)) {
			double half = t * sqrt(ss / (double)(n - 1) /
					       (double)n);

			out->ci_low[j] = exp(m - half);
			out->ci_high[j] = exp(m + half);
		}
	}
	return 0;
}

void fsr_spectrum_free(struct fsr_spectrum *sp)
{
	free(sp->q);
	free(sp->v);
	free(sp->gmean);
	free(sp->ci_low);
	free(sp->ci_high);
	memset(sp, 0, sizeof(*sp));
}
