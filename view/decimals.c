/*
 * decimals.c - how many decimals a set of values is printed with
 * (view.h): enough that values that differ print differently.
 */
#include "view.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEC 9

/* 1 when two different finite values of sorted x[0..n) print alike
 * with dec decimals. */
static int collide(const double *x, size_t n, int dec, struct fsr_buf *a,
		   struct fsr_buf *b)
{
	size_t i;

	for (i = 1; i < n; i++) {
		/* equal but for rounding noise (a geometric mean of equal
		 * runs, exp(log(x))): the same value */
		if (fabs(x[i] - x[i - 1]) <=
		    1e-12 * fmax(fabs(x[i]), fabs(x[i - 1])))
			continue;
		fsr_buf_reset(a);
		fsr_buf_reset(b);
		fsr_buf_add_fixed(a, x[i - 1], dec);
		fsr_buf_add_fixed(b, x[i], dec);
		if (a->len == b->len && !memcmp(a->buf, b->buf, a->len))
			return 1;
	}
	return 0;
}

static int raise_apart(const double *x, size_t n, int dec)
{
	struct fsr_buf a = FSR_BUF_INIT, b = FSR_BUF_INIT;
	double small[64], *v = n <= 64 ? small : fsr_xcalloc(n, sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (isfinite(x[i]))
			v[k++] = x[i];
	if (k > 1) {
		qsort(v, k, sizeof(*v), fsr_cmp_double);
		while (dec < MAX_DEC && collide(v, k, dec, &a, &b))
			dec++;
	}
	if (v != small)
		free(v);
	fsr_buf_release(&a);
	fsr_buf_release(&b);
	return dec;
}

int fsr_view_decimals(const double *x, size_t n)
{
	double amin = 0;
	int dec = 2;
	size_t i;

	for (i = 0; i < n; i++)
		if (isfinite(x[i]) && x[i] != 0 &&
		    (!(amin > 0) || fabs(x[i]) < amin))
			amin = fabs(x[i]);
	if (amin > 0 && amin < 0.1) {
		dec = 1 - (int)floor(log10(amin));
		if (dec > MAX_DEC)
			dec = MAX_DEC;
	}
	return raise_apart(x, n, dec);
}

int fsr_view_decimals_from(const double *x, size_t n, int sample_dec)
{
	return raise_apart(x, n, sample_dec < 0 ? 2 : sample_dec > MAX_DEC ?
			   MAX_DEC : sample_dec);
}

static int clampi(int x, int lo, int hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

struct fsr_numfmt fsr_view_numfmt(double hmin, double amax, int dec)
{
	static const char *const big[] = { "", "k", "M", "G", "T" };
	static const char *const small[] = { "", "m", "\xc2\xb5", "n", "p" };
	struct fsr_numfmt f = { 0, dec >= 0 ? clampi(dec, 0, MAX_DEC) : 2, 1,
				"" };
	int e3 = 0, last;

	if (amax >= 1e6 || (amax > 0 && amax < 1e-3)) {
		e3 = (int)floor(log10(amax) / 3);
		if (e3 > 4 || e3 < -4) {
			f.sci = 1;
			e3 = 0;
		} else {
			f.scale = pow(10, 3 * e3);
			f.prefix = e3 > 0 ? big[e3] : small[-e3];
		}
	}
	if (!(hmin > 0) || !isfinite(hmin)) {
		/* No interval: 4 significant digits of the largest. */
		if (f.sci)
			f.prec = 3;
		else if (e3)
			f.prec = clampi(3 - (int)floor(log10(amax / f.scale)),
					0, MAX_DEC);
		return f;
	}
	last = (int)floor(log10(hmin / f.scale)) - 1; /* 2nd digit of h */
	if (f.sci)
		f.prec = clampi((int)floor(log10(amax)) - last, 1, 15);
	else
		f.prec = clampi(-last, 0, MAX_DEC);
	return f;
}

void fsr_view_add_num(struct fsr_buf *b, double x, const struct fsr_numfmt *f)
{
	if (f->sci) {
		fsr_buf_addf(b, "%.*e", f->prec, x);
		return;
	}
	fsr_buf_add_fixed(b, x / f->scale, f->prec);
	fsr_buf_adds(b, f->prefix);
}

void fsr_view_add_spread(struct fsr_buf *b, double x,
			 const struct fsr_numfmt *f)
{
	if (f->sci)
		fsr_buf_addf(b, "%.1e", x);
	else
		fsr_view_add_num(b, x, f);
}

int fsr_view_pct_decimals(double x)
{
	return fabs(x) < 10 ? 2 : 1;
}

int fsr_view_pct_decimals_ci(double lo, double hi)
{
	double h = (hi - lo) / 2;
	int dec;

	if (!(h > 0) || !isfinite(h))
		return 2;
	dec = 1 - (int)floor(log10(h));
	return dec < 0 ? 0 : dec > 3 ? 3 : dec;
}

int fsr_view_mean_decimals(int sample_decimals)
{
	if (sample_decimals < 0)
		return 2;
	return sample_decimals > MAX_DEC ? MAX_DEC : sample_decimals;
}

int fsr_view_trend_decimals(const struct fsr_result *res)
{
	int dec = -1, d;
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].stored_decimals > dec)
			dec = res->cells[i].stored_decimals;
	d = fsr_view_mean_decimals(dec);
	return d < 2 ? 2 : d;
}

int fsr_view_sig_decimals(double x)
{
	int d;

	if (!isfinite(x) || x == 0)
		return 2;
	d = 3 - (int)floor(log10(fabs(x)));
	return d < 0 ? 0 : d > 6 ? 6 : d;
}

int fsr_view_bar_decimals(double x, int stored)
{
	int dec = stored >= 0 ? stored : 2, lo, hi;

	lo = fsr_view_sig_decimals(x) - 1;
	hi = fsr_view_sig_decimals(x) + 1;
	if (dec < lo)
		dec = lo;
	if (dec > hi)
		dec = hi;
	return dec < 0 ? 0 : dec > 6 ? 6 : dec;
}

int fsr_view_chart_decimals(const int *want, size_t n)
{
	int dec = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (want[i] > dec)
			dec = want[i];
	return dec;
}

int fsr_view_tick_decimals(double step)
{
	int dec = 0;

	if (!(step > 0) || !isfinite(step))
		return 0;
	if (step < 1)
		dec = (int)-floor(log10(step) + 1e-9);
	/* 2.5 needs one more than 2 and 5 */
	while (dec < MAX_DEC) {
		double m = step * pow(10, dec);

		if (fabs(m - floor(m + 0.5)) <= 1e-6 * m)
			break;
		dec++;
	}
	return dec < 0 ? 0 : dec > MAX_DEC ? MAX_DEC : dec;
}

int fsr_view_ratio_tick_decimals(double r)
{
	return r < 10 && fabs(r - round(r)) > 1e-6 ? 1 : 0;
}

int fsr_view_se_decimals(int value_dec)
{
	int dec = value_dec >= 0 ? value_dec : 2;

	return dec < 2 ? 2 : dec > 6 ? 6 : dec;
}
