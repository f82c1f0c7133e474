/*
 * add.c - one run set into the store: the SHA-256 of each of its files
 * (the same files again are not added twice), then its report row by
 * row (docs/store.md), all inside the caller's transaction.
 */
#include "store-internal.h"

#include "../lib/alloc.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_sha(const void *a, const void *b)
{
	const struct fsr_store_file *x = a, *y = b;
	int c = strcmp(x->sha, y->sha);

	return c ? c : strcmp(x->path, y->path);
}

/* The SHA-256 of the file at path into f. */
static int hash_file(struct fsr_store_file *f, struct fsr_diag *d)
{
	struct sha256_ctx ck;
	unsigned char buf[65536];
	FILE *fp = fopen(f->path, "rb");
	size_t k;
	int err;

	if (!fp)
		return fsr_diag_set(d, FSR_EIO, f->path, 0, 0, "cannot open: "
				    "%s", strerror(errno));
	sha256_init(&ck);
	f->size = 0;
	while ((k = fread(buf, 1, sizeof(buf), fp)) > 0) {
		sha256_update(&ck, k, buf);
		f->size += (long long)k;
	}
	err = ferror(fp) ? errno : 0;
	fclose(fp);
	fsr_store_sha256_hex(&ck, f->sha);
	if (err)
		return fsr_diag_set(d, FSR_EIO, f->path, 0, 0, "cannot read: "
				    "%s", strerror(err));
	return 0;
}

void fsr_store_files_sha(const struct fsr_store_file *f, size_t n,
			 char all[65])
{
	struct sha256_ctx ck;
	size_t i;

	sha256_init(&ck);
	for (i = 0; i < n; i++) {
		sha256_update(&ck, 64, (const uint8_t *)f[i].sha);
		sha256_update(&ck, 1, (const uint8_t *)"\n");
	}
	fsr_store_sha256_hex(&ck, all);
}

/* Every file the run set's systems were read from, hashed, in order of
 * their SHA-256; *all is the SHA-256 of those hashes (not of the paths:
 * the same files elsewhere are the same run). */
static int hash_files(const struct fsr_report *r, struct fsr_store_file **out,
		      size_t *n_out, char all[65], struct fsr_diag *d)
{
	const char **paths = NULL;
	struct fsr_store_file *f;
	size_t n = 0, cap = 0, i, j, u = 0;
	int rc = 0;

	for (i = 0; i < r->n_systems; i++) {
		for (j = 0; j < r->systems[i].n_sources; j++) {
			FSR_GROW(paths, cap, n + 1);
			paths[n++] = r->systems[i].sources[j];
		}
	}
	if (n)
		qsort(paths, n, sizeof(*paths), cmp_path);
	f = fsr_xcalloc(n ? n : 1, sizeof(*f));
	for (i = 0; i < n && !rc; i++) {
		if (u && !strcmp(f[u - 1].path, paths[i]))
			continue;
		f[u].path = paths[i];
		rc = hash_file(&f[u++], d);
	}
	free(paths);
	if (rc) {
		free(f);
		return rc;
	}
	if (u)
		qsort(f, u, sizeof(*f), cmp_sha);
	fsr_store_files_sha(f, u, all);
	*out = f;
	*n_out = u;
	return 0;
}

static const char sql_by_files[] =
	"SELECT label FROM runsets WHERE files_sha256 = ?";
static const char sql_by_label[] = "SELECT id FROM runsets WHERE label = ?";
/* Content-addressed: a run set another add stored since the look-up
 * above (PostgreSQL: a runner that committed the same files while this
 * add waited on the unique key) makes this one insert nothing. */
static const char sql_runset[] =
	"INSERT INTO runsets (label, path, explicit_label, files_sha256, "
	"data_sha256, run_time, added_at, title, description, n_generated) "
	"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING "
	"RETURNING id";
static const char sql_generated[] =
	"INSERT INTO runset_generated VALUES (?, ?, ?, ?)";
static const char sql_file[] = "INSERT INTO files VALUES (?, ?, ?, ?)";
static const char sql_system[] =
	"INSERT INTO systems (runset_id, seq, name, hardware, software, "
	"json, declared, undeclared) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
	"RETURNING id";
static const char sql_system_note[] =
	"INSERT INTO system_notes VALUES (?, ?, ?, ?, ?)";
static const char sql_system_info[] =
	"INSERT INTO system_info VALUES (?, ?, ?, ?)";
static const char sql_source[] = "INSERT INTO system_sources VALUES (?, ?, ?)";
static const char sql_find_result[] = "SELECT id FROM results WHERE key = ?";
static const char sql_result[] =
	"INSERT INTO results (key, test, arguments, description, "
	"app_version, unit) VALUES (?, ?, ?, ?, ?, ?) "
	"ON CONFLICT (key) DO NOTHING RETURNING id";
static const char sql_runset_result[] =
	"INSERT INTO runset_results VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
static const char sql_cell[] =
	"INSERT INTO cells (runset_id, result_seq, seq, system_id, stored, "
	"stored_decimals, n_stored, n_failed, fail_reason) "
	"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id";
static const char sql_sample[] = "INSERT INTO samples VALUES (?, ?, ?)";
static const char sql_sample_nan[] = "INSERT INTO samples VALUES (?, ?, NULL)";
static const char sql_cell_note[] = "INSERT INTO cell_notes VALUES (?, ?, ?, ?)";
static const char sql_entry[] =
	"INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

/* The id of the row of a query with one integer column, or 0 when it
 * has none; < 0 an error. */
static long long find_id(struct fsr_store *st, const char *sql,
			 const char *key, struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	long long id;
	int rc = fsr_store_prepare(st, d, &s, sql, "t", key);

	if (rc)
		return rc;
	rc = fsr_store_step(st, s, d);
	if (rc <= 0)
		return rc;
	id = fsr_store_int(s, 0);
	fsr_store_reset(s);
	return id;
}

static int add_notes(struct fsr_store *st, long long sys, const char *kind,
		     const struct fsr_kvlist *l, struct fsr_diag *d)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < l->n && !rc; i++)
		rc = fsr_store_exec(st, d, sql_system_note, "itztt", sys, kind,
				    i, l->items[i].key, l->items[i].value);
	return rc;
}

/* The systems of r; their row ids into ids[]. */
static int add_systems(struct fsr_store *st, long long rs,
		       const struct fsr_report *r, long long *ids,
		       struct fsr_diag *d)
{
	size_t i, j;
	int rc = 0;

	for (i = 0; i < r->n_systems && !rc; i++) {
		const struct fsr_system *s = &r->systems[i];

		rc = fsr_store_exec_id(st, d, &ids[i], sql_system,
				       "izttttii", rs, i, s->name,
				       s->hardware, s->software, s->json,
				       (long long)s->declared,
				       (long long)s->undeclared);
		if (rc)
			break;
		if ((rc = add_notes(st, ids[i], "hw", &s->hw, d)) ||
		    (rc = add_notes(st, ids[i], "sw", &s->sw, d)) ||
		    (rc = add_notes(st, ids[i], "meta", &s->meta, d)))
			break;
		for (j = 0; j < s->info.n && !rc; j++)
			rc = fsr_store_exec(st, d, sql_system_info, "iztt",
					    ids[i], j, s->info.items[j].key,
					    s->info.items[j].value);
		for (j = 0; j < s->n_sources && !rc; j++)
			rc = fsr_store_exec(st, d, sql_source, "izt", ids[i], j,
					    s->sources[j]);
	}
	return rc;
}

/* PostgreSQL: a sample as COPY's text format wants it (\N for NULL),
 * with 17 digits (the same double back). */
static void copy_row(struct fsr_buf *b, long long cell, size_t seq, double x)
{
	if (x != x)
		fsr_buf_addf(b, "%lld\t%zu\t\\N\n", cell, seq);
	else if (isinf(x))
		fsr_buf_addf(b, "%lld\t%zu\t%sInfinity\n", cell, seq,
			     x < 0 ? "-" : "");
	else
		fsr_buf_addf(b, "%lld\t%zu\t%.17g\n", cell, seq, x);
}

/* copy: PostgreSQL's COPY rows of the run set's samples, sent once its
 * cells are in (NULL: SQLite, a row at a time). */
static int add_cell(struct fsr_store *st, long long rs, size_t res_seq,
		    size_t seq, const struct fsr_cell *c, const long long *sys,
		    struct fsr_buf *copy, struct fsr_diag *d)
{
	const struct fsr_kvlist *meta = fsr_cell_meta(c);
	const struct fsr_entry *ents;
	long long id;
	size_t i, n;
	int rc;

	ents = fsr_cell_entries(c, &n);
	rc = fsr_store_exec_id(st, d, &id, sql_cell, "izzitiiit", rs, res_seq,
			       seq, sys[c->system], c->stored,
			       (long long)c->stored_decimals,
			       (long long)c->n_stored, (long long)c->n_failed,
			       fsr_cell_fail_reason(c));
	if (rc)
		return rc;
	for (i = 0; i < c->n && copy; i++)
		copy_row(copy, id, i, c->samples[i]);
	for (i = 0; i < c->n && !rc && !copy; i++) {
		/* SQLite keeps NaN as NULL; say so instead of relying on
		 * it. */
		if (c->samples[i] != c->samples[i])
			rc = fsr_store_exec(st, d, sql_sample_nan, "iz", id, i);
		else
			rc = fsr_store_exec(st, d, sql_sample, "izd", id, i,
					    c->samples[i]);
	}
	for (i = 0; i < meta->n && !rc; i++)
		rc = fsr_store_exec(st, d, sql_cell_note, "iztt", id, i,
				    meta->items[i].key, meta->items[i].value);
	for (i = 0; i < n && !rc; i++) {
		const struct fsr_entry *e = &ents[i];

		rc = fsr_store_exec(st, d, sql_entry, "iztttzzi", id, i,
				    e->value, e->raw, e->json, e->seq,
				    e->n_samples, (long long)e->failed);
	}
	return rc;
}

static const struct fsr_report *sort_report; /* for cmp_result_key */

static int cmp_result_key(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return strcmp(sort_report->results[x]->key,
		      sort_report->results[y]->key);
}

/* The row id of each result's key into ids[], inserted when new, in
 * the order of the keys: two adds at once (PostgreSQL) wait for each
 * other's new keys in one order, never in a cycle. */
static int result_ids(struct fsr_store *st, const struct fsr_report *r,
		      long long *ids, struct fsr_diag *d)
{
	size_t *order = fsr_xcalloc(r->n_results ? r->n_results : 1,
				    sizeof(*order));
	size_t i;
	int rc = 0;

	for (i = 0; i < r->n_results; i++)
		order[i] = i;
	sort_report = r;
	if (r->n_results)
		qsort(order, r->n_results, sizeof(*order), cmp_result_key);
	for (i = 0; i < r->n_results && !rc; i++) {
		const struct fsr_result *res = r->results[order[i]];
		long long id = find_id(st, sql_find_result, res->key, d);

		if (id < 0) {
			rc = (int)id;
			break;
		}
		if (!id)
			rc = fsr_store_exec_id(st, d, &id, sql_result,
					       "tttttt", res->key, res->test,
					       res->arguments,
					       res->description,
					       res->app_version, res->unit);
		/* Stored by another add since the look-up. */
		if (!rc && !id && (id = find_id(st, sql_find_result,
						res->key, d)) <= 0)
			rc = id < 0 ? (int)id :
			     fsr_store_damaged(st, d, "result '%s' is gone",
					       res->key);
		ids[order[i]] = id;
	}
	free(order);
	return rc;
}

static int add_results(struct fsr_store *st, long long rs,
		       const struct fsr_report *r, const long long *sys,
		       struct fsr_diag *d)
{
	long long *ids = fsr_xcalloc(r->n_results ? r->n_results : 1,
				     sizeof(*ids));
	struct fsr_buf copy = FSR_BUF_INIT;
	size_t i, j;
	int rc = result_ids(st, r, ids, d);

	for (i = 0; i < r->n_results && !rc; i++) {
		const struct fsr_result *res = r->results[i];

		rc = fsr_store_exec(st, d, sql_runset_result, "izittttz", rs,
				    i, ids[i], res->test_id, res->title,
				    fsr_better_name(res->better),
				    fsr_display_name(res->display),
				    (size_t)res->derived);
		for (j = 0; j < res->n_cells && !rc; j++)
			rc = add_cell(st, rs, i, j, &res->cells[j], sys,
				      st->pg ? &copy : NULL, d);
	}
	if (!rc && st->pg && copy.len)
		rc = fsr_store_pg_copy_samples(st, copy.buf, copy.len, d);
	fsr_buf_release(&copy);
	free(ids);
	return rc;
}

/* The earliest timestamp of the run set's systems, or NULL. */
static const char *run_time(const struct fsr_report *r)
{
	const char *t = NULL;
	size_t i;

	for (i = 0; i < r->n_systems; i++) {
		const char *ts = fsr_kvlist_get(&r->systems[i].meta,
						"timestamp");

		if (ts && *ts && (!t || strcmp(ts, t) < 0))
			t = ts;
	}
	return t;
}

/* *added: 0 when the run set was stored by another add meanwhile. */
static int add_rows(struct fsr_store *st, const struct fsr_report *r,
		    const char *files_sha, const struct fsr_store_file *f,
		    size_t n_files, const char *added_at, int *added,
		    struct fsr_diag *d)
{
	const struct fsr_runset *rs = &r->runsets[0];
	long long id, *sys;
	char data_sha[65];
	size_t i;
	int rc;

	fsr_store_digest(r, data_sha);
	rc = fsr_store_exec_id(st, d, &id, sql_runset, "ttittttttz",
			       rs->label, rs->path,
			       (long long)rs->explicit_label, files_sha,
			       data_sha, run_time(r), added_at, r->title,
			       r->description, r->n_generated);
	*added = id != 0;
	if (rc || !id)
		return rc;
	for (i = 0; i < r->generated.n && !rc; i++)
		rc = fsr_store_exec(st, d, sql_generated, "iztt", id, i,
				    r->generated.items[i].key,
				    r->generated.items[i].value);
	for (i = 0; i < n_files && !rc; i++)
		rc = fsr_store_exec(st, d, sql_file, "itti", id, f[i].path,
				    f[i].sha, f[i].size);
	if (rc)
		return rc;
	sys = fsr_xcalloc(r->n_systems ? r->n_systems : 1, sizeof(*sys));
	rc = add_systems(st, id, r, sys, d);
	if (!rc)
		rc = add_results(st, id, r, sys, d);
	free(sys);
	return rc;
}

/* Whether the files (or, *what FSR_STORE_TAKEN, the label) are stored
 * already: 1 yes, 0 no, < 0 an error. */
static int stored(struct fsr_store *st, const char *files_sha,
		  const char *label, enum fsr_store_added *what,
		  char **as_label, struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	long long id;
	int rc = fsr_store_prepare(st, d, &s, sql_by_files, "t", files_sha);

	if (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		*what = FSR_STORE_ALREADY;
		*as_label = fsr_xstrdup(fsr_store_text(s, 0));
		fsr_store_reset(s);
		return 1;
	}
	if (rc)
		return rc;
	id = find_id(st, sql_by_label, label, d);
	if (id < 0)
		return (int)id;
	*what = FSR_STORE_TAKEN;
	return id != 0;
}

int fsr_store_add(struct fsr_store *st, const struct fsr_report *r,
		  const char *added_at, enum fsr_store_added *what,
		  char **as_label, struct fsr_diag *d)
{
	struct fsr_store_file *f = NULL;
	char files_sha[65];
	size_t n_files = 0;
	int rc;

	*as_label = NULL;
	if (r->n_runsets != 1)
		FSR_BUG("store add wants one run set, not %zu", r->n_runsets);
	if ((rc = hash_files(r, &f, &n_files, files_sha, d)))
		return rc;
	rc = fsr_store_add_hashed(st, r, files_sha, f, n_files, added_at,
				  what, as_label, d);
	free(f);
	return rc;
}

int fsr_store_add_hashed(struct fsr_store *st, const struct fsr_report *r,
			 const char *files_sha, const struct fsr_store_file *f,
			 size_t n_files, const char *added_at,
			 enum fsr_store_added *what, char **as_label,
			 struct fsr_diag *d)
{
	int rc, added = 0;

	*as_label = NULL;
	rc = stored(st, files_sha, r->runsets[0].label, what, as_label, d);
	if (!rc)
		rc = add_rows(st, r, files_sha, f, n_files, added_at, &added,
			      d);
	if (rc)
		return rc < 0 ? rc : 0;
	if (added) {
		*what = FSR_STORE_ADDED;
		return 0;
	}
	/* Another add stored these files, or took the label, since the
	 * look-up and committed: say which. */
	rc = stored(st, files_sha, r->runsets[0].label, what, as_label, d);
	if (rc == 0)
		rc = fsr_store_damaged(st, d, "run set '%s' neither added nor "
				       "stored", r->runsets[0].label);
	return rc < 0 ? rc : 0;
}
