/*
 * test-alloc.c - lib/alloc.c: the x* allocators and array growth.
 */
#include "lib/alloc.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

int main(void)
{
	size_t cap = 0, i, grows = 0, last = 0;
	int *arr = NULL;
	char *s;
	int *z;

	s = fsr_xstrndup("abcdef", 3);
	is_str(s, "abc", "xstrndup copies n bytes and terminates");
	free(s);
	s = fsr_xstrdup("");
	is_str(s, "", "xstrdup of \"\"");
	free(s);
	z = fsr_xcalloc(8, sizeof(*z));
	ok(z[0] == 0 && z[7] == 0, "xcalloc zeroes");
	free(z);
	s = fsr_xmalloc(0);
	ok(s != NULL, "xmalloc(0) gives a pointer to free");
	free(s);

	for (i = 0; i < 1000; i++) {
		FSR_GROW(arr, cap, i + 1);
		arr[i] = (int)i;
		if (cap != last) {
			grows++;
			last = cap;
		}
	}
	ok(cap >= 1000, "grow: room for 1000 (cap %zu)", cap);
	ok(grows < 20, "grow: geometric, %zu reallocations", grows);
	ok(arr[0] == 0 && arr[999] == 999, "grow keeps the elements");
	last = cap;
	FSR_GROW(arr, cap, 10);
	is_int(cap, last, "grow to less than the capacity is a no-op");
	free(arr);
	return done_testing();
}
