/*
 * series.h - a run's time series kept beside its result (issue 37): fio's
 * --write_bw_log / --write_iops_log with log_avg_msec, one value per
 * interval, in the order logged. A cell holds one series per run, in the
 * order the runs were read, as it holds one histogram per run
 * (histogram.h); pooling two cells appends the second's runs. Steady
 * state (analyze/steady.c) reads them; nothing else changes a number.
 *
 * Ownership: the cell owns its series; the model frees them with the
 * cell (model.c).
 */
#ifndef FSR_SERIES_H
#define FSR_SERIES_H

#include <stddef.h>

struct fsr_series {
	double *t_ms;     /* the time of each value, ms from the run's start */
	double *v;        /* the values, in the result's unit */
	size_t n;
	/* the run's whole-run result where --steady made its sample the
	 * steady-state mean (fsr_report_steady()), kept so that an export
	 * reads back whole: the whole-run result is the source's own figure
	 * (fio's final report), not always the mean of the series; NAN */
	double whole;
};

struct fsr_seriesset {
	struct fsr_series *runs;
	size_t n, cap;
};

struct fsr_cell;
/*
 * Add a copy of t_ms[0..n), v[0..n) to c as its next run's series;
 * 0. A value may be NaN (a gap in the log), a time never: a time that
 * is not a finite number (NaN, an infinity) is refused here, where a
 * series enters the model, so that no output writes one that reading it
 * back refuses (fsreport's JSON has no NaN time, its XML schema none):
 * -1 and nothing added. fsr_series_bad_time() says which; the caller
 * names the file and line (store/load.c: the store and the run).
 */
int fsr_cell_add_series(struct fsr_cell *c, const double *t_ms,
			const double *v, size_t n);
/* The index of the first time of t_ms[0..n) that is not a finite
 * number, or n when every one is. */
size_t fsr_series_bad_time(const double *t_ms, size_t n);
/* c's series, or NULL when it has none. */
const struct fsr_seriesset *fsr_cell_series(const struct fsr_cell *c);
/* Append src's runs to *dst (made when NULL); src is freed. */
void fsr_seriesset_take(struct fsr_seriesset **dst, struct fsr_seriesset *src);
void fsr_seriesset_free(struct fsr_seriesset *s);
/*
 * A file written with --steady (fsreport's JSON "steady_result", its
 * XML's steady-result="steady") holds steady-state means as the samples
 * of runs with a series: the runs c got from it (samples from n0, series
 * from s0) get their whole-run results back: the one written beside the
 * series (`whole`, then cleared), else, in files of older versions, the
 * mean of each series as the log importer takes it
 * (importers/fio-logs.c), so that the report
 * read says truly which mean it uses (--steady takes the steady ones
 * again). Only where those series are those runs one to one; a series
 * with a NaN (a gap) keeps its run's sample, which --steady never
 * changed (analyze/steady.c tests only finite series).
 */
void fsr_cell_whole_run_means(struct fsr_cell *c, size_t n0, size_t s0);
/* Remove s's first run (freed; the others keep their order). */
void fsr_seriesset_drop_first(struct fsr_seriesset *s);

#endif
