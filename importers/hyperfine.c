/*
 * hyperfine.c - hyperfine's --export-json file (hyperfine 1.x), read with
 * jansson (docs/formats.md, "Formats").
 *
 *	{"results": [{"command": "...", "mean": ..., "times": [s, ...],
 *	              "exit_codes": [0, ...], "parameters": {"n": "16"}}]}
 *
 * One result, "hyperfine" wall-clock time in seconds (lower is better);
 * every entry of "times" is a sample of its command, which is the system.
 * With -P/-L the parameters name the system ("count=16") when they tell
 * the commands apart. A run with a non-zero (or no) exit code is a
 * failed run, never a sample; mean/stddev/min/max are not read (they are
 * recomputed from the samples). Times of 0.0 (commands faster than the
 * shell-spawn correction) are kept, with a warning.
 *
 * A file is also one run of each percentile of its command's timings
 * (issue 36; --percentiles, default p50 ... p99.99): the timings binned
 * in ns into the log-linear layout of model/histogram.h (relative error
 * at most 0.78 %), "Wall-clock time (p90)" one sample per file, refused
 * as fio's are below 10 timings above the percentile (20 for p50); the
 * histogram kept beside p50, the refusals in the "Wall-clock time" cell.
 * A file too short for p50 gives no percentile at all unless
 * --percentiles asks for them.
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"
#include "../model/histogram.h"

#include <math.h>

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int fsr_hyperfine_probe(const unsigned char *head, size_t n)
{
	const char *p = (const char *)head;
	size_t i = fsr_json_first_key(head, n);

	if (!i || n - i < 9 || memcmp(p + i, "\"results\"", 9))
		return 0;
	/* "times" follows "command" and the summary numbers closely. */
	for (; i + 7 <= n; i++)
		if (!memcmp(p + i, "\"times\"", 7))
			return 95;
	return 0;
}

/* "count=16, size=4k" from a parameters object, or NULL if there is none
 * (errors set st->err). */
static char *param_name(struct fsr_json_err *st, const json_t *res, size_t idx)
{
	const json_t *params = json_object_get(res, "parameters");
	struct fsr_buf b = FSR_BUF_INIT;
	const char *k;
	json_t *v;

	if (!params || json_is_null(params))
		return NULL;
	if (!json_is_object(params)) {
		char where[96];

		snprintf(where, sizeof(where), "$.results[%zu].parameters",
			 idx);
		fsr_json_fail(st, where, "expected an object, found %s",
			fsr_json_type_name(params));
		return NULL;
	}
	json_object_foreach((json_t *)params, k, v) {
		if (b.len)
			fsr_buf_adds(&b, ", ");
		if (json_is_string(v)) {
			fsr_buf_addf(&b, "%s=%s", k, json_string_value(v));
		} else if (json_is_number(v)) {
			fsr_buf_addf(&b, "%s=", k);
			fsr_buf_add_double(&b, json_number_value(v));
		} else {
			char where[96];

			snprintf(where, sizeof(where),
				 "$.results[%zu].parameters", idx);
			fsr_json_fail(st, where, "parameter '%s' is %s, not a "
				"string", k, fsr_json_type_name(v));
			fsr_buf_release(&b);
			return NULL;
		}
	}
	if (!b.len) {
		fsr_buf_release(&b);
		return NULL;
	}
	return fsr_buf_detach(&b);
}

static int check_result(struct fsr_json_err *st, const json_t *res, size_t i)
{
	char where[96];
	const json_t *cmd, *times, *codes;
	size_t j;

	snprintf(where, sizeof(where), "$.results[%zu]", i);
	if (!json_is_object(res))
		return fsr_json_fail(st, where, "expected an object, found %s",
			       fsr_json_type_name(res));
	cmd = json_object_get(res, "command");
	times = json_object_get(res, "times");
	codes = json_object_get(res, "exit_codes");
	snprintf(where, sizeof(where), "$.results[%zu].command", i);
	if (!cmd)
		return fsr_json_fail(st, where, "missing");
	if (!json_is_string(cmd))
		return fsr_json_fail(st, where, "expected a string, found %s",
			       fsr_json_type_name(cmd));
	snprintf(where, sizeof(where), "$.results[%zu].times", i);
	if (!times)
		return fsr_json_fail(st, where, "missing (hyperfine < 1.7 did not "
			       "export the runs)");
	if (!json_is_array(times))
		return fsr_json_fail(st, where, "expected an array, found %s",
			       fsr_json_type_name(times));
	for (j = 0; j < json_array_size(times); j++) {
		const json_t *t = json_array_get(times, j);

		snprintf(where, sizeof(where), "$.results[%zu].times[%zu]", i,
			 j);
		if (!json_is_number(t))
			return fsr_json_fail(st, where, "expected a number, found "
				       "%s", fsr_json_type_name(t));
		if (json_number_value(t) < 0)
			return fsr_json_fail(st, where, "a negative time (%g s)",
				       json_number_value(t));
	}
	snprintf(where, sizeof(where), "$.results[%zu].exit_codes", i);
	if (codes && !json_is_null(codes)) {
		if (!json_is_array(codes))
			return fsr_json_fail(st, where, "expected an array, found "
				       "%s", fsr_json_type_name(codes));
		if (json_array_size(codes) != json_array_size(times))
			return fsr_json_fail(st, where, "%zu exit codes for %zu "
				       "times", json_array_size(codes),
				       json_array_size(times));
		for (j = 0; j < json_array_size(codes); j++) {
			const json_t *c = json_array_get(codes, j);

			snprintf(where, sizeof(where),
				 "$.results[%zu].exit_codes[%zu]", i, j);
			if (!json_is_integer(c) && !json_is_null(c))
				return fsr_json_fail(st, where, "expected an "
					       "integer or null, found %s",
					       fsr_json_type_name(c));
		}
	}
	return 0;
}

static const double hf_default_pct[] = FSR_DEFAULT_PERCENTILES;

/* The percentiles of one command's timings h (ns) as one run each, in
 * system sys; refusals counted in host (the command's "Wall-clock
 * time" cell). */
static void timing_percentiles(struct fsr_report *r,
			       const struct fsr_import_ctx *ctx, size_t sys,
			       struct fsr_cell *host, struct fsr_hist *h)
{
	const double *pct = ctx->percentiles ? ctx->percentiles :
					       hf_default_pct;
	size_t n = ctx->percentiles ? ctx->n_percentiles :
				      sizeof(hf_default_pct) /
					      sizeof(*hf_default_pct);
	struct fsr_buf desc = FSR_BUF_INIT;
	struct fsr_result_key key;
	struct fsr_cell *p50 = NULL;
	size_t j;

	/* hyperfine's usual 10 timings support no percentile: such a file
	 * gives none unless --percentiles asks (then each is refused). */
	if (!h->total ||
	    (!ctx->percentiles && h->total < fsr_pct_ios_needed(50)))
		return;
	memset(&key, 0, sizeof(key));
	key.test = "hyperfine";
	key.unit = "s";
	for (j = 0; j < n; j++) {
		struct fsr_result *res;
		struct fsr_cell *c;
		int ok = h->total >= fsr_pct_ios_needed(pct[j]);

		fsr_buf_reset(&desc);
		fsr_buf_adds(&desc, "Wall-clock time (p");
		fsr_buf_add_double(&desc, pct[j]);
		fsr_buf_addc(&desc, ')');
		fsr_cell_add_refused(host, desc.buf, pct[j], h->total, ok);
		if (!ok)
			continue;
		key.description = desc.buf;
		res = fsr_report_result(r, &key);
		res->better = FSR_BETTER_LOWER;
		c = fsr_result_cell(res, sys);
		fsr_cell_add_sample(c, (double)fsr_hist_percentile(h, pct[j]) /
					       1e9);
		if (pct[j] == 50)
			p50 = c;
	}
	if (p50)
		fsr_cell_add_hist(p50, h);
	fsr_buf_release(&desc);
}

int fsr_hyperfine_import(struct fsr_import_ctx *ctx, const char *path,
			 struct fsr_report *r, struct fsr_diag *d)
{
	struct fsr_result_key key;
	struct fsr_result *res = NULL;
	struct fsr_json_err st;
	const json_t *results;
	json_t *root;
	char **names;
	size_t i, j, n, samples = 0;
	int by_params = 1;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.d = d;
	st.err = fsr_json_load_file(path, &root, d);
	if (st.err)
		return st.err;
	results = json_object_get(root, "results");
	if (!json_is_object(root) || !results) {
		json_decref(root);
		return FSR_ENOTMINE;
	}
	if (!json_is_array(results)) {
		fsr_json_fail(&st, "$.results", "expected an array, found %s",
			fsr_json_type_name(results));
		json_decref(root);
		return st.err;
	}
	n = json_array_size(results);
	names = fsr_xcalloc(n ? n : 1, sizeof(*names));
	for (i = 0; i < n && !st.err; i++) {
		const json_t *rj = json_array_get(results, i);

		if (check_result(&st, rj, i))
			break;
		names[i] = param_name(&st, rj, i);
		if (!names[i])
			by_params = 0;
	}
	/* Parameters name the systems only when they tell them apart. */
	for (i = 0; i < n && by_params && !st.err; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(names[i], names[j]))
				by_params = 0;
	if (!st.err && n) {
		memset(&key, 0, sizeof(key));
		key.test = "hyperfine";
		key.description = "Wall-clock time";
		key.unit = "s";
		res = fsr_report_result(r, &key);
		res->better = FSR_BETTER_LOWER;
	}
	for (i = 0; i < n && !st.err; i++) {
		const json_t *rj = json_array_get(results, i);
		const json_t *times = json_object_get(rj, "times");
		const json_t *codes = json_object_get(rj, "exit_codes");
		const char *cmd = json_string_value(json_object_get(rj,
								    "command"));
		size_t sys, zeros = 0;
		struct fsr_cell *c;
		struct fsr_hist h;

		sys = fsr_report_system(r, 0, by_params ? names[i] : cmd);
		fsr_system_add_source(&r->systems[sys], path);
		fsr_kvlist_set(&r->systems[sys].meta, "command", cmd);
		c = fsr_result_cell(res, sys);
		fsr_hist_init(&h, FSR_HIST_FIO_BITS, FSR_HIST_MAX_GROUPS);
		for (j = 0; j < json_array_size(times); j++) {
			double t = json_number_value(json_array_get(times, j));
			const json_t *code = json_is_array(codes) ?
				json_array_get(codes, j) : NULL;

			if (code && !json_is_integer(code)) {
				fsr_cell_add_failed(c, "killed by a signal");
			} else if (code && json_integer_value(code) != 0) {
				char why[64];

				snprintf(why, sizeof(why), "exit code %lld",
					 (long long)json_integer_value(code));
				fsr_cell_add_failed(c, why);
			} else {
				struct fsr_buf tb = FSR_BUF_INIT;
				int dec;

				fsr_cell_add_sample(c, t);
				fsr_buf_add_double(&tb, t);
				dec = fsr_count_decimals(tb.buf, tb.len);
				if (dec > c->stored_decimals)
					c->stored_decimals = dec;
				fsr_buf_release(&tb);
				if (t == 0)
					zeros++;
				fsr_hist_add(&h, (uint64_t)llround(t * 1e9),
					     1);
			}
			samples++;
		}
		timing_percentiles(r, ctx, sys, c, &h);
		fsr_hist_release(&h);
		if (zeros)
			fsr_import_warn(ctx, 0, "'%s': %zu of %zu runs took "
					"0 s (faster than hyperfine's shell "
					"correction); consider -N or a longer "
					"command", cmd, zeros,
					json_array_size(times));
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	json_decref(root);
	if (!st.err && samples == 0)
		return fsr_diag_set(d, FSR_EINPUT, path, 0, 0,
				    "no benchmark runs in \"results\"");
	return st.err;
}
