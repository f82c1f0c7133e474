/*
 * system.c - what a user says of a system beyond what the result files
 * hold: a run folder's system.txt ("key: value" lines: kernel, mount
 * options, device, scheduler, notes) and --note LABEL=TEXT. Both land in
 * fsr_system.info, which render/text/system.c shows in the system table.
 *
 *	# run-a/system.txt
 *	kernel: 6.1.0-13-amd64
 *	mount options: rw,relatime,nobarrier
 *
 * Blank lines and lines starting with '#' are skipped; any other line
 * without "key:" is warned about with file:line, never dropped silently.
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* s without the blanks at either end, in place. */
static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && strchr(" \t\r\n", e[-1]))
		*--e = '\0';
	return s;
}

/* One line of path (lineno) into l; a warning when it is not a pair. */
static void system_line(const struct fsr_options *o, const char *path,
			size_t lineno, char *line, struct fsr_kvlist *l)
{
	char *colon, *key, *value;

	line = trim(line);
	if (!*line || *line == '#')
		return;
	colon = strchr(line, ':');
	if (!colon || colon == line) {
		if (!o->quiet)
			fsr_warning("%s:%zu: not a 'key: value' line, "
				    "skipped", path, lineno);
		return;
	}
	*colon = '\0';
	key = trim(line);
	value = trim(colon + 1);
	if (!*key) {
		if (!o->quiet)
			fsr_warning("%s:%zu: no key before ':', line skipped",
				    path, lineno);
		return;
	}
	if (fsr_kvlist_get(l, key) && !o->quiet)
		fsr_warning("%s:%zu: '%s' given again, this value is kept",
			    path, lineno, key);
	fsr_kvlist_set(l, key, value);
}

int fsr_cli_system_txt(const struct fsr_options *o, struct fsr_report *r,
		       size_t rs, const char *path)
{
	struct fsr_kvlist l = { NULL, 0, 0 };
	char *line = NULL;
	size_t cap = 0, lineno = 0, i, k;
	FILE *fp = fopen(path, "r");

	if (!fp) {
		fsr_error("%s: cannot open: %s", path, strerror(errno));
		return FSR_EXIT_INPUT;
	}
	while (getline(&line, &cap, fp) >= 0)
		system_line(o, path, ++lineno, line, &l);
	free(line);
	if (ferror(fp)) {
		fsr_error("%s: cannot read: %s", path, strerror(errno));
		fclose(fp);
		fsr_kvlist_release(&l);
		return FSR_EXIT_INPUT;
	}
	fclose(fp);
	fsr_info(o, "%s: %zu system note(s)", path, l.n);
	for (i = 0; i < r->n_systems; i++)
		if (r->systems[i].runset == rs)
			for (k = 0; k < l.n; k++)
				fsr_kvlist_set(&r->systems[i].info,
					       l.items[k].key,
					       l.items[k].value);
	fsr_kvlist_release(&l);
	return 0;
}

void fsr_cli_add_note(struct fsr_system *s, const char *text)
{
	struct fsr_buf b = FSR_BUF_INIT;
	const char *old = fsr_kvlist_get(&s->info, "note");

	/* Several notes for one system are kept, in order. */
	if (old)
		fsr_buf_addf(&b, "%s; ", old);
	fsr_buf_adds(&b, text);
	fsr_kvlist_set(&s->info, "note", b.buf);
	fsr_buf_release(&b);
}

int fsr_cli_apply_notes(const struct fsr_options *o, struct fsr_report *r)
{
	size_t n, i, len;

	for (n = 0; n < o->n_notes; n++) {
		const char *eq = strchr(o->notes[n], '=');
		struct fsr_system *s = NULL;

		len = eq ? (size_t)(eq - o->notes[n]) : 0;
		for (i = 0; i < r->n_systems && !s; i++)
			if (strlen(r->systems[i].label) == len &&
			    !strncmp(r->systems[i].label, o->notes[n], len))
				s = &r->systems[i];
		if (!s) {
			fsr_error("--note %s: no system is labelled '%.*s' "
				  "(see the labels 'fsreport show' prints)",
				  o->notes[n], (int)len, o->notes[n]);
			return FSR_EXIT_USAGE;
		}
		fsr_cli_add_note(s, eq + 1);
	}
	return 0;
}
