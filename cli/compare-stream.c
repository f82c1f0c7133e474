/*
 * compare-stream.c - compare --format csv, long-csv, xml, pts, json,
 * table, markdown or ascii of one PTS file (its own systems), or of two,
 * printed as they are read: two files read in step, a result of each at
 * a time, each pair merged, described and compared as the parses end
 * it, then its cells dropped,
 * so that a compare of 10 000 results holds a few results' samples, not
 * the files' (BENCHMARKS.md, issue 39: 24 MiB). csv prints the rows;
 * long-csv, xml and pts print the merged report as show prints it
 * (fsr_long_csv_result(), fsr_xml_show_result(), fsr_pts_show_result(),
 * the xml writers as cli/stream.c uses them), the comparison deciding
 * only --fail-on-regression's exit code; their head is made once both
 * files were read (fsr_report_merge_head()). json prints the merged
 * results as show's pieces into the spool and each result's rows into
 * a second spool (fsr_json_compare_result()), and the geometric means
 * the stream sums as it goes (fsr_compare_stream_geomean()) at the end;
 * like show's json stream, it goes the usual way when a sample needs
 * more than 15 digits. table and markdown add each result's row to
 * their table (fsr_table_compare_result()) and write it once both files
 * were read, of the merged report kept for its systems; ascii likewise
 * its lines (fsr_compare_text_result()), with the geometric means.
 *
 * The correction over the family (Holm, BH) and the level of the
 * intervals need every row's p before the first row can be printed, so
 * the files are read twice: pass 1 keeps each row's two p values
 * (fsr_compare_stream_measure()), pass 2 makes the rows again with their
 * corrected p and prints them (fsr_compare_stream_rows(),
 * fsr_csv_compare_rows()): the CPU of two reads for the memory of one
 * result. A run streams only when its inputs together are at least
 * STREAM_MIN_BYTES (below that the whole read is small, and one read is
 * cheaper); FSREPORT_STREAM=0 never streams, =1 always (the tests
 * compare the two ways).
 *
 * The bytes are those of the usual way (load both, merge, analyse,
 * compare, render), made by the same functions a result at a time: the
 * merge's (fsr_report_merge_systems(), fsr_report_merge_result()), the
 * summaries on demand, the rows', the csv's. The rows go to a spool, an
 * unnamed temporary file, and reach the output only once both passes
 * read the files whole. Whatever the usual way would do differently
 * makes the run go the usual way instead, from the start, with nothing
 * said twice: results the two files have in another order (the merged
 * report's order would differ; results one file lacks or adds are fine,
 * resolve()), results the second file adds when the baseline is one of
 * its systems (their rows come last) or in the formats that print the
 * merged report's results or a table (they are printed last, or are
 * rows of the table), more than
 * MAX_WAITING results of one file waiting for the other's, a key that comes back later in a
 * file (pooled), a system named after the first result or not declared,
 * a value out of range, a percentile refused (it reaches across
 * results), any import error (the usual way says it), one system only,
 * a baseline that names none, a file that changed between the passes
 * (its size, time or inode), a spool that cannot be written, a text XML
 * cannot carry (xml, pts: the usual way says which), a text that is not
 * UTF-8 or a sample that needs more than 15 digits (json).
 */
#include "cli.h"
#include "../lib/alloc.h"
#include "../model/histogram.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The formats printed this way: csv's rows; the merged report as show
 * prints it (long-csv, xml, pts: compare prints the model, the
 * comparison deciding only the exit code); json's results and rows. */
enum cs_format {
	CS_CSV, CS_LONG_CSV, CS_XML, CS_PTS, CS_JSON, CS_TABLE, CS_MARKDOWN,
	CS_ASCII
};

static const char *const cs_formats[] = {
	[CS_CSV] = "csv",
	[CS_LONG_CSV] = "long-csv",
	[CS_XML] = "xml",
	[CS_PTS] = "pts",
	[CS_JSON] = "json",
	[CS_TABLE] = "table",
	[CS_MARKDOWN] = "markdown",
	[CS_ASCII] = "ascii",
};

/* Results waiting in one file for the other's, at most: files further
 * apart go the usual way. */
#define MAX_WAITING 4096

/* Inputs smaller than this together are read whole: 16 MiB of PTS XML
 * is about 7 000 results of 6 systems, about 45 MiB read whole. */
#define STREAM_MIN_BYTES ((off_t)16 << 20)

/* The keys a file's results had, as 64-bit hashes (FNV-1a): a key that
 * comes back once its result is forgotten. A false match only sends the
 * run the usual way. */
struct keyset {
	uint64_t *slot;              /* 0: empty */
	size_t n, cap;               /* cap a power of 2 */
};

/* One of the files (one or two) of a pass. */
struct side {
	struct fsr_report *scratch;  /* what its import fills: the results
				      * not yet compared, and the one being
				      * read */
	struct fsr_stream_read sr;
	struct fsr_cli_read *cr;
	size_t n_in;                 /* results ended still in scratch */
	size_t q_len;                /* the last of them, not yet compared
				      * (results are compared in order) */
	size_t n_ended;              /* of the whole file */
	size_t n_systems;            /* at the first result */
	size_t *map;                 /* its systems to the merged report's */
	struct keyset keys;
	int more;                    /* its read may give more */
	struct cstream *cs;
};

struct cstream {
	const struct fsr_options *o;
	struct fsr_compare_opts co;
	enum cs_format format;
	int pass;                    /* 1 or 2 */
	struct side side[2];
	size_t n_sides;              /* the run sets: 1 or 2 */
	/* the keys of one file's results taken as missing from the other
	 * (a's compared alone, b's dropped): the other file naming one
	 * later means they were not in one order */
	struct keyset a_only, b_only;
	int base_in_b;               /* the baseline is one of b's systems */
	struct fsr_report *r;        /* the merged report: the systems, and
				      * the one result being compared */
	struct fsr_stats *stats;     /* on demand, of r */
	struct fsr_compare_stream *cmp;
	size_t n_compared;           /* results of this pass */
	size_t n_results;            /* of pass 1 */
	FILE *fp;                    /* the spool */
	struct fsr_sink spool;
	/* xml, pts: the writer of the results into the spool, and the
	 * document's, its head written into head */
	struct fsr_xml_out *results, *doc;
	struct fsr_buf head;
	struct fsr_sink head_sink;
	struct fsr_diag xd;
	/* json: the writer of the results into the spool and of the rows
	 * into a spool of their own; what comes between and after them */
	struct fsr_json_compare *json;
	FILE *fp_rows;
	struct fsr_sink rows_spool;
	struct fsr_buf mid, tail;
	/* table, markdown: the table, each result's row added as it is
	 * compared and the whole written at the end (its widths fit every
	 * row), of the merged report kept for its systems; the comparison
	 * for the legend's options and level */
	struct fsr_table_compare *table;
	/* ascii: the text report, likewise */
	struct fsr_compare_text *text;
	struct fsr_render_opts ro;
	struct fsr_report *kept;
	const struct fsr_comparison *last;
	/* the files as pass 1 began: a file changed before pass 2 ended
	 * sends the run the usual way (the passes must read the same) */
	struct stat before[2];
	/* the first row 'worse', for --fail-on-regression */
	struct fsr_compare_row worse;
	int any_worse;
	int failed;                  /* go the usual way */
};

/* o's --format (ascii when none) among cs_formats[], or -1. */
static int cs_format(const struct fsr_options *o)
{
	const char *name = o->format ? o->format : "ascii";
	size_t i;

	for (i = 0; i < sizeof(cs_formats) / sizeof(*cs_formats); i++)
		if (!strcmp(name, cs_formats[i]))
			return (int)i;
	return -1;
}

/* Inputs o compares this way, by what it asks and their size. */
static int streamable(const struct fsr_options *o)
{
	const char *env = getenv("FSREPORT_STREAM");
	off_t bytes = 0;
	size_t i, len;

	if (env && !strcmp(env, "0"))
		return 0;
	if (o->command != FSR_CMD_COMPARE ||
	    (o->n_runsets != 1 && o->n_runsets != 2) ||
	    cs_format(o) < 0 || o->db ||
	    fsr_cli_inputs(o) != FSR_INPUTS_FOLDERS ||
	    fsr_cli_charts_wanted(o) || o->debug_layout || o->only ||
	    o->exclude || o->sort || o->drop_first || o->steady ||
	    o->n_notes || o->select || o->since || o->until ||
	    o->n_groups || o->geo_only || o->geo_exclude ||
	    o->only_changed || o->equivalence > 0 || o->max_regression > 0)
		return 0;
	if (env && !strcmp(env, "1"))
		return 1;
	for (i = 0; i < o->n_runsets; i++) {
		struct stat st;

		if (stat(fsr_runset_split(o->runsets[i], &len), &st) != 0)
			return 0;
		bytes += st.st_size;
	}
	return bytes >= STREAM_MIN_BYTES;
}

static uint64_t key_hash(const char *key)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 1099511628211ULL;
	return h ? h : 1;
}

/* The slot of key's hash in ks: its own, or the empty one it would take
 * (ks has one). */
static size_t keyset_slot(const struct keyset *ks, uint64_t h)
{
	size_t i;

	for (i = (size_t)h & (ks->cap - 1); ks->slot[i];
	     i = (i + 1) & (ks->cap - 1))
		if (ks->slot[i] == h)
			break;
	return i;
}

/* 1 when key was added to ks. */
static int keyset_has(const struct keyset *ks, const char *key)
{
	return ks->cap && ks->slot[keyset_slot(ks, key_hash(key))];
}

/* 1 when key was added before, else 0 and added. */
static int keyset_seen(struct keyset *ks, const char *key)
{
	uint64_t h = key_hash(key);
	size_t i;

	if (2 * (ks->n + 1) > ks->cap) {
		struct keyset big = { NULL, 0, ks->cap ? 2 * ks->cap : 1024 };

		big.slot = fsr_xcalloc(big.cap, sizeof(*big.slot));
		for (i = 0; i < ks->cap; i++) {
			size_t j = (size_t)ks->slot[i] & (big.cap - 1);

			if (!ks->slot[i])
				continue;
			while (big.slot[j])
				j = (j + 1) & (big.cap - 1);
			big.slot[j] = ks->slot[i];
		}
		big.n = ks->n;
		free(ks->slot);
		*ks = big;
	}
	i = keyset_slot(ks, h);
	if (ks->slot[i])
		return 1;
	ks->slot[i] = h;
	ks->n++;
	return 0;
}

static void result_read(void *data, struct fsr_report *r,
			struct fsr_result *res)
{
	struct side *sd = data;
	double x;
	size_t k;

	if (sd->cs->failed)
		return;
	/* a Result whose key came before (pooled into one held, or new
	 * in place of one compared), a value out of range, a refused
	 * percentile */
	if (r->n_results != sd->n_in + 1 || r->results[sd->n_in] != res ||
	    keyset_seen(&sd->keys, res->key) ||
	    keyset_has(sd == &sd->cs->side[0] ? &sd->cs->b_only :
						&sd->cs->a_only, res->key) ||
	    fsr_result_value_out_of_range(res, &x)) {
		sd->cs->failed = 1;
		return;
	}
	for (k = 0; k < res->n_cells; k++)
		if (res->cells[k].extra && res->cells[k].extra->n_refused) {
			sd->cs->failed = 1;
			return;
		}
	sd->n_in++;
	sd->q_len++;
	sd->n_ended++;
}

/* The results of sd compared forgotten: every one before the first
 * waiting (they are compared in order), once none waits or 64 are
 * compared; the one being read, begun, stays. */
static void forget_compared(struct side *sd)
{
	size_t k = sd->n_in - sd->q_len;

	if (!k || (sd->q_len && k < 64))
		return;
	fsr_report_forget_results(sd->scratch, k, 1);
	sd->n_in -= k;
}

/* The merged report of the pass made at its first pair of results: the
 * run sets as fsr_cli_import() adds them, each file's systems (every
 * one declared, none to come) and their labels; the statistics and the
 * comparison on it. */
static int begin_report(struct cstream *s)
{
	struct fsr_diag d;
	size_t k, i, len;

	s->r = fsr_report_new();
	for (k = 0; k < s->n_sides; k++) {
		struct side *sd = &s->side[k];
		const char *path = fsr_runset_split(s->o->runsets[k], &len);
		size_t rs = fsr_report_add_runset(s->r, s->o->labels[k], path,
						  len > 0);

		for (i = 0; i < sd->scratch->n_systems; i++)
			if (!sd->scratch->systems[i].declared)
				return -1;
		sd->n_systems = sd->scratch->n_systems;
		sd->map = fsr_report_merge_systems(s->r, rs, sd->scratch);
	}
	fsr_report_finish_labels(s->r);
	if (s->r->n_systems < 2)
		return -1;
	s->base_in_b = 0;
	for (i = 0; s->o->baseline && i < s->r->n_systems; i++)
		if (!strcmp(s->r->systems[i].label, s->o->baseline) &&
		    s->r->systems[i].runset == 1)
			s->base_in_b = 1;
	fsr_diag_clear(&d);
	if (s->pass == 1) {
		s->cmp = fsr_compare_stream_new(s->r, &s->co, &d);
		if (!s->cmp)
			return -1;
		/* json and ascii print the geometric means */
		if (s->format == CS_JSON || s->format == CS_ASCII)
			fsr_compare_stream_keep_geomean(s->cmp);
	}
	return 0;
}

/* sd's k-th result waiting (0: the first). */
static struct fsr_result *waiting(const struct side *sd, size_t k)
{
	return sd->scratch->results[sd->n_in - sd->q_len + k];
}

/* key, of a result of one file taken as none of the other's (a's
 * compared alone, b's dropped), added to only; the other file having
 * named it already means the files are not in one order. */
static void taken_alone(struct cstream *s, const struct side *other,
			struct keyset *only, const char *key)
{
	if (keyset_has(&other->keys, key))
		s->failed = 1;
	keyset_seen(only, key);
}

/* The first waiting result of sd, no longer waiting. */
static struct fsr_result *pop(struct side *sd)
{
	struct fsr_result *res = waiting(sd, 0);

	sd->q_len--;
	return res;
}

/* The merged report's one result, compared (c, with its summaries),
 * into the spool: csv's rows, or the result as show prints it. */
static void print_result(struct cstream *s, struct fsr_comparison *c,
			 const struct fsr_summary *sums)
{
	struct fsr_result *res = s->r->results[0];
	struct fsr_view v; /* the result compared, for the views' pieces */

	memset(&v, 0, sizeof(v));
	v.command = FSR_CMD_COMPARE;
	v.report = s->r;
	v.cmp = c;
	switch (s->format) {
	case CS_CSV:
		fsr_csv_compare_rows(s->r, c, &s->spool);
		break;
	case CS_LONG_CSV:
		fsr_long_csv_result(s->r, res, &s->spool);
		break;
	case CS_XML:
		fsr_xml_show_result(s->results, res, s->n_compared);
		break;
	case CS_PTS:
		fsr_pts_show_result(s->results, s->r, res, s->n_compared, sums);
		break;
	case CS_JSON:
		fsr_json_compare_result(s->json, &v, s->n_compared, sums);
		break;
	case CS_TABLE:
	case CS_MARKDOWN:
		/* begun at the first row: the level is the family's */
		if (!s->table)
			s->table = fsr_table_compare_begin(&v, &s->ro, &s->xd);
		if (!s->table)
			s->failed = 1;
		else
			fsr_table_compare_result(s->table, &v, 0, sums);
		s->last = c;
		break;
	case CS_ASCII:
		if (!s->text)
			s->text = fsr_compare_text_begin(&v, &s->ro);
		fsr_compare_text_result(s->text, &v, 0, c);
		break;
	}
}

/* The next result of a merged (with b's next, with_b: the same key, or
 * alone: b has none of its key), compared and, in pass 2, printed; then
 * its cells dropped. */
static void compare_next(struct cstream *s, int with_b)
{
	struct side *a = &s->side[0];
	struct fsr_result *ra, *rb = NULL;
	const struct fsr_summary *sums;
	struct fsr_comparison *c;
	struct fsr_diag d;
	size_t k;

	if (s->failed)
		return;
	ra = pop(a);
	if (with_b) {
		rb = pop(&s->side[1]);
	} else if (s->n_sides == 2) {
		taken_alone(s, &s->side[1], &s->a_only, ra->key);
	}
	if (!s->r && begin_report(s)) {
		s->failed = 1;
		return;
	}
	/* a's result goes into the merged report (empty but for its
	 * systems), b's pools into it, as fsr_report_merge() of a's file
	 * then b's puts them when their results come in one order; a's
	 * file still holds its result */
	for (k = 0; k < s->n_sides; k++)
		if (s->side[k].scratch->n_systems != s->side[k].n_systems)
			s->failed = 1;
	if ((rb && strcmp(ra->key, rb->key)) || s->failed ||
	    !fsr_report_merge_result(s->r, a->map, ra)) {
		s->failed = 1;
		return;
	}
	if (rb) {
		if (fsr_report_merge_result(s->r, s->side[1].map, rb))
			FSR_BUG("result '%s' moved, not pooled", rb->key);
		fsr_result_drop_cells(rb);
	}
	fsr_diag_clear(&d);
	sums = NULL;
	if (s->pass == 1) {
		/* the p values need no summaries */
		if (fsr_compare_stream_measure(s->cmp, s->r, 0, &d))
			s->failed = 1;
	} else if ((!s->stats &&
		    !(s->stats = fsr_cli_stats_as_read(s->o, s->r, &d))) ||
		   !(sums = fsr_stats_cells(s->stats, 0, &d))) {
		s->failed = 1;
	} else {
		c = fsr_compare_stream_rows(s->cmp, s->r, 0, sums, &d);
		if (!c) {
			s->failed = 1;
		} else {
			fsr_view_sign(c, s->r);
			print_result(s, c, sums);
			for (k = 0; k < c->n_rows && !s->any_worse; k++)
				if (c->rows[k].verdict == FSR_VERDICT_WORSE) {
					s->worse = c->rows[k];
					s->any_worse = 1;
				}
			if (s->spool.error || s->rows_spool.error ||
			    (s->results && fsr_export_failed(s->results)) ||
			    (s->json && fsr_json_compare_failed(s->json)))
				s->failed = 1;
		}
	}
	/* the merged report lets a's result go back to a's file */
	fsr_result_drop_cells(ra);
	fsr_report_forget_results(s->r, 1, 0);
	s->n_compared++;
	for (k = 0; k < s->n_sides; k++)
		forget_compared(&s->side[k]);
}

/* b's next result dropped, a has none of its key: the usual way puts it
 * after a's results, where it has no row unless the baseline is one of
 * b's systems, and prints it in the model's formats (both: the run goes
 * the usual way). */
static void drop_b(struct cstream *s)
{
	struct side *b = &s->side[1];
	struct fsr_result *rb;

	if (s->failed)
		return;
	rb = pop(b);
	taken_alone(s, &s->side[0], &s->b_only, rb->key);
	if ((!s->r && begin_report(s)) || s->base_in_b ||
	    s->format != CS_CSV) {
		s->failed = 1;
		return;
	}
	fsr_result_drop_cells(rb);
	forget_compared(b);
}

/* The key of sd's first waiting result. */
static const char *head_key(const struct side *sd)
{
	return waiting(sd, 0)->key;
}

/* Where key waits among sd's results after the first waiting, or 0. */
static size_t waiting_at(const struct side *sd, const char *key)
{
	size_t i;

	for (i = 1; i < sd->q_len; i++)
		if (!strcmp(waiting(sd, i)->key, key))
			return i;
	return 0;
}

/*
 * Every result that can be compared now, in a's order, as the merged
 * report of the usual way has them: a's and b's of one key together;
 * a's whose key b names none of, alone, when b names a later one of a's
 * or has ended; b's whose key a names none of, dropped, when a names a
 * later one of b's or has ended. Returns when a file must read on. A
 * guess that turns out wrong (the other file names that key later)
 * sends the run the usual way (result_read()).
 */
static void resolve(struct cstream *s)
{
	struct side *a = &s->side[0], *b = &s->side[1];
	size_t j;

	while (!s->failed) {
		if (s->n_sides == 1) {
			if (!a->q_len)
				return;
			compare_next(s, 0);
		} else if (!a->q_len) {
			if (!b->q_len || a->more)
				return;
			drop_b(s);
		} else if (!b->q_len) {
			if (b->more)
				return;
			compare_next(s, 0);
		} else if (!strcmp(head_key(a), head_key(b))) {
			compare_next(s, 1);
		} else if ((j = waiting_at(b, head_key(a)))) {
			while (j--)
				drop_b(s);
		} else if ((j = waiting_at(a, head_key(b)))) {
			while (j--)
				compare_next(s, 0);
		} else if (!b->more) {
			compare_next(s, 0);
		} else if (!a->more) {
			drop_b(s);
		} else {
			return;
		}
	}
}

/* One pass: the files read in step, every result (pair) compared; 0
 * when all were read whole and nothing sends the run the usual way. */
static int run_pass(struct cstream *s)
{
	size_t k;
	int rc = 0, more = 1;

	free(s->a_only.slot);
	free(s->b_only.slot);
	memset(&s->a_only, 0, sizeof(s->a_only));
	memset(&s->b_only, 0, sizeof(s->b_only));
	for (k = 0; k < s->n_sides; k++) {
		struct side *sd = &s->side[k];

		memset(sd, 0, sizeof(*sd));
		sd->cs = s;
		sd->sr.result_read = result_read;
		sd->sr.data = sd;
		sd->scratch = fsr_report_new();
		sd->cr = fsr_cli_read_open(s->o, k, sd->scratch, &sd->sr);
		sd->more = 1;
		if (!sd->cr)
			s->failed = 1;
	}
	while (!s->failed) {
		resolve(s);
		more = 0;
		for (k = 0; k < s->n_sides; k++)
			more |= s->side[k].more;
		if (s->failed || !more)
			break;
		/* read on in the file with fewer results waiting (each, when
		 * as many wait), or in the one not ended */
		for (k = 0; k < s->n_sides; k++) {
			struct side *sd = &s->side[k], *other = &s->side[!k];

			if (sd->more && (!other->more || sd->q_len <= other->q_len))
				sd->more = fsr_cli_read_step(sd->cr);
			if (sd->q_len > MAX_WAITING)
				s->failed = 1;
		}
	}
	for (k = 0; k < s->n_sides; k++) {
		struct side *sd = &s->side[k];

		if (sd->cr && fsr_cli_read_close(sd->cr))
			rc = -1;
		sd->cr = NULL;
		/* -v's count: the results read, not those left */
		sd->sr.n_read = sd->n_ended;
		if (sd->q_len)
			rc = -1;
	}
	return s->failed || rc || !s->r ? -1 : 0;
}

/* The pass's report, statistics and reads let go; the held warnings
 * said (say) or dropped. */
static void end_pass(struct cstream *s, int say)
{
	size_t k;

	for (k = 0; k < s->n_sides; k++) {
		struct side *sd = &s->side[k];

		fsr_cli_stream_read_done(s->o, &sd->sr, say);
		fsr_report_free(sd->scratch);
		free(sd->map);
		free(sd->keys.slot);
		memset(sd, 0, sizeof(*sd));
	}
	fsr_stats_free(s->stats);
	s->stats = NULL;
	fsr_report_free(s->r);
	s->r = NULL;
}

/* Run set k's file as stat() sees it now (0), -1 when it cannot. */
static int file_state(const struct fsr_options *o, size_t k, struct stat *st)
{
	size_t len;

	return stat(fsr_runset_split(o->runsets[k], &len), st);
}

/* 1 when neither file changed since pass 1 began. */
static int files_unchanged(const struct cstream *s)
{
	struct stat now;
	size_t k;

	for (k = 0; k < s->n_sides; k++) {
		const struct stat *b = &s->before[k];

		if (file_state(s->o, k, &now) || now.st_dev != b->st_dev ||
		    now.st_ino != b->st_ino || now.st_size != b->st_size ||
		    now.st_mtim.tv_sec != b->st_mtim.tv_sec ||
		    now.st_mtim.tv_nsec != b->st_mtim.tv_nsec)
			return 0;
	}
	return 1;
}

/* json's head, middle and tail, of the merged report and the comparison
 * with its geometric means, into their buffers: 0, or -1. */
static int json_ends(struct cstream *s)
{
	struct fsr_sink mid = { 0 }, tail = { 0 };
	struct fsr_view v;

	memset(&v, 0, sizeof(v));
	v.command = FSR_CMD_COMPARE;
	v.report = s->r;
	v.stats = s->stats;
	/* the comparison with its options, baseline and geometric means */
	v.cmp = fsr_compare_stream_geomean(s->cmp, s->r, &s->xd);
	if (!v.cmp)
		return -1;
	mid.buf = &s->mid;
	tail.buf = &s->tail;
	return fsr_json_show_head(&v, &s->head_sink, &s->xd) ||
	       s->head_sink.error ||
	       fsr_json_compare_ends(s->json, &v, &mid, &tail) ? -1 : 0;
}

/* xml's, pts's and json's head (and json's other ends), of the merged
 * report once both files were read whole (their titles, descriptions and
 * Generated blocks merged as fsr_report_merge() merges them), into
 * s->head before anything is said: 0, or -1 when it fails (the usual way
 * says why). */
static int make_head(struct cstream *s)
{
	size_t k;

	for (k = 0; k < s->n_sides; k++)
		fsr_report_merge_head(s->r, s->side[k].scratch);
	s->head_sink.buf = &s->head;
	if (s->format == CS_JSON)
		return json_ends(s);
	if (s->format == CS_ASCII) {
		/* the geometric means, of the merged report's systems */
		s->last = fsr_compare_stream_geomean(s->cmp, s->r, &s->xd);
		return s->last ? 0 : -1;
	}
	if (s->format == CS_XML)
		s->doc = fsr_xml_show_head(s->r, &s->head_sink, &s->xd);
	else if (s->format == CS_PTS)
		s->doc = fsr_pts_show_head(s->r, &s->head_sink, &s->xd);
	else
		return 0;
	return s->doc && !fsr_export_failed(s->doc) && !s->head_sink.error ?
		       0 : -1;
}

/* The head, the spool and the end into o's output: an exit code. */
static int write_out(struct cstream *s)
{
	struct fsr_output *out;
	struct fsr_sink sink;
	struct fsr_view v;
	int err;

	out = fsr_output_open(s->o->output, &sink);
	if (!out)
		return FSR_EXIT_OUTPUT;
	/* the tables and the text: the merged report's systems, the
	 * comparison's options, level and geometric means */
	memset(&v, 0, sizeof(v));
	v.command = FSR_CMD_COMPARE;
	v.report = s->kept;
	v.cmp = s->last;
	if (s->table) {
		fsr_table_compare_write(s->table, &v,
					s->format == CS_MARKDOWN, &sink);
		s->table = NULL;
		return fsr_output_commit(out);
	}
	if (s->text) {
		err = fsr_compare_text_write(s->text, &v, &sink, &s->xd);
		s->text = NULL;
		if (err) {
			fsr_output_abort(out);
			return fsr_report_diag(&s->xd, err);
		}
		return fsr_output_commit(out);
	}
	if (s->format == CS_CSV)
		fsr_csv_compare_head(&sink);
	else if (s->format == CS_LONG_CSV)
		fsr_long_csv_head(&sink);
	else /* escaped as it was written */
		fsr_sink_write_as(&sink, FSR_ESC_NONE, s->head.buf,
				  s->head.len);
	if (fsr_cli_put_spool(s->o, out, &sink, s->fp,
			      s->format == CS_CSV ? "rows" : "results"))
		return FSR_EXIT_OUTPUT;
	if (s->json) {
		fsr_sink_write_as(&sink, FSR_ESC_NONE, s->mid.buf,
				  s->mid.len);
		if (fsr_cli_put_spool(s->o, out, &sink, s->fp_rows, "rows"))
			return FSR_EXIT_OUTPUT;
		fsr_sink_write_as(&sink, FSR_ESC_NONE, s->tail.buf,
				  s->tail.len);
	}
	if (s->doc) {
		err = fsr_export_show_tail(s->doc, &sink);
		s->doc = NULL;
		if (err) {
			fsr_output_abort(out);
			return fsr_report_diag(&s->xd, err);
		}
	}
	return fsr_output_commit(out);
}

int fsr_cli_compare_streamed(const struct fsr_options *o)
{
	struct fsr_comparison worse;
	struct cstream s;
	int rc = -1, ok;

	if (!streamable(o))
		return -1;
	memset(&s, 0, sizeof(s));
	s.o = o;
	s.format = (enum cs_format)cs_format(o);
	s.head = (struct fsr_buf)FSR_BUF_INIT;
	s.mid = (struct fsr_buf)FSR_BUF_INIT;
	s.tail = (struct fsr_buf)FSR_BUF_INIT;
	fsr_diag_clear(&s.xd);
	fsr_cli_render_opts(o, &s.ro);
	if (fsr_cli_compare_opts(o, &s.co))
		FSR_BUG("compare's options refused after they were checked");
	s.fp = tmpfile();
	if (!s.fp)
		return -1;
	s.spool.fp = s.fp;
	/* each pass looks at the files once: "importing 2/2 files" */
	fsr_progress_begin(o);
	s.pass = 1;
	s.n_sides = o->n_runsets;
	ok = !file_state(o, 0, &s.before[0]) &&
	     (s.n_sides < 2 || !file_state(o, 1, &s.before[1])) &&
	     !run_pass(&s);
	s.n_results = s.n_compared;
	fsr_progress_end();
	end_pass(&s, 0);
	if (ok) {
		fsr_compare_stream_family(s.cmp);
		fsr_progress_begin(o);
		s.pass = 2;
		s.n_compared = 0;
		if (s.format == CS_XML || s.format == CS_PTS)
			s.results = fsr_export_results_open(&s.spool, &s.xd);
		ok = (s.format != CS_XML && s.format != CS_PTS) || s.results;
		if (s.format == CS_JSON) {
			s.fp_rows = tmpfile();
			s.rows_spool.fp = s.fp_rows;
			s.json = fsr_json_compare_begin(&s.spool,
							&s.rows_spool, &s.xd);
			ok = s.fp_rows != NULL;
		}
		ok = ok && !run_pass(&s) && s.n_compared == s.n_results &&
		     files_unchanged(&s);
		if (s.results && fsr_export_results_close(s.results))
			ok = 0;
		s.results = NULL;
		if (s.json && (fsr_json_compare_pieces_end(s.json) ||
			       fflush(s.fp_rows) != 0))
			ok = 0;
		ok = ok && fflush(s.fp) == 0 && !make_head(&s);
		fsr_progress_end();
		/* the table's systems, for its end */
		s.kept = s.r;
		s.r = NULL;
	}
	end_pass(&s, ok);
	if (ok) {
		fsr_info(o, "compared as read, in two passes, one result at "
			 "a time");
		/* --fail-on-regression reads the rows: the first 'worse' */
		memset(&worse, 0, sizeof(worse));
		worse.rows = &s.worse;
		worse.n_rows = s.any_worse;
		rc = fsr_cli_finish(o, write_out(&s), &worse);
	}
	if (s.doc) /* not ended: its head failed, or the output */
		fsr_export_show_tail(s.doc, &s.head_sink);
	fsr_buf_release(&s.head);
	fsr_buf_release(&s.mid);
	fsr_buf_release(&s.tail);
	fsr_json_compare_free(s.json);
	fsr_table_compare_free(s.table);
	fsr_compare_text_free(s.text);
	fsr_report_free(s.kept);
	if (s.fp_rows)
		fclose(s.fp_rows);
	fsr_compare_stream_free(s.cmp);
	free(s.a_only.slot);
	free(s.b_only.slot);
	fclose(s.fp);
	return rc;
}
