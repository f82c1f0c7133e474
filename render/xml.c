/*
 * xml.c - the report in fsreport's own XML form (schemas/fsreport.xsd,
 * format-version 1), written with libxml2's xmlTextWriter (which does all
 * escaping): every system with its hardware, software and attributes,
 * every result with every sample, failed run and stored value. fsreport
 * reads it back without loss (importers/fsrxml.c). Statistics are not
 * part of it; they follow from the samples.
 */
#include "render.h"
#include "render-internal.h"

#include <libxml/xmlwriter.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct xw {
	xmlTextWriterPtr w;
	struct fsr_diag *d;
	int err;
};

/* Fail once: text that XML cannot carry, or a writer error. */
__attribute__((format(printf, 3, 4))) static int
check(struct xw *x, const char *s, const char *fmt, ...)
{
	char what[300];
	va_list ap;

	if (x->err || !s)
		return x->err;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	x->err = fsr_export_xml_text(s, what, x->d);
	return x->err;
}

static void wrote(struct xw *x, int rc)
{
	if (rc < 0 && !x->err)
		x->err = fsr_diag_set(x->d, FSR_EOUTPUT, NULL, 0, 0,
				      "libxml2 could not write the XML");
}

static void start(struct xw *x, const char *name)
{
	if (!x->err)
		wrote(x, xmlTextWriterStartElement(x->w, BAD_CAST name));
}

static void end(struct xw *x)
{
	if (!x->err)
		wrote(x, xmlTextWriterEndElement(x->w));
}

static void attr(struct xw *x, const char *name, const char *value)
{
	if (!x->err)
		wrote(x, xmlTextWriterWriteAttribute(x->w, BAD_CAST name,
						     BAD_CAST value));
}

static void element(struct xw *x, const char *name, const char *text)
{
	if (!x->err)
		wrote(x, xmlTextWriterWriteElement(x->w, BAD_CAST name,
						   BAD_CAST(text ? text : "")));
}

static void named(struct xw *x, const char *el, const struct fsr_kvlist *l,
		  const char *owner)
{
	size_t i;

	for (i = 0; i < l->n && !x->err; i++) {
		check(x, l->items[i].key, "a %s name of %s", el, owner);
		check(x, l->items[i].value, "the %s '%s' of %s", el,
		      l->items[i].key, owner);
		start(x, el);
		attr(x, "name", l->items[i].key);
		if (!x->err)
			wrote(x, xmlTextWriterWriteString(
					 x->w, BAD_CAST l->items[i].value));
		end(x);
	}
}

static void components(struct xw *x, const char *kind,
		       const struct fsr_kvlist *l, const char *owner)
{
	size_t i;

	for (i = 0; i < l->n && !x->err; i++) {
		check(x, l->items[i].key, "a %s component of %s", kind, owner);
		check(x, l->items[i].value, "the %s '%s' of %s", kind,
		      l->items[i].key, owner);
		start(x, "component");
		attr(x, "kind", kind);
		attr(x, "name", l->items[i].key);
		if (!x->err)
			wrote(x, xmlTextWriterWriteString(
					 x->w, BAD_CAST l->items[i].value));
		end(x);
	}
}

static void system_el(struct xw *x, const struct fsr_system *s, size_t i)
{
	char id[32], owner[48];
	size_t j;

	snprintf(id, sizeof(id), "s%zu", i);
	snprintf(owner, sizeof(owner), "system %zu", i + 1);
	check(x, s->label, "the label of %s", owner);
	check(x, s->hardware, "the hardware of %s", owner);
	check(x, s->software, "the software of %s", owner);
	start(x, "system");
	attr(x, "id", id);
	attr(x, "label", s->label);
	if (s->hardware)
		element(x, "hardware", s->hardware);
	if (s->software)
		element(x, "software", s->software);
	components(x, "hardware", &s->hw, owner);
	components(x, "software", &s->sw, owner);
	named(x, "meta", &s->meta, owner);
	for (j = 0; j < s->n_sources && !x->err; j++) {
		check(x, s->sources[j], "a source file of %s", owner);
		element(x, "source", s->sources[j]);
	}
	end(x);
}

static void cell_el(struct xw *x, const struct fsr_cell *c,
		    const char *owner)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char tmp[32];
	size_t k;

	check(x, c->stored, "the stored value of %s", owner);
	check(x, c->fail_reason, "the failure reason of %s", owner);
	start(x, "cell");
	snprintf(tmp, sizeof(tmp), "s%zu", c->system);
	attr(x, "system", tmp);
	if (c->stored_decimals >= 0) {
		snprintf(tmp, sizeof(tmp), "%d", c->stored_decimals);
		attr(x, "decimals", tmp);
	}
	snprintf(tmp, sizeof(tmp), "%zu", c->n_stored);
	attr(x, "entries", tmp);
	snprintf(tmp, sizeof(tmp), "%zu", c->n_failed);
	attr(x, "failed", tmp);
	for (k = 0; k < c->n; k++) {
		if (k)
			fsr_buf_addc(&b, ' ');
		fsr_export_sample(&b, c->samples[k], c->stored_decimals);
	}
	element(x, "samples", b.len ? b.buf : "");
	if (c->stored)
		element(x, "stored", c->stored);
	if (c->fail_reason)
		element(x, "fail-reason", c->fail_reason);
	named(x, "meta", &c->meta, owner);
	end(x);
	fsr_buf_release(&b);
}

static void result_el(struct xw *x, const struct fsr_result *res, size_t i)
{
	static const struct {
		const char *el;
		size_t off;
	} text[] = {
		{ "test-id", offsetof(struct fsr_result, test_id) },
		{ "title", offsetof(struct fsr_result, title) },
		{ "app-version", offsetof(struct fsr_result, app_version) },
		{ "arguments", offsetof(struct fsr_result, arguments) },
		{ "description", offsetof(struct fsr_result, description) },
		{ "unit", offsetof(struct fsr_result, unit) },
	};
	char owner[64];
	size_t j;

	snprintf(owner, sizeof(owner), "result %zu", i + 1);
	check(x, res->test, "the test of %s", owner);
	for (j = 0; j < sizeof(text) / sizeof(*text); j++)
		check(x, *(char *const *)((const char *)res + text[j].off),
		      "the %s of %s", text[j].el, owner);
	start(x, "result");
	attr(x, "test", res->test);
	if (res->better != FSR_BETTER_UNKNOWN)
		attr(x, "better", fsr_better_name(res->better));
	attr(x, "display", fsr_display_name(res->display));
	if (res->derived)
		attr(x, "derived", "true");
	for (j = 0; j < sizeof(text) / sizeof(*text); j++)
		element(x, text[j].el,
			*(char *const *)((const char *)res + text[j].off));
	for (j = 0; j < res->n_cells && !x->err; j++) {
		char co[112];

		snprintf(co, sizeof(co), "%s, cell %zu", owner, j + 1);
		cell_el(x, &res->cells[j], co);
	}
	end(x);
}

int fsr_render_xml(const struct fsr_view *v, const struct fsr_render_opts *o,
		   struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct xw x = { NULL, d, 0 };
	struct fsr_buf title = FSR_BUF_INIT;
	xmlBufferPtr buf;
	size_t i;

	(void)o;
	buf = xmlBufferCreate();
	x.w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
	if (!x.w) {
		xmlBufferFree(buf);
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "cannot set up libxml2's writer");
	}
	xmlTextWriterSetIndent(x.w, 1);
	xmlTextWriterSetIndentString(x.w, BAD_CAST "  ");
	wrote(&x, xmlTextWriterStartDocument(x.w, NULL, "UTF-8", NULL));
	fsr_export_title(r, &title);
	check(&x, title.buf, "the report's title");
	check(&x, r->description, "the report's description");
	start(&x, "fsreport");
	attr(&x, "format-version", "1");
	attr(&x, "generator", "fsreport");
	element(&x, "title", title.buf);
	if (r->description)
		element(&x, "description", r->description);
	for (i = 0; i < r->n_systems && !x.err; i++)
		system_el(&x, &r->systems[i], i);
	for (i = 0; i < r->n_results && !x.err; i++)
		result_el(&x, r->results[i], i);
	end(&x);
	if (!x.err)
		wrote(&x, xmlTextWriterEndDocument(x.w));
	xmlFreeTextWriter(x.w);
	if (!x.err)
		fsr_sink_write(out, xmlBufferContent(buf),
			       (size_t)xmlBufferLength(buf));
	xmlBufferFree(buf);
	fsr_buf_release(&title);
	return x.err;
}
