/*
 * numbers.h - locale-free number parsing and printing.
 *
 * Numbers are read and written by the "C" rules whatever locale the
 * process runs in, and bit for bit what strtod() and printf() give in the
 * "C" locale (fast exact paths for the common cases, the C library for
 * the rest; tests/unit/test-numbers.c checks both against each other).
 */
#ifndef FSR_LIB_NUMBERS_H
#define FSR_LIB_NUMBERS_H

#include <stddef.h>

#include "strbuf.h"

/* Parse a whole decimal number (optional sign, digits, '.', exponent).
 * Returns 0 and sets *out, or -1 when s[0..len) is not exactly a number
 * ("0x10", "inf", "nan", blanks and out-of-range values are refused). */
int fsr_parse_double(const char *s, size_t len, double *out);
/* The same, and *decimals set as fsr_count_decimals(s, len) would (in
 * one pass over the text). */
int fsr_parse_double_dec(const char *s, size_t len, double *out,
			 int *decimals);
/* Like fsr_parse_double, but also accepts a decimal comma ("0,062"). */
int fsr_parse_double_comma(const char *s, size_t len, double *out);
/* Print x with %.17g-style shortest round-trip precision ("C" locale). */
void fsr_buf_add_double(struct fsr_buf *b, double x);
/* Print x with a fixed number of decimals, rounding half away from zero
 * on the decimal value as written (so 0.125 -> "0.13"). */
void fsr_buf_add_fixed(struct fsr_buf *b, double x, int decimals);
/* Count the decimals written in a number ("4983.30" -> 2, "5" -> 0). */
int fsr_count_decimals(const char *s, size_t len);

#endif
