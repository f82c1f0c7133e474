/*
 * model.c - the result model: systems, results and cells, with hash
 * lookups by key (lib/index.h) so that importing N results costs O(N).
 */
#include "model.h"
#include "histogram.h"
#include "series.h"
#include "../lib/numbers.h"

#include "../lib/alloc.h"
#include "../lib/diag.h"
#include "../lib/index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum fsr_better fsr_better_parse(const char *s)
{
	if (!s)
		return FSR_BETTER_UNKNOWN;
	if (!strcmp(s, "higher") || !strcmp(s, "HIB") || !strcmp(s, "hib"))
		return FSR_BETTER_HIGHER;
	if (!strcmp(s, "lower") || !strcmp(s, "LIB") || !strcmp(s, "lib"))
		return FSR_BETTER_LOWER;
	return FSR_BETTER_UNKNOWN;
}

const char *fsr_better_name(enum fsr_better b)
{
	switch (b) {
	case FSR_BETTER_HIGHER:
		return "higher";
	case FSR_BETTER_LOWER:
		return "lower";
	default:
		return "";
	}
}

static const char *const display_names[] = {
	[FSR_DISPLAY_BAR] = "bar",
	[FSR_DISPLAY_LINE] = "line",
	[FSR_DISPLAY_PASSFAIL] = "passfail",
	[FSR_DISPLAY_OTHER] = "other",
};

const char *fsr_display_name(enum fsr_display d)
{
	if ((size_t)d >= sizeof(display_names) / sizeof(*display_names))
		return "other";
	return display_names[d];
}

int fsr_display_parse(const char *s, enum fsr_display *out)
{
	size_t i;

	for (i = 0; i < sizeof(display_names) / sizeof(*display_names); i++) {
		if (s && !strcmp(s, display_names[i])) {
			*out = (enum fsr_display)i;
			return 0;
		}
	}
	return -1;
}

/* -------------------------------------------------------------- kvlist */

void fsr_kvlist_set(struct fsr_kvlist *l, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (!strcmp(l->items[i].key, key)) {
			free(l->items[i].value);
			l->items[i].value = fsr_xstrdup(value);
			return;
		}
	}
	if (l->n == l->cap) {
		/* Most lists hold one or two pairs (a cell's PTS JSON). */
		l->cap = l->cap ? 2 * l->cap : 1;
		l->items = fsr_xrealloc(l->items, l->cap * sizeof(*l->items));
	}
	l->items[l->n].key = fsr_xstrdup(key);
	l->items[l->n].value = fsr_xstrdup(value);
	l->n++;
}

const char *fsr_kvlist_get(const struct fsr_kvlist *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->items[i].key, key))
			return l->items[i].value;
	return NULL;
}

void fsr_kvlist_release(struct fsr_kvlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->items[i].key);
		free(l->items[i].value);
	}
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}

/* -------------------------------------------------------------- report */

struct fsr_report *fsr_report_new(void)
{
	struct fsr_report *r = fsr_xcalloc(1, sizeof(*r));

	r->result_index = fsr_index_new();
	r->system_index = fsr_index_new();
	return r;
}

static void entries_release(struct fsr_cell_extra *x)
{
	size_t i;

	for (i = 0; i < x->n_entries; i++) {
		free(x->entries[i].value);
		free(x->entries[i].raw);
		free(x->entries[i].json);
	}
	free(x->entries);
	x->entries = NULL;
	x->n_entries = x->cap_entries = 0;
}

static void cell_release(struct fsr_cell *c)
{
	free(c->samples);
	free(c->stored);
	if (c->extra) {
		entries_release(c->extra);
		free(c->extra->fail_reason);
		fsr_kvlist_release(&c->extra->meta);
		fsr_histset_free(c->extra->hists);
		fsr_refusals_free(c->extra);
		fsr_seriesset_free(c->extra->series);
		free(c->extra);
	}
}

static void result_free(struct fsr_result *res)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		cell_release(&res->cells[i]);
	free(res->cells);
	free(res->key);
	free(res->test_id);
	free(res->test);
	free(res->title);
	free(res->app_version);
	free(res->arguments);
	free(res->description);
	free(res->unit);
	free(res->scale);
	free(res->annotation);
	free(res->parent);
	free(res);
}

static void system_release(struct fsr_system *s)
{
	size_t i;

	free(s->label);
	free(s->name);
	free(s->hardware);
	free(s->software);
	free(s->json);
	free(s->ikey);
	fsr_index_free(s->source_index);
	fsr_kvlist_release(&s->hw);
	fsr_kvlist_release(&s->sw);
	fsr_kvlist_release(&s->meta);
	fsr_kvlist_release(&s->info);
	for (i = 0; i < s->n_sources; i++)
		free(s->sources[i]);
	free(s->sources);
	for (i = 0; i < s->n_more; i++) {
		free(s->more[i].hardware);
		free(s->more[i].software);
		free(s->more[i].json);
		fsr_kvlist_release(&s->more[i].meta);
	}
	free(s->more);
}

static char *dup_or_null(const char *s)
{
	return s && *s ? fsr_xstrdup(s) : NULL;
}

struct fsr_sysblock *fsr_system_add_block(struct fsr_system *s,
					  const char *hardware,
					  const char *software,
					  const char *json, size_t ordinal)
{
	struct fsr_sysblock *b;

	FSR_GROW(s->more, s->cap_more, s->n_more + 1);
	b = &s->more[s->n_more++];
	memset(b, 0, sizeof(*b));
	b->hardware = dup_or_null(hardware);
	b->software = dup_or_null(software);
	b->json = dup_or_null(json);
	b->ordinal = ordinal;
	return b;
}

void fsr_report_free(struct fsr_report *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->n_results; i++)
		result_free(r->results[i]);
	free(r->results);
	for (i = 0; i < r->n_systems; i++)
		system_release(&r->systems[i]);
	free(r->systems);
	for (i = 0; i < r->n_runsets; i++) {
		free(r->runsets[i].label);
		free(r->runsets[i].path);
	}
	free(r->runsets);
	fsr_index_free(r->result_index);
	fsr_index_free(r->system_index);
	free(r->title);
	free(r->description);
	fsr_kvlist_release(&r->generated);
	free(r);
}

size_t fsr_report_add_runset(struct fsr_report *r, const char *label,
			     const char *path, int explicit_label)
{
	struct fsr_runset *rs;

	FSR_GROW(r->runsets, r->cap_runsets, r->n_runsets + 1);
	rs = &r->runsets[r->n_runsets];
	rs->label = fsr_xstrdup(label);
	rs->path = fsr_xstrdup(path);
	rs->explicit_label = explicit_label;
	return r->n_runsets++;
}

/* The index key "<runset>\x1f<name>", without printf: importers look a
 * system up once per entry. */
static const char *system_key(size_t runset, const char *name, char *small,
			      size_t cap, char **heap)
{
	char num[24], *buf;
	size_t i = sizeof(num), nl = name ? strlen(name) : 0, len;

	do {
		num[--i] = (char)('0' + runset % 10);
		runset /= 10;
	} while (runset);
	len = sizeof(num) - i + 1 + nl;
	buf = len < cap ? small : (*heap = fsr_xmalloc(len + 1));
	memcpy(buf, num + i, sizeof(num) - i);
	buf[sizeof(num) - i] = '\x1f';
	if (nl)
		memcpy(buf + sizeof(num) - i + 1, name, nl);
	buf[len] = '\0';
	return buf;
}

size_t fsr_report_system(struct fsr_report *r, size_t runset,
			 const char *name)
{
	char small[256], *heap = NULL;
	struct fsr_system *s;
	const char *key;
	size_t idx;

	if (runset >= r->n_runsets)
		FSR_BUG("run set %zu out of range", runset);
	key = system_key(runset, name, small, sizeof(small), &heap);
	if (fsr_index_get(r->system_index, key, &idx)) {
		free(heap);
		return idx;
	}
	FSR_GROW(r->systems, r->cap_systems, r->n_systems + 1);
	s = &r->systems[r->n_systems];
	memset(s, 0, sizeof(*s));
	s->runset = runset;
	s->name = name ? fsr_xstrdup(name) : NULL;
	s->label = fsr_xstrdup(name ? name : r->runsets[runset].label);
	s->ikey = heap ? heap : fsr_xstrdup(small); /* the index borrows it */
	fsr_index_put(r->system_index, s->ikey, r->n_systems);
	return r->n_systems++;
}

void fsr_system_add_source(struct fsr_system *s, const char *path)
{
	size_t i, at;

	/* A few sources: a scan. Many (a folder of runs pooled into one
	 * system): a hash set, or a folder of N files costs N^2 / 2 string
	 * comparisons (40 % of the run at 5 000 files). */
	if (s->n_sources < 16) {
		for (i = 0; i < s->n_sources; i++)
			if (!strcmp(s->sources[i], path))
				return;
	} else {
		if (!s->source_index ||
		    fsr_index_count(s->source_index) != s->n_sources) {
			fsr_index_free(s->source_index);
			s->source_index = fsr_index_new();
			for (i = 0; i < s->n_sources; i++)
				fsr_index_put(s->source_index, s->sources[i],
					      i);
		}
		if (fsr_index_get(s->source_index, path, &at))
			return;
	}
	FSR_GROW(s->sources, s->cap_sources, s->n_sources + 1);
	s->sources[s->n_sources] = fsr_xstrdup(path);
	if (s->source_index) /* the index borrows the string */
		fsr_index_put(s->source_index, s->sources[s->n_sources],
			      s->n_sources);
	s->n_sources++;
}

static size_t key_part_len(const char *s)
{
	return (s ? strlen(s) : 0) + 1;
}

static char *key_part(char *p, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n)
		memcpy(p, s, n);
	p[n] = '\x1f';
	return p + n + 1;
}

/* The joined identity key of k: in small[0..cap) when it fits, else in
 * *heap (malloc'ed, the caller frees it). Importers look a result up
 * once per sample or entry: no allocation for that. */
static const char *result_key(const struct fsr_result_key *k, char *small,
			      size_t cap, char **heap)
{
	size_t len = key_part_len(k->test) + key_part_len(k->arguments) +
		     key_part_len(k->description) +
		     key_part_len(k->app_version) + key_part_len(k->unit);
	char *buf = len < cap ? small : (*heap = fsr_xmalloc(len + 1)), *p;

	p = key_part(buf, k->test);
	p = key_part(p, k->arguments);
	p = key_part(p, k->description);
	p = key_part(p, k->app_version);
	p = key_part(p, k->unit);
	*p = '\0';
	return buf;
}

void fsr_result_key_format(struct fsr_buf *b, const struct fsr_result_key *k)
{
	char small[256], *heap = NULL;
	const char *key = result_key(k, small, sizeof(small), &heap);

	fsr_buf_reset(b);
	fsr_buf_adds(b, key);
	free(heap);
}

char *fsr_test_identity(const char *test_id)
{
	const char *dash = strrchr(test_id, '-');
	const char *dot;

	/* "pts/tiobench-1.2.0": drop ".0" after the last dash's version. */
	if (dash && dash[1] >= '0' && dash[1] <= '9') {
		dot = strrchr(dash, '.');
		if (dot && strchr(dash, '.') != dot)
			return fsr_xstrndup(test_id, (size_t)(dot - test_id));
	}
	return fsr_xstrdup(test_id);
}

static char *dup_or_empty(const char *s)
{
	return fsr_xstrdup(s ? s : "");
}

struct fsr_result *fsr_report_result(struct fsr_report *r,
				     const struct fsr_result_key *key)
{
	char small[256], *heap = NULL;
	struct fsr_result *res;
	const char *k;
	size_t idx;

	k = result_key(key, small, sizeof(small), &heap);
	if (fsr_index_get(r->result_index, k, &idx)) {
		free(heap);
		return r->results[idx];
	}
	res = fsr_xcalloc(1, sizeof(*res));
	res->key = heap ? heap : fsr_xstrdup(small);
	res->test = dup_or_empty(key->test);
	res->test_id = dup_or_empty(key->test);
	res->arguments = dup_or_empty(key->arguments);
	res->description = dup_or_empty(key->description);
	res->app_version = dup_or_empty(key->app_version);
	res->unit = dup_or_empty(key->unit);
	res->title = dup_or_empty(key->test);
	FSR_GROW(r->results, r->cap_results, r->n_results + 1);
	r->results[r->n_results] = res;
	fsr_index_put(r->result_index, res->key, r->n_results);
	r->n_results++;
	return res;
}

/* r's index of result keys made again from its results (the index
 * borrows their keys). */
static void index_results(struct fsr_report *r)
{
	size_t i;

	fsr_index_free(r->result_index);
	r->result_index = fsr_index_new();
	for (i = 0; i < r->n_results; i++)
		fsr_index_put(r->result_index, r->results[i]->key, i);
}

void fsr_report_forget_results(struct fsr_report *r, size_t k, int own)
{
	size_t i;

	if (k > r->n_results)
		FSR_BUG("forget %zu of %zu results", k, r->n_results);
	for (i = 0; own && i < k; i++)
		result_free(r->results[i]);
	if (k && r->n_results > k)
		memmove(r->results, r->results + k,
			(r->n_results - k) * sizeof(*r->results));
	r->n_results -= k;
	index_results(r);
}

struct fsr_result *fsr_report_find_result(const struct fsr_report *r,
					  const char *key)
{
	size_t idx;

	if (fsr_index_get(r->result_index, key, &idx))
		return r->results[idx];
	return NULL;
}

/* The index of sys's cell in res, or n_cells. Reading n run sets makes
 * results of n cells; a scan per lookup made reading them quadratic
 * (64 % of `show --db` of 10 000 run sets, issue 35). */
static size_t cell_index(const struct fsr_result *res, size_t sys)
{
	size_t lo = 0, hi = res->n_sorted, i;

	if (hi > res->n_cells)
		FSR_BUG("n_sorted %zu > n_cells %zu", hi, res->n_cells);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (res->cells[mid].system < sys)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < res->n_sorted && res->cells[lo].system == sys)
		return lo;
	for (i = res->n_sorted; i < res->n_cells; i++)
		if (res->cells[i].system == sys)
			return i;
	return res->n_cells;
}

/* Recount the sorted prefix after the cells' systems were renumbered. */
static void cells_resorted(struct fsr_result *res)
{
	size_t i = res->n_cells ? 1 : 0;

	while (i < res->n_cells &&
	       res->cells[i - 1].system < res->cells[i].system)
		i++;
	res->n_sorted = i;
}

const struct fsr_cell *fsr_result_find_cell(const struct fsr_result *res,
					    size_t sys)
{
	size_t i = cell_index(res, sys);

	return i < res->n_cells ? &res->cells[i] : NULL;
}

struct fsr_cell *fsr_result_cell(struct fsr_result *res, size_t sys)
{
	struct fsr_cell *c;
	size_t i = cell_index(res, sys);

	if (i < res->n_cells)
		return &res->cells[i];
	FSR_GROW(res->cells, res->cap_cells, res->n_cells + 1);
	if (res->n_sorted == res->n_cells &&
	    (!res->n_cells || res->cells[res->n_cells - 1].system < sys))
		res->n_sorted++;
	c = &res->cells[res->n_cells++];
	memset(c, 0, sizeof(*c));
	c->system = sys;
	c->stored_decimals = -1;
	return c;
}

void fsr_result_reserve_cells(struct fsr_result *res, size_t n)
{
	if (n <= res->cap_cells)
		return;
	if (n > SIZE_MAX / sizeof(*res->cells))
		FSR_BUG("too many cells (%zu)", n);
	res->cells = fsr_xrealloc(res->cells, n * sizeof(*res->cells));
	res->cap_cells = n;
}

void fsr_cell_reserve(struct fsr_cell *c, size_t more)
{
	if (more > SIZE_MAX / sizeof(*c->samples) - c->n)
		FSR_BUG("too many samples (%zu)", more);
	if (c->n + more <= c->cap)
		return;
	c->samples = fsr_xrealloc(c->samples,
				  (c->n + more) * sizeof(*c->samples));
	c->cap = c->n + more;
}

void fsr_cell_add_sample(struct fsr_cell *c, double x)
{
	FSR_GROW(c->samples, c->cap, c->n + 1);
	c->samples[c->n++] = x;
}

int fsr_result_value_out_of_range(const struct fsr_result *res, double *x)
{
	size_t j, k;

	for (j = 0; j < res->n_cells; j++) {
		const struct fsr_cell *c = &res->cells[j];

		for (k = 0; k < c->n; k++) {
			if (fsr_value_in_range(c->samples[k]))
				continue;
			*x = c->samples[k];
			return 1;
		}
	}
	return 0;
}

int fsr_report_value_out_of_range(const struct fsr_report *r, double *x,
				  const struct fsr_result **res)
{
	size_t i;

	for (i = 0; i < r->n_results; i++) {
		if (fsr_result_value_out_of_range(r->results[i], x)) {
			*res = r->results[i];
			return 1;
		}
	}
	return 0;
}

void fsr_result_drop_cells(struct fsr_result *res)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		cell_release(&res->cells[i]);
	free(res->cells);
	res->cells = NULL;
	res->n_cells = res->n_sorted = res->cap_cells = 0;
}

/* c's extra part, made when it has none. */
static struct fsr_cell_extra *cell_extra(struct fsr_cell *c)
{
	if (!c->extra)
		c->extra = fsr_xcalloc(1, sizeof(*c->extra));
	return c->extra;
}

void fsr_cell_add_failed(struct fsr_cell *c, const char *reason)
{
	c->n_failed++;
	if (!fsr_cell_fail_reason(c) && reason && *reason)
		cell_extra(c)->fail_reason = fsr_xstrdup(reason);
}

const char *fsr_cell_fail_reason(const struct fsr_cell *c)
{
	return c->extra ? c->extra->fail_reason : NULL;
}

void fsr_cell_set_fail_reason(struct fsr_cell *c, const char *reason)
{
	if (!reason && !c->extra)
		return;
	free(cell_extra(c)->fail_reason);
	c->extra->fail_reason = reason ? fsr_xstrdup(reason) : NULL;
}

const struct fsr_kvlist *fsr_cell_meta(const struct fsr_cell *c)
{
	static const struct fsr_kvlist none;

	return c->extra ? &c->extra->meta : &none;
}

struct fsr_kvlist *fsr_cell_meta_edit(struct fsr_cell *c)
{
	return &cell_extra(c)->meta;
}

void fsr_cell_add_run_time(struct fsr_cell *c, double secs)
{
	struct fsr_kvlist *m = fsr_cell_meta_edit(c);
	const char *was = fsr_kvlist_get(m, FSR_META_RUN_TIMES);
	struct fsr_buf b = FSR_BUF_INIT;

	if (was)
		fsr_buf_addf(&b, "%s:", was);
	fsr_buf_addf(&b, "%.3f", secs);
	fsr_kvlist_set(m, FSR_META_RUN_TIMES, b.buf);
	fsr_buf_release(&b);
}

const struct fsr_entry *fsr_cell_entries(const struct fsr_cell *c,
					 size_t *n)
{
	*n = c->extra ? c->extra->n_entries : 0;
	return *n ? c->extra->entries : NULL;
}

void fsr_cell_set_stored(struct fsr_cell *c, const char *value)
{
	c->n_stored++;
	free(c->stored);
	c->stored = NULL;
	/* Two pooled entries have no single stored value. */
	if (c->n_stored == 1 && value)
		c->stored = fsr_xstrdup(value);
}

void fsr_cell_add_entry(struct fsr_cell *c, const char *value,
			const char *raw, const char *json, size_t seq,
			size_t n_samples, int failed)
{
	struct fsr_cell_extra *x = cell_extra(c);
	struct fsr_entry *e;

	FSR_GROW(x->entries, x->cap_entries, x->n_entries + 1);
	e = &x->entries[x->n_entries++];
	e->value = fsr_xstrdup(value ? value : "");
	e->raw = raw ? fsr_xstrdup(raw) : NULL;
	e->json = json ? fsr_xstrdup(json) : NULL;
	e->seq = seq;
	e->n_samples = n_samples;
	e->failed = failed;
}

int fsr_cell_entries_exact(const struct fsr_cell *c)
{
	size_t i, k, n = 0, failed = 0;
	const struct fsr_entry *e = fsr_cell_entries(c, &k);

	if (!k)
		return 0;
	for (i = 0; i < k; i++) {
		n += e[i].n_samples;
		failed += e[i].failed != 0;
	}
	return n == c->n && failed == c->n_failed;
}

/* ------------------------------------------------------------- labels */

struct label_ref {
	const char *label;
	size_t runset, sys;
};

static int cmp_label_ref(const void *a, const void *b)
{
	const struct label_ref *x = a, *y = b;
	int c = strcmp(x->label, y->label);

	if (c)
		return c;
	return x->sys < y->sys ? -1 : x->sys > y->sys;
}

/*
 * clash[i] = 1 when another run set has a system labelled like system i.
 * Sorted by label, that is every member of a group of equal labels that
 * spans two run sets or more: O(S log S), where comparing every pair was
 * O(S^2) for a folder of files with a system each.
 */
static void mark_clashes(const struct fsr_report *r, char *clash)
{
	struct label_ref *v;
	size_t i, j, k;

	if (r->n_systems < 2)
		return;
	v = fsr_xmalloc(r->n_systems * sizeof(*v));
	for (i = 0; i < r->n_systems; i++) {
		v[i].label = r->systems[i].label;
		v[i].runset = r->systems[i].runset;
		v[i].sys = i;
	}
	qsort(v, r->n_systems, sizeof(*v), cmp_label_ref);
	for (i = 0; i < r->n_systems; i = j) {
		int mixed = 0;

		for (j = i + 1; j < r->n_systems &&
				!strcmp(v[j].label, v[i].label); j++)
			if (v[j].runset != v[i].runset)
				mixed = 1;
		if (mixed)
			for (k = i; k < j; k++)
				clash[v[k].sys] = 1;
	}
	free(v);
}

void fsr_report_finish_labels(struct fsr_report *r)
{
	size_t i, *per_runset;
	char *clash;

	per_runset = fsr_xcalloc(r->n_runsets ? r->n_runsets : 1,
				 sizeof(*per_runset));
	for (i = 0; i < r->n_systems; i++)
		per_runset[r->systems[i].runset]++;
	for (i = 0; i < r->n_systems; i++) {
		struct fsr_system *s = &r->systems[i];
		const struct fsr_runset *rs = &r->runsets[s->runset];
		struct fsr_buf b = FSR_BUF_INIT;

		if (!s->name || (rs->explicit_label &&
				 per_runset[s->runset] == 1))
			fsr_buf_adds(&b, rs->label);
		else if (rs->explicit_label)
			fsr_buf_addf(&b, "%s: %s", rs->label, s->name);
		else
			fsr_buf_adds(&b, s->name);
		free(s->label);
		s->label = fsr_buf_detach(&b);
	}
	/*
	 * Equal labels from different run sets (two files that both call
	 * their system "Defaults"): a run set's only system takes the run
	 * set's label, others get it in front.
	 */
	clash = fsr_xcalloc(r->n_systems ? r->n_systems : 1, sizeof(*clash));
	mark_clashes(r, clash);
	for (i = 0; i < r->n_systems; i++) {
		struct fsr_system *s = &r->systems[i];
		const char *rl = r->runsets[s->runset].label;
		struct fsr_buf b = FSR_BUF_INIT;

		if (!clash[i] || !s->name)
			continue;
		if (per_runset[s->runset] == 1)
			fsr_buf_adds(&b, rl);
		else
			fsr_buf_addf(&b, "%s: %s", rl, s->name);
		free(s->label);
		s->label = fsr_buf_detach(&b);
	}
	free(clash);
	free(per_runset);
}

/* -------------------------------------------------------------- merge */

static void kvlist_merge(struct fsr_kvlist *dst, const struct fsr_kvlist *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		if (!fsr_kvlist_get(dst, src->items[i].key))
			fsr_kvlist_set(dst, src->items[i].key,
				       src->items[i].value);
}

static void system_merge(struct fsr_system *d, struct fsr_system *s)
{
	size_t i;

	if (!d->hardware && s->hardware) {
		d->hardware = s->hardware;
		s->hardware = NULL;
	}
	if (!d->software && s->software) {
		d->software = s->software;
		s->software = NULL;
	}
	/* The JSON as written stays only while one file described d. */
	if (!d->declared && s->declared && !d->json) {
		d->json = s->json;
		s->json = NULL;
	} else if (s->declared && d->declared) {
		free(d->json);
		d->json = NULL;
	}
	d->declared |= s->declared;
	d->undeclared = !d->declared && (d->undeclared || s->undeclared);
	kvlist_merge(&d->hw, &s->hw);
	kvlist_merge(&d->sw, &s->sw);
	kvlist_merge(&d->meta, &s->meta);
	kvlist_merge(&d->info, &s->info);
	for (i = 0; i < s->n_sources; i++)
		fsr_system_add_source(d, s->sources[i]);
	/* Further PTS blocks move over (the strings change hands). */
	for (i = 0; i < s->n_more; i++) {
		FSR_GROW(d->more, d->cap_more, d->n_more + 1);
		d->more[d->n_more++] = s->more[i];
	}
	s->n_more = 0;
}

static void cell_pool(struct fsr_cell *d, struct fsr_cell *s)
{
	size_t i, k;

	/* Entries as read stay only while one file filled the cell. */
	if (!d->n && !d->n_failed && !fsr_cell_entries(d, &k)) {
		if (fsr_cell_entries(s, &k)) {
			struct fsr_cell_extra *x = cell_extra(d);

			x->entries = s->extra->entries;
			x->n_entries = s->extra->n_entries;
			x->cap_entries = s->extra->cap_entries;
			s->extra->entries = NULL;
			s->extra->n_entries = s->extra->cap_entries = 0;
		}
	} else if (d->extra) {
		entries_release(d->extra);
	}
	/* A cell of failed runs only has no sample array: memcpy from
	 * NULL is undefined even for 0 bytes (UBSan, fuzz-pts). */
	if (s->n) {
		FSR_GROW(d->samples, d->cap, d->n + s->n);
		memcpy(d->samples + d->n, s->samples,
		       s->n * sizeof(*s->samples));
		d->n += s->n;
	}
	for (i = 0; i < s->n_stored; i++)
		fsr_cell_set_stored(d, s->stored);
	if (s->stored_decimals > d->stored_decimals)
		d->stored_decimals = s->stored_decimals;
	d->n_failed += s->n_failed;
	if (!s->extra)
		return;
	if (!fsr_cell_fail_reason(d) && s->extra->fail_reason) {
		cell_extra(d)->fail_reason = s->extra->fail_reason;
		s->extra->fail_reason = NULL;
	}
	if (s->extra->meta.n) {
		const char *a = fsr_kvlist_get(fsr_cell_meta(d),
					       FSR_META_RUN_TIMES);
		const char *b = fsr_kvlist_get(&s->extra->meta,
					       FSR_META_RUN_TIMES);

		if (a && b) { /* the runs pooled: their times too */
			struct fsr_buf j = FSR_BUF_INIT;

			fsr_buf_addf(&j, "%s:%s", a, b);
			fsr_kvlist_set(fsr_cell_meta_edit(d),
				       FSR_META_RUN_TIMES, j.buf);
			fsr_buf_release(&j);
		}
		kvlist_merge(fsr_cell_meta_edit(d), &s->extra->meta);
	}
	if (s->extra->hists)
		fsr_histset_take(&cell_extra(d)->hists, s->extra->hists);
	s->extra->hists = NULL;
	if (s->extra->n_refused)
		fsr_refusals_take(cell_extra(d), s->extra);
	if (s->extra->series)
		fsr_seriesset_take(&cell_extra(d)->series, s->extra->series);
	s->extra->series = NULL;
}

static int word_char(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || (c & 0x80);
}

static int title_trail(char c)
{
	return c == ' ' || c == '\t' || (c && strchr(",;:-#(=/[.", c));
}

char *fsr_title_common(const char *a, const char *b)
{
	size_t n = 0, w;

	if (!strcmp(a, b))
		return fsr_xstrdup(a);
	while (a[n] && a[n] == b[n])
		n++;
	/* back to a word's end in both */
	while (n && word_char(a[n - 1]) &&
	       (word_char(a[n]) || word_char(b[n])))
		n--;
	while (n && title_trail(a[n - 1]))
		n--;
	/* "run 01" / "run 02": the word before differing numbers goes too */
	for (w = n; a[w] == ' ' || a[w] == '\t'; w++)
		;
	if (w > n && a[w] >= '0' && a[w] <= '9') {
		size_t k = n; /* b[0..n) is a's: b is read from n on */

		while (b[k] == ' ' || b[k] == '\t')
			k++;
		if (k > n && b[k] >= '0' && b[k] <= '9') {
			while (n && word_char(a[n - 1]))
				n--;
			while (n && title_trail(a[n - 1]))
				n--;
		}
	}
	return fsr_xstrndup(a, n);
}

void fsr_result_meet_title(struct fsr_result *res, const char *other,
			   const char *fallback)
{
	char *t;

	if (!strcmp(res->title, other))
		return;
	t = fsr_title_common(res->title, other);
	free(res->title);
	if (*t) {
		res->title = t;
	} else {
		free(t);
		res->title = fsr_xstrdup(fallback);
	}
}

size_t *fsr_report_merge_systems(struct fsr_report *dst, size_t runset,
				 struct fsr_report *src)
{
	size_t i, *map;

	map = fsr_xcalloc(src->n_systems ? src->n_systems : 1, sizeof(*map));
	for (i = 0; i < src->n_systems; i++) {
		map[i] = fsr_report_system(dst, runset, src->systems[i].name);
		system_merge(&dst->systems[map[i]], &src->systems[i]);
	}
	return map;
}

int fsr_report_merge_result(struct fsr_report *dst, const size_t *map,
			    struct fsr_result *sr)
{
	size_t idx, j;

	for (j = 0; j < sr->n_cells; j++)
		sr->cells[j].system = map[sr->cells[j].system];
	cells_resorted(sr);
	if (!fsr_index_get(dst->result_index, sr->key, &idx)) {
		/* Move the whole result: no copy of its samples. */
		FSR_GROW(dst->results, dst->cap_results, dst->n_results + 1);
		dst->results[dst->n_results] = sr;
		fsr_index_put(dst->result_index, sr->key, dst->n_results);
		dst->n_results++;
		return 1;
	}
	fsr_result_meet_title(dst->results[idx], sr->title,
			      dst->results[idx]->test);
	for (j = 0; j < sr->n_cells; j++) {
		struct fsr_cell *dc = fsr_result_cell(dst->results[idx],
						      sr->cells[j].system);

		cell_pool(dc, &sr->cells[j]);
	}
	return 0;
}

void fsr_report_merge_head(struct fsr_report *dst, struct fsr_report *src)
{
	if (!dst->title && src->title) {
		dst->title = src->title;
		dst->title_made = src->title_made;
		src->title = NULL;
	}
	/* The Generated block is kept only while one file made the report. */
	if (!dst->n_generated && src->n_generated == 1) {
		dst->generated = src->generated;
		memset(&src->generated, 0, sizeof(src->generated));
	} else if (src->n_generated) {
		fsr_kvlist_release(&dst->generated);
	}
	dst->n_generated += src->n_generated;
	/* a file written with --drop-first says how many it left out */
	dst->n_dropped_first += src->n_dropped_first;
	if (!dst->description && src->description) {
		dst->description = src->description;
		src->description = NULL;
	}
}

void fsr_report_merge(struct fsr_report *dst, size_t runset,
		      struct fsr_report *src)
{
	size_t i, *map;

	fsr_report_merge_head(dst, src);
	map = fsr_report_merge_systems(dst, runset, src);
	for (i = 0; i < src->n_results; i++)
		if (fsr_report_merge_result(dst, map, src->results[i]))
			src->results[i] = NULL;
	for (i = 0; i < src->n_results; i++)
		if (src->results[i])
			result_free(src->results[i]);
	src->n_results = 0;
	free(map);
	fsr_report_free(src);
}

size_t fsr_report_drop_first(struct fsr_report *r)
{
	size_t i, j, n = 0;

	for (i = 0; i < r->n_results; i++) {
		struct fsr_result *res = r->results[i];

		if (res->display != FSR_DISPLAY_BAR)
			continue;
		for (j = 0; j < res->n_cells; j++) {
			struct fsr_cell *c = &res->cells[j];

			if (c->n < 3)
				continue;
			/* the first run's series and latency histogram go
			 * with it, where they are the runs one to one (the
			 * spectrum, the shape test and the exports count
			 * the runs the percentiles count) */
			if (c->extra && c->extra->series &&
			    c->extra->series->n == c->n)
				fsr_seriesset_drop_first(c->extra->series);
			if (c->extra && c->extra->hists &&
			    c->extra->hists->n == c->n)
				fsr_histset_drop_first(c->extra->hists);
			memmove(c->samples, c->samples + 1,
				(c->n - 1) * sizeof(*c->samples));
			c->n--;
			n++;
		}
	}
	r->n_dropped_first += n;
	return n;
}

void fsr_result_remove_cell(struct fsr_result *res, size_t k)
{
	cell_release(&res->cells[k]);
	memmove(res->cells + k, res->cells + k + 1,
		(res->n_cells - k - 1) * sizeof(*res->cells));
	res->n_cells--;
	if (k < res->n_sorted)
		res->n_sorted--;
}

void fsr_report_keep_results(struct fsr_report *r, const size_t *keep,
			     size_t n)
{
	struct fsr_result **kept = fsr_xcalloc(n ? n : 1, sizeof(*kept));
	size_t i;

	for (i = 0; i < n; i++) {
		kept[i] = r->results[keep[i]];
		r->results[keep[i]] = NULL;
	}
	for (i = 0; i < r->n_results; i++)
		if (r->results[i])
			result_free(r->results[i]);
	for (i = 0; i < n; i++)
		r->results[i] = kept[i];
	r->n_results = n;
	index_results(r);
	free(kept);
}
