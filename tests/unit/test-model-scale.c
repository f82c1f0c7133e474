/*
 * test-model-scale.c - the model's lookups that keep big inputs linear
 * (model.c): a system's sources are kept once per path and in order
 * whether there are a few (a scan) or thousands (a hash set), and result
 * and system lookups find what was put in, with keys long and short.
 */
#include "../../model/model.h"
#include "tap.h"
#include "../../lib/alloc.h"

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

/* The labels fsr_report_finish_labels() gives, by the rule of model.h,
 * checking every pair of systems (the quadratic reference). */
static char **reference_labels(const struct fsr_report *r)
{
	char **l = calloc(r->n_systems, sizeof(*l));
	size_t i, j, *per = calloc(r->n_runsets, sizeof(*per));
	char *clash = calloc(r->n_systems, 1);

	for (i = 0; i < r->n_systems; i++)
		per[r->systems[i].runset]++;
	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];
		const struct fsr_runset *rs = &r->runsets[s->runset];
		struct fsr_buf b = FSR_BUF_INIT;

		if (!s->name || (rs->explicit_label && per[s->runset] == 1))
			fsr_buf_adds(&b, rs->label);
		else if (rs->explicit_label)
			fsr_buf_addf(&b, "%s: %s", rs->label, s->name);
		else
			fsr_buf_adds(&b, s->name);
		l[i] = fsr_buf_detach(&b);
	}
	for (i = 0; i < r->n_systems; i++)
		for (j = 0; j < r->n_systems; j++)
			if (j != i && r->systems[j].runset !=
					      r->systems[i].runset &&
			    !strcmp(l[i], l[j]))
				clash[i] = 1;
	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];
		const char *rl = r->runsets[s->runset].label;
		struct fsr_buf b = FSR_BUF_INIT;

		if (!clash[i] || !s->name)
			continue;
		if (per[s->runset] == 1)
			fsr_buf_adds(&b, rl);
		else
			fsr_buf_addf(&b, "%s: %s", rl, s->name);
		free(l[i]);
		l[i] = fsr_buf_detach(&b);
	}
	free(per);
	free(clash);
	return l;
}

static void test_labels(void)
{
	static const char *const names[] = { "Defaults", "nobarrier", "a",
					     "b", NULL };
	unsigned seed = 12345;
	size_t round, same = 0, rounds = 300;

	for (round = 0; round < rounds; round++) {
		struct fsr_report *r = fsr_report_new();
		size_t nrs = 1 + round % 5, i, k, ok_all = 1;
		char **want;

		for (i = 0; i < nrs; i++) {
			char label[16];

			seed = seed * 1103515245 + 12345;
			snprintf(label, sizeof(label), "r%u", seed >> 16 & 3);
			fsr_report_add_runset(r, label, label,
					      (int)(seed >> 20 & 1));
		}
		for (k = 0; k < 12; k++) {
			seed = seed * 1103515245 + 12345;
			fsr_report_system(r, (seed >> 16) % nrs,
					  names[(seed >> 8) % 5]);
		}
		want = reference_labels(r);
		fsr_report_finish_labels(r);
		for (i = 0; i < r->n_systems; i++) {
			ok_all &= !strcmp(want[i], r->systems[i].label);
			free(want[i]);
		}
		free(want);
		same += ok_all;
		fsr_report_free(r);
	}
	is_int(same, rounds, "labels as the pairwise rule gives them");
}

int main(void)
{
	test_sources();
	test_lookups();
	test_labels();
	return done_testing();
}
