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
	*rc = fsr_fio_text_import(&ctx, path, r, &d);
	return r;
}

static const struct fsr_cell *cell(const struct fsr_report *r,
				   const char *args, const char *desc)
{
	size_t i;

	(void)args;
	for (i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i]->description, desc))
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

static char tmpdir[] = "/tmp/fsr-test-fio_text.XXXXXX";

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
		FT "normal-fsync1-01.txt", FT "normal-randrw.txt",
		FT "normal-group.txt", FT "terse-fsync1.txt",
		FT "terse-2jobs.txt",
	};
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(*files); i++) {
		ok(probe_file(files[i], fsr_fio_text_probe) >= 90,
		   "%s: fio text", files[i]);
		is_str(claims_of(files[i]), "fio-text",
		       "%s: fio-text alone claims it", files[i]);
	}
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
	is_double(sample(r, "", "randwrite: read IOPS", 0), 17600, 1e-12,
		  "17.6k IOPS");
	is_double(sample(r, "", "randwrite: read bandwidth", 0),
		  68.8 * 1048576, 1e-12, "68.8MiB/s");
	is_double(sample(r, "", "randwrite: read completion latency (mean)",
			 0), 16220, 1e-12, "usec to ns");
	is_double(sample(r, "", "randwrite: read completion latency (p99.9)",
			 0), 4178000, 1e-12, "p99.9 in ns");
	is_double(sample(r, "", "randwrite: write IOPS", 0), 18000, 1e-12,
		  "the write direction");
	is_double(sample(r, "", "randwrite: sync latency (mean)", 0), 6360.74,
		  1e-12, "sync in nsec");
	is_double(sample(r, "", "randwrite: sync latency (p99)", 0), 6624,
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
	is_double(sample(r, "", "randwrite: write IOPS", 0), 66601, 1e-12,
		  "IOPS");
	is_double(sample(r, "", "randwrite: write bandwidth", 0),
		  266406.0 * 1024, 1e-12, "KiB/s to B/s");
	is_double(sample(r, "", "randwrite: write completion latency (mean)",
			 0), 10537.095, 1e-9, "usec to ns");
	is_double(sample(r, "", "randwrite: write completion latency (p99)",
			 0), 9000, 1e-12, "p99");
	ok(cell(r, "", "randwrite: read IOPS") == NULL,
	   "no read result: 0 KiB read");
	ok(cell(r, "", "randwrite: write submission latency (mean)") == NULL,
	   "no slat with psync (min = max = 0)");
	fsr_report_free(r);

	r = load(FT "terse-2jobs.txt", &rc);
	ok(cell(r, "", "randwrite #2: write IOPS") != NULL,
	   "numjobs=2: the second job numbered as for JSON");
	fsr_report_free(r);

	r = load(write_tmp("pct.txt", "3;fio-3.33;j;0;0;0;0;0;0;0;0;0;0;0;0;0;"
			   "0;bad\n"), &rc);
	is_int(rc, FSR_EINPUT, "a short terse line: an input error");
	fsr_report_free(r);
}

int main(void)
{
	if (!mkdtemp(tmpdir))
		return 1;
	probes();
	normal();
	terse();
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", tmpdir);
	}
	return done_testing();
}
