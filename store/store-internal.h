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

/* The "file:" URI of path, its special characters %-escaped, with the
 * query (after '?'; "" none): malloc'ed (open.c). */
char *fsr_store_file_uri(const char *path, const char *query);

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

/* ------------------------------------------- libpq, loaded (libpq.c) */

/*
 * libpq is not linked: linking it maps some 23 libraries (OpenSSL,
 * Kerberos, LDAP ...) at every start-up, 3 ms of CPU that a compare of
 * two small files cannot afford (BENCHMARKS.md, issue 39). The first
 * PostgreSQL store loads libpq.so.5 and fills fsr_pq, one pointer per
 * function store/ calls, each of the type <libpq-fe.h> declares
 * (__typeof__: a prototype that changes is a build error). store/ calls
 * them as fsr_pq.PQexec(...); a call of PQexec() itself would be an
 * undefined reference at link time.
 */
#define FSR_LIBPQ_FUNCS(X) \
	X(PQclear) X(PQcmdStatus) X(PQconnectdb) X(PQconninfoFree) \
	X(PQconninfoParse) X(PQerrorMessage) X(PQexec) X(PQexecPrepared) \
	X(PQfinish) X(PQfreemem) X(PQgetResult) X(PQgetisnull) \
	X(PQgetvalue) X(PQntuples) X(PQprepare) X(PQputCopyData) \
	X(PQputCopyEnd) X(PQresultErrorField) X(PQresultStatus) \
	X(PQsetNoticeProcessor) X(PQstatus)
#define FSR_LIBPQ_MEMBER(f) __typeof__(f) *f;
struct fsr_libpq {
	FSR_LIBPQ_FUNCS(FSR_LIBPQ_MEMBER)
};
#undef FSR_LIBPQ_MEMBER
/* Set by fsr_libpq_load(); every pointer NULL until it succeeds. */
extern struct fsr_libpq fsr_pq;
/* Load libpq once per process (later calls give the first answer): 0,
 * or a diag with code (the code of a store that cannot be opened) and
 * path that names the library and its Debian package. */
int fsr_libpq_load(int code, const char *path, struct fsr_diag *d);

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
