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
FSR_DECLARE_IMPORTER(hyperfine);
FSR_DECLARE_IMPORTER(dbench);
FSR_DECLARE_IMPORTER(fs_mark);
FSR_DECLARE_IMPORTER(bonnie);
FSR_DECLARE_IMPORTER(sysbench);
FSR_DECLARE_IMPORTER(iozone);
FSR_DECLARE_IMPORTER(fsrxml);
FSR_DECLARE_IMPORTER(fsrjson);

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
/* The same over bytes fed in pieces (state in the struct). */
struct fsr_xml_guard {
	int state, ret, depth;
	unsigned quote, bang;
	unsigned long last, line, tag_line, attrs;
};
void fsr_xml_guard_init(struct fsr_xml_guard *g);
int fsr_xml_guard_feed(struct fsr_xml_guard *g, const char *buf, size_t n);
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
/* Read path (at most FSR_MAX_JSON_BYTES; a UTF-8 BOM skipped) and parse
 * it as above into *root. Returns 0 or the error code, d set. */
int fsr_json_load_file(const char *path, struct json_t **root,
		       struct fsr_diag *d);
/* 3 when buf starts with a UTF-8 BOM, else 0. */
size_t fsr_json_bom(const char *buf, size_t len);
/* Tests: the tree budget in bytes (0: back to the default). */
void fsr_json_set_budget(size_t bytes);

#endif
