/*
 * iozone.c - iozone 3's automatic mode (docs/formats.md "iozone"): the
 * matrix of file size x record size it prints on stdout, and the "-R"
 * report (the Excel-style tables after "Excel output is below:").
 *
 *	                                                      random    random ...
 *	          kB  reclen    write    rewrite      read    reread      read     write ...
 *	(3.414 and older: "KB  reclen")
 *	          64       4    410573    551422   2067979    942521   1363961   1279447
 *
 * Every cell is one sample of the result "<operation> (file size 64 KiB,
 * record 4 KiB)" with arguments "file size: 64 KiB, record: 4 KiB", in
 * KiB/s (iozone's kB, "KB" before 3.508, is 1024 bytes; higher is
 * better; -O: ops/s, -N: us/op, lower). Columns
 * of tests that did not run (-i) are blank, so a value belongs to the
 * header label whose end it is nearest to. When the matrix is in the
 * file, the -R tables (the same numbers again) are not counted twice;
 * without it ("Writer report" ... alone) they are the run.
 *
 * A run without "iozone test complete." (interrupted, cut short) keeps
 * its finished rows with a warning. A value that is not a finite number
 * of at least 0, or a row of a column no header names, is an input error
 * at its line.
 *
 * Model: test "iozone", title "iozone", app version from "Version
 * $Revision: 3.508 $", one system per file: the run set (name NULL).
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

#define IZ_COLS 16

/* The -R tables and the operation each stands for. */
static const struct {
	const char *report, *op;
} reports[] = {
	{ "\"Writer report\"", "write" },
	{ "\"Re-writer report\"", "rewrite" },
	{ "\"Reader report\"", "read" },
	{ "\"Re-Reader report\"", "reread" },
	{ "\"Random read report\"", "random read" },
	{ "\"Random write report\"", "random write" },
	{ "\"Backward read report\"", "bkwd read" },
	{ "\"Record rewrite report\"", "record rewrite" },
	{ "\"Stride read report\"", "stride read" },
	{ "\"Fwrite report\"", "fwrite" },
	{ "\"Re-Fwrite report\"", "frewrite" },
	{ "\"Fread report\"", "fread" },
	{ "\"Re-Fread report\"", "freread" },
};

struct iz_state {
	struct fsr_tf tf;     /* found: samples */
	char version[16];
	int in_run, run_line, complete;
	size_t rows;
	/* The matrix header: a name and the column its label ends at. */
	char prev[512];       /* the line before, for two-line labels */
	char col[IZ_COLS][32];
	size_t col_end[IZ_COLS], n_cols;
	int in_matrix, saw_matrix;
	/* A -R table: its operation and record sizes. */
	int report;           /* index into reports[], -1 none */
	double reclen[32];
	size_t n_reclen;
	int excel;            /* after "Excel output is below:" */
	int mode;             /* 0 KiB/s, 1 -O ops/s, 2 -N us/op */
	int throughput_line;  /* -t: "Throughput test with N processes" */
};

static void iz_init(void *state)
{
	struct iz_state *st = state;

	st->tf.version = st->version;
	st->report = -1;
}

/*
 * One cell: iozone's kB and KB are 1024 bytes (kilobytes64 * 1024,
 * reclen / 1024 in its source), so KiB/s. File and record size are the
 * arguments and name the result too, so every output tells the cells
 * apart: "write (file size 64 KiB, record 4 KiB)". -O prints operations
 * per second, -N microseconds per operation (lower is better).
 */
static void add(struct iz_state *st, const char *op, double kb, double rec,
		double v)
{
	char args[96], desc[160];

	snprintf(args, sizeof(args), "file size: %.0f KiB, record: %.0f KiB",
		 kb, rec);
	snprintf(desc, sizeof(desc), "%s (file size %.0f KiB, record %.0f "
		 "KiB)", op, kb, rec);
	fsr_cell_add_sample(fsr_tf_cell(&st->tf, args, desc,
					st->mode == 1 ? "ops/s" :
					st->mode == 2 ? "us/op" : "KiB/s",
					st->mode == 2 ? FSR_BETTER_LOWER :
					FSR_BETTER_HIGHER), v);
	st->tf.found++;
}

static int value(struct iz_state *st, int line, const char *s, size_t len,
		 double *v)
{
	return fsr_tf_number(&st->tf, line, "value", s, len, v);
}

/* The label line "kB  reclen  write ..." (and "random" above some). */
static void header(struct iz_state *st, const char *s, size_t len)
{
	const char *p = st->prev;
	size_t plen = strlen(st->prev), i = 0;

	st->n_cols = 0;
	while (i < len && st->n_cols < IZ_COLS) {
		size_t b, e;
		char *c = st->col[st->n_cols];

		while (i < len && fsr_tf_blank(s[i]))
			i++;
		if (i >= len)
			break;
		for (b = i; i < len && !fsr_tf_blank(s[i]); i++)
			;
		e = i;
		/* a word of the line above that ends here: "random read" */
		c[0] = '\0';
		if (e <= plen && !fsr_tf_blank(p[e - 1]) &&
		    (e == plen || fsr_tf_blank(p[e]))) {
			size_t k = e;

			while (k && !fsr_tf_blank(p[k - 1]))
				k--;
			snprintf(c, sizeof(st->col[0]), "%.*s ",
				 (int)(e - k > 12 ? 12 : e - k), p + k);
		}
		snprintf(c + strlen(c), sizeof(st->col[0]) - strlen(c),
			 "%.*s", (int)(e - b > 12 ? 12 : e - b), s + b);
		st->col_end[st->n_cols++] = e;
	}
	st->in_matrix = st->n_cols >= 3;
}

/* "          64       4    410573    551422 ..." */
static int matrix_row(struct iz_state *st, int line, const char *s,
		      size_t len)
{
	double v[IZ_COLS];
	int have[IZ_COLS] = { 0 };
	size_t i = 0, k;
	int rc;

	while (i < len) {
		size_t b, e, best = IZ_COLS, dist = 4;

		while (i < len && fsr_tf_blank(s[i]))
			i++;
		if (i >= len)
			break;
		for (b = i; i < len && !fsr_tf_blank(s[i]); i++)
			;
		e = i;
		for (k = 0; k < st->n_cols; k++) {
			size_t d = e > st->col_end[k] ? e - st->col_end[k] :
				   st->col_end[k] - e;

			if (d < dist) {
				dist = d;
				best = k;
			}
		}
		if (best == IZ_COLS || have[best])
			return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line,
					    (int)b + 1, "iozone value under "
					    "no column of the header");
		rc = value(st, line, s + b, e - b, &v[best]);
		if (rc)
			return rc;
		have[best] = 1;
	}
	if (!have[0] || !have[1])
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "iozone row without its file and record "
				    "size");
	for (k = 2; k < st->n_cols; k++)
		if (have[k])
			add(st, st->col[k], v[0], v[1], v[k]);
	st->rows++;
	return 0;
}

/* -R: "\"64\"   410573  1066042 ..." under "        \"4\"  \"8\" ..." */
static int report_line(struct iz_state *st, int line, const char *s,
		       size_t len)
{
	const char *p = s, *end = s + len;
	double kb = -1, x;
	size_t k = 0;
	int rc;

	if (st->report < 0)
		return 0;
	while (p < end && fsr_tf_blank(*p))
		p++;
	if (p != s) { /* the record sizes, indented: "4"  "8" ... */
		st->n_reclen = 0;
		while (p < end && st->n_reclen < 32) {
			const char *q;

			while (p < end && (fsr_tf_blank(*p) || *p == '"'))
				p++;
			for (q = p; q < end && *q != '"' && !fsr_tf_blank(*q); q++)
				;
			if (q == p)
				break;
			rc = value(st, line, p, (size_t)(q - p),
				   &st->reclen[st->n_reclen++]);
			if (rc)
				return rc;
			p = q;
		}
		return 0;
	}
	while (p < end) {
		const char *q;

		while (p < end && (fsr_tf_blank(*p) || *p == '"'))
			p++;
		for (q = p; q < end && *q != '"' && !fsr_tf_blank(*q); q++)
			;
		if (q == p)
			break;
		rc = value(st, line, p, (size_t)(q - p), &x);
		if (rc)
			return rc;
		if (kb < 0) {
			kb = x;
		} else {
			if (k >= st->n_reclen)
				return fsr_diag_set(st->tf.d, FSR_EINPUT,
						    st->tf.path, line, 0,
						    "iozone report row of more "
						    "values than record sizes");
			if (!st->saw_matrix)
				add(st, reports[st->report].op, kb,
				    st->reclen[k], x);
			k++;
		}
		p = q;
	}
	return 0;
}

static void end_run(struct iz_state *st, int line)
{
	if (st->in_run && !st->complete && st->tf.found)
		fsr_import_warn(st->tf.ctx, line, "this iozone run (from line %d) "
				"has no 'iozone test complete.' (interrupted "
				"or cut short); its %zu finished row(s) are "
				"kept", st->run_line, st->rows);
	st->in_run = st->complete = 0;
	st->in_matrix = 0;
	st->report = -1;
	st->excel = 0;
	st->saw_matrix = 0;
	st->rows = 0;
}

static int iz_line(void *state, int line, const char *s, size_t len)
{
	struct iz_state *st = state;
	const char *t = s;
	size_t tl = len, i;

	while (tl && fsr_tf_blank(*t))
		t++, tl--;
	if (fsr_tf_prefix(t, tl, "Iozone: Performance Test of File I/O")) {
		end_run(st, line);
		st->in_run = 1;
		st->run_line = line;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "Version $Revision: ")) {
		size_t vl = 0;

		while (19 + vl < tl && vl < sizeof(st->version) - 1 &&
		       !fsr_tf_blank(t[19 + vl]))
			vl++;
		memcpy(st->version, t + 19, vl);
		st->version[vl] = '\0';
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "iozone test complete.")) {
		st->complete = 1;
		st->in_matrix = 0;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "OPS Mode. ")) {
		st->mode = 1;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "Microseconds/op Mode. ")) {
		st->mode = 2;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "Throughput test with ")) {
		if (!st->throughput_line)
			st->throughput_line = line;
		return 0;
	}
	if (fsr_tf_prefix(t, tl, "Excel output is below:")) {
		st->excel = 1;
		return 0;
	}
	if (!tl) {
		st->report = -1;
		st->in_matrix = 0;
		return 0;
	}
	for (i = 0; i < sizeof(reports) / sizeof(*reports); i++)
		if (tl == strlen(reports[i].report) &&
		    !memcmp(t, reports[i].report, tl)) {
			st->report = (int)i;
			st->n_reclen = 0;
			return 0;
		}
	if (st->report >= 0)
		return report_line(st, line, s, len);
	/* 3.508 prints "kB  reclen", 3.414 and older "KB  reclen" */
	if ((fsr_tf_prefix(t, tl, "kB  reclen ") ||
	     fsr_tf_prefix(t, tl, "KB  reclen ")) && !st->excel) {
		header(st, s, len);
		return 0;
	}
	if (st->in_matrix && isdigit((unsigned char)t[0])) {
		st->saw_matrix = 1;
		return matrix_row(st, line, s, len);
	}
	if (len < sizeof(st->prev)) {
		memcpy(st->prev, s, len);
		st->prev[len] = '\0';
	} else {
		st->prev[0] = '\0';
	}
	if (fsr_tf_contains(t, tl, "Error") || fsr_tf_contains(t, tl, "error"))
		fsr_import_warn(st->tf.ctx, line, "iozone reported '%.*s'",
				(int)(tl > 80 ? 80 : tl), t);
	return 0;
}

static int iz_probe_line(struct fsr_tf_probe *p, const char *s,
			 size_t len)
{
	(void)p;
	while (len && fsr_tf_blank(*s))
		s++, len--;
	if (fsr_tf_prefix(s, len, "Iozone: Performance Test of File I/O"))
		return 95;
	if (fsr_tf_prefix(s, len, "\"Writer report\"") ||
	    fsr_tf_prefix(s, len, "\"Reader report\""))
		return 80;
	return 0;
}

FSR_TF_PROBE(iozone, 100, iz_probe_line)

/* The end of the file ends the run being read. A -t run ("Throughput
 * test with 2 processes", "Children see throughput for 2 initial
 * writers") has no matrix: refused by name, not as a file of nothing. */
static int iz_finish(void *state, int last_line)
{
	struct iz_state *st = state;

	end_run(state, last_line);
	if (st->tf.found || !st->throughput_line)
		return 0;
	/* named: an input error; in a folder: skipped, and said */
	if (st->tf.ctx && !(st->tf.ctx->flags & FSR_IMPORT_NAMED)) {
		fsr_import_warn(st->tf.ctx, st->throughput_line, "iozone -t "
				"throughput mode is not read yet; skipped");
		return FSR_ENOTMINE;
	}
	return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path,
			    st->throughput_line, 0, "iozone -t throughput "
			    "mode is not read yet (fsreport reads iozone's "
			    "automatic mode, -a)");
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct iz_state), .init = iz_init,
	.name = "iozone", .test = "iozone", .title = "iozone",
	.line = iz_line, .finish = iz_finish, .release = NULL,
};

FSR_TF_IMPORTER(iozone, fmt)
