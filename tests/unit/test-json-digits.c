/*
 * test-json-digits.c - fsr_json_digits() (render/data/json.c), the
 * precision of a JSON document's samples, now read off lib/numbers.c's
 * shortest printer: it must give, bit for bit, the answer of the rule it
 * replaced and the C library decides: the first of 15 and 16 digits whose
 * "%.*g" strtod() reads back as x, else 17. Random doubles of every
 * exponent, decimals of a few digits (what benchmarks write), their
 * neighbours, and hand cases.
 */
#include "render/render-internal.h"
#include "tap.h"

#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int printf_rule(double x)
{
	char tmp[40];
	int p;

	for (p = 15; p < 17; p++) {
		snprintf(tmp, sizeof(tmp), "%.*g", p, x);
		if (strtod(tmp, NULL) == x)
			break;
	}
	return p;
}

static uint64_t state = 88172645463325252ULL;

static uint64_t next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static double from_bits(uint64_t b)
{
	double x;

	memcpy(&x, &b, sizeof(x));
	return x;
}

static size_t bad;
static double first_bad;

static void check(double x)
{
	if (!isfinite(x))
		return;
	if (fsr_json_digits(x) != printf_rule(x) && !bad++)
		first_bad = x;
}

int main(void)
{
	static const double pow10[] = { 1, 10, 100, 1e3, 1e4, 1e5, 1e6 };
	int counts[18] = { 0 };
	size_t i;

	ok(fsr_json_digits(0.1) == 15, "0.1: 15 digits");
	ok(fsr_json_digits(0.1 + 0.2) == 17,
	   "0.1 + 0.2 (0.30000000000000004): 17 digits");
	ok(fsr_json_digits(1.0 / 3) == printf_rule(1.0 / 3), "1/3");
	ok(fsr_json_digits(4983.3) == 15, "4983.3: 15 digits");
	ok(fsr_json_digits(DBL_MIN / 4) == printf_rule(DBL_MIN / 4),
	   "a subnormal");
	ok(fsr_json_digits(0.0) == 15 && fsr_json_digits(-0.0) == 15,
	   "0 and -0: 15 digits");
	ok(fsr_json_digits(DBL_MAX) == printf_rule(DBL_MAX), "DBL_MAX");
	ok(fsr_json_digits(-2.5e-300) == printf_rule(-2.5e-300), "-2.5e-300");

	/* every bit pattern: all exponents, mostly 17 digits */
	bad = 0;
	for (i = 0; i < 300000; i++)
		check(from_bits(next()));
	ok(bad == 0, "300 000 random bit patterns: the printf rule's answer "
	   "(%zu differ, first %.17g)", bad, first_bad);

	/* decimals of 1 to 17 digits in ranges benchmarks write, and the
	 * doubles next to them */
	bad = 0;
	for (i = 0; i < 300000; i++) {
		int nd = 1 + (int)(next() % 17), k;
		uint64_t lim = 1, m;
		double x, scale;

		for (k = 0; k < nd; k++)
			lim *= 10;
		m = next() % lim;
		scale = pow10[next() % 7];
		x = (double)m / scale;
		if (next() & 1)
			x = -x;
		check(x);
		check(nextafter(x, INFINITY));
		check(nextafter(x, -INFINITY));
		check(x * 1e-9);
		check(x * 1e12);
		if (i < 20000)
			counts[printf_rule(x)]++;
	}
	ok(bad == 0, "300 000 decimals and their neighbours: the printf "
	   "rule's answer (%zu differ, first %.17g)", bad, first_bad);
	ok(counts[15] && counts[16] && counts[17],
	   "the decimals needed 15 (%d), 16 (%d) and 17 (%d) digits",
	   counts[15], counts[16], counts[17]);
	return done_testing();
}
