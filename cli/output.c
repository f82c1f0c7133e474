/*
 * output.c - output files are written whole or not at all: bytes go to a
 * temporary file in the target's folder, which is flushed, synced and
 * renamed over the target only when everything was written. On error or
 * on a signal the temporary file is removed and an existing target is
 * left untouched.
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fsr_output {
	char *path;     /* target, NULL for stdout */
	char *tmp;      /* temporary file */
	FILE *fp;
	struct fsr_sink *sink;
};

/* Temporary files to remove on a signal (async-signal-safe unlink). */
#define MAX_PENDING 64
static char *volatile pending[MAX_PENDING];

static void pending_add(char *path)
{
	int i;

	for (i = 0; i < MAX_PENDING; i++) {
		if (!pending[i]) {
			pending[i] = path;
			return;
		}
	}
}

static void pending_remove(const char *path)
{
	int i;

	for (i = 0; i < MAX_PENDING; i++)
		if (pending[i] == path)
			pending[i] = NULL;
}

static void on_signal(int sig)
{
	int i;

	for (i = 0; i < MAX_PENDING; i++)
		if (pending[i])
			unlink(pending[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

void fsr_output_install_signal_handlers(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE,
				    SIGXFSZ };
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		/* SIGXFSZ: a file-size limit is an error we report, not a
		 * crash: ignore it and let write() fail with EFBIG. */
		if (sigs[i] == SIGXFSZ)
			sa.sa_handler = SIG_IGN;
		sigaction(sigs[i], &sa, NULL);
	}
}

struct fsr_output *fsr_output_open(const char *path, struct fsr_sink *sink)
{
	struct fsr_output *out = fsr_xcalloc(1, sizeof(*out));
	struct fsr_buf b = FSR_BUF_INIT;
	int fd;

	out->sink = sink;
	memset(sink, 0, sizeof(*sink));
	if (!path || !strcmp(path, "-")) {
		out->fp = stdout;
		sink->fp = stdout;
		return out;
	}
	out->path = fsr_xstrdup(path);
	fsr_buf_addf(&b, "%s.fsreport-tmp-XXXXXX", path);
	out->tmp = fsr_buf_detach(&b);
	/*
	 * Register the name before the file exists: mkstemp() writes the
	 * final name into the same buffer before it creates the file, so a
	 * signal at any moment after creation finds it (a signal that comes
	 * earlier unlinks a name that does not exist yet, harmlessly).
	 */
	pending_add(out->tmp);
	fd = mkstemp(out->tmp);
	if (fd < 0) {
		int e = errno;

		pending_remove(out->tmp);
		fsr_error("cannot write '%s': %s", path, strerror(e));
		free(out->tmp);
		free(out->path);
		free(out);
		return NULL;
	}
	/* mkstemp makes 0600; outputs are ordinary files. */
	{
		mode_t um = umask(0);

		umask(um);
		fchmod(fd, 0666 & ~um);
	}
	out->fp = fdopen(fd, "wb");
	if (!out->fp) {
		fsr_error("cannot write '%s': %s", path, strerror(errno));
		close(fd);
		fsr_output_abort(out);
		return NULL;
	}
	sink->fp = out->fp;
	return out;
}

void fsr_output_abort(struct fsr_output *out)
{
	if (!out)
		return;
	if (out->path) {
		if (out->fp)
			fclose(out->fp);
		unlink(out->tmp);
		pending_remove(out->tmp);
	} else {
		fflush(stdout);
	}
	free(out->tmp);
	free(out->path);
	free(out);
}

int fsr_output_commit(struct fsr_output *out)
{
	int err = out->sink->error, rc = FSR_EXIT_OK;

	if (!out->path) {
		if (fflush(stdout) != 0 && !err)
			err = errno;
		if (err && err != EPIPE) {
			fsr_error("cannot write to standard output: %s",
				  strerror(err));
			rc = FSR_EXIT_OUTPUT;
		}
		free(out);
		return rc;
	}
	if (!err && fflush(out->fp) != 0)
		err = errno;
	if (!err && fsync(fileno(out->fp)) != 0 && errno != EINVAL)
		err = errno;
	if (fclose(out->fp) != 0 && !err)
		err = errno;
	out->fp = NULL;
	if (!err && rename(out->tmp, out->path) != 0)
		err = errno;
	if (err) {
		fsr_error("cannot write '%s': %s", out->path, strerror(err));
		unlink(out->tmp);
		rc = FSR_EXIT_OUTPUT;
	}
	pending_remove(out->tmp);
	free(out->tmp);
	free(out->path);
	free(out);
	return rc;
}
