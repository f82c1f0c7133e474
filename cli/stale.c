/*
 * stale.c - a run's temporaries are named and locked so that a later run
 * can tell a stale one from a live one, and remove it.
 *
 * A temporary is "<target>.fsreport-tmp-XXXXXX" (".fsreport-tmp-XXXXXX"
 * when the target's name is too long for the suffix), beside its
 * target. After a SIGKILL a later run removes the stale ones of its
 * own: a temporary name of ours, owned by the same user, whose flock()
 * nobody holds (a run holds it on each of its temporaries while it
 * lives, whatever PID namespace or host it runs in). A stale folder
 * that held a finished output loses only the files its manifest lists
 * (manifest.c).
 */
#include "output-internal.h"
#include "../lib/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_TAG ".fsreport-tmp-"

/* A temporary name of ours: "<target>.fsreport-tmp-XXXXXX", or
 * ".fsreport-tmp-XXXXXX" beside a target whose name is too long for
 * the suffix; XXXXXX as mkstemp() makes it. */
static int temp_name(const char *name)
{
	const char *t = strstr(name, TMP_TAG), *p;

	if (!t)
		return 0;
	for (;;) { /* the last tag: a target may contain one */
		const char *u = strstr(t + 1, TMP_TAG);

		if (!u)
			break;
		t = u;
	}
	p = t + strlen(TMP_TAG);
	if (strlen(p) != 6)
		return 0;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9')))
			return 0;
	return 1;
}

/* The temporary's template in the folder of target, for mkstemp(). */
char *fsr_temp_template(const char *target)
{
	struct fsr_buf b = FSR_BUF_INIT;
	const char *slash = strrchr(target, '/');
	const char *base = slash ? slash + 1 : target;

	if (strlen(base) + strlen(TMP_TAG "XXXXXX") <= NAME_MAX)
		fsr_buf_addf(&b, "%s" TMP_TAG "XXXXXX", target);
	else
		fsr_buf_addf(&b, "%.*s" TMP_TAG "XXXXXX",
			     (int)(base - target), target);
	return fsr_buf_detach(&b);
}

/*
 * A temporary file or folder is locked (flock) by the run that writes
 * it, from just after it is made until it is renamed into place or
 * removed: the lock goes with the process, so a temporary is stale when
 * nobody holds its lock, whatever PID namespace or host (NFS) its writer
 * ran in. fsr_temp_lock() locks what was just made at path (fd: the
 * file, or -1 for a folder) and checks it is still there: a
 * stale-remover of another run may have taken it in the moment between;
 * -1 then, and the caller makes another.
 */
int fsr_temp_lock(const char *path, int fd)
{
	struct stat a, b;
	int lfd = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 3) :
		  open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (lfd < 0)
		return -1;
	if (flock(lfd, LOCK_EX | LOCK_NB) != 0 || fstat(lfd, &a) != 0 ||
	    lstat(path, &b) != 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		close(lfd);
		return -1;
	}
	return lfd;
}

/* Lock a stale candidate at path: an fd holding its lock, or -1 when
 * someone holds it (a live run) or it is not what was seen. */
static int lock_stale(const char *path, const struct stat *seen)
{
	struct stat a;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		      O_CLOEXEC | (S_ISDIR(seen->st_mode) ? O_DIRECTORY : 0));

	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) != 0 || fstat(fd, &a) != 0 ||
	    a.st_dev != seen->st_dev || a.st_ino != seen->st_ino) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Remove a folder of ours: its files, and the files of its subfolders
 * (a report's charts/). */
int fsr_temp_remove_dir(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), de->d_name, 0) != 0 &&
		    (errno == EISDIR || errno == EPERM)) {
			int sub = openat(dirfd(d), de->d_name, O_RDONLY |
					 O_DIRECTORY | O_NOFOLLOW |
					 O_CLOEXEC);

			if (sub >= 0) {
				fsr_empty_dir_raw(sub, 0);
				close(sub);
				unlinkat(dirfd(d), de->d_name, AT_REMOVEDIR);
			}
		}
	}
	closedir(d);
	return rmdir(dir);
}

/* A folder of ours that held a finished output (it has a manifest):
 * only the files the manifest lists and that are unchanged are removed;
 * one being written (no manifest yet) is removed whole. */
static int remove_old_dir(const char *dir)
{
	struct fsr_buf m = FSR_BUF_INIT;
	struct stat st;
	int listed;

	fsr_buf_addf(&m, "%s/" FSR_MANIFEST, dir);
	listed = lstat(m.buf, &st) == 0;
	fsr_buf_release(&m);
	return listed ? fsr_manifest_remove(dir) : fsr_temp_remove_dir(dir);
}

void fsr_remove_stale(const char *path)
{
	char *dir = fsr_path_dir(path);
	struct dirent *de;
	DIR *d = opendir(dir);

	if (d) {
		while ((de = readdir(d))) {
			struct fsr_buf full = FSR_BUF_INIT;
			struct stat st;

			int lfd;

			if (!temp_name(de->d_name))
				continue;
			fsr_buf_addf(&full, "%s/%s", dir, de->d_name);
			if (lstat(full.buf, &st) == 0 &&
			    st.st_uid == geteuid() &&
			    (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) &&
			    (lfd = lock_stale(full.buf, &st)) >= 0) {
				/* removed while we hold its lock */
				if (S_ISREG(st.st_mode))
					unlink(full.buf);
				else
					remove_old_dir(full.buf);
				close(lfd);
			}
			fsr_buf_release(&full);
		}
		closedir(d);
	}
	free(dir);
}
