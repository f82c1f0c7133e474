/*
 * test-latency.c - analyze/latency.c: the run-level permutation test of
 * the shape of two latency distributions, against NumPy and SciPy 1.10
 * (scripts/latency-shape-reference.py ->
 * tests/data/stats/latency-shape-reference.txt) on the runs of
 * examples/latency/; and its random mode's seed.
 */
#include "analyze/analyze.h"
#include "model/histogram.h"
#include "lib/alloc.h"
#include "tap.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Append run R of examples/latency/CFG as a histogram to s. */
static int add_run(struct fsr_histset *s, const char *cfg, int r)
{
	char path[256];
	json_t *doc, *bins, *c;
	const char *k;
	struct fsr_hist h;

	snprintf(path, sizeof(path), "examples/latency/%s/%d.json", cfg, r);
	doc = json_load_file(path, 0, NULL);
	bins = json_object_get(json_object_get(json_object_get(
		json_array_get(json_object_get(doc, "jobs"), 0), "write"),
		"clat_ns"), "bins");
	if (!json_is_object(bins)) {
		json_decref(doc);
		return -1;
	}
	fsr_hist_init(&h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	json_object_foreach(bins, k, c)
		fsr_hist_add_bin_value(&h, strtoull(k, NULL, 10),
				       (uint64_t)json_integer_value(c));
	FSR_GROW(s->runs, s->cap, s->n + 1);
	s->runs[s->n++] = h;
	json_decref(doc);
	return 0;
}

static struct fsr_histset *runs(const char *cfg, int from, int to, int step)
{
	struct fsr_histset *s = fsr_xcalloc(1, sizeof(*s));
	int r;

	for (r = from; r <= to; r += step)
		if (add_run(s, cfg, r) < 0)
			ok(0, "examples/latency/%s/%d.json read", cfg, r);
	return s;
}

/* The reference line of case name: D and p. */
static int reference(const char *name, double *d, double *p)
{
	FILE *f = fopen("tests/data/stats/latency-shape-reference.txt", "r");
	char line[512], want[128];
	int found = 0;

	if (!f)
		return 0;
	snprintf(want, sizeof(want), "%s runs=", name);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, want, strlen(want))) {
			const char *dd = strstr(line, " D="),
				   *pp = strstr(line, " p=");

			if (dd && pp) {
				*d = strtod(dd + 3, NULL);
				*p = strtod(pp + 3, NULL);
				found = 1;
			}
		}
	fclose(f);
	return found;
}

static void check_case(const char *name, struct fsr_histset *a,
		       struct fsr_histset *b, size_t splits)
{
	struct fsr_latency_shape s;
	double d, p;

	if (!ok(reference(name, &d, &p), "%s: reference found", name))
		return;
	ok(fsr_shape_test(a, b, 1, &s) == 0, "%s: tested", name);
	ok(fabs(s.d - d) <= 1e-12 * d, "%s: D = %.15g (SciPy %.15g)", name,
	   s.d, d);
	ok(fabs(s.p - p) <= 1e-12, "%s: exact p = %.15g (SciPy %.15g)", name,
	   s.p, p);
	ok(s.exact && s.splits == splits, "%s: every one of %zu splits",
	   name, splits);
}

/*
 * The spectrum's bold line and band at fio's own printed percentiles:
 * the geometric mean of the runs and its 95 % interval on the logs,
 * against scripts/latency-spectrum-reference.py (fio's "percentile"
 * figures, not the bins; t from the printed table). fsync's runs are
 * too short for p99.9 and p99.99: its spectrum ends at p99.
 */
static void check_spectrum(const char *cfg, size_t want_ok)
{
	static const double q[] = { 50, 90, 99, 99.9, 99.99 };
	struct fsr_histset *s = runs(cfg, 1, 10, 1);
	struct fsr_spectrum sp;
	char line[256], name[16];
	size_t j, seen = 0;
	FILE *f;

	ok(fsr_spectrum(s, q, 5, 0.95, &sp) == 0 && sp.n_runs == 10,
	   "%s: a spectrum of 10 runs", cfg);
	ok(sp.n_ok == want_ok, "%s: %zu of 5 percentiles supported (%zu)",
	   cfg, want_ok, sp.n_ok);
	f = fopen("tests/data/stats/latency-spectrum-reference.txt", "r");
	while (f && fgets(line, sizeof(line), f)) {
		double qq, g, lo, hi;

		if (sscanf(line, "%15s q=%lf gmean=%lf lo=%lf hi=%lf", name,
			   &qq, &g, &lo, &hi) != 5 || strcmp(name, cfg))
			continue;
		for (j = 0; j < 5 && q[j] != qq; j++)
			;
		if (j == 5 || j >= sp.n_ok) {
			ok(0, "%s p%g: in the spectrum", cfg, qq);
			continue;
		}
		seen++;
		ok(fabs(sp.gmean[j] / g - 1) < 1e-9 &&
			   fabs(sp.ci_low[j] / lo - 1) < 1e-8 &&
			   fabs(sp.ci_high[j] / hi - 1) < 1e-8,
		   "%s p%g: geometric mean %.6g [%.6g, %.6g] as the "
		   "reference's %.6g [%.6g, %.6g]", cfg, qq, sp.gmean[j],
		   sp.ci_low[j], sp.ci_high[j], g, lo, hi);
	}
	if (f)
		fclose(f);
	ok(seen == want_ok, "%s: %zu reference lines", cfg, seen);
	for (j = sp.n_ok; j < 5; j++)
		ok(isnan(sp.gmean[j]) && isnan(sp.v[j]),
		   "%s p%g: refused, no value", cfg, q[j]);
	fsr_spectrum_free(&sp);
	fsr_histset_free(s);
}

int main(void)
{
	struct fsr_histset *a, *b, *c;
	struct fsr_latency_shape s1, s2, s3;
	struct fsr_spectrum sp;

	a = runs("none", 1, 10, 1);
	b = runs("fsync", 1, 10, 1);
	check_case("none-vs-fsync", a, b, 184756);
	fsr_histset_free(a);
	fsr_histset_free(b);
	a = runs("none", 1, 5, 1);
	b = runs("none", 6, 10, 1);
	check_case("none-1to5-vs-6to10", a, b, 252);
	fsr_histset_free(a);
	fsr_histset_free(b);
	a = runs("fsync", 1, 10, 2);
	b = runs("fsync", 2, 10, 2);
	check_case("fsync-odd-vs-even", a, b, 252);
	fsr_histset_free(a);
	fsr_histset_free(b);
	a = runs("none", 1, 3, 1);
	b = runs("fsync", 1, 4, 1);
	check_case("none-1to3-vs-fsync-1to4", a, b, 35);

	/* fewer than 2 runs on a side: no test */
	c = runs("none", 1, 1, 1);
	ok(fsr_shape_test(c, b, 1, &s1) == -1 && isnan(s1.p),
	   "one run on a side: not tested");
	fsr_histset_free(c);
	fsr_histset_free(a);
	fsr_histset_free(b);

	/* 12 + 12 runs: C(24, 12) = 2704156 splits, random ones */
	a = runs("none", 1, 10, 1);
	add_run(a, "fsync", 1);
	add_run(a, "fsync", 2);
	b = runs("fsync", 3, 10, 1);
	add_run(b, "none", 1);
	add_run(b, "none", 2);
	add_run(b, "none", 3);
	add_run(b, "none", 4);
	ok(fsr_shape_test(a, b, 1, &s1) == 0 && !s1.exact &&
		   s1.splits == FSR_SHAPE_RANDOM,
	   "12 + 12 runs: %d random splits", FSR_SHAPE_RANDOM);
	fsr_shape_test(a, b, 1, &s2);
	fsr_shape_test(a, b, 2, &s3);
	ok(s1.p == s2.p, "the same seed, the same p (%g)", s1.p);
	ok(s1.d == s3.d && s3.p > 0 && s3.p <= 1,
	   "another seed: the same D, a p of its own (%g)", s3.p);
	ok(s1.p >= 1.0 / (FSR_SHAPE_RANDOM + 1),
	   "random mode: p is never below 1 / (B + 1)");
	fsr_histset_free(a);
	fsr_histset_free(b);

	check_spectrum("none", 5);
	check_spectrum("fsync", 3);
	a = fsr_xcalloc(1, sizeof(*a));
	ok(fsr_spectrum(a, (const double[]){ 50 }, 1, 0.95, &sp) == -1 &&
		   !sp.q, "no runs: no spectrum");
	fsr_histset_free(a);
	return done_testing();
}
