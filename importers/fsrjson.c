/*
 * fsrjson.c - fsreport's own JSON (format_version 1, render/data/json.c) read
 * back with jansson: systems, results, every sample, failed runs, stored
 * values and attributes. The statistics in the file ("summary",
 * "comparison") are not read; they are recomputed from the samples.
 * Errors name the JSON path: "$.results[3].cells[0].samples[2]: expected
 * a number, found a string".
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../model/histogram.h"
#include "../model/series.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define FSR_JSON_VERSION 1

/* Flags of the field getters. */
enum { OPTIONAL = 0, REQUIRED = 1, NULLABLE = 2 };

/* o[key] or NULL; a type error when present but not of type t (JSON null
 * passes as absent with NULLABLE). */
static json_t *field(struct fsr_json_err *st, const json_t *o, const char *where,
		     const char *key, json_type t, int flags)
{
	json_t *v = json_object_get(o, key);
	int ok;

	if (st->err)
		return NULL;
	if (!v || (json_is_null(v) && (flags & NULLABLE))) {
		if (flags & REQUIRED)
			fsr_json_fail(st, where, ".%s: missing", key);
		return NULL;
	}
	ok = json_typeof(v) == t ||
	     (t == JSON_REAL && json_is_number(v)) ||
	     (t == JSON_TRUE && json_is_boolean(v));
	if (!ok) {
		static const char *const want[] = {
			[JSON_OBJECT] = "an object", [JSON_ARRAY] = "an array",
			[JSON_STRING] = "a string",
			[JSON_INTEGER] = "an integer",
			[JSON_REAL] = "a number", [JSON_TRUE] = "a boolean",
			[JSON_FALSE] = "a boolean", [JSON_NULL] = "null",
		};

		fsr_json_fail(st, where, ".%s: expected %s%s, found %s", key,
			want[t], (flags & NULLABLE) ? " or null" : "",
			fsr_json_type_name(v));
		return NULL;
	}
	return v;
}

static const char *str_field(struct fsr_json_err *st, const json_t *o,
			     const char *where, const char *key, int flags,
			     const char *def)
{
	json_t *v = field(st, o, where, key, JSON_STRING, flags);

	return v ? json_string_value(v) : def;
}

/* A count: an integer >= 0; def when absent. */
static size_t count_field(struct fsr_json_err *st, const json_t *o, const char *where,
			  const char *key, size_t def)
{
	json_t *v = field(st, o, where, key, JSON_INTEGER, OPTIONAL);

	if (!v)
		return def;
	if (json_integer_value(v) < 0 ||
	    (unsigned long long)json_integer_value(v) >
		    FSR_MAX_SAMPLES_PER_CELL) {
		fsr_json_fail(st, where, ".%s: %lld is out of range", key,
			(long long)json_integer_value(v));
		return def;
	}
	return (size_t)json_integer_value(v);
}

/* An object of strings into a key/value list. */
static void kv_field(struct fsr_json_err *st, const json_t *o, const char *where,
		     const char *key, struct fsr_kvlist *out)
{
	json_t *obj = field(st, o, where, key, JSON_OBJECT, NULLABLE), *v;
	const char *k;

	if (!obj)
		return;
	json_object_foreach(obj, k, v) {
		if (!json_is_string(v)) {
			fsr_json_fail(st, where, ".%s.%s: expected a string, "
				"found %s", key, k, fsr_json_type_name(v));
			return;
		}
		fsr_kvlist_set(out, k, json_string_value(v));
	}
}

/* Further PTS blocks of a system, as json.c writes them. */
static void more_blocks(struct fsr_json_err *st, const json_t *o,
			const char *where, struct fsr_system *s)
{
	json_t *a = field(st, o, where, "more_blocks", JSON_ARRAY, NULLABLE);
	json_t *ord = field(st, o, where, "block_ordinal", JSON_INTEGER,
			    NULLABLE);
	size_t j;

	if (ord && json_integer_value(ord) >= 0)
		s->ordinal = (size_t)json_integer_value(ord);
	for (j = 0; a && j < json_array_size(a) && !st->err; j++) {
		const json_t *e = json_array_get(a, j);
		struct fsr_sysblock *b;
		char bw[96];

		snprintf(bw, sizeof(bw), "%s.more_blocks[%zu]", where, j);
		if (!json_is_object(e)) {
			fsr_json_fail(st, bw, "expected an object, found %s",
				      fsr_json_type_name(e));
			return;
		}
		ord = field(st, e, bw, "block_ordinal", JSON_INTEGER, NULLABLE);
		b = fsr_system_add_block(
			s, str_field(st, e, bw, "hardware", NULLABLE, NULL),
			str_field(st, e, bw, "software", NULLABLE, NULL),
			str_field(st, e, bw, "json", NULLABLE, NULL),
			ord && json_integer_value(ord) >= 0 ?
				(size_t)json_integer_value(ord) : 0);
		kv_field(st, e, bw, "meta", &b->meta);
	}
}

static int systems(struct fsr_json_err *st, const json_t *root, struct fsr_report *r,
		   size_t **map, size_t *n_map)
{
	json_t *a = field(st, root, "$", "systems", JSON_ARRAY, REQUIRED);
	size_t i, j;

	if (!a)
		return st->err;
	*n_map = json_array_size(a);
	*map = fsr_xcalloc(*n_map ? *n_map : 1, sizeof(**map));
	for (i = 0; i < json_array_size(a) && !st->err; i++) {
		const json_t *o = json_array_get(a, i);
		struct fsr_system *s;
		const char *label, *hw, *sw;
		json_t *src, *und;
		char where[48];

		snprintf(where, sizeof(where), "$.systems[%zu]", i);
		if (!json_is_object(o))
			return fsr_json_fail(st, where, "expected an object, found "
				       "%s", fsr_json_type_name(o));
		label = str_field(st, o, where, "label", REQUIRED, NULL);
		if (st->err)
			break;
		if (!*label)
			return fsr_json_fail(st, where, ".label: empty");
		hw = str_field(st, o, where, "hardware", NULLABLE, NULL);
		sw = str_field(st, o, where, "software", NULLABLE, NULL);
		(*map)[i] = fsr_report_system(r, 0, label);
		s = &r->systems[(*map)[i]];
		if (hw && !s->hardware)
			s->hardware = fsr_xstrdup(hw);
		if (sw && !s->software)
			s->software = fsr_xstrdup(sw);
		kv_field(st, o, where, "hardware_components", &s->hw);
		kv_field(st, o, where, "software_components", &s->sw);
		kv_field(st, o, where, "meta", &s->meta);
		src = field(st, o, where, "sources", JSON_ARRAY, NULLABLE);
		for (j = 0; src && j < json_array_size(src); j++) {
			const json_t *e = json_array_get(src, j);

			if (!json_is_string(e))
				return fsr_json_fail(st, where, ".sources[%zu]: "
					       "expected a string, found %s",
					       j, fsr_json_type_name(e));
			fsr_system_add_source(s, json_string_value(e));
		}
		if (!s->n_sources)
			fsr_system_add_source(s, st->path);
		und = field(st, o, where, "undeclared", JSON_TRUE, OPTIONAL);
		if (und && json_is_true(und) && !s->declared)
			s->undeclared = 1;
		more_blocks(st, o, where, s);
	}
	return st->err;
}

/* The PTS entries of a cell as read, as json.c writes them. */
static void kept_entries(struct fsr_json_err *st, const json_t *o,
			 const char *where, struct fsr_cell *c)
{
	json_t *a = field(st, o, where, "entries", JSON_ARRAY, NULLABLE);
	size_t j;

	for (j = 0; a && j < json_array_size(a) && !st->err; j++) {
		const json_t *e = json_array_get(a, j), *seq, *n, *failed;
		const char *value, *raw, *json;
		char ew[120];

		snprintf(ew, sizeof(ew), "%s.entries[%zu]", where, j);
		if (!json_is_object(e)) {
			fsr_json_fail(st, ew, "expected an object, found %s",
				      fsr_json_type_name(e));
			return;
		}
		value = str_field(st, e, ew, "value", REQUIRED, NULL);
		raw = str_field(st, e, ew, "raw", NULLABLE, NULL);
		json = str_field(st, e, ew, "json", NULLABLE, NULL);
		seq = field(st, e, ew, "seq", JSON_INTEGER, REQUIRED);
		n = field(st, e, ew, "samples", JSON_INTEGER, REQUIRED);
		failed = field(st, e, ew, "failed", JSON_TRUE, OPTIONAL);
		if (st->err)
			return;
		if (json_integer_value(seq) < 0 || json_integer_value(n) < 0) {
			fsr_json_fail(st, ew, "seq and samples are counts");
			return;
		}
		fsr_cell_add_entry(c, value, raw, json,
				   (size_t)json_integer_value(seq),
				   (size_t)json_integer_value(n),
				   failed && json_is_true(failed));
	}
}

/* The array o.key of n numbers, as o.of has (a series' times, a
 * histogram's bins); NULL with st->err set when it is missing or of
 * another length. */
static json_t *sized_array(struct fsr_json_err *st, const json_t *o,
			   const char *where, const char *key, size_t n,
			   const char *of)
{
	json_t *a = field(st, o, where, key, JSON_ARRAY, REQUIRED);

	if (a && json_array_size(a) != n) {
		fsr_json_fail(st, where, ".%s: %zu numbers, but %zu in .%s",
			      key, json_array_size(a), n, of);
		return NULL;
	}
	return a;
}

/* A number array of a series: its values into x (n of them). With
 * null_nan, null is NaN: JSON has no NaN, and render/data/json.c writes a
 * gap in a series' values as null; a time is never null. */
static int series_numbers(struct fsr_json_err *st, const json_t *o,
			  const char *where, const char *key, double *x,
			  size_t n, int null_nan)
{
	json_t *a = sized_array(st, o, where, key, n, "t_ms");
	size_t k;

	if (!a)
		return st->err;
	for (k = 0; k < n; k++) {
		const json_t *v = json_array_get(a, k);

		if (null_nan && json_is_null(v)) {
			x[k] = NAN;
			continue;
		}
		if (!json_is_number(v))
			return fsr_json_fail(st, where, ".%s[%zu]: expected a "
					     "number, found %s", key, k,
					     fsr_json_type_name(v));
		x[k] = json_number_value(v);
	}
	return 0;
}

/* A cell's time series, one per run (model/series.h). */
static void cell_series(struct fsr_json_err *st, const json_t *o,
			const char *where, struct fsr_cell *c)
{
	json_t *a = field(st, o, where, "series", JSON_ARRAY, NULLABLE);
	size_t j;

	for (j = 0; a && j < json_array_size(a) && !st->err; j++) {
		const json_t *e = json_array_get(a, j);
		json_t *t, *wh;
		char sw[160];
		double *tv, *vv;
		size_t n;

		snprintf(sw, sizeof(sw), "%s.series[%zu]", where, j);
		if (!json_is_object(e)) {
			fsr_json_fail(st, sw, "expected an object, found %s",
				      fsr_json_type_name(e));
			return;
		}
		t = field(st, e, sw, "t_ms", JSON_ARRAY, REQUIRED);
		if (!t)
			return;
		n = json_array_size(t);
		if (n > FSR_MAX_SAMPLES_PER_CELL) {
			fsr_json_fail(st, sw, ".t_ms: too many values");
			return;
		}
		tv = fsr_xmalloc((n ? n : 1) * sizeof(*tv));
		vv = fsr_xmalloc((n ? n : 1) * sizeof(*vv));
		/* --steady: the run's whole-run result (model/series.h) */
		wh = field(st, e, sw, "whole_run", JSON_REAL, OPTIONAL);
		if (!series_numbers(st, e, sw, "t_ms", tv, n, 0) &&
		    !series_numbers(st, e, sw, "values", vv, n, 1) &&
		    !fsr_cell_add_series(c, tv, vv, n) && wh)
			c->extra->series->runs[c->extra->series->n - 1].whole =
				json_number_value(wh);
		free(tv);
		free(vv);
	}
}

static uint64_t u64_field(struct fsr_json_err *st, const json_t *o,
			  const char *where, const char *key);

/* One array of a histogram's bins ("bins" or "counts"): n integers >= 0
 * into x. */
static int hist_numbers(struct fsr_json_err *st, const json_t *o,
			const char *where, const char *key, uint64_t *x,
			size_t n)
{
	json_t *a = sized_array(st, o, where, key, n, "bins");
	size_t k;

	if (!a)
		return st->err;
	for (k = 0; k < n; k++) {
		const json_t *v = json_array_get(a, k);

		if (!json_is_integer(v))
			return fsr_json_fail(st, where, ".%s[%zu]: expected "
					     "an integer, found %s", key, k,
					     fsr_json_type_name(v));
		if (json_integer_value(v) < 0)
			return fsr_json_fail(st, where, ".%s[%zu]: %lld is "
					     "below 0", key, k,
					     (long long)json_integer_value(v));
		x[k] = (uint64_t)json_integer_value(v);
	}
	return 0;
}

/*
 * A cell's latency histograms, one per run (model/histogram.h), as json.c
 * writes them: "bits", "groups", "total", and the non-zero bins as
 * "bins" (indexes, strictly ascending) and "counts" (each above 0),
 * which must add up to the total. A cell's histograms are its runs: as
 * many as the samples this cell object gives (runs).
 */
static void cell_hists(struct fsr_json_err *st, const json_t *o,
		       const char *where, struct fsr_cell *c, size_t runs)
{
	json_t *a = field(st, o, where, "hists", JSON_ARRAY, NULLABLE);
	size_t j;

	if (!a)
		return;
	if (json_array_size(a) != runs) {
		fsr_json_fail(st, where, ".hists: %zu histogram%s for %zu "
			      "run%s (samples); one per run",
			      json_array_size(a),
			      json_array_size(a) == 1 ? "" : "s", runs,
			      runs == 1 ? "" : "s");
		return;
	}
	for (j = 0; j < json_array_size(a) && !st->err; j++) {
		const json_t *e = json_array_get(a, j), *b;
		char hw[160];
		uint64_t bits, groups, total, sum = 0, *idx = NULL,
						     *cnt = NULL;
		struct fsr_hist h;
		size_t n, k;

		snprintf(hw, sizeof(hw), "%s.hists[%zu]", where, j);
		if (!json_is_object(e)) {
			fsr_json_fail(st, hw, "expected an object, found %s",
				      fsr_json_type_name(e));
			return;
		}
		bits = u64_field(st, e, hw, "bits");
		groups = u64_field(st, e, hw, "groups");
		total = u64_field(st, e, hw, "total");
		b = field(st, e, hw, "bins", JSON_ARRAY, REQUIRED);
		if (st->err)
			return;
		/* only the layout fsreport writes (model/histogram.h):
		 * a wider one costs up to 25 MB a run for one bin */
		if (bits != FSR_HIST_FIO_BITS || groups < 2 ||
		    groups > FSR_HIST_MAX_GROUPS ||
		    fsr_hist_init(&h, (unsigned)bits, (unsigned)groups)) {
			fsr_json_fail(st, hw, "bits %llu, groups %llu is no "
				      "histogram layout fsreport writes "
				      "(bits %d, groups 2 to %d)",
				      (unsigned long long)bits,
				      (unsigned long long)groups,
				      FSR_HIST_FIO_BITS, FSR_HIST_MAX_GROUPS);
			return;
		}
		n = json_array_size(b);
		idx = fsr_xmalloc((n ? n : 1) * sizeof(*idx));
		cnt = fsr_xmalloc((n ? n : 1) * sizeof(*cnt));
		if (!hist_numbers(st, e, hw, "bins", idx, n))
			hist_numbers(st, e, hw, "counts", cnt, n);
		switch (st->err ? FSR_SPARSE_OK :
			fsr_hist_add_sparse(&h, idx, cnt, n, total, &k, &sum)) {
		case FSR_SPARSE_OK:
			break;
		case FSR_SPARSE_RANGE:
			fsr_json_fail(st, hw, ".bins[%zu]: bin %llu is out of "
				      "range (the layout has bins 0 to %zu)",
				      k, (unsigned long long)idx[k],
				      fsr_hist_nbins(&h) - 1);
			break;
		case FSR_SPARSE_ORDER:
			fsr_json_fail(st, hw, ".bins[%zu]: bin %llu after bin "
				      "%llu: the bins are in ascending order, "
				      "each once", k,
				      (unsigned long long)idx[k],
				      (unsigned long long)idx[k - 1]);
			break;
		case FSR_SPARSE_ZERO:
			fsr_json_fail(st, hw, ".counts[%zu]: 0; only bins that "
				      "count I/Os are written", k);
			break;
		case FSR_SPARSE_OVERFLOW:
			fsr_json_fail(st, hw, ".counts: the counts add up to "
				      "more than 2^64 - 1");
			break;
		case FSR_SPARSE_TOTAL:
			fsr_json_fail(st, hw, ".total: %llu, but the counts "
				      "add up to %llu",
				      (unsigned long long)total,
				      (unsigned long long)sum);
			break;
		}
		if (!st->err)
			fsr_cell_add_hist(c, &h);
		fsr_hist_release(&h);
		free(idx);
		free(cnt);
	}
}

/* A required integer >= 0, as a uint64_t. */
static uint64_t u64_field(struct fsr_json_err *st, const json_t *o,
			  const char *where, const char *key)
{
	json_t *v = field(st, o, where, key, JSON_INTEGER, REQUIRED);

	if (v && json_integer_value(v) < 0) {
		fsr_json_fail(st, where, ".%s: %lld is out of range", key,
			      (long long)json_integer_value(v));
		return 0;
	}
	return v ? (uint64_t)json_integer_value(v) : 0;
}

/* The percentiles a latency's runs could not support, kept in its
 * "(mean)" cell (render/data/json.c, model/histogram.h): records pooled
 * by result with any the cell has. "needs", "counts" and "reason" follow
 * from the others and are not read. */
static void cell_refused(struct fsr_json_err *st, const json_t *o,
			 const char *where, struct fsr_cell *c)
{
	json_t *a = field(st, o, where, "refused", JSON_ARRAY, NULLABLE);
	size_t j;

	for (j = 0; a && j < json_array_size(a) && !st->err; j++) {
		const json_t *e = json_array_get(a, j);
		struct fsr_cell_extra tmp;
		struct fsr_refusal f;
		const char *desc;
		json_t *q, *dropped;
		char sw[160];

		snprintf(sw, sizeof(sw), "%s.refused[%zu]", where, j);
		if (!json_is_object(e)) {
			fsr_json_fail(st, sw, "expected an object, found %s",
				      fsr_json_type_name(e));
			return;
		}
		memset(&f, 0, sizeof(f));
		desc = str_field(st, e, sw, "result", REQUIRED, NULL);
		q = field(st, e, sw, "percentile", JSON_REAL, REQUIRED);
		f.runs = count_field(st, e, sw, "runs_refused", 0);
		f.runs_ok = count_field(st, e, sw, "runs_ok", 0);
		dropped = field(st, e, sw, "dropped", JSON_TRUE, OPTIONAL);
		f.min_ios = u64_field(st, e, sw, "min");
		f.max_ios = u64_field(st, e, sw, "max");
		if (st->err)
			return;
		f.q = json_number_value(q);
		if (!(f.q > 0 && f.q < 100)) {
			fsr_json_fail(st, sw, ".percentile: %g is no "
				      "percentile below 100", f.q);
			return;
		}
		if (!f.runs || f.min_ios > f.max_ios) {
			fsr_json_fail(st, sw, ": %s", !f.runs ?
				      "runs_refused is 0" :
				      "min is above max");
			return;
		}
		f.need = fsr_pct_ios_needed(f.q);
		f.dropped = dropped && json_is_true(dropped);
		f.desc = fsr_xstrdup(desc);
		memset(&tmp, 0, sizeof(tmp));
		FSR_GROW(tmp.refused, tmp.cap_refused, 1);
		tmp.refused[tmp.n_refused++] = f;
		if (!c->extra)
			c->extra = fsr_xcalloc(1, sizeof(*c->extra));
		fsr_refusals_take(c->extra, &tmp);
	}
}

static int cell(struct fsr_json_err *st, const json_t *o, const char *where,
		struct fsr_result *res, const size_t *map, size_t n_map,
		int steady_file)
{
	size_t n0 = 0, s0 = 0;
	json_t *sys, *samples;
	struct fsr_cell *c;
	const char *stored, *why;
	size_t i, failed, entries;

	if (!json_is_object(o))
		return fsr_json_fail(st, where, "expected an object, found %s",
			       fsr_json_type_name(o));
	sys = field(st, o, where, "system", JSON_INTEGER, REQUIRED);
	if (!sys)
		return st->err;
	if (json_integer_value(sys) < 0 ||
	    (unsigned long long)json_integer_value(sys) >= n_map)
		return fsr_json_fail(st, where, ".system: %lld names no system "
			       "(there are %zu)",
			       (long long)json_integer_value(sys), n_map);
	c = fsr_result_cell(res, map[json_integer_value(sys)]);
	n0 = c->n;
	s0 = fsr_cell_series(c) ? fsr_cell_series(c)->n : 0;
	samples = field(st, o, where, "samples", JSON_ARRAY, OPTIONAL);
	if (samples && c->n + json_array_size(samples) >
			       FSR_MAX_SAMPLES_PER_CELL)
		return fsr_json_fail(st, where, "too many samples");
	for (i = 0; samples && i < json_array_size(samples); i++) {
		const json_t *x = json_array_get(samples, i);

		if (!json_is_number(x))
			return fsr_json_fail(st, where, ".samples[%zu]: expected "
				       "a number, found %s", i, fsr_json_type_name(x));
		fsr_cell_add_sample(c, json_number_value(x));
	}
	failed = count_field(st, o, where, "failed", 0);
	why = str_field(st, o, where, "fail_reason", NULLABLE, NULL);
	for (i = 0; i < failed && !st->err; i++)
		fsr_cell_add_failed(c, why);
	stored = str_field(st, o, where, "stored", NULLABLE, NULL);
	entries = count_field(st, o, where, "stored_entries", stored ? 1 : 0);
	if (st->err)
		return st->err;
	if (c->n_stored == 0 && entries) {
		c->stored = stored && entries == 1 ? fsr_xstrdup(stored) : NULL;
		c->n_stored = entries;
	} else {
		for (i = 0; i < entries; i++)
			fsr_cell_set_stored(c, stored);
	}
	{
		json_t *dec = field(st, o, where, "decimals", JSON_INTEGER,
				    NULLABLE);

		if (dec && (json_integer_value(dec) < 0 ||
			    json_integer_value(dec) > 64))
			return fsr_json_fail(st, where, ".decimals: %lld is out "
				       "of range",
				       (long long)json_integer_value(dec));
		if (dec && json_integer_value(dec) > c->stored_decimals)
			c->stored_decimals = (int)json_integer_value(dec);
	}
	kv_field(st, o, where, "meta", fsr_cell_meta_edit(c));
	kept_entries(st, o, where, c);
	cell_series(st, o, where, c);
	cell_hists(st, o, where, c, samples ? json_array_size(samples) : 0);
	if (!st->err && steady_file)
		fsr_cell_whole_run_means(c, n0, s0);
	cell_refused(st, o, where, c);
	return st->err;
}

/* An optional PTS text field of a result: kept when not empty. */
static void pts_text(struct fsr_json_err *st, const json_t *o,
		     const char *where, const char *name, char **slot)
{
	const char *v = str_field(st, o, where, name, NULLABLE, NULL);

	if (v && *v && !*slot)
		*slot = fsr_xstrdup(v);
}

static int result(struct fsr_json_err *st, const json_t *o, const char *where,
		  struct fsr_report *r, const size_t *map, size_t n_map,
		  int steady_file)
{
	struct fsr_result_key key;
	struct fsr_result *res;
	const char *test, *better, *display, *test_id, *title;
	enum fsr_better b = FSR_BETTER_UNKNOWN;
	enum fsr_display disp = FSR_DISPLAY_BAR;
	json_t *cells, *derived;
	size_t i;

	if (!json_is_object(o))
		return fsr_json_fail(st, where, "expected an object, found %s",
			       fsr_json_type_name(o));
	memset(&key, 0, sizeof(key));
	test = str_field(st, o, where, "test", REQUIRED, NULL);
	key.test = test;
	key.arguments = str_field(st, o, where, "arguments", OPTIONAL, "");
	key.description = str_field(st, o, where, "description", OPTIONAL, "");
	key.app_version = str_field(st, o, where, "app_version", OPTIONAL, "");
	key.unit = str_field(st, o, where, "unit", OPTIONAL, "");
	test_id = str_field(st, o, where, "test_id", OPTIONAL, test);
	title = str_field(st, o, where, "title", OPTIONAL, test);
	better = str_field(st, o, where, "better", NULLABLE, NULL);
	display = str_field(st, o, where, "display", OPTIONAL, "bar");
	derived = field(st, o, where, "derived", JSON_TRUE, OPTIONAL);
	if (st->err)
		return st->err;
	if (!*test)
		return fsr_json_fail(st, where, ".test: empty");
	if (better) {
		b = fsr_better_parse(better);
		if (b == FSR_BETTER_UNKNOWN || (strcmp(better, "higher") &&
						strcmp(better, "lower")))
			return fsr_json_fail(st, where, ".better: '%s' is not "
				       "\"higher\", \"lower\" or null", better);
	}
	if (fsr_display_parse(display, &disp) != 0)
		return fsr_json_fail(st, where, ".display: '%s' is not bar, "
			       "line, passfail or other", display);
	res = fsr_report_result(r, &key);
	free(res->test_id);
	res->test_id = fsr_xstrdup(test_id);
	free(res->title);
	res->title = fsr_xstrdup(title);
	if (b != FSR_BETTER_UNKNOWN)
		res->better = b;
	res->display = disp;
	res->derived = derived && json_is_true(derived);
	pts_text(st, o, where, "scale", &res->scale);
	pts_text(st, o, where, "annotation", &res->annotation);
	pts_text(st, o, where, "parent", &res->parent);
	cells = field(st, o, where, "cells", JSON_ARRAY, REQUIRED);
	for (i = 0; cells && i < json_array_size(cells) && !st->err; i++) {
		char cw[80];

		snprintf(cw, sizeof(cw), "%s.cells[%zu]", where, i);
		cell(st, json_array_get(cells, i), cw, res, map, n_map,
		     steady_file);
	}
	return st->err;
}

/* The first key of the top-level object is "format_version". */
int fsr_fsrjson_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head;
	size_t i = fsr_json_first_key(head, n);

	if (i && n - i >= 16 && !memcmp(p + i, "\"format_version\"", 16))
		return 100;
	return 0;
}

int fsr_fsrjson_import(struct fsr_import_ctx *ctx, const char *path,
		       struct fsr_report *r, struct fsr_diag *d)
{
	struct fsr_json_err st = { path, d, 0, 0 };
	json_t *root, *ver, *results;
	size_t *map = NULL, n_map = 0, i;
	const char *s;
	int steady_file;

	(void)ctx;
	st.err = fsr_json_load_file(path, &root, d);
	if (st.err)
		return st.err;
	if (!json_is_object(root)) {
		json_decref(root);
		return FSR_ENOTMINE;
	}
	ver = field(&st, root, "$", "format_version", JSON_INTEGER, REQUIRED);
	if (ver && json_integer_value(ver) != FSR_JSON_VERSION)
		fsr_json_fail(&st, "$.format_version", "version %lld; this fsreport "
			"reads version %d", (long long)json_integer_value(ver),
			FSR_JSON_VERSION);
	s = str_field(&st, root, "$", "title", NULLABLE, NULL);
	ver = field(&st, root, "$", "title_made", JSON_TRUE, OPTIONAL);
	if (s && *s && !r->title) {
		r->title = fsr_xstrdup(s);
		/* the run sets' labels an untitled report was written
		 * under: no title of its own (model.h) */
		r->title_made = ver && json_is_true(ver);
	}
	/* An untitled PTS file: its report prints no invented title. */
	ver = field(&st, root, "$", "untitled", JSON_TRUE, OPTIONAL);
	if (ver && json_is_true(ver) && !r->n_generated)
		r->n_generated = 1;
	s = str_field(&st, root, "$", "description", NULLABLE, NULL);
	if (s && *s && !r->description)
		r->description = fsr_xstrdup(s);
	/* written with --drop-first: the first runs left out, which the
	 * notes count (render/data/json.c) */
	r->n_dropped_first += count_field(&st, root, "$", "dropped_first", 0);
	/* written with --steady (render/data/json.c steady_result) */
	{
		json_t *sr = field(&st, root, "$", "steady_result",
				   JSON_OBJECT, OPTIONAL);
		const char *how = sr ? str_field(&st, sr, "$.steady_result",
						 "result", NULLABLE, NULL) :
				       NULL;

		steady_file = how && !strcmp(how, "steady");
	}
	if (!st.err)
		systems(&st, root, r, &map, &n_map);
	results = field(&st, root, "$", "results", JSON_ARRAY, REQUIRED);
	for (i = 0; results && i < json_array_size(results) && !st.err; i++) {
		char where[48];

		snprintf(where, sizeof(where), "$.results[%zu]", i);
		result(&st, json_array_get(results, i), where, r, map, n_map,
		       steady_file);
	}
	free(map);
	json_decref(root);
	return st.err;
}
