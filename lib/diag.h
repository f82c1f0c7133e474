/*
 * diag.h - error codes and the diagnostic that carries one.
 *
 * Library code never prints or exits (style.md 13): it returns 0 or a
 * negative FSR_E* code and fills an optional struct fsr_diag with where
 * and why, the code included. Only cli/ prints a diag and turns its code
 * into an exit status (one table, cli/messages.c).
 */
#ifndef FSR_LIB_DIAG_H
#define FSR_LIB_DIAG_H

#include <stdarg.h>

/* Error codes: library functions return 0 or one of these (negative). The
 * exit status each one leads to is fixed by cli/messages.c's table. */
enum fsr_error {
	FSR_OK = 0,
	FSR_EINPUT = -1,    /* the input is malformed (exit 3) */
	FSR_EIO = -2,       /* an input could not be read (exit 3) */
	FSR_ENOMEM = -3,    /* out of memory (exit 5) */
	FSR_EUSAGE = -4,    /* bad option or argument (exit 2) */
	FSR_EINTERNAL = -5, /* a bug (exit 5) */
	FSR_ENOTMINE = -6,  /* no importer accepts the file (exit 3) */
	FSR_EOUTPUT = -7,   /* an output could not be written (exit 4) */
};

/*
 * Where and why an error happened, filled by library code, printed by
 * cli/ only. file points at a string that outlives the diag (the path
 * given in). code is the FSR_E* code of the error (FSR_OK: none yet).
 */
struct fsr_diag {
	const char *file;
	int line, col; /* 0 when not known */
	int code;
	char msg[512];
};

/* Fill d (when not NULL), code included, and return code. Never prints. */
int fsr_diag_set(struct fsr_diag *d, int code, const char *file, int line,
		 int col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
int fsr_diag_vset(struct fsr_diag *d, int code, const char *file, int line,
		  int col, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));
/* Empty d (when not NULL): no file, no position, code FSR_OK, no text. */
void fsr_diag_clear(struct fsr_diag *d);

/* Abort with file:line for broken invariants (git's BUG()). */
#define FSR_BUG(...) fsr_bug(__FILE__, __LINE__, __VA_ARGS__)
_Noreturn void fsr_bug(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
