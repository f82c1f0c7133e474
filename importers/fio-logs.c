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
 *
 * The jobs of one run (numjobs=N: NAME_clat.1.log ... NAME_clat.N.log)
 * are one run, not N: in a folder, a log's siblings whose names differ
 * only in the job index J are read with it and their histograms merged
 * bin by bin, as "clat log (2 jobs merged): write completion latency
 * (p99)" (log_jobs(), jobs_import()). A run's bw and iops logs are
 * summed, as rates add up: "bw log (2 jobs merged): write bandwidth
 * (mean)", the sum of the jobs' means, and the jobs' values summed at
 * matching times as the series (rate_align()).
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/numbers.h"
#include "../model/histogram.h"
#include "../model/series.h"
#include "../lib/alloc.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* ------------------------------------------------------------ jobs */

/*
 * fio names a job's log NAME_clat.J.log, NAME_clat_hist.J.log, J the
 * job's index from 1: --numjobs=2 writes two files of one run. The
 * importers see one file at a time (cli/runset.c reads each file of a
 * run set into a scratch report of its own, with no pass over a run
 * set's files afterwards, and the merged report no longer knows which
 * file a sample came from), so the jobs are found here, by name: in a
 * folder, the files whose names differ from this one's only in J are
 * the jobs of this run. The first of them (the smallest J) reads them
 * all and merges their histograms (fsr_hist_merge(), bin by bin, as the
 * json+ jobs merge in fio.c), or sums their rates (bw and iops logs);
 * the others are no run of their own (FSR_ENOTMINE with ctx->read_with
 * the first's file, which the caller names). A file named by itself is
 * a run set of its own and read alone.
 */

/* The J of a log's base name "STEM.J.log" (J a whole number from 1,
 * no leading zero), *stem the length of STEM; 0: not such a name. */
static unsigned long log_job(const char *base, size_t *stem)
{
	size_t len = strlen(base), e, b, k;
	unsigned long j = 0;

	if (len < 7 || strcmp(base + len - 4, ".log"))
		return 0;
	e = len - 4;
	for (b = e; b > 0 && base[b - 1] >= '0' && base[b - 1] <= '9'; b--)
		;
	if (b == e || e - b > 9 || base[b] == '0' || b < 2 ||
	    base[b - 1] != '.')
		return 0;
	for (k = b; k < e; k++)
		j = j * 10 + (unsigned long)(base[k] - '0');
	*stem = b - 1;
	return j;
}

struct log_job {
	char *path;
	unsigned long j;
};

static int cmp_job(const void *a, const void *b)
{
	const struct log_job *x = a, *y = b;

	return x->j < y->j ? -1 : x->j > y->j;
}

static void free_jobs(struct log_job *jobs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(jobs[i].path);
	free(jobs);
}

/*
 * The jobs of path's run, sorted by J (path among them): the non-empty
 * regular files of its folder named as path but for J (a folder scan
 * skips empty files and names that start with '.', so do these). NULL
 * and *n 0 when path was named by itself, is no STEM.J.log, or has no
 * sibling: one file, one run.
 */
static struct log_job *log_jobs(const struct fsr_import_ctx *ctx,
				const char *path, size_t *n)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 :
								  path;
	size_t stem, dlen = slash ? (size_t)(slash - path) + 1 : 0, cap = 0;
	struct log_job *jobs = NULL;
	struct dirent *de;
	char *dir;
	DIR *dh;

	*n = 0;
	if ((ctx->flags & FSR_IMPORT_NAMED) || !log_job(base, &stem))
		return NULL;
	dir = fsr_xstrndup(path, dlen);
	dh = opendir(dlen ? dir : ".");
	free(dir);
	if (!dh)
		return NULL;
	while ((de = readdir(dh))) {
		size_t st2;
		unsigned long j = log_job(de->d_name, &st2);
		struct stat sb;
		char *full;

		if (!j || de->d_name[0] == '.' || st2 != stem ||
		    strncmp(de->d_name, base, stem))
			continue;
		full = fsr_xmalloc(dlen + strlen(de->d_name) + 1);
		memcpy(full, path, dlen);
		memcpy(full + dlen, de->d_name, strlen(de->d_name) + 1);
		if (stat(full, &sb) || !S_ISREG(sb.st_mode) || !sb.st_size) {
			free(full);
			continue;
		}
		FSR_GROW(jobs, cap, *n + 1);
		jobs[*n].path = full;
		jobs[(*n)++].j = j;
	}
	closedir(dh);
	if (*n < 2) {
		free_jobs(jobs, *n);
		*n = 0;
		return NULL;
	}
	qsort(jobs, *n, sizeof(*jobs), cmp_job);
	return jobs;
}

/* The path of a job's file that an error names: it must outlive the
 * import (struct fsr_diag), and the caller prints it before the next
 * file is read. */
static char *job_err_path;
/* The first job's file, that a sibling was read with (ctx->read_with):
 * kept as job_err_path is, till the next file's. */
static char *job_read_with;

/*
 * fsr_tf_import() over the jobs of path's run (log_jobs()): each job's
 * file read into a state of its own, merged into the first's by
 * merge(first, job) (which counts the jobs), then the first's finish.
 * One file: fsr_tf_import() itself.
 */
static int jobs_import(const struct fsr_tf_format *fmt,
		       void (*merge)(void *into, void *job),
		       struct fsr_import_ctx *ctx, const char *path,
		       struct fsr_report *r, struct fsr_diag *d)
{
	size_t n, i, stem;
	struct log_job *jobs = log_jobs(ctx, path, &n);
	const char *base = strrchr(path, '/');
	struct fsr_tf *tf;
	int rc = 0;

	if (!jobs)
		return fsr_tf_import(fmt, ctx, path, r, d);
	if (log_job(base ? base + 1 : path, &stem) != jobs[0].j) {
		/* read with the first job: the caller says so (importer.h) */
		free(job_read_with);
		job_read_with = jobs[0].path;
		jobs[0].path = NULL;
		ctx->read_with = job_read_with;
		free_jobs(jobs, n);
		return FSR_ENOTMINE;
	}
	tf = fsr_tf_new(fmt, ctx, path, r, d);
	for (i = 0; i < n && !rc; i++) {
		struct fsr_tf *t = i ? fsr_tf_new(fmt, ctx, jobs[i].path, r,
						   d) : tf;

		rc = fsr_tf_read(t, fmt, d);
		if (rc && i && d && d->file == jobs[i].path) {
			free(job_err_path);
			job_err_path = fsr_xstrdup(jobs[i].path);
			d->file = job_err_path;
		}
		if (i) {
			if (!rc)
				merge(tf, t);
			if (fmt->release)
				fmt->release(t);
			free(t);
		}
	}
	if (!rc && fmt->finish)
		rc = fmt->finish(tf, tf->last_line);
	if (!rc && tf->have_sys)
		for (i = 1; i < n; i++)
			fsr_system_add_source(&r->systems[tf->sys],
					      jobs[i].path);
	if (fmt->release)
		fmt->release(tf);
	if (!rc && !tf->found)
		rc = FSR_ENOTMINE;
	free(tf);
	free_jobs(jobs, n);
	return rc;
}

/* "<log>: ..." or "<log> (N jobs merged): ..." */
static void log_prefix(char *buf, size_t size, const char *log, size_t jobs)
{
	if (jobs > 1)
		snprintf(buf, size, "%s (%zu jobs merged)", log, jobs);
	else
		snprintf(buf, size, "%s", log);
}

/* ------------------------------------------------------------ hist log */

#define HIST_FIELDS (3 + ((size_t)FSR_HIST_FIO_GROUPS << FSR_HIST_FIO_BITS))

struct hist_state {
	struct fsr_tf tf;
	struct fsr_hist h[3];
	uint64_t *v;
	size_t jobs;      /* of the run: files merged (jobs_import()) */
};

static void hist_init(void *state)
{
	struct hist_state *st = state;
	size_t i;

	for (i = 0; i < 3; i++)
		fsr_hist_init(&st->h[i], FSR_HIST_FIO_BITS,
			      FSR_HIST_FIO_GROUPS);
	st->v = calloc(HIST_FIELDS + 1, sizeof(*st->v));
	st->jobs = 1;
}

/* Another job's hist log of the run: its bins added, bin by bin. */
static void hist_merge(void *into, void *job)
{
	struct hist_state *st = into, *j = job;
	size_t i;

	for (i = 0; i < 3; i++)
		fsr_hist_merge(&st->h[i], &j->h[i]);
	st->jobs++;
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
	char prefix[96], host[112], log[48];
	size_t i;

	(void)last_line;
	log_prefix(log, sizeof(log), "hist log", st->jobs);
	for (i = 0; i < 3; i++) {
		if (!st->h[i].total)
			continue;
		snprintf(prefix, sizeof(prefix), "%s: %s completion "
			 "latency", log, log_dirs[i]);
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
int fsr_fio_hist_log_import(struct fsr_import_ctx *ctx, const char *path,
			    struct fsr_report *r, struct fsr_diag *d)
{
	return jobs_import(&hist_fmt, hist_merge, ctx, path, r, d);
}

/* ------------------------------------------------------------ lat log */

/* A bw or iops log's values of one direction, in the order logged. */
struct log_series {
	double *t, *v;
	size_t n, cap;
};

/* The series of the other jobs of a run's bw or iops log (jobs_import()),
 * per direction, and the file each came from. */
struct rate_job {
	struct log_series ser[3];
	const char *path; /* jobs_import()'s, alive till the finish */
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
	struct rate_job *more; /* a bw or iops log's other jobs, in J order */
	size_t jobs;      /* of the run: files merged (jobs_import()) */
};

static void lat_init(void *state)
{
	struct lat_state *st = state;
	const char *base = strrchr(st->tf.path, '/');
	size_t i;

	base = base ? base + 1 : st->tf.path;
	st->jobs = 1;
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

/* A run's jobs' rate logs (bw or iops) as the run's series.
 * fio's group_reporting adds the jobs' bandwidths and IOPS, so the run's
 * rate is the sum of its jobs'.
 * With log_avg_msec, fio writes a job's entry when the interval has
 * passed, stamped with the job's elapsed ms, and starts the next
 * interval at that stamp rounded down to a multiple of log_avg_msec
 * (stat.c add_log_sample(), __add_stat_to_log()): the stamps are the
 * multiples k * log_avg_msec, a few ms late (or up to LOG_MSEC_SLACK,
 * 1-2 ms, early). A job that did no I/O in an interval logs nothing for
 * it (__add_samples(): "No entries for interval"; a job with thinktime,
 * or one that ended early), so its rate there was 0.
 * The interval I is not in the log: it is the largest I = g / m (g the
 * shortest gap between a job's consecutive stamps, m = 1, 2, ...) on
 * which every stamp of every job is within I/4 of a multiple k * I, the
 * k of each job increasing, then set to the median of t / k, to the ms
 * (rate_grid()). The run's series is then, at every k some job logged,
 * time k * I, the jobs' values at that k summed (0 for a job that logged
 * none). A job whose every step is a multiple of the same k > 1 (the
 * gcd of its steps) is on a coarser grid than the run's interval, a
 * log_avg_msec of its own as much as an idle interval between every
 * two: that is not guessed. Then, as without log_avg_msec (a value per
 * I/O), there is no series: the caller warns, and the run's rate is
 * still the jobs' means summed.
 * 1 and *out (times k * I) filled when they match, else 0 and *why.
 */

/* The interval tried at most: g / RATE_SPLITS, the shortest gap split
 * into that many intervals no job logged */
#define RATE_SPLITS 8

/* rate_fit: every stamp of every job within iv/4 of a multiple of iv,
 * each job's multiples increasing; each job's k into ks[j] */
static int rate_fit(struct log_series **js, size_t nj, double iv,
		    long long **ks, const char **why)
{
	size_t j, k;

	for (j = 0; j < nj; j++)
		for (k = 0; k < js[j]->n; k++) {
			double t = js[j]->t[k];
			long long x;

			if (t / iv > 1e15) {
				/* no run lasts 1e15 intervals: and x fits */
				*why = "a time beyond any run's length";
				return 0;
			}
			x = (long long)(t / iv + 0.5);
			if (t - (double)x * iv > iv / 4 ||
			    (double)x * iv - t > iv / 4) {
				*why = "a time is no multiple of the interval, "
				       "give or take a quarter";
				return 0;
			}
			if (k && x <= ks[j][k - 1]) {
				*why = "two times fall in one interval";
				return 0;
			}
			ks[j][k] = x;
		}
	return 1;
}

static long long gcd_ll(long long a, long long b)
{
	while (b) {
		long long r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/* rate_grid: the run's interval (above), each job's k into ks; 0 and
 * *why when there is none */
static double rate_grid(struct log_series **js, size_t nj, long long **ks,
			const char **why)
{
	double g = -1, iv = 0, *q;
	size_t j, k, nq = 0;
	int m;

	for (j = 0; j < nj; j++)
		for (k = 1; k < js[j]->n; k++) {
			double d = js[j]->t[k] - js[j]->t[k - 1];

			if (d > 0 && (g < 0 || d < g))
				g = d;
		}
	if (g < 0) {
		*why = "one value a job: no interval";
		return 0;
	}
	for (m = 1; m <= RATE_SPLITS; m++) {
		iv = (double)(long long)(g / m + 0.5);
		if (iv < 1) {
			*why = "no interval between the times (no log_avg_msec)";
			return 0;
		}
		if (rate_fit(js, nj, iv, ks, why))
			break;
	}
	if (m > RATE_SPLITS)
		return 0;
	/* the interval from every stamp, not from one gap */
	for (j = 0; j < nj; j++)
		nq += js[j]->n;
	q = fsr_xmalloc(nq * sizeof(*q));
	for (j = 0, nq = 0; j < nj; j++)
		for (k = 0; k < js[j]->n; k++)
			if (ks[j][k] > 0)
				q[nq++] = js[j]->t[k] / (double)ks[j][k];
	if (nq) {
		qsort(q, nq, sizeof(*q), fsr_cmp_double);
		iv = (double)(long long)(q[(nq - 1) / 2] + 0.5);
	}
	free(q);
	if (iv < 1 || !rate_fit(js, nj, iv, ks, why))
		return 0;
	*why = NULL;	/* a coarser interval tried first did not fit */
	for (j = 0; j < nj; j++) {
		long long d = 0;

		for (k = 1; k < js[j]->n; k++)
			d = gcd_ll(d, ks[j][k] - ks[j][k - 1]);
		if (d > 1) {
			*why = "a job's times are all on a coarser interval "
			       "than the others'";
			return 0;
		}
	}
	return iv;
}

static int rate_align(struct log_series **js, size_t nj,
		      struct log_series *out, const char **why)
{
	long long **ks;
	size_t j, total = 0, *at;
	double iv;

	ks = fsr_xmalloc(nj * sizeof(*ks));
	for (j = 0; j < nj; j++) {
		ks[j] = fsr_xmalloc((js[j]->n ? js[j]->n : 1) * sizeof(**ks));
		total += js[j]->n;
	}
	iv = rate_grid(js, nj, ks, why);
	if (iv > 0) {
		/* the jobs' k, each increasing, merged: at each k some job
		 * logged, the values of the jobs that logged it summed */
		at = fsr_xcalloc(nj, sizeof(*at));
		out->t = fsr_xmalloc(total * sizeof(*out->t));
		out->v = fsr_xmalloc(total * sizeof(*out->v));
		out->n = 0;
		for (;;) {
			long long next = -1;

			for (j = 0; j < nj; j++)
				if (at[j] < js[j]->n &&
				    (next < 0 || ks[j][at[j]] < next))
					next = ks[j][at[j]];
			if (next < 0)
				break;
			out->t[out->n] = (double)next * iv;
			out->v[out->n] = 0;
			for (j = 0; j < nj; j++)
				if (at[j] < js[j]->n && ks[j][at[j]] == next)
					out->v[out->n] += js[j]->v[at[j]++];
			out->n++;
		}
		free(at);
	}
	for (j = 0; j < nj; j++)
		free(ks[j]);
	free(ks);
	return iv > 0;
}

/* The warning of a run's jobs whose times do not match: the files named
 * (the first's path leads the message). */
static void rate_warn(struct lat_state *st, size_t dir, const char *why)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t j;

	for (j = 1; j < st->jobs; j++) {
		const char *base = strrchr(st->more[j - 1].path, '/');

		fsr_buf_addf(&b, "%s%s", j > 1 ? ", " : "",
			     base ? base + 1 : st->more[j - 1].path);
	}
	fsr_import_warn(st->tf.ctx, 0, "fio %s: the %zu jobs' %s values "
			"(this file and %s) are not logged at matching "
			"times (%s): the run's %s is the sum of the jobs' "
			"means, with no series", st->log, st->jobs,
			log_dirs[dir], b.buf, why, st->kind);
	fsr_buf_release(&b);
}

/* A bw or iops log: per direction the mean of its values, and the
 * values as the run's series in that cell; of a run's jobs, the sum of
 * their means, and their values summed at matching times (rate_align()).
 */
static void rate_finish(struct lat_state *st)
{
	char log[48];
	size_t i, k, j;

	log_prefix(log, sizeof(log), st->log, st->jobs);
	for (i = 0; i < 3; i++) {
		struct log_series **js, *q = &st->ser[i], sum = { 0 };
		struct fsr_cell *c;
		char desc[128];
		long double total = 0;
		const char *why = NULL;
		size_t nj = 0;

		js = fsr_xmalloc(st->jobs * sizeof(*js));
		for (j = 0; j < st->jobs; j++) {
			struct log_series *x = j ? &st->more[j - 1].ser[i] : q;

			if (x->n)
				js[nj++] = x;
		}
		if (!nj) {
			free(js);
			continue;
		}
		for (j = 0; j < nj; j++) {
			long double s = 0;

			for (k = 0; k < js[j]->n; k++)
				s += js[j]->v[k];
			total += s / js[j]->n;
		}
		if (st->jobs == 1)
			sum = *q;
		else
			rate_align(js, nj, &sum, &why);
		snprintf(desc, sizeof(desc), "%s: %s %s (mean)", log,
			 log_dirs[i], st->kind);
		c = fsr_tf_cell(&st->tf, NULL, desc,
				*st->kind == 'b' ? "KiB/s" : "IOPS",
				FSR_BETTER_HIGHER);
		fsr_tf_sample(c, (double)total, -1);
		free(js);
		if (why)
			rate_warn(st, i, why);
		else
			fsr_cell_add_series(c, sum.t, sum.v, sum.n);
		if (st->jobs > 1) {
			free(sum.t);
			free(sum.v);
		}
		st->tf.found++;
	}
}

/* Another job's lat log of the run: its bins added, bin by bin, and
 * the sum of its latencies, for the mean of all the run's I/Os. */
static void lat_merge(void *into, void *job)
{
	struct lat_state *st = into, *j = job;
	size_t i;

	if (st->rate) {
		/* a bw or iops log: the job's series kept for rate_finish() */
		st->more = fsr_xrealloc(st->more, st->jobs *
					sizeof(*st->more));
		memcpy(st->more[st->jobs - 1].ser, j->ser, sizeof(j->ser));
		memset(j->ser, 0, sizeof(j->ser));
		st->more[st->jobs - 1].path = j->tf.path;
		st->jobs++;
		return;
	}

	for (i = 0; i < 3; i++) {
		fsr_hist_merge(&st->h[i], &j->h[i]);
		st->sum[i] += j->sum[i];
	}
	st->jobs++;
}

static int lat_finish(void *state, int last_line)
{
	struct lat_state *st = state;
	char prefix[128], host[128], log[48];
	size_t i;

	(void)last_line;
	if (st->rate) {
		rate_finish(st);
		return 0;
	}
	log_prefix(log, sizeof(log), st->log, st->jobs);
	for (i = 0; i < 3; i++) {
		struct fsr_cell *c;

		if (!st->h[i].total)
			continue;
		snprintf(prefix, sizeof(prefix), "%s: %s %slatency (mean)",
			 log, log_dirs[i], st->kind);
		c = fsr_tf_cell(&st->tf, NULL, prefix, "ns", FSR_BETTER_LOWER);
		fsr_tf_sample(c, (double)(st->sum[i] / st->h[i].total), -1);
		snprintf(host, sizeof(host), "%s", prefix);
		snprintf(prefix, sizeof(prefix), "%s: %s %slatency", log,
			 log_dirs[i], st->kind);
		log_percentiles(&st->tf, prefix, host, &st->h[i]);
	}
	return 0;
}

static void lat_release(void *state)
{
	struct lat_state *st = state;
	size_t i, j;

	for (i = 0; i < 3; i++) {
		fsr_hist_release(&st->h[i]);
		free(st->ser[i].t);
		free(st->ser[i].v);
	}
	for (j = 1; j < st->jobs && st->more; j++)
		for (i = 0; i < 3; i++) {
			free(st->more[j - 1].ser[i].t);
			free(st->more[j - 1].ser[i].v);
		}
	free(st->more);
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
/* The jobs of a run are one run: lat logs merged bin by bin, bw and iops
 * logs summed (lat_merge(), rate_finish()). */
int fsr_fio_lat_log_import(struct fsr_import_ctx *ctx, const char *path,
			   struct fsr_report *r, struct fsr_diag *d)
{
	return jobs_import(&lat_fmt, lat_merge, ctx, path, r, d);
}
