/*
 * compare.c - baseline against every other system, result by result:
 * the change in % with its interval, Welch's t-test and the U test,
 * corrections across all rows, direction-aware verdicts, per-cell
 * diagnostics, and the geometric mean of the ratios per system.
 *
 * The pieces (welch.c, mwu.c, adjust.c, ...) are in analyze-internal.h;
 * this file only decides which applies to a row and what it means.
 */
#include "analyze.h"
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

const char *fsr_verdict_name(enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_SAME:
		return "same";
	case FSR_VERDICT_BETTER:
		return "better";
	case FSR_VERDICT_WORSE:
		return "worse";
	case FSR_VERDICT_EQUAL:
		return "equal";
	case FSR_VERDICT_NOT_WORSE:
		return "not worse";
	default:
		return "n/a";
	}
}

static size_t find_cell(const struct fsr_result *res, size_t sys)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].system == sys)
			return i;
	return SIZE_MAX;
}

static int cell_has_data(const struct fsr_result *res, size_t ci)
{
	return ci != SIZE_MAX && res->cells[ci].n > 0;
}

static int check_opts(const struct fsr_compare_opts *o, struct fsr_diag *d)
{
	if (!(o->confidence > 0 && o->confidence < 1))
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "confidence %g is not between 0 and 1",
				    o->confidence);
	if (!(o->alpha > 0 && o->alpha < 1))
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "alpha %g is not between 0 and 1",
				    o->alpha);
	if (!(o->min_change >= 0) || !isfinite(o->min_change))
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "minimum change %g is not a percentage "
				    ">= 0", o->min_change);
	if (o->margin != FSR_MARGIN_NONE &&
	    !(o->margin_pct > 0 && o->margin_pct <= 1000))
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "margin %g is not a percentage in "
				    "(0, 1000]", o->margin_pct);
	if (o->ci == FSR_CI_BOOTSTRAP && o->boot_b < 1)
		return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
				    "the bootstrap needs resamples");
	return 0;
}

/*
 * What the rows of one comparison share, each solved once: the U test's
 * exact distributions (analyze/mwu.c), the outlier
 * test's critical values, the median interval's rank by n (at the
 * comparison's level), the smallest detectable change by (n, alpha)
 * below, and the sorted and the logarithm copies of the last few cells
 * (a baseline cell serves a row per other system; the outlier rule, the
 * U test and its tie floor read each cell's sorted copy, the tests, the
 * intervals and the power of a row its logarithms).
 */
#define MEMO_SLOTS 16
#define MEMO_RANK_N 64
#define MEMO_SORTED 4

struct copy_slot {
	const double *x; /* the cell's samples (NULL: free slot) */
	size_t n;
	double *s;       /* x sorted, or ln x */
	unsigned long last; /* when last used */
};

struct memo {
	struct fsr_mwu_cache *mwu; /* the U test's counts */
	struct copy_slot sorted[MEMO_SORTED], logs[MEMO_SORTED];
	unsigned long clock;
	struct fsr_esd_memo esd;
	size_t rank[MEMO_RANK_N]; /* by n: k + 1, 0 when not yet known */
	double mde_n[MEMO_SLOTS], mde_alpha[MEMO_SLOTS], mde_unit[MEMO_SLOTS];
	size_t mde_used;
};

static void memo_free(struct memo *m)
{
	size_t i;

	fsr_mwu_cache_free(m->mwu);
	fsr_esd_memo_release(&m->esd);
	for (i = 0; i < MEMO_SORTED; i++) {
		free(m->sorted[i].s);
		free(m->logs[i].s);
	}
	free(m);
}

/* make(x, n), from the slots when x is one of their last cells (owned
 * by the memo: the caller must not free it). */
static const double *copy_of(struct memo *m, struct copy_slot *slots,
			     const double *x, size_t n,
			     double *(*make)(const double *, size_t))
{
	struct copy_slot *sl = &slots[0];
	size_t i;

	for (i = 0; i < MEMO_SORTED; i++) {
		if (slots[i].x == x && slots[i].n == n) {
			slots[i].last = ++m->clock;
			return slots[i].s;
		}
		if (slots[i].last < sl->last)
			sl = &slots[i];
	}
	free(sl->s);
	sl->x = x;
	sl->n = n;
	sl->s = make(x, n);
	sl->last = ++m->clock;
	return sl->s;
}

/* x[0..n) sorted (owned by the memo). */
static const double *sorted_of(struct memo *m, const double *x, size_t n)
{
	return copy_of(m, m->sorted, x, n, fsr_sorted_copy);
}

/* fsr_median_rank(n, conf) for the comparison's one conf. */
static size_t median_rank(struct memo *m, size_t n, double conf)
{
	if (n >= MEMO_RANK_N)
		return fsr_median_rank(n, conf);
	if (!m->rank[n])
		m->rank[n] = fsr_median_rank(n, conf) + 1;
	return m->rank[n] - 1;
}

/*
 * The smallest detectable change scales with the sd (the power depends
 * on delta / sd alone), so it is solved once per (n, alpha) for sd 1 and
 * scaled: the rows of one comparison share a handful of such pairs.
 */
static double mde_of(struct memo *m, double n, double sd, double alpha)
{
	size_t i;
	double u;

	for (i = 0; i < m->mde_used; i++)
		if (m->mde_n[i] == n && m->mde_alpha[i] == alpha)
			return sd * m->mde_unit[i];
	u = fsr_t_mde(n, 1, alpha, FSR_MDE_POWER);
	if (m->mde_used < MEMO_SLOTS) {
		m->mde_n[m->mde_used] = n;
		m->mde_alpha[m->mde_used] = alpha;
		m->mde_unit[m->mde_used++] = u;
	}
	return sd * u;
}

/* The outlier fences of x by the chosen rule; the count outside them. */
static size_t outliers(const struct fsr_compare_opts *o, const double *x,
		       size_t n, struct memo *m, double fence[2])
{
	const double *s = sorted_of(m, x, n);
	double a, b;

	if (o->outliers == FSR_OUTLIERS_ESD)
		fsr_esd_fences_sorted(s, n, 0.05, &m->esd, &fence[0],
				      &fence[1]);
	else if (o->outliers == FSR_OUTLIERS_MAD)
		fsr_mad_fences_sorted(s, n, &a, &b, &fence[0], &fence[1]);
	else
		fsr_tukey_fences_sorted(s, n, &a, &b, &fence[0], &fence[1]);
	if (n == 0)
		return 0;
	return fsr_count_outside(x, n, fence[0], fence[1]);
}

/* The result as a message names it: its title, or its test id, and the
 * description after a colon (the identity key joins fields with \x1f). */
static const char *result_name(const struct fsr_result *res, char *buf,
			       size_t n)
{
	const char *t = res->title && *res->title ? res->title : res->test;

	if (res->description && *res->description)
		snprintf(buf, n, "%s: %s", t, res->description);
	else
		snprintf(buf, n, "%s", t);
	return buf;
}

const char *fsr_method_name(enum fsr_change_method m)
{
	switch (m) {
	case FSR_METHOD_LOG_WELCH:
		return "log-welch";
	case FSR_METHOD_DIFF_WELCH:
		return "diff-welch";
	case FSR_METHOD_BOOTSTRAP:
		return "bootstrap";
	case FSR_METHOD_HL:
		return "hodges-lehmann";
	default:
		return "";
	}
}

int fsr_all_positive(const double *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(x[i] > 0))
			return 0;
	return 1;
}

/* -1 or 1 when every x is < 0 or every x is > 0, else 0. */
static int one_sign(const double *x, size_t n)
{
	size_t i, pos = 0, neg = 0;

	for (i = 0; i < n; i++) {
		pos += x[i] > 0;
		neg += x[i] < 0;
	}
	return n && pos == n ? 1 : n && neg == n ? -1 : 0;
}

/* ln x[0..n) into a new array the caller frees. */
double *fsr_log_copy(const double *x, size_t n)
{
	double *l = fsr_xmalloc((n ? n : 1) * sizeof(*l));
	size_t i;

	for (i = 0; i < n; i++)
		l[i] = log(x[i]);
	return l;
}

/* The logarithms of a cell's samples (owned by the memo). */
static const double *logs_of(struct memo *m, const struct fsr_cell *c)
{
	return copy_of(m, m->logs, c->samples, c->n, fsr_log_copy);
}

/* The flags of a row that only look at its cells. Returns 0 when the
 * row has numbers on both sides to compare. */
static int cell_flags(const struct fsr_compare_opts *o,
		      const struct fsr_result *res, struct memo *m,
		      struct fsr_compare_row *row, int p_only)
{
	const struct fsr_cell *ca = &res->cells[row->base_cell];
	const struct fsr_cell *cb = &res->cells[row->cell];
	const struct fsr_summary *sa = row->base, *sb = row->other;

	if (res->display != FSR_DISPLAY_BAR) {
		row->flags |= FSR_ROW_NOT_NUMERIC;
		return -1;
	}
	if (res->better == FSR_BETTER_UNKNOWN)
		row->flags |= FSR_ROW_NO_DIRECTION;
	if (ca->n_failed || cb->n_failed)
		row->flags |= FSR_ROW_FAILED;
	if (ca->n == 0 || cb->n == 0) {
		row->flags |= FSR_ROW_MISSING;
		return -1;
	}
	if (ca->n < 2 || cb->n < 2)
		row->flags |= FSR_ROW_FEW_CI;
	/* the p values need only the kind of change (DIFF_UNIT) */
	if (p_only)
		goto unit;
	if (sa->cv_pct > FSR_HIGH_CV_PCT || sb->cv_pct > FSR_HIGH_CV_PCT)
		row->flags |= FSR_ROW_HIGH_CV;
	row->outliers_base =
		outliers(o, ca->samples, ca->n, m, row->fence_base);
	row->outliers = outliers(o, cb->samples, cb->n, m, row->fence);
	if (row->outliers_base || row->outliers)
		row->flags |= FSR_ROW_OUTLIERS;
	if (!median_rank(m, ca->n, o->confidence) ||
	    !median_rank(m, cb->n, o->confidence))
		row->flags |= FSR_ROW_FEW_MEDIAN;
	/* A % of a baseline that is 0, or sits on both sides of 0, means
	 * nothing; of an all-negative one (dB) it is of its magnitude. */
	if (sa->mean == 0 || !one_sign(ca->samples, ca->n))
		row->flags |= FSR_ROW_ZERO_BASE;
	else
		row->delta_pct = 100 * (sb->mean - sa->mean) / fabs(sa->mean);
unit:
	if (!fsr_all_positive(ca->samples, ca->n) ||
	    !fsr_all_positive(cb->samples, cb->n))
		row->flags |= FSR_ROW_DIFF_UNIT;
	row->change_pct = row->delta_pct;
	return 0;
}

/*
 * Welch's test of the row (measure: with_ci 0), or its intervals at the
 * row's level (with_ci 1): on the logarithms when every sample is > 0
 * (the ratio of the geometric means), else on the values (the
 * difference in the unit). The interval of the difference is always
 * kept.
 */
static int welch_row(const struct fsr_cell *ca, const struct fsr_cell *cb,
		     struct memo *m, struct fsr_compare_row *row, int with_ci)
{
	int logs = !(row->flags & FSR_ROW_DIFF_UNIT), rc;
	struct fsr_welch w;
	const double *la, *lb;

	if (with_ci) {
		rc = fsr_welch_interval(ca->samples, ca->n, cb->samples,
					cb->n, row->ci_level, &w);
		if (rc)
			return rc;
		row->diff = w.diff;
		row->diff_low = w.diff_low;
		row->diff_high = w.diff_high;
	} else if (!logs) {
		rc = fsr_welch_test(ca->samples, ca->n, cb->samples, cb->n, 0,
				    &w);
		if (rc)
			return rc;
		row->method = FSR_METHOD_DIFF_WELCH;
		row->p_welch = w.p;
		row->t = w.t;
		row->df = w.df;
		row->effect = w.diff;
		if (w.degenerate)
			row->flags |= FSR_ROW_CONSTANT;
	}
	if (!logs)
		return 0;
	la = logs_of(m, ca);
	lb = logs_of(m, cb);
	if (with_ci)
		rc = fsr_welch_interval(la, ca->n, lb, cb->n, row->ci_level,
					&w);
	else
		rc = fsr_welch_test(la, ca->n, lb, cb->n, 0, &w);
	if (rc)
		return rc;
	if (with_ci) {
		row->change_pct = 100 * expm1(w.diff);
		row->ci_low_pct = 100 * expm1(w.diff_low);
		row->ci_high_pct = 100 * expm1(w.diff_high);
		return 0;
	}
	row->method = FSR_METHOD_LOG_WELCH;
	row->p_welch = w.p;
	row->t = w.t;
	row->df = w.df;
	row->effect = w.diff;
	/* fsr_log_welch()'s numbers, computed alike (geomean.c): the
	 * geometric mean takes them from here */
	if (isfinite(w.diff))
		row->log_se = w.se;
	if (w.degenerate)
		row->flags |= FSR_ROW_CONSTANT;
	return 0;
}

/* Tied values between the runs of both sides, and the smallest p the
 * U test can give with them: the p of the most extreme split (a's runs
 * the smallest, or the largest, of the pooled values). a and b sorted. */
static void tie_floor(const double *a, size_t na, const double *b,
		      size_t nb, struct fsr_mwu_cache *mc,
		      struct fsr_compare_row *row)
{
	size_t n = na + nb, i, j, tied = 0;
	double *x = fsr_pool_sorted(a, na, b, nb);
	struct fsr_mwu lo, hi;

	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && x[j] == x[i]; j++)
			;
		if (j - i > 1)
			tied += j - i;
	}
	row->n_tied = tied;
	if (tied) {
		row->flags |= FSR_ROW_TIES;
		fsr_mwu_test_sorted(x, na, x + na, nb, FSR_MWU_AUTO, mc, &lo);
		fsr_mwu_test_sorted(x + nb, na, x, nb, FSR_MWU_AUTO, mc, &hi);
		row->mwu_p_floor = fmin(lo.p, hi.p);
	}
	free(x);
}

/* Everything of one row that does not depend on the other rows: the
 * tests (their p does not depend on the level of the intervals); with
 * p_only, only the two p values (the row has no summaries). */
static int measure_row(const struct fsr_compare_opts *o,
		       const struct fsr_result *res,
		       struct fsr_compare_row *row, struct memo *m,
		       int p_only, struct fsr_diag *d)
{
	const struct fsr_cell *ca = &res->cells[row->base_cell];
	const struct fsr_cell *cb = &res->cells[row->cell];
	const double *sa, *sb;
	struct fsr_mwu u;
	char name[256];

	if (cell_flags(o, res, m, row, p_only) || row->flags & FSR_ROW_FEW_CI)
		return 0;
	row->ci_level = o->confidence;
	if (welch_row(ca, cb, m, row, 0))
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "no t quantile for '%s'",
				    result_name(res, name, sizeof(name)));
	sa = sorted_of(m, ca->samples, ca->n);
	sb = sorted_of(m, cb->samples, cb->n);
	fsr_mwu_test_sorted(sa, ca->n, sb, cb->n, FSR_MWU_AUTO, m->mwu, &u);
	row->p_mwu = u.p;
	if (p_only)
		return 0;
	row->u = u.u;
	row->mwu_exact = u.exact;
	row->mwu_p_floor = u.p_floor;
	tie_floor(sa, ca->n, sb, cb->n, m->mwu, row);
	if (row->mwu_p_floor > o->alpha)
		row->flags |= FSR_ROW_FEW_MWU;
	return 0;
}

/* --test mwu: the Hodges-Lehmann shift of the logarithms (a ratio of
 * the medians, in %) with its distribution-free interval; of the values
 * where a run is <= 0 (then only its sign is used, the interval stays
 * the difference's). */
static void hl_row(const struct fsr_cell *ca, const struct fsr_cell *cb,
		   struct memo *m, struct fsr_compare_row *row)
{
	struct fsr_hl h;

	if (row->flags & FSR_ROW_DIFF_UNIT) {
		fsr_hodges_lehmann(ca->samples, ca->n, cb->samples, cb->n,
				   row->ci_level, &h);
		row->effect = h.shift;
		return;
	}
	fsr_hodges_lehmann(logs_of(m, ca), ca->n, logs_of(m, cb), cb->n,
			   row->ci_level, &h);
	row->method = FSR_METHOD_HL;
	row->effect = h.shift;
	row->change_pct = 100 * expm1(h.shift);
	/* Too few runs for the level (3 + 3 at 99 %): no interval, rather
	 * than one that claims more than it holds. */
	if (isfinite(h.coverage) && h.coverage < row->ci_level - 1e-12) {
		row->ci_low_pct = row->ci_high_pct = NAN;
		return;
	}
	row->ci_low_pct = 100 * expm1(h.low);
	row->ci_high_pct = 100 * expm1(h.high);
}

/* The pooled sd of a row on the scale of its method (ln x, or x). */
static double pooled_sd(const struct fsr_cell *ca, const struct fsr_cell *cb,
			struct memo *m, int logs)
{
	double va, vb;

	if (logs) {
		va = gsl_stats_variance(logs_of(m, ca), 1, ca->n);
		vb = gsl_stats_variance(logs_of(m, cb), 1, cb->n);
	} else {
		va = gsl_stats_variance(ca->samples, 1, ca->n);
		vb = gsl_stats_variance(cb->samples, 1, cb->n);
	}
	return sqrt((va + vb) / 2);
}

/*
 * Sample-size guidance at the row's level with 80 % power (R's
 * power.t.test with the pooled sd and the harmonic mean of the two n):
 * for a row judged same the smallest change these runs detect; with
 * --runs-needed the runs per side that detect that change.
 */
static void power_row(const struct fsr_compare_opts *o,
		      const struct fsr_cell *ca, const struct fsr_cell *cb,
		      struct memo *memo, struct fsr_compare_row *row)
{
	int logs = !(row->flags & FSR_ROW_DIFF_UNIT);
	double sd = pooled_sd(ca, cb, memo, logs), alpha = 1 - row->ci_level;
	double n = 2 / (1 / (double)ca->n + 1 / (double)cb->n);
	double base = fabs(row->base->mean), dm, runs;

	if (!(sd > 0) || (!logs && !isfinite(row->delta_pct)))
		return;
	if (row->verdict == FSR_VERDICT_SAME) {
		dm = mde_of(memo, n, sd, alpha);
		row->mde_pct = logs ? 100 * expm1(dm) : 100 * dm / base;
	}
	if (o->runs_needed_pct > 0) {
		dm = logs ? log1p(o->runs_needed_pct / 100) :
			    o->runs_needed_pct / 100 * base;
		runs = fsr_t_runs(dm, sd, alpha, FSR_MDE_POWER);
		if (isfinite(runs))
			row->runs_needed = ceil(runs - 1e-9);
		else if (dm != 0)
			row->runs_needed = INFINITY; /* more than 10000 */
	}
}

/* The intervals of a row at the family's level. */
static int intervals_row(const struct fsr_compare_opts *o,
			 const struct fsr_result *res,
			 struct fsr_compare_row *row, double level,
			 struct memo *m, struct fsr_diag *d)
{
	const struct fsr_cell *ca = &res->cells[row->base_cell];
	const struct fsr_cell *cb = &res->cells[row->cell];
	char name[256];

	if (row->method == FSR_METHOD_NONE)
		return 0;
	row->ci_level = level;
	if (welch_row(ca, cb, m, row, 1))
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "no t quantile for '%s'",
				    result_name(res, name, sizeof(name)));
	if (o->ci == FSR_CI_BOOTSTRAP && !(row->flags & FSR_ROW_DIFF_UNIT)) {
		double lo, hi;

		if (fsr_bootstrap_ratio(ca->samples, ca->n, cb->samples,
					cb->n, level, o->boot_b, o->seed, &lo,
					&hi))
			return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					    "the bootstrap failed for '%s'",
					    result_name(res, name,
							sizeof(name)));
		/* The interval of the ratio of the means goes with the
		 * ratio of the means. */
		row->method = FSR_METHOD_BOOTSTRAP;
		row->change_pct = row->delta_pct;
		row->ci_low_pct = 100 * (lo - 1);
		row->ci_high_pct = 100 * (hi - 1);
	}
	if (o->test == FSR_TEST_MWU)
		hl_row(ca, cb, m, row);
	return 0;
}

/* The level of the intervals consistent with the correction: 1 -
 * (1 - conf) / m for Holm (Bonferroni's simultaneous intervals, which
 * Holm's verdicts can only add to), 1 - (1 - conf) R / m for BH (the
 * false-coverage level of Benjamini and Yekutieli, R rows significant,
 * at least 1), conf without correction. */
static double family_level(const struct fsr_compare_opts *o, size_t n_family,
			   size_t n_sig)
{
	double q = 1 - o->confidence, m = (double)n_family;

	if (o->adjust == FSR_ADJUST_NONE || n_family < 2)
		return o->confidence;
	if (o->adjust == FSR_ADJUST_HOLM)
		return 1 - q / m;
	return 1 - q * (double)(n_sig ? n_sig : 1) / m;
}

/* Mark a row whose interval and verdict could be read as disagreeing
 * with the reason they do. */
static void why_differ(const struct fsr_compare_opts *o,
		       struct fsr_compare_row *row)
{
	double lo = row->ci_low_pct, hi = row->ci_high_pct;
	int excludes, sig;

	if (row->flags & FSR_ROW_DIFF_UNIT &&
	    row->method == FSR_METHOD_DIFF_WELCH) {
		lo = row->diff_low;
		hi = row->diff_high;
	}
	if (row->verdict == FSR_VERDICT_NA &&
	    !(row->flags & FSR_ROW_SIGNIFICANT))
		return;
	if (!isfinite(lo) || !isfinite(hi))
		return;
	excludes = lo > 0 || hi < 0;
	sig = !!(row->flags & FSR_ROW_SIGNIFICANT);
	if (excludes == sig)
		return;
	if (excludes && row->p_adj <= o->alpha &&
	    fabs(row->change_pct) < o->min_change)
		row->flags |= FSR_ROW_CI_MINCHANGE;
	else if (!excludes && o->adjust != FSR_ADJUST_NONE &&
		 o->ci == FSR_CI_WELCH && o->test == FSR_TEST_WELCH &&
		 fabs(o->confidence - (1 - o->alpha)) < 1e-12)
		row->flags |= FSR_ROW_CI_STEPDOWN;
	else
		row->flags |= FSR_ROW_CI_OTHER;
}

/* The family's correction: pw and pm, every row's p of Welch's test
 * and of the U test, adjusted together in place; *n_family, the rows
 * with an adjusted p of the test decided by, and *level, the intervals'
 * (family_level()). */
static void family_adjust(const struct fsr_compare_opts *o, double *pw,
			  double *pm, size_t n, size_t *n_family,
			  double *level)
{
	size_t i, n_sig = 0;

	if (n) {
		fsr_p_adjust(pw, n, o->adjust, pw);
		fsr_p_adjust(pm, n, o->adjust, pm);
	}
	*n_family = 0;
	for (i = 0; i < n; i++) {
		double p = o->test == FSR_TEST_MWU ? pm[i] : pw[i];

		if (!isnan(p))
			(*n_family)++;
		if (p <= o->alpha)
			n_sig++;
	}
	*level = family_level(o, *n_family, n_sig);
}

/* row's adjusted p values, Welch's pw and the U test's pm, and that of
 * the test decided by. */
static void set_p_adj(struct fsr_compare_row *row, enum fsr_test_kind test,
		      double pw, double pm)
{
	row->p_adj_welch = pw;
	row->p_adj_mwu = pm;
	row->p_adj = test == FSR_TEST_MWU ? pm : pw;
}

/* Every row of c adjusted over the family, and c's level. */
static void adjust_all(struct fsr_comparison *c)
{
	size_t i, n = c->n_rows;
	double *pw = fsr_xcalloc(n ? n : 1, sizeof(*pw));
	double *pm = fsr_xcalloc(n ? n : 1, sizeof(*pm));

	for (i = 0; i < n; i++) {
		pw[i] = c->rows[i].p_welch;
		pm[i] = c->rows[i].p_mwu;
	}
	family_adjust(&c->opts, pw, pm, n, &c->n_family, &c->ci_level);
	for (i = 0; i < n; i++)
		set_p_adj(&c->rows[i], c->opts.test, pw[i], pm[i]);
	free(pw);
	free(pm);
}

/*
 * The verdict: significant after the correction, at least --min-change
 * when there is a change in %, then the sign of what the test estimates
 * (never of a percentage) and the result's direction.
 */
static void decide(const struct fsr_compare_opts *o,
		   const struct fsr_result *res, struct fsr_compare_row *row)
{
	const unsigned undecidable = FSR_ROW_NOT_NUMERIC | FSR_ROW_MISSING |
				     FSR_ROW_FEW_CI;
	int sig_w, sig_m, up;

	row->verdict = FSR_VERDICT_NA;
	if (row->flags & undecidable || isnan(row->p_adj) ||
	    isnan(row->effect))
		return;
	/* The two tests weigh the same runs differently (means against
	 * ranks): compare their evidence before any correction, which
	 * would mostly reflect the U test's coarse p at small n. */
	sig_w = row->p_welch <= o->alpha;
	sig_m = row->p_mwu <= o->alpha;
	if (!(row->flags & FSR_ROW_FEW_MWU) && sig_w != sig_m)
		row->flags |= FSR_ROW_DISAGREE;
	/* A U test that cannot reach alpha at these n decides nothing. */
	if (o->test == FSR_TEST_MWU && row->flags & FSR_ROW_FEW_MWU)
		return;
	if (row->p_adj <= o->alpha && row->effect != 0 &&
	    !(fabs(row->change_pct) < o->min_change))
		row->flags |= FSR_ROW_SIGNIFICANT;
	if (row->flags & FSR_ROW_FAILED)
		return;
	if (!(row->flags & FSR_ROW_SIGNIFICANT)) {
		row->verdict = FSR_VERDICT_SAME;
		return;
	}
	up = row->effect > 0;
	if (res->better == FSR_BETTER_HIGHER)
		row->verdict = up ? FSR_VERDICT_BETTER : FSR_VERDICT_WORSE;
	else if (res->better == FSR_BETTER_LOWER)
		row->verdict = up ? FSR_VERDICT_WORSE : FSR_VERDICT_BETTER;
	/* Unknown direction: n/a, with FSR_ROW_SIGNIFICANT ("changed"). */
}

/*
 * --equivalence / --max-regression (docs/methods.md 12): the two
 * one-sided tests of the log ratio against the margin, for every row
 * with a ratio (every run > 0, n >= 2 a side), whatever --test and
 * --ci say; the interval at 1 - 2 alpha', alpha' = 1 - ci_level, the
 * per-row level of the change's interval (Bonferroni over the rows
 * with Holm). Returns 0 or FSR_EINTERNAL (no t quantile).
 */
static int margin_row(const struct fsr_compare_opts *o,
		      const struct fsr_result *res, struct memo *m,
		      struct fsr_compare_row *row)
{
	const struct fsr_cell *ca = &res->cells[row->base_cell];
	const struct fsr_cell *cb = &res->cells[row->cell];
	double d = log1p(o->margin_pct / 100), lo = -d, hi = d;
	struct fsr_tost t;

	if (row->method == FSR_METHOD_NONE ||
	    row->flags & FSR_ROW_DIFF_UNIT || !(row->ci_level > 0.5))
		return 0;
	if (o->margin == FSR_MARGIN_NONINFERIORITY) {
		if (res->better == FSR_BETTER_HIGHER)
			hi = INFINITY;
		else if (res->better == FSR_BETTER_LOWER)
			lo = -INFINITY;
		else
			return 0;
	}
	if (fsr_tost(logs_of(m, ca), ca->n, logs_of(m, cb), cb->n, lo, hi,
		     1 - row->ci_level, &t))
		return FSR_EINTERNAL;
	row->margin_low_pct = isinf(lo) ? lo : 100 * expm1(lo);
	row->margin_high_pct = isinf(hi) ? hi : 100 * expm1(hi);
	row->p_tost = t.p;
	row->eq_level = 2 * row->ci_level - 1;
	row->eq_low_pct = 100 * expm1(t.low);
	row->eq_high_pct = 100 * expm1(t.high);
	return 0;
}

/* The margin's p values corrected over the rows as the change's are,
 * and the verdicts they prove: a row with no change proven becomes
 * "equal" (or "not worse"); one with a change proven keeps it, marked
 * WITHIN_MARGIN when that change is also inside the margin. */
static void margin_verdicts(struct fsr_comparison *c)
{
	size_t i, n = c->n_rows;
	double *p = fsr_xcalloc(n ? n : 1, sizeof(*p));

	for (i = 0; i < n; i++)
		p[i] = c->rows[i].p_tost;
	fsr_p_adjust(p, n, c->opts.adjust, p);
	for (i = 0; i < n; i++) {
		struct fsr_compare_row *row = &c->rows[i];

		row->p_tost_adj = p[i];
		if (!(p[i] <= c->opts.alpha))
			continue;
		if (row->verdict == FSR_VERDICT_SAME)
			row->verdict = c->opts.margin == FSR_MARGIN_EQUIVALENCE ?
				FSR_VERDICT_EQUAL : FSR_VERDICT_NOT_WORSE;
		else if (row->verdict != FSR_VERDICT_NA)
			row->flags |= FSR_ROW_WITHIN_MARGIN;
	}
	free(p);
}

static struct fsr_compare_row *add_row(struct fsr_comparison *c,
				       const struct fsr_summary *sums,
				       size_t i, size_t bc, size_t oc,
				       size_t sys)
{
	struct fsr_compare_row *row;

	FSR_GROW(c->rows, c->cap_rows, c->n_rows + 1);
	row = &c->rows[c->n_rows++];
	memset(row, 0, sizeof(*row));
	row->result = i;
	row->base_cell = bc;
	row->cell = oc;
	row->base_sys = c->baseline;
	row->sys = sys;
	row->base = sums ? &sums[bc] : NULL;
	row->other = sums ? &sums[oc] : NULL;
	row->delta_pct = row->change_pct = NAN;
	row->ci_low_pct = row->ci_high_pct = NAN;
	row->diff = row->diff_low = row->diff_high = NAN;
	row->ci_level = row->effect = NAN;
	row->mde_pct = row->runs_needed = NAN;
	row->n_tied = 0;
	row->method = FSR_METHOD_NONE;
	row->p_welch = row->p_mwu = row->p_adj = NAN;
	row->p_adj_welch = row->p_adj_mwu = NAN;
	row->t = row->df = row->u = row->mwu_p_floor = NAN;
	row->fence_base[0] = row->fence_base[1] = NAN;
	row->fence[0] = row->fence[1] = NAN;
	row->verdict = FSR_VERDICT_NA;
	row->margin_low_pct = row->margin_high_pct = NAN;
	row->p_tost = row->p_tost_adj = NAN;
	row->eq_low_pct = row->eq_high_pct = row->eq_level = NAN;
	row->log_se = NAN;
	return row;
}

/* The base system's index for o (SIZE_MAX, d filled: none). */
static size_t baseline_of(const struct fsr_report *r,
			  const struct fsr_compare_opts *o, struct fsr_diag *d)
{
	size_t base;

	if (check_opts(o, d))
		return SIZE_MAX;
	if (r->n_systems == 0) {
		fsr_diag_set(d, FSR_EINPUT, NULL, 0, 0,
			     "no systems to compare");
		return SIZE_MAX;
	}
	if (!o->baseline)
		return 0;
	for (base = 0; base < r->n_systems; base++)
		if (!strcmp(r->systems[base].label, o->baseline))
			return base;
	fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0, "baseline '%s' names no system",
		     o->baseline);
	return SIZE_MAX;
}

/* Result i's rows added to c, each measured (the tests: measure_row());
 * sums are its cells' summaries, NULL for the p values only. */
static int measure_result(struct fsr_comparison *c, const struct fsr_report *r,
			  size_t i, const struct fsr_summary *sums,
			  struct memo *memo, struct fsr_diag *d)
{
	const struct fsr_compare_opts *o = &c->opts;
	const struct fsr_result *res = r->results[i];
	size_t sys, base = c->baseline, bc = find_cell(res, base);
	int other_data = 0, any = 0;

	for (sys = 0; sys < r->n_systems; sys++) {
		size_t oc;

		if (sys == base)
			continue;
		oc = find_cell(res, sys);
		if (oc == SIZE_MAX)
			continue;
		any = 1;
		other_data |= cell_has_data(res, oc);
		if (bc == SIZE_MAX)
			continue;
		if (measure_row(o, res, add_row(c, sums, i, bc, oc, sys), memo,
				!sums, d))
			return -1;
	}
	if (bc == SIZE_MAX && other_data) {
		FSR_GROW(c->only_other, c->cap_only_other,
			 c->n_only_other + 1);
		c->only_other[c->n_only_other++] = i;
	} else if (bc != SIZE_MAX && r->n_systems > 1 && !any) {
		FSR_GROW(c->only_base, c->cap_only_base, c->n_only_base + 1);
		c->only_base[c->n_only_base++] = i;
	}
	return 0;
}

/* The rows of c made whole at c->ci_level, once their p values are
 * adjusted: the intervals, the verdict, the power, the shape, the
 * margin. */
static int finish_rows(struct fsr_comparison *c, const struct fsr_report *r,
		       struct memo *memo, struct fsr_diag *d)
{
	const struct fsr_compare_opts *o = &c->opts;
	size_t i;

	for (i = 0; i < c->n_rows; i++) {
		struct fsr_compare_row *row = &c->rows[i];
		const struct fsr_result *res = r->results[row->result];

		if (intervals_row(o, res, row, c->ci_level, memo, d))
			return -1;
		decide(o, res, row);
		why_differ(o, row);
		if (row->method != FSR_METHOD_NONE)
			power_row(o, &res->cells[row->base_cell],
				  &res->cells[row->cell], memo, row);
		fsr_shape_row(r, row, o->seed);
		if (o->margin != FSR_MARGIN_NONE &&
		    margin_row(o, res, memo, row)) {
			char name[256];

			fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				     "no t quantile for '%s'",
				     result_name(res, name, sizeof(name)));
			return -1;
		}
	}
	return 0;
}

static struct fsr_comparison *comparison_new(const struct fsr_compare_opts *o,
					     size_t base)
{
	struct fsr_comparison *c = fsr_xcalloc(1, sizeof(*c));

	c->opts = *o;
	c->baseline = base;
	return c;
}

static struct memo *memo_new(void)
{
	struct memo *memo = fsr_xcalloc(1, sizeof(*memo));

	memo->mwu = fsr_mwu_cache_new();
	return memo;
}

static void geomean_failed(struct fsr_diag *d)
{
	fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
		     "no t quantile for the geometric mean");
}

struct fsr_comparison *fsr_compare(const struct fsr_report *r,
				   const struct fsr_stats *s,
				   const struct fsr_compare_opts *o,
				   struct fsr_diag *d)
{
	struct fsr_comparison *c;
	struct memo *memo;
	size_t i, base = baseline_of(r, o, d);

	if (base == SIZE_MAX)
		return NULL;
	c = comparison_new(o, base);
	memo = memo_new();
	for (i = 0; i < r->n_results; i++)
		if (measure_result(c, r, i, s->results[i].cells, memo, d))
			goto fail;
	adjust_all(c);
	if (finish_rows(c, r, memo, d))
		goto fail;
	if (o->margin != FSR_MARGIN_NONE)
		margin_verdicts(c);
	if (fsr_geomean_of(c, r)) {
		geomean_failed(d);
		goto fail;
	}
	memo_free(memo);
	return c;
fail:
	memo_free(memo);
	fsr_comparison_free(c);
	return NULL;
}

/*
 * A comparison a result at a time (analyze.h): pass 1 keeps every row's
 * two p values, the family adjusts them as adjust_all() does, pass 2
 * makes each result's rows again with theirs. c holds one result's rows;
 * the memo's sorted and logarithm copies are forgotten between results,
 * whose cells the caller frees (a new cell may come at a freed one's
 * address).
 */
struct fsr_compare_stream {
	struct fsr_comparison *c;
	struct memo *memo;
	double *pw, *pm;          /* every row's p: Welch's, the U test's */
	size_t n, cap;            /* rows of pass 1 */
	size_t at;                /* rows of pass 2 so far */
	size_t n_family;
	double ci_level;
	struct fsr_geo_acc *geo;  /* fed pass 2's rows, when asked */
};

struct fsr_compare_stream *fsr_compare_stream_new(
	const struct fsr_report *r, const struct fsr_compare_opts *o,
	struct fsr_diag *d)
{
	struct fsr_compare_stream *cs;
	size_t base = baseline_of(r, o, d);

	if (base == SIZE_MAX)
		return NULL;
	/* the margin's p values are adjusted over rows of pass 2 */
	if (o->margin != FSR_MARGIN_NONE)
		FSR_BUG("a margin in a comparison a result at a time");
	cs = fsr_xcalloc(1, sizeof(*cs));
	cs->c = comparison_new(o, base);
	cs->memo = memo_new();
	return cs;
}

void fsr_compare_stream_keep_geomean(struct fsr_compare_stream *cs)
{
	if (!cs->geo)
		cs->geo = fsr_geo_acc_new();
}

/* c emptied for result i's rows, the memo's copies forgotten. */
static void stream_next(struct fsr_compare_stream *cs)
{
	struct memo *m = cs->memo;
	size_t k;

	cs->c->n_rows = cs->c->n_only_base = cs->c->n_only_other = 0;
	for (k = 0; k < MEMO_SORTED; k++) {
		free(m->sorted[k].s);
		free(m->logs[k].s);
		memset(&m->sorted[k], 0, sizeof(m->sorted[k]));
		memset(&m->logs[k], 0, sizeof(m->logs[k]));
	}
}

int fsr_compare_stream_measure(struct fsr_compare_stream *cs,
			       const struct fsr_report *r, size_t i,
			       struct fsr_diag *d)
{
	struct fsr_comparison *c = cs->c;
	size_t k;

	stream_next(cs);
	if (measure_result(c, r, i, NULL, cs->memo, d))
		return -1;
	if (cs->n + c->n_rows > cs->cap) {
		cs->cap = 2 * (cs->n + c->n_rows);
		cs->pw = fsr_xrealloc(cs->pw, cs->cap * sizeof(*cs->pw));
		cs->pm = fsr_xrealloc(cs->pm, cs->cap * sizeof(*cs->pm));
	}
	for (k = 0; k < c->n_rows; k++) {
		cs->pw[cs->n] = c->rows[k].p_welch;
		cs->pm[cs->n++] = c->rows[k].p_mwu;
	}
	return 0;
}

void fsr_compare_stream_family(struct fsr_compare_stream *cs)
{
	/* pass 2 holds them: no more room than the rows need */
	if (cs->n && cs->n < cs->cap) {
		cs->cap = cs->n;
		cs->pw = fsr_xrealloc(cs->pw, cs->cap * sizeof(*cs->pw));
		cs->pm = fsr_xrealloc(cs->pm, cs->cap * sizeof(*cs->pm));
	}
	family_adjust(&cs->c->opts, cs->pw, cs->pm, cs->n, &cs->n_family,
		      &cs->ci_level);
	cs->at = 0;
}

struct fsr_comparison *fsr_compare_stream_rows(
	struct fsr_compare_stream *cs, const struct fsr_report *r, size_t i,
	const struct fsr_summary *sums, struct fsr_diag *d)
{
	struct fsr_comparison *c = cs->c;
	size_t k;

	stream_next(cs);
	if (measure_result(c, r, i, sums, cs->memo, d))
		return NULL;
	if (cs->at + c->n_rows > cs->n)
		FSR_BUG("pass 2 has more rows than pass 1 (%zu)", cs->n);
	for (k = 0; k < c->n_rows; k++, cs->at++)
		set_p_adj(&c->rows[k], c->opts.test, cs->pw[cs->at],
			  cs->pm[cs->at]);
	c->n_family = cs->n_family;
	c->ci_level = cs->ci_level;
	if (finish_rows(c, r, cs->memo, d))
		return NULL;
	for (k = 0; cs->geo && k < c->n_rows; k++)
		fsr_geo_acc_row(cs->geo, &c->opts, r->results[i], &c->rows[k]);
	return c;
}

struct fsr_comparison *fsr_compare_stream_geomean(
	struct fsr_compare_stream *cs, const struct fsr_report *r,
	struct fsr_diag *d)
{
	if (!cs->geo)
		FSR_BUG("a geometric mean of a stream not asked to keep one");
	if (fsr_geo_acc_fill(cs->geo, cs->c, r->n_systems)) {
		geomean_failed(d);
		return NULL;
	}
	return cs->c;
}

void fsr_compare_stream_free(struct fsr_compare_stream *cs)
{
	if (!cs)
		return;
	memo_free(cs->memo);
	fsr_geo_acc_free(cs->geo);
	fsr_comparison_free(cs->c);
	free(cs->pw);
	free(cs->pm);
	free(cs);
}

void fsr_comparison_free(struct fsr_comparison *c)
{
	if (!c)
		return;
	free(c->rows);
	free(c->only_base);
	free(c->only_other);
	free(c->geo);
	free(c);
}

/* The new index of each old result (SIZE_MAX: dropped); caller frees. */
static size_t *new_index(const size_t *keep, size_t n, size_t before)
{
	size_t *at = fsr_xmalloc((before ? before : 1) * sizeof(*at)), i;

	for (i = 0; i < before; i++)
		at[i] = SIZE_MAX;
	for (i = 0; i < n; i++)
		at[keep[i]] = i;
	return at;
}

/* list[0..*len) renumbered by at, the dropped ones left out. */
static void renumber(size_t *list, size_t *len, const size_t *at)
{
	size_t i, k = 0;

	for (i = 0; i < *len; i++)
		if (at[list[i]] != SIZE_MAX)
			list[k++] = at[list[i]];
	*len = k;
}

void fsr_comparison_keep_results(struct fsr_comparison *c,
				 struct fsr_stats *s, const size_t *keep,
				 size_t n)
{
	size_t before = s->n_results, *at = new_index(keep, n, before), i, k;
	struct fsr_result_stats *kept =
		fsr_xcalloc(n ? n : 1, sizeof(*kept));

	for (i = 0; i < n; i++) {
		kept[i] = s->results[keep[i]];
		s->results[keep[i]].cells = NULL;
	}
	for (i = 0; i < before; i++)
		free(s->results[i].cells);
	free(s->results);
	s->results = kept;
	s->n_results = n;
	for (i = k = 0; i < c->n_rows; i++) {
		if (at[c->rows[i].result] == SIZE_MAX) {
			size_t g;

			for (g = 0; g < c->n_geo; g++)
				if (c->geo[g].sys == c->rows[i].sys)
					c->geo[g].hidden[c->rows[i].verdict]++;
			continue;
		}
		c->rows[k] = c->rows[i];
		c->rows[k++].result = at[c->rows[i].result];
	}
	c->n_rows = k;
	c->n_hidden += before - n;
	renumber(c->only_base, &c->n_only_base, at);
	renumber(c->only_other, &c->n_only_other, at);
	free(at);
}
