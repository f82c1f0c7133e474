/*
 * test-hyperfine.c - the hyperfine --export-json importer on fixtures made
 * with Debian's hyperfine 1.15 (tests/data/hyperfine/): the probe, times[]
 * as samples, systems named by command or parameters, failed runs from
 * exit codes, zero times, and bad input.
 */
#include "model/model.h"
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HARNESS_IMPORT fsr_hyperfine_import
#define HARNESS_NAME "hf"
#define HARNESS_RUNSET "hf"
#define HARNESS_OWN_CELL
#include "import-harness.h"

static const struct fsr_cell *cell_of(const struct fsr_report *r,
				      const char *label)
{
	const struct fsr_result *res = NULL;
	size_t i;

	/* the wall-clock time; files of 20 or more timings also give
	 * percentiles, one result each */
	for (i = 0; r && i < r->n_results; i++)
		if (!strcmp(r->results[i]->description, "Wall-clock time"))
			res = r->results[i];
	if (!res)
		return NULL;
	for (i = 0; i < res->n_cells; i++)
		if (!strcmp(r->systems[res->cells[i].system].label, label))
			return &res->cells[i];
	return NULL;
}

static void test_probe(void)
{
	static const char hf[] = "{\n  \"results\": [\n    {\n      "
				 "\"command\": \"x\",\n      \"times\": [1]";
	static const char fio[] = "{\n  \"fio version\" : \"fio-3.33\",\n"
				  "  \"results\" : [], \"times\" : []";
	static const char own[] = "{\n  \"format_version\": 1,\n  \"results\":"
				  " [{ \"times\": [] }]";

	is_int(fsr_hyperfine_probe((const unsigned char *)hf, strlen(hf)), 95,
	       "probe: hyperfine JSON");
	is_int(fsr_hyperfine_probe((const unsigned char *)fio, strlen(fio)), 0,
	       "probe: fio JSON is not hyperfine's");
	is_int(fsr_hyperfine_probe((const unsigned char *)own, strlen(own)), 0,
	       "probe: fsreport JSON is not hyperfine's");
	is_str(fsr_importer_probe((const unsigned char *)hf, strlen(hf))->name,
	       "hyperfine", "probe: the registry picks hyperfine");
}

static void test_two_commands(void)
{
	const char *sync = "dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k "
			   "count=16 conv=fdatasync";
	const char *nosync = "dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k "
			     "count=16";
	const struct fsr_cell *c;
	struct fsr_report *r;
	int rc;

	r = load_labelled("tests/data/hyperfine/two-commands.json", &rc);
	if (!ok(r != NULL, "two-commands: imports")) {
		printf("#   %s\n", d.msg);
		return;
	}
	is_int(r->n_results, 1, "one result: the wall-clock time");
	is_str(r->results[0]->unit, "s", "in seconds");
	ok(r->results[0]->better == FSR_BETTER_LOWER, "lower is better");
	is_int(r->n_systems, 2, "two systems, one per command");
	c = cell_of(r, sync);
	is_int(c ? c->n : 0, 5, "every times[] entry is a sample");
	is_double(c ? c->samples[1] : NAN, 0.01141808976, 0,
		  "samples as exported, in seconds");
	is_double(c ? c->samples[0] : NAN, 0, 0, "a 0.0 time is kept");
	is_int(w.n, 1, "a 0.0 time is warned about");
	is_str(w.text, "'dd if=/dev/zero of=/tmp/fsr-hf/testfile "
	       "bs=64k count=16 conv=fdatasync': 1 of 5 runs took 0 s (faster "
	       "than hyperfine's shell correction); consider -N or a longer "
	       "command", "the warning names the command");
	c = cell_of(r, nosync);
	is_double(c ? c->samples[4] : NAN, 0.0062126527599999995, 0,
		  "second command, last sample");
	is_str(fsr_kvlist_get(&r->systems[0].meta, "command"), sync,
	       "the command is kept as an attribute");
	fsr_report_free(r);
}

static void test_shapes(void)
{
	const struct fsr_cell *c;
	struct fsr_report *r;
	int rc;

	r = load_labelled("tests/data/hyperfine/param-scan.json", &rc);
	ok(r && cell_of(r, "count=1") && cell_of(r, "count=2") &&
		   cell_of(r, "count=3"),
	   "-P: the parameters name the systems");
	if (r)
		is_str(fsr_kvlist_get(&r->systems[1].meta, "command"),
		       "dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k "
		       "count=2", "-P: the command stays an attribute");
	fsr_report_free(r);

	r = load_labelled("tests/data/hyperfine/fast-and-failing.json", &rc);
	c = r ? cell_of(r, "false") : NULL;
	ok(c && c->n == 0 && c->n_failed == 3,
	   "exit code 1: failed runs, never samples");
	is_str(c ? fsr_cell_fail_reason(c) : NULL, "exit code 1", "the reason");
	c = r ? cell_of(r, "true") : NULL;
	is_int(c ? c->n : 0, 3, "the command that succeeded has its samples");
	fsr_report_free(r);

	r = load_labelled("tests/data/hyperfine/named.json", &rc);
	ok(r && cell_of(r, "sync") && cell_of(r, "nosync"),
	   "-n names are the systems");
	fsr_report_free(r);
}

static void expect_error(const char *json, const char *want, int line,
			 const char *what)
{
	expect_refused(temp_file(json, strlen(json)), want, line, what);
}

static void test_bad(void)
{
	expect_error("{\"results\": [{\"command\": \"a\", \"times\": "
		     "[0.1, \"0.2\"]}]}",
		     "$.results[0].times[1]: expected a number, found a "
		     "string", 0, "a time as a string");
	expect_error("{\"results\": [{\"times\": [0.1]}]}",
		     "$.results[0].command: missing", 0, "no command");
	expect_error("{\"results\": [{\"command\": \"a\", \"times\": [0.1],"
		     " \"exit_codes\": [0, 0]}]}",
		     "$.results[0].exit_codes: 2 exit codes for 1 times", 0,
		     "exit codes that do not match");
	expect_error("{\"results\": [{\"command\": \"a\", \"times\": "
		     "[-0.1]}]}",
		     "$.results[0].times[0]: a negative time (-0.1 s)", 0,
		     "a negative time");
	expect_error("{\"results\": [{\"command\": \"a\", \"times\": "
		     "[NaN]}]}",
		     "malformed JSON: invalid token near 'NaN'", 1,
		     "NaN is not JSON");
	expect_error("{\"results\": {}}",
		     "$.results: expected an array, found an object", 0,
		     "results not an array");
	/* jansson would keep the last of two keys (issue 17). */
	expect_error("{\"results\": [{\"command\": \"a\", \"times\": [0.1],"
		     "\n \"times\": [0.2]}]}",
		     "malformed JSON: duplicate object key near '\"times\"'", 2,
		     "a key given twice");
}

/* A UTF-8 BOM before the JSON (Windows editors write one). */
static void test_bom(void)
{
	static const char bom[] = "\xef\xbb\xbf{\"results\": [{\"command\": "
				  "\"a\", \"times\": [0.25, 0.5]}]}";
	const char *p = temp_file(bom, strlen(bom));
	struct fsr_report *r;
	int rc;

	is_int(fsr_hyperfine_probe((const unsigned char *)bom, strlen(bom)),
	       95, "probe: hyperfine JSON after a UTF-8 BOM");
	r = load_labelled(p, &rc);
	is_int(rc, 0, "a BOM: imported");
	ok(r && cell_of(r, "a") && cell_of(r, "a")->n == 2,
	   "a BOM: both times");
	fsr_report_free(r);
	unlink(p);
}

/* The JSON tree's memory is bounded: past the budget, a clear error. */
static void test_budget(void)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_report *r;
	const char *p;
	int i, rc;

	fsr_buf_adds(&b, "{\"results\": [{\"command\": \"a\", \"times\": [0");
	for (i = 0; i < 20000; i++)
		fsr_buf_adds(&b, ",0.5");
	fsr_buf_adds(&b, "]}]}");
	p = temp_file(b.buf, strlen(b.buf));
	fsr_json_set_budget(256 << 10);
	r = load_labelled(p, &rc);
	is_int(rc, FSR_EINPUT, "a tree over the budget: refused");
	is_str(d.msg, "JSON too big to read: its tree needs more than 256 KiB "
		      "of memory", "  says so");
	fsr_json_set_budget(0);
	r = load_labelled(p, &rc);
	is_int(rc, 0, "the same file under the default budget: read");
	ok(r && cell_of(r, "a") && cell_of(r, "a")->n == 20001,
	   "  all 20001 times");
	ok(r && r->n_results == 5, "  and p50 to p99.9 of them (%zu results; "
	   "p99.99 needs 100 000)", r ? r->n_results : 0);
	fsr_report_free(r);
	fsr_buf_release(&b);
	unlink(p);
}

int main(void)
{
	test_probe();
	test_two_commands();
	test_shapes();
	test_bad();
	test_bom();
	test_budget();
	return done_testing();
}
