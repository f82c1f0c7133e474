/*
 * ioping.c - ioping's raw statistics (docs/formats.md, "ioping 1.3"):
 * what "ioping -B" (batch mode) prints at the end of a run, one line of
 * ten whole numbers (ioping 1.x, its man page's RAW STATISTICS):
 *
 *	19 23639866 804 3292066 53252 1244203 4054615 1579264 20 24170175
 *	(1) (2)     (3) (4)     (5)   (6)     (7)     (8)     (9) (10)
 *
 * (1) requests counted, (2) their time (ns), (3) requests per second,
 * (4) bytes per second, (5) (6) (7) the shortest, average and longest
 * request (ns), (8) its standard deviation (ns), (9) every request
 * (warm-up too), (10) the whole run (ns). Runs appended to one file
 * ("for i in 1 2 3; do ioping -B ... >>f; done") are a line each, and
 * each line is one sample of two results: requests/s (higher is better)
 * and the average request time in microseconds (lower). "-p N" prints
 * such a line every N requests: each is a sample alike.
 *
 * A line of another count of fields, a field that is not a whole number
 * or numbers that cannot be ioping's (more counted requests than
 * requests, an average outside its shortest and longest) is an input
 * error at its line. An error message of ioping's ("ioping: ...",
 * stderr merged) is a failed run with that reason, of both results.
 *
 * Model: test "ioping", title "ioping", no app version (the raw line
 * has none), one system per file: the run set (name NULL).
 */
#include "importer.h"
#include "importer-internal.h"

#include <string.h>

#define IOP_FIELDS 10

struct iop_state {
	struct fsr_tf tf;    /* found: lines read */
};

/* The ten fields of s[0..len) as numbers into v; the number of fields
 * (IOP_FIELDS + 1: more), or -1 when one is not a whole number. */
static int fields(const char *s, size_t len, double *v)
{
	const char *tok[IOP_FIELDS + 1];
	size_t tl[IOP_FIELDS + 1], n, i, k;

	n = fsr_tf_tokens(s, len, tok, tl, IOP_FIELDS);
	if (n != IOP_FIELDS)
		return (int)n;
	for (i = 0; i < n; i++) {
		v[i] = 0;
		if (tl[i] > 19)
			return -1;
		for (k = 0; k < tl[i]; k++) {
			if (tok[i][k] < '0' || tok[i][k] > '9')
				return -1;
			v[i] = v[i] * 10 + (tok[i][k] - '0');
		}
	}
	return (int)n;
}

/* The numbers of one ioping run agree with each other. */
static int consistent(const double *v)
{
	return v[0] >= 1 && v[0] <= v[8] && v[1] <= v[9] && v[4] <= v[5] &&
	       v[5] <= v[6];
}

static int iop_line(void *state, int line, const char *s, size_t len)
{
	struct iop_state *st = state;
	double v[IOP_FIELDS];
	int n;

	fsr_tf_trim(&s, &len);
	if (!len)
		return 0;
	if (fsr_tf_prefix(s, len, "ioping: ")) {
		char reason[260];

		fsr_tf_copy(reason, sizeof(reason), s, len);
		fsr_import_warn(st->tf.ctx, line, "%s; this run is a failed "
				"run", reason);
		/* A failed run is a failed run of both results it would
		 * have given, not of the first one only. */
		fsr_cell_add_failed(fsr_tf_cell(&st->tf, NULL, "Requests/s",
						"requests/s",
						FSR_BETTER_HIGHER), reason);
		fsr_cell_add_failed(fsr_tf_cell(&st->tf, NULL,
						"Average request time", "us",
						FSR_BETTER_LOWER), reason);
		st->tf.found++;
		return 0;
	}
	n = fields(s, len, v);
	if (n < 0)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "ioping raw line with a field that is not "
				    "a whole number");
	if (n != IOP_FIELDS)
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "ioping raw line of %s%d fields, %d "
				    "expected (a line cut short?)",
				    n > IOP_FIELDS ? "more than " : "",
				    n > IOP_FIELDS ? IOP_FIELDS : n,
				    IOP_FIELDS);
	if (!consistent(v))
		return fsr_diag_set(st->tf.d, FSR_EINPUT, st->tf.path, line, 0,
				    "ioping raw line whose numbers disagree "
				    "(requests, or shortest <= average <= "
				    "longest)");
	fsr_tf_sample(fsr_tf_cell(&st->tf, NULL, "Requests/s", "requests/s",
				  FSR_BETTER_HIGHER), v[2], 0);
	fsr_tf_sample(fsr_tf_cell(&st->tf, NULL, "Average request time",
				  "us", FSR_BETTER_LOWER), v[5] / 1000, 3);
	st->tf.found++;
	return 0;
}

/* Every line of the head is a raw line (or empty), the first one
 * complete and consistent: 60, below every format with a banner of its
 * own. */
static int iop_probe_line(struct fsr_tf_probe *p, const char *s,
			  size_t len)
{
	double v[IOP_FIELDS];

	fsr_tf_trim(&s, &len);
	if (!len)
		return 0;
	if (fields(s, len, v) != IOP_FIELDS || !consistent(v))
		return p->seen ? 0 : -1; /* a last line cut by the head */
	p->seen = 1;
	p->best = 60;
	return 0;
}

FSR_TF_PROBE(ioping, 50, iop_probe_line)

static const struct fsr_tf_format fmt = {
	.size = sizeof(struct iop_state),
	.name = "ioping", .test = "ioping", .title = "ioping",
	.line = iop_line,
};

FSR_TF_IMPORTER(ioping, fmt)
