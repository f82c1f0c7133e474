/*
 * spectrum.c - the percentile spectrum of a latency (issue 36): for the
 * result that keeps each run's histogram (the "(p50)" one), every
 * percentile from p50 to p99.99 at once. x is 1/(1 - q) on a log axis,
 * so p50, p90, p99, p99.9 and p99.99 stand one decade apart; y is the
 * latency, on a log axis when the values span a decade or more. Per
 * configuration a faint line per run, a bold line through the runs'
 * geometric mean, and that percentile's interval (Student-t on the
 * logarithms, the level of the other intervals) as a band around it.
 * A configuration's lines end at the last percentile every run of it
 * supports (fsr_pct_ios_needed(), the refusals of every other output).
 *
 *	+--------------------------------------------------------------+
 *	| fio 3.33                                          (heading)  |
 *	| w: write completion latency: percentile spectrum              |
 *	| > us, lower is better; both axes log              (caption)  |
 *	|   -- none   -- fsync                               (legend)   |
 *	|  50 |                                      ____/              |
 *	|  20 |                    ______======-----/                   |
 *	|   5 |=========----------/                                    |
 *	|       50 %      90 %      99 %      99.9 %      99.99 %       |
 *	| bold line: the geometric mean of the runs; band: ...          |
 *	+--------------------------------------------------------------+
 *
 * It is drawn under the result's bars (layout.c), so every output that
 * shows that result's chart (--svg, --png, --chart-dir, report -o)
 * shows the spectrum too, and the CDF (cdf.c) under it; the two share
 * the heading and the line widths defined here and in
 * layout-internal.h. Pure layout, as the other chart kinds.
 */
#include "layout-internal.h"
#include "../vocab.h"
#include "../../analyze/analyze.h"
#include "../../model/histogram.h"
#include "../../view/view.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SP_PLOT_H 260.0
#define SP_STEPS 20       /* points per decade of 1/(1 - q) */
#define SP_BAND_ALPHA 0.18

/* The labelled percentiles, one decade apart on the axis. */
static const double sp_label_q[] = { 50, 90, 99, 99.9, 99.99 };
static const char *const sp_label[] = { "50 %", "90 %", "99 %", "99.9 %",
					"99.99 %" };
#define SP_N_LABELS (sizeof(sp_label_q) / sizeof(sp_label_q[0]))

struct sp {
	struct fsr_lay *L;
	struct fsr_chart *c;
	const struct fsr_result *res;
	double div;          /* histogram value (ns) -> display */
	int log_y;
	double ylo, yhi;     /* axis ends: display units, log10 when log_y */
	double px, py, pw, ph;
	struct fsr_axis axis; /* y: log10 of display values when log_y */
	struct fsr_unit_scale scale;
	size_t n;            /* configurations with a spectrum */
	size_t *sys;         /* their systems */
	struct fsr_spectrum *sp;
};

/* The level of the bands: the view's, as every other interval. */
static double conf_of(const struct fsr_view *v)
{
	return v->stats && v->stats->confidence > 0 ? v->stats->confidence :
						      0.95;
}

/* log10 of 1/(1 - q/100): the x of percentile q. */
static double q_x(double q)
{
	return -log10(1 - q / 100);
}

/* The grid of percentiles: p50, then SP_STEPS a decade to p99.99. */
static size_t q_grid(double **q)
{
	size_t n = 0, k, cap = 4 * SP_STEPS + 2;

	*q = fsr_xcalloc(cap, sizeof(**q));
	(*q)[n++] = 50;
	for (k = 1; k <= 4 * SP_STEPS; k++) {
		double x = (double)k / SP_STEPS;

		if (x <= q_x(50) + 1e-9)
			continue;
		(*q)[n++] = k % SP_STEPS ? 100 * (1 - pow(10, -x)) :
			    sp_label_q[k / SP_STEPS];
	}
	return n;
}

double fsr_lay_dist_heading(struct fsr_lay *L, struct fsr_chart *c,
			    const struct fsr_result *res, const char *what,
			    double y)
{
	struct fsr_buf b = FSR_BUF_INIT, t = FSR_BUF_INIT;
	char *sub;

	y += 10;
	fsr_canvas_line(c, "separator", -1, FSR_INK_GRID, MARGIN, y,
			L->W - MARGIN, y, 1, 0);
	y += 10;
	/* the subtitle: the latency, without its " (p50)" */
	fsr_vocab_result_title(res, &t);
	sub = fsr_xstrdup(res->description ? res->description : "");
	if (strlen(sub) > 6 && !strcmp(sub + strlen(sub) - 6, " (p50)"))
		sub[strlen(sub) - 6] = '\0';
	fsr_buf_addf(&b, "%s%s%s", sub, *sub ? ": " : "", what);
	y = fsr_canvas_heading(L, c, t.buf, b.buf, y);
	free(sub);
	fsr_buf_release(&t);
	fsr_buf_release(&b);
	return y;
}

/* hyperfine's runs are timings, not I/Os (as view/notes.c) */
const char *fsr_lay_dist_counts(const struct fsr_result *res)
{
	return res->test && !strcmp(res->test, "hyperfine") ? "timings" :
							      "I/Os";
}

int fsr_layout_spectrum_has(const struct fsr_view *v, size_t ri)
{
	const struct fsr_result *res = v->report->results[ri];
	size_t k;

	if (!fsr_unit_is_time(res->unit))
		return 0;
	for (k = 0; k < res->n_cells; k++) {
		const struct fsr_histset *s = fsr_cell_hists(&res->cells[k]);
		size_t r;

		for (r = 0; s && r < s->n; r++)
			if (s->runs[r].total)
				return 1;
	}
	return 0;
}

static double px_x(const struct sp *S, double q)
{
	return S->px + S->pw * (q_x(q) - q_x(50)) / (q_x(99.99) - q_x(50));
}

/* y of a histogram value (ns). */
static double px_y(const struct sp *S, double ns)
{
	double d = ns / S->div;

	if (S->log_y)
		d = log10(fmax(d, pow(10, S->ylo)));
	return S->py + S->ph * (S->yhi - d) / (S->yhi - S->ylo);
}

/* The display range of every value drawn; 0 when there is none. */
static int value_range(const struct sp *S, double *lo, double *hi)
{
	size_t i, j, r;

	*lo = INFINITY;
	*hi = 0;
	for (i = 0; i < S->n; i++) {
		const struct fsr_spectrum *p = &S->sp[i];

		for (j = 0; j < p->n_ok; j++) {
			for (r = 0; r < p->n_runs; r++) {
				double x = p->v[r * p->n_q + j];

				if (x > 0) {
					*lo = fmin(*lo, x);
					*hi = fmax(*hi, x);
				}
			}
			if (isfinite(p->ci_low[j]) && p->ci_low[j] > 0)
				*lo = fmin(*lo, p->ci_low[j]);
			if (isfinite(p->ci_high[j]))
				*hi = fmax(*hi, p->ci_high[j]);
		}
	}
	if (!isfinite(*lo) || !(*hi > 0))
		return 0;
	return 1;
}

static void axes(struct sp *S, double y)
{
	struct fsr_chart *c = S->c;
	struct fsr_axis *a = &S->axis;
	struct fsr_buf b = FSR_BUF_INIT;
	double w = 0, lh = fsr_lay_line_h(S->L, FSR_FONT_TICK);
	double right = fsr_lay_text_w(S->L, FSR_FONT_TICK,
				      sp_label[SP_N_LABELS - 1]) / 2;
	size_t i;

	if (S->log_y)
		fsr_axis_log_value_ticks(S->ylo, S->yhi, a);
	else
		fsr_axis_ticks(S->ylo, S->yhi, 5, a);
	S->ylo = a->lo;
	S->yhi = a->hi;
	for (i = 0; i < a->n_ticks; i++) {
		fsr_axis_value_label(&b, a->ticks[i], S->log_y, a, &S->scale);
		w = fmax(w, fsr_lay_text_w(S->L, FSR_FONT_TICK, b.buf));
	}
	S->px = MARGIN + w + COL_GAP;
	S->py = y;
	S->pw = S->L->W - MARGIN - right - S->px;
	S->ph = SP_PLOT_H;
	for (i = 0; i < a->n_ticks; i++) {
		double t = a->ticks[i], ty;

		ty = S->py + S->ph * (S->yhi - t) / (S->yhi - S->ylo);
		fsr_canvas_line(c, "spectrum-grid", -1, FSR_INK_GRID, S->px,
				ty, S->px + S->pw, ty, 1, 0);
		fsr_axis_value_label(&b, t, S->log_y, a, &S->scale);
		fsr_canvas_text(S->L, c, "spectrum-y-label", -1, FSR_FONT_TICK,
				FSR_INK_AXIS, S->px - COL_GAP / 2, ty - lh / 2,
				FSR_AL_RIGHT, b.buf);
	}
	for (i = 0; i < SP_N_LABELS; i++) {
		double x = px_x(S, sp_label_q[i]);

		fsr_canvas_line(c, "spectrum-grid", -1, FSR_INK_GRID, x, S->py,
				x, S->py + S->ph, 1, 0);
		fsr_canvas_text(S->L, c, "spectrum-x-label", -1, FSR_FONT_TICK,
				FSR_INK_AXIS, x, S->py + S->ph + 4,
				FSR_AL_CENTER, sp_label[i]);
	}
	fsr_canvas_line(c, "axis", -1, FSR_INK_AXIS, S->px, S->py + S->ph,
			S->px + S->pw, S->py + S->ph, 1, 0);
	fsr_canvas_line(c, "axis", -1, FSR_INK_AXIS, S->px, S->py, S->px,
			S->py + S->ph, 1, 0);
	fsr_buf_release(&b);
}

/* Configuration i: its band, its runs, its line (bold lines last, over
 * every configuration's runs: drawn by the caller in two passes). */
static void band(struct sp *S, size_t i)
{
	const struct fsr_spectrum *p = &S->sp[i];
	struct fsr_shape *s;
	size_t j, n = 0;

	for (j = 0; j < p->n_ok && isfinite(p->ci_low[j]); j++)
		n++;
	if (n < 2)
		return;
	s = fsr_canvas_path(S->c, "spectrum-band", (long)S->sys[i],
		 fsr_system_ink(S->sys[i]), 2 * n);
	s->closed = 1;
	s->alpha = SP_BAND_ALPHA;
	for (j = 0; j < n; j++) {
		s->pts[2 * j] = px_x(S, p->q[j]);
		s->pts[2 * j + 1] = px_y(S, p->ci_high[j]);
		s->pts[2 * (2 * n - 1 - j)] = s->pts[2 * j];
		s->pts[2 * (2 * n - 1 - j) + 1] = px_y(S, p->ci_low[j]);
	}
	s->n_pts = 2 * n;
}

static void runs(struct sp *S, size_t i)
{
	const struct fsr_spectrum *p = &S->sp[i];
	size_t r, j;

	if (p->n_ok < 2)
		return;
	for (r = 0; r < p->n_runs; r++) {
		struct fsr_shape *s;

		s = fsr_canvas_path(S->c, "spectrum-run", (long)S->sys[i],
				    fsr_system_ink(S->sys[i]), p->n_ok);
		s->lw = FSR_DIST_FAINT;
		s->alpha = FSR_DIST_FAINT_ALPHA;
		for (j = 0; j < p->n_ok; j++) {
			s->pts[2 * j] = px_x(S, p->q[j]);
			s->pts[2 * j + 1] = px_y(S, p->v[r * p->n_q + j]);
		}
		s->n_pts = p->n_ok;
	}
}

static void bold(struct sp *S, size_t i)
{
	const struct fsr_spectrum *p = &S->sp[i];
	struct fsr_shape *s;
	size_t j;

	if (!p->n_ok)
		return;
	if (p->n_ok == 1) { /* p50 alone: a dot */
		fsr_canvas_dot(S->c, "spectrum-mean", (long)S->sys[i],
			       fsr_system_ink(S->sys[i]), FSR_INK_HALO,
			       px_x(S, p->q[0]), px_y(S, p->gmean[0]), 3.4);
		return;
	}
	s = fsr_canvas_path(S->c, "spectrum-mean", (long)S->sys[i],
			    fsr_system_ink(S->sys[i]), p->n_ok);
	s->lw = FSR_DIST_BOLD;
	for (j = 0; j < p->n_ok; j++) {
		s->pts[2 * j] = px_x(S, p->q[j]);
		s->pts[2 * j + 1] = px_y(S, p->gmean[j]);
	}
	s->n_pts = p->n_ok;
}

/* The footnote: what is drawn, and where a configuration's lines end. */
static void note(const struct sp *S, struct fsr_buf *b)
{
	const struct fsr_report *r = S->L->v->report;
	const char *what = fsr_lay_dist_counts(S->res);
	size_t i;

	fsr_buf_adds(b, "x: the percentile q, as 1/(1 - q) on a log scale; "
		     "faint lines: each run's percentiles (from its "
		     "histogram); bold: their geometric mean; band: its ");
	fsr_vocab_confidence(b, conf_of(S->L->v));
	fsr_buf_adds(b, " interval (Student t on the logarithms).");
	for (i = 0; i < S->n; i++) {
		const struct fsr_spectrum *p = &S->sp[i];
		double q;

		if (p->n_ok == p->n_q)
			continue;
		q = p->n_ok ? p->q[p->n_ok - 1] : 0;
		fsr_buf_addf(b, " %s: ", r->systems[S->sys[i]].label);
		if (p->n_ok) {
			fsr_buf_adds(b, "ends at p");
			fsr_buf_add_fixed(b, q, q >= 99.9 ? 3 : q >= 99 ? 2 :
					  1);
			fsr_buf_addf(b, ", the last percentile every run "
				     "has 10 %s above.", what);
		} else {
			fsr_buf_addf(b, "no run has 10 %s above p50.", what);
		}
	}
}

static void sp_release(struct sp *S)
{
	size_t i;

	for (i = 0; i < S->n; i++)
		fsr_spectrum_free(&S->sp[i]);
	free(S->sp);
	free(S->sys);
}

void fsr_layout_spectrum(struct fsr_lay *L, struct fsr_chart *c, size_t ri,
			 double y)
{
	const struct fsr_result *res = L->v->report->results[ri];
	struct fsr_buf b = FSR_BUF_INIT;
	double *q = NULL, lo, hi;
	size_t n_q = q_grid(&q), k, i;
	struct sp S;

	memset(&S, 0, sizeof(S));
	S.L = L;
	S.c = c;
	S.res = res;
	S.sys = fsr_xcalloc(res->n_cells + 1, sizeof(*S.sys));
	S.sp = fsr_xcalloc(res->n_cells + 1, sizeof(*S.sp));
	for (k = 0; k < res->n_cells; k++)
		if (!fsr_spectrum(fsr_cell_hists(&res->cells[k]), q, n_q,
				  conf_of(L->v), &S.sp[S.n]))
			S.sys[S.n++] = res->cells[k].system;
	free(q);
	if (!S.n || !value_range(&S, &lo, &hi)) {
		sp_release(&S); /* no value to draw (all refused, or 0) */
		return;
	}
	S.log_y = hi / lo >= 10;
	fsr_axis_time_unit(lo, hi, S.log_y, &S.scale);
	S.div = S.scale.div;
	S.ylo = lo / S.div; /* axes() puts the axis ends here */
	S.yhi = hi / S.div;
	y = fsr_lay_dist_heading(L, c, res, "percentile spectrum", y);
	fsr_buf_addf(&b, "%s, lower is better; %s", S.scale.unit,
		     S.log_y ? "both axes log" : "x log");
	y = fsr_canvas_caption(L, c, MARGIN, y, b.buf);
	y = fsr_canvas_key(L, c, "spectrum-key", "spectrum-key-label", S.sys,
			   S.n, FSR_DIST_BOLD, y + 4) + 8;
	axes(&S, y);
	for (i = 0; i < S.n; i++)
		band(&S, i);
	for (i = 0; i < S.n; i++)
		runs(&S, i);
	for (i = 0; i < S.n; i++)
		bold(&S, i);
	y = S.py + S.ph + 4 + fsr_lay_line_h(L, FSR_FONT_TICK);
	fsr_buf_reset(&b);
	note(&S, &b);
	y = fsr_canvas_footnote(L, c, b.buf, y + 8);
	c->height = y + MARGIN;
	sp_release(&S);
	fsr_buf_release(&b);
}
