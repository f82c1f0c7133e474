/*
 * pts.c - Phoronix Test Suite result files (composite.xml), read with
 * libxml2's SAX2 push parser fed 64 KiB at a time: never a DOM (memory
 * grows with the results, not with the file's bytes), no network, no
 * entity substitution (a reference to a declared entity is refused), no
 * DTD loading. Lenient like PTS's own reader (missing optional elements,
 * 5.x files without System/Notes) but strict about well-formedness: a
 * malformed file is an error with line and column.
 *
 * Mapping (pts-format.md section 1):
 *	System          -> fsr_system (Identifier, Hardware, Software, JSON)
 *	Result          -> fsr_result, key = test id without patch version,
 *	                   Arguments, Description, AppVersion, Scale
 *	Result/Data/Entry -> cell: RawString samples split on ':', or the
 *	                   Value alone when RawString is empty; an empty
 *	                   Value is a failed run (JSON "error"), never 0
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Elements whose text we keep, by their place in the file. */
enum field {
	F_NONE = 0,
	F_GEN_TITLE, F_GEN_DESC, F_GEN_LASTMOD, F_GEN_CLIENT, F_GEN_NOTES,
	F_GEN_TAGS, F_GEN_REFID, F_GEN_PRESET,
	F_SYS_ID, F_SYS_HW, F_SYS_SW, F_SYS_JSON, F_SYS_NOTES, F_SYS_USER,
	F_SYS_TIME, F_SYS_CLIENT,
	F_RES_ID, F_RES_TITLE, F_RES_APP, F_RES_ARGS, F_RES_DESC, F_RES_SCALE,
	F_RES_PROP, F_RES_DISPLAY, F_RES_ANNOT, F_RES_PARENT,
	F_ENT_ID, F_ENT_VALUE, F_ENT_RAW, F_ENT_JSON,
	F_COUNT
};

/* The element names the importer knows; anything else is N_OTHER. */
enum name {
	N_OTHER = 0,
	N_PTS, N_GENERATED, N_SYSTEM, N_RESULT, N_DATA, N_ENTRY,
	N_TITLE, N_DESCRIPTION, N_IDENTIFIER, N_HARDWARE, N_SOFTWARE, N_JSON,
	N_NOTES, N_USER, N_TIMESTAMP, N_CLIENT_VERSION, N_APP_VERSION,
	N_ARGUMENTS, N_SCALE, N_PROPORTION, N_DISPLAY_FORMAT, N_VALUE,
	N_RAW_STRING, N_LAST_MODIFIED, N_TEST_CLIENT, N_INTERNAL_TAGS,
	N_REFERENCE_ID, N_PRESET_ENV, N_ANNOTATION, N_PARENT,
};

static const struct {
	const char *s;
	enum name n;
} names[] = {
	{ "PhoronixTestSuite", N_PTS }, { "Generated", N_GENERATED },
	{ "System", N_SYSTEM }, { "Result", N_RESULT }, { "Data", N_DATA },
	{ "Entry", N_ENTRY }, { "Title", N_TITLE },
	{ "Description", N_DESCRIPTION }, { "Identifier", N_IDENTIFIER },
	{ "Hardware", N_HARDWARE }, { "Software", N_SOFTWARE },
	{ "JSON", N_JSON }, { "Notes", N_NOTES }, { "User", N_USER },
	{ "TimeStamp", N_TIMESTAMP },
	{ "TestClientVersion", N_CLIENT_VERSION },
	{ "AppVersion", N_APP_VERSION }, { "Arguments", N_ARGUMENTS },
	{ "Scale", N_SCALE }, { "Proportion", N_PROPORTION },
	{ "DisplayFormat", N_DISPLAY_FORMAT }, { "Value", N_VALUE },
	{ "RawString", N_RAW_STRING }, { "LastModified", N_LAST_MODIFIED },
	{ "TestClient", N_TEST_CLIENT }, { "InternalTags", N_INTERNAL_TAGS },
	{ "ReferenceID", N_REFERENCE_ID },
	{ "PreSetEnvironmentVariables", N_PRESET_ENV },
	{ "Annotation", N_ANNOTATION }, { "Parent", N_PARENT },
};

#define STACK_MAX 8
#define CHUNK 65536 /* bytes fed to the parser at a time */

struct pts_state {
	const char *path;
	struct fsr_report *r;
	struct fsr_diag *d;
	struct fsr_import_ctx *ctx;
	xmlParserCtxtPtr ctxt;
	int err;                 /* first error code, 0 if none */
	int saw_root;
	/* The open elements, root first (beyond STACK_MAX not tracked). */
	enum name stack[STACK_MAX];
	int depth;
	enum field cur;          /* field whose text we collect */
	struct fsr_buf text[F_COUNT];
	int have[F_COUNT];
	int field_line[F_COUNT]; /* where the field's element starts */
	struct fsr_result *res;  /* the Result being read */
	size_t n_entries;
	size_t entry_in_result;  /* ordinal of the Entry in its Result */
	size_t n_blocks;         /* <System> blocks read */
	int entry_line;
	/* The system of the k-th Entry of the last Result: PTS writes the
	 * entries of every result in the same order. */
	size_t sys_guess[16];
	int have_guess[16];
	/* The systems the Entries of this Result named: a second Entry of
	 * one system (PTS's Test Install Size of several installs) is
	 * pooled into its cell, which PTS's text lists apart: said once per
	 * file, with the first such Result. */
	size_t *res_sys, n_res_sys, cap_res_sys;
	int res_dup;             /* this Result has one */
	size_t n_dup_results, dup_entries;
	int dup_line;
	char *dup_what;          /* "'Test Install Size' of 'GVNO3'" */
	/* the names[] entries of element names libxml2 handed on, by
	 * their address (its dictionary gives a name one address in a
	 * parse); a hit is checked against the name, so an address reused
	 * for another text only misses */
	struct {
		const char *at;
		size_t i; /* in names[] */
	} seen[64];
};

static void state_release(struct pts_state *st)
{
	int i;

	for (i = 0; i < F_COUNT; i++)
		fsr_buf_release(&st->text[i]);
	free(st->res_sys);
	free(st->dup_what);
}

/* Whether this Result's Entries named sys before (then counted). */
static void note_entry_system(struct pts_state *st, size_t sys)
{
	size_t i, same = 1;

	for (i = 0; i < st->n_res_sys; i++)
		same += st->res_sys[i] == sys;
	FSR_GROW(st->res_sys, st->cap_res_sys, st->n_res_sys + 1);
	st->res_sys[st->n_res_sys++] = sys;
	if (same < 2)
		return;
	if (!st->res_dup)
		st->n_dup_results++;
	if (st->n_dup_results == 1 && st->res_dup) {
		st->dup_entries = same; /* a third Entry of it */
		return;
	}
	st->res_dup = 1;
	if (st->n_dup_results == 1) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_buf_addf(&b, "'%.80s' of '%.60s'",
			     st->res->description && *st->res->description ?
			     st->res->description : st->res->test,
			     st->r->systems[sys].name ?
			     st->r->systems[sys].name : "");
		free(st->dup_what);
		st->dup_what = fsr_xstrdup(b.buf);
		fsr_buf_release(&b);
		st->dup_line = st->entry_line;
		st->dup_entries = same;
	}
}

static const char *txt(struct pts_state *st, enum field f)
{
	return st->have[f] ? st->text[f].buf : "";
}

static void clear_fields(struct pts_state *st, enum field from, enum field to)
{
	int f;

	for (f = from; f <= (int)to; f++) {
		fsr_buf_reset(&st->text[f]);
		st->have[f] = 0;
	}
}

__attribute__((format(printf, 4, 5))) static int
fail(struct pts_state *st, int line, int col, const char *fmt, ...)
{
	va_list ap;

	if (!st->err) {
		st->err = FSR_EINPUT;
		va_start(ap, fmt);
		fsr_diag_vset(st->d, FSR_EINPUT, st->path, line, col, fmt, ap);
		va_end(ap);
	}
	return st->err;
}

static enum field field_for(struct pts_state *st, enum name name)
{
	enum name parent = st->depth >= 1 && st->depth <= STACK_MAX ?
				   st->stack[st->depth - 1] : N_OTHER;
	enum name grand = st->depth >= 2 && st->depth <= STACK_MAX ?
				  st->stack[st->depth - 2] : N_OTHER;

	if (st->depth == 2 && parent == N_GENERATED) {
		if (name == N_TITLE)
			return F_GEN_TITLE;
		switch (name) {
		case N_DESCRIPTION: return F_GEN_DESC;
		case N_LAST_MODIFIED: return F_GEN_LASTMOD;
		case N_TEST_CLIENT: return F_GEN_CLIENT;
		case N_NOTES: return F_GEN_NOTES;
		case N_INTERNAL_TAGS: return F_GEN_TAGS;
		case N_REFERENCE_ID: return F_GEN_REFID;
		case N_PRESET_ENV: return F_GEN_PRESET;
		default: break;
		}
	} else if (st->depth == 2 && parent == N_SYSTEM) {
		switch (name) {
		case N_IDENTIFIER: return F_SYS_ID;
		case N_HARDWARE: return F_SYS_HW;
		case N_SOFTWARE: return F_SYS_SW;
		case N_JSON: return F_SYS_JSON;
		case N_NOTES: return F_SYS_NOTES;
		case N_USER: return F_SYS_USER;
		case N_TIMESTAMP: return F_SYS_TIME;
		case N_CLIENT_VERSION: return F_SYS_CLIENT;
		default: break;
		}
	} else if (st->depth == 2 && parent == N_RESULT) {
		switch (name) {
		case N_IDENTIFIER: return F_RES_ID;
		case N_TITLE: return F_RES_TITLE;
		case N_APP_VERSION: return F_RES_APP;
		case N_ARGUMENTS: return F_RES_ARGS;
		case N_DESCRIPTION: return F_RES_DESC;
		case N_SCALE: return F_RES_SCALE;
		case N_PROPORTION: return F_RES_PROP;
		case N_DISPLAY_FORMAT: return F_RES_DISPLAY;
		case N_ANNOTATION: return F_RES_ANNOT;
		case N_PARENT: return F_RES_PARENT;
		default: break;
		}
	} else if (st->depth == 4 && parent == N_ENTRY && grand == N_DATA) {
		switch (name) {
		case N_IDENTIFIER: return F_ENT_ID;
		case N_VALUE: return F_ENT_VALUE;
		case N_RAW_STRING: return F_ENT_RAW;
		case N_JSON: return F_ENT_JSON;
		default: break;
		}
	}
	return F_NONE;
}

/* Trim blanks at both ends, in place. */
static void trim(struct fsr_buf *b)
{
	size_t s = 0, e = b->len;

	if (!b->cap)
		return;
	while (s < e && strchr(" \t\r\n", b->buf[s]))
		s++;
	while (e > s && strchr(" \t\r\n", b->buf[e - 1]))
		e--;
	memmove(b->buf, b->buf + s, e - s);
	b->len = e - s;
	b->buf[b->len] = '\0';
}

/* "Processor: X, Memory: Y" -> ordered pairs (PTS splits on ", " and
 * then on the first ": "). */
static void split_components(const char *s, struct fsr_kvlist *out)
{
	const char *p = s;

	while (*p) {
		const char *end = strstr(p, ", "), *colon;
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char *item = fsr_xstrndup(p, len);

		colon = strstr(item, ": ");
		if (colon) {
			char *k = fsr_xstrndup(item, (size_t)(colon - item));

			fsr_kvlist_set(out, k, colon + 2);
			free(k);
		}
		free(item);
		p += len;
		if (end)
			p += 2;
	}
}

/* Flatten a JSON object's members into key/value text pairs. */
static void json_to_kv(const char *json, struct fsr_kvlist *out)
{
	json_error_t jerr;
	json_t *root, *v;
	const char *k;

	if (!*json)
		return;
	root = json_loads(json, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES,
			  &jerr);
	if (!root)
		return; /* PTS ignores unreadable JSON too */
	if (json_is_object(root)) {
		json_object_foreach(root, k, v) {
			if (json_is_string(v)) {
				fsr_kvlist_set(out, k, json_string_value(v));
			} else {
				char *s = json_dumps(v, JSON_COMPACT |
							JSON_SORT_KEYS |
							JSON_ENCODE_ANY);

				if (s) {
					fsr_kvlist_set(out, k, s);
					free(s);
				}
			}
		}
	}
	json_decref(root);
}

/* The System fields PTS writes as elements, into meta. */
static void block_meta(struct pts_state *st, struct fsr_kvlist *meta)
{
	if (*txt(st, F_SYS_NOTES))
		fsr_kvlist_set(meta, "notes", txt(st, F_SYS_NOTES));
	if (*txt(st, F_SYS_USER))
		fsr_kvlist_set(meta, "user", txt(st, F_SYS_USER));
	if (*txt(st, F_SYS_TIME))
		fsr_kvlist_set(meta, "timestamp", txt(st, F_SYS_TIME));
	if (*txt(st, F_SYS_CLIENT))
		fsr_kvlist_set(meta, "test-client-version",
			       txt(st, F_SYS_CLIENT));
}

static void end_system(struct pts_state *st)
{
	struct fsr_buf id = FSR_BUF_INIT;
	struct fsr_system *s;
	size_t idx;

	fsr_buf_adds(&id, txt(st, F_SYS_ID));
	trim(&id);
	idx = fsr_report_system(st->r, 0, id.buf);
	s = &st->r->systems[idx];
	fsr_system_add_source(s, st->path);
	if (s->declared) {
		/* A second block with this Identifier (PTS's merge-results
		 * writes them): kept as it was, apart from the system's. */
		struct fsr_sysblock *b = fsr_system_add_block(
			s, txt(st, F_SYS_HW), txt(st, F_SYS_SW),
			txt(st, F_SYS_JSON), st->n_blocks++);

		block_meta(st, &b->meta);
		fsr_buf_release(&id);
		clear_fields(st, F_SYS_ID, F_SYS_CLIENT);
		return;
	}
	s->ordinal = st->n_blocks++;
	/* The JSON as written, for the PTS export: the first block's. */
	if (*txt(st, F_SYS_JSON) && !s->declared && !s->json)
		s->json = fsr_xstrdup(txt(st, F_SYS_JSON));
	s->declared = 1;
	if (*txt(st, F_SYS_HW) && !s->hardware) {
		s->hardware = fsr_xstrdup(txt(st, F_SYS_HW));
		split_components(s->hardware, &s->hw);
	}
	if (*txt(st, F_SYS_SW) && !s->software) {
		s->software = fsr_xstrdup(txt(st, F_SYS_SW));
		split_components(s->software, &s->sw);
	}
	json_to_kv(txt(st, F_SYS_JSON), &s->meta);
	block_meta(st, &s->meta);
	fsr_buf_release(&id);
	clear_fields(st, F_SYS_ID, F_SYS_CLIENT);
}

static enum fsr_display display_kind(const char *s)
{
	if (!*s || !strcmp(s, "BAR_GRAPH") || !strcmp(s, "BAR_ANALYZE_GRAPH"))
		return FSR_DISPLAY_BAR;
	if (!strcmp(s, "LINE_GRAPH"))
		return FSR_DISPLAY_LINE;
	if (!strcmp(s, "PASS_FAIL") || !strcmp(s, "MULTI_PASS_FAIL"))
		return FSR_DISPLAY_PASSFAIL;
	return FSR_DISPLAY_OTHER;
}

/* Replace *slot with a copy of s, or with NULL when s is NULL or "". */
static void keep_text(char **slot, const char *s)
{
	free(*slot);
	*slot = s && *s ? fsr_xstrdup(s) : NULL;
}

/* Called at <Data>: everything that identifies the result is known. */
static void begin_data(struct pts_state *st)
{
	struct fsr_result_key key;
	struct fsr_result *res;
	const char *id = txt(st, F_RES_ID), *scale = txt(st, F_RES_SCALE);
	const char *bar = strchr(scale, '|');
	char *test, *unit;

	unit = bar ? fsr_xstrndup(scale, (size_t)(bar - scale))
		   : fsr_xstrdup(scale);
	/* Derived results have no Identifier; their title tells them
	 * apart (install time of FFTW vs of GraphicsMagick). */
	test = *id ? fsr_test_identity(id) : fsr_xstrdup(txt(st, F_RES_TITLE));
	key.test = test;
	key.arguments = txt(st, F_RES_ARGS);
	key.description = txt(st, F_RES_DESC);
	key.app_version = txt(st, F_RES_APP);
	key.unit = unit;
	res = fsr_report_result(st->r, &key);
	free(res->test_id);
	res->test_id = fsr_xstrdup(id);
	free(res->title);
	res->title = fsr_xstrdup(txt(st, F_RES_TITLE));
	res->better = fsr_better_parse(txt(st, F_RES_PROP));
	res->display = display_kind(txt(st, F_RES_DISPLAY));
	res->derived = !*id;
	/* The Scale as written when a '|' part follows the unit (PTS's
	 * text prints it whole, its graphs the unit only). */
	keep_text(&res->scale, bar ? scale : NULL);
	keep_text(&res->annotation, txt(st, F_RES_ANNOT));
	keep_text(&res->parent, txt(st, F_RES_PARENT));
	/* A new result most likely has as many entries as the one before
	 * (each system of the file once). */
	if (!res->n_cells)
		fsr_result_reserve_cells(res, st->entry_in_result);
	st->res = res;
	st->entry_in_result = 0;
	st->n_res_sys = 0;
	st->res_dup = 0;
	free(test);
	free(unit);
}

/* The text of field f with blanks trimmed (in place: the fields of an
 * Entry are cleared after it), "" when absent. */
static const struct fsr_buf *trimmed(struct pts_state *st, enum field f)
{
	static struct fsr_buf empty = FSR_BUF_INIT;

	if (!st->have[f] || !st->text[f].cap)
		return &empty;
	trim(&st->text[f]);
	return &st->text[f];
}

/* The system an Entry names: the one the same Entry of the previous
 * Result named, when the name is the same, else a lookup. */
static size_t entry_system(struct pts_state *st, const char *name)
{
	size_t k = st->entry_in_result++, sys;

	if (k < 16 && st->have_guess[k]) {
		const struct fsr_system *s = &st->r->systems[st->sys_guess[k]];

		if (s->runset == 0 && s->name && !strcmp(s->name, name))
			return st->sys_guess[k];
	}
	sys = fsr_report_system(st->r, 0, name);
	/* A system only entries name got its samples from this file too. */
	if (!st->r->systems[sys].n_sources)
		fsr_system_add_source(&st->r->systems[sys], st->path);
	if (k < 16) {
		st->sys_guess[k] = sys;
		st->have_guess[k] = 1;
	}
	return sys;
}

static int end_entry(struct pts_state *st)
{
	const struct fsr_buf *id, *valb;
	struct fsr_buf val;
	const char *raw = txt(st, F_ENT_RAW);
	struct fsr_cell *c;
	size_t sys, seq, n_before, failed_before;

	if (!st->res)
		return fail(st, st->entry_line, 0,
			    "<Entry> outside a <Result>");
	id = trimmed(st, F_ENT_ID);
	valb = trimmed(st, F_ENT_VALUE);
	val = *valb; /* read only: val.buf and val.len */
	seq = st->entry_in_result;
	sys = entry_system(st, id->buf);
	note_entry_system(st, sys);
	c = fsr_result_cell(st->res, sys);
	n_before = c->n;
	failed_before = c->n_failed;
	/* Entry JSON through jansson was a quarter of a big import
	 * (BENCHMARKS.md): skipped when the caller never reads it, except
	 * for a failed run, whose reason it holds. */
	if ((!(st->ctx && st->ctx->flags & FSR_IMPORT_NO_CELL_META) ||
	     val.len == 0) && *txt(st, F_ENT_JSON))
		json_to_kv(txt(st, F_ENT_JSON), fsr_cell_meta_edit(c));
	if (val.len == 0) {
		/* A failed run: no value, a reason in the JSON. */
		const char *why = fsr_kvlist_get(fsr_cell_meta(c), "error");

		fsr_cell_add_failed(c, why ? why : "no value stored");
		fsr_cell_set_stored(c, NULL);
		goto out;
	}
	/* A copy of every Value was 2 MB of a 10 000-result show. */
	fsr_cell_set_stored(c, st->ctx && st->ctx->flags & FSR_IMPORT_NO_STORED
			       ? NULL : val.buf);
	if (st->res->display == FSR_DISPLAY_PASSFAIL ||
	    st->res->display == FSR_DISPLAY_OTHER)
		goto out;
	if (st->res->display == FSR_DISPLAY_LINE) {
		/* A series: every point is kept; renderers never draw it
		 * as a bar. */
		const char *p = val.buf;

		while (*p) {
			const char *e = strchr(p, ',');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			double x;

			if (fsr_parse_double(p, len, &x) == 0)
				fsr_cell_add_sample(c, x);
			p += len + (e ? 1 : 0);
		}
		goto out;
	}
	if (*raw) {
		const char *p = raw;
		size_t count = 1;
		int dec = 0;

		for (p = raw; (p = strchr(p, ':')); p++)
			count++;
		if (count <= FSR_MAX_SAMPLES_PER_CELL)
			fsr_cell_reserve(c, count);
		p = raw;
		while (1) {
			const char *e = strchr(p, ':');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			double x;
			int d;

			if (fsr_parse_double_dec(p, len, &x, &d) != 0) {
				char *bad = fsr_xstrndup(p, len);

				fail(st, st->field_line[F_ENT_RAW], 0,
				     "<RawString> sample '%s' %s", bad,
				     fsr_number_refusal(p, len,
							"is not a number"));
				free(bad);
				break;
			}
			if (c->n >= FSR_MAX_SAMPLES_PER_CELL) {
				fail(st, st->field_line[F_ENT_RAW], 0,
				     "too many samples in one <Entry>");
				break;
			}
			fsr_cell_add_sample(c, x);
			if (d > dec)
				dec = d;
			if (!e)
				break;
			p = e + 1;
		}
		if (dec > c->stored_decimals)
			c->stored_decimals = dec;
	} else {
		double x;
		int d;

		if (fsr_parse_double_dec(val.buf, val.len, &x, &d) != 0) {
			fail(st, st->field_line[F_ENT_VALUE], 0,
			     "<Value> '%s' %s",
			     val.buf, fsr_number_refusal(val.buf, val.len,
							 "is not a number"));
			goto out;
		}
		fsr_cell_add_sample(c, x);
		if (d > c->stored_decimals)
			c->stored_decimals = d;
	}
out:
	/* What was read, for the PTS layout and export, unless the caller
	 * never reads it (a fifth of show's memory on a big file). */
	if (!st->err && !(st->ctx && st->ctx->flags & FSR_IMPORT_NO_ENTRIES))
		fsr_cell_add_entry(c, val.buf, *raw ? raw : NULL,
				   *txt(st, F_ENT_JSON) ? txt(st, F_ENT_JSON)
							: NULL,
				   seq, c->n - n_before,
				   c->n_failed != failed_before);
	clear_fields(st, F_ENT_ID, F_ENT_JSON);
	st->n_entries++;
	return st->err;
}

static void start_element(struct pts_state *st, enum name id,
			  const char *name)
{
	int line = xmlSAX2GetLineNumber(st->ctxt);

	if (st->depth == 0) {
		if (id != N_PTS)
			fail(st, line, xmlSAX2GetColumnNumber(st->ctxt),
			     "expected <PhoronixTestSuite>, found <%s>", name);
		st->saw_root = 1;
	}
	st->cur = field_for(st, id);
	if (st->cur != F_NONE) {
		fsr_buf_reset(&st->text[st->cur]);
		st->have[st->cur] = 1;
		st->field_line[st->cur] = line;
	}
	if (st->depth == 1 && id == N_RESULT) {
		clear_fields(st, F_RES_ID, F_RES_PARENT);
		st->res = NULL;
	}
	if (st->depth == 2 && id == N_DATA && st->stack[1] == N_RESULT)
		begin_data(st);
	if (st->depth == 3 && id == N_ENTRY) {
		clear_fields(st, F_ENT_ID, F_ENT_JSON);
		st->entry_line = line;
	}
	/* An Entry anywhere but in a Result's Data would be lost. */
	if (id == N_ENTRY && !(st->depth == 3 && st->stack[1] == N_RESULT &&
			       st->stack[2] == N_DATA))
		fail(st, line, 0, "<Entry> outside a <Result>'s <Data>");
	if (st->depth < STACK_MAX)
		st->stack[st->depth] = id;
	st->depth++;
}

/* The Generated fields the PTS export writes back as they were. */
static void keep_generated(struct pts_state *st)
{
	static const struct {
		enum field f;
		const char *key;
	} keep[] = {
		{ F_GEN_LASTMOD, "LastModified" }, { F_GEN_CLIENT, "TestClient" },
		{ F_GEN_NOTES, "Notes" }, { F_GEN_TAGS, "InternalTags" },
		{ F_GEN_REFID, "ReferenceID" },
		{ F_GEN_PRESET, "PreSetEnvironmentVariables" },
	};
	size_t i;

	if (st->r->generated.n)
		return;
	for (i = 0; i < sizeof(keep) / sizeof(*keep); i++)
		if (st->have[keep[i].f])
			fsr_kvlist_set(&st->r->generated, keep[i].key,
				       txt(st, keep[i].f));
}

static void end_element(struct pts_state *st)
{
	enum name name;

	if (st->depth <= 0)
		return;
	name = st->depth <= STACK_MAX ? st->stack[st->depth - 1] : N_OTHER;
	if (st->depth == 2 && name == N_SYSTEM)
		end_system(st);
	else if (st->depth == 4 && name == N_ENTRY)
		end_entry(st);
	else if (st->depth == 2 && name == N_RESULT) {
		if (!st->res)
			begin_data(st); /* a Result without <Data> */
		if (!st->err && st->ctx && st->ctx->result_read)
			st->ctx->result_read(st->ctx->result_data, st->r,
					     st->res);
		st->res = NULL;
	} else if (st->depth == 2 && name == N_GENERATED) {
		trim(&st->text[F_GEN_TITLE]);
		trim(&st->text[F_GEN_DESC]);
		if (!st->r->title && *txt(st, F_GEN_TITLE))
			st->r->title = fsr_xstrdup(txt(st, F_GEN_TITLE));
		if (!st->r->description && *txt(st, F_GEN_DESC))
			st->r->description = fsr_xstrdup(txt(st, F_GEN_DESC));
		keep_generated(st);
	}
	st->cur = F_NONE;
	st->depth--;
}

/* ------------------------------------------------------ SAX2 callbacks */

/*
 * The parser context's userData stays the context itself, so that
 * libxml2's own SAX2 handlers keep doing the DTD bookkeeping (entity
 * declarations); our state hangs off ctxt->_private. Element content
 * builds no tree: these handlers replace libxml2's.
 */
static struct pts_state *state_of(void *ctx)
{
	return ((xmlParserCtxtPtr)ctx)->_private;
}

/* After the first error nothing more is parsed. */
static int stopped(struct pts_state *st)
{
	if (st->err) {
		xmlStopParser(st->ctxt);
		return 1;
	}
	return 0;
}

/*
 * Blank text before a field's first child element, comment or CDATA
 * section is not part of the field (libxml2's XML_PARSE_NOBLANKS rule,
 * which the importer followed when it used the tree-building reader).
 */
static void drop_leading_blanks(struct pts_state *st)
{
	struct fsr_buf *b;
	size_t i;

	if (st->cur == F_NONE)
		return;
	b = &st->text[st->cur];
	for (i = 0; i < b->len; i++)
		if (!strchr(" \t\r\n", b->buf[i]))
			return;
	fsr_buf_reset(b);
}

/* What names[] calls name (N_OTHER: nothing), through st->seen: a hit
 * is one comparison, where the search of names[] was a quarter of
 * on_start(). */
static enum name name_seen(struct pts_state *st, const char *name)
{
	size_t h = (size_t)((uint64_t)(uintptr_t)name *
			    0x9e3779b97f4a7c15ULL >> 58), i;

	if (st->seen[h].at == name && !strcmp(names[st->seen[h].i].s, name))
		return names[st->seen[h].i].n;
	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (names[i].s[0] == name[0] && !strcmp(names[i].s, name)) {
			st->seen[h].at = name;
			st->seen[h].i = i;
			return names[i].n;
		}
	return N_OTHER;
}

static void on_start(void *ctx, const xmlChar *local, const xmlChar *prefix,
		     const xmlChar *uri, int n_ns, const xmlChar **ns,
		     int n_attrs, int n_defaulted, const xmlChar **attrs)
{
	struct pts_state *st = state_of(ctx);
	const char *name = (const char *)local;
	char qname[256];

	(void)uri, (void)n_ns, (void)ns, (void)n_attrs, (void)n_defaulted;
	(void)attrs;
	if (stopped(st))
		return;
	if (prefix) {
		/* "p:Result" is not a Result (nor was it to the reader). */
		snprintf(qname, sizeof(qname), "%s:%s", (const char *)prefix,
			 name);
		name = qname;
	}
	drop_leading_blanks(st);
	start_element(st, prefix ? N_OTHER : name_seen(st, name), name);
	stopped(st);
}

static void on_end(void *ctx, const xmlChar *local, const xmlChar *prefix,
		   const xmlChar *uri)
{
	struct pts_state *st = state_of(ctx);

	(void)local, (void)prefix, (void)uri;
	if (stopped(st))
		return;
	end_element(st);
	stopped(st);
}

static void on_text(void *ctx, const xmlChar *ch, int len)
{
	struct pts_state *st = state_of(ctx);

	if (st->cur == F_NONE || st->err || len <= 0)
		return;
	/* Our handlers replace libxml2's, and with them its 10 MB limit
	 * on a text node: keep the memory a hostile file can claim
	 * bounded. */
	if (st->text[st->cur].len + (size_t)len > FSR_MAX_LINE_BYTES) {
		fail(st, xmlSAX2GetLineNumber(st->ctxt), 0,
		     "an element's text is longer than %zu bytes",
		     (size_t)FSR_MAX_LINE_BYTES);
		xmlStopParser(st->ctxt);
		return;
	}
	fsr_buf_add(&st->text[st->cur], ch, (size_t)len);
}

static void on_cdata(void *ctx, const xmlChar *ch, int len)
{
	drop_leading_blanks(state_of(ctx));
	on_text(ctx, ch, len);
}

static void on_comment(void *ctx, const xmlChar *text)
{
	(void)text;
	drop_leading_blanks(state_of(ctx));
}

static void on_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
	(void)target, (void)data;
	drop_leading_blanks(state_of(ctx));
}

/*
 * A reference to a declared entity (internal or external) is refused
 * before libxml2 expands or loads anything: no substitution, no XXE, no
 * entity bombs. Undeclared ones are libxml2's own well-formedness error.
 */
static xmlEntityPtr on_get_entity(void *ctx, const xmlChar *name)
{
	xmlParserCtxtPtr ctxt = ctx;
	struct pts_state *st = state_of(ctx);
	xmlEntityPtr ent = xmlSAX2GetEntity(ctx, name);

	/* Declarations look their entity up too (inSubset): only
	 * references in the document are refused. */
	if (!ent || st->err || ctxt->inSubset)
		return ent;
	fail(st, xmlSAX2GetLineNumber(ctxt), 0,
	     "entity reference '&%s;' is not allowed in a result file",
	     (const char *)name);
	ctxt->wellFormed = 0; /* libxml2 then looks no further */
	xmlStopParser(ctxt);
	return NULL;
}

/* libxml2's errors become our diag, with line and column. */
static void on_xml_error(void *ctx, xmlErrorPtr e)
{
	/* An error raised while xmlCreatePushParserCtxt() reads the first
	 * bytes (an encoding libxml2 lacks, "\0<\0\0") comes before
	 * _private is set; the parse that follows fails and says so. */
	struct pts_state *st = ctx ? state_of(ctx) : NULL;

	if (st && !st->err)
		st->err = fsr_xml_error(st->d, st->path, e);
}

/* "<PhoronixTestSuite" in UTF-16 (a BOM, then the ASCII letters with a
 * zero byte beside each: lo is 0 for little-endian, 1 for big). */
static int utf16_root(const unsigned char *head, size_t n, int lo)
{
	static const char want[] = "<PhoronixTestSuite";
	size_t i, k;

	for (i = 2; i + 36 <= n && i < 8192; i += 2) {
		for (k = 0; k < 18; k++)
			if (head[i + 2 * k + lo] != (unsigned char)want[k] ||
			    head[i + 2 * k + !lo] != 0)
				break;
		if (k == 18)
			return 1;
	}
	return 0;
}

/* The end of the prolog item at p (a "<?...?>", "<!--...-->" or
 * "<!DOCTYPE ...>" with its internal subset), or NULL when it does not
 * end before e. */
static const char *prolog_item(const char *p, const char *e)
{
	const char *q;
	int depth = 0;

	if (e - p >= 2 && !memcmp(p, "<?", 2)) {
		for (q = p + 2; q + 1 < e; q++)
			if (q[0] == '?' && q[1] == '>')
				return q + 2;
		return NULL;
	}
	if (e - p >= 4 && !memcmp(p, "<!--", 4)) {
		for (q = p + 4; q + 2 < e; q++)
			if (!memcmp(q, "-->", 3))
				return q + 3;
		return NULL;
	}
	if (e - p >= 9 && !memcmp(p, "<!DOCTYPE", 9)) {
		for (q = p + 9; q < e; q++) {
			if (*q == '[')
				depth++;
			else if (*q == ']' && depth)
				depth--;
			else if (*q == '>' && !depth)
				return q + 1;
		}
		return NULL;
	}
	return NULL;
}

/* "<PhoronixTestSuite" in the first 4 KiB of head. */
static int root_tag_near_top(const unsigned char *head, size_t n)
{
	size_t i;

	for (i = 0; i + 18 <= n && i < 4096; i++)
		if (!memcmp(head + i, "<PhoronixTestSuite", 18))
			return 1;
	return 0;
}

/*
 * A PTS result file's root element is <PhoronixTestSuite>, the first
 * thing after the prolog (a UTF-8 BOM, blanks, the XML declaration,
 * comments, processing instructions, a DOCTYPE). An XML file that has
 * the tag elsewhere near the top (a wrong root, a prolog longer than the
 * head, an encoding libxml2 refuses) is PTS's too, so its error is
 * PTS's. A text that only mentions the tag (a README in the run folder:
 * it starts with a letter, not '<') is no PTS file.
 */
int fsr_pts_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head, *e = p + n, *q, *start;

	if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' ||
			 *p == '\n'))
		p++;
	start = p;
	while (p < e && *p == '<') {
		if (e - p >= 18 && !memcmp(p, "<PhoronixTestSuite", 18))
			return 100;
		q = prolog_item(p, e);
		if (!q)
			break;
		p = q;
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' ||
				 *p == '\n'))
			p++;
	}
	/* not text that starts with a word: XML, or bytes of an odd
	 * encoding */
	if (start < e && (*start == '<' || (unsigned char)*start < 0x20 ||
			  (unsigned char)*start >= 0x7f) &&
	    root_tag_near_top(head, n))
		return 100;
	/* Saved as UTF-16 by a Windows editor: libxml2 reads it by its
	 * BOM. */
	if (n >= 2 && head[0] == 0xff && head[1] == 0xfe)
		return utf16_root(head, n, 0) ? 100 : 0;
	if (n >= 2 && head[0] == 0xfe && head[1] == 0xff)
		return utf16_root(head, n, 1) ? 100 : 0;
	return 0;
}

/* A PTS file being read (importer.h): the parser's state, the guard,
 * the file and the piece being fed. */
struct fsr_pts_read {
	struct pts_state st;
	struct fsr_xml_guard guard;
	char *chunk;
	FILE *fp;
	int rc;                  /* libxml2's, of the last piece */
	int ended;               /* the parse was told the end */
};

struct fsr_pts_read *fsr_pts_read_open(struct fsr_import_ctx *ctx,
				       const char *path, struct fsr_report *r,
				       struct fsr_diag *d)
{
	struct fsr_pts_read *p = fsr_xcalloc(1, sizeof(*p));
	struct pts_state *st = &p->st;
	xmlSAXHandler sax;
	size_t n, i;

	for (i = 0; i < F_COUNT; i++)
		fsr_buf_init(&st->text[i]);
	st->path = path;
	st->r = r;
	st->d = d;
	st->ctx = ctx;
	p->fp = fopen(path, "rb");
	if (!p->fp) {
		st->err = fsr_diag_set(d, FSR_EIO, path, 0, 0,
				       "cannot open for reading");
		return p;
	}
	p->chunk = fsr_xmalloc(CHUNK);
	/* libxml2's SAX2 handlers for the prolog and the DTD, ours for
	 * elements, text and entity references. */
	xmlSAXVersion(&sax, 2);
	sax.startElementNs = on_start;
	sax.endElementNs = on_end;
	sax.characters = on_text;
	sax.ignorableWhitespace = on_text;
	sax.cdataBlock = on_cdata;
	sax.getEntity = on_get_entity;
	sax.reference = NULL;
	sax.comment = on_comment;
	sax.processingInstruction = on_pi;
	sax.serror = on_xml_error;
	sax.error = NULL;
	sax.warning = NULL;
	/* The first 4 bytes tell the encoding, as for xmlReaderForFile.
	 * libxml2 2.9 is quadratic in the attributes of one element: the
	 * guard sees every piece before the parser does. */
	fsr_xml_silence();
	fsr_xml_guard_init(&p->guard);
	n = fread(p->chunk, 1, 4, p->fp);
	fsr_xml_guard_feed(&p->guard, p->chunk, n);
	st->ctxt = xmlCreatePushParserCtxt(&sax, NULL, p->chunk, (int)n, path);
	if (!st->ctxt) {
		st->err = fsr_diag_set(d, FSR_ENOMEM, path, 0, 0,
				       "cannot set up the XML parser");
		return p;
	}
	st->ctxt->_private = st;
	/* NONET: never fetch; no NOENT (no entity substitution), no
	 * DTDLOAD, no XINCLUDE. */
	xmlCtxtUseOptions(st->ctxt, XML_PARSE_NONET);
	return p;
}

int fsr_pts_read_step(struct fsr_pts_read *p)
{
	struct pts_state *st = &p->st;
	size_t n;

	if (st->err || p->rc != 0)
		return 0;
	n = fread(p->chunk, 1, CHUNK, p->fp);
	if (n == 0) {
		/* the parse's end, which can end the last results */
		if (!ferror(p->fp) && !p->ended) {
			p->rc = xmlParseChunk(st->ctxt, NULL, 0, 1);
			p->ended = 1;
		}
		return 0;
	}
	if (fsr_xml_guard_feed(&p->guard, p->chunk, n) != 0) {
		st->err = fsr_xml_guard_refuse(st->path, &p->guard, st->d);
		return 0;
	}
	p->rc = xmlParseChunk(st->ctxt, p->chunk, (int)n, 0);
	return !st->err && p->rc == 0;
}

int fsr_pts_read_close(struct fsr_pts_read *p)
{
	struct pts_state *st = &p->st;
	struct fsr_report *r = st->r;
	size_t i;
	int err;

	if (!st->ctxt) { /* not opened: st->err says why */
		if (p->fp)
			fclose(p->fp);
		free(p->chunk);
		state_release(st);
		err = st->err;
		free(p);
		return err;
	}
	if (ferror(p->fp) && !st->err)
		fsr_diag_set(st->d, st->err = FSR_EIO, st->path, 0, 0,
			     "read error: %s", strerror(errno));
	else if (!st->err && p->rc == 0 && !p->ended)
		p->rc = xmlParseChunk(st->ctxt, NULL, 0, 1);
	fclose(p->fp);
	free(p->chunk);
	if ((p->rc != 0 || !st->ctxt->wellFormed) && !st->err)
		fail(st, xmlSAX2GetLineNumber(st->ctxt),
		     xmlSAX2GetColumnNumber(st->ctxt), "malformed XML");
	if (!st->err && !st->saw_root)
		fail(st, 1, 1, "no <PhoronixTestSuite> element");
	/* PTS lists no system its entries name without a <System>
	 * block. */
	for (i = 0; i < r->n_systems; i++)
		r->systems[i].undeclared = !r->systems[i].declared;
	r->n_generated = 1;
	if (!st->err && st->n_dup_results)
		fsr_import_warn(st->ctx, st->dup_line, "%zu result(s) have "
				"several <Entry>s of one system (first: %s, "
				"%zu entries): each such cell pools their "
				"samples, which PTS lists apart",
				st->n_dup_results, st->dup_what,
				st->dup_entries);
	if (st->ctxt->myDoc)
		xmlFreeDoc(st->ctxt->myDoc); /* the prolog and DTD only */
	xmlFreeParserCtxt(st->ctxt);
	state_release(st);
	err = st->err;
	free(p);
	return err;
}

int fsr_pts_import(struct fsr_import_ctx *ctx, const char *path,
		   struct fsr_report *r, struct fsr_diag *d)
{
	struct fsr_pts_read *p = fsr_pts_read_open(ctx, path, r, d);

	while (fsr_pts_read_step(p))
		;
	return fsr_pts_read_close(p);
}
