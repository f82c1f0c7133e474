/*
 * compare_notes.c - the method lines of the compare text report: the
 * wording only (compare_notes.h); the notes are the view's
 * (view/notes.h).
 */
#include "compare_notes.h"
#include "../vocab.h"
#include "../../view/view.h"

/* How the change and its interval were made, and at which level. */
void fsr_compare_method_text(struct fsr_buf *b,
			     const struct fsr_comparison *c, int one_run)
{
	const struct fsr_compare_opts *o = &c->opts;
	struct fsr_buf lv = FSR_BUF_INIT;

	if (one_run) {
		/* nothing to promise: no interval, no spread */
		fsr_buf_adds(b, "mean: each system's one run. change: 100 "
			     "(value / baseline value - 1), one measurement "
			     "against one: no interval, no test.");
		return;
	}
	fsr_vocab_confidence(&lv, c->ci_level);
	fsr_buf_addf(b, "mean ± CI: Student-t %g%% interval of the mean; "
		     "CV = sd / mean. ", 100 * o->confidence);
	if (o->test != FSR_TEST_MWU && o->ci != FSR_CI_BOOTSTRAP)
		fsr_buf_adds(b, "Where the change is the ratio of the "
			     "geometric means (exp(mean(ln x))), those are "
			     "printed, without ± CI (\"geometric means\"). ");
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

static const char *adjust_text(enum fsr_adjust a)
{
	switch (a) {
	case FSR_ADJUST_HOLM:
		return "Holm-adjusted";
	case FSR_ADJUST_BH:
		return "Benjamini-Hochberg-adjusted";
	default:
		return "not adjusted";
	}
}

void fsr_compare_p_text(struct fsr_buf *b, const struct fsr_comparison *c)
{
	const struct fsr_compare_opts *o = &c->opts;

	if (c->n_family)
		fsr_buf_addf(b, "p: %s, %s over %zu comparison%s. ",
			     o->test == FSR_TEST_MWU ? "Mann-Whitney U test" :
						       "Welch's t-test on the "
						       "logarithms",
			     adjust_text(o->adjust), c->n_family,
			     c->n_family == 1 ? "" : "s");
	else
		fsr_buf_addf(b, "p: none (%s needs 2 runs on each side). ",
			     o->test == FSR_TEST_MWU ? "the U test" :
						       "Welch's t-test");
}
