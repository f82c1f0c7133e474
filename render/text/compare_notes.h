/*
 * compare_notes.h - the wording of the method lines of the compare text
 * report (compare_text.c prints them); the notes are view/notes.h's.
 */
#ifndef FSR_COMPARE_NOTES_H
#define FSR_COMPARE_NOTES_H

#include "../render.h"
#include "../../view/notes.h"

/* The first method line: how the change and its interval were made and
 * at which level; one_run: every row has one run a side
 * (fsr_view_one_run_each() of c's rows, or of every row seen). */
void fsr_compare_method_text(struct fsr_buf *b,
			     const struct fsr_comparison *c, int one_run);
/* The p line's first sentence: the test and its correction, "p:
 * Welch's t-test on the logarithms, Holm-adjusted over 8 comparisons. "
 * (or "p: none (...)" with no test), a space after it. */
void fsr_compare_p_text(struct fsr_buf *b, const struct fsr_comparison *c);

#endif
