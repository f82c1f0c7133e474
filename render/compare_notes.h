/*
 * compare_notes.h - the wording of the notes and of the method lines of
 * the compare text report (compare_text.c prints them; the words are
 * here so that the report stays one file per job).
 */
#ifndef FSR_COMPARE_NOTES_H
#define FSR_COMPARE_NOTES_H

#include "render.h"

/* Notes a line can point at, in the order they are explained. */
enum fsr_note {
	N_FEW,        /* s: fewer than 2 runs on a side */
	N_MISSING,    /* e: no runs on a side */
	N_FAILED,     /* f: failed runs */
	N_OUTLIERS,   /* o: outliers, by the named rule */
	N_CV,         /* v: CV above 3 % */
	N_DISAGREE,   /* d: Welch and U disagree */
	N_CONSTANT,   /* c: no variation on either side */
	N_ZERO,       /* z: baseline mean 0 */
	N_DIRECTION,  /* x: direction unknown */
	N_NOT_NUMERIC, /* n: pass/fail, line graph */
	N_FEW_MWU,    /* u: the U test cannot reach alpha (--test mwu) */
	N_MEDIAN,     /* m: no median interval below 6 runs (--test mwu) */
	N_UNIT,       /* a: not every run > 0: difference in the unit */
	N_STEPDOWN,   /* h: Holm/BH finds what the interval does not */
	N_MINCHANGE,  /* g: interval excludes 0, below --min-change */
	N_LEVEL,      /* k: interval is not the deciding test's */
	N_COUNT
};
extern const char fsr_note_letter[N_COUNT];

/* The text of note n (after its letter), at the options o. */
void fsr_compare_note_text(struct fsr_buf *b, enum fsr_note n,
			   const struct fsr_compare_opts *o);
/* The first method line: how the change and its interval were made and
 * at which level. */
void fsr_compare_method_text(struct fsr_buf *b,
			     const struct fsr_comparison *c);

#endif
