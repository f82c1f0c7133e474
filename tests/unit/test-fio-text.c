/*
 * test-fio-text.c - the importer of fio's normal and terse v3 text on
 * real captures made on this machine with Debian's fio 3.33 on a tmpfs
 * (tests/data/fio-text/; scripts/capture-fio-text.sh). Every expected
 * number is copied from the raw text of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"
#include "model/histogram.h"
#include "model/series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FT "tests/data/fio-text/"

#define HARNESS_IMPORT fsr_fio_text_import
#define HARNESS_NAME "fio-text"
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
	is_double(sample(r, NULL, "randwrite: read completion latency (p99)",
			 0), 38000, 1e-12, "p99 in ns");
	/* "issued rwts: total=4050,...": p99.9 needs 10 000 reads */
	ok(isnan(sample(r, NULL, "randwrite: read completion latency (p99.9)",
			0)), "p99.9 of 4050 reads: refused, no value");
	{
		const struct fsr_result *m = NULL;
		const struct fsr_refusal *f = NULL;
		size_t i, n = 0;

		for (i = 0; i < r->n_results; i++)
			if (!strcmp(r->results[i]->description, "randwrite: "
				    "read completion latency (mean)"))
				m = r->results[i];
		if (m)
			f = fsr_cell_refusals(&m->cells[0], &n);
		for (i = 0; f && i < n && strcmp(f[i].desc, "randwrite: read "
						  "completion latency (p99.9)");
		     i++)
			;
		ok(f && i < n && f[i].runs == 1 && f[i].min_ios == 4050 &&
			   f[i].need == 10000,
		   "the refusal, in the (mean) cell: 4050 of 10000 reads");
	}
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

/*
 * Terse versions 2, 4 and 5 of one --rw=randrw job (terse-vN-randrw.txt,
 * awk -F';' field numbers): v2 read IOPS $7 43548, read KiB/s $6 174193,
 * write IOPS $48 44537, write clat mean $56 6.043746 usec; v4 read IOPS
 * $8 34615, write IOPS $49 35401; v5 read IOPS $8 28521, write IOPS $55
 * 29169, write KiB/s $54 116676, write clat mean $63 8.243794 usec.
 */
static void terse_versions(void)
{
	static const struct {
		const char *file;
		double read_iops, write_iops;
	} v[] = {
		{ FT "terse-v2-randrw.txt", 43548, 44537 },
		{ FT "terse-v4-randrw.txt", 34615, 35401 },
		{ FT "terse-v5-randrw.txt", 28521, 29169 },
	};
	static const char *const files[] = {
		FT "terse-v2-randrw.txt", FT "terse-v4-randrw.txt",
		FT "terse-v5-randrw.txt",
	};
	struct fsr_report *r;
	char line[4096];
	FILE *fp;
	size_t i;
	int rc;

	probe_each(files, sizeof(files) / sizeof(*files), fsr_fio_text_probe,
		   95, "fio-text");
	for (i = 0; i < sizeof(v) / sizeof(*v); i++) {
		r = load(v[i].file, &rc);
		is_int(rc, 0, "%s imports", v[i].file);
		is_double(sample(r, NULL, "randwrite: read IOPS", 0),
			  v[i].read_iops, 0, "%s: read IOPS", v[i].file);
		is_double(sample(r, NULL, "randwrite: write IOPS", 0),
			  v[i].write_iops, 0, "%s: write IOPS", v[i].file);
		ok(cell(r, NULL, "randwrite: trim IOPS") == NULL,
		   "%s: no trim result: 0 KiB trimmed", v[i].file);
		fsr_report_free(r);
	}
	r = load(FT "terse-v2-randrw.txt", &rc);
	is_double(sample(r, NULL, "randwrite: read bandwidth", 0),
		  174193.0 * 1024, 0, "v2: read KiB/s to B/s");
	is_double(sample(r, NULL, "randwrite: write completion latency (mean)",
			 0), 6043.746, 1e-9, "v2: write clat mean (no fio "
		  "version field shifts nothing)");
	fsr_report_free(r);
	r = load(FT "terse-v5-randrw.txt", &rc);
	is_double(sample(r, NULL, "randwrite: write bandwidth", 0),
		  116676.0 * 1024, 0, "v5: write after 47 read fields");
	is_double(sample(r, NULL, "randwrite: write completion latency (mean)",
			 0), 8243.794, 1e-9, "v5: write clat mean");
	fsr_report_free(r);

	/* the v5 line cut after its 100th field */
	fp = fopen(FT "terse-v5-randrw.txt", "r");
	line[0] = '\0';
	if (fp) {
		if (!fgets(line, sizeof(line), fp))
			line[0] = '\0';
		fclose(fp);
	}
	{
		char *p = line;
		int k;

		for (k = 0; k < 100 && p; k++)
			p = strchr(p + 1, ';');
		if (p)
			memcpy(p, "\n", 2);
	}
	r = load(write_tmp("cut-v5.txt", line), &rc);
	is_int(rc, FSR_EINPUT, "a cut v5 line: an input error");
	is_str(d.msg, "fio terse v5 line of 100 fields, at least 180 expected "
	       "(cut short?)", "the message names the version's count");
	fsr_report_free(r);
}

/* --status-interval (status-interval.txt, fio 3.33): the reports are the
 * run's series by JSON's rule (fio-rounds.c), IOPS from "issued rwts:
 * total=0,144036,..." at "(562MiB/881msec)", bandwidth from that size;
 * the final report ("(1966MiB/3001msec)", 120 ms) is no round. */
static void status_interval(void)
{
	const struct fsr_cell *ci, *cb;
	const struct fsr_seriesset *si, *sb;
	struct fsr_report *r;
	int rc;

	r = load(FT "status-interval.txt", &rc);
	is_int(rc, 0, "status-interval imports");
	is_int(w.n, 0, "status-interval: no warning, every report in a series");
	ci = cell(r, NULL, "randwrite: write IOPS");
	cb = cell(r, NULL, "randwrite: write bandwidth");
	si = ci ? fsr_cell_series(ci) : NULL;
	sb = cb ? fsr_cell_series(cb) : NULL;
	is_double(sample(r, NULL, "randwrite: write IOPS", 0), 168000, 1e-12,
		  "status-interval: the final IOPS=168k is the result");
	if (ok(si && sb && si->n == 1 && si->runs[0].n == 3 &&
	       sb->runs[0].n == 3, "status-interval: 3 rounds, not 4")) {
		is_double(si->runs[0].t_ms[2], 2881, 0,
			  "status-interval: t is the runtime");
		is_double(si->runs[0].v[1], (311834.0 - 144036) * 1000 / 1000,
			  1e-12, "status-interval: delta issued / delta ms");
		is_double(sb->runs[0].v[0], 562 * 1048576.0 * 1000 / 881,
			  1e-12, "status-interval: the printed size / ms");
	}
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	normal();
	status_interval();
	terse();
	terse_versions();
	return harness_end();
}
