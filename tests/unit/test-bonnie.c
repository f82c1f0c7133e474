/*
 * test-bonnie.c - the bonnie++ importer on real captures made on this
 * machine with Debian's bonnie++ 2.00a on a tmpfs (tests/data/bonnie/;
 * scripts/capture-bonnie.sh). Every expected number is copied from the
 * raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define BN "tests/data/bonnie/"

#define HARNESS_IMPORT fsr_bonnie_import
#define HARNESS_NAME "bonnie"
#include "import-harness.h"


static void probes(void)
{
	static const char *const files[] = {
		BN "run-01.txt", BN "fast-n4.txt", BN "block-2g.txt",
		BN "quiet.csv",
	};

	probe_each(files, sizeof(files) / sizeof(*files), fsr_bonnie_probe,
		   -90, "bonnie");
}

static void values(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	/* block-2g.txt CSV: ...,2G,,8192,5,,,106173,23,267000,25,,,964409,
	 * 33,14051,64,16,,,,,30391,24,+++++,+++,...,,64538us,... */
	r = load(BN "block-2g.txt", &rc);
	is_int(rc, 0, "block-2g imports");
	is_double(sample(r, "size: 2G", "sequential output block", 0), 106173,
		  1e-12, "block write, KiB/s from the CSV");
	is_double(sample(r, "size: 2G", "random seeks", 0), 14051, 1e-12,
		  "seeks/s");
	is_double(sample(r, "files: 16", "sequential create", 0), 30391,
		  1e-12, "the CSV's create rate, not the table's 16384");
	c = cell(r, "files: 16", "sequential read");
	ok(c && c->n == 0 && c->n_failed == 1 && fsr_cell_fail_reason(c) &&
		   strstr(fsr_cell_fail_reason(c), "too fast"),
	   "+++++: a run too fast to measure, no number");
	ok(cell(r, "size: 2G", "sequential output per char") == NULL,
	   "-f: no per-char result at all");
	is_double(sample(r, "size: 2G", "sequential output block latency",
			 0), 64538, 1e-12, "latency in us");
	fsr_report_free(r);

	r = load(BN "run-01.txt", &rc);
	is_double(sample(r, "size: 32M", "sequential output per char "
			 "latency", 0), 206000, 1e-12, "206ms in us");
	is_double(sample(r, "size: 32M", "sequential input per char", 0),
		  163, 1e-12, "per-char read");
	fsr_report_free(r);
}

/* %CP: block-2g.txt's CSV "...,106173,23,267000,25,,,964409,33,14051,64,
 * 16,,,,,30391,24,+++++,+++,..." and its table "104m  23  261m  25 ...
 * 942m  33 14051  64", "16384  24 +++++ +++". */
static void cpu(void)
{
	static const char *const what[] = { "CSV", "table" };
	const char *p[2];
	int rc, k;

	p[0] = BN "block-2g.txt";
	p[1] = write_tmp("table.txt", "");
	{
		FILE *in = fopen(p[0], "r"), *out = fopen(p[1], "w");
		char buf[1024];

		while (in && out && fgets(buf, sizeof(buf), in))
			if (strncmp(buf, "1.98,", 5))
				fputs(buf, out);
		if (in)
			fclose(in);
		if (out)
			fclose(out);
	}
	for (k = 0; k < 2; k++) {
		struct fsr_report *r = load(p[k], &rc);
		const struct fsr_cell *c;
		const struct fsr_result *res = find(r, "random seeks CPU", "%");

		is_int(rc, 0, "%s: imports", what[k]);
		is_double(sample(r, "size: 2G", "sequential output block CPU",
				 0), 23, 0, "%s: block write %%CP", what[k]);
		is_double(sample(r, "size: 2G", "sequential input block CPU",
				 0), 33, 0, "%s: block read %%CP", what[k]);
		is_double(sample(r, "size: 2G", "random seeks CPU", 0), 64, 0,
			  "%s: seeks %%CP", what[k]);
		ok(res && res->better == FSR_BETTER_LOWER,
		   "%s: %%CP: lower is better", what[k]);
		is_double(sample(r, "files: 16", "sequential create CPU", 0),
			  24, 0, "%s: create %%CP", what[k]);
		c = cell(r, "files: 16", "sequential read CPU");
		ok(c && c->n == 0 && c->n_failed == 1,
		   "%s: '+++' is too fast to measure, no number", what[k]);
		ok(cell(r, "size: 2G", "sequential output per char CPU") ==
		   NULL, "%s: a test not run (-f) has no %%CP", what[k]);
		fsr_report_free(r);
	}
	p[0] = write_tmp("badcpu.csv", "1.98,2.00a,h,1,1,2G,,8192,5,,,"
			 "106173,2x,"
			 "267000,25,,,964409,33,14051,64,16,,,,,30391,24,"
			 "+++++,+++,+++++,+++,26867,19,+++++,+++,31310,18,,"
			 "64538us,88230us,,21192us,40423us,44234us,15508us,"
			 "36103us,28306us,46922us,32109us\n");
	expect_input_error(p[0], 1, "a CPU field of '2x'");
	is_str(d.msg, "bonnie++ sequential output block CPU '2x' is not a "
	       "number, '+++' or empty", "the message names the CPU field");
}

static void shapes(void)
{
	struct fsr_report *r;
	const char *p;
	int rc;

	/* format 1.97: no seeks and seek_procs fields (48 in all) */
	p = write_tmp("old.csv", "1.97,1.97,host,1,1300000000,4G,,"
		      "500,99,80000,20,40000,10,600,99,90000,10,250.5,1,"
		      "16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,"
		      "+++,+++++,+++,20ms,30ms,40ms,10ms,5ms,80ms,"
		      "100us,200us,300us,400us,500us,600us\n");
	r = load(p, &rc);
	is_int(rc, 0, "a 1.97 CSV line imports");
	is_double(sample(r, "size: 4G", "random seeks", 0), 250.5, 1e-12,
		  "its seeks");
	is_double(sample(r, "size: 4G", "rewrite latency", 0), 40000, 1e-12,
		  "its latencies");
	fsr_report_free(r);

	p = write_tmp("nan.csv", "1.97,1.97,host,1,1300000000,4G,,"
		      "500,99,nan,20,40000,10,600,99,90000,10,250.5,1,"
		      "16,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,"
		      "+++,+++++,+++,20ms,30ms,40ms,10ms,5ms,80ms,"
		      "100us,200us,300us,400us,500us,600us\n");
	expect_input_error(p, 1, "nan");
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	values();
	cpu();
	shapes();
	return harness_end();
}
