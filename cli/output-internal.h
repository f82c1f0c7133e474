/*
 * output-internal.h - what the files that write a run's outputs share
 * among themselves; the rest of cli/ uses the fsr_output*() of cli.h.
 *
 * The outputs of one run are written whole and together, or not at all.
 * One job a file, each calling only those above it (t2510 checks that
 * no two cli files call each other):
 *
 *	paths.c    what an output path names (symbolic links, /dev/fd/N)
 *	signals.c  the temporaries pending removal, removed by a signal
 *	stale.c    a temporary's name and lock; a killed run's removed
 *	targets.c  an output opened: a temporary, or in place; dropped
 *	publish.c  the finished outputs put in place together, or none
 */
#ifndef FSR_OUTPUT_INTERNAL_H
#define FSR_OUTPUT_INTERNAL_H

#include "cli.h"

#include <signal.h>
#include <sys/stat.h>

enum fsr_output_how {
	FSR_OUT_STDOUT,  /* streamed to standard output */
	FSR_OUT_FD,      /* streamed in place (device, FIFO, socket, fd) */
	FSR_OUT_BUFFER,  /* in place, held in memory until publish */
	FSR_OUT_TEMP,    /* temporary file renamed over the target */
	FSR_OUT_DIRECT,  /* a new file inside a temporary folder of ours */
	FSR_OUT_DIR,     /* a temporary folder renamed over the target */
};

struct fsr_output {
	enum fsr_output_how how;
	char *name;      /* for messages: the path given, or "standard output" */
	char *target;    /* the file or folder that gets replaced */
	char *tmp;       /* temporary file or folder */
	int fd;          /* FSR_OUT_BUFFER: the fd to write (-1: open target) */
	int keep_owner;  /* FSR_OUT_TEMP/DIR: an old one's mode and owner */
	int published;   /* fsr_outputs_publish() put it in place */
	int depth;       /* FSR_OUT_DIR: subfolder levels (report -o: 1) */
	int lock_fd;     /* FSR_OUT_TEMP/DIR: holds flock() on tmp */
	int swapped;     /* publish: 1 renamed in, 2 exchanged, 3 for good */
	int old_at_tmp;  /* publish: the old one sits at tmp until removed */
	struct stat old;
	FILE *fp;
	/* FSR_OUT_STDOUT/FD: what the sink wrote, in an unnamed temporary
	 * file until commit (NULL: none could be made, written as it
	 * comes) */
	FILE *held;
	struct fsr_buf buf;
	struct fsr_sink *sink;
	struct fsr_output *next;
};

/* signals.c: path (kept, not copied: it must live until removed from
 * the list) is removed if a signal or fsr_oom() ends the run; a file,
 * or a folder with its files and those of its subfolders. */
void fsr_pending_add(char *path);
void fsr_pending_remove(const char *path);
void fsr_pending_dir_add(char *path);
void fsr_pending_dir_remove(const char *path);
/* signals.c: empty the open folder fd (and, depth > 0, its subfolders)
 * without allocating. */
void fsr_empty_dir_raw(int fd, int depth);
/* signals.c: hold the caught signals (the old mask into *old) while the
 * outputs are swapped in; once all are in place, ignore them (the run
 * has succeeded). */
void fsr_signals_block(sigset_t *old);
void fsr_signals_run_committed(void);

/* stale.c: the temporary's template beside target, for mkstemp() or
 * mkdtemp() (the caller frees it); fsr_temp_lock(): an fd holding the
 * lock on what was just made at path (fd: the file, -1: a folder), or
 * -1 when it is no longer there (make another). */
char *fsr_temp_template(const char *target);
int fsr_temp_lock(const char *path, int fd);
/* stale.c: remove a temporary folder of ours and its files (those of
 * its subfolders too); 0 or -1 as rmdir(). */
int fsr_temp_remove_dir(const char *dir);
/* stale.c: remove the stale temporaries beside path (nobody's lock). */
void fsr_remove_stale(const char *path);

/* targets.c: open out's target, written in place (a device, FIFO,
 * socket or /dev/fd/N): an fd, or -1 with errno. */
int fsr_output_open_in_place(const struct fsr_output *out);
/* targets.c: remove out's temporary (or, in a temporary folder, its
 * file); fsr_output_free(): free out and what it holds. */
void fsr_output_remove_temp(struct fsr_output *out);
void fsr_output_free(struct fsr_output *out);

#endif
