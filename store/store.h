/*
 * store.h - the results store: run sets kept in one SQLite file, every
 * sample, the result keys and the system notes (docs/store.md has the
 * schema, its versions and its migrations).
 *
 * A store is opened for reading or for adding. Adding happens inside one
 * transaction (fsr_store_begin() .. fsr_store_commit()), taken with
 * BEGIN IMMEDIATE on a WAL database, so two processes adding at once
 * wait for each other and lose nothing. Each run set is added from a
 * report that holds it alone (run set 0); one whose files were added
 * before (the same SHA-256 of each file) is not added again.
 *
 * Reading builds a report exactly as importing the folders did (the same
 * systems, results, cells, samples, notes, in the same order) by merging
 * one scratch report per stored run set; every stored run set carries a
 * SHA-256 of its content, checked when it is read, so a damaged store is
 * an error (FSR_EINPUT) rather than wrong numbers.
 *
 * Ownership: struct fsr_store is opaque, released by fsr_store_close();
 * the lists fsr_store_select() returns are the caller's (free()).
 * Functions return 0 or a negative FSR_E* code and fill the diag; they
 * never print.
 *
 *	struct fsr_store *st;
 *	if (fsr_store_open("results.db", FSR_STORE_READ, &st, &d) == 0) {
 *		fsr_store_select(st, &sel, &ids, &n, &d);
 *		fsr_store_load(st, ids, n, report, &d);
 *		fsr_store_close(st);
 *	}
 */
#ifndef FSR_STORE_H
#define FSR_STORE_H

#include <stddef.h>

#include "../lib/diag.h"
#include "../model/model.h"

/* The schema version this build writes (PRAGMA user_version). */
#define FSR_STORE_SCHEMA_VERSION 5
/* PRAGMA application_id of a results store: "FSRS". */
#define FSR_STORE_APPLICATION_ID 0x46535253

struct fsr_store;

enum fsr_store_mode {
	FSR_STORE_READ = 0, /* the file must exist and be a store */
	FSR_STORE_WRITE,    /* created when missing, migrated when older */
};

/* Open path (kept, not copied: it must outlive the store and the
 * diags it fills); *out is set on success. A file that is not a store, a store
 * of a newer schema or a damaged one is FSR_EINPUT; a store that cannot
 * be written (add) is FSR_EOUTPUT. */
int fsr_store_open(const char *path, enum fsr_store_mode mode,
		   struct fsr_store **out, struct fsr_diag *d);
void fsr_store_close(struct fsr_store *st);
/* Non-zero when the store was opened read-only as immutable: neither
 * the file nor its folder can be written (a read-only mount), so a
 * concurrent writer's changes are not seen (docs/store.md). */
int fsr_store_read_only(const struct fsr_store *st);

/* The one transaction of an add (BEGIN IMMEDIATE; waits for another
 * writer up to a minute). fsr_store_rollback() may be called after any
 * failure, and is a no-op when no transaction is open. */
int fsr_store_begin(struct fsr_store *st, struct fsr_diag *d);
int fsr_store_commit(struct fsr_store *st, struct fsr_diag *d);
void fsr_store_rollback(struct fsr_store *st);

/* What fsr_store_add() did. */
enum fsr_store_added {
	FSR_STORE_ADDED = 0,
	FSR_STORE_ALREADY,  /* the same files are stored: *as_label says as */
	FSR_STORE_TAKEN,    /* the label holds other files: nothing added */
};

/*
 * Add run set 0 of r (which holds only it) under its label. added_at is
 * the time of the add, "YYYY-MM-DD HH:MM:SS" UTC. *what says what
 * happened; for FSR_STORE_ALREADY, *as_label is the stored label (the
 * caller frees it; NULL otherwise). Inside fsr_store_begin() only.
 */
int fsr_store_add(struct fsr_store *st, const struct fsr_report *r,
		  const char *added_at, enum fsr_store_added *what,
		  char **as_label, struct fsr_diag *d);

/*
 * Copy run set id of src into dst (store sync), inside
 * fsr_store_begin(dst): its content (checked against its SHA-256), the
 * SHA-256s of its files and its time of add, as they are in src. *what
 * as fsr_store_add(): FSR_STORE_ALREADY when dst holds the same files
 * (*as_label, the caller's), FSR_STORE_TAKEN when its label holds other
 * files there. *copied: the run set as read (the caller frees it with
 * fsr_report_free(); NULL on error).
 */
int fsr_store_copy(struct fsr_store *src, long long id,
		   struct fsr_store *dst, struct fsr_report **copied,
		   enum fsr_store_added *what, char **as_label,
		   struct fsr_diag *d);

/* Which stored run sets to read. patterns: label globs (fnmatch), each
 * choosing the run sets it matches in the order they were added, a run
 * set once; none: every run set. filter: one more glob every chosen
 * label must match (NULL: any). since/until: "YYYY-MM-DD" or
 * "YYYY-MM-DD HH:MM:SS" (UTC, inclusive) on the run set's time: the
 * earliest timestamp of its runs, or when it was added when they carry
 * none. */
struct fsr_store_selection {
	const char *const *patterns;
	size_t n_patterns;
	const char *filter;
	const char *since, *until;
};

/* 1 when text is a date --since/--until accept, else 0. */
int fsr_store_date_ok(const char *text);

/* The ids of the chosen run sets into *ids (malloc'ed, *n of them; the
 * caller frees). None chosen is not an error (*n = 0). */
int fsr_store_select(struct fsr_store *st,
		     const struct fsr_store_selection *sel, long long **ids,
		     size_t *n, struct fsr_diag *d);

/* Append the run sets ids[0..n) to r, each as a run set of its own with
 * its stored label and path. The caller calls fsr_report_finish_labels()
 * afterwards. */
int fsr_store_load(struct fsr_store *st, const long long *ids, size_t n,
		   struct fsr_report *r, struct fsr_diag *d);

/* The stored labels of run sets ids[0..n) into *labels (malloc'ed, n
 * strings and a NULL; the caller frees), without loading them: report
 * orders a series by them (cli/report.c). */
int fsr_store_labels(struct fsr_store *st, const long long *ids, size_t n,
		     char ***labels, struct fsr_diag *d);

/* The SHA-256 (64 hex digits and a NUL) of everything of run set 0 of r
 * that the store keeps, in a fixed order: what fsr_store_load() must
 * give back. */
void fsr_store_digest(const struct fsr_report *r, char hex[65]);

/*
 * The change-point cache (schema version 5; docs/trend.md): what a
 * search found, by the SHA-256 of what it searched. Reading and writing
 * it never fails a command: a store without it, an entry that cannot
 * be read or written, is a search made again.
 */
/* Whether st has the cache (version 5 or later). */
int fsr_store_cp_ready(const struct fsr_store *st);
/* The key of the search method (a text naming the method and every
 * parameter its result depends on) over x[0..n): 64 hex digits. */
void fsr_store_cp_key(const char *method, const double *x, size_t n,
		      char hex[65]);
/* The value stored under key into *value (malloc'ed, the caller's):
 * 1; 0 when there is none or it cannot be read. */
int fsr_store_cp_get(struct fsr_store *st, const char *key, char **value);
/* Store the n entries keys[i] -> values[i] (one already there is kept)
 * in one transaction of their own: SQLite through a connection of its
 * own (the store was opened for reading), waiting at most a second for
 * another writer; PostgreSQL with the role's INSERT right. 0, or -1
 * when nothing was written (no right, a read-only file, an older
 * schema): not an error. */
int fsr_store_cp_put(struct fsr_store *st, char *const *keys,
		     char *const *values, size_t n);

#endif
