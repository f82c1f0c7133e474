/*
 * test-filebench.c - the filebench importer on real captures made on this
 * machine with filebench 1.5-alpha3 built from its public source, on a
 * tmpfs (tests/data/filebench/, its README; scripts/capture-filebench.sh).
 * Every expected number is copied from the raw text of the capture, with
 * the line it is on.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#define HARNESS_IMPORT fsr_filebench_import
#define HARNESS_NAME "filebench"
#include "import-harness.h"

#define FB "tests/data/filebench/"
#define FS "personality: File-server Version 3.0"
#define WS "personality: Web-server Version 3.1"
#define VM "personality: Varmail Version 3.0"

static void probes(void)
{
	static const char *const files[] = {
		FB "fileserver/run-01.txt", FB "varmail-lathist.txt",
		FB "webserver.txt", FB "interrupted.txt",
		FB "stopped-early.txt", FB "disk-full.txt",
	};

	probe_each(files, sizeof(files) / sizeof(*files),
		   fsr_filebench_probe, 95, "filebench");
}

static void fileserver(void)
{
	struct fsr_report *r;
	const struct fsr_result *res;
	int rc;

	/* run-01.txt line 26: "4.075: IO Summary: 189662 ops 63209.774
	 * ops/s 5747/11495 rd/wr 1445.7mb/s 0.056ms/op" */
	r = load(FB "fileserver/run-01.txt", &rc);
	is_int(rc, 0, "run-01 imports");
	is_double(sample(r, FS, "ops/s", 0), 63209.774, 0, "IO Summary ops/s");
	is_double(sample(r, FS, "read ops/s", 0), 5747, 0, "rd of rd/wr");
	is_double(sample(r, FS, "write ops/s", 0), 11495, 0, "wr of rd/wr");
	is_double(sample(r, FS, "MiB/s", 0), 1445.7, 0, "mb/s (2^20 bytes)");
	is_double(sample(r, FS, "ms/op", 0), 0.056, 0, "ms/op");
	res = find(r, "ms/op", "ms");
	ok(res && res->better == FSR_BETTER_LOWER, "ms/op: lower is better");
	res = find(r, "ops/s", "ops/s");
	ok(res && res->better == FSR_BETTER_HIGHER, "ops/s: higher is better");
	ok(res && !strcmp(res->app_version, "1.5-alpha3"),
	   "the banner's version");
	/* line 15: "statfile1 17243ops 5747ops/s 0.0mb/s 0.014ms/op
	 * [0.002ms - 17.882ms]"; line 24: "wrtfile1 17245ops 5747ops/s
	 * 677.6mb/s 0.168ms/op [0.003ms - 28.219ms]" */
	is_double(sample(r, FS, "statfile1 ops/s", 0), 5747, 0,
		  "a flowop's ops/s");
	is_double(sample(r, FS, "statfile1 min latency", 0), 0.002, 0,
		  "its min latency");
	is_double(sample(r, FS, "statfile1 max latency", 0), 17.882, 0,
		  "its max latency");
	is_double(sample(r, FS, "wrtfile1 MiB/s", 0), 677.6, 0,
		  "a flowop's mb/s");
	is_double(sample(r, FS, "wrtfile1 ms/op", 0), 0.168, 0,
		  "a flowop's ms/op");
	is_int((int)r->n_results, 5 + 11 * 5, "5 + 5 per flowop, 11 rows");
	is_int(w.n, 0, "no warning");
	fsr_report_free(r);
}

static void others(void)
{
	struct fsr_report *r;
	int rc;

	/* webserver.txt line 19: "appendlog 19494ops 6494ops/s 50.8mb/s
	 * 0.126ms/op [0.003ms - 20.076ms]"; line 50: "IO Summary: 604277 ops
	 * 201302.604 ops/s 64936/6494 rd/wr 1056.2mb/s 0.018ms/op" */
	r = load(FB "webserver.txt", &rc);
	is_int(rc, 0, "webserver imports");
	is_double(sample(r, WS, "read ops/s", 0), 64936, 0, "reads");
	is_double(sample(r, WS, "write ops/s", 0), 6494, 0, "writes");
	is_double(sample(r, WS, "appendlog MiB/s", 0), 50.8, 0,
		  "the last flowop defined is the first row");
	is_int((int)r->n_results, 5 + 31 * 5, "31 rows");
	fsr_report_free(r);

	/* varmail-lathist.txt line 28: "deletefile1 20819ops 6910ops/s
	 * 0.0mb/s 0.061ms/op [0.004ms - 28.145ms]\t[ 0 0 ... ]"; line 29:
	 * "IO Summary: 270667 ops 89837.022 ops/s 13821/13821 rd/wr
	 * 319.0mb/s 0.037ms/op" */
	r = load(FB "varmail-lathist.txt", &rc);
	is_int(rc, 0, "a run with latency histograms imports");
	is_double(sample(r, VM, "deletefile1 max latency", 0), 28.145, 0,
		  "the row's max latency, the histogram after it skipped");
	is_double(sample(r, VM, "ms/op", 0), 0.037, 0, "its IO Summary");
	is_int(w.n, 0, "no warning");
	fsr_report_free(r);
}

/* path is one failed run of ops/s, warned at line with text in it. */
static void failed(const char *path, const char *args, int line,
		   const char *text, const char *what)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	r = load(path, &rc);
	is_int(rc, 0, "%s imports", what);
	c = cell(r, args, "ops/s");
	ok(c && c->n == 0 && c->n_failed == 1 && fsr_cell_fail_reason(c) &&
	   strstr(fsr_cell_fail_reason(c), text), "%s: a failed run: %s", what,
	   c && fsr_cell_fail_reason(c) ? fsr_cell_fail_reason(c) : "(none)");
	ok(w.n == 1 && w.line == line && strstr(w.msg, text),
	   "%s: warned at line %d: %d: %s", what, line, w.line, w.msg);
	is_int((int)r->n_results, 1, "%s: nothing else", what);
	fsr_report_free(r);
}

static void bad(void)
{
	char text[4096];
	FILE *fp;
	size_t n;

	/* interrupted.txt line 13: "4.910: Aborting..." */
	failed(FB "interrupted.txt", FS, 13, "interrupted", "SIGINT");
	/* stopped-early.txt line 12: "1.051: WARNING! Run stopped early:",
	 * then two lines with no time */
	failed(FB "stopped-early.txt", "personality: Missing-files", 12,
	       "WARNING! Run stopped early: flowop openmissing-1 could not "
	       "obtain a file. Please reduce runtime", "stopped early");
	/* disk-full.txt line 13: "1.059: Failed to write 65536 bytes on
	 * fd 6: No space left on device"; line 16: NO VALID RESULTS! */
	failed(FB "disk-full.txt", "personality: Disk-full", 13,
	       "Failed to write 65536 bytes on fd 6: No space left on device",
	       "disk full");

	/* run-01.txt cut after line 20 (inside the breakdown) */
	fp = fopen(FB "fileserver/run-01.txt", "rb");
	n = fp ? fread(text, 1, sizeof(text) - 1, fp) : 0;
	if (fp)
		fclose(fp);
	text[n] = '\0';
	{
		char *p = text;
		int k;

		for (k = 0; k < 20 && p; k++)
			p = strchr(p + 1, '\n');
		if (p)
			p[1] = '\0';
	}
	failed(write_tmp("cut.txt", text), FS, 20, "stopped before its IO "
	       "Summary line", "cut inside the breakdown");

	/* the same cut in the middle of row 20 */
	*strrchr(text, '\n') = '\0';
	text[strlen(text) - 20] = '\0';
	expect_input_error(write_tmp("halfrow.txt", text), 20, "a flowop "
			   "row cut in two");

	/* line 26's rd/wr cut: "5747/11495 rd/wr" -> "5747/ rd/wr" */
	fp = fopen(FB "fileserver/run-01.txt", "rb");
	n = fp ? fread(text, 1, sizeof(text) - 1, fp) : 0;
	if (fp)
		fclose(fp);
	text[n] = '\0';
	memmove(strstr(text, "/11495") + 1, strstr(text, "/11495") + 6,
		strlen(strstr(text, "/11495") + 6) + 1);
	expect_input_error(write_tmp("badsum.txt", text), 26, "an IO Summary "
			   "with an empty wr");
	is_str(d.msg, "filebench writes/s '' is not a number of at least 0",
	       "the message names the field");
}

/* A flowop whose name reads like an error is still a row. */
static void error_named_row(void)
{
	struct fsr_report *r;
	char text[4096];
	FILE *fp;
	size_t n;
	int rc;

	fp = fopen(FB "fileserver/run-01.txt", "rb");
	n = fp ? fread(text, 1, sizeof(text) - 1, fp) : 0;
	if (fp)
		fclose(fp);
	text[n] = '\0';
	memcpy(strstr(text, "statfile1 "), "statfailed", 10);
	r = load(write_tmp("named.txt", text), &rc);
	is_int(rc, 0, "a flowop named statfailed imports");
	is_double(sample(r, FS, "statfailed max latency", 0), 17.882, 0,
		  "as a row (line 15)");
	is_int(w.n, 0, "and is no error");
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	fileserver();
	others();
	bad();
	error_named_row();
	return harness_end();
}
