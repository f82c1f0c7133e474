/*
 * long_csv.c - the model as CSV in long form, one row per sample (import
 * --to csv, --format long-csv). Quoting is libcsv's. The columns are the
 * generic CSV input's (design.md: test, value, description, unit,
 * better, label), followed by what a round trip needs:
 *
 *	test,description,unit,better,label,value,title,test_id,app_version,
 *	arguments,display,stored,error
 *
 * A failed run is a row with an empty value and its reason in "error";
 * "stored" is the value the source stored (PTS Value), on the first row
 * of its cell; a pass/fail cell is one row with an empty value and the
 * text in "stored". Samples keep the decimals the source wrote. fsreport
 * reads the file back through its CSV input (importers/csv.c).
 *
 * The file is its head and then each result's rows, the pieces a show
 * printed as it is read prints too (cli/stream.c); no statistics.
 */
#include "../render.h"
#include "../render-internal.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

struct row {
	const struct fsr_result *res;
	const char *label;
	const char *value, *stored, *error;
};

static void put_row(struct fsr_sink *out, struct fsr_buf *line,
		    const struct row *w)
{
	const struct fsr_result *res = w->res;

	fsr_buf_reset(line);
	fsr_csv_field(line, res->test, 1);
	fsr_csv_field(line, res->description, 0);
	fsr_csv_field(line, res->unit, 0);
	fsr_csv_field(line, fsr_better_name(res->better), 0);
	fsr_csv_field(line, w->label, 0);
	fsr_csv_field(line, w->value, 0);
	fsr_csv_field(line, res->title, 0);
	fsr_csv_field(line, res->derived ? "" : res->test_id, 0);
	fsr_csv_field(line, res->app_version, 0);
	fsr_csv_field(line, res->arguments, 0);
	fsr_csv_field(line, fsr_display_name(res->display), 0);
	fsr_csv_field(line, w->stored ? w->stored : "", 0);
	fsr_csv_field(line, w->error ? w->error : "", 0);
	fsr_buf_addc(line, '\n');
	fsr_sink_putbuf(out, line);
}

void fsr_long_csv_head(struct fsr_sink *out)
{
	fsr_sink_puts(out, "test,description,unit,better,label,value,title,"
		      "test_id,app_version,arguments,display,stored,error\n");
}

void fsr_long_csv_result(const struct fsr_report *r,
			 const struct fsr_result *res, struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT, num = FSR_BUF_INIT;
	size_t j, k;

	for (j = 0; j < res->n_cells; j++) {
		const struct fsr_cell *c = &res->cells[j];
		struct row w;
		const char *stored = c->stored && c->n_stored == 1 ?
			c->stored : NULL;

		memset(&w, 0, sizeof(w));
		w.res = res;
		w.label = r->systems[c->system].label;
		for (k = 0; k < c->n; k++) {
			fsr_buf_reset(&num);
			fsr_export_sample(&num, c->samples[k],
					  c->stored_decimals);
			w.value = num.buf;
			w.stored = k == 0 ? stored : NULL;
			put_row(out, &line, &w);
		}
		w.value = "";
		for (k = 0; k < c->n_failed; k++) {
			w.stored = c->n == 0 && k == 0 ? stored : NULL;
			w.error = fsr_cell_fail_reason(c);
			if (!w.error)
				w.error = "failed";
			put_row(out, &line, &w);
		}
		if (!c->n && !c->n_failed && stored && *stored) {
			w.stored = stored;
			w.error = NULL;
			put_row(out, &line, &w);
		}
	}
	fsr_buf_release(&line);
	fsr_buf_release(&num);
}

int fsr_render_long_csv(const struct fsr_view *v,
			const struct fsr_render_opts *o, struct fsr_sink *out,
			struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	size_t i;

	(void)o;
	(void)d;
	fsr_long_csv_head(out);
	for (i = 0; i < r->n_results; i++)
		fsr_long_csv_result(r, r->results[i], out);
	return 0;
}
