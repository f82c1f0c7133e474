/*
 * test-store.c - the results store's schema versions (store/open.c):
 * a store of schema 1 (tests/data/store/v1.sql, made by the last
 * fsreport that wrote version 1) is read as it is without being
 * changed, migrated to version 5 in one transaction when opened for
 * adding (a failed step leaves it as it was), and its run sets keep
 * their digests; the system notes of schema 2 (fsr_system.info) go in
 * and come back in order; the same run added twice is kept once; a
 * damaged file is FSR_EINPUT. The expected counts are those of the
 * INSERT lines of v1.sql (grep), not of fsreport.
 */
#include "../../store/store.h"
#include "tap.h"

#include "../../lib/alloc.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef V1_SQL
#define V1_SQL "tests/data/store/v1.sql"
#endif

static char dir[] = "/tmp/fsr-test-store.XXXXXX";

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	struct fsr_buf b = FSR_BUF_INIT;
	char chunk[4096];
	size_t k;

	if (!fp)
		return NULL;
	while ((k = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		fsr_buf_add(&b, chunk, k);
	fclose(fp);
	return fsr_buf_detach(&b);
}

/* A database made from SQL text (sqlite3_exec, as the sqlite3 program
 * reads a dump); 0 on success. */
static int make_db(const char *path, const char *sql, const char *more)
{
	sqlite3 *db;
	int rc;

	unlink(path);
	if (sqlite3_open(path, &db) != SQLITE_OK)
		return -1;
	rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
	if (rc == SQLITE_OK && more)
		rc = sqlite3_exec(db, more, NULL, NULL, NULL);
	sqlite3_close(db);
	return rc == SQLITE_OK ? 0 : -1;
}

/* The first column of the first row of sql as an integer; -1 on error. */
static long long query_int(const char *path, const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *s;
	long long v = -1;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) ==
	    SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &s, NULL) == SQLITE_OK) {
		if (sqlite3_step(s) == SQLITE_ROW)
			v = sqlite3_column_int64(s, 0);
		sqlite3_finalize(s);
	}
	sqlite3_close(db);
	return v;
}

/* The run sets of the store at path that pat[0..n_pat) choose (none:
 * all) into a new report (NULL on error; *rc the code). */
static struct fsr_report *load_some(const char *path, const char **pat,
				    size_t n_pat, int *rc)
{
	struct fsr_store_selection sel;
	struct fsr_report *r = fsr_report_new();
	struct fsr_store *st;
	struct fsr_diag d;
	long long *ids = NULL;
	size_t n = 0;

	memset(&sel, 0, sizeof(sel));
	sel.patterns = pat;
	sel.n_patterns = n_pat;
	fsr_diag_clear(&d);
	*rc = fsr_store_open(path, FSR_STORE_READ, &st, &d);
	if (!*rc)
		*rc = fsr_store_select(st, &sel, &ids, &n, &d);
	if (!*rc)
		*rc = fsr_store_load(st, ids, n, r, &d);
	fsr_store_close(st);
	free(ids);
	if (*rc) {
		printf("#   %s\n", d.msg);
		fsr_report_free(r);
		return NULL;
	}
	fsr_report_finish_labels(r);
	return r;
}

static struct fsr_report *load_all(const char *path, int *rc)
{
	return load_some(path, NULL, 0, rc);
}

/* What was loaded as text: the systems with their notes, every sample
 * exactly, in order (enough to compare two loads). */
static char *fingerprint(const struct fsr_report *r)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, j, k;

	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];

		fsr_buf_addf(&b, "system %s [%s]\n", s->label,
			     s->hardware ? s->hardware : "");
		for (k = 0; k < s->info.n; k++)
			fsr_buf_addf(&b, "  info %s=%s\n", s->info.items[k].key,
				     s->info.items[k].value);
	}
	for (i = 0; i < r->n_results; i++) {
		for (j = 0; j < r->results[i]->n_cells; j++) {
			const struct fsr_cell *c = &r->results[i]->cells[j];

			for (k = 0; k < c->n; k++)
				fsr_buf_addf(&b, "%zu %zu %a\n", i, j,
					     c->samples[k]);
		}
	}
	return fsr_buf_detach(&b);
}

/* A run set "label" of one system whose result file is a file of its
 * own (the store knows a run by its files), two samples, notes. */
static struct fsr_report *one_runset(const char *label, const char *file,
				     double x)
{
	struct fsr_result_key key = { "pts/postmark-1.1", "", "Transactions",
				      "1.51", "TPS" };
	struct fsr_report *r = fsr_report_new();
	size_t rs = fsr_report_add_runset(r, label, file, 1);
	size_t sys = fsr_report_system(r, rs, NULL);
	struct fsr_result *res = fsr_report_result(r, &key);
	FILE *fp = fopen(file, "w");

	if (fp) {
		fprintf(fp, "%s %.17g\n", label, x);
		fclose(fp);
	}
	fsr_system_add_source(&r->systems[sys], file);
	fsr_kvlist_set(&r->systems[sys].info, "kernel", "6.1.0-13-amd64");
	fsr_kvlist_set(&r->systems[sys].info, "mount options",
		       "rw,relatime,nobarrier");
	fsr_kvlist_set(&r->systems[sys].info, "note", "cold cache; second");
	fsr_cell_add_sample(fsr_result_cell(res, sys), x);
	fsr_cell_add_sample(fsr_result_cell(res, sys), x + 0.5);
	fsr_report_finish_labels(r);
	return r;
}

static int add(const char *path, struct fsr_report *r,
	       enum fsr_store_added *what)
{
	struct fsr_store *st;
	struct fsr_diag d;
	char *as = NULL;
	int rc;

	fsr_diag_clear(&d);
	rc = fsr_store_open(path, FSR_STORE_WRITE, &st, &d);
	if (!rc)
		rc = fsr_store_begin(st, &d);
	if (!rc)
		rc = fsr_store_add(st, r, "2026-12-01 00:00:00", what, &as,
				   &d);
	if (!rc)
		rc = fsr_store_commit(st, &d);
	else if (st)
		fsr_store_rollback(st);
	if (rc)
		printf("#   %s\n", d.msg);
	fsr_store_close(st);
	free(as);
	return rc;
}

/* v1.sql read as it is: its run sets, the file not changed. The
 * loaded content as text into *fp. */
static void test_v1_read(const char *db, char **fp)
{
	struct fsr_report *r;
	char *before = slurp(db), *after;
	int rc;

	*fp = NULL;
	is_int(query_int(db, "PRAGMA user_version"), 1, "of schema 1");
	r = load_all(db, &rc);
	ok(r != NULL, "a schema 1 store is read");
	if (r) {
		/* v1.sql: 4 run sets (6.1, 6.2, 6.3, blogbench). */
		is_int(r->n_runsets, 4, "its 4 run sets");
		is_str(r->runsets[3].label, "blogbench-gce-docker-run3",
		       "the PTS file's label");
		is_int(r->systems[0].info.n, 0,
		       "schema 1 kept no system.txt notes");
		*fp = fingerprint(r);
		fsr_report_free(r);
	}
	after = slurp(db);
	ok(before && after && !strcmp(before, after),
	   "reading does not change the file (no migration)");
	free(before);
	free(after);
	is_int(query_int(db, "PRAGMA user_version"), 1, "still schema 1");
}

/* A migration that fails (a table of that name is there already)
 * leaves the store as it was. */
static void test_v1_failed(const char *sql)
{
	struct fsr_store *st;
	struct fsr_diag d;
	char copy[128];
	int rc;

	snprintf(copy, sizeof(copy), "%s/v1.copy", dir);
	ok(make_db(copy, sql, "CREATE TABLE system_info (x)") == 0,
	   "a schema 1 store with a table system_info of its own");
	fsr_diag_clear(&d);
	rc = fsr_store_open(copy, FSR_STORE_WRITE, &st, &d);
	ok(rc == FSR_EOUTPUT, "its migration fails (%s)", d.msg);
	fsr_store_close(st);
	is_int(query_int(copy, "PRAGMA user_version"), 1,
	       "and the failed migration left version 1");
	is_int(query_int(copy, "SELECT count(*) FROM sqlite_master WHERE "
			 "name = 'system_info' AND sql LIKE '%(x)'"), 1,
	       "and the table as it was");
}

/* Adding migrates: version 5, the old run sets read the same (fp1). */
static void test_v1_migrate(const char *db, const char *fp1)
{
	const char *pat[] = { "6.*", "blog*" };
	enum fsr_store_added what;
	struct fsr_report *one, *r;
	char file[128], *fp2;
	int rc;

	snprintf(file, sizeof(file), "%s/new.txt", dir);
	one = one_runset("new", file, 4100.25);
	rc = add(db, one, &what);
	ok(rc == 0 && what == FSR_STORE_ADDED,
	   "a run set is added to the schema 1 store");
	fsr_report_free(one);
	is_int(query_int(db, "PRAGMA user_version"), 5,
	       "which is schema 5 now");
	is_int(query_int(db, "PRAGMA application_id"), 0x46535253,
	       "and still a results store");
	is_int(query_int(db, "SELECT count(*) FROM system_info"), 3,
	       "the new run set's 3 notes are in system_info");
	r = load_all(db, &rc);
	ok(r && r->n_runsets == 5,
	   "the migrated store is read, 5 run sets, every digest matching");
	fsr_report_free(r);
	r = load_some(db, pat, 2, &rc);
	fp2 = r ? fingerprint(r) : NULL;
	ok(fp1 && fp2 && !strcmp(fp1, fp2),
	   "the schema 1 run sets read the same after the migration");
	fsr_report_free(r);
	free(fp2);
}

static void test_v1(const char *sql)
{
	char db[128], *fp;

	snprintf(db, sizeof(db), "%s/v1.db", dir);
	ok(make_db(db, sql, NULL) == 0, "v1.sql makes a database");
	test_v1_read(db, &fp);
	test_v1_failed(sql);
	test_v1_migrate(db, fp);
	free(fp);
}

static void test_notes(void)
{
	char db[128], file[128], *dump1, *dump2;
	struct fsr_report *one, *r;
	enum fsr_store_added what;
	int rc;

	snprintf(db, sizeof(db), "%s/notes.db", dir);
	snprintf(file, sizeof(file), "%s/a.txt", dir);
	one = one_runset("a", file, 17.125);
	rc = add(db, one, &what);
	ok(rc == 0 && what == FSR_STORE_ADDED, "a new store, a run set");
	is_int(query_int(db, "PRAGMA user_version"), 5, "of schema 5");
	r = load_all(db, &rc);
	ok(r && r->n_systems == 1 && r->systems[0].info.n == 3,
	   "its 3 system notes come back");
	if (r && r->systems[0].info.n == 3) {
		is_str(r->systems[0].info.items[0].key, "kernel", "in order");
		is_str(r->systems[0].info.items[1].value,
		       "rw,relatime,nobarrier", "with their values");
		is_str(r->systems[0].info.items[2].value,
		       "cold cache; second", "the notes as one value");
	}
	fsr_report_free(r);

	dump1 = slurp(db);
	fsr_kvlist_set(&one->systems[0].info, "note", "another");
	rc = add(db, one, &what);
	ok(rc == 0 && what == FSR_STORE_ALREADY,
	   "the same run again, other notes: stored already");
	dump2 = slurp(db);
	ok(dump1 && dump2 && !strcmp(dump1, dump2), "and the file unchanged");
	free(dump1);
	free(dump2);
	fsr_report_free(one);
}

static void test_damage(void)
{
	char db[128], file[128];
	struct fsr_report *one, *r;
	enum fsr_store_added what;
	sqlite3 *h;
	int rc;

	snprintf(db, sizeof(db), "%s/damage.db", dir);
	snprintf(file, sizeof(file), "%s/d.txt", dir);
	one = one_runset("d", file, 3);
	add(db, one, &what);
	fsr_report_free(one);
	if (sqlite3_open(db, &h) == SQLITE_OK) {
		sqlite3_exec(h, "UPDATE system_info SET value = 'x' WHERE "
			     "key = 'kernel'", NULL, NULL, NULL);
		sqlite3_close(h);
	}
	r = load_all(db, &rc);
	ok(!r && rc == FSR_EINPUT, "a changed note: damaged (FSR_EINPUT)");
	fsr_report_free(r);
	if (sqlite3_open(db, &h) == SQLITE_OK) {
		sqlite3_exec(h, "PRAGMA user_version = 6", NULL, NULL, NULL);
		sqlite3_close(h);
	}
	r = load_all(db, &rc);
	ok(!r && rc == FSR_EINPUT, "a newer schema: FSR_EINPUT");
	fsr_report_free(r);
}

int main(void)
{
	char *sql = slurp(V1_SQL), cmd[160];

	if (!mkdtemp(dir)) {
		ok(0, "a scratch folder");
		return done_testing();
	}
	ok(sql != NULL, "%s is there", V1_SQL);
	if (sql)
		test_v1(sql);
	test_notes();
	test_damage();
	free(sql);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
	return done_testing();
}
