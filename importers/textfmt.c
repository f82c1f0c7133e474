/*
 * textfmt.c - what the line-oriented text importers share (contract in
 * importer-internal.h): tokens and numbers, the file's system and its
 * result cells, the probe loop and the import entry over
 * fsr_read_lines().
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fsr_tf_blank(char c)
{
	return c == ' ' || c == '\t';
}

int fsr_tf_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

int fsr_tf_suffix(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !memcmp(s + len - n, suffix, n);
}

const char *fsr_tf_find(const char *s, size_t len, const char *word)
{
	size_t n = strlen(word), i;

	for (i = 0; i + n <= len; i++)
		if (!memcmp(s + i, word, n))
			return s + i;
	return NULL;
}

int fsr_tf_contains(const char *s, size_t len, const char *word)
{
	return fsr_tf_find(s, len, word) != NULL;
}

void fsr_tf_trim(const char **s, size_t *len)
{
	while (*len && fsr_tf_blank(**s))
		(*s)++, (*len)--;
	while (*len && fsr_tf_blank((*s)[*len - 1]))
		(*len)--;
}

size_t fsr_tf_tokens(const char *s, size_t len, const char **tok,
		     size_t *tl, size_t max)
{
	const char *p = s, *end = s + len;
	size_t n = 0;

	for (;;) {
		while (p < end && fsr_tf_blank(*p))
			p++;
		if (p == end)
			return n;
		if (n == max)
			return max + 1;
		tok[n] = p;
		while (p < end && !fsr_tf_blank(*p))
			p++;
		tl[n] = (size_t)(p - tok[n]);
		n++;
	}
}

void fsr_tf_copy(char *dst, size_t size, const char *s, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

size_t fsr_tf_system(struct fsr_tf *tf)
{
	if (!tf->have_sys) {
		tf->sys = fsr_report_system(tf->r, 0, NULL);
		fsr_system_add_source(&tf->r->systems[tf->sys], tf->path);
		tf->have_sys = 1;
	}
	return tf->sys;
}

void fsr_tf_meta(struct fsr_tf *tf, const char *key, const char *value)
{
	/* the system first: making it may make (move) the array */
	size_t sys = fsr_tf_system(tf);

	fsr_kvlist_set(&tf->r->systems[sys].meta, key, value);
}

struct fsr_cell *fsr_tf_cell(struct fsr_tf *tf, const char *args,
			     const char *desc, const char *unit,
			     enum fsr_better better)
{
	struct fsr_result_key key;
	struct fsr_result *res;
	size_t sys = fsr_tf_system(tf);

	memset(&key, 0, sizeof(key));
	key.test = tf->test;
	key.arguments = args;
	key.description = desc;
	key.unit = unit;
	key.app_version = tf->version;
	res = fsr_report_result(tf->r, &key);
	if (!res->title || strcmp(res->title, tf->title)) {
		free(res->title);
		res->title = fsr_xstrdup(tf->title);
	}
	res->better = better;
	return fsr_result_cell(res, sys);
}

void fsr_tf_reason(const struct fsr_tf *tf, char *reason, size_t size,
		   const char *fail, const char *otherwise)
{
	if (fail[0])
		snprintf(reason, size, "%s failed: %s", tf->name, fail);
	else
		snprintf(reason, size, "%s", otherwise);
}

void fsr_tf_sample(struct fsr_cell *c, double v, int dec)
{
	fsr_cell_add_sample(c, v);
	if (dec > c->stored_decimals)
		c->stored_decimals = dec;
}

int fsr_tf_bad_number(struct fsr_tf *tf, int line, const char *what,
		      const char *s, size_t len)
{
	return fsr_diag_set(tf->d, FSR_EINPUT, tf->path, line, 0,
			    "%s %s '%.*s' is not a number of at least 0",
			    tf->name, what, (int)(len > 40 ? 40 : len), s);
}

int fsr_tf_number(struct fsr_tf *tf, int line, const char *what,
		  const char *s, size_t len, double *v)
{
	if (fsr_parse_double(s, len, v) || !isfinite(*v) || *v < 0)
		return fsr_tf_bad_number(tf, line, what, s, len);
	return 0;
}

int fsr_tf_probe(const unsigned char *head, size_t n, int max_lines,
		 fsr_tf_probe_fn fn)
{
	struct fsr_tf_probe p = { 0, 0 };
	struct fsr_lines it;
	const char *s;
	size_t len;
	int lines = 0, score;

	fsr_lines_init(&it, (const char *)head, n);
	while (fsr_lines_next(&it, &s, &len) && lines++ < max_lines) {
		score = fn(&p, s, len);
		if (score)
			return score < 0 ? 0 : score;
	}
	return p.best;
}

struct tf_run {
	struct fsr_tf *tf;
	const struct fsr_tf_format *fmt;
};

static int tf_line(void *data, const struct fsr_line *l)
{
	struct tf_run *run = data;

	run->tf->last_line = l->lineno;
	run->tf->line_flags = l->flags;
	return run->fmt->line(run->tf, l->lineno, l->s, l->len);
}

struct fsr_tf *fsr_tf_new(const struct fsr_tf_format *fmt,
			  struct fsr_import_ctx *ctx, const char *path,
			  struct fsr_report *r, struct fsr_diag *d)
{
	struct fsr_tf *tf = fsr_xcalloc(1, fmt->size);

	tf->name = fmt->name;
	tf->test = fmt->test;
	tf->title = fmt->title;
	tf->path = path;
	tf->ctx = ctx;
	tf->r = r;
	tf->d = d;
	if (fmt->init)
		fmt->init(tf);
	return tf;
}

int fsr_tf_read(struct fsr_tf *tf, const struct fsr_tf_format *fmt,
		struct fsr_diag *d)
{
	struct tf_run run = { tf, fmt };

	return fsr_read_lines(tf->path, fmt->read_flags, tf_line, &run, d);
}

int fsr_tf_import(const struct fsr_tf_format *fmt,
		  struct fsr_import_ctx *ctx, const char *path,
		  struct fsr_report *r, struct fsr_diag *d)
{
	struct fsr_tf *tf = fsr_tf_new(fmt, ctx, path, r, d);
	int rc;

	rc = fsr_tf_read(tf, fmt, d);
	if (!rc && fmt->finish)
		rc = fmt->finish(tf, tf->last_line);
	if (fmt->release)
		fmt->release(tf);
	if (!rc && !tf->found)
		rc = FSR_ENOTMINE;
	free(tf);
	return rc;
}
