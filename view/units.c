/*
 * units.c - the unit a result is printed in, chosen once for every
 * output (view.h): the prefix that brings the largest value printed into
 * [1, 10000) (B/s -> MB/s, ns -> ms), or an SI suffix after each number
 * for a unit without prefixes ("315.6k IOPS"). Tables and charts of one
 * result print the same unit.
 */
#include "view.h"

#include <math.h>
#include <string.h>
#include <strings.h>


/*
 * Unit families that take a prefix: the prefixes in increasing order and
 * the base between neighbours. A unit is "<prefix><base><rest>" where
 * base is matched after the prefix (e.g. "M" + "B" + "/s").
 */
struct family {
	const char *const *prefixes;
	size_t n;
	double base;
	const char *const *bases; /* what may follow the prefix */
	int down;                 /* smaller prefixes allowed */
};

static const char *const si_bytes[] = { "", "K", "M", "G", "T", "P" };
static const char *const iec_bytes[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi" };
static const char *const si_bits[] = { "", "k", "M", "G", "T" };
static const char *const si_hz[] = { "", "k", "M", "G", "T" };
static const char *const byte_bases[] = { "B/s", "B/sec", "B", "byte/s",
					  "Byte/s", NULL };
static const char *const si_flops[] = { "", "k", "M", "G", "T", "P" };
static const char *const flops_bases[] = { "flops", "FLOPS", "Flops",
					   "FLOP/s", "flop/s", NULL };
static const char *const bit_bases[] = { "bit/s", "b/s", "bps", "bit",
					 NULL };
static const char *const hz_bases[] = { "Hz", NULL };

static const struct family families[] = {
	/* SI first: a bare "B/s" is decimal; "KiB/s" only matches IEC. */
	{ si_bytes, 6, 1000, byte_bases, 1 },
	{ iec_bytes, 6, 1024, byte_bases, 1 },
	{ si_bits, 5, 1000, bit_bases, 1 },
	{ si_hz, 5, 1000, hz_bases, 1 },
	{ si_flops, 6, 1000, flops_bases, 0 },
};

/* Time units, smallest first; written short or as words. */
static const char *const time_short[] = { "ns", "\xc2\xb5s", "ms", "s" };
static const char *const time_words[] = { "Nanoseconds", "Microseconds",
					  "Milliseconds", "Seconds" };

static const char *const suffixes[] = { "", "k", "M", "G", "T" };

/* Length of the unit's first word (up to a space or '('). */
static size_t first_word(const char *unit)
{
	size_t n = 0;

	while (unit[n] && unit[n] != ' ' && unit[n] != '(')
		n++;
	return n;
}

static int match_family(const char *w, size_t wl, const struct family *f,
			size_t *idx, size_t *base_len)
{
	size_t i, j;

	/* Longest prefix first ("Mi" before ""). */
	for (i = f->n; i-- > 0;) {
		size_t pl = strlen(f->prefixes[i]);

		if (wl < pl || strncmp(w, f->prefixes[i], pl))
			continue;
		for (j = 0; f->bases[j]; j++) {
			size_t bl = strlen(f->bases[j]);

			if (wl - pl == bl && !strncmp(w + pl, f->bases[j], bl)) {
				*idx = i;
				*base_len = bl;
				return 1;
			}
		}
	}
	/* Lower-case kilo is common: "kB/s". */
	if (f->prefixes == si_bytes && wl > 1 && w[0] == 'k') {
		for (j = 0; f->bases[j]; j++) {
			size_t bl = strlen(f->bases[j]);

			if (wl - 1 == bl && !strncmp(w + 1, f->bases[j], bl)) {
				*idx = 1;
				*base_len = bl;
				return 1;
			}
		}
	}
	return 0;
}

/* Move idx within [0, n) so that m lands in [1, 10000); returns the new
 * index and divides or multiplies m accordingly. */
static size_t shift_index(double *m, size_t idx, size_t n, double base,
			  int down)
{
	while (*m >= 10000 && idx + 1 < n) {
		*m /= base;
		idx++;
	}
	while (down && *m > 0 && *m < 1 && idx > 0) {
		*m *= base;
		idx--;
	}
	return idx;
}

static void set_unit(struct fsr_unit_scale *u, const char *a, const char *b,
		     const char *c)
{
	struct fsr_buf t = FSR_BUF_INIT;

	fsr_buf_adds(&t, a);
	fsr_buf_adds(&t, b);
	fsr_buf_adds(&t, c);
	if (t.len >= sizeof(u->unit)) {
		t.len = sizeof(u->unit) - 1;
		t.buf[t.len] = '\0';
	}
	memcpy(u->unit, t.buf, t.len + 1);
	fsr_buf_release(&t);
}

void fsr_unit_scale_choose(const char *unit, double maxabs,
			   struct fsr_unit_scale *u)
{
	size_t wl, i, idx, base_len, n;
	double m = fabs(maxabs);
	const char *rest;

	memset(u, 0, sizeof(*u));
	u->div = 1;
	if (!unit)
		unit = "";
	set_unit(u, unit, "", "");
	if (!isfinite(m) || m == 0)
		return;
	wl = first_word(unit);
	rest = unit + wl;
	/* "Bytes" as a word: shown as KB, MB, ... when it must change. */
	if (wl == 5 && !strncasecmp(unit, "bytes", 5)) {
		idx = shift_index(&m, 0, 6, 1000, 0);
		if (idx) {
			u->shift = (int)idx;
			u->div = pow(1000, (double)idx);
			set_unit(u, si_bytes[idx], "B", rest);
		}
		return;
	}
	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		const struct family *f = &families[i];
		size_t to;
		double mm = m;

		if (!match_family(unit, wl, f, &idx, &base_len))
			continue;
		to = shift_index(&mm, idx, f->n, f->base, f->down);
		if (to == idx)
			return;
		u->shift = (int)to - (int)idx;
		u->div = pow(f->base, u->shift);
		set_unit(u, f->prefixes[to], unit + wl - base_len, "");
		/* unit + wl - base_len is "<base><rest>" */
		return;
	}
	n = sizeof(time_short) / sizeof(time_short[0]);
	for (i = 0; i < n; i++) {
		int word = 0;
		size_t to;
		double mm = m;

		if (wl == strlen(time_short[i]) &&
		    !strncmp(unit, time_short[i], wl))
			word = 0;
		else if (wl == 2 && i == 1 && !strncmp(unit, "us", 2))
			word = 0;
		else if (wl == 3 && i == 3 && !strncmp(unit, "sec", 3))
			word = 0;
		else if (wl == strlen(time_words[i]) &&
			 !strncasecmp(unit, time_words[i], wl))
			word = 1;
		else
			continue;
		to = shift_index(&mm, i, n, 1000, 1);
		if (to == i)
			return;
		u->shift = (int)to - (int)i;
		u->div = pow(1000, u->shift);
		if (word) {
			char w[16];

			memcpy(w, time_words[to], strlen(time_words[to]) + 1);
			if (unit[0] >= 'a' && unit[0] <= 'z')
				w[0] = (char)(w[0] - 'A' + 'a');
			set_unit(u, w, rest, "");
		} else {
			set_unit(u, time_short[to], rest, "");
		}
		return;
	}
	/* Anything else ("IOPS", "Files/s"): a suffix on large numbers. */
	idx = shift_index(&m, 0, sizeof(suffixes) / sizeof(suffixes[0]),
			  1000, 0);
	if (idx) {
		u->shift = (int)idx;
		u->div = pow(1000, (double)idx);
		memcpy(u->suffix, suffixes[idx], strlen(suffixes[idx]) + 1);
	}
}

void fsr_view_result_unit(const struct fsr_result *res, double maxabs,
			  struct fsr_unit_scale *u)
{
	fsr_unit_scale_choose(res->unit, maxabs, u);
	/* a prefix would print another unit than the tables' */
	if (u->shift && !*u->suffix)
		fsr_unit_scale_choose(res->unit, 0, u);
}

size_t fsr_number_suffix(double *m, const char **suffix)
{
	size_t k = shift_index(m, 0, sizeof(suffixes) / sizeof(suffixes[0]),
			       1000, 0);

	*suffix = suffixes[k];
	return k;
}
