/*
 * ascii.c - the PTS result-file-to-text layout (pts-format.md section 4),
 * byte for byte:
 *
 *	<Title> <AppVersion>
 *	<Description>
 *	<Scale> > Higher Is Better
 *	Defaults ....... 81.13 |=====================================
 *	data=journal ... 40.77 |==================
 *
 * dots = longest id + 1 - id (at least one); values left-aligned, padded
 * to the longest + 1; bars = round(value / max * (width - line length)),
 * half away from zero. For compare, the same renderer prints the
 * comparison report (compare_text.c).
 */
#include "render.h"
#include "render-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


static void header(const struct fsr_report *r, struct fsr_sink *out)
{
	size_t i;

	if (r->title)
		fsr_sink_printf(out, "%s\n", r->title);
	else
		for (i = 0; i < r->n_runsets; i++)
			fsr_sink_printf(out, "%s%s", r->runsets[i].label,
					i + 1 < r->n_runsets ? ", " : "\n");
	fsr_sink_printf(out, "%s\n\n\n", r->description ? r->description : "");
	for (i = 0; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];

		fsr_sink_printf(out, "%s: \n\n", s->label);
		if (s->hardware)
			fsr_sink_printf(out, "\t%s\n\n", s->hardware);
		if (s->software)
			fsr_sink_printf(out, "\t%s\n\n", s->software);
		if (!s->hardware && !s->software && s->meta.n) {
			size_t k;

			fsr_sink_puts(out, "\t");
			for (k = 0; k < s->meta.n; k++)
				fsr_sink_printf(out, "%s%s: %s",
						k ? ", " : "",
						s->meta.items[k].key,
						s->meta.items[k].value);
			fsr_sink_puts(out, "\n\n");
		}
	}
	fsr_sink_puts(out, "\n");
}

static void title_lines(const struct fsr_result *res,
			const struct fsr_render_opts *o, struct fsr_sink *out)
{
	struct fsr_buf t = FSR_BUF_INIT;

	fsr_buf_adds(&t, res->title);
	if (*res->app_version)
		fsr_buf_addf(&t, " %s", res->app_version);
	fsr_color_puts(out, o, FSR_COLOR_HEADER, t.buf);
	fsr_sink_puts(out, "\n");
	fsr_buf_release(&t);
	if (*res->description)
		fsr_sink_printf(out, "%s\n", res->description);
	if (res->display == FSR_DISPLAY_BAR) {
		if (res->better == FSR_BETTER_LOWER)
			fsr_sink_printf(out, "%s < Lower Is Better\n",
					res->unit);
		else if (res->better == FSR_BETTER_HIGHER)
			fsr_sink_printf(out, "%s > Higher Is Better\n",
					res->unit);
		else
			fsr_sink_printf(out, "%s\n", res->unit);
	}
}

/* Number a row's bar stands for: the stored value if numeric, else the
 * mean; NAN when there is none. */
static double bar_value(const struct fsr_cell *c, const struct fsr_summary *s)
{
	double x;

	if (c->stored && c->n_stored == 1 &&
	    fsr_parse_double(c->stored, strlen(c->stored), &x) == 0)
		return x;
	return s && s->n ? s->mean : NAN;
}

static void result_rows(const struct fsr_report *r,
			const struct fsr_result *res,
			const struct fsr_result_stats *rs, int width,
			struct fsr_sink *out)
{
	struct fsr_buf *vals, line = FSR_BUF_INIT;
	size_t i, longest_id = 0, longest_val = 0;
	double max = 0;

	vals = fsr_xcalloc(res->n_cells ? res->n_cells : 1, sizeof(*vals));
	for (i = 0; i < res->n_cells; i++) {
		const struct fsr_cell *c = &res->cells[i];
		size_t w = fsr_utf8_width(r->systems[c->system].label);
		double x;

		if (w > longest_id)
			longest_id = w;
		if (res->display == FSR_DISPLAY_LINE && c->n) {
			fsr_buf_adds(&vals[i], "MIN: ");
			fsr_buf_add_fixed(&vals[i], rs->cells[i].min, 2);
			fsr_buf_adds(&vals[i], "  AVG: ");
			fsr_buf_add_fixed(&vals[i], rs->cells[i].mean, 2);
			fsr_buf_adds(&vals[i], "  MAX: ");
			fsr_buf_add_fixed(&vals[i], rs->cells[i].max, 2);
		} else {
			fsr_cell_value_text(c, &rs->cells[i], &vals[i]);
		}
		if (fsr_utf8_width(vals[i].buf) > longest_val)
			longest_val = fsr_utf8_width(vals[i].buf);
		x = bar_value(c, &rs->cells[i]);
		if (isfinite(x) && x > max)
			max = x;
	}
	for (i = 0; i < res->n_cells; i++) {
		const struct fsr_cell *c = &res->cells[i];
		const char *id = r->systems[c->system].label;
		size_t w = fsr_utf8_width(id), len;
		double x = bar_value(c, &rs->cells[i]);

		fsr_buf_reset(&line);
		fsr_buf_adds(&line, id);
		fsr_buf_addc(&line, ' ');
		fsr_buf_addch_n(&line, '.', longest_id + 1 - w);
		fsr_buf_addc(&line, ' ');
		fsr_buf_addf(&line, "%s", vals[i].buf);
		if (res->display != FSR_DISPLAY_BAR) {
			fsr_sink_printf(out, "%s\n", line.buf);
			continue;
		}
		fsr_buf_addch_n(&line, ' ', longest_val + 1 -
					    fsr_utf8_width(vals[i].buf));
		fsr_buf_addc(&line, '|');
		len = fsr_utf8_width(line.buf);
		if (isfinite(x) && x > 0 && max > 0 && (size_t)width > len) {
			/* round() is half away from zero, as PHP's. */
			double bars = round(x / max * (double)(width - (int)len));

			if (bars > 0)
				fsr_buf_addch_n(&line, '=', (size_t)bars);
		}
		fsr_sink_printf(out, "%s\n", line.buf);
	}
	for (i = 0; i < res->n_cells; i++)
		fsr_buf_release(&vals[i]);
	free(vals);
	fsr_buf_release(&line);
}

int fsr_render_ascii(const struct fsr_view *v, const struct fsr_render_opts *o,
		     struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	size_t i;

	if (v->command == FSR_CMD_COMPARE)
		return fsr_render_compare_text(v, o, out, d);
	header(r, out);
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_result *res = r->results[i];

		if (res->n_cells == 0)
			continue;
		title_lines(res, o, out);
		result_rows(r, res, &v->stats->results[i], o->width, out);
		fsr_sink_puts(out, "\n\n");
	}
	return 0;
}
