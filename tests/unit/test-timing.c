/*
 * test-timing.c - the timing-log importer on real captures made on this
 * machine with bash's time, GNU time (-p, -v, default), dd and a seed-004
 * style wrapper (tests/data/timing/, examples/sync-modes/; see
 * scripts/capture-timing.sh), plus shapes written here: GNU time's
 * h:mm:ss, the seed's own quoted lines, a command holding ": ".
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

#define TM "tests/data/timing/"
#define EDGE TM "edge/"

#define HARNESS_IMPORT fsr_timing_import
#define HARNESS_NAME "timing"
#define HARNESS_OWN_CELL
#include "import-harness.h"

static const struct fsr_result *result(const struct fsr_report *r,
				       const char *test, const char *desc)
{
	size_t i;

	for (i = 0; i < r->n_results; i++)
		if (!strcmp(r->results[i]->test, test) &&
		    !strcmp(r->results[i]->description, desc))
			return r->results[i];
	return NULL;
}

/* The cell of test/desc for the system called sys (NULL: the run set). */
static const struct fsr_cell *cell(const struct fsr_report *r,
				   const char *test, const char *desc,
				   const char *sys)
{
	const struct fsr_result *res = result(r, test, desc);
	size_t i;

	if (!res)
		return NULL;
	for (i = 0; i < res->n_cells; i++) {
		const struct fsr_system *s = &r->systems[res->cells[i].system];

		if (sys ? s->name && !strcmp(s->name, sys) : !s->name)
			return &res->cells[i];
	}
	return NULL;
}

static double sample(const struct fsr_report *r, const char *test,
		     const char *desc, size_t k)
{
	const struct fsr_cell *c = cell(r, test, desc, NULL);

	return c && k < c->n ? c->samples[k] : NAN;
}

static size_t count(const struct fsr_report *r, const char *test,
		    const char *desc)
{
	const struct fsr_cell *c = cell(r, test, desc, NULL);

	return c ? c->n : 0;
}

static size_t failed(const struct fsr_report *r, const char *test,
		     const char *desc)
{
	const struct fsr_cell *c = cell(r, test, desc, NULL);

	return c ? c->n_failed : 0;
}

/* real/user/sys of one file with one run */
static void check_rus(const char *path, double real, double user,
		      double sys)
{
	struct fsr_report *r;
	int rc;

	r = load(path, &rc);
	is_int(rc, 0, "%s: imported", path);
	is_double(sample(r, "time", "real", 0), real, 1e-12, "%s: real",
		  path);
	is_double(sample(r, "time", "user", 0), user, 1e-12, "%s: user",
		  path);
	is_double(sample(r, "time", "sys", 0), sys, 1e-12, "%s: sys", path);
	is_int(w.n, 0, "%s: no warning", path);
	fsr_report_free(r);
}

static void test_bash(void)
{
	struct fsr_report *r;
	const struct fsr_result *res;
	int rc;

	r = load(TM "bash-time/nosync/run-01.txt", &rc);
	is_int(rc, 0, "bash time: imported");
	is_double(sample(r, "time", "real", 0), 0.247, 1e-12,
		  "bash time: real 0m0.247s");
	is_double(sample(r, "time", "sys", 0), 0.096, 1e-12,
		  "bash time: sys 0m0.096s");
	is_double(sample(r, "time", "user", 0), 0, 0,
		  "bash time: user 0m0.000s is 0");
	res = result(r, "time", "real");
	ok(res != NULL, "bash time: a 'real' result");
	if (res) {
		is_str(res->unit, "s", "real is in seconds");
		is_int(res->better, FSR_BETTER_LOWER, "real: lower is better");
		is_str(res->title, "time", "real: title 'time'");
	}
	is_int(cell(r, "time", "real", NULL)->stored_decimals, 3,
	       "bash time: 3 decimals");
	is_double(sample(r, "dd", "time", 0), 0.243317, 1e-12,
		  "bash time: dd's own seconds too");
	is_double(sample(r, "dd", "throughput", 0), 67108864 / 0.243317,
		  1e-12, "dd throughput = bytes / seconds, not '276 MB/s'");
	res = result(r, "dd", "throughput");
	ok(res && !strcmp(res->unit, "B/s") &&
	   res->better == FSR_BETTER_HIGHER, "dd throughput: B/s, higher");
	res = result(r, "dd", "time");
	ok(res && !strcmp(res->unit, "s") && res->better == FSR_BETTER_LOWER,
	   "dd time: s, lower");
	is_int(r->n_systems, 1, "bash time: one system");
	ok(r->systems[0].name == NULL, "bash time: the run set's system");
	fsr_report_free(r);

	r = load(TM "bash-time/nosync.log", &rc);
	is_int(rc, 0, "bash time, 5 runs in one log: imported");
	is_int(count(r, "time", "real"), 5, "log: 5 real samples");
	is_int(count(r, "dd", "throughput"), 5, "log: 5 dd samples");
	is_double(sample(r, "time", "real", 4), 0.037, 1e-12,
		  "log: the fifth run's real");
	fsr_report_free(r);

	check_rus(EDGE "bash-time-p.txt", 0.03, 0, 0.01);
	check_rus(EDGE "bash-time-over-1min.txt", 61.509, 0, 0.001);
	check_rus(EDGE "locale-de-bash-time.txt", 0.042, 0, 0.015);
	check_rus(EDGE "locale-de-bash-time-p.txt", 0.03, 0, 0.01);

	r = load(EDGE "locale-de-bash-time.txt", &rc);
	is_double(sample(r, "dd", "time", 0), 0.0376244, 1e-12,
		  "German dd: '0,0376244 s'");
	is_double(sample(r, "dd", "throughput", 0), 67108864 / 0.0376244,
		  1e-12, "German dd: throughput from 'Bytes' and seconds");
	fsr_report_free(r);

	r = load(EDGE "bash-timeformat-3R.txt", &rc);
	is_int(rc, 0, "TIMEFORMAT=%%3R: imported");
	is_double(sample(r, "time", "real", 0), 0.039, 1e-12,
		  "TIMEFORMAT=%%3R: the bare number is real");
	is_int(count(r, "time", "user"), 0, "TIMEFORMAT=%%3R: no user");
	fsr_report_free(r);

	r = load(EDGE "bash-time-failed.txt", &rc);
	is_int(rc, 0, "failed command: imported");
	is_int(count(r, "time", "real"), 0, "failed command: no real sample");
	is_int(failed(r, "time", "real"), 1, "failed command: a failed run");
	is_int(failed(r, "time", "sys"), 1, "failed command: sys failed too");
	is_int(failed(r, "dd", "throughput"), 1,
	       "failed command: dd's run failed too");
	ok(cell(r, "time", "real", NULL) &&
	   !strcmp(fsr_cell_fail_reason(cell(r, "time", "real", NULL)),
		   "dd: failed to open '/nonexistent/testfile': No such "
		   "file or directory"), "failed command: dd's reason");
	is_int(w.n, 1, "failed command: one warning");
	is_str(w.msg, EDGE "bash-time-failed.txt:1: the timed command failed "
	       "(dd: failed to open '/nonexistent/testfile': No such file "
	       "or directory); its run is left out",
	       "failed command: the warning");
	fsr_report_free(r);

	r = load(EDGE "bash-time-dd-no-space.txt", &rc);
	is_int(rc, 0, "dd failing half-way: imported");
	is_int(failed(r, "dd", "throughput"), 1,
	       "dd failing half-way: dd's summary is a failed run");
	is_int(count(r, "dd", "throughput"), 0,
	       "dd failing half-way: '0 bytes copied' is no zero sample");
	is_int(failed(r, "time", "real"), 1,
	       "dd failing half-way: its time is a failed run");
	fsr_report_free(r);

	r = load(EDGE "bash-time-dd-partial-read-warning.txt", &rc);
	is_int(rc, 0, "dd partial-read warning: imported");
	is_int(count(r, "time", "real"), 1,
	       "dd partial-read warning is no failure");
	is_double(sample(r, "dd", "throughput", 0), 204800 / 0.00303197,
		  1e-12, "dd partial read: 204800 bytes");
	is_int(w.n, 0, "dd partial read: no warning");
	fsr_report_free(r);
}

/* The title the log text gives result test / description. */
static void title_is(const char *name, const char *text, const char *test,
		     const char *description, const char *want,
		     const char *what)
{
	struct fsr_report *r;
	const struct fsr_result *res;
	int rc;

	r = load(write_tmp(name, text), &rc);
	res = r ? result(r, test, description) : NULL;
	is_str(res ? res->title : "", want, "%s", what);
	fsr_report_free(r);
}

static void test_gnu(void)
{
	struct fsr_report *r;
	const struct fsr_result *res;
	int rc;

	r = load(TM "usr-bin-time-v/nosync/run-01.txt", &rc);
	is_int(rc, 0, "time -v: imported");
	is_double(sample(r, "time", "real", 0), 0.04, 1e-12,
		  "time -v: elapsed 0:00.04");
	is_double(sample(r, "time", "user", 0), 0, 0, "time -v: user");
	is_str(fsr_kvlist_get(fsr_cell_meta(cell(r, "time", "user", NULL)),
			      "zero"),
	       "some runs print 0, below the resolution of 0.01 s",
	       "time -v: 'User time (seconds): 0.00' is noted");
	ok(fsr_kvlist_get(fsr_cell_meta(cell(r, "time", "sys", NULL)),
			  "zero") == NULL,
	   "time -v: sys 0.01 has no note");
	is_double(sample(r, "time", "sys", 0), 0.01, 1e-12, "time -v: sys");
	is_double(sample(r, "time", "max RSS", 0), 2928, 0,
		  "time -v: max RSS");
	res = result(r, "time", "max RSS");
	ok(res && !strcmp(res->unit, "KiB") &&
	   res->better == FSR_BETTER_LOWER, "max RSS: KiB, lower");
	is_double(sample(r, "dd", "time", 0), 0.0367926, 1e-12,
		  "time -v: dd's lines before the block");
	is_str(res ? res->title : "", "dd if=/dev/zero of=/tmp/fsreport-"
	       "scratch/timing/testfile bs=1M count=64",
	       "time -v: the command timed is the title, unquoted");
	fsr_report_free(r);

	r = load(TM "usr-bin-time-v/fdatasync.log", &rc);
	is_int(count(r, "time", "real"), 5, "time -v log: 5 runs");
	is_int(count(r, "time", "max RSS"), 5, "time -v log: 5 RSS");
	res = result(r, "time", "real");
	is_str(res ? res->title : "", "dd if=/dev/zero of=/tmp/fsreport-"
	       "scratch/timing/testfile bs=1M count=64 conv=fdatasync",
	       "time -v log: one command in every block, the title");
	fsr_report_free(r);
	title_is("two-commands.txt",
		 "\tCommand being timed: \"sync\"\n"
		 "\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:00.04\n"
		 "\tExit status: 0\n"
		 "\tCommand being timed: \"tar xf linux.tar\"\n"
		 "\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:09.04\n"
		 "\tExit status: 0\n", "time", "real", "time",
		 "commands without a word in common: 'time'");

	r = load(EDGE "usr-bin-time-v-over-1min.txt", &rc);
	is_double(sample(r, "time", "real", 0), 61.51, 1e-12,
		  "time -v: 1:01.51 is 61.51 s");
	fsr_report_free(r);

	r = load(EDGE "usr-bin-time-v-over-1h.txt", &rc);
	is_double(sample(r, "time", "real", 0), 3600, 1e-12,
		  "time -v: 1:00:00 (h:mm:ss, an hour of sleep 3600.5)");
	fsr_report_free(r);

	r = load(EDGE "locale-de-usr-bin-time-v.txt", &rc);
	is_double(sample(r, "time", "real", 0), 0.03, 1e-12,
		  "time -v under German: GNU time keeps '.'");
	is_double(sample(r, "dd", "time", 0), 0.0360516, 1e-12,
		  "time -v under German: dd's decimal comma");
	fsr_report_free(r);

	r = load(EDGE "usr-bin-time-v-failed.txt", &rc);
	is_int(rc, 0, "time -v failed: imported");
	is_int(count(r, "time", "real"), 0, "time -v failed: no sample");
	is_int(failed(r, "time", "max RSS"), 1, "time -v failed: failed run");
	is_int(w.n, 1, "time -v failed: a warning");
	is_int(w.line, 1, "time -v failed: at dd's error");
	fsr_report_free(r);

	check_rus(TM "usr-bin-time-p/fdatasync/run-02.txt", 0.06, 0, 0.01);
	check_rus(EDGE "usr-bin-time-p-over-1min.txt", 61.5, 0, 0);
	r = load(EDGE "usr-bin-time-p-failed.txt", &rc);
	is_int(failed(r, "time", "real"), 1,
	       "time -p failed: dd's error makes it a failed run");
	fsr_report_free(r);

	check_rus(TM "usr-bin-time-default/nosync/run-03.txt", 0.07, 0,
		  0.01);
	r = load(TM "usr-bin-time-default/nosync/run-03.txt", &rc);
	is_double(sample(r, "time", "max RSS", 0), 2944, 0,
		  "GNU default: 2944maxresident");
	fsr_report_free(r);
	check_rus(EDGE "usr-bin-time-default-over-1min.txt", 61.5, 0, 0);
	r = load(EDGE "usr-bin-time-default-failed.txt", &rc);
	is_int(failed(r, "time", "real"), 1, "GNU default failed: failed");
	is_int(w.line, 1, "GNU default failed: the first reason's line");
	fsr_report_free(r);
}

static void test_dd(void)
{
	static const struct {
		const char *file;
		double bytes, sec;
	} cases[] = {
		{ TM "dd/fdatasync/run-05.txt", 67108864, 0.0532121 },
		{ EDGE "dd-512-bytes.txt", 512, 5.3149e-05 },
		{ EDGE "dd-1-byte.txt", 1, 4.7801e-05 },
		{ EDGE "dd-100k.txt", 102400, 0.000127639 },
		{ EDGE "dd-partial-records.txt", 3, 0.00266348 },
		{ EDGE "locale-de-dd.txt", 67108864, 0.24756 },
		{ EDGE "dd-4k-dsync-status-progress.txt", 12288000, 10.1233 },
		{ EDGE "bash-time-dd-oflag-sync.txt", 67108864, 0.250994 },
		{ EDGE "bash-time-dd-oflag-dsync.txt", 67108864, 0.49906 },
	};
	struct fsr_report *r;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		r = load(cases[i].file, &rc);
		is_int(rc, 0, "%s: imported", cases[i].file);
		is_int(count(r, "dd", "time"), 1, "%s: one dd run",
		       cases[i].file);
		is_double(sample(r, "dd", "time", 0), cases[i].sec, 1e-12,
			  "%s: seconds", cases[i].file);
		is_double(sample(r, "dd", "throughput", 0),
			  cases[i].bytes / cases[i].sec, 1e-12,
			  "%s: bytes/s", cases[i].file);
		fsr_report_free(r);
	}
	r = load(TM "dd/nosync.log", &rc);
	is_int(count(r, "dd", "throughput"), 5, "dd log: 5 runs");
	is_int(count(r, "time", "real"), 0, "dd log: no time metrics");
	fsr_report_free(r);
}

static void test_freeform(void)
{
	static const char *const modes[] = {
		"No sync data=ordered", "data=ordered O_SYNC",
		"data=ordered O_DSYNC", "data=ordered fdatasync()",
		"data=ordered fsync()",
	};
	struct fsr_report *r;
	const struct fsr_cell *c;
	const struct fsr_result *res;
	const char *p;
	size_t i;
	int rc;

	r = load("examples/sync-modes/run-01.log", &rc);
	is_int(rc, 0, "seed-style log: imported");
	is_int(r->n_systems, 5, "seed-style log: one system per mode");
	for (i = 0; i < 5 && i < r->n_systems; i++)
		is_str(r->systems[i].name, modes[i], "mode %zu: label", i);
	c = cell(r, "timed", "time", "No sync data=ordered");
	ok(c && c->n == 1 && c->samples[0] == 1.71,
	   "No sync: 1.71 seconds");
	c = cell(r, "timed", "rate", "data=ordered fsync()");
	ok(c && c->n == 1 && c->samples[0] == 831, "fsync(): 831 MB/Sec");
	res = result(r, "timed", "rate");
	ok(res && !strcmp(res->unit, "MB/s") &&
	   res->better == FSR_BETTER_HIGHER, "rate: MB/s, higher");
	res = result(r, "timed", "time");
	ok(res && !strcmp(res->unit, "s") && res->better == FSR_BETTER_LOWER,
	   "time: s, lower");
	is_int(r->n_results, 2, "seed-style log: two results");
	is_str(res->title, "ext4 sync modes, dd bs=1M count=256, run 01",
	       "the title is the heading the lines are under");
	fsr_report_free(r);

	/* The seed's own lines, as quoted in the mail. */
	p = write_tmp("seed004.txt",
		      "On Mar 22, 2007  20:44 -0700, brian stone wrote:\n"
		      "> EXT3 tests\n"
		      "> ===========================================\n"
		      "> No sync data=writeback      14.5 seconds  "
		      "(70 MB/Sec)\n"
		      "> No sync data=ordered        17 seconds    "
		      "(60 MB/Sec)\n"
		      "> data=ordered,sync           52 seconds    "
		      "(19 MB/Sec)\n"
		      "> data=journal fdatasync()    60.5 seconds  "
		      "(17 MB/Sec)\n"
		      "It took 3 seconds\n"
		      "Summary: 4 seconds of waiting (a lot)\n");
	r = load(p, &rc);
	is_int(rc, 0, "seed 004 lines: imported");
	c = cell(r, "timed", "time", "No sync data=writeback");
	ok(c && c->n == 1 && c->samples[0] == 14.5,
	   "seed: No sync data=writeback 14.5 s");
	c = cell(r, "timed", "rate", "data=ordered,sync");
	ok(c && c->n == 1 && c->samples[0] == 19, "seed: data=ordered,sync "
	   "19 MB/s");
	c = cell(r, "timed", "time", "It took");
	ok(c && c->samples[0] == 3, "free-form: a line without rate");
	is_int(r->n_systems, 5, "seed: 4 configurations + 'It took'");
	ok(cell(r, "timed", "rate", "It took") == NULL,
	   "free-form: no rate, no rate sample");
	res = result(r, "timed", "rate");
	is_str(res ? res->title : "", "EXT3 tests",
	       "a quoted heading, '> ' taken off");
	fsr_report_free(r);

	/* Two blocks under two headings share no word: "Timed run". */
	title_is("two-blocks.txt",
		 "EXT2 tests\n==========\n"
		 "No sync   12.3 seconds  (83 MB/Sec)\n\n"
		 "EXT3 tests\n----------\n"
		 "No sync   14.5 seconds  (70 MB/Sec)\n", "timed", "time",
		 "Timed run", "headings without a shared word: the generic "
		 "title");
	title_is("no-heading.txt",
		 "a line of text\n"
		 "No sync   12.3 seconds  (83 MB/Sec)\n", "timed", "time",
		 "Timed run", "text not underlined is no heading");
}

static void test_written_here(void)
{
	struct fsr_report *r;
	const char *p;
	int rc;

	p = write_tmp("hours.txt",
		      "\tCommand being timed: \"sh -c 'echo a: b'\"\n"
		      "\tUser time (seconds): 3600.50\n"
		      "\tSystem time (seconds): 1.25\n"
		      "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:01:02\n"
		      "\tMaximum resident set size (kbytes): 1676\n"
		      "\tExit status: 0\n");
	r = load(p, &rc);
	is_int(rc, 0, "h:mm:ss: imported");
	is_double(sample(r, "time", "real", 0), 3662, 0,
		  "h:mm:ss: 1:01:02 is 3662 s");
	is_double(sample(r, "time", "user", 0), 3600.5, 0,
		  "a command with ': ' does not confuse the block");
	fsr_report_free(r);

	p = write_tmp("nothing.txt", "hello\nreal fast\n0.5\n1,5\n");
	r = load(p, &rc);
	is_int(rc, FSR_ENOTMINE, "nothing recognised: not a result file");
	is_int(r->n_results, 0, "nothing recognised: no result");
	fsr_report_free(r);

	p = write_tmp("dd-open.txt",
		      "dd: failed to open 'x': No such file or directory\n"
		      "64+0 records in\n64+0 records out\n"
		      "67108864 bytes (67 MB, 64 MiB) copied, 0.5 s, "
		      "134 MB/s\n");
	r = load(p, &rc);
	is_int(count(r, "dd", "time"), 1,
	       "dd log: the run after a 'failed to open' counts");
	is_int(failed(r, "dd", "time"), 1,
	       "dd log: the 'failed to open' run is a failed run");
	is_int(w.n, 1, "dd log: one warning");
	fsr_report_free(r);

	p = write_tmp("numbers.txt", "0.059\n0.061\n");
	r = load(p, &rc);
	is_int(rc, FSR_ENOTMINE, "bare numbers without dd: not read");
	fsr_report_free(r);

	p = write_tmp("crlf.txt", "real\t0m1.500s\r\nuser\t0m0.250s\r\n"
			 "sys\t0m0.125s\r\n");
	r = load(p, &rc);
	is_double(sample(r, "time", "sys", 0), 0.125, 0, "CRLF line ends");
	fsr_report_free(r);
}

static void test_probes(void)
{
	static const char *const mine[] = {
		TM "bash-time/nosync/run-01.txt",
		TM "bash-time/fdatasync.log",
		TM "usr-bin-time-v/nosync/run-01.txt",
		TM "usr-bin-time-p/nosync/run-01.txt",
		TM "usr-bin-time-default/nosync/run-01.txt",
		TM "dd/nosync/run-01.txt",
		EDGE "bash-timeformat-3R.txt",
		EDGE "bash-time-failed.txt",
		EDGE "usr-bin-time-v-failed.txt",
		EDGE "dd-4k-dsync-status-progress.txt",
		EDGE "locale-de-dd.txt",
		"examples/sync-modes/run-01.log",
	};
	static const char *const others[] = {
		"examples/ext4-mount-options/composite.xml",
		"tests/data/seed003/vendor1-buffered-discard.csv",
		"tests/data/postmark/verbose/buffered/run-01.txt",
		"tests/data/postmark/verbose/buffered/config.pmrc",
		"tests/data/postmark/multi-run/stdout.txt",
		"tests/data/postmark/out-of-files/stdout.txt",
		"tests/data/postmark/bad-set/stderr.txt",
		"examples/postmark/buffered/run-01.txt",
	};
	size_t i;

	for (i = 0; i < sizeof(mine) / sizeof(*mine); i++) {
		registry_picks(mine[i], "timing");
		not_claimed(mine[i], fsr_pts_probe, "pts");
		not_claimed(mine[i], fsr_csv_probe, "csv");
		not_claimed(mine[i], fsr_postmark_probe, "postmark");
	}
	for (i = 0; i < sizeof(others) / sizeof(*others); i++)
		not_claimed(others[i], fsr_timing_probe, "timing");
}

int main(void)
{
	if (harness_begin()) {
		ok(0, "mkdtemp");
		return done_testing();
	}
	test_bash();
	test_gnu();
	test_dd();
	test_freeform();
	test_written_here();
	test_probes();
	return harness_end();
}
