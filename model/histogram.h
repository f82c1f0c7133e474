/*
 * histogram.h - a run's latency distribution kept as a histogram, never
 * as a list of every I/O (issue 36).
 *
 * The layout is fio's (stat.h: FIO_IO_U_PLAT_BITS, _GROUP_NR): values are
 * non-negative integers in the histogram's unit (ns for fio); the values
 * below 2^(bits+1) have a bin each, and every further power of two is cut
 * into 2^bits bins of equal width. A bin's value is its midpoint, as fio
 * prints it, so the relative error of a value read back is at most
 * 1/2^(bits+1) (0.78 % with fio's 6 bits); docs/formats.md, "fio latency
 * histograms". fio's own histograms (json+ "bins", --write_hist_log) use
 * bits 6 and 29 groups as they are; raw samples (clat logs, hyperfine
 * `times`) are binned into the same layout: clat logs in ns with fio's 29
 * groups (so they bin as fio's own histogram does), hyperfine's seconds in
 * ns with FSR_HIST_MAX_GROUPS (nothing overflows). Only histograms of one
 * layout merge.
 *
 * Ownership: the histogram owns its counts; fsr_hist_release() frees them
 * and keeps the struct, fsr_hist_free() frees both.
 */
#ifndef FSR_HISTOGRAM_H
#define FSR_HISTOGRAM_H

#include <stddef.h>
#include <stdint.h>

#define FSR_HIST_FIO_BITS 6    /* fio's FIO_IO_U_PLAT_BITS */
#define FSR_HIST_FIO_GROUPS 29 /* fio's FIO_IO_U_PLAT_GROUP_NR */
#define FSR_HIST_MAX_GROUPS 59 /* with 6 bits: every uint64_t value */

struct fsr_hist {
	unsigned bits;     /* sub-bins per power of two: 2^bits */
	unsigned groups;   /* n = groups << bits bins; the last one also
			    * holds every larger value (fio's rule) */
	uint64_t *counts;  /* n of them, or NULL while all are zero */
	uint64_t total;    /* the sum of counts: I/Os in the run */
};

/* Set h up empty with this layout (nothing allocated); 0, or FSR_EINPUT
 * for a layout out of range (bits 1..16, groups 2..65 - bits: values
 * up to 2^64 - 1). */
int fsr_hist_init(struct fsr_hist *h, unsigned bits, unsigned groups);
void fsr_hist_release(struct fsr_hist *h);
void fsr_hist_free(struct fsr_hist *h);
/* Empty every bin, keep the memory and the layout. */
void fsr_hist_clear(struct fsr_hist *h);

size_t fsr_hist_nbins(const struct fsr_hist *h);
/* The bin value falls into (fio's plat_val_to_idx()). */
size_t fsr_hist_index(const struct fsr_hist *h, uint64_t value);
/* The value fio prints for bin i: its midpoint (plat_idx_to_val()). */
uint64_t fsr_hist_value(const struct fsr_hist *h, size_t i);
/* The values bin i holds: [*lo, *hi] (the last bin: hi is UINT64_MAX). */
void fsr_hist_bounds(const struct fsr_hist *h, size_t i, uint64_t *lo,
		     uint64_t *hi);

/* Count n I/Os of this value. */
void fsr_hist_add(struct fsr_hist *h, uint64_t value, uint64_t n);
/*
 * Count n I/Os in the bin whose printed value is value (a json+ "bins"
 * key, a hist-log column): 0, or FSR_EINPUT when no bin prints that
 * value (an edited file).
 */
int fsr_hist_add_bin_value(struct fsr_hist *h, uint64_t value, uint64_t n);
/* Count n I/Os in bin i (i < fsr_hist_nbins()). */
void fsr_hist_add_bin(struct fsr_hist *h, size_t i, uint64_t n);

/*
 * A histogram written sparsely (fsreport's JSON and XML: the indexes of
 * the bins that count I/Os, ascending, each once, their counts, and the
 * total) into h, set up empty with its layout: FSR_SPARSE_OK and every
 * bin counted, or the first rule broken, *at the place in the lists
 * (bin[*at] out of range or not above the one before, count[*at] 0 or
 * past 2^64 - 1 in all) or, for FSR_SPARSE_TOTAL, *sum the counts' sum;
 * h is then left as it was.
 */
enum fsr_sparse_err {
	FSR_SPARSE_OK,
	FSR_SPARSE_RANGE,    /* a bin past the layout's last */
	FSR_SPARSE_ORDER,    /* a bin not above the one before it */
	FSR_SPARSE_ZERO,     /* a bin that counts no I/O */
	FSR_SPARSE_OVERFLOW, /* the counts add up past 2^64 - 1 */
	FSR_SPARSE_TOTAL,    /* total is not the counts' sum */
};
enum fsr_sparse_err fsr_hist_add_sparse(struct fsr_hist *h,
					const uint64_t *bin,
					const uint64_t *count, size_t n,
					uint64_t total, size_t *at,
					uint64_t *sum);

/*
 * Add every bin of src to dst, exactly (several jobs or hosts of one run):
 * 0, or FSR_EINPUT when their layouts (bits, groups) differ.
 */
int fsr_hist_merge(struct fsr_hist *dst, const struct fsr_hist *src);

/*
 * The q-th percentile (0 < q <= 100) by fio's rule (stat.c,
 * calc_clat_percentiles()): the value of the first bin whose running
 * count reaches q/100 of the total. 0 when the histogram is empty.
 */
uint64_t fsr_hist_percentile(const struct fsr_hist *h, double q);

/* The fraction of I/Os at or below the top of bin i (the CDF at a bin). */
double fsr_hist_cdf(const struct fsr_hist *h, size_t i);

/*
 * The histograms of a cell, one per run in the order the runs were read
 * (the run is the unit of every comparison). A cell's set lives in its
 * extra part (model.h); pooling two cells appends the second's runs.
 * Importers put a latency's histograms in the cell of its median result
 * ("w: write completion latency (p50)"), the one result every histogram
 * has.
 */
struct fsr_histset {
	struct fsr_hist *runs;
	size_t n, cap;
};
struct fsr_cell;
struct fsr_report;
struct fsr_cell_extra;
/* Move h into c's set as its next run (h is left empty, layout kept). */
void fsr_cell_add_hist(struct fsr_cell *c, struct fsr_hist *h);
/* c's set, or NULL when it has none. */
const struct fsr_histset *fsr_cell_hists(const struct fsr_cell *c);
/* Append src's runs to *dst (made when NULL); src is freed. */
void fsr_histset_take(struct fsr_histset **dst, struct fsr_histset *src);
/* Forget the first run's histogram (--drop-first: fsr_report_drop_first()). */
void fsr_histset_drop_first(struct fsr_histset *s);
void fsr_histset_free(struct fsr_histset *s);

/*
 * A percentile the runs cannot support is no result (issue 36): a run of
 * M I/Os gives the q-th percentile only when at least FSR_PCT_TAIL_IOS of
 * them lie at or above it, M >= FSR_PCT_TAIL_IOS / (1 - q/100)
 * (p99.99: 100 000 I/Os; p99.9: 10 000; p99: 1 000; docs/methods.md,
 * "Latency percentiles"). fsr_pct_ios_needed() is that M, rounded up
 * (0 for q >= 100: never supported). A refused run adds no sample to the
 * cell; the cell counts it here, for the note every output carries.
 */
#define FSR_PCT_TAIL_IOS 10
uint64_t fsr_pct_ios_needed(double q);

struct fsr_refusal {
	char *desc;        /* the percentile's result ("w: ... (p99.99)") */
	double q;          /* the percentile, 0 < q < 100 */
	uint64_t need;     /* fsr_pct_ios_needed(q) */
	size_t runs;       /* runs refused */
	size_t runs_ok;    /* runs that gave it */
	int dropped;       /* runs_ok > 0 and their values were left out:
			    * fsr_report_refuse_partial() */
	uint64_t min_ios, max_ios; /* the I/Os of the refused runs */
};
/*
 * The refusals live in a host cell of the same system and latency (its
 * "(mean)", which every run of it has), not in the percentile's own: a
 * refused run adds nothing to the percentile's result, so a result no run
 * supports does not exist and every data format round-trips. Count one
 * run of ios I/Os for percentile q of result desc: refused, or ok.
 */
void fsr_cell_add_refused(struct fsr_cell *host, const char *desc, double q,
			  uint64_t ios, int ok);
/* host's records (*n of them; NULL, 0: none). Records with runs 0 only
 * count supporting runs. */
const struct fsr_refusal *fsr_cell_refusals(const struct fsr_cell *host,
					    size_t *n);
/* Pool src's records into dst's (by desc); src's are freed. */
void fsr_refusals_take(struct fsr_cell_extra *dst, struct fsr_cell_extra *src);
void fsr_refusals_free(struct fsr_cell_extra *x);
/*
 * A percentile some runs of a configuration could not give is refused
 * for the whole configuration: the runs that could are those with more
 * I/Os, the faster ones, and alone they would be a biased sample. Their
 * values leave the model (the percentile's cell of that system; a result
 * left with no cell goes too); the record says so (dropped). Returns the
 * cells removed. Call once after the last import.
 */
size_t fsr_report_refuse_partial(struct fsr_report *r);

#endif
