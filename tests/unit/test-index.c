/*
 * test-index.c - lib/index.c: put, get, replace, misses, growth past
 * many rehashes, keys that share their first eight bytes.
 */
#include "lib/index.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 5000

int main(void)
{
	struct fsr_index *ix = fsr_index_new();
	static char keys[N][40];
	size_t i, v = 0, bad = 0;

	ok(!fsr_index_get(ix, "", &v), "empty index: a miss");
	is_int(fsr_index_count(ix), 0, "empty index: count 0");
	fsr_index_put(ix, "a", 1);
	fsr_index_put(ix, "b", 2);
	ok(fsr_index_get(ix, "a", &v) && v == 1, "get a");
	ok(fsr_index_get(ix, "b", &v) && v == 2, "get b");
	fsr_index_put(ix, "a", 7);
	ok(fsr_index_get(ix, "a", &v) && v == 7, "put again replaces");
	is_int(fsr_index_count(ix), 2, "replacing adds no key");
	ok(!fsr_index_get(ix, "c", &v), "a miss");
	fsr_index_free(ix);

	ix = fsr_index_new();
	/* Long keys that differ only after the first 8-byte word. */
	for (i = 0; i < N; i++) {
		snprintf(keys[i], sizeof(keys[i]), "pts/fio-1.15\x1f-rw\x1f%zu",
			 i);
		fsr_index_put(ix, keys[i], i);
	}
	is_int(fsr_index_count(ix), N, "5000 keys after many rehashes");
	for (i = 0; i < N; i++)
		if (!fsr_index_get(ix, keys[i], &v) || v != i)
			bad++;
	is_int(bad, 0, "every key found with its value");
	ok(!fsr_index_get(ix, "pts/fio-1.15\x1f-rw\x1f" "5000", &v),
	   "a near miss is a miss");
	fsr_index_free(ix);
	fsr_index_free(NULL);
	ok(1, "free(NULL) is fine");
	return done_testing();
}
