/*
 * test-xmlguard.c - the attribute-count guard in front of libxml2
 * (importers/xmlguard.c): refuses a start tag with more than
 * FSR_XML_MAX_ATTRS attributes, and nothing else, whatever '=' signs
 * text, comments, CDATA, processing instructions, quoted values or the
 * DOCTYPE hold, and however the bytes are split into pieces.
 */
#include "tap.h"
#include "../../importers/importer-internal.h"

#include <libxml/xmlerror.h>
#include <stdlib.h>
#include <unistd.h>

/* "<e a0="x" a1="x" ...>" with n attributes, in b. */
static void tag_with(struct fsr_buf *b, const char *name, int n)
{
	int i;

	fsr_buf_addf(b, "<%s", name);
	for (i = 0; i < n; i++)
		fsr_buf_addf(b, " a%d=\"x\"", i);
	fsr_buf_adds(b, ">");
}

/* n times the string s, in b. */
static void times(struct fsr_buf *b, const char *s, int n)
{
	while (n-- > 0)
		fsr_buf_adds(b, s);
}

/* The line of byte offset off in b (1 for the first). */
static unsigned long line_of(const struct fsr_buf *b, unsigned long long off)
{
	unsigned long line = 1;
	size_t i;

	for (i = 0; i < off && i < b->len; i++)
		line += b->buf[i] == '\n';
	return line;
}

/* Feed whole, then byte by byte, then in 7-byte pieces: all agree, on
 * the verdict and on the refused tag's offset (98 when they differ). */
static int guard(const struct fsr_buf *b, unsigned long *line)
{
	struct fsr_xml_guard g;
	int whole, bytes = 0, pieces = 0;
	unsigned long long tag;
	size_t i;

	fsr_xml_guard_init(&g);
	whole = fsr_xml_guard_feed(&g, b->buf, b->len);
	tag = g.tag_pos;
	*line = line_of(b, tag);
	fsr_xml_guard_init(&g);
	for (i = 0; i < b->len && !bytes; i++)
		bytes = fsr_xml_guard_feed(&g, b->buf + i, 1);
	if (whole && g.tag_pos != tag)
		return 98;
	fsr_xml_guard_init(&g);
	for (i = 0; i < b->len && !pieces; i += 7)
		pieces = fsr_xml_guard_feed(&g, b->buf + i,
					    b->len - i < 7 ? b->len - i : 7);
	if (whole && g.tag_pos != tag)
		return 98;
	if (whole != bytes || whole != pieces)
		return 99;
	return whole;
}

static void expect(const char *what, struct fsr_buf *b, int want)
{
	unsigned long line;

	is_int(guard(b, &line), want, "%s", what);
	fsr_buf_reset(b);
}

/* libxml2's messages as the XML importers show them (pts.c, fsrxml.c). */
static void test_messages(void)
{
	xmlError e;
	struct fsr_diag d;
	char text[80];

	memset(&e, 0, sizeof(e));
	e.level = XML_ERR_FATAL;
	e.line = 9;
	e.int2 = 28;
	snprintf(text, sizeof(text), "Opening and ending tag mismatch: "
		 "Title line 9 and Titel\n");
	e.message = text;
	fsr_diag_clear(&d);
	is_int(fsr_xml_error(&d, "a.xml", &e), FSR_EINPUT,
	       "an XML error is FSR_EINPUT");
	is_str(d.msg, "malformed XML: opening and ending tag mismatch: "
		      "Title line 9 and Titel", "  one lowercase line");
	ok(d.line == 9 && d.col == 28 && !strcmp(d.file, "a.xml"),
	   "  at its line and column");
	snprintf(text, sizeof(text), "Input is not proper UTF-8, indicate "
		 "encoding !\nBytes: 0xE9 0x6F \n");
	fsr_xml_error(&d, "a.xml", &e);
	is_str(d.msg, "malformed XML: input is not proper UTF-8, indicate "
		      "encoding ! Bytes: 0xE9 0x6F", "  inner newlines joined");
	snprintf(text, sizeof(text), "XML declaration allowed only at the "
		 "start");
	fsr_xml_error(&d, "a.xml", &e);
	is_str(d.msg, "malformed XML: XML declaration allowed only at the "
		      "start", "  an acronym keeps its case");
	e.level = XML_ERR_WARNING;
	fsr_diag_clear(&d);
	is_int(fsr_xml_error(&d, "a.xml", &e), 0, "a warning is no error");
	is_str(d.msg, "", "  and leaves the diag alone");
}

int main(void)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_diag d;
	unsigned long line;
	char path[] = "/tmp/fsr-xmlguard-XXXXXX";
	FILE *fp;
	int fd;

	test_messages();
	tag_with(&b, "PhoronixTestSuite", FSR_XML_MAX_ATTRS);
	expect("256 attributes pass", &b, 0);
	tag_with(&b, "PhoronixTestSuite", FSR_XML_MAX_ATTRS + 1);
	expect("257 attributes are refused", &b, -1);
	fsr_buf_adds(&b, "<?xml version=\"1.0\"?>\n<r>\n\n");
	tag_with(&b, "e", 1000);
	is_int(guard(&b, &line), -1, "1000 attributes on line 4 refused");
	is_int(line, 4, "the line of the refused tag");
	fsr_buf_reset(&b);
	/* Text with newlines between tags, skipped in one step: the lines
	 * still count, across pieces. */
	fsr_buf_adds(&b, "<r>\n");
	times(&b, "<v>12.5\n 7\n</v>\n  text\n", 40);
	tag_with(&b, "e", 1000);
	is_int(guard(&b, &line), -1, "refused after 160 lines of text");
	is_int(line, 162, "  at the line of its tag");
	fsr_buf_reset(&b);
	tag_with(&b, "e", 1000);
	fsr_buf_adds(&b, "x");
	is_int(guard(&b, &line), -1, "refused at once, before the tag ends");
	fsr_buf_reset(&b);

	/* Many elements with few attributes each: fine. */
	fsr_buf_adds(&b, "<r>");
	times(&b, "<e a=\"1\" b='2' c = \"3\"/>", 500);
	fsr_buf_adds(&b, "</r>");
	expect("many elements with 3 attributes each", &b, 0);

	/* '=' where it is no attribute. */
	fsr_buf_adds(&b, "<r>");
	times(&b, "a=b ", 1000);
	fsr_buf_adds(&b, "</r>");
	expect("'=' in text", &b, 0);
	fsr_buf_adds(&b, "<r><!--");
	times(&b, "<e a=\"x\" '", 1000);
	fsr_buf_adds(&b, "--><e a='1'/></r>");
	expect("'=', quotes and tags in a comment", &b, 0);
	fsr_buf_adds(&b, "<r><![CDATA[");
	times(&b, "<e a=\"x\"> ]] ", 1000);
	fsr_buf_adds(&b, "]]></r>");
	expect("'=' and tags in CDATA", &b, 0);
	fsr_buf_adds(&b, "<?pi ");
	times(&b, "a=\"x\" ", 1000);
	fsr_buf_adds(&b, "?><r/>");
	expect("'=' in a processing instruction", &b, 0);
	fsr_buf_adds(&b, "<r a=\"");
	times(&b, "x=y ", 1000);
	fsr_buf_adds(&b, "\" b='");
	times(&b, "\"=\" ", 1000);
	fsr_buf_adds(&b, "'/>");
	expect("'=' and the other quote inside quoted values", &b, 0);
	fsr_buf_adds(&b, "<!DOCTYPE r [\n<!ENTITY e \"");
	times(&b, "a=b > ", 1000);
	fsr_buf_adds(&b, "\">\n<!-- ' \" ] > -->\n<?pi ' ?>\n"
		     "<!ATTLIST r a CDATA \"x\">\n]>\n<r a=\"1\">");
	times(&b, "=", 1000);
	fsr_buf_adds(&b, "</r>");
	expect("a DOCTYPE with entities, comments, quotes", &b, 0);
	fsr_buf_adds(&b, "<!DOCTYPE r [ <!-- ] > ' --> ]>");
	tag_with(&b, "r", 300);
	expect("a DOCTYPE, then a tag with 300 attributes", &b, -1);
	fsr_buf_adds(&b, "<!-- a -- b --><!--->");
	tag_with(&b, "r", 300);
	expect("odd comments do not hide a long tag", &b, -1);
	fsr_buf_adds(&b, "<r></r");
	times(&b, " a=\"x\"", 1000);
	fsr_buf_adds(&b, ">");
	expect("end tags are not counted", &b, 0);

	/* The file form: message with file and line, and I/O errors. */
	fd = mkstemp(path);
	ok(fd >= 0, "a temporary file");
	fp = fdopen(fd, "w");
	fputs("<?xml version=\"1.0\"?>\n", fp);
	tag_with(&b, "PhoronixTestSuite", 5000);
	fputs(b.buf, fp);
	fclose(fp);
	fsr_diag_clear(&d);
	is_int(fsr_xml_guard_file(path, &d), FSR_EINPUT, "a file: refused");
	is_int(d.line, 2, "on line 2");
	is_str(d.msg, "an element with more than 256 attributes",
	       "the message");
	unlink(path);
	fsr_diag_clear(&d);
	is_int(fsr_xml_guard_file(path, &d), FSR_EIO, "a missing file: EIO");
	fsr_buf_release(&b);
	return done_testing();
}
