/*
 * cli.h - what the files of cli/ share. cli/ is the only place that
 * prints to the terminal, picks exit codes and writes output files.
 *
 * One return convention: a cli/ function that can fail returns an int
 * exit code (enum fsr_exit): 0 (FSR_EXIT_OK) to go on, anything else
 * once its message is printed, and the caller passes it up unchanged;
 * a command's run() returns its exit status once, through
 * fsr_cli_finish(). The one exception is a check run before anything is
 * printed, fsr_cli_*_problem(): the text of the usage error, or NULL,
 * which fsr_cli_check_options() prints. What a run learns on the way
 * that changes its status at the end is o->state, never a global.
 */
#ifndef FSR_CLI_H
#define FSR_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "../model/model.h"
#include "../analyze/analyze.h"
#include "../render/render.h"
#include "../view/view.h"

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

struct fsr_cmd;

/* A renderer function: v laid out into out (render/render.h). */
typedef int fsr_cli_render_fn(const struct fsr_view *v,
			      const struct fsr_render_opts *ro,
			      struct fsr_sink *out, struct fsr_diag *d);

/* What one run learnt on the way that decides its exit status or its
 * last words at the end, passed down in fsr_options (never a global): a
 * file --keep-going went past (exit 3); what a paged --svg / --png
 * wrote, said once all is in place (malloc'd; fsr_cli_finish frees). */
struct fsr_cli_state {
	int kept_going_past;
	char *charts_said;
};

/* The parsed command line: the part every command shares. The option
 * rows (cli/options.c, and each command's own in its file) name the field
 * they set. A command with options of its own owns them in its file: a
 * struct that starts with this one,
 *	struct plan_options { struct fsr_options c; double detect; ... };
 * its rows' offsets FSR_CMD_OFF(struct plan_options, detect), its
 * descriptor's opts_size sizeof(struct plan_options); its check and run
 * get &c and find the rest with FSR_CMD_OPTS(struct plan_options, o). */
struct fsr_options {
	enum fsr_command command;
	const struct fsr_cmd *cmd;   /* its row of main.c's table */
	struct fsr_cli_state *state; /* main()'s, for the whole run */
	const char *format;      /* --format, NULL: the command's default */
	const char *output;      /* -o, NULL or "-": stdout */
	const char *svg, *png;   /* --svg, --png */
	const char *chart_dir;   /* --chart-dir */
	const char *to;          /* import --to */
	const char *baseline;    /* --baseline */
	size_t width;            /* --width, 0: terminal/COLUMNS/80 */
	double confidence, alpha, min_change, scale;
	double runs_needed;      /* --runs-needed PCT, 0: not asked */
	double equivalence;      /* --equivalence PCT, 0: not asked */
	double max_regression;   /* --max-regression PCT, 0: not asked */
	/* FSR_OPT_CHOICE fields hold the index of the word given, which
	 * is the value of their enum */
	int test;                /* enum fsr_test_kind */
	int adjust;              /* enum fsr_adjust */
	int ci;                  /* enum fsr_ci_method */
	int outliers;            /* enum fsr_outlier_rule: --outliers */
	size_t seed;             /* FSR_OPT_COUNT fields are size_t */
	size_t boot_b;
	int verbose, quiet, keep_going;
	int color;               /* -1 auto, 0 never, 1 always */
	int debug_layout;
	char **runsets;          /* positional arguments */
	size_t n_runsets;
	const char *chart_format; /* --chart-format: svg (default), png */
	double dpi;              /* --dpi, 0: use scale */
	struct fsr_table_group *groups; /* --group, in the order given */
	size_t n_groups, cap_groups;
	/* trend, store, check (cli/trend.c, cli/store.c) */
	int order;               /* --order: enum fsr_cli_order; -1 not
				  * given (as FSR_ORDER_GIVEN, but report
				  * orders version labels, cli/report.c) */
	size_t min_size;         /* --min-size: shortest segment */
	size_t permutations;     /* --permutations */
	const char *db;          /* --db FILE: the results store */
	const char *select;      /* --select PATTERN: labels (fnmatch) */
	const char *since, *until; /* --since/--until DATE (run time) */
	char **labels;           /* per run set: its label (guard.c) */
	const char *only, *exclude; /* --only, --exclude REGEX (select.c) */
	/* --geomean-only, --geomean-exclude REGEX (select.c) */
	const char *geo_only, *geo_exclude;
	int only_changed;        /* --only-changed (select.c) */
	int sign_better;         /* --sign better */
	int drop_first;          /* --drop-first: each cell's first run
				  * left out before analysis */
	const char *sort;        /* --sort change|name|input */
	/* --percentiles LIST: ascending, 0 < q < 100; n 0: the importers'
	 * own (FSR_DEFAULT_PERCENTILES, importers/importer.h) */
	double percentiles[32];
	size_t n_percentiles;
	const char **notes;      /* --note LABEL=TEXT, in the order given */
	size_t n_notes, cap_notes;
	int steady;              /* --steady: a run with a time series has
				  * its steady-state mean as its result */
};

/* --order, in the order of its words */
enum fsr_cli_order { FSR_ORDER_GIVEN, FSR_ORDER_NAME, FSR_ORDER_VERSION,
		     FSR_ORDER_TIME };

/*
 * Options are rows: a kind, the field of struct fsr_options it sets
 * (offset), and for the kinds with a range the range, so that parsing,
 * the message for a bad value, --help, "did you mean", the man page's
 * option list and the bash completion all come from the row
 * (fsreport --dump-options feeds scripts/gen-options.sh). Rows shared
 * by several commands are fsr_opts[] (cli/options.c); a command's own
 * rows are in its file, and each command lists the rows it takes.
 */
enum fsr_opt_kind {
	FSR_OPT_FLAG,    /* no value; sets an int to 1 */
	FSR_OPT_STRING,  /* any text (const char *) */
	FSR_OPT_FILE,    /* a path: a file (completed as one) */
	FSR_OPT_DIR,     /* a path: a folder */
	FSR_OPT_NUMBER,  /* a double, checked later if at all */
	FSR_OPT_COUNT,   /* a whole number from min to max (size_t) */
	FSR_OPT_PERCENT, /* a number, '%' allowed after it, min to max */
	FSR_OPT_CHOICE,  /* one of choices[]: its index (int) */
	FSR_OPT_CUSTOM,  /* parse() reads it */
};

struct fsr_opt {
	const char *name;        /* the long name, without "--" */
	char short_name;         /* 0: none */
	enum fsr_opt_kind kind;
	size_t offset;           /* of the field in the command's options
				  * (FSR_OFF, FSR_CMD_OFF) */
	const char *arg;         /* the value's name in --help */
	const char *help;        /* one line of --help */
	double min, max;         /* FSR_OPT_COUNT, FSR_OPT_PERCENT */
	int min_open;            /* FSR_OPT_PERCENT: above min, not from */
	const char *const *choices; /* FSR_OPT_CHOICE, NULL-terminated;
				     * also the values completed for CUSTOM
				     * and STRING rows that check later */
	/* FSR_OPT_CUSTOM: store v; an exit code after a message */
	int (*parse)(struct fsr_options *o, const char *v);
};
#define FSR_OFF(f) offsetof(struct fsr_options, f)
/* A field of a command's own options struct (type starts with struct
 * fsr_options c), and that struct from the shared part o it starts with
 * (type const-qualified when o is). */
#define FSR_CMD_OFF(type, f) offsetof(type, f)
#define FSR_CMD_OPTS(type, o) ((type *)(o))

/* The rows several commands share, by name: FSR_O(format). */
enum fsr_opt_id {
	FSR_O_format, FSR_O_output, FSR_O_width, FSR_O_confidence,
	FSR_O_alpha, FSR_O_baseline, FSR_O_test, FSR_O_adjust,
	FSR_O_min_change, FSR_O_runs_needed, FSR_O_ci, FSR_O_seed,
	FSR_O_bootstrap_b, FSR_O_sign, FSR_O_outliers, FSR_O_keep_going,
	FSR_O_verbose, FSR_O_quiet, FSR_O_to, FSR_O_color, FSR_O_svg,
	FSR_O_png, FSR_O_chart_dir, FSR_O_chart_format, FSR_O_scale,
	FSR_O_dpi, FSR_O_debug_layout, FSR_O_order, FSR_O_min_size,
	FSR_O_permutations, FSR_O_only, FSR_O_exclude, FSR_O_geo_only,
	FSR_O_geo_exclude, FSR_O_only_changed, FSR_O_sort, FSR_O_note,
	FSR_O_db, FSR_O_select, FSR_O_since, FSR_O_until,
	FSR_O_drop_first, FSR_O_percentiles, FSR_O_equivalence,
	FSR_O_max_regression, FSR_O_steady,
	FSR_O_COUNT
};
extern const struct fsr_opt fsr_opts[FSR_O_COUNT];
#define FSR_O(id) (&fsr_opts[FSR_O_##id])

/* What a run's positional arguments and --db are (a command's inputs(),
 * or by default FSR_INPUTS_STORE with --db, else FSR_INPUTS_FOLDERS): the
 * guard (cli/guard.c) checks the outputs against the inputs they name,
 * and fsr_cli_load() reads them. */
enum fsr_cli_inputs {
	FSR_INPUTS_FOLDERS,    /* run sets are paths, read; --db, if any,
				* is read as well (check's baseline) */
	FSR_INPUTS_STORE,      /* run sets are label patterns of --db */
	FSR_INPUTS_INTO_STORE, /* run sets are paths, read; --db written
				* (store add) */
	FSR_INPUTS_STORES,     /* SRC DST [PATTERN]...: two stores, no
				* --db (store sync) */
};

/* A command: a row of main.c's table, defined in the command's file. */
struct fsr_cmd {
	const char *name;
	enum fsr_command command;
	const char *synopsis;    /* after "usage: " */
	const char *summary;     /* one line, for fsreport --help */
	/* The size of the command's options: a struct that starts with
	 * struct fsr_options (see there); 0: struct fsr_options alone. */
	size_t opts_size;
	const struct fsr_opt *const *opts; /* the rows it takes, in --help
					    * order, NULL-terminated */
	unsigned flags;          /* enum fsr_cmd_flags */
	const char *const *formats; /* --format words when not every text
				     * renderer's (trend, check) */
	const char *help_tail;   /* printed after the options, or NULL */
	/* --help's "exit codes:" lines; NULL: the usual ones (with 1 when
	 * FSR_CMD_EXIT_REGRESSION) */
	const char *exit_codes;
	/* A command with a view of its own (trend, check, plan): its
	 * renderers for --format ascii (the default) and csv, which
	 * fsr_cli_render_cmd() picks from; NULL: --format names one of
	 * fsr_renderers (show, compare, import). */
	fsr_cli_render_fn *render_text, *render_csv;
	/* What is wrong with the options for this command (a usage error,
	 * printed), after the shared checks; or 0. May set fields (import
	 * sets --format from --to). */
	int (*check)(struct fsr_options *o);
	/* The pipeline: an exit code, messages printed. */
	int (*run)(const struct fsr_options *o);
	/* 1 when the comparison cmp, its outputs written, earns exit 1
	 * (compare --fail-on-regression; fsr_cli_finish asks); NULL:
	 * never. */
	int (*regressed)(const struct fsr_options *o,
			 const struct fsr_comparison *cmp);
	/* --format json of a command with a view of its own (plan), or
	 * NULL: that command has none. */
	fsr_cli_render_fn *render_json;
	/* --format markdown of such a command (plan), or NULL: none. */
	fsr_cli_render_fn *render_markdown;
	/* FSR_CMD_SUBCOMMAND: the offset in the command's options of the
	 * const char * the word before the options goes to. */
	size_t subcommand_offset;
	/* What the run sets and --db are for o (see enum fsr_cli_inputs);
	 * NULL: the default. */
	enum fsr_cli_inputs (*inputs)(const struct fsr_options *o);
};
/* The bytes of cmd's options (opts_size, or struct fsr_options'). */
#define FSR_CMD_OPTS_SIZE(cmd) \
	((cmd)->opts_size ? (cmd)->opts_size : sizeof(struct fsr_options))
enum fsr_cmd_flags {
	FSR_CMD_NEEDS_RUNSETS = 1 << 0, /* "CMD needs run sets" */
	FSR_CMD_LISTS_FORMATS = 1 << 1, /* --help lists the text formats */
	FSR_CMD_EXIT_REGRESSION = 1 << 2, /* may exit 1 (--help says) */
	/* a word before the options says what to do (store add, export,
	 * sync: set at subcommand_offset); the run sets are its to check */
	FSR_CMD_SUBCOMMAND = 1 << 3,
	/* always reads or writes the store: FSREPORT_DB names it even
	 * when run sets are given (store, check) */
	FSR_CMD_STORE_ALWAYS = 1 << 4,
};

/* cli/options.c: parse argv[2...] for cmd into o, FSR_CMD_OPTS_SIZE(cmd)
 * bytes (zeroed, then the defaults set);
 * all: every command (for "did you mean" and "does not apply"). Returns
 * an exit code; *done is set when there is nothing left to do (--help,
 * --version printed, or an error). */
int fsr_cli_parse(int argc, char **argv, const struct fsr_cmd *cmd,
		  const struct fsr_cmd *const *all, struct fsr_options *o,
		  int *done);
/* The row of cmd's options with the long name name, or NULL: what a
 * provider asks instead of which command runs. */
const struct fsr_opt *fsr_cli_cmd_opt(const struct fsr_cmd *cmd,
				     const char *name);
/* The checks every command shares, then cmd->check; an exit code
 * (main() runs the guard, fsr_cli_check_paths(), after them). */
int fsr_cli_check_options(const struct fsr_cmd *cmd, struct fsr_options *o);
/* "fsreport: message" then the usage line of o's command; returns
 * FSR_EXIT_USAGE. */
int fsr_cli_usage_error(const struct fsr_options *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* fsreport --help: the commands of all. */
void fsr_cli_print_usage(FILE *fp, const struct fsr_cmd *const *all);
/* fsreport --dump-options: every command's rows, one a line, for
 * scripts/gen-options.sh (the man page's option list, the completion). */
void fsr_cli_dump_options(FILE *fp, const struct fsr_cmd *const *all);
/* What is wrong with --format for a command that lists its own words
 * (trend, check; plan says so in its own check, first), or NULL. */
const char *fsr_cli_format_problem(const struct fsr_options *o);
/* The text renderer --format names (default ascii), or NULL after a
 * usage error was printed. */
const struct fsr_renderer *fsr_cli_text_renderer(const struct fsr_options *o);
/* Release what parsing allocated in o. */
void fsr_cli_options_release(struct fsr_options *o);

/* cli/runset.c: resolve every run set and import it into r. Returns an
 * exit code (0 on success) and has printed any message; a file that
 * --keep-going went past is o->state->kept_going_past. */
int fsr_cli_import(const struct fsr_options *o, struct fsr_report *r);

/*
 * cli/runset.c for show's streamed read (cli/stream.c): the one run
 * set, a PTS file, read into r with result_read(data, ...) called as
 * each result ends; the run set's labels made. Returns 0, or -1 when it
 * is not read this way (another format, anything wrong: the usual read
 * then says what). The importer's warnings are held in sr until
 * fsr_cli_stream_read_done() says them (say) or drops them, and with
 * them -v's line.
 */
struct fsr_stream_read {
	void (*result_read)(void *data, struct fsr_report *r,
			    struct fsr_result *res);
	void *data;
	struct {
		char *file, *msg;
		int line;
	} *held;
	size_t n_held, cap_held;
	size_t n_read;          /* results the importer read */
	const char *importer;   /* its name, once read */
	size_t runset;          /* which of o->runsets */
};
int fsr_cli_import_streamed(const struct fsr_options *o, struct fsr_report *r,
			    struct fsr_stream_read *sr);
/* Its held warnings said (say) or dropped, and with say -v's line of
 * what was read. */
void fsr_cli_stream_read_done(const struct fsr_options *o,
			      struct fsr_stream_read *sr, int say);
/*
 * The read of fsr_cli_import_streamed() a piece (64 KiB) at a time, for
 * compare's two run sets read in step (cli/compare-stream.c): run set k
 * of o, when it is one PTS file (else NULL, nothing done), read into
 * scratch (the caller's; its run set 0 made here), result_read called
 * as each result ends. step: 1 while there is more to read. close: 0
 * when the whole file was read, -1 on any error (the usual read says
 * it); frees cr, not scratch.
 */
struct fsr_cli_read;
struct fsr_cli_read *fsr_cli_read_open(const struct fsr_options *o, size_t k,
				       struct fsr_report *scratch,
				       struct fsr_stream_read *sr);
int fsr_cli_read_step(struct fsr_cli_read *cr);
int fsr_cli_read_close(struct fsr_cli_read *cr);
/* cli/stream.c: show printed as its one PTS file is read, each result
 * described, printed to a spool and dropped as the parse ends it: the
 * memory of one result, not of the file. Its exit status, or -1 when
 * the run is not one it prints the same as the usual way (then nothing
 * was said or written). */
int fsr_cli_show_streamed(const struct fsr_options *o);
/* A stream's spool (its what, "results" or "rows") copied to sink, o's
 * output out (below): 0, or FSR_EXIT_OUTPUT after a message, out
 * aborted. */
struct fsr_output;
int fsr_cli_put_spool(const struct fsr_options *o, struct fsr_output *out,
		      struct fsr_sink *sink, FILE *spool, const char *what);
/* cli/compare-stream.c: compare --format csv of two PTS files read in
 * step, twice (the family's correction needs every row's p before the
 * first row is printed), each result's cells dropped once compared: the
 * memory of a few results, not of the files. Its exit status, or -1
 * when the run is not one it prints the same as the usual way (then
 * nothing was said or written). */
int fsr_cli_compare_streamed(const struct fsr_options *o);
/* The lean of the summaries o's output reads (pipeline.c). */
unsigned fsr_cli_summaries_lean(const struct fsr_options *o);
/* The summaries of r on demand, as o's output reads them, for a stream
 * that describes each result as it is read (cli/stream.c,
 * cli/compare-stream.c): NULL, d filled, when they cannot be made. */
struct fsr_stats *fsr_cli_stats_as_read(const struct fsr_options *o,
					struct fsr_report *r,
					struct fsr_diag *d);

/* cli/pipeline.c: the steps the commands share. */
/* Import o's run sets into r (with the progress line) and analyze them
 * into *stats (NULL on failure; the caller frees r and *stats). Returns
 * an exit code. */
int fsr_cli_load_analyzed(const struct fsr_options *o, struct fsr_report *r,
			  struct fsr_stats **stats);
/* show and import, whole: o's run sets loaded and analysed, the view
 * of command (FSR_CMD_SHOW or FSR_CMD_IMPORT) written, finished. The
 * command's exit status. */
int fsr_cli_summaries(const struct fsr_options *o, enum fsr_command command);
/* compare and report, whole: o's run sets loaded, analysed and
 * compared, the comparison's view handed to write (the text and charts
 * of compare, the folder of report), finished. The exit status. */
int fsr_cli_comparison(const struct fsr_options *o,
		       int (*write)(const struct fsr_options *o,
				    const struct fsr_view *v));
/* compare and report: r compared (--sort change, --only-changed,
 * --group applied) into *cmp, *stats replaced when sorted again. An exit
 * code; the caller frees *cmp. */
int fsr_cli_compared(const struct fsr_options *o, struct fsr_report *r,
		     struct fsr_stats **stats, struct fsr_comparison **cmp);
/* The comparison's options o asks for; an exit code (2 after a message:
 * two margins). */
int fsr_cli_compare_opts(const struct fsr_options *o,
			 struct fsr_compare_opts *co);
/* The one way a command writes its view v: through the renderer --format
 * picks (the command's own, or fsr_renderers'), into -o or stdout, then
 * the charts asked for (or --debug-layout's dump). An exit code. */
int fsr_cli_render_cmd(const struct fsr_options *o, const struct fsr_view *v);
/* The end of every command: rc, the status of the pipeline, with the
 * outputs put in place together (or all removed when rc is an error),
 * then the command's regressed(cmp) (exit 1), a refused chart (2) and
 * a file --keep-going went past (3) applied. The command's exit
 * status. */
int fsr_cli_finish(const struct fsr_options *o, int rc,
		   const struct fsr_comparison *cmp);

/* cli/targets.c and cli/publish.c: the outputs of a run, written whole
 * and together or not at all (the files are listed at the top of
 * cli/output-internal.h). fsr_output_open() starts one (NULL or "-":
 * standard output); fsr_output_commit() finishes it, fsr_output_abort()
 * drops it; when all are finished, fsr_outputs_publish() puts them in
 * place, or fsr_outputs_discard() removes them and says which were not
 * written. The functions that return an int return an exit code and
 * have printed any message. */
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
void fsr_outputs_discard(void);
/* cli/signals.c: a signal (or running out of memory) removes the run's
 * temporaries before it ends the run. */
void fsr_output_install_signal_handlers(void);

/* cli/paths.c: the folder a path lies in: "a/b" -> "a", "b" -> ".",
 * "/x" -> "/"; a new string the caller frees. */
char *fsr_path_dir(const char *path);
/* cli/paths.c: the file an output path names: symbolic links followed
 * (the caller frees it). fsr_output_fd_path(): N for /dev/stdout,
 * /dev/fd/N and the like, which are written in place, else -1. */
char *fsr_output_resolve(const char *path);
int fsr_output_fd_path(const char *path);

/* cli/manifest.c: the list of the files fsreport wrote into a folder it
 * replaces whole (--chart-dir, report -o), each with its size and
 * SHA-256. fsr_manifest_check(): 0 when everything in dir (and its
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
 * are unique (o->labels set). Returns an exit code (0: go on), after a
 * message. */
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
 * own against the group's first (groups[g].cmp ...); an exit code.
 * fsr_cli_groups_worse(): 1 when a group's verdict is worse. */
int fsr_cli_group_compare(struct fsr_table_group *groups, size_t n_groups,
			  const struct fsr_report *r,
			  const struct fsr_compare_opts *co);
int fsr_cli_groups_worse(const struct fsr_table_group *groups,
			 size_t n_groups);
void fsr_cli_groups_free(struct fsr_table_group *groups, size_t n_groups);
/* --group TITLE, the one row compare and report take, and the groups'
 * checks: sizes filled in, --baseline and --only-changed refused; an
 * exit code. */
extern const struct fsr_opt fsr_cli_opt_group;
int fsr_cli_groups_check(struct fsr_options *o);
/* cli/db.c: the labels of the stored run sets o's patterns, --select,
 * --since and --until choose, in the order they are read (*labels
 * malloc'ed, *n strings and a NULL); an exit code. */
int fsr_cli_store_labels(const struct fsr_options *o, char ***labels,
			 size_t *n);
/* cli/db.c: the change-point cache of --db's store (docs/trend.md).
 * fsr_cli_cp_cache_want() before the store is read keeps it open;
 * fsr_cli_cp_cache() then gives what fsr_cp_opts.cache takes (NULL when
 * the store has no cache: an older schema, no --db), and
 * fsr_cli_cp_cache_end() writes what was searched (a write that fails
 * is not an error), says so with -v, and closes the store. */
struct fsr_cp_cache;
void fsr_cli_cp_cache_want(void);
const struct fsr_cp_cache *fsr_cli_cp_cache(void);
void fsr_cli_cp_cache_end(const struct fsr_options *o);
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
/* A message for every run but a -q one (fsr_info: only -v). */
void fsr_notice(const struct fsr_options *o, const char *fmt, ...)
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
/* The same line for another long task of total steps, as "fsreport:
 * WHAT DONE/TOTAL" (report's charts and pages; what is kept, not
 * copied): the same rules, a tick per step, ended alike. */
void fsr_progress_begin_n(const struct fsr_options *o, const char *what,
			  size_t total);
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
/* A --svg / --png taller than FSR_STACKED_MAX_HEIGHT goes to pages
 * (FILE, FILE-2, ...: fsr_cli_page_name) and sets o->state->charts_said,
 * the line fsr_cli_finish() prints once they are in place. */
/* Page k (from 2) of path: "out.svg" -> "out-2.svg", "out" -> "out-2"
 * (malloc'd). */
char *fsr_cli_page_name(const char *path, size_t k);
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
/* --debug-layout: the chart geometry into -o (or stdout). */
int fsr_cli_debug_layout(const struct fsr_options *o,
			 const struct fsr_view *v,
			 const struct fsr_render_opts *ro);

/* cli/series.c: the systems of r in the order how (--order: enum
 * fsr_cli_order, -1 as given) into order[0..n_systems); exit code.
 * fsr_cli_trend_opts(): the trend options of o. */
int fsr_cli_trend_order(int how, const struct fsr_report *r, size_t *order);
struct fsr_trend_opts;
void fsr_cli_trend_opts(const struct fsr_options *o,
			struct fsr_trend_opts *to);
/* Import o's run sets from the folders, or with --db from the store
 * (o->runsets are then label patterns). Returns an exit code. */
int fsr_cli_load(const struct fsr_options *o, struct fsr_report *r);
/* What o's run sets and --db are: its command's inputs(o), or the
 * default. */
enum fsr_cli_inputs fsr_cli_inputs(const struct fsr_options *o);
/* The stored run sets the patterns (none: all), --select, --since and
 * --until choose, from --db, into r (labels finished). Exit code. */
int fsr_cli_load_store(const struct fsr_options *o,
		       const char *const *patterns, size_t n_patterns,
		       struct fsr_report *r);
/* What is wrong with --since and --until (a usage error), or NULL. */
const char *fsr_cli_dates_problem(const struct fsr_options *o);
/* The same, then --select, --since and --until without --db where the
 * run sets are not a store's (a usage error), or NULL. */
const char *fsr_cli_store_problem(const struct fsr_options *o);
/* cli/messages.c: the candidate nearest to word (optimal string
 * alignment distance, a swap of neighbours one edit, at most 3), for
 * "did you mean" hints; NULL when none is that near. */
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
/* cli/write.c: the render options of o (width, colour, ...). */
void fsr_cli_render_opts(const struct fsr_options *o,
			 struct fsr_render_opts *ro);
/* cli/write.c: v through the text renderer --format names, as
 * fsr_cli_write_view() writes it. An exit code. */
int fsr_cli_write_text(const struct fsr_options *o, const struct fsr_view *v);
/* cli/write.c: the text output of v with render (or --debug-layout's
 * dump), then the charts. Returns an exit code. */
int fsr_cli_write_view(const struct fsr_options *o,
		       int (*render)(const struct fsr_view *,
				     const struct fsr_render_opts *,
				     struct fsr_sink *, struct fsr_diag *),
		       const struct fsr_view *v);

/* The commands (main.c's table), each defined in its own file:
 * cli/show.c, compare.c, import.c, trend.c, store.c, check.c, report.c. */
extern const struct fsr_cmd fsr_cmd_show, fsr_cmd_compare, fsr_cmd_import,
	fsr_cmd_trend, fsr_cmd_store, fsr_cmd_check, fsr_cmd_report,
	fsr_cmd_plan;

#endif
