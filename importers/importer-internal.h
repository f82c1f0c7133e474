/*
 * importer-internal.h - the entry points of every importer, for the table
 * in registry.c. One pair per importer file.
 */
#ifndef FSR_IMPORTER_INTERNAL_H
#define FSR_IMPORTER_INTERNAL_H

#include "importer.h"

#define FSR_DECLARE_IMPORTER(name)                                       \
	int fsr_##name##_probe(const unsigned char *head, size_t n);     \
	int fsr_##name##_import(struct fsr_import_ctx *ctx,              \
				const char *path, struct fsr_report *r,  \
				struct fsr_diag *d)

FSR_DECLARE_IMPORTER(pts);
FSR_DECLARE_IMPORTER(csv);
FSR_DECLARE_IMPORTER(postmark);
FSR_DECLARE_IMPORTER(timing);
FSR_DECLARE_IMPORTER(fio);
FSR_DECLARE_IMPORTER(fio_text);
FSR_DECLARE_IMPORTER(fio_hist_log);
FSR_DECLARE_IMPORTER(fio_lat_log);
FSR_DECLARE_IMPORTER(hyperfine);
FSR_DECLARE_IMPORTER(dbench);
FSR_DECLARE_IMPORTER(fs_mark);
FSR_DECLARE_IMPORTER(bonnie);
FSR_DECLARE_IMPORTER(sysbench);
FSR_DECLARE_IMPORTER(iozone);
FSR_DECLARE_IMPORTER(filebench);
FSR_DECLARE_IMPORTER(ioping);
FSR_DECLARE_IMPORTER(fsrxml);
FSR_DECLARE_IMPORTER(fsrjson);

/*
 * fio.c: the one percentile rule of fio's JSON and text outputs. q[0..n)
 * are the percentiles a block lists; 1 when they are not fio's default
 * list (1, 5, 10, 20, ..., 99.99: the job set its own percentile_list),
 * so all of them are results; 0: only p50, p95, p99 and p99.9 are.
 * Lists longer than FSR_FIO_MAX_PCT (fio's own limit) are a job's own.
 */
#define FSR_FIO_MAX_PCT 64
int fsr_fio_all_percentiles(const double *q, size_t n);

/*
 * fio-rounds.c: fio's --status-interval reports of one job's direction
 * as the run's time series, one rule for JSON and text (issue 37). The
 * counters of a report, cumulative as fio prints them:
 */
struct fsr_fio_count {
	double rt;    /* the direction's runtime, ms */
	double ios;   /* its I/Os (total_ios; text: "issued rwts: total=") */
	double bytes; /* its bytes (io_bytes; text: the "(367MiB/..." size) */
};
/* The rounds so far; start zeroed (FSR_FIO_ROUNDS_INIT). */
struct fsr_fio_rounds {
	double *t, *iops, *bw; /* per round: runtime (ms), IOPS, B/s */
	size_t n, cap_t, cap_iops, cap_bw;
	struct fsr_fio_count prev; /* the last report that made a round */
	int last_final;            /* the last round ends at the final report */
};
#define FSR_FIO_ROUNDS_INIT { NULL, NULL, NULL, 0, 0, 0, 0, { 0, 0, 0 }, 0 }
/* What fsr_fio_round() found going back: a cumulative counter below the
 * report before's, so the reports are no series. */
enum { FSR_FIO_BACK_RUNTIME = 1, FSR_FIO_BACK_BYTES, FSR_FIO_BACK_IOS };
/*
 * Report c, the next in file order (final: fio's last report of the run,
 * its result): the round since the report before (the first: since the
 * start), none when its runtime is no longer. 0, or FSR_FIO_BACK_* when
 * a counter went back (nothing kept; r->prev holds the values before).
 */
int fsr_fio_round(struct fsr_fio_rounds *r, const struct fsr_fio_count *c,
		  int final);
/*
 * The rounds as the run's series of ci (IOPS) and cb (bandwidth, B/s),
 * a final round under half the one before left out; the number of
 * rounds given (0: none, no series added). r is released either way.
 */
size_t fsr_fio_rounds_series(struct fsr_fio_rounds *r, struct fsr_cell *ci,
			     struct fsr_cell *cb);
/* Free r's rounds; r is zeroed, ready again. */
void fsr_fio_rounds_release(struct fsr_fio_rounds *r);

/*
 * lines.c: the line-reading skeleton of the text importers (postmark,
 * timing, csv, and every new line-oriented format). Use it instead of
 * reading the file yourself:
 *
 *	static int my_line(void *state, const struct fsr_line *l)
 *	{
 *		struct my_state *st = state;
 *		... parse l->s[0..l->len), report errors at l->lineno ...
 *		return 0;   (or a negative FSR_E* with st->d filled: stops)
 *	}
 *	rc = fsr_read_lines(path, 0, my_line, &st, d);
 *	if (!rc) rc = my_finish(&st);   (end-of-file checks are yours)
 *
 * The file is read in pieces and never held whole: memory is one line.
 * Lines end at '\n', "\r\n" or a lone '\r'; l->s has no terminator and
 * is NUL-terminated (it may hold NUL bytes: use l->len). l->lineno counts
 * '\n' only, so the pieces of a '\r'-separated line share its number;
 * l->flags says whether a lone '\r' came before or after the line (dd's
 * status=progress updates). l->s is valid during the call only.
 *
 * Returns 0 at the end of the file, the first non-zero return of fn,
 * or (d filled): FSR_EIO "cannot open: ..." / "read error: ...",
 * FSR_EINPUT "file larger than FSR_MAX_FILE_BYTES bytes" or
 * "path:N: line longer than FSR_MAX_LINE_BYTES bytes", FSR_ENOMEM.
 */
enum fsr_line_flags {
	FSR_LINE_AFTER_CR = 1 << 0,  /* the line before ended in a lone CR */
	FSR_LINE_BEFORE_CR = 1 << 1, /* this line ends in a lone CR */
};
struct fsr_line {
	const char *s;
	size_t len;
	int lineno;
	unsigned flags; /* enum fsr_line_flags */
};
typedef int (*fsr_line_fn)(void *state, const struct fsr_line *l);
enum fsr_read_lines_flags {
	FSR_LINES_SKIP_BOM = 1 << 0, /* drop a leading UTF-8 BOM */
};
int fsr_read_lines(const char *path, unsigned flags, fsr_line_fn fn,
		   void *state, struct fsr_diag *d);

/*
 * textfmt.c: what the line-oriented text importers (dbench, fs_mark,
 * bonnie++, sysbench, iozone, fio text, postmark, timing) share on top
 * of fsr_read_lines: token and number helpers, the file's system and
 * result cells, the probe loop and the import entry.
 *
 * Token helpers: s[0..len) need not be NUL-terminated (probe heads);
 * blanks are ' ' and '\t'.
 */
int fsr_tf_blank(char c);
int fsr_tf_prefix(const char *s, size_t len, const char *prefix);
int fsr_tf_suffix(const char *s, size_t len, const char *suffix);
/* Does s[0..len) hold word anywhere? Where first, or NULL. */
int fsr_tf_contains(const char *s, size_t len, const char *word);
const char *fsr_tf_find(const char *s, size_t len, const char *word);
/* Drop blanks on both ends. */
void fsr_tf_trim(const char **s, size_t *len);
/* Split into at most max blank-separated tokens (tok[i], tl[i]); returns
 * how many, or max + 1 when there are more. */
size_t fsr_tf_tokens(const char *s, size_t len, const char **tok,
		     size_t *tl, size_t max);
/* s[0..len) into dst (size > 0), cut to fit, NUL-terminated. */
void fsr_tf_copy(char *dst, size_t size, const char *s, size_t len);

/*
 * The state every text import starts with; make it the first member of
 * the importer's own state (fsr_tf_import passes that state to the
 * format's hooks). name starts the messages ("dbench"); test and title
 * key the results; version (a buffer of the state, may change between
 * runs) is their app version.
 */
struct fsr_tf {
	const char *name, *test, *title;
	const char *version;
	const char *path;
	struct fsr_import_ctx *ctx;
	struct fsr_report *r;
	struct fsr_diag *d;
	size_t sys;
	int have_sys;
	int last_line;        /* the number of the line read last */
	unsigned line_flags;  /* its enum fsr_line_flags */
	size_t found;         /* runs or samples recorded: 0 is not mine */
};
/* The file's system (run set 0, no name, the path as its source),
 * made on first use. */
size_t fsr_tf_system(struct fsr_tf *tf);
/* Set key in the system's metadata. */
void fsr_tf_meta(struct fsr_tf *tf, const char *key, const char *value);
/* The cell of the file's system in the result (tf->test, args, desc,
 * unit, tf->version), titled tf->title, better set. */
struct fsr_cell *fsr_tf_cell(struct fsr_tf *tf, const char *args,
			     const char *desc, const char *unit,
			     enum fsr_better better);
/* Why a run failed, into reason (size bytes): "NAME failed: FAIL" when
 * fail is not "", else otherwise. */
void fsr_tf_reason(const struct fsr_tf *tf, char *reason, size_t size,
		   const char *fail, const char *otherwise);
/* Add v to c; c keeps at least dec decimals. */
void fsr_tf_sample(struct fsr_cell *c, double v, int dec);
/* FSR_EINPUT "NAME WHAT 'S' is not a number of at least 0" at line (S
 * cut to 40 bytes). */
int fsr_tf_bad_number(struct fsr_tf *tf, int line, const char *what,
		      const char *s, size_t len);
/* A finite number of at least 0 in *v, or fsr_tf_bad_number. */
int fsr_tf_number(struct fsr_tf *tf, int line, const char *what,
		  const char *s, size_t len, double *v);

/*
 * The probe loop: fn sees the first max_lines lines of head[0..n) (no
 * terminator, not trimmed) with a zeroed struct fsr_tf_probe; a non-zero
 * return ends the probe with that score (a negative one: 0, not mine).
 * At the end: p->best as fn left it. FSR_TF_PROBE(name, max_lines, fn)
 * defines fsr_<name>_probe over it.
 */
struct fsr_tf_probe {
	int best;   /* the score when no line ends the probe */
	int seen;   /* the format's own use (a banner seen) */
};
typedef int (*fsr_tf_probe_fn)(struct fsr_tf_probe *p, const char *s,
			       size_t len);
int fsr_tf_probe(const unsigned char *head, size_t n, int max_lines,
		 fsr_tf_probe_fn fn);
#define FSR_TF_PROBE(name, max_lines, fn)                                \
	int fsr_##name##_probe(const unsigned char *head, size_t n)      \
	{                                                                \
		return fsr_tf_probe(head, n, max_lines, fn);             \
	}

/*
 * The import entry: a zeroed state of fmt->size bytes (its first member
 * the struct fsr_tf, named from fmt), init(state) (NULL: none), then
 * path line by line into line(state, ...) with tf->last_line and
 * tf->line_flags set; after the last line (and only when every line was
 * read) finish(state, the number of the last line) (NULL: none); release(state) always (NULL: none).
 * Returns the first error, FSR_ENOTMINE when tf->found is still 0, else
 * 0. FSR_TF_IMPORTER(name, fmt) defines fsr_<name>_import over it.
 */
struct fsr_tf_format {
	const char *name, *test, *title; /* into tf (see struct fsr_tf) */
	size_t size;         /* of the importer's state */
	unsigned read_flags; /* enum fsr_read_lines_flags */
	void (*init)(void *state);
	int (*line)(void *state, int line, const char *s, size_t len);
	int (*finish)(void *state, int last_line);
	void (*release)(void *state);
};
int fsr_tf_import(const struct fsr_tf_format *fmt,
		  struct fsr_import_ctx *ctx, const char *path,
		  struct fsr_report *r, struct fsr_diag *d);
/* The two steps of fsr_tf_import() before the format's finish, for an
 * importer that reads several files into one run (fio-logs.c, a run's
 * jobs): a new state of fmt for path (init called; free() it after
 * fmt->release), and the lines of tf->path read into it. */
struct fsr_tf *fsr_tf_new(const struct fsr_tf_format *fmt,
			  struct fsr_import_ctx *ctx, const char *path,
			  struct fsr_report *r, struct fsr_diag *d);
int fsr_tf_read(struct fsr_tf *tf, const struct fsr_tf_format *fmt,
		struct fsr_diag *d);
#define FSR_TF_IMPORTER(name, fmt)                                       \
	int fsr_##name##_import(struct fsr_import_ctx *ctx,              \
				const char *path, struct fsr_report *r,  \
				struct fsr_diag *d)                      \
	{                                                                \
		return fsr_tf_import(&(fmt), ctx, path, r, d);           \
	}

/*
 * xmlguard.c: what the XML importers call before libxml2 parses a file.
 * libxml2 2.9 spends O(n^2) on an element with n attributes, so a file
 * with a start tag of more than FSR_XML_MAX_ATTRS attributes is refused
 * up front (FSR_EINPUT, "path:line: an element with more than 256
 * attributes"); FSR_EIO when the file cannot be read. 0 otherwise.
 * It also silences libxml2's generic error output for this thread (it
 * would print on stderr; importers get errors through their handlers).
 */
#define FSR_XML_MAX_ATTRS 256
int fsr_xml_guard_file(const char *path, struct fsr_diag *d);
/* The same over bytes fed in pieces (state in the struct): feed
 * returns -1 once a start tag has too many attributes, and tag_pos is
 * then the byte offset of its '<'; refuse() makes the diag, counting
 * the lines of path up to it. An importer feeds the guard each piece
 * before its parser sees it, so the file is read once. */
struct fsr_xml_guard {
	int state, ret, depth;
	unsigned quote, bang;
	unsigned long last, attrs;
	unsigned long long pos, tag_pos;
};
void fsr_xml_guard_init(struct fsr_xml_guard *g);
int fsr_xml_guard_feed(struct fsr_xml_guard *g, const char *buf, size_t n);
int fsr_xml_guard_refuse(const char *path, const struct fsr_xml_guard *g,
			 struct fsr_diag *d);
/* libxml2's generic error output off for this thread (some errors have
 * no parser context and would print on stderr). */
void fsr_xml_silence(void);
/* One of libxml2's errors as a diag: FSR_EINPUT "malformed XML: msg" at
 * its line and column, msg on one line, lowercase first word. Warnings
 * (below XML_ERR_ERROR) are ignored: 0, d untouched. */
struct _xmlError;
int fsr_xml_error(struct fsr_diag *d, const char *path,
		  const struct _xmlError *e);

/*
 * json.c: what the JSON importers share (include <jansson.h> first).
 *
 * The sticky first error: fsr_json_fail() fills d once and returns the
 * code (FSR_EINPUT) on every later call too, so a walk over the tree can
 * go on calling and stop at its next check of e->err. The message is
 * "[report at line L: ]WHERE: MSG" (WHERE a JSON path such as
 * "$.results[0].times"; no ": " when MSG starts with '.' or '['; L
 * when e->line > 1, a document that starts inside the file).
 */
struct fsr_json_err {
	const char *path;
	struct fsr_diag *d;
	int err;
	int line;
};
int fsr_json_fail(struct fsr_json_err *e, const char *where,
		  const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "an object", "a number", ... for messages about JSON values
 * (struct json_t is jansson's json_t). */
struct json_t;
const char *fsr_json_type_name(const struct json_t *v);

/*
 * Parse buf[0..len) (jansson flags plus JSON_REJECT_DUPLICATES), the
 * text starting on line `line` of path. Returns the tree (json_decref)
 * with *rc 0, or NULL with *rc and d set: FSR_EINPUT "malformed JSON:
 * ..." at path:line:col (duplicate keys too), FSR_EINPUT when the tree
 * would take more than FSR_MAX_JSON_TREE_BYTES, FSR_ENOMEM when memory
 * ran out. jerr is jansson's (its position, for streams of documents).
 */
#define FSR_MAX_JSON_TREE_BYTES ((size_t)256 << 20)
struct json_error_t;
struct json_t *fsr_json_parse(const char *path, const char *buf, size_t len,
			      size_t flags, int line,
			      struct json_error_t *jerr, struct fsr_diag *d,
			      int *rc);
/* Read path (at most FSR_MAX_JSON_BYTES, refused by its size before
 * reading; a UTF-8 BOM skipped) and parse it as above into *root.
 * Returns 0 or the error code, d set. */
int fsr_json_load_file(const char *path, struct json_t **root,
		       struct fsr_diag *d);
/* Probes: where the first key of head[0..n) stands when head starts a
 * JSON object (after a BOM, blanks, '{' and blanks); 0 when it does
 * not start one. */
size_t fsr_json_first_key(const unsigned char *head, size_t n);
/* 3 when buf starts with a UTF-8 BOM, else 0. */
size_t fsr_json_bom(const char *buf, size_t len);
/* Tests: the tree budget in bytes (0: back to the default). */
void fsr_json_set_budget(size_t bytes);

#endif
