/*
 * lines.c - the line-reading skeleton every text importer runs on
 * (contract in importer-internal.h): a file is read in 64 KiB pieces and
 * handed to the importer's callback one line at a time, so memory is one
 * line, never the file.
 *
 * Line ends are those of fsr_lines_next(): '\n', "\r\n" and a lone '\r'
 * (dd's status=progress); only '\n' advances the line number. A "\r\n"
 * or a lone '\r' split between two reads is seen as one.
 */
#include "importer.h"
#include "importer-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK 65536

struct reader {
	const char *path;
	fsr_line_fn fn;
	void *state;
	struct fsr_diag *d;
	unsigned flags;
	char *line;       /* the line being gathered, NUL-terminated */
	size_t len, cap;
	size_t max_line;
	int newlines;     /* '\n' seen so far */
	int after_cr;     /* the line before ended in a lone '\r' */
	int cr_pending;   /* a '\r' ended the last read: "\r\n" or lone? */
	unsigned long long total;
};

static int gather(struct reader *rd, const char *s, size_t n)
{
	if (!n)
		return 0;
	if (n > rd->max_line - rd->len)
		return fsr_diag_set(rd->d, FSR_EINPUT, rd->path,
				    rd->newlines + 1, 0,
				    "line longer than %zu bytes",
				    rd->max_line);
	if (rd->len + n + 1 > rd->cap) {
		size_t cap = rd->cap ? rd->cap : 256;
		char *p;

		while (cap < rd->len + n + 1)
			cap *= 2;
		p = realloc(rd->line, cap);
		if (!p)
			return fsr_diag_set(rd->d, FSR_ENOMEM, rd->path,
					    rd->newlines + 1, 0,
					    "out of memory reading a line of "
					    "%zu bytes", rd->len + n);
		rd->line = p;
		rd->cap = cap;
	}
	memcpy(rd->line + rd->len, s, n);
	rd->len += n;
	return 0;
}

/* Hand the gathered line to the callback; end is '\n' or '\r' (lone). */
static int emit(struct reader *rd, char end)
{
	struct fsr_line l;
	int rc;

	if (!rd->line) {
		rd->line = malloc(256);
		if (!rd->line)
			return fsr_diag_set(rd->d, FSR_ENOMEM, rd->path,
					    rd->newlines + 1, 0,
					    "out of memory reading a line");
		rd->cap = 256;
	}
	rd->line[rd->len] = '\0';
	l.s = rd->line;
	l.len = rd->len;
	l.lineno = rd->newlines + 1;
	l.flags = 0;
	if (rd->after_cr)
		l.flags |= FSR_LINE_AFTER_CR;
	if (end == '\r')
		l.flags |= FSR_LINE_BEFORE_CR;
	rc = rd->fn(rd->state, &l);
	if (end == '\n')
		rd->newlines++;
	rd->after_cr = end == '\r';
	rd->len = 0;
	return rc;
}

static int feed(struct reader *rd, const char *p, size_t n)
{
	const char *end = p + n;
	int rc;

	if (rd->cr_pending && p < end) {
		rd->cr_pending = 0;
		if (*p == '\n') {
			p++;
			rc = emit(rd, '\n');
		} else {
			rc = emit(rd, '\r');
		}
		if (rc)
			return rc;
	}
	while (p < end) {
		const char *e = p;

		while (e < end && *e != '\n' && *e != '\r')
			e++;
		rc = gather(rd, p, (size_t)(e - p));
		if (rc || e == end)
			return rc;
		if (*e == '\r') {
			if (e + 1 == end) {
				rd->cr_pending = 1;
				return 0;
			}
			if (e[1] == '\n') {
				rc = emit(rd, '\n');
				e++;
			} else {
				rc = emit(rd, '\r');
			}
		} else {
			rc = emit(rd, '\n');
		}
		if (rc)
			return rc;
		p = e + 1;
	}
	return 0;
}

/* Refuse a huge file before reading it; read_all() still bounds what
 * is not a regular file. */
static int open_checked(struct reader *rd, size_t max_file, int *fdp)
{
	struct stat sb;
	int fd = open(rd->path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fsr_diag_set(rd->d, FSR_EIO, rd->path, 0, 0,
				    "cannot open: %s", strerror(errno));
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    (unsigned long long)sb.st_size > max_file) {
		close(fd);
		return fsr_diag_set(rd->d, FSR_EINPUT, rd->path, 0, 0,
				    "file larger than %zu bytes", max_file);
	}
	*fdp = fd;
	return 0;
}

static int read_all(struct reader *rd, int fd, char *chunk, size_t max_file)
{
	size_t skip = 0;
	int first = 1, rc;

	for (;;) {
		ssize_t n = read(fd, chunk, CHUNK);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return fsr_diag_set(rd->d, FSR_EIO, rd->path, 0, 0,
					    "read error: %s",
					    strerror(errno));
		if (n == 0)
			break;
		rd->total += (unsigned long long)n;
		if (rd->total > max_file)
			return fsr_diag_set(rd->d, FSR_EINPUT, rd->path, 0, 0,
					    "file larger than %zu bytes",
					    max_file);
		/* A BOM split over two reads needs reads of under 3 bytes:
		 * read() on a file gives the whole chunk or the end. */
		skip = 0;
		if (first && (rd->flags & FSR_LINES_SKIP_BOM) && n >= 3 &&
		    !memcmp(chunk, "\xef\xbb\xbf", 3))
			skip = 3;
		first = 0;
		rc = feed(rd, chunk + skip, (size_t)n - skip);
		if (rc)
			return rc;
	}
	if (rd->cr_pending) {
		rd->cr_pending = 0;
		return emit(rd, '\r');
	}
	if (rd->len)
		return emit(rd, 0);
	return 0;
}

int fsr_read_lines(const char *path, unsigned flags, fsr_line_fn fn,
		   void *state, struct fsr_diag *d)
{
	struct reader rd = { .path = path, .fn = fn, .state = state,
			     .d = d, .flags = flags,
			     .max_line = FSR_MAX_LINE_BYTES };
	/* On the stack: a 64 KiB malloc and free per file made glibc
	 * consolidate its heap each time (a tenth of show's instructions
	 * on a folder of 500 PostMark reports). */
	char chunk[CHUNK];
	int fd = -1, rc;

	rc = open_checked(&rd, FSR_MAX_FILE_BYTES, &fd);
	if (rc)
		return rc;
	rc = read_all(&rd, fd, chunk, FSR_MAX_FILE_BYTES);
	free(rd.line);
	close(fd);
	return rc;
}
