/*
 * test-geomean-stream.c - the geometric mean fed a row at a time
 * (analyze/geomean.c struct fsr_geo_acc) against the code it replaced:
 * random reports (several systems, results sharing a group, PTS
 * bookkeeping, no direction, lower is better, one-run cells, runs <= 0,
 * constant cells, results without arguments, --geomean-exclude) compared
 * whole with fsr_compare() and a result at a time with the stream
 * (fsr_compare_stream_geomean(), on a copy of the report whose results
 * are spoilt once their rows are made); every field of every mean
 * must equal, bit for bit, what fsr_geomean_of() computed before the
 * accumulator (copied below as ref_geomean_of(), from main at 5fa60a4:
 * every row collected, qsort by group, summed per group).
 */
#include "../../analyze/analyze.h"
#include "../../analyze/analyze-internal.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------ the reference (main's) */

struct ref_part {
	const struct fsr_result *res;
	double l, se, df;
};

static const char *ref_str(const char *s)
{
	return s ? s : "";
}

static const char *ref_lost_args(const struct fsr_result *res)
{
	if (!*ref_str(res->arguments) &&
	    (res->own_runs || strchr(ref_str(res->test_id), '/')))
		return ref_str(res->description);
	return "";
}

static int ref_by_group(const void *x, const void *y)
{
	const struct fsr_result *a = ((const struct ref_part *)x)->res;
	const struct fsr_result *b = ((const struct ref_part *)y)->res;
	int c = strcmp(ref_str(a->test), ref_str(b->test));

	if (!c)
		c = strcmp(ref_str(a->arguments), ref_str(b->arguments));
	if (!c)
		c = strcmp(ref_str(a->app_version), ref_str(b->app_version));
	if (!c)
		c = strcmp(ref_lost_args(a), ref_lost_args(b));
	return c;
}

static size_t ref_collect(const struct fsr_comparison *c,
			  const struct fsr_report *r, struct fsr_geomean *g,
			  struct ref_part *p)
{
	size_t i, n = 0;

	for (i = 0; i < c->n_rows; i++) {
		const struct fsr_compare_row *row = &c->rows[i];
		const struct fsr_result *res = r->results[row->result];
		const struct fsr_cell *a, *b;
		struct ref_part *q = &p[n];

		if (row->sys != g->sys)
			continue;
		if (res->derived) {
			g->bookkeeping++;
			continue;
		}
		if (c->opts.geo_keep &&
		    !c->opts.geo_keep(res, c->opts.geo_data)) {
			g->excluded++;
			g->skipped++;
			continue;
		}
		a = &res->cells[row->base_cell];
		b = &res->cells[row->cell];
		if (row->flags & (FSR_ROW_NOT_NUMERIC | FSR_ROW_MISSING) ||
		    res->better == FSR_BETTER_UNKNOWN) {
			g->skipped++;
			continue;
		}
		if (row->method == FSR_METHOD_LOG_WELCH &&
		    !isnan(row->log_se)) {
			q->l = row->effect;
			q->se = row->log_se;
			q->df = row->df;
		} else if (fsr_log_welch(a->samples, a->n, b->samples, b->n,
					 &q->l, &q->se, &q->df)) {
			g->skipped++;
			continue;
		}
		if (res->better == FSR_BETTER_LOWER)
			q->l = -q->l;
		if (q->se == 0)
			q->df = INFINITY;
		q->res = res;
		n++;
	}
	return n;
}

static int ref_geomean_of(const struct fsr_comparison *c,
			  const struct fsr_report *r, size_t sys,
			  struct fsr_geomean *g)
{
	struct ref_part *p = calloc(c->n_rows ? c->n_rows : 1, sizeof(*p));
	double *l, *se, *df;
	struct fsr_geo_est e;
	size_t i, j, n;
	int rc;

	memset(g, 0, sizeof(*g));
	g->sys = sys;
	n = ref_collect(c, r, g, p);
	g->rows = n;
	qsort(p, n, sizeof(*p), ref_by_group);
	l = calloc(n ? n : 1, sizeof(*l));
	se = calloc(n ? n : 1, sizeof(*se));
	df = calloc(n ? n : 1, sizeof(*df));
	for (i = 0; i < n; i = j) {
		double sl = 0, ss = 0, md = INFINITY;

		for (j = i; j < n && !ref_by_group(&p[i], &p[j]); j++) {
			sl += p[j].l;
			ss += p[j].se;
			if (p[j].df < md)
				md = p[j].df;
		}
		l[g->k] = sl / (double)(j - i);
		se[g->k] = ss / (double)(j - i);
		df[g->k] = md;
		g->k++;
	}
	rc = fsr_geomean_combine(l, se, df, g->k, c->opts.confidence, &e);
	g->ratio = e.ratio;
	g->ci_low = e.ci_low;
	g->ci_high = e.ci_high;
	g->df = e.df;
	free(l);
	free(se);
	free(df);
	free(p);
	return rc;
}

/* ------------------------------------------------- random reports */

static unsigned long long rng;

static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((rng >> 33) % n);
}

static double unif(void)
{
	return (rnd(1u << 30) + 0.5) / (double)(1u << 30);
}

/* --geomean-exclude: results whose description ends in "x". */
static int keep_not_x(const struct fsr_result *res, void *data)
{
	size_t n = strlen(res->description);

	(void)data;
	return !(n && res->description[n - 1] == 'x');
}

static struct fsr_report *random_report(size_t n_sys, size_t n_res)
{
	static const char *tests[] = { "fio", "dd", "pts/fio-2.1.0",
				       "pts/postmark-1.1.0", "ioping" };
	static const char *args[] = { "", "", "-rw", "--bs=4k" };
	static const char *descs[] = { "Read", "Write", "Read x",
				       "Random 4KiB", "fsync p99x", "" };
	static const char *vers[] = { "", "3.29" };
	static const char *units[] = { "MB/s", "IOPS", "s", "ms" };
	struct fsr_report *r = fsr_report_new();
	size_t i, k, sys[8];

	for (i = 0; i < n_sys; i++) {
		char name[16];

		snprintf(name, sizeof(name), "sys%zu", i);
		sys[i] = fsr_report_system(
			r, fsr_report_add_runset(r, name, name, 1), NULL);
	}
	for (i = 0; i < n_res; i++) {
		struct fsr_result_key key;
		struct fsr_result *res;
		unsigned b = rnd(10);

		key.test = tests[rnd(5)];
		key.arguments = args[rnd(4)];
		key.description = descs[rnd(6)];
		key.app_version = vers[rnd(2)];
		key.unit = units[rnd(4)];
		res = fsr_report_result(r, &key);
		if (res->n_cells)
			continue; /* the same key again */
		res->better = b < 5 ? FSR_BETTER_HIGHER :
			      b < 8 ? FSR_BETTER_LOWER : FSR_BETTER_UNKNOWN;
		res->derived = rnd(12) == 0;
		res->own_runs = rnd(4) == 0;
		if (rnd(25) == 0)
			res->display = FSR_DISPLAY_PASSFAIL;
		for (k = 0; k < n_sys; k++) {
			struct fsr_cell *cell;
			unsigned runs = rnd(30) ? 2 + rnd(5) : 0;
			unsigned kind = rnd(40), j;
			double level = 100 * exp(2 * unif() - 1);

			if (rnd(8) == 0)
				continue; /* no cell of this system */
			cell = fsr_result_cell(res, sys[k]);
			if (kind == 0 && runs)
				runs = 1;
			for (j = 0; j < runs; j++) {
				double x = level * exp(0.1 * (unif() - 0.5));

				if (kind == 1)
					x = level;       /* constant */
				else if (kind == 2 && j == 0)
					x = 0;           /* log-Welch fails */
				else if (kind == 3 && j == 1)
					x = -x;
				fsr_cell_add_sample(cell, x);
			}
			if (!runs && rnd(2))
				fsr_cell_add_failed(cell, "crashed");
		}
	}
	fsr_report_finish_labels(r);
	return r;
}

/* ------------------------------------------------------- the checks */

static int same_double(double a, double b)
{
	return (isnan(a) && isnan(b)) || !memcmp(&a, &b, sizeof(a));
}

/* geo[0..n) against the reference of c's rows: how many fields differ. */
static int geo_differs(const struct fsr_geomean *got, const char *what,
		       const struct fsr_geomean *want)
{
	int bad = 0, v;

	bad += got->sys != want->sys;
	bad += got->k != want->k;
	bad += got->rows != want->rows;
	bad += got->skipped != want->skipped;
	bad += got->bookkeeping != want->bookkeeping;
	bad += got->excluded != want->excluded;
	for (v = 0; v < FSR_VERDICT_COUNT; v++)
		bad += got->hidden[v] != want->hidden[v];
	bad += !same_double(got->ratio, want->ratio);
	bad += !same_double(got->ci_low, want->ci_low);
	bad += !same_double(got->ci_high, want->ci_high);
	bad += !same_double(got->df, want->df);
	if (bad)
		printf("# %s sys %zu: k %zu/%zu rows %zu/%zu skipped %zu/%zu "
		       "ratio %.17g/%.17g ci %.17g/%.17g df %.17g/%.17g\n",
		       what, got->sys, got->k, want->k, got->rows,
		       want->rows, got->skipped, want->skipped, got->ratio,
		       want->ratio, got->ci_low, want->ci_low, got->df,
		       want->df);
	return bad;
}

/* res as the stream's caller leaves it once its rows are made: its
 * samples and names changed (as freed memory would be). */
static void spoil(struct fsr_result *res)
{
	char *name[4];
	size_t i, j;

	name[0] = res->test;
	name[1] = res->arguments;
	name[2] = res->app_version;
	name[3] = res->description;
	for (i = 0; i < 4; i++)
		if (name[i] && *name[i])
			name[i][0] = '#';
	for (i = 0; i < res->n_cells; i++)
		for (j = 0; j < res->cells[i].n; j++)
			res->cells[i].samples[j] = -1;
	res->better = FSR_BETTER_UNKNOWN;
	res->derived = 1;
}

struct tally {
	size_t geos, finite_ci, multi_row_groups, bookkeeping, excluded,
		skipped, lower, log_welch_rows, other_rows, other_in;
};

static void run_case(unsigned seed, struct tally *t)
{
	size_t n_sys = 2 + seed % 4, n_res, i, g;
	struct fsr_report *r, *r2 = NULL;
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_compare_opts o;
	struct fsr_stats *s, *s2 = NULL;
	struct fsr_comparison *c, *sc = NULL;
	struct fsr_compare_stream *cs;
	struct fsr_diag d;
	int bad = 0, failed = 0;

	rng = seed * 2654435761ULL + 1;
	n_res = 5 + rnd(60);
	r = random_report(n_sys, n_res);
	memset(&o, 0, sizeof(o));
	o.confidence = seed % 3 ? 0.95 : 0.9;
	o.alpha = 0.05;
	o.min_change = 1;
	o.test = seed % 5 == 4 ? FSR_TEST_MWU : FSR_TEST_WELCH;
	o.adjust = FSR_ADJUST_HOLM;
	o.ci = FSR_CI_WELCH;
	o.seed = 1;
	o.boot_b = 1000;
	o.baseline = seed % 4 == 3 ? "sys1" : NULL;
	if (seed % 2)
		o.geo_keep = keep_not_x;
	ao.confidence = o.confidence;
	fsr_diag_clear(&d);
	s = fsr_analyze(r, &ao, &d);
	c = s ? fsr_compare(r, s, &o, &d) : NULL;
	if (!c) {
		ok(0, "seed %u: fsr_compare() (%s)", seed, d.msg);
		fsr_stats_free(s);
		fsr_report_free(r);
		return;
	}
	/* fsr_compare() against the code it replaced */
	for (g = 0; g < c->n_geo; g++) {
		struct fsr_geomean want;

		failed |= ref_geomean_of(c, r, c->geo[g].sys, &want);
		bad += geo_differs(&c->geo[g], "fsr_compare", &want);
		t->geos++;
		t->finite_ci += isfinite(want.ci_low);
		t->multi_row_groups += want.rows > want.k;
		t->bookkeeping += want.bookkeeping;
		t->excluded += want.excluded;
		t->skipped += want.skipped - want.excluded;
	}
	for (i = 0; i < c->n_rows; i++) {
		const struct fsr_result *res = r->results[c->rows[i].result];

		if (res->derived || res->better == FSR_BETTER_UNKNOWN)
			continue;
		t->lower += res->better == FSR_BETTER_LOWER;
		if (c->rows[i].method == FSR_METHOD_LOG_WELCH)
			t->log_welch_rows++;
		else
			t->other_rows++;
		if (c->rows[i].method != FSR_METHOD_LOG_WELCH &&
		    !(c->rows[i].flags &
		      (FSR_ROW_NOT_NUMERIC | FSR_ROW_MISSING))) {
			const struct fsr_cell *a =
				&res->cells[c->rows[i].base_cell];
			const struct fsr_cell *b = &res->cells[c->rows[i].cell];
			double l, se, df;

			t->other_in += !fsr_log_welch(a->samples, a->n,
						      b->samples, b->n, &l,
						      &se, &df);
		}
	}
	ok(!failed && !bad && c->n_geo == n_sys - 1,
	   "seed %u: fsr_compare()'s %zu geometric means are the old "
	   "code's, bit for bit", seed, c->n_geo);

	/* the stream: pass 1, the family, pass 2, the mean, on the same
	 * report made again, whose results are spoilt once their rows are
	 * made (the stream may keep none of them) */
	rng = seed * 2654435761ULL + 1;
	(void)rnd(60);
	r2 = random_report(n_sys, n_res);
	s2 = fsr_analyze(r2, &ao, &d);
	cs = s2 ? fsr_compare_stream_new(r2, &o, &d) : NULL;
	if (cs)
		fsr_compare_stream_keep_geomean(cs);
	for (i = 0; cs && i < r2->n_results; i++)
		if (fsr_compare_stream_measure(cs, r2, i, &d))
			break;
	if (cs && i == r2->n_results) {
		fsr_compare_stream_family(cs);
		for (i = 0; i < r2->n_results; i++) {
			const struct fsr_summary *sums =
				fsr_stats_cells(s2, i, &d);

			if (!sums ||
			    !(sc = fsr_compare_stream_rows(cs, r2, i, sums,
							   &d)))
				break;
			spoil(r2->results[i]);
		}
	}
	if (!cs || r2->n_results != r->n_results || i < r2->n_results ||
	    !sc) {
		ok(0, "seed %u: the stream (%s)", seed, d.msg);
	} else if (fsr_compare_stream_geomean(cs, r2, &d) != sc) {
		ok(0, "seed %u: fsr_compare_stream_geomean() (%s)", seed,
		   d.msg);
	} else {
		bad = sc->n_geo != c->n_geo;
		for (g = 0; !bad && g < c->n_geo; g++)
			bad += geo_differs(&sc->geo[g], "stream", &c->geo[g]);
		ok(!bad, "seed %u: the stream's %zu geometric means are "
		   "fsr_compare()'s, bit for bit", seed, sc->n_geo);
	}
	fsr_compare_stream_free(cs);
	fsr_stats_free(s2);
	fsr_report_free(r2);
	fsr_comparison_free(c);
	fsr_stats_free(s);
	fsr_report_free(r);
}

/* Nothing fed: every system but the baseline, k 0, no ratio. */
static void check_empty(void)
{
	struct fsr_geo_acc *a = fsr_geo_acc_new();
	struct fsr_geomean geo[2];
	size_t n = 0;

	/* nothing fed: k 0, no interval, no failure */
	ok(!fsr_geo_acc_finish(a, 2, 0, 0.95, geo, &n) && n == 1 &&
	   geo[0].sys == 1 && geo[0].k == 0 && isnan(geo[0].ratio),
	   "an empty accumulator gives k 0 and no ratio");
	fsr_geo_acc_free(a);
}

int main(void)
{
	struct tally t;
	unsigned seed;

	fsr_analyze_init();
	memset(&t, 0, sizeof(t));
	for (seed = 0; seed < 60; seed++)
		run_case(seed, &t);
	check_empty();
	/* the cases reach every branch the mean has */
	printf("# %zu means: %zu with an interval, %zu with a group of "
	       "several rows; rows: %zu bookkeeping, %zu excluded, %zu "
	       "skipped, %zu lower is better, %zu log-Welch, %zu not (%zu "
	       "of them in the mean)\n",
	       t.geos, t.finite_ci, t.multi_row_groups, t.bookkeeping,
	       t.excluded, t.skipped, t.lower, t.log_welch_rows,
	       t.other_rows, t.other_in);
	ok(t.finite_ci > 10 && t.multi_row_groups > 10 && t.bookkeeping &&
	   t.excluded && t.skipped && t.lower && t.log_welch_rows &&
	   t.other_rows && t.other_in, "the random reports reach every branch");
	return done_testing();
}
