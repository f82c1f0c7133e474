/*
 * trend_csv.c - trend --format csv: one row per result and run set, in
 * trend order, full precision, "C" locale, empty cells where nothing
 * applies (see trend.h for the columns).
 */
#include "../trend.h"
#include "../render-internal.h"

#include "../../lib/alloc.h"
#include "../../lib/numbers.h"
#include <math.h>
#include <stdint.h>

static void num(struct fsr_buf *line, double x)
{
	fsr_buf_addc(line, ',');
	if (isfinite(x))
		fsr_buf_add_double(line, x);
}

static void point_fields(struct fsr_buf *line, const struct fsr_report *r,
			 const struct fsr_trend_row *row,
			 const struct fsr_trend_point *p, size_t pos)
{
	const struct fsr_summary *s = p->s;

	fsr_csv_field(line, r->systems[p->sys].label, 0);
	fsr_buf_addc(line, ',');
	fsr_buf_add_size(line, pos);
	fsr_buf_addc(line, ',');
	fsr_buf_add_size(line, s ? s->n : 0);
	num(line, s ? s->mean : NAN);
	num(line, s ? s->ci_low : NAN);
	num(line, s ? s->ci_high : NAN);
	fsr_buf_adds(line, !s ? "," : p->change_point ? ",yes" : ",no");
	num(line, p->change_pct);
	fsr_buf_addc(line, ',');
	if (p->change_point)
		fsr_buf_adds(line, fsr_verdict_name(p->verdict));
	num(line, p->ci_low_pct);
	num(line, p->ci_high_pct);
	num(line, p->p);
	fsr_buf_addc(line, ',');
	if (s)
		fsr_buf_add_size(line, p->segment + 1);
	/* the row's lag-1 autocorrelation inside its segments, and
	 * whether it is clearly positive (allowed for in the test) */
	num(line, row->lag1);
	fsr_buf_adds(line, row->lag1_flagged ? ",yes" : ",no");
	fsr_buf_addc(line, '\n');
}

int fsr_render_trend_csv(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	const struct fsr_trend *t = v->trend;
	struct fsr_buf line = FSR_BUF_INIT;
	size_t i, j;

	(void)o;
	(void)d;
	fsr_sink_puts(out, "result,test,description,unit,better,label,"
		      "position,n,mean,ci_low,ci_high,change_point,"
		      "change_pct,verdict,change_ci_low_pct,"
		      "change_ci_high_pct,p_change,segment,lag1_autocorr,"
		      "autocorrelated\n");
	for (i = 0; i < t->n_rows; i++) {
		const struct fsr_result *res = r->results[t->rows[i].result];
		char key[16];

		fsr_result_short_key(res, key);
		for (j = 0; j < t->n_order; j++) {
			fsr_buf_reset(&line);
			fsr_csv_field(&line, key, 1);
			fsr_csv_field(&line, res->title, 0);
			fsr_csv_field(&line, res->description, 0);
			fsr_csv_field(&line, res->unit, 0);
			fsr_csv_field(&line, fsr_better_name(res->better), 0);
			point_fields(&line, r, &t->rows[i],
				     &t->rows[i].points[j], j + 1);
			fsr_sink_putbuf(out, &line);
		}
	}
	fsr_buf_release(&line);
	return 0;
}
