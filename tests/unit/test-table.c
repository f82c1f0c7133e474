/*
 * test-table.c - the diff table (render/text/table.c) and its Markdown form
 * (render/text/markdown.c): DIFF texts and their sign, Type texts, missing
 * and failed cells, --group blocks and their baselines, wrapping to the
 * width, the exact text and Markdown of small tables, and Markdown
 * escaping.
 */
#include "render/render.h"
#include "render/render-internal.h"
#include "tap.h"

#include <stdlib.h>

struct fixture {
	struct fsr_report *r;
	struct fsr_stats *stats;
	struct fsr_comparison *cmp;
	struct fsr_view view;
	struct fsr_render_opts ro;
};

/* A run set labelled label holding one system (the run set itself). */
#define UP "\xe2\x86\x91"   /* after the unit: higher is better */
#define DOWN "\xe2\x86\x93" /* lower is better */

static size_t add_system(struct fsr_report *r, const char *label)
{
	size_t rs = fsr_report_add_runset(r, label, label, 1);

	return fsr_report_system(r, rs, NULL);
}

static struct fsr_result *add_result(struct fsr_report *r, const char *test,
				     const char *desc, const char *unit,
				     enum fsr_better better)
{
	struct fsr_result_key key = { test, "", desc, "", unit };
	struct fsr_result *res = fsr_report_result(r, &key);

	res->better = better;
	return res;
}

static void add(struct fsr_result *res, size_t sys, double x)
{
	fsr_cell_add_sample(fsr_result_cell(res, sys), x);
}

/* Analyze and (for compare) compare f->r; baseline NULL: the first. */
static void finish(struct fixture *f, enum fsr_command cmd,
		   const char *baseline)
{
	struct fsr_analyze_opts ao = { 0.95, 0, 0 };
	struct fsr_compare_opts co;
	struct fsr_diag d;

	fsr_report_finish_labels(f->r);
	f->stats = fsr_analyze(f->r, &ao, &d);
	f->cmp = NULL;
	if (cmd == FSR_CMD_COMPARE) {
		memset(&co, 0, sizeof(co));
		co.confidence = 0.95;
		co.alpha = 0.05;
		co.baseline = baseline;
		f->cmp = fsr_compare(f->r, f->stats, &co, &d);
	}
	memset(&f->view, 0, sizeof(f->view));
	f->view.command = cmd;
	f->view.report = f->r;
	f->view.stats = f->stats;
	f->view.cmp = f->cmp;
	memset(&f->ro, 0, sizeof(f->ro));
	f->ro.width = 80;
}

static void release(struct fixture *f)
{
	fsr_comparison_free(f->cmp);
	fsr_stats_free(f->stats);
	fsr_report_free(f->r);
}

/* Render f with renderer fn into a new string (free it). */
static char *render(struct fixture *f,
		    int (*fn)(const struct fsr_view *,
			      const struct fsr_render_opts *,
			      struct fsr_sink *, struct fsr_diag *),
		    int *rc)
{
	struct fsr_buf b = FSR_BUF_INIT;
	struct fsr_sink sink = { NULL, &b, 0 };
	struct fsr_diag d;

	fsr_diag_clear(&d);
	*rc = fn(&f->view, &f->ro, &sink, &d);
	return fsr_buf_detach(&b);
}

static const char *cell(const struct fsr_table *t, size_t row, size_t col)
{
	return t->cells[row * t->n_cols + col];
}

static void test_diff_text(void)
{
	static const struct {
		double pct;
		const char *want;
	} cases[] = {
		{ 58.49655902593965, "+58.50%" },
		{ -43.042186571598336, "-43.04%" },
		{ 1093.6852, "+1093.69%" },
		{ 0, "0.00%" },
		{ -0.0, "0.00%" },
		{ 1e-12, "0.00%" },     /* noise of equal means */
		{ -0.003, "-0.00%" },   /* rounds to zero, keeps its sign */
		{ 0.004, "+0.00%" },
		{ 0.125, "+0.13%" },    /* half away from zero, as written */
		{ -0.125, "-0.13%" },
		{ NAN, "-" },
		{ INFINITY, "-" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_table_diff_text(cases[i].pct, &b);
		is_str(b.buf, cases[i].want, "diff text of %g", cases[i].pct);
		fsr_buf_release(&b);
	}
}

/* Two PostMark-like metrics, A against B, one of them missing on B. */
static void test_compare_cells(void)
{
	struct fixture f = { 0 };
	struct fsr_result *dur, *tps, *rb, *only;
	struct fsr_table t;
	struct fsr_diag d;
	size_t a, b;

	f.r = fsr_report_new();
	a = add_system(f.r, "NODISCARD");
	b = add_system(f.r, "DISCARD");
	dur = add_result(f.r, "PostMark", "Total_duration", "s",
			 FSR_BETTER_LOWER);
	tps = add_result(f.r, "PostMark", "Transactions/s", "tx/s",
			 FSR_BETTER_HIGHER);
	rb = add_result(f.r, "PostMark", "Read_B/s", "B/s",
			FSR_BETTER_HIGHER);
	only = add_result(f.r, "PostMark", "Deleted/s", "files/s",
			  FSR_BETTER_HIGHER);
	add(dur, a, 377.8);
	add(dur, b, 598.8);
	add(tps, a, 168.3);
	add(tps, b, 95.86);
	add(rb, a, 100);
	fsr_cell_add_failed(fsr_result_cell(rb, b), "crashed");
	add(only, a, 197.92);
	finish(&f, FSR_CMD_COMPARE, NULL);

	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == 0, "compare builds");
	/* one run per system everywhere: no interval, no CI column */
	is_int(t.n_cols, 5, "Type, NODISCARD, DISCARD, DIFF, Verdict");
	is_str(t.head[0], "Type", "first heading");
	is_str(t.head[1], "NODISCARD", "baseline column");
	is_str(t.head[2], "DISCARD", "other column");
	is_str(t.head[3], "DIFF", "its change");
	ok(!t.right[0] && t.right[1] && t.right[2] && t.right[3],
	   "Type left, numbers right");
	is_int(t.n_blocks, 1, "one block without --group");
	ok(t.blocks[0].title == NULL && t.blocks[0].first == 1 &&
	   t.blocks[0].n == 4 && t.blocks[0].unit == 3,
	   "the block holds columns 1-4, untitled, in units of 3");
	is_str(t.head[4], "Verdict", "then the verdict, no CI column");
	ok(!t.right[4], "verdict left");
	is_int(t.n_rows, 4, "a row per result");
	is_str(cell(&t, 0, 0), "Total_duration (s" DOWN ")",
	       "one title: Type is the description, unit and direction");
	is_str(cell(&t, 1, 0), "Transactions/s (tx/s" UP ")",
	       "higher is better: the arrow up");
	is_str(cell(&t, 0, 4), "n/a s", "one run a side: no verdict, mark s");
	is_str(cell(&t, 3, 4), "-", "nor without the other side");
	is_str(cell(&t, 0, 1), "377.80", "mean at two decimals");
	is_str(cell(&t, 0, 3), "+58.50%", "longer duration: +");
	is_str(cell(&t, 1, 3), "-43.04%", "fewer transactions/s: -");
	is_str(cell(&t, 2, 2), "FAILED", "every run failed");
	is_str(cell(&t, 2, 3), "-", "no change without data");
	is_str(cell(&t, 3, 1), "197.92", "result only in the baseline");
	is_str(cell(&t, 3, 2), "-", "missing cell is a dash, never 0");
	is_str(cell(&t, 3, 3), "-", "and so is its change");
	fsr_table_release(&t);
	release(&f);
}

/* With an interval, DIFF is the estimate the interval is of: the ratio
 * of the geometric means. Base 1, 1, 4 (geometric mean 4^(1/3), mean 2),
 * other 2, 2, 2: 2 / 4^(1/3) = 2^(1/3) = 1.259921..., "+25.99%", where
 * the means, 2 and 2, would say 0.00%: so the values beside it are the
 * geometric means, 1.59 and 2.00 (the view's rule 1). */
static void test_diff_is_the_estimate(void)
{
	struct fixture f = { 0 };
	struct fsr_result *x;
	struct fsr_table t;
	struct fsr_diag d;
	struct fsr_buf lg = FSR_BUF_INIT;
	size_t a, b;

	f.r = fsr_report_new();
	a = add_system(f.r, "A");
	b = add_system(f.r, "B");
	x = add_result(f.r, "T", "time", "s", FSR_BETTER_LOWER);
	add(x, a, 1);
	add(x, a, 1);
	add(x, a, 4);
	add(x, b, 2);
	add(x, b, 2);
	add(x, b, 2);
	finish(&f, FSR_CMD_COMPARE, NULL);
	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == 0, "builds");
	is_str(cell(&t, 0, 1), "1.59", "baseline: its geometric mean");
	is_str(cell(&t, 0, 2), "2.00", "other: its geometric mean");
	is_str(cell(&t, 0, 3), "+25.99%",
	       "DIFF: the ratio of the geometric means, 2^(1/3)");
	ok(strcmp(cell(&t, 0, 4), "-") != 0, "beside its interval");
	fsr_table_legend(&f.view, &f.ro, &t, &lg);
	ok(strstr(lg.buf, "DIFF: the change its CI is of, the ratio of "
		  "the geometric means;") != NULL,
	   "the legend says which estimate");
	ok(strstr(lg.buf, "values: the geometric means of the runs;") != NULL,
	   "and which values are printed");
	fsr_buf_release(&lg);
	fsr_table_release(&t);
	release(&f);
}

static void test_types(void)
{
	struct fixture f = { 0 };
	struct fsr_result *x;
	struct fsr_table t;
	struct fsr_diag d;
	size_t a;

	f.r = fsr_report_new();
	a = add_system(f.r, "a");
	x = add_result(f.r, "FS-Mark", "Test: 1000 Files", "Files/s",
		       FSR_BETTER_HIGHER);
	add(x, a, 1);
	x = add_result(f.r, "Dbench", "", "MB/s", FSR_BETTER_HIGHER);
	add(x, a, 2);
	x = add_result(f.r, "fio", "Read", "IOPS", FSR_BETTER_HIGHER);
	add(x, a, 3);
	x = add_result(f.r, "fio", "Read", "MB/s", FSR_BETTER_HIGHER);
	add(x, a, 4);
	x = add_result(f.r, "zstd", "Level 3", "", FSR_BETTER_HIGHER);
	add(x, a, 5);
	x = add_result(f.r, "zstd", "Level 3", "", FSR_BETTER_LOWER);
	add(x, a, 6);
	/* Same key but for the arguments: two results, one text. */
	{
		struct fsr_result_key key = { "zstd", "-3", "Level 3", "",
					      "" };

		add(fsr_report_result(f.r, &key), a, 7);
	}
	finish(&f, FSR_CMD_SHOW, NULL);
	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == 0, "show builds");
	is_int(t.n_rows, 6, "a row per result and system");
	is_str(cell(&t, 0, 0), "FS-Mark: 1000 Files",
	       "several titles: Title: Description, without PTS's doubled Test:");
	is_str(cell(&t, 1, 0), "Dbench", "no description: the title");
	is_str(cell(&t, 2, 0), "fio: Read (IOPS)",
	       "equal texts get their unit");
	is_str(cell(&t, 3, 0), "fio: Read (MB/s)", "the other unit");
	is_str(cell(&t, 4, 0), "zstd: Level 3", "no unit: the first");
	is_str(cell(&t, 5, 0), "zstd: Level 3 (2)", "then numbered");
	fsr_table_release(&t);
	release(&f);
}

static void test_show_cells(void)
{
	struct fixture f = { 0 };
	struct fsr_result *x;
	struct fsr_table t;
	struct fsr_diag d;
	size_t a, b;

	f.r = fsr_report_new();
	a = add_system(f.r, "ext4");
	b = add_system(f.r, "xfs");
	x = add_result(f.r, "PostMark", "Transactions/s", "tx/s",
		       FSR_BETTER_HIGHER);
	add(x, a, 1);
	add(x, a, 2);
	add(x, a, 3);
	add(x, b, 5);
	fsr_cell_add_failed(fsr_result_cell(x, b), "out of files");
	finish(&f, FSR_CMD_SHOW, NULL);
	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == 0, "show builds");
	is_int(t.n_cols, 7, "Type, System, n, Mean, CI, CV, Unit");
	is_str(t.head[4], "\xc2\xb1" "95% CI",
	       "the CI heading names the level");
	is_int(t.n_rows, 2, "a row per system");
	is_str(cell(&t, 0, 0), "Transactions/s", "Type on the first row");
	is_str(cell(&t, 1, 0), "", "blank on the next");
	is_str(cell(&t, 0, 1), "ext4", "system");
	is_str(cell(&t, 0, 2), "3", "n");
	is_str(cell(&t, 0, 3), "2.00", "mean");
	/* t(0.975, 2) = 4.302653 * sd 1 / sqrt 3 = 2.4841 */
	/* [-0.48, 4.48] for runs all > 0: marked b (rule 9) */
	is_str(cell(&t, 0, 4), "2.48 b", "half-width of the t interval");
	is_str(cell(&t, 0, 5), "50.00%", "CV");
	is_str(cell(&t, 0, 6), "tx/s", "unit");
	is_str(cell(&t, 1, 2), "1 (1 failed)", "failed runs are counted");
	is_str(cell(&t, 1, 4), "-", "no interval from one run");
	is_str(cell(&t, 1, 5), "-", "no CV from one run");
	fsr_table_release(&t);
	release(&f);
}

/* Four run sets in two groups, as the seed's BUFFERING tables. */
static void groups_fixture(struct fixture *f)
{
	struct fsr_result *x;
	size_t s[4];

	f->r = fsr_report_new();
	s[0] = add_system(f->r, "NODISCARD");
	s[1] = add_system(f->r, "DISCARD");
	s[2] = add_system(f->r, "NODISCARD");
	s[3] = add_system(f->r, "DISCARD");
	x = add_result(f->r, "PostMark", "Total_duration", "s",
		       FSR_BETTER_LOWER);
	add(x, s[0], 377.8);
	add(x, s[1], 598.8);
	add(x, s[2], 370.2);
	add(x, s[3], 594.6);
	x = add_result(f->r, "PostMark", "Creation_alone/s", "files/s",
		       FSR_BETTER_HIGHER);
	add(x, s[0], 969.86);
	add(x, s[1], 981.15);
	add(x, s[2], 971.11);
	add(x, s[3], 971.11);
}

static void test_groups(void)
{
	static const struct fsr_table_group groups[] = {
		{ .title = "BUFFERING ENABLED", .first = 0, .n = 2 },
		{ .title = "BUFFERING DISABLED", .first = 2, .n = 2 },
	};
	static const struct fsr_table_group bad[] = {
		{ .title = "ONE", .first = 0, .n = 2 },
		{ .title = "TWO", .first = 2, .n = 1 },
	};
	struct fixture f = { 0 };
	struct fsr_table t;
	struct fsr_diag d;
	char *s;
	int rc;

	groups_fixture(&f);
	finish(&f, FSR_CMD_COMPARE, NULL);
	f.ro.groups = groups;
	f.ro.n_groups = 2;
	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == 0, "groups build");
	is_int(t.n_blocks, 2, "a block per group");
	is_str(t.blocks[1].title, "BUFFERING DISABLED", "its title");
	ok(t.blocks[1].first == 5 && t.blocks[1].n == 4,
	   "second block: columns 5-8 (means, DIFF, verdict)");
	is_str(cell(&t, 0, 7), "+60.62%",
	       "second group against its own first run set");
	is_str(cell(&t, 1, 7), "0.00%", "equal means: no sign");
	is_int(t.n_cols, 9, "one run each in both groups: no CI column");
	fsr_table_release(&t);

	s = render(&f, fsr_render_table, &rc);
	is_int(rc, 0, "grouped table renders");
	is_str(s,
	       "                            | BUFFERING ENABLED             "
	       "       |\n"
	       "Type                        | NODISCARD  DISCARD     DIFF  V"
	       "erdict |\n"
	       "============================+==============================="
	       "=======+\n"
	       "Total_duration (s\xe2\x86\x93)         |    377.80   598.80 "
	       " +58.50%  -       |\n"
	       "Creation_alone/s (files/s\xe2\x86\x91) |    969.86   981.15 "
	       "  +1.16%  -       |\n"
	       "============================+==============================="
	       "=======+\n"
	       "\n"
	       "                            | BUFFERING DISABLED            "
	       "       |\n"
	       "Type                        | NODISCARD  DISCARD     DIFF  V"
	       "erdict |\n"
	       "============================+==============================="
	       "=======+\n"
	       "Total_duration (s\xe2\x86\x93)         |    370.20   594.60 "
	       " +60.62%  -       |\n"
	       "Creation_alone/s (files/s\xe2\x86\x91) |    971.11   971.11 "
	       "   0.00%  -       |\n"
	       "============================+==============================="
	       "=======+\n"
	       "\xe2\x86\x91 higher is better, \xe2\x86\x93 lower is better;"
	       " DIFF: the change of the means; each group\n"
	       "is compared on its own, against its first run set, its p val"
	       "ues corrected within\n"
	       "it\n",
	       "groups too wide side by side: a table each, under its "
	       "title, exactly");
	free(s);

	f.ro.groups = bad;
	/* the command line refuses these first (t0330); to the renderer
	 * they are a broken contract */
	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == FSR_EINTERNAL,
	   "groups that leave a run set out are refused");
	is_str(d.msg, "the --group columns do not cut the 4 run sets into "
	       "groups", "and say so");
	release(&f);

	groups_fixture(&f);
	finish(&f, FSR_CMD_COMPARE, "DISCARD");
	f.ro.groups = groups;
	f.ro.n_groups = 2;
	ok(fsr_table_build(&f.view, &f.ro, &t, &d) == FSR_EINTERNAL,
	   "--baseline with --group is refused");
	release(&f);
}

static void test_text_exact(void)
{
	struct fixture f = { 0 };
	struct fsr_result *x;
	size_t a, b;
	char *s;
	int rc;

	f.r = fsr_report_new();
	a = add_system(f.r, "A");
	b = add_system(f.r, "B");
	x = add_result(f.r, "PostMark", "Total_duration", "s",
		       FSR_BETTER_LOWER);
	add(x, a, 377.8);
	add(x, b, 598.8);
	x = add_result(f.r, "PostMark", "Transactions/s", "tx/s",
		       FSR_BETTER_HIGHER);
	add(x, a, 168.3);
	finish(&f, FSR_CMD_COMPARE, NULL);
	s = render(&f, fsr_render_table, &rc);
	is_int(rc, 0, "table renders");
	is_str(s,
	       "Type                   |      A       B     DIFF  Verdict |\n"
	       "=======================+==================================+\n"
	       "Total_duration (s\xe2\x86\x93)    | 377.80  598.80  +58.50% "
	       " n/a s   |\n"
	       "Transactions/s (tx/s\xe2\x86\x91) | 168.30       -        - "
	       " -       |\n"
	       "=======================+==================================+\n"
	       "\xe2\x86\x91 higher is better, \xe2\x86\x93 lower is better;"
	       " DIFF: the change of the means. Marks\n"
	       "after a verdict: s: fewer than 2 runs on a side: no interval"
	       ", no test, verdict\n"
	       "n/a. Run each configuration several times (10 is good).\n",
	       "the text table, exactly");
	free(s);
	s = render(&f, fsr_render_markdown, &rc);
	is_int(rc, 0, "markdown renders");
	is_str(s,
	       "| Type                   |      A |      B |    DIFF | Verdi"
	       "ct |\n"
	       "| ---------------------- | -----: | -----: | ------: | -----"
	       "-- |\n"
	       "| Total_duration (s\xe2\x86\x93)    | 377.80 | 598.80 | +58."
	       "50% | n/a s   |\n"
	       "| Transactions/s (tx/s\xe2\x86\x91) | 168.30 |      - |     "
	       "  - | -       |\n"
	       "\n"
	       "\xe2\x86\x91 higher is better, \xe2\x86\x93 lower is better;"
	       " DIFF: the change of the means. Marks after a verdict: s: fe"
	       "wer than 2 runs on a side: no interval, no test, verdict n/a"
	       ". Run each configuration several times (10 is good).\n",
	       "the markdown table, exactly, with the legend under it");
	free(s);
	release(&f);
}

static void test_markdown_groups(void)
{
	static const struct fsr_table_group groups[] = {
		{ .title = "ON", .first = 0, .n = 2 },
		{ .title = "OFF", .first = 2, .n = 2 },
	};
	struct fixture f = { 0 };
	char *s;
	int rc;

	groups_fixture(&f);
	finish(&f, FSR_CMD_COMPARE, NULL);
	f.ro.groups = groups;
	f.ro.n_groups = 2;
	s = render(&f, fsr_render_markdown, &rc);
	is_int(rc, 0, "grouped markdown renders");
	is_str(s,
	       "| Type                        |            ON |             "
	       "|          |             |           OFF |             |    "
	       "      |             |\n"
	       "| --------------------------- | ------------: | ----------: "
	       "| -------: | ----------- | ------------: | ----------: | ---"
	       "----: | ----------- |\n"
	       "|                             | **NODISCARD** | **DISCARD** "
	       "| **DIFF** | **Verdict** | **NODISCARD** | **DISCARD** | **D"
	       "IFF** | **Verdict** |\n"
	       "| Total_duration (s\xe2\x86\x93)         |        377.80 |  "
	       "    598.80 |  +58.50% | -           |        370.20 |      5"
	       "94.60 |  +60.62% | -           |\n"
	       "| Creation_alone/s (files/s\xe2\x86\x91) |        969.86 |  "
	       "    981.15 |   +1.16% | -           |        971.11 |      9"
	       "71.11 |    0.00% | -           |\n"
	       "\n"
	       "\xe2\x86\x91 higher is better, \xe2\x86\x93 lower is better;"
	       " DIFF: the change of the means; each group is compared on it"
	       "s own, against its first run set, its p values corrected wit"
	       "hin it\n",
	       "group titles head the table, column names in bold below");
	free(s);
	release(&f);
}

static void test_markdown_escape(void)
{
	struct fixture f = { 0 };
	struct fsr_result *x;
	size_t a, b;
	char *s;
	int rc;

	f.r = fsr_report_new();
	a = add_system(f.r, "a|b");
	b = add_system(f.r, "*new*");
	x = add_result(f.r, "t", "read_B/s | _x_ `y` [z] <w> \\", "",
		       FSR_BETTER_HIGHER);
	add(x, a, 1);
	add(x, b, 2);
	finish(&f, FSR_CMD_COMPARE, NULL);
	s = render(&f, fsr_render_markdown, &rc);
	is_int(rc, 0, "markdown renders");
	ok(strstr(s, "| a\\|b |") != NULL, "| in a heading is escaped");
	ok(strstr(s, "| \\*new\\* |") != NULL, "so is *");
	ok(strstr(s, "| read_B/s \\| \\_x\\_ \\`y\\` \\[z\\] \\<w> \\\\ "
		  "(" UP ") |") !=
	   NULL, "_ inside a word stays, the rest is escaped");
	free(s);
	release(&f);
}

static void test_wrap(void)
{
	struct fixture f = { 0 };
	struct fsr_result *x;
	size_t a, b;
	char *s;
	int rc;

	f.r = fsr_report_new();
	a = add_system(f.r, "Defaults");
	b = add_system(f.r, "nobarrier");
	x = add_result(f.r, "Flexible IO Tester",
		       "Type: Intel IOMeter File Server Access Pattern",
		       "s", FSR_BETTER_LOWER);
	add(x, a, 102.98);
	add(x, b, 102.89);
	x = add_result(f.r, "FS-Mark", "Type: 1000 Files, 1MB Size",
		       "Files/s", FSR_BETTER_HIGHER);
	add(x, a, 81.13);
	add(x, b, 82.03);
	finish(&f, FSR_CMD_COMPARE, NULL);
	f.ro.width = 72;
	s = render(&f, fsr_render_table, &rc);
	is_int(rc, 0, "table renders");
	is_str(s,
	       "Type                            | Defaults  nobarrier    DIF"
	       "F  Verdict |\n"
	       "================================+==========================="
	       "===========+\n"
	       "Flexible IO Tester: Type: Intel |   102.98     102.89  -0.09"
	       "%  n/a s   |\n"
	       "IOMeter File Server Access      |                           "
	       "           |\n"
	       "Pattern (s\xe2\x86\x93)                    |                "
	       "                      |\n"
	       "FS-Mark: Type: 1000 Files, 1MB  |    81.13      82.03  +1.11"
	       "%  n/a s   |\n"
	       "Size (Files/s\xe2\x86\x91)                 |                "
	       "                      |\n"
	       "================================+==========================="
	       "===========+\n"
	       "\xe2\x86\x91 higher is better, \xe2\x86\x93 lower is better;"
	       " DIFF: the change of the means.\n"
	       "Marks after a verdict: s: fewer than 2 runs on a side: no in"
	       "terval, no\n"
	       "test, verdict n/a. Run each configuration several times (10 "
	       "is good).\n",
	       "Type wraps at spaces to fit --width 72");
	free(s);
	f.ro.width = 52;
	s = render(&f, fsr_render_table, &rc);
	is_str(s,
	       "  Defaults  nobarrier    DIFF  Verdict\n"
	       "======================================\n"
	       "Flexible IO Tester: Type: Intel IOMeter File Server\n"
	       "Access Pattern (s\xe2\x86\x93)\n"
	       "    102.98     102.89  -0.09%  n/a s\n"
	       "FS-Mark: Type: 1000 Files, 1MB Size (Files/s\xe2\x86\x91)\n"
	       "     81.13      82.03  +1.11%  n/a s\n"
	       "======================================\n"
	       "\xe2\x86\x91 higher is better, \xe2\x86\x93 lower is better;"
	       " DIFF: the\n"
	       "change of the means. Marks after a verdict: s: fewer\n"
	       "than 2 runs on a side: no interval, no test, verdict\n"
	       "n/a. Run each configuration several times (10 is\n"
	       "good).\n",
	       "at --width 52 Type would be 12 columns: stacked, each Type "
	       "above its numbers");
	free(s);
	f.ro.width = 200;
	s = render(&f, fsr_render_table, &rc);
	ok(strstr(s, "Flexible IO Tester: Type: Intel IOMeter File Server "
		  "Access Pattern (s" DOWN ") |") != NULL, "and not when it fits");
	free(s);
	release(&f);
}

int main(void)
{
	fsr_analyze_init();
	test_diff_text();
	test_compare_cells();
	test_diff_is_the_estimate();
	test_types();
	test_show_cells();
	test_groups();
	test_text_exact();
	test_markdown_groups();
	test_markdown_escape();
	test_wrap();
	return done_testing();
}
