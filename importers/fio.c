/*
 * fio.c - fio's JSON output (--output-format=json and json+; fio 3.x),
 * read with jansson (docs/formats.md, "fio 3.33, JSON and json+").
 *
 * Mapping, per job and per direction (read, write, trim) that did I/O:
 *	IOPS             <dir>.iops                      IOPS  higher
 *	bandwidth        <dir>.bw_bytes (or bw KiB/s)    B/s   higher
 *	latency means    <dir>.clat_ns / lat_ns / slat_ns .mean   ns  lower
 *	percentiles      <dir>.clat_ns.percentile["99.000000"]   ns  lower
 *	                 (p50/95/99/99.9 of fio's default list; all of a
 *	                 list of the job's own; lat_ns, slat_ns alike)
 *	"mixed"          unified_rw_reporting=mixed: read and write as one
 *	fsync latency    sync.lat_ns (mean, percentiles)  ns  lower
 * Every report in the file adds one sample to each of these results; the
 * system is the run set (a folder of run-NN.json files pools its runs).
 * fio --client output has "client_stats" for "jobs": each host's jobs
 * as "<job> (host H)", each job merged over its hosts as "<job> (2 hosts
 * merged)" (fio_clients()).
 *
 * The traps (section 3): keys with spaces ("fio version", "job options");
 * no percentile object when N = 0; bw_mean/iops_mean are 0 when fewer
 * than one sampling interval ran, so bw and iops are used instead;
 * normal+json streams start with text, so a report starts at the first
 * '{' at a line start and ends at its matching '}'; --status-interval
 * writes a cumulative snapshot per interval, and only the last snapshot
 * of a run is a result: the snapshots with it are the run's time series
 * of IOPS and bandwidth (interval_series(), model/series.h, issue 37).
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"
#include "../model/histogram.h"
#include "../model/series.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Percentiles imported (with --percentiles, those) unless the job chose
 * its own percentile_list: then all of fio's. */
static const double default_percentiles[] = FSR_DEFAULT_PERCENTILES;

struct fio_state {
	/* The first error; its line: where the current report starts. */
	struct fsr_json_err je;
	struct fsr_import_ctx *ctx;
	struct fsr_report *r;
	size_t sys;
	char *app_version; /* "3.33" */
	size_t samples;
	const double *pct; /* the wanted percentiles (ctx or default) */
	size_t n_pct;
	double run_s; /* the run's time: its longest job_runtime; < 0: none */
	/* The run's --status-interval snapshots before its last report, in
	 * file order, with the line each starts at; the job being read is
	 * jobs[job_i] of the last report. */
	json_t *const *snaps;
	const int *snap_lines;
	size_t n_snaps, job_i;
	const json_t *doc; /* the last report */
	unsigned char *snap_used; /* [n_snaps]: some series drew on it */
	/* "jobs", or "client_stats" for fio --client (fio_clients()) */
	const char *entries;
	/* the job's name for its options' attribute (fio --client: the
	 * job's own name, without its host), or NULL: the result's */
	const char *meta_name;
};

/* A report's per-job entries: "jobs", or with fio's client/server mode
 * (fio --client=HOST ...) "client_stats", one entry per host and job
 * (with its "hostname" and "port") and, with several hosts, an entry
 * "All clients" of them all summed. *key says which (may be NULL). */
static const json_t *doc_entries(const json_t *doc, const char **key)
{
	const json_t *jobs = json_object_get(doc, "jobs");
	const char *k = "jobs";

	if (!jobs && json_object_get(doc, "client_stats")) {
		k = "client_stats";
		jobs = json_object_get(doc, k);
	}
	if (key)
		*key = k;
	return jobs;
}

/* Append ".key" or ["key"] (keys with spaces) to a JSON path. */
static void path_key(struct fsr_buf *b, const char *base, const char *key)
{
	const char *p;
	int plain = *key != '\0';

	for (p = key; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      *p == '_' || (p != key && *p >= '0' && *p <= '9')))
			plain = 0;
	fsr_buf_reset(b);
	fsr_buf_adds(b, base);
	if (plain)
		fsr_buf_addf(b, ".%s", key);
	else
		fsr_buf_addf(b, "[\"%s\"]", key);
}

/*
 * obj[key] as a non-negative number. Returns 1 when found, 0 when absent
 * (an error when required), -1 on a type error (st->je.err set).
 */
static int get_number(struct fio_state *st, const json_t *obj,
		      const char *where, const char *key, int required,
		      double *out, int *decimals)
{
	struct fsr_buf p = FSR_BUF_INIT;
	json_t *v = json_object_get(obj, key);
	int rc = 1;

	path_key(&p, where, key);
	if (!v) {
		if (required) {
			fsr_json_fail(&st->je, p.buf, "missing");
			rc = -1;
		} else {
			rc = 0;
		}
	} else if (!json_is_number(v)) {
		fsr_json_fail(&st->je, p.buf, "expected a number, found %s",
			 fsr_json_type_name(v));
		rc = -1;
	} else if (json_number_value(v) < 0) {
		fsr_json_fail(&st->je, p.buf, "expected a number >= 0, found %g",
			 json_number_value(v));
		rc = -1;
	} else {
		*out = json_number_value(v);
		if (decimals) {
			struct fsr_buf t = FSR_BUF_INIT;

			*decimals = 0;
			if (json_is_real(v)) {
				fsr_buf_add_double(&t, *out);
				*decimals = fsr_count_decimals(t.buf, t.len);
			}
			fsr_buf_release(&t);
		}
	}
	fsr_buf_release(&p);
	return rc;
}

/* obj[key] as an object; 1 found, 0 absent, -1 wrong type. */
static int get_object(struct fio_state *st, const json_t *obj,
		      const char *where, const char *key, json_t **out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return 0;
	if (!json_is_object(v)) {
		struct fsr_buf p = FSR_BUF_INIT;

		path_key(&p, where, key);
		fsr_json_fail(&st->je, p.buf, "expected an object, found %s",
			 fsr_json_type_name(v));
		fsr_buf_release(&p);
		return -1;
	}
	*out = v;
	return 1;
}

static struct fsr_result *fio_result(struct fio_state *st, const char *desc,
				     const char *unit, enum fsr_better better)
{
	struct fsr_result_key key;
	struct fsr_result *res;

	memset(&key, 0, sizeof(key));
	key.test = "fio";
	key.description = desc;
	key.app_version = st->app_version;
	key.unit = unit;
	res = fsr_report_result(st->r, &key);
	free(res->title);
	res->title = fsr_xstrdup("fio");
	res->better = better;
	return res;
}

/* Add x to the run's cell of desc; returns that cell. */
static struct fsr_cell *add_sample(struct fio_state *st, const char *desc,
				   const char *unit, enum fsr_better better,
				   double x, int decimals)
{
	struct fsr_result *res = fio_result(st, desc, unit, better);
	struct fsr_cell *c = fsr_result_cell(res, st->sys);

	fsr_cell_add_sample(c, x);
	if (decimals > c->stored_decimals)
		c->stored_decimals = decimals;
	if (st->run_s >= 0 && !(st->ctx->flags & FSR_IMPORT_NO_CELL_META))
		fsr_cell_add_run_time(c, st->run_s);
	st->samples++;
	return c;
}

static void add_failed(struct fio_state *st, const char *desc,
		       const char *unit, enum fsr_better better,
		       const char *why)
{
	struct fsr_result *res = fio_result(st, desc, unit, better);

	fsr_cell_add_failed(fsr_result_cell(res, st->sys), why);
	st->samples++;
}

/* "<prefix> (p99.99)" */
static void pct_desc(struct fsr_buf *desc, const char *prefix, double q)
{
	fsr_buf_reset(desc);
	fsr_buf_addf(desc, "%s (p", prefix);
	fsr_buf_add_double(desc, q);
	fsr_buf_addc(desc, ')');
}

/*
 * The q-th percentile x of a run of n I/Os: a sample of "<prefix> (pQ)",
 * or, when n I/Os cannot support it (model/histogram.h,
 * FSR_PCT_TAIL_IOS), no sample; either way counted in the cell of
 * "<prefix> (mean)", which the caller has made, for the note.
 */
static void add_percentile(struct fio_state *st, const char *prefix,
			   double q, double n, double x, int decimals)
{
	struct fsr_buf desc = FSR_BUF_INIT, host = FSR_BUF_INIT;
	int ok = q < 100 && n >= (double)fsr_pct_ios_needed(q);

	pct_desc(&desc, prefix, q);
	fsr_buf_addf(&host, "%s (mean)", prefix);
	fsr_cell_add_refused(fsr_result_cell(fio_result(st, host.buf, "ns",
							FSR_BETTER_LOWER),
					     st->sys),
			     desc.buf, q, (uint64_t)n, ok);
	if (ok)
		add_sample(st, desc.buf, "ns", FSR_BETTER_LOWER, x, decimals);
	fsr_buf_release(&desc);
	fsr_buf_release(&host);
}

int fsr_fio_all_percentiles(const double *q, size_t n)
{
	/* fio's stat.c, fio_fill_default_percentiles() */
	static const double fio_default[] = {
		1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5,
		99.9, 99.95, 99.99,
	};
	size_t i, nd = sizeof(fio_default) / sizeof(*fio_default);

	size_t j;

	if (n != nd)
		return 1;
	for (i = 0; i < n; i++) { /* as a set: JSON keys in any order */
		for (j = 0; j < nd; j++)
			if (q[i] > fio_default[j] - 1e-9 &&
			    q[i] < fio_default[j] + 1e-9)
				break;
		if (j == nd)
			return 1;
	}
	return 0;
}

/* "99.000000" -> "p99", "99.900000" -> "p99.9". */
static int percentile_label(const char *key, struct fsr_buf *out)
{
	double q;

	if (fsr_parse_double(key, strlen(key), &q) != 0 || q < 0 || q > 100)
		return -1;
	fsr_buf_reset(out);
	fsr_buf_addc(out, 'p');
	fsr_buf_add_double(out, q);
	return 0;
}


struct fio_bin {
	double ns, count;
};

/*
 * The run's histogram from its bins, kept in the cell of "<prefix> (p50)"
 * (model/histogram.h) for the latency statistics: -1 (the error set) when
 * a key is no bin's value in fio's layout (an edited file). h is filled
 * and left for the caller (the cell keeps a copy).
 */
static int keep_histogram(struct fio_state *st, const struct fio_bin *b,
			  size_t nb, const char *where, const char *prefix,
			  struct fsr_hist *h)
{
	struct fsr_hist kept;
	struct fsr_buf desc = FSR_BUF_INIT;
	size_t i;

	fsr_hist_init(h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	for (i = 0; i < nb; i++) {
		if (b[i].ns < 0 || b[i].ns > 1e19 || b[i].count < 0 ||
		    fsr_hist_add_bin_value(h, (uint64_t)b[i].ns,
					   (uint64_t)b[i].count) < 0 ||
		    (double)(uint64_t)b[i].ns != b[i].ns) {
			struct fsr_buf p = FSR_BUF_INIT;

			path_key(&p, where, "bins");
			fsr_json_fail(&st->je, p.buf,
				      "'%.0f' is not one of fio's bin values",
				      b[i].ns);
			fsr_buf_release(&p);
			fsr_hist_release(h);
			return -1;
		}
	}
	fsr_hist_init(&kept, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	fsr_hist_merge(&kept, h);
	fsr_buf_addf(&desc, "%s (p50)", prefix);
	fsr_cell_add_hist(fsr_result_cell(fio_result(st, desc.buf, "ns",
						     FSR_BETTER_LOWER),
					  st->sys),
			  &kept);
	fsr_buf_release(&desc);
	fsr_hist_release(&kept);
	return 0;
}

/*
 * json+ "bins" ({"<ns>": count}, fio's histogram buckets by their value):
 * the wanted percentiles computed from them by fio's rule
 * (fsr_hist_percentile(): the first bucket whose running count reaches
 * q/100 of the total), so a job whose percentile_list lacks p90 still
 * has one, and a percentile the run's I/Os cannot support is refused
 * (add_percentile()). Returns 1 when the bins gave the wanted ones; 0
 * with a warning when the counts do not add up to N (a cut or edited
 * file), or when there are no bins.
 */
static int bins_percentiles(struct fio_state *st, const json_t *lat,
			    const char *where, const char *prefix, double n)
{
	struct fsr_buf p = FSR_BUF_INIT;
	size_t nb = 0, j;
	struct fio_bin *b = NULL;
	struct fsr_hist h;
	json_t *bins = NULL, *v;
	double total = 0;
	int done = 0;
	const char *k;

	if (get_object(st, lat, where, "bins", &bins) <= 0 ||
	    json_object_size(bins) == 0)
		return 0;
	path_key(&p, where, "bins");
	b = fsr_xcalloc(json_object_size(bins), sizeof(*b));
	json_object_foreach(bins, k, v) {
		if (fsr_parse_double(k, strlen(k), &b[nb].ns) != 0) {
			fsr_json_fail(&st->je, p.buf, "'%s' is not a latency", k);
			goto out;
		}
		if (get_number(st, bins, p.buf, k, 1, &b[nb].count, NULL) < 0)
			goto out;
		total += b[nb++].count;
	}
	if (total != n) {
		fsr_import_warn(st->ctx, st->je.line,
				"%s: bins count %.0f samples, N is %.0f; "
				"percentiles from fio's list instead",
				p.buf, total, n);
		goto out;
	}
	if (keep_histogram(st, b, nb, where, prefix, &h) < 0)
		goto out;
	for (j = 0; j < st->n_pct; j++)
		add_percentile(st, prefix, st->pct[j], total,
			       (double)fsr_hist_percentile(&h, st->pct[j]), 0);
	fsr_hist_release(&h);
	done = 1;
out:
	free(b);
	fsr_buf_release(&p);
	return st->je.err ? 0 : done;
}

/* Whether KEY names a wanted percentile. */
static int wanted(const struct fio_state *st, const char *key)
{
	double q;
	size_t i;

	if (fsr_parse_double(key, strlen(key), &q) != 0)
		return 0;
	for (i = 0; i < st->n_pct; i++)
		if (q > st->pct[i] - 1e-9 && q < st->pct[i] + 1e-9)
			return 1;
	return 0;
}

/* Whether a "percentile" object lists a percentile_list of the job's own
 * (fsr_fio_all_percentiles; keys in fio's order, ascending). */
static int list_is_own(const json_t *pct)
{
	double q[FSR_FIO_MAX_PCT];
	const char *k;
	json_t *v;
	size_t n = 0;

	json_object_foreach((json_t *)pct, k, v) {
		if (n == FSR_FIO_MAX_PCT ||
		    fsr_parse_double(k, strlen(k), &q[n]) != 0)
			return 1;
		n++;
	}
	return fsr_fio_all_percentiles(q, n);
}

/*
 * One latency object ({min, max, mean, stddev, N, percentile}): the mean
 * and the wanted percentiles, described as "<prefix> (mean)" and
 * "<prefix> (p99)"; with json+ bins the default percentiles come from
 * the bins, the rest of a percentile_list from fio's object. Nothing
 * when N is 0.
 */
static int latency(struct fio_state *st, const json_t *lat,
		   const char *where, const char *prefix)
{
	struct fsr_buf desc = FSR_BUF_INIT, p = FSR_BUF_INIT,
		       label = FSR_BUF_INIT;
	json_t *pct = NULL, *v;
	const char *k;
	double n = 0, mean;
	int from_bins, dec, all_pct;

	if (get_number(st, lat, where, "N", 0, &n, NULL) < 0)
		goto out;
	if (n == 0)
		goto out;
	if (get_number(st, lat, where, "mean", 1, &mean, &dec) < 0)
		goto out;
	fsr_buf_addf(&desc, "%s (mean)", prefix);
	add_sample(st, desc.buf, "ns", FSR_BETTER_LOWER, mean, dec);
	from_bins = bins_percentiles(st, lat, where, prefix, n);
	if (st->je.err ||
	    get_object(st, lat, where, "percentile", &pct) <= 0)
		goto out;
	path_key(&p, where, "percentile");
	all_pct = list_is_own(pct);
	json_object_foreach(pct, k, v) {
		struct fsr_buf vp = FSR_BUF_INIT;
		double x;

		if (from_bins ? !all_pct || wanted(st, k) :
				!all_pct && !wanted(st, k))
			continue;
		path_key(&vp, p.buf, k);
		if (percentile_label(k, &label) != 0) {
			fsr_json_fail(&st->je, vp.buf, "'%s' is not a percentile", k);
			fsr_buf_release(&vp);
			break;
		}
		if (get_number(st, pct, p.buf, k, 1, &x, &dec) < 0) {
			fsr_buf_release(&vp);
			break;
		}
		add_percentile(st, prefix, strtod(k, NULL), n, x, dec);
		fsr_buf_release(&vp);
	}
out:
	fsr_buf_release(&desc);
	fsr_buf_release(&p);
	fsr_buf_release(&label);
	return st->je.err;
}

/* "mixed": unified_rw_reporting=mixed (or both), read and write as one */
static const char *const dir_names[] = { "read", "write", "trim", "mixed" };

/* The directions a job's rw= option implies (bit 0 read, 1 write, 2 trim;
 * fio's default is read; "randread:8" has an offset modifier). */
static unsigned rw_directions(const char *rw)
{
	static const struct {
		const char *name;
		unsigned dirs;
	} m[] = {
		{ "read", 1 }, { "randread", 1 }, { "write", 2 },
		{ "randwrite", 2 }, { "rw", 3 }, { "readwrite", 3 },
		{ "randrw", 3 }, { "trim", 4 }, { "randtrim", 4 },
		{ "trimwrite", 6 }, { "randtrimwrite", 6 },
	};
	size_t i, len;

	if (!rw || !*rw)
		return 1;
	len = strcspn(rw, ":");
	for (i = 0; i < sizeof(m) / sizeof(*m); i++)
		if (strlen(m[i].name) == len && !strncmp(m[i].name, rw, len))
			return m[i].dirs;
	return 3;
}

/* A direction's cumulative counters in a report: its runtime (ms), the
 * bytes done (io_bytes, or io_kbytes KiB) and total_ios. */
static int read_count(struct fio_state *st, const json_t *io,
		      const char *where, struct fsr_fio_count *c)
{
	if (get_number(st, io, where, "runtime", 1, &c->rt, NULL) < 0 ||
	    get_number(st, io, where, "total_ios", 1, &c->ios, NULL) < 0)
		return -1;
	switch (get_number(st, io, where, "io_bytes", 0, &c->bytes, NULL)) {
	case 0:
		if (get_number(st, io, where, "io_kbytes", 1, &c->bytes,
			       NULL) < 0)
			return -1;
		c->bytes *= 1024;
		break;
	case -1:
		return -1;
	}
	return 0;
}

/*
 * --status-interval (issue 37): the run's snapshots of this job (the
 * same place in "jobs", the same jobname and groupid), then its last
 * report, as the run's time series of this direction: at each report t
 * is the direction's runtime (ms) and the value the rate over the
 * interval since the report before (the first: since the start), IOPS
 * as delta total_ios / delta runtime * 1000 in the IOPS cell ci,
 * bandwidth as delta bytes / delta runtime * 1000 (B/s, as the result)
 * in the bandwidth cell cb, by the rule text shares (fio-rounds.c: an
 * interval of no runtime skipped, a short final one left out). A
 * snapshot of another job list, or counters that go back, give a
 * warning and no series; a counter that is not a number is an input
 * error at its snapshot's line.
 */
static void interval_series(struct fio_state *st, const char *job,
			    const char *dir, struct fsr_cell *ci,
			    struct fsr_cell *cb)
{
	const json_t *lj = json_array_get(doc_entries(st->doc, NULL),
					  st->job_i);
	struct fsr_buf p = FSR_BUF_INIT;
	struct fsr_fio_rounds rounds = FSR_FIO_ROUNDS_INIT;
	struct fsr_fio_count cur;
	size_t k, n = st->n_snaps;
	int line0 = st->je.line, back;

	if (!n)
		return;
	for (k = 0; k <= n; k++) {
		const json_t *jo = k < n ? json_array_get(doc_entries(
				      st->snaps[k], NULL), st->job_i) : lj;
		const json_t *io = json_object_get(jo, dir);
		const struct fsr_fio_count *prev = &rounds.prev;
		int line = k < n ? st->snap_lines[k] : line0;

		if (k < n &&
		    (!json_is_object(io) ||
		     !json_equal(json_object_get(jo, "jobname"),
				 json_object_get(lj, "jobname")) ||
		     !json_equal(json_object_get(jo, "groupid"),
				 json_object_get(lj, "groupid")) ||
		     (json_object_get(lj, "hostname") &&
		      (!json_equal(json_object_get(jo, "hostname"),
				   json_object_get(lj, "hostname")) ||
		       !json_equal(json_object_get(jo, "port"),
				   json_object_get(lj, "port")))))) {
			fsr_import_warn(st->ctx, line, "--status-interval "
					"snapshot: no $.%s[%zu].%s of job "
					"'%s'; no time series of its %s",
					st->entries, st->job_i, dir, job, dir);
			goto out;
		}
		fsr_buf_reset(&p);
		fsr_buf_addf(&p, "$.%s[%zu].%s", st->entries, st->job_i, dir);
		st->je.line = line;
		if (read_count(st, io, p.buf, &cur) < 0)
			goto out;
		back = fsr_fio_round(&rounds, &cur, k == n);
		if (back) {
			int r = back == FSR_FIO_BACK_RUNTIME;
			int b = back == FSR_FIO_BACK_BYTES;

			fsr_import_warn(st->ctx, line, "--status-interval "
					"snapshot: %s.%s goes back (%.0f after "
					"%.0f, cumulative); no time series of "
					"'%s: %s'", p.buf,
					r ? "runtime" : b ? "io_bytes" : "total_ios",
					r ? cur.rt : b ? cur.bytes : cur.ios,
					r ? prev->rt : b ? prev->bytes :
					prev->ios,
					job, dir);
			goto out;
		}
	}
	if (fsr_fio_rounds_series(&rounds, ci, cb))
		for (k = 0; k < n; k++)
			st->snap_used[k] = 1;
out:
	st->je.line = line0;
	fsr_fio_rounds_release(&rounds);
	fsr_buf_release(&p);
}

static int direction(struct fio_state *st, const json_t *io,
		     const char *where, const char *job, const char *dir)
{
	struct fsr_buf desc = FSR_BUF_INIT, lp = FSR_BUF_INIT;
	static const struct {
		const char *key, *name;
	} lats[] = {
		{ "clat_ns", "completion latency" },
		{ "lat_ns", "total latency" },
		{ "slat_ns", "submission latency" },
	};
	double ios = 0, iops, bw;
	struct fsr_cell *ci, *cb;
	size_t i;
	int dec, found;

	if (get_number(st, io, where, "total_ios", 0, &ios, NULL) < 0)
		return st->je.err;
	if (ios == 0)
		return 0; /* this direction did no I/O (a write job's read) */
	if (get_number(st, io, where, "iops", 1, &iops, &dec) < 0)
		return st->je.err;
	fsr_buf_addf(&desc, "%s: %s IOPS", job, dir);
	ci = add_sample(st, desc.buf, "IOPS", FSR_BETTER_HIGHER, iops, dec);
	found = get_number(st, io, where, "bw_bytes", 0, &bw, &dec);
	if (found == 0) {
		/* fio < 3.x: only "bw", in KiB/s. */
		if (get_number(st, io, where, "bw", 1, &bw, &dec) < 0)
			goto out;
		bw *= 1024;
	} else if (found < 0) {
		goto out;
	}
	fsr_buf_reset(&desc);
	fsr_buf_addf(&desc, "%s: %s bandwidth", job, dir);
	cb = add_sample(st, desc.buf, "B/s", FSR_BETTER_HIGHER, bw, dec);
	interval_series(st, job, dir, ci, cb);
	if (st->je.err)
		goto out;
	for (i = 0; i < sizeof(lats) / sizeof(*lats) && !st->je.err; i++) {
		json_t *lat = NULL;

		found = get_object(st, io, where, lats[i].key, &lat);
		if (found <= 0)
			continue;
		path_key(&lp, where, lats[i].key);
		fsr_buf_reset(&desc);
		fsr_buf_addf(&desc, "%s: %s %s", job, dir, lats[i].name);
		latency(st, lat, lp.buf, desc.buf);
	}
out:
	fsr_buf_release(&desc);
	fsr_buf_release(&lp);
	return st->je.err;
}

static const char *option(const json_t *doc, const json_t *job,
			  const char *name)
{
	const json_t *v = json_object_get(json_object_get(job, "job options"),
					  name);

	if (!json_is_string(v))
		v = json_object_get(json_object_get(doc, "global options"),
				    name);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* Record the job's options on the system ("fio job randwrite" ->
 * "rw=randwrite, bs=4k, fsync=1"), for the report's reader; the first
 * run of a run set gives them. */
static void job_options_meta(struct fio_state *st, const json_t *doc,
			     const json_t *job, const char *name)
{
	struct fsr_buf k = FSR_BUF_INIT, v = FSR_BUF_INIT;
	const json_t *sets[2];
	const char *key;
	json_t *val;
	size_t i;

	sets[0] = json_object_get(doc, "global options");
	sets[1] = json_object_get(job, "job options");
	for (i = 0; i < 2; i++) {
		if (!json_is_object(sets[i]))
			continue;
		json_object_foreach((json_t *)sets[i], key, val) {
			/* Paths say where, not how: left out. */
			if (!json_is_string(val) || !strcmp(key, "name") ||
			    !strcmp(key, "directory") ||
			    !strcmp(key, "filename"))
				continue;
			if (v.len)
				fsr_buf_adds(&v, ", ");
			fsr_buf_addf(&v, "%s=%s", key, json_string_value(val));
		}
	}
	fsr_buf_addf(&k, "fio job %s", name);
	if (v.len && !fsr_kvlist_get(&st->r->systems[st->sys].meta, k.buf))
		fsr_kvlist_set(&st->r->systems[st->sys].meta, k.buf, v.buf);
	fsr_buf_release(&k);
	fsr_buf_release(&v);
}

static int job(struct fio_state *st, const json_t *doc, const json_t *jobj,
	       const char *where, const char *name)
{
	struct fsr_buf p = FSR_BUF_INIT, desc = FSR_BUF_INIT;
	double error = 0;
	json_t *io, *sync;
	size_t i;

	if (!json_is_object(jobj))
		return fsr_json_fail(&st->je, where, "expected an object, found %s",
				fsr_json_type_name(jobj));
	job_options_meta(st, doc, jobj, st->meta_name ? st->meta_name : name);
	if (get_number(st, jobj, where, "error", 0, &error, NULL) < 0)
		goto out;
	if (error != 0) {
		/* A failed job: its numbers are not results. */
		unsigned dirs = rw_directions(option(doc, jobj, "rw"));
		char why[64];

		snprintf(why, sizeof(why), "fio reported error %.0f", error);
		for (i = 0; i < 3; i++) {
			if (!(dirs & (1u << i)))
				continue;
			fsr_buf_reset(&desc);
			fsr_buf_addf(&desc, "%s: %s IOPS", name, dir_names[i]);
			add_failed(st, desc.buf, "IOPS", FSR_BETTER_HIGHER,
				   why);
			fsr_buf_reset(&desc);
			fsr_buf_addf(&desc, "%s: %s bandwidth", name,
				     dir_names[i]);
			add_failed(st, desc.buf, "B/s", FSR_BETTER_HIGHER, why);
		}
		fsr_import_warn(st->ctx, st->je.line, "job '%s' failed (%s)",
				name, why);
		goto out;
	}
	for (i = 0; i < 4 && !st->je.err; i++) {
		io = NULL;
		if (get_object(st, jobj, where, dir_names[i], &io) <= 0)
			continue;
		path_key(&p, where, dir_names[i]);
		direction(st, io, p.buf, name, dir_names[i]);
	}
	sync = NULL;
	if (!st->je.err && get_object(st, jobj, where, "sync", &sync) > 0) {
		json_t *lat = NULL;

		path_key(&p, where, "sync");
		if (get_object(st, sync, p.buf, "lat_ns", &lat) > 0) {
			fsr_buf_reset(&desc);
			fsr_buf_addf(&desc, "%s: sync latency", name);
			path_key(&p, p.buf, "lat_ns");
			latency(st, lat, p.buf, desc.buf);
		}
	}
out:
	fsr_buf_release(&p);
	fsr_buf_release(&desc);
	return st->je.err;
}

/* jobj.<dir>.<lat>.bins into h (fio's layout): 1, or 0 when the job
 * has none or they do not hold its N I/Os (the job's own import has
 * said why). */
static int job_hist(const json_t *jobj, const char *dir, const char *lat,
		    struct fsr_hist *h, double *sum)
{
	const json_t *l = json_object_get(json_object_get(jobj, dir), lat);
	const json_t *bins = json_object_get(l, "bins"), *v;
	const char *k;
	double ns;
	uint64_t before = h->total;

	if (!json_is_object(bins) || !json_object_size(bins))
		return 0;
	json_object_foreach((json_t *)bins, k, v) {
		if (fsr_parse_double(k, strlen(k), &ns) != 0 || ns < 0 ||
		    ns > 1e19 || !json_is_number(v) ||
		    json_number_value(v) < 0 ||
		    fsr_hist_add_bin_value(h, (uint64_t)ns,
					   (uint64_t)json_number_value(v)) < 0)
			return 0;
	}
	v = json_object_get(l, "N");
	if (!json_is_number(v) ||
	    (double)(h->total - before) != json_number_value(v) ||
	    !json_is_number(json_object_get(l, "mean")))
		return 0;
	*sum += json_number_value(json_object_get(l, "mean")) *
		json_number_value(v);
	return 1;
}

static const struct {
	const char *dir, *key, *name;
} merge_lats[] = {
	{ "read", "clat_ns", "read completion latency" },
	{ "read", "lat_ns", "read total latency" },
	{ "write", "clat_ns", "write completion latency" },
	{ "write", "lat_ns", "write total latency" },
	{ "trim", "clat_ns", "trim completion latency" },
	{ "trim", "lat_ns", "trim total latency" },
	{ "sync", "lat_ns", "sync latency" },
};

/*
 * Entries e[0..n) of one run (numjobs clones of one job, or one job on
 * several hosts; at[i] is e[i]'s place in the report's array) ran at
 * once, and the run's latency is all of their I/Os. Their histograms are
 * merged bin by bin (fio's own group_reporting and "All clients" do the
 * same) into "<prefix>: write completion latency (p99)", never by
 * averaging the entries' percentiles, beside the exact mean of all their
 * I/Os (the entries' means weighted by their N). Only when every entry
 * has its bins, holding its N I/Os: when some have and some have not,
 * and warn is set (hosts), the first that has not is named in a warning
 * and the latency is not merged: the others alone are no run's latency.
 */
static void merge_latencies(struct fio_state *st, const json_t *const *e,
			    const size_t *at, size_t n, const char *prefix0,
			    int warn)
{
	struct fsr_buf prefix = FSR_BUF_INIT, desc = FSR_BUF_INIT;
	size_t l, j, q, got, bad, with_bins;
	struct fsr_hist h, kept;
	double sum;
	int dec;

	for (l = 0; l < sizeof(merge_lats) / sizeof(*merge_lats); l++) {
		fsr_hist_init(&h, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
		got = 0;
		with_bins = 0;
		bad = n;
		sum = 0;
		for (j = 0; j < n; j++) {
			const json_t *b = json_object_get(json_object_get(
				json_object_get(e[j], merge_lats[l].dir),
				merge_lats[l].key), "bins");

			if (json_is_object(b) && json_object_size(b))
				with_bins++;
			if (job_hist(e[j], merge_lats[l].dir, merge_lats[l].key,
				     &h, &sum))
				got++;
			else if (bad == n)
				bad = j;
		}
		if (got != n && with_bins && warn)
			fsr_import_warn(st->ctx, st->je.line, "$.%s[%zu].%s.%s: "
					"no bins that hold its N I/Os, where "
					"the other hosts have them: '%s: %s' "
					"is not merged",
					st->entries, at[bad], merge_lats[l].dir,
					merge_lats[l].key, prefix0,
					merge_lats[l].name);
		if (got == n && h.total) {
			fsr_buf_reset(&prefix);
			fsr_buf_addf(&prefix, "%s: %s", prefix0,
				     merge_lats[l].name);
			/* the mean of all their I/Os, exactly */
			/* decimals as the number is printed, so that it
			 * reads back the same */
			fsr_buf_reset(&desc);
			fsr_buf_add_double(&desc, sum / (double)h.total);
			dec = fsr_count_decimals(desc.buf, desc.len);
			fsr_buf_reset(&desc);
			fsr_buf_addf(&desc, "%s (mean)", prefix.buf);
			add_sample(st, desc.buf, "ns", FSR_BETTER_LOWER,
				   sum / (double)h.total, dec);
			for (q = 0; q < st->n_pct; q++)
				add_percentile(st, prefix.buf, st->pct[q],
					       (double)h.total,
					       (double)fsr_hist_percentile(
						       &h, st->pct[q]),
					       0);
			fsr_buf_reset(&desc);
			fsr_buf_addf(&desc, "%s (p50)", prefix.buf);
			fsr_hist_init(&kept, FSR_HIST_FIO_BITS,
				      FSR_HIST_FIO_GROUPS);
			fsr_hist_merge(&kept, &h);
			fsr_cell_add_hist(fsr_result_cell(
						  fio_result(st, desc.buf, "ns",
							     FSR_BETTER_LOWER),
						  st->sys),
					  &kept);
		}
		fsr_hist_release(&h);
	}
	fsr_buf_release(&prefix);
	fsr_buf_release(&desc);
}

/*
 * numjobs=N without group_reporting: N jobs of one name ran at once;
 * merged into "<name> (N jobs merged): ..." (merge_latencies()).
 */
static void merged_jobs(struct fio_state *st, const json_t *jobs,
			size_t first, const char *name, size_t n_same)
{
	const json_t **e = fsr_xcalloc(n_same, sizeof(*e));
	size_t *at = fsr_xcalloc(n_same, sizeof(*at));
	struct fsr_buf prefix = FSR_BUF_INIT;
	size_t j, n = 0;

	for (j = first; j < json_array_size(jobs) && n < n_same; j++) {
		const json_t *jn = json_object_get(json_array_get(jobs, j),
						   "jobname");

		if (!json_is_string(jn) || strcmp(json_string_value(jn), name))
			continue;
		at[n] = j;
		e[n++] = json_array_get(jobs, j);
	}
	fsr_buf_addf(&prefix, "%s (%zu jobs merged)", name, n_same);
	merge_latencies(st, e, at, n, prefix.buf, 0);
	fsr_buf_release(&prefix);
	free(e);
	free(at);
}

/* A direction's counters, for the hosts' sums: 0 when absent. */
static double io_number(const json_t *io, const char *key)
{
	const json_t *v = json_object_get(io, key);

	return json_is_number(v) ? json_number_value(v) : 0;
}

/*
 * The rates of one job on several hosts, as fio's "All clients" sums
 * them (stat.c, sum_thread_stats() then add_ddir_status_json()): the
 * hosts' I/Os and bytes added up over the longest host's runtime, IOPS
 * = 1000 * total_ios / runtime, bandwidth = 1000 * io_bytes / runtime
 * (whole B/s). With equal runtimes that is the sum of the hosts' rates.
 * fio's own entry, when it is of this job alone (all), is checked
 * against the sums: a difference is said.
 */
static void merge_rates(struct fio_state *st, const json_t *const *e,
			size_t n, const char *prefix, const json_t *all)
{
	struct fsr_buf desc = FSR_BUF_INIT;
	size_t d, j;

	for (d = 0; d < 4; d++) {
		double ios = 0, bytes = 0, rt = 0, iops, bw, fio_ios;
		const json_t *aio;
		int dec;

		for (j = 0; j < n; j++) {
			const json_t *io = json_object_get(e[j], dir_names[d]);
			double b = io_number(io, "io_bytes");

			if (!json_object_get(io, "io_bytes"))
				b = io_number(io, "io_kbytes") * 1024;
			ios += io_number(io, "total_ios");
			bytes += b;
			if (io_number(io, "runtime") > rt)
				rt = io_number(io, "runtime");
		}
		if (ios == 0 || rt == 0 || ios > 1e15 || bytes > 1e15)
			continue;
		iops = 1000.0 * ios / rt;
		bw = (double)((uint64_t)(1000 * bytes) / (uint64_t)rt);
		fsr_buf_reset(&desc);
		fsr_buf_add_double(&desc, iops);
		dec = fsr_count_decimals(desc.buf, desc.len);
		fsr_buf_reset(&desc);
		fsr_buf_addf(&desc, "%s: %s IOPS", prefix, dir_names[d]);
		add_sample(st, desc.buf, "IOPS", FSR_BETTER_HIGHER, iops, dec);
		fsr_buf_reset(&desc);
		fsr_buf_addf(&desc, "%s: %s bandwidth", prefix, dir_names[d]);
		add_sample(st, desc.buf, "B/s", FSR_BETTER_HIGHER, bw, 0);
		aio = json_object_get(all, dir_names[d]);
		fio_ios = io_number(aio, "total_ios");
		if (all && (fio_ios != ios ||
			    fabs(io_number(aio, "iops") - iops) >
				    1e-6 + 1e-9 * iops))
			fsr_import_warn(st->ctx, st->je.line, "fio's \"All "
					"clients\" says %.0f %s I/Os at %.6f "
					"IOPS, the hosts add up to %.0f at "
					"%.6f; the hosts' sums are kept",
					fio_ios, dir_names[d],
					io_number(aio, "iops"), ios, iops);
	}
	fsr_buf_release(&desc);
}

/* The host of a client_stats entry: "hostname:port", or its hostname. */
static void host_label(const json_t *jo, struct fsr_buf *out)
{
	const json_t *port = json_object_get(jo, "port");

	fsr_buf_reset(out);
	fsr_buf_adds(out, json_string_value(json_object_get(jo, "hostname")));
	if (json_is_number(port))
		fsr_buf_addf(out, ":%.0f", json_number_value(port));
}

static int is_all_clients(const json_t *jo)
{
	const json_t *jn = json_object_get(jo, "jobname");

	return json_is_string(jn) &&
	       !strcmp(json_string_value(jn), "All clients");
}

/*
 * fio --client=HOST1 --client=HOST2 job.fio: "client_stats", an entry
 * per host and job, each read as a job named "<job> (host H)" (clones on
 * one host "<job> #2 (host H)", merged as "<job> (host H, 2 jobs
 * merged)"); then each job that every host ran, merged over the hosts
 * as the run's result, "<job> (2 hosts merged)" ("(2 hosts, 4 jobs
 * merged)" with clones): the latency histograms bin by bin, IOPS and
 * bandwidth as fio's "All clients" sums them (merge_rates()). A job that
 * some host did not run is not merged, with a warning naming the file,
 * and so is a latency that some host has no bins of; a job that failed
 * on a host is a failed run of the merged rates. fio's own "All
 * clients" entry pools every job of every host, and has no bins: it is
 * no result, only the check of the sums.
 */
static int fio_clients(struct fio_state *st, const json_t *doc,
		       const char *root)
{
	const json_t *cs = json_object_get(doc, "client_stats");
	const json_t *all = NULL;
	struct fsr_buf p = FSR_BUF_INIT, name = FSR_BUF_INIT,
		       host = FSR_BUF_INIT, other = FSR_BUF_INIT;
	size_t n = json_array_size(cs), i, j, k, n_hosts = 0, n_names = 0;
	const json_t **e = fsr_xcalloc(n + 1, sizeof(*e));
	size_t *at = fsr_xcalloc(n + 1, sizeof(*at));
	char **hosts = fsr_xcalloc(n + 1, sizeof(*hosts));

	st->entries = "client_stats";
	if (!json_is_array(cs)) {
		path_key(&p, root, "client_stats");
		fsr_json_fail(&st->je, p.buf, "expected an array, found %s",
			      fsr_json_type_name(cs));
		goto out;
	}
	for (i = 0; i < n; i++) {
		const json_t *jo = json_array_get(cs, i), *jn, *hn, *port;

		fsr_buf_reset(&p);
		path_key(&p, root, "client_stats");
		fsr_buf_addf(&p, "[%zu]", i);
		if (!json_is_object(jo)) {
			fsr_json_fail(&st->je, p.buf, "expected an object, "
				      "found %s", fsr_json_type_name(jo));
			goto out;
		}
		jn = json_object_get(jo, "jobname");
		hn = json_object_get(jo, "hostname");
		port = json_object_get(jo, "port");
		if (!json_is_string(jn) || !json_is_string(hn) ||
		    (port && !json_is_number(port))) {
			const char *key = !json_is_string(jn) ? "jobname" :
					  !json_is_string(hn) ? "hostname" :
								"port";
			const json_t *v = json_object_get(jo, key);

			fsr_buf_addf(&p, ".%s", key);
			fsr_json_fail(&st->je, p.buf,
				      v ? "expected a %s, found %s"
					: "missing%s%s",
				      v ? (port == v ? "number" : "string") : "",
				      v ? fsr_json_type_name(v) : "");
			goto out;
		}
		if (is_all_clients(jo)) {
			all = jo;
			continue;
		}
		host_label(jo, &host);
		hosts[i] = fsr_xstrdup(host.buf);
	}
	/* each entry, as a job of its host, the hosts in the order of
	 * their names (fio writes them as they finish: the order of one
	 * run is not the next one's) */
	for (i = 0; i < n; i++)
		at[i] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && hosts[at[j]] &&
			    (!hosts[at[j - 1]] ||
			     strcmp(hosts[at[j - 1]], hosts[at[j]]) > 0);
		     j--) {
			k = at[j];
			at[j] = at[j - 1];
			at[j - 1] = k;
		}
	for (k = 0; k < n && !st->je.err; k++) {
		const json_t *jo = json_array_get(cs, at[k]);
		const char *jname;
		size_t same = 0;

		i = at[k];
		if (!hosts[i])
			continue;
		jname = json_string_value(json_object_get(jo, "jobname"));
		for (j = 0; j < i; j++)
			if (hosts[j] && !strcmp(hosts[j], hosts[i]) &&
			    !strcmp(json_string_value(json_object_get(
					    json_array_get(cs, j), "jobname")),
				    jname))
				same++;
		fsr_buf_reset(&name);
		fsr_buf_adds(&name, jname);
		if (same)
			fsr_buf_addf(&name, " #%zu", same + 1);
		fsr_buf_addf(&name, " (host %s)", hosts[i]);
		fsr_buf_reset(&p);
		path_key(&p, root, "client_stats");
		fsr_buf_addf(&p, "[%zu]", i);
		st->job_i = i;
		st->meta_name = jname;
		job(st, doc, jo, p.buf, name.buf);
		st->meta_name = NULL;
	}
	/* the hosts, and the job names */
	for (i = 0; i < n; i++) {
		const char *jname;

		if (!hosts[i])
			continue;
		jname = json_string_value(json_object_get(
			json_array_get(cs, i), "jobname"));
		for (j = 0; j < i; j++)
			if (hosts[j] && !strcmp(hosts[j], hosts[i]))
				break;
		n_hosts += j == i;
		for (j = 0; j < i; j++)
			if (hosts[j] && !strcmp(json_string_value(
				json_object_get(json_array_get(cs, j),
						"jobname")), jname))
				break;
		n_names += j == i;
	}
	/* per job name: its clones on one host, then its hosts */
	for (i = 0; i < n && !st->je.err; i++) {
		const char *jname;
		size_t n_e = 0, n_on = 0, failed = 0;

		if (!hosts[i])
			continue;
		jname = json_string_value(json_object_get(
			json_array_get(cs, i), "jobname"));
		for (j = 0; j < i; j++)
			if (hosts[j] && !strcmp(json_string_value(
				json_object_get(json_array_get(cs, j),
						"jobname")), jname))
				break;
		if (j < i)
			continue; /* done at its first entry */
		for (j = i; j < n; j++) {
			const json_t *jo = json_array_get(cs, j);
			size_t c, first_on_host = 1, clones = 0;

			if (!hosts[j] ||
			    strcmp(json_string_value(json_object_get(
					   jo, "jobname")), jname))
				continue;
			at[n_e] = j;
			e[n_e++] = jo;
			failed += io_number(jo, "error") != 0;
			for (c = i; c < n; c++) {
				const json_t *o = json_array_get(cs, c);

				if (!hosts[c] || strcmp(hosts[c], hosts[j]) ||
				    strcmp(json_string_value(json_object_get(
						   o, "jobname")), jname))
					continue;
				if (c < j)
					first_on_host = 0;
				clones++;
			}
			n_on += first_on_host;
			if (first_on_host && clones > 1) {
				const json_t **ce = fsr_xcalloc(clones,
								sizeof(*ce));
				size_t *ca = fsr_xcalloc(clones, sizeof(*ca));
				size_t m = 0;

				for (c = j; c < n; c++) {
					const json_t *o = json_array_get(cs, c);
					const char *on = json_string_value(
						json_object_get(o, "jobname"));

					if (!hosts[c] ||
					    strcmp(hosts[c], hosts[j]) ||
					    strcmp(on, jname))
						continue;
					ca[m] = c;
					ce[m++] = o;
				}
				fsr_buf_reset(&name);
				fsr_buf_addf(&name, "%s (host %s, %zu jobs "
					     "merged)", jname, hosts[j], clones);
				merge_latencies(st, ce, ca, m, name.buf, 0);
				free(ce);
				free(ca);
			}
		}
		if (n_hosts < 2)
			continue;
		if (failed) {
			/* a host's job failed: so did the run's */
			unsigned dirs = rw_directions(option(doc, e[0], "rw"));

			for (k = 0; k < 3; k++) {
				if (!(dirs & (1u << k)))
					continue;
				fsr_buf_reset(&name);
				fsr_buf_addf(&name, "%s (%zu hosts merged): %s "
					     "IOPS", jname, n_on, dir_names[k]);
				add_failed(st, name.buf, "IOPS",
					   FSR_BETTER_HIGHER, "fio reported an "
					   "error on a host");
				fsr_buf_reset(&name);
				fsr_buf_addf(&name, "%s (%zu hosts merged): %s "
					     "bandwidth", jname, n_on,
					     dir_names[k]);
				add_failed(st, name.buf, "B/s",
					   FSR_BETTER_HIGHER, "fio reported an "
					   "error on a host");
			}
			continue;
		}
		if (n_on < n_hosts) {
			/* the hosts that did not run it */
			fsr_buf_reset(&other);
			for (k = 0; k < n; k++) {
				size_t c;

				if (!hosts[k])
					continue;
				for (c = 0; c < k; c++)
					if (hosts[c] &&
					    !strcmp(hosts[c], hosts[k]))
						break;
				if (c < k)
					continue;
				for (c = 0; c < n_e; c++)
					if (!strcmp(hosts[at[c]], hosts[k]))
						break;
				if (c < n_e)
					continue;
				fsr_buf_addf(&other, "%s%s",
					     other.len ? ", " : "", hosts[k]);
			}
			fsr_import_warn(st->ctx, st->je.line, "fio --client: "
					"job '%s' ran on %zu of the %zu hosts "
					"(not on %s): the hosts ran different "
					"jobs, and '%s' is not merged across "
					"them", jname, n_on, n_hosts,
					other.buf, jname);
			continue;
		}
		fsr_buf_reset(&name);
		if (n_e > n_on)
			fsr_buf_addf(&name, "%s (%zu hosts, %zu jobs merged)",
				     jname, n_on, n_e);
		else
			fsr_buf_addf(&name, "%s (%zu hosts merged)", jname,
				     n_on);
		merge_rates(st, e, n_e, name.buf, n_names == 1 ? all : NULL);
		merge_latencies(st, e, at, n_e, name.buf, 1);
	}
out:
	for (i = 0; i < n; i++)
		free(hosts[i]);
	free(hosts);
	free(e);
	free(at);
	fsr_buf_release(&p);
	fsr_buf_release(&name);
	fsr_buf_release(&host);
	fsr_buf_release(&other);
	return st->je.err;
}

static int report(struct fio_state *st, const json_t *doc, const char *root)
{
	struct fsr_buf p = FSR_BUF_INIT, name = FSR_BUF_INIT;
	const json_t *jobs = json_object_get(doc, "jobs");
	size_t i, j;

	st->entries = "jobs";
	if (!jobs && json_object_get(doc, "client_stats"))
		return fio_clients(st, doc, root);

	if (!jobs || !json_is_array(jobs)) {
		path_key(&p, root, "jobs");
		if (!jobs)
			fsr_json_fail(&st->je, p.buf, "missing");
		else
			fsr_json_fail(&st->je, p.buf, "expected an array, found %s",
				 fsr_json_type_name(jobs));
		goto out;
	}
	for (i = 0; i < json_array_size(jobs) && !st->je.err; i++) {
		const json_t *jo = json_array_get(jobs, i), *jn;
		size_t same = 0;

		fsr_buf_reset(&p);
		path_key(&p, root, "jobs");
		fsr_buf_addf(&p, "[%zu]", i);
		jn = json_object_get(jo, "jobname");
		if (json_is_object(jo) && !json_is_string(jn)) {
			fsr_buf_adds(&p, ".jobname");
			fsr_json_fail(&st->je, p.buf, jn ? "expected a string, found %s"
					       : "missing%s",
				 jn ? fsr_json_type_name(jn) : "");
			break;
		}
		fsr_buf_reset(&name);
		fsr_buf_adds(&name, jn ? json_string_value(jn) : "");
		/* numjobs=N without group_reporting: N jobs of one name,
		 * running at once. They are not repetitions: number them. */
		for (j = 0; j < json_array_size(jobs); j++) {
			const json_t *o = json_object_get(
				json_array_get(jobs, j), "jobname");

			if (json_is_string(o) &&
			    !strcmp(json_string_value(o), name.buf) && j < i)
				same++;
		}
		if (same)
			fsr_buf_addf(&name, " #%zu", same + 1);
		st->job_i = i;
		job(st, doc, jo, p.buf, name.buf);
	}
	/* then each name that several jobs share, merged */
	for (i = 0; i < json_array_size(jobs) && !st->je.err; i++) {
		const json_t *jn = json_object_get(json_array_get(jobs, i),
						   "jobname");
		size_t n_same = 0, before = 0;

		if (!json_is_string(jn))
			continue;
		for (j = 0; j < json_array_size(jobs); j++) {
			const json_t *o = json_object_get(
				json_array_get(jobs, j), "jobname");

			if (json_is_string(o) &&
			    !strcmp(json_string_value(o),
				    json_string_value(jn))) {
				n_same++;
				before += j < i;
			}
		}
		if (n_same > 1 && !before)
			merged_jobs(st, jobs, i, json_string_value(jn), n_same);
	}
out:
	fsr_buf_release(&p);
	fsr_buf_release(&name);
	return st->je.err;
}

/* The next report: a '{' at a line start, at or after from. */
static size_t next_report(const char *buf, size_t len, size_t from)
{
	size_t i;

	size_t bom = fsr_json_bom(buf, len);

	for (i = from > bom ? from : bom; i < len; i++)
		if (buf[i] == '{' && (i == bom || buf[i - 1] == '\n'))
			return i;
	return len;
}

static int line_of(const char *buf, size_t pos)
{
	int line = 1;
	size_t i;

	for (i = 0; i < pos; i++)
		if (buf[i] == '\n')
			line++;
	return line;
}

int fsr_fio_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head;
	size_t i = next_report(p, n, 0);

	if (i >= n)
		return 0;
	for (i++; i < n && strchr(" \t\r\n", p[i]); i++)
		;
	if (n - i >= 13 && !memcmp(p + i, "\"fio version\"", 13))
		return 100;
	return 0;
}

static double doc_number(const json_t *doc, const char *key)
{
	const json_t *v = json_object_get(doc, key);

	return json_is_number(v) ? json_number_value(v) : -1;
}

/*
 * The seconds a run took, for plan's machine time: its longest job's
 * job_runtime (ms). Jobs run at once unless stonewalled, so for
 * stonewalled jobs this is a lower bound. -1 when no job says.
 */
static double run_seconds(const json_t *doc)
{
	const json_t *jobs = doc_entries(doc, NULL);
	double most = -1;
	size_t i;

	for (i = 0; i < json_array_size(jobs); i++) {
		double rt = doc_number(json_array_get(jobs, i), "job_runtime");

		if (rt > most)
			most = rt;
	}
	return most > 0 ? most / 1000 : -1;
}

/*
 * Is doc b a --status-interval snapshot that follows doc a of the same
 * run? A later, separate run must have run all of its jobs between the
 * two reports, so the time between them is at least its runtime; a
 * snapshot comes one interval later and carries the cumulative runtime.
 */
static int continues(const json_t *a, const json_t *b)
{
	double ta = doc_number(a, "timestamp_ms");
	double tb = doc_number(b, "timestamp_ms");
	const json_t *jobs = doc_entries(b, NULL);
	double runtime = 0;
	size_t i;

	if (ta < 0 || tb < 0 || !json_is_array(jobs))
		return 0;
	for (i = 0; i < json_array_size(jobs); i++) {
		double rt = doc_number(json_array_get(jobs, i), "job_runtime");

		if (rt > runtime)
			runtime = rt;
	}
	return tb >= ta && tb - ta < runtime;
}

/* The system's "timestamp" (UTC, as PTS writes its TimeStamp): when the
 * first report of the run set was written. */
static void run_time(struct fsr_system *s, const json_t *doc)
{
	double t = doc_number(doc, "timestamp");
	time_t tt;
	struct tm tm;
	char text[32];

	if (t <= 0 || t > 1e12 || fsr_kvlist_get(&s->meta, "timestamp"))
		return;
	tt = (time_t)t;
	if (gmtime_r(&tt, &tm) &&
	    strftime(text, sizeof(text), "%Y-%m-%d %H:%M:%S", &tm))
		fsr_kvlist_set(&s->meta, "timestamp", text);
}

/* ^C or kill: fio stops its jobs and still writes its report, over the
 * time they ran, after "fio: terminating on signal 2" on stdout. Kept,
 * and said (once, at that line). */
static void interrupted(struct fsr_import_ctx *ctx, const char *buf,
			size_t len)
{
	static const char mark[] = "fio: terminating on signal ";
	size_t i, k = sizeof(mark) - 1, e;

	for (i = 0; i + k <= len; i++) {
		if ((i && buf[i - 1] != '\n') || memcmp(buf + i, mark, k))
			continue;
		for (e = i; e < len && buf[e] != '\n' && buf[e] != '\r'; e++)
			;
		fsr_import_warn(ctx, line_of(buf, i), "fio was interrupted "
				"(%.*s): the report is of a run cut short; its "
				"numbers are kept",
				(int)(e - i > 60 ? 60 : e - i), buf + i);
		return;
	}
}

int fsr_fio_import(struct fsr_import_ctx *ctx, const char *path,
		   struct fsr_report *r, struct fsr_diag *d)
{
	struct fio_state st;
	json_t **docs = NULL;
	int *lines = NULL;
	size_t n_docs = 0, cap = 0, cap_l = 0, pos, len, i, used = 0;
	size_t first = 0, in_series = 0;
	unsigned char *used_snap;
	char *buf;
	int rc;

	rc = fsr_read_file(path, FSR_MAX_JSON_BYTES, &buf, &len, d);
	if (rc)
		return rc;
	memset(&st, 0, sizeof(st));
	st.je.path = path;
	st.ctx = ctx;
	st.r = r;
	st.pct = ctx->percentiles ? ctx->percentiles : default_percentiles;
	st.n_pct = ctx->percentiles ? ctx->n_percentiles :
				      sizeof(default_percentiles) /
					      sizeof(*default_percentiles);
	st.je.d = d;
	for (pos = next_report(buf, len, 0); pos < len;
	     pos = next_report(buf, len, pos)) {
		json_error_t jerr;
		json_t *doc;

		st.je.line = line_of(buf, pos);
		doc = fsr_json_parse(path, buf + pos, len - pos,
				     JSON_DISABLE_EOF_CHECK, st.je.line, &jerr,
				     d, &st.je.err);
		if (!doc)
			break;
		if (!json_is_object(doc) ||
		    !json_is_string(json_object_get(doc, "fio version"))) {
			json_decref(doc);
			fsr_json_fail(&st.je, NULL, "a JSON object without \"fio "
				 "version\" in a fio output");
			break;
		}
		FSR_GROW(docs, cap, n_docs + 1);
		FSR_GROW(lines, cap_l, n_docs + 1);
		docs[n_docs] = doc;
		lines[n_docs++] = st.je.line;
		pos += jerr.position ? (size_t)jerr.position : 1;
	}
	used_snap = fsr_xcalloc(n_docs + 1, 1);
	for (i = 0; i < n_docs && !st.je.err; i++) {
		const char *v;
		char root[32];

		if (i + 1 < n_docs && continues(docs[i], docs[i + 1]))
			continue;
		/* docs[first..i): this run's snapshots */
		st.snaps = docs + first;
		st.snap_lines = lines + first;
		st.snap_used = used_snap + first;
		st.n_snaps = i - first;
		st.doc = docs[i];
		first = i + 1;
		st.je.line = lines[i];
		v = json_string_value(json_object_get(docs[i], "fio version"));
		free(st.app_version);
		st.app_version = fsr_xstrdup(!strncmp(v, "fio-", 4) ? v + 4
								       : v);
		st.sys = fsr_report_system(r, 0, NULL);
		fsr_system_add_source(&r->systems[st.sys], path);
		fsr_kvlist_set(&r->systems[st.sys].meta, "fio-version", v);
		snprintf(root, sizeof(root), "$");
		st.run_s = run_seconds(docs[i]);
		report(&st, docs[i], root);
		/* Last, where PTS's reader puts TimeStamp among the
		 * attributes: a PTS round trip keeps their order. */
		run_time(&r->systems[st.sys], docs[i]);
		used++;
	}
	if (!st.je.err && used)
		interrupted(ctx, buf, len);
	for (i = 0; i < n_docs; i++)
		in_series += used_snap[i];
	if (!st.je.err && used + in_series < n_docs)
		fsr_import_warn(ctx, 0, "%zu --status-interval snapshot(s) "
				"skipped: in no time series, and only each "
				"run's last report is a result",
				n_docs - used - in_series);
	for (i = 0; i < n_docs; i++)
		json_decref(docs[i]);
	free(docs);
	free(lines);
	free(used_snap);
	free(st.app_version);
	free(buf);
	if (!st.je.err && st.samples == 0)
		return n_docs ? fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
					     "no job did any I/O")
			      : FSR_ENOTMINE;
	return st.je.err;
}
