/*
 * cli.h - what the files of cli/ share. cli/ is the only place that
 * prints to the terminal, picks exit codes and writes output files.
 */
#ifndef FSR_CLI_H
#define FSR_CLI_H

#include <stdarg.h>
#include <stdio.h>

#include "../model/model.h"
#include "../analyze/analyze.h"
#include "../render/render.h"

#define FSR_VERSION "0.1.0"

/* Exit codes: a contract (design.md, fsreport.1). */
enum fsr_exit {
	FSR_EXIT_OK = 0,
	FSR_EXIT_REGRESSION = 1,
	FSR_EXIT_USAGE = 2,
	FSR_EXIT_INPUT = 3,
	FSR_EXIT_OUTPUT = 4,
	FSR_EXIT_INTERNAL = 5,
};

struct fsr_options {
	enum fsr_command command;
	const char *format;      /* --format, NULL: the command's default */
	const char *output;      /* -o, NULL or "-": stdout */
	const char *svg, *png;   /* --svg, --png */
	const char *chart_dir;   /* --chart-dir */
	const char *to;          /* import --to */
	const char *baseline;    /* --baseline */
	const char *pairs;       /* --pair */
	int width;               /* --width, 0: terminal/COLUMNS/80 */
	double confidence, alpha, min_change, scale;
	double runs_needed;      /* --runs-needed PCT, 0: not asked */
	enum fsr_test_kind test;
	enum fsr_adjust adjust;
	enum fsr_ci_method ci;
	enum fsr_outlier_rule outliers; /* --outliers */
	unsigned long seed;
	size_t boot_b;
	int verbose, quiet, keep_going, fail_on_regression;
	int color;               /* -1 auto, 0 never, 1 always */
	int debug_layout;
	char **runsets;          /* positional arguments */
	size_t n_runsets;
	const char *chart_format; /* --chart-format: svg (default), png */
	double dpi;              /* --dpi, 0: use scale */
	struct fsr_table_group *groups; /* --group, in the order given */
	size_t n_groups, cap_groups;
	/* trend, store, check (cli/trend.c, cli/store.c) */
	const char *order;       /* --order given|name|version|time */
	int trend;               /* report --trend: a trend section */
	size_t min_size;         /* --min-size: shortest segment */
	size_t permutations;     /* --permutations */
	const char *db;          /* --db FILE: the results store */
	const char *select;      /* --select PATTERN: labels (fnmatch) */
	const char *since, *until; /* --since/--until DATE (run time) */
	const char *subcommand;  /* store add|export (the word after store) */
	char **labels;           /* per run set: its label (guard.c) */
	const char *title, *subtitle, *caption; /* report, charts */
	const char *only, *exclude; /* --only, --exclude REGEX (select.c) */
	/* --geomean-only, --geomean-exclude REGEX (select.c) */
	const char *geo_only, *geo_exclude;
	int only_changed;        /* --only-changed (select.c) */
	int sign_better;         /* --sign better */
	const char *sort;        /* --sort change|name|input */
	const char **notes;      /* --note LABEL=TEXT, in the order given */
	size_t n_notes, cap_notes;
};

/* cli/runset.c: resolve every run set and import it into r. Returns an
 * exit code (0 on success) and has printed any message. */
int fsr_cli_import(const struct fsr_options *o, struct fsr_report *r);
/* Non-zero when --keep-going read on past a file that failed: the
 * command reports the rest, then exits FSR_EXIT_INPUT. */
int fsr_cli_import_failures(void);

/* cli/output.c: the outputs of a run, written whole and together or not
 * at all (see the comment at the top of output.c). fsr_output_open()
 * starts one (NULL or "-": standard output); fsr_output_commit()
 * finishes it, fsr_output_abort() drops it; when all are finished,
 * fsr_outputs_publish() puts them in place, or fsr_outputs_discard()
 * removes them and says which were not written. The functions that
 * return an int return an exit code and have printed any message. */
struct fsr_output;
void fsr_outputs_plan(size_t n_outputs); /* >1: hold in-place outputs */
struct fsr_output *fsr_output_open(const char *path, struct fsr_sink *sink);
/* --chart-dir: a temporary folder that replaces path whole; its files
 * are opened with fsr_output_open_in(). */
struct fsr_output *fsr_output_open_dir(const char *path, int depth);
struct fsr_output *fsr_output_open_in(struct fsr_output *dir,
				      const char *name, struct fsr_sink *sink);
const char *fsr_output_name(const struct fsr_output *out);
/* A folder name inside the temporary folder dir (a report's charts/);
 * an exit code, message printed. */
int fsr_output_mkdir_in(struct fsr_output *dir, const char *name);
int fsr_output_commit(struct fsr_output *out);
void fsr_output_abort(struct fsr_output *out);
int fsr_outputs_publish(void);

/* The folder a path lies in: "a/b" -> "a", "b" -> ".", "/x" -> "/";
 * a new string the caller frees. */
char *fsr_path_dir(const char *path);
void fsr_outputs_discard(void);
void fsr_output_install_signal_handlers(void);
/* The file an output path names: symbolic links followed (the caller
 * frees it). fsr_output_fd_path(): N for /dev/stdout, /dev/fd/N and the
 * like, which are written in place, else -1. */
char *fsr_output_resolve(const char *path);
int fsr_output_fd_path(const char *path);

/* cli/manifest.c: the list of the files fsreport wrote into a folder it
 * replaces whole (--chart-dir, report -o), each with its size and
 * SHA-256. fsr_manifest_check(): -1 when everything in dir (and its
 * subfolders, depth levels) is listed and unchanged, else an exit code
 * after a message naming the file; fsr_manifest_write(): 0 or an errno;
 * fsr_manifest_remove(): removes the listed, unchanged files and the
 * folder, 0 when it is gone. */
#define FSR_MANIFEST ".fsreport-manifest"
int fsr_manifest_check(const char *opt, const char *dir, int depth);
int fsr_manifest_write(const char *dir);
int fsr_manifest_remove(const char *dir);

/* cli/guard.c: before anything is read: every output differs from every
 * other and from every input (and lies outside the folders read), labels
 * are unique (o->labels set). Returns -1 to go on, or an exit code after
 * a message. */
int fsr_cli_check_paths(struct fsr_options *o);
/* cli/system.c: a run folder's system.txt (path) into the info of every
 * system of run set rs, warning about each line that is not "key:
 * value"; then --note into the system it labels (none: a usage error).
 * Each returns an exit code and has printed any message. */
int fsr_cli_system_txt(const struct fsr_options *o, struct fsr_report *r,
		       size_t rs, const char *path);
int fsr_cli_apply_notes(const struct fsr_options *o, struct fsr_report *r);
/* cli/system.c: one more note on s (its info's "note", after any
 * before, "; " between). */
void fsr_cli_add_note(struct fsr_system *s, const char *text);
/* cli/select.c: --only, --exclude and --sort. What is wrong with them
 * (a usage error naming the option), or NULL; the results of r they
 * keep, in --sort name order (before anything is computed); --sort
 * change: r's results by their largest change, stats and cmp computed
 * again (co: the comparison's options). Exit codes. */
const char *fsr_cli_select_problem(const struct fsr_options *o);
int fsr_cli_select(const struct fsr_options *o, struct fsr_report *r);
int fsr_cli_sort_by_change(const struct fsr_options *o, struct fsr_report *r,
			   struct fsr_stats **stats,
			   struct fsr_comparison **cmp,
			   const struct fsr_compare_opts *co);
/* cli/group.c: compare --group, each group's run sets compared on their
 * own against the group's first (o->groups[g].cmp ...); an exit code.
 * fsr_cli_groups_worse(): 1 when a group's verdict is worse. */
int fsr_cli_group_compare(const struct fsr_options *o, const struct fsr_report *r,
			  const struct fsr_compare_opts *co);
int fsr_cli_groups_worse(const struct fsr_options *o);
void fsr_cli_groups_free(const struct fsr_options *o);
/* --only-changed: r, stats and cmp keep only the results with a row
 * judged better or worse; nothing is computed again (the corrections
 * and the geometric means stay those of every result). Exit codes. */
int fsr_cli_only_changed(const struct fsr_options *o, struct fsr_report *r,
			 struct fsr_stats *stats, struct fsr_comparison *cmp);
/* --geomean-only and --geomean-exclude: co's geo_keep and geo_data
 * (left NULL without them), matched as --only matches; the patterns
 * stay compiled for the process. */
void fsr_cli_geomean_select(const struct fsr_options *o,
			    struct fsr_compare_opts *co);
/* cli/runset.c: the path of "LABEL=PATH" or "PATH"; *label_len is the
 * length of the label, 0 when there is none. */
const char *fsr_runset_split(const char *arg, size_t *label_len);

/* cli/messages.c: messages and exit statuses. */
/* "fsreport: PREFIXmessage" on stderr, control characters escaped. */
void fsr_vmessage(const char *prefix, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void fsr_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fsr_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fsr_info(const struct fsr_options *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Print d as "fsreport: file:line:col: msg" and return the exit status
 * of its code (d->code; code, what the failing call returned, only when
 * the diag carries none; neither: internal error, 5). */
int fsr_report_diag(const struct fsr_diag *d, int code);
/* The exit status of an FSR_E* code: the one table, in cli/messages.c. */
int fsr_exit_for(int code);

/* cli/term.c: terminal concerns. */
/* 1 when text written to stdout may carry ANSI colour: --color=always,
 * or --color=auto (o->color < 0) with stdout a terminal, no -o FILE, no
 * -q, NO_COLOR unset or empty and TERM not "dumb". */
int fsr_term_color(const struct fsr_options *o);
/* "auto" -1, "always" 1, "never" 0, anything else -2. */
int fsr_term_parse_color(const char *v);
/* The progress line on stderr while run sets are imported (files done /
 * total): only on a terminal, never with -q, and only once importing has
 * taken about half a second (FSREPORT_PROGRESS_DELAY_MS overrides). */
void fsr_progress_begin(const struct fsr_options *o);
void fsr_progress_tick(void);  /* one more file looked at */
void fsr_progress_hide(void);  /* wipe the line before a message */
void fsr_progress_end(void);   /* wipe it for good */
/* The --version text: fsreport's version and the library versions it
 * was built with. */
void fsr_print_version(FILE *fp);
/* One option of --help: "  LEFT  HELP", HELP wrapped at 79 columns. */
void fsr_print_help_line(FILE *fp, const char *left, const char *help);

/* cli/charts.c: --svg, --png, --chart-dir, --scale/--dpi, --debug-layout.
 * fsr_cli_charts_problem() says what is wrong with the chart options
 * (a usage error), or NULL. The writers return an exit code and have
 * printed any message. */
const char *fsr_cli_charts_problem(const struct fsr_options *o);
/* Non-zero when the command writes a chart file (--svg, --png or
 * --chart-dir): charts read what the text formats may leave out. */
int fsr_cli_charts_wanted(const struct fsr_options *o);
int fsr_cli_write_charts(const struct fsr_options *o,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro);
/* Non-zero when a stacked --svg / --png was refused as too tall: the
 * other outputs are written, then the exit status is FSR_EXIT_USAGE. */
int fsr_cli_charts_refused(void);
/* The file name of part (from 1) of parts of the change chart:
 * "change.EXT" for one part, else "change-01.EXT"..., appended to b. */
void fsr_cli_change_file(size_t part, size_t parts, const char *ext,
			 struct fsr_buf *b);
/* The file name --chart-dir gives result i of r ("03-slug.EXT"),
 * appended to b. */
void fsr_cli_chart_file(const struct fsr_report *r, size_t i,
			const char *ext, struct fsr_buf *b);
/* One chart (renderer svg or png, ro->chart_part) as name in the
 * temporary folder dir; an exit code. */
int fsr_cli_write_chart_in(const struct fsr_options *o,
			   struct fsr_output *dir, const char *name,
			   const char *renderer, const struct fsr_view *v,
			   const struct fsr_render_opts *ro);
/* cli/report.c: the report command's folder -o DIR (index.html,
 * index.md, summary.txt, charts/), written whole or not at all; an
 * exit code. */
int fsr_cli_report(const struct fsr_options *o, const struct fsr_view *v,
		   const struct fsr_render_opts *ro);
int fsr_cli_debug_layout(const struct fsr_options *o,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro);

/* cli/import.c: the import command's -o and --to. Sets o->format to the
 * exporter --to names (or -o's .csv/.json implies) and returns NULL, or
 * says what is wrong (a usage error). */
const char *fsr_cli_import_problem(struct fsr_options *o);

/* cli/trend.c: the trend command; cli/store.c: store add|export,
 * cli/check.c: check. Each returns an exit code and has printed any
 * message. */
int fsr_cli_trend(const struct fsr_options *o);
/* cli/series.c: the systems of r in --order into order[0..n_systems);
 * exit code. fsr_cli_trend_opts(): the trend options of o. */
int fsr_cli_trend_order(const struct fsr_options *o,
			const struct fsr_report *r, size_t *order);
struct fsr_trend_opts;
void fsr_cli_trend_opts(const struct fsr_options *o,
			struct fsr_trend_opts *to);
int fsr_cli_store(const struct fsr_options *o);
int fsr_cli_check(const struct fsr_options *o);
/* Import o's run sets from the folders, or with --db from the store
 * (o->runsets are then label patterns). Returns an exit code. */
int fsr_cli_load(const struct fsr_options *o, struct fsr_report *r);
/* 1 for store add (run sets in, the store written); 1 when run sets
 * come from --db (show, compare, trend, store export). */
int fsr_cli_store_adds(const struct fsr_options *o);
int fsr_cli_reads_store(const struct fsr_options *o);
/* The stored run sets the patterns (none: all), --select, --since and
 * --until choose, from --db, into r (labels finished). Exit code. */
int fsr_cli_load_store(const struct fsr_options *o,
		       const char *const *patterns, size_t n_patterns,
		       struct fsr_report *r);
/* What is wrong with the trend/store/check options (a usage error), or
 * NULL. */
const char *fsr_cli_store_problem(const struct fsr_options *o);
/* cli/messages.c: the candidate nearest to word (Levenshtein distance at
 * most 3), for "did you mean" hints; NULL when none is that near. */
const char *fsr_nearest_word(const char *word, const char *const *cands,
			     size_t n);
/* cli/write.c: render into -o FILE (atomically) or stdout; an exit code. */
int fsr_cli_write_render(const struct fsr_options *o,
			 int (*render)(const struct fsr_view *,
				       const struct fsr_render_opts *,
				       struct fsr_sink *, struct fsr_diag *),
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro);
/* cli/write.c: render into out, opened with sink, then commit it (or
 * abort it when the renderer fails); an exit code. */
int fsr_cli_render_into(struct fsr_output *out, struct fsr_sink *sink,
			int (*render)(const struct fsr_view *,
				      const struct fsr_render_opts *,
				      struct fsr_sink *, struct fsr_diag *),
			const struct fsr_view *v,
			const struct fsr_render_opts *ro);
/* cli/main.c: the render options of o (width, colour, ...). */
void fsr_cli_render_opts(const struct fsr_options *o,
			 struct fsr_render_opts *ro);
/* cli/main.c: import o's run sets into r (with the progress line) and
 * analyze them into *stats (NULL on failure; the caller frees r and
 * *stats). Returns an exit code. */
int fsr_cli_load_analyzed(const struct fsr_options *o, struct fsr_report *r,
			  struct fsr_stats **stats);
/* cli/main.c: the text output of v with render (or --debug-layout's
 * dump), then the charts. Returns an exit code. */
int fsr_cli_write_view(const struct fsr_options *o,
		       int (*render)(const struct fsr_view *,
				     const struct fsr_render_opts *,
				     struct fsr_sink *, struct fsr_diag *),
		       const struct fsr_view *v);

#endif
