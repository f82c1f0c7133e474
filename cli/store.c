/*
 * store.c - the store command: "store add" keeps run sets in --db FILE,
 * "store export" writes it in long form, "store sync" copies run sets
 * from one store to another. Reading run sets from a store
 * (--db with show, compare, trend, report, check) is cli/db.c's.
 */
#include "cli.h"
#include "../store/store.h"
#include "../lib/alloc.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* store's options: the shared ones, then its own. */
struct store_options {
	struct fsr_options c;
	const char *subcommand;  /* add, export or sync: the word after
				  * "store" (FSR_CMD_SUBCOMMAND) */
};
#define STORE_OPTS(o) FSR_CMD_OPTS(const struct store_options, o)

/* 1 when o's subcommand is word. */
static int is_sub(const struct fsr_options *o, const char *word)
{
	const char *sub = STORE_OPTS(o)->subcommand;

	return sub && !strcmp(sub, word);
}

/* "store add" (run sets in, the store written), not export. */
static int is_add(const struct fsr_options *o)
{
	return is_sub(o, "add");
}

/* add reads run sets into the store, sync two stores, export reads
 * --db (the default). */
static enum fsr_cli_inputs store_inputs(const struct fsr_options *o)
{
	if (is_add(o))
		return FSR_INPUTS_INTO_STORE;
	if (is_sub(o, "sync"))
		return FSR_INPUTS_STORES;
	return o->db ? FSR_INPUTS_STORE : FSR_INPUTS_FOLDERS;
}

static const char *store_problem(const struct fsr_options *o)
{
	const char *sub = STORE_OPTS(o)->subcommand;

	if (!sub)
		return "store needs a subcommand: add, export or sync";
	if (strcmp(sub, "add") && strcmp(sub, "export") && strcmp(sub, "sync"))
		return "store knows the subcommands add, export and sync";
	if (is_sub(o, "sync")) {
		if (o->n_runsets < 2)
			return "store sync needs SRC and DST (files or "
			       "postgresql:// URLs)";
		if (o->db || o->to || o->output || o->n_notes)
			return "store sync takes SRC DST [PATTERN...], "
			       "--select, --since and --until";
		return NULL;
	}
	if (!o->db)
		return "store needs --db FILE";
	if (is_add(o)) {
		if (!o->n_runsets)
			return "store add needs run sets";
		if (o->select || o->since || o->until || o->to || o->output)
			return "store add takes run sets only (--select, "
			       "--since, --until, --to and -o go with "
			       "export)";
		return NULL;
	}
	if (o->to && strcmp(o->to, "csv"))
		return "store export writes --to csv (the long form)";
	if (o->n_notes)
		return "--note goes with store add (export writes the notes "
		       "stored)";
	return NULL;
}

static int check_store(struct fsr_options *o)
{
	const char *problem = fsr_cli_dates_problem(o);

	if (!problem)
		problem = store_problem(o);
	return problem ? fsr_cli_usage_error(o, "%s", problem) : 0;
}

/* ------------------------------------------------------------ adding */

/* Now, "YYYY-MM-DD HH:MM:SS" UTC; SOURCE_DATE_EPOCH stands for now when
 * set (reproducible stores, the tests). */
static void now_utc(char out[32])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = time(NULL);
	struct tm tm;

	if (sde && *sde) {
		char *end;
		long long v = strtoll(sde, &end, 10);

		if (!*end && v >= 0)
			t = (time_t)v;
	}
	if (!gmtime_r(&t, &tm) ||
	    !strftime(out, 32, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(out, 32, "1970-01-01 00:00:00");
}

static size_t n_samples(const struct fsr_report *r)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->n_results; i++)
		for (j = 0; j < r->results[i]->n_cells; j++)
			n += r->results[i]->cells[j].n;
	return n;
}

/* Import every run set alone (as the store keeps them) into rs[]. */
static int import_one(const struct fsr_options *o, size_t i,
		      struct fsr_report **r);

/* Import every run set alone (as the store keeps them) into rs[]. */
static int import_each(const struct fsr_options *o, struct fsr_report **rs)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < o->n_runsets && !rc; i++)
		rc = import_one(o, i, &rs[i]);
	if (!rc && o->state->kept_going_past)
		rc = FSR_EXIT_INPUT; /* --keep-going: nothing half stored */
	return rc;
}

/* 1 when l is the label of a --note (its first len bytes). */
static int is_label(const char *l, const char *note, size_t len)
{
	return l && strlen(l) == len && !strncmp(l, note, len);
}

/*
 * The run set whose systems a --note LABEL names (*which): all of the
 * run set labelled so (*whole = 1), else the systems labelled so, as
 * the run set alone labels them, which must be of one run set. Returns
 * 0 none, 1 found, -1 systems of several run sets.
 */
static int note_targets(const struct fsr_options *o, struct fsr_report **rs,
			const char *note, size_t len, size_t *which,
			int *whole)
{
	size_t i, j, n_rs = 0;

	*whole = 0;
	for (i = 0; i < o->n_runsets; i++) {
		if (is_label(rs[i]->runsets[0].label, note, len)) {
			*which = i;
			*whole = 1;
			return 1;
		}
	}
	for (i = 0; i < o->n_runsets; i++) {
		for (j = 0; j < rs[i]->n_systems; j++)
			if (is_label(rs[i]->systems[j].label, note, len))
				break;
		if (j < rs[i]->n_systems) {
			*which = i;
			n_rs++;
		}
	}
	return n_rs > 1 ? -1 : (int)n_rs;
}

/* store add --note LABEL=TEXT: kept with the systems it names. */
static int add_notes(const struct fsr_options *o, struct fsr_report **rs)
{
	size_t n, i = 0, j, len;
	int found, whole;

	for (n = 0; n < o->n_notes; n++) {
		const char *note = o->notes[n], *eq = strchr(note, '=');

		len = (size_t)(eq - note);
		found = note_targets(o, rs, note, len, &i, &whole);
		if (found <= 0) {
			fsr_error("--note %s: %s '%.*s'; nothing was added",
				  note, found ? "systems of several run sets "
				  "are labelled" : "no run set or system is "
				  "labelled", (int)len, note);
			return FSR_EXIT_USAGE;
		}
		for (j = 0; j < rs[i]->n_systems; j++)
			if (whole || is_label(rs[i]->systems[j].label, note,
					      len))
				fsr_cli_add_note(&rs[i]->systems[j], eq + 1);
	}
	return 0;
}

/* Import run set i alone (as the store keeps it) into a new report. */
static int import_one(const struct fsr_options *o, size_t i,
		      struct fsr_report **r)
{
	struct store_options one = *STORE_OPTS(o);

	one.c.runsets = &o->runsets[i];
	one.c.labels = &o->labels[i];
	one.c.n_runsets = 1;
	*r = fsr_report_new();
	return fsr_cli_import(&one.c, *r);
}

/*
 * Add the run sets in one transaction. rs[i] NULL: read it here, add it
 * and free it before the next (store add streams: peak memory is one run
 * set's, not all of them, issue 35). The lines are printed once the
 * transaction is committed.
 */
static int add_all(const struct fsr_options *o, struct fsr_store *st,
		   struct fsr_report **rs, struct fsr_diag *d)
{
	struct fsr_buf said;
	char now[32];
	size_t i;
	int rc;

	now_utc(now);
	if ((rc = fsr_store_begin(st, d)))
		return fsr_report_diag(d, rc);
	fsr_buf_init(&said);
	for (i = 0; i < o->n_runsets; i++) {
		enum fsr_store_added what;
		struct fsr_report *r = rs[i];
		char *as = NULL;

		if (!r && (rc = import_one(o, i, &r))) {
			fsr_report_free(r);
			break;
		}
		if (o->state->kept_going_past) {
			/* --keep-going: read on for the messages, add
			 * nothing (rolled back below). */
			if (!rs[i])
				fsr_report_free(r);
			continue;
		}
		rc = fsr_store_add(st, r, now, &what, &as, d);
		if (rc) {
			rc = fsr_report_diag(d, rc);
		} else if (what == FSR_STORE_TAKEN) {
			fsr_error("%s: the label '%s' is in the store already, "
				  "with other runs; nothing was added (give "
				  "another label, LABEL=PATH)", o->db,
				  r->runsets[0].label);
			rc = FSR_EXIT_USAGE;
		} else if (what == FSR_STORE_ALREADY) {
			fsr_buf_addf(&said, "'%s': stored already as '%s', "
				     "not added again\n", r->runsets[0].path,
				     as);
		} else {
			fsr_buf_addf(&said, "added '%s': %zu results, %zu "
				     "samples\n", r->runsets[0].label,
				     r->n_results, n_samples(r));
		}
		free(as);
		if (!rs[i])
			fsr_report_free(r);
		if (rc)
			break;
	}
	if (!rc && o->state->kept_going_past)
		rc = FSR_EXIT_INPUT; /* --keep-going: nothing half stored */
	if (rc) {
		fsr_store_rollback(st);
	} else if ((rc = fsr_store_commit(st, d))) {
		rc = fsr_report_diag(d, rc);
	} else if (!o->quiet) {
		fputs(said.buf, stdout);
	}
	fsr_buf_release(&said);
	return rc;
}

static int store_add(const struct fsr_options *o)
{
	struct fsr_report **rs = fsr_xcalloc(o->n_runsets, sizeof(*rs));
	struct fsr_store *st = NULL;
	struct fsr_diag d;
	size_t i;
	int rc = 0;

	/* With --note every run set is read before the store is locked (a
	 * note's label is looked for in all of them); without, the first
	 * is (a bad input leaves no store behind) and the others are read
	 * one at a time inside the transaction. */
	fsr_progress_begin(o);
	if (o->n_notes)
		rc = import_each(o, rs);
	else if (o->n_runsets)
		rc = import_one(o, 0, &rs[0]);
	if (!rc && o->n_notes)
		rc = add_notes(o, rs);
	fsr_diag_clear(&d);
	if (!rc) {
		rc = fsr_store_open(o->db, FSR_STORE_WRITE, &st, &d);
		rc = rc ? fsr_report_diag(&d, rc) : add_all(o, st, rs, &d);
	}
	fsr_progress_end();
	fsr_store_close(st);
	for (i = 0; i < o->n_runsets; i++)
		fsr_report_free(rs[i]);
	free(rs);
	return rc;
}

static int store_export(const struct fsr_options *o)
{
	const struct fsr_renderer *rend = fsr_renderer_find("long-csv");
	struct fsr_render_opts ro;
	struct fsr_report *r = fsr_report_new();
	struct fsr_view view;
	int rc = fsr_cli_load_store(o, (const char *const *)o->runsets,
				    o->n_runsets, r);

	if (!rc) {
		memset(&view, 0, sizeof(view));
		view.command = FSR_CMD_IMPORT;
		view.report = r;
		fsr_cli_render_opts(o, &ro);
		rc = fsr_cli_write_render(o, rend->render, &view, &ro);
	}
	fsr_report_free(r);
	return rc;
}

/* ------------------------------------------------------------ sync */

/* SRC and DST name one store: the same text, or the same file. */
static int same_store(const char *a, const char *b)
{
	char *ra, *rb;
	int same;

	if (!strcmp(a, b))
		return 1;
	ra = realpath(a, NULL);
	rb = realpath(b, NULL);
	same = ra && rb && !strcmp(ra, rb);
	free(ra);
	free(rb);
	return same;
}

/* Copy run set ids[i] in a transaction of its own; *copied, *there
 * count what it did. */
static int sync_one(const struct fsr_options *o, struct fsr_store *src,
		    struct fsr_store *dst, long long id, size_t *copied,
		    size_t *there, struct fsr_diag *d)
{
	const char *dst_name = o->runsets[1];
	enum fsr_store_added what;
	struct fsr_report *r = NULL;
	char *as = NULL;
	int rc;

	if ((rc = fsr_store_begin(dst, d)))
		return fsr_report_diag(d, rc);
	rc = fsr_store_copy(src, id, dst, &r, &what, &as, d);
	if (rc) {
		rc = fsr_report_diag(d, rc);
	} else if (what == FSR_STORE_TAKEN) {
		fsr_error("%s: the label '%s' is there already, with other "
			  "runs; '%s' was not copied (the run sets before "
			  "it were)", dst_name, r->runsets[0].label,
			  r->runsets[0].label);
		rc = FSR_EXIT_USAGE;
	}
	if (rc) {
		fsr_store_rollback(dst);
	} else if ((rc = fsr_store_commit(dst, d))) {
		rc = fsr_report_diag(d, rc);
	} else if (what == FSR_STORE_ALREADY) {
		(*there)++;
		if (!o->quiet)
			printf("'%s': in %s already as '%s', not copied\n",
			       r->runsets[0].label, dst_name, as);
	} else {
		(*copied)++;
		if (!o->quiet)
			printf("copied '%s': %zu results, %zu samples\n",
			       r->runsets[0].label, r->n_results,
			       n_samples(r));
	}
	if (!o->quiet)
		fflush(stdout);
	free(as);
	fsr_report_free(r);
	return rc;
}

/* store sync SRC DST [PATTERN...]: the chosen run sets of SRC into DST,
 * each in a transaction of its own; those DST holds are skipped. */
static int store_sync(const struct fsr_options *o)
{
	const char *src_name = o->runsets[0], *dst_name = o->runsets[1];
	struct fsr_store_selection sel;
	struct fsr_store *src = NULL, *dst = NULL;
	struct fsr_diag d;
	long long *ids = NULL;
	size_t n = 0, i, copied = 0, there = 0;
	int rc;

	if (same_store(src_name, dst_name)) {
		fsr_error("store sync: %s is both the source and the "
			  "destination", src_name);
		return FSR_EXIT_USAGE;
	}
	memset(&sel, 0, sizeof(sel));
	sel.patterns = (const char *const *)o->runsets + 2;
	sel.n_patterns = o->n_runsets - 2;
	sel.filter = o->select;
	sel.since = o->since;
	sel.until = o->until;
	fsr_diag_clear(&d);
	rc = fsr_store_open(src_name, FSR_STORE_READ, &src, &d);
	if (!rc)
		rc = fsr_store_select(src, &sel, &ids, &n, &d);
	if (rc) {
		rc = fsr_report_diag(&d, rc);
	} else if (!n) {
		fsr_error("%s: no stored run set matches the selection",
			  src_name);
		rc = FSR_EXIT_INPUT;
	} else if ((rc = fsr_store_open(dst_name, FSR_STORE_WRITE, &dst,
					&d))) {
		rc = fsr_report_diag(&d, rc);
	}
	for (i = 0; i < n && !rc; i++)
		rc = sync_one(o, src, dst, ids[i], &copied, &there, &d);
	if (!rc && !o->quiet)
		printf("%s -> %s: %zu run set%s copied, %zu there already\n",
		       src_name, dst_name, copied, copied == 1 ? "" : "s",
		       there);
	fsr_store_close(dst);
	fsr_store_close(src);
	free(ids);
	return rc;
}

static int store(const struct fsr_options *o)
{
	int rc;

	if (is_sub(o, "sync"))
		rc = store_sync(o);
	else
		rc = is_add(o) ? store_add(o) : store_export(o);

	return fsr_cli_finish(o, rc, NULL);
}

static const struct fsr_opt *const store_opts[] = {
	FSR_O(output), FSR_O(keep_going), FSR_O(verbose), FSR_O(quiet),
	FSR_O(to), FSR_O(note), FSR_O(db), FSR_O(select), FSR_O(since),
	FSR_O(until), NULL
};

const struct fsr_cmd fsr_cmd_store = {
	.name = "store",
	.command = FSR_CMD_STORE,
	.synopsis = "fsreport store add --db FILE [LABEL=]RUNSET...\n"
		    "   or: fsreport store export --db FILE [--to csv] "
		    "[-o FILE]\n"
		    "   or: fsreport store sync SRC DST [PATTERN]... "
		    "[--select GLOB]",
	.summary = "keep run sets in a results store (SQLite, PostgreSQL), or export it",
	.opts_size = sizeof(struct store_options),
	.opts = store_opts,
	.help_tail = "store add keeps every sample, the result keys and the "
		     "system notes; the same\nrun added twice is kept once. "
		     "store export --to csv writes one row per sample.\n"
		     "store sync copies run sets from the store SRC to DST "
		     "(files or postgresql://\nURLs, either way), one "
		     "transaction each; those DST holds are skipped.\n",
	.check = check_store,
	.run = store,
	.flags = FSR_CMD_SUBCOMMAND | FSR_CMD_STORE_ALWAYS,
	.subcommand_offset = FSR_CMD_OFF(struct store_options, subcommand),
	.inputs = store_inputs,
};
