/*
 * test-stats.c - analyze/ against independent reference values: every
 * case of tests/data/stats/reference.txt (written by R through
 * scripts/stats-reference.R, cross-checked with SciPy by
 * scripts/stats-reference.py), then the edge cases R refuses, the
 * bootstrap, and whole comparisons built in memory.
 *
 * Tolerances: 1e-10 relative for descriptive statistics and intervals,
 * 1e-8 for p values (issue 4).
 */
#include "../../analyze/analyze.h"
#include "../../analyze/analyze-internal.h"
#include "tap.h"
#include "../../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TOL_DESC 1e-10
#define TOL_P 1e-8

/* ------------------------------------------------- reference loader */

struct ref_key {
	char name[32];
	double *v;
	size_t n;
};

struct ref_case {
	char kind[32], name[64];
	struct ref_key keys[48];
	size_t n_keys;
};

static struct ref_case *cases;
static size_t n_cases;

static void load_reference(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, cap_cases = 0;
	struct ref_case *cur = NULL;

	if (!fp) {
		ok(0, "open %s", path);
		return;
	}
	while (getline(&line, &cap, fp) > 0) {
		char *p = line, *end;
		struct ref_key *k;
		size_t len;

		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "case ", 5)) {
			FSR_GROW(cases, cap_cases, n_cases + 1);
			cur = &cases[n_cases++];
			memset(cur, 0, sizeof(*cur));
			if (sscanf(line, "case %31s %63s", cur->kind,
				   cur->name) != 2)
				FSR_BUG("bad case line '%s'", line);
			continue;
		}
		if (!strcmp(line, "end")) {
			cur = NULL;
			continue;
		}
		if (!cur || !*line || *line == '#')
			continue;
		if (cur->n_keys == 48)
			FSR_BUG("too many keys in %s", cur->name);
		k = &cur->keys[cur->n_keys++];
		len = strcspn(p, " ");
		if (len >= sizeof(k->name))
			FSR_BUG("key too long: %s", line);
		memcpy(k->name, p, len);
		k->name[len] = '\0';
		p += len;
		k->v = fsr_xmalloc((strlen(p) / 2 + 1) * sizeof(*k->v));
		for (;;) {
			double x = strtod(p, &end);

			if (end == p)
				break;
			k->v[k->n++] = x;
			p = end;
		}
	}
	free(line);
	fclose(fp);
}

static const struct ref_key *key(const struct ref_case *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->n_keys; i++)
		if (!strcmp(c->keys[i].name, name))
			return &c->keys[i];
	FSR_BUG("case %s %s has no key '%s'", c->kind, c->name, name);
}

static double val(const struct ref_case *c, const char *name)
{
	return key(c, name)->v[0];
}

/* ------------------------------------------------------ the cases */

static void check_describe(const struct ref_case *c)
{
	const struct ref_key *x = key(c, "x");
	struct fsr_summary s;

	ok(fsr_describe(x->v, x->n, val(c, "conf"), &s, NULL) == 0,
	   "describe %s: runs", c->name);
	is_int(s.n, (size_t)val(c, "n"), "describe %s: n", c->name);
	is_double(s.mean, val(c, "mean"), TOL_DESC, "describe %s: mean",
		  c->name);
	is_double(s.sd, val(c, "sd"), TOL_DESC, "describe %s: sd", c->name);
	is_double(s.se, val(c, "se"), TOL_DESC, "describe %s: se", c->name);
	is_double(s.ci_low, val(c, "ci_low"), TOL_DESC,
		  "describe %s: t interval low", c->name);
	is_double(s.ci_high, val(c, "ci_high"), TOL_DESC,
		  "describe %s: t interval high", c->name);
	is_double(s.median, val(c, "median"), TOL_DESC,
		  "describe %s: median", c->name);
	is_double(s.min, val(c, "min"), TOL_DESC, "describe %s: min",
		  c->name);
	is_double(s.max, val(c, "max"), TOL_DESC, "describe %s: max",
		  c->name);
	is_double(s.cv_pct, val(c, "cv_pct"), TOL_DESC, "describe %s: cv %%",
		  c->name);
}

static void check_welch(const struct ref_case *c)
{
	const struct ref_key *x = key(c, "x"), *y = key(c, "y");
	struct fsr_welch w;

	ok(fsr_welch_test(x->v, x->n, y->v, y->n, val(c, "conf"), &w) == 0,
	   "welch %s: runs", c->name);
	is_double(w.t, val(c, "t"), TOL_DESC, "welch %s: t", c->name);
	is_double(w.df, val(c, "df"), TOL_DESC, "welch %s: df", c->name);
	is_double(w.p, val(c, "p"), TOL_P, "welch %s: p", c->name);
	is_double(w.diff, val(c, "diff"), TOL_DESC, "welch %s: difference",
		  c->name);
	is_double(w.diff_low, val(c, "diff_low"), TOL_DESC,
		  "welch %s: interval low", c->name);
	is_double(w.diff_high, val(c, "diff_high"), TOL_DESC,
		  "welch %s: interval high", c->name);
	ok(!w.degenerate, "welch %s: not degenerate", c->name);
}

static void check_mwu(const struct ref_case *c, enum fsr_mwu_method m)
{
	const struct ref_key *x = key(c, "x"), *y = key(c, "y");
	const char *how = m == FSR_MWU_EXACT ? "exact" : "normal";
	struct fsr_mwu u;

	ok(fsr_mwu_test(x->v, x->n, y->v, y->n, m, &u) == 0,
	   "U %s %s: runs", how, c->name);
	is_double(u.u, val(c, "u"), TOL_DESC, "U %s %s: U", how, c->name);
	is_double(u.p, val(c, "p"), TOL_P, "U %s %s: p", how, c->name);
	is_int(u.exact, m == FSR_MWU_EXACT, "U %s %s: method", how, c->name);
}

static void check_vector(const double *got, const struct ref_key *want,
			 double tol, const char *what, const char *name)
{
	size_t i;

	for (i = 0; i < want->n; i++)
		is_double(got[i], want->v[i], tol, "%s %s [%zu]", what, name,
			  i);
}

static void check_adjust(const struct ref_case *c)
{
	const struct ref_key *p = key(c, "p");
	double *out = fsr_xcalloc(p->n, sizeof(*out));

	fsr_p_adjust(p->v, p->n, FSR_ADJUST_HOLM, out);
	check_vector(out, key(c, "holm"), TOL_P, "Holm", c->name);
	fsr_p_adjust(p->v, p->n, FSR_ADJUST_BH, out);
	check_vector(out, key(c, "bh"), TOL_P, "BH", c->name);
	fsr_p_adjust(p->v, p->n, FSR_ADJUST_NONE, out);
	check_vector(out, p, 0, "no correction", c->name);
	free(out);
}

static void check_geocombine(const struct ref_case *c)
{
	const struct ref_key *l = key(c, "l");
	struct fsr_geo_est e;

	ok(fsr_geomean_combine(l->v, key(c, "se")->v, key(c, "df")->v, l->n,
			       val(c, "conf"), &e) == 0,
	   "geomean %s: runs", c->name);
	is_double(e.ratio, val(c, "g"), TOL_DESC, "geomean %s", c->name);
	is_double(e.ci_low, val(c, "ci_low"), TOL_DESC, "geomean %s: low",
		  c->name);
	is_double(e.ci_high, val(c, "ci_high"), TOL_DESC, "geomean %s: high",
		  c->name);
	is_double(e.df, val(c, "ci_df"), TOL_DESC, "geomean %s: df",
		  c->name);
}

static void check_tukey(const struct ref_case *c)
{
	const struct ref_key *x = key(c, "x");
	double q1, q3, lo, hi;

	fsr_tukey_fences(x->v, x->n, &q1, &q3, &lo, &hi);
	is_double(q1, val(c, "q1"), TOL_DESC, "Tukey %s: Q1", c->name);
	is_double(q3, val(c, "q3"), TOL_DESC, "Tukey %s: Q3", c->name);
	is_double(lo, val(c, "lo"), TOL_DESC, "Tukey %s: low fence",
		  c->name);
	is_double(hi, val(c, "hi"), TOL_DESC, "Tukey %s: high fence",
		  c->name);
	is_int(fsr_count_outside(x->v, x->n, lo, hi), val(c, "count"),
	       "Tukey %s: outliers", c->name);
}

static void check_mad(const struct ref_case *c)
{
	const struct ref_key *x = key(c, "x");
	double med, mad, lo, hi, zmax = 0;
	size_t i;

	fsr_mad_fences(x->v, x->n, &med, &mad, &lo, &hi);
	is_double(med, val(c, "median"), TOL_DESC, "MAD %s: median",
		  c->name);
	is_double(mad, val(c, "mad"), TOL_DESC, "MAD %s: MAD", c->name);
	for (i = 0; i < x->n; i++)
		zmax = fmax(zmax, fabs(0.6745 * (x->v[i] - med) / mad));
	is_double(zmax, val(c, "max_abs_z"), TOL_DESC,
		  "MAD %s: largest |modified z|", c->name);
	is_int(fsr_count_outside(x->v, x->n, lo, hi), val(c, "count"),
	       "MAD %s: outliers", c->name);
}

static void check_median_ci(const struct ref_case *c)
{
	const struct ref_key *x = key(c, "x");
	double lo, hi, cov;
	size_t k;

	ok(fsr_median_ci(x->v, x->n, val(c, "conf"), &k, &lo, &hi, &cov) ==
		   0, "median interval %s: runs", c->name);
	is_int(k, val(c, "k"), "median interval %s: k", c->name);
	is_int(fsr_median_rank(x->n, val(c, "conf")), val(c, "k"),
	       "median rank %s: the same k", c->name);
	is_double(lo, val(c, "lo"), TOL_DESC, "median interval %s: low",
		  c->name);
	is_double(hi, val(c, "hi"), TOL_DESC, "median interval %s: high",
		  c->name);
	is_double(cov, val(c, "coverage"), TOL_DESC,
		  "median interval %s: coverage", c->name);
}

/* ------------------------------------------- comparisons in memory */

struct fixture {
	struct fsr_report *r;
	struct fsr_stats *s;
	struct fsr_comparison *c;
	size_t sys[4];
};

static struct fsr_result *add_result(struct fsr_report *r, const char *test,
				     enum fsr_better better)
{
	struct fsr_result_key k = { test, "", "", "", "u" };
	struct fsr_result *res = fsr_report_result(r, &k);

	res->better = better;
	return res;
}

static void add_samples(struct fsr_report *r, struct fsr_result *res,
			size_t sys, const double *x, size_t n)
{
	struct fsr_cell *cell = fsr_result_cell(res, sys);
	size_t i;

	(void)r;
	for (i = 0; i < n; i++)
		fsr_cell_add_sample(cell, x[i]);
}

static void fixture_init(struct fixture *f, size_t n_sys)
{
	static const char *labels[] = { "base", "new", "other", "fourth" };
	size_t i;

	memset(f, 0, sizeof(*f));
	f->r = fsr_report_new();
	for (i = 0; i < n_sys; i++)
		f->sys[i] = fsr_report_system(
			f->r, fsr_report_add_runset(f->r, labels[i],
						    labels[i], 1), NULL);
}

static int fixture_run(struct fixture *f, const struct fsr_compare_opts *o)
{
	struct fsr_analyze_opts ao = { o->confidence, 0, 0 };
	struct fsr_diag d;

	fsr_report_finish_labels(f->r);
	fsr_diag_clear(&d);
	f->s = fsr_analyze(f->r, &ao, &d);
	if (!f->s)
		return -1;
	f->c = fsr_compare(f->r, f->s, o, &d);
	return f->c ? 0 : -1;
}

static void fixture_release(struct fixture *f)
{
	fsr_comparison_free(f->c);
	fsr_stats_free(f->s);
	fsr_report_free(f->r);
}

static struct fsr_compare_opts default_opts(void)
{
	struct fsr_compare_opts o;

	memset(&o, 0, sizeof(o));
	o.confidence = 0.95;
	o.alpha = 0.05;
	o.min_change = 1;
	o.test = FSR_TEST_WELCH;
	o.adjust = FSR_ADJUST_HOLM;
	o.ci = FSR_CI_WELCH;
	o.seed = 1;
	o.boot_b = 10000;
	return o;
}

/* The "compare three" case: a whole comparison against R, under every
 * correction and both deciding tests. */
static void check_compare(const struct ref_case *c)
{
	static const enum fsr_adjust adj[] = { FSR_ADJUST_HOLM, FSR_ADJUST_BH,
					       FSR_ADJUST_NONE };
	static const char *adj_name[] = { "holm", "bh", "none" };
	size_t a, t, i;

	for (a = 0; a < 3; a++) {
		for (t = 0; t < 2; t++) {
			struct fsr_compare_opts o = default_opts();
			const char *tname = t ? "mwu" : "welch";
			struct fixture f;
			char name[32];

			o.adjust = adj[a];
			o.test = t ? FSR_TEST_MWU : FSR_TEST_WELCH;
			fixture_init(&f, 2);
			for (i = 1; i <= 3; i++) {
				const struct ref_key *ka, *kb;
				struct fsr_result *res;

				snprintf(name, sizeof(name), "better%zu", i);
				res = add_result(f.r, name + 6,
						 (enum fsr_better)val(c,
								      name));
				snprintf(name, sizeof(name), "a%zu", i);
				ka = key(c, name);
				name[0] = 'b';
				kb = key(c, name);
				add_samples(f.r, res, f.sys[0], ka->v, ka->n);
				add_samples(f.r, res, f.sys[1], kb->v, kb->n);
			}
			if (!ok(fixture_run(&f, &o) == 0,
				"compare %s %s: runs", adj_name[a], tname)) {
				fixture_release(&f);
				continue;
			}
			is_int(f.c->n_rows, 3, "compare: three rows");
			is_int(f.c->n_family, 3, "compare: family of three");
			is_double(f.c->ci_level,
				  val(c, (snprintf(name, sizeof(name),
						   "level_%s", adj_name[a]),
					  name)), 1e-15,
				  "compare %s: the family's level",
				  adj_name[a]);
			for (i = 0; i < 3 && i < f.c->n_rows; i++) {
				const struct fsr_compare_row *row =
					&f.c->rows[i];
				double want;

				/* Welch decides: log-Welch at the level; the
				 * U test: the Hodges-Lehmann shift. */
				snprintf(name, sizeof(name), "%s%s",
					 t ? "hl_" : "delta",
					 t ? adj_name[a] : "");
				is_double(row->change_pct, key(c, name)->v[i],
					  TOL_DESC, "compare %s %s row %zu: "
					  "change", adj_name[a], tname, i + 1);
				is_str(fsr_method_name(row->method),
				       t ? "hodges-lehmann" : "log-welch",
				       "compare row %zu: method", i + 1);
				is_double(row->diff, key(c, "diff")->v[i],
					  TOL_DESC, "compare row %zu: "
					  "difference", i + 1);
				snprintf(name, sizeof(name), "%s_low_%s",
					 t ? "hl" : "ci", adj_name[a]);
				is_double(row->ci_low_pct, key(c, name)->v[i],
					  TOL_DESC, "compare %s %s row %zu: "
					  "interval low", adj_name[a], tname,
					  i + 1);
				snprintf(name, sizeof(name), "%s_high_%s",
					 t ? "hl" : "ci", adj_name[a]);
				is_double(row->ci_high_pct, key(c, name)->v[i],
					  TOL_DESC, "compare %s %s row %zu: "
					  "interval high", adj_name[a], tname,
					  i + 1);
				snprintf(name, sizeof(name), "diff_low_%s",
					 adj_name[a]);
				if (!t || a != 1)
					is_double(row->diff_low,
						  key(c, name)->v[i], TOL_DESC,
						  "compare %s row %zu: "
						  "difference low",
						  adj_name[a], i + 1);
				is_double(row->p_welch,
					  key(c, "p_welch")->v[i], TOL_P,
					  "compare row %zu: p Welch", i + 1);
				is_double(row->p_mwu, key(c, "p_mwu")->v[i],
					  TOL_P, "compare row %zu: p U",
					  i + 1);
				if (adj[a] == FSR_ADJUST_NONE) {
					want = t ? row->p_mwu : row->p_welch;
				} else {
					snprintf(name, sizeof(name), "%s_%s",
						 adj_name[a], tname);
					want = key(c, name)->v[i];
				}
				is_double(row->p_adj, want, TOL_P,
					  "compare %s %s row %zu: p_adj",
					  adj_name[a], tname, i + 1);
			}
			is_int(f.c->n_geo, 1, "compare: one geomean");
			is_double(f.c->geo[0].ratio, val(c, "geo"), TOL_DESC,
				  "compare: geomean of ratios");
			is_double(f.c->geo[0].ci_low, val(c, "geo_low"),
				  TOL_DESC, "compare: geomean low");
			is_double(f.c->geo[0].ci_high, val(c, "geo_high"),
				  TOL_DESC, "compare: geomean high");
			is_int(f.c->geo[0].k, 3, "compare: geomean of 3");
			fixture_release(&f);
		}
	}
}


/* Hodges-Lehmann shift and its exact interval against R's wilcox.test. */
static void check_hl(const struct ref_case *c)
{
	const struct ref_key *ka = key(c, "a"), *kb = key(c, "b");
	struct fsr_hl h;

	ok(fsr_hodges_lehmann(ka->v, ka->n, kb->v, kb->n, val(c, "conf"),
			      &h) == 0, "hl %s: runs", c->name);
	is_double(h.shift, val(c, "shift"), TOL_DESC, "hl %s: shift",
		  c->name);
	is_double(h.low, val(c, "low"), TOL_DESC, "hl %s: low", c->name);
	is_double(h.high, val(c, "high"), TOL_DESC, "hl %s: high", c->name);
}

/* power.t.test's delta and n against R. */
static void check_power(const struct ref_case *c)
{
	double n = val(c, "n"), sd = val(c, "sd"), sig = val(c, "sig");

	is_double(fsr_t_mde(n, sd, sig, 0.8), val(c, "mde"), 1e-7,
		  "power %s: smallest detectable shift", c->name);
	is_double(fsr_t_runs(val(c, "delta"), sd, sig, 0.8), val(c, "runs"),
		  1e-7, "power %s: runs per side", c->name);
	is_double(fsr_t_power(n, val(c, "mde"), sd, sig), 0.8, 1e-8,
		  "power %s: power at that shift", c->name);
}

/* Samples not all > 0 (issue 13, points 1 and 2): the difference in the
 * unit, the verdict from its sign and the direction, a % only of a
 * baseline of one sign. */
static void check_signs(const struct ref_case *c)
{
	const struct ref_key *ka = key(c, "a"), *kb = key(c, "b");
	struct fsr_compare_opts o = default_opts();
	const struct fsr_compare_row *row;
	struct fsr_result *res;
	struct fixture f;
	int mixed = !strcmp(c->name, "mixed");

	fixture_init(&f, 2);
	res = add_result(f.r, "x", FSR_BETTER_HIGHER);
	add_samples(f.r, res, f.sys[0], ka->v, ka->n);
	add_samples(f.r, res, f.sys[1], kb->v, kb->n);
	if (!ok(fixture_run(&f, &o) == 0, "signs %s: runs", c->name)) {
		fixture_release(&f);
		return;
	}
	row = &f.c->rows[0];
	is_str(fsr_method_name(row->method), "diff-welch",
	       "signs %s: difference of the means", c->name);
	ok(row->flags & FSR_ROW_DIFF_UNIT, "signs %s: flagged", c->name);
	is_double(row->diff, val(c, "diff"), TOL_DESC, "signs %s: diff",
		  c->name);
	is_double(row->diff_low, val(c, "diff_low"), TOL_DESC,
		  "signs %s: diff low", c->name);
	is_double(row->diff_high, val(c, "diff_high"), TOL_DESC,
		  "signs %s: diff high", c->name);
	is_double(row->p_welch, val(c, "p"), TOL_P, "signs %s: p", c->name);
	ok(isnan(row->ci_low_pct) && isnan(row->ci_high_pct),
	   "signs %s: no interval in %%", c->name);
	if (mixed) {
		ok(row->flags & FSR_ROW_ZERO_BASE && isnan(row->change_pct) &&
		   isnan(row->delta_pct), "mixed-sign baseline: no %%");
	} else {
		is_double(row->change_pct, val(c, "delta"), TOL_DESC,
			  "signs %s: %% of |baseline mean|", c->name);
		ok(row->change_pct > 0, "-10.07 -> -8.07 dB: a + change");
	}
	is_str(fsr_verdict_name(row->verdict), "better",
	       "signs %s: up, higher is better: better", c->name);
	fixture_release(&f);
}

/* ------------------------------------------ edge cases R refuses */

static void check_edges(void)
{
	static const double k5[] = { 5, 5, 5, 5 }, k6[] = { 6, 6, 6 };
	static const double one[] = { 3.5 }, two[] = { 1, 2 };
	struct fsr_welch w;
	struct fsr_mwu u;
	size_t i;

	fsr_welch_test(k5, 4, k5, 3, 0.95, &w);
	ok(w.degenerate, "Welch identical constants: degenerate");
	is_double(w.p, 1, 0, "Welch identical constants: p = 1");
	is_double(w.diff_low, 0, 0, "Welch identical constants: no width");
	fsr_welch_test(k5, 4, k6, 3, 0.95, &w);
	is_double(w.p, 0, 0, "Welch differing constants: p = 0");
	ok(isinf(w.t) && w.t > 0, "Welch differing constants: t = +inf");
	is_double(w.diff_low, 1, 0, "Welch differing constants: low = 1");
	is_double(w.diff_high, 1, 0, "Welch differing constants: high = 1");
	fsr_welch_test(one, 1, two, 2, 0.95, &w);
	ok(isnan(w.p) && isnan(w.t) && isnan(w.diff_low),
	   "Welch n = 1: nothing");

	fsr_mwu_test(k5, 3, k5, 4, FSR_MWU_NORMAL, &u);
	is_double(u.p, 1, 0, "U normal, every value tied: p = 1");
	fsr_mwu_test(k5, 3, k5, 4, FSR_MWU_EXACT, &u);
	is_double(u.p, 1, 0, "U exact, every value tied: p = 1");
	fsr_mwu_test(k5, 3, k6, 3, FSR_MWU_AUTO, &u);
	is_double(u.p_floor, 0.1, 1e-15, "U floor 3 + 3 = 0.1");
	is_double(u.p, 0.1, 1e-15, "U 3 + 3 apart with ties: 0.1");
	fsr_mwu_test(k5, 4, k5, 4, FSR_MWU_AUTO, &u);
	is_double(u.p_floor, 2.0 / 70, 1e-12, "U floor 4 + 4 = 2/70");
	fsr_mwu_test(one, 0, two, 2, FSR_MWU_AUTO, &u);
	ok(isnan(u.p) && isnan(u.u), "U with an empty side: nothing");

	{
		double x[51];

		for (i = 0; i < 51; i++)
			x[i] = (double)(i * 7 % 51);
		fsr_mwu_test(x, 25, x + 25, 25, FSR_MWU_AUTO, &u);
		ok(u.exact, "U exact up to 50 runs in all");
		fsr_mwu_test(x, 25, x + 25, 26, FSR_MWU_AUTO, &u);
		ok(!u.exact && isfinite(u.z), "U normal above 50 runs");
	}
	{
		static const double mostly5[] = { 5, 5, 5, 6, 5 };
		double q1, q3, lo, hi, med, mad;

		fsr_mad_fences(k5, 4, &med, &mad, &lo, &hi);
		ok(lo == 5 && hi == 5, "MAD 0: fences on the median");
		fsr_mad_fences(mostly5, 5, &med, &mad, &lo, &hi);
		is_int(fsr_count_outside(mostly5, 5, lo, hi), 1,
		       "MAD 0: the one value off the median is flagged");
		fsr_tukey_fences(k5, 0, &q1, &q3, &lo, &hi);
		ok(isnan(lo), "Tukey with no sample: NAN");
	}
	{
		double p[] = { 0.01, NAN, 0.04 }, out[3];

		fsr_p_adjust(p, 3, FSR_ADJUST_HOLM, out);
		ok(isnan(out[1]), "Holm keeps NAN out of the family");
		is_double(out[0], 0.02, 1e-15, "Holm family of two: 2 p");
		is_double(out[2], 0.04, 1e-15, "Holm family of two: largest");
		fsr_p_adjust(p, 3, FSR_ADJUST_BH, out);
		is_double(out[0], 0.02, 1e-15, "BH family of two");
	}
}

/* The bootstrap has no exact reference (a different generator than R's):
 * check it is reproducible and near R's B = 200000 interval for the doc's
 * data, [1.00080, 1.02683] (docs/methods.md 9.6). */
static const double doc_a[] = { 4088.2, 4090.9, 4089.5, 4127.3, 4082.2,
				4119.0, 4153.8, 4039.5, 4120.2, 4103.4 };
static const double doc_b[] = { 4158.6, 4161.1, 4102.3, 4273.0, 4266.7,
				4213.0, 4040.7, 4222.3, 4038.6, 4105.6 };

/* ------------------------------------------ the U test's cache */

/* x[0..n) a shuffle of 0 .. n - 1 (distinct: no ties), by an LCG. */
static void shuffled(double *x, size_t n, unsigned long *state)
{
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = (double)i;
	for (i = n; i > 1; i--) {
		size_t j;
		double t;

		*state = *state * 6364136223846793005UL + 1442695040888963407UL;
		j = (size_t)(*state >> 33) % i;
		t = x[i - 1];
		x[i - 1] = x[j];
		x[j] = t;
	}
}

/*
 * Pairs of sizes in an order that grows the cache twice and comes back
 * to sizes already cached; each pair with separated samples (p at the
 * floor) and three shuffles (the later ones reuse the first's table):
 * the cached p must be bit for bit the fresh one.
 */
static void check_mwu_cache(void)
{
	static const size_t pairs[][2] = {
		{ 3, 4 }, { 10, 10 }, { 1, 1 }, { 2, 30 }, { 25, 25 },
		{ 7, 13 }, { 13, 7 }, { 10, 10 }, { 3, 4 }, { 1, 6 },
	};
	static const double tied_a[] = { 1, 2, 2, 3, 5, 5, 5, 8, 9, 9 };
	static const double tied_b[] = { 2, 4, 5, 6, 6, 7, 9, 9, 10, 11 };
	struct fsr_mwu_cache *mc = fsr_mwu_cache_new();
	struct fsr_mwu fresh, cached;
	unsigned long state = 42;
	double x[51];
	size_t i, j, r, same = 0, inner = 0;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		size_t na = pairs[i][0], nb = pairs[i][1];

		for (r = 0; r < 4; r++) {
			if (r == 0) {
				for (j = 0; j < na + nb; j++)
					x[j] = (double)j;
			} else {
				shuffled(x, na + nb, &state);
			}
			fsr_mwu_test(x, na, x + na, nb, FSR_MWU_AUTO, &fresh);
			fsr_mwu_test_cached(x, na, x + na, nb, FSR_MWU_AUTO,
					    mc, &cached);
			same += cached.exact && fresh.exact &&
				cached.p == fresh.p && cached.u == fresh.u;
			inner += fresh.p > fresh.p_floor && fresh.p < 1;
		}
	}
	is_int(same, 4 * sizeof(pairs) / sizeof(pairs[0]),
	       "U cache: every p bit for bit the fresh one");
	ok(inner >= 20, "U cache: most shuffles are no trivial case (%zu)",
	   inner);
	for (i = 0; i < 51; i++)
		x[i] = (double)i;
	fsr_mwu_test_cached(x, 10, x + 10, 10, FSR_MWU_AUTO, mc, &cached);
	is_double(cached.p, cached.p_floor, 1e-12,
		  "U cache: separated 10 + 10 reaches the floor");
	fsr_mwu_test(tied_a, 10, tied_b, 10, FSR_MWU_AUTO, &fresh);
	fsr_mwu_test_cached(tied_a, 10, tied_b, 10, FSR_MWU_AUTO, mc,
			    &cached);
	ok(cached.exact && cached.p == fresh.p,
	   "U cache: ties give the fresh p");
	/* The same tie pattern split the other way, and the pooled values
	 * reversed (the groups' sizes in the other order): each its own p,
	 * each bit for bit the fresh one. */
	fsr_mwu_test(tied_b, 10, tied_a, 10, FSR_MWU_AUTO, &fresh);
	fsr_mwu_test_cached(tied_b, 10, tied_a, 10, FSR_MWU_AUTO, mc,
			    &cached);
	ok(cached.exact && cached.p == fresh.p,
	   "U cache: same tie pattern again, the other split");
	{
		double ra[10], rb[10];

		for (j = 0; j < 10; j++) {
			ra[j] = -tied_a[j];
			rb[j] = -tied_b[j] + 0.5 * (j == 0);
		}
		fsr_mwu_test(ra, 10, rb, 10, FSR_MWU_AUTO, &fresh);
		fsr_mwu_test_cached(ra, 10, rb, 10, FSR_MWU_AUTO, mc,
				    &cached);
		ok(cached.exact && cached.p == fresh.p,
		   "U cache: another tie pattern, its own counts");
	}
	fsr_mwu_test_cached(x, 10, x + 10, 10, FSR_MWU_AUTO, mc, &cached);
	is_double(cached.p, cached.p_floor, 1e-12,
		  "U cache: ties do not disturb the cached 10 + 10");
	fsr_mwu_test_cached(x, 25, x + 25, 26, FSR_MWU_AUTO, mc, &cached);
	ok(!cached.exact, "U cache: normal above 50 runs, as without it");
	fsr_mwu_cache_free(mc);
	fsr_mwu_cache_free(NULL);
}

static void check_bootstrap(void)
{
	double lo, hi, lo2, hi2;

	ok(fsr_bootstrap_ratio(doc_a, 10, doc_b, 10, 0.95, 10000, 1, &lo,
			       &hi) == 0, "bootstrap runs");
	is_double(lo, 1.00080, 0.0015, "bootstrap low near R's");
	is_double(hi, 1.02683, 0.0015, "bootstrap high near R's");
	ok(lo < 10 && lo < 1.013846 && 1.013846 < hi,
	   "bootstrap interval holds the ratio of means");
	fsr_bootstrap_ratio(doc_a, 10, doc_b, 10, 0.95, 10000, 1, &lo2,
			    &hi2);
	ok(lo == lo2 && hi == hi2, "same seed, same interval");
	fsr_bootstrap_ratio(doc_a, 10, doc_b, 10, 0.95, 10000, 2, &lo2,
			    &hi2);
	ok(lo != lo2 || hi != hi2, "another seed, another interval");
	fsr_bootstrap_ratio(doc_a, 10, doc_b, 10, 0.80, 10000, 1, &lo2,
			    &hi2);
	ok(lo < lo2 && hi2 < hi, "80 %% is narrower than 95 %%");
	fsr_bootstrap_ratio(doc_a, 1, doc_b, 10, 0.95, 10000, 1, &lo, &hi);
	ok(isnan(lo) && isnan(hi), "bootstrap with one run: nothing");
}

/* ---------------------------------------------- verdicts and flags */

static const struct fsr_compare_row *row_of(const struct fixture *f,
					    const char *test, size_t sys)
{
	size_t i;

	for (i = 0; i < f->c->n_rows; i++) {
		const struct fsr_compare_row *row = &f->c->rows[i];

		if (row->sys == sys &&
		    !strcmp(f->r->results[row->result]->test, test))
			return row;
	}
	FSR_BUG("no row for %s", test);
}

static void add_pair(struct fixture *f, const char *test,
		     enum fsr_better better, const double *a, size_t na,
		     const double *b, size_t nb)
{
	struct fsr_result *res = add_result(f->r, test, better);

	if (na)
		add_samples(f->r, res, f->sys[0], a, na);
	if (nb)
		add_samples(f->r, res, f->sys[1], b, nb);
}

static void check_verdicts(void)
{
	static const double lo10[] = { 100, 101, 99, 100.5, 99.5, 100.2,
				       99.8, 100.1, 99.9, 100 };
	static const double hi10[] = { 110, 111, 109, 110.5, 109.5, 110.2,
				       109.8, 110.1, 109.9, 110 };
	static const double tight[] = { 100.01, 99.98, 100.02, 99.99, 100 },
			    near[] = { 100.51, 100.48, 100.52, 100.49, 100.5 };
	static const double spike[] = { 102, 103, 101, 102.5, 101.5, 102.2,
					101.8, 102.1, 101.9, 400 };
	static const double one[] = { 100 }, k3[] = { 5, 5, 5 };
	static const double k3b[] = { 6, 6, 6 }, zero[] = { -1, 1, 0 };
	static const double l3[] = { 1, 2, 3 }, h3[] = { 10, 11, 12 };
	static const double h3b[] = { 20, 21, 22 };
	struct fsr_compare_opts o = default_opts();
	const struct fsr_compare_row *row;
	struct fixture f;
	struct fsr_result *res;
	struct fsr_diag d;

	fixture_init(&f, 2);
	add_pair(&f, "hib-up", FSR_BETTER_HIGHER, lo10, 10, hi10, 10);
	add_pair(&f, "lib-up", FSR_BETTER_LOWER, lo10, 10, hi10, 10);
	add_pair(&f, "lib-down", FSR_BETTER_LOWER, hi10, 10, lo10, 10);
	add_pair(&f, "nodir-up", FSR_BETTER_UNKNOWN, lo10, 10, hi10, 10);
	add_pair(&f, "small", FSR_BETTER_HIGHER, tight, 5, near, 5);
	add_pair(&f, "n1", FSR_BETTER_HIGHER, one, 1, hi10, 10);
	add_pair(&f, "const-same", FSR_BETTER_HIGHER, k3, 3, k3, 3);
	add_pair(&f, "const-diff", FSR_BETTER_LOWER, k3, 3, k3b, 3);
	add_pair(&f, "zero-base", FSR_BETTER_HIGHER, zero, 3, l3, 3);
	add_pair(&f, "spike", FSR_BETTER_HIGHER, lo10, 10, spike, 10);
	/* 1, 2, 3 has a CV of 50 %: on the log scale 10, 11, 12 is the
	 * tight sample "far apart" needs. */
	add_pair(&f, "few", FSR_BETTER_HIGHER, h3, 3, h3b, 3);
	add_pair(&f, "base-only", FSR_BETTER_HIGHER, lo10, 10, NULL, 0);
	add_pair(&f, "other-only", FSR_BETTER_HIGHER, NULL, 0, lo10, 10);
	res = add_result(f.r, "failed", FSR_BETTER_HIGHER);
	add_samples(f.r, res, f.sys[0], lo10, 10);
	add_samples(f.r, res, f.sys[1], hi10, 9);
	fsr_cell_add_failed(fsr_result_cell(res, f.sys[1]), "crashed");
	res = add_result(f.r, "passfail", FSR_BETTER_HIGHER);
	res->display = FSR_DISPLAY_PASSFAIL;
	add_samples(f.r, res, f.sys[0], one, 1);
	add_samples(f.r, res, f.sys[1], one, 1);
	if (!ok(fixture_run(&f, &o) == 0, "verdicts: compare runs")) {
		fixture_release(&f);
		return;
	}
	row = row_of(&f, "hib-up", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "better",
	       "higher is better, up 10 %%: better");
	ok(row->p_adj <= 0.05 && row->flags & FSR_ROW_SIGNIFICANT,
	   "... significant after Holm");
	ok(row->ci_low_pct > 9 && row->ci_high_pct < 11,
	   "... interval around +10 %%");
	is_str(fsr_verdict_name(row_of(&f, "lib-up", f.sys[1])->verdict),
	       "worse", "lower is better, up 10 %%: worse");
	is_str(fsr_verdict_name(row_of(&f, "lib-down", f.sys[1])->verdict),
	       "better", "lower is better, down: better");
	row = row_of(&f, "nodir-up", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "n/a",
	       "unknown direction: n/a");
	ok(row->flags & FSR_ROW_SIGNIFICANT &&
	   row->flags & FSR_ROW_NO_DIRECTION,
	   "... but flagged as a significant change");
	row = row_of(&f, "small", f.sys[1]);
	ok(row->p_welch < 0.05 && fabs(row->delta_pct) < 1,
	   "small: significant raw p, change under 1 %%");
	is_str(fsr_verdict_name(row->verdict), "same",
	       "below --min-change: same");
	row = row_of(&f, "n1", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "n/a", "n = 1: n/a");
	ok(row->flags & FSR_ROW_FEW_CI && isnan(row->p_adj) &&
	   isnan(row->ci_low_pct), "... no interval, no test");
	is_double(row->delta_pct, 10, 1e-12, "... the change is shown");
	row = row_of(&f, "const-same", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "same",
	       "identical constant samples: same");
	ok(row->flags & FSR_ROW_CONSTANT, "... flagged constant");
	row = row_of(&f, "const-diff", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "worse",
	       "constants 5 -> 6, lower is better: worse");
	ok(row->flags & FSR_ROW_FEW_MWU, "... U test cannot reach 0.05");
	row = row_of(&f, "zero-base", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "same",
	       "baseline mean 0: the difference decides (p 0.07): same");
	ok(row->flags & FSR_ROW_ZERO_BASE && isnan(row->change_pct) &&
	   row->flags & FSR_ROW_DIFF_UNIT, "... no change in %%");
	row = row_of(&f, "spike", f.sys[1]);
	ok(row->flags & FSR_ROW_DISAGREE, "one huge outlier: tests disagree");
	ok(row->flags & FSR_ROW_OUTLIERS, "... outliers flagged");
	is_int(row->outliers, 1, "... one outlier on new");
	/* The default rule is the generalized ESD test: R
	 * (scripts/outliers-reference.R) keeps all of lo10 (Tukey's
	 * fences 99.3, 100.7 flagged 99 and 101) and 101..103 of spike. */
	is_int(row->outliers_base, 0,
	       "... 99 and 101 on base are no outliers (ESD, R: k = 0)");
	is_double(row->fence[1], 103, 1e-12,
		  "... new kept up to 103 (ESD, R)");
	is_int(row->other->n, 10, "... and never dropped");
	row = row_of(&f, "few", f.sys[1]);
	ok(row->flags & FSR_ROW_FEW_MWU && row->flags & FSR_ROW_FEW_MEDIAN,
	   "3 + 3 runs: U and median warnings");
	is_str(fsr_verdict_name(row->verdict), "better",
	       "3 + 3 runs far apart: Welch says better");
	ok(!(row->flags & FSR_ROW_DISAGREE),
	   "... no disagreement note when U cannot reach alpha");
	row = row_of(&f, "failed", f.sys[1]);
	is_str(fsr_verdict_name(row->verdict), "n/a", "failed runs: n/a");
	ok(row->flags & FSR_ROW_FAILED && isfinite(row->p_welch),
	   "... flagged, numbers still shown");
	row = row_of(&f, "passfail", f.sys[1]);
	ok(row->verdict == FSR_VERDICT_NA &&
	   row->flags & FSR_ROW_NOT_NUMERIC, "pass/fail: n/a");
	is_int(f.c->n_only_base, 1, "one result only in the baseline");
	is_int(f.c->n_only_other, 1, "one result not in the baseline");
	is_int(f.c->n_family, 11, "Holm family: the rows with a p");
	is_int(f.c->n_geo, 1, "one geomean");
	is_int(f.c->geo[0].k, 10, "geomean over the rows with a direction");
	is_int(f.c->geo[0].skipped, 3, "... skipped: no direction, "
	       "zero mean, pass/fail");
	fixture_release(&f);

	/* The U test decides: 3 + 3 can never be significant -> n/a. */
	o.test = FSR_TEST_MWU;
	fixture_init(&f, 2);
	add_pair(&f, "few", FSR_BETTER_HIGHER, l3, 3, h3, 3);
	add_pair(&f, "hib-up", FSR_BETTER_HIGHER, lo10, 10, hi10, 10);
	ok(fixture_run(&f, &o) == 0, "U decides: runs");
	is_str(fsr_verdict_name(row_of(&f, "few", f.sys[1])->verdict), "n/a",
	       "U decides, 3 + 3 runs: n/a, not same");
	is_str(fsr_verdict_name(row_of(&f, "hib-up", f.sys[1])->verdict),
	       "better", "U decides, 10 + 10 apart: better");
	row = row_of(&f, "hib-up", f.sys[1]);
	is_double(row->p_adj, row->p_adj_mwu, 0, "p_adj is the U test's");
	ok(row->mwu_exact, "10 + 10: exact U");
	fixture_release(&f);

	/* Geomean: lower-is-better ratios inverted; several systems. */
	o = default_opts();
	fixture_init(&f, 3);
	add_pair(&f, "hib", FSR_BETTER_HIGHER, lo10, 10, hi10, 10);
	add_pair(&f, "lib", FSR_BETTER_LOWER, hi10, 10, lo10, 10);
	res = add_result(f.r, "hib", FSR_BETTER_HIGHER);
	add_samples(f.r, res, f.sys[2], lo10, 10);
	ok(fixture_run(&f, &o) == 0, "geomean: runs");
	is_int(f.c->n_geo, 2, "geomean per compared system");
	/* The ratio of the geometric means (the means' is 1.1 exactly). */
	is_double(f.c->geo[0].ratio, 1.1, 1e-5,
		  "geomean: lower-is-better ratio inverted");
	is_int(f.c->geo[1].k, 1, "geomean of a system with one result");
	is_double(f.c->geo[1].ratio, 1, 1e-15, "... equal means: 1");
	ok(f.c->geo[1].ci_low < 1 && f.c->geo[1].ci_high > 1,
	   "... one result: its own runs' interval");
	fixture_release(&f);

	/* Bootstrap interval through compare; MAD rule; --baseline. */
	o.ci = FSR_CI_BOOTSTRAP;
	o.outliers = FSR_OUTLIERS_MAD;
	o.baseline = "new";
	fixture_init(&f, 2);
	add_pair(&f, "doc", FSR_BETTER_HIGHER, doc_b, 10, doc_a, 10);
	ok(fixture_run(&f, &o) == 0, "bootstrap compare: runs");
	row = &f.c->rows[0];
	is_int(row->base_sys, f.sys[1], "--baseline picks the system");
	is_double(row->ci_low_pct, 0.080, 0.15,
		  "bootstrap interval low in %% (about +0.08)");
	is_double(row->ci_high_pct, 2.683, 0.06,
		  "bootstrap interval high in %% (about +2.68)");
	is_int(row->outliers, 0, "MAD rule: no outlier in doc a");
	fixture_release(&f);
	o.outliers = FSR_OUTLIERS_TUKEY;
	o.ci = FSR_CI_WELCH;
	o.baseline = NULL;
	fixture_init(&f, 2);
	add_pair(&f, "doc", FSR_BETTER_HIGHER, doc_a, 10, doc_b, 10);
	ok(fixture_run(&f, &o) == 0, "Tukey compare: runs");
	is_int(f.c->rows[0].outliers_base, 1, "Tukey: 4039.5 flagged in a");
	is_str(fsr_verdict_name(f.c->rows[0].verdict), "same",
	       "doc example: same (p = 0.074)");
	fixture_release(&f);

	/* Bad options and baselines are refused, not guessed. */
	fixture_init(&f, 2);
	add_pair(&f, "doc", FSR_BETTER_HIGHER, doc_a, 10, doc_b, 10);
	fsr_report_finish_labels(f.r);
	{
		struct fsr_analyze_opts ao = { 0.95, 0, 0 };

		f.s = fsr_analyze(f.r, &ao, NULL);
	}
	o = default_opts();
	o.baseline = "nope";
	fsr_diag_clear(&d);
	ok(!fsr_compare(f.r, f.s, &o, &d), "unknown baseline refused");
	is_str(d.msg, "baseline 'nope' names no system", "... message");
	o = default_opts();
	o.min_change = -1;
	ok(!fsr_compare(f.r, f.s, &o, &d), "negative --min-change refused");
	fixture_release(&f);
}

/*
 * Issue 13 point 5: fio's IOPS, bandwidth and latency of one job count
 * once, a PTS install time (empty Identifier) is left out, and the
 * interval combines the per-result Welch-on-logs errors (R, the
 * "geogroups" case of scripts/stats-reference.R).
 */
static struct fsr_result *add_keyed(struct fsr_report *r, const char *test,
				    const char *desc, const char *unit,
				    enum fsr_better better)
{
	struct fsr_result_key k = { test, "", desc, "", unit };
	struct fsr_result *res = fsr_report_result(r, &k);

	res->better = better;
	return res;
}

static void check_geogroups(const struct ref_case *c)
{
	const struct ref_key *ia = key(c, "iops_a"), *ib = key(c, "iops_b");
	const struct ref_key *pa = key(c, "pm_a"), *pb = key(c, "pm_b");
	const struct ref_key *xa = key(c, "inst_a"), *xb = key(c, "inst_b");
	struct fsr_compare_opts o = default_opts();
	double bw[2][16], lat[2][16];
	struct fsr_result *res;
	struct fixture f;
	size_t i;

	for (i = 0; i < ia->n; i++) {
		bw[0][i] = ia->v[i] * 4096;
		lat[0][i] = 1e6 / ia->v[i];
	}
	for (i = 0; i < ib->n; i++) {
		bw[1][i] = ib->v[i] * 4096;
		lat[1][i] = 1e6 / ib->v[i];
	}
	fixture_init(&f, 2);
	res = add_keyed(f.r, "fio", "job: IOPS", "IOPS", FSR_BETTER_HIGHER);
	add_samples(f.r, res, f.sys[0], ia->v, ia->n);
	add_samples(f.r, res, f.sys[1], ib->v, ib->n);
	res = add_keyed(f.r, "fio", "job: bandwidth", "B/s",
			FSR_BETTER_HIGHER);
	add_samples(f.r, res, f.sys[0], bw[0], ia->n);
	add_samples(f.r, res, f.sys[1], bw[1], ib->n);
	res = add_keyed(f.r, "fio", "job: latency", "ns", FSR_BETTER_LOWER);
	add_samples(f.r, res, f.sys[0], lat[0], ia->n);
	add_samples(f.r, res, f.sys[1], lat[1], ib->n);
	res = add_keyed(f.r, "pm", "tx/s", "tx/s", FSR_BETTER_HIGHER);
	add_samples(f.r, res, f.sys[0], pa->v, pa->n);
	add_samples(f.r, res, f.sys[1], pb->v, pb->n);
	res = add_keyed(f.r, "", "Test Install Time", "Seconds",
			FSR_BETTER_LOWER);
	res->derived = 1;
	add_samples(f.r, res, f.sys[0], xa->v, xa->n);
	add_samples(f.r, res, f.sys[1], xb->v, xb->n);
	ok(fixture_run(&f, &o) == 0, "geomean groups: runs");
	is_int(f.c->n_geo, 1, "geomean groups: one system");
	is_int(f.c->geo[0].k, 2, "fio's three results count once");
	is_int(f.c->geo[0].rows, 4, "... over four rows");
	is_int(f.c->geo[0].bookkeeping, 1, "PTS install time left out");
	is_double(f.c->geo[0].ratio, val(c, "geo"), TOL_DESC,
		  "geomean groups: ratio");
	is_double(f.c->geo[0].ci_low, val(c, "geo_low"), TOL_DESC,
		  "geomean groups: low");
	is_double(f.c->geo[0].ci_high, val(c, "geo_high"), TOL_DESC,
		  "geomean groups: high");
	is_double(f.c->geo[0].df, val(c, "geo_df"), TOL_DESC,
		  "geomean groups: df");
	fixture_release(&f);
}

static void run_reference(const char *path)
{
	size_t i, seen[16] = { 0 };
	static const char *kinds[] = { "describe", "welch", "mwu-exact",
				       "mwu-normal", "adjust", "geocombine",
				       "tukey", "mad", "median-ci",
				       "compare", "signs", "hl", "power",
				       "geogroups" };
	size_t nk = sizeof(kinds) / sizeof(kinds[0]);

	load_reference(path);
	ok(n_cases > 40, "reference file has its cases (%zu)", n_cases);
	for (i = 0; i < n_cases; i++) {
		const struct ref_case *c = &cases[i];
		size_t k;

		for (k = 0; k < nk; k++)
			if (!strcmp(c->kind, kinds[k]))
				seen[k]++;
		if (!strcmp(c->kind, "describe"))
			check_describe(c);
		else if (!strcmp(c->kind, "welch"))
			check_welch(c);
		else if (!strcmp(c->kind, "mwu-exact"))
			check_mwu(c, FSR_MWU_EXACT);
		else if (!strcmp(c->kind, "mwu-normal"))
			check_mwu(c, FSR_MWU_NORMAL);
		else if (!strcmp(c->kind, "adjust"))
			check_adjust(c);
		else if (!strcmp(c->kind, "geocombine"))
			check_geocombine(c);
		else if (!strcmp(c->kind, "geogroups"))
			check_geogroups(c);
		else if (!strcmp(c->kind, "tukey"))
			check_tukey(c);
		else if (!strcmp(c->kind, "mad"))
			check_mad(c);
		else if (!strcmp(c->kind, "median-ci"))
			check_median_ci(c);
		else if (!strcmp(c->kind, "compare"))
			check_compare(c);
		else if (!strcmp(c->kind, "signs"))
			check_signs(c);
		else if (!strcmp(c->kind, "hl"))
			check_hl(c);
		else if (!strcmp(c->kind, "power"))
			check_power(c);
		else
			ok(0, "unknown reference kind '%s'", c->kind);
	}
	for (i = 0; i < nk; i++)
		ok(seen[i] > 0, "reference covers %s", kinds[i]);
}

/*
 * Issue 13 point 6: the generalized ESD test (Rosner 1983), the default
 * outlier rule. Counts and kept ranges from scripts/outliers-reference.R
 * (R, written from the published definition); the false-flag rate on
 * clean normal n = 10 cells is 5 % by construction (Grubbs' critical
 * value at n < 20), where Tukey's fences flag about 28 % (R: 0.2800).
 */
static void check_esd(void)
{
	static const double one_far[] = { 10.1, 10.3, 9.9, 10.0, 10.2,
					  9.8, 10.1, 10.0, 14.0, 10.1 };
	static const double iqr0[] = { 1666, 1666, 1666, 1666, 1666,
				       1666, 1666, 1250, 1666, 2500 };
	static const double two_of_25[] = {
		50.2, 49.8, 50.1, 50.0, 49.9, 50.3, 49.7, 50.2, 50.0,
		49.9, 50.1, 50.0, 49.8, 50.2, 50.1, 49.9, 50.0, 50.1,
		49.9, 50.0, 56.0, 43.5, 50.2, 49.8, 50.0 };
	double lo, hi, q1, q3;
	size_t i, j, esd_cells = 0, tukey_cells = 0, cells = 20000;
	unsigned long long st = 20261202;

	is_int((int)fsr_esd_fences(doc_a, 10, 0.05, &lo, &hi), 0,
	       "ESD: doc a, no outlier (R: k = 0)");
	is_double(lo, 4039.5, 0, "ESD: doc a, all kept (low)");
	is_int((int)fsr_esd_fences(one_far, 10, 0.05, &lo, &hi), 1,
	       "ESD: 14.0 among 10s (R: k = 1)");
	is_double(hi, 10.3, 1e-12, "ESD: kept up to 10.3 (R)");
	is_int((int)fsr_count_outside(one_far, 10, lo, hi), 1,
	       "ESD: one value outside the kept range");
	is_int((int)fsr_esd_fences(iqr0, 10, 0.05, &lo, &hi), 1,
	       "ESD: IQR 0, one flagged, not every value off the mode "
	       "(R: k = 1)");
	is_double(lo, 1250, 0, "ESD: IQR 0, 1250 kept (R)");
	is_double(hi, 1666, 0, "ESD: IQR 0, 2500 flagged (R)");
	is_int((int)fsr_esd_fences(two_of_25, 25, 0.05, &lo, &hi), 2,
	       "ESD: n = 25, up to 2: both flagged (R: k = 2)");
	is_double(lo, 49.7, 1e-12, "ESD: n = 25, low kept 49.7 (R)");
	is_double(hi, 50.3, 1e-12, "ESD: n = 25, high kept 50.3 (R)");
	is_int((int)fsr_esd_fences(one_far, 2, 0.05, &lo, &hi), 0,
	       "ESD: n = 2, nothing");
	fsr_esd_fences(one_far, 0, 0.05, &lo, &hi);
	ok(isnan(lo) && isnan(hi), "ESD: n = 0, NAN");
	/* Clean normal n = 10 cells (Box-Muller over a 64-bit LCG). */
	for (i = 0; i < cells; i++) {
		double x[10];

		for (j = 0; j < 10; j += 2) {
			double u1, u2, rr;

			st = st * 6364136223846793005ULL + 1442695040888963407ULL;
			u1 = ((double)(st >> 11) + 0.5) / 9007199254740992.0;
			st = st * 6364136223846793005ULL + 1442695040888963407ULL;
			u2 = ((double)(st >> 11) + 0.5) / 9007199254740992.0;
			rr = sqrt(-2 * log(u1));
			x[j] = rr * cos(2 * M_PI * u2);
			x[j + 1] = rr * sin(2 * M_PI * u2);
		}
		esd_cells += fsr_esd_fences(x, 10, 0.05, &lo, &hi) > 0;
		fsr_tukey_fences(x, 10, &q1, &q3, &lo, &hi);
		tukey_cells += fsr_count_outside(x, 10, lo, hi) > 0;
	}
	printf("# clean n = 10 cells flagged: ESD %.4f, Tukey %.4f\n",
	       (double)esd_cells / (double)cells,
	       (double)tukey_cells / (double)cells);
	ok((double)esd_cells / (double)cells < 0.055,
	   "ESD flags about 5 %% of clean n = 10 cells (%zu of %zu)",
	   esd_cells, cells);
	ok((double)tukey_cells / (double)cells > 0.2,
	   "Tukey's fences flag far more (%zu of %zu)", tukey_cells, cells);
}

int main(void)
{
	const char *top = getenv("TOP");
	char path[4096];

	fsr_analyze_init();
	snprintf(path, sizeof(path), "%s/tests/data/stats/reference.txt",
		 top && *top ? top : ".");
	run_reference(path);
	check_edges();
	check_mwu_cache();
	check_bootstrap();
	check_verdicts();
	check_esd();
	return done_testing();
}
