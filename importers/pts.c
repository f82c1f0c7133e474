/*
 * pts.c - Phoronix Test Suite result files (composite.xml), read with
 * libxml2's streaming xmlTextReader: never a DOM, no network, no entity
 * substitution, no DTD loading. Lenient like PTS's own reader (missing
 * optional elements, 5.x files without System/Notes) but strict about
 * well-formedness: a malformed file is an error with line and column.
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

#include <jansson.h>
#include <stdarg.h>
#include <libxml/xmlreader.h>
#include <stdlib.h>
#include <string.h>

/* Elements whose text we keep, by their place in the file. */
enum field {
	F_NONE = 0,
	F_GEN_TITLE, F_GEN_DESC,
	F_SYS_ID, F_SYS_HW, F_SYS_SW, F_SYS_JSON, F_SYS_NOTES, F_SYS_USER,
	F_SYS_TIME, F_SYS_CLIENT,
	F_RES_ID, F_RES_TITLE, F_RES_APP, F_RES_ARGS, F_RES_DESC, F_RES_SCALE,
	F_RES_PROP, F_RES_DISPLAY,
	F_ENT_ID, F_ENT_VALUE, F_ENT_RAW, F_ENT_JSON,
	F_COUNT
};

struct pts_state {
	const char *path;
	struct fsr_report *r;
	struct fsr_diag *d;
	struct fsr_import_ctx *ctx;
	xmlTextReaderPtr reader;
	int err;                 /* first error code, 0 if none */
	int saw_root;
	/* The open elements, as names, root first. */
	char *stack[8];
	int depth;               /* elements open (beyond 8 not tracked) */
	enum field cur;          /* field whose text we collect */
	struct fsr_buf text[F_COUNT];
	int have[F_COUNT];
	struct fsr_result *res;  /* the Result being read */
	size_t n_entries;
	int entry_line;
};

static void state_release(struct pts_state *st)
{
	int i;

	for (i = 0; i < F_COUNT; i++)
		fsr_buf_release(&st->text[i]);
	for (i = 0; i < st->depth && i < 8; i++)
		free(st->stack[i]);
}

static const char *txt(struct pts_state *st, enum field f)
{
	return st->have[f] && st->text[f].buf ? st->text[f].buf : "";
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

/* libxml2's errors become our diag, with line and column. */
static void on_xml_error(void *data, xmlErrorPtr e)
{
	struct pts_state *st = data;
	char msg[400];
	size_t len;

	if (!e || e->level < XML_ERR_ERROR || st->err)
		return;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "error");
	len = strlen(msg);
	while (len && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
		msg[--len] = '\0';
	if (len && msg[0] >= 'A' && msg[0] <= 'Z' && msg[1] >= 'a' &&
	    msg[1] <= 'z')
		msg[0] = (char)(msg[0] - 'A' + 'a');
	st->err = FSR_EINPUT;
	fsr_diag_set(st->d, FSR_EINPUT, st->path, e->line, e->int2,
		     "malformed XML: %s", msg);
}

static enum field field_for(struct pts_state *st, const char *name)
{
	const char *parent = st->depth >= 1 && st->depth <= 8 ?
				     st->stack[st->depth - 1] : "";
	const char *grand = st->depth >= 2 && st->depth <= 8 ?
				    st->stack[st->depth - 2] : "";

	if (st->depth == 2 && !strcmp(parent, "Generated")) {
		if (!strcmp(name, "Title"))
			return F_GEN_TITLE;
		if (!strcmp(name, "Description"))
			return F_GEN_DESC;
	} else if (st->depth == 2 && !strcmp(parent, "System")) {
		static const struct { const char *n; enum field f; } m[] = {
			{ "Identifier", F_SYS_ID }, { "Hardware", F_SYS_HW },
			{ "Software", F_SYS_SW }, { "JSON", F_SYS_JSON },
			{ "Notes", F_SYS_NOTES }, { "User", F_SYS_USER },
			{ "TimeStamp", F_SYS_TIME },
			{ "TestClientVersion", F_SYS_CLIENT },
		};
		size_t i;

		for (i = 0; i < sizeof(m) / sizeof(*m); i++)
			if (!strcmp(name, m[i].n))
				return m[i].f;
	} else if (st->depth == 2 && !strcmp(parent, "Result")) {
		static const struct { const char *n; enum field f; } m[] = {
			{ "Identifier", F_RES_ID }, { "Title", F_RES_TITLE },
			{ "AppVersion", F_RES_APP },
			{ "Arguments", F_RES_ARGS },
			{ "Description", F_RES_DESC },
			{ "Scale", F_RES_SCALE },
			{ "Proportion", F_RES_PROP },
			{ "DisplayFormat", F_RES_DISPLAY },
		};
		size_t i;

		for (i = 0; i < sizeof(m) / sizeof(*m); i++)
			if (!strcmp(name, m[i].n))
				return m[i].f;
	} else if (st->depth == 4 && !strcmp(parent, "Entry") &&
		   !strcmp(grand, "Data")) {
		if (!strcmp(name, "Identifier"))
			return F_ENT_ID;
		if (!strcmp(name, "Value"))
			return F_ENT_VALUE;
		if (!strcmp(name, "RawString"))
			return F_ENT_RAW;
		if (!strcmp(name, "JSON"))
			return F_ENT_JSON;
	}
	return F_NONE;
}

/* Trim blanks at both ends, in place. */
static void trim(struct fsr_buf *b)
{
	size_t s = 0, e = b->len;

	if (!b->buf)
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
	if (*txt(st, F_SYS_HW) && !s->hardware) {
		s->hardware = fsr_xstrdup(txt(st, F_SYS_HW));
		split_components(s->hardware, &s->hw);
	}
	if (*txt(st, F_SYS_SW) && !s->software) {
		s->software = fsr_xstrdup(txt(st, F_SYS_SW));
		split_components(s->software, &s->sw);
	}
	json_to_kv(txt(st, F_SYS_JSON), &s->meta);
	if (*txt(st, F_SYS_NOTES))
		fsr_kvlist_set(&s->meta, "notes", txt(st, F_SYS_NOTES));
	if (*txt(st, F_SYS_TIME))
		fsr_kvlist_set(&s->meta, "timestamp", txt(st, F_SYS_TIME));
	if (*txt(st, F_SYS_CLIENT))
		fsr_kvlist_set(&s->meta, "test-client-version",
			       txt(st, F_SYS_CLIENT));
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
	st->res = res;
	free(test);
	free(unit);
}

static int end_entry(struct pts_state *st)
{
	struct fsr_buf id = FSR_BUF_INIT, val = FSR_BUF_INIT;
	const char *raw = txt(st, F_ENT_RAW);
	struct fsr_cell *c;
	size_t sys;

	if (!st->res)
		return fail(st, st->entry_line, 0,
			    "<Entry> outside a <Result>");
	fsr_buf_adds(&id, txt(st, F_ENT_ID));
	trim(&id);
	fsr_buf_adds(&val, txt(st, F_ENT_VALUE));
	trim(&val);
	sys = fsr_report_system(st->r, 0, id.buf);
	c = fsr_result_cell(st->res, sys);
	json_to_kv(txt(st, F_ENT_JSON), &c->meta);
	if (val.len == 0) {
		/* A failed run: no value, a reason in the JSON. */
		const char *why = fsr_kvlist_get(&c->meta, "error");

		fsr_cell_add_failed(c, why ? why : "no value stored");
		fsr_cell_set_stored(c, NULL);
		goto out;
	}
	fsr_cell_set_stored(c, val.buf);
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
		int dec = 0;

		while (1) {
			const char *e = strchr(p, ':');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			double x;

			if (fsr_parse_double(p, len, &x) != 0) {
				char *bad = fsr_xstrndup(p, len);

				fail(st, st->entry_line, 0,
				     "<RawString> sample '%s' is not a number",
				     bad);
				free(bad);
				break;
			}
			if (c->n >= FSR_MAX_SAMPLES_PER_CELL) {
				fail(st, st->entry_line, 0,
				     "too many samples in one <Entry>");
				break;
			}
			fsr_cell_add_sample(c, x);
			if (fsr_count_decimals(p, len) > dec)
				dec = fsr_count_decimals(p, len);
			if (!e)
				break;
			p = e + 1;
		}
		if (dec > c->stored_decimals)
			c->stored_decimals = dec;
	} else {
		double x;

		if (fsr_parse_double(val.buf, val.len, &x) != 0) {
			fail(st, st->entry_line, 0,
			     "<Value> '%s' is not a number", val.buf);
			goto out;
		}
		fsr_cell_add_sample(c, x);
		if (fsr_count_decimals(val.buf, val.len) >
		    c->stored_decimals)
			c->stored_decimals =
				fsr_count_decimals(val.buf, val.len);
	}
out:
	fsr_buf_release(&id);
	fsr_buf_release(&val);
	clear_fields(st, F_ENT_ID, F_ENT_JSON);
	st->n_entries++;
	return st->err;
}

/* The line of the node the reader is on (the parser's position may
 * already be further on). */
static int node_line(xmlTextReaderPtr reader)
{
	xmlNodePtr n = xmlTextReaderCurrentNode(reader);
	long l = n ? xmlGetLineNo(n) : -1;

	return l > 0 ? (int)l : xmlTextReaderGetParserLineNumber(reader);
}

static void start_element(struct pts_state *st, const char *name, int empty)
{
	int line = node_line(st->reader);

	if (st->depth == 0) {
		if (strcmp(name, "PhoronixTestSuite"))
			fail(st, line, xmlTextReaderGetParserColumnNumber(
					       st->reader),
			     "expected <PhoronixTestSuite>, found <%s>", name);
		st->saw_root = 1;
	}
	st->cur = field_for(st, name);
	if (st->cur != F_NONE) {
		fsr_buf_reset(&st->text[st->cur]);
		st->have[st->cur] = 1;
	}
	if (st->depth == 1 && !strcmp(name, "Result")) {
		clear_fields(st, F_RES_ID, F_RES_DISPLAY);
		st->res = NULL;
	}
	if (st->depth == 2 && !strcmp(name, "Data") &&
	    !strcmp(st->stack[1], "Result"))
		begin_data(st);
	if (st->depth == 3 && !strcmp(name, "Entry")) {
		clear_fields(st, F_ENT_ID, F_ENT_JSON);
		st->entry_line = line;
	}
	if (empty) {
		/* <Identifier/>: open and close at once. */
		st->depth++;
		if (st->depth <= 8)
			st->stack[st->depth - 1] = fsr_xstrdup(name);
		return;
	}
	if (st->depth < 8)
		st->stack[st->depth] = fsr_xstrdup(name);
	st->depth++;
}

static void end_element(struct pts_state *st)
{
	const char *name;

	if (st->depth <= 0)
		return;
	name = st->depth <= 8 ? st->stack[st->depth - 1] : "";
	if (st->depth == 2 && !strcmp(name, "System"))
		end_system(st);
	else if (st->depth == 4 && !strcmp(name, "Entry"))
		end_entry(st);
	else if (st->depth == 2 && !strcmp(name, "Result")) {
		if (!st->res)
			begin_data(st); /* a Result without <Data> */
		st->res = NULL;
	} else if (st->depth == 2 && !strcmp(name, "Generated")) {
		trim(&st->text[F_GEN_TITLE]);
		trim(&st->text[F_GEN_DESC]);
		if (!st->r->title && *txt(st, F_GEN_TITLE))
			st->r->title = fsr_xstrdup(txt(st, F_GEN_TITLE));
		if (!st->r->description && *txt(st, F_GEN_DESC))
			st->r->description = fsr_xstrdup(txt(st, F_GEN_DESC));
	}
	st->cur = F_NONE;
	if (st->depth <= 8)
		free(st->stack[st->depth - 1]);
	st->depth--;
}

int fsr_pts_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head;
	size_t i;

	/* "<PhoronixTestSuite" near the top, after the prolog. */
	for (i = 0; i + 18 <= n && i < 4096; i++)
		if (!memcmp(p + i, "<PhoronixTestSuite", 18))
			return 100;
	return 0;
}

int fsr_pts_import(struct fsr_import_ctx *ctx, const char *path,
		   struct fsr_report *r, struct fsr_diag *d)
{
	struct pts_state st;
	int ret;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.r = r;
	st.d = d;
	st.ctx = ctx;
	/* NONET: never fetch; no NOENT (no entity substitution), no
	 * DTDLOAD, no XINCLUDE. */
	st.reader = xmlReaderForFile(path, NULL,
				     XML_PARSE_NONET | XML_PARSE_NOBLANKS |
					     XML_PARSE_COMPACT);
	if (!st.reader)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open for reading");
	xmlTextReaderSetStructuredErrorHandler(st.reader, on_xml_error, &st);
	while ((ret = xmlTextReaderRead(st.reader)) == 1 && !st.err) {
		int type = xmlTextReaderNodeType(st.reader);

		switch (type) {
		case XML_READER_TYPE_ELEMENT:
			start_element(&st,
				      (const char *)xmlTextReaderConstName(
					      st.reader),
				      xmlTextReaderIsEmptyElement(st.reader));
			if (xmlTextReaderIsEmptyElement(st.reader))
				end_element(&st);
			break;
		case XML_READER_TYPE_END_ELEMENT:
			end_element(&st);
			break;
		case XML_READER_TYPE_TEXT:
		case XML_READER_TYPE_CDATA:
		case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
			if (st.cur != F_NONE) {
				const char *v = (const char *)
					xmlTextReaderConstValue(st.reader);

				if (v)
					fsr_buf_adds(&st.text[st.cur], v);
			}
			break;
		case XML_READER_TYPE_ENTITY_REFERENCE:
			fail(&st, node_line(st.reader), 0,
			     "entity reference '&%s;' is not allowed in a "
			     "result file",
			     (const char *)xmlTextReaderConstName(st.reader));
			break;
		default:
			break;
		}
	}
	if (ret < 0 && !st.err)
		fail(&st, xmlTextReaderGetParserLineNumber(st.reader),
		     xmlTextReaderGetParserColumnNumber(st.reader),
		     "malformed XML");
	if (!st.err && !st.saw_root)
		fail(&st, 1, 1, "no <PhoronixTestSuite> element");
	xmlFreeTextReader(st.reader);
	state_release(&st);
	(void)ctx;
	return st.err;
}
