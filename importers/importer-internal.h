/*
 * importer-internal.h - the entry points of every importer, for the table
 * in registry.c. One pair per importer file.
 */
#ifndef FSR_IMPORTER_INTERNAL_H
#define FSR_IMPORTER_INTERNAL_H

#include "importer.h"

#define FSR_DECLARE_IMPORTER(name)                                       \
	int fsr_##name##_probe(const unsigned char *head, size_t n);     \
	int fsr_##name##_import(struct fsr_import_ctx *ctx,              \
				const char *path, struct fsr_report *r,  \
				struct fsr_diag *d)

FSR_DECLARE_IMPORTER(pts);
FSR_DECLARE_IMPORTER(csv);
FSR_DECLARE_IMPORTER(postmark);
FSR_DECLARE_IMPORTER(timing);
FSR_DECLARE_IMPORTER(fio);
FSR_DECLARE_IMPORTER(hyperfine);
FSR_DECLARE_IMPORTER(fsrxml);
FSR_DECLARE_IMPORTER(fsrjson);

/*
 * xmlguard.c: what the XML importers call before libxml2 parses a file.
 * libxml2 2.9 spends O(n^2) on an element with n attributes, so a file
 * with a start tag of more than FSR_XML_MAX_ATTRS attributes is refused
 * up front (FSR_EINPUT, "path:line: an element with more than 256
 * attributes"); FSR_EIO when the file cannot be read. 0 otherwise.
 * It also silences libxml2's generic error output for this thread (it
 * would print on stderr; importers get errors through their handlers).
 */
#define FSR_XML_MAX_ATTRS 256
int fsr_xml_guard_file(const char *path, struct fsr_diag *d);
/* The same over bytes fed in pieces (state in the struct). */
struct fsr_xml_guard {
	int state, ret, depth;
	unsigned quote, bang;
	unsigned long last, line, tag_line, attrs;
};
void fsr_xml_guard_init(struct fsr_xml_guard *g);
int fsr_xml_guard_feed(struct fsr_xml_guard *g, const char *buf, size_t n);

/* "an object", "a number", ... for messages about JSON values
 * (importers/json.c; struct json_t is jansson's json_t). */
struct json_t;
const char *fsr_json_type_name(const struct json_t *v);

#endif
