/*
 * test-alloc.c - lib/alloc.c: the x* allocators, array growth, and what
 * happens when memory runs out (a message and exit 5, never a BUG).
 */
#include "lib/alloc.h"
#include "tap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

static int hook_ran;

static void hook(void)
{
	static const char msg[] = "hook\n";

	hook_ran = 1;
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(9);
}

/* Run an allocation that cannot succeed in a child; its exit status and
 * stderr must be fsr_oom()'s. */
__attribute__((unused)) /* not run under a sanitizer */
static void expect_oom(int which, const char *what)
{
	int fds[2], status = 0;
	char err[128] = "";
	size_t used;
	ssize_t n;
	pid_t pid;

	if (pipe(fds)) {
		ok(0, "%s: pipe", what);
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int *arr = NULL;
		size_t cap = 0;

		dup2(fds[1], STDERR_FILENO);
		close(fds[0]);
		fsr_set_oom_hook(hook);
		switch (which) {
		case 0:
			free(fsr_xmalloc(SIZE_MAX - 4096));
			break;
		case 1:
			free(fsr_xcalloc(SIZE_MAX / 16, 8));
			break;
		case 2:
			free(fsr_xrealloc(NULL, SIZE_MAX - 4096));
			break;
		default:
			FSR_GROW(arr, cap, SIZE_MAX / 2);
			free(arr);
			break;
		}
		_exit(0);
	}
	close(fds[1]);
	for (used = 0; used < sizeof(err) - 1; used += (size_t)n) {
		n = read(fds[0], err + used, sizeof(err) - 1 - used);
		if (n <= 0)
			break;
	}
	err[used] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 5,
	   "%s: out of memory exits 5 (status %d)", what, status);
	is_str(err, "fsreport: out of memory\nhook\n",
	       "%s: says so, then runs the hook", what);
}

int main(void)
{
	size_t cap = 0, i, grows = 0, last = 0;
	int *arr = NULL;
	char *s;
	int *z;

	s = fsr_xstrndup("abcdef", 3);
	is_str(s, "abc", "xstrndup copies n bytes and terminates");
	free(s);
	s = fsr_xstrdup("");
	is_str(s, "", "xstrdup of \"\"");
	free(s);
	z = fsr_xcalloc(8, sizeof(*z));
	ok(z[0] == 0 && z[7] == 0, "xcalloc zeroes");
	free(z);
	s = fsr_xmalloc(0);
	ok(s != NULL, "xmalloc(0) gives a pointer to free");
	free(s);

	for (i = 0; i < 1000; i++) {
		FSR_GROW(arr, cap, i + 1);
		arr[i] = (int)i;
		if (cap != last) {
			grows++;
			last = cap;
		}
	}
	ok(cap >= 1000, "grow: room for 1000 (cap %zu)", cap);
	ok(grows < 20, "grow: geometric, %zu reallocations", grows);
	ok(arr[0] == 0 && arr[999] == 999, "grow keeps the elements");
	last = cap;
	FSR_GROW(arr, cap, 10);
	is_int(cap, last, "grow to less than the capacity is a no-op");
	free(arr);

#ifdef SANITIZED
	ok(1, "# skip a sanitizer aborts on impossible allocations itself");
#else
	expect_oom(0, "xmalloc");
	expect_oom(1, "xcalloc");
	expect_oom(2, "xrealloc");
	expect_oom(3, "grow beyond the address space");
#endif
	ok(!hook_ran, "the hook runs only when memory runs out");
	return done_testing();
}
