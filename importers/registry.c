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
	{ "pts", fsr_pts_probe, fsr_pts_import },
	{ "csv", fsr_csv_probe, fsr_csv_import },
	{ "postmark", fsr_postmark_probe, fsr_postmark_import },
	{ "timing", fsr_timing_probe, fsr_timing_import },
	{ "fio", fsr_fio_probe, fsr_fio_import },
	{ "hyperfine", fsr_hyperfine_probe, fsr_hyperfine_import },
	{ "fsreport-xml", fsr_fsrxml_probe, fsr_fsrxml_import },
	{ "fsreport-json", fsr_fsrjson_probe, fsr_fsrjson_import },
	{ NULL, NULL, NULL },
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

int fsr_read_file(const char *path, size_t max, char **out, size_t *len,
		  struct fsr_diag *d)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char chunk[65536];
	FILE *fp;
	size_t n;

	fp = fopen(path, "rb");
	if (!fp)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open: %s", strerror(errno));
	/* Refuse a huge file before reading it, not after max bytes were
	 * allocated; the loop below still bounds what is not a file. */
	{
		struct stat sb;

		if (fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode) &&
		    (unsigned long long)sb.st_size > max) {
			fclose(fp);
			return fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
					    "file larger than %zu bytes", max);
		}
	}
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
		if (b.len + n > max) {
			fclose(fp);
			fsr_buf_release(&b);
			return fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
					    "file larger than %zu bytes", max);
		}
		fsr_buf_add(&b, chunk, n);
	}
	if (ferror(fp)) {
		int e = errno;

		fclose(fp);
		fsr_buf_release(&b);
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "read error: %s", strerror(e));
	}
	fclose(fp);
	*len = b.len;
	*out = fsr_buf_detach(&b);
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
