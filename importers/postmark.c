/*
 * postmark.c - PostMark's reports (docs/formats.md, "PostMark and timing
 * logs"): what the program prints on stdout, or what "run FILE"
 * appended to FILE.
 *
 * Two report formats, recognised by their content:
 *	terse    one line of 13 unlabelled numbers, "5 3 1666.67 ..."
 *	verbose  the "Time:" / "Files:" / "Data:" block
 * Every field may be an integer (Debian's 1.53) or a decimal (the 1.54
 * fork). Every report is one sample of each of the 13 metrics below, so a
 * file with several reports holds several repetitions. The verbose
 * "per second" values are taken as printed (PostMark truncates them to
 * integers); the data lines ("282.06 megabytes", MiB) become bytes.
 *
 * Around the reports: the banner, "Reading configuration ...", progress
 * lines, "pm>" prompts of a piped-stdin session (no final newline), "Eh?"
 * for unknown commands; all ignored. The configuration echo of "show"
 * ("Current configuration is:" ...) becomes the system's metadata. A run
 * that ran "out of files!" prints no report: it is reported as a warning
 * and contributes nothing (never zeros). A file with PostMark output but
 * no report at all (the stdout of "run FILE") is not a result file.
 *
 * PostMark 1.53 counts whole seconds and an interval of 0 s as 1 s: a
 * rate over a 1 s interval is flagged in its cell's metadata ("interval")
 * and a run whose total or transaction time is 1 s gets a warning.
 *
 * Model: test "postmark", title "PostMark", description = the metric
 * name of seed 003 ("Transactions/s"), arguments empty, one system per
 * file: the run set (name NULL).
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum pm_metric {
	M_TOTAL, M_TX_TIME, M_TX_RATE, M_CREATED, M_CREATE_ALONE,
	M_CREATE_MIXED, M_READ, M_APPEND, M_DELETED, M_DELETE_ALONE,
	M_DELETE_MIXED, M_READ_B, M_WRITE_B,
	M_COUNT
};

static const struct {
	const char *name;
	const char *unit;
	enum fsr_better better;
} metrics[M_COUNT] = {
	{ "Total_duration", "s", FSR_BETTER_LOWER },
	{ "Duration_of_transactions", "s", FSR_BETTER_LOWER },
	{ "Transactions/s", "tx/s", FSR_BETTER_HIGHER },
	{ "Files_created/s", "files/s", FSR_BETTER_HIGHER },
	{ "Creation_alone/s", "files/s", FSR_BETTER_HIGHER },
	{ "Creation_mixed_with_transaction/s", "files/s", FSR_BETTER_HIGHER },
	{ "Read/s", "files/s", FSR_BETTER_HIGHER },
	{ "Append/s", "files/s", FSR_BETTER_HIGHER },
	{ "Deleted/s", "files/s", FSR_BETTER_HIGHER },
	{ "Deletion_alone/s", "files/s", FSR_BETTER_HIGHER },
	{ "Deletion_mixed_with_transaction/s", "files/s", FSR_BETTER_HIGHER },
	{ "Read_B/s", "B/s", FSR_BETTER_HIGHER },
	{ "Write_B/s", "B/s", FSR_BETTER_HIGHER },
};

/* One report being read: a value per metric. */
struct pm_report {
	double v[M_COUNT];
	int dec[M_COUNT];   /* decimals as written */
	int have[M_COUNT];
	int line;           /* where it starts */
	/* Files of the creation and deletion phases, when the verbose
	 * report printed them ("Creation alone: 3000 files"); 0: unknown. */
	double create_files, delete_files;
};

struct pm_state {
	struct fsr_tf tf;       /* found: reports and out-of-files runs */
	size_t n_reports;
	size_t n_out_of_files;  /* runs that printed "out of files!" */
	int in_verbose;         /* inside a "Time:" block */
	int alone;              /* last "... alone:" line: 'c' or 'd' */
	struct pm_report cur;
	int in_config;          /* inside a "show" echo */
	int in_location;        /* TAB lines after "Working directory:" */
	struct fsr_kvlist config;
	struct fsr_buf location;
	int config_changed_warned;
	int short_warned;       /* a run of 1 s was reported */
};

/* Skip "pm>" prompts (a piped-stdin session prints them unterminated). */
static void strip_prompts(const char **s, size_t *len)
{
	while (*len >= 3 && !memcmp(*s, "pm>", 3)) {
		*s += 3;
		*len -= 3;
	}
}

/* The length of the number-like token at s[0..len): digits, sign, point,
 * comma, exponent, letters of inf/nan. */
static size_t token_len(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && !fsr_tf_blank(s[i]) && s[i] != '(' && s[i] != ')')
		i++;
	return i;
}

/*
 * Parse one number token; PostMark prints %d or %.2f (%.4f in 1.54).
 * "inf" and "nan" (a float build dividing by zero) give a non-finite
 * value, which the caller records as a failed run, never as a number.
 */
static int parse_value(const char *s, size_t len, double *v, int *dec)
{
	static const char *const nonfinite[] = { "inf", "-inf", "nan",
						 "-nan" };
	size_t i;

	if (fsr_parse_double(s, len, v) == 0) {
		*dec = fsr_count_decimals(s, len);
		return 0;
	}
	for (i = 0; i < sizeof(nonfinite) / sizeof(*nonfinite); i++) {
		if (strlen(nonfinite[i]) == len &&
		    !memcmp(s, nonfinite[i], len)) {
			*v = s[len - 1] == 'f' ? (s[0] == '-' ? -INFINITY :
						  INFINITY) : NAN;
			*dec = 0;
			return 0;
		}
	}
	return -1;
}

/* "282.06 megabytes" (scalef(): bytes, kilobytes or megabytes, all
 * powers of 1024) -> bytes. Returns the length used, 0 if not a size. */
static size_t parse_size(const char *s, size_t len, double *bytes, int *dec)
{
	static const struct { const char *word; double mul; } units[] = {
		{ "bytes", 1.0 }, { "kilobytes", 1024.0 },
		{ "megabytes", 1048576.0 }, { "gigabytes", 1073741824.0 },
	};
	size_t n = token_len(s, len), i, w;
	double v;

	if (!n || parse_value(s, n, &v, dec) || n >= len || s[n] != ' ')
		return 0;
	for (i = 0; i < sizeof(units) / sizeof(*units); i++) {
		w = strlen(units[i].word);
		if (len - n - 1 >= w && !memcmp(s + n + 1, units[i].word, w) &&
		    (len - n - 1 == w || fsr_tf_blank(s[n + 1 + w]))) {
			*bytes = v * units[i].mul;
			if (units[i].mul != 1.0)
				*dec = 0;
			return n + 1 + w;
		}
	}
	return 0;
}

/*
 * Match s[0..len) against pat: literal text, where one space matches one
 * or more blanks, '#' a number and '@' a size ("4.00 kilobytes"). The
 * matched values go to v[] and dec[] in order. Returns how many values
 * were matched, or -1 when the line does not have that shape.
 */
static int match(const char *s, size_t len, const char *pat, double *v,
		 int *dec)
{
	size_t i = 0;
	int n = 0;

	for (; *pat; pat++) {
		if (*pat == ' ') {
			if (i >= len || !fsr_tf_blank(s[i]))
				return -1;
			while (i < len && fsr_tf_blank(s[i]))
				i++;
		} else if (*pat == '#') {
			size_t t = token_len(s + i, len - i);

			if (!t || parse_value(s + i, t, &v[n], &dec[n]))
				return -1;
			i += t;
			n++;
		} else if (*pat == '@') {
			size_t t = parse_size(s + i, len - i, &v[n], &dec[n]);

			if (!t)
				return -1;
			i += t;
			n++;
		} else {
			if (i >= len || s[i] != *pat)
				return -1;
			i++;
		}
	}
	while (i < len && fsr_tf_blank(s[i]))
		i++;
	return i == len ? n : -1;
}

/* The system of this file: the run set, created with the first report. */
static size_t pm_system(struct pm_state *st)
{
	if (st->n_reports == 0) {
		size_t i;

		st->tf.sys = fsr_report_system(st->tf.r, 0, NULL);
		fsr_system_add_source(&st->tf.r->systems[st->tf.sys], st->tf.path);
		for (i = 0; i < st->config.n; i++)
			fsr_kvlist_set(&st->tf.r->systems[st->tf.sys].meta,
				       st->config.items[i].key,
				       st->config.items[i].value);
	}
	return st->tf.sys;
}

/*
 * Which metrics of rep divide by an interval of 1 s. PostMark 1.53 times
 * with time(): whole seconds, and an interval of 0 s counts as 1 s, so
 * such a "rate" is a file count, not a measurement (Deletion_alone/s is
 * nearly always one). The totals and the
 * transaction phase are printed; the creation and deletion phases are
 * not, so their seconds are worked out from the files of the phase: the
 * verbose report prints them, the terse one gives them as rate x seconds
 * of the overall and mixed rates (created - mixed, deleted - mixed).
 */
static void one_second(const struct pm_report *rep, int *clamped)
{
	static const int over_total[] = { M_TOTAL, M_CREATED, M_DELETED,
					  M_READ_B, M_WRITE_B };
	static const int over_tx[] = { M_TX_TIME, M_TX_RATE, M_CREATE_MIXED,
				       M_READ, M_APPEND, M_DELETE_MIXED };
	const double *v = rep->v;
	double files, secs;
	size_t i;

	if (v[M_TOTAL] == 1)
		for (i = 0; i < sizeof(over_total) / sizeof(*over_total); i++)
			clamped[over_total[i]] = 1;
	if (v[M_TX_TIME] == 1)
		for (i = 0; i < sizeof(over_tx) / sizeof(*over_tx); i++)
			clamped[over_tx[i]] = 1;
	files = rep->create_files ? rep->create_files :
		round(v[M_CREATED] * v[M_TOTAL] -
		      v[M_CREATE_MIXED] * v[M_TX_TIME]);
	secs = v[M_CREATE_ALONE] > 0 ? files / v[M_CREATE_ALONE] : 0;
	if (files > 0 && fabs(secs - 1) < 1e-3)
		clamped[M_CREATE_ALONE] = 1;
	files = rep->delete_files ? rep->delete_files :
		round(v[M_DELETED] * v[M_TOTAL] -
		      v[M_DELETE_MIXED] * v[M_TX_TIME]);
	secs = v[M_DELETE_ALONE] > 0 ? files / v[M_DELETE_ALONE] : 0;
	if (files > 0 && fabs(secs - 1) < 1e-3)
		clamped[M_DELETE_ALONE] = 1;
}

/*
 * A negative value is no PostMark output (every field is a count of
 * seconds or a rate): an input error at the report's line. A value that
 * is not finite ("nan", "inf": a float build dividing by 0) is a failed
 * run of its metric, and a warning says so, naming the value.
 */
static int check_report(struct pm_state *st, const struct pm_report *rep)
{
	int m;

	for (m = 0; m < M_COUNT; m++) {
		if (isfinite(rep->v[m]) && rep->v[m] < 0)
			return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path,
					    rep->line, 0, "PostMark %s is "
					    "negative (%g): not a PostMark "
					    "value", metrics[m].name,
					    rep->v[m]);
		if (!isfinite(rep->v[m]))
			fsr_import_warn(st->tf.ctx, rep->line, "PostMark printed "
					"'%s' for %s; this run of it is a "
					"failed run", isnan(rep->v[m]) ?
					"nan" : rep->v[m] < 0 ? "-inf" :
					"inf", metrics[m].name);
	}
	return 0;
}

static int add_report(struct pm_state *st, const struct pm_report *rep)
{
	size_t sys = pm_system(st);
	int m, clamped[M_COUNT] = { 0 }, rc;

	rc = check_report(st, rep);
	if (rc)
		return rc;

	one_second(rep, clamped);
	if ((clamped[M_TOTAL] || clamped[M_TX_TIME]) && !st->short_warned) {
		fsr_import_warn(st->tf.ctx, rep->line, "this PostMark run took "
				"%s 1 s, and PostMark counts whole seconds: "
				"its rates are no measurements (make the run "
				"longer)", clamped[M_TOTAL] ? "a total of" :
				"transactions of");
		st->short_warned = 1;
	}

	for (m = 0; m < M_COUNT; m++) {
		struct fsr_result_key key;
		struct fsr_result *res;
		struct fsr_cell *c;

		memset(&key, 0, sizeof(key));
		key.test = "postmark";
		key.description = metrics[m].name;
		key.unit = metrics[m].unit;
		res = fsr_report_result(st->tf.r, &key);
		if (!res->title || strcmp(res->title, "PostMark")) {
			free(res->title);
			res->title = fsr_xstrdup("PostMark");
		}
		res->better = metrics[m].better;
		c = fsr_result_cell(res, sys);
		if (clamped[m])
			fsr_kvlist_set(fsr_cell_meta_edit(c), "interval",
				       "1 s in some runs: PostMark counts "
				       "whole seconds, and 0 as 1");
		if (isfinite(rep->v[m])) {
			fsr_cell_add_sample(c, rep->v[m]);
			if (rep->dec[m] > c->stored_decimals)
				c->stored_decimals = rep->dec[m];
		} else {
			fsr_cell_add_failed(c, "PostMark printed a value that "
					    "is not a number");
		}
	}
	st->n_reports++;
	return 0;
}

/* A terse report: exactly 13 numbers separated by blanks. */
static int parse_terse(const char *s, size_t len, struct pm_report *rep)
{
	size_t i = 0;
	int n = 0;

	while (i < len) {
		size_t t;

		while (i < len && fsr_tf_blank(s[i]))
			i++;
		if (i >= len)
			break;
		t = token_len(s + i, len - i);
		if (!t || n >= M_COUNT ||
		    parse_value(s + i, t, &rep->v[n], &rep->dec[n]))
			return -1;
		rep->have[n] = 1;
		n++;
		i += t;
	}
	return n == M_COUNT ? 0 : -1;
}

static int incomplete(struct pm_state *st)
{
	int m;

	for (m = 0; m < M_COUNT && st->cur.have[m]; m++)
		;
	return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, st->cur.line, 0,
			    "incomplete PostMark report: no '%s' line",
			    metrics[m < M_COUNT ? m : 0].name);
}

/* Keep a configuration echo line as metadata; warn once if a later
 * "show" in the same file differs (its reports are pooled all the same). */
static void config_set(struct pm_state *st, int line, const char *key,
		       const char *value)
{
	const char *old = fsr_kvlist_get(&st->config, key);

	if (old && strcmp(old, value) && !st->config_changed_warned) {
		fsr_import_warn(st->tf.ctx, line, "the PostMark configuration "
				"changes ('%s' was '%s', now '%s'); all "
				"reports of this file are pooled", key, old,
				value);
		st->config_changed_warned = 1;
	}
	fsr_kvlist_set(&st->config, key, value);
}

static void config_setn(struct pm_state *st, int line, const char *key,
			const char *s, size_t len)
{
	char *v = fsr_xstrndup(s, len);

	while (len && fsr_tf_blank(v[len - 1]))
		v[--len] = '\0';
	config_set(st, line, key, v);
	free(v);
}

/* Lines of "show": "Current configuration is:" ... "Report format is". */
static int config_line(struct pm_state *st, int line, const char *s,
		       size_t len, int tab)
{
	static const struct { const char *prefix, *key; } kv[] = {
		{ "The base number of files is ", "Files" },
		{ "Transactions: ", "Transactions" },
		{ "Files range between ", "File sizes" },
		{ "Block sizes are: ", "Block sizes" },
		{ "Biases are: ", "Biases" },
		{ "Random number generator seed is ", "Seed" },
	};
	size_t i;

	if (st->in_location) {
		if (tab && len) {
			if (st->location.len)
				fsr_buf_adds(&st->location, "; ");
			fsr_buf_add(&st->location, s, len);
			return 1;
		}
		st->in_location = 0;
		if (st->location.len)
			config_set(st, line, "Location", st->location.buf);
	}
	if (fsr_tf_prefix(s, len, "Working director")) {
		const char *colon = memchr(s, ':', len);

		st->in_location = 1;
		fsr_buf_reset(&st->location);
		if (colon) { /* the default location follows on this line */
			size_t off = (size_t)(colon + 1 - s);

			while (off < len && fsr_tf_blank(s[off]))
				off++;
			fsr_buf_add(&st->location, s + off, len - off);
		}
		return 1;
	}
	for (i = 0; i < sizeof(kv) / sizeof(*kv); i++) {
		size_t n = strlen(kv[i].prefix);

		if (fsr_tf_prefix(s, len, kv[i].prefix)) {
			const char *v = s + n;
			size_t vl = len - n;

			/* "1000 bytes and 195.31 kilobytes in size" */
			if (vl > 8 && !memcmp(v + vl - 8, " in size", 8))
				vl -= 8;
			config_setn(st, line, kv[i].key, v, vl);
			return 1;
		}
	}
	if (fsr_tf_prefix(s, len, "Files are ") && len > 18 &&
	    !memcmp(s + len - 8, " in size", 8)) {
		config_setn(st, line, "File sizes", s + 10, len - 18);
		return 1;
	}
	if (fsr_tf_prefix(s, len, "Using Unix buffered file I/O")) {
		config_set(st, line, "Buffering", "true");
		return 1;
	}
	if (fsr_tf_prefix(s, len, "Not using Unix buffered file I/O")) {
		config_set(st, line, "Buffering", "false");
		return 1;
	}
	if (fsr_tf_prefix(s, len, "Report format is ")) {
		size_t vl = len - 17;

		if (vl && s[len - 1] == '.')
			vl--;
		config_setn(st, line, "Report", s + 17, vl);
		st->in_config = 0;
		return 1;
	}
	{
		/* "%d subdirector%s will be used" */
		const char *p = memchr(s, ' ', len);

		if (p && fsr_tf_prefix(p + 1, len - (size_t)(p + 1 - s),
				    "subdirector")) {
			config_setn(st, line, "Subdirectories", s,
				    (size_t)(p - s));
			return 1;
		}
	}
	return 0;
}

/* One line of a verbose report ("Time:" was seen). Returns 0, 1 when the
 * report is complete, or a negative error. */
static int verbose_line(struct pm_state *st, const char *s, size_t len)
{
	struct pm_report *c = &st->cur;
	double v[2];
	int dec[2], m1 = -1, m2 = -1, count;

	if ((count = match(s, len, "# seconds total", v, dec)) == 1) {
		m1 = M_TOTAL;
	} else if ((count = match(s, len, "# seconds of transactions "
				   "(# per second)", v, dec)) == 2) {
		m1 = M_TX_TIME;
		m2 = M_TX_RATE;
	} else if ((count = match(s, len, "# created (# per second)", v,
				  dec)) == 2) {
		m2 = M_CREATED;
	} else if ((count = match(s, len, "Creation alone: # files "
				  "(# per second)", v, dec)) == 2) {
		m2 = M_CREATE_ALONE;
		c->create_files = v[0];
		st->alone = 'c';
	} else if ((count = match(s, len, "Deletion alone: # files "
				  "(# per second)", v, dec)) == 2) {
		m2 = M_DELETE_ALONE;
		c->delete_files = v[0];
		st->alone = 'd';
	} else if ((count = match(s, len, "Mixed with transactions: # files "
				  "(# per second)", v, dec)) == 2) {
		/* Two such lines: the one after "Creation alone" is
		 * creation's, the one after "Deletion alone" deletion's. */
		if (st->alone == 'c')
			m2 = M_CREATE_MIXED;
		else if (st->alone == 'd')
			m2 = M_DELETE_MIXED;
	} else if ((count = match(s, len, "# read (# per second)", v,
				  dec)) == 2) {
		m2 = M_READ;
	} else if ((count = match(s, len, "# appended (# per second)", v,
				  dec)) == 2) {
		m2 = M_APPEND;
	} else if ((count = match(s, len, "# deleted (# per second)", v,
				  dec)) == 2) {
		m2 = M_DELETED;
	} else if ((count = match(s, len, "@ read (@ per second)", v,
				  dec)) == 2) {
		m2 = M_READ_B;
	} else if ((count = match(s, len, "@ written (@ per second)", v,
				  dec)) == 2) {
		m2 = M_WRITE_B;
	}
	if (m1 >= 0) {
		c->v[m1] = v[0];
		c->dec[m1] = dec[0];
		c->have[m1] = 1;
	}
	if (m2 >= 0) {
		c->v[m2] = v[count - 1];
		c->dec[m2] = dec[count - 1];
		c->have[m2] = 1;
	}
	if (m2 == M_WRITE_B) { /* the last line of the report */
		int m;

		for (m = 0; m < M_COUNT; m++)
			if (!c->have[m])
				return incomplete(st);
		return 1;
	}
	return 0;
}

static int pm_line(void *state, int line, const char *raw,
		   size_t rawlen)
{
	struct pm_state *st = state;
	const char *s = raw;
	size_t len = rawlen;
	int rc, tab;

	strip_prompts(&s, &len);
	tab = len && s[0] == '\t';
	while (len && fsr_tf_blank(*s))
		s++, len--;
	while (len && fsr_tf_blank(s[len - 1]))
		len--;
	if (st->in_config && config_line(st, line, s, len, tab))
		return 0;
	if (st->in_verbose) {
		if (len == 5 && !memcmp(s, "Time:", 5))
			return incomplete(st);
		rc = verbose_line(st, s, len);
		if (rc < 0)
			return rc;
		if (rc == 1) {
			st->in_verbose = 0;
			return add_report(st, &st->cur);
		}
		return 0;
	}
	if (len == 5 && !memcmp(s, "Time:", 5)) {
		memset(&st->cur, 0, sizeof(st->cur));
		st->cur.line = line;
		st->in_verbose = 1;
		st->alone = 0;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "PostMark v") ||
	    fsr_tf_prefix(s, len, "Creating files...") ||
	    fsr_tf_prefix(s, len, "Performing transactions")) {
		if (len > 13 && !memcmp(s + len - 13, "out of files!", 13)) {
			st->n_out_of_files++;
			fsr_import_warn(st->tf.ctx, line, "PostMark ran out of "
					"files, so this run has no report; it "
					"is left out");
		}
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Current configuration is:")) {
		st->in_config = 1;
		return 0;
	}
	/* 13 numbers; a first field of "-5" or "nan" is one too (and is
	 * then refused or warned about, never skipped) */
	if (len && ((s[0] >= '0' && s[0] <= '9') || s[0] == '-' ||
		    s[0] == 'n' || s[0] == 'i')) {
		struct pm_report rep;

		memset(&rep, 0, sizeof(rep));
		rep.line = line;
		if (parse_terse(s, len, &rep) == 0)
			return add_report(st, &rep);
	}
	return 0;
}

/* Does this line look like a terse report (13 numbers)? */
static int terse_shape(const char *s, size_t len)
{
	struct pm_report rep;

	strip_prompts(&s, &len);
	while (len && (s[len - 1] == '\r' || fsr_tf_blank(s[len - 1])))
		len--;
	return parse_terse(s, len, &rep) == 0;
}

/*
 * PostMark's stdout starts with its banner ("PostMark v1.51 : 8/14/01"),
 * after "pm>" prompts in a piped session. A file of terse lines alone
 * ("run FILE") starts with one. A verbose report cut out of a mail has
 * its "seconds total" and "seconds of transactions" lines.
 */
int fsr_postmark_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head, *end = p + n, *nl;
	size_t len;

	nl = memchr(p, '\n', n);
	len = nl ? (size_t)(nl - p) : n;
	strip_prompts(&p, &len);
	if (fsr_tf_prefix(p, len, "PostMark v"))
		return 95;
	if (terse_shape(p, len))
		return 80;
	/* The verbose report on its own. */
	p = (const char *)head;
	{
		const char *a = NULL, *b = NULL;
		size_t i;

		for (i = 0; i + 14 <= n; i++) {
			if (!a && !memcmp(p + i, " seconds total\n", 14))
				a = p + i;
			if (!b && i + 24 <= n &&
			    !memcmp(p + i, " seconds of transactions", 24))
				b = p + i;
		}
		if (a && b && a < b && b < end)
			return 70;
	}
	return 0;
}

/* A run left inside its verbose block is cut short; what counts. */
static int pm_finish(void *state, int last_line)
{
	struct pm_state *st = state;
	int rc = st->in_verbose ? incomplete(st) : 0;

	(void)last_line;
	st->tf.found = st->n_reports + st->n_out_of_files;
	return rc;
}

static void pm_release(void *state)
{
	struct pm_state *st = state;

	fsr_kvlist_release(&st->config);
	fsr_buf_release(&st->location);
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct pm_state),
	.name = "postmark", .test = "postmark", .title = "postmark",
	.line = pm_line, .finish = pm_finish, .release = pm_release,
};

FSR_TF_IMPORTER(postmark, fmt)
