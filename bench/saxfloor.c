/*
 * saxfloor.c - the least any libxml2 SAX2 importer can cost: the file
 * pushed to xmlParseChunk() in 64 KiB pieces, with SAX2 callbacks for
 * elements and text that do nothing, set up as importers/pts.c sets up
 * its parser (SAX2 defaults for the prolog, XML_PARSE_NONET).
 *
 * "xmllint --sax --noout" is a lower floor than any importer can reach:
 * with --noout it parses with an empty SAX handler, so libxml2 neither
 * splits attributes into arrays nor delivers text. This program is the
 * floor with the element and text events delivered, so that make bench
 * can say how much of fsreport's time is libxml2's own.
 *
 *   saxfloor FILE...   exit 0 when every file is well-formed
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/SAX2.h>

#define CHUNK 65536

static unsigned long events;

static void on_start(void *ctx, const xmlChar *local, const xmlChar *prefix,
		     const xmlChar *uri, int n_ns, const xmlChar **ns,
		     int n_attr, int n_def, const xmlChar **attr)
{
	(void)ctx, (void)local, (void)prefix, (void)uri, (void)n_ns;
	(void)ns, (void)n_attr, (void)n_def, (void)attr;
	events++;
}

static void on_end(void *ctx, const xmlChar *local, const xmlChar *prefix,
		   const xmlChar *uri)
{
	(void)ctx, (void)local, (void)prefix, (void)uri;
	events++;
}

static void on_text(void *ctx, const xmlChar *s, int len)
{
	(void)ctx, (void)s;
	events += (unsigned long)len;
}

static void on_error(void *ctx, xmlErrorPtr e)
{
	(void)ctx, (void)e;
}

static int parse(const char *path)
{
	static char chunk[CHUNK];
	xmlParserCtxtPtr ctxt;
	xmlSAXHandler sax;
	size_t n;
	FILE *fp;
	int rc = 0, ok;

	fp = fopen(path, "rb");
	if (!fp) {
		perror(path);
		return -1;
	}
	xmlSAXVersion(&sax, 2);
	sax.startElementNs = on_start;
	sax.endElementNs = on_end;
	sax.characters = on_text;
	sax.ignorableWhitespace = on_text;
	sax.cdataBlock = on_text;
	sax.serror = on_error;
	sax.error = NULL;
	sax.warning = NULL;
	n = fread(chunk, 1, 4, fp);
	ctxt = xmlCreatePushParserCtxt(&sax, NULL, chunk, (int)n, path);
	if (!ctxt) {
		fclose(fp);
		return -1;
	}
	xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
	while (rc == 0 && (n = fread(chunk, 1, CHUNK, fp)) > 0)
		rc = xmlParseChunk(ctxt, chunk, (int)n, 0);
	if (rc == 0)
		rc = xmlParseChunk(ctxt, NULL, 0, 1);
	ok = rc == 0 && ctxt->wellFormed;
	if (ctxt->myDoc)
		xmlFreeDoc(ctxt->myDoc);
	xmlFreeParserCtxt(ctxt);
	fclose(fp);
	if (!ok)
		fprintf(stderr, "%s: not well-formed\n", path);
	return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
	int i, bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: saxfloor FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++)
		if (parse(argv[i]))
			bad = 1;
	return bad;
}
