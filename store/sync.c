/*
 * sync.c - one stored run set copied into another store, of either back
 * end: its rows as they are (the content checked against its SHA-256 on
 * the way), with the SHA-256s of the files it was read from and its time
 * of add, so that the copy is the same run set, content-addressed alike
 * (the same files already there are not copied again).
 */
#include "store-internal.h"

#include "../lib/alloc.h"

#include <stdlib.h>
#include <string.h>

static const char sql_runset[] =
	"SELECT files_sha256, added_at FROM runsets WHERE id = ?";
/* In add.c's order: by SHA-256, then path. */
static const char sql_files[] =
	"SELECT path, sha256, size FROM files WHERE runset_id = ? "
	"ORDER BY sha256, path";

/* The files rows of run set id, *files_sha and *added_at (the caller
 * frees f[i].path, f, *added_at). */
static int read_files(struct fsr_store *st, long long id,
		      struct fsr_store_file **out, size_t *n_out,
		      char files_sha[65], char **added_at,
		      struct fsr_diag *d)
{
	struct fsr_stmt *s = NULL;
	struct fsr_store_file *f = NULL;
	size_t n = 0, cap = 0;
	char check[65];
	int rc = fsr_store_prepare(st, d, &s, sql_runset, "i", id);

	*added_at = NULL;
	if (!rc && (rc = fsr_store_step(st, s, d)) == 0)
		rc = fsr_store_damaged(st, d, "run set %lld is gone", id);
	if (rc < 0)
		return rc;
	snprintf(files_sha, 65, "%s", fsr_store_text(s, 0) ?
		 fsr_store_text(s, 0) : "");
	*added_at = fsr_xstrdup(fsr_store_text(s, 1) ? fsr_store_text(s, 1)
				: "");
	fsr_store_reset(s);
	rc = fsr_store_prepare(st, d, &s, sql_files, "i", id);
	while (!rc && (rc = fsr_store_step(st, s, d)) > 0) {
		const char *path = fsr_store_text(s, 0),
			   *sha = fsr_store_text(s, 1);

		if (!path || !sha || strlen(sha) != 64) {
			fsr_store_reset(s);
			rc = fsr_store_damaged(st, d, "run set %lld: a file "
					       "row without its SHA-256", id);
			break;
		}
		FSR_GROW(f, cap, n + 1);
		f[n].path = fsr_xstrdup(path);
		memcpy(f[n].sha, sha, 65);
		f[n].size = fsr_store_int(s, 2);
		rc = 0;
		n++;
	}
	if (!rc) {
		fsr_store_files_sha(f, n, check);
		if (strcmp(check, files_sha))
			rc = fsr_store_damaged(st, d, "run set %lld: its files "
					       "do not match their SHA-256",
					       id);
	}
	*out = f;
	*n_out = n;
	return rc;
}

int fsr_store_copy(struct fsr_store *src, long long id,
		   struct fsr_store *dst, struct fsr_report **copied,
		   enum fsr_store_added *what, char **as_label,
		   struct fsr_diag *d)
{
	struct fsr_store_file *f = NULL;
	struct fsr_report *r = NULL;
	char files_sha[65], *added_at = NULL;
	size_t n = 0, i;
	int rc;

	*as_label = NULL;
	*copied = NULL;
	/* The run set's rows from one snapshot of src. */
	rc = fsr_store_run(src, src->pg ? "BEGIN ISOLATION LEVEL "
			   "REPEATABLE READ READ ONLY" : "BEGIN", "read", d);
	if (rc)
		return rc;
	rc = read_files(src, id, &f, &n, files_sha, &added_at, d);
	if (!rc)
		rc = fsr_store_load_alone(src, id, &r, d);
	fsr_store_run(src, src->pg ? "ROLLBACK" : "COMMIT", "read", NULL);
	if (!rc)
		rc = fsr_store_add_hashed(dst, r, files_sha, f, n, added_at,
					  what, as_label, d);
	for (i = 0; i < n; i++)
		free((char *)f[i].path);
	free(f);
	free(added_at);
	if (rc)
		fsr_report_free(r);
	else
		*copied = r;
	return rc;
}
