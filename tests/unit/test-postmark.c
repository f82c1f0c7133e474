/*
 * test-postmark.c - the PostMark importer on real captures made with
 * Debian's postmark 1.53 (tests/data/postmark/, examples/postmark/; see
 * scripts/capture-postmark.sh), plus a few shapes written here that no
 * Debian build prints (the 1.54 fork's decimals, a non-finite value, a
 * cut-off report, CRLF line ends).
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define PM "tests/data/postmark/"

static const char *const names[13] = {
	"Total_duration", "Duration_of_transactions", "Transactions/s",
	"Files_created/s", "Creation_alone/s",
	"Creation_mixed_with_transaction/s", "Read/s", "Append/s",
	"Deleted/s", "Deletion_alone/s", "Deletion_mixed_with_transaction/s",
	"Read_B/s", "Write_B/s",
};
static const char *const units[13] = {
	"s", "s", "tx/s", "files/s", "files/s", "files/s", "files/s",
	"files/s", "files/s", "files/s", "files/s", "B/s", "B/s",
};

#define HARNESS_IMPORT fsr_postmark_import
#define HARNESS_NAME "postmark"
#define HARNESS_OWN_CELL
#include "import-harness.h"

static const struct fsr_cell *cell(const struct fsr_report *r, int m)
{
	size_t i;

	for (i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i]->description, names[m]) &&
		    r->results[i]->n_cells)
			return &r->results[i]->cells[0];
	return NULL;
}

static double sample(const struct fsr_report *r, int m, size_t k)
{
	const struct fsr_cell *c = cell(r, m);

	return c && k < c->n ? c->samples[k] : NAN;
}

static size_t count(const struct fsr_report *r, int m)
{
	const struct fsr_cell *c = cell(r, m);

	return c ? c->n : 0;
}

/* Check all 13 values of report k against want[]. */
static void check_values(const struct fsr_report *r, size_t k,
			 const double *want, const char *what)
{
	int m;

	for (m = 0; m < 13; m++)
		is_double(sample(r, m, k), want[m], 1e-12, "%s: %s", what,
			  names[m]);
}

static void test_terse(void)
{
	static const double want[13] = {
		10, 4, 3000.00, 891.80, 500.00, 1479.50, 1500.00, 1499.50,
		891.80, 2836.00, 1520.50, 73482960.00, 112835944.00,
	};
	struct fsr_report *r;
	int rc, m;

	r = load("examples/postmark/buffered/run-01.txt", &rc);
	is_int(rc, 0, "terse: imported");
	is_int(r->n_results, 13, "terse: 13 results");
	for (m = 0; m < 13 && m < (int)r->n_results; m++) {
		const struct fsr_result *res = r->results[m];

		is_str(res->description, names[m], "terse: result %d is %s",
		       m, names[m]);
		is_str(res->unit, units[m], "terse: unit of %s", names[m]);
		is_int(res->better, m < 2 ? FSR_BETTER_LOWER :
		       FSR_BETTER_HIGHER, "terse: direction of %s", names[m]);
		is_str(res->test, "postmark", "terse: test of %s", names[m]);
		is_str(res->title, "PostMark", "terse: title of %s",
		       names[m]);
		is_str(res->arguments, "", "terse: no arguments");
		is_int(res->n_cells, 1, "terse: one cell for %s", names[m]);
	}
	check_values(r, 0, want, "terse run-01");
	is_int(count(r, 0), 1, "terse: one sample");
	is_int(cell(r, 0)->stored_decimals, 0, "terse: seconds are integers");
	is_int(cell(r, 2)->stored_decimals, 2, "terse: rates have 2 decimals");
	is_int(r->n_systems, 1, "terse: one system");
	ok(r->systems[0].name == NULL, "terse: the system is the run set");
	is_str(r->systems[0].label, "rs", "terse: labelled as the run set");
	is_int(r->systems[0].n_sources, 1, "terse: one source file");
	is_int(r->systems[0].meta.n, 0, "terse: no config echo, no meta");
	is_int(w.n, 0, "terse: no warning");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 9)), "interval") != NULL,
	   "terse: Deletion_alone/s (2836 files / 2836) is flagged 1 s");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 4)), "interval") == NULL,
	   "terse: Creation_alone/s (3000 files / 500) is not");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 2)), "interval") == NULL,
	   "terse: Transactions/s over 4 s is not");
	fsr_report_free(r);
}

static void test_verbose(void)
{
	static const double want[13] = {
		5, 3, 4000, 1783, 3000, 1972, 2000, 1999, 1783, 2836, 2027,
		140.16 * 1048576, 215.22 * 1048576,
	};
	struct fsr_report *r;
	const struct fsr_kvlist *meta;
	int rc;

	r = load(PM "verbose/buffered/run-01.txt", &rc);
	is_int(rc, 0, "verbose: imported");
	is_int(r->n_results, 13, "verbose: 13 results");
	check_values(r, 0, want, "verbose run-01");
	is_str(r->results[0]->description, "Total_duration",
	       "verbose: results in the seed's order");
	is_str(r->results[12]->description, "Write_B/s",
	       "verbose: ... to Write_B/s");
	meta = &r->systems[0].meta;
	is_str(fsr_kvlist_get(meta, "Files"), "3000", "verbose: files");
	is_str(fsr_kvlist_get(meta, "Transactions"), "12000",
	       "verbose: transactions");
	is_str(fsr_kvlist_get(meta, "File sizes"),
	       "1000 bytes and 195.31 kilobytes", "verbose: file sizes");
	is_str(fsr_kvlist_get(meta, "Location"),
	       "/tmp/fsreport-scratch/postmark (weight=1)",
	       "verbose: location from the TAB line");
	is_str(fsr_kvlist_get(meta, "Block sizes"),
	       "read=4.00 kilobytes, write=4.00 kilobytes",
	       "verbose: block sizes");
	is_str(fsr_kvlist_get(meta, "Biases"),
	       "read/append=5, create/delete=5", "verbose: biases");
	is_str(fsr_kvlist_get(meta, "Buffering"), "true",
	       "verbose: buffering true");
	is_str(fsr_kvlist_get(meta, "Seed"), "42", "verbose: seed");
	is_str(fsr_kvlist_get(meta, "Report"), "verbose", "verbose: report");
	is_int(w.n, 0, "verbose: no warning");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 4)), "interval") != NULL,
	   "verbose: 'Creation alone: 3000 files (3000 per second)' is 1 s");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 9)), "interval") != NULL,
	   "verbose: 'Deletion alone: 2836 files (2836 per second)' is 1 s");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 5)), "interval") == NULL,
	   "verbose: creation mixed over 3 s is not");
	fsr_report_free(r);

	r = load(PM "verbose/unbuffered/run-01.txt", &rc);
	is_int(rc, 0, "verbose unbuffered: imported");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "Buffering"), "false",
	       "verbose unbuffered: 'Not using Unix buffered' is false");
	is_int(count(r, 12), 1, "verbose unbuffered: one report");
	fsr_report_free(r);
}

static void test_multi_and_sessions(void)
{
	struct fsr_report *r;
	int rc, m;

	r = load(PM "multi-run/stdout.txt", &rc);
	is_int(rc, 0, "multi-run: imported");
	for (m = 0; m < 13; m++)
		is_int(count(r, m), 3, "multi-run: 3 samples of %s",
		       names[m]);
	is_double(sample(r, 0, 0), 11, 0, "multi-run: first total");
	is_double(sample(r, 0, 1), 6, 0, "multi-run: second total");
	is_double(sample(r, 12, 2), 188059904.00, 0,
		  "multi-run: third Write_B/s");
	fsr_report_free(r);

	r = load(PM "stdin-session/stdout.txt", &rc);
	is_int(rc, 0, "stdin session (verbose, pm> prompts): imported");
	is_int(count(r, 0), 1, "stdin session: one report");
	is_double(sample(r, 4, 0), 1500, 0,
		  "stdin session: creation alone");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "Files"), "3000",
	       "stdin session: 'pm>Current configuration' echo kept");
	is_int(w.n, 0, "stdin session: 'Eh?' is no warning");
	fsr_report_free(r);

	r = load(PM "stdin-session/stdout-terse.txt", &rc);
	is_int(rc, 0, "stdin session, terse, no final newline: imported");
	is_int(count(r, 2), 2, "stdin session terse: 2 reports");
	is_double(sample(r, 2, 1), 3000, 0,
		  "stdin session terse: second Transactions/s");
	fsr_report_free(r);

	r = load(PM "run-to-file/results.txt", &rc);
	is_int(rc, 0, "run-to-file results.txt (bare terse lines): imported");
	is_int(count(r, 0), 3, "run-to-file: 3 reports");
	is_double(sample(r, 0, 2), 15, 0, "run-to-file: third total");
	fsr_report_free(r);

	r = load(PM "run-to-file/stdout.txt", &rc);
	is_int(rc, FSR_ENOTMINE,
	       "run-to-file stdout (progress only) is no result file");
	is_int(r->n_results, 0, "run-to-file stdout: nothing imported");
	fsr_report_free(r);

	r = load(PM "short/stdout.txt", &rc);
	is_int(rc, 0, "short runs: imported");
	is_int(count(r, 0), 2, "short: terse and verbose report");
	is_double(sample(r, 0, 0), 1, 0, "short: clamped total 1 s");
	is_double(sample(r, 1, 0), 1, 0, "short: clamped tx time 1 s");
	is_double(sample(r, 11, 0), 623271.00, 0, "short: terse Read_B/s");
	is_double(sample(r, 11, 1), 608.66 * 1024, 1e-12,
		  "short: verbose '608.66 kilobytes' per second");
	is_double(sample(r, 12, 1), 1.22 * 1048576, 1e-12,
		  "short: verbose '1.22 megabytes' per second");
	is_int(w.n, 1, "short: one warning for the file");
	is_int(w.line, 6, "short: at the first 1 s report");
	is_str(w.msg, PM "short/stdout.txt:6: this PostMark run took a total "
	       "of 1 s, and PostMark counts whole seconds: its rates are no "
	       "measurements (make the run longer)", "short: the warning");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, 2)), "interval") &&
	   fsr_kvlist_get(fsr_cell_meta(cell(r, 12)), "interval"),
	   "short: Transactions/s and Write_B/s are flagged");
	fsr_report_free(r);

	r = load(PM "no-reads/stdout.txt", &rc);
	is_int(rc, 0, "no reads: imported");
	is_double(sample(r, 6, 0), 0, 0, "no reads: Read/s is a real 0");
	is_double(sample(r, 11, 0), 0, 0,
		  "no reads: '0.000000 bytes' per second");
	is_double(sample(r, 12, 0), 301.97 * 1024, 1e-12,
		  "no reads: Write_B/s from kilobytes");
	fsr_report_free(r);
}

static void test_out_of_files(void)
{
	struct fsr_report *r;
	int rc;

	r = load(PM "out-of-files/stdout.txt", &rc);
	is_int(rc, 0, "out of files: not an error");
	is_int(r->n_results, 0, "out of files: no result, never zeros");
	is_int(r->n_systems, 0, "out of files: no system");
	is_int(w.n, 1, "out of files: one warning");
	is_int(w.line, 4, "out of files: at the 'out of files!' line");
	is_str(w.msg, PM "out-of-files/stdout.txt:4: PostMark ran out of "
	       "files, so this run has no report; it is left out",
	       "out of files: the warning names the file");
	fsr_report_free(r);

	r = load(PM "bad-set/stdout.txt", &rc);
	is_int(rc, FSR_ENOTMINE, "bad set: banner only is no result file");
	fsr_report_free(r);
}

static void test_written_here(void)
{
	struct fsr_report *r;
	const char *p;
	int rc;

	/* The 1.54 fork: %.4f seconds, %.2f per second. */
	p = write_tmp("v154.txt",
		      "PostMark v1.54 : 2025\n"
		      "Time:\n\t4.5123 seconds total\n"
		      "\t2.2500 seconds of transactions (2222.22 per second)\n"
		      "\nFiles:\n\t4521 created (1001.93 per second)\n"
		      "\t\tCreation alone: 2000 files (1600.00 per second)\n"
		      "\t\tMixed with transactions: 2521 files (1120.44 per "
		      "second)\n"
		      "\t2499 read (1110.67 per second)\n"
		      "\t2501 appended (1111.56 per second)\n"
		      "\t4521 deleted (1001.93 per second)\n"
		      "\t\tDeletion alone: 2042 files (2722.67 per second)\n"
		      "\t\tMixed with transactions: 2479 files (1101.78 per "
		      "second)\n"
		      "\nData:\n\t282.06 megabytes read (62.51 megabytes per "
		      "second)\n"
		      "\t528.74 megabytes written (117.18 megabytes per "
		      "second)\n");
	r = load(p, &rc);
	is_int(rc, 0, "1.54 verbose: imported");
	is_double(sample(r, 0, 0), 4.5123, 1e-12, "1.54: decimal total");
	is_double(sample(r, 2, 0), 2222.22, 1e-12, "1.54: decimal rate");
	is_double(sample(r, 5, 0), 1120.44, 1e-12,
		  "1.54: first 'Mixed' line is creation's");
	is_double(sample(r, 10, 0), 1101.78, 1e-12,
		  "1.54: second 'Mixed' line is deletion's");
	is_int(cell(r, 0)->stored_decimals, 4, "1.54: 4 decimals kept");
	fsr_report_free(r);

	p = write_tmp("terse-dec.txt",
		      "4.5123 2.2500 2222.22 1001.93 1600.00 1120.44 1110.67 "
		      "1111.56 1001.93 2722.67 1101.78 65546012.00 "
		      "122870816.00\r\n"
		      "5 3 inf 904.20 1000.00 840.33 833.00 833.67 904.20 "
		      "2042.00 826.33 59153004.00 110884400.00\r\n");
	r = load(p, &rc);
	is_int(rc, 0, "terse with decimals and CRLF: imported");
	is_double(sample(r, 1, 0), 2.25, 0, "terse: decimal seconds");
	is_int(count(r, 2), 1, "terse 'inf': not a sample");
	is_int(cell(r, 2)->n_failed, 1, "terse 'inf': a failed run");
	is_int(count(r, 3), 2, "terse 'inf': other metrics keep the run");
	fsr_report_free(r);

	p = write_tmp("cut.txt", "Time:\n\t4 seconds total\n"
			 "\t2 seconds of transactions (2500 per second)\n"
			 "\nFiles:\n\t4521 created (1130 per second)\n");
	r = load(p, &rc);
	is_int(rc, FSR_EINPUT, "a cut-off verbose report is an error");
	is_int(d.line, 1, "cut-off: the line of its 'Time:'");
	is_str(d.msg, "incomplete PostMark report: no "
	       "'Creation_alone/s' line", "cut-off: what is missing");
	fsr_report_free(r);

	p = write_tmp("twice.txt", "Current configuration is:\n"
			 "Using Unix buffered file I/O\n"
			 "Report format is terse.\n"
			 "5 3 1666.67 904.20 1000.00 840.33 833.00 833.67 "
			 "904.20 2042.00 826.33 59153004.00 110884400.00\n"
			 "Current configuration is:\n"
			 "Not using Unix buffered file I/O\n"
			 "Report format is terse.\n"
			 "5 3 1666.67 904.20 1000.00 840.33 833.00 833.67 "
			 "904.20 2042.00 826.33 59153004.00 110884400.00\n");
	r = load(p, &rc);
	is_int(rc, 0, "a changed configuration: imported");
	is_int(count(r, 0), 2, "changed configuration: both reports pooled");
	is_int(w.n, 1, "changed configuration: one warning");
	is_int(w.line, 6, "changed configuration: where it changes");
	fsr_report_free(r);

	p = write_tmp("twelve.txt", "5 3 1666.67 904.20 1000.00 840.33 "
			 "833.00 833.67 904.20 2042.00 826.33 59153004.00\n");
	r = load(p, &rc);
	is_int(rc, FSR_ENOTMINE, "12 numbers are no terse report");
	fsr_report_free(r);
}

static void test_probes(void)
{
	static const char *const mine[] = {
		"examples/postmark/buffered/run-01.txt",
		PM "verbose/unbuffered/run-10.txt",
		PM "stdin-session/stdout.txt",
		PM "stdin-session/stdout-terse.txt",
		PM "run-to-file/results.txt",
		PM "out-of-files/stdout.txt",
		PM "multi-run/stdout.txt",
	};
	static const char *const others[] = {
		PM "bad-set/stderr.txt",
		PM "verbose/buffered/config.pmrc",
		PM "stdin-session/commands.txt",
		"tests/data/timing/bash-time/nosync/run-01.txt",
		"tests/data/timing/usr-bin-time-v/nosync/run-01.txt",
		"tests/data/timing/dd/nosync/run-01.txt",
		"examples/sync-modes/run-01.log",
		"examples/ext4-mount-options/composite.xml",
		"tests/data/seed003/vendor1-buffered-discard.csv",
	};
	size_t i;

	for (i = 0; i < sizeof(mine) / sizeof(*mine); i++) {
		registry_picks(mine[i], "postmark");
		not_claimed(mine[i], fsr_pts_probe, "pts");
		not_claimed(mine[i], fsr_csv_probe, "csv");
		not_claimed(mine[i], fsr_timing_probe, "timing");
	}
	for (i = 0; i < sizeof(others) / sizeof(*others); i++)
		not_claimed(others[i], fsr_postmark_probe, "postmark");
}

int main(void)
{
	if (harness_begin()) {
		ok(0, "mkdtemp");
		return done_testing();
	}
	test_terse();
	test_verbose();
	test_multi_and_sessions();
	test_out_of_files();
	test_written_here();
	test_probes();
	return harness_end();
}
