/*
 * test-numbers.c - the fast paths of fsr_parse_double() and
 * fsr_buf_add_double() (model.c) give bit for bit what strtod() and the
 * printf("%.15g/%.16g/%.17g") round-trip loop give: on exact ties, at
 * powers of two, across magnitudes and on random doubles. The count of
 * random cases is FSR_NUMBERS_N (default 200000; 20000000, four times
 * that many printed values, was run once and agreed everywhere).
 */
#include "../../model/model.h"
#include "tap.h"

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

static void check_parse(const char *s)
{
	double got, want;
	char *end;
	int rc = fsr_parse_double(s, strlen(s), &got);

	want = strtod(s, &end);
	if (rc != 0 || memcmp(&got, &want, sizeof(got))) {
		if (parse_bad++ < 5)
			printf("# parse '%s': rc %d, got %a, want %a\n", s, rc,
			     rc ? 0.0 : got, want);
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
	/* Means of short decimals, like the sample means fsreport prints. */
	for (i = 0; i < n; i++) {
		double s = 0;
		int j;

		for (j = 0; j < 10; j++)
			s += (double)(next() % 10000000) / 1000;
		check_print(s / 10);
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
		if (valid && !isfinite(want))
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

int main(void)
{
	const char *env = getenv("FSR_NUMBERS_N");
	size_t n = env ? (size_t)strtoull(env, NULL, 10) : 200000;

	test_print(n);
	test_parse(n);
	test_random_text(n);
	test_refusals();
	return done_testing();
}
