/*
 * histogram.c - fio's latency bin layout (stat.c: plat_val_to_idx(),
 * plat_idx_to_val(), calc_clat_percentiles()), written from the layout's
 * description in docs/formats.md, for any number of bits and groups.
 */
#include "histogram.h"
#include "model.h"

#include "../lib/alloc.h"
#include "../lib/diag.h"

#include <stdlib.h>
#include <string.h>

int fsr_hist_init(struct fsr_hist *h, unsigned bits, unsigned groups)
{
	memset(h, 0, sizeof(*h));
	if (bits < 1 || bits > 16 || groups < 2 || groups + bits > 65)
		return FSR_EINPUT;
	h->bits = bits;
	h->groups = groups;
	return 0;
}

void fsr_hist_release(struct fsr_hist *h)
{
	free(h->counts);
	h->counts = NULL;
	h->total = 0;
}

void fsr_hist_free(struct fsr_hist *h)
{
	if (!h)
		return;
	fsr_hist_release(h);
	free(h);
}

void fsr_hist_clear(struct fsr_hist *h)
{
	if (h->counts)
		memset(h->counts, 0, fsr_hist_nbins(h) * sizeof(*h->counts));
	h->total = 0;
}

size_t fsr_hist_nbins(const struct fsr_hist *h)
{
	return (size_t)h->groups << h->bits;
}

size_t fsr_hist_index(const struct fsr_hist *h, uint64_t value)
{
	unsigned msb = 0, e;
	size_t idx, last = fsr_hist_nbins(h) - 1;

	if (value)
		msb = 63 - (unsigned)__builtin_clzll(value);
	if (msb <= h->bits) /* below 2^(bits+1): a bin per value */
		return (size_t)value < last ? (size_t)value : last;
	e = msb - h->bits; /* the low bits the bin forgets */
	idx = ((size_t)(e + 1) << h->bits) +
	      (size_t)((value >> e) & (((uint64_t)1 << h->bits) - 1));
	return idx < last ? idx : last;
}

uint64_t fsr_hist_value(const struct fsr_hist *h, size_t i)
{
	unsigned e;
	uint64_t k;

	if (i < ((size_t)2 << h->bits))
		return i;
	e = (unsigned)(i >> h->bits) - 1;
	k = i & (((size_t)1 << h->bits) - 1);
	/* fio: base + (k + 0.5) * 2^e, exact since e >= 1 */
	return ((uint64_t)1 << (e + h->bits)) + (k << e) +
	       ((uint64_t)1 << (e - 1));
}

void fsr_hist_bounds(const struct fsr_hist *h, size_t i, uint64_t *lo,
		     uint64_t *hi)
{
	unsigned e;
	uint64_t k;

	if (i < ((size_t)2 << h->bits)) {
		*lo = *hi = i;
	} else {
		e = (unsigned)(i >> h->bits) - 1;
		k = i & (((size_t)1 << h->bits) - 1);
		*lo = ((uint64_t)1 << (e + h->bits)) + (k << e);
		*hi = *lo + (((uint64_t)1 << e) - 1);
	}
	if (i == fsr_hist_nbins(h) - 1)
		*hi = UINT64_MAX;
}

void fsr_hist_add_bin(struct fsr_hist *h, size_t i, uint64_t n)
{
	if (i >= fsr_hist_nbins(h))
		FSR_BUG("bin %zu of %zu", i, fsr_hist_nbins(h));
	if (!h->counts)
		h->counts = fsr_xcalloc(fsr_hist_nbins(h), sizeof(*h->counts));
	h->counts[i] += n;
	h->total += n;
}

void fsr_hist_add(struct fsr_hist *h, uint64_t value, uint64_t n)
{
	fsr_hist_add_bin(h, fsr_hist_index(h, value), n);
}

int fsr_hist_add_bin_value(struct fsr_hist *h, uint64_t value, uint64_t n)
{
	size_t i = fsr_hist_index(h, value);

	if (fsr_hist_value(h, i) != value)
		return FSR_EINPUT;
	fsr_hist_add_bin(h, i, n);
	return 0;
}

int fsr_hist_merge(struct fsr_hist *dst, const struct fsr_hist *src)
{
	size_t i, n = fsr_hist_nbins(src);

	if (dst->bits != src->bits || dst->groups != src->groups)
		return FSR_EINPUT;
	if (!src->counts)
		return 0;
	for (i = 0; i < n; i++)
		if (src->counts[i])
			fsr_hist_add_bin(dst, i, src->counts[i]);
	return 0;
}

uint64_t fsr_hist_percentile(const struct fsr_hist *h, double q)
{
	/* fio: sum >= (long double)q / 100.0 * nr, the first bin that
	 * reaches it; computed the same way so that ties go the same way */
	long double want_n = (long double)q / 100.0 * h->total;
	uint64_t sum = 0;
	size_t i, n = fsr_hist_nbins(h);

	if (!h->counts || !h->total)
		return 0;
	for (i = 0; i < n; i++) {
		sum += h->counts[i];
		if (sum && sum >= want_n)
			return fsr_hist_value(h, i);
	}
	return fsr_hist_value(h, n - 1);
}

double fsr_hist_cdf(const struct fsr_hist *h, size_t i)
{
	uint64_t sum = 0;
	size_t j;

	if (!h->counts || !h->total)
		return 0;
	for (j = 0; j <= i && j < fsr_hist_nbins(h); j++)
		sum += h->counts[j];
	return (double)sum / (double)h->total;
}

void fsr_cell_add_hist(struct fsr_cell *c, struct fsr_hist *h)
{
	struct fsr_histset *s;

	if (!c->extra) /* the transparent extra part, as model.c makes it */
		c->extra = fsr_xcalloc(1, sizeof(*c->extra));
	if (!c->extra->hists)
		c->extra->hists = fsr_xcalloc(1, sizeof(*c->extra->hists));
	s = c->extra->hists;
	FSR_GROW(s->runs, s->cap, s->n + 1);
	s->runs[s->n++] = *h;
	h->counts = NULL;
	h->total = 0;
}

const struct fsr_histset *fsr_cell_hists(const struct fsr_cell *c)
{
	return c->extra && c->extra->hists && c->extra->hists->n ?
		       c->extra->hists : NULL;
}

void fsr_histset_take(struct fsr_histset **dst, struct fsr_histset *src)
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

enum fsr_sparse_err fsr_hist_add_sparse(struct fsr_hist *h,
					const uint64_t *bin,
					const uint64_t *count, size_t n,
					uint64_t total, size_t *at,
					uint64_t *sum)
{
	size_t k;

	*sum = 0;
	for (k = 0; k < n; k++) {
		*at = k;
		if (bin[k] >= fsr_hist_nbins(h))
			return FSR_SPARSE_RANGE;
		if (k && bin[k] <= bin[k - 1])
			return FSR_SPARSE_ORDER;
		if (!count[k])
			return FSR_SPARSE_ZERO;
		if (*sum + count[k] < *sum)
			return FSR_SPARSE_OVERFLOW;
		*sum += count[k];
	}
	if (*sum != total)
		return FSR_SPARSE_TOTAL;
	for (k = 0; k < n; k++)
		fsr_hist_add_bin(h, (size_t)bin[k], count[k]);
	return FSR_SPARSE_OK;
}

void fsr_histset_drop_first(struct fsr_histset *s)
{
	if (!s || !s->n)
		return;
	fsr_hist_release(&s->runs[0]);
	memmove(s->runs, s->runs + 1, (s->n - 1) * sizeof(*s->runs));
	s->n--;
}

void fsr_histset_free(struct fsr_histset *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		fsr_hist_release(&s->runs[i]);
	free(s->runs);
	free(s);
}

uint64_t fsr_pct_ios_needed(double q)
{
	long double tail = 1.0L - (long double)q / 100.0L, m;
	uint64_t k;

	if (!(q > 0) || tail <= 0)
		return 0;
	/* rounded up; 10 / 0.0001 is 99999.99... or 100000.00...1 in
	 * binary, so a rounding error is no part of a whole I/O */
	m = (long double)FSR_PCT_TAIL_IOS / tail - 1e-6L;
	k = (uint64_t)m;
	return (long double)k < m ? k + 1 : k;
}

static struct fsr_refusal *find_refusal(struct fsr_cell_extra *x,
					const char *desc)
{
	size_t i;

	for (i = 0; i < x->n_refused; i++)
		if (!strcmp(x->refused[i].desc, desc))
			return &x->refused[i];
	return NULL;
}

void fsr_cell_add_refused(struct fsr_cell *host, const char *desc, double q,
			  uint64_t ios, int ok)
{
	struct fsr_cell_extra *x;
	struct fsr_refusal *f;

	if (!host->extra)
		host->extra = fsr_xcalloc(1, sizeof(*host->extra));
	x = host->extra;
	f = find_refusal(x, desc);
	if (!f) {
		FSR_GROW(x->refused, x->cap_refused, x->n_refused + 1);
		f = &x->refused[x->n_refused++];
		memset(f, 0, sizeof(*f));
		f->desc = fsr_xstrdup(desc);
		f->q = q;
		f->need = fsr_pct_ios_needed(q);
	}
	if (ok) {
		f->runs_ok++;
		return;
	}
	if (!f->runs || ios < f->min_ios)
		f->min_ios = ios;
	if (ios > f->max_ios)
		f->max_ios = ios;
	f->runs++;
}

const struct fsr_refusal *fsr_cell_refusals(const struct fsr_cell *host,
					    size_t *n)
{
	*n = host->extra ? host->extra->n_refused : 0;
	return *n ? host->extra->refused : NULL;
}

void fsr_refusals_take(struct fsr_cell_extra *dst, struct fsr_cell_extra *src)
{
	size_t i;

	for (i = 0; i < src->n_refused; i++) {
		struct fsr_refusal *s = &src->refused[i],
				   *d = find_refusal(dst, s->desc);

		if (!d) {
			FSR_GROW(dst->refused, dst->cap_refused,
				 dst->n_refused + 1);
			dst->refused[dst->n_refused++] = *s;
			continue;
		}
		if (s->runs && (!d->runs || s->min_ios < d->min_ios))
			d->min_ios = s->min_ios;
		if (s->max_ios > d->max_ios)
			d->max_ios = s->max_ios;
		d->runs += s->runs;
		d->runs_ok += s->runs_ok;
		free(s->desc);
	}
	free(src->refused);
	src->refused = NULL;
	src->n_refused = src->cap_refused = 0;
}

void fsr_refusals_free(struct fsr_cell_extra *x)
{
	size_t i;

	for (i = 0; i < x->n_refused; i++)
		free(x->refused[i].desc);
	free(x->refused);
	x->refused = NULL;
	x->n_refused = x->cap_refused = 0;
}

/* The cell index of system sys in res, or SIZE_MAX. */
static size_t cell_of(const struct fsr_result *res, size_t sys)
{
	size_t k;

	for (k = 0; k < res->n_cells; k++)
		if (res->cells[k].system == sys)
			return k;
	return SIZE_MAX;
}

size_t fsr_report_refuse_partial(struct fsr_report *r)
{
	size_t i, k, j, t, n = 0, nf, *keep, n_keep = 0;

	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *host = r->results[i];

		for (k = 0; k < host->n_cells; k++) {
			struct fsr_cell_extra *x = host->cells[k].extra;

			nf = x ? x->n_refused : 0;
			for (j = 0; j < nf; j++) {
				struct fsr_refusal *f = &x->refused[j];

				if (!f->runs || !f->runs_ok || f->dropped)
					continue;
				for (t = 0; t < r->n_results; t++) {
					struct fsr_result *res = r->results[t];
					size_t c;

					if (strcmp(res->description, f->desc) ||
					    strcmp(res->test, host->test) ||
					    strcmp(res->app_version,
						   host->app_version))
						continue;
					c = cell_of(res, host->cells[k].system);
					if (c == SIZE_MAX)
						continue;
					fsr_result_remove_cell(res, c);
					f->dropped = 1;
					n++;
				}
			}
		}
	}
	if (!n)
		return 0;
	keep = fsr_xcalloc(r->n_results, sizeof(*keep));
	for (i = 0; i < r->n_results; i++)
		if (r->results[i]->n_cells)
			keep[n_keep++] = i;
	if (n_keep < r->n_results)
		fsr_report_keep_results(r, keep, n_keep);
	free(keep);
	return n;
}
