/*
 * output.c - the outputs of one run are written whole and together, or
 * not at all.
 *
 * A regular file (or a new path) is written to a temporary file beside
 * it, "<target>.fsreport-tmp-XXXXXX" (".fsreport-tmp-XXXXXX" when the
 * target's name is too long for the suffix), which takes the old file's
 * mode and owner. A symbolic link is followed: its target is what gets
 * replaced, the link stays. A hard link is broken: the name given gets
 * the new file and the other names keep the old bytes (as git, editors
 * and rsync do; writing in place would change every copy a backup made
 * with "cp -l" shares, and could not be undone on failure). A device, a
 * FIFO, a socket or /dev/stdout cannot be renamed over: those are written
 * in place. --chart-dir is written into a temporary folder that replaces
 * the old folder whole.
 *
 * Nothing is committed until every output of the run is complete:
 * fsr_output_commit() only finishes a file; fsr_outputs_publish() checks
 * every target can be replaced, swaps them all into place (the old ones
 * kept until all succeeded, swapped back on a failure), and
 * fsr_outputs_discard() removes them and says what was not written. When a run has several outputs, those written in
 * place (standard output too) are held in memory until then.
 *
 * On a signal the temporary files and folders are removed; after a
 * SIGKILL a later run removes the stale ones of its own: a temporary
 * name of ours, owned by the same user, whose flock() nobody holds (a
 * run holds it on each of its temporaries while it lives, whatever PID
 * namespace or host it runs in).
 */
#define _GNU_SOURCE /* renameat2 */
#include "cli.h"
#include "../lib/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include <linux/fs.h>

#define TMP_TAG ".fsreport-tmp-"

enum how {
	HOW_STDOUT,  /* streamed to standard output */
	HOW_FD,      /* streamed in place (device, FIFO, socket, fd) */
	HOW_BUFFER,  /* in place, held in memory until publish */
	HOW_TEMP,    /* temporary file renamed over the target */
	HOW_DIRECT,  /* a new file inside a temporary folder of ours */
	HOW_DIR,     /* a temporary folder renamed over the target */
};

struct fsr_output {
	enum how how;
	char *name;      /* for messages: the path given, or "standard output" */
	char *target;    /* the file or folder that gets replaced */
	char *tmp;       /* temporary file or folder */
	int fd;          /* HOW_BUFFER: the fd to write (-1: open target) */
	int keep_owner;  /* HOW_TEMP/HOW_DIR: an old one's mode and owner */
	int published;   /* fsr_outputs_publish() put it in place */
	int depth;       /* HOW_DIR: subfolder levels (report -o: 1) */
	int lock_fd;     /* HOW_TEMP/HOW_DIR: holds flock() on tmp */
	int swapped;     /* publish: 1 renamed in, 2 exchanged, 3 for good */
	int old_at_tmp;  /* publish: the old one sits at tmp until removed */
	struct stat old;
	FILE *fp;
	struct fsr_buf buf;
	struct fsr_sink *sink;
	struct fsr_output *next;
};

static struct fsr_output *finished, **finished_tail = &finished;
static int hold_in_place;

void fsr_outputs_plan(size_t n_outputs)
{
	hold_in_place = n_outputs > 1;
}

/* ------------------------------------------------------------- signals */

/* Temporary files and folders to remove on a signal: only async-signal-
 * safe calls (unlink, open, getdents64, unlinkat, rmdir) in the handler. */
/* A paged --svg and --png of a big report are many files at once
 * (a page each, cli/charts.c). */
#define MAX_PENDING 1024
static char *volatile pending[MAX_PENDING];
static char *volatile pending_dirs[8];

static void slot_add(char *volatile *slots, size_t n, char *path)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!slots[i]) {
			slots[i] = path;
			return;
		}
	}
}

static void slot_remove(char *volatile *slots, size_t n, const char *path)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (slots[i] == path)
			slots[i] = NULL;
}

#define pending_add(p) slot_add(pending, MAX_PENDING, (p))
#define pending_remove(p) slot_remove(pending, MAX_PENDING, (p))
#define DIRS (sizeof(pending_dirs) / sizeof(pending_dirs[0]))

struct dirent64_raw {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Empty the folder fd (and, depth > 0, its subfolders: a report's
 * charts/) without allocating; a buffer per level. */
static void empty_dir_raw(int fd, int depth)
{
	static char bufs[2][4096];
	char *buf = bufs[depth > 0 ? 0 : 1];
	int removed = 1;
	long n;

	/* Read again from the start while a pass removed something. */
	while (removed) {
		removed = 0;
		lseek(fd, 0, SEEK_SET);
		while ((n = syscall(SYS_getdents64, fd, buf,
				    sizeof(bufs[0]))) > 0) {
			long off = 0;

			while (off < n) {
				struct dirent64_raw *e =
					(struct dirent64_raw *)(buf + off);

				off += e->reclen;
				if (e->name[0] == '.' && (!e->name[1] ||
				    (e->name[1] == '.' && !e->name[2])))
					continue;
				if (unlinkat(fd, e->name, 0) == 0) {
					removed = 1;
				} else if (depth > 0) {
					int sub = openat(fd, e->name, O_RDONLY |
							 O_DIRECTORY |
							 O_NOFOLLOW |
							 O_CLOEXEC);

					if (sub < 0)
						continue;
					empty_dir_raw(sub, depth - 1);
					close(sub);
					if (unlinkat(fd, e->name,
						     AT_REMOVEDIR) == 0)
						removed = 1;
				}
			}
		}
	}
}

static void remove_dir_raw(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		empty_dir_raw(fd, 1);
		close(fd);
	}
	rmdir(dir);
}

/* Remove every temporary file and folder; allocates nothing (signal
 * handlers and fsr_oom() call it). */
static void remove_pending(void)
{
	size_t i;

	for (i = 0; i < MAX_PENDING; i++)
		if (pending[i])
			unlink(pending[i]);
	for (i = 0; i < DIRS; i++)
		if (pending_dirs[i])
			remove_dir_raw(pending_dirs[i]);
}

static void say(const char *s)
{
	ssize_t k = write(STDERR_FILENO, s, strlen(s));

	(void)k;
}

/* A crash inside the chart module: Pango, fontconfig and GLib do not
 * all survive a failed allocation (a thread they cannot start under
 * "ulimit -v", a NULL they follow). Reported as exit 5, like any out
 * of memory; async-signal-safe calls only. */
static _Noreturn void chart_module_died(int sig)
{
	char num[24], *p = num + sizeof(num);
	struct rlimit rl;
	unsigned long v = (unsigned long)sig;

	*--p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) && p > num);
	say("fsreport: internal error: the chart module (Cairo, Pango, "
	    "fontconfig) died of signal ");
	say(p);
	if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		p = num + sizeof(num);
		*--p = '\0';
		v = (unsigned long)(rl.rlim_cur >> 20);
		do
			*--p = (char)('0' + v % 10);
		while ((v /= 10) && p > num);
		say(", most likely out of memory under the limit of ");
		say(p);
		say(" MiB (ulimit -v); charts need 128 MiB or more");
	}
	say("\n");
	_exit(FSR_EXIT_INTERNAL);
}

static void on_signal(int sig)
{
	remove_pending();
	if (fsr_chart_module_used && (sig == SIGSEGV || sig == SIGBUS ||
				      sig == SIGTRAP || sig == SIGABRT ||
				      sig == SIGILL || sig == SIGFPE))
		chart_module_died(sig);
	signal(sig, SIG_DFL);
	raise(sig);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

/* Every signal that ends the process by default; under a sanitizer it
 * keeps the crash signals for its own report. */
static const int caught[] = {
	SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1, SIGUSR2,
	SIGALRM, SIGVTALRM, SIGPROF, SIGPOLL,
#ifndef SANITIZED
	SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS,
#endif
};
#define N_CAUGHT (sizeof(caught) / sizeof(caught[0]))

/* 1 for a signal that says the program itself went wrong */
static int is_fault(int sig)
{
	return sig == SIGABRT || sig == SIGSEGV || sig == SIGBUS ||
	       sig == SIGFPE || sig == SIGILL || sig == SIGTRAP ||
	       sig == SIGSYS;
}

/* handler for every caught signal (with faults: for those too), each
 * blocking the others while it runs. */
static void set_handlers(void (*handler)(int), int faults)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < N_CAUGHT; i++)
		sigaddset(&sa.sa_mask, caught[i]);
	for (i = 0; i < N_CAUGHT; i++)
		if (faults || !is_fault(caught[i]))
			sigaction(caught[i], &sa, NULL);
}

void fsr_output_install_signal_handlers(void)
{
	struct sigaction sa;

	set_handlers(on_signal, 1);
	/* SIGXFSZ: a file-size limit is an error we report, not a crash:
	 * ignore it and let write() fail with EFBIG. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGXFSZ, &sa, NULL);
	/* out of memory (lib/alloc.c) leaves no temporary behind either */
	fsr_set_oom_hook(remove_pending);
}

_Static_assert(FSR_OOM_STATUS == FSR_EXIT_INTERNAL,
	       "out of memory is exit 5, an internal error");

static void block_signals(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < N_CAUGHT; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* ------------------------------------------------- stale temporaries */

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
static char *temp_template(const char *target)
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
 * ran in. lock_new() locks what was just made at path (fd: the file, or
 * -1 for a folder) and checks it is still there: a stale-remover of
 * another run may have taken it in the moment between; -1 then, and the
 * caller makes another.
 */
static int lock_new(const char *path, int fd)
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
static int remove_dir(const char *dir)
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
				empty_dir_raw(sub, 0);
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
	return listed ? fsr_manifest_remove(dir) : remove_dir(dir);
}

/* The folder a path lies in: "a/b" -> "a", "b" -> ".". */
char *fsr_path_dir(const char *path)
{
	const char *s = strrchr(path, '/');

	if (!s)
		return fsr_xstrdup(".");
	if (s == path)
		return fsr_xstrdup("/");
	return fsr_xstrndup(path, (size_t)(s - path));
}

static void remove_stale(const char *path)
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

/* ------------------------------------------------------------- targets */

int fsr_output_fd_path(const char *path)
{
	static const char *const pre[] = { "/dev/fd/", "/proc/self/fd/" };
	size_t i;

	if (!strcmp(path, "/dev/stdout"))
		return 1;
	if (!strcmp(path, "/dev/stderr"))
		return 2;
	for (i = 0; i < 2; i++) {
		size_t len = strlen(pre[i]);
		const char *p = path + len;
		long n;
		char *end;

		if (strncmp(path, pre[i], len) || *p < '0' || *p > '9')
			continue;
		n = strtol(p, &end, 10);
		if (!*end && n >= 0 && n < INT_MAX)
			return (int)n;
	}
	return -1;
}

char *fsr_output_resolve(const char *path)
{
	char *cur = fsr_xstrdup(path);
	int hops;

	for (hops = 0; hops < 40; hops++) {
		char link[PATH_MAX];
		struct stat st;
		ssize_t n;
		char *next;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode) ||
		    fsr_output_fd_path(cur) >= 0)
			return cur;
		n = readlink(cur, link, sizeof(link) - 1);
		if (n <= 0)
			return cur;
		link[n] = '\0';
		if (link[0] == '/') {
			next = fsr_xstrdup(link);
		} else {
			char *dir = fsr_path_dir(cur);
			struct fsr_buf b = FSR_BUF_INIT;

			fsr_buf_addf(&b, "%s/%s", dir, link);
			free(dir);
			next = fsr_buf_detach(&b);
		}
		free(cur);
		cur = next;
	}
	return cur;
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
static int open_in_place(const struct fsr_output *out)
{
	int n = fsr_output_fd_path(out->target);

	if (n >= 0)
		return fcntl(n, F_DUPFD_CLOEXEC, 3);
	if (S_ISSOCK(out->old.st_mode))
		return connect_socket(out->target);
	return open(out->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
}

static void output_free(struct fsr_output *out)
{
	if (out->lock_fd >= 0)
		close(out->lock_fd);
	free(out->name);
	free(out->target);
	free(out->tmp);
	fsr_buf_release(&out->buf);
	free(out);
}

static struct fsr_output *fail(struct fsr_output *out, int e)
{
	fsr_error("cannot %s '%s': %s", out->how == HOW_DIR ?
		  "create folder" : "write", out->name, strerror(e));
	output_free(out);
	return NULL;
}

/* The temporary file: the old file's mode and owner, or 0666 & ~umask. */
static int open_temp(struct fsr_output *out)
{
	mode_t um = umask(0);
	int fd, tries;

	umask(um);
	remove_stale(out->target);
	for (tries = 0;; tries++) {
		out->tmp = temp_template(out->target);
		/* Registered before the file exists: mkstemp() writes the
		 * final name into the buffer before it creates the file. */
		pending_add(out->tmp);
		fd = mkstemp(out->tmp);
		if (fd < 0) {
			int e = errno;

			pending_remove(out->tmp);
			errno = e;
			return -1;
		}
		out->lock_fd = lock_new(out->tmp, fd);
		if (out->lock_fd >= 0 || tries == 20)
			break;
		/* taken by another run's stale-remover: another name */
		close(fd);
		pending_remove(out->tmp);
		free(out->tmp);
		out->tmp = NULL;
	}
	if (out->lock_fd < 0) {
		close(fd);
		unlink(out->tmp);
		pending_remove(out->tmp);
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
		out->how = hold_in_place ? HOW_BUFFER : HOW_STDOUT;
		if (out->how == HOW_BUFFER)
			sink->buf = &out->buf;
		else
			sink->fp = stdout;
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
			out->how = HOW_BUFFER;
			sink->buf = &out->buf;
			return out;
		}
		out->how = HOW_FD;
		fd = open_in_place(out);
	} else {
		out->how = HOW_TEMP;
		fd = open_temp(out);
	}
	if (fd < 0)
		return fail(out, errno);
	out->fp = fdopen(fd, "wb");
	if (!out->fp) {
		int e = errno;

		close(fd);
		fsr_output_abort(out);
		fsr_error("cannot write '%s': %s", path, strerror(e));
		return NULL;
	}
	sink->fp = out->fp;
	return out;
}

/* ------------------------------------------------------- chart folders */

struct fsr_output *fsr_output_open_dir(const char *path, int depth)
{
	struct fsr_output *out = fsr_xcalloc(1, sizeof(*out));
	size_t len = strlen(path);
	mode_t um = umask(0);
	int tries;

	umask(um);
	out->how = HOW_DIR;
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
	remove_stale(out->target);
	for (tries = 0; out->lock_fd < 0; tries++) {
		free(out->tmp);
		out->tmp = temp_template(out->target);
		slot_add(pending_dirs, DIRS, out->tmp);
		if (!mkdtemp(out->tmp)) {
			int e = errno;

			slot_remove(pending_dirs, DIRS, out->tmp);
			return fail(out, e);
		}
		out->lock_fd = lock_new(out->tmp, -1);
		if (out->lock_fd < 0) {
			/* taken by another run's stale-remover */
			slot_remove(pending_dirs, DIRS, out->tmp);
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
	out->how = HOW_DIRECT;
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
	if (fd < 0)
		return fail(out, errno);
	out->fp = fdopen(fd, "wb");
	if (!out->fp) {
		int e = errno;

		close(fd);
		return fail(out, e);
	}
	sink->fp = out->fp;
	return out;
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

/* ---------------------------------------------------- finish and abort */

static void remove_temp(struct fsr_output *out)
{
	if (out->how == HOW_TEMP && out->tmp) {
		unlink(out->tmp);
		pending_remove(out->tmp);
	} else if (out->how == HOW_DIR && out->tmp) {
		remove_dir(out->tmp);
		slot_remove(pending_dirs, DIRS, out->tmp);
	} else if (out->how == HOW_DIRECT && out->target) {
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
	if (out->how == HOW_STDOUT)
		fflush(stdout);
	remove_temp(out);
	output_free(out);
}

static int finish_file(struct fsr_output *out)
{
	int err = out->sink ? out->sink->error : 0;

	if (!err && fflush(out->fp) != 0)
		err = errno;
	if (!err && out->how != HOW_FD && fsync(fileno(out->fp)) != 0 &&
	    errno != EINVAL)
		err = errno;
	if (fclose(out->fp) != 0 && !err)
		err = errno;
	out->fp = NULL;
	return err;
}

int fsr_output_commit(struct fsr_output *out)
{
	int err = out->sink ? out->sink->error : 0;

	switch (out->how) {
	case HOW_STDOUT:
		if (fflush(stdout) != 0 && !err)
			err = errno;
		output_free(out);
		if (err && err != EPIPE) {
			fsr_error("cannot write to standard output: %s",
				  strerror(err));
			return FSR_EXIT_OUTPUT;
		}
		return FSR_EXIT_OK;
	case HOW_FD:
	case HOW_TEMP:
	case HOW_DIRECT:
		err = finish_file(out);
		break;
	case HOW_DIR:
		err = fsr_manifest_write(out->tmp);
		break;
	case HOW_BUFFER:
		break;
	}
	if (err) {
		fsr_error("cannot write '%s': %s", out->name, strerror(err));
		remove_temp(out);
		output_free(out);
		return FSR_EXIT_OUTPUT;
	}
	if (out->how == HOW_FD || out->how == HOW_DIRECT) {
		output_free(out);
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
	fd = open_in_place(out);
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
	if (out->how == HOW_DIR && out->keep_owner &&
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
	if (out->how == HOW_DIR && out->keep_owner) {
		char *old = temp_template(out->target);
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
	if (out->old_at_tmp && out->how == HOW_TEMP) {
		unlink(out->tmp);
	} else if (out->old_at_tmp && out->how == HOW_DIR) {
		if (fsr_manifest_remove(out->tmp) != 0)
			fsr_warning("the old contents of '%s' are left in "
				    "'%s'", out->name, out->tmp);
	}
	if (out->how == HOW_TEMP)
		pending_remove(out->tmp);
	else if (out->how == HOW_DIR)
		slot_remove(pending_dirs, DIRS, out->tmp);
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
		remove_temp(out);
		output_free(out);
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

/* Once every output is in place the run has succeeded: a signal
 * that comes after that no longer ends it with 128 + n. */
static void run_committed(void)
{
	set_handlers(SIG_IGN, 0);
}

int fsr_outputs_publish(void)
{
	struct fsr_output *out, *bad = NULL;
	sigset_t old;
	int err = 0;

	/* Signals wait until all are in place (or none is). */
	block_signals(&old);
	/* Every target that is to be replaced can be, before the first
	 * rename. */
	for (out = finished; out && !err; out = out->next)
		if (out->how == HOW_TEMP || out->how == HOW_DIR)
			if ((err = replaceable(out)))
				bad = out;
	/* The renames, each undone if a later one fails; the old files
	 * are kept until all succeeded. */
	for (out = finished; out && !err; out = out->next)
		if (out->how == HOW_TEMP || out->how == HOW_DIR)
			if ((err = swap_in(out)))
				bad = out;
	/* Then the outputs written in place (a FIFO, a device), which
	 * cannot be taken back. */
	for (out = finished; out && !err; out = out->next)
		if (out->how == HOW_BUFFER) {
			if ((err = publish_buffer(out)))
				bad = out;
			else
				out->published = 1;
		}
	if (err) {
		char *names;

		for (out = finished; out; out = out->next)
			if (out->how != HOW_BUFFER || out == bad)
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
			if (out->how == HOW_TEMP || out->how == HOW_DIR)
				finish_publish(out);
		}
		run_committed();
	}
	drop_all();
	sigprocmask(SIG_SETMASK, &old, NULL);
	return err ? FSR_EXIT_OUTPUT : FSR_EXIT_OK;
}
