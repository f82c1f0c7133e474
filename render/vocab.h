/*
 * vocab.h - one place for the words and numbers fsreport uses about
 * results and comparisons: verdicts, changes in % (and their decimals),
 * intervals and confidence levels. Every text renderer and the charts
 * print them through these, so the wording cannot drift apart.
 */
#ifndef FSR_VOCAB_H
#define FSR_VOCAB_H

#include "render.h"
#include "../lib/numbers.h"

/* A confidence level as a percentage with up to 4 digits: 0.95 is "95%",
 * 0.995 "99.5%", 1 - 0.05 / 13 "99.62%";
 * anything outside (0, 1) is "95%". */
void fsr_vocab_confidence(struct fsr_buf *b, double conf);
/* The title of a result, its test id when it has none, then the
 * application version: "Flexible IO Tester 3.33". */
/* What a method's change estimates: "the ratio of the geometric means"
 * (log-welch), "the ratio of the means" (bootstrap), "the Hodges-Lehmann
 * shift", "the difference of the means"; "the change of the means" for
 * FSR_METHOD_NONE. */
const char *fsr_vocab_method_estimate(enum fsr_change_method m);
/* Those of the methods in mask (bit 1 << enum fsr_change_method) into
 * b, joined by " or "; returns how many. */
size_t fsr_vocab_method_estimates(struct fsr_buf *b, unsigned mask);
void fsr_vocab_result_title(const struct fsr_result *res, struct fsr_buf *b);
/* What a result's chart shows, in words, appended to b: "Threaded I/O
 * Tester: Test: Read (MB/s)" (title or test id, description, unit). */
void fsr_vocab_result_name(const struct fsr_result *res, struct fsr_buf *b);

/* A change in %: a '+' before a positive one, then x with decimals
 * and '%': "+1.50%", "-12.3%", "0.00%". */
void fsr_vocab_pct(struct fsr_buf *b, double x, int decimals);
/* A share in % without a sign: x with decimals and '%': "0.5%". */
void fsr_vocab_percent(struct fsr_buf *b, double x, int decimals);
/* "95%: -1.20% to +3.40%", or "no interval" when an end is not finite. */
void fsr_vocab_interval(struct fsr_buf *b, double lo, double hi,
			double conf);
/* An interval of a change in % as the text report prints it, without
 * '%': "[+0.20, +1.48]", an end from 1e7 on as "+2.3e+29";
 * nothing when an end is not finite. */
void fsr_vocab_pct_brackets(struct fsr_buf *b, double lo, double hi,
			    int decimals);
/* The verdict of a row as one word: "better", "worse", "same", "n/a",
 * or "changed" for a significant change of unknown direction. */
const char *fsr_vocab_verdict_name(const struct fsr_compare_row *cr);
/* " better", " worse", " same" (with the space); nothing for n/a. */
void fsr_vocab_verdict_word(struct fsr_buf *b, enum fsr_verdict v);
/* A result's direction in words: "higher is better", "lower is
 * better", "direction unknown". */
const char *fsr_vocab_direction(enum fsr_better better);
/* How the verdict is reached, as one sentence: "verdict: better or
 * worse when p <= 0.05 and |change| >= 1%, in the direction the result
 * counts as better; otherwise same." */
void fsr_vocab_verdict_rule(struct fsr_buf *b, double alpha,
			    double min_change);
/* Why a compared row has no change: "not numeric: no change", ... */
const char *fsr_vocab_no_change(const struct fsr_compare_row *cr,
				const struct fsr_result *res);

#endif
