/*
 * xmlguard.c - a resource guard in front of libxml2 for the XML
 * importers: one pass over the raw bytes that refuses an element with
 * more than FSR_XML_MAX_ATTRS attributes before libxml2 sees the file.
 *
 * Why: libxml2 2.9 (Debian 12) checks each new attribute of an element
 * against all earlier ones, so one start tag with n attributes costs
 * O(n^2): 300 000 attributes (3.6 MB) keep the parser busy for half a
 * minute, a 10 MB file for many minutes. No result file fsreport reads
 * has more than a handful of attributes per element.
 *
 * This is not an XML parser: it only tells markup from text well enough
 * to count '=' signs outside quotes in start tags (comments, CDATA,
 * processing instructions and the DOCTYPE with its internal subset are
 * skipped). libxml2 still does all the parsing and reports every error.
 */
#include "importer.h"
#include "importer-internal.h"

#include <errno.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <string.h>

enum {
	G_TEXT = 0,
	G_LT,        /* after '<' */
	G_BANG,      /* after "<!": a comment, CDATA or a declaration */
	G_STAG,      /* inside a start tag */
	G_ETAG,      /* inside an end tag */
	G_PI,        /* inside "<?...?>" */
	G_COMMENT,   /* inside "<!--...-->" */
	G_CDATA,     /* inside "<![CDATA[...]]>" */
	G_DECL,      /* inside "<!DOCTYPE ...>" (and its internal subset) */
	G_DECL_LT,   /* after '<' in the internal subset */
	G_DECL_BANG, /* after "<!" in the internal subset */
};

void fsr_xml_guard_init(struct fsr_xml_guard *g)
{
	memset(g, 0, sizeof(*g));
	g->line = 1;
}

/* The last bytes seen end with s (at most 4 bytes). */
static int ends_with(const struct fsr_xml_guard *g, const char *s)
{
	size_t n = strlen(s), i;
	unsigned long w = g->last;

	for (i = n; i-- > 0; w >>= 8)
		if ((unsigned char)s[i] != (w & 0xff))
			return 0;
	return 1;
}

static void decl_byte(struct fsr_xml_guard *g, unsigned char c)
{
	if (g->quote) {
		if (c == g->quote)
			g->quote = 0;
	} else if (c == '"' || c == '\'') {
		g->quote = c;
	} else if (c == '[') {
		g->depth++;
	} else if (c == ']') {
		if (g->depth > 0)
			g->depth--;
	} else if (c == '<' && g->depth > 0) {
		g->state = G_DECL_LT;
	} else if (c == '>' && g->depth == 0) {
		g->state = G_TEXT;
	}
}

/*
 * Text up to the next '<' (or the end of buf) from i, in one step: its
 * lines counted, the last bytes kept. Returns where the '<' is, or n.
 */
static size_t skip_text(struct fsr_xml_guard *g, const char *buf, size_t i,
			size_t n)
{
	const char *lt = memchr(buf + i, '<', n - i);
	size_t end = lt ? (size_t)(lt - buf) : n, k, lines = 0;

	for (k = i; k < end; k++)
		lines += buf[k] == '\n';
	g->line += lines;
	for (k = end - i > 4 ? end - 4 : i; k < end; k++)
		g->last = (g->last << 8 | (unsigned char)buf[k]) & 0xffffffffUL;
	return end;
}

int fsr_xml_guard_feed(struct fsr_xml_guard *g, const char *buf, size_t n)
{
	static const char cdata[] = "[CDATA[";
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c;

		if (g->state == G_TEXT && (i = skip_text(g, buf, i, n)) == n)
			break;
		c = (unsigned char)buf[i];

		g->last = (g->last << 8 | c) & 0xffffffffUL;
		if (c == '\n')
			g->line++;
		switch (g->state) {
		case G_TEXT:
			if (c == '<')
				g->state = G_LT;
			break;
		case G_LT:
			if (c == '!') {
				g->state = G_BANG;
				g->bang = 0;
			} else if (c == '?') {
				g->state = G_PI;
				g->ret = G_TEXT;
			} else if (c == '/') {
				g->state = G_ETAG;
			} else {
				g->state = G_STAG;
				g->attrs = 0;
				g->quote = 0;
				g->tag_line = g->line;
			}
			break;
		case G_BANG:
			/* "<!--", "<![CDATA[" or a declaration. */
			if (g->bang == 1 && c == '-' && ends_with(g, "!--")) {
				g->state = G_COMMENT;
				g->ret = G_TEXT;
			} else if (g->bang < sizeof(cdata) - 1 &&
				   c == (unsigned char)cdata[g->bang]) {
				if (++g->bang == sizeof(cdata) - 1)
					g->state = G_CDATA;
			} else if (g->bang == 0 && c == '-') {
				g->bang = 1;
			} else {
				g->state = G_DECL;
				g->quote = 0;
				g->depth = 0;
				decl_byte(g, c);
			}
			break;
		case G_STAG:
			if (g->quote) {
				if (c == g->quote)
					g->quote = 0;
			} else if (c == '"' || c == '\'') {
				g->quote = c;
			} else if (c == '=') {
				if (++g->attrs > FSR_XML_MAX_ATTRS)
					return -1;
			} else if (c == '>') {
				g->state = G_TEXT;
			}
			break;
		case G_ETAG:
			if (c == '>')
				g->state = G_TEXT;
			break;
		case G_PI:
			if (ends_with(g, "?>"))
				g->state = g->ret;
			break;
		case G_COMMENT:
			if (ends_with(g, "-->"))
				g->state = g->ret;
			break;
		case G_CDATA:
			if (ends_with(g, "]]>"))
				g->state = G_TEXT;
			break;
		case G_DECL:
			decl_byte(g, c);
			break;
		case G_DECL_LT:
			if (c == '!') {
				g->state = G_DECL_BANG;
			} else if (c == '?') {
				g->state = G_PI;
				g->ret = G_DECL;
			} else {
				g->state = G_DECL;
				decl_byte(g, c);
			}
			break;
		case G_DECL_BANG:
			if (c == '-' && ends_with(g, "!-")) {
				break; /* one more '-' makes a comment */
			} else if (c == '-' && ends_with(g, "!--")) {
				g->state = G_COMMENT;
				g->ret = G_DECL;
			} else {
				g->state = G_DECL;
				decl_byte(g, c);
			}
			break;
		}
	}
	return 0;
}

/* libxml2's generic error output: nothing (see fsr_xml_guard_file). */
static void xml_quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

int fsr_xml_guard_file(const char *path, struct fsr_diag *d)
{
	struct fsr_xml_guard g;
	char chunk[65536];
	size_t n;
	FILE *fp;

	/* Some libxml2 errors (a byte an encoding converter rejects) have
	 * no parser context and go to its generic handler, which prints on
	 * stderr. Library code never prints: the importers hear of every
	 * error through their own handlers or the failed parse. */
	xmlSetGenericErrorFunc(NULL, xml_quiet);
	fp = fopen(path, "rb");
	if (!fp)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open: %s", strerror(errno));
	fsr_xml_guard_init(&g);
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
		if (fsr_xml_guard_feed(&g, chunk, n) != 0) {
			fclose(fp);
			return fsr_diag_set(d, FSR_EINPUT, path,
					    (int)g.tag_line, 0,
					    "an element with more than %d "
					    "attributes",
					    FSR_XML_MAX_ATTRS);
		}
	}
	if (ferror(fp)) {
		int e = errno;

		fclose(fp);
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "read error: %s", strerror(e));
	}
	fclose(fp);
	return 0;
}

/* ------------------------------------------------ libxml2's messages */

int fsr_xml_error(struct fsr_diag *d, const char *path,
		  const struct _xmlError *e)
{
	char msg[400], *nl;
	size_t len;

	if (!e || e->level < XML_ERR_ERROR)
		return 0;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "error");
	len = strlen(msg);
	while (len && (msg[len - 1] == '\n' || msg[len - 1] == ' '))
		msg[--len] = '\0';
	/* One line: "... indicate encoding !\nBytes: 0xF8 ..." */
	while ((nl = strchr(msg, '\n')))
		*nl = ' ';
	/* git's style: "opening and ending tag mismatch", lowercase. */
	if (len > 1 && msg[0] >= 'A' && msg[0] <= 'Z' && msg[1] >= 'a' &&
	    msg[1] <= 'z')
		msg[0] = (char)(msg[0] - 'A' + 'a');
	return fsr_diag_set(d, FSR_EINPUT, path, e->line, e->int2,
			    "malformed XML: %s", msg);
}
