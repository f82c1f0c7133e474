/*
 * term.c - what fsreport does differently on a terminal: the progress
 * line on stderr while run sets are imported (and while report draws
 * and writes, fsr_progress_begin_n()), the decision whether text
 * output carries ANSI colour, and the --version text.
 *
 * The rule for both: only for a person looking at a terminal. Nothing of
 * it when the stream is a pipe or a file, with -q, and (colour) when
 * NO_COLOR is set, unless --color=always asks for it.
 *
 * The progress line is one line on stderr, redrawn in place with '\r'
 * (no escape sequences), shown only once importing has taken longer than
 * FSR_PROGRESS_DELAY_MS, and wiped before any message and at the end:
 *
 *	fsr_progress_begin(o);         before the first run set
 *	fsr_progress_tick();           once per file looked at
 *	fsr_progress_hide();           before printing a message
 *	fsr_progress_end();            when importing is over
 *
 * There is one terminal, so its state is one file-local struct.
 */
#include "cli.h"

#include <cairo.h>
#include <csv.h>
#include <dirent.h>
#include <gsl/gsl_version.h>
#include <jansson.h>
#include <libxml/xmlversion.h>
#include <pango/pango-features.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Show the progress line only when importing takes longer than this;
 * FSREPORT_PROGRESS_DELAY_MS overrides it (the tests set it to 0). */
#define FSR_PROGRESS_DELAY_MS 500
/* Redraw at most this often. */
#define FSR_PROGRESS_EVERY_MS 100

/* ------------------------------------------------------------- colour */

int fsr_term_color(const struct fsr_options *o)
{
	const char *no_color = getenv("NO_COLOR");
	const char *term = getenv("TERM");

	if (o->color >= 0)
		return o->color;
	if (o->quiet)
		return 0;
	if (no_color && *no_color)
		return 0;
	if (term && !strcmp(term, "dumb"))
		return 0;
	if (o->output && strcmp(o->output, "-"))
		return 0;
	return isatty(STDOUT_FILENO);
}

int fsr_term_parse_color(const char *v)
{
	if (!strcmp(v, "auto"))
		return -1;
	if (!strcmp(v, "always"))
		return 1;
	if (!strcmp(v, "never"))
		return 0;
	return -2;
}

/* ----------------------------------------------------------- progress */

static struct {
	int enabled;      /* stderr is a terminal and -q was not given */
	int shown;        /* the line is on the screen now */
	size_t done, total;
	size_t drawn_len; /* length of the line on the screen */
	const char *what; /* "drawing charts" (fsr_progress_begin_n), or
			   * NULL: importing files */
	long delay_ms;
	double start, last_draw; /* seconds, monotonic */
} progress;

static double now_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The run set's path, as fsr_cli_import() reads "LABEL=PATH". */
static const char *runset_path(const char *arg)
{
	const char *eq = strchr(arg, '=');
	struct stat st;

	if (eq && eq != arg && stat(arg, &st) != 0)
		return eq + 1;
	return arg;
}

/* Files the run sets name: a file counts one, a folder its regular
 * files (what runset.c will look at). */
static size_t count_inputs(const struct fsr_options *o)
{
	size_t i, total = 0;

	for (i = 0; i < o->n_runsets; i++) {
		const char *path = runset_path(o->runsets[i]);
		struct dirent *de;
		struct stat st;
		DIR *dir;

		if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
			total++;
			continue;
		}
		dir = opendir(path);
		if (!dir)
			continue;
		while ((de = readdir(dir))) {
			struct fsr_buf full = FSR_BUF_INIT;

			if (de->d_name[0] == '.')
				continue;
			fsr_buf_addf(&full, "%s/%s", path, de->d_name);
			if (stat(full.buf, &st) == 0 && S_ISREG(st.st_mode))
				total++;
			fsr_buf_release(&full);
		}
		closedir(dir);
	}
	return total;
}

/* The line's state for a new task of total steps: on only on a
 * terminal, without -q, and total > 0. */
static void progress_start(const struct fsr_options *o, const char *what)
{
	const char *env = getenv("FSREPORT_PROGRESS_DELAY_MS");

	memset(&progress, 0, sizeof(progress));
	if (o->quiet || !isatty(STDERR_FILENO))
		return;
	progress.what = what;
	progress.delay_ms = FSR_PROGRESS_DELAY_MS;
	if (env && *env) {
		char *end;
		long ms = strtol(env, &end, 10);

		if (!*end && ms >= 0)
			progress.delay_ms = ms;
	}
	progress.start = now_seconds();
	progress.enabled = 1;
}

void fsr_progress_begin(const struct fsr_options *o)
{
	progress_start(o, NULL);
	if (!progress.enabled)
		return;
	progress.total = count_inputs(o);
	progress.enabled = progress.total > 0;
}

void fsr_progress_begin_n(const struct fsr_options *o, const char *what,
			  size_t total)
{
	progress_start(o, what);
	progress.total = total;
	progress.enabled = progress.enabled && total > 0;
}

static void draw(void)
{
	struct fsr_buf line = FSR_BUF_INIT;
	size_t len;

	if (progress.what)
		fsr_buf_addf(&line, "fsreport: %s %zu/%zu", progress.what,
			     progress.done, progress.total);
	else
		fsr_buf_addf(&line, "fsreport: importing %zu/%zu files",
			     progress.done, progress.total);
	len = line.len;
	if (progress.drawn_len > len)
		fsr_buf_addch_n(&line, ' ', progress.drawn_len - len);
	fprintf(stderr, "\r%s\r", line.buf);
	fflush(stderr);
	fsr_buf_release(&line);
	progress.drawn_len = len;
	progress.shown = 1;
}

void fsr_progress_tick(void)
{
	double t;

	if (!progress.enabled)
		return;
	if (progress.done < progress.total)
		progress.done++;
	t = now_seconds();
	if ((t - progress.start) * 1000 < (double)progress.delay_ms)
		return;
	if (progress.shown && progress.done < progress.total &&
	    (t - progress.last_draw) * 1000 < FSR_PROGRESS_EVERY_MS)
		return;
	progress.last_draw = t;
	draw();
}

void fsr_progress_hide(void)
{
	struct fsr_buf blank = FSR_BUF_INIT;

	if (!progress.shown)
		return;
	fsr_buf_addch_n(&blank, ' ', progress.drawn_len);
	fprintf(stderr, "\r%s\r", blank.buf);
	fflush(stderr);
	fsr_buf_release(&blank);
	progress.shown = 0;
	progress.drawn_len = 0;
}

void fsr_progress_end(void)
{
	fsr_progress_hide();
	progress.enabled = 0;
}

/* ------------------------------------------------------------ version */

/* Cairo and Pango are named as built: the program does not map them
 * (they are in the chart module, render/charts/backend.h). SQLite is named as
 * it runs (sqlite3_libversion()), the store's file format being its. */
void fsr_print_version(FILE *fp)
{
	fprintf(fp, "fsreport %s\n", FSR_VERSION);
	fprintf(fp, "built with libxml2 %s, GSL %s, Cairo %s, Pango %s,\n"
		"libcsv %d.%d.%d, jansson %s, SQLite %s\n",
		LIBXML_DOTTED_VERSION, GSL_VERSION, CAIRO_VERSION_STRING,
		PANGO_VERSION_STRING, CSV_MAJOR, CSV_MINOR, CSV_RELEASE,
		JANSSON_VERSION, sqlite3_libversion());
	if (strcmp(gsl_version, GSL_VERSION))
		fprintf(fp, "running with GSL %s\n", gsl_version);
}

/* ---------------------------------------------------------------- help */

void fsr_print_help_line(FILE *fp, const char *left, const char *help)
{
	const size_t indent = 26, width = 79;
	size_t col = indent;
	const char *p = help;

	/* "  -o, --output FILE       " then the words of help, wrapped at
	 * 79 columns with continuation lines indented alike; a long left
	 * side keeps a help that fits after it on its line. */
	fprintf(fp, "  %-24s", left);
	if (strlen(left) > 24 && 2 + strlen(left) + 1 + strlen(help) <= width)
		col = 2 + strlen(left);
	else if (strlen(left) > 24)
		fprintf(fp, "\n%*s", (int)indent, "");
	while (*p) {
		size_t w = strcspn(p, " ");

		if (col > indent && col + 1 + w > width) {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
		}
		fprintf(fp, " %.*s", (int)w, p);
		col += 1 + w;
		p += w;
		while (*p == ' ')
			p++;
	}
	fputc('\n', fp);
}
