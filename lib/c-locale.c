/*
 * c-locale.c - the thread's locale switched to "C" around conversions.
 */
#include "c-locale.h"

static locale_t c_locale(void)
{
	static locale_t loc;

	if (!loc)
		loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	return loc;
}

locale_t fsr_c_locale_begin(void)
{
	locale_t c = c_locale();

	return c ? uselocale(c) : (locale_t)0;
}

void fsr_c_locale_end(locale_t old)
{
	if (old)
		uselocale(old);
}
