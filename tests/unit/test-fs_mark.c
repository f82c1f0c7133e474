/*
 * test-fs_mark.c - the fs_mark importer on real captures made on this
 * machine with Debian's fsmark 3.3 on a tmpfs (examples/fs_mark/,
 * tests/data/fs_mark/; scripts/capture-fsmark.sh). Every expected number
 * is copied from the raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define EX "examples/fs_mark/"
#define FM "tests/data/fs_mark/"

#define HARNESS_IMPORT fsr_fs_mark_import
#define HARNESS_NAME "fs_mark"
#include "import-harness.h"


#define ARGS "threads: 1, file size: 10240 B, files: 1000"

static void probes(void)
{
	static const char *const files[] = {
		EX "sync1/run-01.txt", EX "sync0/run-01.txt",
		FM "verbose-sync1.txt", FM "log-verbose.txt",
		FM "fs_log-appended.txt", FM "two-threads.txt",
		FM "failed-missing-dir.txt", FM "interrupted.txt",
	};

	probe_each(files, sizeof(files) / sizeof(*files), fsr_fs_mark_probe,
		   95, "fs_mark");
}

static void runs(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	/* sync1/run-01.txt: 55809.8 5138 / 56570.7 5013 / 54121.3 5153 */
	r = load(EX "sync1/run-01.txt", &rc);
	is_int(rc, 0, "sync1 run-01 imports");
	c = cell(r, ARGS, "Files/sec");
	is_int(c ? (int)c->n : 0, 3, "one sample per iteration (-L 3)");
	is_double(sample(r, ARGS, "Files/sec", 0), 55809.8, 1e-12, "row 1");
	is_double(sample(r, ARGS, "Files/sec", 2), 54121.3, 1e-12, "row 3");
	is_double(sample(r, ARGS, "App overhead", 1), 5013, 1e-12,
		  "App Overhead, row 2");
	is_int((int)r->n_results, 2, "Files/sec and App overhead");
	is_int(r->results[0]->better, FSR_BETTER_HIGHER,
	       "Files/sec: higher is better");
	is_int(r->results[1]->better, FSR_BETTER_LOWER,
	       "App overhead: lower is better");
	is_str(r->results[1]->unit, "us", "in microseconds");
	is_str(r->results[0]->app_version, "3.3", "version 3.3");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "sync method"),
	       "INBAND FSYNC: fsync() per file in write loop.",
	       "sync method in the system's metadata");
	is_int(w.n, 0, "no warning");
	fsr_report_free(r);

	r = load(EX "sync0/run-01.txt", &rc);
	is_double(sample(r, ARGS, "Files/sec", 1), 57247.5, 1e-12,
		  "sync0: same result identity as sync1");
	fsr_report_free(r);
}

static void other_forms(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	/* -v: "CREAT (Min/Avg/Max)": 3 columns each; row 3:
	 * 3 6 1164 | 3 6 146 | 1 1 65 | 0 0 0 | 1 1 43 | 0 0 0 */
	r = load(FM "verbose-sync1.txt", &rc);
	is_int(rc, 0, "the verbose form imports");
	is_int((int)r->n_results, 2 + 18, "18 more results");
	is_double(sample(r, ARGS, "CREAT max", 2), 1164, 1e-12,
		  "CREAT max, row 3");
	is_double(sample(r, ARGS, "WRITE max", 2), 146, 1e-12,
		  "WRITE max, row 3");
	is_double(sample(r, ARGS, "CLOSE max", 2), 43, 1e-12,
		  "CLOSE max, row 3");
	is_double(sample(r, ARGS, "Files/sec", 2), 45067.4, 1e-12,
		  "Files/sec of the verbose row");
	fsr_report_free(r);

	r = load(FM "log-verbose.txt", &rc);
	is_int(rc, 0, "the log of -v (\"##\" line) imports");
	is_int((int)r->n_results, 20, "with its 20 results");
	fsr_report_free(r);

	/* three runs appended to one log, -L 2 each */
	r = load(FM "fs_log-appended.txt", &rc);
	is_int(rc, 0, "the appended log imports");
	c = cell(r, "threads: 1, file size: 4096 B, files: 500", "Files/sec");
	is_int(c ? (int)c->n : 0, 6, "3 runs x 2 iterations");
	is_double(sample(r, "threads: 1, file size: 4096 B, files: 500",
			 "Files/sec", 5), 72474.3, 1e-12, "last row");
	fsr_report_free(r);

	r = load(FM "two-threads.txt", &rc);
	is_double(sample(r, "threads: 2, file size: 10240 B, files: 500",
			 "Files/sec", 0), 108881.1, 1e-12,
		  "2 threads: threads and -n in the arguments");
	fsr_report_free(r);
}

static void failures(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	const char *why;
	int rc;

	r = load(FM "failed-missing-dir.txt", &rc);
	is_int(rc, 0, "a run with errors imports");
	c = cell(r, "threads: 1, file size: 10240 B, files: 100",
		 "Files/sec");
	ok(c && c->n == 0 && c->n_failed == 1, "as one failed run");
	why = c ? fsr_cell_fail_reason(c) : NULL;
	ok(why && strstr(why, "fill_dir:mkdir"), "with fs_mark's error: %s",
	   why ? why : "");
	is_int(w.line, 11, "warned at the error line");
	fsr_report_free(r);

	/* -L 50, SIGINT after the first row */
	r = load(FM "interrupted.txt", &rc);
	is_int(rc, 0, "an interrupted run imports");
	c = cell(r, "threads: 1, file size: 10240 B, files: 20000",
		 "Files/sec");
	is_int(c ? (int)c->n : 0, 1, "its finished iteration is kept");
	ok(w.n == 1 && strstr(w.msg, "50 iterations"), "warned: %s", w.msg);
	fsr_report_free(r);
}

static void shapes(void)
{
	static const char head[] =
		"\n#  fs_mark  -d  /x  -s  10240  -n  1000  -L  2  -S  1 \n"
		"#\tVersion 3.3, 1 thread(s) starting at Mon\n\n"
		"FSUse%        Count         Size    Files/sec     App Overhead\n";
	struct fsr_report *r;
	char text[1024];
	const char *p;
	int rc;

	snprintf(text, sizeof(text), "%s     0         1000        10240"
		 "      1889.6\n", head);
	p = write_tmp("cut.txt", text);
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "a row cut short: an input error");
	is_int(d.line, 6, "at its line");
	fsr_report_free(r);

	snprintf(text, sizeof(text), "%s     0         1000        10240"
		 "      nan             7461\n", head);
	p = write_tmp("nan.txt", text);
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "nan Files/sec: an input error");
	ok(strstr(d.msg, "'nan'") != NULL, "naming it: %s", d.msg);
	fsr_report_free(r);

	snprintf(text, sizeof(text), "%s     0         1000        10240"
		 "      -3.0             7461\n", head);
	p = write_tmp("neg.txt", text);
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "negative Files/sec: an input error");
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	runs();
	other_forms();
	failures();
	shapes();
	return harness_end();
}
