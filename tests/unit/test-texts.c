/*
 * test-texts.c - lib/texts.c: texts kept in blocks stay where they were
 * put as blocks fill, a text longer than a block gets one of its own,
 * nothing is shared between texts, release empties.
 */
#include "lib/texts.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 40000

int main(void)
{
	struct fsr_texts t = FSR_TEXTS_INIT;
	static char *at[N];
	char want[32], *big, *after;
	size_t i, bad = 0;

	for (i = 0; i < N; i++) {
		int len = snprintf(want, sizeof(want), "cell %zu", i);

		at[i] = fsr_texts_keep(&t, want, (size_t)len + 1);
	}
	ok(t.n > 1, "%zu bytes of texts take %zu blocks", (size_t)N * 10,
	   t.n);
	for (i = 0; i < N; i++) {
		snprintf(want, sizeof(want), "cell %zu", i);
		if (strcmp(at[i], want))
			bad++;
	}
	is_int(bad, 0, "every text where it was kept, as it was");
	big = malloc(200000);
	memset(big, 'x', 199999);
	big[199999] = 0;
	at[0] = fsr_texts_keep(&t, big, 200000);
	after = fsr_texts_keep(&t, "next", 5);
	ok(!strcmp(at[0], big) && at[0] != big, "a text longer than a block: "
	   "a copy in a block of its own");
	is_str(after, "next", "the text after it");
	ok(!strcmp(at[1], "cell 1"), "the texts before it stay");
	at[2] = fsr_texts_keep(&t, "", 1);
	is_str(at[2], "", "an empty text");
	fsr_texts_release(&t);
	ok(t.n == 0 && t.block == NULL && t.used == 0, "release empties");
	fsr_texts_release(&t);
	ok(1, "released twice");
	free(big);
	return done_testing();
}
