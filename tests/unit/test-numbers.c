/*
 * test-numbers.c - lib/numbers.c: table cases of parsing and printing,
 * the "C" rules in a decimal-comma locale, and the fast paths of
 * fsr_parse_double() and fsr_buf_add_double(), which give bit for bit
 * what strtod() and the
 * printf("%.15g/%.16g/%.17g") round-trip loop give: on exact ties, at
 * powers of two, across magnitudes and on random doubles. The count of
 * random cases is FSR_NUMBERS_N (default 200000; 20000000, four times
 * that many printed values, was run once and agreed everywhere).
 */
#include "../../model/model.h"
#include "tap.h"
#include "../../lib/numbers.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x243f6a8885a308d3ULL;

static uint64_t next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The reference: what fsr_buf_add_double printed before its fast path. */
static void reference(double x, char *out, size_t n)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(out, n, "%.*g", prec, x);
		if (strtod(out, NULL) == x)
			break;
	}
}

static size_t print_bad, parse_bad;

static void check_print(double x)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char want[64];

	if (!isfinite(x))
		return;
	reference(x, want, sizeof(want));
	fsr_buf_add_double(&b, x);
	if (strcmp(b.buf, want)) {
		if (print_bad++ < 5)
			printf("# print %a: got %s, want %s\n", x, b.buf,
			       want);
	}
	fsr_buf_release(&b);
}

/* The reference for fsr_buf_add_fixed: what it printed before its fast
 * path (the printf one, which stays for the rest). */
static void reference_fixed(double x, int decimals, char *out, size_t n)
{
	char tmp[400], *p;
	double scaled, r;

	snprintf(tmp, sizeof(tmp), "%.15g", x);
	scaled = strtod(tmp, NULL) * pow(10, decimals);
	r = round(scaled);
	if (fabs(scaled - r) > 0.5 - 1e-9 && fabs(scaled - r) < 0.5 + 1e-9)
		r = scaled < 0 ? floor(scaled) : ceil(scaled);
	if (fabs(r) < 9e15)
		snprintf(tmp, sizeof(tmp), "%.*f", decimals,
			 r / pow(10, decimals));
	else
		snprintf(tmp, sizeof(tmp), "%.*f", decimals, x);
	for (p = tmp + 1; *p == '0' || *p == '.'; p++)
		;
	snprintf(out, n, "%s", tmp[0] == '-' && *p == '\0' ? tmp + 1 : tmp);
}

static size_t fixed_bad;

static void check_fixed(double x, int decimals)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char want[400];

	if (!isfinite(x))
		return;
	reference_fixed(x, decimals, want, sizeof(want));
	fsr_buf_add_fixed(&b, x, decimals);
	if (strcmp(b.buf, want) && fixed_bad++ < 5)
		printf("# fixed %a %d: got %s, want %s\n", x, decimals,
		       b.buf, want);
	fsr_buf_release(&b);
}

/* Fixed decimals: benchmark values, halves and near-halves at the
 * decimals asked (2.675 is 2.67499.. in binary, 0.125 exact), the tie
 * band's edges (1e-9 from a half), negatives rounding to zero, huge and
 * tiny values. */
static void test_fixed(size_t n)
{
	static const double fixed[] = {
		0, -0.0, 0.125, 2.675, 1.005, 4548.905, -0.004, -0.005,
		0.5, 1.5, 2.5, -2.5, 1e15, 4.5e15, 9e15, 1e16, 1e-12,
		123456.7890123, 0.4999999995, 0.4999999985, 0.5000000015,
		0.50000000049, 1.23456789012345e-5, 99.995, 99.994999999,
	};
	size_t i;
	int k;

	for (i = 0; i < sizeof(fixed) / sizeof(*fixed); i++)
		for (k = 0; k <= 17; k++) {
			check_fixed(fixed[i], k);
			check_fixed(-fixed[i], k);
		}
	for (i = 0; i < n; i++) {
		uint64_t r = next();
		double u = (double)(r >> 11) / 9007199254740992.0;
		int dec = (int)(next() % 8);
		double base = (double)(next() % 100000000) /
			      pow(10, (double)(next() % 9));

		check_fixed(pow(10, -6 + 22 * u) * (r & 1 ? -1 : 1), dec);
		check_fixed(base, dec);
		/* A half at the last decimal, and 1e-9 around it. */
		base = floor(base * pow(10, dec)) / pow(10, dec);
		check_fixed(base + 0.5 / pow(10, dec), dec);
		check_fixed(base + (0.5 + 1e-9) / pow(10, dec), dec);
		check_fixed(base + (0.5 - 1e-9) / pow(10, dec), dec);
		check_fixed(base + (0.5 - 0.99e-9) / pow(10, dec), dec);
	}
	is_int((long)fixed_bad, 0, "fixed decimals match the printf path");
}

static void check_parse(const char *s)
{
	double got, want;
	char *end;
	int rc = fsr_parse_double(s, strlen(s), &got);

	want = strtod(s, &end);
	if (fabs(want) > FSR_VALUE_MAX) {
		/* beyond the accepted range: refused (docs/formats.md) */
		if (rc == 0 && parse_bad++ < 5)
			printf("# parse '%s': accepted beyond %g\n", s,
			       FSR_VALUE_MAX);
		return;
	}
	if (rc != 0 || memcmp(&got, &want, sizeof(got))) {
		if (parse_bad++ < 5)
			printf("# parse '%s': rc %d, got %a, want %a\n", s, rc,
			     rc ? 0.0 : got, want);
	}
	/* the decimals as written, whichever path read it */
	{
		int dec = -2, rc2 = fsr_parse_double_dec(s, strlen(s), &got,
							 &dec);

		if (rc2 == 0 && dec != fsr_count_decimals(s, strlen(s)) &&
		    parse_bad++ < 5)
			printf("# parse '%s': %d decimals, want %d\n", s, dec,
			       fsr_count_decimals(s, strlen(s)));
	}
}

static void test_print(size_t n)
{
	static const double fixed[] = {
		0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 1e-5, 1e-4, 1e-3,
		123456789012345.0, 1234567890123456.0, 12345678901234567.0,
		1e15, 1e16, 1e17, 9.9999999999999995e14, 4015.0338333333334,
		5013.2, 81.13, -0.5, -3764.529, 100, 1e22, 1e23, 5e-324,
		2.2250738585072014e-308, 1.7976931348623157e308, 0.0, 4.35,
		2.675, 0.125,
	};
	size_t i;
	int k;

	for (i = 0; i < sizeof(fixed) / sizeof(*fixed); i++) {
		check_print(fixed[i]);
		check_print(-fixed[i]);
	}
	/* Powers of two: the interval below is half as wide. */
	for (k = -200; k <= 200; k++) {
		check_print(ldexp(1, k));
		check_print(nextafter(ldexp(1, k), 0));
		check_print(nextafter(ldexp(1, k), INFINITY));
	}
	/* Powers of ten and their neighbours. */
	for (k = -30; k <= 30; k++) {
		double p = pow(10, k);

		check_print(p);
		check_print(nextafter(p, 0));
		check_print(nextafter(p, INFINITY));
	}
	/* Exact ties at 15 and 16 digits: integer + 0.5. */
	for (i = 0; i < n / 10; i++) {
		uint64_t r = next();

		check_print((double)(100000000000000ULL +
				     r % 900000000000000ULL) + 0.5);
		check_print((double)(1000000000000000ULL +
				     r % 8000000000000000ULL) + 0.5);
		check_print((double)(r % 10000000) / 8.0);
	}
	/* Random bit patterns over every exponent. */
	for (i = 0; i < n; i++) {
		uint64_t r = next();
		double x;

		memcpy(&x, &r, sizeof(x));
		check_print(x);
	}
	/* Random values where benchmark numbers live: 1e-12 .. 1e20. */
	for (i = 0; i < n; i++) {
		double u = (double)(next() >> 11) / 9007199254740992.0;

		check_print(pow(10, -12 + 32 * u));
	}
	/* Tiny values, p values among them (the 896-bit path): 1e-307 ..
	 * 1e-11, and the smallest normals with their neighbours. */
	for (i = 0; i < n; i++) {
		double u = (double)(next() >> 11) / 9007199254740992.0;

		check_print(pow(10, -307 + 296 * u));
	}
	for (k = -1022; k <= -1000; k++) {
		check_print(ldexp(1, k));
		check_print(nextafter(ldexp(1, k), INFINITY));
		check_print(ldexp(1.5, k));
	}
	check_print(DBL_MIN);
	check_print(nextafter(DBL_MIN, 1));
	/* Means of short decimals, like the sample means fsreport prints. */
	for (i = 0; i < n; i++) {
		double s = 0;
		int j;

		for (j = 0; j < 10; j++)
			s += (double)(next() % 10000000) / 1000;
		check_print(s / 10);
	}
	/* Short decimals n 10^-k (1 to 15 digits, 0 to 24 decimals) as
	 * strtod reads them, and their neighbours, which are not short. */
	for (i = 0; i < n; i++) {
		uint64_t r = next();
		int nd = 1 + (int)(r % 15), dec = (int)(r / 15 % 25);
		char t[64];
		double x;

		snprintf(t, sizeof(t), "%llue-%d",
			 (unsigned long long)(next() %
					      (uint64_t)pow(10, nd)), dec);
		x = strtod(t, NULL);
		check_print(x);
		check_print(nextafter(x, 0));
		check_print(nextafter(x, INFINITY));
	}
	is_int((long)print_bad, 0, "fast double printing matches printf");
}

static void test_parse(size_t n)
{
	static const char *const fixed[] = {
		"0", "-0", "1", "0.1", "0.3", "7045.354", "-6708.595",
		"123456789012345", "1234567890123456", "12345678901234567",
		"0.000000000000000000000001", "1e22", "1e23", "1e-22",
		"1e-23", "9007199254740993", "2.2250738585072014e-308",
		"1.7976931348623157e308", "4.9e-324", "000123.4500", "+5",
		"5.", ".5", "1E5", "1e+05", "3.14159265358979323846",
		/* leading zeros beyond 15 digits: not significant */
		"0000000000000000123.5", "00000000000000000000",
		"0.00000000000000001234567890123456", "-000.0000000000000042",
		"0000000000000000000000999999999999999",
	};
	char s[64];
	size_t i;

	for (i = 0; i < sizeof(fixed) / sizeof(*fixed); i++)
		check_parse(fixed[i]);
	for (i = 0; i < n; i++) {
		uint64_t r = next();
		int digits = 1 + (int)(r % 17), dot = (int)(r >> 8) % 20;
		int ex = (int)(r >> 16) % 60 - 30, j, o = 0;

		if (r >> 40 & 1)
			s[o++] = '-';
		for (j = 0; j < digits; j++) {
			if (j == dot)
				s[o++] = '.';
			s[o++] = (char)('0' + next() % 10);
		}
		if (r >> 41 & 1)
			o += snprintf(s + o, sizeof(s) - (size_t)o, "e%d", ex);
		s[o] = '\0';
		check_parse(s);
	}
	is_int((long)parse_bad, 0, "fast number parsing matches strtod");
}

/* Random short strings: accepted exactly when they match the grammar
 * (and are finite), with strtod's value. */
static void test_random_text(size_t n)
{
	static const char alphabet[] = "0123456789.+-eE, x";
	regex_t re;
	size_t i, bad = 0;

	if (regcomp(&re, "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)"
		    "([eE][+-]?[0-9]+)?$", REG_EXTENDED | REG_NOSUB)) {
		ok(0, "regcomp");
		return;
	}
	for (i = 0; i < n; i++) {
		char t[12];
		size_t len = 1 + next() % 8, j;
		double got, want;
		int rc, valid;

		for (j = 0; j < len; j++)
			t[j] = alphabet[next() % (sizeof(alphabet) - 1)];
		t[len] = '\0';
		rc = fsr_parse_double(t, len, &got);
		valid = regexec(&re, t, 0, NULL, 0) == 0;
		want = valid ? strtod(t, NULL) : 0;
		if (valid && !(fabs(want) <= FSR_VALUE_MAX))
			valid = 0;
		if ((rc == 0) != valid ||
		    (valid && memcmp(&got, &want, sizeof(got)))) {
			if (bad++ < 5)
				printf("# text '%s': rc %d, valid %d\n", t, rc,
				       valid);
		}
	}
	regfree(&re);
	is_int((long)bad, 0, "random text: accepted exactly when a number");
}

static void test_refusals(void)
{
	static const char *const bad[] = {
		"", "-", ".", "e5", "1e", "0x10", "inf", "nan", " 1", "1 ",
		"1e400", "1,5", "1.2.3", "1e5.5", "--1", "+", "1e+", ".e1",
		"1x", "-.", "1e-", "12e3x", "+-1", "1E+-5",
	};
	size_t i, refused = 0;
	double x;

	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		refused += fsr_parse_double(bad[i], strlen(bad[i]), &x) != 0;
	is_int((long)refused, (long)(sizeof(bad) / sizeof(*bad)),
	       "what is not a finite decimal is still refused");
	ok(fsr_parse_double_comma("0,062", 5, &x) == 0 && x == 0.062,
	   "a decimal comma still reads");
}

/* Why a text was refused, as the importers' messages say it. */
static void test_refusal_words(void)
{
	static const struct {
		const char *s, *why; /* why: NULL for the importer's words */
	} cases[] = {
		{ "1e308", "is beyond the range" },
		{ "-2e31", "is beyond the range" },
		{ "1e400", "is beyond the range" },
		{ "nan", NULL }, { "inf", NULL }, { "1,5", NULL }, { "", NULL },
		{ "0x10", NULL }, { "12e3x", NULL },
		{ "1.00000000000000000000000000000"
		  "0000000000000000000000000000000001",
		  "is a number of more than 63 characters" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const char *s = cases[i].s;
		const char *got = fsr_number_refusal(s, strlen(s), "NaN!");
		double x;

		ok(fsr_parse_double(s, strlen(s), &x) != 0 &&
			   (cases[i].why ? !strncmp(got, cases[i].why,
						    strlen(cases[i].why))
					 : !strcmp(got, "NaN!")),
		   "refused '%s': %s", s, got);
	}
}

/* Table cases of the parser and of the fixed-decimal printer. */
static void test_cases(void)
{
	static const struct {
		const char *s;
		int ok;
		double v;
	} cases[] = {
		{ "4983.3", 1, 4983.3 },   { "-1.5e3", 1, -1500 },
		{ "5.1396e-05", 1, 5.1396e-05 }, { "7", 1, 7 },
		{ ".5", 1, 0.5 },          { "+2.", 1, 2 },
		{ "", 0, 0 },              { " 1", 0, 0 },
		{ "1 ", 0, 0 },            { "0x10", 0, 0 },
		{ "inf", 0, 0 },           { "nan", 0, 0 },
		{ "1e", 0, 0 },            { "1,5", 0, 0 },
		{ "1e999", 0, 0 },         { "-", 0, 0 },
	};
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;
	double v;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		int rc = fsr_parse_double(cases[i].s, strlen(cases[i].s), &v);

		if (cases[i].ok)
			ok(rc == 0 && v == cases[i].v, "parse '%s'",
			   cases[i].s);
		else
			ok(rc != 0, "refuse '%s'", cases[i].s);
	}
	ok(fsr_parse_double_comma("0,062", 5, &v) == 0 && v == 0.062,
	   "decimal comma accepted where asked for");
	ok(fsr_parse_double_comma("1.25", 4, &v) == 0 && v == 1.25,
	   "decimal point still accepted with comma parsing");

	fsr_buf_add_fixed(&b, 0.125, 2);
	is_str(b.buf, "0.13", "fixed: half away from zero (0.125)");
	fsr_buf_reset(&b);
	fsr_buf_add_fixed(&b, 2.675, 2);
	is_str(b.buf, "2.68", "fixed: decimal half, not binary (2.675)");
	fsr_buf_reset(&b);
	fsr_buf_add_fixed(&b, -0.125, 2);
	is_str(b.buf, "-0.13", "fixed: negative half away from zero");
	fsr_buf_reset(&b);
	fsr_buf_add_fixed(&b, -0.001, 2);
	is_str(b.buf, "0.00", "fixed: no negative zero");
	fsr_buf_reset(&b);
	fsr_buf_add_fixed(&b, 4548.905, 2);
	is_str(b.buf, "4548.91", "fixed: PTS's mean 4548.905 -> 4548.91");
	fsr_buf_reset(&b);
	fsr_buf_add_double(&b, 0.1);
	is_str(b.buf, "0.1", "double: shortest round trip");
	fsr_buf_reset(&b);
	fsr_buf_add_double(&b, 1.0 / 3);
	v = strtod(b.buf, NULL);
	ok(v == 1.0 / 3, "double: full precision round-trips (%s)", b.buf);
	fsr_buf_release(&b);

	is_int(fsr_count_decimals("4983.30", 7), 2, "decimals of 4983.30");
	is_int(fsr_count_decimals("5", 1), 0, "decimals of 5");
	is_int(fsr_count_decimals("7045.354", 8), 3, "decimals of 7045.354");
	{
		/* Parsing and counting in one pass agrees with both, on
		 * the fast path and the strtod one (> 15 digits, huge
		 * exponents). */
		static const char *const nums[] = {
			"4983.30", "5", "7045.354", "-0.0625", "5.", ".5",
			"1.5e-3", "+2.25E+10", "1.2345678901234567890",
			"123456789012345678.5", "1e30", "9.99e-200", "0",
		};
		size_t k;

		for (k = 0; k < sizeof(nums) / sizeof(nums[0]); k++) {
			const char *t = nums[k];
			double x = -1, y = -2;
			int d = -1, rx, ry;

			rx = fsr_parse_double_dec(t, strlen(t), &x, &d);
			ry = fsr_parse_double(t, strlen(t), &y);
			ok(rx == 0 && ry == 0 && x == y &&
				   d == fsr_count_decimals(t, strlen(t)),
			   "parse with decimals: %s (%d)", t, d);
		}
	}
	{
		/* the accepted range: up to FSR_VALUE_MAX, not a bit more */
		double x;

		ok(fsr_parse_double("1e30", 4, &x) == 0 && x == 1e30 &&
			   fsr_parse_double("-1e30", 5, &x) == 0 &&
			   fsr_parse_double("1.0000000000000001e30", 21,
					    &x) != 0 &&
			   fsr_parse_double("1.7976931348623157e308", 22,
					    &x) != 0 &&
			   fsr_parse_double("1e31", 4, &x) != 0,
		   "numbers above 1e30 are refused");
		ok(fsr_value_in_range(0) && fsr_value_in_range(-0.0) &&
			   fsr_value_in_range(1e-30) &&
			   !fsr_value_in_range(1e-31) &&
			   !fsr_value_in_range(-1e31) &&
			   !fsr_value_in_range(4.9e-324),
		   "the range of a sample: 0, and 1e-30 to 1e30");
	}
}


/* In a locale whose decimal point is a comma, numbers still read and
 * print the "C" way, and the caller's locale is left as it was. */
static void test_comma_locale(void)
{
	static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8" };
	struct fsr_buf b = FSR_BUF_INIT;
	const char *loc = NULL;
	double v = 0;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names) && !loc; i++)
		loc = setlocale(LC_ALL, names[i]);
	if (!loc) {
		printf("ok # skip no de_DE locale (localedef -i de_DE -f "
		       "UTF-8 de_DE.UTF-8)\n");
		return;
	}
	ok(fsr_parse_double("1.5", 3, &v) == 0 && v == 1.5,
	   "%s: '1.5' parses as 1.5", loc);
	ok(fsr_parse_double("1,5", 3, &v) != 0,
	   "%s: '1,5' is still refused by the strict parser", loc);
	fsr_buf_add_fixed(&b, 2.675, 2);
	fsr_buf_addc(&b, ' ');
	fsr_buf_add_double(&b, 5e-324); /* subnormal: the snprintf path */
	fsr_buf_addc(&b, ' ');
	fsr_buf_addf(&b, "%.2f", 1.5);
	is_str(b.buf, "2.68 4.94065645841247e-324 1.50",
	       "%s: fixed, shortest and addf print a point", loc);
	is_str(localeconv()->decimal_point, ",",
	       "%s: the caller's locale is left as it was", loc);
	fsr_buf_release(&b);
	setlocale(LC_ALL, "C");
}

int main(void)
{
	const char *env = getenv("FSR_NUMBERS_N");
	size_t n = env ? (size_t)strtoull(env, NULL, 10) : 200000;

	test_cases();
	test_comma_locale();
	test_print(n);
	test_fixed(n);
	test_parse(n);
	test_random_text(n);
	test_refusals();
	test_refusal_words();
	return done_testing();
}
