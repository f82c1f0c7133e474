/*
 * geomean.c - the geometric mean across results as a summary: each
 * measurement group contributes one log ratio with its Welch standard
 * error, and the interval combines those uncertainties (README
 * "Geometric mean"). GSL has no direct call: log, gsl_stats_mean /
 * gsl_stats_variance, gsl_cdf_tdist_Pinv, exp.
 */
#include "analyze-internal.h"
#include "../lib/alloc.h"

#include <math.h>
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

/* One row's direction-normalised log ratio, and its group. */
struct geo_part {
	const struct fsr_result *res;
	double l, se, df;
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
 * unit or result name): they form one group. */
static int by_group(const void *x, const void *y)
{
	const struct fsr_result *a = ((const struct geo_part *)x)->res;
	const struct fsr_result *b = ((const struct geo_part *)y)->res;
	int c = strcmp(str(a->test), str(b->test));

	if (!c)
		c = strcmp(str(a->arguments), str(b->arguments));
	if (!c)
		c = strcmp(str(a->app_version), str(b->app_version));
	if (!c)
		c = strcmp(lost_args(a), lost_args(b));
	return c;
}

/* The rows of system sys that enter the mean, into p; returns how many. */
static size_t collect(struct fsr_comparison *c, const struct fsr_report *r,
		      struct fsr_geomean *g, struct geo_part *p)
{
	size_t i, n = 0;

	for (i = 0; i < c->n_rows; i++) {
		const struct fsr_compare_row *row = &c->rows[i];
		const struct fsr_result *res = r->results[row->result];
		const struct fsr_cell *a, *b;
		struct geo_part *q = &p[n];

		if (row->sys != g->sys)
			continue;
		/* PTS leaves results without a test Identifier (install
		 * time and size, test run time, system monitors) out of
		 * its geometric mean: pts-core/objects/
		 * pts_result_file_analyzer.php, generate_geometric_mean_
		 * result(), PTS 10.8.6. */
		if (res->derived) {
			g->bookkeeping++;
			continue;
		}
		if (c->opts.geo_keep &&
		    !c->opts.geo_keep(res, c->opts.geo_data)) {
			g->excluded++;
			g->skipped++;
			continue;
		}
		a = &res->cells[row->base_cell];
		b = &res->cells[row->cell];
		if (row->flags & (FSR_ROW_NOT_NUMERIC | FSR_ROW_MISSING) ||
		    res->better == FSR_BETTER_UNKNOWN) {
			g->skipped++;
			continue;
		}
		if (row->method == FSR_METHOD_LOG_WELCH &&
		    !isnan(row->log_se)) {
			/* the row's own test, the same numbers */
			q->l = row->effect;
			q->se = row->log_se;
			q->df = row->df;
		} else if (fsr_log_welch(a->samples, a->n, b->samples, b->n,
					 &q->l, &q->se, &q->df)) {
			g->skipped++;
			continue;
		}
		if (res->better == FSR_BETTER_LOWER)
			q->l = -q->l;
		if (q->se == 0)
			q->df = INFINITY;
		q->res = res;
		n++;
	}
	return n;
}

int fsr_geomean_of(struct fsr_comparison *c, const struct fsr_report *r,
		   size_t sys)
{
	struct fsr_geomean *g = &c->geo[c->n_geo++];
	struct geo_part *p = fsr_xcalloc(c->n_rows ? c->n_rows : 1,
					 sizeof(*p));
	double *l, *se, *df;
	struct fsr_geo_est e;
	size_t i, j, n;
	int rc;

	memset(g, 0, sizeof(*g));
	g->sys = sys;
	n = collect(c, r, g, p);
	g->rows = n;
	qsort(p, n, sizeof(*p), by_group);
	l = fsr_xcalloc(n ? n : 1, sizeof(*l));
	se = fsr_xcalloc(n ? n : 1, sizeof(*se));
	df = fsr_xcalloc(n ? n : 1, sizeof(*df));
	/* A group counts once: the mean of its log ratios, and the mean
	 * of their standard errors, which bounds the error of that mean
	 * whatever the rows' correlation; its df is its rows' smallest. */
	for (i = 0; i < n; i = j) {
		double sl = 0, ss = 0, md = INFINITY;

		for (j = i; j < n && !by_group(&p[i], &p[j]); j++) {
			sl += p[j].l;
			ss += p[j].se;
			if (p[j].df < md)
				md = p[j].df;
		}
		l[g->k] = sl / (double)(j - i);
		se[g->k] = ss / (double)(j - i);
		df[g->k] = md;
		g->k++;
	}
	rc = fsr_geomean_combine(l, se, df, g->k, c->opts.confidence, &e);
	g->ratio = e.ratio;
	g->ci_low = e.ci_low;
	g->ci_high = e.ci_high;
	g->df = e.df;
	free(l);
	free(se);
	free(df);
	free(p);
	return rc;
}
