/*
 * write.c - the last step every report-writing command shares: render a
 * view into -o (or stdout) with the render options the command line
 * asks for, and draw the charts asked for beside it.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static size_t terminal_width(const struct fsr_options *o)
{
	struct winsize ws;
	const char *cols = getenv("COLUMNS");

	if (o->width > 0)
		return o->width;
	if (cols && *cols) {
		char *end;
		long c = strtol(cols, &end, 10);

		if (!*end && c >= 10 && c <= 100000)
			return (size_t)c;
	}
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) ==
	    0 && ws.ws_col >= 10)
		return ws.ws_col;
	return 80;
}

void fsr_cli_render_opts(const struct fsr_options *o,
			 struct fsr_render_opts *ro)
{
	memset(ro, 0, sizeof(*ro));
	ro->width = (int)terminal_width(o);
	ro->color = fsr_term_color(o);
	ro->verbose = o->verbose;
	ro->scale = o->scale;
	ro->groups = o->groups;
	ro->n_groups = o->n_groups;
}

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

int fsr_cli_write_text(const struct fsr_options *o, const struct fsr_view *v)
{
	const struct fsr_renderer *rend = NULL;

	/* the text renderer named by --format (not for --debug-layout) */
	if (!o->debug_layout && !(rend = fsr_cli_text_renderer(o)))
		return FSR_EXIT_USAGE;
	return fsr_cli_write_view(o, rend ? rend->render : NULL, v);
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
