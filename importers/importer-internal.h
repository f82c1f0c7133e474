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

#endif
