/*
 * test-textfmt.c - what the text importers share (importers/textfmt.c):
 * tokens (and the "more than max" answer), trimming, prefixes, the
 * number check and its message, the failure reason, the probe loop's
 * scores, and the import entry's hooks and FSR_ENOTMINE. Expected values
 * are written out by hand.
 */
#include "importers/importer.h"
#include "importers/importer-internal.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void tokens(void)
{
	const char *tok[3];
	size_t tl[3], n;
	const char *s = " a\tbb  ccc ";
	size_t len = strlen(s);

	n = fsr_tf_tokens(s, len, tok, tl, 3);
	is_int(n, 3, "three tokens");
	ok(tl[0] == 1 && !memcmp(tok[0], "a", 1), "first token");
	ok(tl[1] == 2 && !memcmp(tok[1], "bb", 2), "a tab separates");
	ok(tl[2] == 3 && !memcmp(tok[2], "ccc", 3), "trailing blank dropped");
	is_int(fsr_tf_tokens(s, len, tok, tl, 2), 3, "more than max: max + 1");
	is_int(fsr_tf_tokens("  \t", 3, tok, tl, 3), 0, "blanks only: none");
	is_int(fsr_tf_tokens("x y", 1, tok, tl, 3), 1,
	       "len bounds the text (no NUL needed)");
}

static void words(void)
{
	const char *s = "\t abc def \t";
	size_t len = strlen(s);
	char buf[4];

	fsr_tf_trim(&s, &len);
	ok(len == 7 && !memcmp(s, "abc def", 7), "trim: both ends");
	ok(fsr_tf_prefix(s, len, "abc"), "prefix");
	ok(!fsr_tf_prefix(s, 2, "abc"), "prefix longer than the text");
	ok(fsr_tf_suffix(s, len, "def"), "suffix");
	ok(!fsr_tf_suffix(s, len, "xdef def"), "suffix longer than the text");
	ok(fsr_tf_contains(s, len, "c d"), "contains");
	ok(!fsr_tf_contains(s, 5, "def"), "contains within len only");
	fsr_tf_copy(buf, sizeof(buf), "abcdef", 6);
	is_str(buf, "abc", "copy cut to fit");
}

static void numbers(void)
{
	struct fsr_tf tf;
	struct fsr_diag d;
	double v = -1;
	char reason[64];

	memset(&tf, 0, sizeof(tf));
	tf.name = "bench";
	tf.path = "f.txt";
	tf.d = &d;
	fsr_diag_clear(&d);
	is_int(fsr_tf_number(&tf, 3, "count", "12.5", 4, &v), 0, "a number");
	is_double(v, 12.5, 0, "its value");
	is_int(fsr_tf_number(&tf, 7, "count", "-1", 2, &v), FSR_EINPUT,
	       "negative: an input error");
	is_str(d.msg, "bench count '-1' is not a number of at least 0",
	       "the message names the format and the value");
	is_int(d.line, 7, "at its line");
	is_int(fsr_tf_number(&tf, 1, "x", "inf", 3, &v), FSR_EINPUT,
	       "not finite: an input error");
	fsr_tf_reason(&tf, reason, sizeof(reason), "disk full", "cut short");
	is_str(reason, "bench failed: disk full", "a failure's reason");
	fsr_tf_reason(&tf, reason, sizeof(reason), "", "cut short");
	is_str(reason, "cut short", "no failure line: the other reason");
}

/* Metadata from a banner comes before any cell: fsr_tf_meta() makes the
 * system (and the array it lives in) first, then writes into it. */
static void meta_first(void)
{
	struct fsr_tf tf;
	struct fsr_diag d;

	memset(&tf, 0, sizeof(tf));
	tf.name = "bench";
	tf.path = "f.txt";
	tf.d = &d;
	tf.r = fsr_report_new();
	fsr_report_add_runset(tf.r, "base", "run-a", 0);
	fsr_tf_meta(&tf, "host", "box1");
	is_int((int)tf.r->n_systems, 1, "meta before any cell makes the system");
	is_str(fsr_kvlist_get(&tf.r->systems[tf.sys].meta, "host"), "box1",
	       "and keeps the value");
	fsr_report_free(tf.r);
}

static int probe_line(struct fsr_tf_probe *p, const char *s, size_t len)
{
	if (fsr_tf_prefix(s, len, "stop"))
		return -1;
	if (fsr_tf_prefix(s, len, "mine"))
		return 90;
	if (fsr_tf_prefix(s, len, "maybe"))
		p->best = 40;
	return 0;
}

static int probe(const char *text, int max_lines)
{
	return fsr_tf_probe((const unsigned char *)text, strlen(text),
			    max_lines, probe_line);
}

static void probes(void)
{
	is_int(probe("a\nmine\n", 10), 90, "a line ends the probe");
	is_int(probe("maybe\nb\n", 10), 40, "best at the end");
	is_int(probe("maybe\nstop\nmine\n", 10), 0, "negative: not mine");
	is_int(probe("a\nb\nmine\n", 2), 0, "only max_lines lines seen");
	is_int(probe("", 10), 0, "empty: 0");
}

struct count_state {
	struct fsr_tf tf;
	int lines, inits, finishes, releases, last;
};

static void c_init(void *state)
{
	((struct count_state *)state)->inits++;
}

static int c_line(void *state, int line, const char *s, size_t len)
{
	struct count_state *st = state;

	(void)s;
	(void)line;
	st->lines++;
	if (len)
		st->tf.found++;
	return 0;
}

static int c_finish(void *state, int last_line)
{
	struct count_state *st = state;

	st->finishes++;
	st->last = last_line;
	return 0;
}

static struct count_state seen;

static void c_release(void *state)
{
	seen = *(struct count_state *)state;
	seen.releases++;
}

static const struct fsr_tf_format fmt = {
	.name = "count", .test = "count", .title = "Count",
	.size = sizeof(struct count_state), .init = c_init,
	.line = c_line, .finish = c_finish, .release = c_release,
};

static void entry(void)
{
	char path[] = "/tmp/fsr-test-textfmt.XXXXXX";
	int fd = mkstemp(path), rc;
	struct fsr_report *r = fsr_report_new();
	struct fsr_import_ctx ctx;
	struct fsr_diag d;

	if (!ok(fd >= 0, "temporary file"))
		return;
	if (write(fd, "a\n\nb\n", 5) != 5)
		ok(0, "write");
	close(fd);
	memset(&ctx, 0, sizeof(ctx));
	fsr_report_add_runset(r, "rs", path, 0);
	rc = fsr_tf_import(&fmt, &ctx, path, r, &d);
	is_int(rc, 0, "lines with content: found");
	ok(seen.inits == 1 && seen.lines == 3 && seen.finishes == 1 &&
	   seen.releases == 1, "init, every line, finish, release once each");
	is_int(seen.last, 3, "finish is told the last line");
	is_str(seen.tf.name, "count", "tf named from the format");
	fsr_report_free(r);

	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd >= 0 && write(fd, "\n\n", 2) != 2)
		ok(0, "write");
	if (fd >= 0)
		close(fd);
	r = fsr_report_new();
	fsr_report_add_runset(r, "rs", path, 0);
	is_int(fsr_tf_import(&fmt, &ctx, path, r, &d), FSR_ENOTMINE,
	       "nothing found: not mine");
	fsr_report_free(r);
	unlink(path);

	r = fsr_report_new();
	fsr_report_add_runset(r, "rs", path, 0);
	is_int(fsr_tf_import(&fmt, &ctx, path, r, &d), FSR_EIO,
	       "a missing file: the reader's error");
	ok(seen.finishes == 0 && seen.releases == 1,
	   "an error: no finish, release all the same");
	fsr_report_free(r);
}

int main(void)
{
	tokens();
	words();
	numbers();
	meta_first();
	probes();
	entry();
	return done_testing();
}
