/*
 * db.c - run sets read from the results store (--db FILE) instead of
 * folders, chosen by label patterns, --select, --since and --until; the
 * provider behind show, compare, trend, report and check's baseline
 * (the store command itself is cli/store.c).
 */
#include "cli.h"
#include "../analyze/changepoint.h"
#include "../lib/strbuf.h"
#include "../lib/numbers.h"
#include "../store/store.h"
#include "../lib/alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------- the change-point cache */

/* The store kept open for the cache, and what was searched this run. */
static struct {
	int wanted;
	struct fsr_store *st;
	struct fsr_cp_cache cb;
	char **keys, **values;
	size_t n, cap;
	size_t found, searched; /* windows read from it, searched */
} cpc;

void fsr_cli_cp_cache_want(void)
{
	cpc.wanted = 1;
}

/* A window's change points as text: "pos stat p rank" a line, the
 * doubles as C99 hexadecimal (the same bits back). */
static char *cp_encode(const struct fsr_changepoint *cp, size_t n)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		fsr_buf_addf(&b, "%zu %a %a %zu\n", cp[i].pos, cp[i].stat,
			     cp[i].p, cp[i].rank);
	return fsr_buf_detach(&b);
}

/* The text back, or -1 when it is not what cp_encode() writes of a
 * search of n values: positions inside, increasing, each rank once. */
static int cp_decode(const char *v, size_t n, struct fsr_changepoint **out,
		     size_t *n_out)
{
	struct fsr_changepoint *cp = NULL;
	unsigned char *seen;
	size_t k = 0, i;

	while (*v) {
		char *end;
		unsigned long long pos, rank;
		double stat, p;

		pos = strtoull(v, &end, 10);
		if (end == v || *end != ' ')
			goto bad;
		stat = strtod(end + 1, &end);
		if (*end != ' ')
			goto bad;
		p = strtod(end + 1, &end);
		if (*end != ' ')
			goto bad;
		v = end + 1;
		rank = strtoull(v, &end, 10);
		if (end == v || *end != '\n')
			goto bad;
		v = end + 1;
		if (pos < 1 || pos >= n || (k && pos <= cp[k - 1].pos) ||
		    !isfinite(stat) || !(p > 0 && p <= 1) || rank < 1 ||
		    rank > n)
			goto bad;
		cp = fsr_xrealloc(cp, (k + 1) * sizeof(*cp));
		cp[k].pos = (size_t)pos;
		cp[k].stat = stat;
		cp[k].p = p;
		cp[k].rank = (size_t)rank;
		k++;
	}
	/* the ranks 1..k, each once */
	seen = fsr_xcalloc(k + 1, 1);
	for (i = 0; i < k; i++) {
		if (cp[i].rank > k || seen[cp[i].rank]) {
			free(seen);
			goto bad;
		}
		seen[cp[i].rank] = 1;
	}
	free(seen);
	*out = cp;
	*n_out = k;
	return 0;
bad:
	free(cp);
	return -1;
}

static int cp_get(void *ctx, const char *method, const double *x, size_t n,
		  struct fsr_changepoint **out, size_t *n_out)
{
	char key[65], *value;
	int ok;

	(void)ctx;
	fsr_store_cp_key(method, x, n, key);
	if (!fsr_store_cp_get(cpc.st, key, &value))
		return 0;
	ok = cp_decode(value, n, out, n_out) == 0;
	free(value);
	cpc.found += ok;
	return ok;
}

static void cp_put(void *ctx, const char *method, const double *x, size_t n,
		   const struct fsr_changepoint *cp, size_t n_cp, int lasting)
{
	char key[65];

	(void)ctx;
	cpc.searched++;
	/* a last window that ends with the series: the next run set moves
	 * it, so only a run over the same run sets would find it again (a
	 * row a night per series for nothing) */
	if (!lasting)
		return;
	fsr_store_cp_key(method, x, n, key);
	if (cpc.n == cpc.cap) {
		cpc.cap = cpc.cap ? 2 * cpc.cap : 64;
		cpc.keys = fsr_xrealloc(cpc.keys, cpc.cap * sizeof(char *));
		cpc.values = fsr_xrealloc(cpc.values,
					  cpc.cap * sizeof(char *));
	}
	cpc.keys[cpc.n] = fsr_xstrdup(key);
	cpc.values[cpc.n] = cp_encode(cp, n_cp);
	cpc.n++;
}

const struct fsr_cp_cache *fsr_cli_cp_cache(void)
{
	if (!fsr_store_cp_ready(cpc.st))
		return NULL;
	cpc.cb.get = cp_get;
	cpc.cb.put = cp_put;
	cpc.cb.ctx = NULL;
	return &cpc.cb;
}

void fsr_cli_cp_cache_end(const struct fsr_options *o)
{
	size_t i;

	if (cpc.st && (cpc.found || cpc.searched)) {
		int wrote = fsr_store_cp_put(cpc.st, cpc.keys, cpc.values,
					     cpc.n) == 0;

		fsr_info(o, "%s: change points of %zu window%s from its "
			 "cache, %zu searched, %zu kept%s", o->db, cpc.found,
			 cpc.found == 1 ? "" : "s", cpc.searched,
			 wrote ? cpc.n : 0, wrote ? "" : " (the store "
			 "cannot be written)");
	}
	fsr_store_close(cpc.st);
	for (i = 0; i < cpc.n; i++) {
		free(cpc.keys[i]);
		free(cpc.values[i]);
	}
	free(cpc.keys);
	free(cpc.values);
	memset(&cpc, 0, sizeof(cpc));
}

enum fsr_cli_inputs fsr_cli_inputs(const struct fsr_options *o)
{
	if (o->cmd && o->cmd->inputs)
		return o->cmd->inputs(o);
	return o->db ? FSR_INPUTS_STORE : FSR_INPUTS_FOLDERS;
}

const char *fsr_cli_dates_problem(const struct fsr_options *o)
{
	if (o->since && !fsr_store_date_ok(o->since))
		return "--since wants YYYY-MM-DD or 'YYYY-MM-DD HH:MM:SS'";
	if (o->until && !fsr_store_date_ok(o->until))
		return "--until wants YYYY-MM-DD or 'YYYY-MM-DD HH:MM:SS'";
	return NULL;
}

const char *fsr_cli_store_problem(const struct fsr_options *o)
{
	const char *problem = fsr_cli_dates_problem(o);

	if (problem)
		return problem;
	/* store sync's --select chooses in SRC */
	if (!o->db && fsr_cli_inputs(o) != FSR_INPUTS_STORES &&
	    (o->select || o->since || o->until))
		return "--select, --since and --until go with --db";
	return NULL;
}

/* ----------------------------------------------------------- reading */

int fsr_cli_load_store(const struct fsr_options *o,
		       const char *const *patterns, size_t n_patterns,
		       struct fsr_report *r)
{
	struct fsr_store_selection sel;
	struct fsr_store *st;
	struct fsr_diag d;
	long long *ids = NULL;
	size_t n = 0;
	int rc;

	memset(&sel, 0, sizeof(sel));
	sel.patterns = patterns;
	sel.n_patterns = n_patterns;
	sel.filter = o->select;
	sel.since = o->since;
	sel.until = o->until;
	fsr_diag_clear(&d);
	rc = fsr_store_open(o->db, FSR_STORE_READ, &st, &d);
	if (!rc && fsr_store_read_only(st))
		fsr_warning("%s: read-only (neither it nor its folder can be "
			    "written): read as it is on disk, without "
			    "locking", o->db);
	if (!rc)
		rc = fsr_store_select(st, &sel, &ids, &n, &d);
	if (!rc && n)
		rc = fsr_store_load(st, ids, n, r, &d);
	if (!rc && cpc.wanted && !cpc.st && fsr_store_cp_ready(st))
		cpc.st = st; /* closed by fsr_cli_cp_cache_end() */
	else
		fsr_store_close(st);
	free(ids);
	if (rc)
		return fsr_report_diag(&d, rc);
	{
		const struct fsr_result *res;
		double x;

		if (fsr_report_value_out_of_range(r, &x, &res)) {
			fsr_error("%s: the store holds the value %g of '%s', "
				  "outside the range fsreport accepts (0, or "
				  "%g to %g either sign; docs/formats.md)",
				  o->db, x, res->title ? res->title :
				  res->test, FSR_VALUE_MIN, FSR_VALUE_MAX);
			return FSR_EXIT_INPUT;
		}
	}
	if (!n) {
		fsr_error("%s: no stored run set matches the selection",
			  o->db);
		return FSR_EXIT_INPUT;
	}
	fsr_info(o, "%s: %zu run set%s", o->db, n, n == 1 ? "" : "s");
	fsr_report_finish_labels(r);
	if (r->n_results == 0) {
		fsr_error("%s: no results in the selected run sets", o->db);
		return FSR_EXIT_INPUT;
	}
	return 0;
}

int fsr_cli_store_labels(const struct fsr_options *o, char ***labels,
			 size_t *n)
{
	struct fsr_store_selection sel;
	struct fsr_store *st;
	struct fsr_diag d;
	long long *ids = NULL;
	int rc;

	memset(&sel, 0, sizeof(sel));
	sel.patterns = (const char *const *)o->runsets;
	sel.n_patterns = o->n_runsets;
	sel.filter = o->select;
	sel.since = o->since;
	sel.until = o->until;
	*labels = NULL;
	*n = 0;
	fsr_diag_clear(&d);
	rc = fsr_store_open(o->db, FSR_STORE_READ, &st, &d);
	if (!rc)
		rc = fsr_store_select(st, &sel, &ids, n, &d);
	if (!rc)
		rc = fsr_store_labels(st, ids, *n, labels, &d);
	fsr_store_close(st);
	free(ids);
	if (rc) {
		*n = 0;
		return fsr_report_diag(&d, rc);
	}
	return 0;
}

int fsr_cli_load(const struct fsr_options *o, struct fsr_report *r)
{
	int rc;

	if (fsr_cli_inputs(o) == FSR_INPUTS_STORE)
		rc = fsr_cli_load_store(o, (const char *const *)o->runsets,
					o->n_runsets, r);
	else
		rc = fsr_cli_import(o, r);
	return rc ? rc : fsr_cli_apply_notes(o, r);
}
