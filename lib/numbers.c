/*
 * numbers.c - parsing and printing doubles the "C" way, exactly.
 *
 * The syntax is checked by hand first so that "0x10", "inf", "nan" and
 * leading blanks are refused; conversions the fast paths cannot do
 * exactly run through strtod()/snprintf() in the "C" locale
 * (lib/c-locale.h).
 */
#include "numbers.h"

#include "c-locale.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int number_syntax_ok(const char *s, size_t len, char point)
{
	size_t i = 0, digits = 0;

	if (i < len && (s[i] == '+' || s[i] == '-'))
		i++;
	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++, digits++;
	if (i < len && s[i] == point) {
		i++;
		while (i < len && s[i] >= '0' && s[i] <= '9')
			i++, digits++;
	}
	if (!digits)
		return 0;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t ed = 0;

		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		while (i < len && s[i] >= '0' && s[i] <= '9')
			i++, ed++;
		if (!ed)
			return 0;
	}
	return i == len;
}

/*
 * Fast exact paths for the two conversions that dominate big inputs and
 * outputs. Both give bit for bit what strtod()/printf() give, and fall
 * back to them outside the range where the shortcut is provably exact.
 */

/* 10^0 .. 10^22: every one is exactly a double. */
static const double exact_pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/*
 * Clinger's fast path: a decimal whose digits fit in 53 bits, scaled by
 * an exactly representable power of ten, is one correctly rounded IEEE
 * multiplication or division away from its value, which is what strtod
 * returns. It checks the syntax as it goes (the grammar of
 * number_syntax_ok()). Returns 0 and sets *out, or -1 when the text is not
 * a number or the shortcut does not apply: the caller then takes the
 * full path, which refuses what is not a number.
 */
static int parse_fast(const char *s, size_t len, char point, double *out,
		      int *decimals)
{
	uint64_t m = 0;
	int neg = 0, exp10 = 0, e = 0, eneg = 0;
	int dec = 0;
	size_t i = 0, first, digits;
	double v;

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
	return -1; /* x87 excess precision would round twice */
#endif
	if (s[i] == '+' || s[i] == '-')
		neg = s[i++] == '-';
	first = i;
	for (; i < len && (unsigned)(s[i] - '0') < 10; i++)
		m = m * 10 + (uint64_t)(s[i] - '0');
	digits = i - first;
	if (i < len && s[i] == point) {
		size_t f = ++i;

		for (; i < len && (unsigned)(s[i] - '0') < 10; i++)
			m = m * 10 + (uint64_t)(s[i] - '0');
		dec = (int)(i - f);
		digits += (size_t)dec;
		exp10 = -dec;
	}
	/* more than 15 significant digits (leading zeros are not: m
	 * grows from the first other digit, so up to 15 of them never
	 * overflow it) */
	if (digits > 15) {
		size_t k, zeros = 0;

		for (k = first; k < i && (s[k] == '0' || s[k] == point); k++)
			zeros += s[k] == '0';
		if (digits - zeros > 15)
			return -1;
	}
	if (!digits)
		return -1;
	if (i < len) {
		size_t efirst;

		if (s[i] != 'e' && s[i] != 'E')
			return -1;
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		for (efirst = i; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
			e = e * 10 + (s[i] - '0');
			if (e > 1000)
				return -1;
		}
		if (i == efirst || i != len)
			return -1;
		exp10 += eneg ? -e : e;
	}
	if (exp10 < -22 || exp10 > 22)
		return -1;
	v = (double)m; /* exact: m < 10^15 < 2^53 */
	v = exp10 < 0 ? v / exact_pow10[-exp10] : v * exact_pow10[exp10];
	*out = neg ? -v : v;
	if (decimals)
		*decimals = dec;
	return 0;
}

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 fsr_u128;

/* 5^0 .. 5^27 and 10^0 .. 10^19: all fit in 64 bits. */
static const uint64_t pow5_u64[28] = {
	1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL,
	390625ULL, 1953125ULL, 9765625ULL, 48828125ULL, 244140625ULL,
	1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL,
	762939453125ULL, 3814697265625ULL, 19073486328125ULL,
	95367431640625ULL, 476837158203125ULL, 2384185791015625ULL,
	11920928955078125ULL, 59604644775390625ULL, 298023223876953125ULL,
	1490116119384765625ULL, 7450580596923828125ULL,
};

static fsr_u128 pow5_u128(int k)
{
	return pow5_u64[k];
}

static fsr_u128 pow10_u128(int k)
{
	static const uint64_t p10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL,
		1000000ULL, 10000000ULL, 100000000ULL, 1000000000ULL,
		10000000000ULL, 100000000000ULL, 1000000000000ULL,
		10000000000000ULL, 100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL,
		1000000000000000000ULL, 10000000000000000000ULL,
	};

	if (k <= 19)
		return p10[k];
	return (fsr_u128)p10[19] * p10[k - 19];
}

/*
 * x = m * 2^e (a positive normal double; lower_half: the interval below
 * x is half as wide, x being a power of two) to 17 significant digits,
 * exactly, with 128-bit integers: t = x * 10^(16 - x10) truncated, in
 * [10^16, 10^17). The fields say how t rounds and how to tell whether a
 * decimal Q (in units of t) reads back as x: strtod rounds to nearest,
 * ties to even, so Q does when lo < (Q * mul) << shl < hi, or equals an
 * end and m is even.
 */
struct digits17 {
	uint64_t t;
	int x10;
	int inexact;  /* the truncation dropped a non-zero part */
	int up;       /* t rounds up at 17 digits (half to even) */
	fsr_u128 mul, lo, hi;
	int shl;
	int even;
	/* Tiny x (10^k past 5^27): the ends divided by 2^shl, floored,
	 * and whether that dropped anything. */
	int big, rlo, rhi;
	uint64_t flo, fhi;
};

/*
 * Numbers of up to 896 bits, for x below 1e-11: x 10^k = m 5^k 2^s2
 * with 5^k up to 5^340 (790 bits) times 4m + 2 (55 bits).
 */
#define BIG_LIMBS 14
struct big {
	uint64_t w[BIG_LIMBS];
	int n;
};

static void big_mul(struct big *a, uint64_t m)
{
	fsr_u128 carry = 0;
	int i;

	for (i = 0; i < a->n; i++) {
		fsr_u128 p = (fsr_u128)a->w[i] * m + carry;

		a->w[i] = (uint64_t)p;
		carry = p >> 64;
	}
	if (carry)
		a->w[a->n++] = (uint64_t)carry;
}

/* Bit i of x. */
static int big_bit(const struct big *x, int i)
{
	return i / 64 < x->n && (x->w[i / 64] >> (i % 64) & 1);
}

/* Any of bits [0, i) of x set? */
static int big_any_below(const struct big *x, int i)
{
	int l;

	for (l = 0; l < i / 64 && l < x->n; l++)
		if (x->w[l])
			return 1;
	return i % 64 && l < x->n &&
	       (x->w[l] & (((uint64_t)1 << (i % 64)) - 1)) != 0;
}

/* x >> sh into *q; -1 when that does not fit in 64 bits. */
static int big_shr(const struct big *x, int sh, uint64_t *q)
{
	int l = sh / 64, b = sh % 64, i;
	uint64_t lo = l < x->n ? x->w[l] : 0;
	uint64_t hi = l + 1 < x->n ? x->w[l + 1] : 0;

	if (b ? hi >> b : hi)
		return -1;
	for (i = l + 2; i < x->n; i++)
		if (x->w[i])
			return -1;
	*q = b ? lo >> b | hi << (64 - b) : lo;
	return 0;
}

/*
 * digits17() for 27 < k <= 340 (x below about 1e-11), where s2 < 0:
 * q = m 5^k >> sh truncated, and the interval's ends (4m -/+ 2) 5^k
 * against Q << (sh + 2) reduced to 64-bit floors. Returns -1 outside
 * that range.
 */
static int digits17_tiny(uint64_t m, int e, int k, int lower_half,
			 struct digits17 *d, fsr_u128 *q)
{
	struct big p5, n, lo, hi;
	int sh = -(e + k), left = k;
	uint64_t t;

	if (k > 340 || sh <= 0 || sh + 2 > BIG_LIMBS * 64 - 64)
		return -1;
	p5.w[0] = 1;
	p5.n = 1;
	for (; left >= 27; left -= 27)
		big_mul(&p5, pow5_u64[27]);
	big_mul(&p5, pow5_u64[left]);
	n = lo = hi = p5;
	big_mul(&n, m);
	big_mul(&lo, 4 * m - (lower_half ? 1 : 2));
	big_mul(&hi, 4 * m + 2);
	if (big_shr(&n, sh, &t) || big_shr(&lo, sh + 2, &d->flo) ||
	    big_shr(&hi, sh + 2, &d->fhi))
		return -1;
	*q = t;
	d->up = big_bit(&n, sh - 1) &&
		(big_any_below(&n, sh - 1) || (t & 1));
	d->inexact = big_any_below(&n, sh);
	d->rlo = big_any_below(&lo, sh + 2);
	d->rhi = big_any_below(&hi, sh + 2);
	d->big = 1;
	return 0;
}

static int digits17(uint64_t m, int e, int lower_half, struct digits17 *d)
{
	const fsr_u128 lo_pow = pow10_u128(16), hi_pow = lo_pow * 10;
	/* floor((e + 52) log10 2), exact for |e + 52| <= 1650 (78913 / 2^18
	 * is log10 2 to that precision; gcc's >> of a negative int is
	 * arithmetic): only the first guess, the loop corrects it. */
	int x10 = (e + 52) * 78913 >> 18, k, tries;
	fsr_u128 q, rem;

	for (tries = 0; tries < 3; tries++) {
		k = 16 - x10;
		d->big = 0;
		if (k > 27) {
			if (digits17_tiny(m, e, k, lower_half, d, &q))
				return -1;
			rem = d->inexact;
			if (q >= hi_pow || q < lo_pow) {
				x10 += q >= hi_pow ? 1 : -1;
				continue;
			}
		} else if (k >= 0) {
			fsr_u128 c;
			int s2 = e + k;

			c = (fsr_u128)m * pow5_u128(k); /* < 2^116 */
			if (s2 >= 0) {
				if (s2 > 8)
					return -1;
				q = c << s2;
				rem = 0;
				d->up = 0;
			} else {
				int sh = -s2;
				fsr_u128 half;

				if (sh > 68)
					return -1;
				q = c >> sh;
				rem = c & (((fsr_u128)1 << sh) - 1);
				half = (fsr_u128)1 << (sh - 1);
				d->up = rem > half || (rem == half && (q & 1));
			}
			if (q >= hi_pow || q < lo_pow) {
				x10 += q >= hi_pow ? 1 : -1;
				continue;
			}
			/* x * 10^k = m 5^k 2^s2; its interval's ends are
			 * (4m -/+ 2) 5^k 2^(s2-2) (4m - 1 below a power of
			 * two). */
			d->mul = 1;
			d->lo = ((fsr_u128)4 * m - (lower_half ? 1 : 2)) *
				pow5_u128(k);
			d->hi = ((fsr_u128)4 * m + 2) * pow5_u128(k);
			if (s2 > 2) {
				d->lo <<= s2 - 2;
				d->hi <<= s2 - 2;
				d->shl = 0;
			} else {
				d->shl = 2 - s2;
			}
		} else {
			fsr_u128 dv, n;
			int kk = -k;

			if (kk > 30 || e > 70)
				return -1;
			dv = pow10_u128(kk);
			if (e >= 0) {
				n = (fsr_u128)m << e;
			} else {
				if (-e > 8)
					return -1;
				n = (fsr_u128)m;
				dv <<= -e;
			}
			q = n / dv;
			rem = n % dv;
			if (q >= hi_pow || q < lo_pow) {
				x10 += q >= hi_pow ? 1 : -1;
				continue;
			}
			d->up = 2 * rem > dv || (2 * rem == dv && (q & 1));
			/* Q 10^kk against (4m -/+ 2) 2^(e-2). */
			d->mul = pow10_u128(kk);
			d->lo = (fsr_u128)4 * m - (lower_half ? 1 : 2);
			d->hi = (fsr_u128)4 * m + 2;
			if (e >= 2) {
				d->lo <<= e - 2;
				d->hi <<= e - 2;
				d->shl = 0;
			} else {
				d->shl = 2 - e;
			}
		}
		d->t = (uint64_t)q;
		d->x10 = x10;
		d->inexact = rem != 0;
		d->even = !(m & 1);
		return 0;
	}
	return -1;
}

/* The 17 digits of a normal, finite double x (its sign ignored); -1 for
 * zero, subnormals, infinities and NaN. */
static int digits17_of(double x, struct digits17 *d)
{
	uint64_t bits, m;
	int be;

	memcpy(&bits, &x, sizeof(bits));
	be = (int)(bits >> 52 & 0x7ff);
	if (be == 0 || be == 0x7ff)
		return -1;
	m = (bits & (((uint64_t)1 << 52) - 1)) | ((uint64_t)1 << 52);
	return digits17(m, be - 1075, m == (uint64_t)1 << 52 && be > 1, d);
}

/* Does the decimal Q (in units of d->t) read back as x? */
static int reads_back(const struct digits17 *d, uint64_t q)
{
	fsr_u128 c;

	if (d->big) { /* Q 2^shl against the ends as floor + remainder */
		int above_lo = q > d->flo, at_lo = q == d->flo && !d->rlo;
		int below_hi = q < d->fhi || (q == d->fhi && d->rhi);
		int at_hi = q == d->fhi && !d->rhi;

		return (above_lo && below_hi) || ((at_lo || at_hi) && d->even);
	}
	c = ((fsr_u128)q * d->mul) << d->shl;

	return (c > d->lo && c < d->hi) ||
	       ((c == d->lo || c == d->hi) && d->even);
}

static const char digit_pairs[201] =
	"0001020304050607080910111213141516171819"
	"2021222324252627282930313233343536373839"
	"4041424344454647484950515253545556575859"
	"6061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* v < 10^8 as exactly 8 digits, with 32-bit arithmetic. */
static void put8(char *d, uint32_t v)
{
	uint32_t hi = v / 10000, lo = v % 10000;

	memcpy(d, digit_pairs + 2 * (hi / 100), 2);
	memcpy(d + 2, digit_pairs + 2 * (hi % 100), 2);
	memcpy(d + 4, digit_pairs + 2 * (lo / 100), 2);
	memcpy(d + 6, digit_pairs + 2 * (lo % 100), 2);
}

/* printf's "%.{p}g" of -1^neg * q * 10^(x10 - p + 1), q having p digits
 * (p <= 17), written straight into b: the digits are copied 24 bytes at
 * a time (fixed sizes the compiler inlines; what lies past the digits
 * is overwritten or left beyond the length). */
static void format_g(struct fsr_buf *b, int neg, uint64_t q, int x10, int p)
{
	char all[17 + 24], *dig = all + 17 - p, *o;
	uint64_t hi = q / 100000000;
	int nd = p;

	/* All 17 places (zeros above q's p digits), 8 at a time. */
	all[0] = (char)('0' + hi / 100000000);
	put8(all + 1, (uint32_t)(hi % 100000000));
	put8(all + 9, (uint32_t)(q % 100000000));
	memset(all + 17, '0', 24);
	while (nd > 1 && dig[nd - 1] == '0')
		nd--;
	/* sign, 17 digits, a point, "0." and 4 zeros, an exponent, and
	 * the 24 bytes of the last copy */
	fsr_buf_grow(b, 64);
	o = b->buf + b->len;
	if (neg)
		*o++ = '-';
	if (x10 < -4 || x10 >= p) {
		int ax = x10 < 0 ? -x10 : x10;

		*o++ = dig[0];
		if (nd > 1) {
			*o++ = '.';
			memcpy(o, dig + 1, 24);
			o += nd - 1;
		}
		*o++ = 'e';
		*o++ = x10 < 0 ? '-' : '+';
		if (ax >= 100)
			*o++ = (char)('0' + ax / 100);
		*o++ = (char)('0' + ax / 10 % 10);
		*o++ = (char)('0' + ax % 10);
	} else if (x10 >= 0) {
		/* the digits, zeros after them up to the units (x10 < p <=
		 * 17, so the 24 bytes hold them), then the point and the
		 * rest */
		memcpy(o, dig, 24);
		if (nd > x10 + 1) {
			o += x10 + 1;
			*o++ = '.';
			memcpy(o, dig + x10 + 1, 24);
			o += nd - x10 - 1;
		} else {
			o += x10 + 1;
		}
	} else {
		*o++ = '0';
		*o++ = '.';
		memcpy(o, "0000", 4); /* -x10 - 1 <= 3 zeros */
		o += -x10 - 1;
		memcpy(o, dig, 24);
		o += nd;
	}
	b->len = (size_t)(o - b->buf);
	b->buf[b->len] = '\0';
}

/*
 * The inverse of parse_fast(), for the numbers benchmarks write (means,
 * medians, minima of values with a few decimals): when x is the double
 * nearest a decimal D of at most 15 significant digits, "%.15g" prints D
 * (x is within half an ulp, 2^-53 |x|, of D, far inside the half unit of
 * D's 15th digit, 5 10^-15 |D|) and D reads back as x, so the printf loop
 * stops at 15 digits with D's. D is n 10^-k, n the 15 digits of |x| 10^k
 * rounded (k = 14 - floor(log10 |x|), estimated: a wrong estimate fails
 * the test below or gives fewer digits); x is D's nearest double when
 * n / 10^k, one correctly rounded division of two exact doubles, is x.
 * Returns -1 when x is no such double (add_double_fast() then decides).
 */
static int add_double_short(struct fsr_buf *b, double x)
{
	double a = fabs(x), v;
	uint64_t bits, n;
	int e, k, nd;

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
	return -1; /* x87 excess precision would round twice */
#endif
	if (!(a >= 1e-8 && a < 1e15))
		return -1;
	/* floor(log10 |x|) from the binary exponent (1233 / 4096 is
	 * log10 2 from below), one too small at most */
	memcpy(&bits, &a, sizeof(bits));
	e = ((int)(bits >> 52) - 1023) * 1233;
	e = e >= 0 ? e >> 12 : -((-e + 4095) >> 12);
	if (e >= 0 ? e < 22 && a >= exact_pow10[e + 1] :
		     e + 1 >= -22 && a * exact_pow10[-(e + 1)] >= 1)
		e++;
	k = 14 - e;
	if (k < 0 || k > 22)
		return -1;
	v = a * exact_pow10[k];
	n = (uint64_t)v;
	if (v - (double)n >= 0.5) /* exact: n is v's integer part */
		n++;
	if (n < 10000000000000ULL || n >= 1000000000000000ULL ||
	    (double)n / exact_pow10[k] != a)
		return -1;
	/* D = q 10^(x10 - 14), q of 15 digits */
	nd = n >= 100000000000000ULL ? 15 : 14;
	format_g(b, signbit(x) != 0, nd == 15 ? n : n * 10, nd - 1 - k, 15);
	return 0;
}

/*
 * fsr_buf_add_double() without printf: the first of 15, 16, 17 digits
 * that reads back as x, exactly as the printf/strtod loop finds it. The
 * 15- and 16-digit roundings come from the exact 17-digit truncation:
 * the dropped digits and whether anything below them was non-zero decide
 * them exactly (half to even, like printf). Returns -1 when x is outside
 * the exact range (zero, subnormal, huge or tiny).
 */
static int add_double_fast(struct fsr_buf *b, double x)
{
	static const uint64_t div[3] = { 100, 10, 1 };
	struct digits17 d;
	int p;

	if (add_double_short(b, x) == 0)
		return 0;
	if (digits17_of(x, &d))
		return -1;
	for (p = 15; p <= 17; p++) {
		uint64_t v = div[p - 15], q = d.t / v, rest = d.t % v;
		uint64_t full = (uint64_t)pow10_u128(p);
		int up, x10 = d.x10;

		if (p == 17)
			up = d.up;
		else
			up = rest > v / 2 ||
			     (rest == v / 2 && (d.inexact || (q & 1)));
		q += (uint64_t)up;
		if (p < 17 && !reads_back(&d, q * v))
			continue;
		if (q == full) { /* 9.99..95 rounded up to 10.0 */
			q /= 10;
			x10++;
		}
		format_g(b, signbit(x) != 0, q, x10, p);
		return 0;
	}
	return -1;
}

/*
 * fsr_buf_add_fixed() without printf where it can tell the same answer
 * exactly: x to 15 digits as "%.15g" gives them (the 17-digit
 * truncation above), scaled by 10^decimals in decimal, rounded to
 * nearest with the printf path's tie band (a fraction within 1e-9 of a
 * half goes away from zero). The printf path computes that band in
 * doubles, off by up to |N| 2^-52 for a result N (which can move even
 * an exact integer to the next one when |N| nears 2^51): a fraction that
 * close to the band's edge, |N| >= 2^50, or more than 15 decimals take
 * the printf path (returns -1).
 */
static int add_fixed_fast(struct fsr_buf *b, double x, int decimals)
{
	static const uint64_t div[3] = { 100, 10, 1 };
	char out[48];
	struct digits17 d;
	uint64_t q, rest, n, frac, scale;
	int x10, l, o = 0, i;

	if (decimals < 0 || decimals > 15)
		return -1;
	if (digits17_of(x, &d))
		return -1;
	/* The 15 digits of "%.15g": q 10^(x10 - 14). */
	q = d.t / div[0];
	rest = d.t % div[0];
	q += rest > 50 || (rest == 50 && (d.inexact || (q & 1)));
	x10 = d.x10;
	if (q == (uint64_t)pow10_u128(15)) {
		q /= 10;
		x10++;
	}
	l = x10 - 14 + decimals; /* x 10^decimals = q 10^l */
	if (l >= 0) {
		if (l > 3)
			return -1;
		n = q * (uint64_t)pow10_u128(l);
	} else if (l < -18) {
		return -1;
	} else {
		double f, dist, err;

		scale = (uint64_t)pow10_u128(-l);
		n = q / scale;
		frac = q % scale;
		f = (double)frac / (double)scale;
		dist = fabs(f - 0.5);
		err = ((double)n + 1) * 4.5e-16 + 1e-15;
		if (fabs(dist - 1e-9) <= err)
			return -1;
		if (dist < 1e-9 || f > 0.5)
			n++;
	}
	if (n >= (uint64_t)1 << 50)
		return -1;
	if (signbit(x) && n)
		out[o++] = '-';
	{
		char dig[24];
		int nd = 0;

		do {
			dig[nd++] = (char)('0' + n % 10);
			n /= 10;
		} while (n);
		while (nd <= decimals)
			dig[nd++] = '0';
		for (i = nd - 1; i >= 0; i--) {
			out[o++] = dig[i];
			if (i == decimals && decimals > 0)
				out[o++] = '.';
		}
	}
	fsr_buf_add(b, out, (size_t)o);
	return 0;
}
#else
static int add_double_fast(struct fsr_buf *b, double x)
{
	(void)b;
	(void)x;
	return -1;
}

static int add_fixed_fast(struct fsr_buf *b, double x, int decimals)
{
	(void)b;
	(void)x;
	(void)decimals;
	return -1;
}
#endif

static int parse_number(const char *s, size_t len, double *out, char point,
			int *decimals)
{
	char tmp[64], *end;
	double v;
	size_t i;

	if (len == 0 || len >= sizeof(tmp))
		return -1;
	if (parse_fast(s, len, point, out, decimals) == 0)
		return fabs(*out) <= FSR_VALUE_MAX ? 0 : -1;
	if (decimals)
		*decimals = fsr_count_decimals(s, len);
	if (!number_syntax_ok(s, len, point))
		return -1;
	for (i = 0; i < len; i++)
		tmp[i] = s[i] == point ? '.' : s[i];
	tmp[len] = '\0';
	errno = 0;
	{
		locale_t old = fsr_c_locale_begin();

		v = strtod(tmp, &end);
		fsr_c_locale_end(old);
	}
	if (end != tmp + len || !isfinite(v) || fabs(v) > FSR_VALUE_MAX)
		return -1;
	*out = v;
	return 0;
}

int fsr_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int fsr_value_in_range(double x)
{
	double a = fabs(x);

	return a == 0 || (a >= FSR_VALUE_MIN && a <= FSR_VALUE_MAX);
}

const char *fsr_number_refusal(const char *s, size_t len,
			       const char *not_a_number)
{
	if (len == 0 || !number_syntax_ok(s, len, '.'))
		return not_a_number;
	if (len >= 64) /* parse_number()'s buffer */
		return "is a number of more than 63 characters";
	return "is beyond the range fsreport accepts (0, or a magnitude "
	       "from 1e-30 to 1e30)";
}

int fsr_parse_double(const char *s, size_t len, double *out)
{
	return parse_number(s, len, out, '.', NULL);
}

int fsr_parse_double_dec(const char *s, size_t len, double *out,
			 int *decimals)
{
	return parse_number(s, len, out, '.', decimals);
}

int fsr_parse_double_comma(const char *s, size_t len, double *out)
{
	if (parse_number(s, len, out, '.', NULL) == 0)
		return 0;
	return parse_number(s, len, out, ',', NULL);
}

void fsr_buf_add_double(struct fsr_buf *b, double x)
{
	char tmp[40];
	locale_t old;
	int prec;

	if (!isfinite(x)) {
		fsr_buf_adds(b, isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
		return;
	}
	if (x == 0) { /* printf's "%.15g": "0" or "-0" */
		fsr_buf_adds(b, signbit(x) ? "-0" : "0");
		return;
	}
	if (add_double_fast(b, x) == 0)
		return;
	old = fsr_c_locale_begin();
	for (prec = 15; prec <= 17; prec++) {
		snprintf(tmp, sizeof(tmp), "%.*g", prec, x);
		if (strtod(tmp, NULL) == x)
			break;
	}
	fsr_c_locale_end(old);
	fsr_buf_adds(b, tmp);
}

void fsr_buf_add_fixed(struct fsr_buf *b, double x, int decimals)
{
	char tmp[400];
	double scaled, r;
	locale_t old;
	char *p;

	if (!isfinite(x)) {
		fsr_buf_add_double(b, x);
		return;
	}
	if (add_fixed_fast(b, x, decimals) == 0)
		return;
	old = fsr_c_locale_begin();
	/*
	 * Half away from zero on the decimal value: printf rounds the binary
	 * value (0.125 is exact, 2.675 is 2.67499...), so nudge by the
	 * shortest representation first.
	 */
	snprintf(tmp, sizeof(tmp), "%.15g", x);
	scaled = strtod(tmp, NULL) * pow(10, decimals);
	r = round(scaled);
	if (fabs(scaled - r) > 0.5 - 1e-9 && fabs(scaled - r) < 0.5 + 1e-9)
		r = scaled < 0 ? floor(scaled) : ceil(scaled);
	if (fabs(r) < 9e15) {
		snprintf(tmp, sizeof(tmp), "%.*f", decimals,
			 r / pow(10, decimals));
	} else {
		snprintf(tmp, sizeof(tmp), "%.*f", decimals, x);
	}
	fsr_c_locale_end(old);
	/* "-0.00" reads as a sign error; print "0.00". */
	for (p = tmp + 1; *p == '0' || *p == '.'; p++)
		;
	if (tmp[0] == '-' && *p == '\0')
		fsr_buf_adds(b, tmp + 1);
	else
		fsr_buf_adds(b, tmp);
}

int fsr_count_decimals(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			size_t j = i + 1;

			while (j < len && s[j] >= '0' && s[j] <= '9')
				j++;
			return (int)(j - i - 1);
		}
	}
	return 0;
}
