/*
 * add.c - one run set into the store: the SHA-256 of each of its files
 * (the same files again are not added twice), then its report row by
 * row (docs/store.md), all inside the caller's transaction.
 */
#include "store-internal.h"

#include "../lib/alloc.h"
#include "../model/series.h"

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
static const char sql_dropped_first[] =
	"INSERT INTO runset_dropped_first VALUES (?, ?)";
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
static const char sql_series[] = "INSERT INTO series VALUES (?, ?, ?)";
/* NaN as NULL, said, as for samples: the four ways */
static const char *const sql_series_value[] = {
	"INSERT INTO series_values VALUES (?, ?, ?, ?, ?)",
	"INSERT INTO series_values VALUES (?, ?, ?, NULL, ?)",
	"INSERT INTO series_values VALUES (?, ?, ?, ?, NULL)",
	"INSERT INTO series_values VALUES (?, ?, ?, NULL, NULL)",
};

/* SQLite: the time series of cell c (row id id), a run and its values
 * at a time. */
static int add_series(struct fsr_store *st, long long id,
		      const struct fsr_cell *c, struct fsr_diag *d)
{
	const struct fsr_seriesset *ss = fsr_cell_series(c);
	size_t i, k;
	int rc = 0;

	for (i = 0; ss && i < ss->n && !rc; i++) {
		const struct fsr_series *one = &ss->runs[i];

		rc = fsr_store_exec(st, d, sql_series, "izz", id, i, one->n);
		for (k = 0; k < one->n && !rc; k++) {
			double t = one->t_ms[k], v = one->v[k];
			int w = (t != t) | (v != v) << 1;

			switch (w) {
			case 0:
				rc = fsr_store_exec(st, d, sql_series_value[0],
						    "izzdd", id, i, k, t, v);
				break;
			case 1:
				rc = fsr_store_exec(st, d, sql_series_value[1],
						    "izzd", id, i, k, v);
				break;
			case 2:
				rc = fsr_store_exec(st, d, sql_series_value[2],
						    "izzd", id, i, k, t);
				break;
			default:
				rc = fsr_store_exec(st, d, sql_series_value[3],
						    "izz", id, i, k);
			}
		}
	}
	return rc;
}

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

/* PostgreSQL: a double as a COPY column, then end. */
static void copy_double(struct fsr_buf *b, double x, char end)
{
	if (x != x)
		fsr_buf_adds(b, "\\N");
	else if (isinf(x))
		fsr_buf_addf(b, "%sInfinity", x < 0 ? "-" : "");
	else
		fsr_buf_addf(b, "%.17g", x);
	fsr_buf_addc(b, end);
}

/* PostgreSQL: the series rows of cell c (row id id), COPY's text. */
static void copy_series(struct fsr_buf *runs, struct fsr_buf *vals,
			long long id, const struct fsr_cell *c)
{
	const struct fsr_seriesset *ss = fsr_cell_series(c);
	size_t i, k;

	for (i = 0; ss && i < ss->n; i++) {
		const struct fsr_series *one = &ss->runs[i];

		fsr_buf_addf(runs, "%lld\t%zu\t%zu\n", id, i, one->n);
		for (k = 0; k < one->n; k++) {
			fsr_buf_addf(vals, "%lld\t%zu\t%zu\t", id, i, k);
			copy_double(vals, one->t_ms[k], '\t');
			copy_double(vals, one->v[k], '\n');
		}
	}
}

/* SQLite: a cell and its rows, a statement each (in-process: a
 * statement costs no round trip). */
static int add_cell(struct fsr_store *st, long long rs, size_t res_seq,
		    size_t seq, const struct fsr_cell *c, const long long *sys,
		    struct fsr_diag *d)
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
	for (i = 0; i < c->n && !rc; i++) {
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
	if (!rc)
		rc = add_series(st, id, c, d);
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
			rc = add_cell(st, rs, i, j, &res->cells[j], sys, d);
	}
	free(ids);
	return rc;
}

/* ------------------------------------------------ PostgreSQL, batched
 *
 * A statement per row costs PostgreSQL a round trip each (about 300 a
 * run set of 100 results); here each table of a run set takes one COPY,
 * the result keys one look-up with = ANY and one INSERT of the new ones
 * from arrays, the cells' ids one SELECT: about 20 round trips a run
 * set, whatever its size (BENCHMARKS.md, "The same store in
 * PostgreSQL"). The rows and the order they go in are those of the
 * statements above, which SQLite (in-process) keeps. */

static const char sql_pg_find_results[] =
	"SELECT key, id FROM results WHERE key = ANY(?::text[])";
/* In the keys' byte order, as two adds at once must take them. */
static const char sql_pg_results[] =
	"INSERT INTO results (key, test, arguments, description, "
	"app_version, unit) SELECT * FROM unnest(?::text[], ?::text[], "
	"?::text[], ?::text[], ?::text[], ?::text[]) AS n (key, test, "
	"arguments, description, app_version, unit) ORDER BY key COLLATE "
	"\"C\" ON CONFLICT (key) DO NOTHING";
static const char sql_pg_cell_ids[] =
	"SELECT id FROM cells WHERE runset_id = ? ORDER BY result_seq, seq";

/* A column of a COPY row and the tab or newline after it. */
static void col_text(struct fsr_buf *b, const char *s, char end)
{
	fsr_store_copy_text(b, s);
	fsr_buf_addc(b, end);
}

static void col_int(struct fsr_buf *b, long long v, char end)
{
	fsr_buf_addf(b, "%lld%c", v, end);
}

/* A list of key and value rows of owner (COPY INTO t (owner, seq, key,
 * value), or with kind between owner and seq). */
static void copy_kv(struct fsr_buf *b, long long owner, const char *kind,
		    const struct fsr_kvlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		col_int(b, owner, '\t');
		if (kind)
			col_text(b, kind, '\t');
		col_int(b, (long long)i, '\t');
		col_text(b, l->items[i].key, '\t');
		col_text(b, l->items[i].value, '\n');
	}
}

static int pg_add_systems(struct fsr_store *st, long long rs,
			  const struct fsr_report *r, long long *ids,
			  struct fsr_diag *d)
{
	struct fsr_buf notes = FSR_BUF_INIT, info = FSR_BUF_INIT;
	struct fsr_buf src = FSR_BUF_INIT;
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
		copy_kv(&notes, ids[i], "hw", &s->hw);
		copy_kv(&notes, ids[i], "sw", &s->sw);
		copy_kv(&notes, ids[i], "meta", &s->meta);
		copy_kv(&info, ids[i], NULL, &s->info);
		for (j = 0; j < s->n_sources; j++) {
			col_int(&src, ids[i], '\t');
			col_int(&src, (long long)j, '\t');
			col_text(&src, s->sources[j], '\n');
		}
	}
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY system_notes (system_id, "
				       "kind, seq, key, value) FROM STDIN",
				       notes.buf, notes.len, d);
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY system_info (system_id, seq, "
				       "key, value) FROM STDIN", info.buf,
				       info.len, d);
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY system_sources (system_id, "
				       "seq, path) FROM STDIN", src.buf,
				       src.len, d);
	fsr_buf_release(&notes);
	fsr_buf_release(&info);
	fsr_buf_release(&src);
	return rc;
}

/* A field (0 the key, 1 the test ... 5 the unit) of the results
 * without an id yet, in the keys' order, as an array literal; 0 when
 * there are none. */
static int missing_keys(const struct fsr_report *r, const size_t *order,
			const long long *ids, size_t field, struct fsr_buf *b)
{
	size_t i;
	int any = 0;

	fsr_buf_reset(b);
	fsr_buf_addc(b, '{');
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[order[i]];
		const char *v[] = { res->key, res->test, res->arguments,
				    res->description, res->app_version,
				    res->unit };

		if (ids[order[i]])
			continue;
		if (any)
			fsr_buf_addc(b, ',');
		fsr_store_array_text(b, v[field]);
		any = 1;
	}
	fsr_buf_addc(b, '}');
	return any;
}

/* The ids the store has for the keys of arr into ids[] (order: the
 * results in the keys' order, for a bisection). */
static int pg_find_results(struct fsr_store *st, const struct fsr_report *r,
			   const size_t *order, const char *arr,
			   long long *ids, struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	int rc = fsr_store_prepare(st, d, &s, sql_pg_find_results, "t", arr);

	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		const char *key = fsr_store_text(s, 0);
		long long id = fsr_store_int(s, 1);
		size_t lo = 0, hi = r->n_results;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (strcmp(r->results[order[mid]]->key, key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		/* The same key twice in a run set: both. */
		for (; lo < r->n_results &&
		       !strcmp(r->results[order[lo]]->key, key); lo++)
			ids[order[lo]] = id;
		rc = 0;
	}
	return rc < 0 ? rc : 0;
}

/* result_ids() in three statements: the stored keys, the new ones
 * inserted, their ids. */
static int pg_result_ids(struct fsr_store *st, const struct fsr_report *r,
			 long long *ids, struct fsr_diag *d)
{
	size_t *order = fsr_xcalloc(r->n_results ? r->n_results : 1,
				    sizeof(*order));
	struct fsr_buf a[6] = { FSR_BUF_INIT, FSR_BUF_INIT, FSR_BUF_INIT,
				FSR_BUF_INIT, FSR_BUF_INIT, FSR_BUF_INIT };
	size_t i;
	int rc = 0;

	for (i = 0; i < r->n_results; i++)
		order[i] = i;
	sort_report = r;
	if (r->n_results)
		qsort(order, r->n_results, sizeof(*order), cmp_result_key);
	if (missing_keys(r, order, ids, 0, &a[0]))
		rc = pg_find_results(st, r, order, a[0].buf, ids, d);
	if (!rc && missing_keys(r, order, ids, 0, &a[0])) {
		for (i = 1; i < 6; i++)
			missing_keys(r, order, ids, i, &a[i]);
		rc = fsr_store_exec(st, d, sql_pg_results, "tttttt",
				    a[0].buf, a[1].buf, a[2].buf, a[3].buf,
				    a[4].buf, a[5].buf);
		/* Those inserted, and those another add stored since the
		 * look-up. */
		if (!rc)
			rc = pg_find_results(st, r, order, a[0].buf, ids, d);
	}
	for (i = 0; i < r->n_results && !rc; i++)
		if (!ids[i])
			rc = fsr_store_damaged(st, d, "result '%s' is gone",
					       r->results[i]->key);
	for (i = 0; i < 6; i++)
		fsr_buf_release(&a[i]);
	free(order);
	return rc;
}

/* The cells' ids, in the order of results and cells: *out (n). */
static int pg_cell_ids(struct fsr_store *st, long long rs, size_t n,
		       long long **out, struct fsr_diag *d)
{
	long long *ids = fsr_xcalloc(n ? n : 1, sizeof(*ids));
	struct fsr_stmt *s = NULL;
	size_t k = 0;
	int rc = fsr_store_prepare(st, d, &s, sql_pg_cell_ids, "i", rs);

	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		if (k < n)
			ids[k] = fsr_store_int(s, 0);
		k++;
		rc = 0;
	}
	if (!rc && k != n)
		rc = fsr_store_damaged(st, d, "%zu cells stored of %zu", k, n);
	if (rc) {
		free(ids);
		return rc;
	}
	*out = ids;
	return 0;
}

static int pg_add_cells(struct fsr_store *st, long long rs,
			const struct fsr_report *r, const long long *sys,
			struct fsr_diag *d)
{
	struct fsr_buf b = FSR_BUF_INIT, notes = FSR_BUF_INIT;
	struct fsr_buf ents = FSR_BUF_INIT, sruns = FSR_BUF_INIT;
	struct fsr_buf svals = FSR_BUF_INIT;
	long long *ids = NULL;
	size_t i, j, k, n = 0;
	int rc;

	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		for (j = 0; j < res->n_cells; j++, n++) {
			const struct fsr_cell *c = &res->cells[j];

			col_int(&b, rs, '\t');
			col_int(&b, (long long)i, '\t');
			col_int(&b, (long long)j, '\t');
			col_int(&b, sys[c->system], '\t');
			col_text(&b, c->stored, '\t');
			col_int(&b, (long long)c->stored_decimals, '\t');
			col_int(&b, (long long)c->n_stored, '\t');
			col_int(&b, (long long)c->n_failed, '\t');
			col_text(&b, fsr_cell_fail_reason(c), '\n');
		}
	}
	rc = fsr_store_pg_copy(st, "COPY cells (runset_id, result_seq, seq, "
			       "system_id, stored, stored_decimals, "
			       "n_stored, n_failed, fail_reason) FROM STDIN",
			       b.buf, b.len, d);
	if (!rc)
		rc = pg_cell_ids(st, rs, n, &ids, d);
	fsr_buf_reset(&b);
	for (i = 0, n = 0; i < r->n_results && !rc; i++) {
		const struct fsr_result *res = r->results[i];

		for (j = 0; j < res->n_cells; j++, n++) {
			const struct fsr_cell *c = &res->cells[j];
			const struct fsr_entry *e;
			size_t n_ents;

			for (k = 0; k < c->n; k++)
				copy_row(&b, ids[n], k, c->samples[k]);
			copy_kv(&notes, ids[n], NULL, fsr_cell_meta(c));
			e = fsr_cell_entries(c, &n_ents);
			for (k = 0; k < n_ents; k++) {
				col_int(&ents, ids[n], '\t');
				col_int(&ents, (long long)k, '\t');
				col_text(&ents, e[k].value, '\t');
				col_text(&ents, e[k].raw, '\t');
				col_text(&ents, e[k].json, '\t');
				col_int(&ents, (long long)e[k].seq, '\t');
				col_int(&ents, (long long)e[k].n_samples,
					'\t');
				col_int(&ents, (long long)e[k].failed, '\n');
			}
			copy_series(&sruns, &svals, ids[n], c);
		}
	}
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY samples (cell_id, seq, value) "
				       "FROM STDIN", b.buf, b.len, d);
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY cell_notes (cell_id, seq, key, "
				       "value) FROM STDIN", notes.buf,
				       notes.len, d);
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY entries (cell_id, seq, value, "
				       "raw, json, entry_seq, n_samples, "
				       "failed) FROM STDIN", ents.buf,
				       ents.len, d);
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY series (cell_id, run, n) "
				       "FROM STDIN", sruns.buf, sruns.len, d);
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY series_values (cell_id, run, "
				       "seq, t_ms, value) FROM STDIN",
				       svals.buf, svals.len, d);
	fsr_buf_release(&sruns);
	fsr_buf_release(&svals);
	free(ids);
	fsr_buf_release(&b);
	fsr_buf_release(&notes);
	fsr_buf_release(&ents);
	return rc;
}

/* add_rows() after the run set's row, for PostgreSQL. */
static int pg_add_body(struct fsr_store *st, long long rs,
		       const struct fsr_report *r,
		       const struct fsr_store_file *f, size_t n_files,
		       struct fsr_diag *d)
{
	struct fsr_buf b = FSR_BUF_INIT;
	long long *sys, *res_ids;
	size_t i;
	int rc;

	copy_kv(&b, rs, NULL, &r->generated);
	rc = fsr_store_pg_copy(st, "COPY runset_generated (runset_id, seq, "
			       "key, value) FROM STDIN", b.buf, b.len, d);
	fsr_buf_reset(&b);
	for (i = 0; i < n_files; i++) {
		col_int(&b, rs, '\t');
		col_text(&b, f[i].path, '\t');
		col_text(&b, f[i].sha, '\t');
		col_int(&b, f[i].size, '\n');
	}
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY files (runset_id, path, "
				       "sha256, size) FROM STDIN", b.buf,
				       b.len, d);
	fsr_buf_reset(&b);
	sys = fsr_xcalloc(r->n_systems ? r->n_systems : 1, sizeof(*sys));
	res_ids = fsr_xcalloc(r->n_results ? r->n_results : 1,
			      sizeof(*res_ids));
	if (!rc)
		rc = pg_add_systems(st, rs, r, sys, d);
	if (!rc)
		rc = pg_result_ids(st, r, res_ids, d);
	for (i = 0; i < r->n_results && !rc; i++) {
		const struct fsr_result *res = r->results[i];

		col_int(&b, rs, '\t');
		col_int(&b, (long long)i, '\t');
		col_int(&b, res_ids[i], '\t');
		col_text(&b, res->test_id, '\t');
		col_text(&b, res->title, '\t');
		col_text(&b, fsr_better_name(res->better), '\t');
		col_text(&b, fsr_display_name(res->display), '\t');
		col_int(&b, (long long)res->derived, '\n');
	}
	if (!rc)
		rc = fsr_store_pg_copy(st, "COPY runset_results (runset_id, "
				       "seq, result_id, test_id, title, "
				       "better, display, derived) FROM STDIN",
				       b.buf, b.len, d);
	if (!rc)
		rc = pg_add_cells(st, rs, r, sys, d);
	fsr_buf_release(&b);
	free(res_ids);
	free(sys);
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
	/* the runs are n - 1 of each cell that lost its first: say so */
	if (r->n_dropped_first)
		rc = fsr_store_exec(st, d, sql_dropped_first, "iz", id,
				    r->n_dropped_first);
	if (rc)
		return rc;
	if (st->pg)
		return pg_add_body(st, id, r, f, n_files, d);
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
