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

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

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
		qsort(v, k, sizeof(*v), cmp_double);
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
