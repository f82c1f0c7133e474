/*
 * test-model.c - the result model: keys, cells, merge and labels (its
 * helpers have their own tests: test-strbuf.c, test-numbers.c, ...).
 */
#include "model/model.h"
#include "tap.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

static void test_keys(void)
{
	char *s;

	s = fsr_test_identity("pts/tiobench-1.2.0");
	is_str(s, "pts/tiobench-1.2", "identity drops the patch version");
	free(s);
	s = fsr_test_identity("pts/fio-1.15");
	is_str(s, "pts/fio-1.15", "two-part version kept");
	free(s);
	s = fsr_test_identity("local/my-test");
	is_str(s, "local/my-test", "no version: unchanged");
	free(s);
	is_int(fsr_better_parse("HIB"), FSR_BETTER_HIGHER, "HIB is higher");
	is_int(fsr_better_parse("lower"), FSR_BETTER_LOWER, "lower");
	is_int(fsr_better_parse("ABSTRACT"), FSR_BETTER_UNKNOWN, "other");
}

static void test_report(void)
{
	struct fsr_report *r = fsr_report_new(), *s;
	struct fsr_result_key k = { "pts/fio-1.15", "-rw", "Read", "3.29",
				    "MB/s" };
	struct fsr_result_key k2 = { "pts/fio-1.15", "-rw", "Read", "3.29",
				     "IOPS" };
	struct fsr_result *a, *b, *c;
	struct fsr_cell *cell;
	size_t rs0, rs1, s0, s1;

	rs0 = fsr_report_add_runset(r, "base", "run-a", 0);
	rs1 = fsr_report_add_runset(r, "new", "run-b", 1);
	a = fsr_report_result(r, &k);
	b = fsr_report_result(r, &k2);
	c = fsr_report_result(r, &k);
	ok(a == c, "same identity, same result");
	ok(a != b, "units tell fio's IOPS and MB/s twins apart");
	is_int(r->n_results, 2, "two results");
	ok(fsr_report_find_result(r, a->key) == a, "find by key");
	s0 = fsr_report_system(r, rs0, "Defaults");
	s1 = fsr_report_system(r, rs1, NULL);
	is_int(fsr_report_system(r, rs0, "Defaults"), s0,
	       "system found again by run set and name");
	ok(s0 != s1, "systems of different run sets differ");
	cell = fsr_result_cell(a, s0);
	fsr_cell_add_sample(cell, 1);
	fsr_cell_add_sample(cell, 2);
	fsr_cell_set_stored(cell, "1.5");
	is_int(a->cells[0].n, 2, "samples kept in the cell");
	ok(fsr_result_find_cell(a, s1) == NULL, "no cell for the other");

	/* merge a scratch report into run set 0: pooled samples */
	s = fsr_report_new();
	fsr_report_add_runset(s, "x", "x.xml", 0);
	cell = fsr_result_cell(fsr_report_result(s, &k),
			       fsr_report_system(s, 0, "Defaults"));
	fsr_cell_add_sample(cell, 3);
	fsr_cell_set_stored(cell, "3");
	fsr_cell_add_failed(cell, "boom");
	fsr_report_merge(r, rs0, s);
	is_int(r->n_results, 2, "merge pools into the existing result");
	is_int(a->cells[0].n, 3, "merge pools samples");
	ok(a->cells[0].samples[2] == 3, "pooled sample appended");
	ok(a->cells[0].stored == NULL, "pooled cells have no stored value");
	is_int(a->cells[0].n_failed, 1, "failed runs pooled");
	is_str(fsr_cell_fail_reason(&a->cells[0]), "boom",
	       "failure reason kept");

	fsr_report_finish_labels(r);
	is_str(r->systems[s0].label, "Defaults", "named system keeps name");
	is_str(r->systems[s1].label, "new", "unnamed system: run-set label");
	fsr_report_free(r);
}

static void common_is(const char *a, const char *b, const char *want,
		      const char *what)
{
	char *t = fsr_title_common(a, b);

	is_str(t, want, "%s", what);
	free(t);
}

/* r, one file (run set 0 from path): result timed / time titled title,
 * one sample. */
static void titled(struct fsr_report *r, const char *path,
		   const char *title)
{
	static const struct fsr_result_key k = { "timed", "", "time", "",
						 "s" };
	struct fsr_result *a;

	fsr_report_add_runset(r, "x", path, 0);
	a = fsr_report_result(r, &k);
	free(a->title);
	a->title = strdup(title);
	fsr_cell_add_sample(fsr_result_cell(a, fsr_report_system(r, 0, "m")),
			    1);
}

static void test_title_common(void)
{
	struct fsr_report *r = fsr_report_new(), *s;

	common_is("fio", "fio", "fio", "equal titles: the title");
	common_is("ext4 sync modes, dd bs=1M, run 01",
		  "ext4 sync modes, dd bs=1M, run 02",
		  "ext4 sync modes, dd bs=1M",
		  "a run counter goes with its word and the comma");
	common_is("nightly #3", "nightly #12", "nightly",
		  "'#3', '#12': the name before stays");
	common_is("EXT2 tests", "EXT3 tests", "",
		  "no whole word in common: nothing");
	common_is("ext4 data=ordered", "ext4 data=journal", "ext4 data",
		  "words end at punctuation");
	common_is("abc", "abcd", "", "a word cut short is no word");
	common_is("ext4 tests", "ext4", "ext4", "one title is the other's "
		  "first word");
	common_is("run 1 of 10", "run 2 of 10", "", "only a counter");
	common_is("x  1", "x", "x", "a counter on one side only stays");
	common_is("run 1", "run  22", "", "blanks differ, still a counter");

	titled(r, "x", "ext4 modes, run 01");
	s = fsr_report_new();
	titled(s, "y", "ext4 modes, run 02");
	fsr_report_merge(r, 0, s);
	is_str(r->results[0]->title, "ext4 modes",
	       "merge: files' titles meet in what they share");
	s = fsr_report_new();
	titled(s, "z", "other");
	fsr_report_merge(r, 0, s);
	is_str(r->results[0]->title, "timed",
	       "merge: nothing shared, the test's name");
	fsr_report_free(r);
}

static void test_labels(void)
{
	struct fsr_report *r = fsr_report_new();
	size_t a, b, c, d, e;

	fsr_report_add_runset(r, "micro", "micro.xml", 0);
	fsr_report_add_runset(r, "large", "large.xml", 0);
	fsr_report_add_runset(r, "L", "multi.xml", 1);
	fsr_report_add_runset(r, "one", "one.xml", 1);
	a = fsr_report_system(r, 0, "threaded");
	b = fsr_report_system(r, 1, "threaded");
	c = fsr_report_system(r, 2, "x");
	d = fsr_report_system(r, 2, "y");
	e = fsr_report_system(r, 3, "only");
	fsr_report_finish_labels(r);
	is_str(r->systems[a].label, "micro",
	       "clashing names: a run set's only system takes its label");
	is_str(r->systems[b].label, "large", "... on both sides");
	is_str(r->systems[c].label, "L: x", "LABEL= with several systems");
	is_str(r->systems[d].label, "L: y", "... each prefixed");
	is_str(r->systems[e].label, "one", "LABEL= with one system renames");
	fsr_report_free(r);
}

int main(void)
{
	/* The model must not care about the locale. */
	setlocale(LC_ALL, "");
	test_keys();
	test_report();
	test_labels();
	test_title_common();
	return done_testing();
}
