/*
 * options.c - the option rows several commands share, and everything
 * done with rows: parsing argv by them (each kind checks its own range
 * and says so), --help, "did you mean", the usage errors, the checks
 * every command shares, and --dump-options, from which
 * scripts/gen-options.sh writes the man page's option list and the bash
 * completion. A command's own rows, and the list of the rows it takes,
 * are in the command's file.
 */
#include "cli.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int parse_color(struct fsr_options *o, const char *v);
static int parse_note(struct fsr_options *o, const char *v);
static int parse_percentiles(struct fsr_options *o, const char *v);

static const char *const w_test[] = { "welch", "mwu", NULL };
static const char *const w_adjust[] = { "holm", "bh", "none", NULL };
static const char *const w_ci[] = { "welch", "bootstrap", NULL };
static const char *const w_sign[] = { "change", "better", NULL };
/* in the order of enum fsr_outlier_rule */
static const char *const w_outliers[] = { "esd", "tukey", "mad", NULL };
/* in the order of enum fsr_cli_order */
static const char *const w_order[] = { "given", "name", "version", "time",
				       NULL };
/* checked after parsing (cli/import.c, cli/store.c, cli/charts.c,
 * cli/select.c); listed for the completion and the man page */
static const char *const w_to[] = { "csv", "json", "xml", "pts", NULL };
static const char *const w_color[] = { "auto", "always", "never", NULL };
static const char *const w_chart_format[] = { "svg", "png", NULL };
static const char *const w_sort[] = { "input", "name", "change", NULL };

#define ROW(id, ...) [FSR_O_##id] = { __VA_ARGS__ }

const struct fsr_opt fsr_opts[FSR_O_COUNT] = {
	ROW(format, .name = "format", .short_name = 'f',
	    .kind = FSR_OPT_STRING, .offset = FSR_OFF(format), .arg = "FMT",
	    .help = "text output format (default ascii; formats below)"),
	ROW(output, .name = "output", .short_name = 'o',
	    .kind = FSR_OPT_FILE, .offset = FSR_OFF(output), .arg = "FILE",
	    .help = "write to FILE (whole or not at all); - is stdout"),
	ROW(width, .name = "width", .short_name = 'w', .kind = FSR_OPT_COUNT,
	    .offset = FSR_OFF(width), .arg = "N", .min = 1, .max = 100000,
	    .help = "text width (default: $COLUMNS, the terminal, 80)"),
	ROW(confidence, .name = "confidence", .kind = FSR_OPT_NUMBER,
	    .offset = FSR_OFF(confidence), .arg = "C",
	    .help = "confidence level of intervals (default 0.95)"),
	ROW(alpha, .name = "alpha", .kind = FSR_OPT_NUMBER,
	    .offset = FSR_OFF(alpha), .arg = "A",
	    .help = "significance level after correction (default 0.05)"),
	ROW(baseline, .name = "baseline", .short_name = 'b',
	    .kind = FSR_OPT_STRING, .offset = FSR_OFF(baseline),
	    .arg = "LABEL",
	    .help = "the system others are compared with (default first)"),
	ROW(test, .name = "test", .kind = FSR_OPT_CHOICE,
	    .offset = FSR_OFF(test), .arg = "TEST", .choices = w_test,
	    .help = "test behind verdicts: welch (default), mwu"),
	ROW(adjust, .name = "adjust", .kind = FSR_OPT_CHOICE,
	    .offset = FSR_OFF(adjust), .arg = "HOW", .choices = w_adjust,
	    .help = "correct p over all rows: holm (default), bh, none"),
	ROW(min_change, .name = "min-change", .kind = FSR_OPT_PERCENT,
	    .offset = FSR_OFF(min_change), .arg = "PCT", .min = 0,
	    .max = 1000,
	    .help = "smaller changes in % are 'same' (default 1)"),
	ROW(runs_needed, .name = "runs-needed", .kind = FSR_OPT_PERCENT,
	    .offset = FSR_OFF(runs_needed), .arg = "PCT", .min = 0,
	    .min_open = 1, .max = 1000,
	    .help = "runs per side that would detect a change of PCT"),
	ROW(equivalence, .name = "equivalence", .kind = FSR_OPT_PERCENT,
	    .offset = FSR_OFF(equivalence), .arg = "PCT", .min = 0,
	    .min_open = 1, .max = 1000,
	    .help = "'equal' when the change is proven within +-PCT"),
	ROW(max_regression, .name = "max-regression",
	    .kind = FSR_OPT_PERCENT, .offset = FSR_OFF(max_regression),
	    .arg = "PCT", .min = 0, .min_open = 1, .max = 1000,
	    .help = "'not worse' when proven not worse by more than PCT"),
	ROW(ci, .name = "ci", .kind = FSR_OPT_CHOICE, .offset = FSR_OFF(ci),
	    .arg = "HOW", .choices = w_ci,
	    .help = "interval of the change: welch (default), bootstrap"),
	ROW(seed, .name = "seed", .kind = FSR_OPT_COUNT,
	    .offset = FSR_OFF(seed), .arg = "N", .min = 0,
	    .max = 4294967295.0,
	    .help = "random seed of bootstrap, permutations (default 1)"),
	ROW(bootstrap_b, .name = "bootstrap-b", .kind = FSR_OPT_COUNT,
	    .offset = FSR_OFF(boot_b), .arg = "N", .min = 10000,
	    .max = 10000000,
	    .help = "bootstrap resamples, at least 10000 (default)"),
	ROW(sign, .name = "sign", .kind = FSR_OPT_CHOICE,
	    .offset = FSR_OFF(sign_better), .arg = "HOW", .choices = w_sign,
	    .help = "+ is an increase: change (default), or better"),
	ROW(outliers, .name = "outliers", .kind = FSR_OPT_CHOICE,
	    .offset = FSR_OFF(outliers), .arg = "RULE",
	    .choices = w_outliers,
	    .help = "outlier rule (flag only): esd (default), tukey, mad"),
	ROW(keep_going, .name = "keep-going", .short_name = 'k',
	    .kind = FSR_OPT_FLAG, .offset = FSR_OFF(keep_going),
	    .help = "report unreadable files and go on with the others"),
	ROW(verbose, .name = "verbose", .short_name = 'v',
	    .kind = FSR_OPT_FLAG, .offset = FSR_OFF(verbose),
	    .help = "say which files were read and which were skipped"),
	ROW(quiet, .name = "quiet", .short_name = 'q', .kind = FSR_OPT_FLAG,
	    .offset = FSR_OFF(quiet), .help = "print errors only"),
	ROW(to, .name = "to", .short_name = 't', .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(to), .arg = "FMT", .choices = w_to,
	    .help = "csv (one row per sample), json, xml "
		    "(schemas/fsreport.xsd) or pts (a PTS composite.xml); "
		    "-o x.csv or x.json implies it"),
	ROW(color, .name = "color", .kind = FSR_OPT_CUSTOM,
	    .offset = FSR_OFF(color), .arg = "WHEN", .choices = w_color,
	    .parse = parse_color,
	    .help = "colour on a terminal: auto (default), always, never"),
	ROW(svg, .name = "svg", .kind = FSR_OPT_FILE, .offset = FSR_OFF(svg),
	    .arg = "FILE",
	    .help = "also draw the charts as SVG (pages past 4000 px)"),
	ROW(png, .name = "png", .kind = FSR_OPT_FILE, .offset = FSR_OFF(png),
	    .arg = "FILE",
	    .help = "the same as a PNG, 800 px wide (see --scale)"),
	ROW(chart_dir, .name = "chart-dir", .kind = FSR_OPT_DIR,
	    .offset = FSR_OFF(chart_dir), .arg = "DIR",
	    .help = "also write one chart file per result into DIR"),
	ROW(chart_format, .name = "chart-format", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(chart_format), .arg = "FMT",
	    .choices = w_chart_format,
	    .help = "files in --chart-dir: svg (default) or png"),
	ROW(scale, .name = "scale", .kind = FSR_OPT_NUMBER,
	    .offset = FSR_OFF(scale), .arg = "F",
	    .help = "PNG size: 1 = 800 px wide (default), 2 for print"),
	ROW(dpi, .name = "dpi", .kind = FSR_OPT_NUMBER,
	    .offset = FSR_OFF(dpi), .arg = "N",
	    .help = "PNG size by resolution: 96 is --scale 1"),
	ROW(debug_layout, .name = "debug-layout", .kind = FSR_OPT_FLAG,
	    .offset = FSR_OFF(debug_layout),
	    .help = "print the chart geometry instead of the report"),
	ROW(order, .name = "order", .kind = FSR_OPT_CHOICE,
	    .offset = FSR_OFF(order), .arg = "HOW", .choices = w_order,
	    .help = "run sets as given (default; report puts version labels "
		    "in version order), by name, version, time"),
	ROW(min_size, .name = "min-size", .kind = FSR_OPT_COUNT,
	    .offset = FSR_OFF(min_size), .arg = "N", .min = 2, .max = 100000,
	    .help = "shortest segment between change points (default 2)"),
	ROW(permutations, .name = "permutations", .kind = FSR_OPT_COUNT,
	    .offset = FSR_OFF(permutations), .arg = "N", .min = 19,
	    .max = 1000000,
	    .help = "permutations of the change-point test (default 199)"),
	ROW(only, .name = "only", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(only), .arg = "REGEX",
	    .help = "only the results whose name or test id matches"),
	ROW(exclude, .name = "exclude", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(exclude), .arg = "REGEX",
	    .help = "leave out the results whose name or test id matches"),
	ROW(geo_only, .name = "geomean-only", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(geo_only), .arg = "REGEX",
	    .help = "only these results enter the geometric mean"),
	ROW(geo_exclude, .name = "geomean-exclude", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(geo_exclude), .arg = "REGEX",
	    .help = "leave these results out of the geometric mean"),
	ROW(only_changed, .name = "only-changed", .kind = FSR_OPT_FLAG,
	    .offset = FSR_OFF(only_changed),
	    .help = "show only the results with a verdict better or worse"),
	ROW(sort, .name = "sort", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(sort), .arg = "HOW", .choices = w_sort,
	    .help = "order: input (default), name or change"),
	ROW(note, .name = "note", .kind = FSR_OPT_CUSTOM,
	    .offset = FSR_OFF(notes), .arg = "LABEL=TEXT",
	    .parse = parse_note,
	    .help = "a note on system LABEL for the system table"),
	ROW(db, .name = "db", .kind = FSR_OPT_FILE, .offset = FSR_OFF(db),
	    .arg = "FILE",
	    .help = "the results store (SQLite file or postgresql://...)"),
	ROW(select, .name = "select", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(select), .arg = "GLOB",
	    .help = "with --db: only run sets whose label matches GLOB"),
	ROW(since, .name = "since", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(since), .arg = "DATE",
	    .help = "with --db: run sets of DATE (YYYY-MM-DD) or later"),
	ROW(until, .name = "until", .kind = FSR_OPT_STRING,
	    .offset = FSR_OFF(until), .arg = "DATE",
	    .help = "with --db: run sets of DATE or earlier"),
	ROW(drop_first, .name = "drop-first", .kind = FSR_OPT_FLAG,
	    .offset = FSR_OFF(drop_first),
	    .help = "leave each cell's first run out (3 or more runs)"),
	ROW(percentiles, .name = "percentiles", .kind = FSR_OPT_CUSTOM,
	    .offset = FSR_OFF(percentiles), .arg = "LIST",
	    .parse = parse_percentiles,
	    .help = "latency percentiles (default 50,90,99,99.9,99.99)"),
	ROW(steady, .name = "steady", .kind = FSR_OPT_FLAG,
	    .offset = FSR_OFF(steady),
	    .help = "a run's result: its steady-state mean, not whole-run"),
};

/* ------------------------------------------------------------ messages */

int fsr_cli_usage_error(const struct fsr_options *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsr_vmessage("", fmt, ap);
	va_end(ap);
	fprintf(stderr, "usage: %s\n(see 'fsreport %s --help')\n",
		o->cmd->synopsis, o->cmd->name);
	return FSR_EXIT_USAGE;
}

void fsr_cli_print_usage(FILE *fp, const struct fsr_cmd *const *all)
{
	size_t i;

	fputs("usage: fsreport COMMAND [OPTION]... RUNSET...\n\n"
	      "Turn raw benchmark output into statistically honest "
	      "reports.\n\ncommands:\n", fp);
	for (i = 0; all[i]; i++)
		fprintf(fp, "  %-9s %s\n", all[i]->name, all[i]->summary);
	fputs("\nA RUNSET is PATH or LABEL=PATH: a result file (recognised "
	      "by its content) or a\nfolder of them; the samples of one "
	      "result and system in a run set are pooled\nas repetitions."
	      "\n\n'fsreport COMMAND --help' lists the options of a "
	      "command; 'man fsreport' has\nthe whole story. --version "
	      "prints the version. Exit codes: 0 ok, 1 regression\n"
	      "(--fail-on-regression), 2 usage, 3 input, 4 output, "
	      "5 internal error.\n", fp);
}

/* "-f, --format FMT" or "    --alpha A" */
static void opt_left(const struct fsr_opt *op, char *left, size_t size)
{
	const char *sp = op->arg ? " " : "", *arg = op->arg ? op->arg : "";

	if (op->short_name)
		snprintf(left, size, "-%c, --%s%s%s", op->short_name,
			 op->name, sp, arg);
	else
		snprintf(left, size, "    --%s%s%s", op->name, sp, arg);
}

/* The --format words of cmd, into words[0..max), NULL-terminated. */
static void format_words(const struct fsr_cmd *cmd, const char **words,
			 size_t max)
{
	const struct fsr_renderer *r;
	size_t n = 0;

	if (cmd->formats) {
		for (; cmd->formats[n] && n + 1 < max; n++)
			words[n] = cmd->formats[n];
	} else {
		for (r = fsr_renderers; r->name && n + 1 < max; r++)
			if (!(r->flags & FSR_RENDER_BINARY))
				words[n++] = r->name;
	}
	words[n] = NULL;
}

static void print_help(const struct fsr_cmd *cmd)
{
	const struct fsr_opt *const *op;
	const char *words[32];
	size_t i;

	printf("usage: %s\n%s.\n\noptions:\n", cmd->synopsis, cmd->summary);
	for (op = cmd->opts; *op; op++) {
		char left[64];

		opt_left(*op, left, sizeof(left));
		fsr_print_help_line(stdout, left, (*op)->help);
	}
	printf("  %-24s %s\n", "-h, --help", "show this help");
	if (cmd->formats || cmd->flags & FSR_CMD_LISTS_FORMATS) {
		format_words(cmd, words, 32);
		printf("\nformats:");
		for (i = 0; words[i]; i++)
			printf(" %s", words[i]);
		printf("\n");
	}
	if (cmd->help_tail)
		printf("\n%s", cmd->help_tail);
	if (cmd->exit_codes)
		printf("\n%s", cmd->exit_codes);
	else if (cmd->flags & FSR_CMD_EXIT_REGRESSION)
		printf("\nexit codes: 0 ok, 1 regression found "
		       "(--fail-on-regression), 2 usage,\n3 input or parse "
		       "error, 4 output or I/O error, 5 internal error\n");
	else
		printf("\nexit codes: 0 ok, 2 usage, 3 input or parse error, "
		       "4 output or I/O error,\n5 internal error\n");
}

/* ------------------------------------------------------------- parsing */

/* A whole decimal number from lo to hi, or -1. */
static int whole_number(const char *v, double lo, double hi,
			unsigned long long *out)
{
	char *end;

	if (!*v || *v < '0' || *v > '9')
		return -1;
	errno = 0;
	*out = strtoull(v, &end, 10);
	if (errno || *end || (double)*out < lo || (double)*out > hi)
		return -1;
	return 0;
}

/* "a, b or c" */
static void word_list(const char *const *words, struct fsr_buf *b)
{
	size_t i;

	for (i = 0; words[i]; i++)
		fsr_buf_addf(b, "%s%s", i == 0 ? "" : words[i + 1] ?
			     ", " : " or ", words[i]);
}

static int parse_value(const struct fsr_opt *op, struct fsr_options *o,
		       const char *v)
{
	char *p = (char *)o + op->offset;
	size_t len;
	double x;

	switch (op->kind) {
	case FSR_OPT_FLAG:
		*(int *)p = 1;
		return 0;
	case FSR_OPT_STRING:
	case FSR_OPT_FILE:
	case FSR_OPT_DIR:
		*(const char **)p = v;
		return 0;
	case FSR_OPT_NUMBER:
		if (fsr_parse_double(v, strlen(v), &x) != 0)
			return fsr_cli_usage_error(o, "--%s wants a number, "
						   "not '%s'", op->name, v);
		*(double *)p = x;
		return 0;
	case FSR_OPT_COUNT: {
		unsigned long long n;

		if (whole_number(v, op->min, op->max, &n))
			return fsr_cli_usage_error(o, "--%s wants a whole "
						   "number from %.0f to %.0f, "
						   "not '%s'", op->name,
						   op->min, op->max, v);
		*(size_t *)p = (size_t)n;
		return 0;
	}
	case FSR_OPT_PERCENT:
		/* 2 or 2% */
		len = strlen(v);
		if (len && v[len - 1] == '%')
			len--;
		if (fsr_parse_double(v, len, &x) ||
		    !(op->min_open ? x > op->min : x >= op->min) ||
		    !(x <= op->max)) {
			if (op->min_open)
				return fsr_cli_usage_error(o, "--%s wants a "
					"percentage above %g, up to %g, not "
					"'%s'", op->name, op->min, op->max, v);
			return fsr_cli_usage_error(o, "--%s wants a percentage "
						   "from %g to %g, not '%s'",
						   op->name, op->min, op->max,
						   v);
		}
		*(double *)p = x;
		return 0;
	case FSR_OPT_CHOICE: {
		struct fsr_buf list = FSR_BUF_INIT;
		int i, rc;

		for (i = 0; op->choices[i]; i++) {
			if (!strcmp(v, op->choices[i])) {
				*(int *)p = i;
				return 0;
			}
		}
		word_list(op->choices, &list);
		rc = fsr_cli_usage_error(o, "--%s wants %s, not '%s'",
					 op->name, list.buf, v);
		fsr_buf_release(&list);
		return rc;
	}
	case FSR_OPT_CUSTOM:
		return op->parse(o, v);
	}
	FSR_BUG("option kind %d", (int)op->kind);
}

static int parse_color(struct fsr_options *o, const char *v)
{
	int c = fsr_term_parse_color(v);

	if (c < -1)
		return fsr_cli_usage_error(o, "--color wants auto, always or "
					   "never, not '%s'", v);
	o->color = c;
	return 0;
}

/* --note LABEL=TEXT: kept for fsr_cli_apply_notes() (cli/system.c). */
static int parse_note(struct fsr_options *o, const char *v)
{
	const char *eq = strchr(v, '=');

	if (!eq || eq == v || !eq[1])
		return fsr_cli_usage_error(o, "--note wants LABEL=TEXT, not "
					   "'%s'", v);
	FSR_GROW(o->notes, o->cap_notes, o->n_notes + 1);
	o->notes[o->n_notes++] = v;
	return 0;
}

/* --percentiles 50,99,99.9: each 0 < q < 100, at most 32, kept
 * ascending and once each. */
static int parse_percentiles(struct fsr_options *o, const char *v)
{
	const size_t max = sizeof(o->percentiles) / sizeof(*o->percentiles);
	const char *p = v;
	size_t n = 0, i, k;
	double q;

	for (;;) {
		size_t len = strcspn(p, ",");

		if (fsr_parse_double(p, len, &q) != 0 || !(q > 0) ||
		    !(q < 100))
			return fsr_cli_usage_error(o, "--percentiles: '%.*s' is "
						   "not a percentile above 0 "
						   "and below 100",
						   (int)len, p);
		if (n == max)
			return fsr_cli_usage_error(o, "--percentiles: more than "
						   "%zu", max);
		o->percentiles[n++] = q;
		if (!p[len])
			break;
		p += len + 1;
	}
	qsort(o->percentiles, n, sizeof(*o->percentiles), fsr_cmp_double);
	for (i = k = 0; i < n; i++)
		if (!k || o->percentiles[i] != o->percentiles[k - 1])
			o->percentiles[k++] = o->percentiles[i];
	o->n_percentiles = k;
	return 0;
}

/* The row of cmd named name[0..len) (or with short name c when len is
 * 0), or NULL. */
static const struct fsr_opt *find_in(const struct fsr_cmd *cmd,
				     const char *name, size_t len, char c)
{
	const struct fsr_opt *const *op;

	for (op = cmd->opts; *op; op++)
		if (len ? strlen((*op)->name) == len &&
			  !strncmp((*op)->name, name, len) :
			  (*op)->short_name == c)
			return *op;
	return NULL;
}

const struct fsr_opt *fsr_cli_cmd_opt(const struct fsr_cmd *cmd,
				     const char *name)
{
	return find_in(cmd, name, strlen(name), 0);
}

/* The row of o's command, or a usage error: an option of another
 * command "does not apply", anything else is unknown (with the nearest
 * option of any command as a hint). */
static const struct fsr_opt *find_opt(struct fsr_options *o,
				      const struct fsr_cmd *const *all,
				      const char *arg, const char *name,
				      size_t len, char c, int *rc)
{
	const struct fsr_opt *const *op, *found;
	const char *names[128], *hint = NULL;
	size_t i, j, n = 0;

	*rc = 0;
	if ((found = find_in(o->cmd, name, len, c)))
		return found;
	for (i = 0; all[i]; i++) {
		if ((found = find_in(all[i], name, len, c))) {
			*rc = fsr_cli_usage_error(o, "--%s does not apply to "
						  "'%s'", found->name,
						  o->cmd->name);
			return NULL;
		}
	}
	/* every long option once, in the order of the commands' rows */
	for (i = 0; all[i]; i++) {
		for (op = all[i]->opts; *op && n < 127; op++) {
			for (j = 0; j < n; j++)
				if (!strcmp(names[j], (*op)->name))
					break;
			if (j == n)
				names[n++] = (*op)->name;
		}
	}
	names[n++] = "help";
	if (len) {
		char *word = fsr_xstrndup(name, len);

		hint = fsr_nearest_word(word, names, n);
		free(word);
	}
	if (hint)
		*rc = fsr_cli_usage_error(o, "unknown option '%s'; did you mean "
					  "'--%s'?", arg, hint);
	else
		*rc = fsr_cli_usage_error(o, "unknown option '%s'", arg);
	return NULL;
}

static void set_defaults(struct fsr_options *o)
{
	o->confidence = 0.95;
	o->alpha = 0.05;
	o->min_change = 1.0;
	o->scale = 1.0;
	o->seed = 1;
	o->boot_b = 10000;
	o->color = -1;
	o->min_size = 2;
	o->permutations = 199;
	o->order = -1; /* not given: as given, report may order versions */
}

/* One argument that starts with "--" (not "--" itself). */
static int parse_long(int argc, char **argv, int *i,
		      const struct fsr_cmd *const *all, struct fsr_options *o)
{
	const char *a = argv[*i], *eq = strchr(a + 2, '=');
	size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
	const char *v = eq ? eq + 1 : NULL;
	const struct fsr_opt *op;
	int rc;

	if (!len) /* "--=x" */
		return fsr_cli_usage_error(o, "unknown option '%s'", a);
	if (!(op = find_opt(o, all, a, a + 2, len, 0, &rc)))
		return rc;
	if (op->kind == FSR_OPT_FLAG) {
		if (eq)
			return fsr_cli_usage_error(o, "--%s takes no value",
						   op->name);
	} else if (!v) {
		if (*i + 1 >= argc)
			return fsr_cli_usage_error(o, "--%s needs a value",
						   op->name);
		v = argv[++*i];
	}
	return parse_value(op, o, v);
}

/* Short options; "-vq" bundles flags, "-oFILE" or "-o FILE". */
static int parse_short(int argc, char **argv, int *i,
		       const struct fsr_cmd *const *all, struct fsr_options *o)
{
	const char *a;
	int rc;

	for (a = argv[*i] + 1; *a; a++) {
		const struct fsr_opt *op;
		const char *v = NULL;
		char bad[3] = { '-', *a, 0 };

		if (!(op = find_opt(o, all, bad, NULL, 0, *a, &rc)))
			return rc;
		if (op->kind != FSR_OPT_FLAG) {
			if (a[1])
				v = a + 1;
			else if (*i + 1 < argc)
				v = argv[++*i];
			else
				return fsr_cli_usage_error(o, "-%c needs a "
							   "value", *a);
		}
		if ((rc = parse_value(op, o, v)))
			return rc;
		if (v)
			break;
	}
	return 0;
}

/* A row of cmd that sets a field past the end of cmd's options (a row
 * of another command's struct, listed here by mistake), or NULL. */
static const struct fsr_opt *row_outside(const struct fsr_cmd *cmd)
{
	static const struct fsr_opt subcommand = { .name = "(subcommand)" };
	const struct fsr_opt *const *op;

	if (cmd->flags & FSR_CMD_SUBCOMMAND &&
	    (cmd->subcommand_offset < sizeof(struct fsr_options) ||
	     cmd->subcommand_offset + sizeof(const char *) >
	     FSR_CMD_OPTS_SIZE(cmd)))
		return &subcommand;

	for (op = cmd->opts; *op; op++)
		if ((*op)->offset >= FSR_CMD_OPTS_SIZE(cmd))
			return *op;
	return NULL;
}

int fsr_cli_parse(int argc, char **argv, const struct fsr_cmd *cmd,
		  const struct fsr_cmd *const *all, struct fsr_options *o,
		  int *done)
{
	const struct fsr_opt *bad = row_outside(cmd);
	int i = 2, only_positional = 0, rc = 0;

	*done = 1;
	if (bad) {
		fsr_error("--%s sets no field of %s's options (a bug)",
			  bad->name, cmd->name);
		memset(o, 0, sizeof(*o));
		return FSR_EXIT_INTERNAL;
	}
	memset(o, 0, FSR_CMD_OPTS_SIZE(cmd));
	set_defaults(o);
	o->cmd = cmd;
	o->command = cmd->command;
	o->runsets = fsr_xcalloc((size_t)argc, sizeof(*o->runsets));
	/* "store add RUNSET...": the subcommand is not a run set. */
	if (cmd->flags & FSR_CMD_SUBCOMMAND && argc > 2 && argv[2][0] != '-')
		*(const char **)((char *)o + cmd->subcommand_offset) =
			argv[i++];
	for (; i < argc && !rc; i++) {
		const char *a = argv[i];

		if (only_positional || a[0] != '-' || !a[1]) {
			o->runsets[o->n_runsets++] = argv[i];
		} else if (!strcmp(a, "--")) {
			only_positional = 1;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			print_help(cmd);
			return FSR_EXIT_OK;
		} else if (!strcmp(a, "--version")) {
			fsr_print_version(stdout);
			return FSR_EXIT_OK;
		} else if (a[1] == '-') {
			rc = parse_long(argc, argv, &i, all, o);
		} else {
			rc = parse_short(argc, argv, &i, all, o);
		}
	}
	*done = rc != 0;
	return rc;
}

void fsr_cli_options_release(struct fsr_options *o)
{
	size_t i;

	free(o->runsets);
	free(o->groups);
	free(o->notes);
	if (o->labels)
		for (i = 0; i < o->n_runsets; i++)
			free(o->labels[i]);
	free(o->labels);
}

/* -------------------------------------------------------------- checks */

const struct fsr_renderer *fsr_cli_text_renderer(const struct fsr_options *o)
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
		fsr_cli_usage_error(o, "unknown format '%s'; did you mean "
				    "'%s'?", fmt, hint);
	else
		fsr_cli_usage_error(o, "unknown format '%s'", fmt);
	return NULL;
}

/* FSREPORT_DB: the store (a file or a postgresql:// URL) when --db is
 * not given, for a command that takes --db and has no run sets to read
 * instead (store and check always read or write the store). */
static void use_env_db(const struct fsr_cmd *cmd, struct fsr_options *o)
{
	const char *env = getenv("FSREPORT_DB");

	if (o->db || !env || !*env ||
	    fsr_cli_inputs(o) == FSR_INPUTS_STORES)
		return; /* store sync names both stores */
	if (fsr_cli_cmd_opt(cmd, "db") &&
	    (o->n_runsets == 0 || cmd->flags & FSR_CMD_STORE_ALWAYS))
		o->db = env;
}

const char *fsr_cli_format_problem(const struct fsr_options *o)
{
	static char msg[200];
	struct fsr_buf list = FSR_BUF_INIT;
	const char *const *w = o->cmd->formats;
	size_t i;

	if (!w || !o->format)
		return NULL;
	for (i = 0; w[i]; i++)
		if (!strcmp(o->format, w[i]))
			return NULL;
	word_list(w, &list);
	snprintf(msg, sizeof(msg), "%s writes --format %s, not '%s'",
		 o->cmd->name, list.buf, o->format);
	fsr_buf_release(&list);
	return msg;
}

int fsr_cli_check_options(const struct fsr_cmd *cmd, struct fsr_options *o)
{
	const char *problem;
	int rc;

	if (!(o->confidence > 0 && o->confidence < 1))
		return fsr_cli_usage_error(o, "--confidence must be between "
					   "0 and 1, e.g. 0.95");
	if (!(o->alpha > 0 && o->alpha < 1))
		return fsr_cli_usage_error(o, "--alpha must be between 0 and "
					   "1, e.g. 0.05");
	use_env_db(cmd, o);
	if (cmd->flags & FSR_CMD_NEEDS_RUNSETS && o->n_runsets < 1 && !o->db)
		return fsr_cli_usage_error(o, "%s needs run sets", cmd->name);
	if (o->n_runsets < 1 && !o->db && !(cmd->flags & FSR_CMD_SUBCOMMAND))
		return fsr_cli_usage_error(o, "no run set given");
	if (cmd->check && (rc = cmd->check(o)))
		return rc;
	if ((problem = fsr_cli_store_problem(o)))
		return fsr_cli_usage_error(o, "%s", problem);
	if ((problem = fsr_cli_format_problem(o)))
		return fsr_cli_usage_error(o, "%s", problem);
	if (!fsr_cli_text_renderer(o))
		return FSR_EXIT_USAGE;
	if ((problem = fsr_cli_charts_problem(o)))
		return fsr_cli_usage_error(o, "%s", problem);
	if ((problem = fsr_cli_select_problem(o)))
		return fsr_cli_usage_error(o, "%s", problem);
	return 0;
}

/* ------------------------------------------------------ --dump-options */

static const char *const kind_names[] = {
	[FSR_OPT_FLAG] = "flag", [FSR_OPT_STRING] = "string",
	[FSR_OPT_FILE] = "file", [FSR_OPT_DIR] = "dir",
	[FSR_OPT_NUMBER] = "number", [FSR_OPT_COUNT] = "count",
	[FSR_OPT_PERCENT] = "percent", [FSR_OPT_CHOICE] = "choice",
	[FSR_OPT_CUSTOM] = "custom",
};

/*
 * Tab-separated lines, for scripts/gen-options.sh:
 *	command NAME SUMMARY
 *	option COMMAND NAME SHORT|- KIND ARG|- VALUES|- HELP
 * VALUES: the words the value may be, space-separated; a range "lo..hi"
 * for counts and percentages.
 */
void fsr_cli_dump_options(FILE *fp, const struct fsr_cmd *const *all)
{
	const struct fsr_opt *const *op;
	const char *words[32];
	size_t i, k;

	for (i = 0; all[i]; i++)
		fprintf(fp, "command\t%s\t%s\n", all[i]->name,
			all[i]->summary);
	for (i = 0; all[i]; i++) {
		for (op = all[i]->opts; *op; op++) {
			const struct fsr_opt *r = *op;
			const char *const *w = r->choices;

			fprintf(fp, "option\t%s\t%s\t", all[i]->name, r->name);
			if (r->short_name)
				fprintf(fp, "%c", r->short_name);
			else
				fputc('-', fp);
			fprintf(fp, "\t%s\t%s\t", kind_names[r->kind],
				r->arg ? r->arg : "-");
			if (r == FSR_O(format)) {
				format_words(all[i], words, 32);
				w = words;
			}
			if (w) {
				for (k = 0; w[k]; k++)
					fprintf(fp, "%s%s", k ? " " : "", w[k]);
			} else if (r->kind == FSR_OPT_COUNT ||
				   r->kind == FSR_OPT_PERCENT) {
				fprintf(fp, "%.0f..%.0f", r->min, r->max);
			} else {
				fputc('-', fp);
			}
			fprintf(fp, "\t%s\n", r->help);
		}
	}
}
