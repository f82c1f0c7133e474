/*
 * test-ioping.c - the ioping importer on real captures made on this
 * machine with Debian's ioping 1.3 (tests/data/ioping/, its README has
 * the command lines). Every expected number is copied from the raw
 * line of the capture named next to it.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#define IO "tests/data/ioping/"

#define HARNESS_IMPORT fsr_ioping_import
#define HARNESS_NAME "ioping"
#include "import-harness.h"

static void probes(void)
{
	static const char *const files[] = {
		IO "direct.txt", IO "cached.txt", IO "failed-stat.txt",
	};

	probe_each(files, sizeof(files) / sizeof(*files), fsr_ioping_probe,
		   60, "ioping");
}

static void runs(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	int rc;

	/* direct.txt, line 1: 1443 requests/s, average 693097 ns; line 5:
	 * 7750, 129036 ns */
	r = load(IO "direct.txt", &rc);
	is_int(rc, 0, "direct.txt imports");
	is_int((int)r->n_results, 2, "requests/s and the average time");
	c = cell(r, NULL, "Requests/s");
	is_int(c ? (int)c->n : 0, 5, "one sample per line (5 runs)");
	is_double(sample(r, NULL, "Requests/s", 0), 1443, 0, "line 1: iops");
	is_double(sample(r, NULL, "Requests/s", 4), 7750, 0, "line 5: iops");
	is_double(sample(r, NULL, "Average request time", 0), 693.097, 1e-12,
		  "line 1: average 693097 ns in us");
	is_double(sample(r, NULL, "Average request time", 4), 129.036, 1e-12,
		  "line 5: average 129036 ns in us");
	is_int(r->results[0]->better, FSR_BETTER_HIGHER,
	       "requests/s: higher is better");
	is_int(r->results[1]->better, FSR_BETTER_LOWER,
	       "average time: lower is better");
	is_str(r->results[1]->unit, "us", "in microseconds");
	is_str(r->results[0]->test, "ioping", "test ioping");
	is_int(w.n, 0, "no warning");
	fsr_report_free(r);

	/* cached.txt, line 1: 405853 requests/s, 2464 ns */
	r = load(IO "cached.txt", &rc);
	is_int(rc, 0, "cached.txt imports");
	is_double(sample(r, NULL, "Requests/s", 0), 405853, 0,
		  "cached line 1: iops");
	is_double(sample(r, NULL, "Average request time", 0), 2.464, 1e-12,
		  "cached line 1: average 2464 ns in us");
	fsr_report_free(r);
}

static void failures(void)
{
	struct fsr_report *r;
	const struct fsr_cell *c;
	const char *p;
	int rc;

	/* two runs, then ioping's error message: a failed run */
	r = load(IO "failed-stat.txt", &rc);
	is_int(rc, 0, "failed-stat.txt imports");
	c = cell(r, NULL, "Requests/s");
	is_int(c ? (int)c->n : 0, 2, "the two runs before the error");
	is_int(c ? (int)c->n_failed : 0, 1, "and one failed run");
	is_int(w.n, 1, "a warning");
	is_int(w.line, 3, "at the error's line");
	fsr_report_free(r);

	expect_input_error("tests/bad/ioping/cut-short.txt", 4,
			   "a line cut short");
	p = write_tmp("letters.txt", "19 1 1 1 1 1 1 1 20 x1\n");
	expect_refused(p, "ioping raw line with a field that is not a whole "
		       "number", 1, "a field that is not a number");
	p = write_tmp("avg.txt", "19 1 1 1 5 9 7 1 20 2\n");
	expect_refused(p, "ioping raw line whose numbers disagree (requests, "
		       "or shortest <= average <= longest)", 1,
		       "an average above the longest");
	p = write_tmp("eleven.txt", "19 1 1 1 1 1 1 1 20 2 3\n");
	expect_refused(p, "ioping raw line of more than 10 fields, 10 "
		       "expected (a line cut short?)", 1, "eleven fields");
	p = write_tmp("empty.txt", "\n\n");
	r = load(p, &rc);
	is_int(rc, FSR_ENOTMINE, "no line at all: not ioping's");
	fsr_report_free(r);
}

int main(void)
{
	if (harness_begin())
		return 1;
	probes();
	runs();
	failures();
	return harness_end();
}
