/*
 * bonnie.c - bonnie++ 2.00a's report (docs/formats.md "bonnie++"): its
 * stdout, which is the human table followed by one CSV line, the CSV
 * line alone ("-q", or a file of them fed to bon_csv2txt), or the human
 * table alone (cut out of a mail). Several runs per file are repetitions.
 *
 *	Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-
 *	                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
 *	Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP
 *	fsreport-test   32M  173k  29 +++++ +++ +++++ +++  163k  27 +++++ +++ +++++ +++
 *	Latency               206ms   16175us   16551us     134ms   12092us   98954us
 *	[the file-creation table, same shape]
 *	1.98,2.00a,fsreport-test,1,1796147006,32M,,8192,5,173,29,+++++,+++,...
 *
 * The CSV line is the run when there is one (the human table of the same
 * run is then not counted again: in 2.00a they even disagree on the
 * sequential create rate). Its fields are those of format 1.98 (50
 * fields; 1.97 and older have no seeks and seek_procs fields: 48):
 * throughput in KiB/s, file rates in files/s, latencies with their own
 * unit ("206ms", "16175us"), taken here in microseconds.
 *
 * "+++++" means "too fast to measure": a failed run of that cell with
 * that reason, never a number. An empty field is a test that was not
 * run (-f skips the per-char tests): nothing is recorded. A field that is
 * neither, or a CSV line of the wrong length, is an input error at its
 * line.
 *
 * A capture with 2>&1 also holds bonnie++'s stderr: "Using uid:0,
 * gid:0.", its progress ("Writing intelligently...done") and its errors
 * ("Can't write block.: No space left on device", "Can't change to
 * directory" and its usage). A file of those and no report is a failed
 * run of "sequential output block" (arguments "size: ?": the size is in
 * the report only) with the first error, or the step it stopped in
 * (interrupted), as the reason, and a warning.
 *
 * Model: test "bonnie++", title "bonnie++", app version from the line;
 * arguments "size: 32M" for the I/O results and "files: 1" (-n as
 * bonnie++ shows it, "1:4096:1024/3") for the file tests, plus a chunk
 * size and a -c concurrency other than 1, which also name the results
 * ("rewrite (concurrency: 2)"); one system per file. bon_csv2txt's
 * tables (right-aligned "Version     2.00a", "files:max:min") read like
 * the human table, "0k" under a "+++" %CP being its +++++.
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

#define BN_MAX_FIELDS 64

enum bn_kind { K_IO, K_FILES };

/* The results, in CSV order of their value fields. */
static const struct {
	const char *name, *unit;
	enum bn_kind kind;
} io_metrics[] = {
	{ "sequential output per char", "KiB/s", K_IO },
	{ "sequential output block", "KiB/s", K_IO },
	{ "rewrite", "KiB/s", K_IO },
	{ "sequential input per char", "KiB/s", K_IO },
	{ "sequential input block", "KiB/s", K_IO },
	{ "random seeks", "seeks/s", K_IO },
	{ "sequential create", "files/s", K_FILES },
	{ "sequential read", "files/s", K_FILES },
	{ "sequential delete", "files/s", K_FILES },
	{ "random create", "files/s", K_FILES },
	{ "random read", "files/s", K_FILES },
	{ "random delete", "files/s", K_FILES },
};
#define BN_N 12

struct bn_state {
	struct fsr_tf tf;     /* found: runs */
	int saw_csv;
	/* A human table being read (used only when no CSV line comes). */
	char version[16];
	int hdr_pos[6];       /* where each "/sec" of the header starts */
	int have_hdr, table;  /* table: 1 I/O, 2 files */
	int csv2txt;          /* the tables are bon_csv2txt's */
	/* The runs of the tables: values, %CP, latencies, arguments. */
	struct bn_table {
		char version[16], args_io[96], args_files[96], conc[16];
		char val[BN_N][16], cpu[BN_N][8], lat[BN_N][16];
		int line;
		int cut_line;     /* a row that ends before its last column */
		int cut_table;
		const char *cut_what;
	} *pending;
	size_t n_pending, cap_pending;
	size_t row;           /* the run the table's last row filled */
	size_t next_file;     /* the first run without its file row */
	/* bonnie++'s stderr, in a capture made with 2>&1: "Using uid:0,
	 * gid:0.", its progress ("Writing intelligently...done"), its
	 * errors ("Can't write block.: No space left on device") */
	int progress;
	char step[64];        /* the last step begun, "Writing intelligently" */
	char fail[200];
	int fail_line;
};

static struct fsr_cell *bn_cell(struct bn_state *st, const char *version,
				const char *args, const char *desc,
				const char *unit, enum fsr_better better)
{
	st->tf.version = version;
	return fsr_tf_cell(&st->tf, args, desc, unit, better);
}

static int is_plus(const char *s, size_t len)
{
	size_t i;

	if (!len)
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] != '+')
			return 0;
	return 1;
}

/*
 * A rate: digits, optionally with the human table's k/m/g (KiB, MiB,
 * GiB per second: 1024 steps; mul says whether a suffix is allowed).
 * Returns 0, or -1 when it is no rate.
 */
static int parse_rate(const char *s, size_t len, int suffix_ok, double *v)
{
	double mul = 1;

	if (len && suffix_ok && strchr("kmg", s[len - 1])) {
		mul = s[len - 1] == 'k' ? 1 : s[len - 1] == 'm' ? 1024 :
		      1048576;
		len--;
	} else if (suffix_ok) {
		mul = 1.0 / 1024; /* a plain number in the table is B/s */
	}
	if (fsr_parse_double(s, len, v) || !isfinite(*v) || *v < 0)
		return -1;
	*v *= mul;
	return 0;
}

/* "206ms", "16175us", "2s" -> microseconds; -1 when no latency. */
static int parse_latency(const char *s, size_t len, double *us)
{
	double mul;

	if (len > 2 && !memcmp(s + len - 2, "us", 2))
		mul = 1, len -= 2;
	else if (len > 2 && !memcmp(s + len - 2, "ms", 2))
		mul = 1e3, len -= 2;
	else if (len > 1 && s[len - 1] == 's')
		mul = 1e6, len -= 1;
	else
		return -1;
	if (fsr_parse_double(s, len, us) || !isfinite(*us) || *us < 0)
		return -1;
	*us *= mul;
	return 0;
}

static int bad_field(struct bn_state *st, int line, const char *what,
		     const char *s, size_t len)
{
	return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
			    "bonnie++ %s '%.*s' is not a number, '+++++' or "
			    "empty", what, (int)(len > 40 ? 40 : len), s);
}

/*
 * The name of metric m in a run of these arguments: the settings other
 * than the size and a plain file count (those all bonnie++ runs have),
 * in parentheses, so every output tells such runs apart:
 * "rewrite (concurrency: 2)", "sequential create (files: 1/4)".
 */
static void metric_name(char *out, size_t size, int m, const char *args)
{
	const char *extra = NULL, *c = strstr(args, ", ");

	if (io_metrics[m].kind == K_FILES &&
	    args[7 + strspn(args + 7, "0123456789")] != '\0' &&
	    args[7 + strspn(args + 7, "0123456789")] != ',')
		extra = args; /* "files: 1/4": -n's max, min or dirs */
	else if (c)
		extra = c + 2;
	if (extra)
		snprintf(out, size, "%s (%s)", io_metrics[m].name, extra);
	else
		snprintf(out, size, "%s", io_metrics[m].name);
}

/* "%CP" of a test: the CPU bonnie++ used, in percent (lower is better;
 * "+++" when the test was too fast to measure, empty when not run). */
static int add_cpu(struct bn_state *st, int line, const char *version,
		   const char *args, int m, const char *cpu, size_t cl)
{
	struct fsr_cell *c;
	char desc[240], name[200];
	double v;

	if (!cl)
		return 0;
	metric_name(name, sizeof(name), m, args);
	snprintf(desc, sizeof(desc), "%s CPU", name);
	c = bn_cell(st, version, args, desc, "%", FSR_BETTER_LOWER);
	if (cl == 3 && !memcmp(cpu, "+++", 3))
		fsr_cell_add_failed(c, "+++: too fast to measure");
	else if (fsr_parse_double(cpu, cl, &v) || !isfinite(v) || v < 0)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "bonnie++ %s '%.*s' is not a number, '+++' "
				    "or empty", desc, (int)(cl > 40 ? 40 : cl),
				    cpu);
	else
		fsr_cell_add_sample(c, v);
	return 0;
}

/* One value (rate), its %CP and its latency of a run, as text. */
static int add_pair(struct bn_state *st, int line, const char *version,
		    const char *args_io, const char *args_files, int m,
		    const char *val, size_t vl, const char *cpu, size_t cl,
		    const char *lat, size_t ll, int human)
{
	const char *args = io_metrics[m].kind == K_IO ? args_io : args_files;
	char desc[240], name[200];
	double v;
	int rc;

	metric_name(name, sizeof(name), m, args);
	if (vl) {
		struct fsr_cell *c = bn_cell(st, version, args, name,
					     io_metrics[m].unit,
					     FSR_BETTER_HIGHER);

		/* bon_csv2txt prints +++++ as "0k" (perl's "+++++" < 10000
		 * is 0), its %CP stays "+++": not measured either */
		if (is_plus(val, vl) || (human && cl == 3 && is_plus(cpu, cl)))
			fsr_cell_add_failed(c, "+++++: too fast to measure");
		else if (parse_rate(val, vl, human && io_metrics[m].kind ==
				    K_IO && m != 5, &v))
			return bad_field(st, line, io_metrics[m].name, val,
					 vl);
		else
			fsr_cell_add_sample(c, v);
	}
	rc = add_cpu(st, line, version, args, m, cpu, cl);
	if (rc)
		return rc;
	if (ll) {
		struct fsr_cell *c;

		snprintf(desc, sizeof(desc), "%s latency", name);
		c = bn_cell(st, version, args, desc, "us", FSR_BETTER_LOWER);
		if (is_plus(lat, ll))
			fsr_cell_add_failed(c, "+++++: too fast to measure");
		else if (parse_latency(lat, ll, &v))
			return bad_field(st, line, desc, lat, ll);
		else
			fsr_cell_add_sample(c, v);
	}
	return 0;
}

/* Split a CSV line on ','; returns the field count (max + 1: more). */
static size_t csv_fields(const char *s, size_t len, const char **f,
			 size_t *fl, size_t max)
{
	size_t n = 0, i = 0, start = 0;

	for (i = 0; i <= len; i++) {
		if (i < len && s[i] != ',')
			continue;
		if (n == max)
			return max + 1;
		f[n] = s + start;
		fl[n++] = i - start;
		start = i + 1;
	}
	return n;
}

static void copy_field(char *dst, size_t size, const char *s, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

/* The arguments of the I/O results: "size: 32M", and the chunk size and
 * -c concurrency when the run set them ("size: 32M, concurrency: 2"), so
 * that runs of other settings are other results. */
static void io_args(char *out, size_t size, const char *sz,
		    const char *chunk, const char *conc)
{
	snprintf(out, size, "size: %s%s%s%s%s", sz, *chunk ? ", chunk: " : "",
		 chunk, *conc && strcmp(conc, "1") ? ", concurrency: " : "",
		 *conc && strcmp(conc, "1") ? conc : "");
}

/* Of the file tests: "files: 1/4" (-n 1:0:0:4), with the concurrency. */
static void files_args(char *out, size_t size, const char *nf,
		       const char *conc)
{
	snprintf(out, size, "files: %s%s%s", nf,
		 *conc && strcmp(conc, "1") ? ", concurrency: " : "",
		 *conc && strcmp(conc, "1") ? conc : "");
}

/*
 * "1.98,2.00a,name,concurrency,seed,size,chunk,seeks,seek_procs,putc,
 * putc_cpu,...,num_files,max_size,min_size,num_dirs,file_chunk,
 * seq_create,cpu,...,ran_del,cpu,12 latencies" (1.98: 50 fields);
 * "1.97,..." has no seeks and seek_procs (48).
 */
static int csv_line(struct bn_state *st, int line, const char *s, size_t len)
{
	const char *f[BN_MAX_FIELDS + 1];
	size_t fl[BN_MAX_FIELDS + 1], n, io, files, lat;
	char version[16], size[32], chunk[16], conc[16], args_io[96],
	     args_files[96], nf[64];
	int m, rc, want, extra;

	n = csv_fields(s, len, f, fl, BN_MAX_FIELDS);
	extra = !(fl[0] == 4 && !memcmp(f[0], "1.97", 4)) &&
		!(fl[0] == 4 && !memcmp(f[0], "1.96", 4));
	want = extra ? 50 : 48;
	if ((int)n != want)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "bonnie++ CSV line of %zu fields, format "
				    "%.*s has %d (a line cut short?)",
				    n > BN_MAX_FIELDS ? (size_t)BN_MAX_FIELDS +
				    1 : n, (int)(fl[0] > 8 ? 8 : fl[0]), f[0],
				    want);
	copy_field(version, sizeof(version), f[1], fl[1]);
	copy_field(size, sizeof(size), f[5], fl[5]);
	copy_field(chunk, sizeof(chunk), f[6], fl[6]);
	copy_field(conc, sizeof(conc), f[3], fl[3]);
	io = extra ? 9 : 7;        /* putc */
	files = io + 12;           /* num_files */
	lat = files + 5 + 12;      /* the first latency */
	io_args(args_io, sizeof(args_io), size, chunk, conc);
	/* bonnie++'s own notation, as its table shows it: files[:max[:min]]
	 * [/dirs]. 2.00a writes num_dirs into the last of the five fields
	 * (-n 1:0:0:4 gives "1,,,,4"), the one before it is empty. */
	copy_field(nf, sizeof(nf), f[files], fl[files]);
	for (m = 1; m < 3; m++)    /* max_size, min_size */
		if (fl[files + m])
			snprintf(nf + strlen(nf), sizeof(nf) - strlen(nf),
				 "%s%.*s", m == 2 && !fl[files + 1] ? ":0:" :
				 ":", (int)(fl[files + m] > 12 ? 12 :
					    fl[files + m]), f[files + m]);
	m = fl[files + 4] ? 4 : 3;
	if (fl[files + m])
		snprintf(nf + strlen(nf), sizeof(nf) - strlen(nf), "/%.*s",
			 (int)(fl[files + m] > 12 ? 12 : fl[files + m]),
			 f[files + m]);
	files_args(args_files, sizeof(args_files), nf, conc);
	for (m = 0; m < BN_N; m++) {
		size_t vi = m < 6 ? io + 2 * m : files + 5 + 2 * (m - 6);

		rc = add_pair(st, line, version, args_io, args_files, m,
			      f[vi], fl[vi], f[vi + 1], fl[vi + 1], f[lat + m],
			      fl[lat + m], 0);
		if (rc)
			return rc;
	}
	st->saw_csv = 1;
	st->tf.found++;
	return 0;
}

/* The text of row at columns [a, b), trimmed (blank: empty). */
static void column(const char *row, size_t len, int a, int b, char *out,
		   size_t size)
{
	size_t s = a < 0 ? 0 : (size_t)a, e = (size_t)b;

	if (e > len)
		e = len;
	if (s >= e) {
		out[0] = '\0';
		return;
	}
	while (s < e && fsr_tf_blank(row[s]))
		s++;
	while (e > s && fsr_tf_blank(row[e - 1]))
		e--;
	copy_field(out, size, row + s, e - s);
}

/* The row a value or latency line of the current table fills: the I/O
 * table starts a run; a file table row completes the oldest run without
 * one (bon_csv2txt prints every I/O row, then every file row), or, in
 * bonnie++'s own stdout (one run's tables after another), the last run. */
static struct bn_table *table_row(struct bn_state *st, int line, int start)
{
	struct bn_table *t;

	if (!start && st->row < st->n_pending)
		return &st->pending[st->row];
	if (st->table == 2 && st->n_pending > st->next_file &&
	    (st->csv2txt || st->next_file + 1 == st->n_pending)) {
		st->row = st->next_file++;
		return &st->pending[st->row];
	}
	FSR_GROW(st->pending, st->cap_pending, st->n_pending + 1);
	t = &st->pending[st->n_pending];
	memset(t, 0, sizeof(*t));
	t->line = line;
	memcpy(t->version, st->version, sizeof(t->version));
	st->row = st->n_pending++;
	if (st->table == 2)
		st->next_file = st->n_pending;
	return t;
}

/* The "Name:Size etc" cell: "name 32M", "name 32M::2" (size:chunk:
 * concurrency, bonnie++'s stdout) or "name 32M::8192:5" (size:chunk:
 * seeks:seek_procs, bon_csv2txt, which drops the concurrency). */
static void size_cell(struct bn_state *st, const char *cell,
		      struct bn_table *t)
{
	const char *w = strrchr(cell, ' ');
	char part[4][32];
	size_t k = 0, n;

	w = w ? w + 1 : cell;
	memset(part, 0, sizeof(part));
	while (k < 4) {
		n = strcspn(w, ":");
		copy_field(part[k++], sizeof(part[0]), w, n);
		if (!w[n])
			break;
		w += n + 1;
	}
	if (!st->csv2txt)
		memcpy(t->conc, part[2], sizeof(t->conc));
	io_args(t->args_io, sizeof(t->args_io), part[0], part[1], t->conc);
}

/* The "files" cell: "1", "1/4", "1:4096:1024/3" (bonnie++'s stdout,
 * -n's files:max:min/dirs), as shown; the concurrency is the I/O row's
 * of the same run (the file table does not show it). */
static void files_cell(const char *cell, struct bn_table *t)
{
	const char *w = strrchr(cell, ' ');

	files_args(t->args_files, sizeof(t->args_files), w ? w + 1 : cell,
		   t->conc);
}

/* A table header: "Name:Size etc  /sec %CP ..." (1), a line starting
 * with "files" ("              files  /sec", "files:max:min  /sec",
 * bon_csv2txt's "      files:max:min  /sec") (2); 0: none. */
static int table_header(const char *s, size_t len)
{
	const char *t = s;
	size_t tl = len;

	if (!fsr_tf_contains(s, len, "/sec"))
		return 0;
	if (fsr_tf_prefix(s, len, "Name:Size etc"))
		return 1;
	fsr_tf_trim(&t, &tl);
	return fsr_tf_prefix(t, tl, "files") ? 2 : 0;
}

/* A row whose text stops before its last column (which bonnie++ always
 * fills: seeks and random deletes run whenever their table is printed)
 * was cut short or wrapped in a mail: said when the tables are read. */
static void note_cut(struct bn_state *st, struct bn_table *t, int line,
		     const char *s, size_t len, const char *last,
		     const char *what)
{
	while (len && fsr_tf_blank(s[len - 1]))
		len--;
	if (last[0] || len >= (size_t)st->hdr_pos[5] || t->cut_line)
		return;
	t->cut_line = line;
	t->cut_what = what;
	t->cut_table = st->table;
}

/* The human table: header positions, the value rows, the latency rows. */
static void human_line(struct bn_state *st, int line, const char *s,
		       size_t len)
{
	int base = st->table == 2 ? 6 : 0, k, h;
	struct bn_table *t;
	char cell[64];

	if (fsr_tf_prefix(s, len, "Version ")) {
		const char *v = s + 8;
		size_t vl = 0;

		/* bon_csv2txt right-aligns the version ("Version %9s") */
		st->csv2txt = fsr_tf_blank(*v);
		while (v < s + len && fsr_tf_blank(*v))
			v++;
		while (v + vl < s + len && vl < sizeof(st->version) - 1 &&
		       !fsr_tf_blank(v[vl]))
			vl++;
		copy_field(st->version, sizeof(st->version), v, vl);
		st->have_hdr = 0;
		return;
	}
	h = table_header(s, len);
	if (h) {
		size_t i;

		st->table = h;
		if (h == 2 && fsr_tf_contains(s, len, "files:max:min") &&
		    fsr_tf_blank(s[0]))
			st->csv2txt = 1;
		for (i = 0, k = 0; i + 4 <= len && k < 6; i++)
			if (!memcmp(s + i, "/sec", 4))
				st->hdr_pos[k++] = (int)i;
		st->have_hdr = k == 6;
		st->row = (size_t)-1;
		return;
	}
	if (!st->have_hdr)
		return;
	if (fsr_tf_prefix(s, len, "Latency ")) {
		t = table_row(st, line, 0);
		for (k = 0; k < 6; k++)
			column(s, len, st->hdr_pos[k] - 4, st->hdr_pos[k] + 6,
			       t->lat[base + k], sizeof(t->lat[0]));
		note_cut(st, t, line, s, len, t->lat[base + 5], "latency");
		return;
	}
	/* a value row: its name and size (or files), six rates and %CP */
	column(s, len, 0, st->hdr_pos[0] - 1, cell, sizeof(cell));
	if (!cell[0] || fsr_tf_contains(s, len, "--"))
		return; /* the next table's header, a blank line */
	t = table_row(st, line, 1);
	if (st->table == 1)
		size_cell(st, cell, t);
	else
		files_cell(cell, t);
	for (k = 0; k < 6; k++) {
		column(s, len, st->hdr_pos[k] - 1, st->hdr_pos[k] + 4,
		       t->val[base + k], sizeof(t->val[0]));
		column(s, len, st->hdr_pos[k] + 4, st->hdr_pos[k] + 8,
		       t->cpu[base + k], sizeof(t->cpu[0]));
	}
	note_cut(st, t, line, s, len, t->val[base + 5], "value");
}

/* No CSV line in the file: the human tables are the runs. */
static int human_runs(struct bn_state *st)
{
	size_t i;
	int m, rc;

	for (i = 0; i < st->n_pending; i++) {
		const struct bn_table *t = &st->pending[i];

		if (t->cut_line)
			fsr_import_warn(st->tf.ctx, t->cut_line,
					"this bonnie++ %s row ends before its "
					"'%s' column (cut short or wrapped?): "
					"the results it lacks are not recorded",
					t->cut_what,
					io_metrics[t->cut_table == 2 ? 11 : 5]
						.name);
		for (m = 0; m < BN_N; m++) {
			rc = add_pair(st, t->line, t->version, t->args_io,
				      t->args_files, m, t->val[m],
				      strlen(t->val[m]), t->cpu[m],
				      strlen(t->cpu[m]), t->lat[m],
				      strlen(t->lat[m]), 1);
			if (rc)
				return rc;
		}
		st->tf.found++;
	}
	return 0;
}

static int is_csv_line(const char *s, size_t len)
{
	return len > 10 && isdigit((unsigned char)s[0]) && s[1] == '.' &&
	       isdigit((unsigned char)s[2]) && isdigit((unsigned char)s[3]) &&
	       s[4] == ',' && memchr(s + 5, ',', len - 5);
}

/* "Using uid:0, gid:0.": the first line bonnie++ writes on stderr when
 * root runs it with -u. */
static int is_uid_line(const char *s, size_t len)
{
	return fsr_tf_prefix(s, len, "Using uid:") && len > 17 &&
	       isdigit((unsigned char)s[10]) &&
	       fsr_tf_contains(s, len, ", gid:");
}

/* Its usage, printed after a refused option or folder ("Can't change
 * to directory ..."). */
#define BN_USAGE "bonnie++ [-d scratch-dir]"

/* bonnie++'s stderr: progress steps and errors. 1 when it was one. */
static int stderr_line(struct bn_state *st, int line, const char *s,
		       size_t len)
{
	const char *dots, *err = NULL;
	size_t i;

	if (is_uid_line(s, len) || fsr_tf_prefix(s, len, BN_USAGE)) {
		st->progress = 1;
		return 1;
	}
	for (i = 0; i + 6 <= len && !err; i++)
		if (!memcmp(s + i, "Can't ", 6))
			err = s + i;
	if (!err && fsr_tf_prefix(s, len, "You must use the \"-u\" switch"))
		err = s;
	if (err && !st->fail[0]) {
		fsr_tf_copy(st->fail, sizeof(st->fail), err,
			    len - (size_t)(err - s));
		st->fail_line = line;
	}
	if (st->progress && (dots = memchr(s, '.', len)) &&
	    (size_t)(s + len - dots) >= 3 && !memcmp(dots, "...", 3)) {
		/* "Writing intelligently...done": the last step begun is
		 * the last one before a "..." on the line */
		const char *p = s, *q;

		for (q = s; q + 3 <= s + len; q++)
			if (!memcmp(q, "...", 3)) {
				if (q > p && memcmp(p, "done", 4))
					fsr_tf_copy(st->step, sizeof(st->step),
						    p, (size_t)(q - p));
				q += 2;
				p = q + 1;
			}
		return 1;
	}
	return err != NULL;
}

static int bn_line(void *state, int line, const char *s, size_t len)
{
	struct bn_state *st = state;

	while (len && fsr_tf_blank(s[len - 1]))
		len--;
	if (is_csv_line(s, len))
		return csv_line(st, line, s, len);
	if (stderr_line(st, line, s, len))
		return 0;
	human_line(st, line, s, len);
	return 0;
}

/* The start of a CSV line of format 1.9x: "1.9x," then bonnie++'s own
 * version ("2.00a", "1.97") and the machine's name, which is no number
 * ("1.98,2.00a,host,1,..."). Not a CSV of numbers that happens to start
 * with 1.9x ("1.95,2.31,3.02"). A line cut after the name still is one
 * (its import says it is cut short). */
static int bn_csv_start(const char *s, size_t len)
{
	const char *p = s + 5, *e = s + len, *q, *name;
	double v;

	if (!is_csv_line(s, len) || s[0] != '1' || s[2] != '9')
		return 0;
	if (e - p < 5 || !isdigit((unsigned char)p[0]) || p[1] != '.' ||
	    !isdigit((unsigned char)p[2]) || !isdigit((unsigned char)p[3]))
		return 0;
	for (q = p + 4; q < e && isalpha((unsigned char)*q); q++)
		;
	if (q == e || *q != ',')
		return 0;
	name = q + 1;
	q = memchr(name, ',', (size_t)(e - name));
	return q && q > name &&
	       fsr_parse_double(name, (size_t)(q - name), &v) != 0;
}

/* The table's first line, or a CSV line of format 1.9x. */
static int bn_probe_line(struct fsr_tf_probe *p, const char *s,
			 size_t len)
{
	(void)p;
	if (fsr_tf_prefix(s, len, "Version ") && len >= 49 &&
	    (!memcmp(s + 20, "------Sequential Output------", 29) ||
	     !memcmp(s + 20, "------Sequential Create------", 29)))
		return 95;
	if (bn_csv_start(s, len))
		return 90;
	/* a capture with 2>&1 of a run that printed no report */
	if (is_uid_line(s, len) || fsr_tf_prefix(s, len, BN_USAGE))
		return 85;
	return 0;
}

FSR_TF_PROBE(bonnie, 100, bn_probe_line)

/* Human tables count only when no CSV line came. */
static int bn_finish(void *state, int last_line)
{
	struct bn_state *st = state;
	char reason[260];
	int rc = st->saw_csv ? 0 : human_runs(st);

	if (rc)
		return rc;
	if (st->tf.found) {
		if (st->fail[0])
			fsr_import_warn(st->tf.ctx, st->fail_line, "bonnie++ "
					"reported an error (%s) in a run that "
					"gave its report; its numbers are kept",
					st->fail);
		return 0;
	}
	if (!st->progress && !st->fail[0])
		return 0;
	/* bonnie++ stopped before its report: an error, or interrupted */
	if (st->step[0])
		snprintf(reason, sizeof(reason), "the run stopped in '%s...' "
			 "before its report (interrupted or cut short)",
			 st->step);
	else
		snprintf(reason, sizeof(reason), "the run stopped before its "
			 "report (interrupted or cut short)");
	if (st->fail[0])
		fsr_tf_reason(&st->tf, reason, sizeof(reason), st->fail, "");
	fsr_import_warn(st->tf.ctx, st->fail[0] ? st->fail_line : last_line,
			"%s; a failed run", reason);
	fsr_cell_add_failed(bn_cell(st, st->version, "size: ?",
				    "sequential output block", "KiB/s",
				    FSR_BETTER_HIGHER), reason);
	st->tf.found++;
	return 0;
}

static void bn_release(void *state)
{
	struct bn_state *st = state;

	free(st->pending);
}

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct bn_state),
	.name = "bonnie++", .test = "bonnie++", .title = "bonnie++",
	.line = bn_line, .finish = bn_finish, .release = bn_release,
};

FSR_TF_IMPORTER(bonnie, fmt)
