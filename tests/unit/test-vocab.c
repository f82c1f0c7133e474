/*
 * test-vocab.c - the wording of verdicts, changes in %, intervals and
 * confidence levels (render/vocab.c). The expected strings are written
 * from the rules in vocab.h by hand: a '+' before a positive change,
 * 2 decimals below 10 %, 1 from 10 % up, a level in % without needless
 * decimals.
 */
#include "render/vocab.h"
#include "view/view.h"
#include "tap.h"

#include <math.h>
#include <string.h>

static void test_pct(void)
{
	static const struct {
		double x;
		int dec;
		const char *want;
	} cases[] = {
		{ 1.5, 2, "+1.50%" },
		{ -12.34, 1, "-12.3%" },
		{ 0, 2, "0.00%" },
		{ 58.5, 2, "+58.50%" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_vocab_pct(&b, cases[i].x, cases[i].dec);
		is_str(b.buf, cases[i].want, "%g%% with %d decimals",
		       cases[i].x, cases[i].dec);
		fsr_buf_release(&b);
	}
	is_int(fsr_view_pct_decimals(9.99), 2, "below 10 %%: 2 decimals");
	is_int(fsr_view_pct_decimals(-9.5), 2, "-9.5 %%: 2 decimals");
	is_int(fsr_view_pct_decimals(10), 1, "10 %%: 1 decimal");
	is_int(fsr_view_pct_decimals(-250), 1, "-250 %%: 1 decimal");
}

static void test_confidence(void)
{
	static const struct {
		double conf;
		const char *want;
	} cases[] = {
		{ 0.95, "95%" }, { 0.9, "90%" }, { 0.995, "99.5%" },
		{ 0, "95%" },    { 1, "95%" },   { NAN, "95%" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_vocab_confidence(&b, cases[i].conf);
		is_str(b.buf, cases[i].want, "confidence %g", cases[i].conf);
		fsr_buf_release(&b);
	}
}

static void test_interval(void)
{
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_vocab_interval(&b, -1.2, 3.4, 0.95);
	is_str(b.buf, "95%: -1.20% to +3.40%", "an interval in %%");
	fsr_buf_reset(&b);
	fsr_vocab_interval(&b, 12.26, 40, 0.9);
	is_str(b.buf, "90%: +12.3% to +40.0%",
	       "ends from 10 %% up with 1 decimal");
	fsr_buf_reset(&b);
	fsr_vocab_interval(&b, NAN, 3, 0.95);
	is_str(b.buf, "no interval", "an end not finite: no interval");
	fsr_buf_release(&b);
}

static void test_verdict(void)
{
	static const struct {
		enum fsr_verdict v;
		const char *want;
	} cases[] = {
		{ FSR_VERDICT_BETTER, "x better" },
		{ FSR_VERDICT_WORSE, "x worse" },
		{ FSR_VERDICT_SAME, "x same" },
		{ FSR_VERDICT_NA, "x" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_buf_adds(&b, "x");
		fsr_vocab_verdict_word(&b, cases[i].v);
		is_str(b.buf, cases[i].want, "verdict word %d", (int)cases[i].v);
		fsr_buf_release(&b);
	}
}

/* The text report's wording (compare_text.c takes it from here). */
static void test_report_words(void)
{
	struct fsr_compare_row cr;
	struct fsr_buf b = FSR_BUF_INIT;

	fsr_vocab_pct_brackets(&b, 0.2, 1.48, 2);
	is_str(b.buf, "[+0.20, +1.48]", "an interval in brackets");
	fsr_buf_reset(&b);
	fsr_vocab_pct_brackets(&b, -13.4, 0.7, 1);
	is_str(b.buf, "[-13.4, +0.7]", "one end below 0");
	fsr_buf_reset(&b);
	fsr_vocab_pct_brackets(&b, 9.7e8, 1.03e9, 1);
	is_str(b.buf, "[+970000000, +1030000000]",
	       "huge ends in whole numbers, never e-notation");
	fsr_buf_reset(&b);
	fsr_vocab_pct_brackets(&b, NAN, 1, 1);
	ok(!b.len, "no interval: nothing");
	fsr_buf_release(&b);
	is_int(fsr_view_pct_decimals_ci(0.27, 2.05), 2,
	       "half-width 0.89: 2 decimals");
	is_int(fsr_view_pct_decimals_ci(-13.4, 0.7), 1,
	       "half-width 7: 1 decimal");
	is_int(fsr_view_pct_decimals_ci(NAN, 1), 2, "no interval: 2");
	memset(&cr, 0, sizeof(cr));
	cr.verdict = FSR_VERDICT_NA;
	cr.flags = FSR_ROW_NO_DIRECTION | FSR_ROW_SIGNIFICANT;
	is_str(fsr_vocab_verdict_name(&cr), "changed",
	       "significant, no direction: changed");
	cr.flags |= FSR_ROW_FAILED;
	is_str(fsr_vocab_verdict_name(&cr), "n/a", "... with failed runs: n/a");
	cr.verdict = FSR_VERDICT_WORSE;
	is_str(fsr_vocab_verdict_name(&cr), "worse", "worse");
}

/* The words compare_text.c and table_text.c share. */
static void test_direction_and_rule(void)
{
	struct fsr_buf b = FSR_BUF_INIT;

	is_str(fsr_vocab_direction(FSR_BETTER_HIGHER), "higher is better",
	       "direction: higher");
	is_str(fsr_vocab_direction(FSR_BETTER_LOWER), "lower is better",
	       "direction: lower");
	is_str(fsr_vocab_direction(FSR_BETTER_UNKNOWN), "direction unknown",
	       "direction: unknown");
	fsr_vocab_percent(&b, 0.54, 1);
	is_str(b.buf, "0.5%", "a share: no sign");
	fsr_buf_reset(&b);
	fsr_vocab_percent(&b, 12.345, 2);
	is_str(b.buf, "12.35%", "a share with 2 decimals");
	fsr_buf_reset(&b);
	fsr_vocab_verdict_rule(&b, 0.05, 1);
	is_str(b.buf, "verdict: better or worse when p <= 0.05 and "
	       "|change| >= 1%, in the direction the result counts as "
	       "better; otherwise same.", "the verdict rule");
	fsr_buf_release(&b);
}

int main(void)
{
	test_direction_and_rule();
	test_report_words();
	test_pct();
	test_confidence();
	test_interval();
	test_verdict();
	return done_testing();
}
