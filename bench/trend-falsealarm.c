/*
 * trend-falsealarm.c - how often trend finds a change point in a flat
 * series whose run sets are AR(1) noise (issue 35, "Honest under real
 * series"), by simulation: "make bench-trend-falsealarm".
 *
 * For lag-1 correlations phi (0 and 0.28, as nightly runs on one
 * machine show) and series of n = 10, 30, 100 run sets, draw
 * x_i = phi x_(i-1) + e_i (e standard normal, x_0 from the stationary
 * distribution), run E-divisive with trend's defaults (min-size 2, 199
 * permutations, alpha 0.05) with the autocorrelation studentization off
 * (before) and on (now), and count the series with any change point;
 * then the same with a step of 2 sd of the noise in the middle, the
 * power each keeps. GSL's mt19937 with a fixed seed: the same table on
 * every machine.
 *
 *	build/bench-trend-falsealarm [REPS [PHI...]]   (default 1000; 0 0.28)
 */
#include "../analyze/changepoint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

static void series(gsl_rng *g, double phi, double *x, size_t n, double step)
{
	size_t i;

	x[0] = gsl_ran_gaussian(g, 1) / sqrt(1 - phi * phi);
	for (i = 1; i < n; i++)
		x[i] = phi * x[i - 1] + gsl_ran_gaussian(g, 1);
	for (i = n / 2; i < n; i++)
		x[i] += step / sqrt(1 - phi * phi);
}

int main(int argc, char **argv)
{
	static const size_t ns[] = { 10, 30, 100 };
	size_t reps = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
	double phis[8] = { 0, 0.28 };
	size_t n_phi = 2, a, k, r, mode;
	double x[100];
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);

	if (argc > 2)
		for (n_phi = 0; n_phi < 8 && (int)n_phi + 2 < argc; n_phi++)
			phis[n_phi] = strtod(argv[n_phi + 2], NULL);
	printf("| phi | run sets | series | step (sd) | before | now |\n");
	printf("|---:|---:|---:|---:|---:|---:|\n");
	for (a = 0; a < n_phi; a++)
		for (k = 0; k < sizeof(ns) / sizeof(*ns); k++)
			for (mode = 0; mode < 2; mode++) {
				double step = mode ? 2 : 0;
				size_t hits[2] = { 0, 0 }, s;

				gsl_rng_set(g, 20261206 + 1000 * a + k);
				for (r = 0; r < reps; r++) {
					series(g, phis[a], x, ns[k], step);
					for (s = 0; s < 2; s++) {
						struct fsr_cp_opts o =
							FSR_CP_OPTS_INIT;
						struct fsr_changepoint *cp;
						size_t ncp = 0;

						o.autocorr = (int)s;
						o.seed = r + 1;
						if (fsr_edivisive(x, ns[k], &o,
								  &cp, &ncp,
								  NULL))
							return 1;
						hits[s] += ncp > 0;
						free(cp);
					}
				}
				printf("| %.2f | %zu | %zu | %g | %.3f | %.3f |\n",
				       phis[a], ns[k], reps, step,
				       (double)hits[0] / (double)reps,
				       (double)hits[1] / (double)reps);
				fflush(stdout);
			}
	gsl_rng_free(g);
	return 0;
}
