/*
 * csv.c - the generic CSV input (design.md), parsed with libcsv: a header
 * row with at least "test" and "value", optionally "description", "unit",
 * "better" (higher/lower) and "label" (the system); one row per sample.
 * Any numbers from a spreadsheet or a script can be analysed this way.
 *
 * The long form fsreport writes (render/data/long_csv.c) adds optional columns
 * that carry the rest of a result's identity and its cells: "title",
 * "test_id" (present but empty: a derived result), "app_version",
 * "arguments", "display" (bar, line, passfail, other), "stored" (the value
 * the source stored) and "error" (a failed run: its reason; the value is
 * then empty). A row with an empty value and only "stored" is a pass/fail
 * cell's text.
 *
 * Without an "arguments" column, rows of one test that differ in
 * description are separate measurements (each its own entry of the
 * geometric mean); with it, results of one test and the same arguments
 * come from the same runs and count once.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <csv.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum col {
	C_TEST, C_VALUE, C_DESC, C_UNIT, C_BETTER, C_LABEL,
	C_TITLE, C_TEST_ID, C_APP, C_ARGS, C_DISPLAY, C_STORED, C_ERROR,
	C_NCOLS
};
static const char *const col_names[C_NCOLS] = {
	"test", "value", "description", "unit", "better", "label",
	"title", "test_id", "app_version", "arguments", "display", "stored",
	"error",
};

struct csv_state {
	const char *path;
	struct fsr_report *r;
	struct fsr_diag *d;
	int err;
	int line;          /* line being fed */
	size_t row;        /* rows completed */
	int colmap[64];    /* column -> enum col, or -1 */
	size_t ncols;      /* columns in the header */
	struct fsr_buf fields[64];
	size_t nf;         /* fields in the current row */
	size_t samples;
	/* The last row's result and system and the columns that chose
	 * them: a row naming the same ones (the usual sample after
	 * sample) skips the key, the lookups and the checks. */
	int last_ok;
	struct fsr_result *last_res;
	size_t last_sys;
	struct fsr_buf last[C_NCOLS];
};

/* The columns that pick a row's result and system (and its "better",
 * which the result already has once a row with it was taken). */
static const enum col key_cols[] = {
	C_TEST, C_DESC, C_UNIT, C_APP, C_ARGS, C_LABEL, C_BETTER,
};
#define N_KEY_COLS (sizeof(key_cols) / sizeof(*key_cols))

/* v names the last row's result, system and better. */
static int same_as_last(const struct csv_state *st, const char *const *v)
{
	size_t i;

	if (!st->last_ok)
		return 0;
	for (i = 0; i < N_KEY_COLS; i++) {
		const char *x = v[key_cols[i]];
		const char *y = st->last[key_cols[i]].buf;

		/* The header fixes which columns exist: v[c] is NULL in
		 * every row or in none. */
		if (x && strcmp(x, y ? y : ""))
			return 0;
	}
	return 1;
}

static void remember_last(struct csv_state *st, const char *const *v,
			  struct fsr_result *res, size_t sys)
{
	size_t i;

	for (i = 0; i < N_KEY_COLS; i++) {
		const char *x = v[key_cols[i]];
		struct fsr_buf *b = &st->last[key_cols[i]];

		fsr_buf_reset(b);
		if (x)
			fsr_buf_adds(b, x);
	}
	st->last_res = res;
	st->last_sys = sys;
	st->last_ok = 1;
}

__attribute__((format(printf, 2, 3))) static void
csv_fail(struct csv_state *st, const char *fmt, ...)
{
	va_list ap;

	if (st->err)
		return;
	st->err = FSR_EINPUT;
	va_start(ap, fmt);
	fsr_diag_vset(st->d, FSR_EINPUT, st->path, st->line, 0, fmt, ap);
	va_end(ap);
}

static void on_field(void *s, size_t len, void *data)
{
	struct csv_state *st = data;

	if (st->err)
		return;
	if (st->nf >= 64) {
		csv_fail(st, "more than 64 columns");
		return;
	}
	if (s && memchr(s, '\0', len)) {
		/* Fields are C strings from here on: "x\0y" would be "x". */
		csv_fail(st, "a NUL byte in column %zu", st->nf + 1);
		return;
	}
	fsr_buf_reset(&st->fields[st->nf]);
	fsr_buf_add(&st->fields[st->nf], s ? s : "", s ? len : 0);
	st->nf++;
}

static void header_row(struct csv_state *st)
{
	size_t i;
	int seen[C_NCOLS] = { 0 };

	st->ncols = st->nf;
	for (i = 0; i < st->nf; i++) {
		int c;

		st->colmap[i] = -1;
		for (c = 0; c < C_NCOLS; c++) {
			if (!strcmp(st->fields[i].buf, col_names[c])) {
				if (seen[c])
					csv_fail(st, "column '%s' appears twice",
						 col_names[c]);
				seen[c] = 1;
				st->colmap[i] = c;
			}
		}
	}
	if (!seen[C_TEST] || !seen[C_VALUE])
		csv_fail(st, "the header needs the columns 'test' and "
			 "'value'");
}

/* Fill a new result's fields from the optional columns. */
static int new_result(struct csv_state *st, struct fsr_result *res,
		      const char *const *v)
{
	enum fsr_display disp = FSR_DISPLAY_BAR;

	if (v[C_DISPLAY] && *v[C_DISPLAY] &&
	    fsr_display_parse(v[C_DISPLAY], &disp) != 0) {
		csv_fail(st, "display '%s' is not bar, line, passfail or "
			 "other", v[C_DISPLAY]);
		return -1;
	}
	res->display = disp;
	/* without an arguments column nothing says two descriptions of
	 * one test come from the same runs: they are results of their own
	 * (the long form always has the column, so it reads back as
	 * written) */
	res->own_runs = !v[C_ARGS];
	if (v[C_TITLE] && *v[C_TITLE]) {
		free(res->title);
		res->title = fsr_xstrdup(v[C_TITLE]);
	}
	if (v[C_TEST_ID]) {
		free(res->test_id);
		res->test_id = fsr_xstrdup(v[C_TEST_ID]);
		res->derived = !*v[C_TEST_ID];
	}
	return 0;
}

static void data_row(struct csv_state *st)
{
	const char *v[C_NCOLS] = { NULL };
	struct fsr_buf kb = FSR_BUF_INIT;
	struct fsr_result_key key;
	struct fsr_result *res;
	struct fsr_cell *c;
	enum fsr_better better = FSR_BETTER_UNKNOWN;
	size_t i, sys;
	double x = 0;
	int is_new, failed = 0, has_value = 1;

	if (st->nf == 1 && st->fields[0].len == 0)
		return; /* a blank line */
	if (st->nf != st->ncols) {
		char got[32], want[32];

		snprintf(got, sizeof(got), "%zu", st->nf);
		snprintf(want, sizeof(want), "%zu", st->ncols);
		csv_fail(st, "%s columns, the header has %s", got, want);
		return;
	}
	for (i = 0; i < st->nf; i++)
		if (st->colmap[i] >= 0)
			v[st->colmap[i]] = st->fields[i].buf;
	if (!*v[C_TEST]) {
		csv_fail(st, "empty 'test'");
		return;
	}
	if (v[C_ERROR] && *v[C_ERROR]) {
		/* A failed run: never a number, never a zero. */
		if (*v[C_VALUE]) {
			csv_fail(st, "a failed run ('error' is set) with the "
				 "value '%s'", v[C_VALUE]);
			return;
		}
		failed = 1;
		has_value = 0;
	} else if (!*v[C_VALUE] && v[C_STORED] && *v[C_STORED]) {
		has_value = 0; /* a pass/fail text, kept as stored */
	} else if (fsr_parse_double(v[C_VALUE], strlen(v[C_VALUE]), &x) != 0) {
		csv_fail(st, "value '%s' %s", v[C_VALUE],
			 fsr_number_refusal(v[C_VALUE], strlen(v[C_VALUE]),
					    "is not a finite number"));
		return;
	}
	if (same_as_last(st, v)) {
		res = st->last_res;
		sys = st->last_sys;
		goto add;
	}
	if (v[C_BETTER] && *v[C_BETTER]) {
		better = fsr_better_parse(v[C_BETTER]);
		if (better == FSR_BETTER_UNKNOWN) {
			csv_fail(st, "better '%s' is not 'higher' or 'lower'",
				 v[C_BETTER]);
			return;
		}
	}
	memset(&key, 0, sizeof(key));
	key.test = v[C_TEST];
	key.description = v[C_DESC];
	key.unit = v[C_UNIT];
	key.app_version = v[C_APP];
	key.arguments = v[C_ARGS];
	fsr_result_key_format(&kb, &key);
	is_new = !fsr_report_find_result(st->r, kb.buf);
	fsr_buf_release(&kb);
	res = fsr_report_result(st->r, &key);
	if (is_new && new_result(st, res, v) != 0)
		return;
	if (better != FSR_BETTER_UNKNOWN) {
		if (res->better != FSR_BETTER_UNKNOWN && res->better != better) {
			csv_fail(st, "'%s' is both higher and lower is better",
				 v[C_TEST]);
			return;
		}
		res->better = better;
	}
	sys = fsr_report_system(st->r, 0,
				v[C_LABEL] && *v[C_LABEL] ? v[C_LABEL] : NULL);
	fsr_system_add_source(&st->r->systems[sys], st->path);
	remember_last(st, v, res, sys);
add:
	c = fsr_result_cell(res, sys);
	if (v[C_STORED] && *v[C_STORED])
		fsr_cell_set_stored(c, v[C_STORED]);
	if (failed) {
		fsr_cell_add_failed(c, v[C_ERROR]);
	} else if (has_value) {
		int dec = fsr_count_decimals(v[C_VALUE], strlen(v[C_VALUE]));

		if (c->n >= FSR_MAX_SAMPLES_PER_CELL) {
			csv_fail(st, "too many samples for one result and "
				 "label");
			return;
		}
		fsr_cell_add_sample(c, x);
		if (dec > c->stored_decimals)
			c->stored_decimals = dec;
	}
	st->samples++;
}

static void on_row(int c, void *data)
{
	struct csv_state *st = data;

	(void)c;
	if (st->err)
		return;
	if (st->row == 0)
		header_row(st);
	else
		data_row(st);
	st->row++;
	st->nf = 0;
}

/* A header line naming "test" and "value" among comma-separated words;
 * less sure when one of them is missing but other columns of ours are
 * there. */
int fsr_csv_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head, *nl;
	char line[1024];
	size_t len;
	int has_test = 0, has_value = 0, has_other = 0, c;
	char *tok, *save = NULL;

	if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3, n -= 3;
	nl = memchr(p, '\n', n);
	len = nl ? (size_t)(nl - p) : n;
	if (len == 0 || len >= sizeof(line))
		return 0;
	memcpy(line, p, len);
	line[len] = '\0';
	if (len && line[len - 1] == '\r')
		line[len - 1] = '\0';
	for (tok = strtok_r(line, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (*tok == '"' && strlen(tok) >= 2 &&
		    tok[strlen(tok) - 1] == '"') {
			tok[strlen(tok) - 1] = '\0';
			tok++;
		}
		if (!strcmp(tok, "test"))
			has_test = 1;
		else if (!strcmp(tok, "value"))
			has_value = 1;
		else
			for (c = C_DESC; c < C_NCOLS; c++)
				if (!strcmp(tok, col_names[c]))
					has_other = 1;
	}
	if (has_test && has_value)
		return 90;
	/* "test,unit,label": our header with a column missing; the import
	 * says which (a named-file error rather than "not a result"). */
	return (has_test || has_value) && has_other ? 40 : 0;
}

struct csv_feed {
	struct csv_state *st;
	struct csv_parser *p;
	int in_quotes; /* an odd number of '"' fed since a row ended */
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t'; /* libcsv's default spaces */
}

/*
 * A line without a '"' that starts a row, split here as libcsv splits
 * it: fields at each ',', spaces and tabs trimmed at both ends, no row
 * for a line of blanks. libcsv takes 1 370 instructions for a row of 30
 * bytes, a third of "compare" of 2 x 10 x 100 000 samples (BENCHMARKS.md);
 * a line with a quote still goes to it. Lines hold no '\r' or '\n'
 * (importers/lines.c ends lines there).
 */
static void split_plain(struct csv_state *st, const char *s, size_t len)
{
	const char *end = s + len, *a, *b, *comma;

	for (a = s; a < end && is_blank(*a); a++)
		;
	if (a == end)
		return;
	for (;;) {
		comma = memchr(a, ',', (size_t)(end - a));
		b = comma ? comma : end;
		while (b > a && is_blank(b[-1]))
			b--;
		on_field((void *)a, (size_t)(b - a), st);
		if (!comma)
			break;
		for (a = comma + 1; a < end && is_blank(*a); a++)
			;
	}
	on_row('\n', st);
}

/* The parity of the quotes of a line. */
static int odd_quotes(const char *s, size_t len)
{
	const char *q, *end = s + len;
	int odd = 0;

	while ((q = memchr(s, '"', (size_t)(end - s)))) {
		odd ^= 1;
		s = q + 1;
	}
	return odd;
}

static int csv_line(void *state, const struct fsr_line *l)
{
	struct csv_feed *f = state;
	struct csv_state *st = f->st;

	st->line = l->lineno;
	if (!f->in_quotes && (!l->len || !memchr(l->s, '"', l->len))) {
		split_plain(st, l->s, l->len);
		return st->err;
	}
	f->in_quotes ^= odd_quotes(l->s, l->len);
	if (csv_parse(f->p, l->s, l->len, on_field, on_row, st) != l->len ||
	    csv_parse(f->p, "\n", 1, on_field, on_row, st) != 1)
		csv_fail(st, "%s", csv_strerror(csv_error(f->p)));
	return st->err;
}

int fsr_csv_import(struct fsr_import_ctx *ctx, const char *path,
		   struct fsr_report *r, struct fsr_diag *d)
{
	struct csv_state st = { .path = path, .r = r, .d = d };
	struct csv_parser p;
	struct csv_feed f = { &st, &p, 0 };
	size_t i;
	int rc;

	(void)ctx;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		return fsr_diag_set(d, FSR_EINTERNAL, path, 0, 0,
				    "cannot set up the CSV parser");
	rc = fsr_read_lines(path, FSR_LINES_SKIP_BOM, csv_line, &f, d);
	if (rc && !st.err)
		st.err = rc;
	if (!st.err && csv_fini(&p, on_field, on_row, &st) != 0)
		csv_fail(&st, "%s", csv_strerror(csv_error(&p)));
	csv_free(&p);
	for (i = 0; i < 64; i++)
		fsr_buf_release(&st.fields[i]);
	for (i = 0; i < C_NCOLS; i++)
		fsr_buf_release(&st.last[i]);
	if (!st.err && st.samples == 0)
		return FSR_ENOTMINE;
	return st.err;
}
