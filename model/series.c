/*
 * series.c - a run's time series on its cell (series.h).
 */
#include "series.h"
#include "model.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t fsr_series_bad_time(const double *t_ms, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isfinite(t_ms[i]))
			return i;
	return n;
}

int fsr_cell_add_series(struct fsr_cell *c, const double *t_ms,
			const double *v, size_t n)
{
	struct fsr_seriesset *s;
	struct fsr_series *one;

	if (fsr_series_bad_time(t_ms, n) < n)
		return -1;
	if (!c->extra) /* the transparent extra part, as model.c makes it */
		c->extra = fsr_xcalloc(1, sizeof(*c->extra));
	if (!c->extra->series)
		c->extra->series = fsr_xcalloc(1, sizeof(*c->extra->series));
	s = c->extra->series;
	FSR_GROW(s->runs, s->cap, s->n + 1);
	one = &s->runs[s->n++];
	one->n = n;
	one->whole = NAN;
	one->t_ms = fsr_xmalloc((n ? n : 1) * sizeof(*one->t_ms));
	one->v = fsr_xmalloc((n ? n : 1) * sizeof(*one->v));
	if (n) {
		memcpy(one->t_ms, t_ms, n * sizeof(*t_ms));
		memcpy(one->v, v, n * sizeof(*v));
	}
	return 0;
}

const struct fsr_seriesset *fsr_cell_series(const struct fsr_cell *c)
{
	return c->extra && c->extra->series && c->extra->series->n ?
		       c->extra->series : NULL;
}

void fsr_seriesset_take(struct fsr_seriesset **dst, struct fsr_seriesset *src)
{
	if (!src)
		return;
	if (!*dst) {
		*dst = src;
		return;
	}
	FSR_GROW((*dst)->runs, (*dst)->cap, (*dst)->n + src->n);
	memcpy((*dst)->runs + (*dst)->n, src->runs,
	       src->n * sizeof(*src->runs));
	(*dst)->n += src->n;
	free(src->runs);
	free(src);
}

void fsr_seriesset_free(struct fsr_seriesset *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->runs[i].t_ms);
		free(s->runs[i].v);
	}
	free(s->runs);
	free(s);
}

void fsr_seriesset_drop_first(struct fsr_seriesset *s)
{
	if (!s || !s->n)
		return;
	free(s->runs[0].t_ms);
	free(s->runs[0].v);
	memmove(s->runs, s->runs + 1, (s->n - 1) * sizeof(*s->runs));
	s->n--;
}

void fsr_cell_whole_run_means(struct fsr_cell *c, size_t n0, size_t s0)
{
	struct fsr_seriesset *ss = c->extra ? c->extra->series : NULL;
	size_t k, j;

	if (!ss || s0 > ss->n || n0 > c->n || ss->n - s0 != c->n - n0)
		return;
	for (k = 0; k < c->n - n0; k++) {
		struct fsr_series *one = &ss->runs[s0 + k];
		long double sum = 0;

		/* written beside the series: the sample again, and no more
		 * a value of its own (fsr_report_steady() keeps it anew) */
		if (isfinite(one->whole)) {
			c->samples[n0 + k] = one->whole;
			one->whole = NAN;
			continue;
		}
		if (!one->n)
			continue;
		for (j = 0; j < one->n && !isnan(one->v[j]); j++)
			sum += one->v[j];
		/* a series with a gap (NaN) was never tested for steady
		 * state (analyze/steady.c): its run's sample is its
		 * whole-run mean as written */
		if (j == one->n)
			c->samples[n0 + k] = (double)(sum / one->n);
	}
}
