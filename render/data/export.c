/*
 * export.c - what the model exporters (json, xml, pts, long-csv) share:
 * sample text that reads back as the same number, the check that a
 * string can be carried by XML 1.0, and the XML writers of a show
 * printed as it is read (cli/stream.c): one of the results alone, one
 * of the document around them.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <libxml/chvalid.h>
#include <libxml/xmlstring.h>
#include <libxml/xmlwriter.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void fsr_export_sample(struct fsr_buf *b, double x, int decimals)
{
	char tmp[64];

	/* "4983.30" stays "4983.30" when the source wrote two decimals. */
	if (decimals >= 0 && decimals <= 17 && isfinite(x) && fabs(x) < 1e15) {
		snprintf(tmp, sizeof(tmp), "%.*f", decimals, x);
		if (strtod(tmp, NULL) == x) {
			fsr_buf_adds(b, tmp);
			return;
		}
	}
	fsr_buf_add_double(b, x);
}

void fsr_export_title(const struct fsr_report *r, struct fsr_buf *out)
{
	size_t i;

	if (r->title) {
		fsr_buf_adds(out, r->title);
		return;
	}
	for (i = 0; i < r->n_runsets; i++)
		fsr_buf_addf(out, "%s%s", i ? ", " : "", r->runsets[i].label);
	if (!out->len)
		fsr_buf_adds(out, "fsreport");
}

int fsr_export_title_made(const struct fsr_report *r)
{
	return (!r->title && !r->n_generated) || r->title_made;
}

int fsr_export_xml_text(const char *s, const char *what, struct fsr_diag *d)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s)
		return 0;
	while (*p) {
		int len = 4;
		int c = xmlGetUTF8Char(p, &len);

		if (c < 0)
			return fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
					    "%s is not valid UTF-8, which XML "
					    "needs", what);
		if (!xmlIsCharQ(c))
			return fsr_diag_set(d, FSR_EOUTPUT, NULL, 0, 0,
					    "%s holds the character U+%04X, "
					    "which XML cannot carry", what,
					    (unsigned)c);
		p += len;
	}
	return 0;
}

int fsr_xo_check(struct fsr_xml_out *x, const char *s, const char *fmt, ...)
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

/* libxml2's output, escaped into out as it comes. A chunk may end
 * inside a UTF-8 character (the text is UTF-8, fsr_export_xml_text()):
 * its first bytes wait for the next chunk, so that the escape sees whole
 * characters, as it did the whole document. */
static int xo_write(void *ctx, const char *p, int len)
{
	struct fsr_xml_out *x = ctx;
	size_t n = (size_t)len, keep = 0, i;

	if (x->n_carry) {
		while (x->n_carry < sizeof(x->carry) && n &&
		       ((unsigned char)*p & 0xC0) == 0x80) {
			x->carry[x->n_carry++] = *p++;
			n--;
		}
		fsr_sink_write_as(x->out, FSR_ESC_XML, x->carry,
				  x->n_carry);
		x->n_carry = 0;
	}
	/* the last lead byte among the last three: does its character
	 * end in this chunk? */
	for (i = n; i > 0 && n - i < 3; i--) {
		unsigned char c = (unsigned char)p[i - 1];
		size_t need;

		if ((c & 0xC0) == 0x80)
			continue;
		need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
		if (n - (i - 1) < need)
			keep = n - (i - 1);
		break;
	}
	fsr_sink_write_as(x->out, FSR_ESC_XML, p, n - keep);
	memcpy(x->carry, p + n - keep, keep);
	x->n_carry = keep;
	return len;
}

static int xo_close_cb(void *ctx)
{
	struct fsr_xml_out *x = ctx;

	if (x->n_carry)
		fsr_sink_write_as(x->out, FSR_ESC_XML, x->carry,
				  x->n_carry);
	x->n_carry = 0;
	return 0;
}

int fsr_xo_open(struct fsr_xml_out *x, struct fsr_sink *out,
		struct fsr_diag *d)
{
	xmlOutputBufferPtr ob;

	memset(x, 0, sizeof(*x));
	x->d = d;
	x->out = out;
	ob = xmlOutputBufferCreateIO(xo_write, xo_close_cb, x, NULL);
	x->w = ob ? xmlNewTextWriter(ob) : NULL;
	if (!x->w) {
		if (ob)
			xmlOutputBufferClose(ob);
		return x->err = fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					     "cannot set up libxml2's writer");
	}
	xmlTextWriterSetIndent(x->w, 1);
	xmlTextWriterSetIndentString(x->w, BAD_CAST "  ");
	return 0;
}

int fsr_xo_close(struct fsr_xml_out *x)
{
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterEndDocument(x->w));
	/* flushes the rest through xo_write(), then xo_close_cb() */
	xmlFreeTextWriter(x->w);
	x->w = NULL;
	return x->err;
}

void fsr_xo_wrote(struct fsr_xml_out *x, int rc)
{
	if (rc < 0 && !x->err)
		x->err = fsr_diag_set(x->d, FSR_EOUTPUT, NULL, 0, 0,
				      "libxml2 could not write the XML");
}

void fsr_xo_start(struct fsr_xml_out *x, const char *name)
{
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterStartElement(x->w, BAD_CAST name));
}

void fsr_xo_end(struct fsr_xml_out *x)
{
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterEndElement(x->w));
}

void fsr_xo_attr(struct fsr_xml_out *x, const char *name, const char *value)
{
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterWriteAttribute(x->w, BAD_CAST name,
							    BAD_CAST value));
}

void fsr_xo_element(struct fsr_xml_out *x, const char *name,
		    const char *text)
{
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterWriteElement(
					x->w, BAD_CAST name,
					BAD_CAST(text ? text : "")));
}

int fsr_export_failed(const struct fsr_xml_out *x)
{
	return x->err;
}

void fsr_export_redirect(struct fsr_xml_out *x, struct fsr_sink *out)
{
	if (!x->err)
		fsr_xo_wrote(x, xmlTextWriterFlush(x->w));
	if (x->n_carry)
		fsr_sink_write_as(x->out, FSR_ESC_XML, x->carry, x->n_carry);
	x->n_carry = 0;
	x->out = out;
}

/*
 * libxml2's writer indents an element by its depth and by what came
 * before it (the parent's start tag closed, a line ended): a result's
 * bytes are those of the whole document when the writer is where the
 * document's writer is before its first result, in the root after an
 * element ended. This one is brought there writing into nothing, the
 * same XML declaration first (its encoder).
 */
struct fsr_xml_out *fsr_export_results_open(struct fsr_sink *out,
					    struct fsr_diag *d)
{
	struct fsr_buf none = FSR_BUF_INIT;
	struct fsr_sink nowhere = { NULL, &none, 0 };
	struct fsr_xml_out *x = fsr_xmalloc(sizeof(*x));

	if (fsr_xo_open(x, &nowhere, d)) {
		free(x);
		return NULL;
	}
	fsr_xo_wrote(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	fsr_xo_start(x, "root");
	fsr_xo_element(x, "head", "");
	fsr_export_redirect(x, out);
	fsr_buf_release(&none);
	return x;
}

int fsr_export_results_close(struct fsr_xml_out *x)
{
	struct fsr_buf none = FSR_BUF_INIT;
	struct fsr_sink nowhere = { NULL, &none, 0 };
	int err;

	/* the results into their sink, the root's end into nothing */
	fsr_export_redirect(x, &nowhere);
	fsr_xo_close(x);
	err = x->err;
	free(x);
	fsr_buf_release(&none);
	return err;
}

int fsr_export_show_tail(struct fsr_xml_out *x, struct fsr_sink *out)
{
	int err;

	fsr_export_redirect(x, out);
	fsr_xo_end(x);
	fsr_xo_close(x);
	err = x->err;
	free(x);
	return err;
}
