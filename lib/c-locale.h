/*
 * c-locale.h - run a conversion in the "C" locale, whatever the process's.
 *
 * strtod() and printf() follow LC_NUMERIC. fsreport reads and writes
 * numbers the "C" way always: a conversion runs between
 * fsr_c_locale_begin() and fsr_c_locale_end(), which switch the calling
 * thread's locale (uselocale, POSIX 2008) and back.
 *
 *	locale_t old = fsr_c_locale_begin();
 *	v = strtod(text, &end);
 *	fsr_c_locale_end(old);
 */
#ifndef FSR_LIB_C_LOCALE_H
#define FSR_LIB_C_LOCALE_H

#include <locale.h>

/* Switch this thread to "C"; returns what fsr_c_locale_end() restores. */
locale_t fsr_c_locale_begin(void);
void fsr_c_locale_end(locale_t old);

#endif
