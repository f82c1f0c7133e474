/*
 * series.h - the few summaries render/ used to compute itself (issue
 * 31: no renderer computes a mean): the min, max and mean of a PTS line
 * graph's values, and the level of a trend's segment.
 */
#ifndef FSR_SERIES_H
#define FSR_SERIES_H

#include "changepoint.h"

#include <stddef.h>

/* The smallest, largest and mean of the ','-separated numbers of s (a
 * PTS line graph's values, each read as PHP's is_numeric() reads it):
 * 1 with them and their count *n, 0 when a part is no number. The mean
 * is the sum in order over n, as PTS's AVG. */
int fsr_series_stats(const char *s, double *min, double *max, double *mean,
		     size_t *n);

/* The level of a trend's segment drawn from point first to point last
 * (inclusive): the mean of the means of the points with data between,
 * in order; NAN when none has data. */
double fsr_trend_segment_level(const struct fsr_trend_row *row, size_t first,
			       size_t last);

#endif
