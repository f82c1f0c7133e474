/*
 * dbench.c - dbench 4.00's stdout (docs/formats.md "dbench"), one run or
 * several appended to one log, stderr merged or not:
 *
 *	dbench version 4.00 - Copyright Andrew Tridgell 1999-2004
 *	Running for 5 seconds with load '...client.txt' and minimum warmup 1 secs
 *	1 of 1 processes prepared for launch   0 sec
 *	   1    132473   360.04 MB/sec  execute   1 sec  latency 4.231 ms
 *	   1  cleanup   5 sec
 *	 Operation      Count    AvgLat    MaxLat
 *	 ----------------------------------------
 *	 NTCreateX      57459     0.021     1.082
 *	Throughput 353.826 MB/sec (sync open)  1 clients  1 procs  max_latency=5.797 ms
 *
 * A run ends at its "Throughput" line (%g: "740 MB/sec", exponents): the
 * throughput (MB/s, 10^6 bytes, higher is better) and max latency (ms,
 * lower) are one sample each, and so is every row of the operation table
 * (count, average and max latency in ms). "--per-client-results" tables
 * ("Client N did ...") are results of their own: arguments "clients: 4,
 * client 2", description "client 2 of 4: NTCreateX count". The
 * per-second progress lines are progress, not results.
 *
 * The client count is part of each result's arguments ("clients: 2": a
 * different workload) and of its description ("2 clients: throughput"),
 * so that every output, not only JSON's arguments, tells runs of
 * different client counts apart. "(sync open)" (-s) and "(sync dirs)"
 * (-S) are the configuration being compared, so they go into the
 * system's metadata, and the results of -s and of the default pair up
 * in compare.
 *
 * A run that printed errors ("Child failed with status 1", "[3] open ...
 * failed") or that stopped before its Throughput line (interrupted, cut
 * short) is a failed run of its throughput with the reason, and a
 * warning; never numbers. "failed to create barrier semaphore" is passed
 * on as a warning (dbench goes on). A number that is not finite or is
 * negative where it cannot be is an input error at its line.
 *
 * Model: test "dbench", title "dbench", app version from the banner, one
 * system per file: the run set (name NULL).
 */
#include "importer.h"
#include "importer-internal.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One operation-table row. */
struct db_op {
	char name[32];
	double count, avg, max;
	int line;
};

/* One table: the overall one (client -1) or a client's. */
struct db_table {
	int client;
	struct db_op *ops;
	size_t n, cap;
};

struct db_state {
	struct fsr_tf tf;      /* found: Throughput lines and failed runs */
	char version[32];
	/* The run being read. */
	int in_run;            /* a banner, "Running for" or a table seen */
	int content;           /* progress, a table or an error seen */
	int run_line;
	long procs;            /* from "N of M processes prepared" */
	char fail[200];
	int fail_line;
	struct db_table *tables;
	size_t n_tables, cap_tables;
	int in_table;          /* reading rows into tables[n_tables - 1] */
	int pending_client;    /* "Client N did ..." before its table */
};

static void db_init(void *state)
{
	struct db_state *st = state;

	st->tf.version = st->version;
	st->pending_client = -1;
}

static void tables_clear(struct db_state *st)
{
	size_t i;

	for (i = 0; i < st->n_tables; i++)
		free(st->tables[i].ops);
	st->n_tables = 0;
	st->in_table = 0;
}

static void run_reset(struct db_state *st)
{
	tables_clear(st);
	st->in_run = 0;
	st->content = 0;
	st->procs = 0;
	st->fail[0] = '\0';
	st->pending_client = -1;
}

/* A non-negative finite number, or an input error at line. */
static int number(struct db_state *st, int line, const char *what,
		  const char *s, size_t len, double *v, int *dec)
{
	int rc = fsr_tf_number(&st->tf, line, what, s, len, v);

	if (!rc && dec)
		*dec = fsr_count_decimals(s, len);
	return rc;
}

/* A count that does not fit a long is a broken line, not a number. */
static int count_range(struct db_state *st, int line, const char *what,
		       double v)
{
	return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
			    "dbench %s %g is not a count", what, v);
}

static void db_add(struct db_state *st, const char *args, const char *desc,
		   const char *unit, enum fsr_better better, double v, int dec)
{
	fsr_tf_sample(fsr_tf_cell(&st->tf, args, desc, unit, better), v, dec);
}

static void args_of(char *buf, size_t size, long clients, int client)
{
	if (client >= 0)
		snprintf(buf, size, "clients: %ld, client %d", clients,
			 client);
	else
		snprintf(buf, size, "clients: %ld", clients);
}

/* What heads a result's description: "1 client: ", "4 clients: ",
 * "client 2 of 4: " (a --per-client-results table). No comma, so a CSV
 * field needs no quotes. */
static void who_of(char *buf, size_t size, long clients, int client)
{
	if (client >= 0)
		snprintf(buf, size, "client %d of %ld: ", client, clients);
	else
		snprintf(buf, size, "%ld client%s: ", clients,
			 clients == 1 ? "" : "s");
}

/* The tables of the run, as samples under clients. */
static void add_tables(struct db_state *st, long clients)
{
	size_t t, i;
	char args[64], desc[128], who[64];

	for (t = 0; t < st->n_tables; t++) {
		const struct db_table *tb = &st->tables[t];

		args_of(args, sizeof(args), clients, tb->client);
		/* the client count and a client's number name its results,
		 * so every output tells them apart ("client 1 of 2:
		 * NTCreateX count"), not only the arguments */
		who_of(who, sizeof(who), clients, tb->client);
		for (i = 0; i < tb->n; i++) {
			const struct db_op *op = &tb->ops[i];

			snprintf(desc, sizeof(desc), "%s%s count", who,
				 op->name);
			db_add(st, args, desc, "ops", FSR_BETTER_HIGHER,
			       op->count, 0);
			snprintf(desc, sizeof(desc), "%s%s avg latency", who,
				 op->name);
			db_add(st, args, desc, "ms", FSR_BETTER_LOWER, op->avg,
			       3);
			snprintf(desc, sizeof(desc), "%s%s max latency", who,
				 op->name);
			db_add(st, args, desc, "ms", FSR_BETTER_LOWER, op->max,
			       3);
		}
	}
}

/* The run ended without a Throughput line: a failed run, a warning. */
static void failed_run(struct db_state *st, int eof_line)
{
	char args[64], who[64], desc[96], reason[260];
	long clients = st->procs > 0 ? st->procs : 1;

	fsr_tf_reason(&st->tf, reason, sizeof(reason), st->fail, "the run "
		      "stopped before its Throughput line (interrupted or "
		      "cut short)");
	fsr_import_warn(st->tf.ctx, st->fail[0] ? st->fail_line : eof_line,
			"%s; this run (from line %d) is a failed run, its "
			"%zu table(s) left out", reason, st->run_line,
			st->n_tables);
	args_of(args, sizeof(args), clients, -1);
	who_of(who, sizeof(who), clients, -1);
	snprintf(desc, sizeof(desc), "%sthroughput", who);
	fsr_cell_add_failed(fsr_tf_cell(&st->tf, args, desc, "MB/s",
				    FSR_BETTER_HIGHER), reason);
	st->tf.found++;
	run_reset(st);
}

/*
 * "Throughput %g MB/sec%s%s  %d clients  %d procs  max_latency=%.03f ms"
 * (3.x: "Throughput 10.0026 MB/sec (sync open) (sync dirs) 5 procs").
 */
static int throughput_line(struct db_state *st, int line, const char *s,
			   size_t len)
{
	const char *tok[16];
	size_t tl[16], n, i;
	double tp, v, maxlat = -1;
	long clients = -1, procs = -1;
	int dec, mdec = 0, osync = 0, sdirs = 0, rc;
	char args[64], who[64], desc[96];

	n = fsr_tf_tokens(s, len, tok, tl, 15);
	if (n < 3 || n > 15 || tl[2] != 6 || memcmp(tok[2], "MB/sec", 6))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "dbench Throughput line without "
				    "'N MB/sec'");
	rc = number(st, line, "throughput", tok[1], tl[1], &tp, &dec);
	if (rc)
		return rc;
	for (i = 3; i < n; i++) {
		if (tl[i] == 5 && !memcmp(tok[i], "(sync", 5) && i + 1 < n) {
			if (tl[i + 1] == 5 && !memcmp(tok[i + 1], "open)", 5))
				osync = 1;
			else if (tl[i + 1] == 5 &&
				 !memcmp(tok[i + 1], "dirs)", 5))
				sdirs = 1;
			i++;
		} else if (i + 1 < n && tl[i + 1] == 7 &&
			   !memcmp(tok[i + 1], "clients", 7)) {
			rc = number(st, line, "client count", tok[i], tl[i],
				    &v, NULL);
			if (rc)
				return rc;
			if (!(v >= 0 && v <= 1e9))
				return count_range(st, line, "client count", v);
			clients = (long)v;
			i++;
		} else if (i + 1 < n && tl[i + 1] == 5 &&
			   !memcmp(tok[i + 1], "procs", 5)) {
			rc = number(st, line, "process count", tok[i], tl[i],
				    &v, NULL);
			if (rc)
				return rc;
			if (!(v >= 0 && v <= 1e9))
				return count_range(st, line, "process count", v);
			procs = (long)v;
			i++;
		} else if (tl[i] > 12 && !memcmp(tok[i], "max_latency=", 12)) {
			rc = number(st, line, "max latency", tok[i] + 12,
				    tl[i] - 12, &maxlat, &mdec);
			if (rc)
				return rc;
		}
	}
	if (clients < 0)
		clients = procs > 0 ? procs : st->procs > 0 ? st->procs : 1;
	if (st->fail[0]) /* errors, then a Throughput line all the same */
		fsr_import_warn(st->tf.ctx, st->fail_line, "dbench reported an "
				"error (%s) in a run that finished; its "
				"numbers are kept", st->fail);
	args_of(args, sizeof(args), clients, -1);
	who_of(who, sizeof(who), clients, -1);
	snprintf(desc, sizeof(desc), "%sthroughput", who);
	db_add(st, args, desc, "MB/s", FSR_BETTER_HIGHER, tp, dec);
	snprintf(desc, sizeof(desc), "%smax latency", who);
	if (maxlat >= 0)
		db_add(st, args, desc, "ms", FSR_BETTER_LOWER, maxlat, mdec);
	add_tables(st, clients);
	fsr_tf_meta(&st->tf, "O_SYNC (-s)", osync ? "yes" : "no");
	fsr_tf_meta(&st->tf, "sync dirs (-S)", sdirs ? "yes" : "no");
	st->tf.found++;
	run_reset(st);
	return 0;
}

/* " NTCreateX      57459     0.021     1.082" */
static int table_row(struct db_state *st, int line, const char *s,
		     size_t len)
{
	struct db_table *tb = &st->tables[st->n_tables - 1];
	const char *tok[5];
	size_t tl[5], n;
	struct db_op op;
	int rc;

	n = fsr_tf_tokens(s, len, tok, tl, 4);
	if (n != 4 || !isalpha((unsigned char)tok[0][0]) ||
	    tl[0] >= sizeof(op.name))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "dbench operation row: expected "
				    "'Name Count AvgLat MaxLat'");
	memset(&op, 0, sizeof(op));
	memcpy(op.name, tok[0], tl[0]);
	op.line = line;
	rc = number(st, line, "count", tok[1], tl[1], &op.count, NULL);
	if (!rc)
		rc = number(st, line, "average latency", tok[2], tl[2],
			    &op.avg, NULL);
	if (!rc)
		rc = number(st, line, "max latency", tok[3], tl[3], &op.max,
			    NULL);
	if (rc)
		return rc;
	FSR_GROW(tb->ops, tb->cap, tb->n + 1);
	tb->ops[tb->n++] = op;
	return 0;
}

static void start_run(struct db_state *st, int line);

static void error_line(struct db_state *st, int line, const char *s,
		       size_t len)
{
	if (st->fail[0])
		return;
	if (len >= sizeof(st->fail))
		len = sizeof(st->fail) - 1;
	if (!st->in_run)
		start_run(st, line);
	memcpy(st->fail, s, len);
	st->fail[len] = '\0';
	st->fail_line = line;
	st->content = 1;
}

static int looks_like_error(const char *s, size_t len)
{
	static const char *const words[] = { "ERROR", "failed", "Failed",
					     "error" };
	size_t i, k, w;

	for (k = 0; k < sizeof(words) / sizeof(*words); k++) {
		w = strlen(words[k]);
		for (i = 0; i + w <= len; i++)
			if (!memcmp(s + i, words[k], w))
				return 1;
	}
	return 0;
}

/* A new run starts (banner or "Running for"): close the one before,
 * unless nothing but its banner was seen. */
static void start_run(struct db_state *st, int line)
{
	if (st->in_run && !st->content)
		return;
	if (st->in_run)
		failed_run(st, line);
	st->in_run = 1;
	st->run_line = line;
}

static int db_line(void *state, int line, const char *s, size_t len)
{
	struct db_state *st = state;
	long a, b;

	fsr_tf_trim(&s, &len);
	if (!len) {
		st->in_table = 0;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "dbench version ")) {
		const char *v = s + 15;
		size_t vl = 0;

		start_run(st, line);
		while (vl < len - 15 && vl < sizeof(st->version) - 1 &&
		       !fsr_tf_blank(v[vl]))
			vl++;
		memcpy(st->version, v, vl);
		st->version[vl] = '\0';
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Running for ")) {
		start_run(st, line);
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Throughput "))
		return throughput_line(st, line, s, len);
	if (fsr_tf_prefix(s, len, "Operation ") && len > 30) {
		struct db_table *tb;

		if (!st->in_run)
			start_run(st, line);
		st->content = 1;
		FSR_GROW(st->tables, st->cap_tables, st->n_tables + 1);
		tb = &st->tables[st->n_tables++];
		memset(tb, 0, sizeof(*tb));
		tb->client = st->pending_client;
		st->pending_client = -1;
		st->in_table = 1;
		return 0;
	}
	if (st->in_table) {
		if (s[0] == '-')
			return 0;
		return table_row(st, line, s, len);
	}
	if (sscanf(s, "%ld of %ld processes prepared", &a, &b) == 2) {
		if (!st->in_run) /* no banner came */
			start_run(st, line);
		st->procs = b;
		st->content = 1;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "Client ") &&
	    sscanf(s, "Client %ld did", &a) == 1) {
		st->pending_client = a >= 0 && a < 1000000 ? (int)a : -1;
		return 0;
	}
	if (fsr_tf_prefix(s, len, "failed to create barrier semaphore")) {
		fsr_import_warn(st->tf.ctx, line, "dbench warned '%.*s' and "
				"went on; the run is kept", (int)len, s);
		return 0;
	}
	/* progress lines ("1 cleanup 5 sec", "... MB/sec execute ...") */
	if (isdigit((unsigned char)s[0]) && !looks_like_error(s, len))
		return 0;
	if (looks_like_error(s, len))
		error_line(st, line, s, len);
	return 0;
}

/* "dbench version " starts stdout; a log cut from a mail may begin at
 * the Throughput line or the operation table. */
static int db_probe_line(struct fsr_tf_probe *p, const char *s,
			 size_t len)
{
	fsr_tf_trim(&s, &len);
	if (fsr_tf_prefix(s, len, "dbench version "))
		return 95;
	if (fsr_tf_prefix(s, len, "Throughput ") && len < 200) {
		const char *tok[4];
		size_t tl[4];
		double v;

		/* dbench's own: its process count (3.x "5 procs", 4.x "1
		 * clients  1 procs") follows; not any "Throughput N MB/sec" */
		if (fsr_tf_tokens(s, len, tok, tl, 3) >= 3 && tl[2] == 6 &&
		    !memcmp(tok[2], "MB/sec", 6) &&
		    !fsr_parse_double(tok[1], tl[1], &v) &&
		    (fsr_tf_contains(s, len, " procs") ||
		     fsr_tf_contains(s, len, " clients")))
			return 90;
	}
	if (p->best < 70 && fsr_tf_prefix(s, len, "Operation ") &&
	    len > 30 && fsr_tf_contains(s, len, "AvgLat") &&
	    fsr_tf_contains(s, len, "MaxLat"))
		p->best = 70;
	return 0;
}

FSR_TF_PROBE(dbench, 4000, db_probe_line)

/* The end of the file ends the run being read. */
static int db_finish(void *state, int last_line)
{
	struct db_state *st = state;

	if (st->in_run && st->content)
		failed_run(st, last_line);
	return 0;
}

static void db_release(void *state)
{
	struct db_state *st = state;

	tables_clear(st);
	free(st->tables);
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct db_state), .init = db_init,
	.name = "dbench", .test = "dbench", .title = "dbench",
	.line = db_line, .finish = db_finish, .release = db_release,
};

FSR_TF_IMPORTER(dbench, fmt)
