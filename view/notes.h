/*
 * notes.h - the marks of a comparison row (one letter each) and the
 * notes they point at: which a row carries is decided here, from its
 * flags, for every output (text, tables, Markdown, HTML, CSV, JSON,
 * charts), and what each note says.
 */
#ifndef FSR_VIEW_NOTES_H
#define FSR_VIEW_NOTES_H

#include "../analyze/analyze.h"
#include "../lib/strbuf.h"

/* Notes a line can point at, in the order they are explained. */
enum fsr_note {
	N_FEW,        /* s: fewer than 2 runs on a side */
	N_MISSING,    /* e: no runs on a side */
	N_FAILED,     /* f: failed runs */
	N_OUTLIERS,   /* o: outliers, by the named rule */
	N_CV,         /* v: CV above 3 % */
	N_DISAGREE,   /* d: Welch and U disagree */
	N_CONSTANT,   /* c: no variation on either side */
	N_ZERO,       /* z: baseline mean 0 */
	N_DIRECTION,  /* x: direction unknown */
	N_NOT_NUMERIC, /* n: pass/fail, line graph */
	N_FEW_MWU,    /* u: the U test cannot reach alpha (--test mwu) */
	N_MEDIAN,     /* m: no median interval below 6 runs (--test mwu) */
	N_UNIT,       /* a: not every run > 0: difference in the unit */
	N_STEPDOWN,   /* h: Holm/BH finds what the interval does not */
	N_MINCHANGE,  /* g: interval excludes 0, below --min-change */
	N_LEVEL,      /* k: interval is not the deciding test's */
	N_FIRST,      /* w: the first run far outside the others */
	N_STEADY,     /* y: a run's series never became steady */
	N_DRIFT,      /* t: the runs drift in the order they ran */
	N_RATE,       /* r: a read rate the device cannot give */
	N_HIDDEN,     /* i: outliers, and only the U test sees a change */
	N_SWAYED,     /* j: outliers, and only Welch's test sees one */
	N_COUNT
};
extern const char fsr_note_letter[N_COUNT];
/* The order marks are written in: a cell's (f o v), then a row's. */
extern const enum fsr_note fsr_view_mark_order[N_COUNT];

/* The text of note n (after its letter), at the options o. */
void fsr_compare_note_text(struct fsr_buf *b, enum fsr_note n,
			   const struct fsr_compare_opts *o);

/* The notes of row cr's own (not its cells') as a bit set (1u << enum
 * fsr_note): missing or too few runs, not numeric, disagreeing tests,
 * no variation, baseline 0, the difference in the unit, why interval
 * and verdict differ, no direction, and the U test's limits. Where a
 * side has flagged outliers and the tests disagree, the row carries
 * N_HIDDEN (the U test finds a change Welch's does not) or N_SWAYED
 * (the reverse) instead of N_DISAGREE: which test sees what, and
 * --test mwu offered. */
unsigned fsr_view_row_notes(const struct fsr_compare_row *cr,
			    const struct fsr_compare_opts *o);

/* The notes of a cell of row cr (base: the baseline's): failed runs,
 * a slow first run, outliers, a noisy cell. */
unsigned fsr_view_cell_notes(const struct fsr_compare_row *cr, int base);

/* Rule 9's second half: 1 when the Student-t interval of summary s's
 * mean runs below zero though every run is > 0 (a positive quantity:
 * the skew of a few slow runs, not a possible negative value). */
int fsr_view_mean_below_zero(const struct fsr_summary *s);

/* The mark of such a cell ("b") and its note, in the result's unit
 * scaled by div: "the mean's interval runs below zero though every run
 * is > 0: the runs are skewed (CV 143.2%); the geometric mean 0.22 s,
 * interval [0.11, 0.45] s". */
#define FSR_VIEW_BELOW_ZERO_MARK 'b'
void fsr_view_below_zero_text(struct fsr_buf *b, const struct fsr_summary *s,
			      double div, const char *unit);

/* The slow first run (analyze/validity.c): the mark of a cell whose
 * summary flags it, and its note in the result's unit scaled by div:
 * "the first run (1.71 s) is beyond the 99% prediction bound of the
 * other 9 (<= 0.50 s); without it the arithmetic mean is 0.19 s, not 0.34 s;
 * --drop-first leaves it out". */
#define FSR_VIEW_FIRST_MARK 'w'
int fsr_view_first_run(const struct fsr_summary *s);
void fsr_view_first_run_text(struct fsr_buf *b, const struct fsr_summary *s,
			     double div, const char *unit);

/* Steady state within a run (analyze/steady.c): the mark of a cell
 * with a run whose time series never became steady by the SNIA PTS
 * rule, and its note in the result's unit scaled by div: "1 of 3 runs
 * never became steady; the other 2 after a warm-up of up to 1250 ms,
 * with a steady mean of 99.00 KiB/s against 77.08 KiB/s over their
 * whole runs". */
#define FSR_VIEW_STEADY_MARK 'y'
int fsr_view_never_steady(const struct fsr_summary *s);
void fsr_view_steady_text(struct fsr_buf *b, const struct fsr_summary *s,
			  double div, const char *unit);

/* Drift across the runs (analyze/validity.c, fsr_drift()): the mark of
 * a cell whose runs trend in the order they ran, and its note: "10 runs
 * drift by +1.4% of the mean per run (Sen's slope; Mann-Kendall S = 39,
 * p = 0.0007)". */
#define FSR_VIEW_DRIFT_MARK 't'
int fsr_view_drift(const struct fsr_summary *s);
void fsr_view_drift_text(struct fsr_buf *b, const struct fsr_summary *s,
			 double div, const char *unit);

/* An impossible read rate (analyze/readrate.c, fsr_read_rate()): the
 * mark and its note: "the mean, 11726 MB/s, is above the device's 1000
 * MB/s (device_max_read_mbs)" and/or "the file, 4096 MiB, is smaller
 * than the memory, 16384 MiB", for fio's buffered reads "the file, 256
 * MiB, is smaller than the memory, 24105 MiB, and fio read buffered
 * (direct=0): the reads can come from the page cache". */
#define FSR_VIEW_RATE_MARK 'r'
int fsr_view_read_rate(const struct fsr_summary *s);
void fsr_view_read_rate_text(struct fsr_buf *b, const struct fsr_summary *s,
			     double div, const char *unit);

/* The marks of a cell of show (summary s), as letters in the order the
 * show table writes them: FSR_VIEW_FIRST_MARK, FSR_VIEW_STEADY_MARK,
 * FSR_VIEW_DRIFT_MARK, FSR_VIEW_RATE_MARK, FSR_VIEW_BELOW_ZERO_MARK;
 * nothing when it has none. JSON and CSV write the same letters. */
void fsr_view_summary_marks(struct fsr_buf *b, const struct fsr_summary *s);
/* The note of mark, one of those letters, for the cell of summary s in
 * the result's unit scaled by div (fsr_view_first_run_text() for
 * FSR_VIEW_FIRST_MARK, and so on); 0 when mark is none of them (b
 * untouched). */
int fsr_view_summary_mark_text(struct fsr_buf *b, char mark,
			       const struct fsr_summary *s, double div,
			       const char *unit);

/* The line every output with the numbers carries after --drop-first
 * left out n runs: "first run of each configuration left out
 * (--drop-first): 10 runs, of configurations with 3 or more runs; every
 * number is without them". */
void fsr_view_drop_first_text(struct fsr_buf *b, size_t n);

/* The line every output with the numbers carries when runs have a time
 * series (r->steady_result.runs > 0, analyze.h fsr_report_steady()),
 * saying which mean is a run's result: "each run with a time series (3
 * runs) has the mean of its whole run as its result; --steady takes the
 * mean from where it became steady (SNIA PTS rule)", or with --steady
 * "each run with a time series (3 runs) has its steady-state mean as
 * its result, from where it became steady by the SNIA PTS rule
 * (--steady); 2 never became steady and keep their whole-run mean".
 * Returns 0 (nothing written) when no run has a series. */
int fsr_view_steady_choice_text(struct fsr_buf *b, const struct fsr_report *r);

/* What was done to the runs before any number (issue 37), note k of
 * FSR_VIEW_RUN_NOTES, in the order every output prints them: 0, the
 * first runs --drop-first left out (fsr_view_drop_first_text()); 1,
 * which mean a run with a time series has as its result
 * (fsr_view_steady_choice_text()). 1 when note k applies (written into
 * b, lower case, no full stop), else 0. */
#define FSR_VIEW_RUN_NOTES 2
int fsr_view_run_note(struct fsr_buf *b, const struct fsr_report *r,
		      size_t k);

/* Which mean a cell's mean is made of, for CSV's steady_result column
 * (the words of JSON's steady_result): "steady" when --steady made the
 * result of at least one of its runs that run's steady-state mean (a run
 * never steady keeps its whole-run mean and marks the cell
 * FSR_VIEW_STEADY_MARK), "whole_run" when its runs have time series but
 * every result is the whole run's mean, NULL when no run of it has a
 * series the rule could test. c and s: the cell and its summary (NULL:
 * none). */
const char *fsr_view_steady_result(const struct fsr_report *r,
				   const struct fsr_cell *c,
				   const struct fsr_summary *s);

/* The same for a compare row: its system's cell, else (no series
 * there) the baseline's; NULL when neither side has series. */
const char *fsr_view_row_steady_result(const struct fsr_report *r,
				       const struct fsr_compare_row *row);

/* The note of a cell with failed runs, for the lines under a table:
 * "1 of 4 runs failed (timeout); the numbers use the 3 that worked". */
void fsr_view_failed_text(struct fsr_buf *b, size_t n, size_t n_failed,
			  const char *reason);

/* What the geometric mean of system g is over, the same words in every
 * output: "13 results of 1 test" where results of the same runs (one
 * test with the same arguments) count once, "3 tests" where each
 * result is its own. */
void fsr_view_geo_over(struct fsr_buf *b, const struct fsr_geomean *g);

/* What the geometric means of comparison c are over, for a heading
 * that names them all: "over 13 tests" (fsr_view_geo_over())
 * when every system's is over the same; otherwise "over each system's
 * own tests, counted under its name", and returns 1: then each
 * system's line says its own, never the largest for all. */
int fsr_view_geo_over_all(struct fsr_buf *b, const struct fsr_comparison *c);

/* The notes set in bits, as letters in the order they are explained
 * ("ovd"); nothing when none. */
void fsr_view_marks_text(struct fsr_buf *b, unsigned bits);

/* The shape test of the latency distribution of row cr (analyze/
 * latency.c), when it has one: "fsync, fio: w: write completion
 * latency: the shape of the latency distribution differs: KS D = 0.31,
 * p = 0.002 (run permutation, exact over 184756 splits)" ("does not
 * differ detectably" when p > alpha), ending in '\n'. 0 when the row
 * has none (b untouched). */
int fsr_view_shape_text(struct fsr_buf *b, const struct fsr_report *r,
			const struct fsr_compare_row *cr, double alpha);

/* Percentiles the runs could not support (model/histogram.h,
 * struct fsr_refusal): one line per refused cell, "fsync, fio: w: write
 * completion latency (p99.9): p99.9 needs at least 10000 I/Os per run;
 * these runs have 912 to 998", each ending in '\n'. Returns the lines
 * added (0: none refused, b untouched). */
size_t fsr_view_refusals(struct fsr_buf *b, const struct fsr_report *r);
/* One refusal record f of host (the latency's "(mean)" result) as the
 * lines above give it, without system and result: "p99.9 needs at least
 * 10000 I/Os per run; 3 of these 10 runs have 4287 to 9063 (...)" (the
 * JSON and XML exports' reason). */
struct fsr_refusal;
void fsr_view_refusal_reason(struct fsr_buf *b,
			     const struct fsr_result *host,
			     const struct fsr_refusal *f);
/* What host's runs count: "I/Os", or "timings" for hyperfine. */
const char *fsr_view_refusal_counts(const struct fsr_result *host);
/* The refusals kept in the cells of row cr (its result is then the
 * latency's host, "(mean)"), for the data formats: the percentiles
 * refused for the row's system ("p99.9 p99.99"), then those refused for
 * the baseline, each with "base:" ("base:p99.99"), space-separated;
 * nothing when none. */
void fsr_view_row_refused(struct fsr_buf *b, const struct fsr_report *r,
			  const struct fsr_compare_row *cr);
/* The sentence every output puts before those lines. */
#define FSR_VIEW_REFUSED_HEAD "percentiles refused, never extrapolated " \
	"(a run gives the q-th percentile only with at least 10 I/Os, or " \
	"timings, above it, 10 / (1 - q) in all):"

#endif
