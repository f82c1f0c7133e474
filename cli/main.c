/*
 * main.c - fsreport's command line: parse, import the run sets, analyze,
 * render, write. The only place that prints or exits.
 */
#include "cli.h"
#include "../importers/importer.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <errno.h>
#include <libxml/parser.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* ------------------------------------------------------------- options */

enum opt_kind { OPT_FLAG, OPT_STRING, OPT_INT, OPT_DOUBLE, OPT_CUSTOM };

struct opt {
	const char *long_name;
	char short_name;
	enum opt_kind kind;
	size_t offset;        /* into struct fsr_options */
	unsigned commands;    /* 1 << FSR_CMD_* where the option applies */
	const char *arg;      /* argument name for --help */
	const char *help;
	int (*parse)(struct fsr_options *o, const char *v); /* OPT_CUSTOM */
};

#define ALL ((1u << FSR_CMD_SHOW) | (1u << FSR_CMD_COMPARE) | \
	     (1u << FSR_CMD_IMPORT) | TREND | STORE | CHECK | REPORT)
#define SHOW_CMP ((1u << FSR_CMD_SHOW) | (1u << FSR_CMD_COMPARE))
#define REPORT (1u << FSR_CMD_REPORT)
/* report takes the options of compare (but --group and the text ones) */
#define CMP ((1u << FSR_CMD_COMPARE) | REPORT)
#define TREND (1u << FSR_CMD_TREND)
#define STORE (1u << FSR_CMD_STORE)
#define CHECK (1u << FSR_CMD_CHECK)
#define DB (SHOW_CMP | TREND | STORE | CHECK | REPORT)
#define OFF(f) offsetof(struct fsr_options, f)

static int parse_color(struct fsr_options *o, const char *v);
static int parse_test(struct fsr_options *o, const char *v);
static int parse_adjust(struct fsr_options *o, const char *v);
static int parse_ci(struct fsr_options *o, const char *v);
static int parse_outliers(struct fsr_options *o, const char *v);
static int parse_min_change(struct fsr_options *o, const char *v);
static int parse_runs_needed(struct fsr_options *o, const char *v);
static int parse_seed(struct fsr_options *o, const char *v);
static int parse_boot_b(struct fsr_options *o, const char *v);
static int parse_sign(struct fsr_options *o, const char *v);

static int parse_group(struct fsr_options *o, const char *v);
static int parse_note(struct fsr_options *o, const char *v);
static int parse_order(struct fsr_options *o, const char *v);
static int parse_min_size(struct fsr_options *o, const char *v);
static int parse_permutations(struct fsr_options *o, const char *v);

static const struct opt options[] = {
	{ "format", 'f', OPT_STRING, OFF(format), SHOW_CMP | TREND | CHECK, "FMT",
	  "text output format (default ascii; formats below)", NULL },
	{ "output", 'o', OPT_STRING, OFF(output), ALL, "FILE",
	  "write to FILE (whole or not at all); - is stdout", NULL },
	{ "width", 'w', OPT_INT, OFF(width), SHOW_CMP | TREND | CHECK | REPORT,
	  "N",
	  "text width (default: $COLUMNS, the terminal, 80)", NULL },
	{ "confidence", 0, OPT_DOUBLE, OFF(confidence),
	  SHOW_CMP | TREND | CHECK | REPORT, "C",
	  "confidence level of intervals (default 0.95)", NULL },
	{ "alpha", 0, OPT_DOUBLE, OFF(alpha), CMP | TREND | CHECK, "A",
	  "significance level after correction (default 0.05)", NULL },
	{ "baseline", 'b', OPT_STRING, OFF(baseline), CMP, "LABEL",
	  "the system others are compared with (default first)",
	  NULL },
	{ "test", 0, OPT_CUSTOM, OFF(test), CMP, "TEST",
	  "test behind verdicts: welch (default), mwu", parse_test },
	{ "adjust", 0, OPT_CUSTOM, OFF(adjust), CMP | CHECK, "HOW",
	  "correct p over all rows: holm (default), bh, none",
	  parse_adjust },
	{ "min-change", 0, OPT_CUSTOM, OFF(min_change), CMP | TREND | CHECK, "PCT",
	  "smaller changes in % are 'same' (default 1)",
	  parse_min_change },
	{ "runs-needed", 0, OPT_CUSTOM, OFF(runs_needed), CMP, "PCT",
	  "runs per side that would detect a change of PCT",
	  parse_runs_needed },
	{ "ci", 0, OPT_CUSTOM, OFF(ci), CMP, "HOW",
	  "interval of the change: welch (default), bootstrap", parse_ci },
	{ "seed", 0, OPT_CUSTOM, OFF(seed), CMP | TREND | CHECK, "N",
	  "random seed of bootstrap, permutations (default 1)",
	  parse_seed },
	{ "bootstrap-b", 0, OPT_CUSTOM, OFF(boot_b), CMP, "N",
	  "bootstrap resamples, at least 10000 (default)", parse_boot_b },
	{ "sign", 0, OPT_CUSTOM, OFF(sign_better), CMP, "HOW",
	  "+ is an increase: change (default), or better", parse_sign },
	{ "outliers", 0, OPT_CUSTOM, OFF(outliers), CMP, "RULE",
	  "outlier rule (flag only): esd (default), tukey, mad",
	  parse_outliers },
	{ "fail-on-regression", 0, OPT_FLAG, OFF(fail_on_regression),
	  1u << FSR_CMD_COMPARE,
	  NULL, "exit 1 when any verdict is 'worse'", NULL },
	{ "keep-going", 'k', OPT_FLAG, OFF(keep_going), ALL, NULL,
	  "report unreadable files and go on with the others", NULL },
	{ "verbose", 'v', OPT_FLAG, OFF(verbose), ALL, NULL,
	  "say which files were read and which were skipped", NULL },
	{ "quiet", 'q', OPT_FLAG, OFF(quiet), ALL, NULL,
	  "print errors only", NULL },
	{ "to", 't', OPT_STRING, OFF(to), (1u << FSR_CMD_IMPORT) | STORE, "FMT",
	  "csv (one row per sample), json, xml (schemas/fsreport.xsd) or "
	  "pts (a PTS composite.xml); -o x.csv or x.json implies it", NULL },
	{ "color", 0, OPT_CUSTOM, OFF(color), SHOW_CMP | TREND | CHECK, "WHEN",
	  "colour on a terminal: auto (default), always, never",
	  parse_color },
	{ "group", 0, OPT_CUSTOM, OFF(groups), 1u << FSR_CMD_COMPARE, "TITLE",
	  "start a titled group of the run sets after it",
	  parse_group },
	{ "svg", 0, OPT_STRING, OFF(svg), SHOW_CMP | TREND, "FILE",
	  "also draw all the charts into one SVG file", NULL },
	{ "png", 0, OPT_STRING, OFF(png), SHOW_CMP | TREND, "FILE",
	  "the same as a PNG, 800 px wide (see --scale)", NULL },
	{ "chart-dir", 0, OPT_STRING, OFF(chart_dir), SHOW_CMP | TREND, "DIR",
	  "also write one chart file per result into DIR", NULL },
	{ "chart-format", 0, OPT_STRING, OFF(chart_format), SHOW_CMP | TREND, "FMT",
	  "files in --chart-dir: svg (default) or png", NULL },
	{ "scale", 0, OPT_DOUBLE, OFF(scale), SHOW_CMP | REPORT | TREND, "F",
	  "PNG size: 1 = 800 px wide (default), 2 for print", NULL },
	{ "dpi", 0, OPT_DOUBLE, OFF(dpi), SHOW_CMP | REPORT | TREND, "N",
	  "PNG size by resolution: 96 is --scale 1", NULL },
	{ "debug-layout", 0, OPT_FLAG, OFF(debug_layout), SHOW_CMP | TREND, NULL,
	  "print the chart geometry instead of the report", NULL },
	{ "trend", 0, OPT_FLAG, OFF(trend), REPORT, NULL,
	  "a trend section (default with 3 or more run sets)",
	  NULL },
	{ "order", 0, OPT_CUSTOM, OFF(order), TREND | REPORT, "HOW",
	  "run sets as given (default), by name, version, time",
	  parse_order },
	{ "min-size", 0, OPT_CUSTOM, OFF(min_size), TREND | CHECK | REPORT,
	  "N",
	  "shortest segment between change points (default 2)",
	  parse_min_size },
	{ "permutations", 0, OPT_CUSTOM, OFF(permutations),
	  TREND | CHECK | REPORT, "N",
	  "permutations of the change-point test (default 199)",
	  parse_permutations },
	{ "title", 0, OPT_STRING, OFF(title), REPORT, "TEXT",
	  "the title (default: the report's own, or the labels)",
	  NULL },
	{ "subtitle", 0, OPT_STRING, OFF(subtitle), REPORT, "TEXT",
	  "a line under the title", NULL },
	{ "caption", 0, OPT_STRING, OFF(caption), REPORT, "TEXT",
	  "a closing note at the end of the report", NULL },
	{ "only", 0, OPT_STRING, OFF(only), SHOW_CMP | REPORT, "REGEX",
	  "only the results whose name or test id matches", NULL },
	{ "exclude", 0, OPT_STRING, OFF(exclude), SHOW_CMP | REPORT, "REGEX",
	  "leave out the results whose name or test id matches", NULL },
	{ "geomean-only", 0, OPT_STRING, OFF(geo_only), CMP, "REGEX",
	  "only these results enter the geometric mean", NULL },
	{ "geomean-exclude", 0, OPT_STRING, OFF(geo_exclude), CMP, "REGEX",
	  "leave these results out of the geometric mean", NULL },
	{ "only-changed", 0, OPT_FLAG, OFF(only_changed), CMP, NULL,
	  "show only the results with a verdict better or worse", NULL },
	{ "sort", 0, OPT_STRING, OFF(sort), SHOW_CMP | REPORT, "HOW",
	  "order: input (default), name or change",
	  NULL },
	{ "note", 0, OPT_CUSTOM, OFF(notes), SHOW_CMP | REPORT | STORE,
	  "LABEL=TEXT",
	  "a note on system LABEL for the system table", parse_note },
	{ "db", 0, OPT_STRING, OFF(db), DB, "FILE",
	  "the results store (SQLite) of the run sets", NULL },
	{ "select", 0, OPT_STRING, OFF(select), DB, "GLOB",
	  "with --db: only run sets whose label matches GLOB", NULL },
	{ "since", 0, OPT_STRING, OFF(since), DB & ~CMP, "DATE",
	  "with --db: run sets of DATE (YYYY-MM-DD) or later", NULL },
	{ "until", 0, OPT_STRING, OFF(until), DB & ~CMP, "DATE",
	  "with --db: run sets of DATE or earlier", NULL },
	{ NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};

static const char *command_names[] = { "show", "compare", "import",
					"trend", "store", "check", "report" };
#define N_COMMANDS (sizeof(command_names) / sizeof(command_names[0]))

static const char *command_synopsis[] = {
	"fsreport show [OPTION]... RUNSET...",
	"fsreport compare [OPTION]... RUNSET RUNSET...",
	"fsreport import [OPTION]... RUNSET... -o FILE",
	"fsreport trend [OPTION]... RUNSET...",
	"fsreport store add --db FILE [LABEL=]RUNSET...\n"
	"   or: fsreport store export --db FILE [--to csv] [-o FILE]",
	"fsreport check --db FILE [OPTION]... RUNSET",
	"fsreport report [OPTION]... RUNSET RUNSET... -o DIR",
};

static const char *command_summary[] = {
	"summaries per result and system (mean, sd, CI, median, ...)",
	"the baseline (first run set) against every other system",
	"write the whole model (every sample) to a file",
	"a series of run sets: means, intervals and change points",
	"keep run sets in a results store (SQLite), or export it",
	"a new run set against the stored series; exit 1 on a regression",
	"compare as one folder: index.html, index.md, summary.txt, charts/",
};

static void print_usage(FILE *fp)
{
	size_t i;

	fputs("usage: fsreport COMMAND [OPTION]... RUNSET...\n\n"
	      "Turn raw benchmark output into statistically honest "
	      "reports.\n\ncommands:\n", fp);
	for (i = 0; i < N_COMMANDS; i++)
		fprintf(fp, "  %-9s %s\n", command_names[i],
			command_summary[i]);
	fputs("\nA RUNSET is PATH or LABEL=PATH: a result file (recognised "
	      "by its content) or a\nfolder of them; the samples of one "
	      "result and system in a run set are pooled\nas repetitions."
	      "\n\n'fsreport COMMAND --help' lists the options of a "
	      "command; 'man fsreport' has\nthe whole story. --version "
	      "prints the version. Exit codes: 0 ok, 1 regression\n"
	      "(--fail-on-regression), 2 usage, 3 input, 4 output, "
	      "5 internal error.\n", fp);
}

static void print_command_help(enum fsr_command cmd)
{
	const struct opt *op;
	const struct fsr_renderer *r;

	printf("usage: %s\n%s.\n\noptions:\n", command_synopsis[cmd],
	       command_summary[cmd]);
	for (op = options; op->long_name; op++) {
		char left[64];

		if (!(op->commands & (1u << cmd)))
			continue;
		if (op->short_name)
			snprintf(left, sizeof(left), "-%c, --%s%s%s",
				 op->short_name, op->long_name,
				 op->arg ? " " : "", op->arg ? op->arg : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s",
				 op->long_name, op->arg ? " " : "",
				 op->arg ? op->arg : "");
		fsr_print_help_line(stdout, left, op->help);
	}
	printf("  %-24s %s\n", "-h, --help", "show this help");
	if (cmd == FSR_CMD_TREND || cmd == FSR_CMD_CHECK) {
		printf("\nformats: ascii csv\n");
	} else if (cmd == FSR_CMD_STORE) {
		printf("\nstore add keeps every sample, the result keys and "
		       "the system notes; the same\nrun added twice is kept "
		       "once. store export --to csv writes one row per "
		       "sample.\n");
	} else if (cmd == FSR_CMD_REPORT) {
		printf("\nDIR gets index.html (self-contained), index.md, "
		       "summary.txt and charts/ (an\nSVG and a PNG per "
		       "result and the change chart); it is replaced whole.\n");
	} else if (cmd != FSR_CMD_IMPORT) {
		printf("\nformats:");
		for (r = fsr_renderers; r->name; r++)
			if (!(r->flags & FSR_RENDER_BINARY))
				printf(" %s", r->name);
		printf("\n");
	}
	/* Exit code 1 comes from check and compare --fail-on-regression. */
	if (cmd == FSR_CMD_CHECK)
		printf("\nexit codes: 0 no regression, 1 regression found, "
		       "2 usage, 3 input or parse\nerror (a damaged store), "
		       "4 output or I/O error, 5 internal error\n");
	else if (cmd == FSR_CMD_COMPARE)
		printf("\nexit codes: 0 ok, 1 regression found "
		       "(--fail-on-regression), 2 usage,\n3 input or parse "
		       "error, 4 output or I/O error, 5 internal error\n");
	else
		printf("\nexit codes: 0 ok, 2 usage, 3 input or parse error, "
		       "4 output or I/O error,\n5 internal error\n");
}

static void print_version(void)
{
	fsr_print_version(stdout);
}

static int usage_error(enum fsr_command cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int usage_error(enum fsr_command cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_vmessage("", fmt, ap);
	va_end(ap);
	fprintf(stderr, "usage: %s\n(see 'fsreport %s --help')\n",
		command_synopsis[cmd], command_names[cmd]);
	return FSR_EXIT_USAGE;
}

/* One word of a fixed list (index = enum value), or a usage error. */
static int parse_word(struct fsr_options *o, const char *opt, const char *v,
		      const char *const *words, int *out)
{
	struct fsr_buf list = FSR_BUF_INIT;
	int i, rc;

	for (i = 0; words[i]; i++) {
		if (!strcmp(v, words[i])) {
			*out = i;
			return 0;
		}
	}
	for (i = 0; words[i]; i++)
		fsr_buf_addf(&list, "%s%s", i == 0 ? "" : words[i + 1] ?
			     ", " : " or ", words[i]);
	rc = usage_error(o->command, "--%s wants %s, not '%s'", opt,
			 list.buf, v);
	fsr_buf_release(&list);
	return rc;
}

static int parse_test(struct fsr_options *o, const char *v)
{
	static const char *const w[] = { "welch", "mwu", NULL };
	int i, rc = parse_word(o, "test", v, w, &i);

	if (!rc)
		o->test = (enum fsr_test_kind)i;
	return rc;
}

static int parse_sign(struct fsr_options *o, const char *v)
{
	static const char *const w[] = { "change", "better", NULL };

	return parse_word(o, "sign", v, w, &o->sign_better);
}

static int parse_adjust(struct fsr_options *o, const char *v)
{
	static const char *const w[] = { "holm", "bh", "none", NULL };
	int i, rc = parse_word(o, "adjust", v, w, &i);

	if (!rc)
		o->adjust = (enum fsr_adjust)i;
	return rc;
}

static int parse_ci(struct fsr_options *o, const char *v)
{
	static const char *const w[] = { "welch", "bootstrap", NULL };
	int i, rc = parse_word(o, "ci", v, w, &i);

	if (!rc)
		o->ci = (enum fsr_ci_method)i;
	return rc;
}

static int parse_outliers(struct fsr_options *o, const char *v)
{
	/* In the order of enum fsr_outlier_rule. */
	static const char *const w[] = { "esd", "tukey", "mad", NULL };
	int i, rc = parse_word(o, "outliers", v, w, &i);

	if (!rc)
		o->outliers = (enum fsr_outlier_rule)i;
	return rc;
}

/* --min-change 2 or 2%: a percentage from 0 to 1000. */
static int parse_min_change(struct fsr_options *o, const char *v)
{
	size_t len = strlen(v);
	double x;

	if (len && v[len - 1] == '%')
		len--;
	if (fsr_parse_double(v, len, &x) || !(x >= 0 && x <= 1000))
		return usage_error(o->command, "--min-change wants a "
				   "percentage from 0 to 1000, not '%s'", v);
	o->min_change = x;
	return 0;
}

/* --runs-needed 5 or 5%: a change in % above 0, up to 1000. */
static int parse_runs_needed(struct fsr_options *o, const char *v)
{
	size_t len = strlen(v);
	double x;

	if (len && v[len - 1] == '%')
		len--;
	if (fsr_parse_double(v, len, &x) || !(x > 0 && x <= 1000))
		return usage_error(o->command, "--runs-needed wants a "
				   "percentage above 0, up to 1000, not '%s'",
				   v);
	o->runs_needed = x;
	return 0;
}

/* A whole decimal number from lo to hi, or -1. */
static int whole_number(const char *v, unsigned long lo, unsigned long hi,
			unsigned long *out)
{
	char *end;

	if (!*v || *v < '0' || *v > '9')
		return -1;
	errno = 0;
	*out = strtoul(v, &end, 10);
	if (errno || *end || *out < lo || *out > hi)
		return -1;
	return 0;
}

static int parse_seed(struct fsr_options *o, const char *v)
{
	unsigned long x;

	if (whole_number(v, 0, 4294967295UL, &x))
		return usage_error(o->command, "--seed wants a whole number "
				   "from 0 to 4294967295, not '%s'", v);
	o->seed = x;
	return 0;
}

static int parse_boot_b(struct fsr_options *o, const char *v)
{
	unsigned long x;

	if (whole_number(v, 10000, 10000000, &x))
		return usage_error(o->command, "--bootstrap-b wants a whole "
				   "number from 10000 to 10000000, not '%s'",
				   v);
	o->boot_b = x;
	return 0;
}

static int parse_color(struct fsr_options *o, const char *v)
{
	int c = fsr_term_parse_color(v);

	if (c < -1)
		return usage_error(o->command, "--color wants auto, always or "
				   "never, not '%s'", v);
	o->color = c;
	return 0;
}

/* --group TITLE: the run sets that follow it, up to the next --group,
 * form one group of the diff table; the run sets seen so far say where
 * it starts. check_groups() fills in how many it holds. */
static int parse_group(struct fsr_options *o, const char *v)
{
	FSR_GROW(o->groups, o->cap_groups, o->n_groups + 1);
	o->groups[o->n_groups].title = v;
	o->groups[o->n_groups].first = o->n_runsets;
	o->groups[o->n_groups].n = 0;
	o->n_groups++;
	return 0;
}

/* --note LABEL=TEXT: kept for fsr_cli_apply_notes() (cli/system.c). */
static int parse_note(struct fsr_options *o, const char *v)
{
	const char *eq = strchr(v, '=');

	if (!eq || eq == v || !eq[1])
		return usage_error(o->command, "--note wants LABEL=TEXT, not "
				   "'%s'", v);
	FSR_GROW(o->notes, o->cap_notes, o->n_notes + 1);
	o->notes[o->n_notes++] = v;
	return 0;
}

static int check_groups(struct fsr_options *o)
{
	size_t g;

	if (!o->n_groups)
		return -1;
	if (!o->format || (strcmp(o->format, "table") &&
			   strcmp(o->format, "markdown")))
		return usage_error(o->command, "--group needs --format table "
				   "or markdown");
	if (o->baseline)
		return usage_error(o->command, "--baseline does not go with "
				   "--group: each group's first run set is "
				   "its baseline");
	if (o->only_changed)
		return usage_error(o->command, "--only-changed does not go "
				   "with --group");
	if (o->groups[0].first > 0)
		return usage_error(o->command, "run set '%s' comes before the "
				   "first --group", o->runsets[0]);
	for (g = 0; g < o->n_groups; g++) {
		size_t end = g + 1 < o->n_groups ? o->groups[g + 1].first :
			     o->n_runsets;

		o->groups[g].n = end - o->groups[g].first;
		if (!o->groups[g].n)
			return usage_error(o->command, "--group '%s' has no "
					   "run set after it",
					   o->groups[g].title);
	}
	return -1;
}

static int parse_order(struct fsr_options *o, const char *v)
{
	static const char *const w[] = { "given", "name", "version", "time",
					 NULL };
	int i, rc = parse_word(o, "order", v, w, &i);

	if (!rc)
		o->order = w[i];
	return rc;
}

static int parse_min_size(struct fsr_options *o, const char *v)
{
	unsigned long x;

	if (whole_number(v, 2, 100000, &x))
		return usage_error(o->command, "--min-size wants a whole "
				   "number from 2 to 100000, not '%s'", v);
	o->min_size = x;
	return 0;
}

static int parse_permutations(struct fsr_options *o, const char *v)
{
	unsigned long x;

	if (whole_number(v, 19, 1000000, &x))
		return usage_error(o->command, "--permutations wants a whole "
				   "number from 19 to 1000000, not '%s'", v);
	o->permutations = x;
	return 0;
}

static int parse_value(const struct opt *op, struct fsr_options *o,
		       const char *name, const char *v)
{
	char *p = (char *)o + op->offset, *end;

	switch (op->kind) {
	case OPT_FLAG:
		*(int *)p = 1;
		return 0;
	case OPT_STRING:
		*(const char **)p = v;
		return 0;
	case OPT_INT: {
		long x;

		errno = 0;
		x = strtol(v, &end, 10);
		if (errno || *end || end == v || x < 1 || x > 100000)
			return usage_error(o->command,
					   "--%s wants a whole number from 1 "
					   "to 100000, not '%s'", name, v);
		*(int *)p = (int)x;
		return 0;
	}
	case OPT_DOUBLE: {
		double x;

		if (fsr_parse_double(v, strlen(v), &x) != 0)
			return usage_error(o->command,
					   "--%s wants a number, not '%s'",
					   name, v);
		*(double *)p = x;
		return 0;
	}
	case OPT_CUSTOM:
		return op->parse(o, v);
	}
	return 0;
}

static const struct opt *find_long(const char *name, size_t len)
{
	const struct opt *op;

	for (op = options; op->long_name; op++)
		if (strlen(op->long_name) == len &&
		    !strncmp(op->long_name, name, len))
			return op;
	return NULL;
}

static const struct opt *find_short(char c)
{
	const struct opt *op;

	for (op = options; op->long_name; op++)
		if (op->short_name == c)
			return op;
	return NULL;
}

static int unknown_option(struct fsr_options *o, const char *arg)
{
	const char *names[64];
	const struct opt *op;
	const char *hint = NULL;
	size_t n = 0;

	for (op = options; op->long_name && n < 63; op++)
		names[n++] = op->long_name;
	names[n++] = "help";
	if (arg[1] == '-') {
		/* "--colour=never": the name is what precedes '='. */
		char *name = fsr_xstrndup(arg + 2, strcspn(arg + 2, "="));

		hint = fsr_nearest_word(name, names, n);
		free(name);
	}
	if (hint)
		return usage_error(o->command,
				   "unknown option '%s'; did you mean "
				   "'--%s'?", arg, hint);
	return usage_error(o->command, "unknown option '%s'", arg);
}

static int check_applies(struct fsr_options *o, const struct opt *op)
{
	if (op->commands & (1u << o->command))
		return 0;
	return usage_error(o->command, "--%s does not apply to '%s'",
			   op->long_name, command_names[o->command]);
}

/* Returns -1 to go on, or an exit code (help printed: 0). */
static int parse_args(int argc, char **argv, struct fsr_options *o)
{
	int i, only_positional = 0;

	o->runsets = fsr_xcalloc((size_t)argc, sizeof(*o->runsets));
	i = 2;
	/* "store add RUNSET...": the subcommand is not a run set. */
	if (o->command == FSR_CMD_STORE && argc > 2 && argv[2][0] != '-')
		o->subcommand = argv[i++];
	for (; i < argc; i++) {
		const char *a = argv[i];
		const struct opt *op;
		int rc;

		if (only_positional || a[0] != '-' || !a[1]) {
			o->runsets[o->n_runsets++] = argv[i];
			continue;
		}
		if (!strcmp(a, "--")) {
			only_positional = 1;
			continue;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			print_command_help(o->command);
			return FSR_EXIT_OK;
		}
		if (!strcmp(a, "--version")) {
			print_version();
			return FSR_EXIT_OK;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			const char *v = eq ? eq + 1 : NULL;

			op = find_long(a + 2, len);
			if (!op)
				return unknown_option(o, a);
			if ((rc = check_applies(o, op)))
				return rc;
			if (op->kind == OPT_FLAG) {
				if (eq)
					return usage_error(o->command,
						"--%s takes no value",
						op->long_name);
			} else if (!v) {
				if (i + 1 >= argc)
					return usage_error(o->command,
						"--%s needs a value",
						op->long_name);
				v = argv[++i];
			}
			if ((rc = parse_value(op, o, op->long_name, v)))
				return rc;
			continue;
		}
		/* Short options; "-vq" bundles flags, "-oFILE" or "-o FILE". */
		for (a++; *a; a++) {
			const char *v = NULL;

			op = find_short(*a);
			if (!op) {
				char bad[3] = { '-', *a, 0 };

				return unknown_option(o, bad);
			}
			if ((rc = check_applies(o, op)))
				return rc;
			if (op->kind != OPT_FLAG) {
				if (a[1])
					v = a + 1;
				else if (i + 1 < argc)
					v = argv[++i];
				else
					return usage_error(o->command,
						"-%c needs a value", *a);
			}
			if ((rc = parse_value(op, o, op->long_name, v)))
				return rc;
			if (v)
				break;
		}
	}
	return -1;
}

static int terminal_width(const struct fsr_options *o)
{
	struct winsize ws;
	const char *cols = getenv("COLUMNS");

	if (o->width > 0)
		return o->width;
	if (cols && *cols) {
		char *end;
		long c = strtol(cols, &end, 10);

		if (!*end && c >= 10 && c <= 100000)
			return (int)c;
	}
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) ==
	    0 && ws.ws_col >= 10)
		return ws.ws_col;
	return 80;
}

static const struct fsr_renderer *text_renderer(const struct fsr_options *o);

static int check_options(struct fsr_options *o)
{
	int rc;

	if (!(o->confidence > 0 && o->confidence < 1))
		return usage_error(o->command, "--confidence must be between "
				   "0 and 1, e.g. 0.95");
	if (!(o->alpha > 0 && o->alpha < 1))
		return usage_error(o->command, "--alpha must be between 0 and "
				   "1, e.g. 0.05");
	if (o->command == FSR_CMD_COMPARE && o->n_runsets < 1 && !o->db)
		return usage_error(o->command, "compare needs run sets");
	if (o->command == FSR_CMD_REPORT && o->n_runsets < 1 && !o->db)
		return usage_error(o->command, "report needs run sets");
	if (o->command == FSR_CMD_REPORT && (!o->output || !*o->output ||
					     !strcmp(o->output, "-")))
		return usage_error(o->command, "report needs -o DIR, the "
				   "folder to write");
	if (o->n_runsets < 1 && !o->db)
	if (o->n_runsets < 1 && !o->db && o->command != FSR_CMD_STORE)
		return usage_error(o->command, "no run set given");
	if (fsr_cli_store_problem(o))
		return usage_error(o->command, "%s", fsr_cli_store_problem(o));
	if (o->command == FSR_CMD_IMPORT && fsr_cli_import_problem(o))
		return usage_error(o->command, "%s", fsr_cli_import_problem(o));
	if (!text_renderer(o))
		return FSR_EXIT_USAGE;
	if (fsr_cli_charts_problem(o))
		return usage_error(o->command, "%s", fsr_cli_charts_problem(o));
	if (fsr_cli_select_problem(o))
		return usage_error(o->command, "%s", fsr_cli_select_problem(o));
	rc = check_groups(o);
	return rc >= 0 ? rc : fsr_cli_check_paths(o);
}

/* The text renderer --format names (default ascii), or NULL after a
 * usage error was printed. */
static const struct fsr_renderer *text_renderer(const struct fsr_options *o)
{
	const char *fmt = o->format ? o->format : "ascii";
	const struct fsr_renderer *rend = fsr_renderer_find(fmt);
	const char *names[32];
	const struct fsr_renderer *r;
	const char *hint;
	size_t n = 0;

	if (rend && !(rend->flags & FSR_RENDER_BINARY))
		return rend;
	for (r = fsr_renderers; r->name && n < 32; r++)
		if (!(r->flags & FSR_RENDER_BINARY))
			names[n++] = r->name;
	hint = fsr_nearest_word(fmt, names, n);
	if (hint)
		usage_error(o->command, "unknown format '%s'; did you mean "
			    "'%s'?", fmt, hint);
	else
		usage_error(o->command, "unknown format '%s'", fmt);
	return NULL;
}

void fsr_cli_render_opts(const struct fsr_options *o,
			 struct fsr_render_opts *ro)
{
	memset(ro, 0, sizeof(*ro));
	ro->width = terminal_width(o);
	ro->color = fsr_term_color(o);
	ro->verbose = o->verbose;
	ro->scale = o->scale;
	ro->pairs = o->pairs;
	ro->groups = o->groups;
	ro->n_groups = o->n_groups;
}

static int run(struct fsr_options *o)
{
	const struct fsr_renderer *rend = NULL;
	struct fsr_compare_opts co;
	struct fsr_comparison *cmp = NULL;
	struct fsr_stats *stats = NULL;
	struct fsr_report *r;
	struct fsr_view view;
	struct fsr_diag d;
	int rc;

	if (o->command == FSR_CMD_TREND || o->command == FSR_CMD_STORE ||
	    o->command == FSR_CMD_CHECK) {
		rc = o->command == FSR_CMD_TREND ? fsr_cli_trend(o) :
		     o->command == FSR_CMD_STORE ? fsr_cli_store(o) :
		     fsr_cli_check(o);
		if (rc != FSR_EXIT_OK && rc != FSR_EXIT_REGRESSION) {
			fsr_outputs_discard();
			return rc;
		}
		if (fsr_outputs_publish())
			return FSR_EXIT_OUTPUT;
		/* --keep-going: as below, a failed file is still 3 */
		return fsr_cli_import_failures() ? FSR_EXIT_INPUT : rc;
	}
	r = fsr_report_new();
	rc = fsr_cli_load_analyzed(o, r, &stats);
	if (rc)
		goto out;
	memset(&view, 0, sizeof(view));
	/* report is compare written as a folder */
	view.command = o->command == FSR_CMD_REPORT ? FSR_CMD_COMPARE :
		       o->command;
	view.report = r;
	view.stats = stats;
	if (view.command == FSR_CMD_COMPARE) {
		memset(&co, 0, sizeof(co));
		co.confidence = o->confidence;
		co.alpha = o->alpha;
		co.min_change = o->min_change;
		co.test = o->test;
		co.adjust = o->adjust;
		co.ci = o->ci;
		co.seed = o->seed;
		co.boot_b = o->boot_b;
		co.baseline = o->baseline;
		co.outliers = o->outliers;
		co.runs_needed_pct = o->runs_needed;
		co.sign_better = o->sign_better;
		fsr_cli_geomean_select(o, &co);
		cmp = fsr_compare(r, stats, &co, &d);
		if (!cmp) {
			rc = fsr_report_diag(&d, FSR_EINTERNAL);
			goto out;
		}
		rc = fsr_cli_sort_by_change(o, r, &stats, &cmp, &co);
		if (!rc)
			rc = fsr_cli_only_changed(o, r, stats, cmp);
		if (!rc && o->n_groups)
			rc = fsr_cli_group_compare(o, r, &co);
		if (rc)
			goto out;
		view.stats = stats;
		view.cmp = cmp;
	}
	if (o->command == FSR_CMD_REPORT) {
		struct fsr_render_opts ro;

		fsr_cli_render_opts(o, &ro);
		ro.title = o->title;
		ro.subtitle = o->subtitle;
		ro.caption = o->caption;
		rc = fsr_cli_report(o, &view, &ro);
	} else if (!o->debug_layout && !(rend = text_renderer(o))) {
		/* the text renderer named by --format (not for
		 * --debug-layout) */
		rc = FSR_EXIT_USAGE;
	} else {
		rc = fsr_cli_write_view(o, rend ? rend->render : NULL, &view);
	}
	/* All outputs in place together, or none. */
	if (!rc)
		rc = fsr_outputs_publish();
	else
		fsr_outputs_discard();
	/* --fail-on-regression: the output is written, then exit 1. */
	if (rc == FSR_EXIT_OK && o->fail_on_regression && cmp) {
		size_t i;

		for (i = 0; i < cmp->n_rows; i++)
			if (cmp->rows[i].verdict == FSR_VERDICT_WORSE &&
			    !o->n_groups)
				rc = FSR_EXIT_REGRESSION;
		if (fsr_cli_groups_worse(o))
			rc = FSR_EXIT_REGRESSION;
	}
	/* A stacked chart refused as too tall: the rest is written, then 2. */
	if ((rc == FSR_EXIT_OK || rc == FSR_EXIT_REGRESSION) &&
	    fsr_cli_charts_refused())
		rc = FSR_EXIT_USAGE;
	/* --keep-going: the rest is reported, a failed file is still 3. */
	if ((rc == FSR_EXIT_OK || rc == FSR_EXIT_REGRESSION) &&
	    fsr_cli_import_failures())
		rc = FSR_EXIT_INPUT;
out:
	fsr_cli_groups_free(o);
	fsr_comparison_free(cmp);
	fsr_stats_free(stats);
	fsr_report_free(r);
	return rc;
}

int main(int argc, char **argv)
{
	struct fsr_options o;
	const char *cmd;
	size_t i;
	int rc;

	/* Numbers are read and written in the "C" locale whatever
	 * LC_ALL/LANG say: we never call setlocale(LC_NUMERIC, ""). */
	LIBXML_TEST_VERSION
	fsr_analyze_init();
	fsr_output_install_signal_handlers();

	if (argc < 2) {
		print_usage(stderr);
		return FSR_EXIT_USAGE;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
	    !strcmp(cmd, "help")) {
		print_usage(stdout);
		return FSR_EXIT_OK;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		print_version();
		return FSR_EXIT_OK;
	}
	memset(&o, 0, sizeof(o));
	o.confidence = 0.95;
	o.alpha = 0.05;
	o.min_change = 1.0;
	o.scale = 1.0;
	o.seed = 1;
	o.boot_b = 10000;
	o.color = -1;
	o.min_size = 2;
	o.permutations = 199;
	for (i = 0; i < N_COMMANDS; i++)
		if (!strcmp(cmd, command_names[i]))
			break;
	if (i == N_COMMANDS) {
		const char *hint = fsr_nearest_word(cmd, command_names, N_COMMANDS);

		if (hint)
			fsr_error("unknown command '%s'; did you mean '%s'?",
				  cmd, hint);
		else
			fsr_error("unknown command '%s'", cmd);
		fputs("usage: fsreport COMMAND [OPTION]... RUNSET...\n"
		      "(see 'fsreport --help')\n", stderr);
		return FSR_EXIT_USAGE;
	}
	o.command = (enum fsr_command)i;
	rc = parse_args(argc, argv, &o);
	if (rc < 0)
		rc = check_options(&o);
	if (rc < 0)
		rc = run(&o);
	free(o.runsets);
	free(o.groups);
	free(o.notes);
	if (o.labels)
		for (i = 0; i < o.n_runsets; i++)
			free(o.labels[i]);
	free(o.labels);
	xmlCleanupParser();
	return rc;
}
