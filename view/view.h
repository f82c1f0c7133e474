/*
 * view.h - what the reader sees, decided once (docs/usage.md, "One
 * view"): between analyze/, which computes, and render/, which lays
 * out. For a comparison row the view says which central value is
 * printed beside the change (the geometric mean where the change is the
 * ratio of geometric means, the arithmetic mean elsewhere), which
 * change is printed, how many decimals tell a row's values apart, how
 * the level of the intervals is named, whether an interval is too wide
 * to print, and which marks and notes the row carries (view/notes.h).
 * Every renderer asks here, so no two outputs decide differently.
 *
 * The view formats nothing but its own labels and never computes a
 * statistic: the numbers are analyze/'s.
 */
#ifndef FSR_VIEW_H
#define FSR_VIEW_H

#include "../analyze/analyze.h"
#include "../lib/strbuf.h"

/* --sign better (mmtests' convention), decided here and not in
 * analyze/: when c->opts.sign_better, every change of a lower-is-better
 * result of r (delta_pct, change_pct and its interval, diff and its
 * interval, effect) is negated in place, so that + is better in every
 * output; 100 (1 - ratio) for a ratio. p values, verdicts and the
 * detectable change stay as analyze/ computed them. Called once, right
 * after fsr_compare(), before any output reads c. */
void fsr_view_sign(struct fsr_comparison *c, const struct fsr_report *r);

/* A result's name where it runs in a line (names.c): "Flexible IO
 * Tester[ 1.57]: Intel IOMeter File Server Access Pattern" (version: 1
 * adds the app version), its title and its description as
 * fsr_view_description() gives it. */
void fsr_view_result_name(struct fsr_buf *b, const struct fsr_result *res,
			  int version);
/* The description after the title: without PTS's leading "Test: ",
 * which repeats the title's word (never when the title is empty or
 * nothing would be left). */
const char *fsr_view_description(const struct fsr_result *res);

/* The central value printed for a cell. */
enum fsr_center {
	FSR_CENTER_MEAN = 0,  /* the arithmetic mean */
	FSR_CENTER_GMEAN,     /* the geometric mean, exp(mean(ln x)) */
};

/* 1 when row cr's change is printed in the result's unit (not every
 * run > 0: the difference of the means). */
int fsr_view_diff_unit(const struct fsr_compare_row *cr);

/* 1 when row cr's change printed is the estimate its interval in % is
 * of (change_pct), 0 when it has no such interval. */
int fsr_view_pct_estimate(const struct fsr_compare_row *cr);

/* The central value printed beside row cr's change: the geometric means
 * when the change is their ratio (Welch on the logarithms), the
 * arithmetic means otherwise (no row: no change printed). */
enum fsr_center fsr_view_center(const struct fsr_compare_row *cr);

/* The value of center c of summary s (NAN when it has none). */
double fsr_view_center_value(const struct fsr_summary *s, enum fsr_center c);

/* "geometric mean" / "mean". */
const char *fsr_view_center_name(enum fsr_center c);

/* The change in % printed for row cr beside the values of center c of
 * summaries base and other (NULL when missing; cr NULL: result has no
 * comparison row for the pair, as in a --group table's cells): its
 * estimate when it has an interval in %; otherwise the change between
 * the two values printed. NAN when there is none. */
double fsr_view_change(const struct fsr_compare_row *cr,
		       const struct fsr_summary *base,
		       const struct fsr_summary *other, enum fsr_center c);

/* The change every output prints for row cr of comparison cmp, result
 * res: fsr_view_change(), and where that is computed from the values
 * printed (no interval), turned as --sign better turns the row's own
 * change (c->opts.sign_better, res lower is better), so that no two
 * rows of one table are signed two ways. */
double fsr_view_change_shown(const struct fsr_comparison *cmp,
			     const struct fsr_result *res,
			     const struct fsr_compare_row *cr,
			     const struct fsr_summary *base,
			     const struct fsr_summary *other,
			     enum fsr_center c);

/* The center of the values printed for one result beside rows[0..n)
 * (NULL entries skipped): the geometric means when any row's change is
 * their ratio, so that a baseline printed once serves them all. */
enum fsr_center fsr_view_center_of(const struct fsr_compare_row *const *rows,
				   size_t n);

/* The same over every row of result of comparison c: the center its
 * values are printed in where they are printed once for all its rows
 * (the text report, the change chart). */
enum fsr_center fsr_view_result_center(const struct fsr_comparison *c,
				       size_t result);
/* The same for the result of row i, over its rows, which are next to
 * each other from i on (the data exports, row by row): once per result
 * asked, this is linear where fsr_view_result_center() per row is
 * quadratic. */
enum fsr_center fsr_view_row_result_center(const struct fsr_comparison *c,
					   size_t i);

/* The decimals that print x[0..n) so that values that differ print
 * differently: two, or as many as show two significant digits of the
 * smallest non-zero magnitude, then more while two different values
 * still print alike (6.30 and 5.60 never both "6"), at most 9. */
int fsr_view_decimals(const double *x, size_t n);

/* The decimals of values x[0..n) written from samples with sample_dec
 * decimals (PTS's rule: the samples' decimals; 2 when < 0), raised as
 * fsr_view_decimals() does while two different values print alike. */
int fsr_view_decimals_from(const double *x, size_t n, int sample_dec);

/* The decimals of a change in % shown alone: 2 below 10 %, 1 above. */
int fsr_view_pct_decimals(double x);
/* The decimals of a change in % beside its interval [lo, hi]: two
 * significant digits of the half-width, 0 to 3 (2 without one). */
int fsr_view_pct_decimals_ci(double lo, double hi);
/* Decimals of a mean computed from samples, as PTS writes and shows it:
 * the samples' largest decimal count (0-9; whole-number runs give a whole
 * mean, 866867.25 -> 866867), 2 when unknown (sample_decimals < 0). */
int fsr_view_mean_decimals(int sample_decimals);
/* Decimals for a result's trend values: its samples' (the stored
 * decimals, through fsr_view_mean_decimals), at least 2. */
int fsr_view_trend_decimals(const struct fsr_result *res);

/* The decimals of a change in % shown without its interval in tables,
 * bar labels, the overview and the HTML summary: "+19.28%". */
#define FSR_VIEW_PCT_DEC 2
/* A trend row's note when its run sets are clearly autocorrelated
 * (row->lag1_flagged): "lag-1 autocorrelation 0.31 (allowed for in the
 * test)" appended to b, 1; nothing and 0 otherwise. Every trend output
 * carries it (docs/trend.md, "Autocorrelated series"). */
struct fsr_trend_row;
int fsr_view_trend_lag1_note(const struct fsr_trend_row *row,
			     struct fsr_buf *b);
/* The same for a check row, whose prediction interval does not allow
 * for it: "lag-1 autocorrelation 0.31 in the stored series: the
 * interval takes its run sets as independent". */
struct fsr_check_row;
int fsr_view_check_lag1_note(const struct fsr_check_row *c,
			     struct fsr_buf *b);

/* The decimals of a change in % and its interval in trend and check
 * outputs (text, HTML, chart): "-7.18% [-8.12, -6.24]". */
#define FSR_VIEW_TREND_PCT_DEC 2

/* Decimals that show x with at least 4 significant digits (0 to 6). */
int fsr_view_sig_decimals(double x);
/* Decimals of a mean after its bar: the samples' own (stored, < 0: 2),
 * but at least 3 significant digits (a mean of 6.3 is not "6") and no
 * more than 5 in all (9981.160882 ns is "9981.2"). */
int fsr_view_bar_decimals(double x, int stored);

/* One number of decimals for every value of a bar chart: the most any
 * of them wants on its own (want[i] < 0: that bar has no value); 0
 * when none has one. */
int fsr_view_chart_decimals(const int *want, size_t n);
/* Decimals of a chart axis's tick labels for ticks step apart (in the
 * numbers printed): those that print the step exactly (steps are 1, 2,
 * 2.5 or 5 times a power of ten: 0.05 apart 2 decimals, 2.5 apart 1,
 * 25 apart none). */
int fsr_view_tick_decimals(double step);
/* Decimals of a log axis's ratio tick "×r" (r >= 1, "×2" on both
 * sides): whole, but one decimal below 10 where r is not whole. */
int fsr_view_ratio_tick_decimals(double r);
/* Decimals of the SE under a bar, as PTS: the value's own (value_dec,
 * < 0: none), at least 2, at most 6. */
int fsr_view_se_decimals(int value_dec);

/* How the numbers of one cell of the compare report are printed: 2
 * significant digits of its interval's half-width hmin (> 0), or the
 * decimals dec the source wrote (< 0: 2); an SI prefix for large and
 * small magnitudes of amax (126M, 4.2µ), %e beyond them. The cell's
 * mean, its spread and its outliers are all printed with it. */
struct fsr_numfmt {
	int sci;   /* %e instead of fixed */
	int prec;  /* decimals (fixed) or mantissa digits (sci) */
	double scale;       /* the value is printed divided by this */
	const char *prefix; /* after the number: "", "k", "M", "µ", ... */
};
struct fsr_numfmt fsr_view_numfmt(double hmin, double amax, int dec);
/* x as f says. */
void fsr_view_add_num(struct fsr_buf *b, double x, const struct fsr_numfmt *f);
/* A spread (the interval's half-width) beside a number printed with f:
 * as f, or 2 significant digits where f is %e. */
void fsr_view_add_spread(struct fsr_buf *b, double x,
			 const struct fsr_numfmt *f);

/* The level of the intervals of comparison c as a person reads it: the
 * family level and how it holds, "95% CI, Bonferroni over 8" (a no-break space before the count), "95% CI,
 * FCR (BY) over 8", "95% CI" for a single comparison or none. */
/* The verdicts of system sys's rows, counted by enum fsr_verdict into
 * n[FSR_VERDICT_COUNT]: every row, those --only-changed hides too, so
 * that the overview chart, the page's tables and its sentence agree. */
void fsr_view_verdict_counts(const struct fsr_comparison *c, size_t sys,
			     size_t n[FSR_VERDICT_COUNT]);

void fsr_view_level_label(struct fsr_buf *b, const struct fsr_comparison *c);

/* The level of each single interval, written with the digits it needs
 * ("99.375%", "99.99994%"), never rounded to "100%". */
void fsr_view_level_exact(struct fsr_buf *b, double level);

/* 1 when every row compared has one run on each side (a PTS
 * article's one run per system): no change can be tested and no
 * interval is drawn, which the outputs say once, at the top; 0 when a
 * row has more runs on a side, or no row is compared. */
int fsr_view_one_run_each(const struct fsr_comparison *c);
/* The same decision over comparisons seen one after another (a result's
 * rows at a time, render/text/table.c): fsr_view_runs_seen() of each
 * into one struct, zeroed first; one run each everywhere when one and
 * not more. */
struct fsr_view_runs {
	int one;  /* a row compared with one run on each side */
	int more; /* a row with more runs on a side */
};
void fsr_view_runs_seen(const struct fsr_comparison *c,
			struct fsr_view_runs *seen);

/* 1 when row cr's interval in % is too wide to mean anything: it spans
 * more than a factor of 100, or is not finite. */
int fsr_view_ci_too_wide(const struct fsr_compare_row *cr);

/* 1 when an interval [lo, hi] of a ratio (or of a positive value) is
 * too wide to mean anything: hi / lo above 100, lo <= 0, or not
 * finite. */
int fsr_view_ratio_too_wide(double lo, double hi);

/* "too wide: n = 3" (or "n = 3/5" when the sides differ). */
void fsr_view_too_wide_text(struct fsr_buf *b,
			    const struct fsr_compare_row *cr);

/*
 * The unit of a result, with one SI (or IEC) prefix chosen from the
 * values printed: "MB/s" with values near 0.3 becomes "KB/s" (div
 * 0.001), "B/s" near 1.2e8 "MB/s". Units that cannot take a prefix
 * ("IOPS") get a suffix on the numbers instead ("200M"), and only for
 * large values. Tables and charts choose it here, so one result prints
 * one unit (view/units.c).
 */
struct fsr_unit_scale {
	double div;        /* display value = raw value / div */
	char unit[128];    /* the unit to print, prefix applied */
	char suffix[4];    /* "", "k", "M", "G", "T": after every number */
	int shift;         /* powers of 1000 (or 1024) moved; 0: as given */
};

/* Choose the prefix of unit for values up to maxabs. */
void fsr_unit_scale_choose(const char *unit, double maxabs,
			   struct fsr_unit_scale *u);

/* The unit result res is printed in by every output, tables and charts
 * alike (issue 31, rule 6), for printed values up to maxabs: the unit
 * as the source wrote it (PostMark's Read_B/s in B/s, as its tables
 * print it), with a suffix on large numbers ("200k") only for a unit
 * that takes no prefix, which leaves the unit as it is. Charts ask here
 * instead of choosing a prefix of their own. */
void fsr_view_result_unit(const struct fsr_result *res, double maxabs,
			  struct fsr_unit_scale *u);

/* The suffix ("", "k", "M", "G", "T") that brings *m below 10000;
 * divides *m by 1000 per step and returns the number of steps. */
size_t fsr_number_suffix(double *m, const char **suffix);

/* The smallest change row cr's runs detect, as the number it is: a
 * ratio's two ways ("+178.1% / -64.0%": no fall below -100 %), "±3.2%"
 * for a difference, "more than x100: n = 2" past a factor of 100.
 * Nothing when it has none. */
void fsr_view_mde_text(struct fsr_buf *b, const struct fsr_compare_row *cr);

/* The margin of --equivalence / --max-regression (c->opts.margin) as
 * every output names it: "equivalence margin -1.961% to +2% (a ratio
 * 1/1.02 to 1.02)", "max-regression margin 2% (+2% where lower is
 * better, -1.961% where higher is)"; nothing without one. */
void fsr_view_margin_label(struct fsr_buf *b, const struct fsr_comparison *c);

/* The rule of the verdict "equal" (or "not worse") in one sentence for
 * the lines under a table: the margin, the test, the correction, the
 * level of the interval that lies inside it (eq_level: the first
 * row's that has one, fsr_view_eq_level(), NAN for none). Nothing
 * without a margin. */
double fsr_view_eq_level(const struct fsr_comparison *c);
void fsr_view_margin_rule(struct fsr_buf *b, const struct fsr_comparison *c,
			  double eq_level);

/* Row cr's evidence against the margin: "[+0.13%, +0.76%], p 0.0002"
 * (the interval at eq_level, the corrected p); nothing when the row
 * was not tested against it. */
void fsr_view_margin_row(struct fsr_buf *b, const struct fsr_compare_row *cr);

/*
 * Figures that are no value of a result's (view/figures.c), each kind
 * printed one way in every output.
 */
enum fsr_view_fig {
	FSR_FIG_P,      /* a p value beside a verdict: 2 significant digits */
	FSR_FIG_P_ADJ,  /* check's corrected p of a row: 4 significant */
	FSR_FIG_P_REPORT, /* compare's and a trend step's p: 3 decimals,
			   * "<.001" below (never "0.000") */
	FSR_FIG_PCT,    /* a margin or a detectable change in %: 3 significant */
	FSR_FIG_ALPHA,  /* a per-row alpha: 3 significant */
	FSR_FIG_CV,     /* a spread as a CV in %: 2 significant */
	FSR_FIG_COUNT,  /* runs, run sets: a whole number */
};
/* x as its kind k prints; significant digits in %g's form ("0.0021",
 * "5.11"), but a value of as many whole digits as that or more whole,
 * never "1.2e+02". */
void fsr_view_add_fig(struct fsr_buf *b, double x, enum fsr_view_fig k);
/* The same as a string for one printf: fsr_view_fig(p, FSR_FIG_P).s. */
struct fsr_view_figstr {
	char s[48];
};
struct fsr_view_figstr fsr_view_fig(double x, enum fsr_view_fig k);
/* A machine time of s seconds: "4.2 h", "12 min", "35 s". */
void fsr_view_add_duration(struct fsr_buf *b, double s);
/* One end of a change's interval in %, signed, with decimals; whole
 * numbers from 1e7 % on, never e-notation (issue 31, rule 5: a narrow
 * interval of a huge change, "[+972856257, +1027900877]"; an interval
 * too wide to mean anything is said so before this is asked). */
void fsr_view_add_pct_end(struct fsr_buf *b, double x, int decimals);
/* "[lo, hi]", each end as fsr_view_add_pct_end() writes it. */
void fsr_view_add_pct_brackets(struct fsr_buf *b, double lo, double hi,
			       int decimals);
/* How far a rate may fall under --max-regression pct: a time may grow
 * by pct %, a rate fall by 100 (1 - 1 / (1 + pct / 100)) %. */
double fsr_view_rate_margin_pct(double max_regression);

/* The interval [lo, hi] of a change in % against k stored run sets as
 * check prints it: "[-8.12, -6.24]", or "too wide: 2 run sets" when
 * the ratio's interval is (fsr_view_ratio_too_wide()), never an
 * e-notation percentage. Nothing when lo or hi is not a number. */
void fsr_view_check_interval(struct fsr_buf *b, double lo, double hi,
			     size_t k);

/* 1 when the interval of trend step p (a change point's) is too wide
 * to mean anything: a ratio's as fsr_view_ratio_too_wide() says; a
 * difference over the previous mean's when an end is not finite or it
 * is more than 100 times that mean wide. 0 without an interval. */
struct fsr_trend_point;
int fsr_view_trend_ci_too_wide(const struct fsr_trend_point *p);

/* The interval of the step at point j of row (n points) as every trend
 * output prints it (text, report, chart): "[-8.12, -6.24]", or "(too
 * wide: 10 and 10 run sets)" (the segments before and from the step)
 * when fsr_view_trend_ci_too_wide(), never an e-notation percentage.
 * Nothing when the step has no interval. */
void fsr_view_trend_interval(struct fsr_buf *b,
			     const struct fsr_trend_row *row, size_t n,
			     size_t j);

/* The run sets check's --max-regression gate needs to decide row c, as
 * every output shows it: NAN (nothing to show) where the gate decided
 * (not worse, regression): no more are needed; otherwise the row's
 * k_needed, INFINITY when no number would, NAN when one stored run set
 * shows no spread. */
struct fsr_check_row;
double fsr_view_gate_runs(const struct fsr_check_row *c);

#endif
