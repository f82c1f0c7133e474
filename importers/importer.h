/*
 * importer.h - the importers: one file per input format, each a probe
 * ("is this mine?", from the first bytes of the file) and an import (fill
 * a report), listed in one static table in importers/registry.c.
 *
 * An import fills a scratch report whose only run set is index 0; the
 * caller merges it into the real report when the whole file was read, so
 * a file that fails leaves nothing behind. Importers never print.
 *
 * Adding an importer: one .c file here, one line in registry.c, fixtures
 * under tests/data/<name>/, golden outputs, a fuzz target.
 */
#ifndef FSR_IMPORTER_H
#define FSR_IMPORTER_H

#include "../lib/diag.h"
#include "../model/model.h"

/* How much of a file probes see. */
#define FSR_PROBE_BYTES 65536

/* Limits that keep hostile input from allocating without bound. */
#define FSR_MAX_FILE_BYTES ((size_t)1 << 31)  /* 2 GiB, text importers */
#define FSR_MAX_LINE_BYTES ((size_t)1 << 24)  /* 16 MiB one line */
#define FSR_MAX_SAMPLES_PER_CELL ((size_t)1 << 24)
/* 64 MiB: jansson's tree takes about 25 times a JSON file's size. */
#define FSR_MAX_JSON_BYTES ((size_t)1 << 26)

/* 0 when path is at most max bytes (or not a regular file), else
 * FSR_EINPUT "file larger than MAX bytes" (FSR_EIO: cannot stat). */
int fsr_check_file_size(const char *path, size_t max, struct fsr_diag *d);

/*
 * A PTS file read a piece (64 KiB) at a time, for a caller that reads
 * two in step (cli/compare-stream.c): fsr_pts_import() is open, step
 * until 0, close. ctx->result_read is called as each result ends.
 * open never fails (a file that cannot be opened makes step return 0
 * and close return the error); step returns 1 while there is more to
 * read; close ends the parse, frees p and returns what fsr_pts_import()
 * would (0 or an FSR_E* code, d filled).
 */
struct fsr_import_ctx;
struct fsr_pts_read;
struct fsr_pts_read *fsr_pts_read_open(struct fsr_import_ctx *ctx,
				       const char *path, struct fsr_report *r,
				       struct fsr_diag *d);
int fsr_pts_read_step(struct fsr_pts_read *p);
int fsr_pts_read_close(struct fsr_pts_read *p);

struct fsr_import_ctx {
	const char *path;  /* the file, as shown in messages */
	unsigned flags;    /* enum fsr_import_flags */
	/* Warnings the importer wants shown (e.g. an out-of-files run). */
	void (*warn)(void *data, const char *file, int line, const char *msg);
	void *warn_data;
	/* The latency percentiles wanted (--percentiles), ascending, each
	 * 0 < q < 100; NULL: FSR_DEFAULT_PERCENTILES. */
	const double *percentiles;
	size_t n_percentiles;
	/* Set by the importer where it returns FSR_ENOTMINE because the
	 * file was read with another (the first job's log of a fio run,
	 * importers/fio-logs.c): that file, which the caller names instead
	 * of "not a result file"; valid until the next import. */
	const char *read_with;
	/* Called as each result's element ends, where the format has one
	 * (PTS), with the report being filled and the result: show's
	 * streamed read prints it and drops its cells (cli/stream.c).
	 * NULL: not called. */
	void (*result_read)(void *data, struct fsr_report *r,
			    struct fsr_result *res);
	void *result_data;
};

/* The percentiles importers give each run unless --percentiles says
 * otherwise (issue 36): p50, p90, p99, p99.9, p99.99. */
#define FSR_DEFAULT_PERCENTILES { 50, 90, 99, 99.9, 99.99 }
#define FSR_MAX_PERCENTILES 32

enum fsr_import_flags {
	FSR_IMPORT_NAMED = 1 << 0, /* the file was named directly */
	/* The caller never reads a cell's per-entry attributes (cell->meta):
	 * an importer may skip decoding them (PTS Entry JSON), except what
	 * it needs itself (a failed run's reason). */
	FSR_IMPORT_NO_CELL_META = 1 << 1,
	/* The caller never reads the entries as read (cell->entries): an
	 * importer may keep only the samples and failed runs. */
	FSR_IMPORT_NO_ENTRIES = 1 << 2,
	/* The caller never reads the stored value text (cell->stored): an
	 * importer may count it (n_stored) without keeping a copy. */
	FSR_IMPORT_NO_STORED = 1 << 3,
};

/* Report a warning through ctx (no-op when ctx->warn is NULL). */
void fsr_import_warn(const struct fsr_import_ctx *ctx, int line,
		     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct fsr_importer {
	const char *name;
	/* How sure the importer is that head[0..n) starts a file of its
	 * format: 0 no, higher is surer (100: certain). */
	int (*probe)(const unsigned char *head, size_t n);
	/* Fill r (run set 0). Returns 0, FSR_ENOTMINE when nothing in the
	 * file is a result after all, or another negative FSR_E* with d
	 * filled (file, line, column, message). */
	int (*import)(struct fsr_import_ctx *ctx, const char *path,
		      struct fsr_report *r, struct fsr_diag *d);
};

/* The table, terminated by an entry with name NULL. */
extern const struct fsr_importer fsr_importers[];

/*
 * A probe score of FSR_PROBE_CLAIM or more is a claim: the probe found a
 * mark of its format (a banner, a header, a labelled result line). Below
 * it, a probe only guesses (timing's free-form "N seconds" lines), and a
 * guess is taken only when no importer claims the file. 100 is certain
 * (a root element, a key no other format has): it ends the probing.
 */
#define FSR_PROBE_CLAIM 50

/* The importer whose probe is surest of head, or NULL. */
const struct fsr_importer *fsr_importer_probe(const unsigned char *head,
					      size_t n);

/*
 * Who owns head[0..n): fills out[0..max) and returns how many importers
 * claim it (score >= FSR_PROBE_CLAIM), surest first; when none does, the
 * best guess alone (1), or 0 when nobody even guesses. A certain probe
 * (100) is the only claim. More than one: the file is ambiguous, and the
 * caller reports it (naming out[]) instead of guessing.
 */
size_t fsr_importer_probe_claims(const unsigned char *head, size_t n,
				 const struct fsr_importer **out, size_t max);
const struct fsr_importer *fsr_importer_find(const char *name);

/*
 * Read a whole file into *out (NUL-terminated, caller frees with free()).
 * Refuses files over max bytes. Returns 0 or FSR_EIO/FSR_EINPUT/FSR_ENOMEM
 * with d set.
 */
int fsr_read_file(const char *path, size_t max, char **out, size_t *len,
		  struct fsr_diag *d);

/* Line iteration over a buffer: '\n', "\r\n" and lone '\r' end lines. */
struct fsr_lines {
	const char *p, *end;
	int lineno;   /* of the line returned last (CR-only breaks count no line) */
	int newlines; /* private */
};
void fsr_lines_init(struct fsr_lines *it, const char *buf, size_t len);
/* Next line, without its terminator, in line and len; 0 at the end. */
int fsr_lines_next(struct fsr_lines *it, const char **line, size_t *len);

#endif
