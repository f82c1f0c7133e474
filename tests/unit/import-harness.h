/*
 * import-harness.h - what the unit tests of one text importer share:
 * load a file with it (warnings collected in w, the error in d), find a
 * cell by arguments and description, probe a file, list the importers
 * that claim it, and write a scratch file under tmpdir. Define
 * HARNESS_IMPORT (the import function) and HARNESS_NAME (for tmpdir)
 * before including it, once per test program.
 */
#ifndef FSR_IMPORT_HARNESS_H
#define FSR_IMPORT_HARNESS_H

#include "importers/importer.h"
#include "importers/importer-internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define HARNESS_UNUSED __attribute__((unused))

struct warns {
	int n, line;
	char msg[600];
};

static HARNESS_UNUSED void on_warn(void *data, const char *file, int line, const char *msg)
{
	struct warns *w = data;

	w->n++;
	w->line = line;
	snprintf(w->msg, sizeof(w->msg), "%s:%d: %s", file, line, msg);
}

static HARNESS_UNUSED struct warns w;
static HARNESS_UNUSED struct fsr_diag d;

static HARNESS_UNUSED struct fsr_report *load(const char *path, int *rc)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_import_ctx ctx;

	memset(&w, 0, sizeof(w));
	fsr_diag_clear(&d);
	memset(&ctx, 0, sizeof(ctx));
	ctx.path = path;
	ctx.warn = on_warn;
	ctx.warn_data = &w;
	fsr_report_add_runset(r, "rs", path, 0);
	*rc = HARNESS_IMPORT(&ctx, path, r, &d);
	return r;
}

static HARNESS_UNUSED const struct fsr_cell *cell(const struct fsr_report *r,
				   const char *args, const char *desc)
{
	size_t i;

	for (i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i]->arguments, args) &&
		    !strcmp(r->results[i]->description, desc))
			return r->results[i]->n_cells ?
				       &r->results[i]->cells[0] : NULL;
	return NULL;
}

static HARNESS_UNUSED double sample(const struct fsr_report *r, const char *args,
		     const char *desc, size_t k)
{
	const struct fsr_cell *c = cell(r, args, desc);

	return c && k < c->n ? c->samples[k] : NAN;
}

static HARNESS_UNUSED int probe_file(const char *path, int (*probe)(const unsigned char *,
						     size_t))
{
	static unsigned char head[FSR_PROBE_BYTES];
	size_t n;
	FILE *fp = fopen(path, "rb");

	if (!fp)
		return -1;
	n = fread(head, 1, sizeof(head), fp);
	fclose(fp);
	return probe(head, n);
}

static HARNESS_UNUSED const char *claims_of(const char *path)
{
	static unsigned char head[FSR_PROBE_BYTES];
	static char out[128];
	const struct fsr_importer *imp[8];
	size_t n, k, i;
	FILE *fp = fopen(path, "rb");

	if (!fp)
		return "(cannot open)";
	n = fread(head, 1, sizeof(head), fp);
	fclose(fp);
	k = fsr_importer_probe_claims(head, n, imp, 8);
	out[0] = '\0';
	for (i = 0; i < k && i < 8; i++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%s",
			 i ? "," : "", imp[i]->name);
	return out;
}

static HARNESS_UNUSED char tmpdir[] = "/tmp/fsr-test-" HARNESS_NAME ".XXXXXX";

static HARNESS_UNUSED const char *write_tmp(const char *name, const char *text)
{
	static char path[8][256];
	static int k;
	char *p = path[k++ % 8];
	FILE *fp;

	snprintf(p, 256, "%s/%s", tmpdir, name);
	fp = fopen(p, "wb");
	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
	return p;
}

#endif
