/*
 * fuzz-common.h - the body every importer fuzz target shares, and the
 * regression replay test (tests/unit/test-fuzz-replay.c) with it.
 *
 *	#include "fuzz-common.h"
 *	FSR_FUZZ_TARGET("pts")
 *
 * fuzz_importer(name, data, size) writes the input to a private
 * temporary file (importers read paths, as the CLI gives them), imports
 * it with that importer into a scratch report exactly as cli/runset.c
 * does, checks the importer's contract, and when the import succeeded
 * merges the report, analyses it and runs every text renderer and the
 * chart writers (SVG, HTML) over it (show, and compare when there are
 * two systems). Anything a hostile
 * file can reach from the importer on is exercised.
 *
 * A broken contract aborts, so libFuzzer and the replay test see it:
 * a return code outside 0/FSR_ENOTMINE/FSR_EINPUT/FSR_EIO/FSR_ENOMEM,
 * an error
 * without a message, a sample that is not finite, a cell pointing at a
 * system that does not exist.
 */
#ifndef FSR_FUZZ_COMMON_H
#define FSR_FUZZ_COMMON_H

#include "../../importers/importer.h"
#include "../../analyze/analyze.h"
#include "../../render/render.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static char fuzz_path[4096];

static void fuzz_cleanup(void)
{
	if (fuzz_path[0])
		unlink(fuzz_path);
}

/* The temporary file every input is written to, created once. */
static const char *fuzz_file(void)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	if (fuzz_path[0])
		return fuzz_path;
	snprintf(fuzz_path, sizeof(fuzz_path), "%s/fsr-fuzz-XXXXXX",
		 dir && *dir ? dir : "/tmp");
	fd = mkstemp(fuzz_path);
	if (fd < 0) {
		perror("fuzz: mkstemp");
		abort();
	}
	close(fd);
	atexit(fuzz_cleanup);
	fsr_analyze_init();
	return fuzz_path;
}

static void fuzz_write(const char *path, const uint8_t *data, size_t size)
{
	FILE *fp = fopen(path, "wb");

	if (!fp || (size && fwrite(data, 1, size, fp) != size) ||
	    fclose(fp) != 0) {
		perror("fuzz: writing the input");
		abort();
	}
}

static void fuzz_no_warn(void *data, const char *file, int line,
			 const char *msg)
{
	(void)data;
	(void)file;
	(void)line;
	/* Touch the message: a warning must be a string. */
	if (strlen(msg) == (size_t)-1)
		abort();
}

#define FUZZ_CHECK(cond, what)                                            \
	do {                                                              \
		if (!(cond)) {                                            \
			fprintf(stderr, "fuzz: contract broken: %s\n", what); \
			abort();                                          \
		}                                                         \
	} while (0)

static void fuzz_check_report(const struct fsr_report *r)
{
	size_t i, j, k;

	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		FUZZ_CHECK(res && res->key, "a result without a key");
		for (j = 0; j < res->n_cells; j++) {
			const struct fsr_cell *c = &res->cells[j];

			FUZZ_CHECK(c->system < r->n_systems,
				   "a cell of a system that does not exist");
			FUZZ_CHECK(c->n <= FSR_MAX_SAMPLES_PER_CELL,
				   "more than FSR_MAX_SAMPLES_PER_CELL samples");
			for (k = 0; k < c->n; k++)
				FUZZ_CHECK(isfinite(c->samples[k]),
					   "a sample that is not finite");
		}
	}
	for (i = 0; i < r->n_systems; i++)
		FUZZ_CHECK(r->systems[i].label,
			   "a system without a label");
}

/* Run every text renderer over the view, and the chart writers: the
 * SVG (the whole report in one picture, as --svg draws it, within the
 * 4000 px --svg allows) and the HTML page with its charts inline; their
 * bytes are thrown away. The PNG and the layout dump are the SVG's
 * geometry again (Cairo's drawing is not fsreport's code). Text is
 * measured by the chart module's code linked in (Pango). */
static void fuzz_render(const struct fsr_view *v)
{
	const struct fsr_renderer *rend;

	for (rend = fsr_renderers; rend->name; rend++) {
		struct fsr_render_opts ro;
		struct fsr_buf b = FSR_BUF_INIT;
		struct fsr_sink sink;
		struct fsr_diag d;

		if (rend->flags & FSR_RENDER_BINARY && strcmp(rend->name, "svg"))
			continue;
		memset(&ro, 0, sizeof(ro));
		ro.width = 80;
		ro.scale = 1.0;
		ro.chart_part = FSR_CHART_ALL;
		memset(&sink, 0, sizeof(sink));
		sink.buf = &b;
		fsr_diag_clear(&d);
		rend->render(v, &ro, &sink, &d);
		fsr_buf_release(&b);
	}
}

static void fuzz_analyze(const struct fsr_report *r)
{
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_compare_opts co;
	struct fsr_comparison *cmp = NULL;
	struct fsr_stats *stats;
	struct fsr_view view;
	struct fsr_diag d;

	fsr_diag_clear(&d);
	stats = fsr_analyze(r, &ao, &d);
	if (!stats)
		return;
	memset(&view, 0, sizeof(view));
	view.command = FSR_CMD_SHOW;
	view.report = r;
	view.stats = stats;
	fuzz_render(&view);
	if (r->n_systems >= 2) {
		memset(&co, 0, sizeof(co));
		co.confidence = 0.95;
		co.alpha = 0.05;
		co.min_change = 1.0;
		co.seed = 1;
		co.boot_b = 100;
		cmp = fsr_compare(r, stats, &co, &d);
		if (cmp) {
			view.command = FSR_CMD_COMPARE;
			view.cmp = cmp;
			fuzz_render(&view);
		}
	}
	fsr_comparison_free(cmp);
	fsr_stats_free(stats);
}

/*
 * Import the file at path, whose bytes are data[0..size), with imp, as
 * fuzz_importer() does.
 */
static int fuzz_import_path(const struct fsr_importer *imp,
			    const char *path, const uint8_t *data,
			    size_t size)
{
	struct fsr_import_ctx ctx;
	struct fsr_report *scratch, *r;
	struct fsr_diag d;
	size_t rs;
	int rc;

	/* The probe sees what the CLI gives it; its score must be sane. */
	{
		int score = imp->probe(data, size < FSR_PROBE_BYTES ?
						   size : FSR_PROBE_BYTES);

		FUZZ_CHECK(score >= 0 && score <= 100,
			   "a probe score outside 0..100");
	}
	memset(&ctx, 0, sizeof(ctx));
	ctx.path = path;
	ctx.warn = fuzz_no_warn;
	fsr_diag_clear(&d);
	scratch = fsr_report_new();
	fsr_report_add_runset(scratch, "fuzz", path, 0);
	rc = imp->import(&ctx, path, scratch, &d);
	FUZZ_CHECK(rc == 0 || rc == FSR_ENOTMINE || rc == FSR_EINPUT ||
			   rc == FSR_EIO || rc == FSR_ENOMEM,
		   "an importer returned an unexpected code");
	if (rc != 0 && rc != FSR_ENOTMINE)
		FUZZ_CHECK(d.msg[0] != '\0', "an error without a message");
	if (rc != 0) {
		fsr_report_free(scratch);
		return rc;
	}
	fuzz_check_report(scratch);
	/* As cli/runset.c does: a sample outside the accepted range
	 * refuses the file (exit 3). */
	{
		const struct fsr_result *bad;
		double x;

		if (fsr_report_value_out_of_range(scratch, &x, &bad)) {
			fsr_report_free(scratch);
			return FSR_EINPUT;
		}
	}
	/* As cli/runset.c does: merge the scratch report into the real
	 * one (twice: a second run set with the same content), label. */
	r = fsr_report_new();
	rs = fsr_report_add_runset(r, "a", "a", 0);
	fsr_report_merge(r, rs, scratch);
	scratch = fsr_report_new();
	fsr_report_add_runset(scratch, "fuzz", path, 0);
	fsr_diag_clear(&d);
	if (imp->import(&ctx, path, scratch, &d) == 0) {
		rs = fsr_report_add_runset(r, "b", "b", 1);
		fsr_report_merge(r, rs, scratch);
	} else {
		FUZZ_CHECK(0, "the same input imported once, then failed");
	}
	fsr_report_finish_labels(r);
	fuzz_check_report(r);
	fuzz_analyze(r);
	fsr_report_free(r);
	return 0;
}

/*
 * Import data[0..size) with the importer called name. Returns the
 * importer's return code; aborts on a broken contract. A name that is
 * not in the table is -100 (the caller decides).
 */
static inline int fuzz_importer(const char *name, const uint8_t *data,
				size_t size)
{
	const struct fsr_importer *imp = fsr_importer_find(name);
	const char *path = fuzz_file();

	if (!imp)
		return -100;
	fuzz_write(path, data, size);
	return fuzz_import_path(imp, path, data, size);
}

/*
 * The jobs of one fio run (importers/fio-logs.c: NAME_KIND.J.log in one
 * folder are read with J = 1 and merged): data[0] picks KIND (bw, iops
 * or clat for "fio-lat-log"; clat_hist for "fio-hist-log"), the rest is
 * split at blank lines into the files of jobs 1, 2 and 3 (an empty one
 * is no job: a folder scan skips empty files), written to a private
 * folder, and job 1's file imported. Corpus and regressions of such a
 * target are in folders named "IMPORTER+jobs".
 */
#define FUZZ_JOBS 3
static char fuzz_jobs_dir[4096];

static void fuzz_jobs_cleanup(void)
{
	char p[4200];
	static const char *const kinds[] = { "bw", "iops", "clat", "clat_hist" };
	size_t k;
	int j;

	for (k = 0; k < sizeof(kinds) / sizeof(*kinds); k++)
		for (j = 1; j <= FUZZ_JOBS; j++) {
			snprintf(p, sizeof(p), "%s/r_%s.%d.log", fuzz_jobs_dir,
				 kinds[k], j);
			unlink(p);
		}
	rmdir(fuzz_jobs_dir);
}

static inline int fuzz_importer_jobs(const char *name, const uint8_t *data,
				     size_t size)
{
	static const char *const lat_kinds[] = { "bw", "iops", "clat" };
	const struct fsr_importer *imp = fsr_importer_find(name);
	const char *kind;
	char path[4200];
	int j;

	if (!imp)
		return -100;
	if (!fuzz_jobs_dir[0]) {
		const char *dir = getenv("TMPDIR");

		snprintf(fuzz_jobs_dir, sizeof(fuzz_jobs_dir),
			 "%s/fsr-fuzz-jobs-XXXXXX", dir && *dir ? dir : "/tmp");
		if (!mkdtemp(fuzz_jobs_dir)) {
			perror("fuzz: mkdtemp");
			abort();
		}
		atexit(fuzz_jobs_cleanup);
		fsr_analyze_init();
	}
	fuzz_jobs_cleanup();
	if (mkdir(fuzz_jobs_dir, 0700) != 0) {
		perror("fuzz: mkdir");
		abort();
	}
	if (!size)
		return FSR_ENOTMINE;
	kind = strcmp(name, "fio-hist-log") ? lat_kinds[data[0] % 3] :
		"clat_hist";
	data++;
	size--;
	{
		const uint8_t *job = data, *end = data + size;
		const uint8_t *first = NULL;
		size_t first_size = 0;

		for (j = 1; j <= FUZZ_JOBS; j++) {
			const uint8_t *cut = NULL, *p;
			size_t len;

			for (p = job; j < FUZZ_JOBS && p + 1 < end; p++)
				if (p[0] == '\n' && p[1] == '\n') {
					cut = p + 1;
					break;
				}
			len = (size_t)((cut ? cut : end) - job);
			snprintf(path, sizeof(path), "%s/r_%s.%d.log",
				 fuzz_jobs_dir, kind, j);
			if (len)
				fuzz_write(path, job, len);
			if (j == 1) {
				first = job;
				first_size = len;
			}
			if (!cut)
				break;
			job = cut + 1;
		}
		if (!first_size)
			return FSR_ENOTMINE;
		snprintf(path, sizeof(path), "%s/r_%s.1.log", fuzz_jobs_dir,
			 kind);
		return fuzz_import_path(imp, path, first, first_size);
	}
}

/* One libFuzzer entry point per target file. */
#define FSR_FUZZ_TARGET(name)                                             \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);     \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)      \
	{                                                                 \
		if (fuzz_importer(name, data, size) == -100) {            \
			fprintf(stderr, "fuzz: no importer '%s'\n", name); \
			abort();                                          \
		}                                                         \
		return 0;                                                 \
	}

#define FSR_FUZZ_JOBS_TARGET(name)                                        \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);     \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)      \
	{                                                                 \
		if (fuzz_importer_jobs(name, data, size) == -100) {       \
			fprintf(stderr, "fuzz: no importer '%s'\n", name); \
			abort();                                          \
		}                                                         \
		return 0;                                                 \
	}

#endif
