/*
 * runset.c - run sets: "PATH" or "LABEL=PATH". A file is imported by the
 * importer whose probe accepts its content; a folder is scanned (not
 * recursively, in name order) and files no importer accepts are skipped.
 */
#include "cli.h"
#include "../lib/numbers.h"
#include "../importers/importer.h"
#include "../lib/alloc.h"
#include "../model/histogram.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct warn_state {
	const struct fsr_options *o;
};

static void print_warning(void *data, const char *file, int line,
			  const char *msg)
{
	struct warn_state *ws = data;

	if (ws->o->quiet)
		return;
	if (line > 0)
		fsr_warning("%s:%d: %s", file, line, msg);
	else
		fsr_warning("%s: %s", file, msg);
}

const char *fsr_runset_split(const char *arg, size_t *label_len)
{
	const char *eq = strchr(arg, '=');
	struct stat st;

	/* "LABEL=PATH", unless the whole argument names a file (a file
	 * name may contain '='). */
	*label_len = 0;
	if (eq && eq != arg && stat(arg, &st) != 0) {
		*label_len = (size_t)(eq - arg);
		return eq + 1;
	}
	return arg;
}

/*
 * What of a cell the output never reads, as FSR_IMPORT_NO_* flags: its
 * per-entry attributes (cell->meta; for PTS the Entry JSON, which costs a
 * quarter of a big import to decode), its entries as read
 * (cell->entries) and its stored value texts (cell->stored). The render
 * registry says what each --format never reads; charts read only the
 * stored texts; import and store write everything out.
 */
static unsigned unread_parts(const struct fsr_options *o)
{
	const struct fsr_renderer *rend =
		fsr_renderer_find(o->format ? o->format : "ascii");
	unsigned flags = 0;

	if (o->command != FSR_CMD_SHOW && o->command != FSR_CMD_COMPARE)
		return 0;
	if (rend && rend->flags & FSR_RENDER_NO_CELL_META)
		flags |= FSR_IMPORT_NO_CELL_META;
	if (rend && rend->flags & FSR_RENDER_NO_ENTRIES)
		flags |= FSR_IMPORT_NO_ENTRIES;
	/* A pass/fail chart prints the stored PASS or FAIL. */
	if (rend && rend->flags & FSR_RENDER_NO_STORED && !fsr_cli_charts_wanted(o))
		flags |= FSR_IMPORT_NO_STORED;
	return flags;
}

/*
 * The first cap bytes of path, for the probes, with open/read: stdio's
 * buffer allocation per file was a tenth of reading a folder of 5 000
 * small files. Returns 0, -1 (cannot open) or -2 (cannot read), errno
 * set.
 */
static int read_head(const char *path, unsigned char *head, size_t cap,
		     size_t *n)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;

	if (fd < 0)
		return -1;
	*n = 0;
	while (*n < cap) {
		ssize_t k = read(fd, head + *n, cap - *n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			e = errno;
			close(fd);
			errno = e;
			return -2;
		}
		if (k == 0)
			break;
		*n += (size_t)k;
	}
	close(fd);
	return 0;
}

/*
 * Whether head is the start of one of fsreport's own outputs: a report
 * (show/compare --format csv or json) or an export (import, long-csv,
 * xml, pts). In a folder those are skipped: a report is not a run, and
 * an export of the same runs would count every sample twice.
 */
static int own_output(const unsigned char *head, size_t n)
{
	static const char *const starts[] = {
		"result,test,description,unit,better,",
		"test,description,unit,better,label,value,title,test_id,",
	};
	static const char *const marks[] = {
		"\"generator\": \"fsreport\"", "generator=\"fsreport\"",
		"<!--fsreport-->",
	};
	char *text = fsr_xstrndup((const char *)head, n);
	size_t i;
	int own = 0;

	for (i = 0; i < 2 && !own; i++)
		own = !strncmp(text, starts[i], strlen(starts[i]));
	/* The marks come within the first lines of the file. */
	if (strlen(text) > 512)
		text[512] = '\0';
	for (i = 0; i < 3 && !own; i++)
		own = strstr(text, marks[i]) != NULL;
	free(text);
	return own;
}

/*
 * The importer that owns the file, or NULL (nobody's). A file that
 * several importers claim (a log of two benchmarks, say) is not guessed
 * at: an input error naming them (exit 3).
 */
static int probe_owner(const char *path, const unsigned char *head,
		       size_t n, const struct fsr_importer **imp)
{
	const struct fsr_importer *claims[8];
	struct fsr_buf names = FSR_BUF_INIT;
	size_t k, i;

	k = fsr_importer_probe_claims(head, n, claims, 8);
	*imp = k ? claims[0] : NULL;
	if (k <= 1)
		return 0;
	for (i = 0; i < k && i < 8; i++) {
		if (i)
			fsr_buf_adds(&names, i + 1 == k ? " and " : ", ");
		fsr_buf_adds(&names, claims[i]->name);
	}
	fsr_error("%s: claimed by %zu importers (%s): its format is "
		  "ambiguous, so it is not guessed (split the file, one "
		  "program's output per file)", path, k, names.buf);
	fsr_buf_release(&names);
	return FSR_EXIT_INPUT;
}

/* A sample outside the accepted range (an importer that reads numbers
 * through jansson or strtod, not lib/numbers.c, which refuses them at
 * their line): exit 3 naming the file. */
static int out_of_range(const char *path, const struct fsr_report *r)
{
	const struct fsr_result *res;
	struct fsr_buf b = FSR_BUF_INIT;
	double x;

	if (!fsr_report_value_out_of_range(r, &x, &res))
		return 0;
	fsr_buf_add_double(&b, x);
	fsr_error("%s: value %s of '%s' is outside the range fsreport "
		  "accepts (0, or %g to %g either sign; docs/formats.md)",
		  path, b.buf, res->title ? res->title : res->test,
		  FSR_VALUE_MIN, FSR_VALUE_MAX);
	fsr_buf_release(&b);
	return 1;
}

/* What an importer of path is told: what o's output never reads, the
 * percentiles o asks for, where warnings go. */
static void import_ctx(const struct fsr_options *o,
		       struct fsr_import_ctx *ctx, const char *path, int named,
		       void (*warn)(void *data, const char *file, int line,
				    const char *msg),
		       void *warn_data)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->path = path;
	ctx->flags = (named ? FSR_IMPORT_NAMED : 0) | unread_parts(o);
	ctx->warn = warn;
	ctx->warn_data = warn_data;
	if (o->n_percentiles) {
		ctx->percentiles = o->percentiles;
		ctx->n_percentiles = o->n_percentiles;
	}
}

/*
 * Import path into run set rs of r. named: the file was given directly
 * (then "not a result file" and an empty file are errors; in a folder
 * they are skipped, an empty one with a warning: a capture that came
 * out empty, such as fio's histogram log of a job shorter than its
 * log_hist_msec, is not dropped unsaid). *format (when not NULL) is set
 * to the importer's name when it read the file. Returns 0, 1 when
 * skipped (or read with another file: ctx.read_with), or an exit code
 * > 1 after a message.
 */
static int import_file(const struct fsr_options *o, struct fsr_report *r,
		       size_t rs, const char *path, int named,
		       const char **format)
{
	unsigned char head[FSR_PROBE_BYTES];
	const struct fsr_importer *imp;
	struct warn_state ws = { o };
	struct fsr_import_ctx ctx;
	struct fsr_report *scratch;
	struct fsr_diag d;
	size_t n;
	int rc;

	fsr_progress_tick();
	fsr_diag_clear(&d);
	rc = read_head(path, head, sizeof(head), &n);
	if (rc) {
		fsr_error("%s: cannot %s: %s", path,
			  rc == -1 ? "open" : "read", strerror(errno));
		return FSR_EXIT_INPUT;
	}
	if (n == 0) {
		if (named) {
			fsr_error("%s: empty (0 bytes): no results to read",
				  path);
			return FSR_EXIT_INPUT;
		}
		if (!o->quiet)
			fsr_warning("%s: skipped, empty (0 bytes)", path);
		return 1;
	}
	if (!named && own_output(head, n)) {
		if (!o->quiet)
			fsr_warning("%s: skipped, an output of fsreport (name "
				    "the file itself to read it)", path);
		return 1;
	}
	rc = probe_owner(path, head, n, &imp);
	if (rc)
		return rc;
	if (!imp)
		goto not_mine;
	import_ctx(o, &ctx, path, named, print_warning, &ws);
	scratch = fsr_report_new();
	fsr_report_add_runset(scratch, r->runsets[rs].label, path, 0);
	rc = imp->import(&ctx, path, scratch, &d);
	if (rc == FSR_ENOTMINE && ctx.read_with && !named) {
		fsr_report_free(scratch);
		fsr_info(o, "%s: read with %s (the jobs of one run)", path,
			 ctx.read_with);
		return 1;
	}
	if (rc == FSR_ENOTMINE) {
		fsr_report_free(scratch);
		goto not_mine;
	}
	if (rc) {
		fsr_report_free(scratch);
		if (!d.file)
			d.file = path;
		return fsr_report_diag(&d, rc);
	}
	if (out_of_range(path, scratch)) {
		fsr_report_free(scratch);
		return FSR_EXIT_INPUT;
	}
	fsr_info(o, "%s: %s, %zu result(s)", path, imp->name,
		 scratch->n_results);
	fsr_report_merge(r, rs, scratch);
	if (format)
		*format = imp->name;
	return 0;

not_mine:
	if (named) {
		fsr_error("%s: not a result file fsreport can read", path);
		return FSR_EXIT_INPUT;
	}
	fsr_info(o, "%s: skipped, not a result file", path);
	return 1;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Remember format once in the list (a folder has few). */
static void add_format(const char ***list, size_t *n, const char *format)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*list)[i], format))
			return;
	*list = fsr_xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = format;
}

/* A folder read by more than one importer is seldom one configuration:
 * each format's results stand apart (their own results, and a PTS
 * file brings its own systems), so say so (issue 34). */
static void mixed_warning(const struct fsr_options *o, const char *path,
			  const char **formats, size_t n)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	if (o->quiet)
		return;
	for (i = 0; i < n; i++)
		fsr_buf_addf(&b, "%s%s", i ? ", " : "", formats[i]);
	fsr_warning("%s: one run set holds files of %zu formats (%s); their "
		    "results are not pooled but stand side by side: give each "
		    "configuration its own folder if they are not one", path,
		    n, b.buf);
	fsr_buf_release(&b);
}

/* Files of one folder that each bring systems of their own (two hosts'
 * runs in one folder) are not runs of one configuration: they stand
 * side by side as systems, so say which (issue 34). A single file that
 * names several systems (a PTS composite) is one result file, as meant. */
static void systems_warning(const struct fsr_options *o,
			    const struct fsr_report *r, size_t rs,
			    const char *path, size_t first)
{
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, n = 0;

	if (o->quiet)
		return;
	for (i = first; i < r->n_systems; i++) {
		const struct fsr_system *s = &r->systems[i];

		if (s->runset != rs)
			continue;
		fsr_buf_addf(&b, "%s%s", n ? ", " : "",
			     s->name ? s->name : r->runsets[rs].label);
		n++;
	}
	fsr_warning("%s: one run set names %zu systems (%s), each from files "
		    "of its own; their runs are not pooled but stand side by "
		    "side: give each system its own folder if they are not "
		    "one", path, n, b.buf);
	fsr_buf_release(&b);
}

static int import_dir(const struct fsr_options *o, struct fsr_report *r,
		      size_t rs, const char *path)
{
	struct fsr_buf sys = FSR_BUF_INIT;
	const char **formats = NULL;
	char **names = NULL;
	size_t n = 0, cap = 0, i, imported = 0, n_formats = 0;
	size_t first_sys = r->n_systems, bringers = 0;
	struct dirent *de;
	int rc = 0, first_err = 0;
	DIR *dir;

	dir = opendir(path);
	if (!dir) {
		fsr_error("%s: cannot open folder: %s", path, strerror(errno));
		return FSR_EXIT_INPUT;
	}
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		FSR_GROW(names, cap, n + 1);
		names[n++] = fsr_xstrdup(de->d_name);
	}
	closedir(dir);
	if (n) /* an empty folder: qsort(NULL, 0) is undefined (UBSan) */
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		struct fsr_buf full = FSR_BUF_INIT;
		struct stat st;
		size_t len = strlen(path);

		fsr_buf_adds(&full, path);
		if (len && path[len - 1] != '/')
			fsr_buf_addc(&full, '/');
		fsr_buf_adds(&full, names[i]);
		if (stat(full.buf, &st) != 0) {
			fsr_error("%s: cannot read: %s", full.buf,
				  strerror(errno));
			rc = FSR_EXIT_INPUT;
		} else if (S_ISDIR(st.st_mode)) {
			fsr_info(o, "%s: skipped, a folder", full.buf);
			rc = 0;
		} else if (!strcmp(names[i], "system.txt")) {
			/* read once the folder's systems exist */
			fsr_buf_adds(&sys, full.buf);
			rc = 0;
		} else if (!S_ISREG(st.st_mode)) {
			fsr_info(o, "%s: skipped, not a regular file",
				 full.buf);
			rc = 0;
		} else {
			const char *format = NULL;
			size_t had = r->n_systems;

			rc = import_file(o, r, rs, full.buf, 0, &format);
			if (r->n_systems > had)
				bringers++;
			if (rc == 0)
				imported++;
			if (format)
				add_format(&formats, &n_formats, format);
		}
		fsr_buf_release(&full);
		if (rc > 1) {
			if (!first_err)
				first_err = rc;
			if (!o->keep_going)
				break;
			o->state->kept_going_past = 1;
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (sys.len && (!first_err || o->keep_going)) {
		rc = fsr_cli_system_txt(o, r, rs, sys.buf);
		if (rc && !first_err)
			first_err = rc;
	}
	fsr_buf_release(&sys);
	/* a run that fails says only why */
	if (n_formats > 1 && (!first_err || o->keep_going))
		mixed_warning(o, path, formats, n_formats);
	else if (bringers > 1 && (!first_err || o->keep_going))
		systems_warning(o, r, rs, path, first_sys);
	free(formats);
	if (first_err && !o->keep_going)
		return first_err;
	if (!imported) {
		fsr_error("%s: no result file in this folder", path);
		return FSR_EXIT_INPUT;
	}
	return 0;
}

/* A warning held by show's streamed read until the read is kept. */
static void hold_warning(void *data, const char *file, int line,
			 const char *msg)
{
	struct fsr_stream_read *sr = data;

	FSR_GROW(sr->held, sr->cap_held, sr->n_held + 1);
	sr->held[sr->n_held].file = fsr_xstrdup(file ? file : "");
	sr->held[sr->n_held].line = line;
	sr->held[sr->n_held].msg = fsr_xstrdup(msg);
	sr->n_held++;
}

/* A PTS file of a run set read a piece at a time (cli.h). */
struct fsr_cli_read {
	struct fsr_import_ctx ctx;
	struct fsr_diag d;
	struct fsr_pts_read *p;
	struct fsr_report *scratch;
	struct fsr_stream_read *sr;
};

struct fsr_cli_read *fsr_cli_read_open(const struct fsr_options *o, size_t k,
				       struct fsr_report *scratch,
				       struct fsr_stream_read *sr)
{
	unsigned char head[FSR_PROBE_BYTES];
	const struct fsr_importer *claims[2];
	struct fsr_cli_read *cr;
	size_t label_len, n;
	const char *path = fsr_runset_split(o->runsets[k], &label_len);
	struct stat st;

	if (!o->labels || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    read_head(path, head, sizeof(head), &n) != 0 || n == 0 ||
	    fsr_importer_probe_claims(head, n, claims, 2) != 1 ||
	    strcmp(claims[0]->name, "pts"))
		return NULL;
	cr = fsr_xcalloc(1, sizeof(*cr));
	cr->scratch = scratch;
	cr->sr = sr;
	sr->runset = k;
	import_ctx(o, &cr->ctx, path, 1, hold_warning, sr);
	cr->ctx.result_read = sr->result_read;
	cr->ctx.result_data = sr->data;
	fsr_diag_clear(&cr->d);
	fsr_progress_tick();
	fsr_report_add_runset(scratch, o->labels[k], path, label_len > 0);
	sr->importer = claims[0]->name;
	cr->p = fsr_pts_read_open(&cr->ctx, path, scratch, &cr->d);
	return cr;
}

int fsr_cli_read_step(struct fsr_cli_read *cr)
{
	return fsr_pts_read_step(cr->p);
}

int fsr_cli_read_close(struct fsr_cli_read *cr)
{
	int rc = fsr_pts_read_close(cr->p);

	if (!rc)
		cr->sr->n_read = cr->scratch->n_results;
	free(cr);
	return rc ? -1 : 0;
}

int fsr_cli_import_streamed(const struct fsr_options *o, struct fsr_report *r,
			    struct fsr_stream_read *sr)
{
	struct fsr_report *scratch = fsr_report_new();
	struct fsr_cli_read *cr = fsr_cli_read_open(o, 0, scratch, sr);
	size_t label_len, rs;
	const char *path = fsr_runset_split(o->runsets[0], &label_len);

	if (!cr) {
		fsr_report_free(scratch);
		return -1;
	}
	while (fsr_cli_read_step(cr))
		;
	if (fsr_cli_read_close(cr)) {
		fsr_report_free(scratch);
		return -1;
	}
	rs = fsr_report_add_runset(r, o->labels[0], path, label_len > 0);
	fsr_report_merge(r, rs, scratch);
	fsr_report_finish_labels(r);
	fsr_report_refuse_partial(r);
	return r->n_results ? 0 : -1;
}

void fsr_cli_stream_read_done(const struct fsr_options *o,
			      struct fsr_stream_read *sr, int say)
{
	struct warn_state ws = { o };
	size_t i;

	for (i = 0; i < sr->n_held; i++) {
		if (say)
			print_warning(&ws, sr->held[i].file, sr->held[i].line,
				      sr->held[i].msg);
		free(sr->held[i].file);
		free(sr->held[i].msg);
	}
	free(sr->held);
	sr->held = NULL;
	sr->n_held = sr->cap_held = 0;
	if (say && sr->importer)
		fsr_info(o, "%s: %s, %zu result(s)",
			 fsr_runset_split(o->runsets[sr->runset], &i),
			 sr->importer, sr->n_read);
}

int fsr_cli_import(const struct fsr_options *o, struct fsr_report *r)
{
	size_t i;
	int first_err = 0;

	for (i = 0; i < o->n_runsets; i++) {
		size_t label_len, rs;
		const char *path = fsr_runset_split(o->runsets[i], &label_len);
		struct stat st;
		int explicit_label = label_len > 0, rc;

		/* The labels are the guard's, made for every run set
		 * before anything is read (cli/guard.c: a folder keeps its
		 * whole name, "6.10/" is "6.10"; a file loses its
		 * extension). */
		if (!o->labels)
			FSR_BUG("run set '%s' has no label", o->runsets[i]);
		rs = fsr_report_add_runset(r, o->labels[i], path,
					   explicit_label);
		if (stat(path, &st) != 0) {
			fsr_error("%s: %s", path, strerror(errno));
			rc = FSR_EXIT_INPUT;
		} else if (S_ISDIR(st.st_mode)) {
			rc = import_dir(o, r, rs, path);
		} else if (!S_ISREG(st.st_mode)) {
			/* A FIFO would block fopen() for ever, and every
			 * file is read twice (probe, then import). */
			fsr_error("%s: not a regular file or folder", path);
			rc = FSR_EXIT_INPUT;
		} else {
			rc = import_file(o, r, rs, path, 1, NULL);
		}
		if (rc > 1) {
			if (!first_err)
				first_err = rc;
			if (!o->keep_going)
				return rc;
			o->state->kept_going_past = 1;
		}
	}
	fsr_report_finish_labels(r);
	fsr_report_refuse_partial(r);
	if (r->n_results == 0) {
		fsr_error("no results in %s", o->n_runsets == 1 ?
			  o->runsets[0] : "any run set");
		return first_err ? first_err : FSR_EXIT_INPUT;
	}
	return 0;
}
