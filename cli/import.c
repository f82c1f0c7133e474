/*
 * import.c - the import command's options: "fsreport import RUNSET...
 * -o FILE --to csv|json|xml|pts" writes the whole model (every sample)
 * with one of the model exporters in render/: run sets, analysis for the
 * JSON summaries, an output file written whole or not at all.
 */
#include "cli.h"

#include <string.h>

static const struct {
	const char *to;       /* --to word */
	const char *renderer; /* render/ table name */
	const char *ext;      /* -o FILE extension that implies it */
} formats[] = {
	{ "csv", "long-csv", ".csv" },
	{ "json", "json", ".json" },
	{ "xml", "xml", NULL },
	{ "pts", "pts", NULL },
};

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && !strcmp(s + n - m, suffix);
}

/* -o and --to: o->format set to the exporter --to names (or -o's
 * .csv/.json implies), or what is wrong (a usage error). */
static const char *import_problem(struct fsr_options *o)
{
	static char msg[200];
	const char *to = o->to;
	size_t i;

	if (!o->output)
		return "import needs -o FILE (- for standard output)";
	if (!to) {
		for (i = 0; i < sizeof(formats) / sizeof(*formats); i++)
			if (formats[i].ext &&
			    ends_with(o->output, formats[i].ext))
				to = formats[i].to;
		if (!to && ends_with(o->output, ".xml"))
			return "import needs --to xml (fsreport's XML) or "
			       "--to pts (a PTS composite.xml)";
		if (!to)
			return "import needs --to csv, json, xml or pts";
	}
	for (i = 0; i < sizeof(formats) / sizeof(*formats); i++) {
		if (!strcmp(to, formats[i].to)) {
			o->format = formats[i].renderer;
			return NULL;
		}
	}
	snprintf(msg, sizeof(msg), "--to wants csv, json, xml or pts, not "
		 "'%.100s'", to);
	return msg;
}

static int check_import(struct fsr_options *o)
{
	const char *problem = import_problem(o);

	return problem ? fsr_cli_usage_error(o, "%s", problem) : 0;
}

static const struct fsr_opt *const import_opts[] = {
	FSR_O(output), FSR_O(keep_going), FSR_O(verbose), FSR_O(quiet),
	FSR_O(to), FSR_O(percentiles), NULL
};

static int import(const struct fsr_options *o)
{
	return fsr_cli_summaries(o, FSR_CMD_IMPORT);
}

const struct fsr_cmd fsr_cmd_import = {
	.name = "import",
	.command = FSR_CMD_IMPORT,
	.synopsis = "fsreport import [OPTION]... RUNSET... -o FILE",
	.summary = "write the whole model (every sample) to a file",
	.opts = import_opts,
	.check = check_import,
	.run = import,
};
