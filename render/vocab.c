/*
 * vocab.c - the words and numbers fsreport says about a comparison:
 * verdicts, changes in %, intervals, confidence levels, result titles
 * (vocab.h).
 */
#include "vocab.h"
#include "../view/view.h"

#include <math.h>

void fsr_vocab_confidence(struct fsr_buf *b, double conf)
{
	/* the view's: "99.38%", and never "100%" for 99.9997% */
	fsr_view_level_exact(b, conf);
}

void fsr_vocab_result_title(const struct fsr_result *res, struct fsr_buf *b)
{
	fsr_buf_adds(b, *res->title ? res->title : res->test);
	if (*res->app_version) {
		fsr_buf_addc(b, ' ');
		fsr_buf_adds(b, res->app_version);
	}
}

void fsr_vocab_result_name(const struct fsr_result *res, struct fsr_buf *b)
{
	fsr_buf_adds(b, res->title && *res->title ? res->title :
		     res->test ? res->test : "result");
	if (res->description && *res->description)
		fsr_buf_addf(b, ": %s", res->description);
	if (res->unit && *res->unit)
		fsr_buf_addf(b, " (%s)", res->unit);
}

const char *fsr_vocab_method_estimate(enum fsr_change_method m)
{
	switch (m) {
	case FSR_METHOD_LOG_WELCH:
		return "the ratio of the geometric means";
	case FSR_METHOD_DIFF_WELCH:
		return "the difference of the means";
	case FSR_METHOD_BOOTSTRAP:
		return "the ratio of the means";
	case FSR_METHOD_HL:
		return "the Hodges-Lehmann shift";
	case FSR_METHOD_NONE:
		break;
	}
	return "the change of the means";
}

size_t fsr_vocab_method_estimates(struct fsr_buf *b, unsigned mask)
{
	unsigned m;
	size_t n = 0;

	for (m = 0; m < 8 * sizeof(mask); m++) {
		if (!(mask & 1u << m))
			continue;
		if (n++)
			fsr_buf_adds(b, " or ");
		fsr_buf_adds(b, fsr_vocab_method_estimate(
				     (enum fsr_change_method)m));
	}
	return n;
}

void fsr_vocab_pct(struct fsr_buf *b, double x, int decimals)
{
	if (x > 0)
		fsr_buf_addc(b, '+');
	fsr_buf_add_fixed(b, x, decimals);
	fsr_buf_addc(b, '%');
}

void fsr_vocab_percent(struct fsr_buf *b, double x, int decimals)
{
	fsr_buf_add_fixed(b, x, decimals);
	fsr_buf_addc(b, '%');
}

const char *fsr_vocab_no_change(const struct fsr_compare_row *cr,
				  const struct fsr_result *res)
{
	if (res->display != FSR_DISPLAY_BAR ||
	    (cr->flags & FSR_ROW_NOT_NUMERIC))
		return "not numeric: no change";
	if (cr->flags & FSR_ROW_ZERO_BASE)
		return "baseline mean 0 or of mixed sign: no change in %";
	if (!cr->base || !cr->other || !cr->base->n || !cr->other->n) {
		if ((cr->base && cr->base->n_failed) ||
		    (cr->other && cr->other->n_failed))
			return "failed runs on one side: no change";
		return "no data on one side: no change";
	}
	return "no change computed";
}

const char *fsr_vocab_direction(enum fsr_better better)
{
	switch (better) {
	case FSR_BETTER_HIGHER:
		return "higher is better";
	case FSR_BETTER_LOWER:
		return "lower is better";
	default:
		return "direction unknown";
	}
}

void fsr_vocab_verdict_rule(struct fsr_buf *b, double alpha,
			    double min_change)
{
	fsr_buf_addf(b, "verdict: better or worse when p <= %g and "
		     "|change| >= %g%%, in the direction the result counts "
		     "as better; otherwise same.", alpha, min_change);
}

void fsr_vocab_verdict_word(struct fsr_buf *b, enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_BETTER:
		fsr_buf_adds(b, " better");
		break;
	case FSR_VERDICT_WORSE:
		fsr_buf_adds(b, " worse");
		break;
	case FSR_VERDICT_SAME:
		fsr_buf_adds(b, " same");
		break;
	case FSR_VERDICT_EQUAL:
		fsr_buf_adds(b, " equal");
		break;
	case FSR_VERDICT_NOT_WORSE:
		fsr_buf_adds(b, " not worse");
		break;
	default:
		break;
	}
}

void fsr_vocab_interval(struct fsr_buf *b, double lo, double hi,
			  double conf)
{
	int ci, d;

	if (!isfinite(lo) || !isfinite(hi)) {
		fsr_buf_adds(b, "no interval");
		return;
	}
	/* each end its own decimals, more where the ends would print
	 * alike ("-100.0% to -100.0%" for -99.969 to -99.968) */
	ci = fsr_view_pct_decimals_ci(lo, hi);
	fsr_vocab_confidence(b, conf);
	fsr_buf_adds(b, ": ");
	d = fsr_view_pct_decimals(lo);
	fsr_vocab_pct(b, lo, d > ci ? d : ci);
	fsr_buf_adds(b, " to ");
	d = fsr_view_pct_decimals(hi);
	fsr_vocab_pct(b, hi, d > ci ? d : ci);
}


void fsr_vocab_pct_brackets(struct fsr_buf *b, double lo, double hi,
			    int decimals)
{
	if (!isfinite(lo) || !isfinite(hi))
		return;
	fsr_view_add_pct_brackets(b, lo, hi, decimals);
}

const char *fsr_vocab_verdict_name(const struct fsr_compare_row *cr)
{
	unsigned fl = cr->flags;

	if (cr->verdict == FSR_VERDICT_NA && fl & FSR_ROW_NO_DIRECTION &&
	    fl & FSR_ROW_SIGNIFICANT && !(fl & FSR_ROW_FAILED))
		return "changed";
	return fsr_verdict_name(cr->verdict);
}
