/*
 * test-layout.c - chart geometry as data (render/charts/layout.c), with made-up
 * font metrics so the numbers do not depend on installed fonts: nice
 * numbers and ticks for awkward ranges, SI prefixes, wrapping and
 * shortening, bar rows (bars from zero, whiskers, runs, values, failed
 * and missing systems), the change chart, and for corpus files and the
 * ext4 example that no text overlaps or leaves the chart.
 */
#include "render/charts/layout.h"
#include "importers/importer.h"
#include "tap.h"

#include <stdint.h>
#include <stdlib.h>

/* Every character is 0.6 em wide, lines are 1.25 em. */
static void fake_measure(void *ctx, enum fsr_font f, const char *t,
			 double *w, double *h)
{
	(void)ctx;
	*w = (double)fsr_utf8_width(t) * fsr_font_specs[f].px * 0.6;
	*h = fsr_font_specs[f].px * 1.25;
}

/* Characters of 10 px: max_w 60 holds 6 of them. */
static void ten_px(void *ctx, enum fsr_font f, const char *t, double *w,
		   double *h)
{
	(void)ctx;
	(void)f;
	*w = (double)fsr_utf8_width(t) * 10;
	*h = 12;
}

/* ------------------------------------------------------------ numbers */

static void test_nice_numbers(void)
{
	static const struct {
		double x;
		int round;
		double want;
	} cases[] = {
		{ 0.3, 0, 0.5 },  { 0.3, 1, 0.2 }, { 1, 0, 1 },
		{ 1.4, 1, 1 },    { 1.5, 1, 2 },   { 2.9, 1, 2 },
		{ 3, 1, 5 },      { 7, 1, 10 },    { 7, 0, 10 },
		{ 4.9, 0, 5 },    { 1e9, 0, 1e9 }, { 2e8, 1, 2e8 },
		{ 0.07, 1, 0.1 }, { 0.03, 1, 0.05 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		is_double(fsr_nice_number(cases[i].x, cases[i].round),
			  cases[i].want, 1e-12, "nice(%g, %d) = %g", cases[i].x,
			  cases[i].round, cases[i].want);
	is_double(fsr_nice_number(0, 0), 1, 0, "nice(0) falls back to 1");
	is_double(fsr_nice_number(NAN, 1), 1, 0, "nice(NAN) falls back to 1");
}

static void ticks_str(const struct fsr_axis *a, struct fsr_buf *b)
{
	size_t i;

	fsr_buf_reset(b);
	for (i = 0; i < a->n_ticks; i++) {
		if (i)
			fsr_buf_addc(b, ' ');
		fsr_layout_number(b, a->ticks[i], a->decimals, "");
	}
}

static void test_ticks(void)
{
	static const struct {
		double lo, hi;
		int target;
		const char *want;
		const char *what;
	} cases[] = {
		{ 0, 0.3, 6, "0.0 0.1 0.2 0.3", "0 to 0.3" },
		{ 0, 1e9, 6,
		  "0 200000000 400000000 600000000 800000000 1000000000",
		  "0 to 1e9" },
		{ 0, 7045.354, 6, "0 2000 4000 6000 8000", "tiobench MB/s" },
		{ 0, 11, 8, "0 2 4 6 8 10 12", "0 to 11, 8 ticks" },
		{ 0, 11, 6, "0 5 10 15", "0 to 11, 6 ticks" },
		{ 5, 5, 6, "4.4 4.6 4.8 5.0 5.2 5.4 5.6", "all values equal" },
		{ 0, 0, 6, "0.0 0.2 0.4 0.6 0.8 1.0", "all zero" },
		{ -3.2, 5.1, 6, "-4 -2 0 2 4 6", "negative and positive" },
		{ -7, -2, 6, "-7 -6 -5 -4 -3 -2", "all negative" },
		{ -350, 0, 5, "-400 -300 -200 -100 0", "negative bars" },
		{ 0.0012, 0.0019, 5,
		  "0.0012 0.0014 0.0016 0.0018 0.0020", "small numbers" },
		{ 1e-9, 3e-9, 3, "0.000000001 0.000000002 0.000000003",
		  "nanoseconds" },
	};
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_axis a;
	size_t i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fsr_axis_ticks(cases[i].lo, cases[i].hi, cases[i].target, &a);
		ticks_str(&a, &b);
		is_str(b.buf, cases[i].want, "ticks %s", cases[i].what);
		ok(a.lo <= cases[i].lo + 1e-12 && a.hi >= cases[i].hi - 1e-12,
		   "ticks %s cover the data", cases[i].what);
		for (j = 1; j < a.n_ticks; j++)
			if (fabs(a.ticks[j] - a.ticks[j - 1] - a.step) >
			    a.step * 1e-9)
				break;
		ok(a.n_ticks >= 2 && j == a.n_ticks,
		   "ticks %s are evenly spaced", cases[i].what);
	}
	fsr_axis_ticks(-0.3, 0.3, 6, &a);
	for (j = 0; j < a.n_ticks; j++)
		if (a.ticks[j] == 0)
			break;
	ok(j < a.n_ticks, "a range across zero has an exact 0 tick");
	fsr_axis_ticks(NAN, 3, 6, &a);
	is_double(a.lo, 0, 0, "NAN range: 0..1 (lo)");
	is_double(a.hi, 1, 0, "NAN range: 0..1 (hi)");
	fsr_axis_ticks(0, 1e300, 1000, &a);
	ok(a.n_ticks <= FSR_MAX_TICKS, "a huge target is capped (%zu)",
	   a.n_ticks);

	/* Log-ratio ticks (change chart). */
	is_int(fsr_axis_log_ticks(0.9, 16, 0, &a), 6, "ratios 0.9..16: "
	       "0.5, 1, 2, 5, 10, 20");
	fsr_axis_log_ticks(1, 16, 0, &a);
	is_double(pow(10, a.lo), 1, 1e-12, "log axis starts at x1");
	is_double(pow(10, a.hi), 20, 1e-12, "log axis ends at x20");
	/* the ends are the 1-2-5 steps next beyond the data, the labels
	 * every decade within them */
	is_int(fsr_axis_log_ticks(0.05, 1, 1, &a), 2,
	       "decades 0.1, 1");
	is_double(pow(10, a.lo), 0.05, 1e-12, "down to /20, not /100");
	is_int(fsr_axis_log_ticks(-1, 2, 0, &a), 0, "ratios <= 0: no log "
	       "axis");
	is_int(fsr_axis_log_ticks(1, 1e6, 2, &a), 4,
	       "every 2nd decade: 1, 100, 1e4, 1e6");
	fsr_buf_release(&b);
}

/* System inks (inks.c): 34 colours of their own, then the others
 * again, never the baseline's blue (issue 34: the 13th system was
 * drawn in the baseline's blue). */
static void test_system_inks(void)
{
	size_t i, j, same = 0, blue = 0;

	for (i = 0; i < FSR_N_SYSTEM_INKS; i++)
		for (j = 0; j < i; j++)
			if (fsr_ink_rgb[fsr_system_ink(i)] ==
			    fsr_ink_rgb[fsr_system_ink(j)])
				same++;
	is_int((long)same, 0, "the first %d systems: no colour twice",
	       FSR_N_SYSTEM_INKS);
	is_int(FSR_N_SYSTEM_INKS, 34, "34 system colours");
	for (i = 1; i < 1000; i++)
		if (fsr_ink_rgb[fsr_system_ink(i)] == 0x0072B2)
			blue++;
	is_int((long)blue, 0, "systems 2 to 1000: never the baseline's blue");
	is_int((long)fsr_system_ink(34), (long)(FSR_INK_SYSTEM + 1),
	       "the 35th system: the second colour again");
}

static void test_units(void)
{
	static const struct {
		const char *unit;
		double max;
		const char *want_unit, *want_suffix;
		double want_div;
	} cases[] = {
		{ "MB/s", 0.3, "KB/s", "", 0.001 },
		{ "MB/s", 4015.03, "MB/s", "", 1 },
		{ "MB/s", 9999, "MB/s", "", 1 },
		{ "MB/s", 12000, "GB/s", "", 1000 },
		{ "KB/s", 50000, "MB/s", "", 1000 },
		{ "kB/s", 0.5, "B/s", "", 0.001 },
		{ "MiB/s", 20480, "GiB/s", "", 1024 },
		{ "B", 3e9, "MB", "", 1e6 },
		{ "B", 3e10, "GB", "", 1e9 },
		{ "Bytes", 64940, "KB", "", 1000 },
		{ "IOPS", 1e9, "IOPS", "M", 1e6 },
		{ "IOPS", 5000, "IOPS", "", 1 },
		{ "Files/s", 0.5, "Files/s", "", 1 },
		{ "Seconds (Run Time)", 0.02, "Milliseconds (Run Time)", "",
		  0.001 },
		{ "seconds", 0.5, "milliseconds", "", 0.001 },
		{ "ms", 25000, "s", "", 1000 },
		{ "us", 0.5, "ns", "", 0.001 },
		{ "Mflops", 13000, "Gflops", "", 1000 },
		{ "MB/s", 0, "MB/s", "", 1 },
		{ "", 1e6, "", "k", 1000 },
	};
	struct fsr_unit_scale u;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fsr_unit_scale_choose(cases[i].unit, cases[i].max, &u);
		is_str(u.unit, cases[i].want_unit, "'%s' up to %g: unit",
		       cases[i].unit, cases[i].max);
		is_str(u.suffix, cases[i].want_suffix, "'%s' up to %g: "
		       "suffix", cases[i].unit, cases[i].max);
		is_double(u.div, cases[i].want_div, 1e-12, "'%s' up to %g: "
			  "divisor", cases[i].unit, cases[i].max);
	}
}

static void test_wrap(void)
{
	char **lines = NULL;
	size_t n = 0, cap = 0, i;

	fsr_layout_wrap(ten_px, NULL, FSR_FONT_LABEL, "short", 60, 2,
			&lines, &n, &cap);
	is_int(n, 1, "a short label stays on one line");
	is_str(lines[0], "short", "unchanged");
	fsr_layout_wrap(ten_px, NULL, FSR_FONT_LABEL, "ext4 data=journal",
			60, 2, &lines, &n, &cap);
	is_int(n, 3, "wrapped at the space: two lines");
	is_str(lines[1], "ext4", "line 1 ends before the space");
	is_str(lines[2], "dat\xe2\x80\xa6" "al", "line 2 shortened in the "
	       "middle, both ends kept");
	fsr_layout_wrap(ten_px, NULL, FSR_FONT_LABEL, "nobarrier,discard",
			100, 2, &lines, &n, &cap);
	is_str(lines[3], "nobarrier,", "a long word breaks after a comma");
	is_str(lines[4], "discard", "and goes on");
	fsr_layout_wrap(ten_px, NULL, FSR_FONT_LABEL, "abcdefghijkl", 60, 3,
			&lines, &n, &cap);
	is_str(lines[5], "abcdef", "no break point: cut between characters");
	is_str(lines[6], "ghijkl", "the rest on the next line");
	is_int(n, 7, "seven lines so far");
	fsr_layout_wrap(ten_px, NULL, FSR_FONT_LABEL,
			"\xc3\xa9t\xc3\xa9 \xc3\xa9t\xc3\xa9 \xc3\xa9t\xc3\xa9",
			75, 1, &lines, &n, &cap);
	is_str(lines[7], "\xc3\xa9t\xc3\xa9\xe2\x80\xa6\xc3\xa9t\xc3\xa9",
	       "UTF-8 is shortened between characters");
	for (i = 0; i < n; i++) {
		double w, h;

		ten_px(NULL, FSR_FONT_LABEL, lines[i], &w, &h);
		ok(w <= 75 || i == 4 || i == 3, "line %zu fits (%g)", i, w);
		free(lines[i]);
	}
	free(lines);
}

/* ------------------------------------------------------ report set-up */

struct rep {
	struct fsr_report *r;
	struct fsr_stats *s;
	struct fsr_comparison *c;
	struct fsr_view v;
};

static struct fsr_result *add_result(struct fsr_report *r, const char *test,
				     const char *desc, const char *unit,
				     enum fsr_better better)
{
	struct fsr_result_key k = { test, "", desc, "1.0", unit };
	struct fsr_result *res = fsr_report_result(r, &k);

	res->better = better;
	return res;
}

static void add_samples(struct fsr_result *res, size_t sys,
			const double *x, size_t n)
{
	struct fsr_cell *c = fsr_result_cell(res, sys);
	size_t i;

	for (i = 0; i < n; i++)
		fsr_cell_add_sample(c, x[i]);
	c->stored_decimals = 2;
}

static void finish(struct rep *p, int compare)
{
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_diag d;

	fsr_report_finish_labels(p->r);
	p->s = fsr_analyze(p->r, &ao, &d);
	memset(&p->v, 0, sizeof(p->v));
	p->v.report = p->r;
	p->v.stats = p->s;
	if (compare) {
		struct fsr_compare_opts co;

		memset(&co, 0, sizeof(co));
		co.confidence = 0.95;
		co.alpha = 0.05;
		co.min_change = 1;
		co.boot_b = 1000;
		co.seed = 1;
		p->c = fsr_compare(p->r, p->s, &co, &d);
		p->v.cmp = p->c;
		p->v.command = FSR_CMD_COMPARE;
	}
}

static void release(struct rep *p)
{
	fsr_comparison_free(p->c);
	fsr_stats_free(p->s);
	fsr_report_free(p->r);
	memset(p, 0, sizeof(*p));
}

static int lay(const struct rep *p, enum fsr_chart_part part, size_t res,
	       struct fsr_page *page)
{
	struct fsr_layout_opts lo;
	struct fsr_diag d;

	memset(&lo, 0, sizeof(lo));
	lo.part = part;
	lo.result = res;
	return fsr_layout_page(&p->v, &lo, fake_measure, NULL, page, &d);
}

/* The nth shape of role in row (row -1: any row), or NULL. */
static const struct fsr_shape *shape(const struct fsr_chart *c,
				     const char *role, long row, size_t nth)
{
	size_t i;

	for (i = 0; i < c->n_shapes; i++) {
		const struct fsr_shape *s = &c->shapes[i];

		if (strcmp(s->role, role) || (row >= 0 && s->row != row))
			continue;
		if (nth-- == 0)
			return s;
	}
	return NULL;
}

static size_t count(const struct fsr_chart *c, const char *role, long row)
{
	size_t n = 0;

	while (shape(c, role, row, n))
		n++;
	return n;
}

/*
 * What a reader would trip over: text boxes that overlap or leave the
 * chart, bars outside the plot. Returns the number of problems and says
 * what they are as TAP comments.
 */
static int problems(const struct fsr_chart *c)
{
	double x0 = c->plot_x - 0.01, x1 = c->plot_x + c->plot_w + 0.01;
	size_t i, j;
	int bad = 0;

	for (i = 0; i < c->n_shapes; i++) {
		const struct fsr_shape *s = &c->shapes[i];

		if (s->kind == FSR_SHAPE_TEXT &&
		    (s->x < -0.01 || s->x + s->w > c->width + 0.01 ||
		     s->y < -0.01 || s->y + s->h > c->height + 0.01)) {
			printf("# outside the chart: %s '%s'\n", s->role,
			       s->text);
			bad++;
		}
		if (!strcmp(s->role, "bar") && (s->x < x0 ||
						s->x + s->w > x1)) {
			printf("# bar outside the plot: row %ld\n", s->row);
			bad++;
		}
		if (!strcmp(s->role, "run") && (s->x < x0 || s->x > x1)) {
			printf("# run outside the plot: row %ld\n", s->row);
			bad++;
		}
		if (s->kind != FSR_SHAPE_TEXT)
			continue;
		for (j = i + 1; j < c->n_shapes; j++) {
			const struct fsr_shape *t = &c->shapes[j];

			if (t->kind != FSR_SHAPE_TEXT)
				continue;
			if (s->x + s->w <= t->x + 0.01 ||
			    t->x + t->w <= s->x + 0.01 ||
			    s->y + s->h <= t->y + 0.01 ||
			    t->y + t->h <= s->y + 0.01)
				continue;
			printf("# text overlaps: %s '%s' and %s '%s'\n",
			       s->role, s->text, t->role, t->text);
			bad++;
		}
	}
	return bad;
}

/* Text boxes must not cover a run's dot of their own row either. */
static int value_on_dots(const struct fsr_chart *c)
{
	size_t i, j;
	int bad = 0;

	for (i = 0; i < c->n_shapes; i++) {
		const struct fsr_shape *v = &c->shapes[i];

		if (strcmp(v->role, "value"))
			continue;
		for (j = 0; j < c->n_shapes; j++) {
			const struct fsr_shape *d = &c->shapes[j];

			if (strcmp(d->role, "run") || d->row != v->row)
				continue;
			/* the value sits in a band above the dots */
			if (d->x + d->w > v->x && d->x - d->w < v->x + v->w &&
			    d->y + d->w > v->y && d->y - d->w < v->y + v->h)
				bad++;
		}
	}
	return bad;
}

/* ------------------------------------------------------- bar charts */

static void test_bars(void)
{
	static const double a[] = { 100, 102, 98, 101, 99 };
	static const double b[] = { 50, 51, 49 };
	static const double one[] = { 200 };
	struct fsr_buf dump1 = FSR_BUF_INIT, dump2 = FSR_BUF_INIT;
	const struct fsr_shape *s, *s2, *v;
	struct fsr_result *res;
	struct fsr_page p;
	struct rep t;
	size_t sa, sb, sc, sd;
	const struct fsr_chart *c;
	double sc_px, zero;

	memset(&t, 0, sizeof(t));
	t.r = fsr_report_new();
	fsr_report_add_runset(t.r, "run", "run", 0);
	sa = fsr_report_system(t.r, 0, "alpha");
	sb = fsr_report_system(t.r, 0, "beta");
	sc = fsr_report_system(t.r, 0, "gamma");
	sd = fsr_report_system(t.r, 0, "a rather long system label that "
			       "cannot fit in a third of the chart at all, "
			       "not even on two lines of it");
	res = add_result(t.r, "test/seq", "Sequential read", "MB/s",
			 FSR_BETTER_HIGHER);
	add_samples(res, sa, a, 5);
	add_samples(res, sb, b, 3);
	fsr_cell_add_failed(fsr_result_cell(res, sc), "it crashed");
	fsr_cell_add_failed(fsr_result_cell(res, sc), "it crashed");
	(void)sd; /* no cell: missing */
	res = add_result(t.r, "test/small", "Small", "MB/s",
			 FSR_BETTER_LOWER);
	add_samples(res, sa, (const double[]){ 0.21, 0.25, 0.23 }, 3);
	add_samples(res, sb, (const double[]){ 0.3 }, 1);
	res = add_result(t.r, "test/neg", "Negative", "C",
			 FSR_BETTER_UNKNOWN);
	add_samples(res, sa, (const double[]){ -3, -4, -3.5 }, 3);
	add_samples(res, sb, one, 1);
	finish(&t, 0);

	is_int(lay(&t, FSR_CHART_RESULT, 0, &p), 0, "lay out result 1");
	c = &p.charts[0];
	is_int(p.n_charts, 1, "one chart");
	is_int(c->kind, FSR_CHART_KIND_BARS, "a bar chart");
	is_double(p.width, 800, 0, "800 px wide");
	ok(c->height > 100 && c->height < 400, "a sensible height (%g)",
	   c->height);
	is_double(c->axis.lo, 0, 0, "bars from zero");
	ok(c->axis.hi >= 102, "axis covers the largest run (%g)",
	   c->axis.hi);
	s = shape(c, "title", -1, 0);
	is_str(s ? s->text : NULL, "test/seq 1.0", "title with version");
	s = shape(c, "subtitle", -1, 0);
	is_str(s ? s->text : NULL, "Sequential read", "description");
	s = shape(c, "caption", -1, 0);
	is_str(s ? s->text : NULL, "MB/s, More Is Better", "caption");
	is_int(count(c, "bar", -1), 2, "two bars: failed and missing "
	       "systems get none");
	sc_px = c->plot_w / (c->axis.hi - c->axis.lo);
	zero = c->plot_x - c->axis.lo * sc_px;
	s = shape(c, "bar", 0, 0);
	s2 = shape(c, "bar", 1, 0);
	is_double(s->x, zero, 1e-9, "bar 1 starts at zero");
	is_double(s2->x, zero, 1e-9, "bar 2 starts at zero");
	is_double(s->w, 100 * sc_px, 1e-9, "bar 1 is the mean long");
	is_double(s2->w / s->w, 0.5, 1e-9, "bar 2 is half as long");
	is_str(fsr_ink_name(s->ink), "sys0", "system 1 has colour 0");
	is_str(fsr_ink_name(s2->ink), "sys1", "system 2 has colour 1");
	is_int(count(c, "run", 0), 5, "five runs of system 1 drawn");
	is_int(count(c, "run", 1), 3, "three runs of system 2 drawn");
	is_int(count(c, "whisker", 0), 3, "a whisker with two caps");
	s = shape(c, "whisker", 0, 0);
	is_double(s->x, zero + t.s->results[0].cells[0].ci_low * sc_px, 1e-9,
		  "whisker starts at the CI's low end");
	is_double(s->x + s->w, zero + t.s->results[0].cells[0].ci_high *
		  sc_px, 1e-9, "whisker ends at the CI's high end");
	v = shape(c, "value", 0, 0);
	is_str(v ? v->text : NULL, "100.00", "mean printed");
	s2 = shape(c, "bar", 0, 0);
	ok(v && v->x >= s2->x + s2->w && v->x <= s2->x + s2->w + 10,
	   "at the bar's end (issue 31, rule 2)");
	ok(v && v->y + v->h <= s->y, "above the whisker");
	s = shape(c, "note", 0, 0);
	is_str(s ? s->text : NULL, "SE +/- 0.71, N = 5", "SE and N under "
	       "the label");
	s = shape(c, "failed", 2, 0);
	is_str(s ? s->text : NULL, "failed (all runs): it crashed",
	       "failed runs are marked, with the reason");
	s = shape(c, "note", 2, 0);
	is_str(s ? s->text : NULL, "N = 0, 2 failed", "failed count");
	s = shape(c, "missing", 3, 0);
	is_str(s ? s->text : NULL, "no result", "a missing system is "
	       "marked");
	is_int(count(c, "label", 3), 2, "a long label wraps onto 2 lines");
	s = shape(c, "label", 3, 1);
	ok(s && strstr(s->text, "\xe2\x80\xa6"), "and is shortened: '%s'",
	   s ? s->text : "");
	s = shape(c, "label", 3, 0);
	s2 = shape(c, "label", 0, 0);
	is_double(s->x + s->w, s2->x + s2->w, 1e-9, "labels right-aligned");
	ok(s->w <= 800 * 0.32 + 1e-9, "label column at most a third");
	is_int(problems(c), 0, "result 1: nothing overlaps or is clipped");
	is_int(value_on_dots(c), 0, "values do not cover runs");
	fsr_layout_dump(&p, &dump1);
	fsr_page_release(&p);
	lay(&t, FSR_CHART_RESULT, 0, &p);
	fsr_layout_dump(&p, &dump2);
	is_str(dump1.buf, dump2.buf, "the same input gives the same layout");
	ok(!strncmp(dump1.buf, "page w=800.0 h=", 15), "dump starts with "
	   "the page");
	ok(strstr(dump1.buf, "\n  rect bar row=1 ink=sys0 edge=edge x=") !=
		   NULL, "dump lists the bars");
	fsr_page_release(&p);

	/* Small values: one prefix down for the whole axis. */
	lay(&t, FSR_CHART_RESULT, 1, &p);
	c = &p.charts[0];
	s = shape(c, "caption", -1, 0);
	/* the view's unit, the tables' (issue 31, rule 6): no prefix of
	 * the chart's own */
	is_str(s ? s->text : NULL, "MB/s, Fewer Is Better", "0.3 MB/s is "
	       "drawn in MB/s, as the tables print it");
	is_double(c->scale.div, 1, 1e-12, "divisor 1");
	s = shape(c, "value", 1, 0);
	is_str(s ? s->text : NULL, "0.300", "values in MB/s too");
	s = shape(c, "tick-label", -1, 1);
	ok(s && strchr(s->text, '.'), "MB/s ticks below 1 (%s)",
	   s ? s->text : "");
	is_int(problems(c), 0, "result 2: nothing overlaps");
	fsr_page_release(&p);

	/* Negative values: the bar goes left from zero. */
	lay(&t, FSR_CHART_RESULT, 2, &p);
	c = &p.charts[0];
	ok(c->axis.lo < -4 + 1e-9, "axis goes below the lowest run (%g)",
	   c->axis.lo);
	sc_px = c->plot_w / (c->axis.hi - c->axis.lo);
	zero = c->plot_x - c->axis.lo * sc_px;
	s = shape(c, "bar", 0, 0);
	is_double(s->x + s->w, zero, 1e-9, "a negative bar ends at zero");
	s2 = shape(c, "zero", -1, 0);
	is_double(s2 ? s2->x : -1, zero, 1e-9, "the zero line is drawn");
	v = shape(c, "value", 0, 0);
	ok(v && v->x + v->w <= s->x, "the value sits left of the bar");
	s = shape(c, "caption", -1, 0);
	is_str(s ? s->text : NULL, "C", "no direction: the unit alone");
	is_int(problems(c), 0, "result 3: nothing overlaps");
	fsr_page_release(&p);

	/* The whole report: charts stacked. */
	is_int(lay(&t, FSR_CHART_ALL, 0, &p), 0, "lay out the report");
	is_int(p.n_charts, 3, "three charts stacked");
	is_double(p.charts[1].y0, p.charts[0].height, 1e-9, "chart 2 under "
		  "chart 1");
	ok(p.height >= p.charts[2].y0 + p.charts[2].height - 1e-9,
	   "the page holds them all");
	is_int(count(&p.charts[1], "separator", -1), 1, "a rule between "
	       "charts");
	fsr_page_release(&p);
	{
		struct fsr_diag d;
		struct fsr_layout_opts lo = { .part = FSR_CHART_RESULT,
						.result = 7 };

		is_int(fsr_layout_page(&t.v, &lo, fake_measure, NULL, &p, &d),
		       FSR_EUSAGE, "no result 8");
		lo.part = FSR_CHART_CHANGE;
		is_int(fsr_layout_page(&t.v, &lo, fake_measure, NULL, &p, &d),
		       FSR_EUSAGE, "no change chart without compare");
	}
	release(&t);
	fsr_buf_release(&dump1);
	fsr_buf_release(&dump2);
}

static void test_kinds(void)
{
	struct fsr_result *res;
	const struct fsr_shape *s;
	struct fsr_page p;
	struct rep t;
	size_t a, b;

	memset(&t, 0, sizeof(t));
	t.r = fsr_report_new();
	fsr_report_add_runset(t.r, "run", "run", 0);
	a = fsr_report_system(t.r, 0, "A");
	b = fsr_report_system(t.r, 0, "B");
	res = add_result(t.r, "t/pf", "", "Test Pass / Fail",
			 FSR_BETTER_UNKNOWN);
	res->display = FSR_DISPLAY_PASSFAIL;
	fsr_cell_set_stored(fsr_result_cell(res, a), "PASS");
	fsr_cell_set_stored(fsr_result_cell(res, b), "FAIL");
	res = add_result(t.r, "t/line", "", "MB/s", FSR_BETTER_HIGHER);
	res->display = FSR_DISPLAY_LINE;
	add_samples(res, a, (const double[]){ 1, 2, 3 }, 3);
	res = add_result(t.r, "t/fail", "", "MB/s", FSR_BETTER_HIGHER);
	fsr_cell_add_failed(fsr_result_cell(res, a), "no");
	finish(&t, 0);
	lay(&t, FSR_CHART_ALL, 0, &p);
	is_int(p.charts[0].kind, FSR_CHART_KIND_PASSFAIL, "pass/fail chart");
	s = shape(&p.charts[0], "verdict", 0, 0);
	is_str(s ? s->text : NULL, "PASS", "PASS shown");
	is_str(s ? fsr_ink_name(s->ink) : NULL, "better", "PASS is green");
	s = shape(&p.charts[0], "verdict", 1, 0);
	is_str(s ? fsr_ink_name(s->ink) : NULL, "worse", "FAIL is red");
	is_int(count(&p.charts[0], "bar", -1), 0, "no bars for pass/fail");
	is_int(p.charts[1].kind, FSR_CHART_KIND_NOTE, "a line graph gets a "
	       "note");
	s = shape(&p.charts[1], "footnote", -1, 0);
	ok(s && strstr(s->text, "not drawn"), "saying it is not drawn");
	is_int(count(&p.charts[2], "bar", -1), 0, "all failed: no bar");
	is_int(p.charts[2].has_axis, 0, "and no axis");
	is_int(count(&p.charts[2], "tick-label", -1), 0, "no tick labels");
	is_int(problems(&p.charts[0]) + problems(&p.charts[1]) +
		       problems(&p.charts[2]), 0, "nothing overlaps");
	fsr_page_release(&p);
	release(&t);
}

/* ------------------------------------------------------ change chart */

static void test_changes(void)
{
	static const double base[] = { 100, 101, 99, 100, 100 };
	static const double fast[] = { 120, 121, 119, 120, 120 };
	static const double slow[] = { 80, 81, 79, 80, 80 };
	struct fsr_result *res;
	const struct fsr_shape *s;
	const struct fsr_chart *c;
	struct fsr_comparison *cmp;
	struct fsr_page p;
	struct rep t;
	size_t i;

	memset(&t, 0, sizeof(t));
	t.r = fsr_report_new();
	fsr_report_add_runset(t.r, "a", "a", 0);
	fsr_report_add_runset(t.r, "b", "b", 0);
	fsr_report_system(t.r, 0, NULL);
	fsr_report_system(t.r, 1, NULL);
	res = add_result(t.r, "t/x", "Read", "MB/s", FSR_BETTER_HIGHER);
	add_samples(res, 0, base, 5);
	add_samples(res, 1, fast, 5);
	res = add_result(t.r, "t/y", "Write", "MB/s", FSR_BETTER_HIGHER);
	add_samples(res, 0, base, 5);
	add_samples(res, 1, slow, 5);
	res = add_result(t.r, "t/z", "Failed", "MB/s", FSR_BETTER_HIGHER);
	add_samples(res, 0, base, 5);
	fsr_cell_add_failed(fsr_result_cell(res, 1), "no");
	finish(&t, 1);
	cmp = t.c;
	ok(cmp != NULL, "compare ran");
	if (!cmp) {
		release(&t);
		return;
	}
	is_int(lay(&t, FSR_CHART_CHANGE, 0, &p), 0, "lay out the changes");
	c = &p.charts[0];
	is_int(c->kind, FSR_CHART_KIND_CHANGES, "a change chart");
	s = shape(c, "title", -1, 0);
	is_str(s ? s->text : NULL, "Change against a", "titled by the "
	       "baseline");
	is_int(c->log_ratio, 0, "small changes: a linear axis");
	ok(c->axis.lo <= -20 && c->axis.hi >= 20 && c->axis.lo < 0,
	   "axis covers -20 %% .. +20 %% and zero");
	is_int(count(c, "change", -1), 2, "two changes drawn as dots");
	s = shape(c, "change", 0, 0);
	{
		double sc = c->plot_w / (c->axis.hi - c->axis.lo);

		/* R: 100 * (exp(mean(log(fast)) - mean(log(base))) - 1) */
		is_double(s->x, c->plot_x + (20.000733397709357 -
					     c->axis.lo) * sc, 1e-6,
			  "+20 %% placed on the axis");
	}
	s = shape(c, "value", 0, 0);
	ok(s && !strncmp(s->text, "+20.00%", 7), "+20.00%% printed (%s)",
	   s ? s->text : "");
	s = shape(c, "no-change", 2, 0);
	ok(s && strstr(s->text, "failed"), "a failed side is said, not "
	   "drawn (%s)", s ? s->text : "");
	s = shape(c, "label", 0, 0);
	is_str(s ? s->text : NULL, "Read", "rows labelled by description");
	ok(shape(c, "zero", -1, 0) != NULL, "a zero line");
	ok(count(c, "geomean", -1) + count(c, "no-change", -1) >= 2,
	   "a geometric-mean row (drawn or marked)");
	is_int(problems(c), 0, "change chart: nothing overlaps");
	fsr_page_release(&p);

	/* Intervals and verdicts may be missing (NAN / n/a): no interval,
	 * grey dot, and it must still work. */
	for (i = 0; i < cmp->n_rows; i++) {
		cmp->rows[i].ci_low_pct = cmp->rows[i].ci_high_pct = NAN;
		cmp->rows[i].verdict = FSR_VERDICT_NA;
	}
	cmp->n_geo = 0;
	lay(&t, FSR_CHART_CHANGE, 0, &p);
	c = &p.charts[0];
	is_int(count(c, "interval", -1), 0, "no interval drawn when NAN");
	s = shape(c, "change", 0, 0);
	is_str(s ? fsr_ink_name(s->ink) : NULL, "n/a", "n/a is grey");
	s = shape(c, "interval-text", 0, 0);
	is_str(s ? s->text : NULL, "no interval", "says so");
	s = shape(c, "no-change", -1, 1);
	ok(s && strstr(s->text, "not available"), "geometric mean not "
	   "available (%s)", s ? s->text : "");
	is_int(problems(c), 0, "NAN change chart: nothing overlaps");
	fsr_page_release(&p);

	/* A wide range of ratios goes on a log axis. */
	cmp->rows[0].delta_pct = cmp->rows[0].change_pct = 900;
	cmp->rows[0].ci_low_pct = -150; /* below -100 %: cut, arrow */
	cmp->rows[0].ci_high_pct = 1900;
	lay(&t, FSR_CHART_CHANGE, 0, &p);
	c = &p.charts[0];
	is_int(c->log_ratio, 1, "x10 goes on a log-ratio axis");
	s = shape(c, "change", 0, 0);
	{
		double sc = c->plot_w / (c->axis.hi - c->axis.lo);

		is_double(s->x, c->plot_x + (1 - c->axis.lo) * sc, 1e-6,
			  "+900 %% sits at log10(10) = 1");
	}
	/* too wide to mean anything (below -100 %%): it sets no axis end,
	 * runs off at both and says so (issue 31, rule 5) */
	is_int(count(c, "interval-cut", 0), 2, "an interval below -100 %% "
	       "is cut and marked, at both ends");
	s = shape(c, "interval-text", 0, 0);
	ok(s && strstr(s->text, "too wide: n = "), "says too wide (%s)",
	   s ? s->text : "");
	s = shape(c, "tick-label", -1, 0);
	ok(s && (strstr(s->text, "\xc3\x97") || strstr(s->text, "\xc3\xb7")),
	   "ratio tick labels (%s)", s ? s->text : "");
	is_int(problems(c), 0, "log change chart: nothing overlaps");
	fsr_page_release(&p);

	lay(&t, FSR_CHART_ALL, 0, &p);
	is_int(p.n_charts, 4, "compare: 3 result charts and the changes");
	is_int(p.charts[3].kind, FSR_CHART_KIND_CHANGES, "changes last");
	fsr_page_release(&p);
	release(&t);
}

/* Issue 13 point 8: right is always better (a time that falls is
 * drawn right of no change), one wide interval does not set the axis
 * (it ends in an arrow), tick labels above and below, "worse" and
 * "better" at the ends, n/a rows say so, the geometric mean is drawn as
 * a summary, and more than about 25 rows go into sections. The changes
 * are exact from the runs: 80/100 and 120/100 are -20 % and +20 %. */
static void test_changes_turned(void)
{
	static const double base[] = { 100, 101, 99, 100, 100 };
	static const double low[] = { 80, 81, 79, 80, 80 };
	const struct fsr_shape *s, *z;
	struct fsr_result *res;
	const struct fsr_chart *c;
	struct fsr_page p;
	struct rep t;
	size_t i;

	memset(&t, 0, sizeof(t));
	t.r = fsr_report_new();
	fsr_report_add_runset(t.r, "a", "a", 0);
	fsr_report_add_runset(t.r, "b", "b", 0);
	fsr_report_system(t.r, 0, NULL);
	fsr_report_system(t.r, 1, NULL);
	res = add_result(t.r, "t/time", "Time", "s", FSR_BETTER_LOWER);
	add_samples(res, 0, base, 5);
	add_samples(res, 1, low, 5);
	res = add_result(t.r, "t/read", "Read", "MB/s", FSR_BETTER_HIGHER);
	add_samples(res, 0, base, 5);
	add_samples(res, 1, low, 5);
	res = add_result(t.r, "t/wide", "Wide", "MB/s", FSR_BETTER_HIGHER);
	add_samples(res, 0, base, 5);
	add_samples(res, 1, base, 5);
	finish(&t, 1);
	if (!t.c) {
		ok(0, "compare ran");
		release(&t);
		return;
	}
	t.c->rows[2].ci_low_pct = -5;
	t.c->rows[2].ci_high_pct = 600000;
	is_int(lay(&t, FSR_CHART_CHANGE, 0, &p), 0, "lay out the changes");
	c = &p.charts[0];
	z = shape(c, "zero", -1, 0);
	s = shape(c, "change", 0, 0);
	ok(z && s && s->x > z->x + 10, "a time 20 %% lower is right of "
	   "no change");
	s = shape(c, "change", 1, 0);
	ok(z && s && s->x < z->x - 10, "MB/s 20 %% lower is left of it");
	s = shape(c, "value", 0, 0);
	ok(s && !strncmp(s->text, "-20", 3), "its value keeps its sign "
	   "(%s)", s ? s->text : "");
	ok(c->axis.hi < 100, "one interval to +600000 %% does not set the "
	   "axis (hi %g)", c->axis.hi);
	is_int(count(c, "interval-cut", 2), 1, "it ends in an arrow");
	ok(count(c, "tick-label", -1) > 1 &&
	   count(c, "tick-label-top", -1) == count(c, "tick-label", -1),
	   "tick labels at the top and the bottom");
	s = shape(c, "tick-label", -1, 0);
	ok(s && !strchr(s->text, '-') && !strchr(s->text, '+'),
	   "ticks give the size of a change (%s)", s ? s->text : "");
	s = shape(c, "direction", -1, 0);
	is_str(s ? s->text : NULL, "\xe2\x86\x90 worse", "worse on the left");
	s = shape(c, "direction", -1, 1);
	is_str(s ? s->text : NULL, "better \xe2\x86\x92", "better on the "
	       "right");
	s = shape(c, "geomean", -1, 0);
	ok(s && s->ink != FSR_INK_BETTER && s->ink != FSR_INK_WORSE &&
	   s->ink != FSR_INK_SAME, "the geometric mean is no verdict (%s)",
	   s ? fsr_ink_name(s->ink) : "");
	is_int(problems(c), 0, "turned change chart: nothing overlaps");
	fsr_page_release(&p);

	t.c->rows[1].verdict = FSR_VERDICT_NA;
	lay(&t, FSR_CHART_CHANGE, 0, &p);
	s = shape(&p.charts[0], "value", 1, 0);
	ok(s && strstr(s->text, "not tested"), "an n/a row says so (%s)",
	   s ? s->text : "");
	fsr_page_release(&p);
	release(&t);

	/* 40 results: two sections, each with its own ticks. */
	memset(&t, 0, sizeof(t));
	t.r = fsr_report_new();
	fsr_report_add_runset(t.r, "a", "a", 0);
	fsr_report_add_runset(t.r, "b", "b", 0);
	fsr_report_system(t.r, 0, NULL);
	fsr_report_system(t.r, 1, NULL);
	for (i = 0; i < 40; i++) {
		char name[32];

		snprintf(name, sizeof(name), "r%02zu", i);
		res = add_result(t.r, "t/many", name, "s", FSR_BETTER_LOWER);
		add_samples(res, 0, base, 5);
		add_samples(res, 1, i % 2 ? low : base, 5);
	}
	finish(&t, 1);
	lay(&t, FSR_CHART_CHANGE, 0, &p);
	is_int(p.n_charts, 2, "40 rows: two sections");
	for (i = 0; i < p.n_charts; i++) {
		ok(count(&p.charts[i], "tick-label-top", -1) > 0 &&
		   count(&p.charts[i], "tick-label", -1) > 0,
		   "section %zu has its ticks", i + 1);
		ok(count(&p.charts[i], "change", -1) <= 25, "section %zu: at "
		   "most 25 rows", i + 1);
		is_int(problems(&p.charts[i]), 0, "section %zu: nothing "
		       "overlaps", i + 1);
	}
	ok(p.n_charts == 2 &&
	   p.charts[1].axis.lo == p.charts[0].axis.lo &&
	   p.charts[1].axis.hi == p.charts[0].axis.hi,
	   "the sections share the axis");
	fsr_page_release(&p);
	release(&t);
}

/* ------------------------------------------------------ real files */

static int import_file(struct fsr_report *r, size_t rs, const char *path)
{
	const struct fsr_importer *imp = fsr_importer_find("pts");
	struct fsr_report *scratch = fsr_report_new();
	struct fsr_import_ctx ctx;
	struct fsr_diag d;
	int rc;

	memset(&ctx, 0, sizeof(ctx));
	ctx.path = path;
	fsr_diag_clear(&d);
	fsr_report_add_runset(scratch, r->runsets[rs].label, path, 0);
	rc = imp->import(&ctx, path, scratch, &d);
	if (rc) {
		printf("# %s: %s\n", path, d.msg);
		fsr_report_free(scratch);
		return rc;
	}
	fsr_report_merge(r, rs, scratch);
	return 0;
}

static void test_files(void)
{
	static const char *const files[] = {
		"corpus/pts/tiobench-ec2-4sys-merged.xml",
		"corpus/pts/tiobench-ec2-micro.xml",
		"corpus/pts/pjdfstest-passfail.xml",
		"corpus/pts/tachyon-systemd-2sys-partial.xml",
		"corpus/pts/cpu-suite-gvno2-142results.xml",
		"corpus/pts/blogbench-write-longid.xml",
		"corpus/pts/compress-zstd-gvno3.xml",
		"corpus/pts/cpu-suite-gvn-8sys-merged.xml",
		"corpus/pts/phpbench-ec2-micro-10runs.xml",
		"corpus/pts/blogbench-nestedvm-dateid.xml",
		"../main/examples/ext4-mount-options/composite.xml",
	};
	const char *shared = getenv("FSR_SHARED");
	size_t i, j;

	if (!shared)
		shared = "tests/data";
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct fsr_buf path = FSR_BUF_INIT;
		struct fsr_page p;
		struct rep t;
		int bad = 0, dots = 0;
		size_t sections;

		if (!strncmp(files[i], "../main/", 8))
			fsr_buf_adds(&path, files[i] + 8);
		else
			fsr_buf_addf(&path, "%s/%s", shared, files[i]);
		memset(&t, 0, sizeof(t));
		t.r = fsr_report_new();
		fsr_report_add_runset(t.r, "run", path.buf, 0);
		if (import_file(t.r, 0, path.buf)) {
			ok(0, "import %s", path.buf);
			fsr_report_free(t.r);
			fsr_buf_release(&path);
			continue;
		}
		finish(&t, 1);
		is_int(lay(&t, FSR_CHART_ALL, 0, &p), 0, "%s: laid out",
		       files[i]);
		for (j = 0, sections = 0; j < p.n_charts; j++)
			sections += p.charts[j].kind == FSR_CHART_KIND_CHANGES &&
				    j >= t.r->n_results;
		ok(sections >= 1 &&
		   p.n_charts == t.r->n_results + sections, "%s: a chart per "
		   "result and the changes (%zu sections)", files[i],
		   sections);
		for (j = 0; j < p.n_charts; j++) {
			bad += problems(&p.charts[j]);
			dots += value_on_dots(&p.charts[j]);
		}
		is_int(bad, 0, "%s: no text overlaps or is clipped",
		       files[i]);
		is_int(dots, 0, "%s: no value covers a run", files[i]);
		fsr_page_release(&p);
		release(&t);
		fsr_buf_release(&path);
	}
}

/* The text renderers' wrapping (table.c): columns, words, padding. */
static void test_wrap_words(void)
{
	static const struct {
		const char *in;
		size_t width;
		const char *want; /* lines joined by '|' */
	} cases[] = {
		{ "Initial Create", 30, "Initial Create" },
		{ "Initial Create", 8, "Initial|Create" },
		{ "Initial Create", 7, "Initial|Create" },
		{ "a b c d e f", 3, "a b|c d|e f" },
		{ "  two   spaces  ", 20, "two spaces" },
		{ "caf\xc3\xa9 cr\xc3\xa8me br\xc3\xbbl\xc3\xa9" "e", 11,
		  "caf\xc3\xa9 cr\xc3\xa8me|br\xc3\xbbl\xc3\xa9" "e" },
		{ "", 10, "" },
		{ "   ", 10, "" },
	};
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char **lines = NULL;
		size_t n = 0, cap = 0, got;

		got = fsr_wrap_words(cases[i].in, cases[i].width, &lines, &n,
				     &cap);
		fsr_buf_reset(&b);
		for (j = 0; j < n; j++) {
			if (j)
				fsr_buf_addc(&b, '|');
			fsr_buf_adds(&b, lines[j]);
			free(lines[j]);
		}
		free(lines);
		is_str(b.buf, cases[i].want,
		       "wrap_words '%s' in %zu columns", cases[i].in,
		       cases[i].width);
		ok(got == n && n >= 1, "wrap_words: %zu line(s) added", got);
	}
	fsr_buf_reset(&b);
	fsr_wrap_pad(&b, "caf\xc3\xa9", 6, 0);
	fsr_wrap_pad(&b, "7", 3, 1);
	is_str(b.buf, "caf\xc3\xa9    7", "pad: by columns, left and right");
	fsr_buf_release(&b);
}

/* Labels that differ never read the same once shortened. The labels
 * are hyperfine's command lines of tests/data/hyperfine/two-commands.json
 * and run names that differ only in the middle. */
static void test_shorten_apart(void)
{
	static const char *const hf[] = {
		"dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k count=16 "
		"conv=fdatasync",
		"dd if=/dev/zero of=/tmp/fsr-hf/testfile bs=64k count=16",
	};
	static const char *const runs[] = {
		"run-2024-01-01-alpha-xxxxxxxx-final",
		"run-2024-01-01-beta-xxxxxxxx-final",
		"run-2024-01-01-alpha-xxxxxxxx-final",
		"short",
	};
	char **out;
	size_t i;

	out = fsr_wrap_shorten_apart(fsr_wrap_columns, NULL, FSR_FONT_LABEL,
				     hf, 2, 24);
	is_str(out[0], "dd if=/dev/z\xe2\x80\xa6v=fdatasync",
	       "apart: middle-shortened, the head and the end kept");
	is_str(out[1], "dd if=/dev/z\xe2\x80\xa6" "4k count=16",
	       "apart: the other command reads differently");
	for (i = 0; i < 2; i++)
		free(out[i]);
	free(out);

	out = fsr_wrap_shorten_apart(fsr_wrap_columns, NULL, FSR_FONT_LABEL,
				     runs, 4, 12);
	is_str(out[0], "\xe2\x80\xa6" "alpha\xe2\x80\xa6" "final",
	       "apart: equal in the middle cut, the differing part kept");
	is_str(out[1], "\xe2\x80\xa6" "beta-\xe2\x80\xa6" "final",
	       "apart: and for the other");
	is_str(out[2], out[0], "apart: equal labels stay equal");
	is_str(out[3], "short", "apart: what fits is kept whole");
	for (i = 0; i < 4; i++) {
		ok(fsr_utf8_width(out[i]) <= 12, "apart: '%s' fits 12",
		   out[i]);
		free(out[i]);
	}
	free(out);
}

int main(void)
{
	fsr_analyze_init();
	test_nice_numbers();
	test_ticks();
	test_system_inks();
	test_units();
	test_wrap();
	test_wrap_words();
	test_shorten_apart();
	test_bars();
	test_kinds();
	test_changes();
	test_changes_turned();
	test_files();
	return done_testing();
}
