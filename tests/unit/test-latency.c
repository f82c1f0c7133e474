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

int main(void)
{
	struct fsr_histset *a, *b, *c;
	struct fsr_latency_shape s1, s2, s3;

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
	return done_testing();
}
