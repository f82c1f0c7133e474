/*
 * test-fio.c - the fio JSON importer on fixtures made with Debian's fio
 * 3.33 (tests/data/fio/): the probe, the numbers, units and directions of
 * each result, the traps in docs/formats.md, "fio 3.33, JSON and json+",
 * and bad input.
 */
#include "model/model.h"
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "model/histogram.h"
#include "model/series.h"
#include "tap.h"
#include "lib/alloc.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HARNESS_IMPORT fsr_fio_import
#define HARNESS_NAME "fio"
#define HARNESS_RUNSET "fio"
#define HARNESS_OWN_CELL
#include "import-harness.h"

static void test_probe(void)
{
	static const char hf[] = "{\n  \"results\": [ { \"times\": [] } ] }";
	static const char own[] = "{\n  \"format_version\": 1 }";
	static const char text[] = "randwrite: (g=0): rw=randwrite\nfio-3.33\n";
	static const char fio[] = "{\n  \"fio version\" : \"fio-3.33\"";

	is_int(probe_file("tests/data/fio/json-fsync1.json",
			  fsr_fio_probe), 100,
	       "probe: fio JSON");
	is_int(probe_file("tests/data/fio/normal+json-fsync1.txt",
			  fsr_fio_probe), 100,
	       "probe: normal+json stream (JSON after three text lines)");
	is_int(fsr_fio_probe((const unsigned char *)text, strlen(text)), 0,
	       "probe: fio's normal text alone is not JSON");
	is_int(fsr_fio_probe((const unsigned char *)hf, strlen(hf)), 0,
	       "probe: hyperfine JSON is not fio's");
	is_int(fsr_fio_probe((const unsigned char *)own, strlen(own)), 0,
	       "probe: fsreport JSON is not fio's");
	is_str(fsr_importer_probe((const unsigned char *)fio, strlen(fio))
		       ->name,
	       "fio", "probe: the registry picks fio");
}

/* The refusal record of percentile desc in the host cell of result
 * host_desc (model/histogram.h), or NULL. */
static const struct fsr_refusal *refusal(const struct fsr_report *r,
					 const char *host_desc,
					 const char *desc)
{
	const struct fsr_result *res = find(r, host_desc, "ns");
	const struct fsr_refusal *f;
	size_t n, i;

	if (!res || !res->n_cells)
		return NULL;
	f = fsr_cell_refusals(&res->cells[0], &n);
	for (i = 0; i < n; i++)
		if (!strcmp(f[i].desc, desc) && f[i].runs)
			return &f[i];
	return NULL;
}

static void test_write_job(void)
{
	struct fsr_report *r;
	const struct fsr_result *res;
	const struct fsr_refusal *f;
	const char *opts;
	int rc;

	r = load_labelled("tests/data/fio/json-fsync1.json", &rc);
	if (!ok(r != NULL, "json-fsync1: imports")) {
		printf("#   %s\n", d.msg);
		return;
	}
	is_int(r->n_results, 7, "json-fsync1: 7 results (write + sync; p90 and up refused)");
	res = find(r, "randwrite: write IOPS", "IOPS");
	ok(res && res->better == FSR_BETTER_HIGHER, "IOPS: higher is better");
	is_str(res ? res->app_version : NULL, "3.33", "app version from "
	       "\"fio version\"");
	is_str(res ? res->title : NULL, "fio", "title fio");
	is_double(unit_sample(r, "randwrite: write IOPS", "IOPS", 0), 566.371681,
		  0, "IOPS: write.iops");
	is_int(res ? res->cells[0].stored_decimals : -1, 6,
	       "IOPS: six decimals, as fio wrote them");
	is_double(unit_sample(r, "randwrite: write bandwidth", "B/s", 0), 2319858,
		  0, "bandwidth: write.bw_bytes in B/s");
	res = find(r, "randwrite: write completion latency (mean)", "ns");
	ok(res && res->better == FSR_BETTER_LOWER, "latency: lower is better");
	is_double(unit_sample(r, "randwrite: write completion latency (mean)", "ns",
			 0), 7291.9375, 0, "clat mean in ns");
	is_double(unit_sample(r, "randwrite: write completion latency (p50)", "ns",
			 0), 6304, 0, "clat p50 from \"50.000000\"");
	f = refusal(r, "randwrite: write completion latency (mean)",
		    "randwrite: write completion latency (p99)");
	ok(!find(r, "randwrite: write completion latency (p99)", "ns") && f &&
		   f->need == 1000 && f->min_ios == 64 && f->runs == 1,
	   "clat p99 of 64 I/Os: refused, not fio's 17024 (needs 1000)");
	ok(refusal(r, "randwrite: write completion latency (mean)",
		   "randwrite: write completion latency (p99.99)") != NULL,
	   "p99.99: refused too");
	ok(find(r, "randwrite: write completion latency (p10)", "ns") == NULL &&
		   find(r, "randwrite: write completion latency (p95)", "ns") ==
			   NULL,
	   "only the default percentiles (50, 90, 99, 99.9, 99.99)");
	is_double(unit_sample(r, "randwrite: write total latency (mean)", "ns", 0),
		  7486.296875, 0, "lat mean in ns");
	is_double(unit_sample(r, "randwrite: sync latency (mean)", "ns", 0),
		  1769247.222222, 0, "fsync latency: sync.lat_ns.mean");
	ok(find(r, "randwrite: write submission latency (mean)", "ns") == NULL,
	   "slat with N = 0 (no percentile object) gives no result");
	ok(find(r, "randwrite: read IOPS", "IOPS") == NULL,
	   "the read direction of a write job gives no result");
	opts = fsr_kvlist_get(&r->systems[0].meta, "fio job randwrite");
	ok(opts && strstr(opts, "fsync=1") && !strstr(opts, "directory="),
	   "the job's options are kept on the system (%s)",
	   opts ? opts : "none");
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/json-nofsync.json", &rc);
	ok(r && r->n_results == 5, "json-nofsync: no sync results");
	ok(r && find(r, "randwrite: sync latency (mean)", "ns") == NULL,
	   "json-nofsync: sync with total_ios 0 is no result");
	fsr_report_free(r);
}

/*
 * json+ bins: the default percentiles computed from the bins. Reference
 * values from scripts/fio-bins-reference.py over the raw captures of
 * scripts/capture-fio-json.sh; where fio wrote the percentile itself the
 * two agree.
 */
static const char *mutated(const char *fixture, const char *from,
			   const char *to);

static void test_bins(void)
{
	const char *rd = "randrw: read completion latency (p90)";
	const struct fsr_result *res;
	struct fsr_report *r;
	int rc;

	r = load_labelled("tests/data/fio/jsonplus-plist.json", &rc);
	if (!ok(r != NULL, "json+ percentile_list: imports")) {
		printf("#   %s\n", d.msg);
		return;
	}
	res = find(r, rd, "ns");
	ok(res && res->better == FSR_BETTER_LOWER,
	   "json+: p90 from the bins, lower is better");
	is_double(unit_sample(r, rd, "ns", 0), 3952, 0,
		  "json+: read clat p90 from the bins (not in fio's list)");
	ok(!find(r, "randrw: write completion latency (p99.9)", "ns") &&
		   refusal(r, "randrw: write completion latency (mean)",
			   "randrw: write completion latency (p99.9)") &&
		   refusal(r, "randrw: write completion latency (mean)",
			   "randrw: write completion latency (p99.9)")
				   ->min_ios == 2104,
	   "json+: write clat p99.9 of 2104 I/Os refused (the bins say "
	   "1384448)");
	is_double(unit_sample(r, "randrw: sync latency (p90)", "ns", 0), 1640,
		  0, "json+: sync latency p90 from the bins");
	is_double(unit_sample(r, "randrw: read completion latency (p99)",
			      "ns", 0), 45824, 0,
		  "json+: p99 from the bins equals fio's own");
	ok(!find(r, "randrw: read completion latency (p99.99)", "ns") &&
		   refusal(r, "randrw: read completion latency (mean)",
			   "randrw: read completion latency (p99.99)"),
	   "json+: p99.99 of 1992 I/Os refused (fio printed 4145152)");
	is_int(w.n, 0, "json+: no warning");
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/jsonplus-group.json", &rc);
	ok(r && find(r, "randwrite: write IOPS", "IOPS") &&
		   find(r, "randwrite: write IOPS", "IOPS")->cells[0].n == 1,
	   "json+ group_reporting: one result for the group");
	is_double(unit_sample(r, "randwrite: write completion latency (p99)",
			      "ns", 0), 32128, 0,
		  "json+ group_reporting: p99 from the group's bins");
	ok(r && refusal(r, "randwrite: write completion latency (mean)",
			"randwrite: write completion latency (p99.9)") &&
		   refusal(r, "randwrite: write completion latency (mean)",
			   "randwrite: write completion latency (p99.9)")
				   ->min_ios == 8192,
	   "json+ group_reporting: p99.9 of 8192 I/Os refused");
	fsr_report_free(r);

	r = load_labelled(mutated("tests/data/fio/jsonplus-fsync1.json",
				  "\"2576\" : 1,", ""), &rc);
	ok(r != NULL, "json+ bins short of N: imports");
	is_int(w.n, 1, "json+ bins short of N: a warning");
	ok(strstr(w.text, "write.clat_ns.bins: bins count") != NULL,
	   "json+ bins short of N: it names the bins (%s)", w.text);
	is_double(unit_sample(r, "randwrite: write completion latency (p50)",
			      "ns", 0), 6816, 0,
		  "json+ bins short of N: fio's percentile instead");
	fsr_report_free(r);
}

/* json+ bins are kept as each run's histogram (model/histogram.h), in
 * the cell of the median's result; fio's own p99 is the reference. */
static void test_histograms(void)
{
	const struct fsr_histset *hs;
	const struct fsr_result *res;
	struct fsr_report *r;
	int rc;

	r = load_labelled("tests/data/fio/latency/fsync.1.json", &rc);
	res = r ? find(r, "w: write completion latency (p50)", "ns") : NULL;
	hs = res && res->n_cells ? fsr_cell_hists(&res->cells[0]) : NULL;
	ok(hs && hs->n == 1 && hs->runs[0].total == 1024,
	   "json+: the write histogram is kept, 1024 I/Os");
	ok(hs && fsr_hist_percentile(&hs->runs[0], 99) ==
			 (uint64_t)unit_sample(r, "w: write completion latency "
						  "(p99)", "ns", 0),
	   "json+: its p99 is the one read");
	res = r ? find(r, "w: sync latency (p50)", "ns") : NULL;
	hs = res && res->n_cells ? fsr_cell_hists(&res->cells[0]) : NULL;
	ok(hs && hs->n == 1 && hs->runs[0].total == 1023,
	   "json+: the fsync histogram too, 1023 fsyncs");
	res = r ? find(r, "w: write IOPS", "IOPS") : NULL;
	ok(res && res->n_cells && !fsr_cell_hists(&res->cells[0]),
	   "json+: no histogram beside other results");
	fsr_report_free(r);

	r = load_labelled(mutated("tests/data/fio/latency/fsync.1.json",
				  "\"3984\" : 1", "\"3985\" : 1"), &rc);
	ok(r == NULL && rc == FSR_EINPUT,
	   "json+: a key that is no bin's value is refused");
	ok(strstr(d.msg, "'3985' is not one of fio's bin values") != NULL,
	   "json+: the message names it (%s)", d.msg);
	fsr_report_free(r);
}

static void test_shapes(void)
{
	struct fsr_report *r;
	int rc;

	r = load_labelled("tests/data/fio/normal+json-fsync1.txt", &rc);
	ok(r && r->n_results == 7, "normal+json: the JSON is found");
	if (r)
		is_double(unit_sample(r, "randwrite: write IOPS", "IOPS", 0),
			  338.624339, 0, "normal+json: IOPS");
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/jsonplus-fsync1.json", &rc);
	ok(r && r->n_results == 7, "json+: the same results");
	fsr_report_free(r);
	test_bins();

	r = load_labelled("tests/data/fio/two-jobs.json", &rc);
	ok(r && find(r, "seqread: read IOPS", "IOPS") &&
		   find(r, "seqwrite: write IOPS", "IOPS"),
	   "two jobs: one result set per job and direction");
	if (r) {
		const char *o = fsr_kvlist_get(&r->systems[0].meta,
					       "fio job seqread");

		ok(o && strstr(o, "ioengine=psync") && strstr(o, "rw=read"),
		   "two jobs: global options merged into the job's");
		is_double(unit_sample(r, "seqread: read completion latency (p50)",
				 "ns", 0), 908, 0,
			  "two jobs: read clat p50 (p99 of 64 I/Os refused)");
	}
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/numjobs2.json", &rc);
	ok(r && find(r, "par: write IOPS", "IOPS") &&
		   find(r, "par #2: write IOPS", "IOPS"),
	   "numjobs=2: concurrent jobs of one name are numbered, not pooled");
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/randrw.json", &rc);
	if (r) {
		is_double(unit_sample(r, "mixed: read IOPS", "IOPS", 0), 12400, 0,
			  "randrw: read IOPS");
		is_double(unit_sample(r, "mixed: write bandwidth", "B/s", 0),
			  54067200, 0, "randrw: write bandwidth");
	} else {
		ok(0, "randrw imports: %s", d.msg);
	}
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/trim.json", &rc);
	ok(r && unit_sample(r, "trim: trim IOPS", "IOPS", 0) == 64000,
	   "trim: the trim direction");
	fsr_report_free(r);

	r = load_labelled("tests/data/fio/status-interval.json", &rc);
	ok(r != NULL, "status-interval: imports");
	if (r) {
		const struct fsr_result *res = find(r, "si: write IOPS",
						    "IOPS");

		is_int(res ? res->cells[0].n : 0, 1,
		       "status-interval: one sample, not one per snapshot");
		is_double(unit_sample(r, "si: write IOPS", "IOPS", 0),
			  103344.551816, 0,
			  "status-interval: the last report counts");
	}
	/* its three snapshots and last report are the run's series now:
	 * nothing is skipped, nothing said (issue 37) */
	is_int(w.n, 0, "status-interval: the snapshots are the series, no "
	       "warning");
	if (r) {
		const struct fsr_seriesset *ss =
			fsr_cell_series(&find(r, "si: write IOPS", "IOPS")
						 ->cells[0]);

		/* the last report's 123 ms after a 999 ms round is no
		 * round: left out of the series */
		ok(ss && ss->n == 1 && ss->runs[0].n == 3,
		   "status-interval: one series of 3 points");
		/* 98305 I/Os in the first 879 ms */
		ok(ss && fabs(ss->runs[0].v[0] - 111837.31513083049) < 1e-6,
		   "status-interval: the first interval's IOPS");
	}
	fsr_report_free(r);
}

/*
 * --status-interval snapshots as the run's time series (issue 37), on
 * tests/data/fio/status-interval/nofsync/run-01.json (fio 3.33). The
 * expected values are from the file, by python's fractions, not from
 * fsreport: write.runtime (ms), io_bytes and total_ios of the six
 * snapshots and the last report are
 *	891 1308622848 319620,  1891 3190837248 779014,
 *	2891 5535490048 1351439,  3891 7456739328 1820494,
 *	4891 9495904256 2318337,  5891 11177824256 2728992,
 *	6001 11295047680 2757580
 * so the intervals (the first from the start) are
 *	IOPS  319620*1000/891, 459394, 572425, 469055, 497843, 410655,
 *	      (28588*1000/110)
 *	B/s   1308622848*1000/891, 1882214400, 2344652800, 1921249280,
 *	      2039164928, 1681920000, (117223424*1000/110)
 * and the last, 110 ms after a round of 1000, is no round of the
 * steady-state rule: the series is the first six.
 */
static void expect_error(const char *path, const char *want, int line,
			 const char *what);

static void test_status_interval_series(void)
{
	static const double t[] = { 891, 1891, 2891, 3891, 4891, 5891 };
	static const double iops[] = {
		358720.5387205387, 459394, 572425, 469055, 497843, 410655,
	};
	static const double bw[] = {
		1468712511.7845118, 1882214400, 2344652800, 1921249280,
		2039164928, 1681920000,
	};
	const char *f = "tests/data/fio/status-interval/nofsync/run-01.json";
	const struct fsr_seriesset *si = NULL, *sb = NULL;
	const struct fsr_result *ri, *rb;
	struct fsr_report *r;
	size_t k, bad_t = 0, bad_i = 0, bad_b = 0;
	int rc;

	r = load_labelled(f, &rc);
	if (!ok(r != NULL, "series: the capture imports")) {
		printf("#   %s\n", d.msg);
		return;
	}
	is_int(w.n, 0, "series: no warning (every snapshot in the series)");
	ri = find(r, "w: write IOPS", "IOPS");
	rb = find(r, "w: write bandwidth", "B/s");
	if (ri && ri->n_cells)
		si = fsr_cell_series(&ri->cells[0]);
	if (rb && rb->n_cells)
		sb = fsr_cell_series(&rb->cells[0]);
	ok(si && si->n == 1 && ri->cells[0].n == 1,
	   "series: one IOPS series, one run");
	ok(sb && sb->n == 1 && rb->cells[0].n == 1,
	   "series: one bandwidth series, one run");
	is_double(unit_sample(r, "w: write IOPS", "IOPS", 0), 459520.079987,
		  0, "series: the last report is still the result");
	if (si && sb && si->runs[0].n == 6 && sb->runs[0].n == 6) {
		for (k = 0; k < 6; k++) {
			bad_t += si->runs[0].t_ms[k] != t[k] ||
				 sb->runs[0].t_ms[k] != t[k];
			bad_i += fabs(si->runs[0].v[k] - iops[k]) >
				 1e-9 * iops[k];
			bad_b += fabs(sb->runs[0].v[k] - bw[k]) > 1e-9 * bw[k];
		}
		ok(1, "series: 6 points (the snapshots; the last report's 110 ms is no round)");
	} else {
		ok(0, "series: 6 points (%zu)", si ? si->runs[0].n : 0);
		bad_t = bad_i = bad_b = 1;
	}
	is_int((int)bad_t, 0, "series: t is write.runtime of each report");
	is_int((int)bad_i, 0, "series: IOPS, delta total_ios / delta runtime");
	is_int((int)bad_b, 0, "series: B/s, delta io_bytes / delta runtime");
	ok(!find(r, "w: read IOPS", "IOPS"), "series: none for read (no I/O)");
	fsr_report_free(r);

	/* runtime that goes back: a warning at the snapshot's line, no
	 * series, the result kept */
	r = load_labelled(mutated(f, "\"runtime\" : 2891,",
				  "\"runtime\" : 1500,"), &rc);
	ok(r != NULL, "series: runtime going back still imports");
	if (r) {
		ri = find(r, "w: write IOPS", "IOPS");
		ok(ri && ri->cells[0].n == 1 &&
			   !fsr_cell_series(&ri->cells[0]),
		   "series: runtime going back: no series, the sample kept");
	}
	is_int(w.n, 2, "series: runtime going back: warned, and the "
	       "snapshots skipped");
	is_str(w.text, "6 --status-interval snapshot(s) skipped: in no time "
	       "series, and only each run's last report is a result",
	       "series: the skipped snapshots counted");
	fsr_report_free(r);

	/* a counter that is not a number: an input error at its report */
	expect_error(mutated(f, "\"runtime\" : 1891,",
			     "\"runtime\" : \"1891\","),
		     "report at line 271: $.jobs[0].write.runtime: expected a "
		     "number, found a string", 0, "series: runtime a string");
}

static char *slurp(const char *path, size_t *len)
{
	char *buf = NULL;

	if (fsr_read_file(path, 1 << 24, &buf, len, &d) != 0)
		return fsr_xstrdup("");
	return buf;
}

/* fixture with the first `from` replaced by `to`. */
static const char *mutated(const char *fixture, const char *from,
			   const char *to)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t len;
	char *text = slurp(fixture, &len), *at = strstr(text, from);
	const char *path;

	if (at) {
		fsr_buf_add(&b, text, (size_t)(at - text));
		fsr_buf_adds(&b, to);
		fsr_buf_adds(&b, at + strlen(from));
	}
	path = temp_file(b.buf, b.len);
	free(text);
	fsr_buf_release(&b);
	return path;
}

static void expect_error(const char *path, const char *want, int line,
			 const char *what)
{
	expect_refused(path, want, line, what);
}

static void test_bad(void)
{
	const char *f = "tests/data/fio/json-fsync1.json";
	struct fsr_buf both = FSR_BUF_INIT;
	struct fsr_report *r;
	const char *p;
	char *a, *b;
	size_t la, lb;
	int rc;

	expect_error(mutated(f, "\"iops\" : 566.371681", "\"iops\" : \"566\""),
		     "$.jobs[0].write.iops: expected a number, found a string",
		     0, "iops as a string");
	expect_error(mutated(f, "\"bw_bytes\" : 2319858", "\"bw_bytes\" : -1"),
		     "$.jobs[0].write.bw_bytes: expected a number >= 0, found "
		     "-1", 0, "negative bandwidth");
	expect_error(mutated(f, "\"jobs\" :", "\"jobz\" :"),
		     "$.jobs: missing", 0, "no jobs");
	expect_error(mutated(f, "\"99.000000\" : 17024",
			     "\"99.000000\" : null"),
		     "$.jobs[0].write.clat_ns.percentile[\"99.000000\"]: "
		     "expected a number, found null", 0, "null percentile");
	a = slurp(f, &la);
	p = temp_file(a, la / 2);
	r = load_labelled(p, &rc);
	ok(r == NULL && rc == FSR_EINPUT && !strncmp(d.msg, "malformed JSON: ",
						     16),
	   "truncated: malformed JSON (%s)", d.msg);
	ok(d.line > 100, "truncated: the line is where it ends (%d)", d.line);
	unlink(p);
	free(a);

	/* Two separate runs in one stream are two samples. */
	a = slurp(f, &la);
	b = slurp("tests/data/fio/jsonplus-fsync1.json", &lb);
	fsr_buf_add(&both, a, la);
	fsr_buf_add(&both, b, lb);
	p = temp_file(both.buf, both.len);
	r = load_labelled(p, &rc);
	ok(r != NULL, "two concatenated runs import");
	if (r) {
		is_int(find(r, "randwrite: write IOPS", "IOPS")->cells[0].n, 2,
		       "two concatenated runs: two samples");
		is_double(unit_sample(r, "randwrite: write IOPS", "IOPS", 1),
			  450.704225, 0, "the second run's IOPS");
	}
	fsr_report_free(r);
	unlink(p);
	free(a);
	free(b);
	fsr_buf_release(&both);
}

/*
 * fio-rounds.c, the rule JSON and text share: cumulative reports become
 * rounds (delta / delta runtime x 1000), a report of no more runtime is
 * no round, a final round under half the one before is left out, a
 * counter that goes back says which and keeps nothing.
 */
static void test_rounds(void)
{
	static const struct fsr_fio_count c[] = {
		{ 1000, 100, 409600 }, { 2000, 300, 1228800 },
		{ 2000, 300, 1228800 }, { 3000, 400, 1638400 },
		{ 3200, 460, 1884160 },
	};
	struct fsr_result_key key = { "fio", "", "w: write IOPS", "", "IOPS" };
	struct fsr_result_key kb = { "fio", "", "w: write bandwidth", "",
				     "B/s" };
	struct fsr_report *r = fsr_report_new();
	size_t rs = fsr_report_add_runset(r, "a", "run-a", 0);
	size_t sys = fsr_report_system(r, rs, "a");
	struct fsr_cell *ci = fsr_result_cell(fsr_report_result(r, &key), sys);
	struct fsr_cell *cb = fsr_result_cell(fsr_report_result(r, &kb), sys);
	struct fsr_fio_rounds rd = FSR_FIO_ROUNDS_INIT;
	struct fsr_fio_count back = { 2500, 500, 2000000 };
	const struct fsr_seriesset *s;
	size_t k;

	for (k = 0; k < 5; k++)
		is_int(fsr_fio_round(&rd, &c[k], k == 4), 0,
		       "rounds: report %zu taken", k);
	is_int(rd.n, 4, "rounds: the report of no more runtime is none");
	is_double(rd.iops[1], 200, 1e-12, "rounds: delta ios / delta ms");
	is_double(rd.bw[3], 1228800, 1e-12, "rounds: the final round's B/s");
	is_int(fsr_fio_round(&rd, &back, 0), FSR_FIO_BACK_RUNTIME,
	       "rounds: a runtime that goes back");
	is_double(rd.prev.rt, 3200, 0, "rounds: nothing kept of it");
	back.rt = 4000;
	back.bytes = 1;
	is_int(fsr_fio_round(&rd, &back, 0), FSR_FIO_BACK_BYTES,
	       "rounds: bytes that go back");
	back.bytes = 2000000;
	back.ios = 1;
	is_int(fsr_fio_round(&rd, &back, 0), FSR_FIO_BACK_IOS,
	       "rounds: I/Os that go back");
	is_int(fsr_fio_rounds_series(&rd, ci, cb), 3,
	       "rounds: the final 200 ms after rounds of 1000 left out");
	is_int(rd.n, 0, "rounds: released");
	s = fsr_cell_series(cb);
	ok(s && s->n == 1 && s->runs[0].n == 3 &&
	   s->runs[0].t_ms[2] == 3000 && s->runs[0].v[0] == 409600,
	   "rounds: bandwidth series of the cell, at the runtimes");
	/* a final round of at least half the one before is a round */
	is_int(fsr_fio_round(&rd, &c[0], 0), 0, "rounds: again");
	back = (struct fsr_fio_count){ 1500, 150, 614400 };
	is_int(fsr_fio_round(&rd, &back, 1), 0, "rounds: final 500 ms");
	is_int(fsr_fio_rounds_series(&rd, ci, cb), 2,
	       "rounds: half a round is kept");
	/* nothing to give: no series */
	is_int(fsr_fio_rounds_series(&rd, ci, cb), 0, "rounds: none");
	s = fsr_cell_series(ci);
	ok(s && s->n == 2, "rounds: no series added for none");
	fsr_report_free(r);
}

/* fio --client (tests/data/fio/clients, a real capture of two servers):
 * "client_stats" read per host, and the hosts merged bin by bin; the
 * rates as fio's "All clients" sums them. */
static void test_clients(void)
{
	static const char *const host[2] = {
		"w (host 127.0.0.1:8765): write completion latency (p50)",
		"w (host 127.0.0.1:8766): write completion latency (p50)",
	};
	const char *m = "w (2 hosts merged): write completion latency (p50)";
	const struct fsr_histset *hs, *hh[2];
	const struct fsr_result *res;
	struct fsr_report *r;
	size_t i, same = 0;
	int rc, k;

	r = load_labelled("tests/data/fio/clients/fsync.1.json", &rc);
	if (!ok(r != NULL, "fio --client: imports")) {
		printf("#   %s\n", d.msg);
		return;
	}
	is_int(w.n, 0, "fio --client: no warning");
	res = find(r, m, "ns");
	hs = res && res->n_cells ? fsr_cell_hists(&res->cells[0]) : NULL;
	for (k = 0; k < 2; k++) {
		res = find(r, host[k], "ns");
		hh[k] = res && res->n_cells ? fsr_cell_hists(&res->cells[0])
					    : NULL;
	}
	ok(hs && hh[0] && hh[1] && hs->n == 1 && hs->runs[0].total == 9258 &&
		   hh[0]->runs[0].total == 4653 && hh[1]->runs[0].total == 4605,
	   "fio --client: each host's histogram, and the hosts' merged "
	   "(9258 = 4653 + 4605 I/Os)");
	if (hs && hh[0] && hh[1] && hs->runs[0].counts)
		for (i = 0; i < fsr_hist_nbins(&hs->runs[0]); i++)
			same += hs->runs[0].counts[i] ==
				(hh[0]->runs[0].counts ? hh[0]->runs[0].counts[i] : 0) +
				(hh[1]->runs[0].counts ? hh[1]->runs[0].counts[i] : 0);
	ok(hs && same == fsr_hist_nbins(&hs->runs[0]),
	   "fio --client: the merged histogram is the hosts' bin by bin");
	is_double(unit_sample(r, "w (2 hosts merged): write completion "
			      "latency (p99)", "ns", 0), 33024, 0,
		  "fio --client: merged p99 of the summed bins (python: 33024)");
	is_double(unit_sample(r, "w (2 hosts merged): write IOPS", "IOPS", 0),
		  1000.0 * 9258 / 3001, 1e-9,
		  "fio --client: IOPS as \"All clients\": all I/Os over the "
		  "longest runtime");
	is_double(unit_sample(r, "w (2 hosts merged): write bandwidth", "B/s",
			      0), 12636043, 0,
		  "fio --client: bandwidth as \"All clients\" (bw_bytes)");
	ok(!find(r, "All clients: write IOPS", "IOPS"),
	   "fio --client: fio's \"All clients\" is no result");
	fsr_report_free(r);

	r = load_labelled(mutated("tests/data/fio/clients/fsync.1.json",
				  "\"jobname\" : \"w\"",
				  "\"jobname\" : \"r\""), &rc);
	ok(r && w.n == 2 && strstr(w.text, "ran on 1 of the 2 hosts"),
	   "fio --client: hosts that ran different jobs are said (%s)",
	   w.text);
	ok(r && !find(r, "w (2 hosts merged): write IOPS", "IOPS") &&
		   !find(r, "r (2 hosts merged): write IOPS", "IOPS"),
	   "fio --client: ... and not merged");
	fsr_report_free(r);
}

int main(void)
{
	test_probe();
	test_write_job();
	test_status_interval_series();
	test_rounds();
	test_shapes();
	test_histograms();
	test_clients();
	test_bad();
	return done_testing();
}
