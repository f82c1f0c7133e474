/*
 * model.h - the common result model of fsreport.
 *
 * Ownership, in one sentence: the report owns everything reachable from it,
 * every string is copied in, and fsr_report_free() releases it all.
 *
 * Shape (design.md): a report holds systems (columns: "Defaults",
 * "buffered"), results (rows: one test + options + unit) and cells
 * (result x system) holding every sample, the value the source stored and
 * the failed runs.  Systems belong to the run set they were imported from;
 * their display label is fixed once all run sets are in
 * (fsr_report_finish_labels()). The general helpers the model is built on
 * (diagnostics, allocation, strbuf, numbers, the hash index) live in lib/.
 *
 * Usage (tests/unit/test-model-usage.c compiles and runs this text):
 *	struct fsr_result_key key = { "pts/fio-1.15", "-rw", "Read", "3.29",
 *				      "MB/s" };
 *	struct fsr_report *r = fsr_report_new();
 *	size_t rs = fsr_report_add_runset(r, "base", "run-a", 0);
 *	size_t sys = fsr_report_system(r, rs, "Defaults");
 *	struct fsr_result *res = fsr_report_result(r, &key);
 *
 *	fsr_cell_add_sample(fsr_result_cell(res, sys), 81.13);
 *	fsr_report_finish_labels(r);
 *	fsr_report_free(r);
 */
#ifndef FSR_MODEL_H
#define FSR_MODEL_H

#include <stddef.h>

#include "../lib/strbuf.h"

struct fsr_kv {
	char *key;
	char *value;
};

struct fsr_kvlist {
	struct fsr_kv *items;
	size_t n, cap;
};
/* Append a copy of key/value; an existing key is replaced. */
void fsr_kvlist_set(struct fsr_kvlist *l, const char *key, const char *value);
const char *fsr_kvlist_get(const struct fsr_kvlist *l, const char *key);
void fsr_kvlist_release(struct fsr_kvlist *l);

struct fsr_runset {
	char *label;      /* LABEL= or the file/folder name w/o extension */
	char *path;       /* as given on the command line */
	int explicit_label; /* LABEL= was given */
};

/*
 * A further PTS <System> block with the Identifier of one read before:
 * PTS's merge-results writes one per merged file when their runs share a
 * name, and PTS prints and writes back each. Statistics never read it.
 */
struct fsr_sysblock {
	char *hardware, *software; /* as written, or NULL */
	char *json;                /* <JSON> as written, or NULL */
	struct fsr_kvlist meta;    /* user, timestamp, test-client-version,
				    * notes, as fsr_system.meta holds them */
	size_t ordinal;            /* its place among the file's blocks */
};

struct fsr_system {
	char *label;      /* display label, final after finish_labels */
	char *name;       /* name inside its run set (NULL: the run set) */
	size_t runset;    /* index into report->runsets */
	char *hardware;   /* raw PTS-style "Processor: X, Memory: Y" or NULL */
	char *software;
	struct fsr_kvlist hw, sw; /* the same, split into ordered pairs */
	struct fsr_kvlist meta;   /* JSON attributes, config echo, notes */
	struct fsr_kvlist info;   /* the run folder's system.txt, then
				   * --note (cli/), in order */
	char *json;       /* a PTS <System><JSON> as written, or NULL */
	int declared;     /* had a PTS <System> block */
	int undeclared;   /* a PTS file named it in entries only */
	size_t ordinal;   /* place of its PTS <System> block in the file */
	struct fsr_sysblock *more; /* further blocks with its Identifier */
	size_t n_more, cap_more;
	char **sources;   /* files that contributed samples */
	size_t n_sources, cap_sources;
	char *ikey;       /* private: the lookup key "<runset>\x1f<name>" */
	struct fsr_index *source_index; /* private: sources by path */
};

enum fsr_better {
	FSR_BETTER_UNKNOWN = 0,
	FSR_BETTER_HIGHER,
	FSR_BETTER_LOWER,
};

enum fsr_display {
	FSR_DISPLAY_BAR = 0,   /* numeric samples, averaged */
	FSR_DISPLAY_LINE,      /* a series per entry (PTS LINE_GRAPH) */
	FSR_DISPLAY_PASSFAIL,  /* PASS / FAIL text */
	FSR_DISPLAY_OTHER,     /* anything else PTS stores; kept, not averaged */
};

/*
 * One entry as its source wrote it (a PTS <Entry>), kept so that the PTS
 * text layout prints one row per entry and the PTS export writes it back
 * unchanged. Statistics never read it: they pool the cell's samples.
 */
struct fsr_entry {
	char *value;       /* <Value> as written; "" for a failed run */
	char *raw;         /* <RawString> as written, or NULL */
	char *json;        /* <JSON> as written, or NULL */
	size_t seq;        /* its place among the entries of its result */
	size_t n_samples;  /* samples it gave the cell */
	int failed;        /* it gave the cell a failed run */
};

/* What few cells have, kept apart and made when first written (the
 * accessors below): a cell of a big show is 72 bytes instead of 120. */
struct fsr_cell_extra {
	char *fail_reason; /* first reason seen, or NULL */
	struct fsr_kvlist meta; /* per-entry attributes (PTS Entry JSON) */
	struct fsr_entry *entries; /* as read; see fsr_cell_entries_exact() */
	size_t n_entries, cap_entries;
	struct fsr_histset *hists; /* latency per run, or NULL: histogram.h */
	struct fsr_refusal *refused; /* percentiles some runs could not
				      * give: histogram.h */
	size_t n_refused, cap_refused;
	struct fsr_seriesset *series; /* a time series per run, or NULL:
				       * series.h */
};

struct fsr_cell {
	size_t system;     /* index into report->systems */
	double *samples;   /* every repetition, in input order */
	size_t n, cap;
	char *stored;      /* the value the source stored (PTS Value) or NULL */
	int stored_decimals; /* decimals in the samples as written, max; -1 */
	size_t n_stored;   /* how many source entries were pooled here */
	size_t n_failed;   /* failed runs (never zeros) */
	/* the failure reason, attributes and entries; NULL while it has
	 * none: read them with the functions below */
	struct fsr_cell_extra *extra;
};

/* What identifies a result (PTS comparison hash inputs). */
struct fsr_result_key {
	const char *test;        /* test id without patch version, or a name */
	const char *arguments;
	const char *description;
	const char *app_version;
	const char *unit;
};

struct fsr_result {
	char *key;          /* joined identity key, unique in the report */
	char *test_id;      /* as written ("pts/tiobench-1.2.0"), may be "" */
	char *test;         /* identity part of test_id (no patch version) */
	char *title;        /* "Threaded I/O Tester" */
	char *app_version;  /* "0.3.3" or "" */
	char *arguments;
	char *description;  /* "Test: Read - Size Per Thread: 32MB" */
	char *unit;         /* "MB/s" */
	enum fsr_better better;
	enum fsr_display display;
	int derived;        /* PTS result with an empty Identifier */
	char *scale;        /* PTS <Scale> as written when more than the
			     * unit ("MB/s | per client"), else NULL */
	char *annotation;   /* PTS <Annotation>, or NULL */
	char *parent;       /* PTS <Parent> (a comparison hash), or NULL */
	struct fsr_cell *cells; /* sparse, in the order systems appeared */
	size_t n_cells, cap_cells;
	int own_runs;       /* 1: nothing says which results share runs (a
			     * CSV row without arguments): the description
			     * names a measurement of its own in the
			     * geometric mean (analyze/geomean.c) */
	/* Private to model.c: cells[0 .. n_sorted) are in increasing
	 * system order (systems are numbered as they appear, so this is
	 * nearly always all of them) and are found by bisection; the rest
	 * by a scan. 0 is always true, so a result built by hand is
	 * right. */
	size_t n_sorted;
};

struct fsr_report {
	char *title;        /* first non-empty Generated/Title seen */
	/* title is what fsreport printed in place of one, its run sets'
	 * labels, as an export of an untitled report wrote it (JSON
	 * title_made, XML title-made): text prints it, as it did; a page
	 * makes its own title, as it did (render/pages/html.c). */
	int title_made;
	char *description;
	/* The PTS <Generated> fields other than Title and Description, as
	 * read ("LastModified", "Notes", ...), when one PTS file made the
	 * report; empty otherwise. */
	struct fsr_kvlist generated;
	size_t n_generated; /* PTS files merged into the report */
	/* runs fsr_report_drop_first() left out (--drop-first); 0: none */
	size_t n_dropped_first;
	/* runs whose time series the SNIA PTS steady-state rule tested
	 * (fsr_report_steady(), analyze.h), whether --steady made each
	 * one's result its steady-state mean (else its whole-run mean),
	 * and of those tested the runs that never became steady (their
	 * result stays the whole-run mean); 0 runs: no output says it */
	struct fsr_steady_choice {
		size_t runs, never;
		int steady;
	} steady_result;
	struct fsr_runset *runsets;
	size_t n_runsets, cap_runsets;
	struct fsr_system *systems;
	size_t n_systems, cap_systems;
	struct fsr_result **results; /* pointers: stable while growing */
	size_t n_results, cap_results;
	struct fsr_index *result_index; /* private */
	struct fsr_index *system_index; /* private */
};

struct fsr_report *fsr_report_new(void);
void fsr_report_free(struct fsr_report *r);

/* Add a run set (copies label and path); returns its index. */
size_t fsr_report_add_runset(struct fsr_report *r, const char *label,
			     const char *path, int explicit_label);

/*
 * Find or create the system named name (NULL: the run set itself) in run
 * set runset; returns its index.
 */
size_t fsr_report_system(struct fsr_report *r, size_t runset,
			 const char *name);
/* Record that path contributed to system sys (once per path). */
void fsr_system_add_source(struct fsr_system *s, const char *path);
/* Add a further PTS block to s (copies the strings; json may be NULL);
 * returns it for the caller to fill meta. */
struct fsr_sysblock *fsr_system_add_block(struct fsr_system *s,
					  const char *hardware,
					  const char *software,
					  const char *json, size_t ordinal);

/*
 * Find or create the result with this identity. New results copy every
 * field of key; title, unit and better are filled by the caller.
 */
struct fsr_result *fsr_report_result(struct fsr_report *r,
				     const struct fsr_result_key *key);
/* Look up only; NULL when absent. */
struct fsr_result *fsr_report_find_result(const struct fsr_report *r,
					  const char *key);
/*
 * Keep only the results keep[0..n) (indices into r->results, each at
 * most once), in that order; the others are freed. For a selection made
 * before the statistics are computed (cli/select.c).
 */
void fsr_report_keep_results(struct fsr_report *r, const size_t *keep,
			     size_t n);
/* Remove cell k of res (freed; the others keep their order). */
void fsr_result_remove_cell(struct fsr_result *res, size_t k);
/*
 * --drop-first: leave out the first sample (the first run, in the order
 * the input holds them) of every cell of a numeric bar result with 3 or
 * more samples, before any statistic is computed, and its time series
 * where the cell has one per run; the entries as read stay. Adds the
 * runs left out to r->n_dropped_first and returns them.
 */
size_t fsr_report_drop_first(struct fsr_report *r);
/* Build the identity key string of key into b (reset first). */
void fsr_result_key_format(struct fsr_buf *b, const struct fsr_result_key *k);
/* Strip the patch version: "pts/tiobench-1.2.0" -> "pts/tiobench-1.2". */
char *fsr_test_identity(const char *test_id);

/* Find or create the cell of result res for system sys. */
struct fsr_cell *fsr_result_cell(struct fsr_result *res, size_t sys);
/* Room for n cells (exactly): an importer that expects n systems keeps
 * the cells at their size (the 1.5x growth left a sixth empty). */
void fsr_result_reserve_cells(struct fsr_result *res, size_t n);
/* Look up only; NULL when absent. */
const struct fsr_cell *fsr_result_find_cell(const struct fsr_result *res,
					    size_t sys);

void fsr_cell_add_sample(struct fsr_cell *c, double x);
/* The first sample of r outside the range fsreport accepts
 * (fsr_value_in_range(), lib/numbers.h): 1 and *x, *res set, or 0. The
 * one check every importer's samples pass (cli/runset.c, the store). */
int fsr_report_value_out_of_range(const struct fsr_report *r, double *x,
				  const struct fsr_result **res);
/* The same for one result: 1 and *x set, or 0. */
int fsr_result_value_out_of_range(const struct fsr_result *res, double *x);
/* Release res's cells (their samples, entries and all): a result printed
 * as it was read (show's streamed read, cli/stream.c) keeps only what
 * names it. */
void fsr_result_drop_cells(struct fsr_result *res);
/* Make room for more samples at once (exactly, no doubling): importers
 * that know how many follow keep memory at the size of the data. */
void fsr_cell_reserve(struct fsr_cell *c, size_t more);
void fsr_cell_add_failed(struct fsr_cell *c, const char *reason);
/* The first failure reason seen, or NULL. */
const char *fsr_cell_fail_reason(const struct fsr_cell *c);
/* Replace the failure reason with a copy of reason (NULL: none). */
void fsr_cell_set_fail_reason(struct fsr_cell *c, const char *reason);
/* The per-entry attributes: an empty list when there are none. */
const struct fsr_kvlist *fsr_cell_meta(const struct fsr_cell *c);
/* The same, to add to (made when the cell had none). */
struct fsr_kvlist *fsr_cell_meta_edit(struct fsr_cell *c);
/*
 * The seconds each run of the cell took, where the input records them
 * apart from the result, under the attribute PTS's Entry JSON uses:
 * "10.53:10.01" (one per run). Pooled cells join their lists.
 */
#define FSR_META_RUN_TIMES "test-run-times"
/* Add one run's time (seconds) to the cell's list. */
void fsr_cell_add_run_time(struct fsr_cell *c, double secs);
/* The entries as read, *n of them (0 and NULL when none). */
const struct fsr_entry *fsr_cell_entries(const struct fsr_cell *c,
					 size_t *n);
/* Remember the stored value text; pooled cells keep none. */
void fsr_cell_set_stored(struct fsr_cell *c, const char *value);
/* Keep an entry as read (copies the strings; raw and json may be NULL).
 * n_samples and failed say what the caller added to the cell for it. */
void fsr_cell_add_entry(struct fsr_cell *c, const char *value,
			const char *raw, const char *json, size_t seq,
			size_t n_samples, int failed);
/* 1 when the kept entries account for every sample and failed run of c
 * (a cell pooled from several files, or from other importers, has
 * none). */
int fsr_cell_entries_exact(const struct fsr_cell *c);

/*
 * Decide the display label of every system: LABEL= with one system gives
 * LABEL, with several "LABEL: name"; no LABEL= keeps names, unnamed
 * systems take the run-set label; labels still equal across run sets get
 * the run-set label in front. Call once after the last import.
 */
void fsr_report_finish_labels(struct fsr_report *r);

/*
 * What two titles of one result share, in a new string: their common
 * leading words, without a last word that numbers them ("run 01" and
 * "run 02" share neither "run" nor a digit) and without the spaces and
 * punctuation ",;:-#(=/[." it would end on. "ext4 modes, run 01" and "ext4
 * modes, run 02" give "ext4 modes"; "EXT2 tests" and "EXT3 tests" give
 * "" (no whole word in common). Equal titles give the title.
 */
char *fsr_title_common(const char *a, const char *b);
/* res's title where it is not other: fsr_title_common() of the two, or
 * fallback when they share no word. */
void fsr_result_meet_title(struct fsr_result *res, const char *other,
			   const char *fallback);

/*
 * Move everything of src (imported with run set 0) into dst under run set
 * runset: systems are matched by name, results by key, samples of equal
 * cells are pooled. src is freed. Importers fill a scratch report that is
 * merged only when the whole file was read, so a bad file leaves nothing.
 * Titles of one result that differ between files become their
 * fsr_title_common(), or the test's name when they share no word.
 */
void fsr_report_merge(struct fsr_report *dst, size_t runset,
		      struct fsr_report *src);
/* r's first k results forgotten: freed (own) or only taken out of r
 * (another report holds them); the rest move to the front, their keys
 * indexed again. For a read that keeps only the results not yet used
 * (cli/compare-stream.c). */
void fsr_report_forget_results(struct fsr_report *r, size_t k, int own);
/* fsr_report_merge()'s three steps, for a caller that merges results as
 * they are read (cli/compare-stream.c): src's title, description and
 * Generated block (taken from src, once src's file is read whole: PTS
 * counts its Generated block at the end); src's systems into run set
 * runset of dst, the map from src's system indexes to dst's returned
 * (the caller frees it); then one result of src, its cells' systems
 * mapped, moved into dst (1: dst holds it now) or, when dst has its
 * key, pooled into dst's (0: the caller still holds it). */
void fsr_report_merge_head(struct fsr_report *dst, struct fsr_report *src);
size_t *fsr_report_merge_systems(struct fsr_report *dst, size_t runset,
				 struct fsr_report *src);
int fsr_report_merge_result(struct fsr_report *dst, const size_t *map,
			    struct fsr_result *res);

/* Parse "better" words: higher/hib/lower/lib. Returns UNKNOWN otherwise. */
enum fsr_better fsr_better_parse(const char *s);
const char *fsr_better_name(enum fsr_better b); /* "higher", "lower", "" */

/* Display kinds by name in fsreport's own formats: "bar", "line",
 * "passfail", "other". Parse returns -1 for any other word. */
const char *fsr_display_name(enum fsr_display d);
int fsr_display_parse(const char *s, enum fsr_display *out);

#endif
