/*
 * trend.h - the outputs of fsreport trend: text (a block per result, a
 * line per run set, change points marked), CSV (version 1, one row per
 * result and run set) and, in trend_chart.c, the charts. They read
 * v->report, v->stats and v->trend (analyze/changepoint.h) and write to
 * the sink; nothing is printed.
 *
 * CSV columns (a contract, docs/trend.md; more may follow them):
 *	result,test,description,unit,better,label,position,n,mean,ci_low,
 *	ci_high,change_point,change_pct,verdict
 * then change_ci_low_pct,change_ci_high_pct,p_change,segment,
 * lag1_autocorr,autocorrelated (docs/trend.md, "Autocorrelated series").
 */
#ifndef FSR_RENDER_TREND_H
#define FSR_RENDER_TREND_H

#include "render.h"
#include "../analyze/changepoint.h"

int fsr_render_trend_text(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d);
int fsr_render_trend_csv(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d);

/* fsreport check (render/text/check.c): only the changed results. */
int fsr_render_check_text(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d);
int fsr_render_check_csv(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d);

/* report's trend section (trend_report.c), with v->cmp and v->trend
 * set and v->trend_charts the chart files: the text of trend for
 * summary.txt, a table and the charts for index.md and index.html. */
int fsr_render_trend_summary(const struct fsr_view *v,
			     const struct fsr_render_opts *o,
			     struct fsr_sink *out, struct fsr_diag *d);
void fsr_render_trend_md(const struct fsr_view *v, struct fsr_buf *b);
int fsr_render_trend_html(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d);

/* "by E-divisive means (...)": the method line both outputs name. */
void fsr_trend_method_text(const struct fsr_trend *t, struct fsr_buf *b);

#endif
