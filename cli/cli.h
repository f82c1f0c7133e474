/*
 * cli.h - what the files of cli/ share. cli/ is the only place that
 * prints to the terminal, picks exit codes and writes output files.
 */
#ifndef FSR_CLI_H
#define FSR_CLI_H

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
	enum fsr_test_kind test;
	enum fsr_adjust adjust;
	enum fsr_ci_method ci;
	unsigned long seed;
	size_t boot_b;
	int verbose, quiet, keep_going, fail_on_regression;
	int color;               /* -1 auto, 0 never, 1 always */
	int debug_layout;
	char **runsets;          /* positional arguments */
	size_t n_runsets;
};

/* cli/runset.c: resolve every run set and import it into r. Returns an
 * exit code (0 on success) and has printed any message. */
int fsr_cli_import(const struct fsr_options *o, struct fsr_report *r);

/* cli/output.c: write bytes to path atomically (temp file + rename), or
 * to stdout when path is NULL or "-". Returns an exit code. */
struct fsr_output;
struct fsr_output *fsr_output_open(const char *path, struct fsr_sink *sink);
int fsr_output_commit(struct fsr_output *out);
void fsr_output_abort(struct fsr_output *out);
void fsr_output_install_signal_handlers(void);

/* cli/main.c: messages. */
void fsr_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fsr_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fsr_info(const struct fsr_options *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Print d as "fsreport: file:line:col: msg" and map code to an exit code. */
int fsr_report_diag(const struct fsr_diag *d, int code);
int fsr_exit_for(int code);

#endif
