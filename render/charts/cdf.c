/*
 * cdf.c - the distribution of a latency as an empirical CDF (issue 36,
 * "a CDF/histogram view"): for the result that keeps each run's
 * histogram (the "(p50)" one, fsr_layout_spectrum_has()), y is the
 * fraction of I/Os at or below the latency x, 0 to 1; x is the latency,
 * on a log axis when the values span a decade or more. Per
 * configuration a faint step line per run and a bold one for its runs
 * merged bin by bin (fsr_hist_merge(): every I/O of them, so a run
 * weighs by its I/Os; never an average of percentiles). An I/O counts at
 * its bin's value (fsr_hist_value(), what fio prints and its percentiles
 * return), so a line crosses 0.99 at that histogram's p99 exactly.
 *
 *	+--------------------------------------------------------------+
 *	| fio 3.33                                          (heading)  |
 *	| w: write completion latency: cumulative distribution (CDF)   |
 *	| > fraction of I/Os at or below each latency (us, ...) (caption)|
 *	|   -- none   -- fsync                               (legend)   |
 *	| fraction at or below                                          |
 *	| 1.0 |           ___________======-------------------------    |
 *	| 0.5 |        __/        ___/                                  |
 *	| 0.0 |_______/__________/____________________________________  |
 *	|      1        10       100      1000     10000                |
 *	|                  latency (us), log scale                      |
 *	| y: the fraction of I/Os at or below x ...         (footnote)  |
 *	+--------------------------------------------------------------+
 *
 * It is drawn under the spectrum (layout.c), so every output that shows
 * the result's chart (--svg, --png, --chart-dir, report -o) shows it
 * too. Pure layout: the counts and fractions are model/histogram.h's,
 * drawn to the chart's resolution (steps()).
 */
#include "layout-internal.h"
#include "../../model/histogram.h"
#include "../../view/view.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CDF_PLOT_H 220.0
#define CDF_JOIN_PX 0.5   /* rises nearer than this: one */
#define CDF_RISE_PX 0.02  /* a rise lower than this waits for the next */

struct cdf {
	struct fsr_lay *L;
	struct fsr_chart *c;
	const struct fsr_result *res;
	int log_x;
	double px, py, pw, ph;
	struct fsr_axis xa;   /* display units, log10 of them when log_x */
	struct fsr_axis ya;   /* the fraction: 0 to 1 */
	struct fsr_unit_scale scale;
	size_t n;             /* configurations drawn */
	size_t *sys;          /* their systems */
	const struct fsr_histset **set; /* their runs */
	struct fsr_hist *merged; /* their runs merged (layout 0: could not) */
};

/* Runs that count I/Os in s. */
static size_t runs_with_ios(const struct fsr_histset *s)
{
	size_t r, n = 0;

	for (r = 0; r < s->n; r++)
		if (s->runs[r].total)
			n++;
	return n;
}

/* The runs of configuration i merged into S->merged[i]; its layout is
 * left 0 (no bold line) when two runs' layouts differ. */
static void merge(struct cdf *S, size_t i)
{
	const struct fsr_histset *s = S->set[i];
	struct fsr_hist *m = &S->merged[i];
	size_t r;

	if (fsr_hist_init(m, s->runs[0].bits, s->runs[0].groups))
		return;
	for (r = 0; r < s->n; r++)
		if (fsr_hist_merge(m, &s->runs[r])) {
			fsr_hist_release(m);
			memset(m, 0, sizeof(*m));
			return;
		}
}

/* The range of the values (ns) where any histogram drawn counts I/Os:
 * *pos the smallest above 0, *zero whether 0 has I/Os; 0 when none. */
static int value_range(const struct cdf *S, double *pos, double *hi,
		       int *zero)
{
	size_t i, r, k;

	*pos = INFINITY;
	*hi = 0;
	*zero = 0;
	for (i = 0; i < S->n; i++)
		for (r = 0; r < S->set[i]->n; r++) {
			const struct fsr_hist *h = &S->set[i]->runs[r];

			for (k = 0; h->counts && k < fsr_hist_nbins(h); k++) {
				double v = (double)fsr_hist_value(h, k);

				if (!h->counts[k])
					continue;
				if (v > 0)
					*pos = fmin(*pos, v);
				else
					*zero = 1;
				*hi = fmax(*hi, v);
			}
		}
	return *hi > 0 && isfinite(*pos);
}

/* x of a histogram value (ns); below the axis: its left end. */
static double px_x(const struct cdf *S, double ns)
{
	double d = ns / S->scale.div;

	if (S->log_x)
		d = log10(fmax(d, pow(10, S->xa.lo)));
	return S->px + S->pw * (d - S->xa.lo) / (S->xa.hi - S->xa.lo);
}

/* y of a fraction. */
static double px_y(const struct cdf *S, double f)
{
	return S->py + S->ph * (1 - f);
}

static void x_fmt(struct fsr_buf *b, double v, const struct fsr_axis *a,
		  const void *data)
{
	const struct cdf *S = data;

	fsr_axis_value_label(b, v, S->log_x, a, &S->scale);
}

/* The ticks of a log axis from lo to hi (log10): lo, every decade
 * between, hi. */
static void powers_of_ten(struct fsr_axis *a, double lo, double hi)
{
	double e;

	a->lo = lo;
	a->hi = hi;
	a->n_ticks = 0;
	a->ticks[a->n_ticks++] = lo;
	for (e = ceil(lo + 1e-9); e < hi - 1e-9 &&
	     a->n_ticks < FSR_MAX_TICKS - 1; e++)
		a->ticks[a->n_ticks++] = e;
	a->ticks[a->n_ticks++] = hi;
}

/* The x axis over [lo, hi] (display units), its ends on labelled
 * ticks; on a log axis, 1, 2, 5 a decade, or when those would touch
 * or the values span more than 3 decades, the decades and the two
 * 1-2-5 ends, or when those touch, the decades alone. */
static void x_axis(struct cdf *S, double lo, double hi)
{
	struct fsr_axis *a = &S->xa;

	if (!S->log_x) {
		fsr_axis_ticks(lo, hi, 6, a);
		if (!fsr_axis_labels_fit(S->L, a, S->pw, x_fmt, S))
			fsr_axis_ticks(lo, hi, 3, a);
		return;
	}
	fsr_axis_log_value_ticks(lo, hi, a);
	if (a->n_ticks && fabs(a->ticks[0] - a->lo) < 1e-9 &&
	    fabs(a->ticks[a->n_ticks - 1] - a->hi) < 1e-9 &&
	    fsr_axis_labels_fit(S->L, a, S->pw, x_fmt, S))
		return;
	powers_of_ten(a, a->lo, a->hi);
	if (fsr_axis_labels_fit(S->L, a, S->pw, x_fmt, S))
		return;
	powers_of_ten(a, floor(a->lo + 1e-9), ceil(a->hi - 1e-9));
}

/* Grid, tick labels and titles of both axes, the plot from y; returns
 * the y below the x axis's title. */
static double axes(struct cdf *S, double lo, double hi, double y)
{
	struct fsr_lay *L = S->L;
	struct fsr_chart *c = S->c;
	struct fsr_buf b = FSR_BUF_INIT;
	double w = 0, lh = fsr_lay_line_h(L, FSR_FONT_TICK), right;
	size_t i;

	fsr_axis_ticks(0, 1, 6, &S->ya);
	for (i = 0; i < S->ya.n_ticks; i++) {
		fsr_layout_number(&b, S->ya.ticks[i], S->ya.decimals, NULL);
		w = fmax(w, fsr_lay_text_w(L, FSR_FONT_TICK, b.buf));
		fsr_buf_reset(&b);
	}
	/* room on the right for half the last x label */
	S->px = MARGIN + w + COL_GAP;
	S->pw = L->W - MARGIN - S->px;
	x_axis(S, lo, hi);
	x_fmt(&b, S->xa.ticks[S->xa.n_ticks - 1], &S->xa, S);
	right = fsr_lay_text_w(L, FSR_FONT_TICK, b.buf) / 2;
	S->pw = L->W - MARGIN - right - S->px;
	x_axis(S, lo, hi);
	fsr_canvas_text(L, c, "cdf-y-title", -1, FSR_FONT_TICK, FSR_INK_AXIS,
			MARGIN, y, FSR_AL_LEFT, "fraction at or below");
	S->py = y + lh + 6;
	S->ph = CDF_PLOT_H;
	for (i = 0; i < S->ya.n_ticks; i++) {
		double t = S->ya.ticks[i], ty = px_y(S, t);

		fsr_canvas_line(c, "cdf-grid", -1, FSR_INK_GRID, S->px, ty,
				S->px + S->pw, ty, 1, 0);
		fsr_buf_reset(&b);
		fsr_layout_number(&b, t, S->ya.decimals, NULL);
		fsr_canvas_text(L, c, "cdf-y-label", -1, FSR_FONT_TICK,
				FSR_INK_AXIS, S->px - COL_GAP / 2, ty - lh / 2,
				FSR_AL_RIGHT, b.buf);
	}
	for (i = 0; i < S->xa.n_ticks; i++) {
		double t = S->xa.ticks[i], tx;
		struct fsr_shape *s;

		tx = S->px + S->pw * (t - S->xa.lo) / (S->xa.hi - S->xa.lo);
		fsr_canvas_line(c, "cdf-grid", -1, FSR_INK_GRID, tx, S->py, tx,
				S->py + S->ph, 1, 0);
		x_fmt(&b, t, &S->xa, S);
		s = fsr_canvas_text(L, c, "cdf-x-label", -1, FSR_FONT_TICK,
				    FSR_INK_AXIS, tx, S->py + S->ph + 4,
				    FSR_AL_CENTER, b.buf);
		if (s->x + s->w > L->W - 2) /* never past the edge */
			s->x = L->W - 2 - s->w;
	}
	fsr_canvas_line(c, "axis", -1, FSR_INK_AXIS, S->px, S->py + S->ph,
			S->px + S->pw, S->py + S->ph, 1, 0);
	fsr_canvas_line(c, "axis", -1, FSR_INK_AXIS, S->px, S->py, S->px,
			S->py + S->ph, 1, 0);
	y = S->py + S->ph + 4 + lh + 2;
	fsr_buf_reset(&b);
	fsr_buf_addf(&b, "latency (%s)%s", S->scale.unit,
		     S->log_x ? ", log scale" : "");
	fsr_canvas_text(L, c, "cdf-x-title", -1, FSR_FONT_TICK, FSR_INK_AXIS,
			S->px + S->pw / 2, y, FSR_AL_CENTER, b.buf);
	fsr_buf_release(&b);
	return y + lh;
}

/*
 * The step line of h: from 0 at its first value, up by each bin's I/Os
 * at the bin's value to 1, then on at 1 to the axis's right end. Drawn
 * to the resolution of the chart, never ahead of the data: a rise less
 * than CDF_RISE_PX high waits for the next, and a rise less than
 * CDF_JOIN_PX right of the first of the rises drawn as one moves that
 * rise to its own value; so the line at x is the CDF at a value at most
 * CDF_JOIN_PX left of x, less at most CDF_RISE_PX.
 */
static void steps(struct cdf *S, const struct fsr_hist *h, const char *role,
		  size_t sys, double lw, double alpha)
{
	struct fsr_shape *s;
	size_t k, n = 0, nb = fsr_hist_nbins(h);
	double x0 = -INFINITY, fy = px_y(S, 0);

	for (k = 0; h->counts && k < nb; k++)
		n += h->counts[k] != 0;
	if (!n)
		return;
	s = fsr_canvas_path(S->c, role, (long)sys, fsr_system_ink(sys),
			    2 * n + 1);
	s->lw = lw;
	s->alpha = alpha;
	for (k = 0; k < nb; k++) {
		double x, y;

		if (!h->counts[k])
			continue;
		x = px_x(S, (double)fsr_hist_value(h, k));
		y = px_y(S, fsr_hist_cdf(h, k));
		if (fy - y < CDF_RISE_PX && y > S->py + 1e-9)
			continue; /* too small to see yet; 1 always is */
		if (s->n_pts && x - x0 < CDF_JOIN_PX) {
			s->pts[2 * s->n_pts - 4] = x; /* the rise moves here */
			s->pts[2 * s->n_pts - 2] = x;
			s->pts[2 * s->n_pts - 1] = y;
			fy = y;
			continue;
		}
		s->pts[2 * s->n_pts] = x; /* across at the last fraction */
		s->pts[2 * s->n_pts + 1] = fy;
		s->n_pts++;
		s->pts[2 * s->n_pts] = x; /* up by the I/Os to here */
		s->pts[2 * s->n_pts + 1] = y;
		s->n_pts++;
		x0 = x;
		fy = y;
	}
	s->pts[2 * s->n_pts] = S->px + S->pw;
	s->pts[2 * s->n_pts + 1] = fy;
	s->n_pts++;
}

/* The footnote: how to read it, and the configurations left unmerged. */
static void note(const struct cdf *S, struct fsr_buf *b)
{
	const struct fsr_report *r = S->L->v->report;
	const char *what = fsr_lay_dist_counts(S->res);
	size_t i;

	fsr_buf_addf(b, "y: the fraction of %s at or below x, from each "
		     "run's histogram, each counted at its bin's value as "
		     "the percentiles count it: a line crosses 0.99 at its "
		     "p99. Faint lines: each run; bold: a configuration's "
		     "runs merged bin by bin (a run weighs as many as its "
		     "%s), never an average of percentiles. Further left is "
		     "faster; the percentile spectrum spreads out the tail "
		     "that crowds under 1 here.", what, what);
	for (i = 0; i < S->n; i++)
		if (!S->merged[i].groups)
			fsr_buf_addf(b, " %s: its runs' histograms differ in "
				     "layout, so they are not merged (no bold "
				     "line).", r->systems[S->sys[i]].label);
}

static void cdf_release(struct cdf *S)
{
	size_t i;

	for (i = 0; i < S->n; i++)
		fsr_hist_release(&S->merged[i]);
	free(S->merged);
	free(S->set);
	free(S->sys);
}

void fsr_layout_cdf(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
		    double y)
{
	const struct fsr_result *res = L->v->report->results[ri];
	struct fsr_buf b = FSR_BUF_INIT;
	double pos, hi, lo;
	size_t k, i, r;
	struct cdf S;
	int zero;

	memset(&S, 0, sizeof(S));
	S.L = L;
	S.c = c;
	S.res = res;
	S.sys = fsr_xcalloc(res->n_cells + 1, sizeof(*S.sys));
	S.set = fsr_xcalloc(res->n_cells + 1, sizeof(*S.set));
	S.merged = fsr_xcalloc(res->n_cells + 1, sizeof(*S.merged));
	for (k = 0; k < res->n_cells; k++) {
		const struct fsr_histset *s = fsr_cell_hists(&res->cells[k]);

		if (!s || !runs_with_ios(s))
			continue;
		S.sys[S.n] = res->cells[k].system;
		S.set[S.n] = s;
		merge(&S, S.n);
		S.n++;
	}
	if (!S.n || !value_range(&S, &pos, &hi, &zero)) {
		cdf_release(&S); /* nothing but zeros to draw */
		return;
	}
	S.log_x = hi / pos >= 10;
	lo = S.log_x || !zero ? pos : 0;
	fsr_axis_time_unit(pos, hi, S.log_x, &S.scale);
	y = fsr_lay_dist_heading(L, c, res, "cumulative distribution (CDF)",
				 y);
	fsr_buf_addf(&b, "fraction of %s at or below each latency (%s%s); "
		     "faint: each run; bold: the runs merged",
		     fsr_lay_dist_counts(res), S.scale.unit,
		     S.log_x ? ", log axis" : "");
	y = fsr_canvas_caption(L, c, MARGIN, y, b.buf);
	y = fsr_canvas_key(L, c, "cdf-key", "cdf-key-label", S.sys, S.n,
			   FSR_DIST_BOLD, y + 4) + 8;
	y = axes(&S, lo / S.scale.div, hi / S.scale.div, y);
	for (i = 0; i < S.n; i++) /* the runs under every bold line */
		for (r = 0; runs_with_ios(S.set[i]) > 1 && r < S.set[i]->n;
		     r++)
			steps(&S, &S.set[i]->runs[r], "cdf-run", S.sys[i],
			      FSR_DIST_FAINT, FSR_DIST_FAINT_ALPHA);
	for (i = 0; i < S.n; i++)
		if (S.merged[i].groups)
			steps(&S, &S.merged[i], "cdf-merged", S.sys[i],
			      FSR_DIST_BOLD, 0);
	fsr_buf_reset(&b);
	note(&S, &b);
	y = fsr_canvas_footnote(L, c, b.buf, y + 8);
	c->height = y + MARGIN;
	cdf_release(&S);
	fsr_buf_release(&b);
}
