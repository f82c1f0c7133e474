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

struct warns {
	int n, line;
	char msg[600];
};

static void on_warn(void *data, const char *file, int line, const char *msg)
{
	struct warns *w = data;

	w->n++;
	w->line = line;
	snprintf(w->msg, sizeof(w->msg), "%s:%d: %s", file, line, msg);
}

static struct warns w;
static struct fsr_diag d;

static struct fsr_report *load(const char *path, int *rc)
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
	*rc = fsr_dbench_import(&ctx, path, r, &d);
	return r;
}

static const struct fsr_cell *cell(const struct fsr_report *r,
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

static double sample(const struct fsr_report *r, const char *args,
		     const char *desc, size_t k)
{
	const struct fsr_cell *c = cell(r, args, desc);

	return c && k < c->n ? c->samples[k] : NAN;
}

static int probe_file(const char *path, int (*probe)(const unsigned char *,
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

static const char *claims_of(const char *path)
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

static char tmpdir[] = "/tmp/fsr-test-dbench.XXXXXX";

static const char *write_tmp(const char *name, const char *text)
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
	is_double(sample(r, "clients: 1", "throughput", 0), 638.43, 1e-12,
		  "throughput as printed");
	is_double(sample(r, "clients: 1", "max latency", 0), 4.176, 1e-12,
		  "max latency");
	is_double(sample(r, "clients: 1", "NTCreateX count", 0), 103010,
		  1e-12, "NTCreateX count");
	is_double(sample(r, "clients: 1", "NTCreateX avg latency", 0), 0.012,
		  1e-12, "NTCreateX avg latency");
	is_double(sample(r, "clients: 1", "NTCreateX max latency", 0), 4.152,
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
	is_double(sample(r, "clients: 1", "throughput", 0), 662.784, 1e-12,
		  "(sync open) is not part of the number");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "O_SYNC (-s)"), "yes",
	       "-s is the system's configuration");
	is_str(r->results[0]->arguments, "clients: 1",
	       "and not the result's identity: pairs with the default");
	fsr_report_free(r);

	r = load(DB "osync-sync-dirs.txt", &rc);
	is_double(sample(r, "clients: 1", "throughput", 0), 163.052, 1e-12,
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
	is_double(sample(r, "clients: 2", "throughput", 0), 675.706, 1e-12,
		  "2 clients: its own result");
	is_double(sample(r, "clients: 2", "NTCreateX count", 0), 65229,
		  1e-12, "2 clients: the overall table");
	fsr_report_free(r);

	/* "Throughput 740 MB/sec" (%g), client tables after the overall */
	r = load(DB "per-client.txt", &rc);
	is_int(rc, 0, "--per-client-results imports");
	is_double(sample(r, "clients: 2", "throughput", 0), 740, 1e-12,
		  "%%g without decimals");
	is_double(sample(r, "clients: 2", "NTCreateX count", 0), 63416,
		  1e-12, "overall table");
	is_double(sample(r, "clients: 2, client 0", "NTCreateX count", 0),
		  32832, 1e-12, "client 0's table");
	is_double(sample(r, "clients: 2, client 1", "NTCreateX max latency",
			 0), 14.529, 1e-12, "client 1's table");
	fsr_report_free(r);
}

static void failures(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	r = load(DB "failed-missing-dir.txt", &rc);
	is_int(rc, 0, "a run with errors imports");
	c = cell(r, "clients: 1", "throughput");
	ok(c && c->n == 0 && c->n_failed == 1, "as one failed run");
	ok(c && c->fail_reason && strstr(c->fail_reason, "[3] open"),
	   "with dbench's first error: %s", c && c->fail_reason ?
	   c->fail_reason : "");
	is_int(w.n, 1, "and a warning");
	is_int(w.line, 7, "at the error line");
	fsr_report_free(r);

	r = load(DB "interrupted.txt", &rc);
	is_int(rc, 0, "an interrupted run imports");
	c = cell(r, "clients: 1", "throughput");
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
	is_double(sample(r, "clients: 5", "throughput", 0), 10.0026, 1e-12,
		  "clients from procs");
	fsr_report_free(r);

	p = write_tmp("exp.txt", "dbench version 4.00 - x\n"
		      "Throughput 1.5e+03 MB/sec  1 clients  "
		      "1 procs  max_latency=1.000 ms\n"
		      "dbench version 4.00 - x\n"
		      "Throughput 2 MB/sec  1 clients  1 procs  "
		      "max_latency=1.000 ms\n");
	r = load(p, &rc);
	is_double(sample(r, "clients: 1", "throughput", 0), 1500, 1e-12,
		  "%%g in exponent form");
	is_double(sample(r, "clients: 1", "throughput", 1), 2, 1e-12,
		  "two runs in one log: two samples");
	fsr_report_free(r);

	p = write_tmp("none.txt", "dbench version 4.00 - x\n\n");
	r = load(p, &rc);
	is_int(rc, FSR_ENOTMINE, "a banner alone is no result");
	fsr_report_free(r);
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		return 1;
	probes();
	one_run();
	clients();
	failures();
	shapes();
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", tmpdir);
	}
	return done_testing();
}
