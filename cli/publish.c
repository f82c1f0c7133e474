/*
 * publish.c - the outputs of one run are put in place together, or none
 * is.
 *
 * Nothing is committed until every output of the run is complete:
 * fsr_output_commit() only finishes a file (targets.c opened it) and
 * adds it to the run's finished ones; fsr_outputs_publish() checks
 * every target can be replaced, swaps them all into place (the old ones
 * kept until all succeeded, swapped back on a failure), then writes
 * those held in memory in place; fsr_outputs_discard() removes them and
 * says what was not written. Signals wait while the outputs are swapped.
 */
#define _GNU_SOURCE /* renameat2, statx */
#include "output-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>

static struct fsr_output *finished, **finished_tail = &finished;

static int finish_file(struct fsr_output *out)
{
	int err = out->sink ? out->sink->error : 0;

	if (!err && fflush(out->fp) != 0)
		err = errno;
	if (!err && out->how != FSR_OUT_FD && fsync(fileno(out->fp)) != 0 &&
	    errno != EINVAL)
		err = errno;
	if (fclose(out->fp) != 0 && !err)
		err = errno;
	out->fp = NULL;
	return err;
}

/* What an in-place output's sink wrote (targets.c) into to, unless err;
 * the first error. */
static int put_held(struct fsr_output *out, FILE *to, int err)
{
	struct fsr_sink s;

	if (!out->held)
		return err;
	memset(&s, 0, sizeof(s));
	s.fp = to;
	if (!err)
		err = fsr_sink_put_file(&s, out->held);
	if (!err)
		err = s.error;
	fclose(out->held);
	out->held = NULL;
	return err;
}

int fsr_output_commit(struct fsr_output *out)
{
	int err = out->sink ? out->sink->error : 0;

	switch (out->how) {
	case FSR_OUT_STDOUT:
		err = put_held(out, stdout, err);
		if (fflush(stdout) != 0 && !err)
			err = errno;
		fsr_output_free(out);
		if (err && err != EPIPE) {
			fsr_error("cannot write to standard output: %s",
				  strerror(err));
			return FSR_EXIT_OUTPUT;
		}
		return FSR_EXIT_OK;
	case FSR_OUT_FD:
		err = put_held(out, out->fp, err);
		if (err)
			finish_file(out);
		else
			err = finish_file(out);
		break;
	case FSR_OUT_TEMP:
	case FSR_OUT_DIRECT:
		err = finish_file(out);
		break;
	case FSR_OUT_DIR:
		err = fsr_manifest_write(out->tmp);
		break;
	case FSR_OUT_BUFFER:
		break;
	}
	if (err) {
		fsr_error("cannot write '%s': %s", out->name, strerror(err));
		fsr_output_remove_temp(out);
		fsr_output_free(out);
		return FSR_EXIT_OUTPUT;
	}
	if (out->how == FSR_OUT_FD || out->how == FSR_OUT_DIRECT) {
		fsr_output_free(out);
		return FSR_EXIT_OK;
	}
	out->sink = NULL;
	*finished_tail = out;
	finished_tail = &out->next;
	return FSR_EXIT_OK;
}

/* ------------------------------------------------------------- publish */

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return errno;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

static int publish_buffer(struct fsr_output *out)
{
	int fd, err;

	if (!out->target) {
		fflush(stdout);
		err = write_all(STDOUT_FILENO, out->buf.buf,
				out->buf.len);
		return err == EPIPE ? 0 : err;
	}
	fd = fsr_output_open_in_place(out);
	if (fd < 0)
		return errno;
	err = write_all(fd, out->buf.buf, out->buf.len);
	if (close(fd) != 0 && !err && errno != EINTR)
		err = errno;
	return err;
}

#ifndef STATX_ATTR_MOUNT_ROOT
#define STATX_ATTR_MOUNT_ROOT 0x00002000
#endif

/*
 * Whether target can be replaced, asked before the first rename of the
 * run: not a mount point (a bind-mounted file or folder: rename says
 * EBUSY), not immutable nor append-only (EPERM). 0 or an errno.
 */
static int replaceable(const struct fsr_output *out)
{
	struct statx sx;
	int fd, flags = 0, err = 0;

	if (statx(AT_FDCWD, out->target, AT_SYMLINK_NOFOLLOW,
		  STATX_BASIC_STATS, &sx) != 0)
		return errno == ENOENT ? 0 : errno;
	if ((sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
	    (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT))
		return EBUSY;
	if ((sx.stx_attributes_mask & (STATX_ATTR_IMMUTABLE |
				       STATX_ATTR_APPEND)) &&
	    (sx.stx_attributes & (STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND)))
		return EPERM;
	fd = open(out->target, O_RDONLY | O_NONBLOCK | O_NOFOLLOW |
		  O_NOCTTY | O_CLOEXEC);
	if (fd >= 0) {
		if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 &&
		    (flags & (FS_IMMUTABLE_FL | FS_APPEND_FL)))
			err = EPERM;
		close(fd);
	}
	return err;
}

/* Put the temporary file or folder in the place of the target: swapped
 * with an old one (which then sits at the temporary name until
 * finish_publish() removes it, or undo() puts it back), else renamed
 * in. 0 or an errno. */
static int swap_in(struct fsr_output *out)
{
	if (out->how == FSR_OUT_DIR && out->keep_owner &&
	    fsr_manifest_check(out->depth ? "report -o" : "--chart-dir",
			       out->name, out->depth) != FSR_EXIT_OK)
		return EEXIST; /* a file came in since the guard looked */
	if (renameat2(AT_FDCWD, out->tmp, AT_FDCWD, out->target,
		      RENAME_EXCHANGE) == 0) {
		out->swapped = 2;
		out->old_at_tmp = 1;
		return 0;
	}
	if (errno == ENOENT) {
		/* no old one: must still be none when it lands */
		if (renameat2(AT_FDCWD, out->tmp, AT_FDCWD, out->target,
			      RENAME_NOREPLACE) == 0) {
			out->swapped = 1;
			return 0;
		}
		if (errno != EINVAL && errno != ENOSYS)
			return errno;
	} else if (errno != EINVAL && errno != ENOSYS) {
		return errno;
	}
	/* A file system without renameat2's flags (NFS before 4.x and
	 * the like): a plain rename, which cannot be undone for a file
	 * and leaves a folder's old contents to be removed. */
	if (out->how == FSR_OUT_DIR && out->keep_owner) {
		char *old = fsr_temp_template(out->target);
		int e;

		if (!mkdtemp(old) || rmdir(old) != 0 ||
		    rename(out->target, old) != 0) {
			e = errno;
			free(old);
			return e;
		}
		if (rename(out->tmp, out->target) != 0) {
			e = errno;
			rename(old, out->target);
			free(old);
			return e;
		}
		free(out->tmp);
		out->tmp = old;
		out->swapped = 3;
		out->old_at_tmp = 1;
		return 0;
	}
	if (rename(out->tmp, out->target) != 0)
		return errno;
	out->swapped = 3; /* in place, no way back */
	return 0;
}

/* Undo swap_in(): the old target back, the new one at the temporary
 * name (removed with the rest). */
static void undo(struct fsr_output *out)
{
	if (out->swapped == 2 &&
	    renameat2(AT_FDCWD, out->tmp, AT_FDCWD, out->target,
		      RENAME_EXCHANGE) != 0)
		fsr_warning("cannot put the old '%s' back: it is in '%s'",
			    out->name, out->tmp);
	else if (out->swapped == 1 && rename(out->target, out->tmp) != 0)
		fsr_warning("cannot take the new '%s' back", out->name);
	if (out->swapped == 1 || out->swapped == 2) {
		out->swapped = 0;
		out->old_at_tmp = 0;
	}
}

/* The old file or folder, now at the temporary name, is removed. */
static void finish_publish(struct fsr_output *out)
{
	if (out->old_at_tmp && out->how == FSR_OUT_TEMP) {
		unlink(out->tmp);
	} else if (out->old_at_tmp && out->how == FSR_OUT_DIR) {
		if (fsr_manifest_remove(out->tmp) != 0)
			fsr_warning("the old contents of '%s' are left in "
				    "'%s'", out->name, out->tmp);
	}
	if (out->how == FSR_OUT_TEMP)
		fsr_pending_remove(out->tmp);
	else if (out->how == FSR_OUT_DIR)
		fsr_pending_dir_remove(out->tmp);
	free(out->tmp);
	out->tmp = NULL;
}

/* The names of the finished outputs that were published (or not). */
static char *list_published(int published)
{
	struct fsr_buf b = FSR_BUF_INIT;
	const struct fsr_output *out;

	for (out = finished; out; out = out->next)
		if (out->published == published)
			fsr_buf_addf(&b, "%s%s", b.len ? ", " : "",
				     out->name);
	return fsr_buf_detach(&b);
}

static void drop_all(void)
{
	struct fsr_output *out = finished, *next;

	for (; out; out = next) {
		next = out->next;
		fsr_output_remove_temp(out);
		fsr_output_free(out);
	}
	finished = NULL;
	finished_tail = &finished;
}

void fsr_outputs_discard(void)
{
	char *names = list_published(0);

	if (names && *names)
		fsr_error("not written either: %s", names);
	free(names);
	drop_all();
}

int fsr_outputs_publish(void)
{
	struct fsr_output *out, *bad = NULL;
	sigset_t old;
	int err = 0;

	/* Signals wait until all are in place (or none is). */
	fsr_signals_block(&old);
	/* Every target that is to be replaced can be, before the first
	 * rename. */
	for (out = finished; out && !err; out = out->next)
		if (out->how == FSR_OUT_TEMP || out->how == FSR_OUT_DIR)
			if ((err = replaceable(out)))
				bad = out;
	/* The renames, each undone if a later one fails; the old files
	 * are kept until all succeeded. */
	for (out = finished; out && !err; out = out->next)
		if (out->how == FSR_OUT_TEMP || out->how == FSR_OUT_DIR)
			if ((err = swap_in(out)))
				bad = out;
	/* Then the outputs written in place (a FIFO, a device), which
	 * cannot be taken back. */
	for (out = finished; out && !err; out = out->next)
		if (out->how == FSR_OUT_BUFFER) {
			if ((err = publish_buffer(out)))
				bad = out;
			else
				out->published = 1;
		}
	if (err) {
		char *names;

		for (out = finished; out; out = out->next)
			if (out->how != FSR_OUT_BUFFER || out == bad)
				undo(out);
		for (out = finished; out; out = out->next) {
			if (out->swapped == 3) {
				out->published = 1;
				finish_publish(out);
			}
		}
		fsr_error("cannot write '%s': %s", bad->name, strerror(err));
		bad->published = 2;
		names = list_published(0);
		if (names && *names)
			fsr_error("not written either: %s", names);
		free(names);
		names = list_published(1);
		if (names && *names)
			fsr_error("written all the same: %s", names);
		free(names);
	} else {
		for (out = finished; out; out = out->next) {
			out->published = 1;
			if (out->how == FSR_OUT_TEMP || out->how == FSR_OUT_DIR)
				finish_publish(out);
		}
		fsr_signals_run_committed();
	}
	drop_all();
	sigprocmask(SIG_SETMASK, &old, NULL);
	return err ? FSR_EXIT_OUTPUT : FSR_EXIT_OK;
}
