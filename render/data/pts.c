/*
 * pts.c - the report as a Phoronix Test Suite result file (composite.xml),
 * written with libxml2's xmlTextWriter, so that merged or normalised runs
 * (a folder of PostMark runs, timing logs, fio JSON) open in PTS and can be
 * uploaded to OpenBenchmarking. The layout is PTS 10's (pts-format.md 1):
 *
 *	Generated   Title (the report's, or the run-set labels), LastModified
 *	            (the newest system TimeStamp, else $SOURCE_DATE_EPOCH or
 *	            now, UTC), TestClient, Description
 *	System      Identifier = label, Hardware, Software ("Key: value"),
 *	            User, TimeStamp, TestClientVersion, Notes (from the
 *	            attributes PTS's own files gave), JSON = other attributes
 *	Result      Identifier = test id, Title, AppVersion, Arguments,
 *	            Description, Scale = unit, Proportion HIB/LIB,
 *	            DisplayFormat
 *	Entry       Value = the stored value when the cell has exactly one,
 *	            else the mean rounded as PTS 10 rounds it: to the largest
 *	            decimal count among the samples (at most 9; integers stay
 *	            integers); RawString = the samples joined by ':' (empty
 *	            when it would equal Value); JSON = the entry attributes.
 *	            A failed run is an Entry with an empty Value and
 *	            {"error": reason}, never a 0.
 *
 * fsreport reads the file back (importers/pts.c) to the same model.
 *
 * The file is its head (Generated and the systems), each Result in turn
 * and the root's end: the pieces a show printed as it is read writes
 * too (cli/stream.c), the results through a writer of their own
 * (fsr_export_results_open()).
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../view/view.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <errno.h>
#include <jansson.h>
#include <libxml/xmlwriter.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void now_text(char out[32]);

/*
 * LastModified, "YYYY-MM-DD HH:MM:SS": as in PTS's own files, when the
 * last run was added, i.e. the newest system TimeStamp; without any, the
 * time of writing in UTC ($SOURCE_DATE_EPOCH for reproducible output).
 */
static void last_modified(const struct fsr_report *r, char out[32])
{
	const char *newest = NULL;
	size_t i;

	for (i = 0; i < r->n_systems; i++) {
		const char *t = fsr_kvlist_get(&r->systems[i].meta,
					       "timestamp");

		if (t && strlen(t) < 32 && (!newest || strcmp(t, newest) > 0))
			newest = t;
	}
	if (newest) {
		snprintf(out, 32, "%s", newest);
		return;
	}
	now_text(out);
}

/* Now, or $SOURCE_DATE_EPOCH, in UTC. */
static void now_text(char out[32])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = time(NULL);
	struct tm tm;

	if (sde && *sde) {
		char *end;
		long long v;

		errno = 0;
		v = strtoll(sde, &end, 10);
		if (!errno && !*end && v >= 0)
			t = (time_t)v;
	}
	if (!gmtime_r(&t, &tm) ||
	    !strftime(out, 32, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(out, 32, "1970-01-01 00:00:00");
}

/* A value of an attribute list as JSON: an object or array when the text
 * is exactly how fsreport prints one (so it came from one), else a
 * string. */
static json_t *kv_json_value(const char *s)
{
	json_t *v;

	if (*s == '{' || *s == '[') {
		v = json_loads(s, 0, NULL);
		if (v) {
			char *again = json_dumps(v, JSON_COMPACT |
							    JSON_SORT_KEYS |
							    JSON_ENCODE_ANY);
			int same = again && !strcmp(again, s);

			free(again);
			if (same)
				return v;
			json_decref(v);
		}
	}
	return json_string(s);
}

/* The list l (minus the keys in skip) as a compact JSON object, plus
 * "error": why when why is set and l has none; NULL when empty. */
static char *kv_json(struct fsr_xml_out *x, const struct fsr_kvlist *l,
		     const char *const *skip, const char *why,
		     const char *owner)
{
	json_t *o = json_object();
	char *s = NULL;
	size_t i, k;

	for (i = 0; i < l->n; i++) {
		json_t *v;

		for (k = 0; skip && skip[k]; k++)
			if (!strcmp(skip[k], l->items[i].key))
				break;
		if (skip && skip[k])
			continue;
		v = kv_json_value(l->items[i].value);
		if (!v || json_object_set_new(o, l->items[i].key, v) != 0) {
			if (!x->err)
				x->err = fsr_diag_set(
					x->d, FSR_EOUTPUT, NULL, 0, 0,
					"the attribute '%s' of %s is not "
					"valid UTF-8", l->items[i].key, owner);
			json_decref(o);
			return NULL;
		}
	}
	if (why && !json_object_get(o, "error"))
		json_object_set_new(o, "error", json_string(why));
	if (json_object_size(o))
		s = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	return s;
}

/* Hardware or Software text: as imported, or rebuilt from the pairs. */
static char *components(const char *raw, const struct fsr_kvlist *l)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	if (raw)
		return fsr_xstrdup(raw);
	for (i = 0; i < l->n; i++)
		fsr_buf_addf(&b, "%s%s: %s", i ? ", " : "", l->items[i].key,
			     l->items[i].value);
	return fsr_buf_detach(&b);
}

/* The optional Generated fields of the file the report was read from,
 * as PTS writes them: only when not empty. */
static void generated_extra(struct fsr_xml_out *x, const struct fsr_report *r)
{
	static const char *const names[] = {
		"Notes", "InternalTags", "ReferenceID",
		"PreSetEnvironmentVariables",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		const char *v = fsr_kvlist_get(&r->generated, names[i]);

		if (!v || !*v)
			continue;
		fsr_xo_check(x, v, "the %s of the report", names[i]);
		fsr_xo_element(x, names[i], v);
	}
}

static const char *const system_fields[] = {
	"user", "timestamp", "test-client-version", "notes", NULL,
};

static size_t block_ordinal(const struct fsr_pts_block *b)
{
	return b->more ? b->more->ordinal : b->s->ordinal;
}

static int block_cmp(const void *pa, const void *pb)
{
	const struct fsr_pts_block *a = pa, *b = pb;
	size_t oa = block_ordinal(a), ob = block_ordinal(b);

	if (oa != ob)
		return oa < ob ? -1 : 1;
	if (a->sys != b->sys)
		return a->sys < b->sys ? -1 : 1;
	return (a->more != NULL) - (b->more != NULL);
}

struct fsr_pts_block *fsr_pts_blocks(const struct fsr_report *r, size_t *n)
{
	struct fsr_pts_block *b;
	size_t i, j, total = 0, k = 0, extra = 0;

	for (i = 0; i < r->n_systems; i++)
		total += 1 + r->systems[i].n_more;
	b = fsr_xcalloc(total ? total : 1, sizeof(*b));
	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];

		if (!s->undeclared)
			b[k++] = (struct fsr_pts_block){ s, NULL, i };
		for (j = 0; j < s->n_more; j++, extra++)
			b[k++] = (struct fsr_pts_block){ s, &s->more[j], i };
	}
	/* Without further blocks the systems' order is the file's. */
	if (extra)
		qsort(b, k, sizeof(*b), block_cmp);
	*n = k;
	return b;
}

static void system_el(struct fsr_xml_out *x, const struct fsr_pts_block *b,
		      size_t i)
{
	const struct fsr_system *s = b->s;
	const struct fsr_kvlist *meta = b->more ? &b->more->meta : &s->meta;
	char owner[48], *hw, *sw, *json;
	const char *v;

	snprintf(owner, sizeof(owner), "system %zu", i + 1);
	if (b->more) {
		hw = fsr_xstrdup(b->more->hardware ? b->more->hardware : "");
		sw = fsr_xstrdup(b->more->software ? b->more->software : "");
	} else {
		hw = components(s->hardware, &s->hw);
		sw = components(s->software, &s->sw);
	}
	fsr_xo_check(x, s->label, "the label of %s", owner);
	fsr_xo_check(x, hw, "the hardware of %s", owner);
	fsr_xo_check(x, sw, "the software of %s", owner);
	fsr_xo_start(x, "System");
	fsr_xo_element(x, "Identifier", s->label);
	fsr_xo_element(x, "Hardware", hw);
	fsr_xo_element(x, "Software", sw);
	v = fsr_kvlist_get(meta, "user");
	fsr_xo_check(x, v, "the user of %s", owner);
	fsr_xo_element(x, "User", v);
	v = fsr_kvlist_get(meta, "timestamp");
	fsr_xo_check(x, v, "the time stamp of %s", owner);
	fsr_xo_element(x, "TimeStamp", v);
	v = fsr_kvlist_get(meta, "test-client-version");
	fsr_xo_check(x, v, "the test client version of %s", owner);
	fsr_xo_element(x, "TestClientVersion", v);
	v = fsr_kvlist_get(meta, "notes");
	fsr_xo_check(x, v, "the notes of %s", owner);
	fsr_xo_element(x, "Notes", v);
	/* Read from a PTS file: the JSON as it was written. */
	if (b->more)
		json = b->more->json ? fsr_xstrdup(b->more->json) : NULL;
	else
		json = s->json ? fsr_xstrdup(s->json)
			       : kv_json(x, &s->meta, system_fields, NULL,
					 owner);
	if (json) {
		fsr_xo_check(x, json, "the attributes of %s", owner);
		fsr_xo_element(x, "JSON", json);
	}
	fsr_xo_end(x);
	free(json);
	free(hw);
	free(sw);
}

static const char *display_format(enum fsr_display d)
{
	switch (d) {
	case FSR_DISPLAY_BAR:
		return "BAR_GRAPH";
	case FSR_DISPLAY_LINE:
		return "LINE_GRAPH";
	case FSR_DISPLAY_PASSFAIL:
		return "PASS_FAIL";
	default:
		return "NO_RESULT";
	}
}

static void entry(struct fsr_xml_out *x, const char *id, const char *value,
		  const char *raw, const char *json)
{
	fsr_xo_start(x, "Entry");
	fsr_xo_element(x, "Identifier", id);
	fsr_xo_element(x, "Value", value);
	fsr_xo_element(x, "RawString", raw);
	if (json)
		fsr_xo_element(x, "JSON", json);
	fsr_xo_end(x);
}

/* The Value of a bar cell and its RawString. */
static void bar_texts(const struct fsr_cell *c, const struct fsr_summary *s,
		      struct fsr_buf *value, struct fsr_buf *raw)
{
	struct fsr_buf one = FSR_BUF_INIT;
	int dec = 0;
	size_t k;

	for (k = 0; k < c->n; k++) {
		int cd;

		fsr_buf_reset(&one);
		fsr_export_sample(&one, c->samples[k], c->stored_decimals);
		cd = fsr_count_decimals(one.buf, one.len);
		if (cd > dec)
			dec = cd;
		if (k)
			fsr_buf_addc(raw, ':');
		fsr_buf_add(raw, one.buf, one.len);
	}
	fsr_buf_release(&one);
	if (c->stored && c->n_stored == 1 && *c->stored) {
		fsr_buf_adds(value, c->stored);
	} else if (s && s->n == c->n && isfinite(s->mean)) {
		/* analyze/'s mean: a renderer computes none */
		fsr_buf_add_fixed(value, s->mean, fsr_view_mean_decimals(dec));
	}
	/* PTS leaves RawString empty when it equals Value. */
	if (c->n == 1 && !strcmp(raw->buf, value->buf))
		fsr_buf_reset(raw);
}

/* What PTS would store for a cell not read from one PTS file. */
static void cell_texts(const struct fsr_result *res, const struct fsr_cell *c,
		       const struct fsr_summary *s, struct fsr_buf *value,
		       struct fsr_buf *raw)
{
	size_t k;

	if (res->display == FSR_DISPLAY_BAR && c->n) {
		bar_texts(c, s, value, raw);
	} else if (res->display == FSR_DISPLAY_LINE && c->n &&
		   !(c->stored && c->n_stored == 1)) {
		for (k = 0; k < c->n; k++) {
			if (k)
				fsr_buf_addc(value, ',');
			fsr_export_sample(value, c->samples[k],
					  c->stored_decimals);
		}
	} else if (c->stored && c->n_stored == 1 && *c->stored) {
		fsr_buf_adds(value, c->stored);
	}
	fsr_buf_adds(value, "");
	fsr_buf_adds(raw, "");
}

static int cmp_row_seq(const void *a, const void *b)
{
	const struct fsr_pts_row *x = a, *y = b;

	if (x->entry->seq != y->entry->seq)
		return x->entry->seq < y->entry->seq ? -1 : 1;
	return x->cell < y->cell ? -1 : x->cell > y->cell;
}

struct fsr_pts_row *fsr_pts_rows(const struct fsr_result *res,
				 const struct fsr_result_stats *rs,
				 size_t *n)
{
	struct fsr_pts_row *rows = NULL;
	size_t cap = 0, i, k, n_ent, len = 0;
	int all_kept = 1;

	for (i = 0; i < res->n_cells; i++) {
		const struct fsr_cell *c = &res->cells[i];
		const struct fsr_entry *ents = fsr_cell_entries(c, &n_ent);

		if (!fsr_cell_entries_exact(c)) {
			all_kept = 0;
			FSR_GROW(rows, cap, len + 1);
			memset(&rows[len], 0, sizeof(*rows));
			rows[len].cell = i;
			cell_texts(res, c, rs ? &rs->cells[i] : NULL,
				   &rows[len].value, &rows[len].raw);
			len++;
			continue;
		}
		for (k = 0; k < n_ent; k++) {
			const struct fsr_entry *e = &ents[k];

			FSR_GROW(rows, cap, len + 1);
			memset(&rows[len], 0, sizeof(*rows));
			rows[len].cell = i;
			rows[len].entry = e;
			fsr_buf_adds(&rows[len].value, e->value);
			fsr_buf_adds(&rows[len].raw, e->raw ? e->raw : "");
			len++;
		}
	}
	/* One file's entries in the order it wrote them (a system may
	 * come back later in a result). */
	if (all_kept && len > 1)
		qsort(rows, len, sizeof(*rows), cmp_row_seq);
	*n = len;
	return rows;
}

int fsr_pts_entries_matter(const struct fsr_result *res)
{
	size_t i, n, several = 0;

	for (i = 0; i < res->n_cells; i++) {
		if (!fsr_cell_entries_exact(&res->cells[i]))
			return 0;
		fsr_cell_entries(&res->cells[i], &n);
		several += n > 1;
	}
	return several > 0;
}

void fsr_pts_rows_free(struct fsr_pts_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fsr_buf_release(&rows[i].value);
		fsr_buf_release(&rows[i].raw);
	}
	free(rows);
}

static void row_entry(struct fsr_xml_out *x, const struct fsr_report *r,
		      const struct fsr_result *res, size_t ri,
		      const struct fsr_pts_row *row)
{
	const struct fsr_cell *c = &res->cells[row->cell];
	const char *label = r->systems[c->system].label;
	char owner[80], *json = NULL;
	size_t k;
	int wrote_meta = 0;

	snprintf(owner, sizeof(owner), "result %zu, cell %zu", ri + 1,
		 row->cell + 1);
	if (row->entry) {
		/* Kept as read: written back unchanged. */
		fsr_xo_check(x, row->value.buf, "the value of %s", owner);
		fsr_xo_check(x, row->raw.buf, "the raw string of %s", owner);
		fsr_xo_check(x, row->entry->json, "the JSON of %s", owner);
		entry(x, label, row->value.buf, row->raw.buf,
		      row->entry->json);
		return;
	}
	fsr_xo_check(x, c->stored, "the stored value of %s", owner);
	if (row->value.len) {
		json = kv_json(x, fsr_cell_meta(c), NULL, NULL, owner);
		fsr_xo_check(x, json, "the attributes of %s", owner);
		entry(x, label, row->value.buf, row->raw.buf, json);
		free(json);
		wrote_meta = 1;
	}
	for (k = 0; k < c->n_failed && !x->err; k++) {
		const char *why = fsr_cell_fail_reason(c);

		if (!why)
			why = "failed";

		if (wrote_meta) {
			struct fsr_kvlist none = { NULL, 0, 0 };

			json = kv_json(x, &none, NULL, why, owner);
		} else {
			json = kv_json(x, fsr_cell_meta(c), NULL, why, owner);
		}
		fsr_xo_check(x, json, "the attributes of %s", owner);
		entry(x, label, "", "", json);
		free(json);
		wrote_meta = 1;
	}
}

/* Result i, res, with its summaries: given, or from stats (NULL:
 * none). */
static void result_el(struct fsr_xml_out *x, const struct fsr_report *r,
		      const struct fsr_result *res, size_t i,
		      const struct fsr_stats *stats,
		      const struct fsr_summary *given)
{
	const char *scale = res->scale ? res->scale : res->unit;
	struct fsr_pts_row *rows;
	struct fsr_result_stats rs;
	char owner[48];
	size_t j, n;
	int have = 0;

	snprintf(owner, sizeof(owner), "result %zu", i + 1);
	fsr_xo_check(x, res->test_id, "the test id of %s", owner);
	fsr_xo_check(x, res->title, "the title of %s", owner);
	fsr_xo_check(x, res->app_version, "the app version of %s", owner);
	fsr_xo_check(x, res->arguments, "the arguments of %s", owner);
	fsr_xo_check(x, res->description, "the description of %s", owner);
	fsr_xo_check(x, scale, "the unit of %s", owner);
	fsr_xo_check(x, res->annotation, "the annotation of %s", owner);
	fsr_xo_check(x, res->parent, "the parent of %s", owner);
	fsr_xo_start(x, "Result");
	fsr_xo_element(x, "Identifier", res->derived ? "" : res->test_id);
	fsr_xo_element(x, "Title", res->title);
	fsr_xo_element(x, "AppVersion", res->app_version);
	fsr_xo_element(x, "Arguments", res->arguments);
	fsr_xo_element(x, "Description", res->description);
	fsr_xo_element(x, "Scale", scale);
	fsr_xo_element(x, "Proportion", res->better == FSR_BETTER_HIGHER ? "HIB" :
				 res->better == FSR_BETTER_LOWER ? "LIB" : "");
	fsr_xo_element(x, "DisplayFormat", display_format(res->display));
	/* As PTS writes them: only when not empty. */
	if (res->annotation)
		fsr_xo_element(x, "Annotation", res->annotation);
	if (res->parent)
		fsr_xo_element(x, "Parent", res->parent);
	/* the summaries one result at a time (on-demand stats keep
	 * none) */
	if (given && !x->err) {
		rs.result = res;
		rs.cells = (struct fsr_summary *)given;
		have = 1;
	} else if (stats && i < stats->n_results && !x->err) {
		rs.result = res;
		rs.cells = (struct fsr_summary *)fsr_stats_cells(stats, i,
								 x->d);
		if (!rs.cells)
			x->err = x->d && x->d->code ? x->d->code :
						      FSR_EINTERNAL;
		have = 1;
	}
	if (x->err)
		return;
	fsr_xo_start(x, "Data");
	rows = fsr_pts_rows(res, have ? &rs : NULL, &n);
	for (j = 0; j < n && !x->err; j++)
		row_entry(x, r, res, i, &rows[j]);
	fsr_pts_rows_free(rows, n);
	fsr_xo_end(x);
	fsr_xo_end(x);
}

struct fsr_xml_out *fsr_pts_show_head(const struct fsr_report *r,
				      struct fsr_sink *out, struct fsr_diag *d)
{
	struct fsr_xml_out *x = fsr_xmalloc(sizeof(*x));
	struct fsr_buf title = FSR_BUF_INIT;
	const char *v_lm, *client;
	struct fsr_pts_block *blocks;
	size_t n_blocks;
	char when[32];
	size_t i;

	if (fsr_xo_open(x, out, d)) {
		free(x);
		return NULL;
	}
	/* PTS files need a title: an untitled report gets its run sets'. */
	if (r->title || !r->n_generated)
		fsr_export_title(r, &title);
	else
		fsr_buf_adds(&title, ""); /* untitled PTS files stay so */
	fsr_xo_check(x, title.buf, "the report's title");
	fsr_xo_check(x, r->description, "the report's description");
	last_modified(r, when);
	v_lm = fsr_kvlist_get(&r->generated, "LastModified");
	/* The client that wrote the file read, kept as the LastModified. */
	client = fsr_kvlist_get(&r->generated, "TestClient");
	if (client && !*client)
		client = NULL;
	fsr_xo_check(x, client, "the report's test client");
	if (v_lm && strlen(v_lm) < sizeof(when))
		snprintf(when, sizeof(when), "%s", v_lm);
	fsr_xo_wrote(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterWriteComment(x->w,
						    BAD_CAST "fsreport"));
	fsr_xo_start(x, "PhoronixTestSuite");
	fsr_xo_start(x, "Generated");
	fsr_xo_element(x, "Title", title.buf);
	fsr_xo_element(x, "LastModified", when);
	fsr_xo_element(x, "TestClient", client ? client : "fsreport");
	fsr_xo_element(x, "Description", r->description);
	generated_extra(x, r);
	fsr_xo_end(x);
	/* A system a PTS file only named in entries has no block. */
	blocks = fsr_pts_blocks(r, &n_blocks);
	for (i = 0; i < n_blocks && !x->err; i++)
		system_el(x, &blocks[i], blocks[i].sys);
	free(blocks);
	/* all of it in out: what comes next may be written there first */
	fsr_export_redirect(x, out);
	fsr_buf_release(&title);
	return x;
}

void fsr_pts_show_result(struct fsr_xml_out *x, const struct fsr_report *r,
			 const struct fsr_result *res, size_t i,
			 const struct fsr_summary *sum)
{
	if (!x->err)
		result_el(x, r, res, i, NULL, sum);
}

int fsr_render_pts(const struct fsr_view *v, const struct fsr_render_opts *o,
		   struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct fsr_xml_out *x;
	size_t i;

	(void)o;
	x = fsr_pts_show_head(r, out, d);
	if (!x)
		return d && d->code ? d->code : FSR_EINTERNAL;
	for (i = 0; i < r->n_results && !fsr_export_failed(x); i++)
		result_el(x, r, r->results[i], i, v->stats, NULL);
	return fsr_export_show_tail(x, out);
}
