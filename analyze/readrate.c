/*
 * readrate.c - a read rate the device cannot have given (issue 37;
 * analyze.h, docs/methods.md "Impossible read rates"): above the
 * device's ceiling that a run folder's system.txt states
 * (device_max_read_mbs: MB/s), or measured on a file smaller than the
 * system's memory (system.txt memory_mb, or PTS's "Memory" hardware
 * field), where buffered reads come from the page cache (PTS issue 417:
 * an IOzone "disk read" of 11.7 GB/s on four hard disks). Flags only.
 */
#include "analyze.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Bytes per second of one unit of a rate, or 0 when unit is none. */
static double rate_factor(const char *unit)
{
	static const struct {
		const char *u;
		double f;
	} units[] = {
		{ "B/s", 1 },         { "KB/s", 1e3 },
		{ "kB/s", 1e3 },      { "KiB/s", 1024 },
		{ "MB/s", 1e6 },      { "MiB/s", 1048576 },
		{ "GB/s", 1e9 },      { "GiB/s", 1073741824.0 },
		{ "kBytes/sec", 1024 }, /* iozone's own (KiB) */
	};
	size_t i;

	for (i = 0; unit && i < sizeof(units) / sizeof(*units); i++)
		if (!strcmp(unit, units[i].u))
			return units[i].f;
	return 0;
}

/* Whether s contains word w, case-insensitively. The first letter is
 * compared before strncasecmp() is called: a call at every byte of a
 * description was 23 M of the 523 M of show --format csv of 2 000
 * results. */
static int has(const char *s, const char *w)
{
	size_t n = strlen(w);
	int c = tolower((unsigned char)*w);

	if (!n)
		return s && *s;
	for (; s && *s; s++)
		if (tolower((unsigned char)*s) == c && !strncasecmp(s, w, n))
			return 1;
	return 0;
}

/* A size "512MB", "64 KiB", "2 GB", "16384 MB" at s in MiB; NAN when
 * none. */
static double size_mib(const char *s)
{
	char *end;
	double x;

	while (*s == ' ' || *s == ':')
		s++;
	x = strtod(s, &end);
	if (end == s || !(x >= 0))
		return NAN;
	while (*end == ' ')
		end++;
	switch (toupper((unsigned char)*end)) {
	case 'K':
		return x / 1024;
	case 'M':
		return x;
	case 'G':
		return x * 1024;
	case 'T':
		return x * 1048576;
	}
	return NAN;
}

/* The file size a description names ("file size 64 KiB", PTS's "File
 * Size: 512MB"), in MiB; NAN when none. */
static double file_mib(const char *desc)
{
	const char *p;

	for (p = desc; p && *p; p++) /* the first letter before the call */
		if ((*p == 'f' || *p == 'F') && !strncasecmp(p, "file size", 9))
			return size_mib(p + 9);
	return NAN;
}

/* The system's memory in MiB: system.txt memory_mb, else PTS's
 * "Memory" ("16384MB", "2 x 8192 MB DDR4"); NAN when unknown. */
static double memory_mib(const struct fsr_system *sys)
{
	const char *m = fsr_kvlist_get(&sys->info, "memory_mb");
	const char *x;
	double n;
	char *end;

	if (m) {
		n = strtod(m, &end);
		return end != m && n > 0 ? n : NAN;
	}
	m = fsr_kvlist_get(&sys->hw, "Memory");
	if (!m)
		return NAN;
	x = strstr(m, " x ");
	if (x) {
		n = strtod(m, &end);
		if (end == m || !(n > 0))
			return NAN;
		return n * size_mib(x + 3);
	}
	return size_mib(m);
}

/* The value of option key in a fio job's options "rw=read, bs=1M,
 * size=256M, direct=0" (importers/fio.c's meta: the global options,
 * then the job's, which override them), copied into v[0..n): the last
 * one given; 0 when absent. */
static int fio_option(const char *opts, const char *key, char *v, size_t n)
{
	size_t k = strlen(key), len;
	const char *p = opts;
	int found = 0;

	while (p && *p) {
		if (!strncmp(p, key, k) && p[k] == '=') {
			len = strcspn(p + k + 1, ",");
			if (len < n) {
				memcpy(v, p + k + 1, len);
				v[len] = '\0';
				found = 1;
			} else {
				found = 0;
			}
		}
		p = strstr(p, ", ");
		if (p)
			p += 2;
	}
	return found;
}

/* A fio size ("256M", "4g", "1GiB", "1048576": bytes; fio's default
 * kb_base 1024) in MiB; NAN for a range, a percentage or anything
 * else. */
static double fio_size_mib(const char *s)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || !(x >= 0))
		return NAN;
	switch (toupper((unsigned char)*end)) {
	case '\0':
		return x / 1048576;
	case 'K':
		x /= 1024;
		break;
	case 'M':
		break;
	case 'G':
		x *= 1024;
		break;
	case 'T':
		x *= 1048576;
		break;
	case 'P':
		x *= 1073741824.0;
		break;
	default:
		return NAN;
	}
	end++;
	if (*end == 'i' || *end == 'I')
		end++;
	if (*end == 'b' || *end == 'B')
		end++;
	return *end ? NAN : x;
}

/* For a fio read result ("JOB: read bandwidth"/"JOB: read IOPS") of a
 * job whose options its system kept: whether it read buffered, the size
 * of its files together in MiB (NAN when unknown) and its jobs. */
static int fio_buffered_read(const struct fsr_system *sys,
			     const struct fsr_result *res, double *mib,
			     unsigned *jobs)
{
	const char *desc = res->description;
	char v[64];
	size_t i;

	if (!res->test || strcmp(res->test, "fio") || !desc)
		return 0;
	for (i = 0; i < sys->meta.n; i++) {
		const char *k = sys->meta.items[i].key;
		const char *opts = sys->meta.items[i].value;
		size_t n;
		double nj = 1;

		if (strncmp(k, "fio job ", 8))
			continue;
		k += 8;
		n = strlen(k);
		if (strncmp(desc, k, n) || strncmp(desc + n, ": read ", 7))
			continue;
		if (fio_option(opts, "direct", v, sizeof(v)) && atoi(v))
			return 0;
		if (fio_option(opts, "buffered", v, sizeof(v)) && !atoi(v))
			return 0;
		*mib = NAN;
		if (fio_option(opts, "filesize", v, sizeof(v)) ||
		    fio_option(opts, "size", v, sizeof(v)))
			*mib = fio_size_mib(v);
		if (fio_option(opts, "numjobs", v, sizeof(v)))
			nj = atof(v);
		if (!(nj >= 1 && nj < 1e6))
			return 0;
		*jobs = (unsigned)nj;
		*mib *= *jobs;
		return 1;
	}
	return 0;
}

void fsr_read_rate(const struct fsr_report *r, const struct fsr_result *res,
		   const struct fsr_cell *c, double mean,
		   struct fsr_read_rate *out)
{
	const struct fsr_system *sys = &r->systems[c->system];
	const char *desc = *res->description ? res->description : res->title;
	const char *ceil = fsr_kvlist_get(&sys->info, "device_max_read_mbs");
	double f = rate_factor(res->unit);

	double fio_mib;
	unsigned jobs = 0;

	out->flagged = 0;
	out->fio_jobs = 0;
	out->rate_mbs = out->ceiling_mbs = out->file_mib = NAN;
	out->memory_mib = NAN;
	/* fio's buffered reads: IOPS too, not only rates */
	if (isfinite(mean) && res->unit &&
	    (f || !strcmp(res->unit, "IOPS")) &&
	    fio_buffered_read(sys, res, &fio_mib, &jobs)) {
		if (f)
			out->rate_mbs = mean * f / 1e6;
		out->memory_mib = memory_mib(sys);
		out->file_mib = fio_mib;
		if (fio_mib < out->memory_mib) {
			out->flagged |= FSR_RATE_FILE_IN_RAM;
			out->fio_jobs = jobs;
		}
	}
	if (!f || !isfinite(mean) || !desc || !has(desc, "read") ||
	    has(desc, "write"))
		return;
	out->rate_mbs = mean * f / 1e6;
	if (ceil) {
		char *end;
		double x = strtod(ceil, &end);

		if (end != ceil && x > 0) {
			out->ceiling_mbs = x;
			if (out->rate_mbs > x)
				out->flagged |= FSR_RATE_ABOVE_DEVICE;
		}
	}
	if (out->fio_jobs)
		return;
	out->file_mib = file_mib(desc);
	out->memory_mib = memory_mib(sys);
	if (out->file_mib < out->memory_mib)
		out->flagged |= FSR_RATE_FILE_IN_RAM;
}
