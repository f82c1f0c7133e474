/*
 * paths.c - what an output path names: the file a chain of symbolic
 * links ends at (what gets replaced; the links stay), the descriptor
 * /dev/stdout, /dev/fd/N and the like stand for (written in place), and
 * the folder a path lies in. Asked by the checks before a run
 * (guard.c, charts.c) and by the outputs it opens.
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder a path lies in: "a/b" -> "a", "b" -> ".", "/x" -> "/". */
char *fsr_path_dir(const char *path)
{
	const char *s = strrchr(path, '/');

	if (!s)
		return fsr_xstrdup(".");
	if (s == path)
		return fsr_xstrdup("/");
	return fsr_xstrndup(path, (size_t)(s - path));
}

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
