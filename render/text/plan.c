/*
 * plan.c - fsreport plan's outputs (docs/methods.md section 13): per
 * result the pilot's spread, the runs per configuration the plan needs
 * and, where the runs are or record durations, the machine time; as
 * text, Markdown, CSV and JSON (jansson). The numbers are analyze/power.c's
 * (fsr_plan()).
 *
 * JSON: { "format_version": 1, "generator": "fsreport", "command":
 * "plan", "plan": { "kind": "detect" | "equivalence", "pct", "power",
 * "alpha", "m", "row_alpha", "runs_of": "runs" | "run-sets" },
 * "rows": [ { "test", "description", "unit", "better",
 * "configurations", "n_pilot", "log_sd", "cv_pct", "runs", "reached",
 * "run_s", "machine_s" } ] }: the CSV's columns, numbers not defined
 * null; "runs" null with "reached" false when no number of runs (or
 * run sets) up to the search's end reaches the power.
 */
#include "../render.h"
#include "../render-internal.h"
#include "../vocab.h"
#include "../charts/layout.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../../lib/alloc.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_wrapped(struct fsr_sink *out, const char *text, int width,
			size_t indent)
{
	char **lines = NULL;
	size_t n = 0, cap = 0, i, w = width > 20 ? (size_t)width : 80;

	fsr_wrap_hang(text, w, w - indent, &lines, &n, &cap);
	for (i = 0; i < n; i++) {
		fsr_sink_printf(out, "%*s%s\n", i ? (int)indent : 0, "",
				lines[i]);
		free(lines[i]);
	}
	free(lines);
}

/* What the plan is for, in one sentence. */
static void plan_head(struct fsr_buf *b, const struct fsr_plan *p)
{
	const struct fsr_plan_opts *o = &p->opts;

	if (o->series && o->equivalence)
		fsr_buf_addf(b, "plan: stored run sets check needs in its "
			     "baseline to prove a new run set inside the "
			     "equivalence margin \xc2\xb1%g%% (two one-sided "
			     "prediction tests on the logarithms of the run "
			     "sets' means, no true change)", o->pct);
	else if (o->series)
		fsr_buf_addf(b, "plan: stored run sets check needs in its "
			     "baseline to detect a change of %g%% in a new "
			     "run set (its prediction test on the logarithms "
			     "of the run sets' means, two-sided)", o->pct);
	else if (o->equivalence)
		fsr_buf_addf(b, "plan: runs per configuration to prove a "
			     "change inside the equivalence margin \xc2\xb1%g%% "
			     "(two one-sided tests on the logarithms, no "
			     "true change)", o->pct);
	else
		fsr_buf_addf(b, "plan: runs per configuration to detect a "
			     "change of %g%% (Welch's test on the "
			     "logarithms, two-sided)", o->pct);
	fsr_buf_addf(b, " with %g%% power at alpha %g", 100 * o->power,
		     o->alpha);
	if (p->row_alpha < o->alpha)
		fsr_buf_addf(b, ", Bonferroni over the %zu rows %s "
			     "would correct over (%s each; Holm proves at "
			     "least as much)", p->m,
			     o->series ? "check" : "compare",
			     fsr_view_fig(p->row_alpha, FSR_FIG_ALPHA).s);
	fsr_buf_adds(b, ".");
}

/* The row's cells past its name: pilot, CV, runs, machine time; a row
 * without a spread leaves runs and time blank and says why in *why. */
struct plan_cells {
	char pilot[24], cv[56], runs[56];
	struct fsr_buf time;
	const char *why;
};

static void plan_cells(const struct fsr_plan *p, const struct fsr_plan_row *pr,
		       struct plan_cells *c)
{
	fsr_buf_reset(&c->time);
	c->why = NULL;
	if (!pr->k) {
		snprintf(c->pilot, sizeof(c->pilot), "-");
		snprintf(c->cv, sizeof(c->cv), "-");
		snprintf(c->runs, sizeof(c->runs), "-");
		c->why = p->opts.series ?
			 "(fewer than 2 run sets with a mean > 0)" :
			 "(fewer than 2 runs > 0 a configuration)";
		fsr_buf_adds(&c->time, c->why);
		return;
	}
	snprintf(c->pilot, sizeof(c->pilot), "%zu", pr->n_pilot);
	snprintf(c->cv, sizeof(c->cv), "%s%%",
		 fsr_view_fig(pr->cv_pct, FSR_FIG_CV).s);
	if (isfinite(pr->runs))
		snprintf(c->runs, sizeof(c->runs), "%s",
			 fsr_view_fig(pr->runs, FSR_FIG_COUNT).s);
	else
		snprintf(c->runs, sizeof(c->runs), "%s", isinf(pr->runs) ?
			 (p->opts.series ? "none" : ">10000") :
			 "any"); /* sd 0 */
	if (isfinite(pr->run_s) && isfinite(pr->runs))
		fsr_view_add_duration(&c->time, pr->runs * pr->run_s);
	else
		fsr_buf_adds(&c->time, "-");
}

/* What the columns mean, and the most runs any row needs (a sentence
 * of its own in *most_line, empty when no row has a number). */
static void plan_note(const struct fsr_plan *p, struct fsr_buf *b,
		      struct fsr_buf *most_line)
{
	double most = 0;
	size_t i;

	for (i = 0; i < p->n_rows; i++)
		if (p->rows[i].k && isfinite(p->rows[i].runs) &&
		    p->rows[i].runs > most)
			most = p->rows[i].runs;
	if (p->opts.series)
		fsr_buf_adds(b, "CV: the run-to-run spread of the stored "
			     "run sets, the sd of ln of their means, as a "
			     "lognormal CV (the runs inside a run set are not "
			     "pooled: check tests a new run set against the "
			     "spread of the stored ones); sets: the stored run "
			     "sets with a mean > 0. needed: the fewest "
			     "baseline run sets "
			     "whose power reaches the power asked, none: no "
			     "number would (the spread is too wide for the "
			     "change). machine time: the run sets needed times the "
			     "mean stored run set, for results in seconds "
			     "where lower is better or whose runs carry their "
			     "duration (PTS test-run-times, fio job_runtime) "
			     "in every stored run set. Every run set chosen "
			     "counts, where check uses those since the last "
			     "change point: choose them with --since. "
			     "docs/methods.md section 13.");
	else {
		fsr_buf_adds(b, "CV: the pilot's spread, the sd of ln x "
			     "pooled over the configurations with 2 or more "
			     "runs, all > 0, as a lognormal CV; pilot: the "
			     "fewest runs of one. runs: per configuration, ");
		fsr_buf_adds(b, p->opts.equivalence ?
			     "the smallest n whose exact power of the two "
			     "one-sided tests reaches the power asked" :
			     "R's power.t.test on ln x, rounded up");
		fsr_buf_adds(b, "; Welch's test on the logarithms, as "
			     "compare runs it, needs the same within one run "
			     "(simulated, docs/methods.md section 13). machine "
			     "time: runs times the mean run, per "
			     "configuration, for results in seconds where "
			     "lower is better (a timing log's real time, "
			     "hyperfine's times), else from the duration "
			     "recorded with each run (a PTS result file's "
			     "test-run-times, fio's job_runtime); inputs "
			     "without one show none.");
	}
	if (most > 0)
		fsr_buf_addf(most_line, p->opts.series ? "Every result: %s "
			     "stored run sets." : "Every result: %s runs "
			     "per configuration.",
			     fsr_view_fig(most, FSR_FIG_COUNT).s);
}

int fsr_render_plan_text(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_plan *p = v->plan;
	struct fsr_buf b = FSR_BUF_INIT, name = FSR_BUF_INIT,
		       most = FSR_BUF_INIT;
	struct plan_cells c = { .time = FSR_BUF_INIT };
	size_t i, wn = 6;

	(void)d;
	plan_head(&b, p);
	put_wrapped(out, b.buf, o->width, 2);
	for (i = 0; i < p->n_rows; i++) {
		size_t w;

		fsr_buf_reset(&name);
		fsr_vocab_result_name(v->report->results[p->rows[i].result],
				      &name);
		w = fsr_utf8_width(name.buf);
		if (w > wn)
			wn = w > 48 ? 48 : w;
	}
	fsr_sink_printf(out, "\n%-*s  %5s  %6s  %7s  %s\n", (int)wn, "result",
			p->opts.series ? "sets" : "pilot", "CV",
			p->opts.series ? "needed" : "runs", "machine time");
	for (i = 0; i < p->n_rows; i++) {
		const struct fsr_plan_row *pr = &p->rows[i];
		size_t w;

		fsr_buf_reset(&name);
		fsr_vocab_result_name(v->report->results[pr->result], &name);
		w = fsr_utf8_width(name.buf);
		plan_cells(p, pr, &c);
		fsr_sink_printf(out, "%s%*s  %5s  %6s  %7s  %s\n", name.buf,
				(int)(w < wn ? wn - w : 0), "", c.pilot, c.cv,
				c.runs, c.time.buf);
	}
	fsr_buf_reset(&b);
	fsr_buf_addc(&b, '\n');
	plan_note(p, &b, &most);
	put_wrapped(out, b.buf, o->width, 0);
	if (most.len) {
		fsr_sink_puts(out, "\n");
		put_wrapped(out, most.buf, o->width, 0);
	}
	fsr_text_run_notes(v->report, out, o->width > 20 ? (size_t)o->width : 80,
		  "\n");
	fsr_buf_release(&c.time);
	fsr_buf_release(&most);
	fsr_buf_release(&b);
	fsr_buf_release(&name);
	return 0;
}

/* The plan as Markdown, for a pull request or a list post: the head as
 * a paragraph, a table (numbers right-aligned), the note. */
int fsr_render_plan_markdown(const struct fsr_view *v,
			     const struct fsr_render_opts *o,
			     struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_plan *p = v->plan;
	struct fsr_buf b = FSR_BUF_INIT, name = FSR_BUF_INIT,
		       most = FSR_BUF_INIT;
	struct plan_cells c = { .time = FSR_BUF_INIT };
	char *s;
	size_t i;

	(void)o;
	(void)d;
	plan_head(&b, p);
	s = fsr_md_escape(b.buf);
	fsr_sink_printf(out, "%s\n\n| result | %s | CV | %s | machine time |\n"
			"| --- | ---: | ---: | ---: | ---: |\n", s,
			p->opts.series ? "sets" : "pilot",
			p->opts.series ? "needed" : "runs");
	free(s);
	for (i = 0; i < p->n_rows; i++) {
		const struct fsr_plan_row *pr = &p->rows[i];
		char *cells[5];
		size_t k;

		fsr_buf_reset(&name);
		fsr_vocab_result_name(v->report->results[pr->result], &name);
		plan_cells(p, pr, &c);
		cells[0] = fsr_md_escape(name.buf);
		cells[1] = fsr_md_escape(c.pilot);
		cells[2] = fsr_md_escape(c.cv);
		cells[3] = fsr_md_escape(c.runs);
		cells[4] = fsr_md_escape(c.time.buf);
		fsr_sink_printf(out, "| %s | %s | %s | %s | %s |\n", cells[0],
				cells[1], cells[2], cells[3], cells[4]);
		for (k = 0; k < 5; k++)
			free(cells[k]);
	}
	fsr_buf_reset(&b);
	plan_note(p, &b, &most);
	s = fsr_md_escape(b.buf);
	fsr_sink_printf(out, "\n%s\n", s);
	free(s);
	if (most.len) {
		s = fsr_md_escape(most.buf);
		fsr_sink_printf(out, "\n%s\n", s);
		free(s);
	}
	/* the lines fsr_text_run_notes() prints under the text, a
	 * paragraph each */
	for (i = 0; i < FSR_VIEW_RUN_NOTES; i++) {
		fsr_buf_reset(&b);
		if (!fsr_view_run_note(&b, v->report, i))
			continue;
		s = fsr_md_escape(b.buf);
		fsr_sink_printf(out, "\n%s\n", s);
		free(s);
	}
	fsr_buf_release(&c.time);
	fsr_buf_release(&most);
	fsr_buf_release(&b);
	fsr_buf_release(&name);
	return 0;
}

static void num(struct fsr_buf *line, double x)
{
	fsr_buf_addc(line, ',');
	if (isfinite(x))
		fsr_buf_add_double(line, x);
}

int fsr_render_plan_csv(const struct fsr_view *v,
			const struct fsr_render_opts *o,
			struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_plan *p = v->plan;
	struct fsr_buf line = FSR_BUF_INIT;
	size_t i;

	(void)o;
	(void)d;
	fsr_sink_puts(out, "test,description,unit,better,kind,pct,power,"
		      "alpha,m,row_alpha,configurations,n_pilot,log_sd,"
		      "cv_pct,runs,run_s,machine_s,runs_of\n");
	for (i = 0; i < p->n_rows; i++) {
		const struct fsr_plan_row *pr = &p->rows[i];
		const struct fsr_result *res = v->report->results[pr->result];

		fsr_buf_reset(&line);
		fsr_csv_field(&line, res->test ? res->test : "", 1);
		fsr_csv_field(&line, res->description ? res->description : "",
			      0);
		fsr_csv_field(&line, res->unit ? res->unit : "", 0);
		fsr_csv_field(&line, res->better == FSR_BETTER_HIGHER ?
			      "higher" : res->better == FSR_BETTER_LOWER ?
			      "lower" : "", 0);
		fsr_csv_field(&line, p->opts.equivalence ? "equivalence" :
			      "detect", 0);
		num(&line, p->opts.pct);
		num(&line, p->opts.power);
		num(&line, p->opts.alpha);
		num(&line, (double)p->m);
		num(&line, p->row_alpha);
		num(&line, (double)pr->k);
		num(&line, (double)pr->n_pilot);
		num(&line, pr->log_sd);
		num(&line, pr->cv_pct);
		num(&line, pr->runs);
		num(&line, pr->run_s);
		num(&line, pr->runs * pr->run_s);
		fsr_buf_addc(&line, ',');
		fsr_buf_adds(&line, p->opts.series ? "run-sets" : "runs");
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
	}
	fsr_buf_release(&line);
	return 0;
}

/* Whole numbers as JSON integers, the rest as reals, not defined null.
 * *digits: the most significant digits (15..17) a real needs to read
 * back as the same double, as the CSV writes it; the document is
 * written with that many. */
static json_t *jnum(int *digits, double x)
{
	int p;

	if (!isfinite(x))
		return json_null();
	if (x == floor(x) && fabs(x) < 9007199254740992.0)
		return json_integer((json_int_t)x);
	p = fsr_json_digits(x);
	if (p > *digits)
		*digits = p;
	return json_real(x);
}

static json_t *jstr(const char *s)
{
	json_t *v = s ? json_string(s) : json_null();

	return v ? v : json_null(); /* not UTF-8: null, as never valid */
}

int fsr_render_plan_json(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_plan *p = v->plan;
	json_t *root = json_object(), *head = json_object(),
	       *rows = json_array();
	size_t i;
	int dg = 15;

	(void)o;
	json_object_set_new(root, "format_version", json_integer(1));
	json_object_set_new(root, "generator", json_string("fsreport"));
	json_object_set_new(root, "command", json_string("plan"));
	json_object_set_new(head, "kind", json_string(p->opts.equivalence ?
						      "equivalence" :
						      "detect"));
	json_object_set_new(head, "pct", jnum(&dg, p->opts.pct));
	json_object_set_new(head, "power", jnum(&dg, p->opts.power));
	json_object_set_new(head, "alpha", jnum(&dg, p->opts.alpha));
	json_object_set_new(head, "m", jnum(&dg, (double)p->m));
	json_object_set_new(head, "row_alpha", jnum(&dg, p->row_alpha));
	json_object_set_new(head, "runs_of", json_string(p->opts.series ?
							 "run-sets" :
							 "runs"));
	json_object_set_new(root, "plan", head);
	for (i = 0; i < p->n_rows; i++) {
		const struct fsr_plan_row *pr = &p->rows[i];
		const struct fsr_result *res = v->report->results[pr->result];
		json_t *row = json_object();

		json_object_set_new(row, "test", jstr(res->test));
		json_object_set_new(row, "description",
				    jstr(res->description));
		json_object_set_new(row, "unit", jstr(res->unit));
		json_object_set_new(row, "better",
				    res->better == FSR_BETTER_HIGHER ?
				    json_string("higher") :
				    res->better == FSR_BETTER_LOWER ?
				    json_string("lower") : json_null());
		json_object_set_new(row, "configurations",
				    jnum(&dg, (double)pr->k));
		json_object_set_new(row, "n_pilot",
				    jnum(&dg, (double)pr->n_pilot));
		json_object_set_new(row, "log_sd", jnum(&dg, pr->log_sd));
		json_object_set_new(row, "cv_pct", jnum(&dg, pr->cv_pct));
		json_object_set_new(row, "runs", jnum(&dg, pr->runs));
		json_object_set_new(row, "reached",
				    json_boolean(!isinf(pr->runs)));
		json_object_set_new(row, "run_s", jnum(&dg, pr->run_s));
		json_object_set_new(row, "machine_s",
				    jnum(&dg, pr->runs * pr->run_s));
		json_array_append_new(rows, row);
	}
	json_object_set_new(root, "rows", rows);
	return fsr_json_put(out, root, dg, d);
}
