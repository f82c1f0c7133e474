/*
 * test-lines.c - the text importers' line-reading skeleton
 * (importers/lines.c): line ends, line numbers, lone CRs, a "\r\n" split
 * between two reads, the BOM, NUL bytes, the line and file limits, and a
 * stop from the callback. Expected lines are written out by hand; the
 * long cases are checked against fsr_lines_next() over the whole buffer.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

struct seen {
	struct fsr_buf text; /* "lineno:flags:text|" per line */
	int n, stop_at;
};

static int on_line(void *state, const struct fsr_line *l)
{
	struct seen *s = state;

	s->n++;
	fsr_buf_addf(&s->text, "%d:%u:", l->lineno, l->flags);
	fsr_buf_add(&s->text, l->s, l->len);
	fsr_buf_addc(&s->text, '|');
	if (l->s[l->len] != '\0')
		fsr_buf_adds(&s->text, "NOT-NUL-TERMINATED");
	if (s->stop_at && s->n == s->stop_at)
		return FSR_EINPUT;
	return 0;
}

static char path[64];

static void put(const char *data, size_t n)
{
	FILE *fp = fopen(path, "wb");

	if (!fp || (n && fwrite(data, 1, n, fp) != n) || fclose(fp))
		abort();
}

static int run(const char *data, size_t n, unsigned flags, struct seen *s,
	       struct fsr_diag *d)
{
	put(data, n);
	fsr_buf_reset(&s->text);
	fsr_buf_adds(&s->text, "");
	s->n = 0;
	fsr_diag_clear(d);
	return fsr_read_lines(path, flags, on_line, s, d);
}

static void expect_n(const char *data, size_t n, unsigned flags,
		     const char *want, size_t wlen, const char *what)
{
	struct seen s = { FSR_BUF_INIT, 0, 0 };
	struct fsr_diag d;
	int rc = run(data, n, flags, &s, &d);

	is_int(rc, 0, "%s: returns 0", what);
	if (!ok(s.text.len == wlen && !memcmp(s.text.buf, want, wlen),
		"%s: lines", what))
		printf("#   got '%s'\n", s.text.buf);
	fsr_buf_release(&s.text);
}
#define expect(data, n, flags, want, what) \
	expect_n(data, n, flags, want, sizeof(want) - 1, what)

/* The same lines, numbers and texts as fsr_lines_next over the buffer. */
static void same_as_buffer(const char *data, size_t n, const char *what)
{
	struct seen s = { FSR_BUF_INIT, 0, 0 };
	struct fsr_buf want = FSR_BUF_INIT;
	struct fsr_lines it;
	struct fsr_diag d;
	const char *line;
	size_t len;

	fsr_lines_init(&it, data, n);
	fsr_buf_adds(&want, "");
	while (fsr_lines_next(&it, &line, &len)) {
		fsr_buf_addf(&want, "%d:", it.lineno);
		fsr_buf_add(&want, line, len);
		fsr_buf_addc(&want, '|');
	}
	run(data, n, 0, &s, &d);
	/* Drop the flags from what the skeleton saw. */
	{
		struct fsr_buf got = FSR_BUF_INIT;
		const char *p = s.text.buf, *c;

		fsr_buf_adds(&got, "");
		while (*p) {
			c = strchr(p, ':');
			fsr_buf_add(&got, p, (size_t)(c - p) + 1);
			p = strchr(c + 1, ':') + 1;
			c = strchr(p, '|');
			fsr_buf_add(&got, p, (size_t)(c - p) + 1);
			p = c + 1;
		}
		ok(got.len == want.len && !memcmp(got.buf, want.buf, got.len),
		   "%s: the lines of fsr_lines_next", what);
		fsr_buf_release(&got);
	}
	fsr_buf_release(&want);
	fsr_buf_release(&s.text);
}

static void chunk_edges(void)
{
	size_t n = 65536 * 2 + 10, at;
	char *big = malloc(n);
	const size_t cuts[] = { 65535, 65536, 65534 };
	size_t i;

	for (i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
		char what[80];

		memset(big, 'x', n);
		at = cuts[i];
		/* "\r\n" across the end of the first read, a lone CR at the
		 * end of the second, lines every 1000 bytes. */
		for (size_t k = 999; k < n; k += 1000)
			big[k] = '\n';
		big[at] = '\r';
		big[at + 1] = '\n';
		big[2 * 65536 - 1] = '\r';
		big[2 * 65536] = 'y';
		snprintf(what, sizeof(what), "CR LF at byte %zu", at);
		same_as_buffer(big, n, what);
	}
	/* A file ending in a lone CR right at a read boundary. */
	memset(big, 'a', 65536);
	big[65535] = '\r';
	same_as_buffer(big, 65536, "CR as the last byte of a full read");
	free(big);
}

static void limits(void)
{
	struct seen s = { FSR_BUF_INIT, 0, 0 };
	struct fsr_diag d;
	size_t n = FSR_MAX_LINE_BYTES + 10;
	char *big = malloc(n);
	int rc;

	memset(big, 'z', n);
	memcpy(big, "one\ntwo\n", 8);
	rc = run(big, n, 0, &s, &d);
	is_int(rc, FSR_EINPUT, "a line over FSR_MAX_LINE_BYTES is an error");
	is_int(d.line, 3, "  on its line");
	ok(strstr(d.msg, "line longer than 16777216 bytes") != NULL,
	   "  says so: %s", d.msg);
	is_int(s.n, 2, "  after the lines before it");
	free(big);

	s.stop_at = 2;
	rc = run("a\nb\nc\n", 6, 0, &s, &d);
	is_int(rc, FSR_EINPUT, "the callback's error stops the reading");
	is_int(s.n, 2, "  no line after it");
	s.stop_at = 0;

	rc = fsr_read_lines("/nonexistent/x", 0, on_line, &s, &d);
	is_int(rc, FSR_EIO, "a missing file is FSR_EIO");
	ok(strstr(d.msg, "cannot open") != NULL, "  says so: %s", d.msg);
	fsr_buf_release(&s.text);
}

int main(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/fsr-test-lines-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return 1;
	close(fd);

	expect("", 0, 0, "", "an empty file");
	expect("a\nb\n", 4, 0, "1:0:a|2:0:b|", "LF");
	expect("a\nb", 3, 0, "1:0:a|2:0:b|", "no final newline");
	expect("a\r\nb\r\n", 6, 0, "1:0:a|2:0:b|", "CR LF");
	expect("\n\n", 2, 0, "1:0:|2:0:|", "empty lines");
	expect("p1\rp2\rdone\n", 11, 0, "1:2:p1|1:3:p2|1:1:done|",
	       "lone CRs share the line number, flags both sides");
	expect("a\r", 2, 0, "1:2:a|", "a CR at the end of the file");
	expect("a\0b\n", 4, 0, "1:0:a\0b|", "NUL inside a line");
	expect("\xef\xbb\xbfk\n", 5, FSR_LINES_SKIP_BOM, "1:0:k|",
	       "a BOM skipped when asked");
	expect("\xef\xbb\xbfk\n", 5, 0, "1:0:\xef\xbb\xbfk|",
	       "a BOM kept otherwise");
	chunk_edges();
	limits();
	unlink(path);
	return done_testing();
}
