/*
 * guard.c - what is checked before anything is read: no output is an
 * input or lies in a folder read as a run set, no two outputs are the
 * same file, --chart-dir DIR and report -o DIR hold nothing but what
 * their manifest lists (their contents are replaced whole), and every
 * run set has a label of its own. Files are
 * compared by device and inode after symbolic links (so hard links, "..",
 * and links are seen through); a path that does not exist yet by its
 * folder's device and inode and its name.
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

struct input {
	const char *arg, *path;
	size_t label_len;
	int ok;          /* stat() worked */
	struct stat st;
	char *real;      /* realpath, or NULL */
};

struct outp {
	const char *opt;  /* "-o", "--svg", ... */
	const char *path; /* as given; "-" for standard output */
	int exists;       /* st is the file's own */
	int parent_ok;    /* pst is its folder's (when !exists) */
	struct stat st, pst;
	char *base;       /* its name in that folder */
	char *real;       /* realpath of the file or its folder */
};

static int same(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

static int is_dev_null(const struct stat *st)
{
	return S_ISCHR(st->st_mode) && st->st_rdev == makedev(1, 3);
}

/* Whether the folder d is path or one of its parents (path real). */
static int lies_under(const char *real, const struct stat *d)
{
	char *p = fsr_xstrdup(real);
	int found = 0;

	for (;;) {
		struct stat st;
		char *s;

		if (stat(p, &st) == 0 && same(&st, d)) {
			found = 1;
			break;
		}
		s = strrchr(p, '/');
		if (!s || s == p) {
			found = stat("/", &st) == 0 && same(&st, d);
			break;
		}
		*s = '\0';
	}
	free(p);
	return found;
}

static void output_init(struct outp *op, const char *opt, const char *path)
{
	int fd;

	memset(op, 0, sizeof(*op));
	op->opt = opt;
	op->path = path ? path : "-";
	fd = !strcmp(op->path, "-") ? 1 : fsr_output_fd_path(op->path);
	if (fd >= 0) {
		op->exists = fstat(fd, &op->st) == 0;
	} else {
		char *target = fsr_output_resolve(op->path), *dir;
		size_t len = strlen(target);

		while (len > 1 && target[len - 1] == '/')
			target[--len] = '\0';
		op->exists = stat(target, &op->st) == 0;
		dir = fsr_path_dir(target);
		op->parent_ok = stat(dir, &op->pst) == 0;
		op->real = realpath(op->exists ? target : dir, NULL);
		op->base = fsr_xstrdup(strrchr(target, '/') ?
				       strrchr(target, '/') + 1 : target);
		free(dir);
		free(target);
	}
}

static void output_release(struct outp *op)
{
	free(op->base);
	free(op->real);
}

static int same_output(const struct outp *a, const struct outp *b)
{
	if (a->exists && b->exists)
		return same(&a->st, &b->st) && !is_dev_null(&a->st);
	if (!a->exists && !b->exists && a->parent_ok && b->parent_ok)
		return same(&a->pst, &b->pst) && !strcmp(a->base, b->base);
	return 0;
}

static const char *shown(const struct outp *op)
{
	return strcmp(op->path, "-") ? op->path : "standard output";
}

/* An output against the inputs: exit 2 when it would replace one or
 * lie in a folder that is read. */
static int check_against_inputs(const struct outp *op,
				const struct input *in, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!in[i].ok)
			continue;
		if (op->exists && same(&op->st, &in[i].st) &&
		    !is_dev_null(&op->st)) {
			fsr_error("refusing to write %s '%s': it is the input "
				  "'%s'", op->opt, shown(op), in[i].path);
			return FSR_EXIT_USAGE;
		}
		/* A folder is read without its subfolders: a file in it
		 * would be read (or replaced while it is). */
		if (S_ISDIR(in[i].st.st_mode) && op->parent_ok &&
		    same(&op->pst, &in[i].st) &&
		    strcmp(op->opt, "--chart-dir") &&
		    strcmp(op->opt, "report -o")) {
			fsr_error("refusing to write %s '%s': it is in the "
				  "folder '%s', which is read as a run set",
				  op->opt, shown(op), in[i].path);
			return FSR_EXIT_USAGE;
		}
	}
	return FSR_EXIT_OK;
}

/* A folder replaced whole (--chart-dir, report -o): it holds no input
 * and nothing but the files its manifest lists, unchanged (manifest.c). */
static int check_chart_dir(const struct outp *cd, const struct input *in,
			   size_t n)
{
	int report = !strcmp(cd->opt, "report -o");
	size_t i;

	if (!cd->exists || !S_ISDIR(cd->st.st_mode))
		return FSR_EXIT_OK; /* not a folder: said when it is written (exit 4) */
	for (i = 0; i < n; i++) {
		if (in[i].ok && in[i].real && lies_under(in[i].real, &cd->st)) {
			fsr_error("refusing to replace %s '%s': the input "
				  "'%s' is in it", report ? "report -o" :
				  "--chart-dir", cd->path, in[i].path);
			return FSR_EXIT_USAGE;
		}
	}
	return fsr_manifest_check(cd->opt, cd->path, report);
}

/* store add: the store is written; it is no input, and lies in no
 * folder read as a run set. */
static int check_db_output(const struct fsr_options *o,
			   const struct input *in, size_t n)
{
	struct outp db;
	int rc;

	output_init(&db, "--db", o->db);
	rc = check_against_inputs(&db, in, n);
	output_release(&db);
	return rc;
}

/* An output is none of SQLite's files beside the store: its
 * write-ahead log, its shared-memory index, its rollback journal
 * (replacing one loses or damages what the store holds). */
static int check_against_store_files(const struct outp *op, const char *db)
{
	static const char *const sfx[] = { "-wal", "-shm", "-journal" };
	size_t i;
	int rc = FSR_EXIT_OK;

	if (!strcmp(op->path, "-"))
		return FSR_EXIT_OK;
	for (i = 0; i < 3 && !rc; i++) {
		struct fsr_buf b = FSR_BUF_INIT;
		struct outp f;

		fsr_buf_addf(&b, "%s%s", db, sfx[i]);
		output_init(&f, "--db", b.buf);
		if (same_output(op, &f)) {
			fsr_error("refusing to write %s '%s': it is the file "
				  "SQLite keeps beside the results store "
				  "'%s' (%s)", op->opt, op->path, db,
				  sfx[i] + 1);
			rc = FSR_EXIT_USAGE;
		}
		output_release(&f);
		fsr_buf_release(&b);
	}
	return rc;
}

static int check_outputs(const struct fsr_options *o,
			 const struct input *in, size_t n)
{
	const struct fsr_opt *o_row = fsr_cli_cmd_opt(o->cmd, "output");
	/* -o names a folder replaced whole (report), checked as
	 * --chart-dir is */
	int out_dir = o_row && o_row->kind == FSR_OPT_DIR;
	struct outp out[4];
	size_t k = 0, i, j;
	int rc = FSR_EXIT_OK;

	if (!out_dir)
		output_init(&out[k++], o->command == FSR_CMD_IMPORT ?
			    "import -o" : "-o", o->output);
	if (o->svg)
		output_init(&out[k++], "--svg", o->svg);
	if (o->png)
		output_init(&out[k++], "--png", o->png);
	if (o->chart_dir)
		output_init(&out[k++], "--chart-dir", o->chart_dir);
	if (out_dir)
		output_init(&out[k++], "report -o", o->output);
	fsr_outputs_plan(k);
	for (i = 0; i < k && !rc; i++) {
		/* Standard output is only checked against the inputs when
		 * it is a regular file ("show a.csv >>a.csv"). */
		if (!strcmp(out[i].path, "-") &&
		    (!out[i].exists || !S_ISREG(out[i].st.st_mode)))
			continue;
		rc = check_against_inputs(&out[i], in, n);
	}
	for (i = 0; i < k && !rc && o->db; i++)
		rc = check_against_store_files(&out[i], o->db);
	for (i = 0; i < k && !rc; i++) {
		for (j = i + 1; j < k && !rc; j++) {
			if (!same_output(&out[i], &out[j]))
				continue;
			fsr_error("%s '%s' and %s '%s' are the same file",
				  out[i].opt, shown(&out[i]), out[j].opt,
				  shown(&out[j]));
			rc = FSR_EXIT_USAGE;
		}
	}
	if (!rc && (o->chart_dir || out_dir)) {
		struct outp *cd = &out[k - 1];

		rc = check_chart_dir(cd, in, n);
		for (i = 0; i + 1 < k && !rc && cd->exists; i++) {
			if (!out[i].real || !strcmp(out[i].path, "-") ||
			    !lies_under(out[i].real, &cd->st))
				continue;
			fsr_error("%s '%s' is in %s '%s', which is replaced "
				  "whole", out[i].opt, out[i].path, cd->opt,
				  cd->path);
			rc = FSR_EXIT_USAGE;
		}
	}
	for (i = 0; i < k; i++)
		output_release(&out[i]);
	return rc;
}

/* ------------------------------------------------------------- labels */

/* The label of path from its last depth parts: "x/y/run-a.xml" at depth
 * 2 is "y/run-a"; NULL when path has fewer parts. depth 0: the path as
 * given. A folder keeps its whole name ("v6.1/" is "v6.1"): only a
 * file's name has an extension. */
static char *derived_label(const struct input *in, size_t depth)
{
	const char *path = in->path;
	int is_dir = in->ok && S_ISDIR(in->st.st_mode);
	char *copy = fsr_xstrdup(path), *start, *dot, *s;
	size_t len = strlen(copy), parts = 0;

	while (len > 1 && copy[len - 1] == '/')
		copy[--len] = '\0';
	if (depth == 0)
		return copy;
	for (start = copy + len; start > copy; start--) {
		if (start[-1] == '/' && ++parts == depth)
			break;
	}
	if (start == copy && parts + 1 < depth) {
		free(copy);
		return NULL;
	}
	while (*start == '/' || !strncmp(start, "./", 2))
		start += *start == '/' ? 1 : 2;
	s = strrchr(start, '/');
	s = s ? s + 1 : start;
	dot = strrchr(s, '.');
	if (dot && dot != s && !is_dir)
		*dot = '\0';
	s = fsr_xstrdup(*start ? start : copy);
	free(copy);
	return s;
}

/* With --group each group is a table of its own: labels are unique
 * within one. */
static int same_group(const struct fsr_options *o, size_t i, size_t j)
{
	size_t g;

	for (g = 0; g < o->n_groups; g++) {
		const struct fsr_table_group *gr = &o->groups[g];

		if ((i >= gr->first && i < gr->first + gr->n) !=
		    (j >= gr->first && j < gr->first + gr->n))
			return 0;
	}
	return 1;
}

static size_t clashes(const struct fsr_options *o, size_t i)
{
	size_t j, c = 0;

	for (j = 0; j < o->n_runsets; j++)
		if (j != i && same_group(o, i, j) &&
		    !strcmp(o->labels[i], o->labels[j]))
			c++;
	return c;
}

/* A clashing label i: one part of its path more, the whole path, or a
 * number. */
static void next_label(struct fsr_options *o, const struct input *in,
		       size_t i, size_t *depth)
{
	char *l;

	depth[i] = depth[i] ? depth[i] + 1 : 2;
	l = depth[i] < 64 ? derived_label(&in[i], depth[i]) : NULL;
	if (!l || !strcmp(l, o->labels[i])) {
		free(l);
		l = depth[i] < 64 ? derived_label(&in[i], 0) : NULL;
		if (!l || !strcmp(l, o->labels[i])) {
			struct fsr_buf b = FSR_BUF_INIT;

			free(l);
			fsr_buf_addf(&b, "%s (%zu)", o->labels[i], i + 1);
			l = fsr_buf_detach(&b);
		}
		depth[i] = 64;
	}
	free(o->labels[i]);
	o->labels[i] = l;
}

/* Say which run sets shared the label orig[i] and what they are now. */
static void warn_spread(const struct fsr_options *o, const struct input *in,
			char **orig, const char *moved, char *said, size_t i)
{
	struct fsr_buf paths = FSR_BUF_INIT, now = FSR_BUF_INIT;
	size_t j;

	for (j = 0; j < o->n_runsets; j++) {
		if (strcmp(orig[j], orig[i]) || !same_group(o, i, j))
			continue;
		said[j] = 1;
		fsr_buf_addf(&paths, "%s'%s'", paths.len ? ", " : "",
			     in[j].path);
		fsr_buf_addf(&now, "%s'%s'%s", now.len ? ", " : "",
			     o->labels[j], moved[j] ? "" : " (given)");
	}
	fsr_warning("run sets %s would all be labelled '%s': they are "
		    "labelled %s (give LABEL=PATH to choose)", paths.buf,
		    orig[i], now.buf);
	fsr_buf_release(&paths);
	fsr_buf_release(&now);
}

/* Labels derived from paths that clash get more of their path, all of a
 * clash at once ("x/run/a.csv", "y/run/a.csv": "x/run/a", "y/run/a"),
 * with a warning naming them. */
static void spread_labels(struct fsr_options *o, const struct input *in)
{
	size_t n = o->n_runsets, i, round;
	size_t *depth = fsr_xcalloc(n ? n : 1, sizeof(*depth));
	char **orig = fsr_xcalloc(n ? n : 1, sizeof(*orig));
	char *mark = fsr_xcalloc(n ? n : 1, 1), *moved = fsr_xcalloc(n ? n : 1, 1);

	for (i = 0; i < n; i++)
		orig[i] = fsr_xstrdup(o->labels[i]);
	for (round = 0; round < 66; round++) {
		int any = 0;

		for (i = 0; i < n; i++) {
			mark[i] = !in[i].label_len && clashes(o, i);
			any |= mark[i];
		}
		if (!any)
			break;
		for (i = 0; i < n; i++) {
			if (mark[i]) {
				next_label(o, in, i, depth);
				moved[i] = 1;
			}
		}
	}
	memset(mark, 0, n);
	for (i = 0; i < n; i++)
		if (moved[i] && !mark[i])
			warn_spread(o, in, orig, moved, mark, i);
	for (i = 0; i < n; i++)
		free(orig[i]);
	free(orig);
	free(mark);
	free(moved);
	free(depth);
}

static int check_labels(struct fsr_options *o, const struct input *in)
{
	size_t n = o->n_runsets, i, j;

	o->labels = fsr_xcalloc(n, sizeof(*o->labels));
	for (i = 0; i < n; i++)
		o->labels[i] = in[i].label_len ?
			fsr_xstrndup(in[i].arg, in[i].label_len) :
			derived_label(&in[i], 1);
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			if (in[i].label_len && in[j].label_len &&
			    same_group(o, i, j) &&
			    !strcmp(o->labels[i], o->labels[j])) {
				fsr_error("the label '%s' is given twice "
					  "('%s' and '%s')", o->labels[i],
					  in[i].arg, in[j].arg);
				return FSR_EXIT_USAGE;
			}
			if (in[i].ok && in[j].ok && same_group(o, i, j) &&
			    same(&in[i].st, &in[j].st) &&
			    (!in[i].label_len || !in[j].label_len)) {
				fsr_error("'%s' and '%s' are the same run set; "
					  "to compare it with itself give "
					  "each a label (A=PATH B=PATH)",
					  in[i].arg, in[j].arg);
				return FSR_EXIT_USAGE;
			}
		}
	}
	spread_labels(o, in);
	return FSR_EXIT_OK;
}

/*
 * The inputs: the run sets, and the store --db names when it is read.
 * With --db for show, compare, trend and store export the positional
 * arguments are label patterns, not paths: the store is the only input.
 */
int fsr_cli_check_paths(struct fsr_options *o)
{
	enum fsr_cli_inputs inputs = fsr_cli_inputs(o);
	int from_db = inputs == FSR_INPUTS_STORE ||
		      inputs == FSR_INPUTS_STORES,
	    db_in = o->db && inputs != FSR_INPUTS_INTO_STORE;
	size_t n = from_db ? 0 : o->n_runsets, n_in = n, i;
	struct input *in = fsr_xcalloc(n + 1, sizeof(*in));
	int rc = FSR_EXIT_OK;

	for (i = 0; i < n; i++) {
		in[i].arg = o->runsets[i];
		in[i].path = fsr_runset_split(in[i].arg, &in[i].label_len);
		in[i].ok = stat(in[i].path, &in[i].st) == 0;
		in[i].real = in[i].ok ? realpath(in[i].path, NULL) : NULL;
	}
	if (!from_db)
		rc = check_labels(o, in);
	if (!rc && inputs == FSR_INPUTS_INTO_STORE)
		rc = check_db_output(o, in, n);
	if (db_in) {
		in[n_in].arg = in[n_in].path = o->db;
		in[n_in].ok = stat(o->db, &in[n_in].st) == 0;
		in[n_in].real = in[n_in].ok ? realpath(o->db, NULL) : NULL;
		n_in++;
	}
	if (!rc)
		rc = check_outputs(o, in, n_in);
	for (i = 0; i < n_in; i++)
		free(in[i].real);
	free(in);
	return rc;
}
