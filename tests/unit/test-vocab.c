/*
 * test-vocab.c - the wording of verdicts, changes in %, intervals and
 * confidence levels (render/vocab.c). The expected strings are written
 * from the rules in vocab.h by hand: a '+' before a positive change,
 * 2 decimals below 10 %, 1 from 10 % up, a level in % without needless
 * decimals.
 */
#include "render/vocab.h"
#include "tap.h"

#include <math.h>

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
	is_int(fsr_vocab_pct_decimals(9.99), 2, "below 10 %%: 2 decimals");
	is_int(fsr_vocab_pct_decimals(-9.5), 2, "-9.5 %%: 2 decimals");
	is_int(fsr_vocab_pct_decimals(10), 1, "10 %%: 1 decimal");
	is_int(fsr_vocab_pct_decimals(-250), 1, "-250 %%: 1 decimal");
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

int main(void)
{
	test_pct();
	test_confidence();
	test_interval();
	test_verdict();
	return done_testing();
}
