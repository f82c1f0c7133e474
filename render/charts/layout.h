/*
 * layout.h - chart geometry, computed apart from drawing (style.md 9-10).
 *
 * Which file holds what (all private helpers in layout-internal.h):
 *   layout.c   the page: which charts, one under another (small)
 *   canvas.c   shapes and their builders, text measures, heading,
 *              caption, footnote, the page's charts, the dump
 *   axis.c     nice ticks (linear, log ratio, log value), unit
 *              prefixes, the time unit of a latency axis, the one
 *              best-fit axis search, the axis shapes
 *   wrap.c     wrapping and middle-shortening through a measure callback
 *   bars.c     a result's bar chart, and the pass/fail chart
 *   changes.c  the change chart of compare
 *   spectrum.c a latency's percentile spectrum, under its bars
 *   cdf.c      the same latency's CDF, under its spectrum
 *   vocab.c    verdict, percent, interval and confidence wording (vocab.h)
 *   fonts.c    the font table (fonts.h), shared with backend/text.c
 *
 * The layout turns a view (report, statistics, comparison) into pages of
 * charts: every rectangle, line, dot and text box as numbers in px at
 * scale 1 (96 dpi), with the chart 800 px wide by default. It measures
 * text only through the fsr_measure_fn it is given, and never touches
 * Cairo, so unit tests can lay charts out with made-up font metrics and
 * check the numbers. chart.c has the chart module (backend.h) draw a
 * page; --debug-layout dumps it.
 *
 * Ownership: a page owns its charts, shapes and their texts;
 * fsr_page_release() frees them. The page borrows nothing from the view.
 *
 *	struct fsr_page p;
 *	fsr_layout_page(view, &lo, measure, ctx, &p, &d);
 *	... draw or dump p ...
 *	fsr_page_release(&p);
 */
#ifndef FSR_LAYOUT_H
#define FSR_LAYOUT_H

#include "../../view/view.h"
#include "../render.h"
#include "fonts.h"

/* What a shape is painted with; fsr_ink_rgb maps inks to colours. */
enum fsr_ink {
	FSR_INK_NONE = 0,   /* not painted (e.g. no outline) */
	FSR_INK_BACKGROUND,
	FSR_INK_HEADING,
	FSR_INK_TEXT,
	FSR_INK_NOTE,
	FSR_INK_AXIS,
	FSR_INK_GRID,
	FSR_INK_EDGE,       /* bar outlines */
	FSR_INK_WHISKER,
	FSR_INK_HALO,       /* white under whiskers and dots */
	FSR_INK_RUN,        /* the fill of a run's dot */
	FSR_INK_FAILED,
	FSR_INK_MISSING,
	FSR_INK_BETTER,
	FSR_INK_WORSE,
	FSR_INK_SAME,
	FSR_INK_NA,
	FSR_INK_BAND,       /* behind every other row group */
	FSR_INK_INTERVAL,   /* trend: the band of the intervals */
	FSR_INK_EQUAL,      /* proven equal within --equivalence */
	FSR_INK_NOT_WORSE,  /* proven not worse than --max-regression */
	FSR_INK_SYSTEM,     /* + system index: fsr_system_ink() */
};
#define FSR_N_SYSTEM_INKS 34
#define FSR_N_INKS (FSR_INK_SYSTEM + FSR_N_SYSTEM_INKS)
/* The colour of each ink, 0xRRGGBB (inks.c). */
extern const unsigned long fsr_ink_rgb[FSR_N_INKS];
const char *fsr_ink_name(enum fsr_ink ink); /* "text", "sys3", ... */
/* The ink of system sys (index in the report): its own up to 34, then
 * the others again, never the baseline's blue (inks.c). */
enum fsr_ink fsr_system_ink(size_t sys);

enum fsr_shape_kind {
	FSR_SHAPE_TEXT = 0, /* box x, y, w, h; drawn from its top left */
	FSR_SHAPE_RECT,     /* box; filled with ink, outlined with edge */
	FSR_SHAPE_LINE,     /* from (x, y) to (x + w, y + h), width lw */
	FSR_SHAPE_DOT,      /* centre (x, y), radius w */
	FSR_SHAPE_ARROW,    /* a triangle pointing right inside the box */
	FSR_SHAPE_DIAMOND,  /* a diamond inside the box */
	FSR_SHAPE_BAND,     /* x..x+w; left y..y+h, right y2..y2+h2 */
	FSR_SHAPE_PATH,     /* pts: a line through them (stroke ink, lw),
			     * or closed and filled when edge is set to
			     * FSR_INK_NONE and closed is 1 */
};

struct fsr_shape {
	enum fsr_shape_kind kind;
	const char *role;   /* static: "title", "bar", "whisker", ... */
	long row;           /* row of the chart, -1 for none */
	enum fsr_ink ink;   /* fill (text: colour; line: stroke) */
	enum fsr_ink edge;  /* outline of rects, dots, diamonds */
	enum fsr_font font; /* text only */
	double x, y, w, h;
	double lw;          /* line width (lines and outlines) */
	int dashed;
	char *text;         /* text only; owned */
	double y2, h2;      /* band only: its right side */
	double *pts;        /* path only: x, y pairs; owned */
	size_t n_pts;       /* path only: points */
	int closed;         /* path only: a filled polygon */
	double alpha;       /* opacity of the ink; 0: opaque (1) */
};

/* A numeric axis in display units (raw value / div). */
#define FSR_MAX_TICKS 32
struct fsr_axis {
	double lo, hi, step;  /* the axis range, ends on ticks */
	int decimals;         /* of the tick labels */
	size_t n_ticks;
	double ticks[FSR_MAX_TICKS];
};

enum fsr_chart_kind {
	FSR_CHART_KIND_BARS = 0, /* one result: a bar per system */
	FSR_CHART_KIND_PASSFAIL, /* one result: PASS / FAIL per system */
	FSR_CHART_KIND_NOTE,     /* a result not drawn, or none: a note */
	FSR_CHART_KIND_CHANGES,  /* compare: change in % per result, system */
	FSR_CHART_KIND_OVERVIEW, /* compare: geometric mean per system */
	FSR_CHART_KIND_TREND,    /* trend: one result over the run sets */
};

struct fsr_chart {
	enum fsr_chart_kind kind;
	long result;          /* index into report->results, -1: none */
	double y0;            /* top, in the page */
	double width, height;
	int has_axis;
	int log_ratio;        /* changes: axis in log10(1 + change / 100) */
	struct fsr_axis axis;
	struct fsr_unit_scale scale;
	double plot_x, plot_y, plot_w, plot_h;
	struct fsr_shape *shapes;
	size_t n_shapes, cap_shapes;
};

struct fsr_page {
	double width, height;
	struct fsr_chart *charts;
	size_t n_charts, cap_charts;
};

struct fsr_layout_opts {
	double width;                 /* px at scale 1; 0: 800 */
	enum fsr_chart_part part;     /* what to lay out */
	size_t result;                /* FSR_CHART_RESULT: which */
	size_t section;               /* FSR_CHART_CHANGE: the part, from
					 * 1 (fsr_render_change_parts); 0: all */
	const struct fsr_chart_item *items; /* FSR_CHART_ITEMS */
	size_t n_items;
	/* FSR_CHART_ITEMS: "page 2 of 7", a line at the foot of the page
	 * under the charts; NULL: none */
	const char *page_label;
};

/*
 * Lay out the part of v that lo names into *p (initialised here).
 * Returns 0, or FSR_EUSAGE when the part does not exist (a result index
 * out of range, a change chart without a comparison), with d set.
 * FSR_CHART_ITEMS stacks the items' charts as FSR_CHART_ALL does its
 * own (each chart as tall as when laid out alone).
 */
int fsr_layout_page(const struct fsr_view *v,
		    const struct fsr_layout_opts *lo, fsr_measure_fn measure,
		    void *mctx, struct fsr_page *p, struct fsr_diag *d);
void fsr_page_release(struct fsr_page *p);

/* The geometry as text, one shape a line, numbers to 0.1 px: the
 * --debug-layout output and the golden artefact of the chart tests. */
void fsr_layout_dump(const struct fsr_page *p, struct fsr_buf *out);

/* ------------------------------------------- building blocks (tested) */

/* Heckbert's nice number near x > 0: 1, 2, 5 or 10 times a power of ten;
 * round picks the nearest, otherwise the one at or above x. */
double fsr_nice_number(double x, int round);

/*
 * Ticks for [lo, hi] (loose labelling: the axis ends are rounded outward
 * to a tick), about target ticks. lo == hi is widened around the value
 * (0 gives 0..1); non-finite input gives 0..1. Returns the tick count.
 */
size_t fsr_axis_ticks(double lo, double hi, int target, struct fsr_axis *a);

/*
 * Ticks for [lo, hi] (lo < hi) on the multiples of step (loose, like
 * fsr_axis_ticks), with the decimals that print the step exactly (2.5:
 * one). Returns the tick count, 0 (a zeroed) when they would be more
 * than FSR_MAX_TICKS or the input is not finite.
 */
size_t fsr_axis_ticks_step(double lo, double hi, double step,
			   struct fsr_axis *a);

/*
 * Ticks for ratios from rmin to rmax (0 < rmin <= rmax) on a log axis:
 * a->lo, a->hi and the ticks are log10 of ratios. density 0 uses 1, 2, 5
 * in every decade, 1 every decade, k every k-th decade; 1 is always a
 * tick. Returns the tick count, 0 when they would be too many.
 */
size_t fsr_axis_log_ticks(double rmin, double rmax, int density,
			  struct fsr_axis *a);

/* x with decimals, "C" locale, then suffix: "1500", "0.25", "200M". */
void fsr_layout_number(struct fsr_buf *b, double x, int decimals,
		       const char *suffix);

/*
 * Break text into at most max_lines lines no wider than max_w: at spaces,
 * and after - _ / , = : when a word alone is too wide; a word wider than
 * a line is cut between characters. What does not fit is shortened with
 * "..." (U+2026) in the middle of the last line, so both ends of a label
 * stay readable. Lines are appended to *lines (each malloc'd, the array
 * grown with FSR_GROW); returns how many were added.
 */
size_t fsr_layout_wrap(fsr_measure_fn measure, void *mctx,
		       enum fsr_font font, const char *text, double max_w,
		       size_t max_lines, char ***lines, size_t *n,
		       size_t *cap);
/* s with its middle replaced by "..." (U+2026) so that it fits max_w in
 * font; the most characters that fit are kept, the extra one at the
 * head. Free with free(). */
char *fsr_wrap_shorten(fsr_measure_fn m, void *ctx, enum fsr_font f,
		       const char *s, double max_w);
/* labels[0..n) each shortened so that it fits max_w, and never two
 * that differ cut to the same text: in the middle (fsr_wrap_shorten),
 * and where that makes two equal, from near the first place the label
 * differs from the others to its end, "\u2026" before; failing that the
 * whole label. Equal labels stay equal. Returns n strings, each and the
 * array to be freed by the caller. */
char **fsr_wrap_shorten_apart(fsr_measure_fn m, void *ctx, enum fsr_font f,
			      const char *const *labels, size_t n,
			      double max_w);

/*
 * The same for the text renderers (table.c, compare_text.c),
 * whose measure is display columns: fsr_wrap_columns measures text in
 * columns (one per code point, font ignored); fsr_wrap_pad appends s
 * to line padded with spaces to w columns (on the left when right is
 * 1); fsr_wrap_words breaks text at spaces into lines of at most width
 * columns (runs of spaces become one; a word wider than width is cut as
 * fsr_layout_wrap cuts it) and appends them as fsr_layout_wrap does,
 * one empty line for a text without words; returns how many.
 */
void fsr_wrap_columns(void *ctx, enum fsr_font f, const char *text,
		      double *w, double *h);
void fsr_wrap_pad(struct fsr_buf *line, const char *s, size_t w, int right);
size_t fsr_wrap_words(const char *text, size_t width, char ***lines,
		      size_t *n, size_t *cap);
/* fsr_wrap_words with a first line of at most first columns and the
 * others of at most width (a hanging indent). */
size_t fsr_wrap_hang(const char *text, size_t first, size_t width,
		     char ***lines, size_t *n, size_t *cap);

#endif
