/*
 * test-compare-text.c - compare's text report in pieces
 * (render/text/compare_text.c, fsr_compare_text_*() in render.h) fed the
 * way a compare printed as read feeds them: random reports (several
 * systems, results only on one side, one-run cells, failed runs, no
 * direction, lower is better) compared a result at a time by the
 * stream (analyze.h, fsr_compare_stream_rows()), each result spoilt
 * once its piece is made (the stream's caller forgets it), then written
 * with the stream's geometric means; the bytes must be those of
 * fsr_render_compare_text() of the same report compared whole.
 */
#include "../../render/render.h"
#include "../../render/render-internal.h"
#include "../../analyze/analyze.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng;

/* the systems' labels: the name, then the system's number */
static const char *const names[] = { "sys", "a much longer system name ",
				     "a much longer system name, too " };

static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((rng >> 33) % n);
}

static double unif(void)
{
	return (rnd(1u << 30) + 0.5) / (double)(1u << 30);
}

static struct fsr_report *random_report(unsigned seed, size_t n_sys,
					size_t n_res)
{
	static const char *tests[] = { "fio", "dd", "pts/fio-2.1.0",
				       "pts/postmark-1.1.0", "ioping" };
	static const char *descs[] = { "Read", "Write", "Random 4KiB",
				       "fsync p99", "" };
	static const char *units[] = { "MB/s", "IOPS", "s", "ms" };
	struct fsr_report *r = fsr_report_new();
	size_t i, k, sys[8];

	rng = seed * 2654435761ULL + 1;
	for (i = 0; i < n_sys; i++) {
		char name[64];

		snprintf(name, sizeof(name), "%s%zu", names[seed % 3], i);
		sys[i] = fsr_report_system(
			r, fsr_report_add_runset(r, name, name, 1), NULL);
	}
	for (i = 0; i < n_res; i++) {
		struct fsr_result_key key;
		struct fsr_result *res;
		unsigned b = rnd(10);
		char args[16];

		memset(&key, 0, sizeof(key));
		snprintf(args, sizeof(args), "-n %zu", i);
		key.test = tests[rnd(5)];
		key.arguments = args;
		key.description = descs[rnd(5)];
		key.app_version = "";
		key.unit = units[rnd(4)];
		res = fsr_report_result(r, &key);
		res->better = b < 5 ? FSR_BETTER_HIGHER :
			      b < 8 ? FSR_BETTER_LOWER : FSR_BETTER_UNKNOWN;
		for (k = 0; k < n_sys; k++) {
			struct fsr_cell *cell;
			unsigned runs = rnd(30) ? 2 + rnd(8) : 0, j;
			double level = 100 * exp(2 * unif() - 1);

			if (rnd(6) == 0)
				continue; /* no cell: one side only */
			cell = fsr_result_cell(res, sys[k]);
			if (seed % 7 == 3 || rnd(20) == 0)
				runs = runs ? 1 : 0;
			for (j = 0; j < runs; j++)
				fsr_cell_add_sample(
					cell, level * exp(0.2 * (unif() - 0.5)) *
						      (j == 0 && rnd(9) == 0 ?
							       3 : 1));
			if (rnd(10) == 0)
				fsr_cell_add_failed(cell, "crashed");
		}
	}
	fsr_report_finish_labels(r);
	return r;
}

/* res as the stream's caller leaves it: its texts and samples changed
 * (as freed memory would be). */
static void spoil(struct fsr_result *res)
{
	char *text[4];
	size_t i, j;

	text[0] = res->test;
	text[1] = res->arguments;
	text[2] = res->description;
	text[3] = res->title;
	for (i = 0; i < 4; i++)
		if (text[i] && *text[i])
			text[i][0] = '#';
	for (i = 0; i < res->n_cells; i++)
		for (j = 0; j < res->cells[i].n; j++)
			res->cells[i].samples[j] = -1;
}

static void opts_of(unsigned seed, struct fsr_compare_opts *o)
{
	static char base[64];

	snprintf(base, sizeof(base), "%s1", names[seed % 3]);
	memset(o, 0, sizeof(*o));
	o->confidence = 0.95;
	o->alpha = 0.05;
	o->min_change = 1;
	o->test = seed % 5 == 4 ? FSR_TEST_MWU : FSR_TEST_WELCH;
	o->adjust = seed % 3 == 2 ? FSR_ADJUST_BH : FSR_ADJUST_HOLM;
	o->ci = FSR_CI_WELCH;
	o->seed = 1;
	o->boot_b = 1000;
	o->runs_needed_pct = seed % 4 == 1 ? 5 : 0;
	o->baseline = seed % 4 == 3 ? base : NULL;
}

/* The whole report compared and rendered at once into out. */
static int whole(unsigned seed, size_t n_sys, size_t n_res,
		 const struct fsr_render_opts *ro, struct fsr_buf *out)
{
	struct fsr_report *r = random_report(seed, n_sys, n_res);
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_compare_opts o;
	struct fsr_sink sink = { NULL, out, 0 };
	struct fsr_view v;
	struct fsr_diag d;
	struct fsr_stats *s;
	struct fsr_comparison *c;
	int rc = -1;

	opts_of(seed, &o);
	fsr_diag_clear(&d);
	s = fsr_analyze(r, &ao, &d);
	c = s ? fsr_compare(r, s, &o, &d) : NULL;
	if (c) {
		memset(&v, 0, sizeof(v));
		v.command = FSR_CMD_COMPARE;
		v.report = r;
		v.stats = s;
		v.cmp = c;
		rc = fsr_render_compare_text(&v, ro, &sink, &d);
	}
	fsr_comparison_free(c);
	fsr_stats_free(s);
	fsr_report_free(r);
	return rc;
}

/* The same, a result at a time through the stream and the pieces. */
static int pieces(unsigned seed, size_t n_sys, size_t n_res,
		  const struct fsr_render_opts *ro, struct fsr_buf *out)
{
	struct fsr_report *r = random_report(seed, n_sys, n_res);
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_compare_opts o;
	struct fsr_sink sink = { NULL, out, 0 };
	struct fsr_compare_stream *cs;
	struct fsr_compare_text *ct;
	struct fsr_comparison *sc = NULL;
	struct fsr_view v;
	struct fsr_diag d;
	struct fsr_stats *s;
	size_t i;
	int rc = -1;

	opts_of(seed, &o);
	fsr_diag_clear(&d);
	s = fsr_analyze(r, &ao, &d);
	cs = s ? fsr_compare_stream_new(r, &o, &d) : NULL;
	if (!cs)
		goto out;
	fsr_compare_stream_keep_geomean(cs);
	for (i = 0; i < r->n_results; i++)
		if (fsr_compare_stream_measure(cs, r, i, &d))
			goto out;
	fsr_compare_stream_family(cs);
	memset(&v, 0, sizeof(v));
	v.command = FSR_CMD_COMPARE;
	v.report = r;
	ct = fsr_compare_text_begin(&v, ro);
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_summary *sums = fsr_stats_cells(s, i, &d);

		sc = sums ? fsr_compare_stream_rows(cs, r, i, sums, &d) : NULL;
		if (!sc) {
			fsr_compare_text_free(ct);
			goto out;
		}
		v.cmp = sc;
		fsr_compare_text_result(ct, &v, i, sc);
		spoil(r->results[i]);
	}
	v.cmp = fsr_compare_stream_geomean(cs, r, &d);
	v.stats = NULL;
	if (v.cmp)
		rc = fsr_compare_text_write(ct, &v, &sink, &d);
	else
		fsr_compare_text_free(ct);
out:
	fsr_compare_stream_free(cs);
	fsr_stats_free(s);
	fsr_report_free(r);
	return rc;
}

int main(void)
{
	static const int widths[] = { 60, 80, 200 };
	unsigned seed;
	size_t tables = 0, only = 0, notes = 0;

	fsr_analyze_init();
	for (seed = 0; seed < 40; seed++) {
		struct fsr_render_opts ro;
		struct fsr_buf a = FSR_BUF_INIT, b = FSR_BUF_INIT;
		size_t n_sys = 2 + seed % 4, n_res = 1 + seed * 3 % 50;
		int ra, rb;

		memset(&ro, 0, sizeof(ro));
		ro.width = widths[seed % 3];
		ra = whole(seed, n_sys, n_res, &ro, &a);
		rb = pieces(seed, n_sys, n_res, &ro, &b);
		if (ra || rb)
			printf("# whole %d, pieces %d\n", ra, rb);
		ok(ra == 0 && rb == 0 && a.len == b.len &&
		   (!a.len || !memcmp(a.buf, b.buf, a.len)),
		   "seed %u (%zu systems, %zu results, width %d): the pieces "
		   "print the whole report's %zu bytes", seed, n_sys, n_res,
		   ro.width, a.len);
		if (a.len && b.len && (a.len != b.len ||
				       memcmp(a.buf, b.buf, a.len)))
			printf("# whole:\n%s\n# pieces:\n%s\n", a.buf, b.buf);
		tables += a.len && strstr(a.buf, "verdict") != NULL;
		only += a.len && (strstr(a.buf, "only in the baseline:") ||
				  strstr(a.buf, "not in the baseline:"));
		notes += a.len && strstr(a.buf, "\nnotes:\n") != NULL;
		fsr_buf_release(&a);
		fsr_buf_release(&b);
	}
	printf("# %zu tables, %zu with one-side results, %zu with notes\n",
	       tables, only, notes);
	ok(tables > 30 && only > 10 && notes > 10,
	   "the random reports reach the table, one-side results and notes");
	return done_testing();
}
