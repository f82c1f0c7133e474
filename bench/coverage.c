/*
 * coverage.c - how often the interval of the change holds the true ratio
 * (issue 13, point 1), by simulation: "make bench-coverage".
 *
 * For each true ratio (0.3x to 30x) and coefficient of variation (5 % to
 * 30 %, the same on both sides), draw n = 10 runs per side from a normal
 * and from a log-normal distribution, compute
 *   log:  the interval fsreport prints, Welch's on the logarithms mapped
 *         back to a ratio (analyze/welch.c on ln x, as compare.c does);
 *   diff: the interval it printed before issue 13, Welch's interval of
 *         the difference of the means divided by the baseline mean;
 * and count how often each holds the true ratio of the means. Normal
 * samples <= 0 (CV 30 %: about 1 in 3000) are drawn again and counted.
 * The target is the ratio of the means: with the same CV on both sides
 * it is also the ratio of the expected logarithms' exponentials, which
 * the log interval estimates. GSL's mt19937 with a fixed seed: the same
 * table on every machine.
 *
 *	build/bench-coverage [REPS]     (default 20000 per cell)
 */
#include "../analyze/analyze-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#define N 10

static double draw(gsl_rng *g, int lognormal, double mean, double cv,
		   size_t *redrawn)
{
	double x;

	if (lognormal) {
		double s2 = log1p(cv * cv);

		return mean * exp(gsl_ran_gaussian(g, sqrt(s2)) - s2 / 2);
	}
	for (;;) {
		x = mean + gsl_ran_gaussian(g, cv * mean);
		if (x > 0)
			return x;
		(*redrawn)++;
	}
}

struct cell {
	double log_cov, diff_cov, log_width, diff_width;
	size_t redrawn;
};

static void simulate(gsl_rng *g, int lognormal, double ratio, double cv,
		     size_t reps, struct cell *out)
{
	double a[N], b[N], la[N], lb[N];
	size_t r, i, hit_log = 0, hit_diff = 0;
	double wl = 0, wd = 0, ma;
	struct fsr_welch w;

	out->redrawn = 0;
	for (r = 0; r < reps; r++) {
		for (i = 0; i < N; i++) {
			a[i] = draw(g, lognormal, 100, cv, &out->redrawn);
			b[i] = draw(g, lognormal, 100 * ratio, cv,
				    &out->redrawn);
			la[i] = log(a[i]);
			lb[i] = log(b[i]);
		}
		fsr_welch_test(la, N, lb, N, 0.95, &w);
		if (exp(w.diff_low) <= ratio && ratio <= exp(w.diff_high))
			hit_log++;
		wl += exp(w.diff_high) - exp(w.diff_low);
		fsr_welch_test(a, N, b, N, 0.95, &w);
		for (ma = 0, i = 0; i < N; i++)
			ma += a[i] / N;
		if (1 + w.diff_low / ma <= ratio &&
		    ratio <= 1 + w.diff_high / ma)
			hit_diff++;
		wd += (w.diff_high - w.diff_low) / ma;
	}
	out->log_cov = 100.0 * (double)hit_log / (double)reps;
	out->diff_cov = 100.0 * (double)hit_diff / (double)reps;
	out->log_width = wl / (double)reps / ratio;
	out->diff_width = wd / (double)reps / ratio;
}

int main(int argc, char **argv)
{
	static const double ratios[] = { 0.3, 0.5, 1, 2, 5, 10, 30 };
	static const double cvs[] = { 0.05, 0.10, 0.20, 0.30 };
	size_t reps = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000;
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
	double worst = 100;
	size_t i, j;
	int ln;

	if (!g || reps < 100) {
		fprintf(stderr, "usage: bench-coverage [REPS >= 100]\n");
		return 2;
	}
	fsr_analyze_init();
	gsl_rng_set(g, 20261202);
	printf("Coverage of the 95%% interval of the change, n = %d per "
	       "side, %zu samples per cell\n\n", N, reps);
	printf("| distribution | ratio | CV | log-Welch (now) | "
	       "width/ratio | diff/mean (before) | width/ratio |\n");
	printf("|---|---|---|---|---|---|---|\n");
	for (ln = 0; ln < 2; ln++)
		for (i = 0; i < sizeof(ratios) / sizeof(*ratios); i++)
			for (j = 0; j < sizeof(cvs) / sizeof(*cvs); j++) {
				struct cell c;

				simulate(g, ln, ratios[i], cvs[j], reps, &c);
				if (c.log_cov < worst)
					worst = c.log_cov;
				printf("| %s | %gx | %g%% | %.1f%% | %.3f | "
				       "%.1f%% | %.3f |\n",
				       ln ? "log-normal" : "normal",
				       ratios[i], 100 * cvs[j], c.log_cov,
				       c.log_width, c.diff_cov, c.diff_width);
				if (c.redrawn)
					fprintf(stderr, "normal, %gx, CV %g%%:"
						" %zu samples <= 0 redrawn\n",
						ratios[i], 100 * cvs[j],
						c.redrawn);
			}
	printf("\nlowest coverage of the log-Welch interval: %.1f%%\n", worst);
	gsl_rng_free(g);
	return 0;
}
