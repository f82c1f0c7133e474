/*
 * fio-rounds.c - the one rule that makes fio's --status-interval reports
 * a run's time series (issue 37), for the JSON importer (fio.c) and the
 * text importer (fio-text.c) alike (docs/formats.md, "fio 3.33, JSON and
 * json+" and "fio, text").
 *
 * fio prints a job's counters cumulatively at every report: the
 * direction's runtime (ms), its I/Os (JSON total_ios, text "issued rwts:
 * total=") and its bytes (JSON io_bytes, text the "(367MiB/6002msec)"
 * size). Each report after the one before is a round: t is the report's
 * runtime, the IOPS delta I/Os / delta runtime x 1000, the bandwidth
 * delta bytes / delta runtime x 1000 (B/s, as the result). A report of
 * no more runtime is no round. The final report ends where fio stopped,
 * mostly inside an interval: a final round less than half as long as the
 * one before is no round of the steady-state rule (SNIA's rounds are
 * equal) and its rate mostly noise, so it is left out; the run's result
 * stays fio's own final figure, which the callers keep.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../model/series.h"

#include <stdlib.h>
#include <string.h>

int fsr_fio_round(struct fsr_fio_rounds *r, const struct fsr_fio_count *c,
		  int final)
{
	const struct fsr_fio_count *p = &r->prev;
	double dt = c->rt - p->rt;

	if (c->rt < p->rt)
		return FSR_FIO_BACK_RUNTIME;
	if (c->bytes < p->bytes)
		return FSR_FIO_BACK_BYTES;
	if (c->ios < p->ios)
		return FSR_FIO_BACK_IOS;
	if (dt == 0)
		return 0;
	FSR_GROW(r->t, r->cap_t, r->n + 1);
	FSR_GROW(r->iops, r->cap_iops, r->n + 1);
	FSR_GROW(r->bw, r->cap_bw, r->n + 1);
	r->t[r->n] = c->rt;
	r->iops[r->n] = (c->ios - p->ios) * 1000 / dt;
	r->bw[r->n++] = (c->bytes - p->bytes) * 1000 / dt;
	r->prev = *c;
	r->last_final = final;
	return 0;
}

size_t fsr_fio_rounds_series(struct fsr_fio_rounds *r, struct fsr_cell *ci,
			     struct fsr_cell *cb)
{
	size_t n = r->n;
	const double *t = r->t;

	if (n >= 2 && r->last_final &&
	    2 * (t[n - 1] - t[n - 2]) < t[n - 2] - (n >= 3 ? t[n - 3] : 0))
		n--;
	if (n) {
		fsr_cell_add_series(ci, r->t, r->iops, n);
		fsr_cell_add_series(cb, r->t, r->bw, n);
	}
	fsr_fio_rounds_release(r);
	return n;
}

void fsr_fio_rounds_release(struct fsr_fio_rounds *r)
{
	free(r->t);
	free(r->iops);
	free(r->bw);
	memset(r, 0, sizeof(*r));
}
