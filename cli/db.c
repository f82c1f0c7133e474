/*
 * db.c - run sets read from the results store (--db FILE) instead of
 * folders, chosen by label patterns, --select, --since and --until; the
 * provider behind show, compare, trend, report and check's baseline
 * (the store command itself is cli/store.c).
 */
#include "cli.h"
#include "../lib/numbers.h"
#include "../store/store.h"
#include "../lib/alloc.h"

#include <stdlib.h>
#include <string.h>

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
