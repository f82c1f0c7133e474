/*
 * inks.c - the colour of every ink of a chart (layout.h): one table, for
 * the SVG writer (svg.c) and the chart module's PNG (backend/).
 */
#include "layout.h"

/*
 * A fixed palette. Systems get 12 colours without a repeat, in a fixed
 * order by system index, so a system has one colour in every chart:
 * the Okabe-Ito colours less their grey (Okabe and Ito, "Color Universal
 * Design", 2008; the grey read as "no result"), then five of the
 * 12-colour qualitative scheme of Paul Tol ("Colour Schemes", SRON
 * technical note SRON/EPS/TN/09-002, 2012): indigo, brown, wine, green,
 * olive. Simulated for protan, deutan and tritan vision (Machado 2009 at
 * full severity) the 12 stay at least 13.5 CIE76 Delta E apart, more than
 * Okabe-Ito's 8 (7.1) or Tol's 12 (11.1) alone; the first two are as
 * before, blue and orange.
 *
 * Systems 13 to 34 get 22 more, picked greedily (each the candidate
 * farthest from all before it) from Tol's muted and bright schemes,
 * Kelly's 22 colours of maximum contrast (1965) and the ColorBrewer
 * qualitative and diverging sets, leaving out the blues within CIE76
 * Delta E 25 of the baseline's, greys, and tints too pale on white
 * (L* over 85) or too dark to tell from text (L* under 22): the 34 stay
 * at least Delta E 17.2 apart in normal vision, and every one at least
 * 26.4 from the baseline's blue. Past 34, fsr_system_ink() cycles over
 * all but the first: the baseline's blue marks the baseline only.
 */
const unsigned long fsr_ink_rgb[FSR_N_INKS] = {
	[FSR_INK_NONE] = 0x000000,
	[FSR_INK_BACKGROUND] = 0xFFFFFF,
	[FSR_INK_HEADING] = 0x231F20,
	[FSR_INK_TEXT] = 0x2B3A4A,
	[FSR_INK_NOTE] = 0x5C5C5C,
	[FSR_INK_AXIS] = 0x757575,
	[FSR_INK_GRID] = 0xC4C4C4,
	[FSR_INK_EDGE] = 0x4A4A4A,
	[FSR_INK_WHISKER] = 0x1A1A1A,
	[FSR_INK_HALO] = 0xFFFFFF,
	[FSR_INK_RUN] = 0xFFFFFF,
	[FSR_INK_FAILED] = 0xB8420A,
	[FSR_INK_MISSING] = 0x808080,
	[FSR_INK_BETTER] = 0x009E73,
	[FSR_INK_WORSE] = 0xD55E00,
	[FSR_INK_SAME] = 0x7A7A7A,
	[FSR_INK_NA] = 0xBDBDBD,
	[FSR_INK_BAND] = 0xF3F5F7,
	[FSR_INK_INTERVAL] = 0xC6DCEC, /* a light tint of sys0's blue */
	[FSR_INK_EQUAL] = 0x4E9A96,     /* a grey teal: same, and proven */
	[FSR_INK_NOT_WORSE] = 0x8DB86B, /* a pale green: not worse */
	[FSR_INK_SYSTEM + 0] = 0x0072B2, /* blue */
	[FSR_INK_SYSTEM + 1] = 0xE69F00, /* orange */
	[FSR_INK_SYSTEM + 2] = 0x009E73, /* bluish green */
	[FSR_INK_SYSTEM + 3] = 0xCC79A7, /* reddish purple */
	[FSR_INK_SYSTEM + 4] = 0x56B4E9, /* sky blue */
	[FSR_INK_SYSTEM + 5] = 0xD55E00, /* vermillion */
	[FSR_INK_SYSTEM + 6] = 0xF0E442, /* yellow */
	[FSR_INK_SYSTEM + 7] = 0x332288, /* indigo (Tol) */
	[FSR_INK_SYSTEM + 8] = 0x661100, /* brown (Tol) */
	[FSR_INK_SYSTEM + 9] = 0x882255, /* wine (Tol) */
	[FSR_INK_SYSTEM + 10] = 0x117733, /* green (Tol) */
	[FSR_INK_SYSTEM + 11] = 0x999933, /* olive (Tol) */
	[FSR_INK_SYSTEM + 12] = 0xF99379, /* salmon */
	[FSR_INK_SYSTEM + 13] = 0xEE3377, /* magenta */
	[FSR_INK_SYSTEM + 14] = 0x2B3D26, /* dark olive green */
	[FSR_INK_SYSTEM + 15] = 0xB2DF8A, /* light green */
	[FSR_INK_SYSTEM + 16] = 0x8C510A, /* ochre brown */
	[FSR_INK_SYSTEM + 17] = 0x66A61E, /* leaf green */
	[FSR_INK_SYSTEM + 18] = 0xB2182B, /* crimson */
	[FSR_INK_SYSTEM + 19] = 0xC2B280, /* khaki */
	[FSR_INK_SYSTEM + 20] = 0x604E97, /* violet */
	[FSR_INK_SYSTEM + 21] = 0xAA4499, /* purple */
	[FSR_INK_SYSTEM + 22] = 0x01665E, /* dark teal */
	[FSR_INK_SYSTEM + 23] = 0x8DD3C7, /* pale teal */
	[FSR_INK_SYSTEM + 24] = 0xFDB462, /* light orange */
	[FSR_INK_SYSTEM + 25] = 0x654522, /* dark brown */
	[FSR_INK_SYSTEM + 26] = 0xEE6677, /* rose */
	[FSR_INK_SYSTEM + 27] = 0xCAB2D6, /* lavender */
	[FSR_INK_SYSTEM + 28] = 0xCC3311, /* brick red */
	[FSR_INK_SYSTEM + 29] = 0xDDCC77, /* sand */
	[FSR_INK_SYSTEM + 30] = 0x00441B, /* forest green */
	[FSR_INK_SYSTEM + 31] = 0x44AA99, /* teal */
	[FSR_INK_SYSTEM + 32] = 0xF3C300, /* golden yellow */
	[FSR_INK_SYSTEM + 33] = 0xCCBB44, /* mustard */
};

enum fsr_ink fsr_system_ink(size_t sys)
{
	if (sys < FSR_N_SYSTEM_INKS)
		return (enum fsr_ink)(FSR_INK_SYSTEM + sys);
	return (enum fsr_ink)(FSR_INK_SYSTEM + 1 +
			      (sys - 1) % (FSR_N_SYSTEM_INKS - 1));
}
