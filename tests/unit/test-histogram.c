/*
 * test-histogram.c - model/histogram.c: fio's bin layout, merging, and
 * percentiles equal to the ones fio 3.33 printed for the same json+ bins
 * (tests/data/fio/latency/, scripts/capture-fio-latency.sh): fio's own
 * output is the reference.
 */
#include "model/histogram.h"
#include "lib/diag.h"
#include "tap.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_layout(void)
{
	struct fsr_hist h;
	size_t i, n, bad_round = 0, bad_bounds = 0, bad_err = 0;
	uint64_t lo, hi, prev_hi = 0, v;

	ok(fsr_hist_init(&h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS) == 0,
	   "init: fio's layout");
	n = fsr_hist_nbins(&h);
	is_int(n, 1856, "fio's layout has FIO_IO_U_PLAT_NR = 1856 bins");
	for (i = 0; i < n; i++) {
		v = fsr_hist_value(&h, i);
		if (fsr_hist_index(&h, v) != i)
			bad_round++;
		fsr_hist_bounds(&h, i, &lo, &hi);
		if ((i && lo != prev_hi + 1) || v < lo || v > hi)
			bad_bounds++;
		/* the midpoint is within 1/2^(bits+1) of every value held */
		if (i + 1 < n && (double)(v - lo) > lo / 128.0 + 0.5)
			bad_err++;
		prev_hi = hi;
	}
	is_int(bad_round, 0, "every bin's value falls into that bin");
	is_int(bad_bounds, 0, "bins tile the values without gap or overlap");
	is_int(bad_err, 0, "a bin's value is within 1/128 of what it holds");
	/* values from fio's json+ output of this machine */
	is_int(fsr_hist_value(&h, fsr_hist_index(&h, 104208)), 103936,
	       "104208 ns is printed 103936 (fio's max and p99.9 above)");
	is_int(fsr_hist_index(&h, 127), 127, "below 128 a bin per value");
	is_int(fsr_hist_value(&h, 128), 129, "bin 128 holds 128..129");
	is_int(fsr_hist_index(&h, UINT64_MAX), n - 1,
	       "values beyond the range go to the last bin, as in fio");
	ok(fsr_hist_add_bin_value(&h, 130, 1) == FSR_EINPUT,
	   "130 is no bin's printed value");
	ok(fsr_hist_add_bin_value(&h, 131, 2) == 0 && h.total == 2,
	   "131 is (bin 129)");
	fsr_hist_release(&h);
	ok(fsr_hist_init(&h, 6, 60) == FSR_EINPUT, "60 groups of 6 bits: "
	   "refused (beyond 64 bits)");
	ok(fsr_hist_init(&h, 6, FSR_HIST_MAX_GROUPS) == 0 &&
	   fsr_hist_index(&h, UINT64_MAX) == fsr_hist_nbins(&h) - 1 &&
	   fsr_hist_value(&h, fsr_hist_nbins(&h) - 1) > ((uint64_t)1 << 63),
	   "FSR_HIST_MAX_GROUPS holds every 64-bit value in its own bin");
	fsr_hist_release(&h);
}

static void test_percentile_rule(void)
{
	struct fsr_hist h;
	uint64_t v;

	fsr_hist_init(&h, 6, 29);
	is_int(fsr_hist_percentile(&h, 50), 0, "empty: 0");
	for (v = 1; v <= 100; v++)
		fsr_hist_add(&h, v, 1);
	is_int(fsr_hist_percentile(&h, 50), 50, "1..100: p50 is 50");
	is_int(fsr_hist_percentile(&h, 99), 99, "1..100: p99 is 99");
	is_int(fsr_hist_percentile(&h, 99.9), 100, "1..100: p99.9 is 100");
	is_int(fsr_hist_percentile(&h, 100), 100, "1..100: p100 is 100");
	is_int(fsr_hist_percentile(&h, 0.5), 1, "1..100: p0.5 is 1");
	fsr_hist_release(&h);
}

/* The I/Os a percentile needs: 10 above it, 10 / (1 - q) in all. */
static void test_ios_needed(void)
{
	is_int(fsr_pct_ios_needed(50), 20, "p50 needs 20 I/Os");
	is_int(fsr_pct_ios_needed(90), 100, "p90 needs 100 I/Os");
	is_int(fsr_pct_ios_needed(99), 1000, "p99 needs 1000 I/Os");
	is_int(fsr_pct_ios_needed(99.9), 10000, "p99.9 needs 10000 I/Os");
	is_int(fsr_pct_ios_needed(99.99), 100000,
	       "p99.99 needs 100000 I/Os (not 99999 nor 100001)");
	is_int(fsr_pct_ios_needed(95), 200, "p95 needs 200 I/Os");
	is_int(fsr_pct_ios_needed(99.5), 2000, "p99.5 needs 2000 I/Os");
	is_int(fsr_pct_ios_needed(33), 15, "p33 needs 15 (14.93 rounded up)");
	is_int(fsr_pct_ios_needed(100), 0, "p100: never (0)");
}

/* Fill h from a json+ latency object's "bins"; -1 when absent/invalid. */
static int hist_from_bins(struct fsr_hist *h, const json_t *lat)
{
	json_t *bins = json_object_get(lat, "bins"), *c;
	const char *k;

	fsr_hist_init(h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	if (!json_is_object(bins))
		return -1;
	json_object_foreach(bins, k, c) {
		if (fsr_hist_add_bin_value(h, strtoull(k, NULL, 10),
					   (uint64_t)json_integer_value(c)))
			return -1;
	}
	return 0;
}

/* Every percentile fio printed in lat equals the histogram's. */
static void check_fio_object(const char *file, const char *what,
			     const json_t *lat, size_t *checked)
{
	struct fsr_hist h;
	json_t *pct = json_object_get(lat, "percentile"), *v;
	const char *k;
	size_t bad = 0, n = 0;

	if (hist_from_bins(&h, lat) < 0) {
		ok(0, "%s %s: bins read", file, what);
		fsr_hist_release(&h);
		return;
	}
	is_int(h.total, json_integer_value(json_object_get(lat, "N")),
	       "%s %s: the bins hold N I/Os", file, what);
	json_object_foreach(pct, k, v) {
		uint64_t got = fsr_hist_percentile(&h, strtod(k, NULL));

		n++;
		if (got != (uint64_t)json_integer_value(v)) {
			bad++;
			printf("# %s %s p%s: fio %lld, fsreport %llu\n", file,
			       what, k, json_integer_value(v),
			       (unsigned long long)got);
		}
	}
	ok(n > 0 && bad == 0, "%s %s: %zu percentiles equal fio's", file,
	   what, n);
	*checked += n;
	fsr_hist_release(&h);
}

static void test_fio_captures(void)
{
	static const char *const files[] = {
		"sync.1.json", "sync.2.json", "sync.3.json",
		"fsync.1.json", "fsync.2.json", "fsync.3.json",
	};
	static const char *const dirs[] = { "read", "write", "trim", "sync" };
	static const char *const lats[] = { "clat_ns", "lat_ns", "slat_ns" };
	size_t f, d, l, checked = 0;
	char path[256];

	for (f = 0; f < sizeof(files) / sizeof(*files); f++) {
		json_t *doc, *job;

		snprintf(path, sizeof(path), "tests/data/fio/latency/%s",
			 files[f]);
		doc = json_load_file(path, 0, NULL);
		job = json_array_get(json_object_get(doc, "jobs"), 0);
		if (!ok(job != NULL, "%s read", path))
			continue;
		for (d = 0; d < 4; d++)
			for (l = 0; l < 3; l++) {
				json_t *lat = json_object_get(
					json_object_get(job, dirs[d]), lats[l]);
				char what[64];

				if (!json_object_get(lat, "bins"))
					continue;
				snprintf(what, sizeof(what), "%s %s", dirs[d],
					 lats[l]);
				check_fio_object(files[f], what, lat,
						 &checked);
			}
		json_decref(doc);
	}
	/* write clat_ns of six runs, sync lat_ns of the three fsync runs */
	ok(checked == 9 * 17, "%zu fio percentiles checked", checked);
}

/* The ten-run capture of two configurations (scripts/capture-fio-
 * spectrum.sh, tests/data/fio/spectrum/): every percentile fio printed,
 * of every job, direction and latency with bins, of all twenty runs. */
static void test_fio_spectrum(void)
{
	static const char *const cfgs[] = { "fsync", "none" };
	static const char *const dirs[] = { "read", "write", "trim", "sync" };
	static const char *const lats[] = { "clat_ns", "lat_ns", "slat_ns" };
	size_t c, r, d, l, j, checked = 0, objects = 0, runs = 0;
	char path[256], name[64];

	for (c = 0; c < 2; c++)
		for (r = 1; r <= 10; r++) {
			json_t *doc, *jobs;

			snprintf(path, sizeof(path),
				 "tests/data/fio/spectrum/%s/%zu.json", cfgs[c],
				 r);
			snprintf(name, sizeof(name), "%s/%zu", cfgs[c], r);
			doc = json_load_file(path, 0, NULL);
			jobs = json_object_get(doc, "jobs");
			if (!ok(json_array_size(jobs) > 0, "%s read", path))
				continue;
			runs++;
			for (j = 0; j < json_array_size(jobs); j++)
				for (d = 0; d < 4; d++)
					for (l = 0; l < 3; l++) {
						json_t *lat = json_object_get(
							json_object_get(
								json_array_get(jobs, j),
								dirs[d]),
							lats[l]);
						char what[64];

						if (!json_object_get(lat, "bins"))
							continue;
						snprintf(what, sizeof(what),
							 "job %zu %s %s", j,
							 dirs[d], lats[l]);
						check_fio_object(name, what, lat,
								 &checked);
						objects++;
					}
			json_decref(doc);
		}
	is_int(runs, 20, "spectrum: all 20 runs read");
	/* write clat_ns of 20 runs, sync lat_ns of the 10 fsync runs, each
	 * with fio's 17 default percentiles */
	is_int(objects, 30, "spectrum: 30 histograms with bins");
	is_int(checked, 30 * 17, "spectrum: %zu fio percentiles checked",
	       checked);
}

/* Merging is exact: sync.1 + sync.2 bin by bin equals one histogram
 * filled with both files' bins. */
static void test_merge(void)
{
	struct fsr_hist a, b, both, other;
	json_t *d1 = json_load_file("tests/data/fio/latency/fsync.1.json", 0,
				    NULL);
	json_t *d2 = json_load_file("tests/data/fio/latency/fsync.2.json", 0,
				    NULL);
	json_t *l1 = json_object_get(json_object_get(json_array_get(
		json_object_get(d1, "jobs"), 0), "sync"), "lat_ns");
	json_t *l2 = json_object_get(json_object_get(json_array_get(
		json_object_get(d2, "jobs"), 0), "sync"), "lat_ns");
	size_t i, diff = 0;

	ok(hist_from_bins(&a, l1) == 0 && hist_from_bins(&b, l2) == 0,
	   "merge: two runs' fsync bins read");
	fsr_hist_init(&both, 6, 29);
	ok(fsr_hist_merge(&both, &a) == 0 && fsr_hist_merge(&both, &b) == 0,
	   "merge: into an empty histogram");
	is_int(both.total, a.total + b.total, "merge: totals add up");
	for (i = 0; i < fsr_hist_nbins(&both); i++)
		if (both.counts[i] != (a.counts[i] + b.counts[i]))
			diff++;
	is_int(diff, 0, "merge: every bin is the sum of the two");
	ok(fsr_hist_percentile(&both, 99) >=
		       (fsr_hist_percentile(&a, 99) <
					fsr_hist_percentile(&b, 99) ?
				fsr_hist_percentile(&a, 99) :
				fsr_hist_percentile(&b, 99)),
	   "merge: p99 of the two lies at or above the smaller one");
	fsr_hist_init(&other, 6, FSR_HIST_MAX_GROUPS);
	ok(fsr_hist_merge(&other, &a) == FSR_EINPUT,
	   "merge: another layout is refused");
	fsr_hist_clear(&both);
	ok(both.total == 0 && fsr_hist_percentile(&both, 50) == 0,
	   "clear: empty again");
	fsr_hist_release(&a);
	fsr_hist_release(&b);
	fsr_hist_release(&both);
	fsr_hist_release(&other);
	json_decref(d1);
	json_decref(d2);
}

/* A clat log holds every I/O's latency in ns: binned into fio's layout
 * it gives the percentiles fio printed for the same run. */
static void test_clat_log_equals_json(void)
{
	static const char *const cfg[] = { "sync", "fsync" };
	size_t c;

	for (c = 0; c < 2; c++) {
		struct fsr_hist h;
		char path[256], line[256];
		FILE *f;
		json_t *doc, *lat;

		snprintf(path, sizeof(path), "tests/data/fio/latency/%s.clat.log",
			 cfg[c]);
		f = fopen(path, "r");
		if (!ok(f != NULL, "%s opened", path))
			continue;
		fsr_hist_init(&h, 6, 29);
		while (fgets(line, sizeof(line), f)) {
			unsigned long long t, ns;

			if (sscanf(line, "%llu, %llu", &t, &ns) == 2)
				fsr_hist_add(&h, ns, 1);
		}
		fclose(f);
		snprintf(path, sizeof(path), "tests/data/fio/latency/%s.1.json",
			 cfg[c]);
		doc = json_load_file(path, 0, NULL);
		lat = json_object_get(json_object_get(json_array_get(
			json_object_get(doc, "jobs"), 0), "write"), "clat_ns");
		is_int(h.total, json_integer_value(json_object_get(lat, "N")),
		       "%s clat log: every I/O", cfg[c]);
		is_int(fsr_hist_percentile(&h, 99),
		       json_integer_value(json_object_get(
			       json_object_get(lat, "percentile"),
			       "99.000000")),
		       "%s clat log: p99 as fio printed it", cfg[c]);
		is_int(fsr_hist_percentile(&h, 50),
		       json_integer_value(json_object_get(
			       json_object_get(lat, "percentile"),
			       "50.000000")),
		       "%s clat log: p50 as fio printed it", cfg[c]);
		json_decref(doc);
		fsr_hist_release(&h);
	}
}

/* The sparse form the JSON and XML exports write, read back by one
 * rule for both (fsr_hist_add_sparse()). */
static void test_sparse(void)
{
	static const uint64_t bin[] = { 400, 402, 1855 };
	static const uint64_t cnt[] = { 3, 1, 2 };
	static const uint64_t backwards[] = { 402, 400 };
	static const uint64_t zero[] = { 3, 0 };
	static const uint64_t huge[] = { UINT64_MAX, 1 };
	static const uint64_t past[] = { 1856 };
	struct fsr_hist h;
	uint64_t sum;
	size_t at = 99;

	fsr_hist_init(&h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	is_int(fsr_hist_add_sparse(&h, bin, cnt, 3, 6, &at, &sum),
	       FSR_SPARSE_OK, "sparse: three bins, total 6");
	ok(h.total == 6 && h.counts[400] == 3 && h.counts[402] == 1 &&
	   h.counts[1855] == 2, "sparse: each bin counted");
	fsr_hist_clear(&h);
	is_int(fsr_hist_add_sparse(&h, past, cnt, 1, 3, &at, &sum),
	       FSR_SPARSE_RANGE, "sparse: bin 1856 is past 29 groups of 64");
	is_int(fsr_hist_add_sparse(&h, backwards, cnt, 2, 4, &at, &sum),
	       FSR_SPARSE_ORDER, "sparse: bins not ascending");
	is_int((int)at, 1, "sparse: ... at the second");
	is_int(fsr_hist_add_sparse(&h, bin, zero, 2, 3, &at, &sum),
	       FSR_SPARSE_ZERO, "sparse: a bin of no I/O");
	is_int(fsr_hist_add_sparse(&h, bin, huge, 2, 0, &at, &sum),
	       FSR_SPARSE_OVERFLOW, "sparse: counts past 2^64 - 1");
	is_int(fsr_hist_add_sparse(&h, bin, cnt, 3, 7, &at, &sum),
	       FSR_SPARSE_TOTAL, "sparse: a total other than the sum");
	ok(sum == 6 && h.total == 0, "sparse: the sum said, nothing counted");
	fsr_hist_release(&h);
}

int main(void)
{
	test_layout();
	test_percentile_rule();
	test_ios_needed();
	test_fio_captures();
	test_fio_spectrum();
	test_merge();
	test_clat_log_equals_json();
	test_sparse();
	return done_testing();
}
