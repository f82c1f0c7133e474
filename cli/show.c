/*
 * show.c - "fsreport show RUNSET...": summaries per result and system
 * (mean, sd, interval, median, ...) in the text format --format names,
 * and the charts asked for.
 */
#include "cli.h"

static const struct fsr_opt *const show_opts[] = {
	FSR_O(format), FSR_O(output), FSR_O(width), FSR_O(confidence),
	FSR_O(keep_going), FSR_O(verbose), FSR_O(quiet), FSR_O(color),
	FSR_O(svg), FSR_O(png), FSR_O(chart_dir), FSR_O(chart_format),
	FSR_O(scale), FSR_O(dpi), FSR_O(debug_layout), FSR_O(only),
	FSR_O(exclude), FSR_O(sort), FSR_O(note), FSR_O(db), FSR_O(select),
	FSR_O(since), FSR_O(until), FSR_O(drop_first), FSR_O(steady),
	FSR_O(percentiles), NULL
};

static int show(const struct fsr_options *o)
{
	/* one PTS file printed as it is read, where that prints the same */
	int rc = fsr_cli_show_streamed(o);

	return rc >= 0 ? rc : fsr_cli_summaries(o, FSR_CMD_SHOW);
}

const struct fsr_cmd fsr_cmd_show = {
	.name = "show",
	.command = FSR_CMD_SHOW,
	.synopsis = "fsreport show [OPTION]... RUNSET...",
	.summary = "summaries per result and system (mean, sd, CI, median, "
		   "...)",
	.opts = show_opts,
	.flags = FSR_CMD_LISTS_FORMATS,
	.run = show,
};
