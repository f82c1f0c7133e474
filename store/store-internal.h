/*
 * store-internal.h - what the files of store/ share: the handle, cached
 * statements with their bindings, and the one mapping of SQLite errors
 * to FSR_E* codes.
 */
#ifndef FSR_STORE_INTERNAL_H
#define FSR_STORE_INTERNAL_H

#include "store.h"

#include <nettle/sha2.h>
#include <sqlite3.h>

#define FSR_STORE_CACHE 48

/* The digest of ctx (Nettle's SHA-256) as 64 lower-case hex digits and
 * a NUL; ctx is reset for reuse. */
void fsr_store_sha256_hex(struct sha256_ctx *ctx, char hex[65]);

struct fsr_store {
	sqlite3 *db;
	const char *path; /* the caller's: outlives the store and its diags */
	enum fsr_store_mode mode;
	long long version; /* the schema version of the file as opened */
	int in_tx;
	int created;   /* WRITE: the file did not exist before the open */
	int immutable; /* READ: opened immutable (no write access) */
	/* Prepared statements by the address of their (static) SQL. */
	struct {
		const char *sql;
		sqlite3_stmt *stmt;
	} cache[FSR_STORE_CACHE];
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
		      sqlite3_stmt **out, const char *sql, const char *fmt,
		      ...);
/* Prepare, bind and step once, expecting no row (INSERT, UPDATE). */
int fsr_store_exec(struct fsr_store *st, struct fsr_diag *d, const char *sql,
		   const char *fmt, ...);
/* Step a statement: 1 a row, 0 done, < 0 an error (diag filled). */
int fsr_store_step(struct fsr_store *st, sqlite3_stmt *s, struct fsr_diag *d);
/* A column as text, NULL when SQL NULL. */
const char *fsr_store_text(sqlite3_stmt *s, int col);

#endif
