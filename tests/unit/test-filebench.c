/*
 * test-filebench.c - the filebench importer. filebench cannot be built or
 * run on this machine (no Debian package, its source not reachable), so
 * the inputs are written here in the form filebench 1.5's source prints
 * (stats.c: "%-20s %dops %8.0lfops/s %5.1lfmb/s %8.3fms/op [%.3fms -
 * %5.3fms]" and "IO Summary: %5d ops %5.3lf ops/s %0.0lf/%0.0lf rd/wr
 * %5.1lfmb/s %5.3fms/op", each message after "%.3f: "). Expected values
 * are the numbers of those lines.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#define HARNESS_IMPORT fsr_filebench_import
#define HARNESS_NAME "filebench"
#include "import-harness.h"

#define FS "personality: File-server Version 3.0"

static const char run[] =
	"Filebench Version 1.5-alpha3\n"
	"0.000: Allocated 177MB of shared memory\n"
	"0.002: File-server Version 3.0 personality successfully loaded\n"
	"0.010: Running...\n"
	"60.028: Run took 60 seconds...\n"
	"60.032: Per-Operation Breakdown\n"
	"statfile1            125683ops     2094ops/s   0.0mb/s    "
	"0.173ms/op [0.001ms - 134.946ms]\n"
	"writefile1           125686ops     2095ops/s 273.6mb/s    "
	"5.012ms/op [0.010ms - 204.118ms]\n"
	"60.032: IO Summary: 1382519 ops 23040.158 ops/s 2094/4189 rd/wr "
	"543.8mb/s 2.083ms/op\n"
	"60.032: Shutting down processes\n";

static void one_run(void)
{
	struct fsr_report *r;
	const struct fsr_result *res;
	int rc;

	r = load(write_tmp("run.txt", run), &rc);
	is_int(rc, 0, "imports");
	is_double(sample(r, FS, "ops/s", 0), 23040.158, 0, "IO Summary ops/s");
	is_double(sample(r, FS, "read ops/s", 0), 2094, 0, "rd of rd/wr");
	is_double(sample(r, FS, "write ops/s", 0), 4189, 0, "wr of rd/wr");
	is_double(sample(r, FS, "MiB/s", 0), 543.8, 0, "mb/s (2^20 bytes)");
	is_double(sample(r, FS, "ms/op", 0), 2.083, 0, "ms/op");
	res = find(r, "ms/op", "ms");
	ok(res && res->better == FSR_BETTER_LOWER, "ms/op: lower is better");
	res = find(r, "ops/s", "ops/s");
	ok(res && res->better == FSR_BETTER_HIGHER, "ops/s: higher is better");
	ok(res && !strcmp(res->app_version, "1.5-alpha3"),
	   "the banner's version");
	is_double(sample(r, FS, "statfile1 ops/s", 0), 2094, 0,
		  "a flowop's ops/s");
	is_double(sample(r, FS, "writefile1 MiB/s", 0), 273.6, 0,
		  "a flowop's mb/s");
	is_double(sample(r, FS, "writefile1 ms/op", 0), 5.012, 0,
		  "a flowop's ms/op");
	is_double(sample(r, FS, "statfile1 min latency", 0), 0.001, 0,
		  "its min latency");
	is_double(sample(r, FS, "statfile1 max latency", 0), 134.946, 0,
		  "its max latency");
	is_int(w.n, 0, "no warning");
	fsr_report_free(r);
}

static void bad(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	char text[2048];
	int rc;

	/* interrupted: Running... and no IO Summary */
	snprintf(text, sizeof(text), "%.*s", (int)(strstr(run, "60.028") -
						    run), run);
	r = load(write_tmp("cut.txt", text), &rc);
	is_int(rc, 0, "an interrupted run imports");
	c = cell(r, FS, "ops/s");
	ok(c && c->n == 0 && c->n_failed == 1, "as a failed run");
	ok(w.n == 1 && strstr(w.msg, "stopped before its IO Summary"),
	   "with a warning: %s", w.msg);
	fsr_report_free(r);

	r = load(write_tmp("novalid.txt", "Filebench Version 1.5-alpha3\n"
			   "0.010: Running...\n"
			   "3.100: NO VALID RESULTS! Filebench run terminated "
			   "prematurely\n"), &rc);
	c = cell(r, "personality: ?", "ops/s");
	ok(rc == 0 && c && c->n_failed == 1 && c->fail_reason &&
	   strstr(c->fail_reason, "NO VALID RESULTS"),
	   "NO VALID RESULTS!: a failed run with filebench's reason");
	is_int(w.line, 3, "the warning at its line");
	fsr_report_free(r);

	snprintf(text, sizeof(text), "%s", run);
	memcpy(strstr(text, "2094ops/s"), "20x4", 4);
	expect_input_error(write_tmp("badrow.txt", text), 7, "a flowop rate "
			   "of '20x4ops/s'");
	is_str(d.msg, "filebench ops/s '20x4' is not a number of at least 0",
	       "the message names the field");

	snprintf(text, sizeof(text), "%s", run);
	*strstr(text, " 543.8mb/s") = '\n';
	expect_input_error(write_tmp("badsum.txt", text), 9, "an IO Summary "
			   "cut short");

	r = load(write_tmp("none.txt", "Filebench Version 1.5-alpha3\n"), &rc);
	is_int(rc, FSR_ENOTMINE, "a banner alone is no result");
	fsr_report_free(r);
}

static void probes(void)
{
	const char *p = write_tmp("probe.txt", run);

	is_int(probe_file(p, fsr_filebench_probe), 95, "the banner");
	is_str(claims_of(p), "filebench", "filebench alone claims it");
	p = write_tmp("summary.txt", strstr(run, "60.032: IO Summary"));
	is_int(probe_file(p, fsr_filebench_probe), 90,
	       "an IO Summary line alone");
	is_str(claims_of(p), "filebench", "and nobody else claims it");
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	one_run();
	bad();
	return harness_end();
}
