/*
 * test-export.c - the model exporters (json, xml, pts, long-csv) and the
 * importers that read them back. For every PTS corpus file, every example
 * and every interchange fixture: import -> export -> import gives the
 * same model (what each format carries, below), the probe picks the right
 * importer, the XML validates against schemas/fsreport.xsd with libxml2,
 * and exporting the re-imported model gives the same bytes again. Then
 * the details: PTS Value rounding, failed runs, JSON nulls, quoting, and
 * text a format cannot carry.
 *
 * Runs from the top of the tree (tests/run.sh); the corpus is in
 * $FSR_SHARED/corpus/pts (default tests/data).
 */
#include "model/model.h"
#include "model/series.h"
#include "importers/importer.h"
#include "analyze/analyze.h"
#include "render/render.h"
#include "tap.h"
#include "lib/alloc.h"

#include <dirent.h>
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a format carries besides samples, labels, units and directions. */
enum carry {
	C_ALL = 0,  /* fsreport xml and json: everything */
	C_PTS,      /* PTS: all but sources; stored of single entries */
	C_CSV,      /* long CSV: result fields, failures, stored values */
};

static const struct {
	const char *renderer, *ext, *importer;
	enum carry carry;
} formats[] = {
	{ "xml", "xml", "fsreport-xml", C_ALL },
	{ "json", "json", "fsreport-json", C_ALL },
	{ "pts", "xml", "pts", C_PTS },
	{ "long-csv", "csv", "csv", C_CSV },
};

static char tmpdir[64];
/* The format read back carries the cells' time series (json, xml). */
static int carry_series;
static xmlSchemaPtr schema;
static int file_no;

/* ------------------------------------------------------------ loading */

static const struct fsr_importer *probe(const char *path)
{
	static unsigned char head[FSR_PROBE_BYTES];
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (!fp)
		return NULL;
	n = fread(head, 1, sizeof(head), fp);
	fclose(fp);
	return fsr_importer_probe(head, n);
}

/* Import one file into run set rs of r; 0 or an FSR_E* code (and why). */
static int import_file(struct fsr_report *r, size_t rs, const char *path,
		       const char **used, struct fsr_buf *why)
{
	const struct fsr_importer *imp = probe(path);
	struct fsr_import_ctx ctx;
	struct fsr_report *scratch;
	struct fsr_diag d;
	int rc;

	if (!imp)
		return FSR_ENOTMINE;
	if (used)
		*used = imp->name;
	memset(&ctx, 0, sizeof(ctx));
	ctx.path = path;
	fsr_diag_clear(&d);
	scratch = fsr_report_new();
	fsr_report_add_runset(scratch, r->runsets[rs].label, path, 0);
	rc = imp->import(&ctx, path, scratch, &d);
	if (rc) {
		fsr_report_free(scratch);
		if (why && rc != FSR_ENOTMINE)
			fsr_buf_addf(why, "%s: %s", path, d.msg);
		return rc;
	}
	fsr_report_merge(r, rs, scratch);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A run set: a file, or every file of a folder that an importer takes. */
static int import_runset(struct fsr_report *r, const char *path,
			 struct fsr_buf *why)
{
	const char *base = strrchr(path, '/');
	size_t rs = fsr_report_add_runset(r, base ? base + 1 : path, path, 0);
	struct stat st;
	DIR *dir;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int rc = 0;

	if (stat(path, &st) != 0)
		return FSR_EIO;
	if (!S_ISDIR(st.st_mode))
		return import_file(r, rs, path, NULL, why);
	dir = opendir(path);
	if (!dir)
		return FSR_EIO;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		FSR_GROW(names, cap, n + 1);
		names[n++] = fsr_xstrdup(de->d_name);
	}
	closedir(dir);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		struct fsr_buf full = FSR_BUF_INIT;
		int one;

		fsr_buf_addf(&full, "%s/%s", path, names[i]);
		one = import_file(r, rs, full.buf, NULL, why);
		if (one && one != FSR_ENOTMINE && !rc)
			rc = one;
		fsr_buf_release(&full);
		free(names[i]);
	}
	free(names);
	return rc;
}

static struct fsr_report *load(const char *const *paths, struct fsr_buf *why)
{
	struct fsr_report *r = fsr_report_new();
	size_t i;

	for (i = 0; paths[i]; i++) {
		if (import_runset(r, paths[i], why)) {
			fsr_report_free(r);
			return NULL;
		}
	}
	fsr_report_finish_labels(r);
	if (!r->n_results) {
		fsr_report_free(r);
		return NULL;
	}
	return r;
}

/* Render r with renderer name into memory; 0 or the renderer's code. */
static int render(const struct fsr_report *r, const char *name,
		  struct fsr_buf *out, struct fsr_diag *d)
{
	const struct fsr_renderer *rend = fsr_renderer_find(name);
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_render_opts ro;
	struct fsr_stats *stats;
	struct fsr_view v;
	struct fsr_sink sink;
	int rc;

	fsr_diag_clear(d);
	if (!rend)
		return FSR_EINTERNAL;
	stats = fsr_analyze(r, &ao, d);
	if (!stats)
		return FSR_EINTERNAL;
	memset(&v, 0, sizeof(v));
	v.command = FSR_CMD_IMPORT;
	v.report = r;
	v.stats = stats;
	memset(&ro, 0, sizeof(ro));
	ro.width = 80;
	memset(&sink, 0, sizeof(sink));
	sink.buf = out;
	rc = rend->render(&v, &ro, &sink, d);
	fsr_stats_free(stats);
	return rc;
}

static char *write_tmp(const struct fsr_buf *b, const char *ext)
{
	struct fsr_buf path = FSR_BUF_INIT;
	FILE *fp;

	fsr_buf_addf(&path, "%s/out-%d.%s", tmpdir, ++file_no, ext);
	fp = fopen(path.buf, "wb");
	if (fp) {
		fwrite(b->buf, 1, b->len, fp);
		fclose(fp);
	}
	return fsr_buf_detach(&path);
}

/* --------------------------------------------------------- comparing */

/* The same double, NaN being the same as NaN (a gap in a series). */
static int same_double(double x, double y)
{
	return x == y || (isnan(x) && isnan(y));
}

static int str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static int kv_eq(const struct fsr_kvlist *a, const struct fsr_kvlist *b,
		 const char *ignore)
{
	size_t i, j;

	for (i = j = 0; i < a->n || j < b->n; i++, j++) {
		while (ignore && i < a->n && !strcmp(a->items[i].key, ignore))
			i++;
		while (ignore && j < b->n && !strcmp(b->items[j].key, ignore))
			j++;
		if (i >= a->n || j >= b->n)
			return i >= a->n && j >= b->n;
		if (strcmp(a->items[i].key, b->items[j].key) ||
		    strcmp(a->items[i].value, b->items[j].value))
			return 0;
	}
	return 1;
}

/* PTS has one string for hardware: the text, or the pairs joined. */
static char *components_text(const char *raw, const struct fsr_kvlist *l)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	if (raw)
		return fsr_xstrdup(raw);
	for (i = 0; i < l->n; i++)
		fsr_buf_addf(&b, "%s%s: %s", i ? ", " : "", l->items[i].key,
			     l->items[i].value);
	return b.len ? fsr_buf_detach(&b) : NULL;
}

static int same_components(const char *xr, const struct fsr_kvlist *xl,
			   const char *yr, const struct fsr_kvlist *yl,
			   enum carry carry)
{
	char *a, *b;
	int same;

	if (carry == C_ALL)
		return str_eq(xr, yr) && kv_eq(xl, yl, NULL);
	a = components_text(xr, xl);
	b = components_text(yr, yl);
	/* Pairs follow from the text on the way back. */
	same = str_eq(a, b) && (!xl->n || kv_eq(xl, yl, NULL));
	free(a);
	free(b);
	return same;
}

static const struct fsr_system *system_by_label(const struct fsr_report *r,
						const char *label)
{
	size_t i;

	for (i = 0; i < r->n_systems; i++)
		if (!strcmp(r->systems[i].label, label))
			return &r->systems[i];
	return NULL;
}

static const struct fsr_cell *cell_by_label(const struct fsr_report *r,
					    const struct fsr_result *res,
					    const char *label)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (!strcmp(r->systems[res->cells[i].system].label, label))
			return &res->cells[i];
	return NULL;
}

#define DIFF(...) do { fsr_buf_addf(why, __VA_ARGS__); return 0; } while (0)

static int same_cell(const struct fsr_cell *x, const struct fsr_cell *y,
		     enum carry carry, enum fsr_display disp,
		     const char *where, struct fsr_buf *why)
{
	const char *xw = fsr_cell_fail_reason(x), *yw = fsr_cell_fail_reason(y);
	size_t k;

	if (x->n != y->n)
		DIFF("%s: %zu samples, then %zu", where, x->n, y->n);
	for (k = 0; k < x->n; k++)
		if (x->samples[k] != y->samples[k])
			DIFF("%s: sample %zu %.17g, then %.17g", where, k,
			     x->samples[k], y->samples[k]);
	if (x->n_failed != y->n_failed)
		DIFF("%s: %zu failed runs, then %zu", where, x->n_failed,
		     y->n_failed);
	if (xw && !str_eq(xw, yw))
		DIFF("%s: failure '%s', then '%s'", where, xw,
		     yw ? yw : "(none)");
	if (carry == C_ALL && !str_eq(xw, yw))
		DIFF("%s: no failure reason, then one", where);
	if (x->stored && x->n_stored == 1 && !str_eq(x->stored, y->stored))
		DIFF("%s: stored '%s', then '%s'", where, x->stored,
		     y->stored ? y->stored : "(none)");
	if (carry == C_ALL && (x->n_stored != y->n_stored ||
			       !str_eq(x->stored, y->stored)))
		DIFF("%s: %zu stored entries, then %zu", where, x->n_stored,
		     y->n_stored);
	/* PTS keeps the decimals of bar samples only (its RawString). */
	if (x->stored_decimals >= 0 &&
	    x->stored_decimals != y->stored_decimals &&
	    (carry != C_PTS || disp == FSR_DISPLAY_BAR))
		DIFF("%s: %d decimals, then %d", where, x->stored_decimals,
		     y->stored_decimals);
	if (carry == C_ALL && x->stored_decimals != y->stored_decimals)
		DIFF("%s: decimals %d, then %d", where, x->stored_decimals,
		     y->stored_decimals);
	if (carry != C_CSV && !kv_eq(fsr_cell_meta(x), fsr_cell_meta(y),
				     carry == C_PTS ? "error" : NULL))
		DIFF("%s: entry attributes differ", where);
	if (carry_series) {
		const struct fsr_seriesset *xs = fsr_cell_series(x),
					   *ys = fsr_cell_series(y);
		size_t i;

		if ((xs ? xs->n : 0) != (ys ? ys->n : 0))
			DIFF("%s: %zu series, then %zu", where,
			     xs ? xs->n : 0, ys ? ys->n : 0);
		for (i = 0; xs && i < xs->n; i++) {
			if (xs->runs[i].n != ys->runs[i].n)
				DIFF("%s: series %zu of %zu values, then %zu",
				     where, i, xs->runs[i].n, ys->runs[i].n);
			for (k = 0; k < xs->runs[i].n; k++)
				if (!same_double(xs->runs[i].t_ms[k],
						 ys->runs[i].t_ms[k]) ||
				    !same_double(xs->runs[i].v[k],
						 ys->runs[i].v[k]))
					DIFF("%s: series %zu value %zu differs",
					     where, i, k);
		}
	}
	return 1;
}

static int same_result(const struct fsr_report *a, const struct fsr_report *b,
		       const struct fsr_result *x, const struct fsr_result *y,
		       enum carry carry, struct fsr_buf *why)
{
	size_t j;

	if (!(x->derived && carry != C_ALL) && !str_eq(x->test_id, y->test_id))
		DIFF("'%s': test id '%s', then '%s'", x->title, x->test_id,
		     y->test_id);
	if (carry != C_CSV && (!str_eq(x->scale, y->scale) ||
	    !str_eq(x->annotation, y->annotation) ||
	    !str_eq(x->parent, y->parent)))
		DIFF("'%s': scale, annotation or parent differs", x->title);
	if (!str_eq(x->title, y->title) || !str_eq(x->unit, y->unit) ||
	    !str_eq(x->description, y->description) ||
	    !str_eq(x->arguments, y->arguments) ||
	    !str_eq(x->app_version, y->app_version) || x->better != y->better ||
	    x->display != y->display || x->derived != y->derived)
		DIFF("'%s' '%s': fields differ", x->title, x->description);
	if (x->n_cells != y->n_cells)
		DIFF("'%s': %zu cells, then %zu", x->title, x->n_cells,
		     y->n_cells);
	for (j = 0; j < x->n_cells; j++) {
		const char *label = a->systems[x->cells[j].system].label;
		const struct fsr_cell *yc = cell_by_label(b, y, label);
		char where[200];

		snprintf(where, sizeof(where), "'%.60s' '%.60s' / '%.40s'",
			 x->title, x->description, label);
		if (!yc)
			DIFF("%s: cell lost", where);
		if (!same_cell(&x->cells[j], yc, carry, x->display, where,
			       why))
			return 0;
	}
	return 1;
}

static int same_model(const struct fsr_report *a, const struct fsr_report *b,
		      enum carry carry, struct fsr_buf *why)
{
	size_t i;

	if (carry != C_CSV) {
		/* An untitled report is exported under its run sets' labels,
		 * the title fsreport prints for it; an untitled PTS file
		 * stays untitled. */
		struct fsr_buf t = FSR_BUF_INIT;
		int same;

		for (i = 0; !a->title && !a->n_generated &&
			    i < a->n_runsets; i++)
			fsr_buf_addf(&t, "%s%s", i ? ", " : "",
				     a->runsets[i].label);
		same = str_eq(a->title ? a->title : t.len ? t.buf : NULL,
			     b->title) &&
		       (a->title || !a->n_generated || b->n_generated);
		fsr_buf_release(&t);
		if (!same)
			DIFF("title '%s', then '%s'", a->title ? a->title : "",
			     b->title ? b->title : "(none)");
	}
	if (carry != C_CSV && !str_eq(a->description, b->description))
		DIFF("the description differs");
	if (a->n_systems != b->n_systems)
		DIFF("%zu systems, then %zu", a->n_systems, b->n_systems);
	for (i = 0; i < a->n_systems; i++) {
		const struct fsr_system *x = &a->systems[i];
		const struct fsr_system *y = system_by_label(b, x->label);
		size_t k;

		if (!y)
			DIFF("system '%s' lost", x->label);
		if (carry == C_CSV)
			continue;
		if (!same_components(x->hardware, &x->hw, y->hardware, &y->hw,
				     carry) ||
		    !same_components(x->software, &x->sw, y->software, &y->sw,
				     carry))
			DIFF("system '%s': hardware or software differs",
			     x->label);
		if (!kv_eq(&x->meta, &y->meta, NULL))
			DIFF("system '%s': attributes differ", x->label);
		if (x->n_more != y->n_more)
			DIFF("system '%s': %zu further PTS blocks, then %zu",
			     x->label, x->n_more, y->n_more);
		for (k = 0; k < x->n_more; k++)
			if (!str_eq(x->more[k].hardware, y->more[k].hardware) ||
			    !str_eq(x->more[k].software, y->more[k].software) ||
			    x->more[k].ordinal != y->more[k].ordinal)
				DIFF("system '%s': PTS block %zu differs",
				     x->label, k + 2);
		if (x->undeclared != y->undeclared)
			DIFF("system '%s': undeclared %d, then %d", x->label,
			     x->undeclared, y->undeclared);
		if (carry != C_ALL)
			continue;
		if (x->n_sources != y->n_sources)
			DIFF("system '%s': %zu sources, then %zu", x->label,
			     x->n_sources, y->n_sources);
		for (k = 0; k < x->n_sources; k++)
			if (strcmp(x->sources[k], y->sources[k]))
				DIFF("system '%s': source differs", x->label);
	}
	if (a->n_results != b->n_results)
		DIFF("%zu results, then %zu", a->n_results, b->n_results);
	for (i = 0; i < a->n_results; i++) {
		const struct fsr_result *x = a->results[i];
		const struct fsr_result *y = fsr_report_find_result(b, x->key);

		if (!y)
			DIFF("result '%s' '%s' lost (key changed)", x->title,
			     x->description);
		if (!same_result(a, b, x, y, carry, why))
			return 0;
	}
	return 1;
}

/* ------------------------------------------------------ XSD validity */

static void on_schema_error(void *data, xmlErrorPtr e)
{
	struct fsr_buf *why = data;

	if (e && !why->len)
		fsr_buf_addf(why, "line %d: %s", e->line,
			     e->message ? e->message : "invalid");
}

static int xsd_valid(const char *path, struct fsr_buf *why)
{
	xmlSchemaValidCtxtPtr v;
	int rc;

	if (!schema)
		return 0;
	v = xmlSchemaNewValidCtxt(schema);
	xmlSchemaSetValidStructuredErrors(v, on_schema_error, why);
	rc = xmlSchemaValidateFile(v, path, 0);
	xmlSchemaFreeValidCtxt(v);
	return rc == 0;
}

/* ------------------------------------------------------- round trips */

/*
 * PTS and CSV cannot say "decimals unknown" or which entry of a cell
 * held an attribute, so the first trip may settle such details: their
 * fixed point is the second export. Puts the export of import(text) in
 * again; 0 or an error code.
 */
static int fixed_point(const struct fsr_buf *text, const char *renderer,
		       const char *ext, struct fsr_buf *again)
{
	struct fsr_report *c = fsr_report_new();
	struct fsr_diag d;
	char *path = write_tmp(text, ext);
	int rc;

	fsr_report_add_runset(c, "again", path, 0);
	rc = import_file(c, 0, path, NULL, NULL);
	fsr_report_finish_labels(c);
	fsr_buf_reset(again);
	if (!rc)
		rc = render(c, renderer, again, &d);
	fsr_report_free(c);
	unlink(path);
	free(path);
	return rc;
}

static void round_trip(const char *name, const char *const *paths)
{
	struct fsr_buf why = FSR_BUF_INIT;
	struct fsr_report *a = load(paths, &why);
	size_t f;

	if (!a) {
		/* Another importer's examples: not ours to judge here. */
		ok(1, "%s: skipped, does not import (%s)", name,
		   why.len ? why.buf : "no results");
		fsr_buf_release(&why);
		return;
	}
	for (f = 0; f < sizeof(formats) / sizeof(*formats); f++) {
		struct fsr_buf one = FSR_BUF_INIT, two = FSR_BUF_INIT;
		const char *reader = NULL;
		struct fsr_report *b = NULL;
		struct fsr_diag d;
		char *path;
		int rc;

		fsr_buf_reset(&why);
		rc = render(a, formats[f].renderer, &one, &d);
		if (!ok(rc == 0, "%s: writes %s", name, formats[f].renderer)) {
			printf("#   %s\n", d.msg);
			fsr_buf_release(&one);
			continue;
		}
		path = write_tmp(&one, formats[f].ext);
		if (!strcmp(formats[f].renderer, "xml")) {
			int valid = xsd_valid(path, &why);

			ok(valid, "%s: xml valid against schemas/fsreport.xsd",
			   name);
			if (!valid)
				printf("#   %s\n", why.buf);
			fsr_buf_reset(&why);
		}
		b = fsr_report_new();
		fsr_report_add_runset(b, "again", path, 0);
		rc = import_file(b, 0, path, &reader, &why);
		fsr_report_finish_labels(b);
		if (!ok(rc == 0 && reader &&
				!strcmp(reader, formats[f].importer),
			"%s: %s reads back with the %s importer", name,
			formats[f].renderer, formats[f].importer))
			printf("#   rc %d, importer %s: %s\n", rc,
			       reader ? reader : "none",
			       why.buf);
		if (rc == 0) {
			int same;

			fsr_buf_reset(&why);
			carry_series = formats[f].carry == C_ALL;
			same = same_model(a, b, formats[f].carry, &why);
			carry_series = 0;
			ok(same, "%s: %s round trip keeps the model", name,
			   formats[f].renderer);
			if (!same)
				printf("#   %s\n", why.buf);
			rc = render(b, formats[f].renderer, &two, &d);
			if (formats[f].carry != C_ALL && rc == 0)
				rc = fixed_point(&two, formats[f].renderer,
						 formats[f].ext, &one);
			ok(rc == 0 && one.len == two.len &&
				   !memcmp(one.buf, two.buf, one.len),
			   "%s: %s written again is the same bytes", name,
			   formats[f].renderer);
		}
		fsr_report_free(b);
		unlink(path);
		free(path);
		fsr_buf_release(&one);
		fsr_buf_release(&two);
	}
	fsr_report_free(a);
	fsr_buf_release(&why);
}

static void each_file(const char *dir, const char *suffix)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;

	if (!ok(d != NULL, "open %s", dir))
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (de->d_name[0] == '.' || len < strlen(suffix) ||
		    strcmp(de->d_name + len - strlen(suffix), suffix))
			continue;
		FSR_GROW(names, cap, n + 1);
		names[n++] = fsr_xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		struct fsr_buf p = FSR_BUF_INIT;
		const char *paths[2];

		fsr_buf_addf(&p, "%s/%s", dir, names[i]);
		paths[0] = p.buf;
		paths[1] = NULL;
		round_trip(names[i], paths);
		fsr_buf_release(&p);
		free(names[i]);
	}
	free(names);
}

/* Every example folder: its subfolders are its run sets, or it is one. */
static void examples(void)
{
	DIR *d = opendir("examples");
	struct dirent *de;

	if (!ok(d != NULL, "open examples/"))
		return;
	while ((de = readdir(d))) {
		struct fsr_buf top = FSR_BUF_INIT;
		const char *paths[16];
		char *subs[16];
		size_t n = 0, i;
		struct stat st;
		DIR *sd;
		struct dirent *se;

		if (de->d_name[0] == '.' || !strcmp(de->d_name, "results"))
			continue;
		fsr_buf_addf(&top, "examples/%s", de->d_name);
		if (stat(top.buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
			fsr_buf_release(&top);
			continue;
		}
		sd = opendir(top.buf);
		while (sd && (se = readdir(sd)) && n < 15) {
			struct fsr_buf sub = FSR_BUF_INIT;

			fsr_buf_addf(&sub, "%s/%s", top.buf, se->d_name);
			if (se->d_name[0] != '.' && stat(sub.buf, &st) == 0 &&
			    S_ISDIR(st.st_mode))
				subs[n++] = fsr_buf_detach(&sub);
			fsr_buf_release(&sub);
		}
		if (sd)
			closedir(sd);
		qsort(subs, n, sizeof(*subs), cmp_str);
		for (i = 0; i < n; i++)
			paths[i] = subs[i];
		if (!n)
			paths[n++] = top.buf;
		paths[n] = NULL;
		round_trip(top.buf, paths);
		for (i = 0; i < n && paths[i] != top.buf; i++)
			free(subs[i]);
		fsr_buf_release(&top);
	}
	closedir(d);
}

/* --------------------------------------------------------- details */

/* A report made by hand: system "a" with cells of known shape. */
static struct fsr_report *hand_made(void)
{
	struct fsr_report *r = fsr_report_new();
	struct fsr_result_key k;
	struct fsr_result *res;
	struct fsr_cell *c;
	size_t a;

	fsr_report_add_runset(r, "hand", "hand", 0);
	a = fsr_report_system(r, 0, "a,\"quoted\" label");
	memset(&k, 0, sizeof(k));
	k.test = "decimals";
	k.unit = "MB/s";
	res = fsr_report_result(r, &k);
	res->better = FSR_BETTER_HIGHER;
	c = fsr_result_cell(res, a);
	fsr_cell_add_sample(c, 1.25);
	fsr_cell_add_sample(c, 2.5);
	fsr_cell_add_sample(c, 3.125);
	k.test = "integers";
	res = fsr_report_result(r, &k);
	res->better = FSR_BETTER_LOWER;
	c = fsr_result_cell(res, a);
	fsr_cell_add_sample(c, 1);
	fsr_cell_add_sample(c, 2);
	fsr_cell_add_sample(c, 4);
	k.test = "failing";
	res = fsr_report_result(r, &k);
	c = fsr_result_cell(res, a);
	fsr_cell_add_failed(c, "it crashed");
	fsr_cell_add_failed(c, "it crashed");
	k.test = "one";
	res = fsr_report_result(r, &k);
	c = fsr_result_cell(res, a);
	fsr_cell_add_sample(c, 42);
	fsr_report_finish_labels(r);
	return r;
}

static void test_pts_details(void)
{
	struct fsr_report *r = hand_made();
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_diag d;

	setenv("SOURCE_DATE_EPOCH", "1796072308", 1);
	ok(render(r, "pts", &b, &d) == 0, "pts: hand-made report written");
	ok(strstr(b.buf, "<Value>2.292</Value>\n        "
			 "<RawString>1.25:2.5:3.125</RawString>") != NULL,
	   "pts: Value is the mean at the samples' largest decimal count");
	ok(strstr(b.buf, "<Value>2</Value>\n"
			 "        <RawString>1:2:4</RawString>") != NULL,
	   "pts: integer samples give an integer Value (2.33 -> 2)");
	ok(strstr(b.buf, "<Value>42</Value>\n        <RawString></RawString>")
		   != NULL,
	   "pts: a single run leaves RawString empty, as PTS does");
	ok(strstr(b.buf, "<Value></Value>\n        <RawString></RawString>\n"
			 "        <JSON>{&quot;error&quot;:&quot;it crashed"
			 "&quot;}</JSON>") != NULL,
	   "pts: a failed run is an empty Value with the reason in JSON");
	ok(strstr(b.buf, "<Proportion>HIB</Proportion>") &&
		   strstr(b.buf, "<Proportion>LIB</Proportion>"),
	   "pts: directions as HIB and LIB");
	ok(strstr(b.buf, "<LastModified>2026-11-30 20:58:28</LastModified>")
		   != NULL,
	   "pts: LastModified from SOURCE_DATE_EPOCH, UTC");
	ok(strstr(b.buf, "<Title>hand</Title>") != NULL,
	   "pts: an untitled report is titled by its run sets");
	fsr_buf_release(&b);
	fsr_report_free(r);
}

static void test_json_details(void)
{
	struct fsr_report *r = hand_made();
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_diag d;

	ok(render(r, "json", &b, &d) == 0, "json: hand-made report written");
	ok(!strncmp(b.buf, "{\n  \"format_version\": 1,\n", 25),
	   "json: format_version 1 comes first");
	ok(strstr(b.buf, "\"samples\": [\n            1.25,\n") != NULL,
	   "json: samples are numbers, shortest form");
	ok(strstr(b.buf, "\"sd\": null") != NULL,
	   "json: undefined statistics are null");
	ok(strstr(b.buf, "\"failed\": 2,\n          \"fail_reason\": "
			 "\"it crashed\"") != NULL,
	   "json: failed runs counted with their reason");
	ok(strstr(b.buf, "\"mean\": 2.29166666666667") != NULL,
	   "json: statistics to 15 significant digits");
	fsr_buf_release(&b);
	fsr_report_free(r);
}

static void test_csv_details(void)
{
	struct fsr_report *r = hand_made();
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_diag d;

	ok(render(r, "long-csv", &b, &d) == 0, "long-csv: written");
	ok(!strncmp(b.buf, "test,description,unit,better,label,value,title,"
			   "test_id,app_version,arguments,display,stored,"
			   "error\n", 91),
	   "long-csv: the header");
	ok(strstr(b.buf, "decimals,,MB/s,higher,\"a,\"\"quoted\"\" label\","
			 "3.125,decimals,decimals,,,bar,,\n") != NULL,
	   "long-csv: one row per sample, quoting by libcsv");
	ok(strstr(b.buf, "failing,,MB/s,,\"a,\"\"quoted\"\" label\",,failing,"
			 "failing,,,bar,,it crashed\n") != NULL,
	   "long-csv: a failed run has an empty value and its reason");
	fsr_buf_release(&b);
	fsr_report_free(r);
}

/* Text XML 1.0 cannot carry, and bytes that are not UTF-8. */
static void test_cannot_carry(void)
{
	struct fsr_report *r = hand_made();
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_diag d;

	free(r->systems[0].label);
	r->systems[0].label = fsr_xstrdup("bell\x07");
	ok(render(r, "xml", &b, &d) == FSR_EOUTPUT, "xml: refuses U+0007");
	is_str(d.msg, "the label of system 1 holds the character U+0007, "
		      "which XML cannot carry", "xml: says what and where");
	fsr_buf_reset(&b);
	ok(render(r, "pts", &b, &d) == FSR_EOUTPUT, "pts: refuses U+0007");
	free(r->systems[0].label);
	r->systems[0].label = fsr_xstrdup("caf\xe9");
	fsr_buf_reset(&b);
	ok(render(r, "json", &b, &d) == FSR_EOUTPUT,
	   "json: refuses a label that is not UTF-8");
	is_str(d.msg, "the label of system 1 is not valid UTF-8, which JSON "
		      "needs", "json: says what");
	fsr_buf_reset(&b);
	ok(render(r, "xml", &b, &d) == FSR_EOUTPUT,
	   "xml: refuses a label that is not UTF-8");
	fsr_buf_release(&b);
	fsr_report_free(r);
}

/* A gap (NaN) in a run's time series: json writes null, xml NaN (the
 * schema's seriesValue), and both read it back as NaN in its place, the
 * file written again the same bytes (issue 37). */
static void test_series_nan(void)
{
	static const double t[] = { 250, 500, 750, 1000 };
	static const double v[] = { 4100, NAN, 4300, 4250.5 };
	struct fsr_report *r = hand_made();
	struct fsr_cell *c = &r->results[0]->cells[0];
	size_t f;

	/* read back, a file with no sources gets itself as one */
	fsr_system_add_source(&r->systems[0], "hand/run-1.log");
	fsr_cell_add_series(c, t, v, 4);
	fsr_cell_add_series(c, t, v + 1, 3);
	fsr_cell_add_series(c, t, v, 4);
	for (f = 0; f < 2; f++) {
		const char *name = formats[f].renderer;
		struct fsr_buf one = FSR_BUF_INIT, two = FSR_BUF_INIT,
			       why = FSR_BUF_INIT;
		struct fsr_report *b = fsr_report_new();
		struct fsr_diag d;
		char *path;
		int rc;

		ok(render(r, name, &one, &d) == 0,
		   "%s: a series with a NaN written", name);
		if (f == 0)
			ok(strstr(one.buf, "<values>4100 NaN 4300 4250.5"
					   "</values>") &&
				   strstr(one.buf, "<values>NaN 4300 4250.5"
						   "</values>"),
			   "xml: a NaN in a series is written NaN");
		else
			ok(strstr(one.buf, "\"values\": [\n                4100,"
					   "\n                null,") != NULL,
			   "json: a NaN in a series is written null");
		path = write_tmp(&one, formats[f].ext);
		if (f == 0) {
			ok(xsd_valid(path, &why),
			   "xml: a series with NaN valid against the schema");
			if (why.len)
				printf("#   %s\n", why.buf);
		}
		fsr_report_add_runset(b, "again", path, 0);
		fsr_buf_reset(&why);
		rc = import_file(b, 0, path, NULL, &why);
		fsr_report_finish_labels(b);
		if (!ok(rc == 0, "%s: a series with a NaN reads back", name))
			printf("#   rc %d: %s\n", rc, why.buf);
		if (rc == 0) {
			const struct fsr_seriesset *ss;

			carry_series = 1;
			fsr_buf_reset(&why);
			ok(same_model(r, b, C_ALL, &why),
			   "%s: the NaN comes back in its place", name);
			if (why.len)
				printf("#   %s\n", why.buf);
			carry_series = 0;
			ss = fsr_cell_series(&b->results[0]->cells[0]);
			ok(ss && ss->n == 3 && ss->runs[1].n == 3 &&
				   isnan(ss->runs[1].v[0]) &&
				   isnan(ss->runs[0].v[1]),
			   "%s: read back as NaN", name);
			rc = render(b, name, &two, &d);
			ok(rc == 0 && one.len == two.len &&
				   !memcmp(one.buf, two.buf, one.len),
			   "%s: written again, the same bytes", name);
		}
		fsr_report_free(b);
		unlink(path);
		free(path);
		fsr_buf_release(&one);
		fsr_buf_release(&two);
		fsr_buf_release(&why);
	}
	fsr_report_free(r);
}

int main(void)
{
	const char *shared = getenv("FSR_SHARED");
	struct fsr_buf corpus = FSR_BUF_INIT;
	xmlSchemaParserCtxtPtr pc;

	LIBXML_TEST_VERSION
	fsr_analyze_init();
	setenv("SOURCE_DATE_EPOCH", "1796072308", 1);
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/fsr-test-export.XXXXXX");
	if (!mkdtemp(tmpdir)) {
		ok(0, "make a temporary folder");
		return done_testing();
	}
	pc = xmlSchemaNewParserCtxt("schemas/fsreport.xsd");
	schema = pc ? xmlSchemaParse(pc) : NULL;
	xmlSchemaFreeParserCtxt(pc);
	ok(schema != NULL, "schemas/fsreport.xsd is a valid XML Schema");

	test_pts_details();
	test_json_details();
	test_csv_details();
	test_cannot_carry();
	test_series_nan();

	fsr_buf_addf(&corpus, "%s/corpus/pts", shared ? shared : "tests/data");
	each_file(corpus.buf, ".xml");
	each_file("tests/data/fio", ".json");
	each_file("tests/data/fio", ".txt");
	each_file("tests/data/fio/status-interval-text/normal", ".txt");
	each_file("tests/data/hyperfine", ".json");
	each_file("tests/data/fio/series", ".log");
	each_file("tests/data/interchange", ".csv");
	each_file("tests/data/interchange", ".xml");
	each_file("tests/data/interchange", ".json");
	examples();

	xmlSchemaFree(schema);
	rmdir(tmpdir);
	fsr_buf_release(&corpus);
	xmlCleanupParser();
	return done_testing();
}
