/*
 * compare_text.c - the text report of "fsreport compare": per result the
 * baseline's mean and each other system's mean with the change in %.
 */
#include "render.h"
#include "render-internal.h"

#include <math.h>
#include <string.h>

static void mean_text(const struct fsr_cell *c, const struct fsr_summary *s,
		      struct fsr_buf *b)
{
	fsr_buf_reset(b);
	fsr_cell_value_text(c, s, b);
}


int fsr_render_compare_text(const struct fsr_view *v,
			    const struct fsr_render_opts *o,
			    struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	const struct fsr_comparison *c = v->cmp;
	struct fsr_buf a = FSR_BUF_INIT, b = FSR_BUF_INIT;
	size_t i, last = (size_t)-1;

	(void)o;
	(void)d;
	fsr_sink_printf(out, "baseline: %s\n", r->systems[c->baseline].label);
	for (i = 0; i < c->n_rows; i++) {
		const struct fsr_compare_row *row = &c->rows[i];
		const struct fsr_result *res = r->results[row->result];

		if (row->result != last) {
			fsr_sink_printf(out, "\n%s%s%s\n", res->title,
					*res->app_version ? " " : "",
					res->app_version);
			if (*res->description)
				fsr_sink_printf(out, "%s\n", res->description);
			fsr_sink_printf(out, "%s%s\n", res->unit,
					res->better == FSR_BETTER_LOWER ?
						" < Lower Is Better" :
					res->better == FSR_BETTER_HIGHER ?
						" > Higher Is Better" : "");
			last = row->result;
		}
		mean_text(&res->cells[row->base_cell], row->base, &a);
		mean_text(&res->cells[row->cell], row->other, &b);
		fsr_sink_printf(out, "  %s %s -> %s %s", 
				r->systems[row->base_sys].label, a.buf,
				r->systems[row->sys].label, b.buf);
		if (isfinite(row->delta_pct))
			fsr_sink_printf(out, "  %+.2f%%", row->delta_pct);
		fsr_sink_puts(out, "\n");
	}
	if (c->n_only_base) {
		fsr_sink_printf(out, "\nonly in the baseline (%s):\n",
				r->systems[c->baseline].label);
		for (i = 0; i < c->n_only_base; i++) {
			const struct fsr_result *res =
				r->results[c->only_base[i]];

			fsr_sink_printf(out, "  %s%s%s\n", res->title,
					*res->description ? " - " : "",
					res->description);
		}
	}
	if (c->n_only_other) {
		fsr_sink_puts(out, "\nnot in the baseline:\n");
		for (i = 0; i < c->n_only_other; i++) {
			const struct fsr_result *res =
				r->results[c->only_other[i]];

			fsr_sink_printf(out, "  %s%s%s\n", res->title,
					*res->description ? " - " : "",
					res->description);
		}
	}
	fsr_buf_release(&a);
	fsr_buf_release(&b);
	return 0;
}
