/*
 * fault-fsync.c - an LD_PRELOAD shim that stops fsreport (SIGSTOP) when
 * it syncs a finished temporary output, before the outputs are renamed
 * into place, so that tests/cli/t0730-hardening-outputs.sh can send a
 * signal at that moment every time: racing a running process for its
 * temporary file failed under load whenever the write ended first.
 *
 *	FSR_FAULT_STOP_FSYNC=1    fsync() of a "*.fsreport-tmp-*" file
 *	                          stops the process first; the test sends
 *	                          its signal and SIGCONT
 *
 * Built by the GNUmakefile as $(BUILD)/tests/fault-fsync.so. Never
 * linked into fsreport.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int fsync(int fd)
{
	static int (*real)(int);

	if (getenv("FSR_FAULT_STOP_FSYNC")) {
		char link[64], path[4096];
		ssize_t n;

		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		n = readlink(link, path, sizeof(path) - 1);
		if (n > 0) {
			path[n] = '\0';
			if (strstr(path, ".fsreport-tmp-"))
				raise(SIGSTOP);
		}
	}
	if (!real) {
		void *sym = dlsym(RTLD_NEXT, "fsync");

		if (!sym)
			abort();
		memcpy(&real, &sym, sizeof(real));
	}
	return real(fd);
}
