/*
 * compare_notes.c - what the notes under the compare text report say,
 * and the method line: the wording only (compare_notes.h).
 */
#include "compare_notes.h"
#include "vocab.h"

const char fsr_note_letter[N_COUNT] = "sefovdczxnumahgk";

static const char *rule_text(enum fsr_outlier_rule r)
{
	if (r == FSR_OUTLIERS_MAD)
		return "by the MAD rule (|0.6745 (x - median) / MAD| > 3.5)";
	if (r == FSR_OUTLIERS_ESD)
		return "by the generalized ESD test (Rosner 1983; alpha 5%, "
		       "at most n/10 and at least 1 of a system's runs)";
	return "by Tukey's fences (outside Q1 - 1.5 IQR, Q3 + 1.5 IQR; "
	       "type-7 quartiles)";
}

void fsr_compare_note_text(struct fsr_buf *b, enum fsr_note n,
			   const struct fsr_compare_opts *o)
{
	switch (n) {
	case N_FEW:
		fsr_buf_adds(b, "fewer than 2 runs on a side: no "
			     "interval, no test, verdict n/a. Run "
			     "each configuration several times "
			     "(10 is good).");
		break;
	case N_MISSING:
		fsr_buf_adds(b, "no run on a side: verdict n/a.");
		break;
	case N_FAILED:
		fsr_buf_adds(b, "failed runs: the numbers use the "
			     "runs that worked; the verdict is "
			     "withheld (n/a).");
		break;
	case N_OUTLIERS:
		fsr_buf_addf(b, "outliers %s, flagged only: every "
			     "number above includes them.",
			     rule_text(o->outliers));
		break;
	case N_CV:
		fsr_buf_addf(b, "CV above %g%%: noisy runs, wide "
			     "intervals.", FSR_HIGH_CV_PCT);
		break;
	case N_DISAGREE:
		fsr_buf_addf(b, "Welch's t-test and the Mann-Whitney "
			     "U test disagree at alpha %g (p before "
			     "correction): often an outlier or a "
			     "skewed distribution; look at the "
			     "runs.", o->alpha);
		break;
	case N_CONSTANT:
		fsr_buf_adds(b, "no variation on either side: Welch's "
			     "test degenerates (p = 0 when the means "
			     "differ, 1 when they are equal).");
		break;
	case N_ZERO:
		fsr_buf_adds(b, "baseline mean 0, or runs on both "
			     "sides of 0: no change in %; the verdict "
			     "comes from the difference (--min-change "
			     "does not apply).");
		break;
	case N_UNIT:
		fsr_buf_adds(b, "not every run is > 0: no ratio; the "
			     "change and its interval are the "
			     "difference of the means in the result's "
			     "unit (Welch).");
		break;
	case N_DIRECTION:
		fsr_buf_adds(b, "whether higher or lower is better is "
			     "unknown: the verdict says 'changed' or "
			     "'same', never better or worse.");
		break;
	case N_NOT_NUMERIC:
		fsr_buf_adds(b, "not a number per run (pass/fail, "
			     "line graph): not compared.");
		break;
	case N_FEW_MWU:
		fsr_buf_addf(b, "too few runs, or too many ties, for "
			     "the U test to reach p <= %g (3 + 3 runs "
			     "give at least p = 0.1, ties more): "
			     "verdict n/a.", o->alpha);
		break;
	case N_STEPDOWN:
		fsr_buf_adds(b, "the verdict is the correction's step "
			     "by step (Holm, BH), which finds a "
			     "change here that the simultaneous "
			     "interval still leaves open.");
		break;
	case N_MINCHANGE:
		fsr_buf_addf(b, "the interval excludes no change, but "
			     "the change is below --min-change "
			     "(%g%%): same.", o->min_change);
		break;
	case N_LEVEL:
		fsr_buf_adds(b, "the interval is not the deciding "
			     "test's (bootstrap, the U test with "
			     "ties, or --confidence other than 1 - "
			     "alpha): the verdict is the test's.");
		break;
	case N_MEDIAN:
		fsr_buf_addf(b, "fewer than 6 runs on a side: no "
			     "distribution-free %g%% interval of the "
			     "median.", 100 * o->confidence);
		break;
	case N_COUNT:
		break;
	}
}

/* How the change and its interval were made, and at which level. */
void fsr_compare_method_text(struct fsr_buf *b,
			     const struct fsr_comparison *c)
{
	const struct fsr_compare_opts *o = &c->opts;
	struct fsr_buf lv = FSR_BUF_INIT;

	fsr_vocab_confidence(&lv, c->ci_level);
	fsr_buf_addf(b, "mean ± CI: Student-t %g%% interval of the mean; "
		     "CV = sd / mean. ", 100 * o->confidence);
	if (o->test == FSR_TEST_MWU)
		fsr_buf_addf(b, "change: the Hodges-Lehmann shift of the "
			     "logarithms as a ratio in %%, [CI]: its "
			     "distribution-free %s interval.", lv.buf);
	else if (o->ci == FSR_CI_BOOTSTRAP)
		fsr_buf_addf(b, "change: 100 (mean / baseline mean - 1), "
			     "[CI]: %s percentile bootstrap interval of "
			     "the ratio of the means (B = %zu, mt19937, seed "
			     "%lu).", lv.buf, o->boot_b, o->seed);
	else
		fsr_buf_addf(b, "change: the ratio of the geometric means "
			     "in %%, [CI]: %s Welch interval of the "
			     "difference of the mean logarithms, as a ratio "
			     "in %%.", lv.buf);
	if (o->sign_better)
		fsr_buf_adds(b, " --sign better: a lower-is-better result's "
			     "change and interval are turned round (100 (1 - "
			     "ratio)), so + is better.");
	if (c->n_family > 1 && o->adjust == FSR_ADJUST_HOLM)
		fsr_buf_addf(b, " The intervals hold together over the %zu "
			     "comparisons (Bonferroni, %g%% / %zu each), as "
			     "Holm's verdicts need.", c->n_family,
			     100 * (1 - o->confidence), c->n_family);
	else if (c->n_family > 1 && o->adjust == FSR_ADJUST_BH)
		fsr_buf_addf(b, " The intervals are at the false-coverage "
			     "level that goes with BH (Benjamini-Yekutieli) "
			     "over the %zu comparisons.", c->n_family);
	else
		fsr_buf_adds(b, " The intervals are per row, not corrected.");
	fsr_buf_release(&lv);
}

