/*
 * json.c - what the JSON importers (fio, hyperfine, fsreport's own)
 * share: the sticky first error, parsing with one set of rules (a UTF-8
 * BOM skipped, duplicate keys refused, memory bounded), type names.
 *
 * Memory: jansson's tree takes 20 to 40 times the text (a 64 MiB array
 * of small numbers was 1.3 GB resident). While a document is parsed,
 * jansson allocates through a counting hook that refuses to go past
 * FSR_MAX_JSON_TREE_BYTES: the parse then fails and the file is refused
 * with a clear message, instead of the machine swapping. The hook also
 * tells a real out-of-memory (malloc returned NULL) from bad JSON.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"

#include <jansson.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *fsr_json_type_name(const struct json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return "null";
	}
}

int fsr_json_fail(struct fsr_json_err *e, const char *where,
		  const char *fmt, ...)
{
	char msg[400], at[48] = "";
	const char *sep = "";
	va_list ap;

	if (e->err)
		return e->err;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (e->line > 1)
		snprintf(at, sizeof(at), "report at line %d: ", e->line);
	/* "$.results[0]" + ".unit: missing", or + ": expected ..." */
	if (where && msg[0] != '.' && msg[0] != '[')
		sep = ": ";
	e->err = fsr_diag_set(e->d, FSR_EINPUT, e->path, 0, 0, "%s%s%s%s",
			      at, where ? where : "", sep, msg);
	return e->err;
}

/* ---------------------------------------------------- bounded parsing */

static struct {
	int hooked, active, over;
	size_t used, limit;
} budget = { 0, 0, 0, 0, FSR_MAX_JSON_TREE_BYTES };

/* Test hook: a smaller budget (0: the default). */
void fsr_json_set_budget(size_t bytes)
{
	budget.limit = bytes ? bytes : FSR_MAX_JSON_TREE_BYTES;
}

/* jansson's allocator while fsreport runs: malloc and free themselves,
 * counted while a parse is active. Pointers from before the hook was set
 * are plain malloc blocks, so free() takes them too. */
static void *counting_malloc(size_t n)
{
	void *p;

	if (budget.active && n > budget.limit - budget.used) {
		budget.over = 1;
		return NULL;
	}
	p = malloc(n);
	if (!p)
		fsr_oom(); /* jansson's own out-of-memory paths may free a
			    * block twice (seen with 2.14): never take them */
	if (budget.active)
		budget.used += malloc_usable_size(p);
	return p;
}

static void counting_free(void *p)
{
	if (p && budget.active) {
		size_t n = malloc_usable_size(p);

		budget.used = n < budget.used ? budget.used - n : 0;
	}
	free(p);
}

static void hook(void)
{
	if (!budget.hooked) {
		json_set_alloc_funcs(counting_malloc, counting_free);
		budget.hooked = 1;
	}
}

json_t *fsr_json_parse(const char *path, const char *buf, size_t len,
		       size_t flags, int line, json_error_t *jerr,
		       struct fsr_diag *d, int *rc)
{
	json_t *doc;

	hook();
	budget.active = 1;
	budget.used = 0;
	budget.over = 0;
	doc = json_loadb(buf, len, flags | JSON_REJECT_DUPLICATES, jerr);
	budget.active = 0;
	*rc = 0;
	if (doc)
		return doc;
	if (budget.over)
		*rc = fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
				   "JSON too big to read: its tree needs "
				   "more than %zu %s of memory",
				   budget.limit >> (budget.limit >> 20 ? 20 : 10),
				   budget.limit >> 20 ? "MiB" : "KiB");
	else if (json_error_code(jerr) == json_error_out_of_memory)
		*rc = fsr_diag_set(d, FSR_ENOMEM, path, 0, 0,
				   "out of memory reading JSON");
	else
		*rc = fsr_diag_set(d, FSR_EINPUT, path,
				   line + jerr->line - 1, jerr->column,
				   "malformed JSON: %s", jerr->text);
	return NULL;
}

int fsr_json_load_file(const char *path, json_t **root, struct fsr_diag *d)
{
	json_error_t jerr;
	size_t len, skip;
	char *buf;
	int rc;

	*root = NULL;
	rc = fsr_check_file_size(path, FSR_MAX_JSON_BYTES, d);
	if (rc)
		return rc;
	rc = fsr_read_file(path, FSR_MAX_JSON_BYTES, &buf, &len, d);
	if (rc)
		return rc;
	skip = fsr_json_bom(buf, len);
	*root = fsr_json_parse(path, buf + skip, len - skip, 0, 1, &jerr, d,
			       &rc);
	free(buf);
	return rc;
}

size_t fsr_json_bom(const char *buf, size_t len)
{
	return len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
}

size_t fsr_json_first_key(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head;
	size_t i = fsr_json_bom(p, n);

	while (i < n && strchr(" \t\r\n", p[i]))
		i++;
	if (i >= n || p[i] != '{')
		return 0;
	for (i++; i < n && strchr(" \t\r\n", p[i]); i++)
		;
	return i;
}
