/*
 * sysbench.c - "sysbench fileio ... run" of sysbench 1.0 (docs/formats.md
 * "sysbench fileio"): one run or several appended to one log.
 *
 *	sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)
 *	[...]
 *	16 files, 4MiB each
 *	Block size 16KiB
 *	Periodic FSYNC enabled, calling fsync() each 100 requests.
 *	Doing random r/w test
 *	[ 1s ] reads: 326.68 MiB/s writes: 217.80 MiB/s fsyncs: 5565.52/s latency (ms,95%): 0.037
 *	File operations:
 *	    reads/s:                      29474.11
 *	Throughput:
 *	    read, MiB/s:                  460.53
 *	Latency (ms):
 *	         min:                                    0.00
 *	         95th percentile:                        0.02
 *
 * The summary is one sample per result: reads/s, writes/s, fsyncs/s
 * (higher is better), read and written MiB/s (higher), latency min, avg,
 * max and the percentile sysbench was told (ms, lower). The interval
 * reports of --report-interval are a series: each is a sample of its
 * "interval ..." result, and the cell keeps their times ("1s 2s 3s");
 * they are also the run's time series of "read", "written" and
 * "fsyncs/s" (model/series.h: the steady-state rule, --steady).
 *
 * With --histogram=on, the run's "Latency histogram (values are in
 * milliseconds)" (one line per non-empty sysbench bucket, its value to
 * 3 decimals and its count) is kept as the run's histogram (issue 36,
 * model/histogram.h: each printed value binned in ns, for the spectrum
 * and the shape test), and p50, p90, p99, p99.9 and p99.99
 * (--percentiles) are computed from the printed buckets by sysbench's
 * own rule as one value per run, "latency (p99)" in ms, so p99 equals
 * sysbench's "99th percentile:" to its 2 decimals; a percentile with
 * fewer than
 * 10 events above it is refused (the refusal kept in the "latency avg"
 * cell), and the histogram lives in the "latency (p50)" cell.
 * sysbench's own "99th percentile:" line stays its own result.
 *
 * The workload (test mode, file count and size, block size, threads) is
 * each result's arguments; the fsync policy, I/O mode and extra open
 * flags are the configuration being compared: system metadata.
 *
 * A run that stops before its Latency block (interrupted, cut short) or
 * that printed "FATAL:" (even before "Threads started!", as a run with
 * no prepare step does) is a failed run with the reason, and a warning;
 * its partial numbers are left out (named in the warning). A value that
 * is not a finite number of at least 0 is an input error at its line.
 * The stdout of "prepare" and "cleanup" holds no result (not mine).
 *
 * Model: test "sysbench-fileio", title "sysbench fileio", app version
 * from the banner, one system per file: the run set (name NULL).
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"
#include "../model/histogram.h"
#include "../model/series.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SB_MAX_VALUES 16

struct sb_value {
	char name[40];
	const char *unit;
	enum fsr_better better;
	double v;
	double q;             /* "95th percentile:": 95; else 0 */
};

struct sb_state {
	struct fsr_tf tf;     /* found: runs */
	/* The run being read. */
	int in_run, run_line, fileio;
	char version[16];
	char mode[48], files[48], block[24], threads[16];
	char fsync[96], iomode[48], flags[64];
	int section;          /* 'f' File operations, 't' Throughput, 'l' */
	struct sb_value val[SB_MAX_VALUES];
	size_t n_val;
	int have_latency;
	/* "total number of events:" of General statistics: the events
	 * behind the printed percentile (-1: none printed) */
	double events;
	char fail[200];
	int fail_line;
	/* Interval reports: kept until the run is complete. */
	struct sb_interval {
		double t, reads, writes, fsyncs, lat;
		int have_lat;
	} *iv;
	size_t n_iv, cap_iv;
	char lat_pct[16];     /* "95%" of the interval lines */
	/* --histogram=on: the run's latency histogram (ns), and the
	 * buckets as printed (ms), for its percentiles */
	struct fsr_hist hist;
	struct sb_bucket {
		double ms;
		uint64_t n;
	} *bk;
	size_t n_bk, cap_bk;
	/* A run of a test that is no storage test ("Prime numbers limit:",
	 * sysbench cpu): refused by name when nothing else is read. */
	const char *other;
	int other_line;
};

/* The first line of sysbench's own tests that are no storage result. */
static const struct {
	const char *line, *test;
} other_tests[] = {
	{ "Prime numbers limit: ", "cpu" },
	{ "Running memory speed test", "memory" },
	{ "Number of mutexes: ", "mutex" },
	{ "Number of yields per round: ", "threads" },
};

static struct fsr_cell *sb_cell(struct sb_state *st, const char *desc,
				const char *unit, enum fsr_better better)
{
	char args[200];

	snprintf(args, sizeof(args), "%s, %s, block %s, threads: %s",
		 st->mode[0] ? st->mode : "?", st->files[0] ? st->files : "?",
		 st->block[0] ? st->block : "?",
		 st->threads[0] ? st->threads : "?");
	return fsr_tf_cell(&st->tf, args, desc, unit, better);
}

static void run_reset(struct sb_state *st)
{
	st->in_run = 0;
	st->fileio = 0;
	st->section = 0;
	st->n_val = 0;
	st->have_latency = 0;
	st->events = -1;
	st->fail[0] = '\0';
	st->n_iv = 0;
	st->mode[0] = st->files[0] = st->block[0] = '\0';
	snprintf(st->threads, sizeof(st->threads), "1");
	snprintf(st->fsync, sizeof(st->fsync), "disabled");
	st->iomode[0] = st->flags[0] = '\0';
	fsr_hist_clear(&st->hist);
	st->n_bk = 0;
}

static void sb_init(void *state)
{
	struct sb_state *st = state;

	st->tf.version = st->version;
	snprintf(st->lat_pct, sizeof(st->lat_pct), "95%%");
	/* sysbench's buckets reach 100 000 ms: every value a bin of its
	 * own kind, nothing lumped into a last one */
	fsr_hist_init(&st->hist, FSR_HIST_FIO_BITS, FSR_HIST_MAX_GROUPS);
	run_reset(st);
}

/* The interval reports as the run's time series (model/series.h, issue
 * 37) of the summary results they measure: reads and writes (MiB/s) of
 * "read" and "written", fsyncs/s of "fsyncs/s", t the report's second
 * in ms; only where the run printed that result (one series a run). */
static void run_series(struct sb_state *st)
{
	static const char *const names[] = { "read", "written", "fsyncs/s" };
	double *t = fsr_xcalloc(st->n_iv + 1, sizeof(*t));
	double *v = fsr_xcalloc(st->n_iv + 1, sizeof(*v));
	size_t i, k, j;

	for (i = 0; i < st->n_iv; i++)
		t[i] = st->iv[i].t * 1000;
	for (k = 0; k < 3; k++) {
		for (j = 0; j < st->n_val && strcmp(st->val[j].name, names[k]);
		     j++)
			;
		if (j == st->n_val)
			continue;
		for (i = 0; i < st->n_iv; i++)
			v[i] = k == 0 ? st->iv[i].reads :
			       k == 1 ? st->iv[i].writes : st->iv[i].fsyncs;
		fsr_cell_add_series(sb_cell(st, names[k], st->val[j].unit,
					    st->val[j].better),
				    t, v, st->n_iv);
	}
	free(t);
	free(v);
}

static void add_intervals(struct sb_state *st)
{
	static const char *const names[] = { "interval reads",
					     "interval writes",
					     "interval fsyncs",
					     "interval latency" };
	struct fsr_buf times = FSR_BUF_INIT;
	char lat[48];
	size_t i, k;

	snprintf(lat, sizeof(lat), "interval latency (%s)", st->lat_pct);
	for (i = 0; i < st->n_iv; i++) {
		char t[32];

		snprintf(t, sizeof(t), "%s%gs", i ? " " : "", st->iv[i].t);
		fsr_buf_adds(&times, t);
	}
	for (k = 0; k < 4; k++) {
		struct fsr_cell *c = sb_cell(st, k == 3 ? lat : names[k],
					     k == 0 || k == 1 ? "MiB/s" :
					     k == 2 ? "fsyncs/s" : "ms",
					     k == 3 ? FSR_BETTER_LOWER :
					     FSR_BETTER_HIGHER);

		for (i = 0; i < st->n_iv; i++) {
			const struct sb_interval *iv = &st->iv[i];

			if (k == 3 && !iv->have_lat)
				continue;
			fsr_cell_add_sample(c, k == 0 ? iv->reads :
					    k == 1 ? iv->writes :
					    k == 2 ? iv->fsyncs : iv->lat);
		}
		fsr_kvlist_set(fsr_cell_meta_edit(c), "times", times.buf);
	}
	fsr_buf_release(&times);
	run_series(st);
}

static int number(struct sb_state *st, int line, const char *what,
		  const char *s, size_t len, double *v);

static const double sb_default_pct[] = FSR_DEFAULT_PERCENTILES;

/* The q-th percentile of the printed buckets by sysbench's own rule
 * (sb_histogram_get_pct_intermediate() of sysbench 1.0: the first bucket
 * whose running count reaches floor(N q / 100 + 0.5)), so it equals the
 * "99th percentile:" sysbench prints, to the 2 decimals it prints. */
static double bucket_percentile(const struct sb_state *st, uint64_t total,
				double q)
{
	double want = floor((double)total * q / 100 + 0.5);
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < st->n_bk; i++) {
		sum += st->bk[i].n;
		if ((double)sum >= want)
			return st->bk[i].ms;
	}
	return st->n_bk ? st->bk[st->n_bk - 1].ms : 0;
}

/* The percentiles of the run's histogram, one value each (ms); refused
 * where fewer than 10 events lie above (counted in "latency avg"); the
 * histogram kept in the "latency (p50)" cell. */
static void hist_percentiles(struct sb_state *st)
{
	const struct fsr_import_ctx *ctx = st->tf.ctx;
	const double *pct = ctx && ctx->percentiles ? ctx->percentiles :
			    sb_default_pct;
	size_t n = ctx && ctx->percentiles ? ctx->n_percentiles :
		   sizeof(sb_default_pct) / sizeof(*sb_default_pct), j;
	struct fsr_hist *h = &st->hist;
	struct fsr_cell *host, *p50 = NULL;
	struct fsr_buf desc = FSR_BUF_INIT;

	host = sb_cell(st, "latency avg", "ms", FSR_BETTER_LOWER);
	for (j = 0; j < n; j++) {
		int ok = h->total >= fsr_pct_ios_needed(pct[j]);
		struct fsr_cell *c;

		fsr_buf_reset(&desc);
		fsr_buf_adds(&desc, "latency (p");
		fsr_buf_add_double(&desc, pct[j]);
		fsr_buf_addc(&desc, ')');
		fsr_cell_add_refused(host, desc.buf, pct[j], h->total, ok);
		if (!ok)
			continue;
		c = sb_cell(st, desc.buf, "ms", FSR_BETTER_LOWER);
		fsr_cell_add_sample(c, bucket_percentile(st, h->total,
							 pct[j]));
		if (pct[j] == 50)
			p50 = c;
	}
	if (p50) {
		struct fsr_hist kept;

		fsr_hist_init(&kept, h->bits, h->groups);
		fsr_hist_merge(&kept, h);
		fsr_cell_add_hist(p50, &kept);
		fsr_hist_release(&kept);
	}
	fsr_buf_release(&desc);
}

/* "       0.005 |*********************************        4795": a
 * sysbench bucket's value (ms, 3 decimals) and count. */
static int hist_line(struct sb_state *st, int line, const char *s,
		     size_t len)
{
	const char *bar = memchr(s, '|', len), *c;
	double v, n;
	int rc;

	if (fsr_tf_prefix(s, len, "value "))  /* the column heads */
		return 0;
	if (!bar)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "sysbench latency histogram: expected "
				    "'VALUE |*** COUNT'");
	c = s + len;
	while (c > bar + 1 && !fsr_tf_blank(c[-1]) && c[-1] != '*')
		c--;
	rc = number(st, line, "histogram value", s, (size_t)(bar - s), &v);
	if (!rc)
		rc = number(st, line, "histogram count", c,
			    (size_t)(s + len - c), &n);
	if (rc)
		return rc;
	if (n != floor(n) || n > 1e15 || v * 1e6 > 1.8e19)
		return fsr_tf_bad_number(&st->tf, line, "histogram line", s,
					 len);
	fsr_hist_add(&st->hist, (uint64_t)llround(v * 1e6), (uint64_t)n);
	if (st->n_bk && v < st->bk[st->n_bk - 1].ms)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "sysbench latency histogram: %.*s is below "
				    "the line before", (int)(bar - s), s);
	FSR_GROW(st->bk, st->cap_bk, st->n_bk + 1);
	st->bk[st->n_bk].ms = v;
	st->bk[st->n_bk++].n = (uint64_t)n;
	return 0;
}

/*
 * Whether the run's events support the percentile sysbench printed
 * ("99th percentile:", --percentile): by the rule of every other
 * percentile (model/histogram.h, at least 10 events above it), recorded
 * in the "latency avg" cell where the refusal is kept and printed, as
 * for --histogram. Without a "total number of events:" line there is
 * nothing to judge by: kept, as fio's text without "issued rwts". The
 * 100th percentile is sysbench's largest event, no tail estimate: kept.
 */
static int printed_pct_supported(struct sb_state *st,
				 const struct sb_value *v)
{
	uint64_t ios;
	int ok;

	if (st->events < 0 || v->q >= 100)
		return 1;
	ios = st->events > 1e18 ? (uint64_t)1e18 : (uint64_t)st->events;
	ok = ios >= fsr_pct_ios_needed(v->q);
	fsr_cell_add_refused(sb_cell(st, "latency avg", "ms",
				     FSR_BETTER_LOWER), v->name, v->q, ios, ok);
	return ok;
}

/* The run is over: its numbers, or a failed run. */
static void end_run(struct sb_state *st, int line)
{
	size_t i;

	/* a fileio run ("Doing random r/w test") that failed before its
	 * threads started ("FATAL: Cannot open file", no prepare) is a
	 * failed run too, not "no result" */
	if (!st->in_run || !(st->fileio || (st->fail[0] && st->mode[0])))
		goto out;
	if (st->fail[0] || !st->have_latency) {
		char reason[260];

		fsr_tf_reason(&st->tf, reason, sizeof(reason), st->fail,
			      "the run stopped before its Latency block "
			      "(interrupted or cut short)");
		fsr_import_warn(st->tf.ctx, st->fail[0] ? st->fail_line : line,
				"%s; this run (from line %d) is a failed run, "
				"its %zu value(s) and %zu interval report(s) "
				"left out", reason, st->run_line, st->n_val,
				st->n_iv);
		fsr_cell_add_failed(sb_cell(st, "reads/s", "ops/s",
					    FSR_BETTER_HIGHER), reason);
		st->tf.found++;
		goto out;
	}
	for (i = 0; i < st->n_val; i++) {
		if (st->val[i].q > 0 && !printed_pct_supported(st, &st->val[i]))
			continue;
		fsr_cell_add_sample(sb_cell(st, st->val[i].name,
					    st->val[i].unit,
					    st->val[i].better),
				    st->val[i].v);
	}
	if (st->n_iv)
		add_intervals(st);
	if (st->hist.total)
		hist_percentiles(st);
	fsr_tf_meta(&st->tf, "periodic fsync", st->fsync);
	if (st->iomode[0])
		fsr_tf_meta(&st->tf, "I/O mode", st->iomode);
	if (st->flags[0])
		fsr_tf_meta(&st->tf, "extra open flags", st->flags);
	st->tf.found++;
out:
	run_reset(st);
}

static int number(struct sb_state *st, int line, const char *what,
		  const char *s, size_t len, double *v)
{
	fsr_tf_trim(&s, &len);
	return fsr_tf_number(&st->tf, line, what, s, len, v);
}

/* "    reads/s:                      29474.11" in a section */
static int value_line(struct sb_state *st, int line, const char *s,
		      size_t len)
{
	static const struct {
		int section;
		const char *label, *name, *unit;
		enum fsr_better better;
	} w[] = {
		{ 'f', "reads/s:", "reads/s", "ops/s", FSR_BETTER_HIGHER },
		{ 'f', "writes/s:", "writes/s", "ops/s", FSR_BETTER_HIGHER },
		{ 'f', "fsyncs/s:", "fsyncs/s", "ops/s", FSR_BETTER_HIGHER },
		{ 't', "read, MiB/s:", "read", "MiB/s", FSR_BETTER_HIGHER },
		{ 't', "written, MiB/s:", "written", "MiB/s",
		  FSR_BETTER_HIGHER },
		{ 'l', "min:", "latency min", "ms", FSR_BETTER_LOWER },
		{ 'l', "avg:", "latency avg", "ms", FSR_BETTER_LOWER },
		{ 'l', "max:", "latency max", "ms", FSR_BETTER_LOWER },
	};
	struct sb_value *v;
	size_t i, n;
	int rc;

	if (st->n_val >= SB_MAX_VALUES)
		return 0;
	v = &st->val[st->n_val];
	for (i = 0; i < sizeof(w) / sizeof(*w); i++) {
		n = strlen(w[i].label);
		if (w[i].section != st->section || !fsr_tf_prefix(s, len,
							       w[i].label))
			continue;
		rc = number(st, line, w[i].name, s + n, len - n, &v->v);
		if (rc)
			return rc;
		fsr_tf_copy(v->name, sizeof(v->name), w[i].name, strlen(w[i].name));
		v->unit = w[i].unit;
		v->better = w[i].better;
		v->q = 0;
		st->n_val++;
		return 0;
	}
	/* "95th percentile:" (whatever --percentile said) */
	if (st->section == 'l' && len > 16 && isdigit((unsigned char)s[0])) {
		const char *c = memchr(s, ':', len);

		if (!c || (size_t)(c - s) < 14 ||
		    memcmp(c - 10, "percentile", 10))
			return 0;
		rc = number(st, line, "latency percentile", c + 1,
			    len - (size_t)(c + 1 - s), &v->v);
		if (rc)
			return rc;
		snprintf(v->name, sizeof(v->name), "latency %.*s",
			 (int)(c - s > 24 ? 24 : c - s), s);
		v->q = strtod(s, NULL);
		if (!isfinite(v->q) || v->q < 0)
			v->q = 0;
		v->unit = "ms";
		v->better = FSR_BETTER_LOWER;
		st->n_val++;
		st->have_latency = 1;
	}
	return 0;
}

/* "[ 1s ] reads: 326.68 MiB/s writes: 217.80 MiB/s fsyncs: 5565.52/s
 * latency (ms,95%): 0.037" */
static int interval_line(struct sb_state *st, int line, const char *s,
			 size_t len)
{
	struct sb_interval iv;
	char pct[16] = "";
	int n = 0;

	memset(&iv, 0, sizeof(iv));
	if (sscanf(s, "[ %lfs ] reads: %lf MiB/s writes: %lf MiB/s fsyncs: "
		   "%lf/s%n", &iv.t, &iv.reads, &iv.writes, &iv.fsyncs,
		   &n) != 4 || n <= 0)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "sysbench interval report: expected "
				    "'[ Ns ] reads: R MiB/s writes: W MiB/s "
				    "fsyncs: F/s ...'");
	if (!isfinite(iv.t) || !isfinite(iv.reads) || !isfinite(iv.writes) ||
	    !isfinite(iv.fsyncs) || iv.t < 0 || iv.reads < 0 ||
	    iv.writes < 0 || iv.fsyncs < 0)
		return fsr_tf_bad_number(&st->tf, line, "interval report", s, len);
	if ((size_t)n < len &&
	    sscanf(s + n, " latency (ms,%15[0-9.]%%): %lf", pct, &iv.lat) == 2) {
		if (!isfinite(iv.lat) || iv.lat < 0)
			return fsr_tf_bad_number(&st->tf, line, "interval latency", s,
					  len);
		iv.have_lat = 1;
		snprintf(st->lat_pct, sizeof(st->lat_pct), "%s%%", pct);
	}
	FSR_GROW(st->iv, st->cap_iv, st->n_iv + 1);
	st->iv[st->n_iv++] = iv;
	return 0;
}

#define FSYNC_ON "Periodic FSYNC enabled, calling fsync() "

/* The lines before "Threads started!": the workload and configuration. */
static void option_line(struct sb_state *st, const char *s, size_t len)
{
	long a;

	if (fsr_tf_prefix(s, len, "Number of threads: "))
		fsr_tf_copy(st->threads, sizeof(st->threads), s + 19, len - 19);
	else if (fsr_tf_prefix(s, len, "Doing ") && len > 11 &&
		 !memcmp(s + len - 5, " test", 5))
		fsr_tf_copy(st->mode, sizeof(st->mode), s + 6, len - 11);
	else if (fsr_tf_prefix(s, len, "Block size "))
		fsr_tf_copy(st->block, sizeof(st->block), s + 11, len - 11);
	else if (sscanf(s, "%ld files, ", &a) == 1 && memchr(s, ',', len) &&
		 !fsr_tf_prefix(s, len, "Creating"))
		fsr_tf_copy(st->files, sizeof(st->files), s, len);
	else if (fsr_tf_prefix(s, len, FSYNC_ON))
		fsr_tf_copy(st->fsync, sizeof(st->fsync), s + strlen(FSYNC_ON),
		     len - strlen(FSYNC_ON) - (s[len - 1] == '.'));
	else if (fsr_tf_prefix(s, len, "Using ") && len > 11 &&
		 !memcmp(s + len - 5, " mode", 5))
		fsr_tf_copy(st->iomode, sizeof(st->iomode), s + 6, len - 11);
	else if (fsr_tf_prefix(s, len, "Extra file open flags: "))
		fsr_tf_copy(st->flags, sizeof(st->flags), s + 23, len - 23);
}

static int sb_line(void *state, int line, const char *s, size_t len)
{
	struct sb_state *st = state;

	fsr_tf_trim(&s, &len);
	if (!len) {
		st->section = 0;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "sysbench ") && len > 10 &&
	    isdigit((unsigned char)s[9])) {
		size_t vl = 0;

		end_run(st, line);
		while (9 + vl < len && !fsr_tf_blank(s[9 + vl]))
			vl++;
		fsr_tf_copy(st->version, sizeof(st->version), s + 9, vl);
		st->in_run = 1;
		st->run_line = line;
		return 0;
	}
	if (!st->in_run)
		return 0;
	if (fsr_tf_prefix(s, len, "FATAL: ") && !st->fail[0]) {
		fsr_tf_copy(st->fail, sizeof(st->fail), s, len);
		st->fail_line = line;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Threads started!")) {
		st->fileio = st->mode[0] != '\0';
		return 0;
	}
	if (fsr_tf_prefix(s, len, "[ ") && st->fileio)
		return interval_line(st, line, s, len);
	if (fsr_tf_prefix(s, len, "Latency histogram (values are in "
			  "milliseconds)")) {
		st->section = 'h';
		return 0;
	}
	if (st->section == 'h')
		return hist_line(st, line, s, len);
	if (fsr_tf_prefix(s, len, "File operations:")) {
		st->fileio = 1;
		st->section = 'f';
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Throughput:")) {
		st->section = 't';
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Latency (ms):")) {
		st->section = 'l';
		return 0;
	}
	if (fsr_tf_prefix(s, len, "General statistics:") ||
	    fsr_tf_prefix(s, len, "Threads fairness:")) {
		st->section = 'g';
		return 0;
	}
	if (st->section == 'g' &&
	    fsr_tf_prefix(s, len, "total number of events:")) {
		double n;
		int rc = number(st, line, "total number of events", s + 23,
				len - 23, &n);

		if (rc)
			return rc;
		st->events = floor(n);
		return 0;
	}
	if (st->section && st->section != 'g')
		return value_line(st, line, s, len);
	if (!st->fileio) {
		size_t i;

		for (i = 0; i < sizeof(other_tests) / sizeof(*other_tests) &&
			    !st->other; i++)
			if (fsr_tf_prefix(s, len, other_tests[i].line)) {
				st->other = other_tests[i].test;
				st->other_line = line;
			}
		option_line(st, s, len);
	}
	return 0;
}

/* The banner, then a fileio run's own lines. */
static int sb_probe_line(struct fsr_tf_probe *p, const char *s,
			 size_t len)
{
	fsr_tf_trim(&s, &len);
	if (fsr_tf_prefix(s, len, "sysbench ") && len > 10 &&
	    isdigit((unsigned char)s[9]))
		p->seen = 1;
	if (p->seen && (fsr_tf_prefix(s, len, "Extra file open flags: ") ||
			fsr_tf_prefix(s, len, "File operations:")))
		return 95;
	/* sysbench's other tests: claimed, to be refused by name */
	if (p->seen) {
		size_t i;

		for (i = 0; i < sizeof(other_tests) / sizeof(*other_tests); i++)
			if (fsr_tf_prefix(s, len, other_tests[i].line))
				p->best = 60;
	}
	return 0;
}

FSR_TF_PROBE(sysbench, 200, sb_probe_line)

/* The end of the file ends the run being read. */
static int sb_finish(void *state, int last_line)
{
	struct sb_state *st = state;

	end_run(state, last_line);
	if (st->tf.found || !st->other)
		return 0;
	/* sysbench cpu, memory, ...: named, an input error that says so;
	 * in a folder, skipped with that warning */
	if (st->tf.ctx && !(st->tf.ctx->flags & FSR_IMPORT_NAMED)) {
		fsr_import_warn(st->tf.ctx, st->other_line, "sysbench %s: not "
				"a storage result; skipped", st->other);
		return FSR_ENOTMINE;
	}
	return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, st->other_line,
			    0, "sysbench %s: not a storage result (fsreport "
			    "reads sysbench fileio)", st->other);
}

static void sb_release(void *state)
{
	struct sb_state *st = state;

	free(st->iv);
	free(st->bk);
	fsr_hist_release(&st->hist);
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct sb_state), .init = sb_init,
	.name = "sysbench", .test = "sysbench-fileio",
	.title = "sysbench fileio",
	.line = sb_line, .finish = sb_finish, .release = sb_release,
};

FSR_TF_IMPORTER(sysbench, fmt)
