/*
 * test-iozone.c - the iozone importer on real captures made on this
 * machine with iozone 3.508 built from its public source, on a tmpfs
 * (tests/data/iozone/; scripts/capture-iozone.sh). Every expected number
 * is copied from the raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define IZ "tests/data/iozone/"

#define HARNESS_IMPORT fsr_iozone_import
#define HARNESS_NAME "iozone"
#include "import-harness.h"


/* iozone's kB is 1024 bytes: KiB; the cell names its results too */
#define C64_4 "file size: 64 KiB, record: 4 KiB"
#define C256_64 "file size: 256 KiB, record: 64 KiB"
#define D64_4(op) op " (file size 64 KiB, record 4 KiB)"
#define D256_64(op) op " (file size 256 KiB, record 64 KiB)"

static void probes(void)
{
	static const char *const files[] = {
		IZ "run-01.txt", IZ "no-report.txt", IZ "write-only.txt",
	};

	probe_each(files, sizeof(files) / sizeof(*files), fsr_iozone_probe,
		   95, "iozone");
}

static void matrix(void)
{
	struct fsr_report *r;
	int rc;

	/* run-01.txt line 32: "64 4 771797 1049372 1083249 2358717 1336792
	 * 1336792"; line 46: "256 64 3756894 ... 10651598" */
	r = load(IZ "run-01.txt", &rc);
	is_int(rc, 0, "run-01 imports");
	is_int((int)r->n_results, 90, "15 cells x 6 operations");
	is_double(sample(r, C64_4, D64_4("write"), 0), 771797, 1e-12, "write");
	is_double(sample(r, C64_4, D64_4("reread"), 0), 2358717, 1e-12, "reread");
	is_double(sample(r, C64_4, D64_4("random read"), 0), 1336792, 1e-12,
		  "random read: a two-line label");
	is_double(sample(r, C256_64, D256_64("random write"), 0), 10651598, 1e-12,
		  "the last cell");
	ok(cell(r, C64_4, D64_4("write"))->n == 1, "the -R report is not counted "
	   "again");
	is_str(r->results[0]->app_version, "3.508", "version 3.508");
	is_int(w.n, 0, "no warning");
	fsr_report_free(r);

	/* write-only.txt line 45: "256 64 3275543 6891544" */
	r = load(IZ "write-only.txt", &rc);
	is_int((int)r->n_results, 30, "-i 0: write and rewrite only");
	is_double(sample(r, C256_64, D256_64("rewrite"), 0), 6891544, 1e-12,
		  "rewrite of the last cell");
	fsr_report_free(r);
}

static void report_only(void)
{
	struct fsr_report *r;
	const char *p;
	int rc;

	p = write_tmp("r.txt", "\"Writer report\"\n"
		      "        \"4\"  \"8\"\n"
		      "\"64\"   771797  952555 \n"
		      "\"128\"   1 2 \n\n"
		      "\"Reader report\"\n"
		      "        \"4\"  \"8\"\n"
		      "\"64\"   5 6 \n");
	r = load(p, &rc);
	is_int(rc, 0, "the -R tables alone import");
	is_double(sample(r, "file size: 64 KiB, record: 8 KiB",
			 "write (file size 64 KiB, record 8 KiB)", 0),
		  952555, 1e-12, "Writer report cell");
	is_double(sample(r, C64_4, D64_4("read"), 0), 5,
		  1e-12, "Reader report cell");
	fsr_report_free(r);

	p = write_tmp("bad.txt", "\"Writer report\"\n"
		      "        \"4\"\n"
		      "\"64\"   1 2 \n");
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "more values than record sizes: an error");
	is_int(d.line, 3, "at its line");
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	matrix();
	report_only();
	return harness_end();
}
