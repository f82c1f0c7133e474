/*
 * xml.c - the report in fsreport's own XML form (schemas/fsreport.xsd,
 * format-version 1), written with libxml2's xmlTextWriter (which does all
 * escaping): every system with its hardware, software and attributes,
 * every result with every sample, failed run and stored value, a
 * latency's histogram per run (<hist>), and the percentiles a latency's
 * runs could not support (<refused>). fsreport reads it back without
 * loss (importers/fsrxml.c). Statistics are not part of it; they follow
 * from the samples.
 *
 * The document is its head (the root and the systems), each result in
 * turn, and the root's end: the pieces a show printed as it is read
 * writes too (cli/stream.c), the results through a writer of their
 * own (fsr_export_results_open()).
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../model/series.h"
#include "../../lib/numbers.h"
#include "../../model/histogram.h"
#include "../../view/notes.h"
#include "../../lib/alloc.h"

#include <libxml/xmlwriter.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void named(struct fsr_xml_out *x, const char *el,
		  const struct fsr_kvlist *l,
		  const char *owner)
{
	size_t i;

	for (i = 0; i < l->n && !x->err; i++) {
		fsr_xo_check(x, l->items[i].key, "a %s name of %s", el, owner);
		fsr_xo_check(x, l->items[i].value, "the %s '%s' of %s", el,
		      l->items[i].key, owner);
		fsr_xo_start(x, el);
		fsr_xo_attr(x, "name", l->items[i].key);
		if (!x->err)
			fsr_xo_wrote(x, xmlTextWriterWriteString(
					 x->w, BAD_CAST l->items[i].value));
		fsr_xo_end(x);
	}
}

static void components(struct fsr_xml_out *x, const char *kind,
		       const struct fsr_kvlist *l, const char *owner)
{
	size_t i;

	for (i = 0; i < l->n && !x->err; i++) {
		fsr_xo_check(x, l->items[i].key, "a %s component of %s", kind, owner);
		fsr_xo_check(x, l->items[i].value, "the %s '%s' of %s", kind,
		      l->items[i].key, owner);
		fsr_xo_start(x, "component");
		fsr_xo_attr(x, "kind", kind);
		fsr_xo_attr(x, "name", l->items[i].key);
		if (!x->err)
			fsr_xo_wrote(x, xmlTextWriterWriteString(
					 x->w, BAD_CAST l->items[i].value));
		fsr_xo_end(x);
	}
}

/* Further PTS blocks of a system (fsr_sysblock) with their places. */
static void more_blocks(struct fsr_xml_out *x, const struct fsr_system *s,
			const char *owner)
{
	char tmp[32];
	size_t j;

	for (j = 0; j < s->n_more && !x->err; j++) {
		const struct fsr_sysblock *b = &s->more[j];

		fsr_xo_check(x, b->hardware, "the hardware of a block of %s",
			     owner);
		fsr_xo_check(x, b->software, "the software of a block of %s",
			     owner);
		fsr_xo_check(x, b->json, "the JSON of a block of %s", owner);
		fsr_xo_start(x, "block");
		snprintf(tmp, sizeof(tmp), "%zu", b->ordinal);
		fsr_xo_attr(x, "ordinal", tmp);
		if (b->hardware)
			fsr_xo_element(x, "hardware", b->hardware);
		if (b->software)
			fsr_xo_element(x, "software", b->software);
		if (b->json)
			fsr_xo_element(x, "json", b->json);
		named(x, "meta", &b->meta, owner);
		fsr_xo_end(x);
	}
}

static void system_el(struct fsr_xml_out *x, const struct fsr_system *s,
		      size_t i, int ordinals)
{
	char id[32], owner[48];
	size_t j;

	snprintf(id, sizeof(id), "s%zu", i);
	snprintf(owner, sizeof(owner), "system %zu", i + 1);
	fsr_xo_check(x, s->label, "the label of %s", owner);
	fsr_xo_check(x, s->hardware, "the hardware of %s", owner);
	fsr_xo_check(x, s->software, "the software of %s", owner);
	fsr_xo_start(x, "system");
	fsr_xo_attr(x, "id", id);
	fsr_xo_attr(x, "label", s->label);
	if (s->undeclared)
		fsr_xo_attr(x, "undeclared", "true");
	if (ordinals) {
		char ord[32];

		snprintf(ord, sizeof(ord), "%zu", s->ordinal);
		fsr_xo_attr(x, "ordinal", ord);
	}
	if (s->hardware)
		fsr_xo_element(x, "hardware", s->hardware);
	if (s->software)
		fsr_xo_element(x, "software", s->software);
	components(x, "hardware", &s->hw, owner);
	components(x, "software", &s->sw, owner);
	named(x, "meta", &s->meta, owner);
	for (j = 0; j < s->n_sources && !x->err; j++) {
		fsr_xo_check(x, s->sources[j], "a source file of %s", owner);
		fsr_xo_element(x, "source", s->sources[j]);
	}
	more_blocks(x, s, owner);
	fsr_xo_end(x);
}

/* A cell's PTS entries as read, where PTS's rows need them. */
static void entry_els(struct fsr_xml_out *x, const struct fsr_cell *c,
		      const char *owner)
{
	char tmp[32];
	size_t k, n;
	const struct fsr_entry *ents = fsr_cell_entries(c, &n);

	for (k = 0; k < n && !x->err; k++) {
		const struct fsr_entry *e = &ents[k];

		fsr_xo_check(x, e->value, "an entry value of %s", owner);
		fsr_xo_check(x, e->raw, "an entry of %s", owner);
		fsr_xo_check(x, e->json, "an entry's JSON of %s", owner);
		fsr_xo_start(x, "entry");
		snprintf(tmp, sizeof(tmp), "%zu", e->seq);
		fsr_xo_attr(x, "seq", tmp);
		snprintf(tmp, sizeof(tmp), "%zu", e->n_samples);
		fsr_xo_attr(x, "samples", tmp);
		if (e->failed)
			fsr_xo_attr(x, "failed", "true");
		fsr_xo_element(x, "value", e->value);
		if (e->raw)
			fsr_xo_element(x, "raw", e->raw);
		if (e->json)
			fsr_xo_element(x, "json", e->json);
		fsr_xo_end(x);
	}
}

/* A cell's time series, one <series> per run in the order of the runs
 * (model/series.h): <t-ms> the times, <values> the values, as many. A
 * value that is NaN (a gap in the series) is written "NaN", the way
 * xs:double spells it and the schema's seriesValues accept it, so that
 * importers/fsrxml.c reads it back as NaN. */
static void series_els(struct fsr_xml_out *x, const struct fsr_cell *c)
{
	const struct fsr_seriesset *ss = fsr_cell_series(c);
	struct fsr_buf t = FSR_BUF_INIT, v = FSR_BUF_INIT, w = FSR_BUF_INIT;
	size_t i, k;

	for (i = 0; ss && i < ss->n && !x->err; i++) {
		const struct fsr_series *one = &ss->runs[i];

		fsr_buf_reset(&t);
		fsr_buf_reset(&v);
		for (k = 0; k < one->n; k++) {
			if (k) {
				fsr_buf_addc(&t, ' ');
				fsr_buf_addc(&v, ' ');
			}
			fsr_export_sample(&t, one->t_ms[k], -1);
			if (isnan(one->v[k]))
				fsr_buf_adds(&v, "NaN");
			else
				fsr_export_sample(&v, one->v[k], -1);
		}
		fsr_xo_start(x, "series");
		/* --steady: the run's whole-run result, for reading back */
		if (isfinite(one->whole)) {
			fsr_buf_reset(&w);
			fsr_export_sample(&w, one->whole, -1);
			fsr_xo_attr(x, "whole-run", w.buf);
		}
		fsr_xo_element(x, "t-ms", t.len ? t.buf : "");
		fsr_xo_element(x, "values", v.len ? v.buf : "");
		fsr_xo_end(x);
	}
	fsr_buf_release(&t);
	fsr_buf_release(&v);
	fsr_buf_release(&w);
}

/* A cell's latency histograms, one <hist> per run in the order of the
 * runs (model/histogram.h), where the runs have one each (as json.c):
 * <hist bits="6" groups="29" total="N"> with the non-zero bins' indexes
 * in <bins>, ascending, and their counts in <counts>, as many. */
static void hist_els(struct fsr_xml_out *x, const struct fsr_cell *c)
{
	const struct fsr_histset *hs = fsr_cell_hists(c);
	struct fsr_buf bi = FSR_BUF_INIT, co = FSR_BUF_INIT;
	char tmp[32];
	size_t i, k;

	if (!hs || hs->n != c->n)
		return;
	for (i = 0; i < hs->n && !x->err; i++) {
		const struct fsr_hist *h = &hs->runs[i];

		fsr_buf_reset(&bi);
		fsr_buf_reset(&co);
		for (k = 0; h->counts && k < fsr_hist_nbins(h); k++) {
			if (!h->counts[k])
				continue;
			if (bi.len) {
				fsr_buf_addc(&bi, ' ');
				fsr_buf_addc(&co, ' ');
			}
			fsr_buf_addf(&bi, "%zu", k);
			fsr_buf_addf(&co, "%llu",
				     (unsigned long long)h->counts[k]);
		}
		fsr_xo_start(x, "hist");
		snprintf(tmp, sizeof(tmp), "%u", h->bits);
		fsr_xo_attr(x, "bits", tmp);
		snprintf(tmp, sizeof(tmp), "%u", h->groups);
		fsr_xo_attr(x, "groups", tmp);
		snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)h->total);
		fsr_xo_attr(x, "total", tmp);
		fsr_xo_element(x, "bins", bi.len ? bi.buf : "");
		fsr_xo_element(x, "counts", co.len ? co.buf : "");
		fsr_xo_end(x);
	}
	fsr_buf_release(&bi);
	fsr_buf_release(&co);
}

/* The percentiles the cell's runs could not support (a latency's
 * "(mean)" cell, model/histogram.h), with the reason every output
 * gives. */
static void refused_els(struct fsr_xml_out *x, const struct fsr_result *res,
			const struct fsr_cell *c, const char *owner)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char tmp[32];
	size_t j, n;
	const struct fsr_refusal *f = fsr_cell_refusals(c, &n);

	for (j = 0; j < n && !x->err; j++, f++) {
		if (!f->runs)
			continue;
		fsr_xo_check(x, f->desc, "a refused percentile of %s", owner);
		fsr_xo_start(x, "refused");
		fsr_xo_attr(x, "result", f->desc);
		fsr_buf_reset(&b);
		fsr_buf_add_double(&b, f->q);
		fsr_xo_attr(x, "percentile", b.buf);
		snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)f->need);
		fsr_xo_attr(x, "needs", tmp);
		fsr_xo_attr(x, "counts", fsr_view_refusal_counts(res));
		snprintf(tmp, sizeof(tmp), "%zu", f->runs);
		fsr_xo_attr(x, "runs-refused", tmp);
		snprintf(tmp, sizeof(tmp), "%zu", f->runs_ok);
		fsr_xo_attr(x, "runs-ok", tmp);
		if (f->runs_ok && f->dropped)
			fsr_xo_attr(x, "dropped", "true");
		snprintf(tmp, sizeof(tmp), "%llu",
			 (unsigned long long)f->min_ios);
		fsr_xo_attr(x, "min", tmp);
		snprintf(tmp, sizeof(tmp), "%llu",
			 (unsigned long long)f->max_ios);
		fsr_xo_attr(x, "max", tmp);
		fsr_buf_reset(&b);
		fsr_view_refusal_reason(&b, res, f);
		if (!x->err)
			fsr_xo_wrote(x, xmlTextWriterWriteString(
					 x->w, BAD_CAST b.buf));
		fsr_xo_end(x);
	}
	fsr_buf_release(&b);
}

static void cell_el(struct fsr_xml_out *x, const struct fsr_result *res,
		    const struct fsr_cell *c, int with_entries,
		    const char *owner)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char tmp[32];
	size_t k;

	fsr_xo_check(x, c->stored, "the stored value of %s", owner);
	fsr_xo_check(x, fsr_cell_fail_reason(c), "the failure reason of %s",
		     owner);
	fsr_xo_start(x, "cell");
	snprintf(tmp, sizeof(tmp), "s%zu", c->system);
	fsr_xo_attr(x, "system", tmp);
	if (c->stored_decimals >= 0) {
		snprintf(tmp, sizeof(tmp), "%d", c->stored_decimals);
		fsr_xo_attr(x, "decimals", tmp);
	}
	snprintf(tmp, sizeof(tmp), "%zu", c->n_stored);
	fsr_xo_attr(x, "entries", tmp);
	snprintf(tmp, sizeof(tmp), "%zu", c->n_failed);
	fsr_xo_attr(x, "failed", tmp);
	for (k = 0; k < c->n; k++) {
		if (k)
			fsr_buf_addc(&b, ' ');
		fsr_export_sample(&b, c->samples[k], c->stored_decimals);
	}
	fsr_xo_element(x, "samples", b.len ? b.buf : "");
	if (c->stored)
		fsr_xo_element(x, "stored", c->stored);
	if (fsr_cell_fail_reason(c))
		fsr_xo_element(x, "fail-reason", fsr_cell_fail_reason(c));
	named(x, "meta", fsr_cell_meta(c), owner);
	if (with_entries)
		entry_els(x, c, owner);
	series_els(x, c);
	hist_els(x, c);
	refused_els(x, res, c, owner);
	fsr_xo_end(x);
	fsr_buf_release(&b);
}

static void result_el(struct fsr_xml_out *x, const struct fsr_result *res,
		      size_t i)
{
	static const struct {
		const char *el;
		size_t off;
	} text[] = {
		{ "test-id", offsetof(struct fsr_result, test_id) },
		{ "title", offsetof(struct fsr_result, title) },
		{ "app-version", offsetof(struct fsr_result, app_version) },
		{ "arguments", offsetof(struct fsr_result, arguments) },
		{ "description", offsetof(struct fsr_result, description) },
		{ "unit", offsetof(struct fsr_result, unit) },
	}, pts[] = { /* optional: written only when set */
		{ "scale", offsetof(struct fsr_result, scale) },
		{ "annotation", offsetof(struct fsr_result, annotation) },
		{ "parent", offsetof(struct fsr_result, parent) },
	};
	char owner[64];
	size_t j;

	snprintf(owner, sizeof(owner), "result %zu", i + 1);
	fsr_xo_check(x, res->test, "the test of %s", owner);
	for (j = 0; j < sizeof(text) / sizeof(*text); j++)
		fsr_xo_check(x, *(char *const *)((const char *)res + text[j].off),
		      "the %s of %s", text[j].el, owner);
	for (j = 0; j < sizeof(pts) / sizeof(*pts); j++)
		fsr_xo_check(x, *(char *const *)((const char *)res + pts[j].off),
		      "the %s of %s", pts[j].el, owner);
	fsr_xo_start(x, "result");
	fsr_xo_attr(x, "test", res->test);
	if (res->better != FSR_BETTER_UNKNOWN)
		fsr_xo_attr(x, "better", fsr_better_name(res->better));
	fsr_xo_attr(x, "display", fsr_display_name(res->display));
	if (res->derived)
		fsr_xo_attr(x, "derived", "true");
	for (j = 0; j < sizeof(text) / sizeof(*text); j++)
		fsr_xo_element(x, text[j].el,
			*(char *const *)((const char *)res + text[j].off));
	for (j = 0; j < sizeof(pts) / sizeof(*pts); j++) {
		const char *t = *(char *const *)((const char *)res +
						  pts[j].off);

		if (t)
			fsr_xo_element(x, pts[j].el, t);
	}
	for (j = 0; j < res->n_cells && !x->err; j++) {
		char co[112];

		snprintf(co, sizeof(co), "%s, cell %zu", owner, j + 1);
		cell_el(x, res, &res->cells[j], fsr_pts_entries_matter(res),
			co);
	}
	fsr_xo_end(x);
}

struct fsr_xml_out *fsr_xml_show_head(const struct fsr_report *r,
				      struct fsr_sink *out, struct fsr_diag *d)
{
	struct fsr_xml_out *x = fsr_xmalloc(sizeof(*x));
	struct fsr_buf title = FSR_BUF_INIT;
	size_t i, more = 0;

	if (fsr_xo_open(x, out, d)) {
		free(x);
		return NULL;
	}
	fsr_xo_wrote(x, xmlTextWriterStartDocument(x->w, NULL, "UTF-8", NULL));
	/* A PTS file without a title stays untitled (as in json.c). */
	if (r->title || !r->n_generated)
		fsr_export_title(r, &title);
	fsr_xo_check(x, title.buf, "the report's title");
	fsr_xo_check(x, r->description, "the report's description");
	fsr_xo_start(x, "fsreport");
	fsr_xo_attr(x, "format-version", "1");
	fsr_xo_attr(x, "generator", "fsreport");
	if (!title.cap)
		fsr_xo_attr(x, "untitled", "true");
	/* the labels stand for no title (as JSON's title_made) */
	if (fsr_export_title_made(r))
		fsr_xo_attr(x, "title-made", "true");
	/* --steady made the samples of runs with a series their steady
	 * means (analyze.h fsr_report_steady()) */
	if (r->steady_result.runs && r->steady_result.steady)
		fsr_xo_attr(x, "steady-result", "steady");
	/* --drop-first: the first runs left out, read back into the notes
	 * (absent when none, as JSON's dropped_first) */
	if (r->n_dropped_first) {
		char n[32];

		snprintf(n, sizeof(n), "%zu", r->n_dropped_first);
		fsr_xo_attr(x, "dropped-first", n);
	}
	fsr_xo_element(x, "title", title.buf);
	if (r->description)
		fsr_xo_element(x, "description", r->description);
	for (i = 0; i < r->n_systems; i++)
		more += r->systems[i].n_more;
	for (i = 0; i < r->n_systems && !x->err; i++)
		system_el(x, &r->systems[i], i, more > 0);
	/* all of it in out: what comes next may be written there first */
	fsr_export_redirect(x, out);
	fsr_buf_release(&title);
	return x;
}

void fsr_xml_show_result(struct fsr_xml_out *x, const struct fsr_result *res,
			 size_t i)
{
	if (!x->err)
		result_el(x, res, i);
}

int fsr_render_xml(const struct fsr_view *v, const struct fsr_render_opts *o,
		   struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct fsr_xml_out *x;
	size_t i;

	(void)o;
	x = fsr_xml_show_head(r, out, d);
	if (!x)
		return d && d->code ? d->code : FSR_EINTERNAL;
	for (i = 0; i < r->n_results; i++)
		fsr_xml_show_result(x, r->results[i], i);
	return fsr_export_show_tail(x, out);
}
