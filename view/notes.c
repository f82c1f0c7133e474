/*
 * notes.c - the marks a comparison row carries and what their notes
 * say (notes.h): decided here once, so that every output that shows a
 * row shows its marks and notes alike.
 */
#include "notes.h"
#include "view.h"

#include <math.h>
#include <string.h>

#include "../lib/numbers.h"
#include "../model/histogram.h"
#include "../model/series.h"

const char fsr_note_letter[N_COUNT] = "sefovdczxnumahgkwytrij";

static const char *rule_text(enum fsr_outlier_rule r)
{
	if (r == FSR_OUTLIERS_MAD)
		return "by the MAD rule (|0.6745 (x - median) / MAD| > 3.5)";
	if (r == FSR_OUTLIERS_ESD)
		return "by the generalized ESD test (Rosner 1983; alpha 5%, "
		       "at most n/10 and at least 1 of a system's runs)";
	return "by Tukey's fences (outside Q1 - 1.5 IQR, Q3 + 1.5 IQR; "
	       "type-7 quartiles)";
}

void fsr_compare_note_text(struct fsr_buf *b, enum fsr_note n,
			   const struct fsr_compare_opts *o)
{
	switch (n) {
	case N_FEW:
		fsr_buf_adds(b, "fewer than 2 runs on a side: no "
			     "interval, no test, verdict n/a. Run "
			     "each configuration several times "
			     "(10 is good).");
		break;
	case N_MISSING:
		fsr_buf_adds(b, "no run on a side: verdict n/a.");
		break;
	case N_FAILED:
		fsr_buf_adds(b, "failed runs: the numbers use the "
			     "runs that worked; the verdict is "
			     "withheld (n/a).");
		break;
	case N_OUTLIERS:
		fsr_buf_addf(b, "outliers %s, flagged only: every "
			     "number above includes them.",
			     rule_text(o->outliers));
		break;
	case N_CV:
		fsr_buf_addf(b, "CV above %g%%: noisy runs, wide "
			     "intervals.", FSR_HIGH_CV_PCT);
		break;
	case N_DISAGREE:
		fsr_buf_addf(b, "Welch's t-test and the Mann-Whitney "
			     "U test disagree at alpha %g (p before "
			     "correction): often an outlier or a "
			     "skewed distribution; look at the "
			     "runs.", o->alpha);
		break;
	case N_HIDDEN:
		fsr_buf_addf(b, "outliers flagged, and the Mann-Whitney U "
			     "test finds a change at alpha %g (p before "
			     "correction) that Welch's t-test does not: a "
			     "few far runs widen Welch's interval and hide "
			     "the change; the U test compares ranks, which "
			     "they cannot drag. %s", o->alpha,
			     o->test == FSR_TEST_MWU ?
			     "The verdict here is the U test's (--test mwu)." :
			     "--test mwu decides by the U test.");
		break;
	case N_SWAYED:
		fsr_buf_addf(b, "outliers flagged, and Welch's t-test finds "
			     "a change at alpha %g (p before correction) "
			     "that the Mann-Whitney U test does not: far "
			     "runs move a mean more than the ranks; look at "
			     "the runs. %s", o->alpha,
			     o->test == FSR_TEST_MWU ?
			     "The verdict here is the U test's (--test mwu)." :
			     "--test mwu decides by the U test.");
		break;
	case N_CONSTANT:
		fsr_buf_adds(b, "no variation on either side: Welch's "
			     "test degenerates (p = 0 when the means "
			     "differ, 1 when they are equal).");
		break;
	case N_ZERO:
		fsr_buf_adds(b, "baseline mean 0, or runs on both "
			     "sides of 0: no change in %; the verdict "
			     "comes from the difference (--min-change "
			     "does not apply).");
		break;
	case N_UNIT:
		fsr_buf_adds(b, "not every run is > 0: no ratio; the "
			     "change and its interval are the "
			     "difference of the means in the result's "
			     "unit (Welch).");
		break;
	case N_DIRECTION:
		fsr_buf_adds(b, "whether higher or lower is better is "
			     "unknown: the verdict says 'changed' or "
			     "'same', never better or worse.");
		break;
	case N_NOT_NUMERIC:
		fsr_buf_adds(b, "not a number per run (pass/fail, "
			     "line graph): not compared.");
		break;
	case N_FEW_MWU:
		fsr_buf_addf(b, "too few runs, or too many ties, for "
			     "the U test to reach p <= %g (3 + 3 runs "
			     "give at least p = 0.1, ties more): "
			     "verdict n/a.", o->alpha);
		break;
	case N_STEPDOWN:
		fsr_buf_adds(b, "the verdict is the correction's step "
			     "by step (Holm, BH), which finds a "
			     "change here that the simultaneous "
			     "interval still leaves open.");
		break;
	case N_MINCHANGE:
		fsr_buf_addf(b, "the interval excludes no change, but "
			     "the change is below --min-change "
			     "(%g%%): %s.", o->min_change,
			     o->margin == FSR_MARGIN_EQUIVALENCE ?
			     "same, or equal when proven inside the margin" :
			     o->margin == FSR_MARGIN_NONINFERIORITY ?
			     "same, or not worse when proven so" : "same");
		break;
	case N_LEVEL:
		fsr_buf_adds(b, "the interval is not the deciding "
			     "test's (bootstrap, the U test with "
			     "ties, or --confidence other than 1 - "
			     "alpha): the verdict is the test's.");
		break;
	case N_MEDIAN:
		fsr_buf_addf(b, "fewer than 6 runs on a side: no "
			     "distribution-free %g%% interval of the "
			     "median.", 100 * o->confidence);
		break;
	case N_FIRST:
		fsr_buf_addf(b, "the first run is beyond the %g%% "
			     "one-sided prediction bound of the others "
			     "(log scale; a cold cache or a warm-up?) "
			     "and leaving it out moves the mean by more "
			     "than %g%%: flagged only, every number above "
			     "includes it; --drop-first leaves it out.",
			     100 * (1 - FSR_FIRST_ALPHA),
			     FSR_FIRST_MATERIAL_PCT);
		break;
	case N_STEADY:
		fsr_buf_addf(b, "a run's time series never became steady "
			     "(SNIA PTS rule: no %d consecutive values whose "
			     "range is within %g%% of their mean and whose "
			     "least-squares line moves by at most %g%% of it "
			     "across them): its result, the mean of its whole "
			     "run with or without --steady, includes a warm-up "
			     "or a drift, not the steady rate; flagged only.",
			     FSR_STEADY_SNIA_WINDOW, FSR_STEADY_SNIA_RANGE_PCT,
			     FSR_STEADY_SNIA_SLOPE_PCT);
		break;
	case N_DRIFT:
		fsr_buf_addf(b, "the runs trend in the order they ran "
			     "(Mann-Kendall, p < %g; cells of %d or more "
			     "runs): aging, "
			     "fragmentation, a filling device or thermal "
			     "throttling? The mean depends on how many runs "
			     "were made; flagged only, every number above "
			     "includes every run.", FSR_DRIFT_ALPHA,
			     FSR_DRIFT_MIN_N);
		break;
	case N_RATE:
		fsr_buf_adds(b, "a read rate the device cannot have given: "
			     "above the ceiling system.txt states "
			     "(device_max_read_mbs), or read from a file "
			     "smaller than the memory (buffered reads of it "
			     "come from the page cache): the cache was "
			     "measured, not the device; flagged only.");
		break;
	case N_COUNT:
		break;
	}
}

/* The order marks are written in: a cell's, then a row's. */
const enum fsr_note fsr_view_mark_order[N_COUNT] = {
	N_FAILED, N_FIRST, N_STEADY, N_DRIFT, N_RATE, N_OUTLIERS, N_CV,
	N_MISSING, N_FEW, N_NOT_NUMERIC, N_DISAGREE, N_CONSTANT, N_ZERO,
	N_HIDDEN, N_SWAYED, N_UNIT, N_STEPDOWN, N_MINCHANGE, N_LEVEL,
	N_DIRECTION, N_FEW_MWU, N_MEDIAN,
};

/* The row notes its flags call for; flag 0: the change is in the
 * result's unit (note a). */
static const struct {
	unsigned flag;
	enum fsr_note note;
} flag_notes[] = {
	{ FSR_ROW_NOT_NUMERIC, N_NOT_NUMERIC },
	{ FSR_ROW_DISAGREE, N_DISAGREE },
	{ FSR_ROW_CONSTANT, N_CONSTANT },
	{ FSR_ROW_ZERO_BASE, N_ZERO },
	{ 0, N_UNIT },
	{ FSR_ROW_CI_STEPDOWN, N_STEPDOWN },
	{ FSR_ROW_CI_MINCHANGE, N_MINCHANGE },
	{ FSR_ROW_CI_OTHER, N_LEVEL },
};

unsigned fsr_view_row_notes(const struct fsr_compare_row *cr,
			    const struct fsr_compare_opts *o)
{
	unsigned fl, bits = 0;
	size_t i;

	if (!cr)
		return 0;
	fl = cr->flags;
	if (fl & FSR_ROW_MISSING)
		bits |= 1u << N_MISSING;
	else if (fl & FSR_ROW_FEW_CI)
		bits |= 1u << N_FEW;
	for (i = 0; i < sizeof(flag_notes) / sizeof(*flag_notes); i++) {
		unsigned f = flag_notes[i].flag;

		if (f ? fl & f : cr->method == FSR_METHOD_DIFF_WELCH)
			bits |= 1u << flag_notes[i].note;
	}
	if (fl & FSR_ROW_DISAGREE && (cr->outliers || cr->outliers_base)) {
		/* Which test sees the change, where outliers can explain it. */
		bits &= ~(1u << N_DISAGREE);
		bits |= 1u << (cr->p_mwu <= o->alpha ? N_HIDDEN : N_SWAYED);
	}
	if (fl & FSR_ROW_NO_DIRECTION && !(fl & FSR_ROW_NOT_NUMERIC))
		bits |= 1u << N_DIRECTION;
	if (o->test == FSR_TEST_MWU && !(fl & FSR_ROW_FEW_CI)) {
		if (fl & FSR_ROW_FEW_MWU)
			bits |= 1u << N_FEW_MWU;
		if (fl & FSR_ROW_FEW_MEDIAN)
			bits |= 1u << N_MEDIAN;
	}
	return bits;
}

unsigned fsr_view_cell_notes(const struct fsr_compare_row *cr, int base)
{
	const struct fsr_summary *s;
	unsigned bits = 0;

	if (!cr)
		return 0;
	s = base ? cr->base : cr->other;
	if (s && s->n_failed)
		bits |= 1u << N_FAILED;
	if (fsr_view_first_run(s))
		bits |= 1u << N_FIRST;
	if (fsr_view_never_steady(s))
		bits |= 1u << N_STEADY;
	if (fsr_view_drift(s))
		bits |= 1u << N_DRIFT;
	if (fsr_view_read_rate(s))
		bits |= 1u << N_RATE;
	if (base ? cr->outliers_base : cr->outliers)
		bits |= 1u << N_OUTLIERS;
	if (s && s->cv_pct > FSR_HIGH_CV_PCT)
		bits |= 1u << N_CV;
	return bits;
}

void fsr_view_marks_text(struct fsr_buf *b, unsigned bits)
{
	size_t i;

	for (i = 0; i < N_COUNT; i++)
		if (bits & 1u << fsr_view_mark_order[i])
			fsr_buf_addc(b, fsr_note_letter[fsr_view_mark_order[i]]);
}

int fsr_view_mean_below_zero(const struct fsr_summary *s)
{
	return s && s->n >= 2 && s->min > 0 && s->ci_low < 0;
}

void fsr_view_below_zero_text(struct fsr_buf *b, const struct fsr_summary *s,
			      double div, const char *unit)
{
	double g[3];
	int dec;

	g[0] = s->gmean / div;
	g[1] = s->gmean_ci_low / div;
	g[2] = s->gmean_ci_high / div;
	dec = fsr_view_decimals(g, 3);
	fsr_buf_adds(b, "the mean's interval runs below zero though every "
		     "run is > 0: the runs are skewed (CV ");
	fsr_buf_add_fixed(b, s->cv_pct, 1);
	fsr_buf_adds(b, "%); the geometric mean ");
	fsr_buf_add_fixed(b, g[0], dec);
	if (unit && *unit)
		fsr_buf_addf(b, " %s", unit);
	if (isfinite(g[1]) && isfinite(g[2])) {
		fsr_buf_adds(b, ", its interval [");
		fsr_buf_add_fixed(b, g[1], dec);
		fsr_buf_adds(b, ", ");
		fsr_buf_add_fixed(b, g[2], dec);
		fsr_buf_adds(b, "]");
		if (unit && *unit)
			fsr_buf_addf(b, " %s", unit);
	}
}

int fsr_view_first_run(const struct fsr_summary *s)
{
	return s && s->first.flagged;
}

void fsr_view_geo_over(struct fsr_buf *b, const struct fsr_geomean *g)
{
	/* "1 measurement (13 results)" read as a mean of one number: say
	 * what the results are of, a test run with the same arguments */
	if (g->rows != g->k)
		fsr_buf_addf(b, "%zu result%s of ", g->rows,
			     g->rows == 1 ? "" : "s");
	fsr_buf_addf(b, "%zu test%s", g->k, g->k == 1 ? "" : "s");
}

int fsr_view_geo_over_all(struct fsr_buf *b, const struct fsr_comparison *c)
{
	size_t i;

	for (i = 1; i < c->n_geo; i++)
		if (c->geo[i].k != c->geo[0].k ||
		    c->geo[i].rows != c->geo[0].rows)
			break;
	if (c->n_geo && i == c->n_geo) {
		fsr_buf_adds(b, "over ");
		fsr_view_geo_over(b, &c->geo[0]);
		return 0;
	}
	fsr_buf_adds(b, "over each system's own tests, counted under "
			"its name");
	return 1;
}

/* A show cell's marks in the order they are written: whether a summary
 * has each, and its note. */
static const struct {
	char mark;
	int (*has)(const struct fsr_summary *s);
	void (*text)(struct fsr_buf *b, const struct fsr_summary *s,
		     double div, const char *unit);
} summary_marks[] = {
	{ FSR_VIEW_FIRST_MARK, fsr_view_first_run, fsr_view_first_run_text },
	{ FSR_VIEW_STEADY_MARK, fsr_view_never_steady, fsr_view_steady_text },
	{ FSR_VIEW_DRIFT_MARK, fsr_view_drift, fsr_view_drift_text },
	{ FSR_VIEW_RATE_MARK, fsr_view_read_rate, fsr_view_read_rate_text },
	{ FSR_VIEW_BELOW_ZERO_MARK, fsr_view_mean_below_zero,
	  fsr_view_below_zero_text },
};

void fsr_view_summary_marks(struct fsr_buf *b, const struct fsr_summary *s)
{
	size_t i;

	for (i = 0; i < sizeof(summary_marks) / sizeof(*summary_marks); i++)
		if (summary_marks[i].has(s))
			fsr_buf_addc(b, summary_marks[i].mark);
}

int fsr_view_summary_mark_text(struct fsr_buf *b, char mark,
			       const struct fsr_summary *s, double div,
			       const char *unit)
{
	size_t i;

	for (i = 0; i < sizeof(summary_marks) / sizeof(*summary_marks); i++)
		if (summary_marks[i].mark == mark) {
			summary_marks[i].text(b, s, div, unit);
			return 1;
		}
	return 0;
}

static void add_value(struct fsr_buf *b, double x, int dec, const char *unit)
{
	fsr_buf_add_fixed(b, x, dec);
	if (unit && *unit)
		fsr_buf_addf(b, " %s", unit);
}

void fsr_view_first_run_text(struct fsr_buf *b, const struct fsr_summary *s,
			     double div, const char *unit)
{
	const struct fsr_first_run *f = &s->first;
	double v[4];
	int dec;

	v[0] = f->x1 / div;
	v[1] = f->bound / div;
	v[2] = f->mean_others / div;
	v[3] = s->mean / div;
	dec = fsr_view_decimals(v, 4);
	fsr_buf_adds(b, "the first run (");
	add_value(b, v[0], dec, unit);
	fsr_buf_addf(b, ") is beyond the %g%% prediction bound of the "
		     "other %zu (%s ", 100 * (1 - FSR_FIRST_ALPHA),
		     f->n_others, v[0] > v[1] ? "<=" : ">=");
	add_value(b, v[1], dec, unit);
	fsr_buf_adds(b, "); without it the arithmetic mean is ");
	add_value(b, v[2], dec, unit);
	fsr_buf_adds(b, ", not ");
	add_value(b, v[3], dec, unit);
	fsr_buf_adds(b, "; --drop-first leaves it out");
}

int fsr_view_never_steady(const struct fsr_summary *s)
{
	return s && s->steady.never > 0;
}

void fsr_view_steady_text(struct fsr_buf *b, const struct fsr_summary *s,
			  double div, const char *unit)
{
	const struct fsr_steady_cell *st = &s->steady;
	size_t ok = st->runs - st->never;
	double v[2];
	int dec;

	fsr_buf_addf(b, "%zu of %zu run%s never became steady", st->never,
		     st->runs, st->runs == 1 ? "" : "s");
	if (!ok)
		return;
	v[0] = st->mean_steady / div;
	v[1] = st->mean_all / div;
	dec = fsr_view_decimals(v, 2);
	fsr_buf_addf(b, "; the other %zu after a warm-up of up to ", ok);
	fsr_buf_add_fixed(b, st->warmup_ms_max, 0);
	fsr_buf_adds(b, " ms, with a steady mean of ");
	add_value(b, v[0], dec, unit);
	fsr_buf_adds(b, " against ");
	add_value(b, v[1], dec, unit);
	fsr_buf_addf(b, " over %s whole run%s", ok == 1 ? "its" : "their",
		     ok == 1 ? "" : "s");
}

int fsr_view_drift(const struct fsr_summary *s)
{
	return s && s->drift.flagged;
}

void fsr_view_drift_text(struct fsr_buf *b, const struct fsr_summary *s,
			 double div, const char *unit)
{
	const struct fsr_drift *d = &s->drift;

	(void)div;
	(void)unit;
	fsr_buf_addf(b, "%zu runs %s by ", s->n,
		     d->sen > 0 ? "rise" : d->sen < 0 ? "fall" : "trend");
	fsr_buf_add_fixed(b, fabs(d->sen_pct), fabs(d->sen_pct) < 1 ? 2 : 1);
	fsr_buf_addf(b, "%% of the mean per run (Sen's slope; Mann-Kendall "
		     "S = %.0f, p = %.2g%s)", d->s,
		     d->p < 0.0001 ? 0.0001 : d->p,
		     d->p < 0.0001 ? " or less" : "");
}

int fsr_view_read_rate(const struct fsr_summary *s)
{
	return s && s->rate.flagged;
}

void fsr_view_read_rate_text(struct fsr_buf *b, const struct fsr_summary *s,
			     double div, const char *unit)
{
	const struct fsr_read_rate *r = &s->rate;

	(void)div;
	(void)unit;
	if (r->flagged & FSR_RATE_ABOVE_DEVICE) {
		fsr_buf_adds(b, "the mean, ");
		fsr_buf_add_fixed(b, r->rate_mbs, 0);
		fsr_buf_adds(b, " MB/s, is above the device's ");
		fsr_buf_add_fixed(b, r->ceiling_mbs, 0);
		fsr_buf_adds(b, " MB/s (device_max_read_mbs)");
	}
	if (r->flagged == (FSR_RATE_ABOVE_DEVICE | FSR_RATE_FILE_IN_RAM))
		fsr_buf_adds(b, "; ");
	if (r->flagged & FSR_RATE_FILE_IN_RAM) {
		if (r->fio_jobs > 1)
			fsr_buf_addf(b, "the files of its %u jobs, ",
				     r->fio_jobs);
		else
			fsr_buf_adds(b, "the file, ");
		if (r->file_mib < 1) {
			fsr_buf_add_fixed(b, r->file_mib * 1024, 0);
			fsr_buf_adds(b, " KiB");
		} else {
			fsr_buf_add_fixed(b, r->file_mib, 0);
			fsr_buf_adds(b, " MiB");
		}
		fsr_buf_addf(b, ", %s smaller than the memory, ",
			     r->fio_jobs > 1 ? "are" : "is");
		fsr_buf_add_fixed(b, r->memory_mib, 0);
		fsr_buf_adds(b, " MiB");
		if (r->fio_jobs)
			fsr_buf_adds(b, ", and fio read buffered (direct=0): "
				     "the reads can come from the page cache");
	}
}

void fsr_view_drop_first_text(struct fsr_buf *b, size_t n)
{
	fsr_buf_addf(b, "first run of each configuration left out "
		     "(--drop-first): %zu run%s, of configurations with 3 or "
		     "more runs; every number is without them", n,
		     n == 1 ? "" : "s");
}

const char *fsr_view_steady_result(const struct fsr_report *r,
				   const struct fsr_cell *c,
				   const struct fsr_summary *s)
{
	const struct fsr_seriesset *ss = c ? fsr_cell_series(c) : NULL;

	if (!s || !ss || !s->steady.runs)
		return NULL;
	/* fsr_report_steady() changes a run's result only where the
	 * series are the runs one to one, and only of runs that were
	 * steady */
	return r->steady_result.steady && ss->n == c->n &&
			       s->steady.never < s->steady.runs ?
		       "steady" :
		       "whole_run";
}

const char *fsr_view_row_steady_result(const struct fsr_report *r,
				       const struct fsr_compare_row *row)
{
	const struct fsr_result *res = r->results[row->result];
	const char *w = NULL;

	if (row->cell != SIZE_MAX)
		w = fsr_view_steady_result(r, &res->cells[row->cell],
					   row->other);
	if (!w && row->base_cell != SIZE_MAX)
		w = fsr_view_steady_result(r, &res->cells[row->base_cell],
					   row->base);
	return w;
}

int fsr_view_steady_choice_text(struct fsr_buf *b, const struct fsr_report *r)
{
	const struct fsr_steady_choice *c = &r->steady_result;

	if (!c->runs)
		return 0;
	fsr_buf_addf(b, "each run with a time series (%zu run%s) has ", c->runs,
		     c->runs == 1 ? "" : "s");
	if (!c->steady) {
		fsr_buf_adds(b, "the mean of its whole run as its result; "
			     "--steady takes the mean from where it became "
			     "steady (SNIA PTS rule)");
		return 1;
	}
	fsr_buf_adds(b, "its steady-state mean as its result, from where it "
		     "became steady by the SNIA PTS rule (--steady)");
	if (c->never == c->runs)
		fsr_buf_adds(b, c->runs == 1 ?
			     "; it never became steady and keeps its "
			     "whole-run mean" :
			     "; none became steady, so each keeps its "
			     "whole-run mean");
	else if (c->never)
		fsr_buf_addf(b, "; %zu never became steady and keep%s %s "
			     "whole-run mean", c->never,
			     c->never == 1 ? "s" : "", c->never == 1 ? "its" :
			     "their");
	return 1;
}

int fsr_view_run_note(struct fsr_buf *b, const struct fsr_report *r,
		      size_t k)
{
	if (k == 0 && r->n_dropped_first) {
		fsr_view_drop_first_text(b, r->n_dropped_first);
		return 1;
	}
	return k == 1 && fsr_view_steady_choice_text(b, r);
}

void fsr_view_failed_text(struct fsr_buf *b, size_t n, size_t n_failed,
			  const char *reason)
{
	fsr_buf_addf(b, "%zu of %zu run%s failed", n_failed, n + n_failed,
		     n + n_failed == 1 ? "" : "s");
	if (reason && *reason)
		fsr_buf_addf(b, " (%s)", reason);
	fsr_buf_addf(b, "; the numbers use the %zu that worked", n);
}

const char *fsr_view_refusal_counts(const struct fsr_result *host)
{
	/* hyperfine's runs are timings, not I/Os */
	return host->test && !strcmp(host->test, "hyperfine") ? "timings" :
								"I/Os";
}

void fsr_view_refusal_reason(struct fsr_buf *b,
			     const struct fsr_result *host,
			     const struct fsr_refusal *f)
{
	size_t all = f->runs + f->runs_ok;

	fsr_buf_adds(b, "p");
	fsr_buf_add_double(b, f->q);
	fsr_buf_addf(b, " needs at least %llu %s per run; ",
		     (unsigned long long)f->need,
		     fsr_view_refusal_counts(host));
	if (f->runs_ok)
		fsr_buf_addf(b, "%zu of these %zu runs have ", f->runs, all);
	else
		fsr_buf_adds(b, all == 1 ? "this run has " :
					   "these runs have ");
	if (f->min_ios == f->max_ios)
		fsr_buf_addf(b, "%llu", (unsigned long long)f->min_ios);
	else
		fsr_buf_addf(b, "%llu to %llu",
			     (unsigned long long)f->min_ios,
			     (unsigned long long)f->max_ios);
	if (f->runs_ok && f->dropped)
		fsr_buf_addf(b, " (the %zu with enough are left out too: "
			     "alone they would be the faster runs)",
			     f->runs_ok);
	else if (f->runs_ok)
		fsr_buf_addf(b, " (the value is of the other %zu)",
			     f->runs_ok);
}

size_t fsr_view_refusals(struct fsr_buf *b, const struct fsr_report *r)
{
	size_t i, k, j, nf, n = 0;

	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		for (k = 0; k < res->n_cells; k++) {
			const struct fsr_refusal *f =
				fsr_cell_refusals(&res->cells[k], &nf);

			for (j = 0; j < nf; j++, f++) {
				if (!f->runs)
					continue;
				fsr_buf_addf(b, "%s, %s: %s: ",
					     r->systems[res->cells[k].system]
						     .label,
					     res->title, f->desc);
				fsr_view_refusal_reason(b, res, f);
				fsr_buf_addc(b, '\n');
				n++;
			}
		}
	}
	return n;
}

static void cell_refused(struct fsr_buf *b, const struct fsr_result *res,
			 size_t cell, const char *prefix)
{
	const struct fsr_refusal *f;
	size_t j, nf;

	if (cell >= res->n_cells)
		return;
	f = fsr_cell_refusals(&res->cells[cell], &nf);
	for (j = 0; j < nf; j++, f++) {
		if (!f->runs)
			continue;
		if (b->len)
			fsr_buf_addc(b, ' ');
		fsr_buf_addf(b, "%sp", prefix);
		fsr_buf_add_double(b, f->q);
	}
}

void fsr_view_row_refused(struct fsr_buf *b, const struct fsr_report *r,
			  const struct fsr_compare_row *cr)
{
	const struct fsr_result *res = r->results[cr->result];

	cell_refused(b, res, cr->cell, "");
	cell_refused(b, res, cr->base_cell, "base:");
}

int fsr_view_shape_text(struct fsr_buf *b, const struct fsr_report *r,
			const struct fsr_compare_row *cr, double alpha)
{
	const struct fsr_result *res = r->results[cr->result];
	const char *desc = res->description, *cut;
	size_t len;

	if (!isfinite(cr->shape.d) || !isfinite(cr->shape.p))
		return 0;
	/* the family: "w: write completion latency (p50)" without " (p50)" */
	len = strlen(desc);
	cut = strstr(desc, " (p50)");
	if (cut && cut[6] == '\0')
		len = (size_t)(cut - desc);
	fsr_buf_addf(b, "%s, %s", r->systems[cr->sys].label, res->title);
	if (len)
		fsr_buf_addf(b, ": %.*s", (int)len, desc);
	fsr_buf_addf(b, ": the shape of the latency distribution %s: KS D = "
		     "%.2f, p ", cr->shape.p <= alpha ? "differs" :
		     "does not differ detectably", cr->shape.d);
	if (cr->shape.p < 0.001)
		fsr_buf_adds(b, "< 0.001");
	else
		fsr_buf_addf(b, "= %.3f", cr->shape.p);
	if (cr->shape.exact)
		fsr_buf_addf(b, " (run permutation, exact over %zu splits)\n",
			     cr->shape.splits);
	else
		fsr_buf_addf(b, " (run permutation, %zu random splits)\n",
			     cr->shape.splits);
	return 1;
}
