/*
 * test-readrate.c - impossible read rates (analyze/readrate.c): the
 * ceiling of system.txt's device_max_read_mbs and a file smaller than the
 * memory, on reports made by hand. The reference values are arithmetic
 * done by hand in the comments.
 */
#include "analyze/analyze.h"
#include "tap.h"

#include <math.h>
#include <string.h>

static struct fsr_read_rate rate(const char *desc, const char *unit,
				 double x, const char *key,
				 const char *value, const char *memory_hw)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_result_key k = { "t", "", desc, "", unit };
	struct fsr_result *res;
	struct fsr_cell *c;
	struct fsr_read_rate out;
	size_t sys;

	fsr_report_add_runset(r, "a", "a", 0);
	sys = fsr_report_system(r, 0, NULL);
	if (key)
		fsr_kvlist_set(&r->systems[sys].info, key, value);
	if (memory_hw)
		fsr_kvlist_set(&r->systems[sys].hw, "Memory", memory_hw);
	res = fsr_report_result(r, &k);
	res->better = FSR_BETTER_HIGHER;
	c = fsr_result_cell(res, sys);
	fsr_cell_add_sample(c, x);
	fsr_read_rate(r, res, c, x, &out);
	fsr_report_free(r);
	return out;
}

/* A fio result desc of job "seqread" with options opts ("fio job
 * seqread" meta, as importers/fio.c keeps them) on memory_mb. */
static struct fsr_read_rate fio_rate(const char *desc, const char *unit,
				     const char *opts, const char *memory_mb)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_result_key k = { "fio", "", desc, "3.33", unit };
	struct fsr_result *res;
	struct fsr_cell *c;
	struct fsr_read_rate out;
	size_t sys;

	fsr_report_add_runset(r, "a", "a", 0);
	sys = fsr_report_system(r, 0, NULL);
	fsr_kvlist_set(&r->systems[sys].meta, "fio job seqread", opts);
	if (memory_mb)
		fsr_kvlist_set(&r->systems[sys].info, "memory_mb", memory_mb);
	res = fsr_report_result(r, &k);
	res->better = FSR_BETTER_HIGHER;
	c = fsr_result_cell(res, sys);
	fsr_cell_add_sample(c, 1000);
	fsr_read_rate(r, res, c, 1000, &out);
	fsr_report_free(r);
	return out;
}

int main(void)
{
	struct fsr_read_rate o;

	/* PTS issue 417: 11725.95 MB/s against 4 disks' 1000 MB/s */
	o = rate("Record Size: 64Kb - File Size: 4GB - Disk Test: Read "
		 "Performance", "MB/s", 11725.95, "device_max_read_mbs",
		 "1000", NULL);
	is_int(o.flagged, FSR_RATE_ABOVE_DEVICE, "417: above the device");
	is_double(o.rate_mbs, 11725.95, 1e-15, "417: 11725.95 MB/s");
	is_double(o.file_mib, 4096, 0, "417: File Size: 4GB = 4096 MiB");
	ok(isnan(o.memory_mib), "417: memory unknown");
	/* 900 000 KiB/s = 921.6 MB/s: below 1000 */
	o = rate("read", "KiB/s", 900000, "device_max_read_mbs", "1000",
		 NULL);
	is_int(o.flagged, 0, "921.6 MB/s is below 1000 MB/s");
	is_double(o.rate_mbs, 921.6, 1e-15, "900000 KiB/s = 921.6 MB/s");
	/* 1 000 000 KiB/s = 1024 MB/s: above */
	o = rate("random read", "KiB/s", 1000000, "device_max_read_mbs",
		 "1000", NULL);
	is_int(o.flagged, FSR_RATE_ABOVE_DEVICE, "1024 MB/s is above 1000");
	/* a write is never a read rate */
	o = rate("random write", "KiB/s", 1e9, "device_max_read_mbs", "1",
		 NULL);
	is_int(o.flagged, 0, "a write rate: not tested");
	/* not a rate unit */
	o = rate("read", "s", 1e9, "device_max_read_mbs", "1", NULL);
	is_int(o.flagged, 0, "seconds: not a rate");
	/* iozone's own: file size 64 KiB = 0.0625 MiB < memory_mb 24105 */
	o = rate("read (file size 64 KiB, record 4 KiB)", "KiB/s", 1083249,
		 "memory_mb", "24105", NULL);
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "64 KiB file in 24105 MiB");
	is_double(o.file_mib, 0.0625, 0, "64 KiB = 0.0625 MiB");
	is_double(o.memory_mib, 24105, 0, "memory_mb 24105");
	/* PTS hardware "2 x 8192 MB DDR4" = 16384 MiB > 4096 MiB file */
	o = rate("File Size: 4GB - Disk Test: Read Performance", "MB/s", 500,
		 NULL, NULL, "2 x 8192 MB DDR4-3200MT/s");
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "4 GB file in 2 x 8192 MB");
	is_double(o.memory_mib, 16384, 0, "2 x 8192 MB = 16384 MiB");
	/* "16GB" = 16384 MiB; a 32GB file is larger: not flagged */
	o = rate("File Size: 32GB - Disk Test: Read Performance", "MB/s", 500,
		 NULL, NULL, "16GB");
	is_int(o.flagged, 0, "a 32 GB file is larger than 16 GB of memory");
	is_double(o.memory_mib, 16384, 0, "16GB = 16384 MiB");
	/* fio: direct absent (fio's default 0), 256M = 256 MiB < 24105 */
	o = fio_rate("seqread: read bandwidth", "B/s",
		     "rw=read, bs=1M, size=256M", "24105");
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "fio buffered 256M");
	is_double(o.file_mib, 256, 0, "fio 256M = 256 MiB");
	is_int((int)o.fio_jobs, 1, "fio: one job");
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "rw=read, size=256M, direct=0", "24105");
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "fio IOPS too");
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "rw=read, size=256M, direct=1", "24105");
	is_int(o.flagged, 0, "fio direct=1: not flagged");
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "rw=read, size=256M, buffered=0", "24105");
	is_int(o.flagged, 0, "fio buffered=0: not flagged");
	o = fio_rate("seqread: write IOPS", "IOPS", "rw=write, size=256M",
		     "24105");
	is_int(o.flagged, 0, "fio: a write is not tested");
	o = fio_rate("seqread: read completion latency (mean)", "ns",
		     "rw=read, size=256M", "24105");
	is_int(o.flagged, 0, "fio: a latency is not tested");
	/* 8g x 4 jobs = 32768 MiB > 24105; 4g x 4 = 16384 < 24105 */
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "rw=read, size=8g, numjobs=4", "24105");
	is_int(o.flagged, 0, "fio 4 x 8g = 32768 MiB: larger");
	is_double(o.file_mib, 32768, 0, "4 x 8g = 32768 MiB");
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "rw=read, size=4GiB, numjobs=4", "24105");
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "fio 4 x 4GiB: smaller");
	is_int((int)o.fio_jobs, 4, "fio: 4 jobs");
	/* filesize before size; plain bytes; a range is not tested */
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "size=64g, filesize=1073741824", "24105");
	is_double(o.file_mib, 1024, 0, "filesize 1073741824 B = 1024 MiB");
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "filesize counts");
	o = fio_rate("seqread: read IOPS", "IOPS", "filesize=1M-2M",
		     "24105");
	is_int(o.flagged, 0, "a size range: not tested");
	o = fio_rate("seqread: read IOPS", "IOPS", "size=50%", "24105");
	is_int(o.flagged, 0, "a percentage: not tested");
	o = fio_rate("seqread: read IOPS", "IOPS", "size=256M", NULL);
	is_int(o.flagged, 0, "memory unknown: not tested");
	/* the job's own options after the global ones override them */
	o = fio_rate("seqread: read IOPS", "IOPS",
		     "size=64g, direct=1, rw=read, size=256M, direct=0",
		     "24105");
	is_int(o.flagged, FSR_RATE_FILE_IN_RAM, "the job's size and direct");
	is_double(o.file_mib, 256, 0, "the job's 256M, not the global 64g");
	/* another job's options are not this one's */
	o = fio_rate("seqread2: read IOPS", "IOPS", "size=256M", "24105");
	is_int(o.flagged, 0, "job seqread2 has no options kept");
	return done_testing();
}
