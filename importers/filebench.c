/*
 * filebench.c - filebench 1.5's stdout (docs/formats.md "filebench"), as
 * captured on this machine from filebench 1.5-alpha3 built from its
 * source (tests/data/filebench/, scripts/capture-filebench.sh):
 *
 *	Filebench Version 1.5-alpha3
 *	0.009: File-server Version 3.0 personality successfully loaded
 *	1.073: Running...
 *	4.074: Run took 3 seconds...
 *	4.075: Per-Operation Breakdown
 *	statfile1            17243ops     5747ops/s   0.0mb/s    0.014ms/op [0.002ms - 17.882ms]
 *	4.075: IO Summary: 189662 ops 63209.774 ops/s 5747/11495 rd/wr 1445.7mb/s 0.056ms/op
 *	4.075: Shutting down processes
 *
 * filebench_log() puts "seconds: " before each message; the rows of the
 * breakdown (and the rest of a multi-line warning) are the lines of one
 * message and have none. With "enable lathist" a row ends in a tab and
 * its histogram "[ 0 0 ... ]" (not read). "mb/s" is filebench's
 * MB_FLOAT, 2^20 bytes: MiB/s here.
 *
 * One sample per run of: ops/s, read and write ops/s (rd/wr), MiB/s
 * (higher is better) and ms/op (lower); per flowop, "<flowop> ops/s",
 * "<flowop> MiB/s", "<flowop> ms/op" and its min and max latency (ms).
 * The personality ("File-server Version 3.0") is every result's
 * arguments.
 *
 * Warnings and errors are on filebench's stderr (in the file with 2>&1),
 * and a run that ends in error prints no breakdown and no IO Summary.
 * The run's first error or warning ("Failed to write ...", "WARNING! Run
 * stopped early:" and its lines, "NO VALID RESULTS!") is the reason of
 * its failed run of ops/s, warned at its line; "Aborting..." (SIGINT) is
 * an interrupted run; a run with no IO Summary and none of these is
 * failed too (shut down: errors not captured; else cut short). A row or
 * summary that does not read as filebench prints it is an input error
 * at its line.
 *
 * Model: test "filebench", title "filebench", app version from the
 * banner, one system per file: the run set (name NULL).
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/numbers.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FB_MAX_OPS 64

struct fb_op {
	char name[40];
	double v[5];   /* ops/s, MiB/s, ms/op, min ms, max ms */
};

struct fb_state {
	struct fsr_tf tf;     /* found: runs */
	char version[24];
	char personality[96];
	int running, run_line, in_breakdown;
	int shut, aborted, in_message;
	char fail[200];
	int fail_line;
	struct fb_op ops[FB_MAX_OPS];
	size_t n_ops, dropped;
};

static void fb_init(void *state)
{
	struct fb_state *st = state;

	st->tf.version = st->version;
}

static void fb_run_reset(struct fb_state *st)
{
	st->running = st->run_line = st->in_breakdown = 0;
	st->shut = st->aborted = st->in_message = 0;
	st->fail[0] = '\0';
	st->n_ops = st->dropped = 0;
}

/* The arguments of every result: the personality, if named. */
static const char *fb_args(const struct fb_state *st)
{
	return st->personality[0] ? st->personality : "personality: ?";
}

static void fb_failed(struct fb_state *st, int line, const char *otherwise)
{
	char reason[260];

	fsr_tf_reason(&st->tf, reason, sizeof(reason), st->fail, otherwise);
	if (st->run_line)
		fsr_import_warn(st->tf.ctx, st->fail[0] ? st->fail_line : line,
				"%s; this run (from line %d) is a failed run",
				reason, st->run_line);
	else
		fsr_import_warn(st->tf.ctx, st->fail[0] ? st->fail_line : line,
				"%s; a failed run (before 'Running...')",
				reason);
	fsr_cell_add_failed(fsr_tf_cell(&st->tf, fb_args(st), "ops/s",
					"ops/s", FSR_BETTER_HIGHER), reason);
	st->tf.found++;
	fb_run_reset(st);
}

/* A number token with its unit suffix ("2094ops/s", "[0.001ms"). */
static int fb_number(struct fb_state *st, int line, const char *what,
		     const char *tok, size_t tl, const char *unit,
		     double *v)
{
	size_t ul = strlen(unit);

	if (tl && tok[0] == '[')
		tok++, tl--;
	if (tl < ul || memcmp(tok + tl - ul, unit, ul))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "filebench %s '%.*s' does not end in '%s'",
				    what, (int)(tl > 40 ? 40 : tl), tok, unit);
	return fsr_tf_number(&st->tf, line, what, tok, tl - ul, v);
}

/* "statfile1  125683ops  2094ops/s  0.0mb/s  0.173ms/op [0.001ms -
 * 134.946ms]" (a latency histogram may follow) */
static int fb_op_row(struct fb_state *st, int line, const char *s,
		     size_t len)
{
	static const char *const unit[] = { "ops/s", "mb/s", "ms/op", "ms",
					    "ms]" };
	static const int at[] = { 2, 3, 4, 5, 7 };
	const char *tok[9];
	size_t tl[9], n, k;
	struct fb_op op;
	double count;
	int rc;

	n = fsr_tf_tokens(s, len, tok, tl, 8);
	if (n < 8 || tl[6] != 1 || tok[6][0] != '-')
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "filebench flowop row: expected 'NAME Nops "
				    "Nops/s Nmb/s Nms/op [Nms - Nms]'");
	rc = fb_number(st, line, "op count", tok[1], tl[1], "ops", &count);
	for (k = 0; k < 5 && !rc; k++)
		rc = fb_number(st, line, unit[k], tok[at[k]], tl[at[k]],
			       unit[k], &op.v[k]);
	if (rc)
		return rc;
	if (st->n_ops == FB_MAX_OPS) {
		st->dropped++;
		return 0;
	}
	fsr_tf_copy(op.name, sizeof(op.name), tok[0], tl[0]);
	st->ops[st->n_ops++] = op;
	return 0;
}

static void fb_add(struct fb_state *st, const char *desc, const char *unit,
		   enum fsr_better better, double v)
{
	fsr_cell_add_sample(fsr_tf_cell(&st->tf, fb_args(st), desc, unit,
					better), v);
}

/* The rows of the breakdown, as results of the run. */
static void fb_add_ops(struct fb_state *st)
{
	static const char *const suffix[] = { "ops/s", "MiB/s", "ms/op",
					      "min latency", "max latency" };
	static const char *const units[] = { "ops/s", "MiB/s", "ms", "ms",
					     "ms" };
	char desc[80];
	size_t i, k;

	for (i = 0; i < st->n_ops; i++)
		for (k = 0; k < 5; k++) {
			snprintf(desc, sizeof(desc), "%s %s", st->ops[i].name,
				 suffix[k]);
			fb_add(st, desc, units[k], k < 2 ? FSR_BETTER_HIGHER :
			       FSR_BETTER_LOWER, st->ops[i].v[k]);
		}
	if (st->dropped)
		fsr_import_warn(st->tf.ctx, st->run_line, "filebench run with "
				"more than %d flowops; %zu left out",
				FB_MAX_OPS, st->dropped);
}

/* "IO Summary: 1382519 ops 23040.158 ops/s 2094/4189 rd/wr 543.8mb/s
 * 2.083ms/op" */
static int fb_summary(struct fb_state *st, int line, const char *s,
		      size_t len)
{
	const char *tok[11], *slash = NULL;
	size_t tl[11], n;
	double v[5], count;
	int rc;

	n = fsr_tf_tokens(s, len, tok, tl, 10);
	if (n == 10)
		slash = memchr(tok[6], '/', tl[6]);
	if (!slash || tl[3] != 3 || memcmp(tok[3], "ops", 3) ||
	    tl[5] != 5 || memcmp(tok[5], "ops/s", 5) || tl[7] != 5 ||
	    memcmp(tok[7], "rd/wr", 5))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "filebench IO Summary: expected 'N ops N "
				    "ops/s R/W rd/wr Nmb/s Nms/op'");
	rc = fsr_tf_number(&st->tf, line, "op count", tok[2], tl[2], &count);
	if (!rc)
		rc = fsr_tf_number(&st->tf, line, "ops/s", tok[4], tl[4],
				   &v[0]);
	if (!rc)
		rc = fsr_tf_number(&st->tf, line, "reads/s", tok[6],
				   (size_t)(slash - tok[6]), &v[1]);
	if (!rc)
		rc = fsr_tf_number(&st->tf, line, "writes/s", slash + 1,
				   tl[6] - (size_t)(slash + 1 - tok[6]), &v[2]);
	if (!rc)
		rc = fb_number(st, line, "mb/s", tok[8], tl[8], "mb/s", &v[3]);
	if (!rc)
		rc = fb_number(st, line, "ms/op", tok[9], tl[9], "ms/op",
			       &v[4]);
	if (rc)
		return rc;
	if (st->fail[0])
		fsr_import_warn(st->tf.ctx, st->fail_line, "filebench reported "
				"an error (%s) in a run that finished; its "
				"numbers are kept", st->fail);
	fb_add(st, "ops/s", "ops/s", FSR_BETTER_HIGHER, v[0]);
	fb_add(st, "read ops/s", "ops/s", FSR_BETTER_HIGHER, v[1]);
	fb_add(st, "write ops/s", "ops/s", FSR_BETTER_HIGHER, v[2]);
	fb_add(st, "MiB/s", "MiB/s", FSR_BETTER_HIGHER, v[3]);
	fb_add(st, "ms/op", "ms", FSR_BETTER_LOWER, v[4]);
	fb_add_ops(st);
	st->tf.found++;
	fb_run_reset(st);
	return 0;
}

/* Drop filebench_log()'s "12.345: " (seconds since the start): 1 when
 * there was one (the line starts a message), else 0. */
static int fb_strip_time(const char **s, size_t *len)
{
	size_t i = 0;

	while (i < *len && (isdigit((unsigned char)(*s)[i]) ||
			    (*s)[i] == '.'))
		i++;
	if (i && i + 1 < *len && (*s)[i] == ':' && (*s)[i + 1] == ' ') {
		*s += i + 2;
		*len -= i + 2;
		return 1;
	}
	return 0;
}

/* filebench_log()'s warnings and errors (LOG_ERROR and the like: on
 * stderr, in a capture made with 2>&1): "Failed to write 65536 bytes on
 * fd 6: No space left on device", "writerthread-1: flowop appendlog-1
 * failed", "WARNING! Run stopped early:", "NO VALID RESULTS! ...". */
static int fb_is_error(const char *s, size_t len)
{
	return fsr_tf_prefix(s, len, "WARNING") ||
	       fsr_tf_prefix(s, len, "NO VALID RESULTS!") ||
	       fsr_tf_contains(s, len, "rror") ||
	       fsr_tf_contains(s, len, "ailed");
}

/* The first error of the run (and the lines of its message), the reason
 * of the run if it fails. */
static void fb_note(struct fb_state *st, int line, const char *s, size_t len,
		    int more)
{
	size_t have = strlen(st->fail), k;

	if (!more) {
		if (st->fail[0])
			return;
		st->fail_line = line;
		st->in_message = 1;
	} else if (have + 1 < sizeof(st->fail)) {
		st->fail[have++] = ' ';
	}
	k = sizeof(st->fail) - 1 - have;
	if (len < k)
		k = len;
	memcpy(st->fail + have, s, k);
	st->fail[have + k] = '\0';
}

/* Why a run with no IO Summary failed, when filebench said no error. */
static const char *fb_why(const struct fb_state *st)
{
	if (st->aborted)
		return "the run was interrupted (filebench printed "
		       "'Aborting...'; no IO Summary)";
	if (st->shut)
		return "filebench shut down without an IO Summary, as it "
		       "does after a run that ended in error (its messages "
		       "go to stderr: capture with 2>&1)";
	return "the run stopped before its IO Summary line (interrupted or "
	       "cut short)";
}

static int fb_line(void *state, int line, const char *s, size_t len)
{
	struct fb_state *st = state;

	fsr_tf_trim(&s, &len);
	if (!fb_strip_time(&s, &len)) {
		/* no time: a line of the message before (a flowop row, the
		 * rest of a warning) or a plain printf */
		if (fsr_tf_prefix(s, len, "Filebench Version ")) {
			/* a new invocation (logs appended to one file) */
			if (st->running || st->fail[0])
				fb_failed(st, line - 1, fb_why(st));
			fb_run_reset(st);
			st->personality[0] = '\0';
			fsr_tf_copy(st->version, sizeof(st->version), s + 18,
				    len - 18);
			return 0;
		}
		if (st->in_breakdown && len)
			return fb_op_row(st, line, s, len);
		if (st->in_message && len)
			fb_note(st, line, s, len, 1);
		return 0;
	}
	/* a new message ends the breakdown and the message before */
	st->in_breakdown = st->in_message = 0;
	if (fsr_tf_suffix(s, len, " personality successfully loaded")) {
		snprintf(st->personality, sizeof(st->personality),
			 "personality: %.*s", (int)(len - 32 > 80 ? 80 :
						    len - 32), s);
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Running...")) {
		if (st->running)
			fb_failed(st, line, fb_why(st));
		st->running = 1;
		st->run_line = line;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Shutting down processes")) {
		st->shut = 1;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Aborting...")) {
		st->aborted = 1;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Per-Operation Breakdown")) {
		st->in_breakdown = 1;
		st->n_ops = st->dropped = 0;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "IO Summary:"))
		return fb_summary(st, line, s, len);
	if (fb_is_error(s, len)) {
		fb_note(st, line, s, len, 0);
		if (fsr_tf_prefix(s, len, "NO VALID RESULTS!"))
			fb_failed(st, line, "");
	}
	return 0;
}

static int fb_finish(void *state, int last_line)
{
	struct fb_state *st = state;

	/* a run that never printed its IO Summary, or an invocation that
	 * failed before its run began */
	if (st->running || st->fail[0])
		fb_failed(st, last_line, fb_why(st));
	return 0;
}

/* The banner, or an IO Summary line of the 1.5 form. */
static int fb_probe_line(struct fsr_tf_probe *p, const char *s, size_t len)
{
	(void)p;
	fsr_tf_trim(&s, &len);
	fb_strip_time(&s, &len);
	if (fsr_tf_prefix(s, len, "Filebench Version "))
		return 95;
	if (fsr_tf_prefix(s, len, "IO Summary: ") &&
	    fsr_tf_contains(s, len, " ops/s ") &&
	    fsr_tf_contains(s, len, " rd/wr "))
		return 90;
	return 0;
}

FSR_TF_PROBE(filebench, 400, fb_probe_line)

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct fb_state), .init = fb_init,
	.name = "filebench", .test = "filebench", .title = "filebench",
	.line = fb_line, .finish = fb_finish,
};

FSR_TF_IMPORTER(filebench, fmt)
