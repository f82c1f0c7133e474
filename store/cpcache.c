/*
 * cpcache.c - the change-point cache of a store (schema version 5,
 * docs/trend.md "The change-point cache"): what a search of a window
 * found, under the SHA-256 of the method, its parameters and the
 * window's values. It is content-addressed: an entry is found only by
 * the digest of exactly what was searched, so a stale one (a series
 * that has changed, other parameters, another method version) is
 * simply never read. A failure to read or write it is a search made
 * again, never an error.
 */
#include "store-internal.h"

#include "../lib/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char sql_get[] =
	"SELECT value FROM changepoint_cache WHERE key = ?";

int fsr_store_cp_ready(const struct fsr_store *st)
{
	return st && st->version >= 5;
}

void fsr_store_cp_key(const char *method, const double *x, size_t n,
		      char hex[65])
{
	struct sha256_ctx ctx;
	uint8_t buf[8 * 64];
	size_t i, k = 0;

	sha256_init(&ctx);
	sha256_update(&ctx, strlen(method) + 1, (const uint8_t *)method);
	/* each value's IEEE 754 bits, little-endian: the same key on any
	 * machine for the same doubles */
	for (i = 0; i < n; i++) {
		uint64_t u;
		int b;

		memcpy(&u, &x[i], sizeof(u));
		for (b = 0; b < 8; b++)
			buf[k++] = (uint8_t)(u >> (8 * b));
		if (k == sizeof(buf)) {
			sha256_update(&ctx, k, buf);
			k = 0;
		}
	}
	sha256_update(&ctx, k, buf);
	fsr_store_sha256_hex(&ctx, hex);
}

int fsr_store_cp_get(struct fsr_store *st, const char *key, char **value)
{
	struct fsr_stmt *s = NULL;
	struct fsr_diag d;
	const char *v;
	int found = 0;

	*value = NULL;
	if (!fsr_store_cp_ready(st))
		return 0;
	fsr_diag_clear(&d);
	if (fsr_store_prepare(st, &d, &s, sql_get, "t", key))
		return 0;
	if (fsr_store_step(st, s, &d) == 1 && (v = fsr_store_text(s, 0))) {
		*value = fsr_xstrdup(v);
		found = 1;
	}
	fsr_store_reset(s);
	return found;
}

/* SQLite: a connection of its own, read-write, never creating. */
static int put_sqlite(struct fsr_store *st, char *const *keys,
		      char *const *values, size_t n)
{
	char *uri = fsr_store_file_uri(st->path, "mode=rw");
	sqlite3 *db = NULL;
	sqlite3_stmt *s = NULL;
	size_t i;
	int ok;

	ok = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READWRITE |
			     SQLITE_OPEN_URI, NULL) == SQLITE_OK;
	free(uri);
	if (ok) {
		/* another writer (an add) goes first; the cache waits for
		 * the next run rather than hold this one up */
		sqlite3_busy_timeout(db, 1000);
		ok = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL,
				  NULL) == SQLITE_OK;
	}
	/* the version of the file now, under the write lock */
	if (ok)
		ok = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s,
					NULL) == SQLITE_OK &&
		     sqlite3_step(s) == SQLITE_ROW &&
		     sqlite3_column_int64(s, 0) >= 5 &&
		     sqlite3_column_int64(s, 0) <= FSR_STORE_SCHEMA_VERSION;
	sqlite3_finalize(s);
	s = NULL;
	if (ok)
		ok = sqlite3_prepare_v2(db, "INSERT OR IGNORE INTO "
					"changepoint_cache VALUES (?, ?)", -1,
					&s, NULL) == SQLITE_OK;
	for (i = 0; ok && i < n; i++) {
		sqlite3_bind_text(s, 1, keys[i], -1, SQLITE_STATIC);
		sqlite3_bind_text(s, 2, values[i], -1, SQLITE_STATIC);
		ok = sqlite3_step(s) == SQLITE_DONE;
		sqlite3_reset(s);
	}
	sqlite3_finalize(s);
	if (ok)
		ok = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
	if (!ok && db)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(db);
	return ok ? 0 : -1;
}

static const char sql_put_pg[] =
	"INSERT INTO changepoint_cache VALUES (?, ?) ON CONFLICT DO NOTHING";

int fsr_store_cp_put(struct fsr_store *st, char *const *keys,
		     char *const *values, size_t n)
{
	struct fsr_diag d;
	size_t i;
	int rc;

	if (!n)
		return 0;
	if (!fsr_store_cp_ready(st) || st->immutable)
		return -1;
	if (!st->pg)
		return put_sqlite(st, keys, values, n);
	/* PostgreSQL: ON CONFLICT DO NOTHING wants the INSERT right only
	 * (a runner's); a reader's permission denied rolls it back */
	fsr_diag_clear(&d);
	rc = fsr_store_run(st, "BEGIN", "add to", &d);
	for (i = 0; !rc && i < n; i++)
		rc = fsr_store_exec(st, &d, sql_put_pg, "tt", keys[i],
				    values[i]);
	if (!rc)
		rc = fsr_store_run(st, "COMMIT", "add to", &d);
	if (rc)
		fsr_store_pg_run(st, "ROLLBACK", "add to", NULL);
	return rc ? -1 : 0;
}
