/*
 * test-wrap.c - the text renderers' wrapping with a hanging indent
 * (render/wrap.c, fsr_wrap_hang), as compare_text.c uses it. The
 * expected lines are written by hand from the rule in layout.h: break
 * at spaces, a first line of at most `first` columns, the others of at
 * most `width`, a word wider than its line broken after - _ / and the
 * like, else between characters.
 */
#include "render/charts/layout.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void test_hang(void)
{
	static const struct {
		const char *in;
		size_t first, width;
		const char *want; /* lines joined by '|' */
	} cases[] = {
		{ "aaa bbb ccc ddd", 7, 7, "aaa bbb|ccc ddd" },
		{ "aaa bbb ccc ddd", 7, 3, "aaa bbb|ccc|ddd" },
		{ "aaa bbb ccc ddd", 3, 11, "aaa|bbb ccc ddd" },
		{ "  many   spaces here ", 11, 4, "many spaces|here" },
		{ "of=/tmp/fsr-hf/testfile bs=64k", 16, 16,
		  "of=/tmp/fsr-hf/|testfile bs=64k" },
		{ "abcdefghij", 4, 4, "abcd|efgh|ij" },
		{ "abcdefghij klm", 4, 20, "abcd|efghij klm" },
		{ "", 5, 3, "" },
	};
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char **lines = NULL;
		size_t n = 0, cap = 0, got;

		got = fsr_wrap_hang(cases[i].in, cases[i].first,
				    cases[i].width, &lines, &n, &cap);
		fsr_buf_reset(&b);
		for (j = 0; j < n; j++) {
			if (j)
				fsr_buf_addc(&b, '|');
			fsr_buf_adds(&b, lines[j]);
			free(lines[j]);
		}
		free(lines);
		is_str(b.buf, cases[i].want,
		       "hang '%s' in %zu then %zu columns", cases[i].in,
		       cases[i].first, cases[i].width);
		ok(got == n && n >= 1, "hang: %zu line(s) added", got);
	}
	fsr_buf_release(&b);
}

int main(void)
{
	test_hang();
	return done_testing();
}
