/*
 * analyze-internal.h - the statistics compare.c is built from, one small
 * file each, shared privately inside analyze/ and with the unit tests
 * (tests/unit/test-stats.c checks every one against R and SciPy).
 *
 * All functions are pure: they read x[0..n) (never modify it), allocate
 * only scratch memory they free again, and return 0 or a negative FSR_E*.
 * "Not applicable" results are NAN, never an error. (The U test's cache
 * of distributions is the one state, owned by the caller.)
 */
#ifndef FSR_ANALYZE_INTERNAL_H
#define FSR_ANALYZE_INTERNAL_H

#include "analyze.h"

/* ----------------------------------------------------------- sorted.c */

/* x[0..n) is in ascending order with no NAN, and equal neighbours have
 * the same bits (no -0 next to 0): any sort leaves it as it is. */
int fsr_is_sorted(const double *x, size_t n);
/* x sorted into a new array (caller frees; never NULL): gsl_sort of a
 * copy, skipped when fsr_is_sorted(x, n). */
double *fsr_sorted_copy(const double *x, size_t n);
/* The sorted pool of sorted a[0..na) and b[0..nb), merged (caller
 * frees; never NULL): the values of gsl_sort of a then b, in O(na + nb). */
double *fsr_pool_sorted(const double *a, size_t na, const double *b,
			size_t nb);

/* --------------------------------------------------------- validity.c */

/* fsr_first_run() with the logarithms lx[0..n) of x already taken (the
 * describing of a cell has them), mean, the arithmetic mean of x, and
 * q, fsr_first_run_quantile(n) or NAN to have it computed here. */
void fsr_first_run_logs(const double *x, const double *lx, size_t n,
			double mean, enum fsr_better better, double q,
			struct fsr_first_run *out);

/* Whether fsr_first_run_logs() could flag x[0..n) (mean, the arithmetic
 * mean of x): the test applies and the mean without the first run moves
 * more than FSR_FIRST_MATERIAL_PCT. When it cannot, its flag is 0 without
 * the logarithms, the t and the p (FSR_LEAN_TESTS). */
int fsr_first_run_material(const double *x, size_t n, double mean,
			   enum fsr_better better);

/* fsr_drift() without Sen's slope (sen, sen_pct NAN): the same flag,
 * S, z and p (FSR_LEAN_TESTS). */
void fsr_drift_test(const double *x, size_t n, struct fsr_drift *out);

/* The first run's one-sided bound quantile for n runs (n - 2 degrees of
 * freedom; n >= FSR_FIRST_MIN_N): an iterative solve in GSL, the same
 * for every cell of n runs, so describing keeps it per n. */
double fsr_first_run_quantile(size_t n);

/* ------------------------------------------------------------ welch.c */

/* Welch's unequal-variance t-test of b against a. */
struct fsr_welch {
	double t;         /* (mean b - mean a) / se */
	double df;        /* Welch-Satterthwaite degrees of freedom */
	double p;         /* two-sided */
	double diff;      /* mean b - mean a */
	double diff_low, diff_high; /* interval of diff at conf */
	double se;        /* the standard error of diff */
	int degenerate;   /* both sides constant: se = 0 */
};

/*
 * Needs na >= 2 and nb >= 2 (otherwise everything is NAN and 0 is
 * returned). When both sides are constant (se = 0) the test degenerates:
 * p = 1 and a zero-width interval when the means are equal, p = 0 and
 * t = +-inf when they differ; degenerate is set. conf 0 asks for the
 * test alone: the interval stays NAN (unless degenerate).
 */
int fsr_welch_test(const double *a, size_t na, const double *b, size_t nb,
		   double conf, struct fsr_welch *out);
/* The interval alone: as fsr_welch_test() at conf in (0, 1) without the
 * p (NAN unless degenerate), whose t CDF is a third of a big compare. */
int fsr_welch_interval(const double *a, size_t na, const double *b,
		       size_t nb, double conf, struct fsr_welch *out);

/* -------------------------------------------------------------- mwu.c */

enum fsr_mwu_method {
	FSR_MWU_AUTO = 0, /* exact when na + nb <= FSR_MWU_EXACT_MAX */
	FSR_MWU_EXACT,
	FSR_MWU_NORMAL,
};
#define FSR_MWU_EXACT_MAX 50

struct fsr_mwu {
	double u;       /* U of a: rank sum of a (midranks) - na(na+1)/2 */
	double p;       /* two-sided */
	double z;       /* normal approximation only, else NAN */
	double p_floor; /* smallest two-sided p any data could give (no
			 * ties): 2 / C(na + nb, na), at most 1 */
	int exact;      /* p is from the exact permutation distribution */
};

/*
 * The Mann-Whitney U (Wilcoxon rank-sum) test of a against b. Exact: the
 * permutation distribution of the midrank sum of a over every split of
 * the pooled sample (which is the classic U distribution without ties),
 * p = min(1, 2 min(P(S <= s), P(S >= s))). Normal: tie-corrected
 * variance and a continuity correction of 1/2. Needs na, nb >= 1.
 */
int fsr_mwu_test(const double *a, size_t na, const double *b, size_t nb,
		 enum fsr_mwu_method method, struct fsr_mwu *out);

/*
 * The exact distributions by (na, nb) and tie pattern (the sizes of the
 * tie groups in order), shared by the rows of one comparison, at most
 * 8 MiB of counts: fsr_mwu_test_cached() with a cache gives bit for bit
 * the p of fsr_mwu_test() (which is it with cache NULL). Not thread-safe;
 * free it with fsr_mwu_cache_free().
 */
struct fsr_mwu_cache;

struct fsr_mwu_cache *fsr_mwu_cache_new(void);
void fsr_mwu_cache_free(struct fsr_mwu_cache *c);
int fsr_mwu_test_cached(const double *a, size_t na, const double *b,
			size_t nb, enum fsr_mwu_method method,
			struct fsr_mwu_cache *cache, struct fsr_mwu *out);
/* The same for a and b already sorted (fsr_sorted_copy()), as compare.c
 * keeps them: the ranks by merging, no sort. */
int fsr_mwu_test_sorted(const double *a, size_t na, const double *b,
			size_t nb, enum fsr_mwu_method method,
			struct fsr_mwu_cache *cache, struct fsr_mwu *out);

/* ----------------------------------------------------------- adjust.c */

/*
 * Adjust p[0..n) for multiple comparisons into out[0..n) (may be p):
 * Holm (family-wise error) or Benjamini-Hochberg (false discovery rate).
 * NAN entries are not part of the family and stay NAN.
 */
void fsr_p_adjust(const double *p, size_t n, enum fsr_adjust how,
		  double *out);

/* ---------------------------------------------------------- geomean.c */

/*
 * Welch on the logarithms of a[0..na) and b[0..nb): l = mean ln b - mean
 * ln a, its standard error and Welch-Satterthwaite df (NAN when a side
 * has fewer than 2 values; df NAN when se is 0). Returns -1 (all NAN)
 * when a value is <= 0 or a side is empty.
 */
int fsr_log_welch(const double *a, size_t na, const double *b, size_t nb,
		  double *l, double *se, double *df);

struct fsr_geo_est {
	double ratio, ci_low, ci_high;
	double se, df; /* of the mean log ratio */
};

/*
 * The geometric mean of k independent log ratios l[i] with standard
 * errors se[i] and degrees of freedom df[i]: exp(mean l), the standard
 * error sqrt(sum se^2) / k, the Welch-Satterthwaite df (sum se^2)^2 /
 * sum(se^4 / df) and a Student-t interval at conf. Any se NAN: no
 * interval; every se 0: the interval is the point. Returns 0 or
 * FSR_EINTERNAL (no t quantile).
 */
int fsr_geomean_combine(const double *l, const double *se, const double *df,
			size_t k, double conf, struct fsr_geo_est *out);

/*
 * The geometric mean of analyze.h struct fsr_geomean fed a row at a
 * time, holding no result or cell: per (group, system) the running sums
 * of its rows' log ratios, standard errors and smallest df, with the
 * groups (test, arguments, app version and, for a result without its
 * arguments, its description) interned by their key, and per system the
 * counts. Fed the rows of a comparison in their order (by result, then
 * system), fsr_geo_acc_finish() gives bit for bit what the rows gave
 * when sorted by group (stably) and summed.
 * fsr_geo_acc_new() never returns NULL; fsr_geo_acc_free() frees it.
 */
struct fsr_geo_acc;
struct fsr_geo_acc *fsr_geo_acc_new(void);
void fsr_geo_acc_free(struct fsr_geo_acc *a);
/* One row of result res (its cells read when the row is not a log-Welch
 * row with a standard error; nothing of res or row is kept); o: the
 * comparison's options (geo_keep). */
void fsr_geo_acc_row(struct fsr_geo_acc *a, const struct fsr_compare_opts *o,
		     const struct fsr_result *res,
		     const struct fsr_compare_row *row);
/* geo[(*n_geo)++] for every system 0..n_systems but base, in order, at
 * level conf (geo: room for n_systems). 0, or FSR_EINTERNAL (no t
 * quantile) at the first system that fails. a may be fed on. */
int fsr_geo_acc_finish(struct fsr_geo_acc *a, size_t n_systems, size_t base,
		       double conf, struct fsr_geomean *geo, size_t *n_geo);
/* The same into c->geo, c->n_geo (made anew), at c's baseline and
 * confidence, for a report of n_systems. */
int fsr_geo_acc_fill(struct fsr_geo_acc *a, struct fsr_comparison *c,
		     size_t n_systems);

/* c->geo, c->n_geo (made anew) for every system but the baseline from
 * c's rows, through a struct fsr_geo_acc. Returns 0 or FSR_EINTERNAL. */
int fsr_geomean_of(struct fsr_comparison *c, const struct fsr_report *r);

/* --------------------------------------------------------- outliers.c */

/*
 * Tukey's fences with type-7 quartiles (R's and numpy's default):
 * [Q1 - 1.5 IQR, Q3 + 1.5 IQR]. n = 0 gives NAN.
 */
void fsr_tukey_fences(const double *x, size_t n, double *q1, double *q3,
		      double *lo, double *hi);
/* The same of s[0..n) sorted (fsr_sorted_copy()); so are the other
 * rules' _sorted forms. */
void fsr_tukey_fences_sorted(const double *s, size_t n, double *q1,
			     double *q3, double *lo, double *hi);

/*
 * Iglewicz-Hoaglin: modified z = 0.6745 (x - median) / MAD, an outlier
 * when |z| > 3.5, i.e. outside median +- 3.5 MAD / 0.6745. MAD is the
 * raw median absolute deviation. MAD = 0 flags every value off the
 * median (its z is infinite).
 */
void fsr_mad_fences(const double *x, size_t n, double *median, double *mad,
		    double *lo, double *hi);
void fsr_mad_fences_sorted(const double *s, size_t n, double *median,
			   double *mad, double *lo, double *hi);

/*
 * The generalized ESD many-outlier test (Rosner 1983, Technometrics 25,
 * 165-172; NIST/SEMATECH e-Handbook 1.3.5.17.3) at alpha, with at most
 * r = max(1, n / 10) outliers (at n < 20 it is Grubbs' test): R_i =
 * max |x - mean| / sd of the values left after i - 1 removals, against
 * lambda_i = (n - i) t / sqrt((n - i - 1 + t^2) (n - i + 1)), t the
 * 1 - alpha / (2 (n - i + 1)) quantile of t with n - i - 1 df; the
 * outliers are the values removed up to the largest i with R_i >
 * lambda_i. Returns their number; [lo, hi] is the range of the values
 * kept (NAN for n = 0). n < 3 or a zero sd flags nothing.
 */
size_t fsr_esd_fences(const double *x, size_t n, double alpha, double *lo,
		      double *hi);
/* The same with the critical values kept in memo (zeroed by the caller,
 * shared by the cells of one comparison; NULL keeps none): bit for bit
 * the same result. */
#define FSR_ESD_MEMO 32
struct fsr_esd_memo {
	size_t n[FSR_ESD_MEMO], i[FSR_ESD_MEMO], used;
	double alpha[FSR_ESD_MEMO], lambda[FSR_ESD_MEMO];
	/* Cells past FSR_ESD_MEMO_BIG values take n / 10 steps, and the
	 * cells of a comparison often share their n: the steps of the
	 * last such (n, alpha), NAN until solved. */
	double *step, step_alpha;
	size_t step_n, n_step;
};
#define FSR_ESD_MEMO_BIG 64
/* Free what the memo holds (it stays usable, empty). */
void fsr_esd_memo_release(struct fsr_esd_memo *memo);
size_t fsr_esd_fences_memo(const double *x, size_t n, double alpha,
			   struct fsr_esd_memo *memo, double *lo, double *hi);
size_t fsr_esd_fences_sorted(const double *s, size_t n, double alpha,
			     struct fsr_esd_memo *memo, double *lo,
			     double *hi);

/* How many of x[0..n) lie outside [lo, hi]. */
size_t fsr_count_outside(const double *x, size_t n, double lo, double hi);

/* ----------------------------------------------------------- median.c */

/*
 * Distribution-free interval of the median: the largest k with
 * P(Bin(n, 1/2) <= k - 1) <= (1 - conf) / 2 gives [x(k), x(n-k+1)] of the
 * sorted sample, with coverage 1 - 2 P(Bin(n, 1/2) <= k - 1). When no k
 * exists (n < 6 at 0.95), k = 0 and the rest is NAN.
 */
int fsr_median_ci(const double *x, size_t n, double conf, size_t *k,
		  double *lo, double *hi, double *coverage);
/* That k alone, which depends only on n and conf (0 when none). */
size_t fsr_median_rank(size_t n, double conf);

/* -------------------------------------------------------- bootstrap.c */

/*
 * Percentile bootstrap interval of mean(b) / mean(a): a and b are
 * resampled independently with replacement, B times, with GSL's mt19937
 * seeded with seed (the same data and seed give the same interval).
 * Needs na, nb >= 2 and B >= 1; FSR_EINTERNAL when GSL fails.
 */
int fsr_bootstrap_ratio(const double *a, size_t na, const double *b,
			size_t nb, double conf, size_t B, unsigned long seed,
			double *lo, double *hi);

/* --------------------------------------------------------------- hl.c */

#define FSR_HL_EXACT_MAX 2500 /* na nb up to this: exact U quantile */
#define FSR_HL_PAIRS_MAX 65536 /* na nb up to this: the differences sorted,
				* above selected (hl.c) */

struct fsr_hl {
	double shift;     /* median of the differences b_j - a_i */
	double low, high; /* distribution-free interval at conf */
	double coverage;  /* its exact coverage (no ties), NAN if normal */
};

/*
 * The Hodges-Lehmann shift of b against a and its interval, as R's
 * wilcox.test(b, a, conf.int = TRUE, exact = TRUE) gives them when there
 * are no ties (with ties the same order statistics are used). Needs
 * na, nb >= 1.
 */
int fsr_hodges_lehmann(const double *a, size_t na, const double *b,
		       size_t nb, double conf, struct fsr_hl *out);
/* The q-th smallest (from 0) of the na nb differences b[j] - a[i] of
 * sorted a and b (na, nb >= 1, q < na nb), without storing them: the
 * value sorting them gives (a zero as +0), in O((na + nb) 64). */
double fsr_hl_diff_at(const double *a, size_t na, const double *b,
		      size_t nb, size_t q);

/* ------------------------------------------------------------ power.c */

/*
 * R's power.t.test (two samples, two-sided, strict = FALSE) with n runs
 * per side (need not be whole), standard deviation sd, level alpha:
 * fsr_t_power() the power at a shift delta, fsr_t_mde() the smallest
 * shift detected with the given power, fsr_t_runs() the n (not rounded)
 * that detects delta with that power. NAN when not computable.
 */
double fsr_t_power(double n, double delta, double sd, double alpha);
double fsr_t_mde(double n, double sd, double alpha, double power);
double fsr_t_runs(double delta, double sd, double alpha, double power);
/* P(T' > q) for T' noncentral t with df degrees of freedom and
 * noncentrality ncp (the integral fsr_t_power() uses); NAN when not
 * computable. */
double fsr_nct_upper(double q, double df, double ncp);

/* analyze/compare.c, shared with check.c: 1 when every x[0..n) is > 0;
 * ln x[0..n) into a new array the caller frees. */
int fsr_all_positive(const double *x, size_t n);
double *fsr_log_copy(const double *x, size_t n);

#endif
