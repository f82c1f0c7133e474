/*
 * pct-coverage.c - how often the interval of a latency percentile's
 * change holds the true ratio (issue 36, "References"), by simulation:
 * "make bench-pct-coverage".
 *
 * Two latency distributions, in ns: log-normal (median 100 us, sigma
 * 0.5) and bimodal (90 % log-normal around 50 us, sigma 0.3: cache hits;
 * 10 % around 2 ms, sigma 0.4: misses). Each run scales every latency by
 * its own run factor exp(N(0, s_run)), s_run 0.02, 0.05 and 0.10 (the
 * run-to-run noise real runs have); configuration b also by the true
 * change, 1.0 (0 %) or 1.1 (10 %), so the true ratio of every percentile
 * is exactly that factor. A run is M = 20 000 I/Os (p99.9 needs 10 000 by
 * fsreport's refusal rule) counted into a histogram of fio's layout
 * (FSR_HIST_FIO_BITS, _GROUPS), with each latency truncated to whole ns
 * as fio records it; its percentiles are read by fio's rule
 * (fsr_hist_percentile(), as fsreport does); the interval is Welch's on
 * the logarithms of the 10 + 10 per-run values (analyze/welch.c on ln x,
 * as compare.c does), mapped back to a ratio. Counted: how often it
 * holds the true factor (coverage, with its binomial SE); shown too are
 * the geometric mean of the estimated ratios and the mean width of the
 * interval over the true ratio. p90 is shown but left out of the range
 * printed last: in the bimodal distribution it falls in the gap between
 * hits and misses, a percentile no run pins down.
 *
 * The histogram's counts are drawn as the multinomial they are, bin by
 * bin (a binomial of the I/Os left with the bin's share of the mass
 * left, the mass from the distribution's survival function at the bin's
 * edges), not I/O by I/O: the same distribution of counts, over ten
 * times faster. -d draws every I/O and fsr_hist_add()s it instead, a
 * check of the fast path (slow). Mass more than 8.5 sigma below a
 * component's median (< 1e-17) is left out. GSL's mt19937, seeded per
 * cell: the same table on every machine.
 *
 *	build/bench-pct-coverage [-d] [REPS [IOS [S_RUN...]]]
 *	(default 2000 per cell, 20000 I/Os per run, s_run 0.02 0.05 0.1)
 */
#include "../analyze/analyze-internal.h"
#include "../model/histogram.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#define N 10   /* runs per configuration */
#define NQ 4
#define MAXC 2 /* components of a mixture */

struct dist {
	const char *name;
	size_t nc;
	double w[MAXC], median[MAXC], sigma[MAXC];
};

static const struct dist dists[] = {
	{ "log-normal", 1, { 1 }, { 100e3 }, { 0.5 } },
	{ "bimodal", 2, { 0.9, 0.1 }, { 50e3, 2e6 }, { 0.3, 0.4 } },
};
static const double qs[NQ] = { 50, 90, 99, 99.9 };

/* P(X > x) of d scaled by s. */
static double survival(const struct dist *d, double s, double x)
{
	double p = 0;
	size_t c;

	if (x <= 0)
		return 1;
	for (c = 0; c < d->nc; c++)
		p += d->w[c] * gsl_cdf_ugaussian_Q(log(x / (s * d->median[c])) /
						   d->sigma[c]);
	return p;
}

/* One run: m I/Os of d scaled by s into h (cleared), bin by bin. */
static void run_fast(gsl_rng *g, const struct dist *d, double s, unsigned m,
		     struct fsr_hist *h)
{
	size_t i, nb = fsr_hist_nbins(h);
	double xmin = HUGE_VAL, sprev, snext;
	unsigned left = m, k;
	uint64_t lo, hi;
	size_t c;

	fsr_hist_clear(h);
	for (c = 0; c < d->nc; c++)
		xmin = fmin(xmin, s * d->median[c] * exp(-8.5 * d->sigma[c]));
	i = fsr_hist_index(h, (uint64_t)xmin);
	fsr_hist_bounds(h, i, &lo, &hi);
	/* the latency truncated to ns is >= v when the latency is >= v */
	sprev = survival(d, s, (double)lo);
	for (; left && i < nb; i++) {
		fsr_hist_bounds(h, i, &lo, &hi);
		snext = i + 1 < nb ? survival(d, s, (double)hi + 1) : 0;
		if (sprev <= 0 || snext <= 0)
			k = left;
		else
			k = gsl_ran_binomial(g, (sprev - snext) / sprev, left);
		if (k)
			fsr_hist_add_bin(h, i, k);
		left -= k;
		sprev = snext;
	}
}

/* The same I/O by I/O, as an importer counts a clat log. */
static void run_direct(gsl_rng *g, const struct dist *d, double s,
		       unsigned m, struct fsr_hist *h)
{
	unsigned j;
	size_t c;

	fsr_hist_clear(h);
	for (j = 0; j < m; j++) {
		double u = gsl_rng_uniform(g), x;

		for (c = 0; c + 1 < d->nc && u >= d->w[c]; c++)
			u -= d->w[c];
		x = s * d->median[c] * exp(gsl_ran_gaussian(g, d->sigma[c]));
		fsr_hist_add(h, (uint64_t)x, 1);
	}
}

struct cell {
	size_t hit[NQ];
	double lratio[NQ]; /* sum of the estimated log ratios */
	double width[NQ];  /* sum of the widths over the true ratio */
};

static void simulate(gsl_rng *g, const struct dist *d, double change,
		     double s_run, unsigned m, int direct, size_t reps,
		     struct fsr_hist *h, struct cell *out)
{
	double lv[NQ][2][N];
	struct fsr_welch w;
	size_t r, i, q;
	int side;

	memset(out, 0, sizeof(*out));
	for (r = 0; r < reps; r++) {
		for (side = 0; side < 2; side++)
			for (i = 0; i < N; i++) {
				double s = exp(gsl_ran_gaussian(g, s_run)) *
					   (side ? change : 1);

				if (direct)
					run_direct(g, d, s, m, h);
				else
					run_fast(g, d, s, m, h);
				for (q = 0; q < NQ; q++)
					lv[q][side][i] = log((double)
						fsr_hist_percentile(h, qs[q]));
			}
		for (q = 0; q < NQ; q++) {
			fsr_welch_interval(lv[q][0], N, lv[q][1], N, 0.95, &w);
			if (w.diff_low <= log(change) &&
			    log(change) <= w.diff_high)
				out->hit[q]++;
			out->lratio[q] += w.diff;
			out->width[q] += (exp(w.diff_high) - exp(w.diff_low)) /
					 change;
		}
	}
}

int main(int argc, char **argv)
{
	static const double changes[] = { 1.0, 1.1 };
	double s_runs[8] = { 0.02, 0.05, 0.10 };
	int direct = argc > 1 && !strcmp(argv[1], "-d");
	size_t reps = argc > 1 + direct ? strtoul(argv[1 + direct], NULL, 10)
					: 2000;
	unsigned long m = argc > 2 + direct ?
			  strtoul(argv[2 + direct], NULL, 10) : 20000;
	size_t n_s = 3;
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
	double lowest = 100, highest = 0;
	struct fsr_hist h;
	size_t a, b, k, q;

	if (!g || reps < 100 || m > 4000000000UL ||
	    m < fsr_pct_ios_needed(qs[NQ - 1]) ||
	    argc > 3 + direct + 8) {
		fprintf(stderr, "usage: bench-pct-coverage [-d] [REPS >= 100 "
			"[IOS >= %llu [S_RUN...]]]\n",
			(unsigned long long)fsr_pct_ios_needed(qs[NQ - 1]));
		return 2;
	}
	if (argc > 3 + direct)
		for (n_s = 0; (int)n_s + 3 + direct < argc; n_s++) {
			s_runs[n_s] = strtod(argv[n_s + 3 + direct], NULL);
			if (!(s_runs[n_s] >= 0) || s_runs[n_s] > 10) {
				fprintf(stderr, "bench-pct-coverage: S_RUN "
					"0 to 10\n");
				return 2;
			}
		}
	fsr_analyze_init();
	fsr_hist_init(&h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	printf("Coverage of the 95%% interval of a percentile's change, "
	       "%d + %d runs of %lu I/Os%s, %zu samples per cell\n\n", N, N,
	       m, direct ? " (drawn one by one)" : "", reps);
	printf("| distribution | s_run | true change | percentile | "
	       "coverage | SE | estimate | width/ratio |\n");
	printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
	for (a = 0; a < sizeof(dists) / sizeof(*dists); a++)
		for (k = 0; k < n_s; k++)
			for (b = 0; b < sizeof(changes) / sizeof(*changes);
			     b++) {
				struct cell c;

				/* a cell's seed is its own: the same
				 * rows whatever else is asked */
				gsl_rng_set(g, 20261207 + 100000 * a +
					    10000 * b + (unsigned long)
					    lround(1000 * s_runs[k]));
				simulate(g, &dists[a], changes[b], s_runs[k],
					 (unsigned)m, direct, reps, &h, &c);
				for (q = 0; q < NQ; q++) {
					double p = (double)c.hit[q] /
						   (double)reps;

					if (qs[q] != 90) { /* p90: shown */
						lowest = fmin(lowest, 100 * p);
						highest = fmax(highest,
							       100 * p);
					}
					printf("| %s | %g%% | %+g%% | p%g | "
					       "%.1f%% | %.1f%% | %.4f | "
					       "%.3f |\n",
					       dists[a].name, 100 * s_runs[k],
					       100 * (changes[b] - 1), qs[q],
					       100 * p,
					       100 * sqrt(p * (1 - p) /
							  (double)reps),
					       exp(c.lratio[q] /
						   (double)reps),
					       c.width[q] / (double)reps);
				}
			}
	printf("\ncoverage of p50, p99 and p99.9: %.1f%% to %.1f%%\n",
	       lowest, highest);
	fsr_hist_release(&h);
	gsl_rng_free(g);
	return 0;
}
