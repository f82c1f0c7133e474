/*
 * targets.c - an output of the run is opened where it will not harm the
 * old one until the run is done (publish.c puts it in place).
 *
 * A regular file (or a new path) is written to a temporary file beside
 * it (stale.c names it), which takes the old file's mode and owner. A
 * symbolic link is followed: its target is what gets replaced, the link
 * stays. A hard link is broken: the name given gets the new file and the
 * other names keep the old bytes (as git, editors and rsync do; writing
 * in place would change every copy a backup made with "cp -l" shares,
 * and could not be undone on failure). A device, a FIFO, a socket or
 * /dev/stdout cannot be renamed over: those are written in place; when
 * a run has several outputs, those (standard output too) are held in
 * memory until publish. --chart-dir is written into a temporary folder
 * that replaces the old folder whole. Every temporary is on the pending
 * list (signals.c) from before it exists until it is gone or in place.
 */
#include "output-internal.h"
#include "../lib/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static int hold_in_place;

void fsr_outputs_plan(size_t n_outputs)
{
	hold_in_place = n_outputs > 1;
}

static int connect_socket(const char *path)
{
	struct sockaddr_un sun;
	int fd;

	if (strlen(path) >= sizeof(sun.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&sun, sizeof(sun))) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Open an in-place target (a device, FIFO, socket or "/dev/fd/N"). */
int fsr_output_open_in_place(const struct fsr_output *out)
{
	int n = fsr_output_fd_path(out->target);

	if (n >= 0)
		return fcntl(n, F_DUPFD_CLOEXEC, 3);
	if (S_ISSOCK(out->old.st_mode))
		return connect_socket(out->target);
	return open(out->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
}

void fsr_output_free(struct fsr_output *out)
{
	if (out->lock_fd >= 0)
		close(out->lock_fd);
	free(out->name);
	free(out->target);
	free(out->tmp);
	if (out->held)
		fclose(out->held);
	fsr_buf_release(&out->buf);
	free(out);
}

static struct fsr_output *fail(struct fsr_output *out, int e)
{
	fsr_error("cannot %s '%s': %s", out->how == FSR_OUT_DIR ?
		  "create folder" : "write", out->name, strerror(e));
	fsr_output_free(out);
	return NULL;
}

/* out writes to fd (-1: opening it failed, errno says why) through
 * sink; NULL after a message when it cannot, its temporary removed. */
static struct fsr_output *stream(struct fsr_output *out, int fd,
				 struct fsr_sink *sink)
{
	if (fd < 0)
		return fail(out, errno);
	out->fp = fdopen(fd, "wb");
	if (!out->fp) {
		int e = errno;

		close(fd);
		fsr_output_remove_temp(out);
		return fail(out, e);
	}
	if (out->how == FSR_OUT_FD)
		out->held = tmpfile();
	sink->fp = out->held ? out->held : out->fp;
	return out;
}

/* The temporary file: the old file's mode and owner, or 0666 & ~umask. */
static int open_temp(struct fsr_output *out)
{
	mode_t um = umask(0);
	int fd, tries;

	umask(um);
	fsr_remove_stale(out->target);
	for (tries = 0;; tries++) {
		out->tmp = fsr_temp_template(out->target);
		/* Registered before the file exists: mkstemp() writes the
		 * final name into the buffer before it creates the file. */
		fsr_pending_add(out->tmp);
		fd = mkstemp(out->tmp);
		if (fd < 0) {
			int e = errno;

			fsr_pending_remove(out->tmp);
			errno = e;
			return -1;
		}
		out->lock_fd = fsr_temp_lock(out->tmp, fd);
		if (out->lock_fd >= 0 || tries == 20)
			break;
		/* taken by another run's stale-remover: another name */
		close(fd);
		fsr_pending_remove(out->tmp);
		free(out->tmp);
		out->tmp = NULL;
	}
	if (out->lock_fd < 0) {
		close(fd);
		unlink(out->tmp);
		fsr_pending_remove(out->tmp);
		errno = EAGAIN;
		return -1;
	}
	if (out->keep_owner) {
		if (fchown(fd, out->old.st_uid, out->old.st_gid) != 0 &&
		    fchown(fd, (uid_t)-1, out->old.st_gid) != 0)
			fsr_warning("%s: cannot keep its owner (uid %ld); it "
				    "will be yours", out->name,
				    (long)out->old.st_uid);
		fchmod(fd, out->old.st_mode & 07777);
	} else {
		fchmod(fd, 0666 & ~um);
	}
	return fd;
}

struct fsr_output *fsr_output_open(const char *path, struct fsr_sink *sink)
{
	struct fsr_output *out = fsr_xcalloc(1, sizeof(*out));
	int fd = -1, n;

	out->sink = sink;
	out->fd = -1;
	out->lock_fd = -1;
	memset(sink, 0, sizeof(*sink));
	if (!path || !strcmp(path, "-")) {
		out->name = fsr_xstrdup("standard output");
		out->how = hold_in_place ? FSR_OUT_BUFFER : FSR_OUT_STDOUT;
		if (out->how == FSR_OUT_BUFFER) {
			sink->buf = &out->buf;
		} else {
			/* An output written in place has no temporary
			 * file to drop when the run fails half-way (a text
			 * JSON cannot carry, a statistic that cannot be
			 * computed): its bytes wait in an unnamed one until
			 * commit (publish.c), or, when none can be made, go
			 * out as they come. So do a device's and a FIFO's
			 * (stream()). */
			out->held = tmpfile();
			sink->fp = out->held ? out->held : stdout;
		}
		return out;
	}
	out->name = fsr_xstrdup(path);
	out->target = fsr_output_resolve(path);
	n = fsr_output_fd_path(out->target);
	if (n < 0 && stat(out->target, &out->old) == 0) {
		if (S_ISDIR(out->old.st_mode))
			return fail(out, EISDIR);
		if (S_ISREG(out->old.st_mode))
			out->keep_owner = 1;
	} else if (n < 0) {
		out->old.st_mode = 0; /* a new file */
	}
	if (n >= 0 || (out->old.st_mode && !S_ISREG(out->old.st_mode))) {
		if (hold_in_place) {
			out->how = FSR_OUT_BUFFER;
			sink->buf = &out->buf;
			return out;
		}
		out->how = FSR_OUT_FD;
		fd = fsr_output_open_in_place(out);
	} else {
		out->how = FSR_OUT_TEMP;
		fd = open_temp(out);
	}
	return stream(out, fd, sink);
}

/* ------------------------------------------------------- chart folders */

struct fsr_output *fsr_output_open_dir(const char *path, int depth)
{
	struct fsr_output *out = fsr_xcalloc(1, sizeof(*out));
	size_t len = strlen(path);
	mode_t um = umask(0);
	int tries;

	umask(um);
	out->how = FSR_OUT_DIR;
	out->fd = -1;
	out->lock_fd = -1;
	out->depth = depth;
	out->name = fsr_xstrdup(path);
	while (len > 1 && path[len - 1] == '/')
		len--;
	{
		char *given = fsr_xstrndup(path, len);
		char *real = realpath(given, NULL);

		out->target = real ? fsr_xstrdup(real) : given;
		if (real) {
			free(real);
			free(given);
		}
	}
	if (stat(out->target, &out->old) == 0) {
		if (!S_ISDIR(out->old.st_mode))
			return fail(out, EEXIST);
		out->keep_owner = 1;
	}
	fsr_remove_stale(out->target);
	for (tries = 0; out->lock_fd < 0; tries++) {
		free(out->tmp);
		out->tmp = fsr_temp_template(out->target);
		fsr_pending_dir_add(out->tmp);
		if (!mkdtemp(out->tmp)) {
			int e = errno;

			fsr_pending_dir_remove(out->tmp);
			return fail(out, e);
		}
		out->lock_fd = fsr_temp_lock(out->tmp, -1);
		if (out->lock_fd < 0) {
			/* taken by another run's stale-remover */
			fsr_pending_dir_remove(out->tmp);
			if (tries == 20) {
				rmdir(out->tmp);
				return fail(out, EAGAIN);
			}
		}
	}
	if (out->keep_owner) {
		if (chown(out->tmp, out->old.st_uid, out->old.st_gid) != 0)
			(void)chown(out->tmp, (uid_t)-1, out->old.st_gid);
		chmod(out->tmp, out->old.st_mode & 07777);
	} else {
		chmod(out->tmp, 0777 & ~um);
	}
	return out;
}

struct fsr_output *fsr_output_open_in(struct fsr_output *dir,
				      const char *name, struct fsr_sink *sink)
{
	struct fsr_output *out = fsr_xcalloc(1, sizeof(*out));
	struct fsr_buf b = FSR_BUF_INIT;
	size_t len = strlen(dir->name);
	mode_t um = umask(0);
	int fd;

	umask(um);
	memset(sink, 0, sizeof(*sink));
	out->how = FSR_OUT_DIRECT;
	out->fd = -1;
	out->lock_fd = -1;
	out->sink = sink;
	fsr_buf_addf(&b, "%s%s%s", dir->name,
		     len && dir->name[len - 1] == '/' ? "" : "/", name);
	out->name = fsr_buf_detach(&b);
	fsr_buf_addf(&b, "%s/%s", dir->tmp, name);
	out->target = fsr_buf_detach(&b);
	fd = open(out->target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		  0666 & ~um);
	return stream(out, fd, sink);
}

int fsr_output_mkdir_in(struct fsr_output *dir, const char *name)
{
	struct fsr_buf b = FSR_BUF_INIT;
	mode_t um = umask(0);
	int rc = 0;

	umask(um);
	fsr_buf_addf(&b, "%s/%s", dir->tmp, name);
	if (mkdir(b.buf, 0777 & ~um) != 0) {
		fsr_error("cannot make '%s/%s': %s", dir->name, name,
			  strerror(errno));
		rc = FSR_EXIT_OUTPUT;
	}
	fsr_buf_release(&b);
	return rc;
}

const char *fsr_output_name(const struct fsr_output *out)
{
	return out->name;
}

void fsr_output_remove_temp(struct fsr_output *out)
{
	if (out->how == FSR_OUT_TEMP && out->tmp) {
		unlink(out->tmp);
		fsr_pending_remove(out->tmp);
	} else if (out->how == FSR_OUT_DIR && out->tmp) {
		fsr_temp_remove_dir(out->tmp);
		fsr_pending_dir_remove(out->tmp);
	} else if (out->how == FSR_OUT_DIRECT && out->target) {
		unlink(out->target);
	}
}

void fsr_output_abort(struct fsr_output *out)
{
	if (!out)
		return;
	if (out->fp)
		fclose(out->fp);
	out->fp = NULL;
	if (out->how == FSR_OUT_STDOUT)
		fflush(stdout);
	fsr_output_remove_temp(out);
	fsr_output_free(out);
}
