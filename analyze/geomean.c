/*
 * geomean.c - the geometric mean across results as a summary: each
 * measurement group contributes one log ratio with its Welch standard
 * error, and the interval combines those uncertainties (README
 * "Geometric mean"). GSL has no direct call: log, gsl_stats_mean /
 * gsl_stats_variance, gsl_cdf_tdist_Pinv, exp.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"
#include "../lib/index.h"
#include "../lib/strbuf.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

/* Mean and variance of ln x[0..n); -1 when a value is <= 0. */
static int log_moments(const double *x, size_t n, double *m, double *v)
{
	double *l = fsr_xmalloc((n ? n : 1) * sizeof(*l));
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(x[i] > 0) || !isfinite(x[i])) {
			free(l);
			return -1;
		}
		l[i] = log(x[i]);
	}
	*m = gsl_stats_mean(l, 1, n);
	*v = n >= 2 ? gsl_stats_variance_m(l, 1, n, *m) : NAN;
	free(l);
	return 0;
}

int fsr_log_welch(const double *a, size_t na, const double *b, size_t nb,
		  double *l, double *se, double *df)
{
	double ma, va, mb, vb, qa, qb;

	*l = *se = *df = NAN;
	if (!na || !nb || log_moments(a, na, &ma, &va) ||
	    log_moments(b, nb, &mb, &vb))
		return -1;
	*l = mb - ma;
	if (na < 2 || nb < 2)
		return 0;
	qa = va / (double)na;
	qb = vb / (double)nb;
	*se = sqrt(qa + qb);
	if (qa + qb > 0)
		*df = (qa + qb) * (qa + qb) /
		      (qa * qa / (double)(na - 1) + qb * qb / (double)(nb - 1));
	return 0;
}

int fsr_geomean_combine(const double *l, const double *se, const double *df,
			size_t k, double conf, struct fsr_geo_est *out)
{
	double sum = 0, var = 0, den = 0, t;
	size_t i;
	int known = 1;

	out->ratio = out->ci_low = out->ci_high = out->df = NAN;
	out->se = NAN;
	if (k == 0)
		return 0;
	for (i = 0; i < k; i++) {
		sum += l[i];
		if (!isfinite(se[i])) {
			known = 0;
			continue;
		}
		var += se[i] * se[i];
		if (se[i] > 0)
			den += pow(se[i], 4) / df[i];
	}
	out->ratio = exp(sum / (double)k);
	if (!known)
		return 0;
	out->se = sqrt(var) / (double)k;
	if (var == 0) {
		/* No run varied: the interval is the point. */
		out->ci_low = out->ci_high = out->ratio;
		return 0;
	}
	out->df = var * var / den;
	t = gsl_cdf_tdist_Pinv(1 - (1 - conf) / 2, out->df);
	if (!isfinite(t))
		return FSR_EINTERNAL;
	out->ci_low = exp(sum / (double)k - t * out->se);
	out->ci_high = exp(sum / (double)k + t * out->se);
	return 0;
}

/*
 * The accumulator (analyze-internal.h): a group is interned by its key
 * (test, arguments, app_version, lost_args()); each (group, system)
 * pair keeps the running sums of its rows, added in the order they are
 * fed, which is the rows' order: bit for bit the sums that a stable sort
 * of every row by group gave (the code before the accumulator, kept as
 * the reference in tests/unit/test-geomean-stream.c), without the rows;
 * only the groups are sorted, once, by fsr_geo_acc_finish().
 */
struct geo_group {
	char *key;       /* the fields, each as "<length>:<bytes>"; owned */
	size_t off[4], len[4]; /* the fields in key */
	size_t head;     /* its first geo_sum, SIZE_MAX: none */
};

/* One group's rows of one system. */
struct geo_sum {
	size_t sys, next; /* next: the group's next geo_sum, or SIZE_MAX */
	size_t n;         /* rows */
	double sl, ss, md; /* sum of l, sum of se, smallest df */
};

struct geo_count {
	size_t rows, skipped, bookkeeping, excluded;
};

struct fsr_geo_acc {
	struct fsr_index *ix;    /* key -> group */
	struct geo_group *g;
	size_t n_g, cap_g;
	struct geo_sum *sum;
	size_t n_sum, cap_sum;
	struct geo_count *count; /* by system */
	size_t n_count;
	size_t last;             /* the last row's group, SIZE_MAX: none */
	struct fsr_buf key;      /* scratch */
};

static const char *str(const char *s)
{
	return s ? s : "";
}

/* A PTS test profile ("pts/fio-2.1.0") without its arguments (a file
 * rebuilt from PTS's text output), or a CSV row without arguments
 * (own_runs: "fio, Random read 4KiB" and "fio, fsync latency p99" are
 * different jobs): its description is all that tells its options apart,
 * so each description is a measurement of its own. */
static const char *lost_args(const struct fsr_result *res)
{
	if (!*str(res->arguments) &&
	    (res->own_runs || strchr(str(res->test_id), '/')))
		return str(res->description);
	return "";
}

/* Results of one test with the same arguments and app version come
 * from the same runs (fio's IOPS and bandwidth of a job file, dd's
 * seconds and MB/s, PostMark's rates, PTS results that differ only by
 * unit or result name): they form one group. Its key's fields. */
static void group_fields(const struct fsr_result *res, const char *f[4])
{
	f[0] = str(res->test);
	f[1] = str(res->arguments);
	f[2] = str(res->app_version);
	f[3] = lost_args(res);
}

/* Whether group g's key is fields f. */
static int group_is(const struct geo_group *g, const char *const f[4])
{
	size_t i;

	for (i = 0; i < 4; i++)
		if (strncmp(g->key + g->off[i], f[i], g->len[i]) ||
		    f[i][g->len[i]])
			return 0;
	return 1;
}

/* The group of fields f, made when new. */
static size_t group_of(struct fsr_geo_acc *a, const char *const f[4])
{
	struct geo_group *g;
	size_t i, at;

	if (a->last != SIZE_MAX && group_is(&a->g[a->last], f))
		return a->last;
	fsr_buf_reset(&a->key);
	for (i = 0; i < 4; i++) {
		fsr_buf_add_size(&a->key, strlen(f[i]));
		fsr_buf_addc(&a->key, ':');
		fsr_buf_adds(&a->key, f[i]);
	}
	if (fsr_index_get(a->ix, a->key.buf, &at))
		return a->last = at;
	FSR_GROW(a->g, a->cap_g, a->n_g + 1);
	g = &a->g[a->n_g];
	g->key = fsr_xstrdup(a->key.buf);
	g->head = SIZE_MAX;
	for (i = 0, at = 0; i < 4; i++) {
		g->len[i] = strlen(f[i]);
		at = (size_t)(strchr(g->key + at, ':') - g->key) + 1;
		g->off[i] = at;
		at += g->len[i];
	}
	fsr_index_put(a->ix, g->key, a->n_g);
	return a->last = a->n_g++;
}

/* strcmp() of field i of groups x and y (by sign). */
static int field_cmp(const struct geo_group *x, const struct geo_group *y,
		     size_t i)
{
	size_t n = x->len[i] < y->len[i] ? x->len[i] : y->len[i];
	int c = memcmp(x->key + x->off[i], y->key + y->off[i], n);

	if (c)
		return c;
	return (x->len[i] > y->len[i]) - (x->len[i] < y->len[i]);
}

/* The groups' order (of pointers to them): test, arguments, app
 * version, lost arguments. */
static int by_group(const void *x, const void *y)
{
	const struct geo_group *a = *(const struct geo_group *const *)x;
	const struct geo_group *b = *(const struct geo_group *const *)y;
	size_t i;
	int c = 0;

	for (i = 0; i < 4 && !c; i++)
		c = field_cmp(a, b, i);
	return c;
}

struct fsr_geo_acc *fsr_geo_acc_new(void)
{
	struct fsr_geo_acc *a = fsr_xcalloc(1, sizeof(*a));

	a->ix = fsr_index_new();
	a->last = SIZE_MAX;
	fsr_buf_init(&a->key);
	return a;
}

void fsr_geo_acc_free(struct fsr_geo_acc *a)
{
	size_t i;

	if (!a)
		return;
	fsr_index_free(a->ix);
	for (i = 0; i < a->n_g; i++)
		free(a->g[i].key);
	free(a->g);
	free(a->sum);
	free(a->count);
	fsr_buf_release(&a->key);
	free(a);
}

/* The counts of system sys. */
static struct geo_count *count_of(struct fsr_geo_acc *a, size_t sys)
{
	if (sys >= a->n_count) {
		size_t n = sys + 1 > 2 * a->n_count ? sys + 1 : 2 * a->n_count;

		a->count = fsr_xrealloc(a->count, n * sizeof(*a->count));
		memset(a->count + a->n_count, 0,
		       (n - a->n_count) * sizeof(*a->count));
		a->n_count = n;
	}
	return &a->count[sys];
}

/* l, se, df added to the sums of group gid's rows of system sys. */
static void add_part(struct fsr_geo_acc *a, size_t gid, size_t sys,
		     double l, double se, double df)
{
	struct geo_sum *p;
	size_t at;

	for (at = a->g[gid].head; at != SIZE_MAX; at = a->sum[at].next)
		if (a->sum[at].sys == sys)
			break;
	if (at == SIZE_MAX) {
		FSR_GROW(a->sum, a->cap_sum, a->n_sum + 1);
		at = a->n_sum++;
		p = &a->sum[at];
		p->sys = sys;
		p->next = a->g[gid].head;
		p->n = 0;
		p->sl = p->ss = 0;
		p->md = INFINITY;
		a->g[gid].head = at;
	}
	p = &a->sum[at];
	p->n++;
	p->sl += l;
	p->ss += se;
	if (df < p->md)
		p->md = df;
}

void fsr_geo_acc_row(struct fsr_geo_acc *a, const struct fsr_compare_opts *o,
		     const struct fsr_result *res,
		     const struct fsr_compare_row *row)
{
	struct geo_count *n = count_of(a, row->sys);
	const struct fsr_cell *ca, *cb;
	const char *f[4];
	double l, se, df;

	/* PTS leaves results without a test Identifier (install time and
	 * size, test run time, system monitors) out of its geometric
	 * mean: pts-core/objects/pts_result_file_analyzer.php,
	 * generate_geometric_mean_result(), PTS 10.8.6. */
	if (res->derived) {
		n->bookkeeping++;
		return;
	}
	if (o->geo_keep && !o->geo_keep(res, o->geo_data)) {
		n->excluded++;
		n->skipped++;
		return;
	}
	if (row->flags & (FSR_ROW_NOT_NUMERIC | FSR_ROW_MISSING) ||
	    res->better == FSR_BETTER_UNKNOWN) {
		n->skipped++;
		return;
	}
	ca = &res->cells[row->base_cell];
	cb = &res->cells[row->cell];
	if (row->method == FSR_METHOD_LOG_WELCH && !isnan(row->log_se)) {
		/* the row's own test, the same numbers */
		l = row->effect;
		se = row->log_se;
		df = row->df;
	} else if (fsr_log_welch(ca->samples, ca->n, cb->samples, cb->n, &l,
				 &se, &df)) {
		n->skipped++;
		return;
	}
	if (res->better == FSR_BETTER_LOWER)
		l = -l;
	if (se == 0)
		df = INFINITY;
	n->rows++;
	group_fields(res, f);
	add_part(a, group_of(a, f), row->sys, l, se, df);
}

int fsr_geo_acc_finish(struct fsr_geo_acc *a, size_t n_systems, size_t base,
		       double conf, struct fsr_geomean *geo, size_t *n_geo)
{
	size_t n_sys = n_systems > a->n_count ? n_systems : a->n_count;
	const struct geo_group **order =
		fsr_xmalloc((a->n_g ? a->n_g : 1) * sizeof(*order));
	size_t *at = fsr_xcalloc(n_sys + 1, sizeof(*at));
	size_t *k = fsr_xcalloc(n_sys ? n_sys : 1, sizeof(*k));
	size_t m = a->n_sum ? a->n_sum : 1, i, sys;
	double *l = fsr_xmalloc(m * sizeof(*l));
	double *se = fsr_xmalloc(m * sizeof(*se));
	double *df = fsr_xmalloc(m * sizeof(*df));
	int rc = 0;

	/* the groups sorted once; each system's in that order */
	for (i = 0; i < a->n_g; i++)
		order[i] = &a->g[i];
	qsort(order, a->n_g, sizeof(*order), by_group);
	for (i = 0; i < a->n_sum; i++)
		at[a->sum[i].sys + 1]++;
	for (sys = 0; sys < n_sys; sys++)
		at[sys + 1] += at[sys];
	/* A group counts once: the mean of its log ratios, and the mean
	 * of their standard errors, which bounds the error of that mean
	 * whatever the rows' correlation; its df is its rows' smallest. */
	for (i = 0; i < a->n_g; i++) {
		size_t s;

		for (s = order[i]->head; s != SIZE_MAX;
		     s = a->sum[s].next) {
			const struct geo_sum *p = &a->sum[s];
			size_t j = at[p->sys] + k[p->sys]++;

			l[j] = p->sl / (double)p->n;
			se[j] = p->ss / (double)p->n;
			df[j] = p->md;
		}
	}
	for (sys = 0; sys < n_systems && !rc; sys++) {
		struct fsr_geomean *g;
		struct fsr_geo_est e;

		if (sys == base)
			continue;
		g = &geo[(*n_geo)++];
		memset(g, 0, sizeof(*g));
		g->sys = sys;
		if (sys < a->n_count) {
			g->rows = a->count[sys].rows;
			g->skipped = a->count[sys].skipped;
			g->bookkeeping = a->count[sys].bookkeeping;
			g->excluded = a->count[sys].excluded;
		}
		g->k = k[sys];
		rc = fsr_geomean_combine(l + at[sys], se + at[sys],
					 df + at[sys], g->k, conf, &e);
		g->ratio = e.ratio;
		g->ci_low = e.ci_low;
		g->ci_high = e.ci_high;
		g->df = e.df;
	}
	free(order);
	free(at);
	free(k);
	free(l);
	free(se);
	free(df);
	return rc;
}

int fsr_geo_acc_fill(struct fsr_geo_acc *a, struct fsr_comparison *c,
		     size_t n_systems)
{
	free(c->geo);
	c->geo = fsr_xcalloc(n_systems ? n_systems : 1, sizeof(*c->geo));
	c->n_geo = 0;
	return fsr_geo_acc_finish(a, n_systems, c->baseline,
				  c->opts.confidence, c->geo, &c->n_geo);
}

int fsr_geomean_of(struct fsr_comparison *c, const struct fsr_report *r)
{
	struct fsr_geo_acc *a = fsr_geo_acc_new();
	size_t i;
	int rc;

	for (i = 0; i < c->n_rows; i++)
		fsr_geo_acc_row(a, &c->opts, r->results[c->rows[i].result],
				&c->rows[i]);
	rc = fsr_geo_acc_fill(a, c, r->n_systems);
	fsr_geo_acc_free(a);
	return rc;
}
