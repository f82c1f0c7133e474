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

/*
 * The numbers fsreport accepts as data: 0, and magnitudes from
 * FSR_VALUE_MIN to FSR_VALUE_MAX (docs/formats.md, "The range of a
 * value"). Beyond them the statistics lose their footing in doubles
 * (the Welch degrees of freedom take s^4, which overflows from about
 * 1e77 and underflows to 0 below 1e-77; ratios of extremes square to
 * more), so they are refused where they are read: a number above
 * FSR_VALUE_MAX when it is parsed here (the importer names its line),
 * and every sample an importer stores, whatever parsed it (jansson,
 * a quotient), by fsr_report_value_out_of_range() (model.h).
 */
#define FSR_VALUE_MAX 1e30
#define FSR_VALUE_MIN 1e-30
/* Non-zero when x is 0 or FSR_VALUE_MIN <= |x| <= FSR_VALUE_MAX. */
int fsr_value_in_range(double x);

/* qsort()'s comparison of two doubles, ascending (-1, 0 or 1; 0 when
 * either is NaN). */
int fsr_cmp_double(const void *a, const void *b);

/* Parse a whole decimal number (optional sign, digits, '.', exponent).
 * Returns 0 and sets *out, or -1 when s[0..len) is not exactly a number
 * ("0x10", "inf", "nan", blanks and magnitudes above FSR_VALUE_MAX are
 * refused; a tiny one is left to the sample check, as it may be a
 * divisor). */
int fsr_parse_double(const char *s, size_t len, double *out);
/* Why fsr_parse_double() refused s[0..len), for a message: "is beyond
 * the range fsreport accepts (...)" for a number too large, "is a number
 * of more than 63 characters", else not_a_number (the importer's words,
 * "is not a number"). */
const char *fsr_number_refusal(const char *s, size_t len,
			       const char *not_a_number);
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
