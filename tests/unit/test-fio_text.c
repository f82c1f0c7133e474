/*
 * test-fio_text.c - the importer of fio's normal and terse v3 text on
 * real captures made on this machine with Debian's fio 3.33 on a tmpfs
 * (tests/data/fio-text/; scripts/capture-fio-text.sh). Every expected
 * number is copied from the raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define FT "tests/data/fio-text/"

#define HARNESS_IMPORT fsr_fio_text_import
#define HARNESS_NAME "fio_text"
#include "import-harness.h"

static void probes(void)
{
	static const char *const files[] = {
		FT "normal-fsync1-01.txt", FT "normal-randrw.txt",
		FT "normal-group.txt", FT "terse-fsync1.txt",
		FT "terse-2jobs.txt",
	};

	probe_each(files, sizeof(files) / sizeof(*files), fsr_fio_text_probe,
		   -90, "fio-text");
	is_str(claims_of("tests/data/fio/normal+json-fsync1.txt"), "fio",
	       "normal,json is the JSON importer's");
	is_str(claims_of(FT "randwrite.fio"), "", "a job file is nobody's");
}

static void normal(void)
{
	struct fsr_report *r;
	int rc;

	/* normal-randrw.txt: "read: IOPS=17.6k, BW=68.8MiB/s", "clat
	 * (usec): ... avg=16.22", "99.90th=[ 4178]"; "sync (nsec): ...
	 * avg=6360.74", "99.00th=[    6624]" */
	r = load(FT "normal-randrw.txt", &rc);
	is_int(rc, 0, "randrw imports");
	is_double(sample(r, NULL, "randwrite: read IOPS", 0), 17600, 1e-12,
		  "17.6k IOPS");
	is_double(sample(r, NULL, "randwrite: read bandwidth", 0),
		  68.8 * 1048576, 1e-12, "68.8MiB/s");
	is_double(sample(r, NULL, "randwrite: read completion latency (mean)",
			 0), 16220, 1e-12, "usec to ns");
	is_double(sample(r, NULL, "randwrite: read completion latency (p99.9)",
			 0), 4178000, 1e-12, "p99.9 in ns");
	is_double(sample(r, NULL, "randwrite: write IOPS", 0), 18000, 1e-12,
		  "the write direction");
	is_double(sample(r, NULL, "randwrite: sync latency (mean)", 0), 6360.74,
		  1e-12, "sync in nsec");
	is_double(sample(r, NULL, "randwrite: sync latency (p99)", 0), 6624,
		  1e-12, "sync p99");
	is_str(r->results[0]->app_version, "3.33", "fio-3.33");
	fsr_report_free(r);
}

static void terse(void)
{
	struct fsr_report *r;
	int rc;

	/* terse-fsync1.txt fields 48, 49, 57: 266406;66601;...;10.537095;
	 * field 71: 99.000000%=9 */
	r = load(FT "terse-fsync1.txt", &rc);
	is_int(rc, 0, "terse imports");
	is_double(sample(r, NULL, "randwrite: write IOPS", 0), 66601, 1e-12,
		  "IOPS");
	is_double(sample(r, NULL, "randwrite: write bandwidth", 0),
		  266406.0 * 1024, 1e-12, "KiB/s to B/s");
	is_double(sample(r, NULL, "randwrite: write completion latency (mean)",
			 0), 10537.095, 1e-9, "usec to ns");
	is_double(sample(r, NULL, "randwrite: write completion latency (p99)",
			 0), 9000, 1e-12, "p99");
	ok(cell(r, NULL, "randwrite: read IOPS") == NULL,
	   "no read result: 0 KiB read");
	ok(cell(r, NULL, "randwrite: write submission latency (mean)") == NULL,
	   "no slat with psync (min = max = 0)");
	fsr_report_free(r);

	r = load(FT "terse-2jobs.txt", &rc);
	ok(cell(r, NULL, "randwrite #2: write IOPS") != NULL,
	   "numjobs=2: the second job numbered as for JSON");
	fsr_report_free(r);

	r = load(write_tmp("pct.txt", "3;fio-3.33;j;0;0;0;0;0;0;0;0;0;0;0;0;0;"
			   "0;bad\n"), &rc);
	is_int(rc, FSR_EINPUT, "a short terse line: an input error");
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	normal();
	terse();
	return harness_end();
}
