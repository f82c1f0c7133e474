/*
 * test-strbuf.c - lib/strbuf.c: adding, formatting, resetting and
 * detaching.
 */
#include "lib/strbuf.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_buf(void)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char *s;

	fsr_buf_adds(&b, "abc");
	fsr_buf_addf(&b, "-%d-", 42);
	fsr_buf_addch_n(&b, '=', 3);
	is_str(b.buf, "abc-42-===", "buf: add, addf, addch_n");
	is_int(b.len, 10, "buf: length tracks content");
	s = fsr_buf_detach(&b);
	is_str(s, "abc-42-===", "buf: detach hands the string over");
	ok(b.buf && !b.buf[0] && b.len == 0 && b.cap == 0,
	   "buf: detach resets the buffer (empty string, never NULL)");
	free(s);
	s = fsr_buf_detach(&b);
	is_str(s, "", "buf: detach of an empty buffer gives \"\"");
	free(s);
}

static void test_reset_and_growth(void)
{
	struct fsr_buf b;
	size_t i;

	fsr_buf_init(&b);
	is_str(b.buf, "", "init: an empty string, not NULL");
	ok(b.len == 0 && b.cap == 0, "init: nothing allocated");
	fsr_buf_reset(&b);
	ok(b.cap == 0 && b.buf[0] == '\0',
	   "reset of an unused buffer allocates nothing");
	for (i = 0; i < 1000; i++)
		fsr_buf_addc(&b, (char)('a' + i % 26));
	is_int(b.len, 1000, "addc: 1000 bytes");
	ok(b.cap > b.len && b.buf[1000] == '\0', "always NUL-terminated");
	ok(b.buf[0] == 'a' && b.buf[999] == 'l', "bytes in order");
	fsr_buf_reset(&b);
	ok(b.len == 0 && b.buf && b.buf[0] == '\0', "reset empties the text");
	fsr_buf_add(&b, "x\0y", 3);
	is_int(b.len, 3, "add: embedded NUL bytes are data");
	fsr_buf_addch_n(&b, '-', 0);
	is_int(b.len, 3, "addch_n of 0 adds nothing");
	fsr_buf_release(&b);
	ok(b.buf && !b.buf[0] && b.len == 0 && b.cap == 0, "release resets");
}

static void test_addf_long(void)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char want[2001];

	memset(want, 'z', 2000);
	want[2000] = '\0';
	fsr_buf_adds(&b, "<");
	fsr_buf_addf(&b, "%s>%d", want, -7);
	ok(b.len == 2004 && b.buf[0] == '<' && !strcmp(b.buf + 2001, ">-7"),
	   "addf: a long expansion grows the buffer once, exactly");
	fsr_buf_release(&b);
}

/* add_size against libc's "%zu" (the independent reference). */
static void test_add_size(void)
{
	static const size_t v[] = {
		0, 1, 9, 10, 99, 100, 12345, 4294967295u, 4294967296u,
		(size_t)-1 / 10, (size_t)-1 - 1, (size_t)-1,
	};
	struct fsr_buf b = FSR_BUF_INIT;
	char want[32];
	size_t i, bad = 0;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		fsr_buf_reset(&b);
		fsr_buf_adds(&b, "n=");
		fsr_buf_add_size(&b, v[i]);
		snprintf(want, sizeof(want), "n=%zu", v[i]);
		if (strcmp(b.buf, want)) {
			printf("# add_size: '%s', want '%s'\n", b.buf,
			       want);
			bad++;
		}
	}
	for (i = 1; i < 1000000; i = i * 3 + 7) {
		fsr_buf_reset(&b);
		fsr_buf_add_size(&b, i);
		snprintf(want, sizeof(want), "%zu", i);
		bad += strcmp(b.buf, want) != 0;
	}
	is_int(bad, 0, "add_size: what printf's %%zu prints, 0 to SIZE_MAX");
	fsr_buf_release(&b);
}

int main(void)
{
	test_add_size();
	test_buf();
	test_reset_and_growth();
	test_addf_long();
	return done_testing();
}
