/*
 * test-csv.c - the generic CSV importer's last-row cache: rows that name
 * the result and label of the row before them skip the lookups; every
 * sample must still land in its own cell, in file order, and the checks
 * the cache skips (better, the result's first-row fields) must still
 * hold for rows that differ. And the lines fsreport splits itself
 * (no quote in them) against libcsv splitting the whole file.
 */
#define HARNESS_IMPORT fsr_csv_import
#define HARNESS_NAME "csv"
#include "import-harness.h"

#include "lib/strbuf.h"

#include <csv.h>

static const char *const tests[] = { "t0", "t1", "t2" };
static const char *const descs[] = { "", "read" };
static const char *const labels[] = { "", "x", "y" };

/* The cell of (test, desc, label) in r, or NULL. */
static const struct fsr_cell *cell_of(const struct fsr_report *r,
				      const char *test, const char *desc,
				      const char *label)
{
	size_t i, j;

	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		if (strcmp(res->test, test) || strcmp(res->description, desc))
			continue;
		for (j = 0; j < res->n_cells; j++) {
			const struct fsr_system *s =
				&r->systems[res->cells[j].system];

			if (!strcmp(s->name ? s->name : "", label))
				return &res->cells[j];
		}
	}
	return NULL;
}

/* Rows in runs of the same key (the cache's case) and single rows that
 * change test, description or label: every cell gets its samples in
 * file order. */
static void check_runs(void)
{
	struct fsr_buf csv = FSR_BUF_INIT;
	double want[3][2][3][400];
	size_t nwant[3][2][3] = { { { 0 } } }, row = 0, bad = 0;
	unsigned long long st = 18;
	struct fsr_report *r;
	int rc;
	size_t t, e, l, k;

	fsr_buf_adds(&csv, "test,description,value,label,better\n");
	while (row < 2000) {
		size_t run;

		st = st * 6364136223846793005ULL + 1442695040888963407ULL;
		t = (st >> 33) % 3;
		e = (st >> 40) % 2;
		l = (st >> 45) % 3;
		run = (st >> 50) % 4 ? 1 : (st >> 52) % 9 + 1;
		for (k = 0; k < run && row < 2000; k++, row++) {
			char line[128];
			double x = (double)row + 0.25;

			/* better only on some rows: an empty one changes
			 * nothing */
			snprintf(line, sizeof(line), "%s,%s,%.2f,%s,%s\n",
				 tests[t], descs[e], x, labels[l],
				 row % 3 ? "lower" : "");
			fsr_buf_adds(&csv, line);
			if (nwant[t][e][l] < 400)
				want[t][e][l][nwant[t][e][l]++] = x;
		}
	}
	r = load(write_tmp("runs.csv", csv.buf), &rc);
	is_int(rc, 0, "runs of rows: imported");
	for (t = 0; t < 3; t++)
		for (e = 0; e < 2; e++)
			for (l = 0; l < 3; l++) {
				const struct fsr_cell *c = cell_of(
					r, tests[t], descs[e], labels[l]);
				const double *wt = want[t][e][l];
				size_t n = c ? c->n : 0;

				if (n != nwant[t][e][l]) {
					bad++;
					continue;
				}
				for (k = 0; k < n; k++)
					bad += c->samples[k] != wt[k];
			}
	is_int(bad, 0, "runs of rows: each cell has its samples in order");
	is_int(r->n_results, 6, "runs of rows: 3 tests x 2 descriptions");
	for (k = 0; k < r->n_results; k++)
		bad += r->results[k]->better != FSR_BETTER_LOWER;
	is_int(bad, 0, "runs of rows: every result lower is better");
	fsr_report_free(r);
	fsr_buf_release(&csv);
}

static void check_edges(void)
{
	struct fsr_report *r;
	int rc;

	r = load(write_tmp("one.csv", "test,value\nt,1\n"), &rc);
	ok(rc == 0 && r->n_results == 1 && r->results[0]->cells[0].n == 1,
	   "one row: one sample");
	fsr_report_free(r);
	r = load(write_tmp("same.csv", "test,value\nt,1\nt,2\nt,3\n"), &rc);
	ok(rc == 0 && r->n_results == 1 && r->results[0]->n_cells == 1 &&
	   r->results[0]->cells[0].n == 3 &&
	   r->results[0]->cells[0].samples[2] == 3,
	   "three rows of one result: one cell of three");
	fsr_report_free(r);
	/* The better check still runs when a row changes it. */
	r = load(write_tmp("better.csv", "test,value,better\nt,1,higher\n"
			   "t,2,higher\nt,3,lower\n"), &rc);
	is_int(rc, FSR_EINPUT, "higher, higher, lower: refused");
	is_int(d.line, 4, "higher, higher, lower: at the third row");
	fsr_report_free(r);
	/* The same test with a unit after rows without: another result. */
	r = load(write_tmp("unit.csv", "test,value,unit\nt,1,\nt,2,\n"
			   "t,3,MB/s\nt,4,\n"), &rc);
	ok(rc == 0 && r->n_results == 2 && r->results[0]->cells[0].n == 3 &&
	   r->results[1]->cells[0].n == 1, "a unit on one row: its own "
	   "result, the rows around it one result");
	fsr_report_free(r);
	/* A label that comes back after another: its cell again. */
	r = load(write_tmp("label.csv", "test,value,label\nt,1,a\nt,2,a\n"
			   "t,3,b\nt,4,a\n"), &rc);
	ok(rc == 0 && r->n_systems == 2 && r->results[0]->n_cells == 2 &&
	   r->results[0]->cells[0].n == 3 && r->results[0]->cells[1].n == 1,
	   "labels a, a, b, a: three samples for a, one for b");
	fsr_report_free(r);
}

/* The rows of a whole text as libcsv splits it (the reference). */
struct ref {
	char f[3][64];
	size_t nf;
	char rows[4000][3][64];
	size_t nrows;
	int wide; /* a row without 3 fields */
};

static void ref_field(void *s, size_t len, void *data)
{
	struct ref *rf = data;

	if (rf->nf < 3 && len < 64) {
		memcpy(rf->f[rf->nf], s ? s : "", s ? len : 0);
		rf->f[rf->nf][s ? len : 0] = '\0';
	}
	rf->nf++;
}

static void ref_row(int c, void *data)
{
	struct ref *rf = data;

	(void)c;
	if (rf->nf != 3)
		rf->wide = 1;
	else if (rf->nrows < 4000)
		memcpy(rf->rows[rf->nrows++], rf->f, sizeof(rf->f));
	rf->nf = 0;
}

/* Random files of plain lines (blanks and tabs around fields, empty
 * fields, blank lines, CRLF) and quoted ones (commas, doubled quotes,
 * a field over two lines): every cell gets the samples libcsv finds. */
static void check_split(void)
{
	static const char *const tq[] = {
		"t", " t2 ", "\"t\"", "\"a, b\"", "\"q\"\"q\"", "\"m\nn\"",
		"\" sp \"",
	};
	static const char *const vq[] = { "1", "2.5", "-3", "1e2", "\"7\"" };
	static const char *const lq[] = { "", "L", " l m\t", "\"L\"", "\"x,y\"" };
	static const char *const blank[] = { "", " ", "\t", " \t " };
	static struct ref rf;
	struct csv_parser p;
	unsigned long long st = 7;
	size_t file, bad = 0, files_bad = 0;

	for (file = 0; file < 40; file++) {
		struct fsr_buf csv = FSR_BUF_INIT;
		struct fsr_report *r;
		size_t row, i, k, total;
		int rc;

		fsr_buf_adds(&csv, "test,value,label\n");
		for (row = 0; row < 300; row++) {
			st = st * 6364136223846793005ULL +
			     1442695040888963407ULL;
			if ((st >> 60) == 0) {
				fsr_buf_adds(&csv, blank[(st >> 40) % 4]);
				fsr_buf_adds(&csv, "\n");
				continue;
			}
			fsr_buf_adds(&csv, blank[(st >> 20) % 4]);
			fsr_buf_adds(&csv, tq[(st >> 24) % 7]);
			fsr_buf_adds(&csv, blank[(st >> 28) % 4]);
			fsr_buf_addc(&csv, ',');
			fsr_buf_adds(&csv, blank[(st >> 30) % 4]);
			fsr_buf_adds(&csv, vq[(st >> 33) % 5]);
			fsr_buf_adds(&csv, blank[(st >> 36) % 4]);
			fsr_buf_addc(&csv, ',');
			fsr_buf_adds(&csv, lq[(st >> 38) % 5]);
			fsr_buf_adds(&csv, (st >> 44) % 5 ? "\n" : "\r\n");
		}
		memset(&rf, 0, sizeof(rf));
		csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
		csv_parse(&p, csv.buf, csv.len, ref_field, ref_row, &rf);
		csv_fini(&p, ref_field, ref_row, &rf);
		csv_free(&p);
		r = load(write_tmp("split.csv", csv.buf), &rc);
		if (rc || !r || rf.wide) {
			files_bad++;
			fsr_report_free(r);
			fsr_buf_release(&csv);
			continue;
		}
		/* Row by row: the sample is the next of its cell. */
		for (i = 1; i < rf.nrows; i++) {
			const struct fsr_cell *c = cell_of(r, rf.rows[i][0], "",
							   rf.rows[i][2]);
			size_t before = 0;

			for (k = 1; k < i; k++)
				before += !strcmp(rf.rows[k][0],
						  rf.rows[i][0]) &&
					  !strcmp(rf.rows[k][2],
						  rf.rows[i][2]);
			if (!c || before >= c->n ||
			    c->samples[before] != strtod(rf.rows[i][1], NULL))
				bad++;
		}
		/* and no sample from a row libcsv does not see */
		total = 0;
		for (k = 0; k < r->n_results; k++)
			for (i = 0; i < r->results[k]->n_cells; i++)
				total += r->results[k]->cells[i].n;
		bad += total != rf.nrows - 1;
		fsr_report_free(r);
		fsr_buf_release(&csv);
	}
	is_int(files_bad, 0, "split: 40 random files import");
	is_int(bad, 0, "split: every row's sample where libcsv puts it");
}

int main(void)
{
	if (harness_begin()) {
		ok(0, "a scratch folder");
		return done_testing();
	}
	check_runs();
	check_edges();
	check_split();
	return harness_end();
}
