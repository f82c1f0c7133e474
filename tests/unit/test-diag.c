/*
 * test-diag.c - lib/diag.c: a diag carries its code, position and text;
 * a NULL diag is fine; clear empties it; messages are cut, not overrun.
 */
#include "lib/diag.h"
#include "tap.h"

#include <string.h>

int main(void)
{
	struct fsr_diag d;
	char big[1000];
	int rc;

	fsr_diag_clear(&d);
	ok(d.file == NULL && d.line == 0 && d.col == 0, "clear: no place");
	is_int(d.code, FSR_OK, "clear: no code");
	is_str(d.msg, "", "clear: no text");

	rc = fsr_diag_set(&d, FSR_EINPUT, "a.xml", 42, 7, "expected <%s>",
			  "Entry");
	is_int(rc, FSR_EINPUT, "set returns the code");
	is_int(d.code, FSR_EINPUT, "the diag carries the code");
	ok(d.line == 42 && d.col == 7 && !strcmp(d.file, "a.xml"),
	   "file, line and column kept");
	is_str(d.msg, "expected <Entry>", "message formatted");

	rc = fsr_diag_set(&d, FSR_EINTERNAL, NULL, 0, 0, "x");
	ok(rc == FSR_EINTERNAL && d.code == FSR_EINTERNAL && !d.file,
	   "a second set replaces code and place");

	is_int(fsr_diag_set(NULL, FSR_EOUTPUT, "f", 1, 1, "no diag"),
	       FSR_EOUTPUT, "set without a diag still returns the code");
	fsr_diag_clear(NULL);
	ok(1, "clear without a diag is a no-op");

	memset(big, 'm', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	fsr_diag_set(&d, FSR_EIO, "f", 0, 0, "%s", big);
	is_int(strlen(d.msg), sizeof(d.msg) - 1, "a long message is cut");

	/* The codes are distinct and negative: cli/messages.c maps each one. */
	ok(FSR_EINPUT < 0 && FSR_EIO < 0 && FSR_ENOMEM < 0 &&
	   FSR_EUSAGE < 0 && FSR_EINTERNAL < 0 && FSR_ENOTMINE < 0 &&
	   FSR_EOUTPUT < 0, "error codes are negative");
	fsr_diag_clear(&d);
	is_int(d.code, FSR_OK, "clear resets the code");
	return done_testing();
}
