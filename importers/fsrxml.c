/*
 * fsrxml.c - fsreport's own XML form (schemas/fsreport.xsd, format-version
 * 1; render/data/xml.c writes it) read back with libxml2's streaming reader:
 * the top level is streamed and each <system> or <result> is expanded on
 * its own, so memory stays bounded by the largest result. No network, no
 * entity substitution, no DTD loading. The checks follow the schema, so a
 * hand-edited file that breaks it is reported with line and column.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"
#include "../model/series.h"
#include "../model/histogram.h"

#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct fx {
	const char *path;
	struct fsr_report *r;
	struct fsr_diag *d;
	xmlTextReaderPtr reader;
	int err;
	char **ids;     /* system ids, in file order */
	size_t *sys;    /* the report's system index of each id */
	size_t n_ids, cap_ids, cap_sys;
	int steady_file; /* the root's steady-result="steady" */
	int title_made;  /* the root's title-made="true" (model.h) */
};

__attribute__((format(printf, 3, 4))) static int
fx_fail(struct fx *st, const xmlNode *at, const char *fmt, ...)
{
	va_list ap;

	if (st->err)
		return st->err;
	st->err = FSR_EINPUT;
	va_start(ap, fmt);
	fsr_diag_vset(st->d, FSR_EINPUT, st->path,
		      at ? (int)xmlGetLineNo(at) : 0, 0, fmt, ap);
	va_end(ap);
	return st->err;
}

static void on_xml_error(void *data, xmlErrorPtr e)
{
	struct fx *st = data;

	if (!st->err)
		st->err = fsr_xml_error(st->d, st->path, e);
}

static int is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name,
						      name);
}

/* Text content of n, owned by the caller (free()). */
static char *text_of(const xmlNode *n)
{
	xmlChar *t = xmlNodeGetContent(n);
	char *s = fsr_xstrdup(t ? (const char *)t : "");

	xmlFree(t);
	return s;
}

/* Attribute value (caller frees) or NULL. */
static char *attr_of(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetNoNsProp(n, BAD_CAST name);
	char *s;

	if (!v)
		return NULL;
	s = fsr_xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

/* Only elements and blanks between them may appear in n. */
static int only_elements(struct fx *st, const xmlNode *n)
{
	const xmlNode *c;

	for (c = n->children; c; c = c->next) {
		if (c->type == XML_TEXT_NODE && !xmlIsBlankNode(c))
			return fx_fail(st, c, "unexpected text in <%s>",
				       (const char *)n->name);
		if (c->type == XML_CDATA_SECTION_NODE ||
		    c->type == XML_ENTITY_REF_NODE)
			return fx_fail(st, c, "unexpected content in <%s>",
				       (const char *)n->name);
	}
	return 0;
}

/* A non-negative integer attribute; def when absent. */
static long count_attr(struct fx *st, const xmlNode *n, const char *name,
		       long def)
{
	char *v = attr_of(n, name), *end;
	long x;

	if (!v)
		return def;
	x = strtol(v, &end, 10);
	if (!*v || *end || x < 0 || x > (long)FSR_MAX_SAMPLES_PER_CELL) {
		fx_fail(st, n, "<%s %s=\"%s\">: expected a whole number >= 0",
			(const char *)n->name, name, v);
		x = def;
	}
	free(v);
	return x;
}

/* <meta name="k">v</meta> into l. */
static int meta_el(struct fx *st, const xmlNode *n, struct fsr_kvlist *l)
{
	char *k = attr_of(n, "name"), *v;

	if (!k)
		return fx_fail(st, n, "<meta> without a name attribute");
	v = text_of(n);
	fsr_kvlist_set(l, k, v);
	free(k);
	free(v);
	return 0;
}

/* A further PTS block of system s, as xml.c writes it. */
static void block_el(struct fx *st, const xmlNode *n, struct fsr_system *s)
{
	char *o = attr_of(n, "ordinal"), *t[3] = { NULL, NULL, NULL };
	static const char *const names[] = { "hardware", "software", "json" };
	struct fsr_sysblock *b;
	const xmlNode *c;
	size_t i;

	if (!o) {
		fx_fail(st, n, "<block> needs an ordinal attribute");
		return;
	}
	for (c = n->children; c; c = c->next)
		for (i = 0; i < 3; i++)
			if (c->type == XML_ELEMENT_NODE && is(c, names[i]) &&
			    !t[i])
				t[i] = text_of(c);
	b = fsr_system_add_block(s, t[0], t[1], t[2], strtoul(o, NULL, 10));
	for (c = n->children; c && !st->err; c = c->next)
		if (c->type == XML_ELEMENT_NODE && is(c, "meta"))
			meta_el(st, c, &b->meta);
	for (i = 0; i < 3; i++)
		free(t[i]);
	free(o);
}

static int system_el(struct fx *st, const xmlNode *n)
{
	char *id = attr_of(n, "id"), *label = attr_of(n, "label");
	const xmlNode *c;
	struct fsr_system *s;
	size_t idx, i;

	if (!id || !label || !*label) {
		fx_fail(st, n, "<system> needs id and label attributes");
		goto out;
	}
	for (i = 0; i < st->n_ids; i++)
		if (!strcmp(st->ids[i], id)) {
			fx_fail(st, n, "system id '%s' is used twice", id);
			goto out;
		}
	if (only_elements(st, n))
		goto out;
	idx = fsr_report_system(st->r, 0, label);
	{
		char *u = attr_of(n, "undeclared"), *o = attr_of(n, "ordinal");

		if (u && (!strcmp(u, "true") || !strcmp(u, "1")) &&
		    !st->r->systems[idx].declared)
			st->r->systems[idx].undeclared = 1;
		if (o)
			st->r->systems[idx].ordinal = strtoul(o, NULL, 10);
		free(u);
		free(o);
	}
	FSR_GROW(st->ids, st->cap_ids, st->n_ids + 1);
	FSR_GROW(st->sys, st->cap_sys, st->n_ids + 1);
	st->ids[st->n_ids] = id;
	st->sys[st->n_ids++] = idx;
	id = NULL;
	s = &st->r->systems[idx];
	for (c = n->children; c && !st->err; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (is(c, "hardware") && !s->hardware) {
			s->hardware = text_of(c);
		} else if (is(c, "software") && !s->software) {
			s->software = text_of(c);
		} else if (is(c, "component")) {
			char *kind = attr_of(c, "kind"), *name, *v;

			name = attr_of(c, "name");
			if (!kind || !name || (strcmp(kind, "hardware") &&
					       strcmp(kind, "software"))) {
				fx_fail(st, c, "<component> needs kind "
					"(hardware or software) and name");
			} else {
				v = text_of(c);
				fsr_kvlist_set(!strcmp(kind, "hardware") ?
						       &s->hw : &s->sw,
					       name, v);
				free(v);
			}
			free(kind);
			free(name);
		} else if (is(c, "meta")) {
			meta_el(st, c, &s->meta);
		} else if (is(c, "source")) {
			char *v = text_of(c);

			fsr_system_add_source(s, v);
			free(v);
		} else if (is(c, "block")) {
			block_el(st, c, s);
		} else if (!is(c, "hardware") && !is(c, "software")) {
			fx_fail(st, c, "unexpected <%s> in <system>",
				(const char *)c->name);
		}
	}
	if (!s->n_sources)
		fsr_system_add_source(s, st->path);
out:
	free(id);
	free(label);
	return st->err;
}

static int samples_el(struct fx *st, const xmlNode *n, struct fsr_cell *c)
{
	char *t = text_of(n), *p = t;

	while (*p && !st->err) {
		size_t len;
		double x;

		p += strspn(p, " \t\r\n");
		len = strcspn(p, " \t\r\n");
		if (!len)
			break;
		if (fsr_parse_double(p, len, &x) != 0) {
			p[len] = '\0';
			fx_fail(st, n, "sample '%s' %s", p,
				fsr_number_refusal(p, len,
						   "is not a finite number"));
		} else if (c->n >= FSR_MAX_SAMPLES_PER_CELL) {
			fx_fail(st, n, "too many samples in one <cell>");
		} else {
			fsr_cell_add_sample(c, x);
		}
		p += len;
	}
	free(t);
	return st->err;
}

/* The index of system id in st->ids, or n_ids. fsreport writes "s<i>"
 * for the i-th system, so that is tried first: no scan per cell. */
static size_t system_index(const struct fx *st, const char *id)
{
	size_t i;

	if (id[0] == 's' && id[1] >= '0' && id[1] <= '9') {
		char *end;
		unsigned long long k = strtoull(id + 1, &end, 10);

		if (!*end && k < st->n_ids && !strcmp(st->ids[k], id))
			return (size_t)k;
	}
	for (i = 0; i < st->n_ids; i++)
		if (!strcmp(st->ids[i], id))
			break;
	return i;
}

/* A PTS entry of a cell as read, as xml.c writes it. */
static void entry_el(struct fx *st, const xmlNode *n, struct fsr_cell *c)
{
	static const char *const names[] = { "value", "raw", "json" };
	char *t[3] = { NULL, NULL, NULL }, *f = attr_of(n, "failed");
	long seq = count_attr(st, n, "seq", -1);
	long samples = count_attr(st, n, "samples", -1);
	const xmlNode *k;
	size_t i;

	if (!st->err && (seq < 0 || samples < 0))
		fx_fail(st, n, "<entry> needs seq and samples attributes");
	for (k = n->children; k && !st->err; k = k->next)
		for (i = 0; i < 3; i++)
			if (k->type == XML_ELEMENT_NODE && is(k, names[i]) &&
			    !t[i])
				t[i] = text_of(k);
	if (!st->err)
		fsr_cell_add_entry(c, t[0], t[1], t[2], (size_t)seq,
				   (size_t)samples,
				   f && (!strcmp(f, "true") || !strcmp(f, "1")));
	for (i = 0; i < 3; i++)
		free(t[i]);
	free(f);
}

/* A list of numbers (a <t-ms> or <values> of a <series>) into *out;
 * with nan_ok, "NaN" (xs:double's spelling, render/data/xml.c) is NaN:
 * a gap in a series' values, never a time. */
static void number_list(struct fx *st, const xmlNode *n, double **out,
			size_t *len, int nan_ok)
{
	char *t = text_of(n), *p = t;
	size_t cap = 0;

	*out = NULL;
	*len = 0;
	while (*p && !st->err) {
		size_t w;
		double x;

		p += strspn(p, " \t\r\n");
		w = strcspn(p, " \t\r\n");
		if (!w)
			break;
		if (nan_ok && w == 3 && !memcmp(p, "NaN", 3)) {
			FSR_GROW(*out, cap, *len + 1);
			(*out)[(*len)++] = NAN;
		} else if (fsr_parse_double(p, w, &x) != 0) {
			p[w] = '\0';
			fx_fail(st, n, "value '%s' %s", p,
				fsr_number_refusal(p, w,
						   "is not a finite number"));
		} else {
			FSR_GROW(*out, cap, *len + 1);
			(*out)[(*len)++] = x;
		}
		p += w;
	}
	free(t);
}

/* --steady: <series whole-run="V">, the run's whole-run result
 * (model/series.h), onto the series just added. */
static void whole_run_attr(struct fx *st, const xmlNode *n,
			   struct fsr_cell *c)
{
	xmlChar *a = xmlGetProp(n, BAD_CAST "whole-run");
	double x;

	if (!a)
		return;
	if (fsr_parse_double((const char *)a, strlen((const char *)a), &x) ||
	    !isfinite(x))
		fx_fail(st, n, "<series>: whole-run=\"%s\" is not a number",
			(const char *)a);
	else
		c->extra->series->runs[c->extra->series->n - 1].whole = x;
	xmlFree(a);
}

/* A run's time series of a cell, as xml.c writes it. */
static void series_el(struct fx *st, const xmlNode *n, struct fsr_cell *c)
{
	const xmlNode *k;
	double *t = NULL, *v = NULL;
	size_t nt = 0, nv = 0;
	int have_t = 0, have_v = 0;

	for (k = n->children; k && !st->err; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		if (is(k, "t-ms") && !have_t) {
			number_list(st, k, &t, &nt, 0);
			have_t = 1;
		} else if (is(k, "values") && !have_v) {
			number_list(st, k, &v, &nv, 1);
			have_v = 1;
		} else {
			fx_fail(st, k, "unexpected <%s> in <series>",
				(const char *)k->name);
		}
	}
	if (!st->err && (!have_t || !have_v))
		fx_fail(st, n, "<series> needs <t-ms> and <values>");
	else if (!st->err && nt != nv)
		fx_fail(st, n, "<series>: %zu times and %zu values", nt, nv);
	else if (!st->err && !fsr_cell_add_series(c, t, v, nv))
		whole_run_attr(st, n, c);
	free(t);
	free(v);
}

/* A whole-number attribute >= 0 that must be there, as a uint64_t. */
static uint64_t u64_attr(struct fx *st, const xmlNode *n, const char *name)
{
	char *v = attr_of(n, name), *end;
	unsigned long long x = 0;

	if (v && *v >= '0' && *v <= '9')
		x = strtoull(v, &end, 10);
	if (!v || !(*v >= '0' && *v <= '9') || *end) {
		fx_fail(st, n, "<%s %s=\"%s\">: expected a whole number >= 0",
			(const char *)n->name, name, v ? v : "");
		x = 0;
	}
	free(v);
	return (uint64_t)x;
}

/* A list of whole numbers >= 0 (the <bins> or <counts> of a <hist>)
 * into *out. */
static void u64_list(struct fx *st, const xmlNode *n, uint64_t **out,
		     size_t *len)
{
	char *t = text_of(n), *p = t;
	size_t cap = 0;

	*out = NULL;
	*len = 0;
	while (*p && !st->err) {
		size_t w;
		char *end = p;
		unsigned long long x = 0;

		p += strspn(p, " \t\r\n");
		w = strcspn(p, " \t\r\n");
		if (!w)
			break;
		if (*p >= '0' && *p <= '9') {
			errno = 0;
			x = strtoull(p, &end, 10);
		}
		if (!(*p >= '0' && *p <= '9') || end != p + w ||
		    errno == ERANGE) {
			p[w] = '\0';
			fx_fail(st, n, "<%s>: '%s' is not a whole number from "
				"0 to 2^64 - 1", (const char *)n->name, p);
		} else {
			FSR_GROW(*out, cap, *len + 1);
			(*out)[(*len)++] = (uint64_t)x;
		}
		p += w;
	}
	free(t);
}

static uint64_t u64_attr(struct fx *st, const xmlNode *n, const char *name);

/*
 * <hist bits="6" groups="29" total="N"><bins>3 4</bins><counts>1 9
 * </counts></hist>: a run's latency histogram (render/data/xml.c), the
 * non-zero bins' indexes ascending, each once, and their counts, which
 * add up to total. which: its place among the cell's <hist>s (from 1).
 */
static void hist_el(struct fx *st, const xmlNode *n, struct fsr_cell *c,
		    size_t which)
{
	const xmlNode *k;
	uint64_t *bi = NULL, *co = NULL, bits, groups, total, sum = 0;
	size_t nb = 0, nc = 0, j;
	int have_b = 0, have_c = 0;
	struct fsr_hist h;

	memset(&h, 0, sizeof(h));
	bits = u64_attr(st, n, "bits");
	groups = u64_attr(st, n, "groups");
	total = u64_attr(st, n, "total");
	/* only the layout fsreport writes (model/histogram.h): a wider
	 * one costs up to 25 MB a run for one bin */
	if (!st->err && (bits != FSR_HIST_FIO_BITS || groups < 2 ||
			 groups > FSR_HIST_MAX_GROUPS ||
			 fsr_hist_init(&h, (unsigned)bits, (unsigned)groups)))
		fx_fail(st, n, "<hist> %zu: bits %llu, groups %llu is no "
			"histogram layout fsreport writes (bits %d, groups 2 "
			"to %d)", which, (unsigned long long)bits,
			(unsigned long long)groups, FSR_HIST_FIO_BITS,
			FSR_HIST_MAX_GROUPS);
	for (k = n->children; k && !st->err; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		if (is(k, "bins") && !have_b) {
			u64_list(st, k, &bi, &nb);
			have_b = 1;
		} else if (is(k, "counts") && !have_c) {
			u64_list(st, k, &co, &nc);
			have_c = 1;
		} else {
			fx_fail(st, k, "unexpected <%s> in <hist>",
				(const char *)k->name);
		}
	}
	if (!st->err && (!have_b || !have_c))
		fx_fail(st, n, "<hist> %zu needs <bins> and <counts>", which);
	else if (!st->err && nb != nc)
		fx_fail(st, n, "<hist> %zu: %zu bins and %zu counts", which,
			nb, nc);
	switch (st->err ? FSR_SPARSE_OK :
		fsr_hist_add_sparse(&h, bi, co, nb, total, &j, &sum)) {
	case FSR_SPARSE_OK:
		break;
	case FSR_SPARSE_RANGE:
		fx_fail(st, n, "<hist> %zu: bin %llu is out of range (the "
			"layout has bins 0 to %zu)", which,
			(unsigned long long)bi[j], fsr_hist_nbins(&h) - 1);
		break;
	case FSR_SPARSE_ORDER:
		fx_fail(st, n, "<hist> %zu: bin %llu after bin %llu: the bins "
			"are in ascending order, each once", which,
			(unsigned long long)bi[j],
			(unsigned long long)bi[j - 1]);
		break;
	case FSR_SPARSE_ZERO:
		fx_fail(st, n, "<hist> %zu: bin %llu counts 0; only bins that "
			"count I/Os are written", which,
			(unsigned long long)bi[j]);
		break;
	case FSR_SPARSE_OVERFLOW:
		fx_fail(st, n, "<hist> %zu: the counts add up to more than "
			"2^64 - 1", which);
		break;
	case FSR_SPARSE_TOTAL:
		fx_fail(st, n, "<hist> %zu: total=\"%llu\", but the counts add "
			"up to %llu", which, (unsigned long long)total,
			(unsigned long long)sum);
		break;
	}
	if (!st->err)
		fsr_cell_add_hist(c, &h);
	fsr_hist_release(&h);
	free(bi);
	free(co);
}

/*
 * <refused result=".." percentile="99.9" runs-refused="3" runs-ok="7"
 * dropped="true" min="4287" max="9063">reason</refused>: a percentile
 * the cell's runs could not support (render/data/xml.c), pooled by result
 * with any the cell has. needs, counts and the reason follow from the
 * others and are not read.
 */
static void refused_el(struct fx *st, const xmlNode *n, struct fsr_cell *c)
{
	char *desc = attr_of(n, "result"), *q = attr_of(n, "percentile"),
	     *dr = attr_of(n, "dropped");
	struct fsr_cell_extra tmp;
	struct fsr_refusal f;

	memset(&f, 0, sizeof(f));
	if (!desc || !q || fsr_parse_double(q, strlen(q), &f.q) != 0 ||
	    !(f.q > 0 && f.q < 100))
		fx_fail(st, n, "<refused> needs a result and a percentile "
			"below 100");
	f.runs = (size_t)count_attr(st, n, "runs-refused", 0);
	f.runs_ok = (size_t)count_attr(st, n, "runs-ok", 0);
	f.min_ios = u64_attr(st, n, "min");
	f.max_ios = u64_attr(st, n, "max");
	if (!st->err && (!f.runs || f.min_ios > f.max_ios))
		fx_fail(st, n, "<refused>: %s", !f.runs ?
			"runs-refused is 0" : "min is above max");
	if (!st->err) {
		f.need = fsr_pct_ios_needed(f.q);
		f.dropped = dr && (!strcmp(dr, "true") || !strcmp(dr, "1"));
		f.desc = desc;
		desc = NULL;
		memset(&tmp, 0, sizeof(tmp));
		FSR_GROW(tmp.refused, tmp.cap_refused, 1);
		tmp.refused[tmp.n_refused++] = f;
		if (!c->extra)
			c->extra = fsr_xcalloc(1, sizeof(*c->extra));
		fsr_refusals_take(c->extra, &tmp);
	}
	free(desc);
	free(q);
	free(dr);
}

static int cell_el(struct fx *st, const xmlNode *n, struct fsr_result *res)
{
	char *sys = attr_of(n, "system");
	const xmlNode *k;
	struct fsr_cell *c;
	long dec, entries, failed, j;
	size_t i, n0, s0, hists = 0;
	char *stored = NULL, *why = NULL;

	if (!sys) {
		free(sys);
		return fx_fail(st, n, "<cell> without a system attribute");
	}
	i = system_index(st, sys);
	if (i == st->n_ids) {
		fx_fail(st, n, "<cell system=\"%s\">: no <system> has that id",
			sys);
		free(sys);
		return st->err;
	}
	free(sys);
	if (only_elements(st, n))
		return st->err;
	c = fsr_result_cell(res, st->sys[i]);
	n0 = c->n;
	s0 = fsr_cell_series(c) ? fsr_cell_series(c)->n : 0;
	dec = count_attr(st, n, "decimals", -1);
	entries = count_attr(st, n, "entries", 0);
	failed = count_attr(st, n, "failed", 0);
	for (k = n->children; k && !st->err; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		if (is(k, "samples"))
			samples_el(st, k, c);
		else if (is(k, "stored") && !stored)
			stored = text_of(k);
		else if (is(k, "fail-reason") && !why)
			why = text_of(k);
		else if (is(k, "meta"))
			meta_el(st, k, fsr_cell_meta_edit(c));
		else if (is(k, "entry"))
			entry_el(st, k, c);
		else if (is(k, "series"))
			series_el(st, k, c);
		else if (is(k, "hist"))
			hist_el(st, k, c, ++hists);
		else if (is(k, "refused"))
			refused_el(st, k, c);
		else
			fx_fail(st, k, "unexpected <%s> in <cell>",
				(const char *)k->name);
	}
	/* the histograms are the runs: one per sample of this <cell> */
	if (!st->err && hists && hists != c->n - n0)
		fx_fail(st, n, "<cell>: %zu <hist>%s for %zu run%s (samples); "
			"one per run", hists, hists == 1 ? "" : "s", c->n - n0,
			c->n - n0 == 1 ? "" : "s");
	if (!st->err && st->steady_file)
		fsr_cell_whole_run_means(c, n0, s0);
	if (!st->err) {
		if (dec > c->stored_decimals)
			c->stored_decimals = (int)dec;
		for (j = 0; j < failed; j++)
			fsr_cell_add_failed(c, why);
		if (c->n_stored == 0 && entries) {
			c->stored = stored && entries == 1 ? stored : NULL;
			if (c->stored)
				stored = NULL;
			c->n_stored = (size_t)entries;
		} else {
			for (j = 0; j < entries; j++)
				fsr_cell_set_stored(c, stored);
		}
	}
	free(stored);
	free(why);
	return st->err;
}

static int result_el(struct fx *st, const xmlNode *n)
{
	static const char *const names[] = {
		"test-id", "title", "app-version", "arguments", "description",
		"unit", "scale", "annotation", "parent",
	};
	char *text[9] = { NULL }, *test = attr_of(n, "test");
	char *better = attr_of(n, "better"), *display = attr_of(n, "display");
	char *derived = attr_of(n, "derived");
	enum fsr_better b = FSR_BETTER_UNKNOWN;
	enum fsr_display disp = FSR_DISPLAY_BAR;
	struct fsr_result_key key;
	struct fsr_result *res;
	const xmlNode *c;
	size_t i;

	if (!test || !*test) {
		fx_fail(st, n, "<result> needs a test attribute");
		goto out;
	}
	if (better) {
		b = fsr_better_parse(better);
		if (strcmp(better, "higher") && strcmp(better, "lower")) {
			fx_fail(st, n, "<result better=\"%s\">: expected "
				"higher or lower", better);
			goto out;
		}
	}
	if (display && fsr_display_parse(display, &disp) != 0) {
		fx_fail(st, n, "<result display=\"%s\">: expected bar, line, "
			"passfail or other", display);
		goto out;
	}
	if (derived && strcmp(derived, "true") && strcmp(derived, "false") &&
	    strcmp(derived, "1") && strcmp(derived, "0")) {
		fx_fail(st, n, "<result derived=\"%s\">: expected true or "
			"false", derived);
		goto out;
	}
	if (only_elements(st, n))
		goto out;
	for (c = n->children; c && !st->err; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || is(c, "cell"))
			continue;
		for (i = 0; i < 9; i++)
			if (is(c, names[i]))
				break;
		if (i == 9)
			fx_fail(st, c, "unexpected <%s> in <result>",
				(const char *)c->name);
		else if (!text[i])
			text[i] = text_of(c);
	}
	if (st->err)
		goto out;
	memset(&key, 0, sizeof(key));
	key.test = test;
	key.app_version = text[2];
	key.arguments = text[3];
	key.description = text[4];
	key.unit = text[5];
	res = fsr_report_result(st->r, &key);
	free(res->test_id);
	res->test_id = fsr_xstrdup(text[0] ? text[0] : test);
	free(res->title);
	res->title = fsr_xstrdup(text[1] ? text[1] : test);
	if (b != FSR_BETTER_UNKNOWN)
		res->better = b;
	res->display = disp;
	res->derived = derived && (!strcmp(derived, "true") ||
				   !strcmp(derived, "1"));
	for (i = 6; i < 9; i++) {
		char **slot = i == 6 ? &res->scale : i == 7 ? &res->annotation
							    : &res->parent;

		if (text[i] && *text[i] && !*slot) {
			*slot = text[i];
			text[i] = NULL;
		}
	}
	for (c = n->children; c && !st->err; c = c->next)
		if (is(c, "cell"))
			cell_el(st, c, res);
out:
	for (i = 0; i < 9; i++)
		free(text[i]);
	free(test);
	free(better);
	free(display);
	free(derived);
	return st->err;
}

/* The first element, after the prolog and comments, is <fsreport>. */
int fsr_fsrxml_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head, *end = p + n;

	if (n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	while (p < end) {
		while (p < end && strchr(" \t\r\n", *p))
			p++;
		if (end - p >= 4 && !memcmp(p, "<!--", 4)) {
			const char *e = p + 4;

			while (end - e >= 3 && memcmp(e, "-->", 3))
				e++;
			if (end - e < 3)
				return 0;
			p = e + 3;
		} else if (end - p >= 2 && !memcmp(p, "<?", 2)) {
			const char *e = memchr(p, '>', (size_t)(end - p));

			if (!e)
				return 0;
			p = e + 1;
		} else {
			break;
		}
	}
	if (end - p >= 10 && !memcmp(p, "<fsreport", 9) &&
	    strchr(" \t\r\n>", p[9]))
		return 100;
	return 0;
}

/* Whether the root's attribute name is "true" or "1". */
static int root_flag(xmlTextReaderPtr reader, const char *name)
{
	xmlChar *v = xmlTextReaderGetAttribute(reader, BAD_CAST name);
	int set = v && (!strcmp((const char *)v, "true") ||
			!strcmp((const char *)v, "1"));

	xmlFree(v);
	return set;
}

/* <fsreport untitled="true">: an untitled PTS file, no invented title. */
static void root_untitled(xmlTextReaderPtr reader, struct fsr_report *r)
{
	if (root_flag(reader, "untitled") && !r->n_generated)
		r->n_generated = 1;
}

/* Whether the root says the file was written with --steady. */
static int root_steady(xmlTextReaderPtr reader)
{
	xmlChar *v = xmlTextReaderGetAttribute(reader,
					       BAD_CAST "steady-result");
	int steady = v && !strcmp((const char *)v, "steady");

	xmlFree(v);
	return steady;
}

int fsr_fsrxml_import(struct fsr_import_ctx *ctx, const char *path,
		      struct fsr_report *r, struct fsr_diag *d)
{
	struct fx st;
	int ret, saw_root = 0;
	size_t i;

	(void)ctx;
	/* libxml2 2.9 is quadratic in the attributes of one element. */
	ret = fsr_xml_guard_file(path, d);
	if (ret)
		return ret;
	memset(&st, 0, sizeof(st));
	st.path = path;
	st.r = r;
	st.d = d;
	st.reader = xmlReaderForFile(path, NULL,
				     XML_PARSE_NONET | XML_PARSE_COMPACT);
	if (!st.reader)
		return fsr_diag_set(d, FSR_EIO, path, 0, 0,
				    "cannot open for reading");
	xmlTextReaderSetStructuredErrorHandler(st.reader, on_xml_error, &st);
	ret = xmlTextReaderRead(st.reader);
	while (ret == 1 && !st.err) {
		int type = xmlTextReaderNodeType(st.reader);
		int depth = xmlTextReaderDepth(st.reader);
		const char *name =
			(const char *)xmlTextReaderConstName(st.reader);
		int line = xmlTextReaderGetParserLineNumber(st.reader);
		xmlNodePtr node;

		if (type == XML_READER_TYPE_ENTITY_REFERENCE) {
			fsr_diag_set(d, FSR_EINPUT, path, line, 0,
				     "entity reference '&%s;' is not allowed",
				     name);
			st.err = FSR_EINPUT;
			break;
		}
		if (type != XML_READER_TYPE_ELEMENT) {
			ret = xmlTextReaderRead(st.reader);
			continue;
		}
		if (depth == 0) {
			xmlChar *v = xmlTextReaderGetAttribute(
				st.reader, BAD_CAST "format-version");

			if (strcmp(name, "fsreport")) {
				fsr_diag_set(d, FSR_EINPUT, path, line, 0,
					     "expected <fsreport>, found <%s>",
					     name);
				st.err = FSR_EINPUT;
			} else if (!v || strcmp((const char *)v, "1")) {
				fsr_diag_set(d, FSR_EINPUT, path, line, 0,
					     "format-version \"%s\"; this "
					     "fsreport reads version 1",
					     v ? (const char *)v : "");
				st.err = FSR_EINPUT;
			}
			xmlFree(v);
			root_untitled(st.reader, r);
			st.steady_file = root_steady(st.reader);
			st.title_made = root_flag(st.reader, "title-made");
			/* written with --drop-first: N first runs left
			 * out (render/data/xml.c), which the notes count;
			 * the range of JSON's dropped_first */
			if (!st.err)
				r->n_dropped_first += (size_t)count_attr(
					&st, xmlTextReaderCurrentNode(st.reader),
					"dropped-first", 0);
			saw_root = 1;
			ret = xmlTextReaderRead(st.reader);
			continue;
		}
		if (depth != 1) {
			ret = xmlTextReaderRead(st.reader);
			continue;
		}
		node = xmlTextReaderExpand(st.reader);
		if (!node) {
			if (!st.err)
				fsr_diag_set(d, FSR_EINPUT, path, line, 0,
					     "malformed XML in <%s>", name);
			st.err = FSR_EINPUT;
			break;
		}
		if (!strcmp(name, "title")) {
			char *t = text_of(node);

			if (*t && !r->title) {
				r->title = t;
				r->title_made = st.title_made;
			} else {
				free(t);
			}
		} else if (!strcmp(name, "description")) {
			char *t = text_of(node);

			if (*t && !r->description)
				r->description = t;
			else
				free(t);
		} else if (!strcmp(name, "system")) {
			system_el(&st, node);
		} else if (!strcmp(name, "result")) {
			result_el(&st, node);
		} else {
			fx_fail(&st, node, "unexpected <%s> in <fsreport>",
				name);
		}
		ret = xmlTextReaderNext(st.reader);
	}
	if (ret < 0 && !st.err)
		st.err = fsr_diag_set(d, FSR_EINPUT, path,
				      xmlTextReaderGetParserLineNumber(
					      st.reader),
				      0, "malformed XML");
	if (!st.err && !saw_root)
		st.err = fsr_diag_set(d, FSR_EINPUT, path, 1, 0,
				      "no <fsreport> element");
	xmlFreeTextReader(st.reader);
	for (i = 0; i < st.n_ids; i++)
		free(st.ids[i]);
	free(st.ids);
	free(st.sys);
	return st.err;
}
