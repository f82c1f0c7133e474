/*
 * open.c - opening a results store: what a file must be to be one
 * (PRAGMA application_id, user_version), the schema and its migrations,
 * WAL and the add transaction, and the statement helpers store/ shares.
 *
 * The schema (docs/store.md, written once for both back ends in
 * store/schema.h) is created by migration 0 -> 1; a later version adds
 * one entry to migrations[], never edits an old one. A store is
 * migrated when it is opened for adding, every step and the new
 * user_version inside the one BEGIN IMMEDIATE that also makes two first
 * adds agree on who creates it: a failed step leaves the store as it
 * was. Reading never writes: a store of an older version is read as it
 * is (store/load.c knows what each version has).
 */
#include "store-internal.h"
#include "schema.h"

#include "../lib/alloc.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Migration i brings a store from version i to i + 1: the templates of
 * store/schema.h in SQLite's types. */
static const char *const migrations[] = {
	/* 0 -> 1: the first schema. */
	FSR_SCHEMA_1("INTEGER PRIMARY KEY", "INTEGER", "value",
		     " WITHOUT ROWID"),
	/* 1 -> 2: the system notes. */
	FSR_SCHEMA_2("INTEGER"),
	/* 2 -> 3: the runs' time series. */
	FSR_SCHEMA_3("INTEGER", "t_ms", "value", " WITHOUT ROWID"),
	/* 3 -> 4: the first runs --drop-first left out. */
	FSR_SCHEMA_4("INTEGER"),
	/* 4 -> 5: the change-point cache. */
	FSR_SCHEMA_5(" WITHOUT ROWID"),
};
#define N_MIGRATIONS (sizeof(migrations) / sizeof(*migrations))
_Static_assert(N_MIGRATIONS == FSR_STORE_SCHEMA_VERSION,
	       "one migration per schema version");

int fsr_store_fail(struct fsr_store *st, int rc, const char *what,
		   struct fsr_diag *d)
{
	const char *msg = st->db ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc);
	int prim = rc & 0xff;

	if (prim == SQLITE_NOMEM)
		return fsr_diag_set(d, FSR_ENOMEM, st->path, 0, 0,
				    "out of memory in SQLite");
	if (prim == SQLITE_CORRUPT || prim == SQLITE_NOTADB)
		return fsr_diag_set(d, FSR_EINPUT, st->path, 0, 0,
				    "not a results store, or a damaged one "
				    "(SQLite: %s)", msg);
	return fsr_diag_set(d, st->mode == FSR_STORE_WRITE ? FSR_EOUTPUT :
			    FSR_EIO, st->path, 0, 0, "cannot %s the results "
			    "store: %s", what, msg);
}

int fsr_store_damaged(struct fsr_store *st, struct fsr_diag *d,
		      const char *fmt, ...)
{
	char why[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return fsr_diag_set(d, FSR_EINPUT, st->path, 0, 0, "the results "
			    "store is damaged: %s", why);
}

static int bind_va(sqlite3_stmt *s, const char *fmt, va_list ap)
{
	int i, rc = SQLITE_OK;

	for (i = 0; fmt[i] && rc == SQLITE_OK; i++) {
		switch (fmt[i]) {
		case 't': {
			const char *t = va_arg(ap, const char *);

			rc = t ? sqlite3_bind_text(s, i + 1, t, -1,
						   SQLITE_TRANSIENT) :
				 sqlite3_bind_null(s, i + 1);
			break;
		}
		case 'i':
			rc = sqlite3_bind_int64(s, i + 1,
						va_arg(ap, long long));
			break;
		case 'z':
			rc = sqlite3_bind_int64(s, i + 1,
				(sqlite3_int64)va_arg(ap, size_t));
			break;
		case 'd':
			rc = sqlite3_bind_double(s, i + 1, va_arg(ap, double));
			break;
		default:
			FSR_BUG("bind letter '%c'", fmt[i]);
		}
	}
	return rc;
}

/* PostgreSQL: the parameters as text (bound, never pasted into SQL);
 * doubles with 17 digits, which give the same double back. */
static void bind_pg(struct fsr_stmt *s, const char *fmt, va_list ap)
{
	int i;

	fsr_store_pg_release(s);
	for (i = 0; fmt[i]; i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		if (i == FSR_STORE_MAX_PARAMS)
			FSR_BUG("more than %d parameters",
				FSR_STORE_MAX_PARAMS);
		switch (fmt[i]) {
		case 't': {
			const char *t = va_arg(ap, const char *);

			s->params[i] = t ? fsr_xstrdup(t) : NULL;
			break;
		}
		case 'i':
			fsr_buf_addf(&b, "%lld", va_arg(ap, long long));
			s->params[i] = fsr_buf_detach(&b);
			break;
		case 'z':
			fsr_buf_addf(&b, "%zu", va_arg(ap, size_t));
			s->params[i] = fsr_buf_detach(&b);
			break;
		case 'd': {
			double x = va_arg(ap, double);

			if (x != x)
				fsr_buf_adds(&b, "NaN");
			else if (isinf(x))
				fsr_buf_adds(&b, x < 0 ? "-Infinity" :
					     "Infinity");
			else
				fsr_buf_addf(&b, "%.17g", x);
			s->params[i] = fsr_buf_detach(&b);
			break;
		}
		default:
			FSR_BUG("bind letter '%c'", fmt[i]);
		}
	}
	s->n_params = i;
}

static int prepare_va(struct fsr_store *st, struct fsr_diag *d,
		      struct fsr_stmt **out, const char *sql, const char *fmt,
		      va_list ap)
{
	struct fsr_stmt *s = NULL;
	size_t i;
	int rc;

	for (i = 0; i < st->n_cache; i++)
		if (st->cache[i].sql == sql)
			s = &st->cache[i];
	if (!s) {
		if (st->n_cache == FSR_STORE_CACHE)
			FSR_BUG("more than %d statements", FSR_STORE_CACHE);
		s = &st->cache[st->n_cache];
		memset(s, 0, sizeof(*s));
		if (!st->pg) {
			rc = sqlite3_prepare_v3(st->db, sql, -1,
						SQLITE_PREPARE_PERSISTENT,
						&s->lite, NULL);
			if (rc != SQLITE_OK)
				return fsr_store_fail(st, rc, "read", d);
		}
		s->sql = sql;
		st->n_cache++;
	}
	if (st->pg) {
		bind_pg(s, fmt, ap);
		*out = s;
		return 0;
	}
	sqlite3_reset(s->lite);
	sqlite3_clear_bindings(s->lite);
	rc = bind_va(s->lite, fmt, ap);
	if (rc != SQLITE_OK)
		return fsr_store_fail(st, rc, "read", d);
	*out = s;
	return 0;
}

int fsr_store_prepare(struct fsr_store *st, struct fsr_diag *d,
		      struct fsr_stmt **out, const char *sql, const char *fmt,
		      ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = prepare_va(st, d, out, sql, fmt, ap);
	va_end(ap);
	return rc;
}

int fsr_store_step(struct fsr_store *st, struct fsr_stmt *s,
		   struct fsr_diag *d)
{
	int rc;

	if (st->pg)
		return fsr_store_pg_step(st, s, d);
	rc = sqlite3_step(s->lite);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE)
		return 0;
	rc = fsr_store_fail(st, rc, st->mode == FSR_STORE_WRITE ? "add to" :
			    "read", d);
	sqlite3_reset(s->lite);
	return rc;
}

void fsr_store_reset(struct fsr_stmt *s)
{
	if (!s)
		return;
	if (s->lite)
		sqlite3_reset(s->lite);
	else
		fsr_store_pg_release(s);
}

int fsr_store_exec(struct fsr_store *st, struct fsr_diag *d, const char *sql,
		   const char *fmt, ...)
{
	struct fsr_stmt *s = NULL;
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = prepare_va(st, d, &s, sql, fmt, ap);
	va_end(ap);
	if (rc)
		return rc;
	rc = fsr_store_step(st, s, d);
	fsr_store_reset(s);
	return rc > 0 ? 0 : rc;
}

int fsr_store_exec_id(struct fsr_store *st, struct fsr_diag *d,
		      long long *id, const char *sql, const char *fmt, ...)
{
	struct fsr_stmt *s = NULL;
	va_list ap;
	int rc;

	*id = 0;
	va_start(ap, fmt);
	rc = prepare_va(st, d, &s, sql, fmt, ap);
	va_end(ap);
	if (rc)
		return rc;
	rc = fsr_store_step(st, s, d);
	if (rc > 0) {
		*id = fsr_store_int(s, 0);
		/* SQLite: the row is written by the first step; the
		 * second ends the statement. */
		rc = fsr_store_step(st, s, d);
	}
	fsr_store_reset(s);
	return rc > 0 ? 0 : rc;
}

const char *fsr_store_text(struct fsr_stmt *s, int col)
{
	if (!s->lite)
		return fsr_pq.PQgetisnull(s->res, s->row, col) ? NULL :
		       fsr_pq.PQgetvalue(s->res, s->row, col);
	return (const char *)sqlite3_column_text(s->lite, col);
}

long long fsr_store_int(struct fsr_stmt *s, int col)
{
	const char *t;

	if (s->lite)
		return sqlite3_column_int64(s->lite, col);
	t = fsr_store_text(s, col);
	return t ? strtoll(t, NULL, 10) : 0;
}

double fsr_store_double(struct fsr_stmt *s, int col)
{
	const char *t;

	if (s->lite)
		return sqlite3_column_type(s->lite, col) == SQLITE_NULL ?
		       NAN : sqlite3_column_double(s->lite, col);
	/* float8out writes the shortest text that reads back as the same
	 * double (PostgreSQL 12 and later), "-0", "NaN", "Infinity". */
	t = fsr_store_text(s, col);
	return t ? strtod(t, NULL) : NAN;
}

int fsr_store_is_null(struct fsr_stmt *s, int col)
{
	if (s->lite)
		return sqlite3_column_type(s->lite, col) == SQLITE_NULL;
	return fsr_pq.PQgetisnull(s->res, s->row, col);
}

int fsr_store_run(struct fsr_store *st, const char *sql, const char *what,
		  struct fsr_diag *d)
{
	int rc;

	if (st->pg)
		return fsr_store_pg_run(st, sql, what, d);
	rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
	return rc == SQLITE_OK ? 0 : fsr_store_fail(st, rc, what, d);
}

/* Run SQL without results (a migration, a pragma); 0 or an FSR_E*. */
static int run_sql(struct fsr_store *st, const char *sql, const char *what,
		   struct fsr_diag *d)
{
	return fsr_store_run(st, sql, what, d);
}

/* One integer pragma's value (application_id, user_version). */
static int pragma_int(struct fsr_store *st, const char *sql, long long *v,
		      struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	int rc = fsr_store_prepare(st, d, &s, sql, "");

	if (rc)
		return rc;
	rc = fsr_store_step(st, s, d);
	if (rc < 0)
		return rc;
	*v = rc ? fsr_store_int(s, 0) : 0;
	fsr_store_reset(s);
	return 0;
}

static const char sql_app_id[] = "PRAGMA application_id";
static const char sql_version[] = "PRAGMA user_version";
static const char sql_n_objects[] = "SELECT count(*) FROM sqlite_master";

/* What the file is: *version 0 for an empty database, else its schema
 * version; an error when it is not a store or one of a newer fsreport. */
static int identify(struct fsr_store *st, long long *version,
		    struct fsr_diag *d)
{
	long long app = 0, objects = 0;
	int rc;

	if ((rc = pragma_int(st, sql_app_id, &app, d)) ||
	    (rc = pragma_int(st, sql_version, version, d)) ||
	    (rc = pragma_int(st, sql_n_objects, &objects, d)))
		return rc;
	if (app == 0 && *version == 0 && objects == 0) {
		if (st->mode == FSR_STORE_READ)
			return fsr_diag_set(d, FSR_EINPUT, st->path, 0, 0,
					    "not a results store (an empty "
					    "database); 'fsreport store add' "
					    "makes one");
		return 0;
	}
	if (app != FSR_STORE_APPLICATION_ID)
		return fsr_diag_set(d, FSR_EINPUT, st->path, 0, 0,
				    "an SQLite database, but not a results "
				    "store of fsreport (application id %#llx)",
				    app);
	if (*version < 1 || *version > FSR_STORE_SCHEMA_VERSION)
		return fsr_diag_set(d, FSR_EINPUT, st->path, 0, 0,
				    "a results store of schema version %lld; "
				    "this fsreport reads versions 1 to %d",
				    *version, FSR_STORE_SCHEMA_VERSION);
	return 0;
}

/* Bring the store to FSR_STORE_SCHEMA_VERSION, in one transaction. */
static int migrate(struct fsr_store *st, struct fsr_diag *d)
{
	long long version = 0;
	char sql[96];
	size_t v;
	int rc;

	if ((rc = fsr_store_begin(st, d)))
		return rc;
	rc = identify(st, &version, d);
	for (v = (size_t)version; !rc && v < N_MIGRATIONS; v++) {
		const char *what = v ? "migrate" : "create";

		rc = run_sql(st, migrations[v], what, d);
		snprintf(sql, sizeof(sql), "PRAGMA user_version = %zu;"
			 "PRAGMA application_id = %d", v + 1,
			 FSR_STORE_APPLICATION_ID);
		if (!rc)
			rc = run_sql(st, sql, what, d);
	}
	if (rc) {
		fsr_store_rollback(st);
		return rc;
	}
	rc = fsr_store_commit(st, d);
	if (!rc)
		st->version = (long long)N_MIGRATIONS;
	return rc;
}

/* "file:" URI of path with its special characters %-escaped. */
char *fsr_store_file_uri(const char *path, const char *query)
{
	static const char hex[] = "0123456789ABCDEF";
	struct fsr_buf b = FSR_BUF_INIT;
	const unsigned char *p;

	fsr_buf_adds(&b, "file:");
	for (p = (const unsigned char *)path; *p; p++) {
		if (*p == '%' || *p == '?' || *p == '#' || *p <= ' ' ||
		    *p >= 0x7f)
			fsr_buf_addf(&b, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
		else
			fsr_buf_add(&b, (const char *)p, 1);
	}
	fsr_buf_addf(&b, "?%s", query);
	return fsr_buf_detach(&b);
}

static int store_connect(struct fsr_store *st, int flags, const char *query,
		   struct fsr_diag *d)
{
	char *uri = fsr_store_file_uri(st->path, query);
	int rc = sqlite3_open_v2(uri, &st->db, flags | SQLITE_OPEN_URI, NULL);

	free(uri);
	if (rc != SQLITE_OK)
		return fsr_store_fail(st, rc, "open", d);
	sqlite3_extended_result_codes(st->db, 1);
	sqlite3_busy_timeout(st->db, 60000);
	return run_sql(st, "PRAGMA cell_size_check = ON;"
		       "PRAGMA foreign_keys = ON", "open", d);
}

static void disconnect(struct fsr_store *st)
{
	size_t i;

	for (i = 0; i < st->n_cache; i++)
		sqlite3_finalize(st->cache[i].lite);
	st->n_cache = 0;
	sqlite3_close(st->db);
	st->db = NULL;
}

/* Whether path (or the folder it lies in) cannot be written by us: a
 * read-only mount, a folder of someone else's. */
static int no_write_access(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? fsr_xstrndup(path, slash == path ? 1 :
					 (size_t)(slash - path)) :
			    fsr_xstrdup(".");
	int no = access(path, W_OK) != 0 || access(dir, W_OK) != 0;

	free(dir);
	return no;
}

/* A write-ahead log with content beside path: readable only by a
 * connection that may write the -shm index. */
static int has_wal(const char *path)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct stat sb;
	int has;

	fsr_buf_addf(&b, "%s-wal", path);
	has = stat(b.buf, &sb) == 0 && sb.st_size > 0;
	fsr_buf_release(&b);
	return has;
}

/* PRAGMA quick_check: the b-trees, their pages, cells and records are
 * sound (a damaged page is found here, not halfway through a read). */
static int verify(struct fsr_store *st, struct fsr_diag *d)
{
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(st->db, "PRAGMA quick_check(1)", -1, &s,
				    NULL);
	char why[200] = "";

	if (rc == SQLITE_OK) {
		rc = sqlite3_step(s);
		if (rc == SQLITE_ROW) {
			const char *t = (const char *)sqlite3_column_text(s,
									  0);

			if (t && strcmp(t, "ok"))
				snprintf(why, sizeof(why), "%s", t);
			rc = SQLITE_OK;
		}
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_OK)
		return fsr_store_fail(st, rc, "read", d);
	if (*why)
		return fsr_store_damaged(st, d, "SQLite's quick_check says: "
					 "%s", why);
	return 0;
}

static int verify_content(struct fsr_store *st, struct fsr_diag *d)
{
	struct fsr_store_selection sel;
	struct fsr_report *r;
	long long *ids = NULL;
	size_t n = 0;
	int rc;

	memset(&sel, 0, sizeof(sel));
	rc = fsr_store_select(st, &sel, &ids, &n, d);
	if (!rc && n) {
		r = fsr_report_new();
		rc = fsr_store_load(st, ids, n, r, d);
		fsr_report_free(r);
	}
	free(ids);
	return rc;
}

/*
 * Open the existing file read-only, see that it is a store (or an empty
 * database) and that it is sound. Nothing is written: no pragma that
 * changes the file runs before the application id is known. Without
 * write access to the file or its folder (a read-only mount) a store
 * without a pending write-ahead log is read "immutable".
 */
static int open_read(struct fsr_store *st, long long *version,
		     struct fsr_diag *d)
{
	enum fsr_store_mode mode = st->mode;
	int rc;

	/* One read transaction: the application id, the version and the
	 * tables of one snapshot, not of an add committed between them. */
	rc = store_connect(st, SQLITE_OPEN_READONLY, "mode=ro", d);
	if (!rc)
		rc = run_sql(st, "BEGIN", "read", d);
	if (!rc)
		rc = identify(st, version, d);
	if (rc && mode == FSR_STORE_READ && no_write_access(st->path) &&
	    d->code != FSR_EINPUT) {
		/* SQLite could not make the -shm index of a WAL store. */
		disconnect(st);
		if (has_wal(st->path)) {
			return fsr_diag_set(d, FSR_EIO, st->path, 0, 0,
					    "cannot read the results store: "
					    "its write-ahead log '%s-wal' "
					    "needs write access to the "
					    "folder", st->path);
		}
		fsr_diag_clear(d);
		st->immutable = 1;
		rc = store_connect(st, SQLITE_OPEN_READONLY, "immutable=1", d);
		if (!rc)
			rc = run_sql(st, "BEGIN", "read", d);
		if (!rc)
			rc = identify(st, version, d);
	}
	if (!rc && (mode == FSR_STORE_READ || *version > 0))
		rc = verify(st, d);
	if (st->db)
		sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL);
	/* An add reads what a reader would: every stored run set against
	 * its SHA-256 (damage quick_check cannot see, a changed sample),
	 * so it never adds to a store the readers refuse. */
	if (!rc && mode == FSR_STORE_WRITE && *version > 0) {
		st->version = *version;
		rc = verify_content(st, d);
	}
	return rc;
}

static int open_file(struct fsr_store *st, struct fsr_diag *d)
{
	long long version = 0;
	struct stat sb;
	int rc;

	if (stat(st->path, &sb) == 0 && !S_ISREG(sb.st_mode))
		return fsr_diag_set(d, st->mode == FSR_STORE_WRITE ?
				    FSR_EOUTPUT : FSR_EIO, st->path, 0, 0,
				    "not a regular file");
	if (st->mode == FSR_STORE_READ && stat(st->path, &sb) != 0)
		return fsr_diag_set(d, FSR_EIO, st->path, 0, 0, "cannot open "
				    "the results store: %s", strerror(errno));
	if (stat(st->path, &sb) == 0) {
		rc = open_read(st, &version, d);
		if (rc || st->mode == FSR_STORE_READ) {
			st->version = version;
			return rc;
		}
		disconnect(st);
	} else {
		st->created = 1;
	}
	return store_connect(st, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "", d);
}

/*
 * PRAGMA journal_mode = WAL. Changing the mode of a new file wants it to
 * itself, and SQLite answers SQLITE_BUSY at once (no busy handler) while
 * another process opens it: try again for up to a minute.
 */
static int set_wal(struct fsr_store *st, struct fsr_diag *d)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	int rc, tries;

	for (tries = 0;; tries++) {
		rc = sqlite3_exec(st->db, "PRAGMA journal_mode = WAL", NULL,
				  NULL, NULL);
		if (((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) !=
		     SQLITE_LOCKED) || tries == 3000)
			break;
		nanosleep(&pause, NULL);
	}
	return rc == SQLITE_OK ? 0 : fsr_store_fail(st, rc, "open", d);
}

int fsr_store_open(const char *path, enum fsr_store_mode mode,
		   struct fsr_store **out, struct fsr_diag *d)
{
	struct fsr_store *st = fsr_xcalloc(1, sizeof(*st));
	int rc;

	st->path = path;
	st->mode = mode;
	*out = NULL;
	if (fsr_store_is_pg(path)) {
		rc = fsr_store_pg_open(st, d);
		if (rc) {
			fsr_store_close(st);
			return rc;
		}
		*out = st;
		return 0;
	}
	rc = open_file(st, d);
	/* WAL: readers never wait for a writer; writers queue. */
	if (!rc && mode == FSR_STORE_WRITE)
		rc = set_wal(st, d);
	if (!rc && mode == FSR_STORE_WRITE)
		rc = migrate(st, d);
	if (rc) {
		fsr_store_close(st);
		return rc;
	}
	*out = st;
	return 0;
}

/* Whether the store holds a run set (for a store this run created:
 * one that got none, a first add that failed, is removed). */
static int holds_runsets(struct fsr_store *st)
{
	sqlite3_stmt *s = NULL;
	int n = 1;

	if (sqlite3_prepare_v2(st->db, "SELECT count(*) FROM runsets", -1,
			       &s, NULL) == SQLITE_OK &&
	    sqlite3_step(s) == SQLITE_ROW)
		n = sqlite3_column_int(s, 0) > 0;
	else if (st->version == 0)
		n = 0; /* no schema: nothing was ever added */
	sqlite3_finalize(s);
	return n;
}

static void remove_new_store(const char *path)
{
	static const char *const sfx[] = { "-wal", "-shm", "-journal" };
	size_t i;

	unlink(path);
	for (i = 0; i < 3; i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_buf_addf(&b, "%s%s", path, sfx[i]);
		unlink(b.buf);
		fsr_buf_release(&b);
	}
}

void fsr_store_close(struct fsr_store *st)
{
	size_t i;
	int drop;

	if (!st)
		return;
	if (st->pg) {
		fsr_store_pg_close(st);
		free(st);
		return;
	}
	for (i = 0; i < st->n_cache; i++)
		sqlite3_reset(st->cache[i].lite);
	fsr_store_rollback(st);
	drop = st->created && st->db && !holds_runsets(st);
	disconnect(st);
	/* A first add that failed (a full disk) leaves no empty store. */
	if (drop)
		remove_new_store(st->path);
	free(st);
}

int fsr_store_read_only(const struct fsr_store *st)
{
	return st->immutable;
}

int fsr_store_begin(struct fsr_store *st, struct fsr_diag *d)
{
	/* PostgreSQL: concurrent adds do not queue; the unique run set
	 * and result keys make them agree (store/pg.c). */
	int rc = run_sql(st, st->pg ? "BEGIN" : "BEGIN IMMEDIATE", "add to",
			 d);

	st->in_tx = !rc;
	return rc;
}

int fsr_store_commit(struct fsr_store *st, struct fsr_diag *d)
{
	int rc = run_sql(st, "COMMIT", "add to", d);

	if (rc)
		fsr_store_rollback(st);
	st->in_tx = 0;
	return rc;
}

void fsr_store_rollback(struct fsr_store *st)
{
	if (st->in_tx && st->pg)
		fsr_store_pg_run(st, "ROLLBACK", "add to", NULL);
	else if (st->in_tx && st->db)
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	st->in_tx = 0;
}

/* "YYYY-MM-DD" or "YYYY-MM-DD HH:MM:SS" (a 'T' may stand for the
 * space). */
int fsr_store_date_ok(const char *t)
{
	static const char shape[] = "dddd-dd-dd dd:dd:dd";
	size_t n = strlen(t), i;

	if (n != 10 && n != 19)
		return 0;
	for (i = 0; i < n; i++) {
		if (shape[i] == 'd' && !(t[i] >= '0' && t[i] <= '9'))
			return 0;
		if (shape[i] == ' ' && t[i] != ' ' && t[i] != 'T')
			return 0;
		if (shape[i] != 'd' && shape[i] != ' ' && t[i] != shape[i])
			return 0;
	}
	return 1;
}
