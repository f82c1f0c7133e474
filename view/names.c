/*
 * names.c - how a result is named where its name runs in a line of
 * text (view.h, fsr_view_result_name()): its title, the app version
 * where asked, and its description. PTS's descriptions of a test that
 * takes one option start "Test: " ("Test: Intel IOMeter File Server
 * Access Pattern"): after the test's title that word says nothing new
 * ("Flexible IO Tester: Test: Intel IOMeter ..."), so it goes. Charts
 * and PTS's own layouts print the description alone, under the title,
 * as PTS does, and keep it.
 */
#include "view.h"

#include <string.h>

#define DOUBLED "Test: "

const char *fsr_view_description(const struct fsr_result *res)
{
	const char *d = res->description ? res->description : "";

	if (*res->title && !strncmp(d, DOUBLED, strlen(DOUBLED)) &&
	    d[strlen(DOUBLED)])
		return d + strlen(DOUBLED);
	return d;
}

void fsr_view_result_name(struct fsr_buf *b, const struct fsr_result *res,
			  int version)
{
	const char *d = fsr_view_description(res);

	fsr_buf_adds(b, res->title);
	if (version && res->app_version && *res->app_version)
		fsr_buf_addf(b, " %s", res->app_version);
	if (*d)
		fsr_buf_addf(b, ": %s", d);
}
