/*
 * timeit.c - run a command several times and print its wall-clock time
 * (median, min, max) and its peak resident set size, for bench/run.sh.
 *
 *	timeit RUNS COMMAND [ARG]...
 *
 * Prints one line: "median min max peak_rss_kib cpu_median" (seconds
 * with 6 decimals; cpu is user + system time, which a busy machine
 * inflates less than wall-clock time). The command's stdout goes to
 * /dev/null (so that the time of a terminal does not count), its stdin
 * is /dev/null, and its stderr is kept. One untimed run warms the page cache first. Peak RSS is the
 * largest ru_maxrss that wait4() reports for any of the runs.
 *
 * Exits 1 (and prints the status) when a run of the command fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int run_once(char **argv, double *secs, long *rss_kib, double *cpu)
{
	struct timespec t0, t1;
	struct rusage ru;
	int status;
	pid_t pid;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		perror("timeit: fork");
		return -1;
	}
	if (pid == 0) {
		int fd = open("/dev/null", O_RDWR);

		if (fd >= 0) {
			dup2(fd, STDIN_FILENO);
			dup2(fd, STDOUT_FILENO);
			if (fd > STDERR_FILENO)
				close(fd);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "timeit: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) != pid) {
		perror("timeit: wait4");
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "timeit: %s: %s %d\n", argv[0],
			WIFEXITED(status) ? "exit status" : "signal",
			WIFEXITED(status) ? WEXITSTATUS(status)
					  : WTERMSIG(status));
		return -1;
	}
	*secs = (double)(t1.tv_sec - t0.tv_sec) +
		(double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	*rss_kib = ru.ru_maxrss;
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	double *t, *c, median, cpu;
	long rss, peak = 0;
	int runs, i;

	if (argc < 3 || (runs = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: timeit RUNS COMMAND [ARG]...\n");
		return 2;
	}
	t = calloc((size_t)runs, sizeof(*t));
	c = calloc((size_t)runs, sizeof(*c));
	if (!t || !c)
		return 1;
	if (run_once(argv + 2, &t[0], &rss, &c[0]))
		return 1;
	for (i = 0; i < runs; i++) {
		if (run_once(argv + 2, &t[i], &rss, &c[i]))
			return 1;
		if (rss > peak)
			peak = rss;
	}
	qsort(t, (size_t)runs, sizeof(*t), cmp_double);
	qsort(c, (size_t)runs, sizeof(*c), cmp_double);
	median = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
	cpu = runs % 2 ? c[runs / 2] : (c[runs / 2 - 1] + c[runs / 2]) / 2;
	printf("%.6f %.6f %.6f %ld %.6f\n", median, t[0], t[runs - 1], peak,
	       cpu);
	free(t);
	free(c);
	return 0;
}
