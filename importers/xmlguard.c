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
 * Inside a start tag from buf[i]: '=' signs outside quotes counted, up
 * to the '>' that ends it. Returns where it stopped (n: the tag goes
 * on in the next piece), or -1 past FSR_XML_MAX_ATTRS.
 */
static long stag_bytes(struct fsr_xml_guard *g, const char *buf, size_t i,
		       size_t n)
{
	/* the bytes a start tag's scan stops at: '"', '\'', '=', '>' */
	static const unsigned char stop[256] = {
		['"'] = 1, ['\''] = 1, ['='] = 1, ['>'] = 1,
	};

	while (i < n) {
		unsigned char c;

		if (!g->quote) { /* a name, blanks: to the next stop */
			while (i < n && !stop[(unsigned char)buf[i]])
				i++;
			if (i == n)
				break;
		}
		c = (unsigned char)buf[i];
		if (g->quote) {
			const char *q = memchr(buf + i, (int)g->quote, n - i);

			if (!q)
				return (long)n;
			g->quote = 0;
			i = (size_t)(q - buf) + 1;
			continue;
		}
		i++;
		if (c == '"' || c == '\'') {
			g->quote = c;
		} else if (c == '=') {
			if (++g->attrs > FSR_XML_MAX_ATTRS)
				return -1;
		} else if (c == '>') {
			g->state = G_TEXT;
			break;
		}
	}
	return (long)i;
}

/* One byte in the rarer states: comments, CDATA, PIs, declarations. */
static void rare_byte(struct fsr_xml_guard *g, unsigned char c)
{
	static const char cdata[] = "[CDATA[";

	g->last = (g->last << 8 | c) & 0xffffffffUL;
	switch (g->state) {
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

/*
 * Text and end tags are skipped with memchr and start tags scanned in a
 * tight loop; only the rare states go byte by byte, keeping the last
 * bytes for their terminators. Lines are not counted here: the offset
 * of the refused tag is kept and its line counted when it is reported.
 */
int fsr_xml_guard_feed(struct fsr_xml_guard *g, const char *buf, size_t n)
{
	size_t i = 0;

	while (i < n) {
		const char *p;
		long k;

		switch (g->state) {
		case G_TEXT:
			p = memchr(buf + i, '<', n - i);
			if (!p) {
				i = n;
				break;
			}
			i = (size_t)(p - buf) + 1;
			g->tag_pos = g->pos + (i - 1);
			g->last = '<';
			g->state = G_LT;
			/* the byte after '<' of a start or an end tag here,
			 * as rare_byte() takes it */
			if (i < n && buf[i] != '!' && buf[i] != '?') {
				g->last = '<' << 8 | (unsigned char)buf[i];
				if (buf[i] == '/') {
					g->state = G_ETAG;
				} else {
					g->state = G_STAG;
					g->attrs = 0;
					g->quote = 0;
				}
				i++;
			}
			break;
		case G_ETAG:
			p = memchr(buf + i, '>', n - i);
			if (!p) {
				i = n;
				break;
			}
			i = (size_t)(p - buf) + 1;
			g->state = G_TEXT;
			break;
		case G_STAG:
			k = stag_bytes(g, buf, i, n);
			if (k < 0)
				return -1;
			i = (size_t)k;
			break;
		default:
			rare_byte(g, (unsigned char)buf[i++]);
			break;
		}
	}
	g->pos += n;
	return 0;
}

/* The line of byte offset off in path (1 for the first). */
static unsigned long line_at(FILE *fp, unsigned long long off)
{
	char chunk[65536];
	unsigned long line = 1;
	size_t n, k;

	rewind(fp);
	while (off > 0 && (n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
		if (n > off)
			n = (size_t)off;
		for (k = 0; k < n; k++)
			line += chunk[k] == '\n';
		off -= n;
	}
	return line;
}

int fsr_xml_guard_refuse(const char *path, const struct fsr_xml_guard *g,
			 struct fsr_diag *d)
{
	unsigned long line = 0;
	FILE *fp = fopen(path, "rb");

	if (fp) {
		line = line_at(fp, g->tag_pos);
		fclose(fp);
	}
	return fsr_diag_set(d, FSR_EINPUT, path, (int)line, 0,
			    "an element with more than %d attributes",
			    FSR_XML_MAX_ATTRS);
}

/* libxml2's generic error output: nothing (see fsr_xml_guard_file). */
static void xml_quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

void fsr_xml_silence(void)
{
	xmlSetGenericErrorFunc(NULL, xml_quiet);
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
	fsr_xml_silence();
	fp = fopen(path, "rb");
	if (!fp)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open: %s", strerror(errno));
	fsr_xml_guard_init(&g);
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
		if (fsr_xml_guard_feed(&g, chunk, n) != 0) {
			fclose(fp);
			return fsr_xml_guard_refuse(path, &g, d);
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
