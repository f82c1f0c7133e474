/*
 * test-registry.c - the importer and renderer tables are well formed
 * (fio's check_engine_ops): every hook set, names unique, probes refuse
 * empty input and do not claim each other's files.
 */
#include "importers/importer.h"
#include "render/render.h"
#include "tap.h"

int main(void)
{
	const struct fsr_importer *imp, *other;
	const struct fsr_renderer *r, *r2;
	static const unsigned char pts[] =
		"<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Generated>";
	static const unsigned char csv[] = "test,value\nx,1\n";
	size_t n = 0;

	for (imp = fsr_importers; imp->name; imp++, n++) {
		ok(imp->probe && imp->import, "importer %s: hooks set",
		   imp->name);
		is_int(imp->probe((const unsigned char *)"", 0), 0,
		       "importer %s: probe refuses an empty file", imp->name);
		for (other = imp + 1; other->name; other++)
			ok(strcmp(imp->name, other->name),
			   "importer names %s and %s differ", imp->name,
			   other->name);
		ok(fsr_importer_find(imp->name) == imp, "find %s", imp->name);
	}
	ok(n >= 2, "at least the pts and csv importers (%zu)", n);
	is_str(fsr_importer_probe(pts, sizeof(pts) - 1)->name, "pts",
	       "a PTS head is probed as pts");
	is_str(fsr_importer_probe(csv, sizeof(csv) - 1)->name, "csv",
	       "a CSV head is probed as csv");
	ok(fsr_importer_probe((const unsigned char *)"hello\n", 6) == NULL,
	   "plain text is nobody's");
	{
		static const unsigned char both[] =
			"\n#  fs_mark  -d  /x  -L  1 \n"
			"dbench version 4.00 - Copyright\n";
		static const unsigned char guess[] =
			"No sync data=ordered 2.7 seconds (381 MB/Sec)\n";
		const struct fsr_importer *c[4];

		is_int((int)fsr_importer_probe_claims(both, sizeof(both) - 1,
						      c, 4), 2,
		       "two banners: two claims");
		is_str(c[0]->name, "dbench", "table order for equal scores");
		is_str(c[1]->name, "fs_mark", "then fs_mark");
		is_int((int)fsr_importer_probe_claims(both, sizeof(both) - 1,
						      c, 1), 2,
		       "counted even when out[] is short");
		is_int((int)fsr_importer_probe_claims(guess, sizeof(guess) - 1,
						      c, 4), 1,
		       "a free-form timing line: one guess");
		is_str(c[0]->name, "timing", "timing's");
		is_int((int)fsr_importer_probe_claims(pts, sizeof(pts) - 1, c,
						      4), 1, "PTS: certain");
	}

	n = 0;
	for (r = fsr_renderers; r->name; r++, n++) {
		ok(r->render && r->ext && *r->ext, "renderer %s: hooks set",
		   r->name);
		for (r2 = r + 1; r2->name; r2++)
			ok(strcmp(r->name, r2->name),
			   "renderer names %s and %s differ", r->name,
			   r2->name);
		ok(fsr_renderer_find(r->name) == r, "find %s", r->name);
	}
	ok(fsr_renderer_find("ascii") && fsr_renderer_find("csv"),
	   "ascii and csv renderers exist");
	ok(fsr_renderer_find("nope") == NULL, "unknown renderer: NULL");
	ok(!fsr_renderer_find("json")->no_cell_meta &&
		   !fsr_renderer_find("xml")->no_cell_meta &&
		   !fsr_renderer_find("pts")->no_cell_meta,
	   "the exporters read cells' attributes (they write them out)");
	ok(fsr_renderer_find("ascii")->no_cell_meta &&
		   fsr_renderer_find("csv")->no_cell_meta,
	   "ascii and csv do not: importers may skip decoding them");
	ok(!fsr_renderer_find("json")->no_entries &&
		   !fsr_renderer_find("xml")->no_entries &&
		   !fsr_renderer_find("pts")->no_entries &&
		   !fsr_renderer_find("ascii")->no_entries,
	   "the exporters and the PTS layout read the entries as read");
	ok(fsr_renderer_find("csv")->no_entries &&
		   fsr_renderer_find("table")->no_entries,
	   "csv and table do not: importers may keep only the samples");
	return done_testing();
}
