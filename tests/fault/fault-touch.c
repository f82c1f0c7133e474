/*
 * fault-touch.c - an LD_PRELOAD shim that changes a file's modification
 * time as fsreport opens it for the N-th time, so that
 * tests/cli/t0128-compare-stream.sh can change an input between the two
 * passes of a streamed compare every time, not by racing it.
 *
 *	FSR_FAULT_TOUCH=N:PATH    the N-th fopen() of PATH (as fsreport
 *	                          names it) first sets PATH's modification
 *	                          time to 2001-09-09 (its contents stay)
 *
 * Built by the GNUmakefile as $(BUILD)/tests/fault-touch.so. Never
 * linked into fsreport.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

FILE *fopen(const char *path, const char *mode)
{
	static FILE *(*real)(const char *, const char *);
	static int seen;
	const char *want = getenv("FSR_FAULT_TOUCH"), *colon;

	if (want && (colon = strchr(want, ':')) && !strcmp(colon + 1, path) &&
	    ++seen == atoi(want)) {
		struct timespec t[2] = { { 1000000000, 0 }, { 1000000000, 0 } };

		utimensat(AT_FDCWD, path, t, 0);
	}
	if (!real) {
		void *sym = dlsym(RTLD_NEXT, "fopen");

		memcpy(&real, &sym, sizeof(real));
	}
	return real(path, mode);
}
