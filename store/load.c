/*
 * load.c - stored run sets back into a report: which ones (label globs,
 * a date range), then each into a scratch report of its own, checked
 * against its digest, merged the way an import merges a file.
 */
#include "store-internal.h"
#include "../model/series.h"

#include "../lib/alloc.h"

#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct stored {
	long long id;
	char *label, *time;
	int chosen;
};

static const char sql_list[] =
	"SELECT id, label, coalesce(run_time, added_at) FROM runsets "
	"ORDER BY id";

/* t as "YYYY-MM-DD HH:MM:SS"; a date alone is the day's first (end 0)
 * or last (end 1) second. */
static void normal_time(const char *t, int end, char out[20])
{
	size_t n = strlen(t);

	memset(out, 0, 20);
	memcpy(out, t, n < 19 ? n : 19);
	if (n == 10)
		memcpy(out + 10, end ? " 23:59:59" : " 00:00:00", 9);
	if (out[10] == 'T')
		out[10] = ' ';
}

static int in_range(const struct fsr_store_selection *sel, const char *t)
{
	char have[20], lim[20];

	if (!sel->since && !sel->until)
		return 1;
	if (!t)
		return 0;
	normal_time(t, 0, have);
	if (sel->since) {
		normal_time(sel->since, 0, lim);
		if (strcmp(have, lim) < 0)
			return 0;
	}
	if (sel->until) {
		normal_time(sel->until, 1, lim);
		if (strcmp(have, lim) > 0)
			return 0;
	}
	return 1;
}

static int wanted(const struct fsr_store_selection *sel,
		  const struct stored *s)
{
	if (sel->filter && fnmatch(sel->filter, s->label, 0) != 0)
		return 0;
	return in_range(sel, s->time);
}

int fsr_store_select(struct fsr_store *st,
		     const struct fsr_store_selection *sel, long long **ids,
		     size_t *n_ids, struct fsr_diag *d)
{
	struct stored *all = NULL;
	size_t n = 0, cap = 0, i, p, k = 0;
	struct fsr_stmt *s = NULL;
	int rc;

	*ids = NULL;
	*n_ids = 0;
	if ((rc = fsr_store_prepare(st, d, &s, sql_list, "")))
		return rc;
	while ((rc = fsr_store_step(st, s, d)) > 0) {
		const char *t = fsr_store_text(s, 2);

		FSR_GROW(all, cap, n + 1);
		all[n].id = fsr_store_int(s, 0);
		all[n].label = fsr_xstrdup(fsr_store_text(s, 1) ?
					   fsr_store_text(s, 1) : "");
		all[n].time = t ? fsr_xstrdup(t) : NULL;
		all[n++].chosen = 0;
	}
	if (!rc) {
		*ids = fsr_xcalloc(n ? n : 1, sizeof(**ids));
		for (p = 0; p < (sel->n_patterns ? sel->n_patterns : 1); p++) {
			for (i = 0; i < n; i++) {
				if (all[i].chosen || !wanted(sel, &all[i]) ||
				    (sel->n_patterns &&
				     fnmatch(sel->patterns[p], all[i].label,
					     0) != 0))
					continue;
				all[i].chosen = 1;
				(*ids)[k++] = all[i].id;
			}
		}
		*n_ids = k;
	}
	for (i = 0; i < n; i++) {
		free(all[i].label);
		free(all[i].time);
	}
	free(all);
	return rc;
}

/* ---------------------------------------------------------- one run set */

static const char sql_runset[] =
	"SELECT label, path, explicit_label, data_sha256, title, "
	"description, n_generated FROM runsets WHERE id = ?";
static const char sql_generated[] =
	"SELECT key, value FROM runset_generated WHERE runset_id = ? "
	"ORDER BY seq";
static const char sql_systems[] =
	"SELECT id, seq, name, hardware, software, json, declared, "
	"undeclared FROM systems WHERE runset_id = ? ORDER BY seq";
static const char sql_notes[] =
	"SELECT kind, key, value FROM system_notes WHERE system_id = ? "
	"ORDER BY kind, seq";
static const char sql_info[] =
	"SELECT key, value FROM system_info WHERE system_id = ? ORDER BY seq";
static const char sql_sources[] =
	"SELECT path FROM system_sources WHERE system_id = ? ORDER BY seq";
static const char sql_results[] =
	"SELECT rr.seq, r.key, r.test, r.arguments, r.description, "
	"r.app_version, r.unit, rr.test_id, rr.title, rr.better, "
	"rr.display, rr.derived FROM runset_results rr JOIN results r "
	"ON r.id = rr.result_id WHERE rr.runset_id = ? ORDER BY rr.seq";
static const char sql_cells[] =
	"SELECT c.id, c.result_seq, c.seq, s.seq, c.stored, "
	"c.stored_decimals, c.n_stored, c.n_failed, c.fail_reason "
	"FROM cells c JOIN systems s ON s.id = c.system_id "
	"WHERE c.runset_id = ? ORDER BY c.result_seq, c.seq";
/* The rows below the cells, for all cells of a run set at once, in the
 * cells' order (one query each per run set, not per cell: on PostgreSQL
 * a round trip each, 300 per run set of 100 results before). */
static const char sql_samples[] =
	"SELECT x.cell_id, x.value FROM samples x JOIN cells c "
	"ON c.id = x.cell_id WHERE c.runset_id = ? "
	"ORDER BY c.result_seq, c.seq, x.seq";
static const char sql_cell_notes[] =
	"SELECT x.cell_id, x.key, x.value FROM cell_notes x JOIN cells c "
	"ON c.id = x.cell_id WHERE c.runset_id = ? "
	"ORDER BY c.result_seq, c.seq, x.seq";
static const char sql_entries[] =
	"SELECT x.cell_id, x.value, x.raw, x.json, x.entry_seq, "
	"x.n_samples, x.failed FROM entries x JOIN cells c "
	"ON c.id = x.cell_id WHERE c.runset_id = ? "
	"ORDER BY c.result_seq, c.seq, x.seq";

/* Since schema 3: each run's series, an empty one as one row of NULLs
 * (its n 0). */
static const char sql_series[] =
	"SELECT x.cell_id, x.run, x.n, v.t_ms, v.value FROM series x "
	"JOIN cells c ON c.id = x.cell_id LEFT JOIN series_values v "
	"ON v.cell_id = x.cell_id AND v.run = x.run WHERE c.runset_id = ? "
	"ORDER BY c.result_seq, c.seq, x.run, v.seq";

static const char sql_dropped_first[] =
	"SELECT n FROM runset_dropped_first WHERE runset_id = ?";

static const char *text_or_empty(struct fsr_stmt *s, int col)
{
	const char *t = fsr_store_text(s, col);

	return t ? t : "";
}

static char *dup_or_null(struct fsr_stmt *s, int col)
{
	const char *t = fsr_store_text(s, col);

	return t ? fsr_xstrdup(t) : NULL;
}

/* Pairs (key, value) of a query into l, from column col. */
static int load_kv(struct fsr_store *st, const char *sql, long long id,
		   int col, struct fsr_kvlist *l, struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	int rc = fsr_store_prepare(st, d, &s, sql, "i", id);

	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		fsr_kvlist_set(l, text_or_empty(s, col),
			       text_or_empty(s, col + 1));
		rc = 0;
	}
	return rc;
}

static int load_system(struct fsr_store *st, struct fsr_report *r,
		       struct fsr_stmt *row, long long *id, struct fsr_diag *d)
{
	const char *name = fsr_store_text(row, 2);
	size_t idx = fsr_report_system(r, 0, name);
	struct fsr_system *sys;
	struct fsr_stmt *s = NULL;
	int rc;

	*id = fsr_store_int(row, 0);
	if (idx + 1 != r->n_systems ||
	    fsr_store_int(row, 1) != (long long)idx)
		return fsr_store_damaged(st, d, "system %lld out of place",
					 *id);
	sys = &r->systems[idx];
	sys->hardware = dup_or_null(row, 3);
	sys->software = dup_or_null(row, 4);
	sys->json = dup_or_null(row, 5);
	sys->declared = (int)fsr_store_int(row, 6);
	sys->undeclared = (int)fsr_store_int(row, 7);
	rc = fsr_store_prepare(st, d, &s, sql_notes, "i", *id);
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		const char *kind = text_or_empty(s, 0);
		struct fsr_kvlist *l = !strcmp(kind, "hw") ? &sys->hw :
				       !strcmp(kind, "sw") ? &sys->sw :
				       &sys->meta;

		fsr_kvlist_set(l, text_or_empty(s, 1), text_or_empty(s, 2));
		rc = 0;
	}
	/* Schema 1 had no system_info: its run sets have no such notes. */
	if (!rc && st->version >= 2)
		rc = load_kv(st, sql_info, *id, 0, &sys->info, d);
	if (rc)
		return rc;
	rc = fsr_store_prepare(st, d, &s, sql_sources, "i", *id);
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		fsr_system_add_source(sys, text_or_empty(s, 0));
		rc = 0;
	}
	return rc;
}

static void set_text(char **field, const char *value)
{
	free(*field);
	*field = fsr_xstrdup(value);
}

static int load_result(struct fsr_store *st, struct fsr_report *r,
		       struct fsr_stmt *row, struct fsr_diag *d)
{
	struct fsr_result_key key;
	struct fsr_result *res;
	enum fsr_display display;

	key.test = text_or_empty(row, 2);
	key.arguments = text_or_empty(row, 3);
	key.description = text_or_empty(row, 4);
	key.app_version = text_or_empty(row, 5);
	key.unit = text_or_empty(row, 6);
	res = fsr_report_result(r, &key);
	if (fsr_store_int(row, 0) + 1 != (long long)r->n_results ||
	    res != r->results[r->n_results - 1] ||
	    strcmp(res->key, text_or_empty(row, 1)))
		return fsr_store_damaged(st, d, "result %lld out of place",
					 fsr_store_int(row, 0));
	set_text(&res->test_id, text_or_empty(row, 7));
	set_text(&res->title, text_or_empty(row, 8));
	res->better = fsr_better_parse(text_or_empty(row, 9));
	if (fsr_display_parse(text_or_empty(row, 10), &display))
		return fsr_store_damaged(st, d, "result display '%s'",
					 text_or_empty(row, 10));
	res->display = display;
	res->derived = (int)fsr_store_int(row, 11);
	return 0;
}

/* The cells of a run set as read, in order: their row id, result and
 * system (a cell is found again by these: a result's cells array may
 * move while its later cells are added). */
struct cell_ref {
	long long id;
	size_t result, system;
};

struct cell_refs {
	struct cell_ref *v;
	size_t n, cap, at; /* at: the walk of a query's rows */
};

static int load_cell(struct fsr_store *st, struct fsr_report *r,
		     struct fsr_stmt *row, struct cell_refs *refs,
		     struct fsr_diag *d)
{
	long long id = fsr_store_int(row, 0);
	long long res_seq = fsr_store_int(row, 1);
	long long seq = fsr_store_int(row, 2);
	long long sys = fsr_store_int(row, 3);
	struct fsr_result *res;
	struct fsr_cell *c;

	if (res_seq < 0 || res_seq >= (long long)r->n_results || sys < 0 ||
	    sys >= (long long)r->n_systems)
		return fsr_store_damaged(st, d, "cell %lld out of place", id);
	res = r->results[res_seq];
	c = fsr_result_cell(res, (size_t)sys);
	if (seq + 1 != (long long)res->n_cells || c->n || c->n_stored)
		return fsr_store_damaged(st, d, "cell %lld out of place", id);
	c->stored = dup_or_null(row, 4);
	c->stored_decimals = (int)fsr_store_int(row, 5);
	c->n_stored = (size_t)fsr_store_int(row, 6);
	c->n_failed = (size_t)fsr_store_int(row, 7);
	fsr_cell_set_fail_reason(c, fsr_store_text(row, 8));
	FSR_GROW(refs->v, refs->cap, refs->n + 1);
	refs->v[refs->n].id = id;
	refs->v[refs->n].result = (size_t)res_seq;
	refs->v[refs->n].system = (size_t)sys;
	refs->n++;
	return 0;
}

/* The cell of a row whose column 0 is its cell id: the rows come in the
 * cells' order, so the walk only goes forward. NULL: damaged. */
static struct fsr_cell *row_cell(struct fsr_report *r, struct cell_refs *refs,
				 struct fsr_stmt *row)
{
	long long id = fsr_store_int(row, 0);

	while (refs->at < refs->n && refs->v[refs->at].id != id)
		refs->at++;
	if (refs->at == refs->n)
		return NULL;
	return fsr_result_cell(r->results[refs->v[refs->at].result],
			       refs->v[refs->at].system);
}

/* The samples, notes and entries of every cell of run set id. */
static int load_cell_rows(struct fsr_store *st, struct fsr_report *r,
			  long long id, struct cell_refs *refs,
			  struct fsr_diag *d)
{
	static const char *const sql[] = { sql_samples, sql_cell_notes,
					   sql_entries };
	struct fsr_stmt *s = NULL;
	struct fsr_cell *c;
	size_t q;
	int rc = 0;

	for (q = 0; q < 3 && !rc; q++) {
		refs->at = 0;
		rc = fsr_store_prepare(st, d, &s, sql[q], "i", id);
		while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
			rc = 0;
			if (!(c = row_cell(r, refs, s))) {
				rc = fsr_store_damaged(st, d, "a row of cell "
						       "%lld out of place",
						       fsr_store_int(s, 0));
				fsr_store_reset(s);
			} else if (q == 0) {
				fsr_cell_add_sample(c, fsr_store_double(s, 1));
			} else if (q == 1) {
				fsr_kvlist_set(fsr_cell_meta_edit(c),
					       text_or_empty(s, 1),
					       text_or_empty(s, 2));
			} else {
				fsr_cell_add_entry(c, text_or_empty(s, 1),
						   fsr_store_text(s, 2),
						   fsr_store_text(s, 3),
						   (size_t)fsr_store_int(s, 4),
						   (size_t)fsr_store_int(s, 5),
						   (int)fsr_store_int(s, 6));
			}
		}
	}
	return rc;
}

/* Run ri of cell ci, its n times t: given to c, or a damaged store when
 * a time is NULL or not finite (fsr_cell_add_series() refuses it: no
 * output could write it that reading back would take). */
static int add_run(struct fsr_store *st, struct fsr_report *r,
		   struct fsr_cell *c, long long ci, long long ri,
		   const double *t, const double *v, size_t n,
		   struct fsr_diag *d)
{
	size_t k = fsr_series_bad_time(t, n);

	if (k == n && !fsr_cell_add_series(c, t, v, n))
		return 0;
	return fsr_store_damaged(st, d, "run set '%s': cell %lld, run %lld: "
				 "time %zu of its series is not a finite "
				 "number", r->n_runsets ? r->runsets[0].label :
				 "", ci, ri, k + 1);
}

/* The runs' time series of every cell of run set id (schema 3): the
 * rows of a run gathered, then given to its cell. */
static int load_series(struct fsr_store *st, struct fsr_report *r,
		       long long id, struct cell_refs *refs,
		       struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	struct fsr_cell *c = NULL;
	double *t = NULL, *v = NULL;
	size_t n = 0, cap = 0, want = 0;
	long long cell = -1, run = -1;
	int rc, bad = 0;

	refs->at = 0;
	rc = fsr_store_prepare(st, d, &s, sql_series, "i", id);
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		long long ci = fsr_store_int(s, 0), ri = fsr_store_int(s, 1);
		long long ni = fsr_store_int(s, 2);
		const struct fsr_seriesset *ss;

		rc = 0;
		if (ci != cell || ri != run) {
			/* the run before is whole: its cell's next */
			if (c && n != want) {
				bad = 1;
				break;
			}
			if (c && (rc = add_run(st, r, c, cell, run, t, v,
					       n, d))) {
				fsr_store_reset(s);
				break;
			}
			c = row_cell(r, refs, s);
			cell = ci;
			run = ri;
			n = 0;
			want = ni < 0 ? 0 : (size_t)ni;
			ss = c ? fsr_cell_series(c) : NULL;
			if (!c || ni < 0 || ri != (long long)(ss ? ss->n : 0)) {
				bad = 1;
				break;
			}
			if (!want) /* an empty run: one row of NULLs */
				continue;
		}
		if (n == want) {
			bad = 1;
			break;
		}
		FSR_GROW(t, cap, n + 1);
		v = fsr_xrealloc(v, cap * sizeof(*v));
		t[n] = fsr_store_double(s, 3);
		v[n++] = fsr_store_double(s, 4);
	}
	if (bad) {
		fsr_store_reset(s);
		rc = fsr_store_damaged(st, d, "a series of cell %lld out of "
				       "place", cell);
	} else if (!rc && c) {
		if (n != want)
			rc = fsr_store_damaged(st, d, "a series of cell %lld "
					       "out of place", cell);
		else
			rc = add_run(st, r, c, cell, run, t, v, n, d);
	}
	free(t);
	free(v);
	return rc;
}

/* Everything of run set id below its runsets row into r. */
static int load_body(struct fsr_store *st, long long id,
		     struct fsr_report *r, struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL; /* reset on error: none yet is a no-op */
	struct cell_refs refs = { NULL, 0, 0, 0 };
	long long sys_id;
	int rc;

	rc = load_kv(st, sql_generated, id, 0, &r->generated, d);
	if (!rc)
		rc = fsr_store_prepare(st, d, &s, sql_systems, "i", id);
	/* A system's notes are read with their own statements while the
	 * systems' one is open (each statement is cached once). */
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0)
		rc = load_system(st, r, s, &sys_id, d);
	if (!rc)
		rc = fsr_store_prepare(st, d, &s, sql_results, "i", id);
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0)
		rc = load_result(st, r, s, d);
	if (!rc)
		rc = fsr_store_prepare(st, d, &s, sql_cells, "i", id);
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0)
		rc = load_cell(st, r, s, &refs, d);
	if (rc)
		fsr_store_reset(s);
	else
		rc = load_cell_rows(st, r, id, &refs, d);
	/* Schema 2 and before kept no series. */
	if (!rc && st->version >= 3)
		rc = load_series(st, r, id, &refs, d);
	free(refs.v);
	return rc;
}

int fsr_store_load_alone(struct fsr_store *st, long long id,
			 struct fsr_report **out, struct fsr_diag *d)
{
	struct fsr_report *r = fsr_report_new();
	char *label = NULL, *path = NULL, *sha = NULL, hex[65];
	struct fsr_stmt *s = NULL;
	int rc, explicit_label = 0;

	rc = fsr_store_prepare(st, d, &s, sql_runset, "i", id);
	if (!rc && (rc = fsr_store_step(st, s, d)) == 0)
		rc = fsr_store_damaged(st, d, "run set %lld is gone", id);
	if (rc > 0) {
		label = fsr_xstrdup(text_or_empty(s, 0));
		path = fsr_xstrdup(text_or_empty(s, 1));
		explicit_label = (int)fsr_store_int(s, 2);
		sha = fsr_xstrdup(text_or_empty(s, 3));
		r->title = dup_or_null(s, 4);
		r->description = dup_or_null(s, 5);
		r->n_generated = (size_t)fsr_store_int(s, 6);
		fsr_store_reset(s);
		fsr_report_add_runset(r, label, path, explicit_label);
		rc = load_body(st, id, r, d);
	}
	/* Schema 3 and before kept no first runs left out. */
	if (!rc && st->version >= 4) {
		rc = fsr_store_prepare(st, d, &s, sql_dropped_first, "i", id);
		if (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
			r->n_dropped_first = (size_t)fsr_store_int(s, 0);
			fsr_store_reset(s);
			rc = 0;
		}
	}
	if (!rc) {
		fsr_store_digest(r, hex);
		if (strcmp(hex, sha))
			rc = fsr_store_damaged(st, d, "run set '%s' does not "
					       "match its SHA-256", label);
	}
	free(label);
	free(path);
	free(sha);
	if (rc) {
		fsr_report_free(r);
		r = NULL;
	}
	*out = r;
	return rc;
}

static int load_one(struct fsr_store *st, long long id,
		    struct fsr_report *dst, struct fsr_diag *d)
{
	struct fsr_report *r;
	int rc = fsr_store_load_alone(st, id, &r, d);

	if (!rc) {
		const struct fsr_runset *rs = &r->runsets[0];

		fsr_report_merge(dst, fsr_report_add_runset(dst, rs->label,
							    rs->path,
							    rs->explicit_label),
				 r);
	}
	return rc;
}

int fsr_store_load(struct fsr_store *st, const long long *ids, size_t n,
		   struct fsr_report *r, struct fsr_diag *d)
{
	size_t i;
	int rc = 0;

	/* One read transaction: every run set from the same snapshot. */
	rc = fsr_store_run(st, st->pg ? "BEGIN ISOLATION LEVEL REPEATABLE "
			   "READ READ ONLY" : "BEGIN", "read", d);
	if (rc)
		return rc;
	for (i = 0; i < n && !rc; i++)
		rc = load_one(st, ids[i], r, d);
	fsr_store_run(st, st->pg ? "ROLLBACK" : "COMMIT", "read", NULL);
	return rc;
}

/* ------------------------------------------------------------ labels */

static const char sql_label[] = "SELECT label FROM runsets WHERE id = ?";

int fsr_store_labels(struct fsr_store *st, const long long *ids, size_t n,
		     char ***labels, struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	size_t i;
	int rc = 0;

	*labels = fsr_xcalloc(n + 1, sizeof(**labels));
	for (i = 0; i < n && !rc; i++) {
		rc = fsr_store_prepare(st, d, &s, sql_label, "i", ids[i]);
		if (!rc && (rc = fsr_store_step(st, s, d)) == 0)
			rc = fsr_store_damaged(st, d, "run set %lld is gone",
					       ids[i]);
		if (rc > 0) {
			(*labels)[i] = fsr_xstrdup(text_or_empty(s, 0));
			fsr_store_reset(s);
			rc = 0;
		}
	}
	if (rc) {
		for (i = 0; i < n; i++)
			free((*labels)[i]);
		free(*labels);
		*labels = NULL;
	}
	return rc;
}
