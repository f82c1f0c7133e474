/*
 * json.c - the report as JSON, format_version 1, written with jansson:
 * --format json of show and compare, and import --to json. The document
 * holds the whole model (systems, results, every sample and failed run)
 * plus each cell's summary and, for compare, the comparison; fsreport
 * reads it back (importers/fsrjson.c), ignoring the statistics.
 *
 *	{ "format_version": 1, "generator": "fsreport", "command": "show",
 *	  "confidence": 0.95, "title": ..., "description": ...,
 *	  "untitled": true (a PTS file without a title, only then),
 *	  "title_made": true (the title is the run sets' labels, written
 *	  for a report without one),
 *	  "systems": [ { "label", "hardware", "software",
 *	                 "hardware_components": {}, "software_components": {},
 *	                 "meta": {}, "sources": [],
 *	                 "undeclared": true (named by PTS entries only),
 *	                 and when PTS blocks share an Identifier
 *	                 "block_ordinal", "more_blocks": [ { "hardware",
 *	                 "software", "json", "meta", "block_ordinal" } ] } ],
 *	  "results": [ { "key", "test", "test_id", "title", "app_version",
 *	                 "arguments", "description", "unit", "better",
 *	                 "display", "derived", and where a PTS file had
 *	                 them "scale" (Scale as written), "annotation",
 *	                 "parent",
 *	                 "cells": [ { "system", "label", "samples": [],
 *	                              "failed", "fail_reason", "stored",
 *	                              "stored_entries", "decimals", "meta",
 *	                              "entries" (PTS entries as read, where
 *	                              a system has several in a result),
 *	                              "series" (a time series per run,
 *	                              where a log gave them: [ { "t_ms":
 *	                              [], "values": [] } ]),
 *	                              "hists" (a latency histogram per
 *	                              run, where the runs have them, in
 *	                              a latency's "(p50)" cell: [ {
 *	                              "bits", "groups", "total", "bins":
 *	                              [] (non-zero bins' indexes),
 *	                              "counts": [] } ]),
 *	                              "refused" (in a latency's "(mean)"
 *	                              cell, the percentiles its runs could
 *	                              not support: [ { "result",
 *	                              "percentile", "needs", "counts",
 *	                              "runs_refused", "runs_ok", "dropped",
 *	                              "min", "max", "reason" } ]),
 *	                              "summary": { "n", "mean", ... } } ] } ],
 *	  "comparison": { "baseline", "rows": [], ... } }
 *
 * Numbers not defined (sd of one sample) are null. Samples are written
 * so that they read back as the same double; statistics are rounded to
 * 15 significant digits, which keeps the file readable.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../../model/histogram.h"
#include "../../model/series.h"
#include "../../lib/alloc.h"
#include "../../lib/numbers.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct jw {
	struct fsr_diag *d;
	int err;
	/* significant digits the samples need, 15..17: the document's,
	 * decided before the first piece (doc_digits()) */
	int digits;
	/* the most the samples written so far needed: never above digits
	 * (checked at the end) */
	int seen;
	struct fsr_sink *out; /* the pieces go here */
	struct fsr_buf pend;  /* pieces on their way to out */
	size_t flags;         /* jansson's, for every piece */
};

/* An array or object being written (its members one piece each). */
struct jframe {
	int depth;  /* of its opening bracket */
	size_t n;   /* members so far */
	char close;
};

static void jkey(struct jw *w, struct jframe *f, const char *key);
static void jitem(struct jw *w, struct jframe *f);
static void jopen(struct jw *w, struct jframe *f, char open, char close,
		  int depth);
static void jclose(struct jw *w, struct jframe *f);
static void put_value(struct jw *w, json_t *v, int depth);
static void member(struct jw *w, struct jframe *f, const char *key,
		   json_t *v);

__attribute__((format(printf, 3, 4))) static json_t *
jstr(struct jw *w, const char *s, const char *fmt, ...)
{
	json_t *v;

	if (!s)
		return json_null();
	v = json_string(s);
	if (!v) {
		if (!w->err) {
			char what[300];
			va_list ap;

			va_start(ap, fmt);
			vsnprintf(what, sizeof(what), fmt, ap);
			va_end(ap);
			w->err = fsr_diag_set(w->d, FSR_EOUTPUT, NULL, 0, 0,
					      "%s is not valid UTF-8, which "
					      "JSON needs", what);
		}
		return json_null();
	}
	return v;
}

/* 1 when jnum() writes x as a JSON integer */
static int is_whole(double x)
{
	return x == floor(x) && fabs(x) < 9007199254740992.0 &&
	       !(x == 0 && signbit(x));
}

/* Whole numbers as JSON integers, NaN and infinities as null. */
static json_t *jnum(double x)
{
	if (!isfinite(x))
		return json_null();
	if (is_whole(x))
		return json_integer((json_int_t)x);
	return json_real(x);
}

static json_t *jstat(double x)
{
	char tmp[40];

	if (!isfinite(x))
		return json_null();
	snprintf(tmp, sizeof(tmp), "%.15g", x);
	return jnum(strtod(tmp, NULL));
}

/*
 * The first of 15, 16, 17 digits whose "%.*g" reads back as x, from
 * lib/numbers.c's printer, which finds that same text without printf:
 * the significant digits it wrote, at least 15. (A text of 16 or 17
 * digits ends in a non-zero digit: one ending in 0 is the rounding to
 * one digit fewer, which would have read back first.) Checked against
 * the printf loop in tests/unit/test-json-digits.c.
 */
int fsr_json_digits(double x)
{
	struct fsr_buf b = FSR_BUF_INIT;
	int sig = 0, run = 0, started = 0;
	size_t i;

	fsr_buf_add_double(&b, x);
	for (i = 0; i < b.len && b.buf[i] != 'e'; i++) {
		char c = b.buf[i];

		if (c < '0' || c > '9')
			continue;
		if (c != '0')
			started = 1;
		if (!started)
			continue;
		run++;
		if (c != '0')
			sig = run;
	}
	fsr_buf_release(&b);
	return sig > 15 ? sig : 15;
}

/* The rule of the document's precision: the digits a sample needs, 0
 * when it is no JSON real (an integer, null). */
static int sample_digits(double x)
{
	if (!isfinite(x) || is_whole(x))
		return 0;
	return fsr_json_digits(x);
}

static json_t *jsample(struct jw *w, double x)
{
	int p = sample_digits(x);

	if (p > w->seen)
		w->seen = p;
	return jnum(x);
}

static json_t *jsize(size_t n)
{
	return json_integer((json_int_t)n);
}

static void set(json_t *o, const char *k, json_t *v)
{
	json_object_set_new(o, k, v ? v : json_null());
}

static json_t *kv_object(struct jw *w, const struct fsr_kvlist *l,
			 const char *owner)
{
	json_t *o = json_object();
	size_t i;

	for (i = 0; i < l->n; i++) {
		json_t *val = jstr(w, l->items[i].value, "'%s' of %s",
				   l->items[i].key, owner);

		if (json_object_set_new(o, l->items[i].key, val) != 0 &&
		    !w->err)
			w->err = fsr_diag_set(w->d, FSR_EOUTPUT, NULL, 0, 0,
					      "a key of %s is not valid UTF-8, "
					      "which JSON needs", owner);
	}
	return o;
}

/* Further PTS blocks of a system (fsr_sysblock), only where it has any. */
static void more_blocks(struct jw *w, json_t *o, const struct fsr_system *s,
			const char *owner)
{
	json_t *a = json_array();
	size_t j;

	set(o, "block_ordinal", jsize(s->ordinal));
	for (j = 0; j < s->n_more; j++) {
		const struct fsr_sysblock *b = &s->more[j];
		json_t *e = json_object();

		set(e, "hardware", jstr(w, b->hardware, "the hardware of a "
					"block of %s", owner));
		set(e, "software", jstr(w, b->software, "the software of a "
					"block of %s", owner));
		set(e, "json", jstr(w, b->json, "the JSON of a block of %s",
				    owner));
		set(e, "meta", kv_object(w, &b->meta, owner));
		set(e, "block_ordinal", jsize(b->ordinal));
		json_array_append_new(a, e);
	}
	set(o, "more_blocks", a);
}

static json_t *systems(struct jw *w, const struct fsr_report *r)
{
	json_t *a = json_array();
	size_t i, j, more = 0;

	for (i = 0; i < r->n_systems; i++)
		more += r->systems[i].n_more;
	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];
		json_t *o = json_object(), *src = json_array();
		char owner[64];

		snprintf(owner, sizeof(owner), "system %zu", i + 1);
		set(o, "label", jstr(w, s->label, "the label of %s", owner));
		set(o, "hardware", jstr(w, s->hardware, "the hardware of %s",
					owner));
		set(o, "software", jstr(w, s->software, "the software of %s",
					owner));
		set(o, "hardware_components", kv_object(w, &s->hw, owner));
		set(o, "software_components", kv_object(w, &s->sw, owner));
		set(o, "meta", kv_object(w, &s->meta, owner));
		for (j = 0; j < s->n_sources; j++)
			json_array_append_new(src, jstr(w, s->sources[j],
							"a source of %s",
							owner));
		set(o, "sources", src);
		/* A PTS file named it in entries only: no <System> block. */
		if (s->undeclared)
			set(o, "undeclared", json_true());
		/* Blocks sharing an Identifier: their order in the file. */
		if (more)
			more_blocks(w, o, s, owner);
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *summary(const struct fsr_summary *s)
{
	json_t *o = json_object();

	set(o, "n", jsize(s->n));
	set(o, "mean", jstat(s->mean));
	set(o, "sd", jstat(s->sd));
	set(o, "se", jstat(s->se));
	set(o, "ci_low", jstat(s->ci_low));
	set(o, "ci_high", jstat(s->ci_high));
	set(o, "median", jstat(s->median));
	set(o, "min", jstat(s->min));
	set(o, "max", jstat(s->max));
	set(o, "cv_pct", jstat(s->cv_pct));
	/* the cell's marks (view/notes.h): "w" a slow first run, "y" a
	 * run never steady, "t" a drift, "r" an impossible read rate, "b"
	 * a mean's interval below zero for a positive quantity (rule 9);
	 * absent when it has none */
	{
		struct fsr_buf m = FSR_BUF_INIT;

		fsr_view_summary_marks(&m, s);
		if (m.len)
			set(o, "marks", json_string(m.buf));
		fsr_buf_release(&m);
	}
	/* steady state of the runs' time series (analyze/steady.c),
	 * where the runs have series */
	if (s->steady.runs) {
		json_t *f = json_object();

		set(f, "runs", jsize(s->steady.runs));
		set(f, "never_steady", jsize(s->steady.never));
		set(f, "warmup_ms_max", jstat(s->steady.warmup_ms_max));
		set(f, "mean_steady", jstat(s->steady.mean_steady));
		set(f, "mean_whole_run", jstat(s->steady.mean_all));
		set(o, "steady", f);
	}
	/* an impossible read rate, where flagged (analyze/readrate.c) */
	if (fsr_view_read_rate(s)) {
		json_t *f = json_object();

		set(f, "above_device", json_boolean(s->rate.flagged &
						    FSR_RATE_ABOVE_DEVICE));
		set(f, "file_in_memory", json_boolean(s->rate.flagged &
						      FSR_RATE_FILE_IN_RAM));
		set(f, "rate_mbs", jstat(s->rate.rate_mbs));
		set(f, "device_max_read_mbs", jstat(s->rate.ceiling_mbs));
		set(f, "file_mib", jstat(s->rate.file_mib));
		set(f, "memory_mib", jstat(s->rate.memory_mib));
		/* fio read it buffered (direct=0): its jobs */
		if (s->rate.fio_jobs)
			set(f, "fio_buffered_jobs", jsize(s->rate.fio_jobs));
		set(o, "read_rate", f);
	}
	/* the drift across the runs, where it flagged the cell */
	if (fsr_view_drift(s)) {
		json_t *f = json_object();

		set(f, "mann_kendall_s", jstat(s->drift.s));
		set(f, "z", jstat(s->drift.z));
		set(f, "p", jstat(s->drift.p));
		set(f, "sen_slope", jstat(s->drift.sen));
		set(f, "sen_slope_pct", jstat(s->drift.sen_pct));
		set(o, "drift", f);
	}
	/* the slow first run's test, where it flagged the cell
	 * (analyze/validity.c) */
	if (fsr_view_first_run(s)) {
		json_t *f = json_object();

		set(f, "x1", jstat(s->first.x1));
		set(f, "bound", jstat(s->first.bound));
		set(f, "level", jstat(1 - FSR_FIRST_ALPHA));
		set(f, "t", jstat(s->first.t));
		set(f, "p", jstat(s->first.p));
		set(f, "mean_without", jstat(s->first.mean_others));
		set(o, "first_run", f);
	}
	return o;
}

/* A cell's time series, one per run (model/series.h). */
static json_t *series(struct jw *w, const struct fsr_seriesset *ss)
{
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; i < ss->n; i++) {
		json_t *o = json_object(), *t = json_array(), *v = json_array();

		for (k = 0; k < ss->runs[i].n; k++) {
			json_array_append_new(t, jsample(w, ss->runs[i].t_ms[k]));
			json_array_append_new(v, jsample(w, ss->runs[i].v[k]));
		}
		set(o, "t_ms", t);
		set(o, "values", v);
		/* --steady: the run's whole-run result, for reading back */
		if (isfinite(ss->runs[i].whole))
			set(o, "whole_run", jsample(w, ss->runs[i].whole));
		json_array_append_new(a, o);
	}
	return a;
}

/*
 * A cell's latency histograms, one per run in the order of the runs
 * (model/histogram.h), sparse: the layout, the total and the non-zero
 * bins as two arrays of equal length, "bins" (indexes, ascending) and
 * "counts". Written only where the cell's runs have one each (a run
 * without one, or --drop-first, leaves them out: they would no longer
 * be the runs). A count is a uint64_t, a JSON integer here a long long:
 * one above that cannot be written exactly, and is an error.
 */
static json_t *hists(struct jw *w, const struct fsr_histset *hs,
		     const char *owner)
{
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; i < hs->n && !w->err; i++) {
		const struct fsr_hist *h = &hs->runs[i];
		json_t *o = json_object(), *bi = json_array(),
		       *co = json_array();
		size_t nb = fsr_hist_nbins(h);

		if (h->total > (uint64_t)LLONG_MAX)
			w->err = fsr_diag_set(w->d, FSR_EOUTPUT, NULL, 0, 0,
					      "the latency histogram of run "
					      "%zu of %s counts %llu I/Os, "
					      "more than JSON's integers "
					      "hold exactly here (%lld)",
					      i + 1, owner,
					      (unsigned long long)h->total,
					      LLONG_MAX);
		for (k = 0; h->counts && k < nb && !w->err; k++) {
			if (!h->counts[k])
				continue;
			json_array_append_new(bi, jsize(k));
			json_array_append_new(co, json_integer(
						  (json_int_t)h->counts[k]));
		}
		set(o, "bits", jsize(h->bits));
		set(o, "groups", jsize(h->groups));
		set(o, "total", json_integer((json_int_t)h->total));
		set(o, "bins", bi);
		set(o, "counts", co);
		json_array_append_new(a, o);
	}
	return a;
}

/* A cell's entries as read (fsr_entry), where PTS's rows need them. */
static json_t *entries(struct jw *w, const struct fsr_cell *c,
		       const char *owner)
{
	json_t *a = json_array();
	size_t k, n;
	const struct fsr_entry *ents = fsr_cell_entries(c, &n);

	for (k = 0; k < n; k++) {
		const struct fsr_entry *e = &ents[k];
		json_t *o = json_object();

		set(o, "value", jstr(w, e->value, "an entry value of %s",
				     owner));
		set(o, "raw", jstr(w, e->raw, "an entry of %s", owner));
		set(o, "json", jstr(w, e->json, "an entry's JSON of %s",
				    owner));
		set(o, "seq", jsize(e->seq));
		set(o, "samples", jsize(e->n_samples));
		set(o, "failed", json_boolean(e->failed));
		json_array_append_new(a, o);
	}
	return a;
}

static int has_refused(const struct fsr_cell *c)
{
	size_t n, j;
	const struct fsr_refusal *f = fsr_cell_refusals(c, &n);

	for (j = 0; j < n; j++)
		if (f[j].runs)
			return 1;
	return 0;
}

/* The percentiles this cell's runs could not support (issue 36), kept
 * in the latency's "(mean)" cell; the refused percentile itself is no
 * result, so this is the only place the JSON says why it is missing.
 * Read back by importers/fsrjson.c. */
static json_t *refused(struct jw *w, const struct fsr_result *host,
		       const struct fsr_cell *c, const char *owner)
{
	json_t *a = json_array();
	struct fsr_buf b = FSR_BUF_INIT;
	size_t n, j;
	const struct fsr_refusal *f = fsr_cell_refusals(c, &n);

	for (j = 0; j < n; j++, f++) {
		json_t *o;

		if (!f->runs)
			continue;
		o = json_object();
		set(o, "result", jstr(w, f->desc, "a refused percentile of %s",
				      owner));
		set(o, "percentile", json_real(f->q));
		set(o, "needs", json_integer((json_int_t)f->need));
		set(o, "counts", json_string(fsr_view_refusal_counts(host)));
		set(o, "runs_refused", jsize(f->runs));
		set(o, "runs_ok", jsize(f->runs_ok));
		set(o, "dropped", json_boolean(f->runs_ok && f->dropped));
		set(o, "min", json_integer((json_int_t)f->min_ios));
		set(o, "max", json_integer((json_int_t)f->max_ios));
		fsr_buf_reset(&b);
		fsr_view_refusal_reason(&b, host, f);
		set(o, "reason", json_string(b.buf));
		json_array_append_new(a, o);
	}
	fsr_buf_release(&b);
	return a;
}

static json_t *cell(struct jw *w, const struct fsr_report *r, size_t ri,
		    size_t ci, const struct fsr_summary *sum)
{
	const struct fsr_result *res = r->results[ri];
	const struct fsr_cell *c = &res->cells[ci];
	json_t *o = json_object(), *samples = json_array();
	char owner[80];
	size_t k;

	snprintf(owner, sizeof(owner), "result %zu, cell %zu", ri + 1, ci + 1);
	set(o, "system", jsize(c->system));
	set(o, "label", jstr(w, r->systems[c->system].label,
			     "the label of system %zu", c->system + 1));
	for (k = 0; k < c->n; k++)
		json_array_append_new(samples, jsample(w, c->samples[k]));
	set(o, "samples", samples);
	set(o, "failed", jsize(c->n_failed));
	set(o, "fail_reason", jstr(w, fsr_cell_fail_reason(c),
				   "the failure of %s", owner));
	set(o, "stored", jstr(w, c->stored, "the stored value of %s", owner));
	set(o, "stored_entries", jsize(c->n_stored));
	set(o, "decimals", c->stored_decimals >= 0 ?
				   json_integer(c->stored_decimals) :
				   json_null());
	set(o, "meta", kv_object(w, fsr_cell_meta(c), owner));
	if (fsr_pts_entries_matter(res))
		set(o, "entries", entries(w, c, owner));
	if (fsr_cell_series(c))
		set(o, "series", series(w, fsr_cell_series(c)));
	if (fsr_cell_hists(c) && fsr_cell_hists(c)->n == c->n)
		set(o, "hists", hists(w, fsr_cell_hists(c), owner));
	if (has_refused(c))
		set(o, "refused", refused(w, res, c, owner));
	if (sum)
		set(o, "summary", summary(&sum[ci]));
	return o;
}

/* Result i of r with its summaries sum (parallel to its cells; NULL:
 * none). */
static json_t *result_with(struct jw *w, const struct fsr_report *r,
			   size_t i, const struct fsr_summary *sum)
{
	const struct fsr_result *res = r->results[i];
	json_t *o, *cells;
	char key[16];
	const char *better = fsr_better_name(res->better);
	size_t j;

	o = json_object();
	cells = json_array();
	fsr_result_short_key(res, key);
	set(o, "key", json_string(key));
	set(o, "test", jstr(w, res->test, "the test of result %zu",
			    i + 1));
	set(o, "test_id", jstr(w, res->test_id, "the test id of "
			       "result %zu", i + 1));
	set(o, "title", jstr(w, res->title, "the title of result %zu",
			     i + 1));
	set(o, "app_version", jstr(w, res->app_version, "the app "
				   "version of result %zu", i + 1));
	set(o, "arguments", jstr(w, res->arguments, "the arguments of "
				 "result %zu", i + 1));
	set(o, "description", jstr(w, res->description, "the "
				   "description of result %zu", i + 1));
	set(o, "unit", jstr(w, res->unit, "the unit of result %zu",
			    i + 1));
	set(o, "better", *better ? json_string(better) : json_null());
	set(o, "display", json_string(fsr_display_name(res->display)));
	set(o, "derived", json_boolean(res->derived));
	/* PTS fields only where the file had them. */
	if (res->scale)
		set(o, "scale", jstr(w, res->scale, "the scale of "
				     "result %zu", i + 1));
	if (res->annotation)
		set(o, "annotation", jstr(w, res->annotation, "the "
				  "annotation of result %zu", i + 1));
	if (res->parent)
		set(o, "parent", jstr(w, res->parent, "the parent of "
				      "result %zu", i + 1));
	for (j = 0; j < res->n_cells; j++)
		json_array_append_new(cells, cell(w, r, i, j, sum));
	set(o, "cells", cells);
	return o;
}

/* Result i of v with its cells and their summaries, read now (on-demand
 * stats describe it when asked); NULL on a failure, in w. */
static json_t *result(struct jw *w, const struct fsr_view *v, size_t i)
{
	const struct fsr_summary *sum = NULL;

	if (v->stats && i < v->stats->n_results) {
		sum = fsr_stats_cells(v->stats, i, w->d);
		if (!sum) {
			if (!w->err)
				w->err = w->d && w->d->code ? w->d->code :
							      FSR_EINTERNAL;
			return NULL;
		}
	}
	return result_with(w, v->report, i, sum);
}

/* The JSON name of every row flag, by bit (enum fsr_row_flags). */
static const char *const flag_names[] = {
	"few_ci", "few_mwu", "high_cv", "outliers", "disagree", "failed",
	"missing", "not_numeric", "zero_base", "few_median", "no_direction",
	"significant", "constant", "diff_unit", "ci_stepdown",
	"ci_min_change", "ci_other", "ties", "within_margin",
};
_Static_assert(sizeof(flag_names) / sizeof(*flag_names) == FSR_ROW_FLAG_COUNT,
	       "every row flag has a JSON name");

static json_t *flags(unsigned f)
{
	json_t *a = json_array();
	unsigned bit;

	for (bit = 0; bit < FSR_ROW_FLAG_COUNT; bit++)
		if (f & (1u << bit))
			json_array_append_new(a, json_string(flag_names[bit]));
	return a;
}

static json_t *result_keys(const struct fsr_report *r, const size_t *idx,
			   size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		char key[16];

		fsr_result_short_key(r->results[idx[i]], key);
		json_array_append_new(a, json_string(key));
	}
	return a;
}

/* Row i of the comparison; center: the values its result's change is
 * between (fsr_view_row_result_center()); first: the index in the
 * document of the comparison's result 0 (a comparison of one result at a
 * time). */
static json_t *compare_row(struct jw *w, const struct fsr_view *v, size_t i,
			   enum fsr_center center, struct fsr_buf *mk,
			   size_t first)
{
	const struct fsr_report *r = v->report;
	const struct fsr_comparison *c = v->cmp;
	const struct fsr_compare_row *row = &c->rows[i];
	json_t *ro = json_object();
	char key[16];

	fsr_result_short_key(r->results[row->result], key);
	set(ro, "result", json_string(key));
	set(ro, "result_index", jsize(first + row->result));
	set(ro, "system", jsize(row->sys));
	set(ro, "label", jstr(w, r->systems[row->sys].label,
			      "the label of system %zu", row->sys + 1));
	set(ro, "n_base", row->base ? jsize(row->base->n) : NULL);
	set(ro, "n", row->other ? jsize(row->other->n) : NULL);
	set(ro, "mean_base", row->base ? jstat(row->base->mean) : NULL);
	set(ro, "mean", row->other ? jstat(row->other->mean) : NULL);
	set(ro, "sd_base", row->base ? jstat(row->base->sd) : NULL);
	set(ro, "sd", row->other ? jstat(row->other->sd) : NULL);
	/* the change every other format prints for the row (issue
	 * 31): its estimate where it has an interval in %, else the
	 * change between the values printed for its result */
	set(ro, "delta_pct", jstat(fsr_view_change_shown(
				     c, r->results[row->result], row,
				     row->base, row->other, center)));
	set(ro, "ci_low_pct", jstat(row->ci_low_pct));
	set(ro, "ci_high_pct", jstat(row->ci_high_pct));
	set(ro, "p_welch", jstat(row->p_welch));
	set(ro, "p_mwu", jstat(row->p_mwu));
	set(ro, "p_adj", jstat(row->p_adj));
	set(ro, "t", jstat(row->t));
	set(ro, "df", jstat(row->df));
	set(ro, "u", jstat(row->u));
	set(ro, "outliers_base", jsize(row->outliers_base));
	set(ro, "outliers", jsize(row->outliers));
	set(ro, "verdict", json_string(fsr_verdict_name(row->verdict)));
	set(ro, "flags", flags(row->flags));
	set(ro, "method", json_string(fsr_method_name(row->method)));
	set(ro, "ci_level", jstat(row->ci_level));
	set(ro, "diff", jstat(row->diff));
	set(ro, "diff_low", jstat(row->diff_low));
	set(ro, "diff_high", jstat(row->diff_high));
	set(ro, "mde_pct", jstat(row->mde_pct));
	set(ro, "runs_needed", jstat(row->runs_needed));
	/* the view's: the values the change is between, the marks */
	set(ro, "gmean_base", row->base ? jstat(row->base->gmean) :
	    NULL);
	set(ro, "gmean", row->other ? jstat(row->other->gmean) : NULL);
	set(ro, "center", json_string(center == FSR_CENTER_GMEAN ?
				      "gmean" : "mean"));
	fsr_buf_reset(mk);
	fsr_view_marks_text(mk, fsr_view_row_notes(row, &c->opts) |
			    fsr_view_cell_notes(row, 1) |
			    fsr_view_cell_notes(row, 0));
	set(ro, "marks", json_string(mk->buf));
	set(ro, "failed_base", row->base ? jsize(row->base->n_failed) :
	    NULL);
	set(ro, "failed", row->other ? jsize(row->other->n_failed) :
	    NULL);
	/* the shape of a latency's distribution (analyze/
	 * latency.c), where it was tested */
	if (isfinite(row->shape.d) && isfinite(row->shape.p)) {
		json_t *sh = json_object();

		set(sh, "ks_d", jstat(row->shape.d));
		set(sh, "p", jstat(row->shape.p));
		set(sh, "splits", jsize(row->shape.splits));
		set(sh, "exact", json_boolean(row->shape.exact));
		set(ro, "shape", sh);
	}
	if (c->opts.margin != FSR_MARGIN_NONE) {
		set(ro, "margin_low_pct", jstat(row->margin_low_pct));
		set(ro, "margin_high_pct",
		    jstat(row->margin_high_pct));
		set(ro, "p_margin", jstat(row->p_tost));
		set(ro, "p_margin_adj", jstat(row->p_tost_adj));
		set(ro, "margin_ci_low_pct", jstat(row->eq_low_pct));
		set(ro, "margin_ci_high_pct",
		    jstat(row->eq_high_pct));
		set(ro, "margin_ci_level", jstat(row->eq_level));
		set(ro, "within_margin",
		    json_boolean(row->flags & FSR_ROW_WITHIN_MARGIN));
	}
	return ro;
}

/* The comparison's object opened at depth in o, its members up to the
 * rows' key. */
static void comparison_head(struct jw *w, const struct fsr_view *v,
			    struct jframe *o, int depth, struct fsr_buf *mk)
{
	const struct fsr_report *r = v->report;
	const struct fsr_comparison *c = v->cmp;

	jopen(w, o, '{', '}', depth);
	member(w, o, "baseline", jsize(c->baseline));
	member(w, o, "baseline_label", jstr(w, r->systems[c->baseline].label,
					    "the baseline's label"));
	member(w, o, "confidence", jstat(c->opts.confidence));
	member(w, o, "alpha", jstat(c->opts.alpha));
	member(w, o, "min_change_pct", jstat(c->opts.min_change));
	if (c->opts.margin != FSR_MARGIN_NONE) {
		json_t *m = json_object();

		fsr_buf_reset(mk);
		fsr_view_margin_label(mk, c);
		set(m, "kind", json_string(fsr_margin_name(c->opts.margin)));
		set(m, "pct", jstat(c->opts.margin_pct));
		set(m, "label", json_string(mk->buf));
		member(w, o, "margin", m);
	}
	jkey(w, o, "rows");
}

/* The comparison's rows as items of rows; first: as compare_row(). */
static void comparison_rows(struct jw *w, const struct fsr_view *v,
			    struct jframe *rows, size_t first,
			    struct fsr_buf *mk)
{
	const struct fsr_comparison *c = v->cmp;
	enum fsr_center center = FSR_CENTER_MEAN;
	size_t i, last = SIZE_MAX;

	for (i = 0; i < c->n_rows && !w->err; i++) {
		if (c->rows[i].result != last) {
			last = c->rows[i].result;
			center = fsr_view_row_result_center(c, i);
		}
		jitem(w, rows);
		put_value(w, compare_row(w, v, i, center, mk, first),
			  rows->depth + 1);
	}
}

/* The comparison's members after its rows, the results only one side
 * has (taken) and the geometric means, and o closed. */
static void comparison_tail(struct jw *w, const struct fsr_view *v,
			    struct jframe *o, json_t *only_base,
			    json_t *only_other)
{
	const struct fsr_report *r = v->report;
	const struct fsr_comparison *c = v->cmp;
	json_t *geo = json_array();
	size_t i;

	member(w, o, "only_baseline", only_base);
	member(w, o, "only_other", only_other);
	for (i = 0; i < c->n_geo; i++) {
		json_t *g = json_object();

		set(g, "system", jsize(c->geo[i].sys));
		set(g, "label", jstr(w, r->systems[c->geo[i].sys].label,
				     "the label of system %zu",
				     c->geo[i].sys + 1));
		/* A summary, not a verdict: no better/worse here. */
		set(g, "kind", json_string("summary"));
		set(g, "results", jsize(c->geo[i].rows));
		set(g, "measurements", jsize(c->geo[i].k));
		set(g, "left_out", jsize(c->geo[i].skipped +
					 c->geo[i].bookkeeping));
		set(g, "bookkeeping", jsize(c->geo[i].bookkeeping));
		set(g, "ratio", jstat(c->geo[i].ratio));
		set(g, "ci_low", jstat(c->geo[i].ci_low));
		set(g, "ci_high", jstat(c->geo[i].ci_high));
		set(g, "df", jstat(c->geo[i].df));
		json_array_append_new(geo, g);
	}
	member(w, o, "geomean", geo);
	jclose(w, o);
}

/* The comparison at depth, its rows written one at a time. */
static void comparison(struct jw *w, const struct fsr_view *v, int depth)
{
	const struct fsr_report *r = v->report;
	const struct fsr_comparison *c = v->cmp;
	struct fsr_buf mk = FSR_BUF_INIT;
	struct jframe o, rows;

	comparison_head(w, v, &o, depth, &mk);
	jopen(w, &rows, '[', ']', depth + 1);
	comparison_rows(w, v, &rows, 0, &mk);
	jclose(w, &rows);
	fsr_buf_release(&mk);
	comparison_tail(w, v, &o,
			result_keys(r, c->only_base, c->n_only_base),
			result_keys(r, c->only_other, c->n_only_other));
}

/* Which mean is the result of a run with a time series (--steady,
 * fsr_report_steady()): "steady_result": {"result": "steady" or
 * "whole_run", "runs", "never_steady", "note"}; absent when no run has
 * a series. */
static void steady_result(struct jw *w, struct jframe *root,
			  const struct fsr_report *r)
{
	const struct fsr_steady_choice *c = &r->steady_result;
	struct fsr_buf b = FSR_BUF_INIT;
	json_t *o;

	if (!fsr_view_steady_choice_text(&b, r)) {
		fsr_buf_release(&b);
		return;
	}
	o = json_object();
	set(o, "result", json_string(c->steady ? "steady" : "whole_run"));
	set(o, "runs", jsize(c->runs));
	set(o, "never_steady", jsize(c->never));
	set(o, "note", jstr(w, b.buf, "the note on the steady result"));
	member(w, root, "steady_result", o);
	fsr_buf_release(&b);
}

static const char *command_name(enum fsr_command c)
{
	switch (c) {
	case FSR_CMD_SHOW:
		return "show";
	case FSR_CMD_COMPARE:
		return "compare";
	default:
		return "import";
	}
}

/* The precision of the document: what its samples need (the samples
 * jsample() writes, in cell() and series()), decided before the first
 * piece is dumped. */
static int doc_digits(const struct fsr_report *r)
{
	int p = 15, q;
	size_t i, j, k, m;

#define MOST(x) ((q = sample_digits(x)) > p ? (void)(p = q) : (void)0)
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		for (j = 0; j < res->n_cells; j++) {
			const struct fsr_cell *c = &res->cells[j];
			const struct fsr_seriesset *ss = fsr_cell_series(c);

			for (k = 0; k < c->n; k++)
				MOST(c->samples[k]);
			for (m = 0; ss && m < ss->n; m++) {
				for (k = 0; k < ss->runs[m].n; k++) {
					MOST(ss->runs[m].t_ms[k]);
					MOST(ss->runs[m].v[k]);
				}
				if (isfinite(ss->runs[m].whole))
					MOST(ss->runs[m].whole);
			}
		}
	}
#undef MOST
	return p;
}

/*
 * The document is written in pieces, each a value jansson dumps on its
 * own (a result, a comparison row, a system list) with the framing
 * around them written here as jansson's JSON_INDENT(2) dump of the
 * whole document writes it: "[" or "{", each member on a line of its
 * own indented by two spaces a level, ",", the closing bracket on a
 * line of its own at its opener's level; "[]" and "{}" when empty. A
 * piece's own line breaks get its depth's indent.
 */
/* out is written in blocks of whole pieces (never inside a character,
 * for the escape) */
static void put_flush(struct jw *w)
{
	fsr_sink_write_as(w->out, FSR_ESC_JSON, w->pend.buf, w->pend.len);
	fsr_buf_reset(&w->pend);
}

static void put_text(struct jw *w, const char *s, size_t n)
{
	fsr_buf_add(&w->pend, s, n);
}

static void put_newline(struct jw *w, int depth)
{
	static const char spaces[] = "                                ";
	size_t n = 2 * (size_t)depth;

	put_text(w, "\n", 1);
	for (; n > sizeof(spaces) - 1; n -= sizeof(spaces) - 1)
		put_text(w, spaces, sizeof(spaces) - 1);
	put_text(w, spaces, n);
}

/* v (taken) dumped at depth */
static void put_value(struct jw *w, json_t *v, int depth)
{
	char *text, *p, *nl;

	if (w->err || !v) {
		json_decref(v);
		return;
	}
	text = json_dumps(v, w->flags | JSON_ENCODE_ANY);
	json_decref(v);
	if (!text) {
		w->err = fsr_diag_set(w->d, FSR_EINTERNAL, NULL, 0, 0,
				      "jansson could not write the JSON "
				      "document");
		return;
	}
	for (p = text; (nl = strchr(p, '\n')); p = nl + 1) {
		put_text(w, p, (size_t)(nl - p));
		put_newline(w, depth);
	}
	put_text(w, p, strlen(p));
	free(text);
	if (w->pend.len >= 65536)
		put_flush(w);
}

static void jopen(struct jw *w, struct jframe *f, char open, char close,
		  int depth)
{
	f->depth = depth;
	f->n = 0;
	f->close = close;
	put_text(w, &open, 1);
}

static void jitem(struct jw *w, struct jframe *f)
{
	if (f->n++)
		put_text(w, ",", 1);
	put_newline(w, f->depth + 1);
}

/* a member's key (a name of this file's, plain ASCII) */
static void jkey(struct jw *w, struct jframe *f, const char *key)
{
	jitem(w, f);
	put_text(w, "\"", 1);
	put_text(w, key, strlen(key));
	put_text(w, "\": ", 3);
}

static void jclose(struct jw *w, struct jframe *f)
{
	if (f->n)
		put_newline(w, f->depth);
	put_text(w, &f->close, 1);
}

/* a member of f, v taken (NULL: null) */
static void member(struct jw *w, struct jframe *f, const char *key, json_t *v)
{
	jkey(w, f, key);
	put_value(w, v ? v : json_null(), f->depth + 1);
}

static void results(struct jw *w, const struct fsr_view *v, int depth)
{
	struct jframe a;
	size_t i;

	jopen(w, &a, '[', ']', depth);
	for (i = 0; i < v->report->n_results && !w->err; i++) {
		jitem(w, &a);
		put_value(w, result(w, v, i), depth + 1);
	}
	jclose(w, &a);
}

/* A writer of pieces into out at digits. */
static void jw_init(struct jw *w, struct fsr_sink *out, int digits,
		    struct fsr_diag *d)
{
	memset(w, 0, sizeof(*w));
	fsr_buf_init(&w->pend);
	w->d = d;
	w->digits = digits;
	w->seen = 15;
	w->flags = JSON_INDENT(2) | JSON_REAL_PRECISION(digits);
	w->out = out;
}

/* The document of v up to its results: the root opened and its members
 * before "results", that key written. */
static void doc_head(struct jw *w, struct jframe *root,
		     const struct fsr_view *v)
{
	const struct fsr_report *r = v->report;
	struct fsr_buf title = FSR_BUF_INIT;

	jopen(w, root, '{', '}', 0);
	member(w, root, "format_version", json_integer(1));
	member(w, root, "generator", json_string("fsreport"));
	member(w, root, "command", json_string(command_name(v->command)));
	member(w, root, "confidence",
	       v->stats ? jstat(v->stats->confidence) : NULL);
	/* A PTS file without a title stays untitled, as in the PTS export;
	 * any other report gets its run sets' names. */
	if (!r->title && r->n_generated)
		member(w, root, "untitled", json_true());
	else
		fsr_export_title(r, &title);
	/* the labels stand for no title: read back, a page makes its own
	 * again (model.h title_made) */
	if (fsr_export_title_made(r))
		member(w, root, "title_made", json_true());
	member(w, root, "title", jstr(w, title.buf, "the report's title"));
	fsr_buf_release(&title);
	member(w, root, "description", jstr(w, r->description,
					    "the report's description"));
	/* --drop-first: the runs left out (absent when none) */
	if (r->n_dropped_first)
		member(w, root, "dropped_first", jsize(r->n_dropped_first));
	steady_result(w, root, r);
	member(w, root, "systems", systems(w, r));
	jkey(w, root, "results");
}

/*
 * The document goes to out a piece at a time: one that fails half-way (a
 * string that is not UTF-8) has written its start, which the output
 * layer drops (cli/targets.c).
 */
int fsr_render_json(const struct fsr_view *v, const struct fsr_render_opts *o,
		    struct fsr_sink *out, struct fsr_diag *d)
{
	struct jw w;
	struct jframe root;

	(void)o;
	jw_init(&w, out, doc_digits(v->report), d);
	doc_head(&w, &root, v);
	results(&w, v, 1);
	if (v->cmp) {
		jkey(&w, &root, "comparison");
		comparison(&w, v, 1);
	}
	jclose(&w, &root);
	put_text(&w, "\n", 1);
	put_flush(&w);
	fsr_buf_release(&w.pend);
	if (!w.err && w.seen > w.digits)
		FSR_BUG("a sample needs %d digits, the document has %d",
			w.seen, w.digits);
	return w.err;
}

int fsr_json_put(struct fsr_sink *out, struct json_t *root, int digits,
		 struct fsr_diag *d)
{
	char *text = json_dumps(root, JSON_INDENT(2) |
					      JSON_REAL_PRECISION(digits));

	json_decref(root);
	if (!text)
		return fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
				    "jansson could not write the JSON "
				    "document");
	fsr_sink_write_as(out, FSR_ESC_JSON, text, strlen(text));
	fsr_sink_puts(out, "\n");
	free(text);
	return 0;
}

/*
 * A show's document in pieces (render.h): the results written at 15
 * digits as they come, the head and the ends once the report is read.
 * The usual way writes at the digits its most precise sample needs; the
 * pieces are its bytes while that is 15, and say so when it is not.
 */
struct fsr_json_show {
	struct jw w;       /* the results' writer */
	struct jframe a;   /* the results array */
};

struct fsr_json_show *fsr_json_show_begin(struct fsr_sink *out,
					  struct fsr_diag *d)
{
	struct fsr_json_show *js = fsr_xcalloc(1, sizeof(*js));

	jw_init(&js->w, out, 15, d);
	/* opened in the head: only its state here */
	js->a.depth = 1;
	js->a.n = 0;
	js->a.close = ']';
	return js;
}

void fsr_json_show_result(struct fsr_json_show *js,
			  const struct fsr_report *r, size_t i,
			  const struct fsr_summary *sum)
{
	jitem(&js->w, &js->a);
	put_value(&js->w, result_with(&js->w, r, i, sum), 2);
}

int fsr_json_show_failed(const struct fsr_json_show *js)
{
	return js->w.err || js->w.seen > js->w.digits;
}

int fsr_json_show_results_end(struct fsr_json_show *js)
{
	put_flush(&js->w);
	return fsr_json_show_failed(js) ? -1 : 0;
}

int fsr_json_show_head(const struct fsr_view *v, struct fsr_sink *out,
		       struct fsr_diag *d)
{
	struct jw w;
	struct jframe root;

	jw_init(&w, out, 15, d);
	doc_head(&w, &root, v);
	put_text(&w, "[", 1);
	put_flush(&w);
	fsr_buf_release(&w.pend);
	return w.err;
}

void fsr_json_show_tail(struct fsr_json_show *js, struct fsr_sink *out)
{
	struct jframe root = { 0, 1, '}' };

	js->w.out = out;
	jclose(&js->w, &js->a);
	jclose(&js->w, &root);
	put_text(&js->w, "\n", 1);
	put_flush(&js->w);
}

void fsr_json_show_free(struct fsr_json_show *js)
{
	if (!js)
		return;
	fsr_buf_release(&js->w.pend);
	free(js);
}

/*
 * compare's document in pieces (render.h): the results as show's, the
 * rows of each result's comparison into a sink of their own, both at 15
 * digits; the middle (the results' end up to the rows' "[") and the
 * tail once every result was compared.
 */
struct fsr_json_compare {
	struct fsr_json_show res;  /* the results' writer and array */
	struct jw rw;              /* the rows' writer */
	struct jframe rows;        /* the rows array, opened in the middle */
	json_t *only_base, *only_other;
	struct fsr_buf mk;
};

struct fsr_json_compare *fsr_json_compare_begin(struct fsr_sink *results,
						struct fsr_sink *rows,
						struct fsr_diag *d)
{
	struct fsr_json_compare *jc = fsr_xcalloc(1, sizeof(*jc));

	jw_init(&jc->res.w, results, 15, d);
	jc->res.a = (struct jframe){ 1, 0, ']' };
	jw_init(&jc->rw, rows, 15, d);
	jc->rows = (struct jframe){ 2, 0, ']' };
	jc->only_base = json_array();
	jc->only_other = json_array();
	fsr_buf_init(&jc->mk);
	return jc;
}

void fsr_json_compare_result(struct fsr_json_compare *jc,
			     const struct fsr_view *v, size_t i,
			     const struct fsr_summary *sum)
{
	const struct fsr_comparison *c = v->cmp;
	json_t *keys;

	jitem(&jc->res.w, &jc->res.a);
	put_value(&jc->res.w, result_with(&jc->res.w, v->report, 0, sum), 2);
	comparison_rows(&jc->rw, v, &jc->rows, i, &jc->mk);
	if (c->n_only_base) {
		keys = result_keys(v->report, c->only_base, c->n_only_base);
		json_array_extend(jc->only_base, keys);
		json_decref(keys);
	}
	if (c->n_only_other) {
		keys = result_keys(v->report, c->only_other,
				   c->n_only_other);
		json_array_extend(jc->only_other, keys);
		json_decref(keys);
	}
}

int fsr_json_compare_failed(const struct fsr_json_compare *jc)
{
	return fsr_json_show_failed(&jc->res) || jc->rw.err ||
	       jc->rw.seen > jc->rw.digits;
}

int fsr_json_compare_pieces_end(struct fsr_json_compare *jc)
{
	put_flush(&jc->res.w);
	put_flush(&jc->rw);
	return fsr_json_compare_failed(jc) ? -1 : 0;
}

int fsr_json_compare_ends(struct fsr_json_compare *jc,
			  const struct fsr_view *v, struct fsr_sink *mid,
			  struct fsr_sink *tail)
{
	struct jframe root = { 0, 1, '}' }, o;
	struct jw *w = &jc->res.w;

	w->out = mid;
	jclose(w, &jc->res.a);
	jkey(w, &root, "comparison");
	comparison_head(w, v, &o, 1, &jc->mk);
	put_text(w, "[", 1);
	put_flush(w);
	w->out = tail;
	jclose(w, &jc->rows);
	comparison_tail(w, v, &o, jc->only_base, jc->only_other);
	jc->only_base = jc->only_other = NULL;
	jclose(w, &root);
	put_text(w, "\n", 1);
	put_flush(w);
	return w->err;
}

void fsr_json_compare_free(struct fsr_json_compare *jc)
{
	if (!jc)
		return;
	fsr_buf_release(&jc->res.w.pend);
	fsr_buf_release(&jc->rw.pend);
	fsr_buf_release(&jc->mk);
	json_decref(jc->only_base);
	json_decref(jc->only_other);
	free(jc);
}
