/*
 * model.c - the result model: systems, results and cells, with hash
 * lookups by key so that importing N results costs O(N).
 */
#include "model.h"

#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- diag */

int fsr_diag_vset(struct fsr_diag *d, int code, const char *file, int line,
		  int col, const char *fmt, va_list ap)
{
	if (!d)
		return code;
	d->file = file;
	d->line = line;
	d->col = col;
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	return code;
}

int fsr_diag_set(struct fsr_diag *d, int code, const char *file, int line,
		 int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_diag_vset(d, code, file, line, col, fmt, ap);
	va_end(ap);
	return code;
}

void fsr_diag_clear(struct fsr_diag *d)
{
	if (!d)
		return;
	d->file = NULL;
	d->line = d->col = 0;
	d->msg[0] = '\0';
}

_Noreturn void fsr_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fsreport: BUG: %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* -------------------------------------------------------------- memory */

void *fsr_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		FSR_BUG("out of memory allocating %zu bytes", n);
	return p;
}

void *fsr_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		FSR_BUG("out of memory allocating %zu x %zu bytes", n, size);
	return p;
}

void *fsr_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		FSR_BUG("out of memory reallocating %zu bytes", n);
	return q;
}

char *fsr_xstrdup(const char *s)
{
	return fsr_xstrndup(s, strlen(s));
}

char *fsr_xstrndup(const char *s, size_t n)
{
	char *p = fsr_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void fsr_grow(void **arr, size_t *cap, size_t want, size_t sz)
{
	size_t n;

	if (want <= *cap)
		return;
	n = *cap ? *cap : 4;
	while (n < want) {
		if (n > SIZE_MAX / 2 / sz)
			FSR_BUG("array size overflow (%zu elements)", want);
		n += n / 2 + 1; /* 1.5x: little slack in small arrays */
	}
	*arr = fsr_xrealloc(*arr, n * sz);
	*cap = n;
}

/* ------------------------------------------------------------- strings */

void fsr_buf_init(struct fsr_buf *b)
{
	b->buf = NULL;
	b->len = b->cap = 0;
}

void fsr_buf_release(struct fsr_buf *b)
{
	free(b->buf);
	fsr_buf_init(b);
}

void fsr_buf_reset(struct fsr_buf *b)
{
	b->len = 0;
	if (b->buf)
		b->buf[0] = '\0';
}

static void buf_reserve(struct fsr_buf *b, size_t extra)
{
	fsr_grow((void **)&b->buf, &b->cap, b->len + extra + 1, 1);
}

void fsr_buf_add(struct fsr_buf *b, const void *data, size_t len)
{
	buf_reserve(b, len);
	memcpy(b->buf + b->len, data, len);
	b->len += len;
	b->buf[b->len] = '\0';
}

void fsr_buf_adds(struct fsr_buf *b, const char *s)
{
	fsr_buf_add(b, s, strlen(s));
}

void fsr_buf_addc(struct fsr_buf *b, char c)
{
	fsr_buf_add(b, &c, 1);
}

void fsr_buf_addch_n(struct fsr_buf *b, char c, size_t n)
{
	buf_reserve(b, n);
	memset(b->buf + b->len, c, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

static locale_t numeric_begin(void);
static void numeric_end(locale_t old);

void fsr_buf_vaddf(struct fsr_buf *b, const char *fmt, va_list ap)
{
	locale_t old = numeric_begin(); /* "%.2f" is "C" everywhere */
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		FSR_BUG("bad format '%s'", fmt);
	buf_reserve(b, (size_t)n);
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	numeric_end(old);
}

void fsr_buf_addf(struct fsr_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

char *fsr_buf_detach(struct fsr_buf *b)
{
	char *s;

	if (!b->buf)
		return fsr_xstrdup("");
	s = b->buf;
	fsr_buf_init(b);
	return s;
}

/* ------------------------------------------------------------- numbers */

/*
 * strtod() and printf() follow LC_NUMERIC. Whatever locale the program
 * runs in, numbers are read and written the "C" way: the conversions run
 * with the thread's locale switched to "C" (uselocale, POSIX 2008). The
 * syntax is checked by hand first so that "0x10", "inf", "nan" and
 * leading blanks are refused.
 */
static locale_t c_locale(void)
{
	static locale_t loc;

	if (!loc)
		loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	return loc;
}

/* Switch to "C" for a conversion; returns what to restore. */
static locale_t numeric_begin(void)
{
	locale_t c = c_locale();

	return c ? uselocale(c) : (locale_t)0;
}

static void numeric_end(locale_t old)
{
	if (old)
		uselocale(old);
}
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
static int parse_fast(const char *s, size_t len, char point, double *out)
{
	uint64_t m = 0;
	int neg = 0, ndig = 0, exp10 = 0, e = 0, eneg = 0, digits = 0;
	size_t i = 0;
	double v;

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
	return -1; /* x87 excess precision would round twice */
#endif
	if (s[i] == '+' || s[i] == '-')
		neg = s[i++] == '-';
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
		if (m || s[i] != '0')
			ndig++;
		m = m * 10 + (uint64_t)(s[i] - '0');
		if (ndig > 15)
			return -1;
	}
	if (i < len && s[i] == point) {
		for (i++; i < len && s[i] >= '0' && s[i] <= '9';
		     i++, digits++) {
			if (m || s[i] != '0')
				ndig++;
			m = m * 10 + (uint64_t)(s[i] - '0');
			exp10--;
			if (ndig > 15)
				return -1;
		}
	}
	if (!digits)
		return -1;
	if (i < len) {
		size_t first;

		if (s[i] != 'e' && s[i] != 'E')
			return -1;
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		for (first = i; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
			e = e * 10 + (s[i] - '0');
			if (e > 1000)
				return -1;
		}
		if (i == first || i != len)
			return -1;
		exp10 += eneg ? -e : e;
	}
	if (exp10 < -22 || exp10 > 22)
		return -1;
	v = (double)m; /* exact: m < 10^15 < 2^53 */
	v = exp10 < 0 ? v / exact_pow10[-exp10] : v * exact_pow10[exp10];
	*out = neg ? -v : v;
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
};

static int digits17(uint64_t m, int e, int lower_half, struct digits17 *d)
{
	const fsr_u128 lo_pow = pow10_u128(16), hi_pow = lo_pow * 10;
	int x10 = (int)floor((e + 52) * 0.30102999566398120), k, tries;
	fsr_u128 q, rem;

	for (tries = 0; tries < 3; tries++) {
		k = 16 - x10;
		if (k >= 0) {
			fsr_u128 c;
			int s2 = e + k;

			if (k > 27)
				return -1;
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

/* Does the decimal Q (in units of d->t) read back as x? */
static int reads_back(const struct digits17 *d, uint64_t q)
{
	fsr_u128 c = ((fsr_u128)q * d->mul) << d->shl;

	return (c > d->lo && c < d->hi) ||
	       ((c == d->lo || c == d->hi) && d->even);
}

/* printf's "%.{p}g" of -1^neg * q * 10^(x10 - p + 1), q having p digits. */
static void format_g(struct fsr_buf *b, int neg, uint64_t q, int x10, int p)
{
	char dig[24], out[48];
	int nd = p, i, o = 0;

	for (i = p - 1; i >= 0; i--) {
		dig[i] = (char)('0' + q % 10);
		q /= 10;
	}
	while (nd > 1 && dig[nd - 1] == '0')
		nd--;
	if (neg)
		out[o++] = '-';
	if (x10 < -4 || x10 >= p) {
		int ax = x10 < 0 ? -x10 : x10;

		out[o++] = dig[0];
		if (nd > 1) {
			out[o++] = '.';
			for (i = 1; i < nd; i++)
				out[o++] = dig[i];
		}
		out[o++] = 'e';
		out[o++] = x10 < 0 ? '-' : '+';
		if (ax >= 100)
			out[o++] = (char)('0' + ax / 100);
		out[o++] = (char)('0' + ax / 10 % 10);
		out[o++] = (char)('0' + ax % 10);
	} else if (x10 >= 0) {
		for (i = 0; i <= x10; i++)
			out[o++] = i < nd ? dig[i] : '0';
		if (nd > x10 + 1) {
			out[o++] = '.';
			for (i = x10 + 1; i < nd; i++)
				out[o++] = dig[i];
		}
	} else {
		out[o++] = '0';
		out[o++] = '.';
		for (i = 0; i < -x10 - 1; i++)
			out[o++] = '0';
		for (i = 0; i < nd; i++)
			out[o++] = dig[i];
	}
	fsr_buf_add(b, out, (size_t)o);
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
	uint64_t bits, m;
	int be, p;

	memcpy(&bits, &x, sizeof(bits));
	be = (int)(bits >> 52 & 0x7ff);
	if (be == 0 || be == 0x7ff)
		return -1;
	m = (bits & (((uint64_t)1 << 52) - 1)) | ((uint64_t)1 << 52);
	if (digits17(m, be - 1075, m == (uint64_t)1 << 52 && be > 1, &d))
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
		format_g(b, (int)(bits >> 63), q, x10, p);
		return 0;
	}
	return -1;
}
#else
static int add_double_fast(struct fsr_buf *b, double x)
{
	(void)b;
	(void)x;
	return -1;
}
#endif

static int parse_number(const char *s, size_t len, double *out, char point)
{
	char tmp[64], *end;
	double v;
	size_t i;

	if (len == 0 || len >= sizeof(tmp))
		return -1;
	if (parse_fast(s, len, point, out) == 0)
		return 0;
	if (!number_syntax_ok(s, len, point))
		return -1;
	for (i = 0; i < len; i++)
		tmp[i] = s[i] == point ? '.' : s[i];
	tmp[len] = '\0';
	errno = 0;
	{
		locale_t old = numeric_begin();

		v = strtod(tmp, &end);
		numeric_end(old);
	}
	if (end != tmp + len || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int fsr_parse_double(const char *s, size_t len, double *out)
{
	return parse_number(s, len, out, '.');
}

int fsr_parse_double_comma(const char *s, size_t len, double *out)
{
	if (parse_number(s, len, out, '.') == 0)
		return 0;
	return parse_number(s, len, out, ',');
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
	if (add_double_fast(b, x) == 0)
		return;
	old = numeric_begin();
	for (prec = 15; prec <= 17; prec++) {
		snprintf(tmp, sizeof(tmp), "%.*g", prec, x);
		if (strtod(tmp, NULL) == x)
			break;
	}
	numeric_end(old);
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
	old = numeric_begin();
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
	numeric_end(old);
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

enum fsr_better fsr_better_parse(const char *s)
{
	if (!s)
		return FSR_BETTER_UNKNOWN;
	if (!strcmp(s, "higher") || !strcmp(s, "HIB") || !strcmp(s, "hib"))
		return FSR_BETTER_HIGHER;
	if (!strcmp(s, "lower") || !strcmp(s, "LIB") || !strcmp(s, "lib"))
		return FSR_BETTER_LOWER;
	return FSR_BETTER_UNKNOWN;
}

const char *fsr_better_name(enum fsr_better b)
{
	switch (b) {
	case FSR_BETTER_HIGHER:
		return "higher";
	case FSR_BETTER_LOWER:
		return "lower";
	default:
		return "";
	}
}

static const char *const display_names[] = {
	[FSR_DISPLAY_BAR] = "bar",
	[FSR_DISPLAY_LINE] = "line",
	[FSR_DISPLAY_PASSFAIL] = "passfail",
	[FSR_DISPLAY_OTHER] = "other",
};

const char *fsr_display_name(enum fsr_display d)
{
	if ((size_t)d >= sizeof(display_names) / sizeof(*display_names))
		return "other";
	return display_names[d];
}

int fsr_display_parse(const char *s, enum fsr_display *out)
{
	size_t i;

	for (i = 0; i < sizeof(display_names) / sizeof(*display_names); i++) {
		if (s && !strcmp(s, display_names[i])) {
			*out = (enum fsr_display)i;
			return 0;
		}
	}
	return -1;
}

/* -------------------------------------------------------------- kvlist */

void fsr_kvlist_set(struct fsr_kvlist *l, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (!strcmp(l->items[i].key, key)) {
			free(l->items[i].value);
			l->items[i].value = fsr_xstrdup(value);
			return;
		}
	}
	if (l->n == l->cap) {
		/* Most lists hold one or two pairs (a cell's PTS JSON). */
		l->cap = l->cap ? 2 * l->cap : 1;
		l->items = fsr_xrealloc(l->items, l->cap * sizeof(*l->items));
	}
	l->items[l->n].key = fsr_xstrdup(key);
	l->items[l->n].value = fsr_xstrdup(value);
	l->n++;
}

const char *fsr_kvlist_get(const struct fsr_kvlist *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->items[i].key, key))
			return l->items[i].value;
	return NULL;
}

void fsr_kvlist_release(struct fsr_kvlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->items[i].key);
		free(l->items[i].value);
	}
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}

/* --------------------------------------------------------------- index */

/* Open-addressing string -> index map; keys are borrowed from the model. */
struct fsr_index {
	const char **keys;
	size_t *vals;
	uint64_t *hashes; /* of keys[i]: cheap misses and rehashes */
	size_t n, cap; /* cap is a power of two */
};

/* Eight bytes at a time: result keys run to a hundred bytes and more. */
static uint64_t hash_str(const char *s)
{
	size_t len = strlen(s), i;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len, w;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
	}
	w = 0;
	memcpy(&w, s + i, len - i);
	h = (h ^ w) * 0x94d049bb133111ebULL;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	return h ^ (h >> 32);
}

static struct fsr_index *index_new(void)
{
	struct fsr_index *ix = fsr_xcalloc(1, sizeof(*ix));

	ix->cap = 64;
	ix->keys = fsr_xcalloc(ix->cap, sizeof(*ix->keys));
	ix->vals = fsr_xcalloc(ix->cap, sizeof(*ix->vals));
	ix->hashes = fsr_xcalloc(ix->cap, sizeof(*ix->hashes));
	return ix;
}

static void index_free(struct fsr_index *ix)
{
	if (!ix)
		return;
	free(ix->keys);
	free(ix->vals);
	free(ix->hashes);
	free(ix);
}

static size_t *index_slot(const struct fsr_index *ix, const char *key,
			  uint64_t h, size_t *pos)
{
	size_t mask = ix->cap - 1, i = (size_t)h & mask;

	while (ix->keys[i]) {
		if (ix->hashes[i] == h && !strcmp(ix->keys[i], key)) {
			*pos = i;
			return &ix->vals[i];
		}
		i = (i + 1) & mask;
	}
	*pos = i;
	return NULL;
}

static void index_rehash(struct fsr_index *ix)
{
	struct fsr_index old = *ix;
	size_t i, j, mask;

	ix->cap *= 2;
	mask = ix->cap - 1;
	ix->keys = fsr_xcalloc(ix->cap, sizeof(*ix->keys));
	ix->vals = fsr_xcalloc(ix->cap, sizeof(*ix->vals));
	ix->hashes = fsr_xcalloc(ix->cap, sizeof(*ix->hashes));
	for (i = 0; i < old.cap; i++) {
		if (!old.keys[i])
			continue;
		/* Keys are unique: the first free slot is theirs. */
		for (j = (size_t)old.hashes[i] & mask; ix->keys[j];
		     j = (j + 1) & mask)
			;
		ix->keys[j] = old.keys[i];
		ix->vals[j] = old.vals[i];
		ix->hashes[j] = old.hashes[i];
	}
	free(old.keys);
	free(old.vals);
	free(old.hashes);
}

static void index_put(struct fsr_index *ix, const char *key, size_t val)
{
	uint64_t h = hash_str(key);
	size_t pos;
	size_t *v;

	if ((ix->n + 1) * 4 > ix->cap * 3)
		index_rehash(ix);
	v = index_slot(ix, key, h, &pos);
	if (v) {
		*v = val;
		return;
	}
	ix->keys[pos] = key;
	ix->vals[pos] = val;
	ix->hashes[pos] = h;
	ix->n++;
}

static int index_get(const struct fsr_index *ix, const char *key, size_t *val)
{
	size_t pos;
	size_t *v = index_slot(ix, key, hash_str(key), &pos);

	if (!v)
		return 0;
	*val = *v;
	return 1;
}

/* -------------------------------------------------------------- report */

struct fsr_report *fsr_report_new(void)
{
	struct fsr_report *r = fsr_xcalloc(1, sizeof(*r));

	r->result_index = index_new();
	r->system_index = index_new();
	return r;
}

static void cell_release(struct fsr_cell *c)
{
	free(c->samples);
	free(c->stored);
	free(c->fail_reason);
	fsr_kvlist_release(&c->meta);
}

static void result_free(struct fsr_result *res)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		cell_release(&res->cells[i]);
	free(res->cells);
	free(res->key);
	free(res->test_id);
	free(res->test);
	free(res->title);
	free(res->app_version);
	free(res->arguments);
	free(res->description);
	free(res->unit);
	free(res);
}

static void system_release(struct fsr_system *s)
{
	size_t i;

	free(s->label);
	free(s->name);
	free(s->hardware);
	free(s->software);
	free(s->ikey);
	index_free(s->source_index);
	fsr_kvlist_release(&s->hw);
	fsr_kvlist_release(&s->sw);
	fsr_kvlist_release(&s->meta);
	for (i = 0; i < s->n_sources; i++)
		free(s->sources[i]);
	free(s->sources);
}

void fsr_report_free(struct fsr_report *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n_results; i++)
		result_free(r->results[i]);
	free(r->results);
	for (i = 0; i < r->n_systems; i++)
		system_release(&r->systems[i]);
	free(r->systems);
	for (i = 0; i < r->n_runsets; i++) {
		free(r->runsets[i].label);
		free(r->runsets[i].path);
	}
	free(r->runsets);
	index_free(r->result_index);
	index_free(r->system_index);
	free(r->title);
	free(r->description);
	free(r);
}

size_t fsr_report_add_runset(struct fsr_report *r, const char *label,
			     const char *path, int explicit_label)
{
	struct fsr_runset *rs;

	FSR_GROW(r->runsets, r->cap_runsets, r->n_runsets + 1);
	rs = &r->runsets[r->n_runsets];
	rs->label = fsr_xstrdup(label);
	rs->path = fsr_xstrdup(path);
	rs->explicit_label = explicit_label;
	return r->n_runsets++;
}

/* The index key "<runset>\x1f<name>", without printf: importers look a
 * system up once per entry. */
static const char *system_key(size_t runset, const char *name, char *small,
			      size_t cap, char **heap)
{
	char num[24], *buf;
	size_t i = sizeof(num), nl = name ? strlen(name) : 0, len;

	do {
		num[--i] = (char)('0' + runset % 10);
		runset /= 10;
	} while (runset);
	len = sizeof(num) - i + 1 + nl;
	buf = len < cap ? small : (*heap = fsr_xmalloc(len + 1));
	memcpy(buf, num + i, sizeof(num) - i);
	buf[sizeof(num) - i] = '\x1f';
	if (nl)
		memcpy(buf + sizeof(num) - i + 1, name, nl);
	buf[len] = '\0';
	return buf;
}

size_t fsr_report_system(struct fsr_report *r, size_t runset,
			 const char *name)
{
	char small[256], *heap = NULL;
	struct fsr_system *s;
	const char *key;
	size_t idx;

	if (runset >= r->n_runsets)
		FSR_BUG("run set %zu out of range", runset);
	key = system_key(runset, name, small, sizeof(small), &heap);
	if (index_get(r->system_index, key, &idx)) {
		free(heap);
		return idx;
	}
	FSR_GROW(r->systems, r->cap_systems, r->n_systems + 1);
	s = &r->systems[r->n_systems];
	memset(s, 0, sizeof(*s));
	s->runset = runset;
	s->name = name ? fsr_xstrdup(name) : NULL;
	s->label = fsr_xstrdup(name ? name : r->runsets[runset].label);
	s->ikey = heap ? heap : fsr_xstrdup(small); /* the index borrows it */
	index_put(r->system_index, s->ikey, r->n_systems);
	return r->n_systems++;
}

void fsr_system_add_source(struct fsr_system *s, const char *path)
{
	size_t i, at;

	/* A few sources: a scan. Many (a folder of runs pooled into one
	 * system): a hash set, or a folder of N files costs N^2 / 2 string
	 * comparisons (40 % of the run at 5 000 files). */
	if (s->n_sources < 16) {
		for (i = 0; i < s->n_sources; i++)
			if (!strcmp(s->sources[i], path))
				return;
	} else {
		if (!s->source_index || s->source_index->n != s->n_sources) {
			index_free(s->source_index);
			s->source_index = index_new();
			for (i = 0; i < s->n_sources; i++)
				index_put(s->source_index, s->sources[i], i);
		}
		if (index_get(s->source_index, path, &at))
			return;
	}
	FSR_GROW(s->sources, s->cap_sources, s->n_sources + 1);
	s->sources[s->n_sources] = fsr_xstrdup(path);
	if (s->source_index) /* the index borrows the string */
		index_put(s->source_index, s->sources[s->n_sources],
			  s->n_sources);
	s->n_sources++;
}

static size_t key_part_len(const char *s)
{
	return (s ? strlen(s) : 0) + 1;
}

static char *key_part(char *p, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n)
		memcpy(p, s, n);
	p[n] = '\x1f';
	return p + n + 1;
}

/* The joined identity key of k: in small[0..cap) when it fits, else in
 * *heap (malloc'ed, the caller frees it). Importers look a result up
 * once per sample or entry: no allocation for that. */
static const char *result_key(const struct fsr_result_key *k, char *small,
			      size_t cap, char **heap)
{
	size_t len = key_part_len(k->test) + key_part_len(k->arguments) +
		     key_part_len(k->description) +
		     key_part_len(k->app_version) + key_part_len(k->unit);
	char *buf = len < cap ? small : (*heap = fsr_xmalloc(len + 1)), *p;

	p = key_part(buf, k->test);
	p = key_part(p, k->arguments);
	p = key_part(p, k->description);
	p = key_part(p, k->app_version);
	p = key_part(p, k->unit);
	*p = '\0';
	return buf;
}

void fsr_result_key_format(struct fsr_buf *b, const struct fsr_result_key *k)
{
	char small[256], *heap = NULL;
	const char *key = result_key(k, small, sizeof(small), &heap);

	fsr_buf_reset(b);
	fsr_buf_adds(b, key);
	free(heap);
}

char *fsr_test_identity(const char *test_id)
{
	const char *dash = strrchr(test_id, '-');
	const char *dot;

	/* "pts/tiobench-1.2.0": drop ".0" after the last dash's version. */
	if (dash && dash[1] >= '0' && dash[1] <= '9') {
		dot = strrchr(dash, '.');
		if (dot && strchr(dash, '.') != dot)
			return fsr_xstrndup(test_id, (size_t)(dot - test_id));
	}
	return fsr_xstrdup(test_id);
}

static char *dup_or_empty(const char *s)
{
	return fsr_xstrdup(s ? s : "");
}

struct fsr_result *fsr_report_result(struct fsr_report *r,
				     const struct fsr_result_key *key)
{
	char small[256], *heap = NULL;
	struct fsr_result *res;
	const char *k;
	size_t idx;

	k = result_key(key, small, sizeof(small), &heap);
	if (index_get(r->result_index, k, &idx)) {
		free(heap);
		return r->results[idx];
	}
	res = fsr_xcalloc(1, sizeof(*res));
	res->key = heap ? heap : fsr_xstrdup(small);
	res->test = dup_or_empty(key->test);
	res->test_id = dup_or_empty(key->test);
	res->arguments = dup_or_empty(key->arguments);
	res->description = dup_or_empty(key->description);
	res->app_version = dup_or_empty(key->app_version);
	res->unit = dup_or_empty(key->unit);
	res->title = dup_or_empty(key->test);
	FSR_GROW(r->results, r->cap_results, r->n_results + 1);
	r->results[r->n_results] = res;
	index_put(r->result_index, res->key, r->n_results);
	r->n_results++;
	return res;
}

struct fsr_result *fsr_report_find_result(const struct fsr_report *r,
					  const char *key)
{
	size_t idx;

	if (index_get(r->result_index, key, &idx))
		return r->results[idx];
	return NULL;
}

const struct fsr_cell *fsr_result_find_cell(const struct fsr_result *res,
					    size_t sys)
{
	size_t i;

	/* Results have a handful of cells; a scan beats a map here. */
	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].system == sys)
			return &res->cells[i];
	return NULL;
}

struct fsr_cell *fsr_result_cell(struct fsr_result *res, size_t sys)
{
	struct fsr_cell *c;
	size_t i;

	for (i = res->n_cells; i-- > 0;)
		if (res->cells[i].system == sys)
			return &res->cells[i];
	FSR_GROW(res->cells, res->cap_cells, res->n_cells + 1);
	c = &res->cells[res->n_cells++];
	memset(c, 0, sizeof(*c));
	c->system = sys;
	c->stored_decimals = -1;
	return c;
}

void fsr_cell_reserve(struct fsr_cell *c, size_t more)
{
	if (more > SIZE_MAX / sizeof(*c->samples) - c->n)
		FSR_BUG("too many samples (%zu)", more);
	if (c->n + more <= c->cap)
		return;
	c->samples = fsr_xrealloc(c->samples,
				  (c->n + more) * sizeof(*c->samples));
	c->cap = c->n + more;
}

void fsr_cell_add_sample(struct fsr_cell *c, double x)
{
	FSR_GROW(c->samples, c->cap, c->n + 1);
	c->samples[c->n++] = x;
}

void fsr_cell_add_failed(struct fsr_cell *c, const char *reason)
{
	c->n_failed++;
	if (!c->fail_reason && reason && *reason)
		c->fail_reason = fsr_xstrdup(reason);
}

void fsr_cell_set_stored(struct fsr_cell *c, const char *value)
{
	c->n_stored++;
	free(c->stored);
	c->stored = NULL;
	/* Two pooled entries have no single stored value. */
	if (c->n_stored == 1 && value)
		c->stored = fsr_xstrdup(value);
}

/* ------------------------------------------------------------- labels */

struct label_ref {
	const char *label;
	size_t runset, sys;
};

static int cmp_label_ref(const void *a, const void *b)
{
	const struct label_ref *x = a, *y = b;
	int c = strcmp(x->label, y->label);

	if (c)
		return c;
	return x->sys < y->sys ? -1 : x->sys > y->sys;
}

/*
 * clash[i] = 1 when another run set has a system labelled like system i.
 * Sorted by label, that is every member of a group of equal labels that
 * spans two run sets or more: O(S log S), where comparing every pair was
 * O(S^2) for a folder of files with a system each.
 */
static void mark_clashes(const struct fsr_report *r, char *clash)
{
	struct label_ref *v;
	size_t i, j, k;

	if (r->n_systems < 2)
		return;
	v = fsr_xmalloc(r->n_systems * sizeof(*v));
	for (i = 0; i < r->n_systems; i++) {
		v[i].label = r->systems[i].label;
		v[i].runset = r->systems[i].runset;
		v[i].sys = i;
	}
	qsort(v, r->n_systems, sizeof(*v), cmp_label_ref);
	for (i = 0; i < r->n_systems; i = j) {
		int mixed = 0;

		for (j = i + 1; j < r->n_systems &&
				!strcmp(v[j].label, v[i].label); j++)
			if (v[j].runset != v[i].runset)
				mixed = 1;
		if (mixed)
			for (k = i; k < j; k++)
				clash[v[k].sys] = 1;
	}
	free(v);
}

void fsr_report_finish_labels(struct fsr_report *r)
{
	size_t i, *per_runset;
	char *clash;

	per_runset = fsr_xcalloc(r->n_runsets ? r->n_runsets : 1,
				 sizeof(*per_runset));
	for (i = 0; i < r->n_systems; i++)
		per_runset[r->systems[i].runset]++;
	for (i = 0; i < r->n_systems; i++) {
		struct fsr_system *s = &r->systems[i];
		const struct fsr_runset *rs = &r->runsets[s->runset];
		struct fsr_buf b = FSR_BUF_INIT;

		if (!s->name || (rs->explicit_label &&
				 per_runset[s->runset] == 1))
			fsr_buf_adds(&b, rs->label);
		else if (rs->explicit_label)
			fsr_buf_addf(&b, "%s: %s", rs->label, s->name);
		else
			fsr_buf_adds(&b, s->name);
		free(s->label);
		s->label = fsr_buf_detach(&b);
	}
	/*
	 * Equal labels from different run sets (two files that both call
	 * their system "Defaults"): a run set's only system takes the run
	 * set's label, others get it in front.
	 */
	clash = fsr_xcalloc(r->n_systems ? r->n_systems : 1, sizeof(*clash));
	mark_clashes(r, clash);
	for (i = 0; i < r->n_systems; i++) {
		struct fsr_system *s = &r->systems[i];
		const char *rl = r->runsets[s->runset].label;
		struct fsr_buf b = FSR_BUF_INIT;

		if (!clash[i] || !s->name)
			continue;
		if (per_runset[s->runset] == 1)
			fsr_buf_adds(&b, rl);
		else
			fsr_buf_addf(&b, "%s: %s", rl, s->name);
		free(s->label);
		s->label = fsr_buf_detach(&b);
	}
	free(clash);
	free(per_runset);
}

/* -------------------------------------------------------------- merge */

static void kvlist_merge(struct fsr_kvlist *dst, const struct fsr_kvlist *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		if (!fsr_kvlist_get(dst, src->items[i].key))
			fsr_kvlist_set(dst, src->items[i].key,
				       src->items[i].value);
}

static void system_merge(struct fsr_system *d, struct fsr_system *s)
{
	size_t i;

	if (!d->hardware && s->hardware) {
		d->hardware = s->hardware;
		s->hardware = NULL;
	}
	if (!d->software && s->software) {
		d->software = s->software;
		s->software = NULL;
	}
	kvlist_merge(&d->hw, &s->hw);
	kvlist_merge(&d->sw, &s->sw);
	kvlist_merge(&d->meta, &s->meta);
	for (i = 0; i < s->n_sources; i++)
		fsr_system_add_source(d, s->sources[i]);
}

static void cell_pool(struct fsr_cell *d, struct fsr_cell *s)
{
	size_t i;

	/* A cell of failed runs only has no sample array: memcpy from
	 * NULL is undefined even for 0 bytes (UBSan, fuzz-pts). */
	if (s->n) {
		FSR_GROW(d->samples, d->cap, d->n + s->n);
		memcpy(d->samples + d->n, s->samples,
		       s->n * sizeof(*s->samples));
		d->n += s->n;
	}
	for (i = 0; i < s->n_stored; i++)
		fsr_cell_set_stored(d, s->stored);
	if (s->stored_decimals > d->stored_decimals)
		d->stored_decimals = s->stored_decimals;
	d->n_failed += s->n_failed;
	if (!d->fail_reason && s->fail_reason) {
		d->fail_reason = s->fail_reason;
		s->fail_reason = NULL;
	}
	kvlist_merge(&d->meta, &s->meta);
}

void fsr_report_merge(struct fsr_report *dst, size_t runset,
		      struct fsr_report *src)
{
	size_t i, j, *map;

	if (!dst->title && src->title) {
		dst->title = src->title;
		src->title = NULL;
	}
	if (!dst->description && src->description) {
		dst->description = src->description;
		src->description = NULL;
	}
	map = fsr_xcalloc(src->n_systems ? src->n_systems : 1, sizeof(*map));
	for (i = 0; i < src->n_systems; i++) {
		map[i] = fsr_report_system(dst, runset, src->systems[i].name);
		system_merge(&dst->systems[map[i]], &src->systems[i]);
	}
	for (i = 0; i < src->n_results; i++) {
		struct fsr_result *sr = src->results[i];
		size_t idx;

		for (j = 0; j < sr->n_cells; j++)
			sr->cells[j].system = map[sr->cells[j].system];
		if (!index_get(dst->result_index, sr->key, &idx)) {
			/* Move the whole result: no copy of its samples. */
			FSR_GROW(dst->results, dst->cap_results,
				 dst->n_results + 1);
			dst->results[dst->n_results] = sr;
			index_put(dst->result_index, sr->key, dst->n_results);
			dst->n_results++;
			src->results[i] = NULL;
			continue;
		}
		for (j = 0; j < sr->n_cells; j++) {
			struct fsr_cell *dc = fsr_result_cell(
				dst->results[idx], sr->cells[j].system);

			cell_pool(dc, &sr->cells[j]);
		}
	}
	for (i = 0; i < src->n_results; i++)
		if (src->results[i])
			result_free(src->results[i]);
	src->n_results = 0;
	free(map);
	fsr_report_free(src);
}
