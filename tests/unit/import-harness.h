/*
 * import-harness.h - what the unit tests of one text importer share:
 * load a file with it (warnings collected in w, the error in d), find a
 * cell by arguments and description, a result by description and unit,
 * probe a file, list the importers that claim it, and write a scratch
 * file under tmpdir (harness_begin() makes it, harness_end() removes it
 * and ends the TAP output). Define HARNESS_IMPORT (the import function)
 * and HARNESS_NAME (for tmpdir) before including it, once per test
 * program.
 */
#ifndef FSR_IMPORT_HARNESS_H
#define FSR_IMPORT_HARNESS_H

#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HARNESS_UNUSED __attribute__((unused))
#ifndef HARNESS_RUNSET /* the name of the run set files are loaded into */
#define HARNESS_RUNSET "rs"
#endif

struct warns {
	int n, line;
	char msg[600];  /* "file:line: message" */
	char text[600]; /* the message alone */
};

static HARNESS_UNUSED void on_warn(void *data, const char *file, int line, const char *msg)
{
	struct warns *w = data;

	w->n++;
	w->line = line;
	snprintf(w->msg, sizeof(w->msg), "%s:%d: %s", file, line, msg);
	snprintf(w->text, sizeof(w->text), "%s", msg);
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
	fsr_report_add_runset(r, HARNESS_RUNSET, path, 0);
	*rc = HARNESS_IMPORT(&ctx, path, r, &d);
	return r;
}

#ifndef HARNESS_OWN_CELL /* a test that finds cells its own way */
/* The first cell of the result of args (NULL: any) and desc, or NULL. */
static HARNESS_UNUSED const struct fsr_cell *cell(const struct fsr_report *r,
				   const char *args, const char *desc)
{
	size_t i;

	for (i = 0; i < r->n_results; i++)
		if ((!args || !strcmp(r->results[i]->arguments, args)) &&
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
#endif

/* load(), then NULL when the import failed (rc, d say why), or the
 * report with its labels finished. */
static HARNESS_UNUSED struct fsr_report *load_labelled(const char *path,
						       int *rc)
{
	struct fsr_report *r = load(path, rc);

	if (*rc) {
		fsr_report_free(r);
		return NULL;
	}
	fsr_report_finish_labels(r);
	return r;
}

/* The result of desc in unit, or NULL. */
static HARNESS_UNUSED const struct fsr_result *find(const struct fsr_report *r,
						    const char *desc,
						    const char *unit)
{
	size_t i;

	for (i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i]->description, desc) &&
		    !strcmp(r->results[i]->unit, unit))
			return r->results[i];
	return NULL;
}

/* Sample k of that result's first cell, or NAN. */
static HARNESS_UNUSED double unit_sample(const struct fsr_report *r,
					 const char *desc, const char *unit,
					 size_t k)
{
	const struct fsr_result *res = find(r, desc, unit);

	if (!res || !res->n_cells || res->cells[0].n <= k)
		return NAN;
	return res->cells[0].samples[k];
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

typedef int (*harness_probe_fn)(const unsigned char *, size_t);

/* Each of files[0..n): probe gives it score (at least -score when score
 * is negative), and the importer called name alone claims it. */
static HARNESS_UNUSED void probe_each(const char *const *files, size_t n,
				      harness_probe_fn probe, int score,
				      const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int got = probe_file(files[i], probe);

		if (score >= 0)
			is_int(got, score, "%s: %s's probe", files[i], name);
		else
			ok(got >= -score, "%s: %s's probe says %d", files[i],
			   name, got);
		is_str(claims_of(files[i]), name, "%s: %s alone claims it",
		       files[i], name);
	}
}

/* The registry gives path to the importer called name. */
static HARNESS_UNUSED void registry_picks(const char *path, const char *name)
{
	static unsigned char head[FSR_PROBE_BYTES];
	const struct fsr_importer *imp;
	FILE *fp = fopen(path, "rb");
	size_t n = fp ? fread(head, 1, sizeof(head), fp) : 0;

	if (fp)
		fclose(fp);
	imp = fsr_importer_probe(head, n);
	is_str(imp ? imp->name : NULL, name, "probe: %s", path);
}

/* probe (of the importer called name) does not claim path at all. */
static HARNESS_UNUSED void not_claimed(const char *path,
				       harness_probe_fn probe,
				       const char *name)
{
	is_int(probe_file(path, probe), 0, "%s does not claim %s", name, path);
}

/* load_labelled(path) fails with FSR_EINPUT, message want at line;
 * path is unlinked. */
static HARNESS_UNUSED void expect_refused(const char *path, const char *want,
					  int line, const char *what)
{
	struct fsr_report *r;
	int rc;

	r = load_labelled(path, &rc);
	ok(r == NULL && rc == FSR_EINPUT, "%s: refused", what);
	is_str(d.msg, want, "%s: message", what);
	is_int(d.line, line, "%s: line", what);
	fsr_report_free(r);
	unlink(path);
}

/* load(path) fails with FSR_EINPUT at line. */
static HARNESS_UNUSED void expect_input_error(const char *path, int line,
					      const char *what)
{
	int rc;
	struct fsr_report *r = load(path, &rc);

	is_int(rc, FSR_EINPUT, "%s: an input error", what);
	is_int(d.line, line, "%s: at its line", what);
	fsr_report_free(r);
}

static HARNESS_UNUSED char tmpdir[] = "/tmp/fsr-test-" HARNESS_NAME ".XXXXXX";

static HARNESS_UNUSED const char *write_tmp(const char *name, const char *text)
{
	static char path[16][256];
	static int k;
	char *p = path[k++ % 16];
	FILE *fp;

	snprintf(p, 256, "%s/%s", tmpdir, name);
	fp = fopen(p, "wb");
	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
	return p;
}

/* text[0..len) in a new file /tmp/fsr-test-NAME.XXXXXX (the caller
 * unlinks it); its path (static), "/nonexistent" when none was made. */
static HARNESS_UNUSED const char *temp_file(const char *text, size_t len)
{
	static char path[64];
	FILE *fp;
	int fd;

	snprintf(path, sizeof(path), "/tmp/fsr-test-" HARNESS_NAME ".XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return "/nonexistent";
	fp = fdopen(fd, "wb");
	fwrite(text, 1, len, fp);
	fclose(fp);
	return path;
}

/* Make tmpdir: 0, or -1 when it cannot be made. */
static HARNESS_UNUSED int harness_begin(void)
{
	return mkdtemp(tmpdir) ? 0 : -1;
}

/* Remove tmpdir and all in it; the TAP plan and exit status. */
static HARNESS_UNUSED int harness_end(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", tmpdir);
	return done_testing();
}

#endif
