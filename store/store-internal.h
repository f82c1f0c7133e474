/*
 * store-internal.h - what the files of store/ share: the handle, cached
 * statements with their bindings for either back end (SQLite, PostgreSQL),
 * and the one mapping of each one's errors to FSR_E* codes.
 */
#ifndef FSR_STORE_INTERNAL_H
#define FSR_STORE_INTERNAL_H

#include "store.h"

#include <nettle/sha2.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#define FSR_STORE_CACHE 48
#define FSR_STORE_MAX_PARAMS 12

/* The digest of ctx (Nettle's SHA-256) as 64 lower-case hex digits and
 * a NUL; ctx is reset for reuse. */
void fsr_store_sha256_hex(struct sha256_ctx *ctx, char hex[65]);

/*
 * A statement of either back end, cached by the address of its (static)
 * SQL, written with '?' parameters. SQLite: a prepared sqlite3_stmt.
 * PostgreSQL: a server-side prepared statement ("?" numbered to "$n"),
 * its parameters as text, and the rows of its last execution, read by
 * fsr_store_step() one at a time.
 */
struct fsr_stmt {
	const char *sql;
	sqlite3_stmt *lite;
	/* PostgreSQL */
	int prepared, executed, n_params, row;
	char *params[FSR_STORE_MAX_PARAMS];
	PGresult *res;
};

struct fsr_store {
	sqlite3 *db;
	PGconn *pg;       /* a PostgreSQL store (store/pg.c) when set */
	const char *path; /* the caller's, or shown (PostgreSQL): outlives
			   * the store and its diags */
	const char *shown; /* PostgreSQL: the URL without its password
			    * (kept for the process's life: store/pg.c) */
	enum fsr_store_mode mode;
	long long version; /* the schema version of the file as opened */
	int in_tx;
	int created;   /* WRITE: the file did not exist before the open */
	int immutable; /* READ: opened immutable (no write access) */
	struct fsr_stmt cache[FSR_STORE_CACHE];
	size_t n_cache;
};

/*
 * A diag for SQLite's rc (and the connection's message) while doing
 * what ("read", "add to"). Damage (SQLITE_CORRUPT, SQLITE_NOTADB) is
 * FSR_EINPUT; other failures are FSR_EOUTPUT when adding, FSR_EIO when
 * reading; out of memory is FSR_ENOMEM. Returns the code.
 */
int fsr_store_fail(struct fsr_store *st, int rc, const char *what,
		   struct fsr_diag *d);
/* The same for damage found by fsreport itself (a row that does not fit
 * the schema, a digest that does not match): FSR_EINPUT. */
int fsr_store_damaged(struct fsr_store *st, struct fsr_diag *d,
		      const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The cached statement for sql, reset, with the arguments bound: fmt
 * has one letter per parameter, 't' a const char * (NULL binds NULL),
 * 'i' a long long, 'z' a size_t, 'd' a double. *out is set; on error a
 * diag is filled and the code returned.
 */
int fsr_store_prepare(struct fsr_store *st, struct fsr_diag *d,
		      struct fsr_stmt **out, const char *sql, const char *fmt,
		      ...);
/* Prepare, bind and step once, expecting no row (INSERT, UPDATE). */
int fsr_store_exec(struct fsr_store *st, struct fsr_diag *d, const char *sql,
		   const char *fmt, ...);
/* Prepare, bind and step once a statement that returns at most one
 * integer (INSERT .. RETURNING id): *id, or 0 when it returned no row. */
int fsr_store_exec_id(struct fsr_store *st, struct fsr_diag *d,
		      long long *id, const char *sql, const char *fmt, ...);
/* Step a statement: 1 a row, 0 done, < 0 an error (diag filled). */
int fsr_store_step(struct fsr_store *st, struct fsr_stmt *s,
		   struct fsr_diag *d);
/* Done with a statement's rows (before they are all read). */
void fsr_store_reset(struct fsr_stmt *s);
/* A column of the current row: text (NULL when SQL NULL), integer,
 * double (NaN when NULL), whether NULL. */
const char *fsr_store_text(struct fsr_stmt *s, int col);
long long fsr_store_int(struct fsr_stmt *s, int col);
double fsr_store_double(struct fsr_stmt *s, int col);
int fsr_store_is_null(struct fsr_stmt *s, int col);
/* Run SQL without parameters or rows (BEGIN, COMMIT, a migration). */
int fsr_store_run(struct fsr_store *st, const char *sql, const char *what,
		  struct fsr_diag *d);

/* A file a run set was read from, as the files table keeps it. */
struct fsr_store_file {
	const char *path;
	char sha[65];
	long long size;
};

/* Run set id alone, as a new report whose run set 0 it is, its content
 * checked against its SHA-256 (load.c): *out is the caller's
 * (fsr_report_free()). */
int fsr_store_load_alone(struct fsr_store *st, long long id,
			 struct fsr_report **out, struct fsr_diag *d);
/* fsr_store_add() once the files are hashed: f[0..n) in the order of
 * their SHA-256, files_sha the SHA-256 of those (add.c). */
int fsr_store_add_hashed(struct fsr_store *st, const struct fsr_report *r,
			 const char *files_sha, const struct fsr_store_file *f,
			 size_t n, const char *added_at,
			 enum fsr_store_added *what, char **as_label,
			 struct fsr_diag *d);
/* The SHA-256 of the files' SHA-256s, in their order (add.c). */
void fsr_store_files_sha(const struct fsr_store_file *f, size_t n,
			 char all[65]);

/* ------------------------------------------------ PostgreSQL (pg.c) */

/* Whether path names a PostgreSQL store (postgresql:// or postgres://). */
int fsr_store_is_pg(const char *path);
/* Connect, identify, create or migrate (WRITE): fsr_store_open()'s job
 * for a PostgreSQL store. */
int fsr_store_pg_open(struct fsr_store *st, struct fsr_diag *d);
void fsr_store_pg_close(struct fsr_store *st);
/* The back end's part of the statement helpers. */
int fsr_store_pg_step(struct fsr_store *st, struct fsr_stmt *s,
		      struct fsr_diag *d);
int fsr_store_pg_run(struct fsr_store *st, const char *sql, const char *what,
		     struct fsr_diag *d);
void fsr_store_pg_release(struct fsr_stmt *s);
/* COPY's rows (text format: one row a line, columns apart by tabs),
 * len bytes, sent with the statement copy ("COPY t (cols) FROM
 * STDIN"); nothing when len is 0. */
int fsr_store_pg_copy(struct fsr_store *st, const char *copy,
		      const char *rows, size_t len, struct fsr_diag *d);
/* s as a column of COPY's text format (backslash, tab, newline and
 * carriage return escaped; NULL as \N), and as an element of an array
 * literal ('{"a","b"}': quoted, '"' and backslash escaped; NULL bare). */
void fsr_store_copy_text(struct fsr_buf *b, const char *s);
void fsr_store_array_text(struct fsr_buf *b, const char *s);
/* The PostgreSQL diag (as fsr_store_fail()) for a failed result (or,
 * res NULL, the connection's error). */
int fsr_store_pg_fail(struct fsr_store *st, const PGresult *res,
		      const char *what, struct fsr_diag *d);

#endif
