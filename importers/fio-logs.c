/*
 * fio-logs.c - fio's per-run latency logs as histograms (issue 36;
 * docs/formats.md, "fio latency histograms"):
 *
 *	fio-hist-log  --write_hist_log=NAME --log_hist_msec=MS
 *	              (NAME_clat_hist.J.log): "msec, ddir, bs," then the
 *	              counts of fio's 1856 bins of the I/Os completed in that
 *	              interval; the run's histogram is the sum of its lines.
 *	fio-lat-log   --write_lat_log=NAME (NAME_clat.J.log, _lat, _slat):
 *	              "msec, latency_ns, ddir, bs, [offset,] prio", one line
 *	              per I/O, binned into fio's layout (model/histogram.h),
 *	              so its percentiles are fio's for the same run.
 *
 *	fio-lat-log   also reads --write_bw_log / --write_iops_log
 *	              (NAME_bw.J.log, NAME_iops.J.log; the lines are a lat
 *	              log's, one value per log_avg_msec interval): the
 *	              run's time series (model/series.h, issue 37).
 *
 * A file is one run: its histogram per direction gives the percentiles
 * (--percentiles; refused below 10 I/Os above them, as for json+) of
 * "hist log: write completion latency (p99)" or "clat log: write
 * completion latency (p99)" (the kind from the file's name: "clat.",
 * "slat.", "lat." in it; else "lat log: write latency"), and a lat log the exact mean. Folders of them pool runs.
 * A bw or iops log (its name has "_bw." or "_iops.") gives "bw log:
 * write bandwidth (mean)" in KiB/s or "iops log: write IOPS (mean)", the
 * mean of its values, with the values kept as the run's series in that
 * cell. Its lines are read by the one line reader of the lat log.
 * Neither log says which job wrote it: the results carry no job name.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/numbers.h"
#include "../model/histogram.h"
#include "../model/series.h"
#include "../lib/alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const log_dirs[] = { "read", "write", "trim" };
static const double log_default_pct[] = FSR_DEFAULT_PERCENTILES;

/* Split s[0..len) at commas into at most max integer fields (blanks
 * around each allowed; "0x1f" hexadecimal as fio writes prio with
 * --log_prio): how many, or 0 when one is no whole number >= 0 or there
 * are more than max. */
static size_t int_fields(const char *s, size_t len, uint64_t *v, size_t max)
{
	size_t n = 0, i = 0;

	while (i <= len) {
		size_t start, end;
		int hex = 0;
		uint64_t x = 0;

		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		start = i;
		if (i + 1 < len && s[i] == '0' && (s[i + 1] == 'x' ||
						   s[i + 1] == 'X')) {
			hex = 1;
			i += 2;
		}
		for (; i < len; i++) {
			char c = s[i];
			unsigned d;

			if (c >= '0' && c <= '9')
				d = (unsigned)(c - '0');
			else if (hex && c >= 'a' && c <= 'f')
				d = (unsigned)(c - 'a' + 10);
			else if (hex && c >= 'A' && c <= 'F')
				d = (unsigned)(c - 'A' + 10);
			else
				break;
			if (x > (UINT64_MAX - d) / (hex ? 16 : 10))
				return 0;
			x = x * (hex ? 16 : 10) + d;
		}
		end = i;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (end == start + (hex ? 2u : 0u) || (i < len && s[i] != ','))
			return 0;
		if (n == max)
			return 0;
		v[n++] = x;
		i++; /* past the comma (or the end) */
	}
	return n;
}

/* The percentiles of h (one run) into "<prefix> (pQ)", refusing those
 * it cannot support (counted in the cell of host, model/histogram.h);
 * the histogram kept beside p50. */
static void log_percentiles(struct fsr_tf *tf, const char *prefix,
			    const char *host, struct fsr_hist *h)
{
	const double *pct = tf->ctx->percentiles ? tf->ctx->percentiles :
						   log_default_pct;
	size_t n = tf->ctx->percentiles ? tf->ctx->n_percentiles :
					  sizeof(log_default_pct) /
						  sizeof(*log_default_pct);
	struct fsr_buf desc = FSR_BUF_INIT;
	struct fsr_hist kept;
	size_t j;

	for (j = 0; j < n; j++) {
		struct fsr_cell *c;
		int ok;

		fsr_buf_reset(&desc);
		fsr_buf_addf(&desc, "%s (p", prefix);
		fsr_buf_add_double(&desc, pct[j]);
		fsr_buf_addc(&desc, ')');
		ok = h->total >= fsr_pct_ios_needed(pct[j]);

		fsr_cell_add_refused(fsr_tf_cell(tf, NULL, host, "ns",
						 FSR_BETTER_LOWER),
				     desc.buf, pct[j], h->total, ok);
		if (!ok)
			continue;
		c = fsr_tf_cell(tf, NULL, desc.buf, "ns", FSR_BETTER_LOWER);
		fsr_tf_sample(c, (double)fsr_hist_percentile(h, pct[j]), 0);
	}
	fsr_buf_reset(&desc);
	fsr_buf_addf(&desc, "%s (p50)", prefix);
	fsr_hist_init(&kept, FSR_HIST_FIO_BITS, FSR_HIST_FIO_GROUPS);
	fsr_hist_merge(&kept, h);
	fsr_cell_add_hist(fsr_tf_cell(tf, NULL, desc.buf, "ns",
				      FSR_BETTER_LOWER),
			  &kept);
	fsr_buf_release(&desc);
	tf->found++;
}

/* ------------------------------------------------------------ hist log */

#define HIST_FIELDS (3 + ((size_t)FSR_HIST_FIO_GROUPS << FSR_HIST_FIO_BITS))

struct hist_state {
	struct fsr_tf tf;
	struct fsr_hist h[3];
	uint64_t *v;
};

static void hist_init(void *state)
{
	struct hist_state *st = state;
	size_t i;

	for (i = 0; i < 3; i++)
		fsr_hist_init(&st->h[i], FSR_HIST_FIO_BITS,
			      FSR_HIST_FIO_GROUPS);
	st->v = calloc(HIST_FIELDS + 1, sizeof(*st->v));
}

static int hist_line(void *state, int line, const char *s, size_t len)
{
	struct hist_state *st = state;
	size_t n, i;

	fsr_tf_trim(&s, &len);
	if (!len)
		return 0;
	if (!st->v)
		return fsr_diag_set(st->tf.d, FSR_ENOMEM, st->tf.path, line, 0,
				    "out of memory");
	n = int_fields(s, len, st->v, HIST_FIELDS + 1);
	if (n != HIST_FIELDS)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio hist log: expected msec, ddir, bs and "
				    "%zu bin counts (fio's bins; "
				    "--log_hist_coarseness=0), %s%zu",
				    HIST_FIELDS - 3,
				    n ? "found whole numbers: " :
					"a field is no whole number >= 0 "
					"(or there are too many); fields "
					"wanted: ",
				    n ? n : HIST_FIELDS);
	if (st->v[1] > 2)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio hist log: ddir %llu is not 0 (read), 1 "
				    "(write) or 2 (trim)",
				    (unsigned long long)st->v[1]);
	for (i = 3; i < n; i++)
		if (st->v[i])
			fsr_hist_add_bin(&st->h[st->v[1]], i - 3, st->v[i]);
	return 0;
}

static int hist_finish(void *state, int last_line)
{
	struct hist_state *st = state;
	char prefix[64], host[80];
	size_t i;

	(void)last_line;
	for (i = 0; i < 3; i++) {
		if (!st->h[i].total)
			continue;
		snprintf(prefix, sizeof(prefix), "hist log: %s completion "
			 "latency", log_dirs[i]);
		snprintf(host, sizeof(host), "%s (p50)", prefix);
		log_percentiles(&st->tf, prefix, host, &st->h[i]);
	}
	return 0;
}

static void hist_release(void *state)
{
	struct hist_state *st = state;
	size_t i;

	for (i = 0; i < 3; i++)
		fsr_hist_release(&st->h[i]);
	free(st->v);
}

static const struct fsr_tf_format hist_fmt = {
	.name = "fio hist log", .test = "fio", .title = "fio",
	.size = sizeof(struct hist_state), .init = hist_init,
	.line = hist_line, .finish = hist_finish, .release = hist_release,
};

/* A line of msec, ddir (0..2), bs, then fio's 1856 counts. The head may
 * cut the first line: its first 64 fields decide. */
static int hist_probe_line(struct fsr_tf_probe *p, const char *s,
			   size_t len)
{
	uint64_t v[67];
	size_t cut = 0, commas = 0;

	(void)p;
	while (cut < len && commas < 67)
		if (s[cut++] == ',')
			commas++;
	if (commas < 67)
		return -1;
	if (int_fields(s, cut - 1, v, 67) != 67 || v[1] > 2 || !v[2])
		return -1;
	return 90;
}
FSR_TF_PROBE(fio_hist_log, 1, hist_probe_line)
FSR_TF_IMPORTER(fio_hist_log, hist_fmt)

/* ------------------------------------------------------------ lat log */

/* A bw or iops log's values of one direction, in the order logged. */
struct log_series {
	double *t, *v;
	size_t n, cap;
};

struct lat_state {
	struct fsr_tf tf;
	struct fsr_hist h[3];
	long double sum[3];
	const char *kind; /* "completion", "total", "submission", "" */
	const char *log;  /* "clat log", "lat log", "slat log", "lat log",
			   * "bw log", "iops log" */
	int rate;         /* a bw or iops log: series, no histogram */
	struct log_series ser[3];
};

static void lat_init(void *state)
{
	struct lat_state *st = state;
	const char *base = strrchr(st->tf.path, '/');
	size_t i;

	base = base ? base + 1 : st->tf.path;
	for (i = 0; i < 3; i++)
		fsr_hist_init(&st->h[i], FSR_HIST_FIO_BITS,
			      FSR_HIST_FIO_GROUPS);
	/* fio names the file NAME_clat.J.log, _lat, _slat: the kind */
	if (strstr(base, "_bw.")) {
		st->kind = "bandwidth";
		st->log = "bw log";
		st->rate = 1;
	} else if (strstr(base, "_iops.")) {
		st->kind = "IOPS";
		st->log = "iops log";
		st->rate = 1;
	} else if (strstr(base, "slat.")) {
		st->kind = "submission ";
		st->log = "slat log";
	} else if (strstr(base, "clat.")) {
		st->kind = "completion ";
		st->log = "clat log";
	} else if (strstr(base, "lat.")) {
		st->kind = "total ";
		st->log = "lat log";
	} else {
		st->kind = "";
		st->log = "lat log";
	}
}

/* The one line reader of fio's per-line logs (lat, clat, slat, bw,
 * iops): "msec, value, ddir, bs, [offset,] prio" into v[0..6), checked;
 * 1 for a blank line, 0 for a line read, else the error. */
static int log_fields(struct lat_state *st, int line, const char *s,
		      size_t len, uint64_t *v)
{
	const char *what = st->rate ? st->log : "lat log";
	size_t n;

	fsr_tf_trim(&s, &len);
	if (!len)
		return 1;
	n = int_fields(s, len, v, 6);
	if (n != 5 && n != 6)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio %s: expected msec, %s, ddir, bs, "
				    "[offset,] prio (whole numbers)", what,
				    st->rate ? "value" : "latency_ns");
	if (v[2] > 2)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio %s: ddir %llu is not 0 (read), 1 "
				    "(write) or 2 (trim)", what,
				    (unsigned long long)v[2]);
	return 0;
}

static int lat_line(void *state, int line, const char *s, size_t len)
{
	struct lat_state *st = state;
	uint64_t v[7];
	int rc = log_fields(st, line, s, len, v);

	if (rc)
		return rc > 0 ? 0 : rc;
	if (st->rate) {
		struct log_series *q = &st->ser[v[2]];

		if (q->n == q->cap) {
			q->cap = q->cap ? 2 * q->cap : 64;
			q->t = fsr_xrealloc(q->t, q->cap * sizeof(*q->t));
			q->v = fsr_xrealloc(q->v, q->cap * sizeof(*q->v));
		}
		q->t[q->n] = (double)v[0];
		q->v[q->n++] = (double)v[1];
		return 0;
	}
	fsr_hist_add(&st->h[v[2]], v[1], 1);
	st->sum[v[2]] += (long double)v[1];
	return 0;
}

/* A bw or iops log: per direction the mean of its values, and the
 * values as the run's series in that cell. */
static void rate_finish(struct lat_state *st)
{
	size_t i, k;

	for (i = 0; i < 3; i++) {
		struct log_series *q = &st->ser[i];
		struct fsr_cell *c;
		char desc[96];
		long double sum = 0;

		if (!q->n)
			continue;
		for (k = 0; k < q->n; k++)
			sum += q->v[k];
		snprintf(desc, sizeof(desc), "%s: %s %s (mean)", st->log,
			 log_dirs[i], st->kind);
		c = fsr_tf_cell(&st->tf, NULL, desc,
				*st->kind == 'b' ? "KiB/s" : "IOPS",
				FSR_BETTER_HIGHER);
		fsr_tf_sample(c, (double)(sum / q->n), -1);
		fsr_cell_add_series(c, q->t, q->v, q->n);
		st->tf.found++;
	}
}

static int lat_finish(void *state, int last_line)
{
	struct lat_state *st = state;
	char prefix[96], host[96];
	size_t i;

	(void)last_line;
	if (st->rate) {
		rate_finish(st);
		return 0;
	}
	for (i = 0; i < 3; i++) {
		struct fsr_cell *c;

		if (!st->h[i].total)
			continue;
		snprintf(prefix, sizeof(prefix), "%s: %s %slatency (mean)",
			 st->log, log_dirs[i], st->kind);
		c = fsr_tf_cell(&st->tf, NULL, prefix, "ns", FSR_BETTER_LOWER);
		fsr_tf_sample(c, (double)(st->sum[i] / st->h[i].total), -1);
		snprintf(host, sizeof(host), "%s", prefix);
		snprintf(prefix, sizeof(prefix), "%s: %s %slatency", st->log,
			 log_dirs[i], st->kind);
		log_percentiles(&st->tf, prefix, host, &st->h[i]);
	}
	return 0;
}

static void lat_release(void *state)
{
	struct lat_state *st = state;
	size_t i;

	for (i = 0; i < 3; i++) {
		fsr_hist_release(&st->h[i]);
		free(st->ser[i].t);
		free(st->ser[i].v);
	}
}

static const struct fsr_tf_format lat_fmt = {
	.name = "fio lat log", .test = "fio", .title = "fio",
	.size = sizeof(struct lat_state), .init = lat_init,
	.line = lat_line, .finish = lat_finish, .release = lat_release,
};

/* Lines of 5 or 6 whole numbers and ddir 0..2 (the block size 0 where
 * fio averaged the interval, log_avg_msec): a claim after three such
 * lines (p->seen counts them), none after one that is not. */
static int lat_probe_line(struct fsr_tf_probe *p, const char *s,
			  size_t len)
{
	uint64_t v[7];
	size_t n = int_fields(s, len, v, 6);

	if ((n != 5 && n != 6) || v[2] > 2)
		return -1;
	p->best = FSR_PROBE_CLAIM + 10;
	return ++p->seen >= 3 ? p->best : 0;
}
FSR_TF_PROBE(fio_lat_log, 3, lat_probe_line)
FSR_TF_IMPORTER(fio_lat_log, lat_fmt)
