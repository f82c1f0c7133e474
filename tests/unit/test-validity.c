/*
 * test-validity.c - the slow-first-run test (analyze/validity.c,
 * docs/methods.md section 10) against SciPy: the values are
 * tests/data/stats/first-run-reference.txt, written by
 * scripts/first-run-reference.py (scipy.stats.t), never by fsreport.
 * Then the drift across the runs (Mann-Kendall, Sen's slope) against
 * tests/data/stats/drift-reference.txt (scripts/drift-reference.py, plain
 * Python from the textbook definition).
 */
#include "analyze/analyze.h"
#include "analyze/analyze-internal.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#define N(a) (sizeof(a) / sizeof(*(a)))

struct ref {
	const char *name;
	enum fsr_better better;
	const double *x;
	size_t n;
	double t, p, bound, mean_others;
	int flagged;
};

/* examples/sync-modes: "No sync data=ordered", runs 01..10 */
static const double sync_time[] = { 1.71, 0.15, 0.18, 0.16, 0.17,
				     0.12, 0.38, 0.14, 0.23, 0.16 };
static const double sync_rate[] = { 149, 1654, 1457, 1649, 1551,
				    2131, 676, 1856, 1135, 1577 };
/* "data=ordered fsync()": its slow run is the 8th, not the first */
static const double fsync_time[] = { 0.31, 0.30, 0.26, 0.22, 0.22,
				     0.27, 0.26, 0.97, 0.25, 0.25 };
static const double n4[] = { 5.0, 1.0, 1.1, 0.9 };
static double n30[30], n30_fast[30];

static void check(const struct ref *r)
{
	struct fsr_first_run f;

	fsr_first_run(r->x, r->n, r->better, &f);
	ok(f.tested, "%s: tested", r->name);
	is_int(f.n_others, r->n - 1, "%s: n - 1 others", r->name);
	is_double(f.x1, r->x[0], 0, "%s: the first run", r->name);
	is_double(f.t, r->t, 1e-10, "%s: t = %g", r->name, r->t);
	is_double(f.p, r->p, 1e-10, "%s: p = %g (scipy.stats.t)", r->name,
		  r->p);
	is_double(f.bound, r->bound, 1e-10, "%s: 99%% prediction bound",
		  r->name);
	is_double(f.mean_others, r->mean_others, 1e-12,
		  "%s: mean without the first run", r->name);
	is_int(f.flagged, r->flagged, "%s: flagged %d", r->name, r->flagged);
}

static void untested(const double *x, size_t n, enum fsr_better b,
		     const char *why)
{
	struct fsr_first_run f;

	f.tested = 1;
	fsr_first_run(x, n, b, &f);
	ok(!f.tested && !f.flagged && isnan(f.p) && isnan(f.bound),
	   "not tested: %s", why);
}

/* fsr_analyze() keeps the first run's quantile per n (describe.c):
 * the bound and flag of every cell are fsr_first_run()'s bits, for
 * cells of three n described in one pass, each n in two results. */
static void test_kept_quantile(void)
{
	struct fsr_analyze_opts o = { 0.95, 0, 0 };
	struct fsr_report *r = fsr_report_new();
	struct fsr_result *res[2];
	struct fsr_stats *st;
	struct fsr_diag d;
	size_t sys[3], i, j, n;

	fsr_report_add_runset(r, "x", "x.xml", 1);
	for (j = 0; j < 3; j++) {
		char name[8];

		snprintf(name, sizeof(name), "s%zu", j);
		sys[j] = fsr_report_system(r, 0, name);
	}
	for (i = 0; i < 2; i++) {
		struct fsr_result_key k = { i ? "rate" : "time", "", "", "",
					    i ? "MB/s" : "s" };

		res[i] = fsr_report_result(r, &k);
		res[i]->display = FSR_DISPLAY_BAR;
		res[i]->better = i ? FSR_BETTER_HIGHER : FSR_BETTER_LOWER;
		for (j = 0; j < 3; j++)
			for (n = 0; n < 4 + 3 * j; n++)
				fsr_cell_add_sample(fsr_result_cell(res[i],
								    sys[j]),
						    sync_time[n % 10] *
							    (1 + 0.1 * (double)j));
	}
	fsr_diag_clear(&d);
	st = fsr_analyze(r, &o, &d);
	ok(st != NULL, "analyze the kept-quantile fixture");
	for (i = 0; st && i < 2; i++)
		for (j = 0; j < 3; j++) {
			const struct fsr_cell *c = &res[i]->cells[j];
			const struct fsr_first_run *k =
				&st->results[i].cells[j].first;
			struct fsr_first_run f;

			fsr_first_run(c->samples, c->n, res[i]->better, &f);
			ok(k->tested && f.tested && k->bound == f.bound &&
				   k->p == f.p && k->flagged == f.flagged,
			   "n = %zu, %s: the kept quantile gives "
			   "fsr_first_run()'s bound", c->n,
			   i ? "higher" : "lower");
		}
	fsr_stats_free(st);
	fsr_report_free(r);
}

/* Sen's slope is the median of the sorted pairwise slopes, which
 * validity.c selects without sorting them: random runs, with many ties
 * and with few, of 8 to 60 runs, against gsl_sort's median here. */
static void test_drift_sorts(void)
{
	unsigned long long st = 12345;
	double x[60], sl[60 * 59 / 2];
	size_t n, i, j, k, same = 0, tried = 0;
	struct fsr_drift dr;

	for (n = FSR_DRIFT_MIN_N; n <= 60; n++)
		for (k = 0; k < 8; k++) {
			size_t m = 0;

			for (i = 0; i < n; i++) {
				st = st * 6364136223846793005ULL +
				     1442695040888963407ULL;
				x[i] = (double)((st >> 33) % (k < 4 ? 7 : 1000))
				       * 0.25 - (k & 1 ? 1 : 0);
			}
			for (i = 0; i < n; i++)
				for (j = i + 1; j < n; j++)
					sl[m++] = (x[j] - x[i]) / (double)(j - i);
			gsl_sort(sl, 1, m);
			fsr_drift(x, n, &dr);
			tried++;
			if (dr.tested &&
			    !memcmp(&dr.sen, &(double){
				    gsl_stats_median_from_sorted_data(sl, 1, m) },
				    sizeof(double)))
				same++;
		}
	is_int(same, tried, "Sen's slope: gsl_sort's median, bit for bit, "
	       "in %zu random cells of 8 to 60 runs", tried);
	{
		const double z[] = { 0.0, -0.0, 0.0, -0.0, 1, -0.0, 0.0, 2,
				     -0.0, 0.0 };

		fsr_drift(z, N(z), &dr);
		for (i = 0, k = 0; i < N(z); i++)
			for (j = i + 1; j < N(z); j++)
				sl[k++] = (z[j] - z[i]) / (double)(j - i);
		gsl_sort(sl, 1, k);
		ok(dr.tested &&
			   !memcmp(&dr.sen, &(double){
				   gsl_stats_median_from_sorted_data(sl, 1,
								     k) },
				   sizeof(double)),
		   "Sen's slope of runs of -0 and +0: gsl_sort's, sign too");
	}
}

static void test_drift(void)
{
	FILE *fp = fopen("tests/data/stats/drift-reference.txt", "r");
	char name[32];
	size_t n, i;
	int cases = 0;

	if (!ok(fp != NULL, "open tests/data/stats/drift-reference.txt"))
		return;
	while (fscanf(fp, "%31s %zu", name, &n) == 2 && n <= 64) {
		double x[64], s, var, z, p, sen;
		struct fsr_drift d;

		for (i = 0; i < n; i++)
			if (fscanf(fp, "%lf", &x[i]) != 1)
				break;
		if (i < n || fscanf(fp, "%lf %lf %lf %lf %lf", &s, &var, &z, &p,
				    &sen) != 5)
			break;
		cases++;
		fsr_drift(x, n, &d);
		ok(d.tested, "drift %s: tested", name);
		is_double(d.s, s, 0, "drift %s: S = %g", name, s);
		is_double(d.var_s, var, 1e-13, "drift %s: var S = %g", name,
			  var);
		is_double(d.z, z, 1e-12, "drift %s: z = %g", name, z);
		is_double(d.p, p, 1e-10, "drift %s: p = %g", name, p);
		is_double(d.sen, sen, 1e-12, "drift %s: Sen's slope %g", name,
			  sen);
		is_int(d.flagged, p < FSR_DRIFT_ALPHA, "drift %s: %s", name,
		       p < FSR_DRIFT_ALPHA ? "flagged" : "not flagged");
		/* the test alone (show's lean summaries): the same
		 * figures, with ties and without */
		fsr_drift_test(x, n, &d);
		is_double(d.var_s, var, 1e-13, "drift test %s: var S = %g",
			  name, var);
		is_double(d.p, p, 1e-10, "drift test %s: p = %g", name, p);
	}
	fclose(fp);
	ok(cases == 6, "6 drift cases read (%d)", cases);
	{
		struct fsr_drift d;
		double few[7] = { 1, 2, 3, 4, 5, 6, 7 };

		fsr_drift(few, 7, &d);
		ok(!d.tested && !d.flagged && isnan(d.p),
		   "drift: 7 runs are too few (at least %d)", FSR_DRIFT_MIN_N);
	}
}

int main(void)
{
	struct fsr_first_run f;
	size_t k;

	fsr_analyze_init();
	n30[0] = 2.0;
	n30_fast[0] = 0.5;
	for (k = 0; k < 29; k++)
		n30[k + 1] = n30_fast[k + 1] =
			1 + 0.01 * (double)((7 * k) % 13);
	{
		const struct ref refs[] = {
			{ "sync-time", FSR_BETTER_LOWER, sync_time,
			  N(sync_time), 6.3829085572481308,
			  0.00010649009224333738, 0.49575931552395558,
			  0.18777777777777774, 1 },
			{ "sync-rate", FSR_BETTER_HIGHER, sync_rate,
			  N(sync_rate), -6.4597313961265721,
			  9.8138650860663218e-05, 524.02229791376385,
			  1520.6666666666667, 1 },
			{ "fsync-time", FSR_BETTER_LOWER, fsync_time,
			  N(fsync_time), 0.11445748227711387,
			  0.45584783001248586, 1.1901094400425927,
			  0.33333333333333331, 0 },
			{ "n4", FSR_BETTER_LOWER, n4, N(n4),
			  13.914656022532744, 0.0025625733301103976,
			  2.2341967119943376, 1, 1 },
			{ "n30", FSR_BETTER_LOWER, n30, N(n30),
			  17.085136272746016, 1.2076553752961673e-16,
			  1.1578918373388791, 1.0565517241379312, 1 },
			{ "n30-fast", FSR_BETTER_HIGHER, n30_fast,
			  N(n30_fast), -19.992873379699226,
			  2.0473755261136949e-18, 0.96282386094233396,
			  1.0565517241379312, 1 },
		};

		for (k = 0; k < N(refs); k++)
			check(&refs[k]);
	}

	/* the slow side only: sync-time's first run read as a rate is
	 * fast, not slow */
	fsr_first_run(sync_time, N(sync_time), FSR_BETTER_HIGHER, &f);
	ok(f.tested && !f.flagged && f.p > 0.99,
	   "a fast first run is never flagged (p = %g)", f.p);

	untested(n4, 3, FSR_BETTER_LOWER, "n = 3 (2 others)");
	untested(n4, 1, FSR_BETTER_LOWER, "n = 1");
	untested(n4, 0, FSR_BETTER_LOWER, "n = 0");
	untested(n4, N(n4), FSR_BETTER_UNKNOWN, "direction unknown");
	{
		const double zero[] = { 5, 1, 0, 2 }, neg[] = { 5, 1, -1, 2 };

		untested(zero, N(zero), FSR_BETTER_LOWER, "a run of 0");
		untested(neg, N(neg), FSR_BETTER_LOWER, "a run below 0");
	}

	/* no spread among the others */
	{
		const double slow[] = { 2, 1, 1, 1 }, same[] = { 1, 1, 1, 1 },
			     fast[] = { 0.5, 1, 1, 1 },
			     tiny[] = { 1.001, 1, 1, 1, 1 };

		fsr_first_run(slow, N(slow), FSR_BETTER_LOWER, &f);
		ok(f.tested && isinf(f.t) && f.t > 0 && f.p == 0 &&
			   f.flagged && f.bound == 1,
		   "others equal, first slower: t = +inf, p = 0, flagged, "
		   "bound their value");
		fsr_first_run(same, N(same), FSR_BETTER_LOWER, &f);
		ok(f.tested && f.t == 0 && f.p == 0.5 && !f.flagged,
		   "all equal: t = 0, p = 0.5, not flagged");
		fsr_first_run(fast, N(fast), FSR_BETTER_LOWER, &f);
		ok(f.tested && isinf(f.t) && f.t < 0 && f.p == 1 &&
			   !f.flagged,
		   "others equal, first faster (lower is better): p = 1");
		fsr_first_run(fast, N(fast), FSR_BETTER_HIGHER, &f);
		ok(f.tested && f.p == 0 && f.flagged,
		   "others equal, first smaller (higher is better): flagged");
		fsr_first_run(tiny, N(tiny), FSR_BETTER_LOWER, &f);
		ok(f.tested && f.p == 0 && !f.flagged,
		   "beyond the bound but the mean moves 0.02%%: not "
		   "material, not flagged");
	}

	/* the summary carries it, and its numbers stay the runs' */
	{
		struct fsr_summary s;
		struct fsr_diag d;

		ok(fsr_describe(sync_time, N(sync_time), 0.95, &s, &d) == 0,
		   "describe sync-time");
		is_double(s.mean, 0.34, 1e-12,
			  "the mean still includes the first run");
		ok(!s.first.tested,
		   "fsr_describe() has no direction: not tested");
	}
	test_kept_quantile();
	test_drift();
	test_drift_sorts();
	return done_testing();
}
