/*
 * store.c - the results store on the command line: run sets read from
 * --db instead of folders.
 */
#include "cli.h"

#include <string.h>

const char *fsr_cli_store_problem(const struct fsr_options *o)
{
	if (!o->db && (o->select || o->since || o->until))
		return "--select, --since and --until go with --db";
	if ((o->command == FSR_CMD_TREND || o->command == FSR_CMD_CHECK) &&
	    o->format && strcmp(o->format, "ascii") &&
	    strcmp(o->format, "csv"))
		return "this command writes --format ascii or csv";
	if (o->db)
		return "--db: the results store is not built yet";
	return NULL;
}

int fsr_cli_load(const struct fsr_options *o, struct fsr_report *r)
{
	return fsr_cli_import(o, r);
}

int fsr_cli_store(const struct fsr_options *o)
{
	(void)o;
	return FSR_EXIT_INTERNAL;
}

int fsr_cli_check(const struct fsr_options *o)
{
	(void)o;
	return FSR_EXIT_INTERNAL;
}
