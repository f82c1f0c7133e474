/*
 * timing.c - timing logs (docs/formats.md, "PostMark and timing logs"):
 * what a user gets by capturing the stderr of a timed command, one run
 * per file or many runs appended to one log. Recognised, line by line,
 * in any mix:
 *
 *	bash time        "real\t0m0.053s" / "user" / "sys" (decimal commas
 *	                 under other locales), "time -p": "real 0.05"
 *	GNU time -p      "real 0.05" (the same shape)
 *	GNU time -v      the TAB-indented "Label: value" block, from
 *	                 "Command being timed:" to "Exit status:"; elapsed
 *	                 as m:ss.cc or h:mm:ss, max RSS in KiB; the
 *	                 command timed is their results' title
 *	GNU time         "0.00user 0.02system 0:00.05elapsed 45%CPU
 *	                 (0avgtext+0avgdata 2916maxresident)k"
 *	dd               "67108864 bytes (67 MB, 64 MiB) copied, 0.051 s,
 *	                 1.3 GB/s" in any language: bytes and seconds are
 *	                 read, the rate is computed (dd's is rounded);
 *	                 status=progress updates (CR-separated) are skipped
 *	free-form lines  "No sync data=writeback   14.5 seconds  (70 MB/Sec)":
 *	                 the text before the number names the configuration
 *	                 (a system of its own), seconds and rate are metrics;
 *	                 their title is the heading they are under (the
 *	                 line above a "===" or "---" underline, "ext4 sync
 *	                 modes, dd bs=1M"), what the headings of several
 *	                 blocks or files share (fsr_title_common), else
 *	                 "Timed run"
 *	TIMEFORMAT=%3R   a bare number per run, read as "real" only in a file
 *	                 that holds nothing but dd's lines and such numbers
 *
 * A command that failed (a "dd: ..." error, GNU time's "Command exited
 * with non-zero status", "Exit status: 1") gives failed runs with the
 * reason, never numbers, and a warning. A time of 0 ("user 0.00") is
 * below the clock's resolution: kept, and noted in the cell's metadata.
 * Anything else is ignored; a file in which nothing is recognised is not
 * a result file (FSR_ENOTMINE).
 *
 * Model: one system, the run set (name NULL), except for the free-form
 * lines; results as in the table below.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum tm_metric {
	T_REAL, T_USER, T_SYS, T_RSS, T_DD_RATE, T_DD_TIME, T_LINE_TIME,
	T_LINE_RATE,
	T_COUNT
};

static const struct {
	const char *test, *title, *description, *unit;
	enum fsr_better better;
} metrics[T_COUNT] = {
	[T_REAL] = { "time", "time", "real", "s", FSR_BETTER_LOWER },
	[T_USER] = { "time", "time", "user", "s", FSR_BETTER_LOWER },
	[T_SYS] = { "time", "time", "sys", "s", FSR_BETTER_LOWER },
	[T_RSS] = { "time", "time", "max RSS", "KiB", FSR_BETTER_LOWER },
	[T_DD_RATE] = { "dd", "dd", "throughput", "B/s", FSR_BETTER_HIGHER },
	[T_DD_TIME] = { "dd", "dd", "time", "s", FSR_BETTER_LOWER },
	/* the unit of the rate is the line's own ("MB/Sec" -> "MB/s") */
	[T_LINE_TIME] = { "timed", "Timed run", "time", "s",
			  FSR_BETTER_LOWER },
	[T_LINE_RATE] = { "timed", "Timed run", "rate", NULL,
			  FSR_BETTER_HIGHER },
};

/* A bare number (TIMEFORMAT='%3R'), kept until the end of the file. */
struct bare {
	double v;
	int dec, line;
	int failed;
};

struct tm_state {
	struct fsr_tf tf;         /* found: samples and failed runs */
	int line;                 /* of the line being read */
	int err;                  /* the first bad value (d filled), or 0 */
	/* The failure of the run being read: a reason, or "". */
	char fail[160];
	int fail_line;
	int fail_used_by_dd;      /* dd's summary took it already */
	int fail_warned;
	/* A "time -v" block. */
	int in_v;
	double v_val[T_COUNT];
	int v_dec[T_COUNT], v_have[T_COUNT];
	/* Bare numbers, and whether every line so far suits them. */
	struct bare *bare;
	size_t n_bare, cap_bare;
	int only_dd_and_numbers;
	int saw_dd;
	/* The last line, when it may head what follows, and the heading
	 * (a line underlined with === or ---) the free-form lines are
	 * under: their results' title. */
	char prev[128], heading[128];
	/* The command of the "time -v" block: its results' title. */
	char command[256];
};

static void tm_init(void *state)
{
	struct tm_state *st = state;

	st->only_dd_and_numbers = 1;
}

/* A number with '.' or ',' as the decimal mark (locales differ). */
static int num(const char *s, size_t len, double *v, int *dec)
{
	if (fsr_parse_double_comma(s, len, v))
		return -1;
	if (dec)
		*dec = fsr_count_decimals(s, len);
	return 0;
}

static int all_digits(const char *s, size_t len)
{
	size_t i;

	if (!len)
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* GNU time's clock: "m:ss.cc" or "h:mm:ss" ([hours:]minutes:seconds). */
static int parse_clock(const char *s, size_t len, double *v, int *dec)
{
	const char *c1 = memchr(s, ':', len), *c2;
	double sec, a, b;

	if (!c1 || !all_digits(s, (size_t)(c1 - s)))
		return -1;
	c2 = memchr(c1 + 1, ':', len - (size_t)(c1 + 1 - s));
	a = strtod(s, NULL);
	if (!c2) {
		if (num(c1 + 1, len - (size_t)(c1 + 1 - s), &sec, dec))
			return -1;
		*v = a * 60 + sec;
		return 0;
	}
	if (!all_digits(c1 + 1, (size_t)(c2 - c1 - 1)))
		return -1;
	b = strtod(c1 + 1, NULL);
	if (num(c2 + 1, len - (size_t)(c2 + 1 - s), &sec, dec))
		return -1;
	*v = a * 3600 + b * 60 + sec;
	return 0;
}

/* bash's "0m0.053s" (%lR: minutes always there) or plain "0.05". */
static int parse_bash_time(const char *s, size_t len, double *v, int *dec)
{
	const char *m = memchr(s, 'm', len);
	double sec;

	if (!m)
		return num(s, len, v, dec);
	if (!all_digits(s, (size_t)(m - s)) || len < 2 || s[len - 1] != 's' ||
	    num(m + 1, len - (size_t)(m - s) - 2, &sec, dec))
		return -1;
	*v = strtod(s, NULL) * 60 + sec;
	return 0;
}

/*
 * A time of 0 is below the clock's resolution (GNU time's "0.00", bash's
 * "0m0.000s"), not a measured zero: it stays a sample (leaving it out
 * would bias the mean up) and the cell says so in its metadata.
 */
static void zero_time(struct fsr_cell *c, int dec)
{
	char note[96];

	snprintf(note, sizeof(note), "some runs print 0, below the "
		 "resolution of %s s", dec == 0 ? "1" : dec == 1 ? "0.1" :
		 dec == 2 ? "0.01" : dec == 3 ? "0.001" : "0.0001");
	if (!fsr_kvlist_get(fsr_cell_meta(c), "zero"))
		fsr_kvlist_set(fsr_cell_meta_edit(c), "zero", note);
}

/*
 * No timing is negative, none lasts a thousand years (6e21 s is a typo
 * or garbage, not a run) and every rate is finite (dd's bytes over
 * 1e-320 s). Such a value stops the import (exit 3 at its line), never
 * becomes a sample nor vanishes.
 */
#define TM_MAX_SECONDS 3.2e10 /* about 1000 years */

static int bad_value(struct tm_state *st, enum tm_metric m, double v)
{
	const char *why;

	if (st->err)
		return st->err;
	if (!isfinite(v))
		why = "is not finite";
	else if (v < 0)
		why = "is negative";
	else if (!strcmp(metrics[m].unit ? metrics[m].unit : "", "s") &&
		 v > TM_MAX_SECONDS)
		why = "is more than 1000 years";
	else
		return 0;
	st->err = fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, st->line, 0,
			       "%s %s %.6g %s%s", metrics[m].test,
			       metrics[m].description, v, why,
			       m == T_DD_RATE ? " (dd's bytes over its "
			       "seconds)" : "");
	return st->err;
}

static void add(struct tm_state *st, const char *sysname, enum tm_metric m,
		const char *unit, double v, int dec, const char *fail)
{
	struct fsr_result_key key;
	struct fsr_result *res;
	struct fsr_cell *c;
	const char *title;
	size_t sys;

	if (!(fail && *fail) && bad_value(st, m, v))
		return;

	sys = fsr_report_system(st->tf.r, 0, sysname);
	fsr_system_add_source(&st->tf.r->systems[sys], st->tf.path);
	memset(&key, 0, sizeof(key));
	key.test = metrics[m].test;
	key.description = metrics[m].description;
	key.unit = unit ? unit : metrics[m].unit;
	res = fsr_report_result(st->tf.r, &key);
	title = metrics[m].title;
	if ((m == T_LINE_TIME || m == T_LINE_RATE) && st->heading[0])
		title = st->heading;
	if (st->in_v && st->command[0])
		title = st->command;
	if (!res->n_cells) {
		free(res->title);
		res->title = fsr_xstrdup(title);
	} else {
		/* blocks under other headings (or of other commands):
		 * what they share */
		fsr_result_meet_title(res, title, metrics[m].title);
	}
	res->better = metrics[m].better;
	c = fsr_result_cell(res, sys);
	if (fail && *fail) {
		fsr_cell_add_failed(c, fail);
	} else {
		fsr_cell_add_sample(c, v);
		if (dec > c->stored_decimals)
			c->stored_decimals = dec;
		if (v == 0 && !strcmp(key.unit, "s"))
			zero_time(c, dec);
	}
	st->tf.found++;
}

/* The failure reason for the run being read, or NULL; warns once. */
static const char *failure(struct tm_state *st)
{
	if (!st->fail[0])
		return NULL;
	if (!st->fail_warned) {
		fsr_import_warn(st->tf.ctx, st->fail_line, "the timed command "
				"failed (%s); its run is left out", st->fail);
		st->fail_warned = 1;
	}
	return st->fail;
}

/*
 * The first reason of a run is kept ("dd: failed to open" rather than
 * GNU time's "Command exited with non-zero status 1" after it). A dd
 * error after dd's summary took the last reason starts a new run, unless
 * same_run (GNU time's lines close the run they follow).
 */
static void set_failure(struct tm_state *st, int line, const char *s,
			size_t len, int same_run)
{
	if (st->fail[0] && (same_run || !st->fail_used_by_dd))
		return;
	if (len >= sizeof(st->fail))
		len = sizeof(st->fail) - 1;
	memcpy(st->fail, s, len);
	st->fail[len] = '\0';
	st->fail_line = line;
	st->fail_used_by_dd = 0;
	st->fail_warned = 0;
}

/* A run of the timed command is over (its time block ended). */
static void end_run(struct tm_state *st)
{
	st->fail[0] = '\0';
	st->fail_used_by_dd = 0;
}

/* Is s[0..len) one word spelling a non-number ("nan", "-inf",
 * "Infinity")? The C library prints these for non-finite doubles. */
static int not_a_number(const char *s, size_t len)
{
	static const char *const words[] = { "nan", "inf", "infinity" };
	size_t i;

	if (len && (*s == '-' || *s == '+'))
		s++, len--;
	for (i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (strlen(words[i]) == len && !strncasecmp(s, words[i], len))
			return 1;
	return 0;
}

/* One word holding a digit: what a time was meant to be ("-0m0.247s"). */
static int time_like(const char *s, size_t len)
{
	size_t i;
	int digit = 0;

	for (i = 0; i < len; i++) {
		if (fsr_tf_blank(s[i]))
			return 0;
		if (isdigit((unsigned char)s[i]))
			digit = 1;
	}
	return digit;
}

/* "real 0.05", "user\t0m0.000s", "sys\t0m0,026s" */
static int time_line(struct tm_state *st, const char *s, size_t len)
{
	static const struct { const char *word; enum tm_metric m; } w[] = {
		{ "real", T_REAL }, { "user", T_USER }, { "sys", T_SYS },
	};
	size_t i, n;
	double v;
	int dec;

	for (i = 0; i < 3; i++) {
		n = strlen(w[i].word);
		if (len > n + 1 && !memcmp(s, w[i].word, n) &&
		    fsr_tf_blank(s[n]))
			break;
	}
	if (i == 3)
		return 0;
	s += n;
	len -= n;
	fsr_tf_trim(&s, &len);
	if (parse_bash_time(s, len, &v, &dec)) {
		/* "real nan", "real -0m0.247s", "real 0mXs": a time line
		 * whose one word is no time */
		if (st && (not_a_number(s, len) || time_like(s, len)) &&
		    !st->err)
			st->err = fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path,
					       st->line, 0, "%s '%.*s' is not "
					       "a number of seconds",
					       w[i].word, (int)(len > 40 ? 40 :
								len), s);
		return st && st->err ? 1 : 0;
	}
	if (st)
		add(st, NULL, w[i].m, NULL, v, dec, failure(st));
	if (st && w[i].m == T_SYS)
		end_run(st);
	return 1;
}

/*
 * GNU time's default: "0.00user 0.02system 0:00.05elapsed 45%CPU
 * (0avgtext+0avgdata 2916maxresident)k". Needs user, system, elapsed.
 */
static int gnu_default_line(struct tm_state *st, const char *s, size_t len)
{
	static const char *const suffix[] = { "user", "system", "elapsed",
					      "maxresident)k" };
	double v[4];
	int dec[4], have[4] = { 0 }, k;
	size_t i = 0;

	while (i < len) {
		size_t t = i;

		while (t < len && !fsr_tf_blank(s[t]))
			t++;
		for (k = 0; k < 4; k++) {
			size_t sl = strlen(suffix[k]), tl = t - i;
			const char *tok = s + i;

			if (tl <= sl || memcmp(tok + tl - sl, suffix[k], sl))
				continue;
			if (k == 2 ? !parse_clock(tok, tl - sl, &v[k],
						  &dec[k]) :
				     !num(tok, tl - sl, &v[k], &dec[k]))
				have[k] = 1;
		}
		i = t;
		while (i < len && fsr_tf_blank(s[i]))
			i++;
	}
	if (!have[0] || !have[1] || !have[2])
		return 0;
	if (st) {
		const char *f = failure(st);

		add(st, NULL, T_REAL, NULL, v[2], dec[2], f);
		add(st, NULL, T_USER, NULL, v[0], dec[0], f);
		add(st, NULL, T_SYS, NULL, v[1], dec[1], f);
		if (have[3])
			add(st, NULL, T_RSS, NULL, v[3], 0, f);
		end_run(st);
	}
	return 1;
}

static void v_finish(struct tm_state *st)
{
	static const enum tm_metric order[] = { T_REAL, T_USER, T_SYS,
						 T_RSS };
	const char *f = failure(st);
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(*order); i++)
		if (st->v_have[order[i]])
			add(st, NULL, order[i], NULL, st->v_val[order[i]],
			    st->v_dec[order[i]], f);
	st->in_v = 0;
	st->command[0] = '\0';
	end_run(st);
}

/* One TAB-indented "Label: value" line of "time -v". */
static int v_line(struct tm_state *st, int line, const char *s, size_t len)
{
	static const struct { const char *label; enum tm_metric m; } w[] = {
		{ "User time (seconds)", T_USER },
		{ "System time (seconds)", T_SYS },
		{ "Elapsed (wall clock) time (h:mm:ss or m:ss)", T_REAL },
		{ "Maximum resident set size (kbytes)", T_RSS },
	};
	const char *sep = NULL, *p, *val;
	size_t i, label_len, vlen;
	double v;
	int dec;

	/* The command itself may hold ": ", so this one goes first. */
	if (fsr_tf_prefix(s, len, "Command being timed: ")) {
		const char *c = s + 21;
		size_t cl = len - 21;

		if (st->in_v)
			v_finish(st);
		fsr_tf_trim(&c, &cl);
		if (cl >= 2 && c[0] == '"' && c[cl - 1] == '"')
			c++, cl -= 2;
		/* a command too long to keep whole titles nothing */
		st->command[0] = '\0';
		if (cl < sizeof(st->command)) {
			memcpy(st->command, c, cl);
			st->command[cl] = '\0';
		}
		memset(st->v_have, 0, sizeof(st->v_have));
		st->in_v = 1;
		return 1;
	}
	if (!st->in_v)
		return 0;
	/* The elapsed label has colons of its own: split on the last ": ". */
	for (p = s; p + 1 < s + len; p++)
		if (p[0] == ':' && p[1] == ' ')
			sep = p;
	if (!sep)
		return 1; /* another line of the block */
	label_len = (size_t)(sep - s);
	val = sep + 2;
	vlen = len - label_len - 2;
	fsr_tf_trim(&val, &vlen);
	if (label_len == 11 && !memcmp(s, "Exit status", 11)) {
		if (!(vlen == 1 && val[0] == '0') && !st->fail[0])
			set_failure(st, line, s, len, 1);
		v_finish(st);
		return 1;
	}
	for (i = 0; i < sizeof(w) / sizeof(*w); i++) {
		if (strlen(w[i].label) != label_len ||
		    memcmp(s, w[i].label, label_len))
			continue;
		if (w[i].m == T_REAL ? parse_clock(val, vlen, &v, &dec) :
				       num(val, vlen, &v, &dec)) {
			if (not_a_number(val, vlen) && !st->err)
				st->err = fsr_diag_set(st->tf.d, FSR_EINPUT,
						       st->tf.path, line, 0,
						       "'%s' is '%.*s', not a "
						       "number", w[i].label,
						       (int)(vlen > 40 ? 40 :
							     vlen), val);
			return 1;
		}
		if (bad_value(st, w[i].m, v))
			return 1;
		st->v_val[w[i].m] = v;
		st->v_dec[w[i].m] = dec;
		st->v_have[w[i].m] = 1;
		return 1;
	}
	return 1; /* another line of the block */
}

/* "64+0 records in" in any language: "N+M " and words. */
static int dd_records_line(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	if (!i || i >= len || s[i] != '+')
		return 0;
	i++;
	if (i >= len || !isdigit((unsigned char)s[i]))
		return 0;
	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	return i + 1 < len && s[i] == ' ' && !fsr_tf_blank(s[i + 1]);
}

/*
 * dd's summary: "<bytes> <word>[ (<si>, <iec>)] <word>, <sec> s, <rate>"
 * ("512 bytes copied, ...", German "Bytes ... kopiert, 0,05 s, 1,2 GB/s").
 * The comma is also a decimal mark, so split on ", " from the end.
 */
static int dd_summary(const char *s, size_t len, double *bytes, double *sec,
		      int *dec)
{
	const char *c2 = NULL, *c1 = NULL, *p;
	size_t i = 0;

	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	if (!i || i + 1 >= len || s[i] != ' ' ||
	    !isalpha((unsigned char)s[i + 1]))
		return -1;
	for (p = s + len - 2; p > s; p--) {
		if (p[0] == ',' && p[1] == ' ') {
			if (!c2) {
				c2 = p;
			} else {
				c1 = p;
				break;
			}
		}
	}
	if (!c1 || !fsr_tf_suffix(c2 + 2, len - (size_t)(c2 + 2 - s), "/s"))
		return -1;
	/* "0.051195 s" */
	p = c1 + 2;
	if ((size_t)(c2 - p) < 3 || memcmp(c2 - 2, " s", 2) ||
	    num(p, (size_t)(c2 - 2 - p), sec, dec))
		return -1;
	if (fsr_parse_double(s, i, bytes))
		return -1;
	return 0;
}

/* Is this line one of dd's status=progress updates (CR-separated)? */
static int cr_separated(const struct tm_state *st)
{
	return (st->tf.line_flags &
		(FSR_LINE_AFTER_CR | FSR_LINE_BEFORE_CR)) != 0;
}

static void dd_line(struct tm_state *st, const char *s, size_t len)
{
	double bytes, sec;
	int dec;
	const char *f;

	if (dd_summary(s, len, &bytes, &sec, &dec))
		return;
	st->saw_dd = 1;
	if (cr_separated(st))
		return;
	f = failure(st);
	add(st, NULL, T_DD_TIME, NULL, sec, dec, f);
	if (!f && sec <= 0)
		add(st, NULL, T_DD_RATE, NULL, 0, 0,
		    "dd measured 0 seconds, so no rate");
	else
		add(st, NULL, T_DD_RATE, NULL, sec > 0 ? bytes / sec : 0, 0,
		    f);
	if (f)
		st->fail_used_by_dd = 1;
}

static const char *const time_words[] = { "seconds", "second", "secs",
					  "sec" };

/* Is s[i..) a time word ending at a blank or at the end? */
static size_t time_word(const char *s, size_t len, size_t i)
{
	size_t k, wl;

	for (k = 0; k < sizeof(time_words) / sizeof(*time_words); k++) {
		wl = strlen(time_words[k]);
		if (len - i >= wl && !memcmp(s + i, time_words[k], wl) &&
		    (len - i == wl || fsr_tf_blank(s[i + wl])))
			return wl;
	}
	return 0;
}

/*
 * Does the text before a free-form line's number name what was timed?
 * Not when it starts with a digit (a counter: dbench's progress lines
 * "1  cleanup   5 sec", "0 of 1 processes prepared for launch   0 sec"),
 * when it holds a duration of its own (dbench's "Running for 5 seconds
 * with load '...' and minimum warmup 1 secs": a description of settings,
 * not a timing), or when it ends in a word that makes the number a
 * setting or a schedule ("sleeping for 5 sec", "every 10 sec"). An
 * empty label ("14.5 seconds") is the run set's own timing.
 */
static int freeform_label_ok(const char *s, size_t len)
{
	static const char *const not_timed[] = {
		"for", "after", "every", "within", "than", "per", "until",
		"each", "of", "launch", "warmup", "timeout", "interval",
	};
	size_t i, w;

	while (len && fsr_tf_blank(s[len - 1]))
		len--;
	if (!len)
		return 1;
	if (isdigit((unsigned char)s[0]))
		return 0;
	for (i = 1; i < len; i++) {
		size_t j = i;

		if (!fsr_tf_blank(s[i - 1]) || !time_word(s, len, i))
			continue;
		while (j && fsr_tf_blank(s[j - 1]))
			j--;
		if (j && isdigit((unsigned char)s[j - 1]))
			return 0; /* "... 5 seconds ..." inside the label */
	}
	for (w = len; w && !fsr_tf_blank(s[w - 1]); w--)
		;
	for (i = 0; i < sizeof(not_timed) / sizeof(*not_timed); i++)
		if (strlen(not_timed[i]) == len - w &&
		    !strncasecmp(s + w, not_timed[i], len - w))
			return 0;
	return 1;
}

/*
 * The seed's free-form lines: "<label> <number> seconds[ (<rate> <unit>
 * /Sec)]", label possibly empty (but see freeform_label_ok()), quoted
 * mail ("> ") allowed.
 */
static int freeform_line(struct tm_state *st, const char *s, size_t len)
{
	size_t i, k, wl = 0, ws, we, ns = 0;
	double t = 0, rate = 0;
	int tdec = 0, rdec = 0, have_rate = 0;
	char unit[24];

	while (len && *s == '>') { /* a quoted mail */
		s++, len--;
		while (len && fsr_tf_blank(*s))
			s++, len--;
	}
	fsr_tf_trim(&s, &len);
	for (ws = 1; ws < len; ws++) {
		if (!fsr_tf_blank(s[ws - 1]) || fsr_tf_blank(s[ws]))
			continue;
		wl = time_word(s, len, ws);
		if (!wl)
			continue;
		/* the number before the word */
		i = ws;
		while (i && fsr_tf_blank(s[i - 1]))
			i--;
		ns = i;
		while (ns && !fsr_tf_blank(s[ns - 1]))
			ns--;
		if (num(s + ns, i - ns, &t, &tdec) ||
		    !freeform_label_ok(s, ns))
			continue;
		we = ws + wl;
		while (we < len && fsr_tf_blank(s[we]))
			we++;
		if (we < len) { /* "(70 MB/Sec)" */
			const char *p = s + we, *e = s + len, *q, *slash;

			if (*p != '(' || e[-1] != ')')
				continue;
			p++;
			for (q = p; q < e && !fsr_tf_blank(*q) && *q != ')'; q++)
				;
			if (num(p, (size_t)(q - p), &rate, &rdec))
				continue;
			while (q < e && fsr_tf_blank(*q))
				q++;
			slash = memchr(q, '/', (size_t)(e - q));
			if (!slash || slash == q ||
			    (size_t)(slash - q) >= sizeof(unit) - 3)
				continue;
			/* "/Sec)", "/sec)" or "/s)" ends the line */
			k = (size_t)(e - slash);
			if (!(k == 5 && !strncasecmp(slash, "/sec)", 5)) &&
			    !(k == 3 && !strncasecmp(slash, "/s)", 3)))
				continue;
			memcpy(unit, q, (size_t)(slash - q));
			memcpy(unit + (slash - q), "/s", 3);
			have_rate = 1;
		}
		break;
	}
	if (ws >= len)
		return 0;
	if (st) {
		char *label;
		size_t ll = ns;

		while (ll && fsr_tf_blank(s[ll - 1]))
			ll--;
		label = ll ? fsr_xstrndup(s, ll) : NULL;
		add(st, label, T_LINE_TIME, NULL, t, tdec, NULL);
		if (have_rate)
			add(st, label, T_LINE_RATE, unit, rate, rdec, NULL);
		free(label);
	}
	return 1;
}

/* "===" or "---" alone: the line before it is a heading. */
static int underline(const char *s, size_t len)
{
	size_t i;

	if (len < 3 || (s[0] != '=' && s[0] != '-'))
		return 0;
	for (i = 1; i < len; i++)
		if (s[i] != s[0])
			return 0;
	return 1;
}

static void tm_line_body(struct tm_state *st, int line, const char *s,
			 size_t len);

/* Headings, then the line itself. A heading is the text of the line
 * above an underline, mail quotes ("> ") taken off. */
static void tm_line(struct tm_state *st, int line, const char *s,
		    size_t len)
{
	const char *q = s;
	size_t ql = len;

	fsr_tf_trim(&q, &ql);
	while (ql && *q == '>') {
		q++, ql--;
		fsr_tf_trim(&q, &ql);
	}
	if (underline(q, ql)) {
		if (st->prev[0])
			memcpy(st->heading, st->prev, sizeof(st->heading));
		st->prev[0] = '\0';
	} else if (ql && ql < sizeof(st->prev)) {
		memcpy(st->prev, q, ql);
		st->prev[ql] = '\0';
	} else {
		st->prev[0] = '\0';
	}
	tm_line_body(st, line, s, len);
}

static void tm_line_body(struct tm_state *st, int line, const char *s,
			 size_t len)
{
	int tab = len && s[0] == '\t';
	const char *raw = s;
	size_t rawlen = len;
	double v;
	int dec;

	fsr_tf_trim(&s, &len);
	if (!len)
		return;
	/* A lone CR next to the text itself, not across blanks. */
	if (s != raw)
		st->tf.line_flags &= ~(unsigned)FSR_LINE_AFTER_CR;
	if (s + len != raw + rawlen)
		st->tf.line_flags &= ~(unsigned)FSR_LINE_BEFORE_CR;
	if (tab && v_line(st, line, s, len))
		return;
	if (st->in_v)
		v_finish(st); /* a block cut short */
	if (fsr_tf_prefix(s, len, "Command exited with non-zero status") ||
	    fsr_tf_prefix(s, len, "Command terminated by signal")) {
		set_failure(st, line, s, len, 1);
		st->only_dd_and_numbers = 0;
		return;
	}
	if (fsr_tf_prefix(s, len, "dd: ")) {
		/* "dd: warning: partial read" is no failure. */
		if (fsr_tf_contains(s, len, "warning") || fsr_tf_contains(s, len, "Warnung"))
			return;
		set_failure(st, line, s, len, 0);
		/* dd stops before copying: no summary of this run follows,
		 * so its failed run is recorded here. */
		if (fsr_tf_contains(s, len, "failed to open")) {
			const char *f = failure(st);

			add(st, NULL, T_DD_TIME, NULL, 0, 0, f);
			add(st, NULL, T_DD_RATE, NULL, 0, 0, f);
			st->fail_used_by_dd = 1;
		}
		return;
	}
	if (dd_records_line(s, len)) {
		st->saw_dd = 1;
		if (st->fail_used_by_dd)
			end_run(st);
		return;
	}
	if (num(s, len, &v, &dec) == 0) {
		FSR_GROW(st->bare, st->cap_bare, st->n_bare + 1);
		st->bare[st->n_bare].v = v;
		st->bare[st->n_bare].dec = dec;
		st->bare[st->n_bare].line = line;
		st->bare[st->n_bare].failed = st->fail[0] != '\0';
		st->n_bare++;
		if (st->fail[0])
			st->fail_used_by_dd = 1;
		return;
	}
	if (dd_summary(s, len, &v, &v, &dec) == 0) {
		dd_line(st, s, len);
		return;
	}
	st->only_dd_and_numbers = 0;
	if (time_line(st, s, len) || gnu_default_line(st, s, len))
		return;
	freeform_line(st, s, len);
}

/* Bare numbers count as "real" only in a file of dd lines and numbers. */
static void bare_numbers(struct tm_state *st)
{
	size_t i;

	if (!st->only_dd_and_numbers || !st->saw_dd)
		return;
	for (i = 0; i < st->n_bare; i++) {
		if (st->bare[i].failed)
			fsr_import_warn(st->tf.ctx, st->bare[i].line, "the timed "
					"command failed; its run is left out");
		st->line = st->bare[i].line;
		add(st, NULL, T_REAL, NULL, st->bare[i].v, st->bare[i].dec,
		    st->bare[i].failed ? "the timed command failed" : NULL);
	}
}

/*
 * Sure of: a "time -v" block, GNU time's default line, bash/-p "real"
 * lines, dd's summary; less sure of free-form "N seconds" lines.
 */
int fsr_timing_probe(const unsigned char *head, size_t n)
{
	struct fsr_lines it;
	const char *s;
	size_t len;
	int best = 0;

	fsr_lines_init(&it, (const char *)head, n);
	while (best < 90 && fsr_lines_next(&it, &s, &len)) {
		double a, b;
		int dec;

		if (len > 21 && fsr_tf_prefix(s, len, "\tCommand being timed: "))
			return 90;
		fsr_tf_trim(&s, &len);
		if (time_line(NULL, s, len) || gnu_default_line(NULL, s, len))
			best = 85;
		else if (best < 80 && dd_summary(s, len, &a, &b, &dec) == 0)
			best = 80;
		else if (best < 40 && freeform_line(NULL, s, len))
			best = 40;
	}
	return best;
}

static int tm_line_cb(void *state, int line, const char *s, size_t len)
{
	struct tm_state *st = state;

	st->line = line;
	tm_line(st, line, s, len);
	return st->err;
}

/* The end of the file ends a "time -v" block; bare numbers count now. */
static int tm_finish(void *state, int last_line)
{
	struct tm_state *st = state;

	(void)last_line;
	if (st->in_v)
		v_finish(st);
	bare_numbers(st);
	return st->err;
}

static void tm_release(void *state)
{
	struct tm_state *st = state;

	free(st->bare);
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct tm_state), .init = tm_init,
	.name = "timing", .test = "timing", .title = "timing",
	.line = tm_line_cb, .finish = tm_finish, .release = tm_release,
};

FSR_TF_IMPORTER(timing, fmt)
