/*
 * signals.c - a signal leaves no temporary behind: the list of the
 * temporary files and folders a run has pending, and the handlers that
 * remove them when a signal (or fsr_oom()) ends the run. A crash inside
 * the chart module is reported as exit 5; once every output is in place
 * a signal no longer ends the run. Only async-signal-safe calls run in
 * the handler. The stale temporaries a SIGKILL leaves are removed by a
 * later run (stale.c).
 */
#include "output-internal.h"
#include "../lib/alloc.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

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

#define DIRS (sizeof(pending_dirs) / sizeof(pending_dirs[0]))

void fsr_pending_add(char *path)
{
	slot_add(pending, MAX_PENDING, path);
}

void fsr_pending_remove(const char *path)
{
	slot_remove(pending, MAX_PENDING, path);
}

void fsr_pending_dir_add(char *path)
{
	slot_add(pending_dirs, DIRS, path);
}

void fsr_pending_dir_remove(const char *path)
{
	slot_remove(pending_dirs, DIRS, path);
}

struct dirent64_raw {
	uint64_t ino;
	int64_t off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Empty the folder fd (and, depth > 0, its subfolders: a report's
 * charts/) without allocating; a buffer per level. */
void fsr_empty_dir_raw(int fd, int depth)
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
					fsr_empty_dir_raw(sub, depth - 1);
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
		fsr_empty_dir_raw(fd, 1);
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

void fsr_signals_block(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < N_CAUGHT; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* Once every output is in place the run has succeeded: a signal
 * that comes after that no longer ends it with 128 + n. */
void fsr_signals_run_committed(void)
{
	set_handlers(SIG_IGN, 0);
}
