/*
 * fio_text.c - fio's text outputs (docs/formats.md "fio, text"): the
 * normal (human) report and the terse/minimal formats 2 to 5, fio 3.x.
 * The results are named exactly as importers/fio.c names those of the
 * JSON output, so a folder may mix JSON and text runs of one job:
 *
 *	"<job>: <dir> IOPS" (IOPS), "<job>: <dir> bandwidth" (B/s),
 *	"<job>: <dir> completion latency (mean)", "... (p99)" (ns),
 *	"<job>: <dir> total latency (mean)", "... submission latency",
 *	"<job>: sync latency (mean)", "... (p99)" (ns; normal only)
 *
 * Percentiles: 50, 95, 99 and 99.9, as for JSON. numjobs=N without
 * group_reporting prints N reports of one name: "<job> #2" and on, as
 * for JSON; with group_reporting one report stands for the group.
 *
 * Normal: "randwrite: (groupid=0, jobs=1): err= 0: pid=..." starts a
 * job; "  write: IOPS=18.0k, BW=70.3MiB/s (73.8MB/s)(...)" a direction.
 * The unit of each latency block is its own ("clat (nsec)", "sync
 * (usec)": it changes from run to run); "max=12147k" has a suffix of
 * 1000. IOPS and BW are rounded to 3 digits by fio (prefer JSON).
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

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const double wanted[] = { 50, 95, 99, 99.9 };

struct ft_state {
	struct fsr_tf tf;    /* found: samples and failed jobs */
	char version[16];
	/* Job names seen, to number numjobs' reports. */
	char **names;
	size_t n_names, cap_names;
	/* Normal: the job and block being read. */
	char job[128];
	char dir[8];         /* "read", "write", "trim"; "" outside */
	char block[40];      /* "completion latency", "sync latency" */
	double pct_mul;      /* ns per unit of the percentile block */
	int in_pct, in_sync;
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
};

static void ft_init(void *state)
{
	struct ft_state *st = state;

	st->tf.version = st->version;
}

static struct fsr_cell *ft_cell(struct ft_state *st, const char *desc,
				const char *unit, enum fsr_better better)
{
	return fsr_tf_cell(&st->tf, NULL, desc, unit, better);
}

static void add(struct ft_state *st, const char *desc, const char *unit,
		enum fsr_better better, double v)
{
	fsr_cell_add_sample(ft_cell(st, desc, unit, better), v);
	st->tf.found++;
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

static int is_wanted(double q)
{
	size_t i;

	for (i = 0; i < sizeof(wanted) / sizeof(*wanted); i++)
		if (fabs(q - wanted[i]) < 1e-9)
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
		fsr_cell_add_failed(ft_cell(st, desc, "IOPS",
					    FSR_BETTER_HIGHER), why);
		snprintf(desc, sizeof(desc), "%s: %s bandwidth", job, dn[i]);
		fsr_cell_add_failed(ft_cell(st, desc, "B/s",
					    FSR_BETTER_HIGHER), why);
		st->tf.found++;
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

/* After fio's error, a job that printed no report failed before it ran:
 * a failed run of its directions, with the error. */
static int ft_finish(void *state, int last_line)
{
	struct ft_state *st = state;
	size_t i;

	(void)last_line;
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
	char desc[240], prefix[160];
	double kb, v;
	int i;

	if (number(f[0], fl[0], &kb))
		return bad(st, line, "KiB", f[0], fl[0]);
	if (kb == 0)
		return 0;
	if (number(f[2], fl[2], &v))
		return bad(st, line, "IOPS", f[2], fl[2]);
	snprintf(desc, sizeof(desc), "%s: %s IOPS", job, dir);
	add(st, desc, "IOPS", FSR_BETTER_HIGHER, v);
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
		if (!is_wanted(q))
			continue;
		if (number(eq + 1, pl - (size_t)(eq + 1 - p), &v))
			return bad(st, line, "percentile", p, pl);
		snprintf(prefix, sizeof(prefix), "%s: %s completion latency",
			 job, dir);
		pct_desc(desc, sizeof(desc), prefix, q);
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
	avg += 4;
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

/* "| 99.00th=[   38], 99.50th=[   55], 99.90th=[ 4178]," */
static int normal_pct(struct ft_state *st, int line, const char *s,
		      size_t len)
{
	const char *p = s, *end = s + len;
	char desc[240], prefix[160];

	if (st->in_sync)
		snprintf(prefix, sizeof(prefix), "%s: sync latency", st->job);
	else
		snprintf(prefix, sizeof(prefix), "%s: %s completion latency",
			 st->job, st->dir);
	while (p < end) {
		const char *th = p, *lb, *rb;
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
		if (fsr_parse_double(lb, (size_t)(th - lb), &q))
			return bad(st, line, "percentile", lb,
				   (size_t)(th - lb));
		if (is_wanted(q)) {
			const char *vs = th + 4;

			while (vs < rb && fsr_tf_blank(*vs))
				vs++;
			if (number(vs, (size_t)(rb - vs), &v))
				return bad(st, line, "percentile value", vs,
					   (size_t)(rb - vs));
			pct_desc(desc, sizeof(desc), prefix, q);
			add(st, desc, "ns", FSR_BETTER_LOWER,
			    v * st->pct_mul);
		}
		p = rb + 1;
	}
	return 0;
}

/* "randwrite: (groupid=0, jobs=1): err= 0: pid=18638: ..." */
static int job_line(struct ft_state *st, int line, const char *s,
		    size_t len, const char *g)
{
	const char *e = strstr(g, "err=");
	long err = 0;

	job_name(st, s, (size_t)(g - 2 - s), st->job, sizeof(st->job));
	st->dir[0] = '\0';
	st->in_pct = st->in_sync = 0;
	if (e && (size_t)(e - s) < len)
		err = strtol(e + 4, NULL, 10);
	st->job_failed = err != 0;
	if (err)
		failed_job(st, line, st->job, err, 2u);
	return 0;
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
	static const char *const dirs[] = { "read", "write", "trim" };
	const char *t = s;
	size_t tl = len, i;

	while (tl && fsr_tf_blank(*t))
		t++, tl--;
	if (!st->job[0] || t == s) {
		const char *g = NULL;

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
	st->in_pct = 0;
	if (fsr_tf_prefix(t, tl, "cpu ")) {
		st->dir[0] = '\0';
		st->in_sync = 0;
		return 0;
	}
	for (i = 0; i < 3; i++) {
		size_t n = strlen(dirs[i]);

		if (tl > n + 2 && !memcmp(t, dirs[i], n) && t[n] == ':' &&
		    t[n + 1] == ' ')
			return normal_dir(st, line, t, tl, dirs[i]);
	}
	if (fsr_tf_prefix(t, tl, "fsync/fdatasync/sync_file_range:")) {
		st->in_sync = 1;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "clat percentiles (") ||
	    fsr_tf_prefix(t, tl, "sync percentiles (")) {
		const char *u = memchr(t, '(', tl);

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
		st->job[0] = '\0';
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
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct ft_state), .init = ft_init,
	.name = "fio", .test = "fio", .title = "fio",
	.line = ft_line, .finish = ft_finish, .release = ft_release,
};

FSR_TF_IMPORTER(fio_text, fmt)
