/*
 * test-model-scale.c - the model's lookups that keep big inputs linear
 * (model.c): a system's sources are kept once per path and in order
 * whether there are a few (a scan) or thousands (a hash set), and result
 * and system lookups find what was put in, with keys long and short.
 */
#include "../../model/model.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_sources(void)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_system *s;
	char path[64];
	size_t sys, i, in_order = 0;

	fsr_report_add_runset(r, "a", "a/", 0);
	sys = fsr_report_system(r, 0, NULL);
	s = &r->systems[sys];
	for (i = 0; i < 3000; i++) {
		snprintf(path, sizeof(path), "run-a/run-%04zu.txt", i);
		fsr_system_add_source(s, path);
		/* the same file again, and an earlier one */
		fsr_system_add_source(s, path);
		snprintf(path, sizeof(path), "run-a/run-%04zu.txt", i / 2);
		fsr_system_add_source(s, path);
	}
	is_int(s->n_sources, 3000, "3000 paths added three times: 3000");
	for (i = 0; i < s->n_sources; i++) {
		snprintf(path, sizeof(path), "run-a/run-%04zu.txt", i);
		in_order += !strcmp(s->sources[i], path);
	}
	is_int(in_order, 3000, "in the order they came");

	/* A source appended behind the model's back is still seen. */
	FSR_GROW(s->sources, s->cap_sources, s->n_sources + 1);
	s->sources[s->n_sources++] = fsr_xstrdup("outside.txt");
	fsr_system_add_source(s, "outside.txt");
	fsr_system_add_source(s, "run-a/run-0007.txt");
	is_int(s->n_sources, 3001, "an outside append is not duplicated");
	fsr_system_add_source(s, "new.txt");
	is_str(s->sources[s->n_sources - 1], "new.txt", "a new path is added");
	fsr_report_free(r);
}

static void test_lookups(void)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_result_key k;
	struct fsr_buf desc = FSR_BUF_INIT, key = FSR_BUF_INIT;
	size_t i, found = 0, systems_ok = 0;

	fsr_report_add_runset(r, "a", "a/", 0);
	memset(&k, 0, sizeof(k));
	k.test = "pts/fio-2.1";
	k.unit = "MB/s";
	/* Descriptions of every length around the stack buffer's size. */
	for (i = 0; i < 600; i++) {
		fsr_buf_reset(&desc);
		fsr_buf_addch_n(&desc, 'x', i);
		k.description = desc.buf;
		fsr_report_result(r, &k);
	}
	is_int(r->n_results, 600, "600 results with distinct keys");
	for (i = 0; i < 600; i++) {
		struct fsr_result *res;

		fsr_buf_reset(&desc);
		fsr_buf_addch_n(&desc, 'x', i);
		k.description = desc.buf;
		res = fsr_report_result(r, &k);
		fsr_result_key_format(&key, &k);
		found += res == r->results[i] &&
			 fsr_report_find_result(r, key.buf) == res &&
			 !strcmp(res->key, key.buf);
	}
	is_int(found, 600, "each is found again, by key and by lookup");
	for (i = 0; i < 600; i++) {
		fsr_buf_reset(&desc);
		fsr_buf_addch_n(&desc, 's', i + 1);
		if (fsr_report_system(r, 0, desc.buf) == i &&
		    fsr_report_system(r, 0, desc.buf) == i)
			systems_ok++;
	}
	is_int(systems_ok, 600, "systems with names of every length");
	fsr_buf_release(&desc);
	fsr_buf_release(&key);
	fsr_report_free(r);
}

int main(void)
{
	test_sources();
	test_lookups();
	return done_testing();
}
