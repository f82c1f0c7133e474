/*
 * main.c - fsreport's dispatcher: the command table and main(). Each
 * command is a row defined in its own file (cli/show.c, compare.c, ...)
 * with its option rows and its pipeline; the pieces they share are the
 * providers of cli/ (options.c, pipeline.c, write.c, runset.c, ...),
 * which never call a command.
 */
#include "cli.h"

#include "../lib/alloc.h"

#include <libxml/parser.h>
#include <stdlib.h>
#include <string.h>

/* In the order of fsreport --help. */
static const struct fsr_cmd *const commands[] = {
	&fsr_cmd_show, &fsr_cmd_compare, &fsr_cmd_import, &fsr_cmd_trend,
	&fsr_cmd_store, &fsr_cmd_check, &fsr_cmd_report,
	&fsr_cmd_plan, NULL
};
#define N_COMMANDS (sizeof(commands) / sizeof(*commands) - 1)

static const struct fsr_cmd *find_command(const char *name)
{
	const char *names[N_COMMANDS];
	const char *hint;
	size_t i;

	for (i = 0; i < N_COMMANDS; i++) {
		if (!strcmp(name, commands[i]->name))
			return commands[i];
		names[i] = commands[i]->name;
	}
	hint = fsr_nearest_word(name, names, N_COMMANDS);
	if (hint)
		fsr_error("unknown command '%s'; did you mean '%s'?", name,
			  hint);
	else
		fsr_error("unknown command '%s'", name);
	fputs("usage: fsreport COMMAND [OPTION]... RUNSET...\n"
	      "(see 'fsreport --help')\n", stderr);
	return NULL;
}

/* One command: its options parsed and checked, then its pipeline. */
static int run_command(const struct fsr_cmd *cmd, int argc, char **argv)
{
	struct fsr_cli_state state = { 0, NULL };
	/* the command's own options struct, struct fsr_options first */
	struct fsr_options *o = fsr_xcalloc(1, FSR_CMD_OPTS_SIZE(cmd));
	int done, rc;

	rc = fsr_cli_parse(argc, argv, cmd, commands, o, &done);
	if (!done) {
		o->state = &state;
		rc = fsr_cli_check_options(cmd, o);
		/* then the guard: the paths, before anything is read */
		if (!rc)
			rc = fsr_cli_check_paths(o);
		if (!rc)
			rc = cmd->run(o);
	}
	fsr_cli_options_release(o);
	free(o);
	return rc;
}

int main(int argc, char **argv)
{
	const struct fsr_cmd *cmd;
	const char *word;
	int rc;

	/* Numbers are read and written in the "C" locale whatever
	 * LC_ALL/LANG say: we never call setlocale(LC_NUMERIC, ""). */
	LIBXML_TEST_VERSION
	fsr_analyze_init();
	fsr_output_install_signal_handlers();

	if (argc < 2) {
		fsr_cli_print_usage(stderr, commands);
		return FSR_EXIT_USAGE;
	}
	word = argv[1];
	if (!strcmp(word, "--help") || !strcmp(word, "-h") ||
	    !strcmp(word, "help")) {
		fsr_cli_print_usage(stdout, commands);
		return FSR_EXIT_OK;
	}
	if (!strcmp(word, "--version") || !strcmp(word, "version")) {
		fsr_print_version(stdout);
		return FSR_EXIT_OK;
	}
	/* hidden: the option rows, for scripts/gen-options.sh */
	if (!strcmp(word, "--dump-options")) {
		fsr_cli_dump_options(stdout, commands);
		return FSR_EXIT_OK;
	}
	cmd = find_command(word);
	if (!cmd)
		return FSR_EXIT_USAGE;
	rc = run_command(cmd, argc, argv);
	xmlCleanupParser();
	return rc;
}
