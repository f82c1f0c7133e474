/*
 * fio-text.c - fio's text outputs (docs/formats.md "fio, text"): the
 * normal (human) report and the terse/minimal formats 2 to 5, fio 3.x.
 * The results are named exactly as importers/fio.c names those of the
 * JSON output, so a folder may mix JSON and text runs of one job:
 *
 *	"<job>: <dir> IOPS" (IOPS), "<job>: <dir> bandwidth" (B/s),
 *	"<job>: <dir> completion latency (mean)", "... (p99)" (ns),
 *	"<job>: <dir> total latency (mean)", "... submission latency",
 *	"<job>: sync latency (mean)", "... (p99)" (ns; normal only)
 *
 * Percentiles: 50, 90, 99, 99.9 and 99.99 of fio's default list
 * (--percentiles: those of its list fio printed); all of a
 * percentile_list of the job's own; of every block (clat, lat with
 * lat_percentiles, slat, sync): one rule with JSON (fsr_fio_all_percentiles).
 * A normal report's percentile is refused, as for JSON, when the report's
 * "issued rwts: total=R,W,T,S" has fewer than 10 / (1 - q) I/Os of its
 * kind (sync: S; mixed: R + W). Terse lines print no I/O count but
 * fio's whole IOPS, floor(1000 N / runtime_ms), and the runtime: N is at
 * least ceil(IOPS x runtime_ms / 1000) (at most runtime_s short of the
 * true count), and a percentile that count cannot support is refused.
 * "mixed: IOPS=" (unified_rw_reporting) is a direction. Means under 10
 * are padded ("avg= 4.62", fio's "%5.02f"). numjobs=N without
 * group_reporting prints N reports of one name: "<job> #2" and on, as
 * for JSON; with group_reporting one report stands for the group.
 *
 * Normal: "randwrite: (groupid=0, jobs=1): err= 0: pid=..." starts a
 * job; "  write: IOPS=18.0k, BW=70.3MiB/s (73.8MB/s)(...)" a direction.
 * The unit of each latency block is its own ("clat (nsec)", "sync
 * (usec)": it changes from run to run); "max=12147k" has a suffix of
 * 1000. IOPS and BW are rounded to 3 digits by fio (prefer JSON).
 * --status-interval prints the same job (name and pid) again and again,
 * cumulatively: only its last report is a result, and all its reports
 * are the run's time series of IOPS ("issued rwts: total=") and
 * bandwidth (the "(367MiB/6002msec)" size, to fio's printed digits) at
 * the runtime, by the rule of the JSON importer (report_series(),
 * fio-rounds.c; a warning counts the snapshots in no series). A report
 * with no "Run status group" after it, or a group without its summary
 * line, was cut short: a warning at the last line.
 *
 * Terse v3: one ';' line per job of the documented field list (man fio,
 * TERSE OUTPUT): 5 fields, then READ and WRITE of 41 fields each
 * (KiB, KiB/s, IOPS, runtime, slat 4, clat 4, 20 percentiles
 * "99.000000%=10", lat 4, bw 5), CPU 5, depths 7, latencies 22: 121,
 * plus disk utilisation and error fields that are not read. Latencies in
 * usec. A direction that moved no KiB did no I/O. Versions 2, 4 and 5
 * differ as terse_layout() says (v2: no fio version field; v4 and v5: a
 * TRIM block; v5: 47 fields per direction): 161, 162 and 180 fields.
 *
 * A job with a non-zero err is a failed run of its IOPS and bandwidth,
 * with a warning. So is a job the file defines ("job: (g=0): rw=write")
 * that printed no report after fio's error line ("fio: pid=0, err=2/...,
 * func=open, error=..."): it failed before it ran. A value that is not a finite number of at least 0, or
 * a terse line of fewer fields than its version has, is an input error
 * at its line.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"
#include "../model/histogram.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const double ft_default_pct[] = FSR_DEFAULT_PERCENTILES;

/* A sample (or failed run: why set) of a normal report, kept until the
 * file is read: a later --status-interval report replaces it. */
struct ft_sample {
	char *desc, *why;
	const char *unit;
	enum fsr_better better;
	double v;
	/* a percentile: q > 0, the I/Os it counts (FT_IOS_*), the desc of
	 * its latency's "(mean)", where a refusal is kept; q 0 else */
	double q;
	int ios;
	char *host;
};

/* Which count of "issued rwts: total=R,W,T,S" a percentile's runs are:
 * read, write, trim, sync, or read and write (mixed). */
enum { FT_IOS_READ, FT_IOS_WRITE, FT_IOS_TRIM, FT_IOS_SYNC, FT_IOS_MIXED };

/* The directions of a normal report: unified_rw_reporting=mixed (or
 * both) prints "mixed: IOPS=..." for read and write together. */
static const char *const normal_dirs[] = { "read", "write", "trim",
					   "mixed" };
#define FT_DIRS 4

/* A job's cumulative counters at one of its reports, for the time series
 * of --status-interval (fsr_fio_round()): per direction of normal_dirs
 * the runtime and size of "(367MiB/6002msec)" (dirs: the directions
 * that printed them; bad: a size or runtime that is no number), and the
 * "issued rwts: total=" counts. */
struct ft_counts {
	int line, have_ios;
	unsigned dirs, bad;
	double rt[FT_DIRS], bytes[FT_DIRS];
	unsigned long long ios[4];
};

/* One job's report in the normal output; raw name and pid key it. With
 * --status-interval fio prints the same job again and again: each
 * report's counters are kept (the last: the final report's). */
struct ft_report {
	char raw[128], name[128];
	long pid;
	int line;
	struct ft_counts *c;
	size_t n_c, cap_c;
	struct ft_sample *s;
	size_t n, cap;
	/* "issued rwts: total=R,W,T,S": the I/Os of each kind; have_ios 0
	 * while the report has not printed it */
	unsigned long long ios[4];
	int have_ios;
};

/* A percentile row's value, kept until its block ends. */
struct ft_pct {
	double q, v;
};

#define FT_NONE ((size_t)-1)

struct ft_state {
	struct fsr_tf tf;    /* found: samples and failed jobs */
	char version[16];
	/* Job names seen, to number numjobs' reports. */
	char **names;
	size_t n_names, cap_names;
	/* Normal: the job and block being read. */
	char job[128];
	char dir[8];         /* "read", "write", "trim"; "" outside */
	char pct_name[40];   /* "completion latency", "total latency" */
	double pct_mul;      /* ns per unit of the percentile block */
	int in_pct, in_sync, pct_line;
	struct ft_pct *pct;  /* the block's rows */
	size_t n_pct, cap_pct;
	/* The normal reports, in their order; cur: the one being read. */
	struct ft_report *reports;
	size_t n_reports, cap_reports, cur;
	size_t skipped;      /* --status-interval snapshots in no series */
	int group_line;      /* a "Run status group" without its summary */
	int open_line;       /* a report without "Run status group" after */
	int job_failed;      /* err != 0: its numbers are no results */
	/* The jobs the file defines ("job: (g=0): rw=write, ..."), with the
	 * directions they do, and fio's error before any job ran ("fio:
	 * pid=0, err=2/file:..., func=open, error=..."). */
	struct ft_def {
		char name[128];
		unsigned dirs;
	} *defs;
	size_t n_defs, cap_defs;
	char fail[200];
	int fail_line;
	int warned_pct;      /* missing_pct() said it */
};

static void ft_init(void *state)
{
	struct ft_state *st = state;

	st->tf.version = st->version;
	st->cur = FT_NONE;
}

static struct fsr_cell *ft_cell(struct ft_state *st, const char *desc,
				const char *unit, enum fsr_better better)
{
	return fsr_tf_cell(&st->tf, NULL, desc, unit, better);
}

/* A sample, or a failed run when why is set: into the report being read
 * (normal), else straight into the result (terse). */
static void keep(struct ft_state *st, const char *desc, const char *unit,
		 enum fsr_better better, double v, const char *why)
{
	struct ft_report *rep;
	struct ft_sample *x;

	if (st->cur == FT_NONE) {
		if (why)
			fsr_cell_add_failed(ft_cell(st, desc, unit, better),
					    why);
		else
			fsr_cell_add_sample(ft_cell(st, desc, unit, better),
					    v);
		st->tf.found++;
		return;
	}
	rep = &st->reports[st->cur];
	FSR_GROW(rep->s, rep->cap, rep->n + 1);
	x = &rep->s[rep->n++];
	x->desc = fsr_xstrdup(desc);
	x->why = why ? fsr_xstrdup(why) : NULL;
	x->unit = unit;
	x->better = better;
	x->v = v;
	x->q = 0;
	x->host = NULL;
}

static void add(struct ft_state *st, const char *desc, const char *unit,
		enum fsr_better better, double v)
{
	keep(st, desc, unit, better, v, NULL);
}

static void drop_samples(struct ft_report *rep)
{
	size_t i;

	for (i = 0; i < rep->n; i++) {
		free(rep->s[i].desc);
		free(rep->s[i].why);
		free(rep->s[i].host);
	}
	rep->n = 0;
	rep->have_ios = 0;
}

/* The I/Os behind a percentile of rep, or -1 when rep printed no
 * "issued rwts" line. */
static long long pct_ios(const struct ft_report *rep, int which)
{
	if (!rep->have_ios)
		return -1;
	if (which == FT_IOS_MIXED)
		return (long long)(rep->ios[0] + rep->ios[1]);
	return (long long)rep->ios[which];
}

/* Whether ios I/Os support percentile q of desc (fewer than 10 above it
 * do not, model/histogram.h); either way recorded in host's cell, where
 * a refusal is kept and printed, as for JSON. */
static int supported(struct ft_state *st, const char *host,
		     const char *desc, double q, uint64_t ios)
{
	int ok = ios >= fsr_pct_ios_needed(q);

	fsr_cell_add_refused(ft_cell(st, host, "ns", FSR_BETTER_LOWER), desc,
			     q, ios, ok);
	return ok;
}

/* The sample desc of rep, a result (not a failed run); NULL if none. */
static const struct ft_sample *rep_sample(const struct ft_report *rep,
					  const char *desc)
{
	size_t i;

	for (i = 0; i < rep->n; i++)
		if (!rep->s[i].why && !strcmp(rep->s[i].desc, desc))
			return &rep->s[i];
	return NULL;
}

/* Direction d's counters at report c: none printed (fio prints no line
 * for a direction of no runtime yet) counts as zero. -1 when the report
 * holds none to read: no "issued rwts" line, or a size that is no
 * number. */
static int dir_count(const struct ft_counts *c, unsigned d,
		     struct fsr_fio_count *out)
{
	if (!c->have_ios || (c->bad & (1u << d)))
		return -1;
	out->rt = c->dirs & (1u << d) ? c->rt[d] : 0;
	out->bytes = c->dirs & (1u << d) ? c->bytes[d] : 0;
	/* "mixed" counts in fio's read slot (stat.c, sum_thread_stats) */
	out->ios = d < 3 ? (double)c->ios[d] :
		   (double)(c->ios[0] + c->ios[1] + c->ios[2]);
	return 0;
}

/*
 * --status-interval (issue 37): rep's reports, the final one last, as
 * the run's time series of each direction its final report holds, by
 * the rule JSON uses (fsr_fio_round()): IOPS from "issued rwts: total=",
 * bandwidth from the "(367MiB/6002msec)" size (fio's 3 or 4 digits,
 * so each round's bandwidth is as exact as those), at the runtime. A
 * report without the counters, or with one that goes back, gives a
 * warning at its line and no series of that direction. Returns whether
 * a series drew on the snapshots.
 */
static int report_series(struct ft_state *st, const struct ft_report *rep)
{
	const struct ft_counts *fin = &rep->c[rep->n_c - 1];
	char di[200], db[200];
	unsigned d;
	int used = 0;

	for (d = 0; d < FT_DIRS; d++) {
		struct fsr_fio_rounds r = FSR_FIO_ROUNDS_INIT;
		struct fsr_fio_count cur;
		size_t k;

		if (!(fin->dirs & (1u << d)))
			continue;
		snprintf(di, sizeof(di), "%s: %s IOPS", rep->name,
			 normal_dirs[d]);
		snprintf(db, sizeof(db), "%s: %s bandwidth", rep->name,
			 normal_dirs[d]);
		if (!rep_sample(rep, di) || !rep_sample(rep, db))
			continue;
		for (k = 0; k < rep->n_c; k++) {
			const struct ft_counts *c = &rep->c[k];
			const struct fsr_fio_count *p = &r.prev;
			int back;

			if (dir_count(c, d, &cur) < 0) {
				fsr_import_warn(st->tf.ctx, c->line,
						"--status-interval: the report "
						"of job '%s' has no %s; no time "
						"series of '%s: %s'", rep->name,
						c->have_ios ? "size/runtime "
						"of its I/O" : "'issued rwts' "
						"line", rep->name,
						normal_dirs[d]);
				break;
			}
			back = fsr_fio_round(&r, &cur, k == rep->n_c - 1);
			if (back) {
				int t = back == FSR_FIO_BACK_RUNTIME;
				int b = back == FSR_FIO_BACK_BYTES;

				fsr_import_warn(st->tf.ctx, c->line,
						"--status-interval: '%s: %s' "
						"%s goes back (%.0f after %.0f, "
						"cumulative); no time series of "
						"it", rep->name, normal_dirs[d],
						t ? "runtime (msec)" : b ?
						"size (bytes)" :
						"'issued rwts' total",
						t ? cur.rt : b ? cur.bytes :
						cur.ios, t ? p->rt : b ?
						p->bytes : p->ios);
				break;
			}
		}
		if (k == rep->n_c &&
		    fsr_fio_rounds_series(&r, ft_cell(st, di, "IOPS",
						      FSR_BETTER_HIGHER),
					  ft_cell(st, db, "B/s",
						  FSR_BETTER_HIGHER)))
			used = 1;
		fsr_fio_rounds_release(&r);
	}
	return used;
}

/* Every report's samples into the results, in the reports' order; a
 * percentile the report's I/Os cannot support (fewer than 10 above it,
 * model/histogram.h) is refused, the refusal kept in its latency's
 * "(mean)" cell, as for JSON. */
static void commit_reports(struct ft_state *st)
{
	size_t i, j;

	st->cur = FT_NONE;
	for (i = 0; i < st->n_reports; i++)
		for (j = 0; j < st->reports[i].n; j++) {
			const struct ft_sample *x = &st->reports[i].s[j];
			long long ios = x->q > 0 ? pct_ios(&st->reports[i],
							   x->ios) : -1;

			if (ios >= 0 && !supported(st, x->host, x->desc,
						   x->q, (uint64_t)ios))
				continue;
			keep(st, x->desc, x->unit, x->better, x->v, x->why);
		}
	for (i = 0; i < st->n_reports; i++) {
		const struct ft_report *rep = &st->reports[i];

		if (rep->n_c > 1 && !report_series(st, rep))
			st->skipped += rep->n_c - 1;
	}
}

static int bad(struct ft_state *st, int line, const char *what,
	       const char *s, size_t len)
{
	return fsr_tf_bad_number(&st->tf, line, what, s, len);
}

/* A number with an optional k/M/G suffix (powers of 1000). */
static int number(const char *s, size_t len, double *v)
{
	double mul = 1;

	if (len && strchr("kMG", s[len - 1])) {
		mul = s[len - 1] == 'k' ? 1e3 : s[len - 1] == 'M' ? 1e6 : 1e9;
		len--;
	}
	if (fsr_parse_double(s, len, v) || !isfinite(*v) || *v < 0)
		return -1;
	*v *= mul;
	return 0;
}

/* The job's name, "#N" when the file named it before (numjobs). */
static void job_name(struct ft_state *st, const char *s, size_t len,
		     char *out, size_t size)
{
	size_t i, same = 0;

	for (i = 0; i < st->n_names; i++)
		if (strlen(st->names[i]) == len &&
		    !memcmp(st->names[i], s, len))
			same++;
	FSR_GROW(st->names, st->cap_names, st->n_names + 1);
	st->names[st->n_names++] = fsr_xstrndup(s, len);
	if (same)
		snprintf(out, size, "%.*s #%zu", (int)(len > 100 ? 100 : len),
			 s, same + 1);
	else
		snprintf(out, size, "%.*s", (int)(len > 100 ? 100 : len), s);
}

/* q is one of --percentiles, or of FSR_DEFAULT_PERCENTILES. */
static int is_wanted(const struct ft_state *st, double q)
{
	const struct fsr_import_ctx *ctx = st->tf.ctx;
	const double *w = ctx && ctx->percentiles ? ctx->percentiles :
			  ft_default_pct;
	size_t i, n = ctx && ctx->percentiles ? ctx->n_percentiles :
		      sizeof(ft_default_pct) / sizeof(*ft_default_pct);

	for (i = 0; i < n; i++)
		if (fabs(q - w[i]) < 1e-9)
			return 1;
	return 0;
}

static void pct_desc(char *out, size_t size, const char *prefix, double q)
{
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_buf_add_double(&b, q);
	snprintf(out, size, "%.160s (p%.20s)", prefix, b.buf);
	fsr_buf_release(&b);
}

static void failed_job_why(struct ft_state *st, int line, const char *job,
			   const char *why, unsigned dirs)
{
	static const char *const dn[] = { "read", "write", "trim" };
	char desc[200];
	int i;

	for (i = 0; i < 3; i++) {
		if (!(dirs & (1u << i)))
			continue;
		snprintf(desc, sizeof(desc), "%s: %s IOPS", job, dn[i]);
		keep(st, desc, "IOPS", FSR_BETTER_HIGHER, 0, why);
		snprintf(desc, sizeof(desc), "%s: %s bandwidth", job, dn[i]);
		keep(st, desc, "B/s", FSR_BETTER_HIGHER, 0, why);
	}
	fsr_import_warn(st->tf.ctx, line, "job '%s' failed (%s)", job, why);
}

static void failed_job(struct ft_state *st, int line, const char *job,
		       long err, unsigned dirs)
{
	char why[64];

	snprintf(why, sizeof(why), "fio reported error %ld", err);
	failed_job_why(st, line, job, why, dirs);
}

/* The directions of an rw= mode (1 read, 2 write, 4 trim), as man fio
 * lists them; an unknown mode: read and write. */
static unsigned rw_dirs(const char *m, size_t len)
{
	static const struct {
		const char *mode;
		unsigned dirs;
	} modes[] = {
		{ "read", 1u }, { "randread", 1u }, { "write", 2u },
		{ "randwrite", 2u }, { "rw", 3u }, { "readwrite", 3u },
		{ "randrw", 3u }, { "trim", 4u }, { "randtrim", 4u },
		{ "trimwrite", 6u }, { "randtrimwrite", 6u },
	};
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (strlen(modes[i].mode) == len &&
		    !memcmp(modes[i].mode, m, len))
			return modes[i].dirs;
	return 3u;
}

/* "job: (g=0): rw=randwrite, bs=(R) 4096B-4096B, ...": a job the file
 * runs; 1 when s is such a line. */
static int def_line(struct ft_state *st, const char *s, size_t len)
{
	const char *g = fsr_tf_find(s, len, ": (g="), *rw, *e;
	struct ft_def *d;

	if (!g)
		return 0;
	rw = fsr_tf_find(g, len - (size_t)(g - s), "): rw=");
	if (!rw)
		return 0;
	rw += 6;
	for (e = rw; e < s + len && *e != ',' && *e != ' '; e++)
		;
	FSR_GROW(st->defs, st->cap_defs, st->n_defs + 1);
	d = &st->defs[st->n_defs++];
	snprintf(d->name, sizeof(d->name), "%.*s",
		 (int)((size_t)(g - s) > 100 ? 100 : g - s), s);
	d->dirs = rw_dirs(rw, (size_t)(e - rw));
	return 1;
}

/* "fio: pid=0, err=2/file:filesetup.c:174, func=open, error=No such
 * file or directory": fio's error, kept for the jobs that then print no
 * report. */
static void error_line(struct ft_state *st, int line, const char *s,
		       size_t len)
{
	const char *e = fsr_tf_find(s, len, "err="), *t;
	const char *f = fsr_tf_find(s, len, "func=");
	long err = e ? strtol(e + 4, NULL, 10) : 0;
	size_t fl = 0;

	t = fsr_tf_find(s, len, "error=");
	if (f)
		for (f += 5; f + fl < s + len && f[fl] != ','; fl++)
			;
	if (st->fail[0])
		return; /* the first error says why */
	snprintf(st->fail, sizeof(st->fail), "fio reported error %ld%s%.*s%s"
		 "%.*s", err, fl ? " in " : "", (int)(fl > 40 ? 40 : fl),
		 f ? f : "", t ? ": " : "",
		 (int)(t ? (s + len - t - 6 > 120 ? 120 : s + len - t - 6) :
		       0), t ? t + 6 : "");
	st->fail_line = line;
}

/* Whether a report of job name (or of one of its numjobs copies, "name
 * #2") was read. */
static int reported(const struct ft_state *st, const char *name)
{
	size_t i, n = strlen(name);

	for (i = 0; i < st->n_names; i++)
		if (!strncmp(st->names[i], name, n) &&
		    (st->names[i][n] == '\0' || st->names[i][n] == ' '))
			return 1;
	return 0;
}

static void flush_pct(struct ft_state *st);

/* After fio's error, a job that printed no report failed before it ran:
 * a failed run of its directions, with the error. */
static int ft_finish(void *state, int last_line)
{
	struct ft_state *st = state;
	size_t i;

	flush_pct(st);
	/* Every job's report is followed by its group's "Run status group
	 * N (all jobs):" and a summary line per direction; a file that ends
	 * before them was cut short. */
	if (st->open_line)
		fsr_import_warn(st->tf.ctx, last_line, "fio report cut short: "
				"the report of job '%s' (line %d) has no "
				"'Run status group' after it; what it holds "
				"up to here is kept", st->job, st->open_line);
	else if (st->group_line)
		fsr_import_warn(st->tf.ctx, last_line, "fio report cut short: "
				"'Run status group' (line %d) has no summary "
				"line after it", st->group_line);
	commit_reports(st);
	if (st->skipped)
		fsr_import_warn(st->tf.ctx, 0, "%zu --status-interval "
				"snapshot(s) skipped: in no time series; "
				"only each run's last report counts",
				st->skipped);
	if (!st->fail[0])
		return 0;
	for (i = 0; i < st->n_defs; i++)
		if (!reported(st, st->defs[i].name))
			failed_job_why(st, st->fail_line, st->defs[i].name,
				       st->fail, st->defs[i].dirs);
	return 0;
}

/* ------------------------------------------------------------------ */
/* terse v3 */

static int terse_dir(struct ft_state *st, int line, const char *job,
		     const char *dir, const char **f, const size_t *fl)
{
	static const struct { int off; const char *name; } lats[] = {
		{ 10, "completion latency" }, { 34, "total latency" },
		{ 6, "submission latency" },
	};
	char desc[240], prefix[160], host[180];
	double kb, v, iops, runt, ios;
	int i;

	if (number(f[0], fl[0], &kb))
		return bad(st, line, "KiB", f[0], fl[0]);
	if (kb == 0)
		return 0;
	if (number(f[2], fl[2], &iops))
		return bad(st, line, "IOPS", f[2], fl[2]);
	snprintf(desc, sizeof(desc), "%s: %s IOPS", job, dir);
	add(st, desc, "IOPS", FSR_BETTER_HIGHER, iops);
	if (number(f[1], fl[1], &v))
		return bad(st, line, "bandwidth", f[1], fl[1]);
	snprintf(desc, sizeof(desc), "%s: %s bandwidth", job, dir);
	add(st, desc, "B/s", FSR_BETTER_HIGHER, v * 1024);
	for (i = 0; i < 3; i++) {
		const char *m = f[lats[i].off];
		size_t ml = fl[lats[i].off], mx = lats[i].off - 1;

		if (number(m, ml, &v))
			return bad(st, line, "latency", m, ml);
		/* no such latency (slat of psync): min = max = 0 */
		if (v == 0 && fl[mx] == 1 && f[mx][0] == '0')
			continue;
		snprintf(desc, sizeof(desc), "%s: %s %s (mean)", job, dir,
			 lats[i].name);
		add(st, desc, "ns", FSR_BETTER_LOWER, v * 1000);
	}
	if (number(f[3], fl[3], &runt))
		return bad(st, line, "runtime", f[3], fl[3]);
	ios = fmin(ceil(iops * runt / 1000), 1e18); /* a uint64_t */
	snprintf(prefix, sizeof(prefix), "%s: %s completion latency", job, dir);
	snprintf(host, sizeof(host), "%s (mean)", prefix);
	for (i = 0; i < 20; i++) {
		const char *p = f[12 + i], *eq;
		size_t pl = fl[12 + i];
		double q;

		eq = memchr(p, '=', pl);
		if (!eq || eq == p || eq[-1] != '%' ||
		    fsr_parse_double(p, (size_t)(eq - 1 - p), &q))
			return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line,
					    0, "fio terse percentile '%.*s' "
					    "is not 'Q%%=V'",
					    (int)(pl > 40 ? 40 : pl), p);
		if (!is_wanted(st, q))
			continue;
		if (number(eq + 1, pl - (size_t)(eq + 1 - p), &v))
			return bad(st, line, "percentile", p, pl);
		pct_desc(desc, sizeof(desc), prefix, q);
		if (supported(st, host, desc, q, (uint64_t)ios))
			add(st, desc, "ns", FSR_BETTER_LOWER, v * 1000);
	}
	return 0;
}

/*
 * The terse versions (HOWTO "Terse output"): v2 has no fio version field
 * (4 header fields), v3 no TRIM block, v5 6 bandwidth fields (the sample
 * count) and 5 IOPS fields more per direction. Each direction starts
 * with KiB, KiB/s, IOPS, runtime, slat, clat, percentiles, lat, bw.
 */
static const struct terse_layout {
	int version, header, width, dirs;
	size_t fields;   /* header + dirs x width + CPU 5 + depths 7 + 22 */
} layouts[] = {
	{ 2, 4, 41, 3, 161 },
	{ 3, 5, 41, 2, 121 },
	{ 4, 5, 41, 3, 162 },
	{ 5, 5, 47, 3, 180 },
};

/* The layout of a terse line: "N;fio-" (v3 to v5), or "2;" with 20
 * fields and a "Q%=V" percentile (v2 names no fio version, so a line cut
 * after its percentiles is still v2's, and an input error); NULL when
 * none. */
static const struct terse_layout *terse_layout(const char *s, size_t len)
{
	size_t i, semis = 0;

	if (len < 8 || s[1] != ';' || s[0] < '2' || s[0] > '5')
		return NULL;
	if (s[0] != '2')
		return fsr_tf_prefix(s + 2, len - 2, "fio-") ?
			       &layouts[s[0] - '2'] : NULL;
	for (i = 0; i < len; i++)
		semis += s[i] == ';';
	return semis >= 20 && fsr_tf_contains(s, len, "%=") ? &layouts[0] :
							     NULL;
}

#define TERSE_MAX 180

static int terse_line(struct ft_state *st, int line, const char *s,
		      size_t len, const struct terse_layout *lo)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	const char *f[TERSE_MAX];
	size_t fl[TERSE_MAX], n = 0, i, start = 0;
	int h = lo->header, rc = 0, k;
	char job[128];
	double err;

	for (i = 0; i <= len && n < lo->fields; i++) {
		if (i < len && s[i] != ';')
			continue;
		f[n] = s + start;
		fl[n++] = i - start;
		start = i + 1;
	}
	if (n < lo->fields)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio terse v%d line of %zu fields, at "
				    "least %zu expected (cut short?)",
				    lo->version, n, lo->fields);
	if (h == 5 && fl[1] > 4 && !memcmp(f[1], "fio-", 4))
		snprintf(st->version, sizeof(st->version), "%.*s",
			 (int)(fl[1] - 4 > 15 ? 15 : fl[1] - 4), f[1] + 4);
	job_name(st, f[h - 3], fl[h - 3], job, sizeof(job));
	if (fsr_parse_double(f[h - 1], fl[h - 1], &err) ||
	    !(err >= 0 && err <= 1e9))
		return bad(st, line, "error", f[h - 1], fl[h - 1]);
	if (err != 0) {
		double rk = 0, wk = 0;

		number(f[h], fl[h], &rk);
		number(f[h + lo->width], fl[h + lo->width], &wk);
		failed_job(st, line, job, (long)err,
			   (rk > 0 ? 1u : 0) | (wk > 0 || rk == 0 ? 2u : 0));
		return 0;
	}
	for (k = 0; k < lo->dirs && !rc; k++)
		rc = terse_dir(st, line, job, dirs[k], f + h + k * lo->width,
			       fl + h + k * lo->width);
	return rc;
}

/* ------------------------------------------------------------------ */
/* normal */

/* "clat (usec): min=2, max=12167, avg=16.22, stdev=337.37" */
static int normal_latency(struct ft_state *st, int line, const char *s,
			  size_t len, const char *name)
{
	const char *u = memchr(s, '(', len), *avg;
	double mul, v;
	char desc[200];
	size_t al;

	if (!u || len - (size_t)(u - s) < 6)
		return 0;
	mul = !memcmp(u, "(nsec)", 6) ? 1 : !memcmp(u, "(usec)", 6) ? 1e3 :
	      !memcmp(u, "(msec)", 6) ? 1e6 : 0;
	if (mul == 0)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio latency unit '%.6s' is not nsec, "
				    "usec or msec", u);
	for (avg = u; avg + 4 < s + len && memcmp(avg, "avg=", 4); avg++)
		;
	if (avg + 4 >= s + len)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio latency line without avg=");
	/* fio pads its averages ("avg=%5.02f"): "avg= 4.62" */
	for (avg += 4; avg < s + len && fsr_tf_blank(*avg); avg++)
		;
	for (al = 0; avg + al < s + len && avg[al] != ','; al++)
		;
	if (number(avg, al, &v))
		return bad(st, line, "average latency", avg, al);
	if (st->in_sync)
		snprintf(desc, sizeof(desc), "%s: sync latency (mean)",
			 st->job);
	else
		snprintf(desc, sizeof(desc), "%s: %s %s (mean)", st->job,
			 st->dir, name);
	add(st, desc, "ns", FSR_BETTER_LOWER, v * mul);
	return 0;
}

/* "| 99.00th=[   38], 99.50th=[   55], 99.90th=[ 4178],": the rows are
 * kept until the block ends (flush_pct). */
static int normal_pct(struct ft_state *st, int line, const char *s,
		      size_t len)
{
	const char *p = s, *end = s + len;

	while (p < end) {
		const char *th = p, *lb, *rb, *vs;
		double q, v;

		while (th + 5 < end && memcmp(th, "th=[", 4))
			th++;
		if (th + 5 >= end)
			break;
		for (lb = th; lb > p && !fsr_tf_blank(lb[-1]) && lb[-1] != '|' &&
			      lb[-1] != ',';
		     lb--)
			;
		rb = memchr(th, ']', (size_t)(end - th));
		if (!rb)
			return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line,
					    0, "fio percentile without ']'");
		if (fsr_parse_double(lb, (size_t)(th - lb), &q) || q < 0 ||
		    q > 100)
			return bad(st, line, "percentile", lb,
				   (size_t)(th - lb));
		for (vs = th + 4; vs < rb && fsr_tf_blank(*vs); vs++)
			;
		if (number(vs, (size_t)(rb - vs), &v))
			return bad(st, line, "percentile value", vs,
				   (size_t)(rb - vs));
		FSR_GROW(st->pct, st->cap_pct, st->n_pct + 1);
		st->pct[st->n_pct].q = q;
		st->pct[st->n_pct++].v = v * st->pct_mul;
		p = rb + 1;
	}
	return 0;
}

/* A percentile --percentiles asks for that the block does not print
 * cannot be had from text (no histogram): said once a file. */
static void missing_pct(struct ft_state *st)
{
	const struct fsr_import_ctx *ctx = st->tf.ctx;
	size_t i, k;

	if (!ctx || !ctx->percentiles || st->warned_pct)
		return;
	for (i = 0; i < ctx->n_percentiles; i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		for (k = 0; k < st->n_pct; k++)
			if (fabs(st->pct[k].q - ctx->percentiles[i]) < 1e-9)
				break;
		if (k < st->n_pct)
			continue;
		fsr_buf_add_double(&b, ctx->percentiles[i]);
		fsr_import_warn(st->tf.ctx, st->pct_line, "fio printed no "
				"p%s here (its percentile_list), and text "
				"keeps no histogram to compute it from: none "
				"read (fio's json+ output has the histogram)",
				b.buf);
		fsr_buf_release(&b);
		st->warned_pct = 1;
		return;
	}
}

/* The end of a percentile block: fio's default list gives p50, p90, p99,
 * p99.9 and p99.99 (or those of --percentiles); a percentile_list of the
 * job's own gives all of its percentiles, as for JSON
 * (fsr_fio_all_percentiles). */
static void flush_pct(struct ft_state *st)
{
	char desc[240], prefix[180], host[200];
	double qs[FSR_FIO_MAX_PCT];
	size_t i, n = st->n_pct < FSR_FIO_MAX_PCT ? st->n_pct : FSR_FIO_MAX_PCT;
	int all;

	if (!st->in_pct)
		return;
	st->in_pct = 0;
	for (i = 0; i < n; i++)
		qs[i] = st->pct[i].q;
	all = fsr_fio_all_percentiles(qs, st->n_pct);
	if (st->in_sync)
		snprintf(prefix, sizeof(prefix), "%s: sync latency", st->job);
	else
		snprintf(prefix, sizeof(prefix), "%s: %s %s", st->job,
			 st->dir, st->pct_name);
	snprintf(host, sizeof(host), "%s (mean)", prefix);
	missing_pct(st);
	for (i = 0; i < st->n_pct; i++) {
		struct ft_report *rep;
		struct ft_sample *x;

		if (!all && !is_wanted(st, st->pct[i].q))
			continue;
		pct_desc(desc, sizeof(desc), prefix, st->pct[i].q);
		add(st, desc, "ns", FSR_BETTER_LOWER, st->pct[i].v);
		if (st->cur == FT_NONE)
			continue;
		/* the refusal rule waits for the report's I/O counts */
		rep = &st->reports[st->cur];
		x = &rep->s[rep->n - 1];
		x->q = st->pct[i].q;
		x->host = fsr_xstrdup(host);
		x->ios = st->in_sync ? FT_IOS_SYNC :
			 !strcmp(st->dir, "read") ? FT_IOS_READ :
			 !strcmp(st->dir, "write") ? FT_IOS_WRITE :
			 !strcmp(st->dir, "trim") ? FT_IOS_TRIM : FT_IOS_MIXED;
	}
	st->n_pct = 0;
}

/* "randwrite: (groupid=0, jobs=1): err= 0: pid=18638: ..." */
static int job_line(struct ft_state *st, int line, const char *s,
		    size_t len, const char *g)
{
	const char *e = strstr(g, "err="), *pid = strstr(g, ": pid=");
	size_t nl = (size_t)(g - 2 - s), i;
	struct ft_report *rep = NULL;
	long err = 0, id = -1;

	if (pid && (size_t)(pid - s) < len)
		id = strtol(pid + 6, NULL, 10);
	if (nl >= sizeof(rep->raw))
		nl = sizeof(rep->raw) - 1;
	/* --status-interval: the same job (name and pid) reported again,
	 * cumulatively; the last report is the run's result. */
	for (i = 0; id > 0 && i < st->n_reports; i++) {
		rep = &st->reports[i];
		if (rep->pid == id && strlen(rep->raw) == nl &&
		    !memcmp(rep->raw, s, nl))
			break;
	}
	if (rep && i < st->n_reports) {
		drop_samples(rep);
		snprintf(st->job, sizeof(st->job), "%s", rep->name);
	} else {
		job_name(st, s, nl, st->job, sizeof(st->job));
		FSR_GROW(st->reports, st->cap_reports, st->n_reports + 1);
		i = st->n_reports++;
		rep = &st->reports[i];
		memset(rep, 0, sizeof(*rep));
		memcpy(rep->raw, s, nl);
		snprintf(rep->name, sizeof(rep->name), "%s", st->job);
		rep->pid = id;
	}
	rep->line = line;
	FSR_GROW(rep->c, rep->cap_c, rep->n_c + 1);
	memset(&rep->c[rep->n_c], 0, sizeof(*rep->c));
	rep->c[rep->n_c++].line = line;
	st->cur = i;
	st->open_line = line;
	st->dir[0] = '\0';
	st->in_pct = st->in_sync = 0;
	if (e && (size_t)(e - s) < len)
		err = strtol(e + 4, NULL, 10);
	st->job_failed = err != 0;
	if (err)
		failed_job(st, line, st->job, err, 2u);
	return 0;
}

/* A size as fio's num2str() prints it: "367MiB", "73.1MiB", "512B",
 * "1.5GB" (kb_base=1000); bytes in *v. */
static int io_size(const char *s, size_t len, double *v)
{
	static const char pre[] = "kKMGTPE";
	double mul = 1, base = 1000;
	const char *u;

	if (!len || s[len - 1] != 'B')
		return -1;
	len--;
	if (len && s[len - 1] == 'i') {
		base = 1024;
		len--;
	}
	if (len && (u = memchr(pre, s[len - 1], sizeof(pre) - 1))) {
		int k = u == pre ? 1 : (int)(u - pre);

		while (k--)
			mul *= base;
		len--;
	} else if (base == 1024) {
		return -1;
	}
	if (fsr_parse_double(s, len, v) || !isfinite(*v) || *v < 0)
		return -1;
	*v *= mul;
	return 0;
}

/* "(367MiB/6002msec)" after the bandwidth, s[0..len): the direction's
 * cumulative size and runtime, the counters of its time series. */
static void dir_counts(struct ft_state *st, const char *dir, const char *s,
		       size_t len)
{
	struct ft_report *rep = &st->reports[st->cur];
	struct ft_counts *c = &rep->c[rep->n_c - 1];
	const char *o = fsr_tf_find(s, len, ")("), *sl, *ms;
	unsigned d;

	for (d = 0; d < FT_DIRS && strcmp(normal_dirs[d], dir); d++)
		;
	if (d == FT_DIRS)
		return;
	c->dirs |= 1u << d;
	if (!o)
		goto bad;
	o += 2;
	sl = memchr(o, '/', (size_t)(s + len - o));
	ms = sl ? fsr_tf_find(sl, (size_t)(s + len - sl), "msec)") : NULL;
	if (!ms || io_size(o, (size_t)(sl - o), &c->bytes[d]) ||
	    fsr_parse_double(sl + 1, (size_t)(ms - sl - 1), &c->rt[d]) ||
	    !isfinite(c->rt[d]) || c->rt[d] < 0)
		goto bad;
	return;
bad:
	c->bad |= 1u << d;
}

static int normal_dir(struct ft_state *st, int line, const char *s,
		      size_t len, const char *dir)
{
	const char *p = s + strlen(dir) + 2, *end = s + len, *q;
	char desc[200];
	double v;

	snprintf(st->dir, sizeof(st->dir), "%s", dir);
	st->in_pct = st->in_sync = 0;
	if (!fsr_tf_prefix(p, (size_t)(end - p), "IOPS="))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio %s line without IOPS=", dir);
	p += 5;
	for (q = p; q < end && *q != ','; q++)
		;
	if (number(p, (size_t)(q - p), &v))
		return bad(st, line, "IOPS", p, (size_t)(q - p));
	snprintf(desc, sizeof(desc), "%s: %s IOPS", st->job, dir);
	add(st, desc, "IOPS", FSR_BETTER_HIGHER, v);
	p = q;
	while (p + 3 < end && memcmp(p, "BW=", 3))
		p++;
	if (p + 3 >= end)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fio %s line without BW=", dir);
	p += 3;
	for (q = p; q < end && *q != ' ' && *q != '('; q++)
		;
	{
		static const struct { const char *u; double mul; } units[] = {
			{ "GiB/s", 1073741824.0 }, { "MiB/s", 1048576.0 },
			{ "KiB/s", 1024.0 }, { "B/s", 1.0 },
		};
		size_t i, n = (size_t)(q - p), ul;

		for (i = 0; i < 4; i++) {
			ul = strlen(units[i].u);
			if (n > ul && !memcmp(q - ul, units[i].u, ul))
				break;
		}
		if (i == 4 || number(p, n - ul, &v))
			return bad(st, line, "bandwidth", p, n);
		v *= units[i].mul;
	}
	snprintf(desc, sizeof(desc), "%s: %s bandwidth", st->job, dir);
	add(st, desc, "B/s", FSR_BETTER_HIGHER, v);
	if (st->cur != FT_NONE)
		dir_counts(st, dir, q, (size_t)(end - q));
	return 0;
}

static int has_min(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 7 <= len; i++)
		if (!memcmp(s + i, "): min=", 7))
			return 1;
	return 0;
}

static int normal_line(struct ft_state *st, int line, const char *s,
		       size_t len)
{
	const char *t = s;
	size_t tl = len, i;

	while (tl && fsr_tf_blank(*t))
		t++, tl--;
	if (!st->job[0] || t == s) {
		const char *g = NULL;

		flush_pct(st);
		if (t == s && len > 12)
			for (g = s; g + 12 < s + len; g++)
				if (!memcmp(g, ": (groupid=", 11))
					break;
		if (g && g + 12 < s + len)
			return job_line(st, line, s, len, g + 2);
		if (t == s)
			st->job[0] = '\0';
		return 0;
	}
	if (st->job_failed)
		return 0;
	if (fsr_tf_prefix(t, tl, "|")) {
		if (st->in_pct && (st->dir[0] || st->in_sync))
			return normal_pct(st, line, t, tl);
		return 0;
	}
	flush_pct(st);
	if (fsr_tf_prefix(t, tl, "cpu ")) {
		st->dir[0] = '\0';
		st->in_sync = 0;
		return 0;
	}
	for (i = 0; i < sizeof(normal_dirs) / sizeof(*normal_dirs); i++) {
		size_t n = strlen(normal_dirs[i]);

		if (tl > n + 2 && !memcmp(t, normal_dirs[i], n) &&
		    t[n] == ':' && t[n + 1] == ' ')
			return normal_dir(st, line, t, tl, normal_dirs[i]);
	}
	if (fsr_tf_prefix(t, tl, "fsync/fdatasync/sync_file_range:")) {
		st->in_sync = 1;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "clat percentiles (") ||
	    fsr_tf_prefix(t, tl, "lat percentiles (") ||
	    fsr_tf_prefix(t, tl, "slat percentiles (") ||
	    fsr_tf_prefix(t, tl, "sync percentiles (")) {
		const char *u = memchr(t, '(', tl);

		snprintf(st->pct_name, sizeof(st->pct_name), "%s",
			 t[0] == 'c' ? "completion latency" :
			 t[0] == 'l' ? "total latency" :
			 t[1] == 'l' ? "submission latency" : "sync latency");
		st->n_pct = 0;
		st->pct_line = line;

		if (tl - (size_t)(u - t) < 6)
			u = "(none)";
		st->pct_mul = !memcmp(u, "(nsec)", 6) ? 1 :
			      !memcmp(u, "(usec)", 6) ? 1e3 :
			      !memcmp(u, "(msec)", 6) ? 1e6 : 0;
		if (st->pct_mul == 0)
			return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line,
					    0, "fio percentile unit is not "
					    "nsec, usec or msec");
		st->in_pct = 1;
		return 0;
	}
	/* "issued rwts: total=0,8192,0,8191 short=...": the I/Os each
	 * percentile stands on */
	if (fsr_tf_prefix(t, tl, "issued rwts: total=") && st->cur != FT_NONE) {
		struct ft_report *rep = &st->reports[st->cur];
		char buf[128];

		snprintf(buf, sizeof(buf), "%.*s", (int)(tl > 120 ? 120 : tl),
			 t);
		rep->have_ios = sscanf(buf, "issued rwts: total=%llu,%llu,"
				       "%llu,%llu", &rep->ios[0], &rep->ios[1],
				       &rep->ios[2], &rep->ios[3]) == 4;
		if (rep->n_c) {
			struct ft_counts *c = &rep->c[rep->n_c - 1];

			c->have_ios = rep->have_ios;
			memcpy(c->ios, rep->ios, sizeof(c->ios));
		}
		return 0;
	}
	/* "clat (usec): min=..." (the histogram "lat (usec)   : 4=82%" is
	 * not one) */
	if (!has_min(t, tl))
		return 0;
	if (st->in_sync && fsr_tf_prefix(t, tl, "sync ("))
		return normal_latency(st, line, t, tl, "sync");
	if (!st->dir[0] || st->in_sync)
		return 0;
	if (fsr_tf_prefix(t, tl, "clat ("))
		return normal_latency(st, line, t, tl, "completion latency");
	if (fsr_tf_prefix(t, tl, "lat ("))
		return normal_latency(st, line, t, tl, "total latency");
	if (fsr_tf_prefix(t, tl, "slat ("))
		return normal_latency(st, line, t, tl, "submission latency");
	return 0;
}

static int ft_line(void *state, int line, const char *s, size_t len)
{
	struct ft_state *st = state;
	const struct terse_layout *lo;

	while (len && (fsr_tf_blank(s[len - 1]) || s[len - 1] == '\r'))
		len--;
	lo = terse_layout(s, len);
	if (lo)
		return terse_line(st, line, s, len, lo);
	if (len > 4 && fsr_tf_prefix(s, len, "fio-") &&
	    isdigit((unsigned char)s[4])) {
		snprintf(st->version, sizeof(st->version), "%.*s",
			 (int)(len - 4 > 15 ? 15 : len - 4), s + 4);
		return 0;
	}
	if (fsr_tf_prefix(s, len, "fio: pid=") && fsr_tf_find(s, len, "err=")) {
		error_line(st, line, s, len);
		return 0;
	}
	if (def_line(st, s, len))
		return 0;
	if (fsr_tf_prefix(s, len, "Run status group")) {
		flush_pct(st);
		st->job[0] = '\0';
		/* a group whose jobs reported prints its summary (a group
		 * that failed before it ran prints none) */
		st->group_line = st->open_line ? line : 0;
		st->open_line = 0;
		return 0;
	}
	/* the group's summary: "  WRITE: bw=431MiB/s (452MB/s), ..." */
	if (st->group_line && fsr_tf_find(s, len, ": bw=")) {
		st->group_line = 0;
		return 0;
	}
	/* ^C or kill: fio stops its jobs and still reports them, over the
	 * time they ran ("(537MiB/1214msec)" of a --runtime=10 job). The
	 * numbers are real but of a shorter run: kept, and said. */
	if (fsr_tf_prefix(s, len, "fio: terminating on signal ")) {
		fsr_import_warn(st->tf.ctx, line, "fio was interrupted (%.*s): "
				"the reports after this line are of a run cut "
				"short; their numbers are kept",
				(int)(len > 60 ? 60 : len), s);
		return 0;
	}
	return normal_line(st, line, s, len);
}

/* A terse line (v2 to v5), or the normal report's "(groupid=" job line after
 * the "fio-3" banner. Not a '{' document: that is importers/fio.c's. */
static int ft_probe_line(struct fsr_tf_probe *p, const char *s,
			 size_t len)
{
	size_t i;

	if (len && s[0] == '{')
		return -1; /* normal,json: the JSON importer's */
	if (terse_layout(s, len))
		return 95;
	if (len > 5 && fsr_tf_prefix(s, len, "fio-") &&
	    isdigit((unsigned char)s[4]))
		p->seen = 1;
	/* a run that failed before any job reported: fio's error line */
	if (p->seen && fsr_tf_prefix(s, len, "fio: pid=") &&
	    fsr_tf_find(s, len, ", err="))
		return 90;
	if (p->seen && len > 12 && memchr(s, '(', len))
		for (i = 0; i + 11 < len; i++)
			if (!memcmp(s + i, ": (groupid=", 11))
				return 90;
	return 0;
}

FSR_TF_PROBE(fio_text, 200, ft_probe_line)

static void ft_release(void *state)
{
	struct ft_state *st = state;
	size_t i;

	for (i = 0; i < st->n_names; i++)
		free(st->names[i]);
	free(st->names);
	free(st->defs);
	for (i = 0; i < st->n_reports; i++) {
		drop_samples(&st->reports[i]);
		free(st->reports[i].s);
		free(st->reports[i].c);
	}
	free(st->reports);
	free(st->pct);
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct ft_state), .init = ft_init,
	.name = "fio", .test = "fio", .title = "fio",
	.line = ft_line, .finish = ft_finish, .release = ft_release,
};

FSR_TF_IMPORTER(fio_text, fmt)
