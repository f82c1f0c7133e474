/*
 * write.c - the last steps every report-writing command shares: load and
 * analyse the run sets, render a view into -o (or stdout), and draw the
 * charts asked for beside it.
 */
#include "cli.h"

#include <string.h>

int fsr_cli_write_render(const struct fsr_options *o,
			 int (*render)(const struct fsr_view *,
				       const struct fsr_render_opts *,
				       struct fsr_sink *, struct fsr_diag *),
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro)
{
	struct fsr_output *out;
	struct fsr_sink sink;

	out = fsr_output_open(o->output, &sink);
	if (!out)
		return FSR_EXIT_OUTPUT;
	return fsr_cli_render_into(out, &sink, render, v, ro);
}

int fsr_cli_render_into(struct fsr_output *out, struct fsr_sink *sink,
			int (*render)(const struct fsr_view *,
				      const struct fsr_render_opts *,
				      struct fsr_sink *, struct fsr_diag *),
			const struct fsr_view *v,
			const struct fsr_render_opts *ro)
{
	struct fsr_diag d;
	int rc;

	fsr_diag_clear(&d);
	rc = render(v, ro, sink, &d);
	if (rc) {
		fsr_output_abort(out);
		return fsr_report_diag(&d, rc);
	}
	return fsr_output_commit(out);
}

/*
 * A show whose only output is a renderer that reads summaries one result
 * at a time keeps none (charts and the layout dump read them all).
 */
static int summaries_on_demand(const struct fsr_options *o)
{
	const struct fsr_renderer *rend =
		fsr_renderer_find(o->format ? o->format : "ascii");

	return o->command == FSR_CMD_SHOW && rend && rend->flags & FSR_RENDER_STATS_ON_DEMAND &&
	       !fsr_cli_charts_wanted(o) && !o->debug_layout;
}

int fsr_cli_load_analyzed(const struct fsr_options *o, struct fsr_report *r,
			  struct fsr_stats **stats)
{
	struct fsr_analyze_opts ao = { o->confidence,
					summaries_on_demand(o) };
	struct fsr_diag d;
	int rc;

	*stats = NULL;
	fsr_progress_begin(o);
	rc = fsr_cli_load(o, r);
	fsr_progress_end();
	if (!rc && (o->command == FSR_CMD_SHOW ||
		    o->command == FSR_CMD_COMPARE ||
		    o->command == FSR_CMD_REPORT))
		rc = fsr_cli_select(o, r);
	if (rc)
		return rc;
	fsr_diag_clear(&d);
	*stats = fsr_analyze(r, &ao, &d);
	return *stats ? 0 : fsr_report_diag(&d, FSR_EINTERNAL);
}

int fsr_cli_write_view(const struct fsr_options *o,
		       int (*render)(const struct fsr_view *,
				     const struct fsr_render_opts *,
				     struct fsr_sink *, struct fsr_diag *),
		       const struct fsr_view *v)
{
	struct fsr_render_opts ro;
	int rc;

	fsr_cli_render_opts(o, &ro);
	if (o->debug_layout)
		rc = fsr_cli_debug_layout(o, v, &ro);
	else
		rc = fsr_cli_write_render(o, render, v, &ro);
	return rc ? rc : fsr_cli_write_charts(o, v, &ro);
}
