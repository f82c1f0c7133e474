/*
 * changepoint.h - a series of run sets: where a change began, and how
 * big the step was (fsreport trend, fsreport check).
 *
 * Change points are found with E-divisive means (Matteson and James, "A
 * Nonparametric Approach for Multiple Change Point Analysis of
 * Multivariate Data", JASA 109(505), 2014), the method Hunter / Apache
 * Otava uses: the split that maximises the energy statistic
 *
 *	Q(X, Y) = m k / (m + k) * [ 2/(m k) sum |x_i - y_j|^a
 *	          - 1/C(m,2) sum_{i<l} |x_i - x_l|^a
 *	          - 1/C(k,2) sum_{j<l} |y_j - y_l|^a ]
 *
 * over X = x[s..t), Y = x[t..u) inside every current segment, accepted
 * when a permutation test (observations shuffled inside each current
 * segment, R times) gives p = (1 + #{Q* >= Q}) / (R + 1) <= sig; then
 * the next split is looked for, until one is not significant. With
 * autocorr (the default) the test compares Q studentized by the lag-1
 * autocorrelation each split shows (docs/trend.md, "Autocorrelated
 * series").
 *
 * Usage:
 *	struct fsr_cp_opts o = FSR_CP_OPTS_INIT;
 *	struct fsr_changepoint *cp;
 *	size_t n_cp;
 *	if (fsr_edivisive(x, n, &o, &cp, &n_cp, &d) == 0) {
 *		... cp[0..n_cp) sorted by pos ...
 *		free(cp);
 *	}
 *
 * Ownership: fsr_edivisive() hands back an array the caller free()s;
 * fsr_trend() returns a struct fsr_trend freed with fsr_trend_free(),
 * which borrows the report and stats (they must outlive it).
 */
#ifndef FSR_CHANGEPOINT_H
#define FSR_CHANGEPOINT_H

#include "analyze.h"

struct fsr_changepoint {
	size_t pos;    /* index of the first element of the new segment */
	double stat;   /* Q of the split when it was accepted */
	double p;      /* its permutation p value */
	size_t rank;   /* 1 = found first (the strongest) */
};

/*
 * What the windows of a long series found, kept from one run to the
 * next (the store's change-point cache, docs/trend.md): get() gives a
 * window's change points (*out malloc'ed, by position, as the search
 * returns them) and returns 1 when it holds the result of method over
 * x[0..n), else 0; put() is told each result searched, lasting 1 when
 * the window is one a longer series has too (its start a multiple of
 * half the window), 0 for a last window that ends where the series
 * ends, which the next run set moves. method names the method's
 * version and every parameter the result depends on, so an entry of
 * other data, other parameters or an older method is never found.
 * Either may be NULL.
 */
struct fsr_cp_cache {
	int (*get)(void *ctx, const char *method, const double *x, size_t n,
		   struct fsr_changepoint **out, size_t *n_out);
	void (*put)(void *ctx, const char *method, const double *x,
		    size_t n, const struct fsr_changepoint *cp, size_t n_cp,
		    int lasting);
	void *ctx;
};

struct fsr_cp_opts {
	size_t min_size;       /* shortest segment, >= 2 (ecp's min.size) */
	double sig;            /* significance of the permutation test */
	size_t permutations;   /* R, >= 1 */
	unsigned long seed;    /* of GSL's mt19937: same data, same answer */
	double exponent;       /* the a of |x - y|^a, in (0, 2] */
	size_t window;         /* longer series are searched in windows of
				* this many run sets, half overlapping
				* (changepoint.c); 0: always whole */
	int last_only;         /* windows: only those from the end to the
				* first with a change point (check) */
	int autocorr;          /* 1: the permutation test compares Q
				* studentized by the lag-1 autocorrelation
				* of the residuals (changepoint.c), so it
				* holds its level under AR(1) noise */
	const struct fsr_cp_cache *cache; /* windows' results kept, or
					   * NULL */
};
#define FSR_CP_OPTS_INIT { 2, 0.05, 199, 1, 1.0, 100, 0, 1, NULL }


/*
 * The change points of x[0..n) (all finite), sorted by position, into a
 * new array *out (NULL when none; free() it). Returns 0, or FSR_EUSAGE
 * with d set when the options are out of range, FSR_EINTERNAL when GSL
 * fails.
 */
int fsr_edivisive(const double *x, size_t n, const struct fsr_cp_opts *o,
		  struct fsr_changepoint **out, size_t *n_out,
		  struct fsr_diag *d);

/*
 * The Q statistic of the best split (t, u) of x[s..e) with segments of at
 * least min_size, for tests: returns 0 and sets *t, *u, *q, or -1 when
 * no split fits.
 */
int fsr_edivisive_best_split(const double *x, size_t s, size_t e,
			     size_t min_size, double exponent, size_t *t,
			     size_t *u, double *q);

/*
 * The lag-1 autocorrelation of the residuals of x about the means of the
 * segments cuts[0..nc) (sorted, 0 and n at the ends): sum r_i r_(i+1)
 * inside each segment over sum r_i^2; NAN when no segment has 2 values.
 * *n_used (if not NULL): the values in segments of 2 or more.
 */
double fsr_lag1_autocorr(const double *x, const size_t *cuts, size_t nc,
			 size_t *n_used);

/* ----------------------------------------------------------- trends */

struct fsr_trend_opts {
	double confidence;   /* of the step's interval */
	double min_change;   /* percent; smaller steps are "same" */
	struct fsr_cp_opts cp;
};

/* One run set (system) of one result's series. */
struct fsr_trend_point {
	size_t sys;          /* index into report->systems */
	size_t cell;         /* index into result->cells, SIZE_MAX: none */
	const struct fsr_summary *s; /* NULL when the system has no data */
	int change_point;    /* the first run set of a new segment */
	size_t segment;      /* 0, 1, ... along the points with data */
	/* On change points only (NAN elsewhere): the step from the
	 * previous segment to this one in %, the ratio of the run sets'
	 * geometric means with Welch's interval of the mean logarithms at
	 * fsr_trend.ci_level (run sets are the observations; logs 1), or,
	 * where a run is <= 0, the change of the mean of means with
	 * Welch's interval of the difference over the previous mean
	 * (logs 0); and the permutation p value and statistic that found
	 * it. */
	double change_pct, ci_low_pct, ci_high_pct, p, stat;
	enum fsr_verdict verdict; /* NA except on change points */
	int logs;            /* the step is a ratio of geometric means */
};

struct fsr_trend_row {
	size_t result;       /* index into report->results */
	struct fsr_trend_point *points; /* one per fsr_trend.order entry */
	size_t n_used;       /* points with data */
	size_t n_changes;
	/* The lag-1 autocorrelation of the run sets' means about their
	 * segments' means (NAN with fewer than 2 in every segment), and
	 * whether it is clearly positive and at least FSR_LAG1_MATERIAL:
	 * above its one-sided 95 % bound
	 * under independence, -s/n + 1.645/sqrt(n) for n means in s
	 * segments (Bartlett's se; the mean of each segment removed
	 * biases it by about -1/L). The permutation test allows for it
	 * (fsr_cp_opts.autocorr); the outputs say so. */
	double lag1;
	int lag1_flagged;
};
/* ... and at least this large: 0.06 over 1 000 run sets is clear but
 * changes little (docs/trend.md, "Autocorrelated series"). */
#define FSR_LAG1_MATERIAL 0.1

struct fsr_trend {
	struct fsr_trend_opts opts;
	size_t *order;       /* systems in trend order */
	size_t n_order;
	struct fsr_trend_row *rows; /* numeric (bar) results, in order */
	size_t n_rows;
	size_t n_skipped;    /* results left out: not numeric */
	/* The steps' intervals: Bonferroni's simultaneous level over the
	 * n_steps change points of every row, 1 - (1 - confidence) /
	 * n_steps (confidence with fewer than 2), as compare's with
	 * Holm (docs/methods.md section 3). */
	size_t n_steps;
	double ci_level;
};

/*
 * The series of every numeric result over the systems order[0..n) and
 * its change points. Returns NULL with d set on bad options.
 */
struct fsr_trend *fsr_trend(const struct fsr_report *r,
			    const struct fsr_stats *s, const size_t *order,
			    size_t n, const struct fsr_trend_opts *o,
			    struct fsr_diag *d);
void fsr_trend_free(struct fsr_trend *t);

/* ------------------------------------------------------------ check */

/* A new run set against the series (analyze/check.c has the method). */
struct fsr_check_opts {
	struct fsr_trend_opts trend; /* segments; confidence, min_change */
	double alpha;                /* after correction */
	enum fsr_adjust adjust;      /* over the results checked */
	/* --max-regression PCT (0: not asked): the gate of docs/usage.md,
	 * "Proving no change"; --strict: an undecided row fails too */
	double max_regression;
	int strict;
};

/* What --max-regression makes of a row. */
enum fsr_gate {
	FSR_GATE_NONE = 0,   /* no margin asked, or no direction */
	FSR_GATE_PASS,       /* proven not worse than the margin */
	FSR_GATE_FAIL,       /* a proven regression, not inside it */
	FSR_GATE_UNDECIDED,  /* neither proven */
	FSR_GATE_SMALL,      /* the baseline cannot support the test */
};

enum fsr_check_method {
	FSR_CHECK_PREDICTION = 0, /* t prediction interval of run-set means */
	FSR_CHECK_WELCH,          /* one baseline run set: Welch on samples */
};
const char *fsr_check_method_name(enum fsr_check_method m);

struct fsr_check_row {
	size_t result;       /* index into report->results */
	size_t cell;         /* the new run set's cell in result->cells */
	const struct fsr_summary *now; /* its summary */
	size_t first, last;  /* trend positions of the baseline segment */
	size_t k;            /* run sets in it */
	double mean_base, sd_base; /* of their means (sd: samples if k 1) */
	double diff, diff_low, diff_high; /* new - baseline, its interval
					   * (ln ratio with logs) */
	double change_pct, ci_low_pct, ci_high_pct; /* the same in % */
	double t, df, p, p_adj;
	enum fsr_check_method method;
	enum fsr_verdict verdict;
	/* --max-regression: the margin as a change of the mean in % (the
	 * worse side), the one-sided p against it before and after the
	 * correction, the gate; the smallest regression in % the baseline
	 * detects (80 % power, one-sided, at the row's Bonferroni level)
	 * and the run sets it needs for the margin (INFINITY: none do;
	 * NAN: one stored run set, no run-to-run spread known) */
	double se;
	double margin_pct, p_margin, p_margin_adj;
	double detect_pct, k_needed;
	enum fsr_gate gate;
	/* logs 1: the test is on logarithms (of the run sets' geometric
	 * means, or of the samples with one stored run set), so diff, its
	 * interval and se are of ln(new / baseline) and change_pct is the
	 * ratio of the geometric means; 0 (a run <= 0): in the unit.
	 * sd_test: the baseline's spread on that scale. ci_level: the
	 * level of the interval (fsr_check.ci_level). */
	int logs;
	double sd_test, ci_level;
	/* the series' lag-1 autocorrelation and its flag (fsr_trend_row):
	 * the prediction interval takes the run sets as independent */
	double lag1;
	int lag1_flagged;
};

struct fsr_check {
	struct fsr_check_opts opts;
	struct fsr_trend *trend;  /* of the baseline series (owned) */
	size_t new_sys;           /* the new run set's system */
	struct fsr_check_row *rows; /* numeric results the new run set has */
	size_t n_rows;
	size_t n_unchecked;       /* numeric results without data on a side */
	size_t n_worse, n_better;
	size_t n_gate[5];         /* rows by enum fsr_gate */
	int gate_fails;           /* the gate says exit 1 */
	/* the rows' interval level, as compare's for opts.adjust over the
	 * rows with a p (Bonferroni's for Holm) */
	double ci_level;
};

/*
 * The new run set new_sys against the series order[0..n) (the baseline,
 * without new_sys): per numeric result the run sets since the last
 * change point. NULL with d set on bad options; free with
 * fsr_check_free().
 */
struct fsr_check *fsr_check(const struct fsr_report *r,
			    const struct fsr_stats *s, const size_t *order,
			    size_t n, size_t new_sys,
			    const struct fsr_check_opts *o, struct fsr_diag *d);
void fsr_check_free(struct fsr_check *ck);

/* "6.1" < "6.2" < "6.10" < "6.10a": digit runs compare as numbers. */
int fsr_version_cmp(const char *a, const char *b);

#endif
