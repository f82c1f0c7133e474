/*
 * digest.c - the SHA-256 of a run set's content as the store keeps it
 * (Nettle's SHA-256): written with the run set, checked when it is read
 * back, so damage that SQLite cannot see (a changed sample) is found.
 *
 * Every field goes in with a tag and, for text, its length, in the
 * model's order; numbers as C99 hex floats (exact). Display labels are
 * left out: they are computed from the run sets read together. A field
 * a later schema added goes in only when it is not empty, so a run set
 * stored before keeps its digest.
 */
#include "store-internal.h"
#include "../model/series.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct dg {
	struct sha256_ctx ck;
	struct fsr_buf b; /* bytes not yet hashed */
};

void fsr_store_sha256_hex(struct sha256_ctx *ctx, char hex[65])
{
	static const char digit[] = "0123456789abcdef";
	uint8_t sum[SHA256_DIGEST_SIZE];
	size_t i;

	sha256_digest(ctx, sizeof(sum), sum);
	for (i = 0; i < sizeof(sum); i++) {
		hex[2 * i] = digit[sum[i] >> 4];
		hex[2 * i + 1] = digit[sum[i] & 15];
	}
	hex[64] = '\0';
}

/* The fields are gathered in g->b and hashed some KiB at a time, and
 * numbers are formatted here, not by printf: an fsr_buf_addf() and a
 * sha256_update() per field were half of reading 1 000 run sets back
 * (issue 35). The bytes hashed are the same as before. */
static void flush(struct dg *g)
{
	sha256_update(&g->ck, g->b.len, (const uint8_t *)g->b.buf);
	fsr_buf_reset(&g->b);
}

static void put(struct dg *g, const void *data, size_t len)
{
	fsr_buf_add(&g->b, data, len);
	if (g->b.len >= 8192)
		flush(g);
}

/* The decimal u into out, returns its length. */
static size_t decimal(unsigned long long u, char *out)
{
	char t[24];
	size_t k = 0, i;

	do {
		t[k++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	for (i = 0; i < k; i++)
		out[i] = t[k - 1 - i];
	return k;
}

/* tag, v in decimal, term: "s12:", "i-3;" (what "%c%lld%c" writes). */
static void put_tagged(struct dg *g, char tag, long long v, char term)
{
	char t[32];
	size_t k = 0;

	t[k++] = tag;
	if (v < 0)
		t[k++] = '-';
	k += decimal(v < 0 ? 0ULL - (unsigned long long)v :
			     (unsigned long long)v, t + k);
	t[k++] = term;
	put(g, t, k);
}

static void put_text(struct dg *g, const char *s)
{
	size_t n;

	if (!s) {
		put(g, "n;", 2);
		return;
	}
	n = strlen(s);
	put_tagged(g, 's', (long long)n, ':');
	put(g, s, n);
}

static void put_int(struct dg *g, long long v)
{
	put_tagged(g, 'i', v, ';');
}

/* x as glibc's "%a" writes a double ("0x1.8p+1", "-0x0p+0"), into out
 * (40 bytes), returns the length; inf and subnormals go to printf. */
static size_t hexfloat(double x, char *out)
{
	static const char digit[] = "0123456789abcdef";
	uint64_t bits, frac;
	int e, nd = 13, i;
	size_t k = 0;

	memcpy(&bits, &x, sizeof(bits));
	e = (int)((bits >> 52) & 0x7ff);
	frac = bits & ((UINT64_C(1) << 52) - 1);
	if (e == 0x7ff || (e == 0 && frac))
		return (size_t)snprintf(out, 40, "%a", x);
	if (bits >> 63)
		out[k++] = '-';
	out[k++] = '0';
	out[k++] = 'x';
	out[k++] = e ? '1' : '0';
	if (frac) {
		while (!(frac & 15)) {
			frac >>= 4;
			nd--;
		}
		out[k++] = '.';
		for (i = nd; i-- > 0; frac >>= 4)
			out[k + (size_t)i] = digit[frac & 15];
		k += (size_t)nd;
	}
	e = e ? e - 1023 : 0;
	out[k++] = 'p';
	out[k++] = e < 0 ? '-' : '+';
	return k + decimal((unsigned long long)(e < 0 ? -e : e), out + k);
}

static void put_double(struct dg *g, double x)
{
	char t[48];
	size_t k;

	if (isnan(x)) {
		put(g, "dnan;", 5);
		return;
	}
	t[0] = 'd';
	k = 1 + hexfloat(x, t + 1);
	t[k++] = ';';
	put(g, t, k);
}

static void put_kv(struct dg *g, const struct fsr_kvlist *l)
{
	size_t i;

	put_int(g, (long long)l->n);
	for (i = 0; i < l->n; i++) {
		put_text(g, l->items[i].key);
		put_text(g, l->items[i].value);
	}
}

static void put_system(struct dg *g, const struct fsr_system *s)
{
	size_t i;

	put_text(g, s->name);
	put_text(g, s->hardware);
	put_text(g, s->software);
	put_text(g, s->json);
	put_int(g, s->declared);
	put_int(g, s->undeclared);
	put_kv(g, &s->hw);
	put_kv(g, &s->sw);
	put_kv(g, &s->meta);
	/* Only when there are any, so that the run sets of schema 1 (which
	 * had none) keep their digests; the text "info" cannot be taken
	 * for the integer that follows otherwise. */
	if (s->info.n) {
		put_text(g, "info");
		put_kv(g, &s->info);
	}
	put_int(g, (long long)s->n_sources);
	for (i = 0; i < s->n_sources; i++)
		put_text(g, s->sources[i]);
}

/* A cell's time series (schema 3), only when it has some, so that the
 * run sets stored before keep their digests; tagged with the text
 * "series", where a cell's next field otherwise is the next cell's
 * system (an integer) or the next result's key (a key has its test,
 * description and unit, never the one word). */
static void put_series(struct dg *g, const struct fsr_seriesset *ss)
{
	size_t i, k;

	if (!ss)
		return;
	put_text(g, "series");
	put_int(g, (long long)ss->n);
	for (i = 0; i < ss->n; i++) {
		put_int(g, (long long)ss->runs[i].n);
		for (k = 0; k < ss->runs[i].n; k++) {
			put_double(g, ss->runs[i].t_ms[k]);
			put_double(g, ss->runs[i].v[k]);
		}
	}
}

static void put_cell(struct dg *g, const struct fsr_cell *c)
{
	size_t i, n;
	const struct fsr_entry *ents = fsr_cell_entries(c, &n);

	put_int(g, (long long)c->system);
	put_int(g, (long long)c->n);
	for (i = 0; i < c->n; i++)
		put_double(g, c->samples[i]);
	put_text(g, c->stored);
	put_int(g, c->stored_decimals);
	put_int(g, (long long)c->n_stored);
	put_int(g, (long long)c->n_failed);
	put_text(g, fsr_cell_fail_reason(c));
	put_kv(g, fsr_cell_meta(c));
	put_int(g, (long long)n);
	for (i = 0; i < n; i++) {
		const struct fsr_entry *e = &ents[i];

		put_text(g, e->value);
		put_text(g, e->raw);
		put_text(g, e->json);
		put_int(g, (long long)e->seq);
		put_int(g, (long long)e->n_samples);
		put_int(g, e->failed);
	}
	put_series(g, fsr_cell_series(c));
}

static void put_result(struct dg *g, const struct fsr_result *res)
{
	size_t i;

	put_text(g, res->key);
	put_text(g, res->test_id);
	put_text(g, res->test);
	put_text(g, res->title);
	put_text(g, res->app_version);
	put_text(g, res->arguments);
	put_text(g, res->description);
	put_text(g, res->unit);
	put_int(g, res->better);
	put_int(g, res->display);
	put_int(g, res->derived);
	put_int(g, (long long)res->n_cells);
	for (i = 0; i < res->n_cells; i++)
		put_cell(g, &res->cells[i]);
}

void fsr_store_digest(const struct fsr_report *r, char hex[65])
{
	struct dg g;
	size_t i;

	sha256_init(&g.ck);
	fsr_buf_init(&g.b);

	put_text(&g, "fsreport store digest 1");
	if (r->n_runsets) {
		put_text(&g, r->runsets[0].label);
		put_text(&g, r->runsets[0].path);
		put_int(&g, r->runsets[0].explicit_label);
	}
	put_text(&g, r->title);
	put_text(&g, r->description);
	put_int(&g, (long long)r->n_generated);
	put_kv(&g, &r->generated);
	put_int(&g, (long long)r->n_systems);
	for (i = 0; i < r->n_systems; i++)
		put_system(&g, &r->systems[i]);
	put_int(&g, (long long)r->n_results);
	for (i = 0; i < r->n_results; i++)
		put_result(&g, r->results[i]);
	/* The first runs --drop-first left out (schema 4), only when there
	 * were any, so that the run sets stored before keep their digests;
	 * last, after every result, tagged. */
	if (r->n_dropped_first) {
		put_text(&g, "dropped_first");
		put_int(&g, (long long)r->n_dropped_first);
	}
	flush(&g);
	fsr_store_sha256_hex(&g.ck, hex);
	fsr_buf_release(&g.b);
}
