/*
 * layout-internal.h - what the files of the chart layout share (private
 * to render/): the layout state, the measures of a chart, the shape
 * builders of canvas.c, the axis helpers of axis.c and the chart kinds.
 * layout.h has the file map.
 */
#ifndef FSR_LAYOUT_INTERNAL_H
#define FSR_LAYOUT_INTERNAL_H

#include "layout.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#define DEFAULT_WIDTH 800.0
#define MARGIN 16.0       /* around the chart */
#define COL_GAP 10.0      /* between the label column and the plot */
#define VALUE_GAP 7.0     /* between a bar's last mark and its value */
#define TICK_GAP 6.0      /* least room between two tick labels */
#define BAR_MIN_H 22.0
#define ROW_GAP 12.0
#define DOT_R 2.6

/* What every piece of a layout needs: the view, how to measure text,
 * the chart width. */
struct fsr_lay {
	const struct fsr_view *v;
	fsr_measure_fn measure;
	void *mctx;
	double W;
	size_t section;      /* change chart: the part, from 1; 0: all */
};

enum fsr_align { FSR_AL_LEFT, FSR_AL_RIGHT, FSR_AL_CENTER };

/* A list of wrapped lines; each owned, fsr_lines_release() frees them. */
struct fsr_lines {
	char **l;
	size_t n, cap;
};
void fsr_lines_release(struct fsr_lines *ls);

/* The text of a row of the change chart and of the overview: its label
 * and the note lines under it (left of the plot), its value and the
 * line under the value (right of it). Owned; fsr_row_text_release()
 * frees it. */
struct fsr_row_text {
	struct fsr_lines label, sub;
	char *value, *value2;
};
void fsr_row_text_release(struct fsr_row_text *t);
/* Widen *col to the label and note lines of t, and (values: 1) *vcol
 * to its value and the line under it. */
void fsr_row_text_widen(struct fsr_lay *L, const struct fsr_row_text *t,
			double *col, double *vcol, int values);
/* The value of row `row` and the line under it, left-aligned at x, the
 * value (in ink, font FSR_FONT_VALUE, line height vh) over the line
 * (FSR_FONT_NOTE, nh), the pair centred on mid. */
void fsr_row_text_values(struct fsr_lay *L, struct fsr_chart *c, long row,
			 const struct fsr_row_text *t, enum fsr_ink ink,
			 double x, double mid, double vh, double nh);

/* ------------------------------------------------------- canvas.c */

/* Text measures in font f. */
double fsr_lay_text_w(struct fsr_lay *L, enum fsr_font f, const char *t);
double fsr_lay_line_h(struct fsr_lay *L, enum fsr_font f);
/* Wrap t into ls (see fsr_layout_wrap); the widest of the lines. */
void fsr_lay_wrap(struct fsr_lay *L, struct fsr_lines *ls, enum fsr_font f,
		  const char *t, double max_w, size_t max_lines);
double fsr_lay_lines_w(struct fsr_lay *L, const struct fsr_lines *ls,
		       enum fsr_font f);

/* Shapes appended to c; the returned pointer lives until the next. */
struct fsr_shape *fsr_canvas_shape(struct fsr_chart *c,
				   enum fsr_shape_kind k, const char *role,
				   long row, enum fsr_ink ink);
/* One line of text at (x, y), aligned on x; control characters of t
 * become spaces. */
struct fsr_shape *fsr_canvas_text(struct fsr_lay *L, struct fsr_chart *c,
				  const char *role, long row,
				  enum fsr_font f, enum fsr_ink ink, double x,
				  double y, enum fsr_align al, const char *t);
void fsr_canvas_line(struct fsr_chart *c, const char *role, long row,
		     enum fsr_ink ink, double x1, double y1, double x2,
		     double y2, double lw, int dashed);
void fsr_canvas_rect(struct fsr_chart *c, const char *role, long row,
		     enum fsr_ink ink, enum fsr_ink edge, double x, double y,
		     double w, double h);
void fsr_canvas_dot(struct fsr_chart *c, const char *role, long row,
		    enum fsr_ink ink, enum fsr_ink edge, double x, double y,
		    double r);
/* An open path of room for n points (n_pts 0: the caller fills pts
 * and sets n_pts); the pointer lives until the next shape. */
struct fsr_shape *fsr_canvas_path(struct fsr_chart *c, const char *role,
				  long row, enum fsr_ink ink, size_t n);
/* The key of lines in the systems' colours: a short line of width lw
 * and the label of each of sys[0..n) (indexes in the report), in rows
 * across the chart from y; returns the y below. */
double fsr_canvas_key(struct fsr_lay *L, struct fsr_chart *c,
		      const char *role, const char *label_role,
		      const size_t *sys, size_t n, double lw, double y);
/* Lines one under another from y; returns the y below them. */
double fsr_canvas_lines(struct fsr_lay *L, struct fsr_chart *c,
			const char *role, long row, enum fsr_font f,
			enum fsr_ink ink, double x, double y,
			enum fsr_align al, const struct fsr_lines *ls);
/* Title (2 lines at most) and subtitle (split at '|', each part 2
 * lines at most); returns the y below. */
double fsr_canvas_heading(struct fsr_lay *L, struct fsr_chart *c,
			  const char *title, const char *subtitle, double y);
/* An arrow mark and one line of caption text; returns the y below. */
double fsr_canvas_caption(struct fsr_lay *L, struct fsr_chart *c, double x,
			  double y, const char *t);
/* A footnote across the chart, wrapped (64 lines at most, so that every
 * note of a marked cell is whole); returns the y below. */
double fsr_canvas_footnote(struct fsr_lay *L, struct fsr_chart *c,
			   const char *t, double y);
/* A new, empty chart at the end of p. */
struct fsr_chart *fsr_canvas_new_chart(struct fsr_page *p);

/* --------------------------------------------------------- axis.c */

/* Prints a tick label of axis a at v; data is the caller's. */
typedef void (*fsr_tick_fmt)(struct fsr_buf *b, double v,
			     const struct fsr_axis *a, const void *data);

/* 1 when the tick labels of a do not touch along plot_w px. */
int fsr_axis_labels_fit(struct fsr_lay *L, const struct fsr_axis *a,
			double plot_w, fsr_tick_fmt fmt, const void *data);

/*
 * Make room on an axis: called with the axis just computed, returns 0
 * when everything fits on it, else moves *lo and/or *hi (data units)
 * outward and returns 1 to have the ticks computed again.
 */
typedef int (*fsr_axis_widen_fn)(void *ctx, const struct fsr_axis *a,
				 double *lo, double *hi);

/*
 * The one best-fit search of a linear axis over data [lo, hi]: for each
 * tick target in turn (Heckbert ticks, widened by widen while it asks,
 * at most 12 times; widen may be NULL), the axis whose labels fit and
 * that the data cover most tightly; of equally tight ones the earlier
 * target, and first of all one of 5 to 8 ticks. Targets below 4 are
 * tried only when no earlier one fitted. When no 1-2-5 step gives 5 to
 * 8 ticks that fit, the steps 2.5 times a power of ten are tried too
 * (only those with 5 to 8 ticks kept). When none fits, c->axis is the
 * last target tried.
 */
void fsr_axis_best_fit(struct fsr_lay *L, struct fsr_chart *c, double lo,
		       double hi, const int *targets, size_t n_targets,
		       fsr_tick_fmt fmt, const void *fmt_data,
		       fsr_axis_widen_fn widen, void *widen_ctx);

/* Grid, ticks, tick labels, base and zero line of c->axis under the
 * plot; returns the y below the labels. */
double fsr_axis_draw(struct fsr_lay *L, struct fsr_chart *c,
		     fsr_tick_fmt fmt, const void *data);

/*
 * A log value axis over [lo, hi] (display units, 0 < lo <= hi): ticks
 * 1, 2, 5 in each decade over at most 3 decades, else every decade;
 * the ends the 1-2-5 steps next beyond the data. a->lo, a->hi and the
 * ticks are log10 of values (the spectrum's y, the CDF's x).
 */
void fsr_axis_log_value_ticks(double lo, double hi, struct fsr_axis *a);
/* Whether a unit is a time (a latency's histograms are then in ns). */
int fsr_unit_is_time(const char *unit);
/* The one time unit of an axis over [lo, hi] ns: the largest of ns, us,
 * ms and s that leaves the smallest value at 1 or more (a log axis spans
 * decades: 2 to 5000 us reads better than 0.002 to 5 ms); on a linear
 * axis (log 0) only while hi reaches it too. Sets s (div, unit). */
void fsr_axis_time_unit(double lo, double hi, int log,
			struct fsr_unit_scale *s);
/* The tick label at t of axis a (t the log10 of the value when log):
 * the display value with the decimals it needs, into b (reset). */
void fsr_axis_value_label(struct fsr_buf *b, double t, int log,
			  const struct fsr_axis *a,
			  const struct fsr_unit_scale *s);


/* -------------------------------------------- the kinds of chart */

/* bars.c: a result as bars with whiskers and runs; a pass/fail result. */
void fsr_layout_bars(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
		     double y);
void fsr_layout_passfail(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
			 double y);
/* changes.c: the change of every compared result against the baseline,
 * right better, on the last chart of p from y, and on charts added for
 * each further section of at most about 25 rows. */
void fsr_layout_changes(struct fsr_lay *L, struct fsr_page *p, double y);
/* overview.c: per compared system its geometric mean and verdicts. */
void fsr_layout_overview(struct fsr_lay *L, struct fsr_chart *c, double y);
/* trend_chart.c: one numeric result over the run sets of a trend;
 * fsr_layout_trend_has() says whether v's trend has result ri. */
void fsr_layout_trend(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
		      double y);
int fsr_layout_trend_has(const struct fsr_view *v, size_t ri);
/* spectrum.c: the percentile spectrum of result ri (the one keeping a
 * histogram per run), under its bars on c from y; it sets c->height.
 * fsr_layout_spectrum_has() says whether ri has one to draw. */
void fsr_layout_spectrum(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
			 double y);
int fsr_layout_spectrum_has(const struct fsr_view *v, size_t ri);
/* Shared by the charts of a latency's distribution (spectrum.c, cdf.c):
 * the widths and opacity of a configuration's bold line and a run's
 * faint one; the heading under the bars (a separator, the result's
 * title, its latency's name without " (p50)" then ": " what), returning
 * the y below; what a run counts ("I/Os", hyperfine's "timings"). */
#define FSR_DIST_BOLD 2.5
#define FSR_DIST_FAINT 0.8
#define FSR_DIST_FAINT_ALPHA 0.45
double fsr_lay_dist_heading(struct fsr_lay *L, struct fsr_chart *c,
			    const struct fsr_result *res, const char *what,
			    double y);
const char *fsr_lay_dist_counts(const struct fsr_result *res);
/* cdf.c: the distribution of result ri as an empirical CDF, each run's
 * and each configuration's runs merged, under its spectrum on c from
 * y (drawn when fsr_layout_spectrum_has()); it sets c->height. */
void fsr_layout_cdf(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
		    double y);

/* The marks of compared row cr as every output shows them (view/notes.h:
 * the row's own notes and its two cells'), and the notes of marks bits
 * as a footnote's sentence: " Marks: o: outliers ... them. v: ..." (changes.c). */
unsigned fsr_lay_row_marks(const struct fsr_compare_row *cr,
			   const struct fsr_compare_opts *o);
void fsr_lay_marks_note(struct fsr_buf *b, unsigned bits,
			const struct fsr_compare_opts *o);
/* The notes on what was done to the runs (view/notes.h
 * fsr_view_run_note()), each " Sentence." after what b holds: a chart
 * shown alone says that the first runs were left out or which mean a
 * run with a time series has, as the text does. */
void fsr_lay_run_notes(struct fsr_buf *b, const struct fsr_report *r);

#endif
