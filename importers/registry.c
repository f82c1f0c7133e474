/*
 * registry.c - the table of importers, and what every importer shares:
 * probing, reading a file whole, iterating its lines.
 */
#include "importer.h"
#include "importer-internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


const struct fsr_importer fsr_importers[] = {
	{ .name = "pts", .probe = fsr_pts_probe,
	  .import = fsr_pts_import },
	{ .name = "csv", .probe = fsr_csv_probe,
	  .import = fsr_csv_import },
	{ .name = "postmark", .probe = fsr_postmark_probe,
	  .import = fsr_postmark_import },
	{ .name = "timing", .probe = fsr_timing_probe,
	  .import = fsr_timing_import },
	{ .name = "fio", .probe = fsr_fio_probe,
	  .import = fsr_fio_import },
	{ .name = "fio-text", .probe = fsr_fio_text_probe,
	  .import = fsr_fio_text_import },
	{ .name = "fio-hist-log", .probe = fsr_fio_hist_log_probe,
	  .import = fsr_fio_hist_log_import },
	{ .name = "fio-lat-log", .probe = fsr_fio_lat_log_probe,
	  .import = fsr_fio_lat_log_import },
	{ .name = "hyperfine", .probe = fsr_hyperfine_probe,
	  .import = fsr_hyperfine_import },
	{ .name = "dbench", .probe = fsr_dbench_probe,
	  .import = fsr_dbench_import },
	{ .name = "fs_mark", .probe = fsr_fs_mark_probe,
	  .import = fsr_fs_mark_import },
	{ .name = "bonnie", .probe = fsr_bonnie_probe,
	  .import = fsr_bonnie_import },
	{ .name = "sysbench", .probe = fsr_sysbench_probe,
	  .import = fsr_sysbench_import },
	{ .name = "iozone", .probe = fsr_iozone_probe,
	  .import = fsr_iozone_import },
	{ .name = "filebench", .probe = fsr_filebench_probe,
	  .import = fsr_filebench_import },
	{ .name = "ioping", .probe = fsr_ioping_probe,
	  .import = fsr_ioping_import },
	{ .name = "fsreport-xml", .probe = fsr_fsrxml_probe,
	  .import = fsr_fsrxml_import },
	{ .name = "fsreport-json", .probe = fsr_fsrjson_probe,
	  .import = fsr_fsrjson_import },
	{ .name = NULL },
};

const struct fsr_importer *fsr_importer_probe(const unsigned char *head,
					      size_t n)
{
	const struct fsr_importer *best = NULL, *imp;
	int best_score = 0;

	for (imp = fsr_importers; imp->name; imp++) {
		int s = imp->probe(head, n);

		if (s > best_score) {
			best_score = s;
			best = imp;
		}
		/* 100 is certain and ties keep the first: the probes after
		 * it cannot change the answer, and in a folder of a thousand
		 * files they were half of the import (BENCHMARKS.md). */
		if (best_score >= 100)
			break;
	}
	return best;
}

size_t fsr_importer_probe_claims(const unsigned char *head, size_t n,
				 const struct fsr_importer **out, size_t max)
{
	const struct fsr_importer *imp, *guess = NULL;
	size_t cap = max < 64 ? max : 64, used = 0, k = 0, i;
	int score[64], guess_score = 0;

	for (imp = fsr_importers; imp->name; imp++) {
		int s = imp->probe(head, n);

		if (s >= 100) { /* certain: nobody else's */
			if (max)
				out[0] = imp;
			return 1;
		}
		if (s < FSR_PROBE_CLAIM) {
			if (s > guess_score) {
				guess_score = s;
				guess = imp;
			}
			continue;
		}
		k++;
		/* keep the surest cap claims, surest first (ties: table
		 * order) */
		if (used < cap)
			used++;
		else if (!cap || score[cap - 1] >= s)
			continue;
		for (i = used - 1; i > 0 && score[i - 1] < s; i--) {
			out[i] = out[i - 1];
			score[i] = score[i - 1];
		}
		out[i] = imp;
		score[i] = s;
	}
	if (k)
		return k;
	if (guess && max)
		out[0] = guess;
	return guess ? 1 : 0;
}

const struct fsr_importer *fsr_importer_find(const char *name)
{
	const struct fsr_importer *imp;

	for (imp = fsr_importers; imp->name; imp++)
		if (!strcmp(imp->name, name))
			return imp;
	return NULL;
}

void fsr_import_warn(const struct fsr_import_ctx *ctx, int line,
		     const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (!ctx || !ctx->warn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ctx->warn(ctx->warn_data, ctx->path, line, msg);
}

int fsr_check_file_size(const char *path, size_t max, struct fsr_diag *d)
{
	struct stat sb;

	if (stat(path, &sb) != 0)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open: %s", strerror(errno));
	if (S_ISREG(sb.st_mode) && (unsigned long long)sb.st_size > max)
		return fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
				    "file larger than %zu bytes", max);
	return 0;
}

/* Grow *buf to hold want bytes; FSR_ENOMEM (d set) when malloc fails. */
static int read_grow(char **buf, size_t *cap, size_t want, const char *path,
		     struct fsr_diag *d)
{
	size_t n = *cap ? *cap : want;
	char *p;

	if (want <= *cap)
		return 0;
	while (n < want)
		n *= 2;
	p = realloc(*buf, n);
	if (!p)
		return fsr_diag_set(d, FSR_ENOMEM, path, 0, 0,
				    "out of memory reading the file (%zu "
				    "bytes)", want);
	*buf = p;
	*cap = n;
	return 0;
}

int fsr_read_file(const char *path, size_t max, char **out, size_t *len,
		  struct fsr_diag *d)
{
	char *buf = NULL;
	size_t n, used = 0, cap = 0;
	struct stat sb;
	FILE *fp;
	int rc = 0;

	fp = fopen(path, "rb");
	if (!fp)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open: %s", strerror(errno));
	/* Refuse a huge file before reading it, not after max bytes were
	 * allocated; the loop below still bounds what is not a file. A
	 * regular file gets its size at once (memory is its size). */
	if (fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode)) {
		if ((unsigned long long)sb.st_size > max) {
			fclose(fp);
			return fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
					    "file larger than %zu bytes", max);
		}
		rc = read_grow(&buf, &cap, (size_t)sb.st_size + 1, path, d);
	}
	while (!rc) {
		char probe;

		/* Full (a regular file read to its size): grow only when
		 * one more byte comes (a file that grew meanwhile). */
		if (cap && used + 1 == cap) {
			if (fread(&probe, 1, 1, fp) != 1)
				break;
			if (used + 1 > max) {
				rc = fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
						  "file larger than %zu bytes",
						  max);
				break;
			}
			rc = read_grow(&buf, &cap, used + 2, path, d);
			if (rc)
				break;
			buf[used++] = probe;
			continue;
		}
		rc = read_grow(&buf, &cap, used + 4096 + 1, path, d);
		if (rc)
			break;
		n = fread(buf + used, 1, cap - used - 1, fp);
		if (n == 0)
			break;
		if (used + n > max) {
			rc = fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
					  "file larger than %zu bytes", max);
			break;
		}
		used += n;
	}
	if (!rc && ferror(fp))
		rc = fsr_diag_set(d, FSR_EIO, path, 0, 0, "read error: %s",
				  strerror(errno));
	fclose(fp);
	if (rc) {
		free(buf);
		return rc;
	}
	buf[used] = '\0';
	*len = used;
	*out = buf;
	return 0;
}

void fsr_lines_init(struct fsr_lines *it, const char *buf, size_t len)
{
	it->p = buf;
	it->end = buf + len;
	it->lineno = 0;
	it->newlines = 0;
}

int fsr_lines_next(struct fsr_lines *it, const char **line, size_t *len)
{
	const char *s = it->p, *e;

	if (s >= it->end)
		return 0;
	for (e = s; e < it->end && *e != '\n' && *e != '\r'; e++)
		;
	*line = s;
	*len = (size_t)(e - s);
	it->lineno = it->newlines + 1;
	if (e < it->end && *e == '\r' && e + 1 < it->end && e[1] == '\n')
		e++;
	if (e < it->end && *e == '\n')
		it->newlines++;
	it->p = e < it->end ? e + 1 : e;
	return 1;
}
