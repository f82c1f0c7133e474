/*
 * test-escape.c - lib/escape.c: what is unsafe for a terminal, and how
 * each format writes it. The expected escapes are written out by hand
 * from the Unicode code charts (C0, C1, Bidi_Control) and RFC 3629.
 */
#include "lib/escape.h"
#include "tap.h"

#include <stdlib.h>

static char *esc(const char *s, size_t len, enum fsr_esc style)
{
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_escape(&b, s, len, style);
	return fsr_buf_detach(&b);
}

static const struct {
	const char *in, *text, *json, *xml, *what;
} cases[] = {
	{ "plain ASCII, tab\tand\nnewline", "plain ASCII, tab\tand\nnewline",
	  "plain ASCII, tab\tand\nnewline", "plain ASCII, tab\tand\nnewline",
	  "text, tab and line feed pass" },
	{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x88\x92",
	  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x88\x92",
	  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x88\x92",
	  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe2\x88\x92",
	  "UTF-8 letters, symbols and emoji pass" },
	{ "\x1b[31mred", "\\x1b[31mred", "\\u001B[31mred", "&#xFFFD;[31mred",
	  "ESC (C0)" },
	{ "a\rb\x07\x7f", "a\\x0db\\x07\\x7f", "a\\u000Db\\u0007\\u007F",
	  "a&#xD;b&#xFFFD;&#x7F;", "CR, BEL, DEL" },
	{ "\xc2\x9b" "2J", "\\u009b2J", "\\u009B2J", "&#x9B;2J",
	  "CSI as U+009B (C1)" },
	{ "\xc2\x80\xc2\x9f\xc2\xa0", "\\u0080\\u009f\xc2\xa0",
	  "\\u0080\\u009F\xc2\xa0", "&#x80;&#x9F;\xc2\xa0",
	  "C1 ends at U+009F, U+00A0 passes" },
	{ "x\xe2\x80\xaey", "x\\u202ey", "x\\u202Ey", "x&#x202E;y",
	  "RIGHT-TO-LEFT OVERRIDE" },
	{ "\xe2\x80\x8e\xe2\x80\x8f\xe2\x80\xaa\xe2\x81\xa6\xe2\x81\xa9"
	  "\xd8\x9c",
	  "\\u200e\\u200f\\u202a\\u2066\\u2069\\u061c",
	  "\\u200E\\u200F\\u202A\\u2066\\u2069\\u061C",
	  "&#x200E;&#x200F;&#x202A;&#x2066;&#x2069;&#x61C;",
	  "the other bidi controls" },
	{ "\xe2\x80\x8d\xe2\x81\xaa", "\xe2\x80\x8d\xe2\x81\xaa",
	  "\xe2\x80\x8d\xe2\x81\xaa", "\xe2\x80\x8d\xe2\x81\xaa",
	  "U+200D and U+206A are not Bidi_Control" },
	{ "\x9b" "2J", "\\x9b2J", "\\uFFFD2J", "&#xFFFD;2J",
	  "a lone 0x9b (CSI on 8-bit terminals) is not UTF-8" },
	{ "\xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82",
	  "\xc0\xaf \xed\xa0\\x80 \xf4\\x90\\x80\\x80 \xe2\\x82",
	  "\xc0\xaf \xed\xa0\\uFFFD \xf4\\uFFFD\\uFFFD\\uFFFD \xe2\\uFFFD",
	  "\xc0\xaf \xed\xa0&#xFFFD; \xf4&#xFFFD;&#xFFFD;&#xFFFD; "
	  "\xe2&#xFFFD;",
	  "overlong, surrogate, > U+10FFFF, cut short: 0x80-0x9f escaped" },
	{ "r\xe9sultat \xff", "r\xe9sultat \xff", "r\xe9sultat \xff",
	  "r\xe9sultat \xff", "Latin-1 letters pass (no control)" },
};

static void test_styles(void)
{
	size_t i;
	char *s;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = strlen(cases[i].in);

		s = esc(cases[i].in, len, FSR_ESC_TEXT);
		is_str(s, cases[i].text, "text: %s", cases[i].what);
		free(s);
		s = esc(cases[i].in, len, FSR_ESC_JSON);
		is_str(s, cases[i].json, "json: %s", cases[i].what);
		free(s);
		s = esc(cases[i].in, len, FSR_ESC_XML);
		is_str(s, cases[i].xml, "xml: %s", cases[i].what);
		free(s);
		s = esc(cases[i].in, len, FSR_ESC_NONE);
		is_str(s, cases[i].in, "none: %s unchanged", cases[i].what);
		free(s);
	}
}

static void test_span_and_nul(void)
{
	char out[FSR_ESC_MAX];
	size_t used = 0, n;
	char *s;

	is_int(fsr_escape_span("abc\x1b[", 5), 3, "span stops at ESC");
	is_int(fsr_escape_span("ab\xe2\x80\xae", 5), 2,
	       "span stops before a whole bidi character");
	is_int(fsr_escape_span("\xc3\xa9\xc2", 3), 3,
	       "span passes a lead byte cut short by the length");
	is_int(fsr_escape_span("\xc3\xa9\x9b", 3), 2,
	       "span stops at a lone 0x9b");
	is_int(fsr_escape_span("", 0), 0, "span of nothing");
	{
		/* Every byte value at every place of a 20-byte printable
		 * line (the word-at-a-time scan and the byte loop meet at
		 * each offset): the span ends before a control, DEL or a
		 * C1 byte, and passes tab, newline, Latin-1. */
		char line[20];
		int b, p, bad = 0;

		for (b = 0; b < 256; b++)
			for (p = 0; p < 20; p++) {
				size_t want;

				memset(line, 'x', sizeof(line));
				line[p] = (char)b;
				want = (b >= 0x20 && b < 0x7f) || b == '\n' ||
					       b == '\t' || b >= 0xa0
					       ? sizeof(line)
					       : (size_t)p;
				if (fsr_escape_span(line, sizeof(line)) != want)
					bad++;
			}
		is_int(bad, 0, "span: each byte value at each offset");
	}
	n = fsr_escape_one("\xe2\x80\xae!", 4, FSR_ESC_TEXT, out, &used);
	ok(n == 6 && used == 3 && !strcmp(out, "\\u202e"),
	   "one: U+202E is 3 bytes in, 6 out");
	s = esc("a\0b", 3, FSR_ESC_TEXT);
	is_str(s, "a\\x00b", "a NUL inside the length is escaped");
	free(s);
}

int main(void)
{
	test_styles();
	test_span_and_nul();
	return done_testing();
}
