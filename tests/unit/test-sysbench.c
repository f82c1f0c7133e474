/*
 * test-sysbench.c - the sysbench fileio importer on real captures made
 * on this machine with Debian's sysbench 1.0.20 on a tmpfs
 * (tests/data/sysbench/; scripts/capture-sysbench.sh). Every expected
 * number is copied from the raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define SB "tests/data/sysbench/"

#define HARNESS_IMPORT fsr_sysbench_import
#define HARNESS_NAME "sysbench"
#include "import-harness.h"


#define RNDRW "random r/w, 16 files, 4MiB each, block 16KiB, threads: 1"

static void probes(void)
{
	static const char *const files[] = {
		SB "rndrw-01.txt", SB "rndrw-nofsync.txt", SB "intervals.txt",
		SB "seqwr.txt",
	};

	probe_each(files, sizeof(files) / sizeof(*files), fsr_sysbench_probe,
		   95, "sysbench");
}

static void values(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	/* rndrw-01.txt: reads/s 36292.34, read MiB/s 567.07, max 40.09,
	 * 95th percentile 0.01 */
	r = load(SB "rndrw-01.txt", &rc);
	is_int(rc, 0, "rndrw-01 imports");
	is_double(sample(r, RNDRW, "reads/s", 0), 36292.34, 1e-12, "reads/s");
	is_double(sample(r, RNDRW, "read", 0), 567.07, 1e-12, "read MiB/s");
	is_double(sample(r, RNDRW, "latency max", 0), 40.09, 1e-12,
		  "latency max");
	is_double(sample(r, RNDRW, "latency 95th percentile", 0), 0.01,
		  1e-12, "the percentile");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "periodic fsync"),
	       "each 100 requests", "the fsync policy is the system's");
	fsr_report_free(r);

	r = load(SB "rndrw-nofsync.txt", &rc);
	is_str(fsr_kvlist_get(&r->systems[0].meta, "periodic fsync"),
	       "disabled", "no Periodic FSYNC line: disabled");
	is_double(sample(r, RNDRW, "fsyncs/s", 0), 5.30, 1e-12,
		  "same result identity, fsyncs/s 5.30");
	fsr_report_free(r);

	/* [ 1s ] reads: 326.68 ... [ 4s ] ... latency (ms,95%): 0.005 */
	r = load(SB "intervals.txt", &rc);
	c = cell(r, RNDRW, "interval reads");
	is_int(c ? (int)c->n : 0, 4, "4 interval reports: 4 samples");
	is_double(sample(r, RNDRW, "interval reads", 0), 326.68, 1e-12,
		  "the first");
	is_double(sample(r, RNDRW, "interval latency (95%)", 3), 0.005, 1e-12,
		  "the last latency");
	is_str(c ? fsr_kvlist_get(fsr_cell_meta(c), "times") : NULL,
	       "1s 2s 3s 4s", "with their times");
	is_double(sample(r, RNDRW, "reads/s", 0), 29474.11, 1e-12,
		  "and the summary");
	fsr_report_free(r);

	r = load(SB "prepare.txt", &rc);
	is_int(rc, FSR_ENOTMINE, "prepare's stdout holds no result");
	fsr_report_free(r);
}

static void failures(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	char cmd[600];
	const char *p;
	int rc;

	p = write_tmp("cut.txt", "");
	snprintf(cmd, sizeof(cmd), "head -n 30 " SB "rndrw-01.txt >'%s'", p);
	ok(system(cmd) == 0, "cut rndrw-01 after its Throughput block");
	r = load(p, &rc);
	is_int(rc, 0, "a run cut short imports");
	c = cell(r, RNDRW, "reads/s");
	ok(c && c->n == 0 && c->n_failed == 1, "as a failed run");
	ok(w.n == 1 && strstr(w.msg, "before its Latency block"),
	   "warned: %s", w.msg);
	fsr_report_free(r);

	p = write_tmp("fatal.txt", "sysbench 1.0.20 (x)\n\nDoing random r/w "
		      "test\nThreads started!\nFATAL: Too large position "
		      "discovered in request!\n");
	r = load(p, &rc);
	ok(w.n == 1 && strstr(w.msg, "FATAL: Too large"), "FATAL: %s",
	   w.msg);
	fsr_report_free(r);

	p = write_tmp("nan.txt", "sysbench 1.0.20 (x)\n\nDoing random r/w "
		      "test\nThreads started!\n\nFile operations:\n"
		      "    reads/s:                      nan\n");
	expect_input_error(p, 7, "nan reads/s");
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	values();
	failures();
	return harness_end();
}
