/*
 * tap.h - the smallest TAP producer: every check prints "ok N - what" or
 * "not ok N - what"; done_testing() prints the plan and returns the exit
 * status. tests/run.sh counts the lines.
 *
 *	ok(x == 1, "x is one");
 *	is_int(n, 3, "three samples");
 *	is_double(m, 4101.4, 1e-10, "mean of a");
 *	is_str(s, "abc", "label");
 *	return done_testing();
 */
#ifndef FSR_TAP_H
#define FSR_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

__attribute__((format(printf, 2, 3))) static int ok(int cond,
						     const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

#define is_int(got, want, ...)                                          \
	do {                                                            \
		long long g_ = (long long)(got), w_ = (long long)(want); \
		if (!ok(g_ == w_, __VA_ARGS__))                         \
			printf("#   got %lld, want %lld\n", g_, w_);       \
	} while (0)

/* Relative tolerance rel (absolute when want is 0); NAN equals NAN. */
#define is_double(got, want, rel, ...)                                   \
	do {                                                             \
		double g_ = (got), w_ = (want);                          \
		int c_ = (isnan(g_) && isnan(w_)) ||                     \
			 (isinf(w_) && g_ == w_) ||                      \
			 fabs(g_ - w_) <= (rel) * (w_ != 0 ? fabs(w_) : 1); \
		if (!ok(c_, __VA_ARGS__))                                \
			printf("#   got %.17g, want %.17g\n", g_, w_);      \
	} while (0)

#define is_str(got, want, ...)                                          \
	do {                                                            \
		const char *g_ = (got), *w_ = (want);                   \
		int c_ = (g_ && w_) ? !strcmp(g_, w_) : g_ == w_;       \
		if (!ok(c_, __VA_ARGS__))                               \
			printf("#   got '%s', want '%s'\n",                 \
			       g_ ? g_ : "(null)", w_ ? w_ : "(null)");   \
	} while (0)

static int done_testing(void)
{
	printf("1..%d\n", tap_n);
	if (tap_n == 0) {
		printf("not ok - no test ran\n");
		return 1;
	}
	return tap_failed ? 1 : 0;
}

#endif
