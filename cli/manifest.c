/*
 * manifest.c - the proof that fsreport wrote a folder's files.
 *
 * A folder that fsreport replaces whole (--chart-dir DIR, report -o DIR)
 * gets a file ".fsreport-manifest" listing every file and subfolder it
 * wrote there, each file with its size and SHA-256:
 *
 *	fsreport manifest 1
 *	d charts
 *	f 1234 <64 hex digits> charts/01-seq-write.svg
 *	f 5678 <64 hex digits> index.html
 *
 * Before such a folder is replaced, everything in it must be listed and
 * unchanged: a file the manifest does not list, one whose size or hash
 * differs, a symbolic link, a folder not listed, or any file at all in a
 * non-empty folder without a manifest (an older fsreport's, or not
 * fsreport's) is refused, naming the file (docs/safety.md). The old
 * folder is then removed file by file, only what the manifest lists.
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HEADER "fsreport manifest 1\n"
#define MAX_MANIFEST (16u << 20)

struct entry {
	char *path;     /* relative to the folder, "charts/x.svg" */
	int is_dir;
	long long size;
	char sha[65];
};

struct manifest {
	struct entry *e;
	size_t n, cap;
};

static void manifest_free(struct manifest *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->e[i].path);
	free(m->e);
	memset(m, 0, sizeof(*m));
}

static void manifest_add(struct manifest *m, const char *path, int is_dir,
			 long long size, const char *sha)
{
	struct entry *e;

	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 32;
		m->e = fsr_xrealloc(m->e, m->cap * sizeof(*m->e));
	}
	e = &m->e[m->n++];
	memset(e, 0, sizeof(*e));
	e->path = fsr_xstrdup(path);
	e->is_dir = is_dir;
	e->size = size;
	if (sha)
		memcpy(e->sha, sha, 65);
}

static const struct entry *manifest_find(const struct manifest *m,
					 const char *path)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (!strcmp(m->e[i].path, path))
			return &m->e[i];
	return NULL;
}

/* SHA-256 and size of the regular file name in the folder dfd, not
 * following a symbolic link; 0, or -1 with errno. */
static int hash_file(int dfd, const char *name, char hex[65],
		     long long *size)
{
	static const char digits[] = "0123456789abcdef";
	uint8_t buf[65536], sum[SHA256_DIGEST_SIZE];
	struct sha256_ctx ctx;
	long long total = 0;
	struct stat st;
	ssize_t k;
	size_t i;
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	sha256_init(&ctx);
	while ((k = read(fd, buf, sizeof(buf))) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			int e = errno;

			close(fd);
			errno = e;
			return -1;
		}
		sha256_update(&ctx, (size_t)k, buf);
		total += k;
	}
	close(fd);
	sha256_digest(&ctx, sizeof(sum), sum);
	for (i = 0; i < sizeof(sum); i++) {
		hex[2 * i] = digits[sum[i] >> 4];
		hex[2 * i + 1] = digits[sum[i] & 15];
	}
	hex[64] = '\0';
	*size = total;
	return 0;
}

static int hex64(const char *s)
{
	size_t i;

	for (i = 0; i < 64; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		      (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* Read dir's manifest: 1 read, 0 there is none, -1 it is there but is
 * not one of ours (not a regular file, too big, malformed). */
static int manifest_read(int dfd, struct manifest *m)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char chunk[8192];
	struct stat st;
	char *line, *next;
	ssize_t k;
	int fd = openat(dfd, FSR_MANIFEST, O_RDONLY | O_NOFOLLOW |
			O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	memset(m, 0, sizeof(*m));
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > (off_t)MAX_MANIFEST) {
		close(fd);
		return -1;
	}
	while ((k = read(fd, chunk, sizeof(chunk))) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 || b.len + (size_t)k > MAX_MANIFEST) {
			close(fd);
			fsr_buf_release(&b);
			return -1;
		}
		fsr_buf_add(&b, chunk, (size_t)k);
	}
	close(fd);
	if (!b.len || strncmp(b.buf, HEADER, strlen(HEADER)) ||
	    memchr(b.buf, '\0', b.len)) {
		fsr_buf_release(&b);
		return -1;
	}
	for (line = b.buf + strlen(HEADER); *line; line = next) {
		char *nl = strchr(line, '\n'), *end;
		long long size;

		if (!nl)
			goto bad;
		*nl = '\0';
		next = nl + 1;
		if (!strncmp(line, "d ", 2) && line[2]) {
			manifest_add(m, line + 2, 1, 0, NULL);
			continue;
		}
		if (strncmp(line, "f ", 2) || line[2] < '0' || line[2] > '9')
			goto bad;
		errno = 0;
		size = strtoll(line + 2, &end, 10);
		if (errno || *end != ' ' || strlen(end + 1) < 66 ||
		    !hex64(end + 1) || end[65] != ' ' || !end[66])
			goto bad;
		end[65] = '\0';
		manifest_add(m, end + 66, 0, size, end + 1);
	}
	fsr_buf_release(&b);
	return 1;
bad:
	fsr_buf_release(&b);
	manifest_free(m);
	return -1;
}

/* ----------------------------------------------------------- checking */

struct check {
	const char *opt, *dir;
	int depth;              /* subfolders allowed (report -o: charts/) */
	int have;               /* 1: manifest read */
	struct manifest m;
};

static int refuse(const struct check *c, const char *rel, const char *why)
{
	fsr_error("refusing to replace %s '%s': '%s' %s (fsreport "
		  "replaces only files it wrote); move it away or give a new "
		  "or empty folder", c->opt, c->dir, rel, why);
	return FSR_EXIT_USAGE;
}

/* Everything in the folder dfd (rel: its path in c->dir, "" at the
 * top) is listed and unchanged: 0, or an exit code after a message. */
static int check_dir(const struct check *c, int dfd, const char *rel,
		     int depth)
{
	DIR *d;
	struct dirent *de;
	int rc = FSR_EXIT_OK;
	int fd = dup(dfd);

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		fsr_error("cannot read %s '%s': %s", c->opt, c->dir,
			  strerror(errno));
		return FSR_EXIT_OUTPUT;
	}
	rewinddir(d);
	while (!rc && (de = readdir(d))) {
		struct fsr_buf p = FSR_BUF_INIT;
		const struct entry *e;
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (!*rel && !strcmp(de->d_name, FSR_MANIFEST))
			continue;
		fsr_buf_addf(&p, "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		e = c->have ? manifest_find(&c->m, p.buf) : NULL;
		if (fstatat(dirfd(d), de->d_name, &st,
			    AT_SYMLINK_NOFOLLOW) != 0) {
			if (errno != ENOENT) /* gone meanwhile: fine */
				rc = refuse(c, p.buf, strerror(errno));
		} else if (!c->have) {
			rc = refuse(c, p.buf, "is there and the folder has "
				    "no " FSR_MANIFEST " (not written by "
				    "fsreport, or by an older one)");
		} else if (!e) {
			rc = refuse(c, p.buf, "is not listed in its "
				    FSR_MANIFEST);
		} else if (S_ISDIR(st.st_mode)) {
			int sub;

			if (!e->is_dir || depth <= 0) {
				rc = refuse(c, p.buf, "is a folder its "
					    FSR_MANIFEST " does not list");
			} else if ((sub = openat(dirfd(d), de->d_name,
						 O_RDONLY | O_DIRECTORY |
						 O_NOFOLLOW |
						 O_CLOEXEC)) < 0) {
				rc = refuse(c, p.buf, strerror(errno));
			} else {
				rc = check_dir(c, sub, p.buf, depth - 1);
				close(sub);
			}
		} else if (!S_ISREG(st.st_mode) || e->is_dir) {
			rc = refuse(c, p.buf, "is not the file its "
				    FSR_MANIFEST " lists");
		} else {
			char hex[65];
			long long size;

			if (hash_file(dirfd(d), de->d_name, hex, &size) != 0)
				rc = refuse(c, p.buf, strerror(errno));
			else if (size != e->size || strcmp(hex, e->sha))
				rc = refuse(c, p.buf, "changed since fsreport "
					    "wrote it (its size or SHA-256 "
					    "is not the one in "
					    FSR_MANIFEST ")");
		}
		fsr_buf_release(&p);
	}
	closedir(d);
	return rc;
}

int fsr_manifest_check(const char *opt, const char *dir, int depth)
{
	struct check c;
	int rc, fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return FSR_EXIT_OK; /* said when it is written */
	memset(&c, 0, sizeof(c));
	c.opt = opt;
	c.dir = dir;
	c.depth = depth;
	c.have = manifest_read(fd, &c.m);
	if (c.have < 0) {
		c.have = 0;
		rc = refuse(&c, FSR_MANIFEST, "is not a manifest fsreport "
			    "wrote");
	} else {
		rc = check_dir(&c, fd, "", depth);
	}
	manifest_free(&c.m);
	close(fd);
	return rc;
}

/* ------------------------------------------------------------ writing */

/* List the folder dfd (rel its path) into m, subfolders first. */
static int list_dir(int dfd, const char *rel, int depth, struct manifest *m)
{
	int fd = dup(dfd), rc = 0;
	struct dirent *de;
	DIR *d;

	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		return errno;
	}
	while (!rc && (de = readdir(d))) {
		struct fsr_buf p = FSR_BUF_INIT;
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (!*rel && !strcmp(de->d_name, FSR_MANIFEST))
			continue;
		fsr_buf_addf(&p, "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		if (fstatat(dirfd(d), de->d_name, &st,
			    AT_SYMLINK_NOFOLLOW) != 0) {
			rc = errno;
		} else if (S_ISDIR(st.st_mode) && depth > 0) {
			int sub = openat(dirfd(d), de->d_name, O_RDONLY |
					 O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			manifest_add(m, p.buf, 1, 0, NULL);
			if (sub < 0) {
				rc = errno;
			} else {
				rc = list_dir(sub, p.buf, depth - 1, m);
				close(sub);
			}
		} else {
			char hex[65];
			long long size;

			if (hash_file(dirfd(d), de->d_name, hex, &size) != 0)
				rc = errno;
			else
				manifest_add(m, p.buf, 0, size, hex);
		}
		fsr_buf_release(&p);
	}
	closedir(d);
	return rc;
}

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	return strcmp(x->path, y->path);
}

int fsr_manifest_write(const char *dir)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct manifest m;
	int dfd, fd, err;
	size_t i;
	mode_t um = umask(0);

	umask(um);
	memset(&m, 0, sizeof(m));
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return errno;
	err = list_dir(dfd, "", 1, &m);
	if (!err && m.n)
		qsort(m.e, m.n, sizeof(*m.e), cmp_entry);
	fsr_buf_adds(&b, HEADER);
	for (i = 0; !err && i < m.n; i++) {
		if (m.e[i].is_dir)
			fsr_buf_addf(&b, "d %s\n", m.e[i].path);
		else
			fsr_buf_addf(&b, "f %lld %s %s\n", m.e[i].size,
				     m.e[i].sha, m.e[i].path);
	}
	manifest_free(&m);
	if (!err) {
		fd = openat(dfd, FSR_MANIFEST, O_WRONLY | O_CREAT | O_EXCL |
			    O_CLOEXEC, 0666 & ~um);
		if (fd < 0) {
			err = errno;
		} else {
			const char *p = b.buf;
			size_t n = b.len;

			while (n && !err) {
				ssize_t k = write(fd, p, n);

				if (k < 0 && errno != EINTR)
					err = errno;
				else if (k > 0) {
					p += k;
					n -= (size_t)k;
				}
			}
			if (!err && fsync(fd) != 0 && errno != EINVAL)
				err = errno;
			if (close(fd) != 0 && !err && errno != EINTR)
				err = errno;
		}
	}
	fsr_buf_release(&b);
	close(dfd);
	return err;
}

/* ----------------------------------------------------------- removing */

/* Remove what the manifest lists and is unchanged, then the manifest
 * and the folder; 0 when the folder is gone. */
int fsr_manifest_remove(const char *dir)
{
	struct manifest m;
	size_t i;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), have;

	if (dfd < 0)
		return -1;
	have = manifest_read(dfd, &m);
	if (have > 0) {
		/* files first, then folders (sorted: "charts" before
		 * "charts/x", so backwards) */
		for (i = 0; i < m.n; i++) {
			char hex[65];
			long long size;
			const struct entry *e = &m.e[i];

			if (e->is_dir || strstr(e->path, "..") ||
			    e->path[0] == '/')
				continue;
			if (hash_file(dfd, e->path, hex, &size) == 0 &&
			    size == e->size && !strcmp(hex, e->sha))
				unlinkat(dfd, e->path, 0);
		}
		for (i = m.n; i-- > 0;)
			if (m.e[i].is_dir && !strstr(m.e[i].path, ".."))
				unlinkat(dfd, m.e[i].path, AT_REMOVEDIR);
		unlinkat(dfd, FSR_MANIFEST, 0);
	}
	if (have >= 0)
		manifest_free(&m);
	close(dfd);
	return rmdir(dir);
}
