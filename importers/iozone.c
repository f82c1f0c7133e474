/*
 * iozone.c - iozone 3's automatic mode (docs/formats.md "iozone"): the
 * matrix of file size x record size it prints on stdout, and the "-R"
 * report (the Excel-style tables after "Excel output is below:").
 *
 *	                                                      random    random ...
 *	          kB  reclen    write    rewrite      read    reread      read     write ...
 *	          64       4    410573    551422   2067979    942521   1363961   1279447
 *
 * Every cell is one sample of the result "<operation>" with arguments
 * "file size: 64 kB, record: 4 kB", in kB/s (higher is better). Columns
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
	const char *path;
	struct fsr_import_ctx *ctx;
	struct fsr_report *r;
	struct fsr_diag *d;
	size_t sys;
	int have_sys;
	char version[16];
	int in_run, run_line, complete, last_line;
	size_t samples, rows;
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
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

static int contains(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word), i;

	for (i = 0; i + n <= len; i++)
		if (!memcmp(s + i, word, n))
			return 1;
	return 0;
}

static size_t iz_system(struct iz_state *st)
{
	if (!st->have_sys) {
		st->sys = fsr_report_system(st->r, 0, NULL);
		fsr_system_add_source(&st->r->systems[st->sys], st->path);
		st->have_sys = 1;
	}
	return st->sys;
}

static void add(struct iz_state *st, const char *op, double kb, double rec,
		double v)
{
	struct fsr_result_key key;
	struct fsr_result *res;
	char args[96];
	size_t sys = iz_system(st);

	snprintf(args, sizeof(args), "file size: %.0f kB, record: %.0f kB",
		 kb, rec);
	memset(&key, 0, sizeof(key));
	key.test = "iozone";
	key.arguments = args;
	key.description = op;
	key.unit = "kB/s";
	key.app_version = st->version;
	res = fsr_report_result(st->r, &key);
	if (!res->title || strcmp(res->title, "iozone")) {
		free(res->title);
		res->title = fsr_xstrdup("iozone");
	}
	res->better = FSR_BETTER_HIGHER;
	fsr_cell_add_sample(fsr_result_cell(res, sys), v);
	st->samples++;
}

static int value(struct iz_state *st, int line, const char *s, size_t len,
		 double *v)
{
	if (fsr_parse_double(s, len, v) || !isfinite(*v) || *v < 0)
		return fsr_diag_set(st->d, FSR_EINPUT, st->path, line, 0,
				    "iozone value '%.*s' is not a number of "
				    "at least 0", (int)(len > 40 ? 40 : len),
				    s);
	return 0;
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

		while (i < len && is_blank(s[i]))
			i++;
		if (i >= len)
			break;
		for (b = i; i < len && !is_blank(s[i]); i++)
			;
		e = i;
		/* a word of the line above that ends here: "random read" */
		c[0] = '\0';
		if (e <= plen && !is_blank(p[e - 1]) &&
		    (e == plen || is_blank(p[e]))) {
			size_t k = e;

			while (k && !is_blank(p[k - 1]))
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

		while (i < len && is_blank(s[i]))
			i++;
		if (i >= len)
			break;
		for (b = i; i < len && !is_blank(s[i]); i++)
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
			return fsr_diag_set(st->d, FSR_EINPUT, st->path, line,
					    (int)b + 1, "iozone value under "
					    "no column of the header");
		rc = value(st, line, s + b, e - b, &v[best]);
		if (rc)
			return rc;
		have[best] = 1;
	}
	if (!have[0] || !have[1])
		return fsr_diag_set(st->d, FSR_EINPUT, st->path, line, 0,
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
	while (p < end && is_blank(*p))
		p++;
	if (p != s) { /* the record sizes, indented: "4"  "8" ... */
		st->n_reclen = 0;
		while (p < end && st->n_reclen < 32) {
			const char *q;

			while (p < end && (is_blank(*p) || *p == '"'))
				p++;
			for (q = p; q < end && *q != '"' && !is_blank(*q); q++)
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

		while (p < end && (is_blank(*p) || *p == '"'))
			p++;
		for (q = p; q < end && *q != '"' && !is_blank(*q); q++)
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
				return fsr_diag_set(st->d, FSR_EINPUT,
						    st->path, line, 0,
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
	if (st->in_run && !st->complete && st->samples)
		fsr_import_warn(st->ctx, line, "this iozone run (from line %d) "
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

static int iz_line(struct iz_state *st, int line, const char *s, size_t len)
{
	const char *t = s;
	size_t tl = len, i;

	while (tl && is_blank(*t))
		t++, tl--;
	if (has_prefix(t, tl, "Iozone: Performance Test of File I/O")) {
		end_run(st, line);
		st->in_run = 1;
		st->run_line = line;
		return 0;
	}
	if (has_prefix(t, tl, "Version $Revision: ")) {
		size_t vl = 0;

		while (19 + vl < tl && vl < sizeof(st->version) - 1 &&
		       !is_blank(t[19 + vl]))
			vl++;
		memcpy(st->version, t + 19, vl);
		st->version[vl] = '\0';
		return 0;
	}
	if (has_prefix(t, tl, "iozone test complete.")) {
		st->complete = 1;
		st->in_matrix = 0;
		return 0;
	}
	if (has_prefix(t, tl, "Excel output is below:")) {
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
	if (has_prefix(t, tl, "kB  reclen ") && !st->excel) {
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
	if (contains(t, tl, "Error") || contains(t, tl, "error"))
		fsr_import_warn(st->ctx, line, "iozone reported '%.*s'",
				(int)(tl > 80 ? 80 : tl), t);
	return 0;
}

static int iz_line_cb(void *state, const struct fsr_line *l)
{
	struct iz_state *st = state;

	st->last_line = l->lineno;
	return iz_line(st, l->lineno, l->s, l->len);
}

int fsr_iozone_probe(const unsigned char *head, size_t n)
{
	struct fsr_lines it;
	const char *s;
	size_t len;
	int lines = 0;

	fsr_lines_init(&it, (const char *)head, n);
	while (fsr_lines_next(&it, &s, &len) && lines++ < 100) {
		while (len && is_blank(*s))
			s++, len--;
		if (has_prefix(s, len, "Iozone: Performance Test of File I/O"))
			return 95;
		if (has_prefix(s, len, "\"Writer report\"") ||
		    has_prefix(s, len, "\"Reader report\""))
			return 80;
	}
	return 0;
}

int fsr_iozone_import(struct fsr_import_ctx *ctx, const char *path,
		      struct fsr_report *r, struct fsr_diag *d)
{
	struct iz_state st;
	int rc;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.ctx = ctx;
	st.r = r;
	st.d = d;
	st.report = -1;
	st.excel = 0;
	rc = fsr_read_lines(path, 0, iz_line_cb, &st, d);
	if (!rc)
		end_run(&st, st.last_line);
	if (rc)
		return rc;
	return st.samples ? 0 : FSR_ENOTMINE;
}
