/*
 * analyze.h - statistics over the model, with GSL. Pure: no I/O, no
 * printing. Numbers are computed once here into plain structs, and every
 * renderer only reads them (fio's stat.c model).
 *
 * Ownership: fsr_analyze() and fsr_compare() return new objects that the
 * caller frees with fsr_stats_free() / fsr_comparison_free(); they borrow
 * the report, which must outlive them.
 */
#ifndef FSR_ANALYZE_H
#define FSR_ANALYZE_H

#include "../lib/diag.h"
#include "../model/model.h"

/* Call once before any GSL use (switches GSL's abort handler off). */
void fsr_analyze_init(void);

/* Per-cell summary; fields that do not apply are NAN (n < 2: sd, se, CI). */
struct fsr_summary {
	size_t n;        /* samples used */
	size_t n_failed;
	double mean, sd, se, ci_low, ci_high;
	double median, min, max, cv_pct;
	/* exp(mean(ln x)): the geometric mean, NAN unless every x > 0;
	 * its interval, the Student-t interval of mean(ln x) at the same
	 * level turned back (exp), NAN unless n >= 2 too */
	double gmean, gmean_ci_low, gmean_ci_high;
	/* the first run against the others (fsr_first_run()) */
	struct fsr_first_run {
		int tested;     /* the test applied: n >= 4, every run > 0,
				 * direction known, numeric bars */
		int flagged;    /* p < FSR_FIRST_ALPHA and the mean moves
				 * more than FSR_FIRST_MATERIAL_PCT */
		size_t n_others; /* n - 1 */
		double x1;      /* the first run */
		/* the others' one-sided (1 - FSR_FIRST_ALPHA) prediction
		 * bound on the slow side: an upper bound when lower is
		 * better, a lower bound when higher is */
		double bound;
		double t, p;    /* t (n - 2 df) and its one-sided p */
		double mean_others; /* the arithmetic mean without it */
	} first;
	/* the runs' time series against the SNIA PTS steady-state rule
	 * (fsr_steady_state(), FSR_STEADY_SNIA_*): runs with a series,
	 * those that never became steady, and of those that did the
	 * longest warm-up (ms), the mean of their steady means and the
	 * mean of their whole-run means (NAN when no run became steady) */
	struct fsr_steady_cell {
		size_t runs, never;
		double warmup_ms_max;
		double mean_all, mean_steady;
	} steady;
	/* a monotone trend across the runs in the order they ran
	 * (fsr_drift()) */
	struct fsr_drift {
		int tested;     /* n >= FSR_DRIFT_MIN_N, numeric bars */
		int flagged;    /* p < FSR_DRIFT_ALPHA */
		double s, var_s; /* Kendall's S and its variance (ties) */
		double z, p;    /* continuity-corrected z, two-sided p */
		double sen;     /* Sen's slope: the median of (x_j - x_i) /
				 * (j - i), per run */
		double sen_pct; /* the same in % of the mean */
	} drift;
	/* a read rate the device cannot have given (fsr_read_rate()) */
	struct fsr_read_rate {
		unsigned flagged;  /* FSR_RATE_* bits; 0: none */
		double rate_mbs;   /* the mean in MB/s (1e6 B/s) */
		double ceiling_mbs; /* system.txt device_max_read_mbs */
		double file_mib, memory_mib; /* the file and the memory */
		/* FSR_RATE_FILE_IN_RAM from a fio job read buffered
		 * (direct=0): its jobs (numjobs), file_mib their files
		 * together; 0: not fio */
		unsigned fio_jobs;
	} rate;
};

/*
 * The slow first run (analyze/validity.c, docs/methods.md section 10):
 * is the first run of x[0..n) (the runs in the order they ran) beyond
 * the one-sided prediction bound of the other n - 1 on the log scale,
 * in the slow direction of better? With y = ln x and the others' mean
 * m and sd s (n - 2 df), t = (y1 - m) / (s sqrt(1 + 1/(n-1))), Student
 * t with n - 2 df when the runs are lognormal; p is its one-sided tail
 * on the slow side. Flagged when p < FSR_FIRST_ALPHA and leaving the
 * run out moves the arithmetic mean by more than FSR_FIRST_MATERIAL_PCT
 * of the mean without it. Not tested (tested 0, the rest NAN) below 4
 * runs, with a run <= 0 or an unknown direction. s = 0: t is +-inf
 * (p 0 or 1) when y1 differs from the others, 0 (p 0.5) when not.
 * Flagged only: no number of the summary changes.
 */
#define FSR_FIRST_ALPHA 0.01
#define FSR_FIRST_MATERIAL_PCT 1.0
#define FSR_FIRST_MIN_N 4
void fsr_first_run(const double *x, size_t n, enum fsr_better better,
		   struct fsr_first_run *out);

/*
 * Steady state of one run's time series y[0..n) (times t_ms, may be
 * NULL; analyze/steady.c, docs/methods.md "Steady state within a run"):
 * the first window of rule->window consecutive values that passes the
 * rule (SNIA PTS: range <= range_pct % and the least-squares line's
 * excursion across the window <= limit_pct % of the window's mean; fio's
 * ss=..._slope:L%: 100 |slope per value| / mean < L; fio's ss=iops:L% /
 * bw:L%: 100 max |y - mean| / mean < L). Not tested below rule->window
 * values or with a value not finite.
 */
enum fsr_steady_kind {
	FSR_STEADY_SNIA = 0,
	FSR_STEADY_FIO_SLOPE,
	FSR_STEADY_FIO_DEV,
};
struct fsr_steady_rule {
	enum fsr_steady_kind kind;
	size_t window;     /* values in the measurement window */
	double limit_pct;  /* SNIA: the slope's excursion; fio: its L */
	double range_pct;  /* SNIA only: the window's range */
};
#define FSR_STEADY_SNIA_WINDOW 5
#define FSR_STEADY_SNIA_RANGE_PCT 20.0
#define FSR_STEADY_SNIA_SLOPE_PCT 10.0
struct fsr_steady {
	int tested, steady;
	size_t start;      /* the first value of the first steady window */
	double warmup_ms;  /* the time of the last value before it (0: none) */
	double mean_all;   /* the mean of every value */
	double mean_steady; /* the mean from start on; NAN: never steady */
	/* of the window that passed (the last one tried when none did):
	 * its range, and the rule's criterion (SNIA: the excursion; fio
	 * slope: the slope; fio dev: the largest deviation), in % of its
	 * mean */
	double range_pct, slope_pct;
};
void fsr_steady_state(const double *t_ms, const double *y, size_t n,
		      const struct fsr_steady_rule *rule,
		      struct fsr_steady *out);

/*
 * --steady, the user's choice of each run's result where the run has a
 * time series (analyze/steady.c, docs/methods.md "Steady state within a
 * run"): with steady set, every run of a cell whose series are one per
 * run, that the SNIA PTS rule finds steady, has its steady-state mean
 * (fsr_steady.mean_steady) as its result in place of its whole-run mean;
 * a run never steady keeps its whole-run mean. Without steady no number
 * changes. Either way r->steady_result counts the runs tested and those
 * never steady, for the line every output carries (view/notes.h). Call
 * after fsr_report_drop_first() (the runs counted are those kept) and
 * before fsr_analyze(); once.
 */
void fsr_report_steady(struct fsr_report *r, int steady);

/*
 * Drift across the runs (analyze/validity.c, docs/methods.md "Drift
 * across the runs"): the Mann-Kendall test of x[0..n) in the order the
 * runs ran. S = sum over i < j of sign(x_j - x_i); var(S) = (n(n-1)(2n+5)
 * - sum over tied groups of t(t-1)(2t+5)) / 18; z = (S - sign S) /
 * sqrt(var S) (0 when S = 0); p two-sided from the normal. Flagged when
 * p < FSR_DRIFT_ALPHA. Not tested below FSR_DRIFT_MIN_N runs, above
 * FSR_DRIFT_MAX_N (n^2 pairs: samples, not runs) or with a value not
 * finite; var(S) = 0 (every run equal) gives z 0, p 1.
 * Flagged only: no number of the summary changes.
 */
#define FSR_DRIFT_ALPHA 0.01
#define FSR_DRIFT_MIN_N 8
#define FSR_DRIFT_MAX_N 1000
void fsr_drift(const double *x, size_t n, struct fsr_drift *out);

/*
 * An impossible read rate (analyze/readrate.c, docs/methods.md
 * "Impossible read rates"): for a result whose description says "read"
 * (and not "write") in a rate unit (B/s to GiB/s, iozone's kBytes/sec),
 * flagged when the cell's mean is above system.txt's device_max_read_mbs
 * (FSR_RATE_ABOVE_DEVICE), or when the file size the description names
 * ("file size 64 KiB", PTS's "File Size: 512MB") is below the system's
 * memory (system.txt memory_mb in MiB, else PTS's hardware "Memory";
 * FSR_RATE_FILE_IN_RAM): buffered reads of it come from the page cache.
 * A fio result ("JOB: read bandwidth" or "JOB: read IOPS", B/s or IOPS)
 * is FSR_RATE_FILE_IN_RAM when the job's options (the system's "fio job
 * JOB" meta, importers/fio.c) read buffered (direct=0, fio's default, and
 * not buffered=0) a file whose size (filesize=, else size=, in fio's
 * units of 1024) times numjobs is below the memory; fio_jobs says so.
 */
#define FSR_RATE_ABOVE_DEVICE 1u
#define FSR_RATE_FILE_IN_RAM 2u
void fsr_read_rate(const struct fsr_report *r, const struct fsr_result *res,
		   const struct fsr_cell *c, double mean,
		   struct fsr_read_rate *out);

/* Describe x[0..n) at confidence level conf (e.g. 0.95). n = 0 gives all
 * NAN. Returns 0, or FSR_EINTERNAL when GSL refused (d set). */
int fsr_describe(const double *x, size_t n, double conf,
		 struct fsr_summary *out, struct fsr_diag *d);

struct fsr_result_stats {
	const struct fsr_result *result;
	struct fsr_summary *cells; /* parallel to result->cells */
};

struct fsr_stats_lazy;

struct fsr_stats {
	double confidence;
	size_t n_results;
	struct fsr_result_stats *results; /* parallel to report->results */
	/* on_demand: results[i].cells stay NULL, fsr_stats_cells()
	 * computes them when asked; NULL otherwise */
	struct fsr_stats_lazy *lazy;
};

struct fsr_analyze_opts {
	double confidence; /* 0 < c < 1 */
	/* 1: keep no summaries; fsr_stats_cells() describes a result when
	 * asked (a show of 10 000 results kept 5 MB of them) */
	int on_demand;
	/* FSR_LEAN_* bits: what the caller never reads, so it is left NAN
	 * (show --format csv: the tests' p and Sen's slope were a third of
	 * describing a cell); 0: every number */
	unsigned lean;
};

/* fsr_analyze_opts' lean: of the validity tests (struct fsr_first_run,
 * struct fsr_drift) only whether they flagged, each flag decided as
 * before, bit for bit; no t, p, bound or Sen's slope that a flag does
 * not need */
#define FSR_LEAN_TESTS 1u
/* no geometric mean (gmean and its interval) */
#define FSR_LEAN_GMEAN 2u

/*
 * Summaries of every cell of r. On failure returns NULL and d (when not
 * NULL) says why, d->code included: FSR_EUSAGE for an option out of range,
 * FSR_EINTERNAL when a statistic cannot be computed (no t quantile).
 */
struct fsr_stats *fsr_analyze(const struct fsr_report *r,
			      const struct fsr_analyze_opts *o,
			      struct fsr_diag *d);
void fsr_stats_free(struct fsr_stats *s);

/*
 * The summaries of the cells of result i, parallel to its cells. For
 * stats made on_demand they are computed now, into a buffer of s that
 * the next call reuses; NULL (and d set, FSR_EINTERNAL) when a statistic
 * cannot be computed. A renderer that reads stats this way may be given
 * on-demand stats (render.h, struct fsr_renderer). On-demand stats read
 * the report as it is when asked: i may be a result added since
 * fsr_analyze() (show's streamed read, cli/stream.c).
 */
const struct fsr_summary *fsr_stats_cells(const struct fsr_stats *s,
					  size_t i, struct fsr_diag *d);

/* ---------------------------------------------------------- compare */

enum fsr_verdict {
	FSR_VERDICT_NA = 0,
	FSR_VERDICT_SAME,
	FSR_VERDICT_BETTER,
	FSR_VERDICT_WORSE,
	/* --equivalence: no change proven, and the change proven inside
	 * the margin (two one-sided tests, analyze/equivalence.c) */
	FSR_VERDICT_EQUAL,
	/* --max-regression: no change proven, and proven not worse by
	 * more than the margin (one-sided, non-inferiority) */
	FSR_VERDICT_NOT_WORSE,
	FSR_VERDICT_COUNT /* how many there are (arrays by verdict) */
};
/* "better", "n/a", "equal", "not worse", ... */
const char *fsr_verdict_name(enum fsr_verdict v);

/* The margin of --equivalence / --max-regression (docs/methods.md
 * section 12): PCT of the ratio of the geometric means, symmetric on the log
 * scale, [1/(1 + p), 1 + p]; one side of it for non-inferiority (the
 * worse side of the result's direction). */
enum fsr_margin_kind {
	FSR_MARGIN_NONE = 0,
	FSR_MARGIN_EQUIVALENCE,   /* --equivalence PCT: both sides */
	FSR_MARGIN_NONINFERIORITY /* --max-regression PCT: the worse side */
};
/* "equivalence", "max-regression", "". */
const char *fsr_margin_name(enum fsr_margin_kind k);

enum fsr_test_kind { FSR_TEST_WELCH = 0, FSR_TEST_MWU };
enum fsr_adjust { FSR_ADJUST_HOLM = 0, FSR_ADJUST_BH, FSR_ADJUST_NONE };
enum fsr_ci_method { FSR_CI_WELCH = 0, FSR_CI_BOOTSTRAP };
/* Outlier rules: the generalized ESD test (Rosner 1983, alpha 0.05, at
 * most max(1, n / 10) outliers; the default), Tukey's fences (1.5 IQR,
 * type-7 quartiles) or the MAD modified z score (|z| > 3.5). Outliers
 * are flagged, never dropped. */
enum fsr_outlier_rule { FSR_OUTLIERS_ESD = 0, FSR_OUTLIERS_TUKEY,
			FSR_OUTLIERS_MAD };

struct fsr_compare_opts {
	double confidence;   /* for intervals */
	double alpha;        /* significance level after correction */
	double min_change;   /* percent; smaller changes are "same" */
	enum fsr_test_kind test;
	enum fsr_adjust adjust;
	enum fsr_ci_method ci;
	unsigned long seed;  /* bootstrap */
	size_t boot_b;       /* bootstrap resamples */
	const char *baseline; /* system label, NULL: the first system */
	enum fsr_outlier_rule outliers;
	double runs_needed_pct; /* > 0: runs per side to detect this % */
	/* NULL, or whether a result enters the geometric mean (the cli's
	 * --geomean-only/--geomean-exclude); a result it refuses is left
	 * out of the mean alone, counted in skipped and excluded. */
	int (*geo_keep)(const struct fsr_result *res, void *data);
	void *geo_data;
	/* --sign better (mmtests' convention): recorded here for the
	 * outputs; analyze/ never flips a sign. The view turns the changes
	 * of lower-is-better results (fsr_view_sign(), view/change.c). */
	int sign_better;
	/* --equivalence / --max-regression: the kind and PCT (> 0) */
	enum fsr_margin_kind margin;
	double margin_pct;
};

/* The power behind the smallest detectable change (mde_pct). */
#define FSR_MDE_POWER 0.8

/* CV in % above which a cell is flagged as noisy (PTS's own level). */
#define FSR_HIGH_CV_PCT 3.0

/* Warnings attached to a row (bit flags). */
enum fsr_row_flags {
	FSR_ROW_FEW_CI = 1 << 0,       /* n < 2 on a side: no interval */
	FSR_ROW_FEW_MWU = 1 << 1,      /* too few runs: U cannot reach alpha */
	FSR_ROW_HIGH_CV = 1 << 2,      /* CV > 3 % on a side */
	FSR_ROW_OUTLIERS = 1 << 3,     /* a side has flagged outliers */
	FSR_ROW_DISAGREE = 1 << 4,     /* Welch and U disagree (raw p) */
	FSR_ROW_FAILED = 1 << 5,       /* failed runs on a side */
	FSR_ROW_MISSING = 1 << 6,      /* one side has no data */
	FSR_ROW_NOT_NUMERIC = 1 << 7,  /* pass/fail or line results */
	FSR_ROW_ZERO_BASE = 1 << 8,    /* baseline mean 0 or of mixed
					* sign: no change in % */
	FSR_ROW_FEW_MEDIAN = 1 << 9,   /* n < 6: no median interval */
	FSR_ROW_NO_DIRECTION = 1 << 10, /* higher/lower is better unknown */
	FSR_ROW_SIGNIFICANT = 1 << 11, /* p_adj <= alpha, |change| >= min */
	FSR_ROW_CONSTANT = 1 << 12,    /* no variation on either side */
	FSR_ROW_DIFF_UNIT = 1 << 13,   /* not every sample > 0: the
					* interval is of the difference, in
					* the result's unit */
	/* Why the interval and the verdict of a row can differ: */
	FSR_ROW_CI_STEPDOWN = 1 << 14, /* Holm's step-down (or BH) finds a
					* change the simultaneous interval
					* still holds no change for */
	FSR_ROW_CI_MINCHANGE = 1 << 15, /* the interval excludes no change,
					 * the change is below --min-change */
	FSR_ROW_CI_OTHER = 1 << 16,    /* the interval is not the deciding
					* test's (--ci bootstrap, the U test
					* and ties, --confidence != 1 - alpha) */
	FSR_ROW_TIES = 1 << 17,        /* tied values between the runs */
	FSR_ROW_WITHIN_MARGIN = 1 << 18, /* a change proven (better or
					  * worse) that is also proven
					  * inside the margin */
	/* Keep last, a new flag above it: one past the last flag, so
	 * that a new flag breaks the build until FSR_ROW_FLAG_COUNT and
	 * its JSON name (render/data/json.c) follow. */
	FSR_ROW_FLAG_AFTER_LAST
};
/* The flags above; every one has a JSON name (render/data/json.c). */
#define FSR_ROW_FLAG_COUNT 19
_Static_assert(FSR_ROW_FLAG_AFTER_LAST == (1 << (FSR_ROW_FLAG_COUNT - 1)) + 1,
	       "a new row flag: raise FSR_ROW_FLAG_COUNT and name it in "
	       "render/data/json.c");

/* How the change of a row and its interval were estimated. */
enum fsr_change_method {
	FSR_METHOD_NONE = 0,   /* no interval (n < 2, not numeric, ...) */
	FSR_METHOD_LOG_WELCH,  /* Welch on ln x: ratio of geometric means */
	FSR_METHOD_DIFF_WELCH, /* Welch on x: difference in the unit */
	FSR_METHOD_BOOTSTRAP,  /* percentile bootstrap, ratio of means */
	FSR_METHOD_HL,         /* Hodges-Lehmann shift of ln x */
};
/* "log-welch", "diff-welch", "bootstrap", "hodges-lehmann", "". */
const char *fsr_method_name(enum fsr_change_method m);

struct fsr_compare_row {
	size_t result;      /* index into report->results */
	size_t base_cell, cell; /* indexes into result->cells, or SIZE_MAX */
	size_t base_sys, sys;   /* indexes into report->systems */
	const struct fsr_summary *base, *other; /* NULL when missing */
	/* The change of the means, for tables that print the means:
	 * 100 (mean - mean_base) / |mean_base|; NAN with ZERO_BASE. */
	double delta_pct;
	/* The change as the method estimates it, in %, and its interval
	 * at ci_level: for log-welch 100 (exp(mean ln b - mean ln a) - 1)
	 * (the ratio of the geometric means). With DIFF_UNIT only
	 * change_pct (100 diff / |mean_base|), no interval in %. */
	double change_pct;
	double ci_low_pct, ci_high_pct;
	/* mean - mean_base in the unit, Welch's interval at ci_level. */
	double diff, diff_low, diff_high;
	double ci_level;    /* of the intervals of the row */
	/* What the deciding test estimates (ln ratio, difference, shift):
	 * its sign and the result's direction give the verdict. */
	double effect;
	/* For rows judged "same": the smallest change in % these runs
	 * detect at the row's level with 80 % power; NAN otherwise. */
	double mde_pct;
	/* --runs-needed PCT: runs per side to detect PCT; NAN if not asked
	 * or not computable. */
	double runs_needed;
	enum fsr_change_method method;
	double p_welch, p_mwu, p_adj; /* NAN when not applicable */
	double t, df, u;    /* Welch t of other - base, its df; U of base */
	size_t outliers_base, outliers; /* counts by opts.outliers' rule */
	double fence_base[2], fence[2]; /* [lo, hi] of that rule per side */
	double p_adj_welch, p_adj_mwu;  /* both tests, corrected alike */
	double mwu_p_floor; /* smallest p the U test can give at these n,
			     * with these ties */
	size_t n_tied;      /* values in groups of equal values */
	int mwu_exact;      /* p_mwu from the exact distribution */
	enum fsr_verdict verdict;
	unsigned flags;     /* enum fsr_row_flags */
	/* The shape of the latency distribution (analyze/latency.c), for
	 * rows whose cells both keep a histogram per run: the KS distance
	 * of the pooled histograms and its run-permutation p; NAN when
	 * not tested. */
	struct fsr_latency_shape {
		double d, p;
		size_t splits;  /* splits counted (all, or the random ones) */
		int exact;      /* every split of the runs enumerated */
	} shape;
	/* --equivalence / --max-regression (opts.margin; NAN otherwise, or
	 * where there is no ratio: a run <= 0, n < 2, no direction for
	 * non-inferiority): the margin as changes in % (-inf or +inf on
	 * the side non-inferiority leaves open), the p of the two one-sided
	 * tests (the larger; the one for non-inferiority) before and after
	 * the correction over the rows (opts.adjust, as p_adj), and the
	 * (1 - 2 alpha') interval of the change in %, alpha' = 1 -
	 * ci_level, at eq_level = 2 ci_level - 1. */
	double margin_low_pct, margin_high_pct;
	double p_tost, p_tost_adj;
	double eq_low_pct, eq_high_pct, eq_level;
	/* Private to analyze/: the standard error of Welch's test on the
	 * logarithms as the row measured it (method LOG_WELCH; NAN when not
	 * measured), so that the geometric mean takes that test (effect,
	 * log_se, df) instead of fsr_log_welch() computing it again. */
	double log_se;
};

struct fsr_comparison {
	struct fsr_compare_opts opts;
	size_t baseline;    /* system index */
	struct fsr_compare_row *rows; /* by result, then system */
	size_t n_rows, cap_rows;
	/* Results with data only on the baseline or only on others. */
	size_t *only_base, n_only_base, cap_only_base;
	size_t *only_other, n_only_other, cap_only_other;
	size_t n_family;    /* p values adjusted together (opts.adjust) */
	size_t n_hidden;    /* results fsr_comparison_keep_results() left
			     * out (they were compared) */
	/* The level of every row's interval: simultaneous over the family
	 * (Bonferroni for Holm, Benjamini-Yekutieli's FCR level for BH),
	 * opts.confidence without correction. */
	double ci_level;
	/* The geometric mean across results per compared system, a
	 * summary, not a test (README "Geometric mean"): results from the
	 * same runs (one test with the same arguments and app version)
	 * form one group that counts once, with the mean of its rows' log
	 * ratios and the mean of their standard errors; PTS's bookkeeping
	 * results (empty Identifier) are left out as PTS does; the interval
	 * combines the groups' Welch-on-logs errors (Welch-Satterthwaite
	 * df) at opts.confidence. Direction normalised: > 1 is better;
	 * NAN when no row qualifies, no interval when a row has < 2 runs. */
	size_t n_geo;
	struct fsr_geomean {
		size_t sys;
		size_t k;   /* groups used (independent measurements) */
		size_t rows; /* rows in those groups */
		size_t skipped; /* rows of sys not used (no direction, ...) */
		size_t bookkeeping; /* PTS bookkeeping rows left out */
		size_t excluded; /* rows geo_keep refused (in skipped too) */
		/* Rows of sys that fsr_comparison_keep_results() dropped,
		 * by enum fsr_verdict: the counts stay those of every row. */
		size_t hidden[FSR_VERDICT_COUNT];
		double ratio, ci_low, ci_high;
		double df;  /* Welch-Satterthwaite, NAN without interval */
	} *geo;
};

/*
 * Compare every system against the baseline. On failure returns NULL and
 * d (when not NULL) says why, d->code included: FSR_EUSAGE for an option
 * out of range or a baseline label that names no system, FSR_EINPUT when
 * the report has no system, FSR_EINTERNAL when a test or interval cannot
 * be computed.
 */
/*
 * analyze/latency.c: the run-level permutation test of the shape of two
 * latency distributions (docs/methods.md section 11). a and b are the
 * runs' histograms (one layout); out->d is the Kolmogorov-Smirnov
 * distance between the pooled histograms (max over bins of |F_a - F_b|),
 * out->p the share of the splits of all runs into groups of their sizes
 * whose D is at least as large: every split when there are at most
 * FSR_SHAPE_EXACT_MAX, else FSR_SHAPE_RANDOM random ones (MT19937,
 * seeded with seed), p = (1 + hits) / (1 + FSR_SHAPE_RANDOM). 0, or -1
 * (out NAN) when a side has fewer than 2 runs or the layouts differ.
 */
#define FSR_SHAPE_EXACT_MAX 200000
#define FSR_SHAPE_RANDOM 9999
struct fsr_histset;
int fsr_shape_test(const struct fsr_histset *a, const struct fsr_histset *b,
		   unsigned long seed, struct fsr_latency_shape *out);
/* The shape of row's two cells into row->shape (NAN when not both keep
 * histograms). */
void fsr_shape_row(const struct fsr_report *r, struct fsr_compare_row *row,
		   unsigned long seed);

/*
 * analyze/latency.c: the percentile spectrum of one configuration (the
 * spectrum chart, docs/usage.md): at each of n_q percentiles q[] (0 < q
 * < 100, increasing), every run's value (fsr_hist_percentile(), in the
 * histograms' unit, ns) and their geometric mean with the Student-t
 * interval of mean(ln v) at level conf turned back (exp), as a
 * configuration's percentile is compared (Welch on the logarithms).
 * A percentile is given only up to the last q every run supports
 * (fsr_pct_ios_needed(): a configuration with a run short of the I/Os
 * is refused whole, as in every other output): n_ok of them.
 * Ownership: fsr_spectrum_free() frees what fsr_spectrum() made.
 */
struct fsr_spectrum {
	size_t n_q, n_runs;
	double *q;      /* n_q percentiles */
	double *v;      /* n_runs x n_q: run r at q[j] is v[r * n_q + j] */
	double *gmean, *ci_low, *ci_high; /* n_q; the interval NAN when
					   * n_runs < 2, of no width when
					   * the runs agree */
	size_t n_ok;    /* q[0 .. n_ok) every run supports; the values
			 * from n_ok on are NAN */
};
/* 0, or -1 (nothing made) when s holds no run with an I/O. */
int fsr_spectrum(const struct fsr_histset *s, const double *q, size_t n_q,
		 double conf, struct fsr_spectrum *out);
void fsr_spectrum_free(struct fsr_spectrum *sp);

struct fsr_comparison *fsr_compare(const struct fsr_report *r,
				   const struct fsr_stats *s,
				   const struct fsr_compare_opts *o,
				   struct fsr_diag *d);
void fsr_comparison_free(struct fsr_comparison *c);

/*
 * The rows of fsr_compare(), made a result at a time in two passes, for
 * a caller that holds one result's cells at a time (compare printed as
 * read, cli/compare-stream.c). Pass 1: fsr_compare_stream_measure() of
 * every result (its rows' two p values, kept: no summaries needed); then
 * fsr_compare_stream_family() (the correction over every row, the level
 * of the intervals); pass 2: fsr_compare_stream_rows() of every result
 * again, in the same order, returns a comparison of that result's rows
 * only (valid until the next call), each row as fsr_compare() makes it.
 * sums are result i's summaries, in r's current state. Then
 * fsr_compare_stream_geomean() (r: the report with every system, its
 * results may be gone) fills the geometric means of pass 2's rows,
 * c->geo and c->n_geo, into that same comparison (the one every
 * fsr_compare_stream_rows() returned; freed by fsr_compare_stream_free()),
 * bit for bit fsr_compare()'s, and returns it; its rows stay the last
 * result's. For the
 * mean the stream keeps running sums per group and system and the
 * groups' keys, no result or cell, once fsr_compare_stream_keep_geomean()
 * asked it to before pass 2 (about 0.5 KiB a group: csv, which prints
 * no mean, does not ask).
 * Not for a margin (--equivalence, --max-regression), whose correction
 * needs the rows of pass 2. NULL / -1: d says why (the geometric mean:
 * FSR_EINTERNAL, no t quantile).
 */
struct fsr_compare_stream;
struct fsr_compare_stream *fsr_compare_stream_new(
	const struct fsr_report *r, const struct fsr_compare_opts *o,
	struct fsr_diag *d);
void fsr_compare_stream_keep_geomean(struct fsr_compare_stream *cs);
int fsr_compare_stream_measure(struct fsr_compare_stream *cs,
			       const struct fsr_report *r, size_t i,
			       struct fsr_diag *d);
void fsr_compare_stream_family(struct fsr_compare_stream *cs);
struct fsr_comparison *fsr_compare_stream_rows(
	struct fsr_compare_stream *cs, const struct fsr_report *r, size_t i,
	const struct fsr_summary *sums, struct fsr_diag *d);
struct fsr_comparison *fsr_compare_stream_geomean(
	struct fsr_compare_stream *cs, const struct fsr_report *r,
	struct fsr_diag *d);
void fsr_compare_stream_free(struct fsr_compare_stream *cs);

/*
 * Keep only results keep[0..n) (indexes into the report as compared,
 * ascending) in s and c, for a report about to keep the same results
 * (fsr_report_keep_results): the rows of the others go, the rest are
 * renumbered, and nothing is computed again, so the corrections, the
 * intervals' level and the geometric means stay those of every result
 * compared. s->results[i].cells stay where they were (rows point in).
 */
void fsr_comparison_keep_results(struct fsr_comparison *c,
				 struct fsr_stats *s, const size_t *keep,
				 size_t n);

/* ------------------------------------------------------ equivalence */

/*
 * Schuirmann's two one-sided tests (1987) of the difference of the
 * means of b and a (Welch's se and df): H0 diff <= lo against diff >
 * lo (p_lower, the upper tail of t_lower = (diff - lo) / se) and H0
 * diff >= hi against diff < hi (p_upper, the lower tail of t_upper =
 * (diff - hi) / se); p = max(p_lower, p_upper). lo = -inf or hi = +inf
 * leaves that side untested (its p 0): one-sided non-inferiority.
 * low, high: the (1 - 2 alpha) interval of diff, inside (lo, hi)
 * exactly when p < alpha. n < 2 on a side: everything NAN. Both sides
 * constant (se 0): p 0 when lo < diff < hi, else 1. Returns 0, or
 * FSR_EINTERNAL for alpha outside (0, 0.5) or no t quantile.
 */
struct fsr_tost {
	double diff, se, df;
	double t_lower, t_upper, p_lower, p_upper, p;
	double low, high;
	int degenerate;
};
int fsr_tost(const double *a, size_t na, const double *b, size_t nb,
	     double lo, double hi, double alpha, struct fsr_tost *out);

/*
 * The power of the two one-sided tests at margin +-delta (log scale)
 * with n runs per side, sd on each, no true change, the pooled t (2 (n -
 * 1) df; analyze/power.c): P(|d| + t(1 - alpha, df) se_hat < delta),
 * integrated exactly over the chi-square of the sd. fsr_tost_runs():
 * the smallest whole n >= 2 with at least that power, NAN above 10000.
 */
double fsr_tost_power(double n, double delta, double sd, double alpha);
double fsr_tost_runs(double delta, double sd, double alpha, double power);

/* The two-sided t-test's runs per side for a change delta (R's
 * power.t.test, analyze/power.c), rounded up; NAN above 10000. */
double fsr_detect_runs(double delta, double sd, double alpha, double power);

/* check's prediction test (analyze/check.c) with k baseline run sets of
 * spread sd (of ln of their means) and one new run set: its power to
 * detect delta (two-sided), or with equivalence that of the two
 * one-sided tests at +-delta with no true change; and the fewest run
 * sets (>= 2) that reach power, INFINITY when no number would. */
double fsr_check_plan_power(double k, double delta, double sd,
			    double alpha, int equivalence);
double fsr_check_plan_runsets(double delta, double sd, double alpha,
			      double power, int equivalence);

/* ------------------------------------------------------------- plan */

/* fsreport plan (docs/methods.md section 13): runs per configuration. */
struct fsr_plan_opts {
	int equivalence;  /* 0: --detect PCT, 1: --equivalence PCT */
	double pct;       /* > 0 */
	double power;     /* 0 < power < 1 */
	double alpha;     /* before the correction over the rows */
	enum fsr_adjust adjust; /* NONE: alpha per row; else alpha / m */
	size_t n_compared; /* systems compare would set against the
			    * baseline; 0: the pilot's systems - 1, at
			    * least 1 */
	int series;        /* the pilot is a stored series (--db): each
			    * system one run set; the spread is that of
			    * ln of their means and the plan is check's,
			    * in baseline run sets */
};

struct fsr_plan_row {
	size_t result;   /* index into report->results */
	size_t k;        /* configurations with >= 2 runs, all > 0;
			  * series: run sets with a mean > 0 */
	size_t n_pilot;  /* the fewest runs among them; series: k */
	double log_sd;   /* pooled sd of ln x over them (df-weighted) */
	double cv_pct;   /* 100 sqrt(exp(log_sd^2) - 1), the lognormal CV */
	double runs;     /* per configuration (series: baseline run
			  * sets check needs); NAN: not computable (k = 0,
			  * log_sd 0) or more than 10000 (INFINITY) */
	double run_s;    /* mean run in seconds where the result is one
			  * (unit "s", lower is better; series: the
			  * mean run set, all its runs); NAN otherwise */
};

struct fsr_plan {
	struct fsr_plan_opts opts;
	size_t m;        /* rows compare would correct over */
	double row_alpha; /* the level each row is planned at */
	struct fsr_plan_row *rows; /* numeric results, in report order */
	size_t n_rows;
};

/* The plan for r's results from the pilot's stats s. NULL and d set
 * (FSR_EUSAGE) for options out of range. Free with fsr_plan_free(). */
struct fsr_plan *fsr_plan(const struct fsr_report *r,
			  const struct fsr_stats *s,
			  const struct fsr_plan_opts *o, struct fsr_diag *d);
void fsr_plan_free(struct fsr_plan *p);

#endif
