/*
 * fs_mark.c - fs_mark 3.3's report (docs/formats.md "fs_mark"): its
 * stdout, or the log it appends to (-l FILE, default fs_log.txt), with
 * any number of runs one after the other:
 *
 *	(empty line)
 *	#  fs_mark  -d  /work  -s  10240  -n  1000  -L  3  -S  1 
 *	#	Version 3.3, 1 thread(s) starting at Mon Nov 30 20:59:57 2026
 *	#	Sync method: INBAND FSYNC: fsync() per file in write loop.
 *	#	Files info: size 10240 bytes, written with an IO size of ...
 *	(the log has one more "#" line here)
 *	FSUse%        Count         Size    Files/sec     App Overhead
 *	    69         1000        10240       1889.6             7461
 *
 * Every iteration row is one sample: Files/sec (higher is better) and
 * App Overhead (microseconds, lower). With -v, the header carries
 * "CREAT (Min/Avg/Max)" and five more such labels, each over 3 columns:
 * 18 more results ("CREAT avg", microseconds, lower). FSUse% is how full
 * the file system is, not a measurement: kept in the system's metadata
 * (last value); Count is cumulative.
 *
 * The workload (threads, file size, files per iteration) is each
 * result's arguments, so runs of other sizes are other results; the sync
 * method (-S) is the configuration being compared: it goes into the
 * system's metadata, and "-S 0" against "-S 1" pairs up in compare. A
 * log that runs of several methods were appended to keeps them apart:
 * each method's runs are a system named by it ("sync: NO SYNC"); a first
 * pass over the file finds the methods.
 *
 * A run with fewer rows than its "-L" asked for (interrupted) keeps its
 * rows and gets a warning; a run with an error line ("fill_dir:mkdir
 * ... failed") and no rows is a failed run with that reason. A row with
 * the wrong number of columns or a value that is not a finite number of
 * at least 0 is an input error at its line.
 *
 * Model: test "fs_mark", title "fs_mark", app version from "Version",
 * one system per file: the run set (name NULL).
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

#define FM_MAX_COLS 32

struct fm_state {
	struct fsr_tf tf;     /* found: runs */
	/* The run being read. */
	int in_run, run_line;
	long iterations;      /* -L, 0 unknown */
	long files, size, threads;
	char version[16];
	char sync[160];
	char fail[200];
	int fail_line;
	long rows;
	int in_table;
	/* Sync methods (-S) of the file's runs: with more than one, each
	 * run goes to the system of its method ("sync: NO SYNC"). */
	char methods[4][160];
	int n_methods;
	size_t n_cols;        /* of the table header */
	char col[FM_MAX_COLS][24];
};

/* "Sync method: NO SYNC: Test does not ...": the method's text. */
static const char *sync_text(const char *s, size_t len, size_t *out_len)
{
	while (len && (*s == '#' || fsr_tf_blank(*s)))
		s++, len--;
	if (!fsr_tf_prefix(s, len, "Sync method: "))
		return NULL;
	*out_len = len - 13;
	return s + 13;
}

static int scan_line(void *state, const struct fsr_line *l)
{
	struct fm_state *st = state;
	const char *m;
	size_t ml = 0;
	int i;

	m = sync_text(l->s, l->len, &ml);
	if (!m)
		return 0;
	if (ml >= sizeof(st->methods[0]))
		ml = sizeof(st->methods[0]) - 1;
	for (i = 0; i < st->n_methods; i++)
		if (strlen(st->methods[i]) == ml &&
		    !memcmp(st->methods[i], m, ml))
			return 0;
	if (st->n_methods < 4) {
		memcpy(st->methods[st->n_methods], m, ml);
		st->methods[st->n_methods++][ml] = '\0';
	}
	return 0;
}

/* A log that runs with other -S appended to: their methods first, so that
 * no run is pooled with a run of another method (an error of this pass
 * is the main pass's to report). */
static void fm_init(void *state)
{
	struct fm_state *st = state;
	struct fsr_diag d;

	st->tf.version = st->version;
	memset(&d, 0, sizeof(d));
	fsr_read_lines(st->tf.path, 0, scan_line, st, &d);
}

/* With runs of several sync methods, the system of this run's method:
 * "sync: INBAND FSYNC" (the method's name, before its explanation). */
static void run_system(struct fm_state *st)
{
	char name[200];
	size_t n;

	if (st->n_methods < 2)
		return;
	n = strcspn(st->sync, ":");
	snprintf(name, sizeof(name), "sync: %.*s", (int)n,
		 st->sync[0] ? st->sync : "not named");
	st->tf.sys = fsr_report_system(st->tf.r, 0, name);
	fsr_system_add_source(&st->tf.r->systems[st->tf.sys], st->tf.path);
	st->tf.have_sys = 1;
}

static struct fsr_cell *fm_cell(struct fm_state *st, const char *desc,
				const char *unit, enum fsr_better better)
{
	char args[96];

	run_system(st);
	snprintf(args, sizeof(args), "threads: %ld, file size: %ld B, "
		 "files: %ld", st->threads, st->size, st->files);
	return fsr_tf_cell(&st->tf, args, desc, unit, better);
}

/* The run is over (a new command line, or the end of the file). */
static void end_run(struct fm_state *st)
{
	if (!st->in_run)
		return;
	if (st->rows == 0) {
		char reason[260];

		fsr_tf_reason(&st->tf, reason, sizeof(reason), st->fail,
			      "no iteration finished (interrupted or cut "
			      "short)");
		fsr_import_warn(st->tf.ctx, st->fail[0] ? st->fail_line :
				st->run_line, "%s; this run is a failed run",
				reason);
		fsr_cell_add_failed(fm_cell(st, "Files/sec", "files/s",
					    FSR_BETTER_HIGHER), reason);
		st->tf.found++;
	} else if (st->iterations > st->rows) {
		fsr_import_warn(st->tf.ctx, st->run_line, "this fs_mark run "
				"asked for %ld iterations (-L) and %ld "
				"finished (interrupted?); the %ld are kept",
				st->iterations, st->rows, st->rows);
	}
	if (st->rows && st->fail[0])
		fsr_import_warn(st->tf.ctx, st->fail_line, "fs_mark reported an "
				"error (%s); the %ld iteration(s) before it "
				"are kept", st->fail, st->rows);
	run_system(st);
	if (st->sync[0])
		fsr_tf_meta(&st->tf, "sync method", st->sync);
	st->in_run = 0;
	st->in_table = 0;
}

/* "#  fs_mark  -d  /work  -s  10240  -n  1000  -L  3  -S  1 " */
static void command_line(struct fm_state *st, int line, const char *s,
			 size_t len)
{
	const char *tok[64];
	size_t tl[64], n, i;

	end_run(st);
	st->in_run = 1;
	st->run_line = line;
	st->iterations = 0;
	st->files = 1000; /* fs_mark's defaults */
	st->size = 51200;
	st->threads = 1;
	st->sync[0] = st->fail[0] = '\0';
	st->version[0] = '\0';
	st->rows = 0;
	st->in_table = 0;
	n = fsr_tf_tokens(s, len, tok, tl, 63);
	if (n > 63) {
		fsr_import_warn(st->tf.ctx, line, "fs_mark command line of more "
				"than 63 words; the options after the 63rd "
				"are not read");
		n = 63;
	}
	for (i = 2; i + 1 < n; i++) {
		long v;

		if (tl[i] != 2 || tok[i][0] != '-')
			continue;
		v = strtol(tok[i + 1], NULL, 10);
		switch (tok[i][1]) {
		case 'L': st->iterations = v; break;
		case 'n': st->files = v; break;
		case 's': st->size = v; break;
		case 't': st->threads = v; break;
		default: continue;
		}
		i++;
	}
}

/* "#\tVersion 3.3, 1 thread(s) starting at ..." and the sync method. */
static void comment_line(struct fm_state *st, const char *s, size_t len)
{
	long threads;

	while (len && (*s == '#' || fsr_tf_blank(*s)))
		s++, len--;
	if (fsr_tf_prefix(s, len, "Version ")) {
		size_t vl = 0;

		while (8 + vl < len && vl < sizeof(st->version) - 1 &&
		       s[8 + vl] != ',' && !fsr_tf_blank(s[8 + vl]))
			vl++;
		memcpy(st->version, s + 8, vl);
		st->version[vl] = '\0';
		if (sscanf(s + 8 + vl, ", %ld thread", &threads) == 1)
			st->threads = threads;
	} else if (fsr_tf_prefix(s, len, "Sync method: ")) {
		size_t vl = len - 13;

		if (vl >= sizeof(st->sync))
			vl = sizeof(st->sync) - 1;
		memcpy(st->sync, s + 13, vl);
		st->sync[vl] = '\0';
	}
}

/* "FSUse% Count Size Files/sec App Overhead [CREAT (Min/Avg/Max) ...]" */
static int header_line(struct fm_state *st, int line, const char *s,
		       size_t len)
{
	static const char *const stat[] = { "min", "avg", "max" };
	const char *tok[64];
	size_t tl[64], n, i, k;

	n = fsr_tf_tokens(s, len, tok, tl, 63);
	if (n > 63)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fs_mark table header of too many "
				    "columns");
	st->n_cols = 5;
	for (i = 6; i < n; i++) {
		if (tl[i] != 13 || memcmp(tok[i], "(Min/Avg/Max)", 13))
			continue;
		for (k = 0; k < 3 && st->n_cols < FM_MAX_COLS; k++)
			snprintf(st->col[st->n_cols++], sizeof(st->col[0]),
				 "%.*s %s", (int)(tl[i - 1] > 12 ? 12 :
						  tl[i - 1]),
				 tok[i - 1], stat[k]);
	}
	if (!st->in_run) { /* a table without its command line */
		st->in_run = 1;
		st->run_line = line;
		st->files = st->size = st->threads = 0;
	}
	st->in_table = 1;
	return 0;
}

static int table_row(struct fm_state *st, int line, const char *s,
		     size_t len)
{
	const char *tok[FM_MAX_COLS + 1];
	size_t tl[FM_MAX_COLS + 1], n, i;
	double v[FM_MAX_COLS] = { 0 };
	char fsuse[32];

	n = fsr_tf_tokens(s, len, tok, tl, FM_MAX_COLS);
	if (n != st->n_cols)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fs_mark row of %zu columns, the header "
				    "has %zu (a row cut short?)",
				    n > FM_MAX_COLS ? FM_MAX_COLS + 1 : n,
				    st->n_cols);
	for (i = 0; i < n; i++) {
		char what[32];
		int rc;

		snprintf(what, sizeof(what), "column %zu", i + 1);
		rc = fsr_tf_number(&st->tf, line, what, tok[i], tl[i], &v[i]);
		if (rc)
			return rc;
	}
	if (!(v[2] >= 0 && v[2] < 1e15))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "fs_mark row with a file size of %g bytes "
				    "(not a size)", v[2]);
	if (!st->size)
		st->size = (long)v[2];
	fsr_cell_add_sample(fm_cell(st, "Files/sec", "files/s",
				    FSR_BETTER_HIGHER), v[3]);
	fsr_cell_add_sample(fm_cell(st, "App overhead", "us",
				    FSR_BETTER_LOWER), v[4]);
	for (i = 5; i < n; i++)
		fsr_cell_add_sample(fm_cell(st, st->col[i], "us",
					    FSR_BETTER_LOWER), v[i]);
	snprintf(fsuse, sizeof(fsuse), "%.*s%%", (int)(tl[0] > 20 ? 20 :
						     tl[0]), tok[0]);
	fsr_tf_meta(&st->tf, "FSUse", fsuse);
	if (!st->rows++)
		st->tf.found++;
	return 0;
}

/* A "#" line: the echoed command line or a comment. */
static void hash_line(struct fm_state *st, int line, const char *s,
		      size_t len)
{
	const char *p = s;
	size_t pl = len;

	while (pl && (*p == '#' || fsr_tf_blank(*p)))
		p++, pl--;
	if (fsr_tf_prefix(p, pl, "fs_mark ") && fsr_tf_blank(s[1]))
		command_line(st, line, p, pl);
	else
		comment_line(st, s, len);
}

static int fm_line(void *state, int line, const char *s, size_t len)
{
	struct fm_state *st = state;

	fsr_tf_trim(&s, &len);
	if (len && s[0] == '#')
		hash_line(st, line, s, len);
	if (!len || s[0] == '#') {
		st->in_table = st->in_table && len;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "FSUse%"))
		return header_line(st, line, s, len);
	if (st->in_table && isdigit((unsigned char)s[0]))
		return table_row(st, line, s, len);
	/* fs_mark prints nothing else: an error message (stderr merged) */
	if (st->in_run && !st->fail[0]) {
		size_t n = len < sizeof(st->fail) ? len :
			   sizeof(st->fail) - 1;

		memcpy(st->fail, s, n);
		st->fail[n] = '\0';
		st->fail_line = line;
	}
	return 0;
}

/* The echoed command line ("#  fs_mark  -d ...") comes first, after an
 * empty line; a table cut out of a mail has its header. */
static int fm_probe_line(struct fsr_tf_probe *p, const char *s,
			 size_t len)
{
	(void)p;
	if (fsr_tf_prefix(s, len, "#  fs_mark  "))
		return 95;
	fsr_tf_trim(&s, &len);
	if (fsr_tf_prefix(s, len, "FSUse%") && len < 400 &&
	    fsr_tf_contains(s, len, "Files/sec") &&
	    fsr_tf_contains(s, len, "App Overhead"))
		return 85;
	return 0;
}

FSR_TF_PROBE(fs_mark, 200, fm_probe_line)

/* The end of the file ends the run being read. */
static int fm_finish(void *state, int last_line)
{
	(void)last_line;
	end_run(state);
	return 0;
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct fm_state), .init = fm_init,
	.name = "fs_mark", .test = "fs_mark", .title = "fs_mark",
	.line = fm_line, .finish = fm_finish, .release = NULL,
};

FSR_TF_IMPORTER(fs_mark, fmt)
