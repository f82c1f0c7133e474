/*
 * test-dbench.c - the dbench importer on real captures made on this
 * machine with Debian's dbench 4.00 on a tmpfs (examples/dbench/,
 * tests/data/dbench/; scripts/capture-dbench.sh). Every expected number
 * is copied from the raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define EX "examples/dbench/"
#define DB "tests/data/dbench/"

#define HARNESS_IMPORT fsr_dbench_import
#define HARNESS_NAME "dbench"
#include "import-harness.h"

static void probes(void)
{
	static const char *const files[] = {
		EX "default/run-01.txt", EX "osync/run-01.txt",
		DB "two-clients.txt", DB "per-client.txt",
		DB "failed-missing-dir.txt", DB "interrupted.txt",
	};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(*files); i++) {
		is_int(probe_file(files[i], fsr_dbench_probe), 95,
		       "%s: the banner is dbench's", files[i]);
		/* The confident wrong answer: the progress lines
		 * ("1  cleanup   5 sec", "Running for 5 seconds ... 1
		 * secs") were read as timings. */
		is_int(probe_file(files[i], fsr_timing_probe), 0,
		       "%s: no line of it reads as a timing", files[i]);
		is_str(claims_of(files[i]), "dbench",
		       "%s: dbench alone claims it", files[i]);
	}
}

static void one_run(void)
{
	struct fsr_report *r;
	int rc;

	/* Throughput 638.43 MB/sec  1 clients  1 procs  max_latency=4.176 ms
	 * NTCreateX     103010     0.012     4.152 */
	r = load(EX "default/run-01.txt", &rc);
	is_int(rc, 0, "default run-01 imports");
	is_double(sample(r, "clients: 1", "1 client: throughput", 0), 638.43, 1e-12,
		  "throughput as printed");
	is_double(sample(r, "clients: 1", "1 client: max latency", 0), 4.176, 1e-12,
		  "max latency");
	is_double(sample(r, "clients: 1", "1 client: NTCreateX count", 0), 103010,
		  1e-12, "NTCreateX count");
	is_double(sample(r, "clients: 1", "1 client: NTCreateX avg latency", 0), 0.012,
		  1e-12, "NTCreateX avg latency");
	is_double(sample(r, "clients: 1", "1 client: NTCreateX max latency", 0), 4.152,
		  1e-12, "NTCreateX max latency");
	is_int((int)r->n_results, 2 + 16 * 3,
	       "throughput, max latency and 16 operations x 3");
	is_int(r->results[0]->better, FSR_BETTER_HIGHER,
	       "throughput: higher is better");
	is_str(r->results[0]->unit, "MB/s", "unit MB/s");
	is_str(r->results[0]->app_version, "4.00", "version from the banner");
	/* line 4: "failed to create barrier semaphore " */
	is_int(w.n, 1, "one warning");
	is_int(w.line, 4, "at the barrier line");
	ok(strstr(w.msg, "barrier semaphore") != NULL, "naming it: %s",
	   w.msg);
	is_str(fsr_kvlist_get(&r->systems[0].meta, "O_SYNC (-s)"), "no",
	       "not O_SYNC");
	fsr_report_free(r);

	/* Throughput 662.784 MB/sec (sync open)  1 clients ... */
	r = load(EX "osync/run-01.txt", &rc);
	is_int(rc, 0, "osync run-01 imports");
	is_double(sample(r, "clients: 1", "1 client: throughput", 0), 662.784, 1e-12,
		  "(sync open) is not part of the number");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "O_SYNC (-s)"), "yes",
	       "-s is the system's configuration");
	is_str(r->results[0]->arguments, "clients: 1",
	       "and not the result's identity: pairs with the default");
	fsr_report_free(r);

	r = load(DB "osync-sync-dirs.txt", &rc);
	is_double(sample(r, "clients: 1", "1 client: throughput", 0), 163.052, 1e-12,
		  "(sync open) (sync dirs)");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "sync dirs (-S)"), "yes",
	       "-S noted");
	fsr_report_free(r);
}

static void clients(void)
{
	struct fsr_report *r;
	int rc;

	r = load(DB "two-clients.txt", &rc);
	is_int(rc, 0, "two clients import");
	is_double(sample(r, "clients: 2", "2 clients: throughput", 0), 675.706, 1e-12,
		  "2 clients: its own result");
	is_double(sample(r, "clients: 2", "2 clients: NTCreateX count", 0), 65229,
		  1e-12, "2 clients: the overall table");
	fsr_report_free(r);

	/* "Throughput 740 MB/sec" (%g), client tables after the overall */
	r = load(DB "per-client.txt", &rc);
	is_int(rc, 0, "--per-client-results imports");
	is_double(sample(r, "clients: 2", "2 clients: throughput", 0), 740, 1e-12,
		  "%%g without decimals");
	is_double(sample(r, "clients: 2", "2 clients: NTCreateX count", 0), 63416,
		  1e-12, "overall table");
	is_double(sample(r, "clients: 2, client 0",
			 "client 0 of 2: NTCreateX count", 0),
		  32832, 1e-12, "client 0's table");
	is_double(sample(r, "clients: 2, client 1",
			 "client 1 of 2: NTCreateX max latency", 0),
		  14.529, 1e-12, "client 1's table");
	fsr_report_free(r);
}

static void failures(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	const char *why;
	int rc;

	r = load(DB "failed-missing-dir.txt", &rc);
	is_int(rc, 0, "a run with errors imports");
	c = cell(r, "clients: 1", "1 client: throughput");
	ok(c && c->n == 0 && c->n_failed == 1, "as one failed run");
	why = c ? fsr_cell_fail_reason(c) : NULL;
	ok(why && strstr(why, "[3] open"), "with dbench's first error: %s",
	   why ? why : "");
	is_int(w.n, 1, "and a warning");
	is_int(w.line, 7, "at the error line");
	fsr_report_free(r);

	r = load(DB "interrupted.txt", &rc);
	is_int(rc, 0, "an interrupted run imports");
	c = cell(r, "clients: 1", "1 client: throughput");
	ok(c && c->n == 0 && c->n_failed == 1, "as one failed run");
	ok(w.n == 1 && strstr(w.msg, "before its Throughput line"),
	   "warned: %s", w.msg);
	fsr_report_free(r);
}

static void shapes(void)
{
	struct fsr_report *r;
	const char *p;
	int rc;

	p = write_tmp("nan.txt", "dbench version 4.00 - x\n"
		      "Throughput nan MB/sec  1 clients  1 procs  "
		      "max_latency=1.000 ms\n");
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "nan throughput: an input error");
	is_int(d.line, 2, "at its line");
	ok(strstr(d.msg, "'nan'") != NULL, "naming it: %s", d.msg);
	fsr_report_free(r);

	p = write_tmp("neg.txt", "Throughput 12 MB/sec  1 clients  1 procs  "
		      "max_latency=-1.000 ms\n");
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "a negative latency: an input error");
	fsr_report_free(r);

	p = write_tmp("cut.txt", " Operation      Count    AvgLat    MaxLat\n"
		      " ----------------------------------------\n"
		      " NTCreateX      57459     0.021     1.082\n"
		      " Close          42187\n");
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "a row cut short: an input error");
	is_int(d.line, 4, "at its line");
	fsr_report_free(r);

	p = write_tmp("old.txt", "Throughput 10.0026 MB/sec (sync open) "
		      "(sync dirs) 5 procs\n");
	r = load(p, &rc);
	is_int(rc, 0, "dbench 3.x's Throughput line");
	is_double(sample(r, "clients: 5", "5 clients: throughput", 0), 10.0026, 1e-12,
		  "clients from procs");
	fsr_report_free(r);

	p = write_tmp("exp.txt", "dbench version 4.00 - x\n"
		      "Throughput 1.5e+03 MB/sec  1 clients  "
		      "1 procs  max_latency=1.000 ms\n"
		      "dbench version 4.00 - x\n"
		      "Throughput 2 MB/sec  1 clients  1 procs  "
		      "max_latency=1.000 ms\n");
	r = load(p, &rc);
	is_double(sample(r, "clients: 1", "1 client: throughput", 0), 1500, 1e-12,
		  "%%g in exponent form");
	is_double(sample(r, "clients: 1", "1 client: throughput", 1), 2, 1e-12,
		  "two runs in one log: two samples");
	fsr_report_free(r);

	p = write_tmp("none.txt", "dbench version 4.00 - x\n\n");
	r = load(p, &rc);
	is_int(rc, FSR_ENOTMINE, "a banner alone is no result");
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	one_run();
	clients();
	failures();
	shapes();
	return harness_end();
}
