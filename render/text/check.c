/*
 * check.c - fsreport check's outputs: only the results whose new run set
 * differs from the stored baseline (better or worse), as LKP's robot
 * mails list only what changed. They read v->report, v->stats and
 * v->check (analyze/changepoint.h).
 *
 * Text:
 *	check: 6.13 against the stored series
 *	(per result the run sets since its last change point; ...)
 *
 *	  -7.18% [-8.12, -6.24]  worse  PostMark: Transactions/s [tx/s, ...]
 *	      3495.70 vs 3766.24 of 6.5 .. 6.12 (8 run sets, prediction), ...
 *
 *	1 worse, 0 better, 2 not changed (3 results checked)
 *
 * CSV (version 1), one row per changed result (with --max-regression,
 * per result the gate tested too):
 *	result,test,description,unit,better,label,baseline_first,
 *	baseline_last,k,n,mean_base,sd_base,mean,change_pct,ci_low_pct,
 *	ci_high_pct,p,p_adj,verdict,method,gate,margin_pct,p_margin,
 *	p_margin_adj,detect_pct,runs_needed,lag1_autocorr,autocorrelated
 */
#include "../trend.h"
#include "../render-internal.h"
#include "../vocab.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../charts/layout.h"
#include "../../lib/strbuf.h"

#include "../../lib/numbers.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int changed(const struct fsr_check_row *c)
{
	return c->verdict == FSR_VERDICT_WORSE ||
	       c->verdict == FSR_VERDICT_BETTER;
}

static const char *sys_label(const struct fsr_view *v, size_t pos)
{
	const struct fsr_trend *t = v->check->trend;

	return v->report->systems[t->order[pos]].label;
}

static void row_text(const struct fsr_view *v, const struct fsr_check_row *c,
		     const struct fsr_render_opts *o, struct fsr_sink *out)
{
	const struct fsr_result *res = v->report->results[c->result];
	struct fsr_buf b = FSR_BUF_INIT;
	double means[2] = { c->now->mean, c->mean_base };
	int dec = fsr_view_decimals(means, 2);

	fsr_buf_adds(&b, "  ");
	fsr_vocab_pct(&b, c->change_pct, FSR_VIEW_TREND_PCT_DEC);
	if (!isnan(c->ci_low_pct)) {
		fsr_buf_addc(&b, ' ');
		fsr_view_check_interval(&b, c->ci_low_pct, c->ci_high_pct,
					c->k);
	}
	fsr_buf_adds(&b, "  ");
	fsr_sink_putbuf(out, &b);
	fsr_color_puts(out, o, fsr_color_of_verdict(c->verdict),
		       fsr_verdict_name(c->verdict));
	fsr_buf_reset(&b);
	fsr_buf_adds(&b, "  ");
	fsr_view_result_name(&b, res, 0);
	fsr_buf_addf(&b, " [%s, %s is better]\n      ", res->unit,
		     fsr_better_name(res->better));
	fsr_buf_add_fixed(&b, c->now->mean, dec);
	fsr_buf_adds(&b, " vs ");
	fsr_buf_add_fixed(&b, c->mean_base, dec);
	if (c->first == c->last)
		fsr_buf_addf(&b, " of %s", sys_label(v, c->first));
	else
		fsr_buf_addf(&b, " of %s .. %s", sys_label(v, c->first),
			     sys_label(v, c->last));
	fsr_buf_addf(&b, " (%zu run set%s, %s), p_adj %s\n", c->k,
		     c->k == 1 ? "" : "s", fsr_check_method_name(c->method),
		     fsr_view_fig(c->p_adj, FSR_FIG_P_ADJ).s);
	fsr_sink_putbuf(out, &b);
	fsr_buf_reset(&b);
	if (fsr_view_check_lag1_note(c, &b))
		fsr_sink_printf(out, "      %s\n", b.buf);
	fsr_buf_reset(&b);
	fsr_sink_putbuf(out, &b);
	fsr_buf_release(&b);
}

static const char *const gate_word[] = {
	[FSR_GATE_NONE] = "not tested",
	[FSR_GATE_PASS] = "not worse",
	[FSR_GATE_FAIL] = "regression",
	[FSR_GATE_UNDECIDED] = "undecided",
	[FSR_GATE_SMALL] = "baseline too small",
};

/* --max-regression: every result's gate, what a small baseline
 * detects, the run sets that would decide, and the outcome. */
static void gate_text(const struct fsr_view *v, struct fsr_sink *out)
{
	const struct fsr_check *ck = v->check;
	size_t i;

	fsr_sink_printf(out, "\ngate --max-regression %g%%: proven no worse "
			"than %g%% (a time may grow by it, a rate fall by "
			"%s%%), one-sided, %s p <= %g%s:\n",
			ck->opts.max_regression, ck->opts.max_regression,
			fsr_view_fig(fsr_view_rate_margin_pct(
				ck->opts.max_regression), FSR_FIG_PCT).s,
			ck->opts.adjust == FSR_ADJUST_NONE ? "uncorrected" :
			"corrected", ck->opts.alpha,
			ck->opts.strict ? " (--strict: undecided fails)" : "");
	for (i = 0; i < ck->n_rows; i++) {
		const struct fsr_check_row *c = &ck->rows[i];
		const struct fsr_result *res = v->report->results[c->result];
		struct fsr_buf b = FSR_BUF_INIT;

		if (c->gate == FSR_GATE_NONE)
			continue;
		fsr_buf_addf(&b, "  %-18s ", gate_word[c->gate]);
		fsr_vocab_pct(&b, c->change_pct, FSR_VIEW_TREND_PCT_DEC);
		fsr_buf_adds(&b, "  ");
		fsr_view_result_name(&b, res, 0);
		fsr_buf_addf(&b, " (p %s; %zu run set%s",
			     fsr_view_fig(c->p_margin_adj, FSR_FIG_P).s,
			     c->k, c->k == 1 ? "" : "s");
		if (c->gate == FSR_GATE_SMALL || c->gate == FSR_GATE_UNDECIDED) {
			if (isfinite(c->detect_pct))
				fsr_buf_addf(&b, " detect %s%%",
					     fsr_view_fig(c->detect_pct,
							  FSR_FIG_PCT).s);
			if (isfinite(fsr_view_gate_runs(c)))
				fsr_buf_addf(&b, "; %s run sets would "
					     "decide %g%%",
					     fsr_view_fig(fsr_view_gate_runs(c),
							  FSR_FIG_COUNT).s,
					     ck->opts.max_regression);
			else if (isinf(fsr_view_gate_runs(c)))
				fsr_buf_addf(&b, "; no number of run sets "
					     "would: their spread is wider "
					     "than %g%%", ck->opts.max_regression);
			else
				fsr_buf_adds(&b, "; one run set shows no "
					     "run-to-run spread: store 2 or "
					     "more");
		}
		fsr_buf_adds(&b, ")\n");
		fsr_sink_putbuf(out, &b);
		fsr_buf_release(&b);
	}
	fsr_sink_printf(out, "%zu not worse, %zu regression, %zu undecided, "
			"%zu on a baseline too small to test: %s\n",
			ck->n_gate[FSR_GATE_PASS], ck->n_gate[FSR_GATE_FAIL],
			ck->n_gate[FSR_GATE_UNDECIDED],
			ck->n_gate[FSR_GATE_SMALL],
			ck->gate_fails ? "fails" : "passes");
}

int fsr_render_check_text(const struct fsr_view *v,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_check *ck = v->check;
	const struct fsr_report *r = v->report;
	struct fsr_buf lv = FSR_BUF_INIT;
	size_t i, same = 0;

	(void)d;
	fsr_sink_printf(out, "check: %s against the stored series\n",
			r->systems[ck->new_sys].label);
	fsr_view_level_exact(&lv, ck->ci_level);
	fsr_sink_printf(out, "(per result the run sets since its last change "
			"point; a %s prediction\ninterval of the "
			"logarithms of their geometric means;\n", lv.buf);
	fsr_buf_release(&lv);
	fsr_sink_printf(out, "%s p <= %g; changes of at least %g%%)\n\n",
			ck->opts.adjust == FSR_ADJUST_HOLM ? "Holm-corrected" :
			ck->opts.adjust == FSR_ADJUST_BH ? "BH-corrected" :
			"uncorrected", ck->opts.alpha,
			ck->opts.trend.min_change);
	for (i = 0; i < ck->n_rows; i++) {
		if (changed(&ck->rows[i]))
			row_text(v, &ck->rows[i], o, out);
		else
			same++;
	}
	if (ck->n_worse || ck->n_better)
		fsr_sink_puts(out, "\n");
	fsr_sink_printf(out, "%zu worse, %zu better, %zu not changed (%zu "
			"result%s checked", ck->n_worse, ck->n_better, same,
			ck->n_rows, ck->n_rows == 1 ? "" : "s");
	if (ck->n_unchecked)
		fsr_sink_printf(out, ", %zu without data on one side",
				ck->n_unchecked);
	fsr_sink_puts(out, ")\n");
	if (ck->opts.max_regression > 0)
		gate_text(v, out);
	fsr_text_run_notes(r, out, o->width > 20 ? (size_t)o->width - 1 : 79, "\n");
	return 0;
}

static void num(struct fsr_buf *line, double x)
{
	fsr_buf_addc(line, ',');
	if (isfinite(x))
		fsr_buf_add_double(line, x);
}

/* The gate's outcome in the CSV: the text's words, hyphenated. */
static const char *const gate_name[] = {
	[FSR_GATE_NONE] = "",
	[FSR_GATE_PASS] = "not-worse",
	[FSR_GATE_FAIL] = "regression",
	[FSR_GATE_UNDECIDED] = "undecided",
	[FSR_GATE_SMALL] = "baseline-too-small",
};

int fsr_render_check_csv(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_check *ck = v->check;
	const struct fsr_report *r = v->report;
	struct fsr_buf line = FSR_BUF_INIT;
	size_t i;

	(void)o;
	(void)d;
	fsr_sink_puts(out, "result,test,description,unit,better,label,"
		      "baseline_first,baseline_last,k,n,mean_base,sd_base,"
		      "mean,change_pct,ci_low_pct,ci_high_pct,p,p_adj,"
		      "verdict,method,gate,margin_pct,p_margin,"
		      "p_margin_adj,detect_pct,runs_needed,lag1_autocorr,"
		      "autocorrelated\n");
	for (i = 0; i < ck->n_rows; i++) {
		const struct fsr_check_row *c = &ck->rows[i];
		const struct fsr_result *res = r->results[c->result];
		char key[16];

		if (!changed(c) && c->gate == FSR_GATE_NONE)
			continue;
		fsr_result_short_key(res, key);
		fsr_buf_reset(&line);
		fsr_csv_field(&line, key, 1);
		fsr_csv_field(&line, res->test, 0);
		fsr_csv_field(&line, res->description, 0);
		fsr_csv_field(&line, res->unit, 0);
		fsr_csv_field(&line, fsr_better_name(res->better), 0);
		fsr_csv_field(&line, r->systems[ck->new_sys].label, 0);
		fsr_csv_field(&line, sys_label(v, c->first), 0);
		fsr_csv_field(&line, sys_label(v, c->last), 0);
		fsr_buf_addc(&line, ',');
		fsr_buf_add_size(&line, c->k);
		fsr_buf_addc(&line, ',');
		fsr_buf_add_size(&line, c->now->n);
		num(&line, c->mean_base);
		num(&line, c->sd_base);
		num(&line, c->now->mean);
		num(&line, c->change_pct);
		num(&line, c->ci_low_pct);
		num(&line, c->ci_high_pct);
		num(&line, c->p);
		num(&line, c->p_adj);
		fsr_csv_field(&line, fsr_verdict_name(c->verdict), 0);
		fsr_csv_field(&line, fsr_check_method_name(c->method), 0);
		/* Version 1 grows at the end only: --max-regression's gate
		 * (empty without); runs_needed as fsr_view_gate_runs():
		 * "inf" when no number of run sets would decide, empty
		 * where the gate decided or one run set shows no spread */
		fsr_csv_field(&line, gate_name[c->gate], 0);
		if (c->gate == FSR_GATE_NONE) {
			fsr_buf_adds(&line, ",,,,,");
		} else {
			num(&line, c->margin_pct);
			num(&line, c->p_margin);
			num(&line, c->p_margin_adj);
			num(&line, c->detect_pct);
			if (isinf(fsr_view_gate_runs(c)))
				fsr_buf_adds(&line, ",inf");
			else
				num(&line, fsr_view_gate_runs(c));
		}
		num(&line, c->lag1);
		fsr_buf_adds(&line, c->lag1_flagged ? ",yes" : ",no");
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
	}
	fsr_buf_release(&line);
	return 0;
}
