/*
 * series.c - a PTS line graph's min, max and mean, a trend segment's
 * level (series.h).
 */
#include "series.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* PHP's is_numeric() for the texts a result file holds. */
static int numeric(const char *s, size_t len, double *x)
{
	while (len && strchr(" \t\n\r\v\f", s[len - 1]))
		len--;
	while (len && strchr(" \t\n\r\v\f", *s))
		s++, len--;
	return len && fsr_parse_double(s, len, x) == 0;
}

int fsr_series_stats(const char *s, double *min, double *max, double *mean,
		     size_t *n)
{
	double sum = 0;

	*n = 0;
	for (;;) {
		const char *e = strchr(s, ',');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		double x;

		if (!numeric(s, len, &x))
			return 0;
		if (!*n || x < *min)
			*min = x;
		if (!*n || x > *max)
			*max = x;
		sum += x;
		(*n)++;
		if (!e)
			break;
		s = e + 1;
	}
	*mean = sum / (double)*n;
	return 1;
}

double fsr_trend_segment_level(const struct fsr_trend_row *row, size_t first,
			       size_t last)
{
	double sum = 0;
	size_t i, k = 0;

	if (first > last || last == SIZE_MAX)
		return NAN;
	for (i = first; i <= last; i++)
		if (row->points[i].s) {
			sum += row->points[i].s->mean;
			k++;
		}
	return k ? sum / (double)k : NAN;
}
