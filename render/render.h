/*
 * render.h - output formats, one file each, listed in one static table in
 * render/registry.c. Renderers only read (const) the report and the
 * numbers analyze/ computed, and write to a sink, never to stdout; cli/
 * decides where the sink's bytes go.
 */
#ifndef FSR_RENDER_H
#define FSR_RENDER_H

#include <stdio.h>

#include "../lib/diag.h"
#include "../lib/escape.h"
#include "../model/model.h"
#include "../analyze/analyze.h"

/* A sink: a FILE * or a growable buffer. Write errors are remembered and
 * reported once by fsr_sink_error().
 *
 * Whatever a renderer writes with fsr_sink_write/puts/printf/putbuf is
 * text and may hold text from the input: control, bidi and non-UTF-8
 * bytes in it are escaped (lib/escape.h, FSR_ESC_TEXT), never written
 * raw. fsr_sink_write_as() is for the writers whose format has its own
 * escapes (FSR_ESC_JSON, FSR_ESC_XML) and for bytes fsreport made
 * itself (FSR_ESC_NONE: PNG and SVG data, colour codes). */
struct fsr_sink {
	FILE *fp;             /* when not NULL, bytes go here */
	struct fsr_buf *buf;  /* otherwise here */
	int error;            /* errno of the first failed write */
};
void fsr_sink_write(struct fsr_sink *s, const void *data, size_t len);
void fsr_sink_write_as(struct fsr_sink *s, enum fsr_esc style,
		       const void *data, size_t len);
void fsr_sink_puts(struct fsr_sink *s, const char *str);
void fsr_sink_printf(struct fsr_sink *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fsr_sink_putbuf(struct fsr_sink *s, const struct fsr_buf *b);
/* The bytes of fp from its start into s as they are (a spool read
 * back): 0, or the errno of a failed flush, seek or read of fp. */
int fsr_sink_put_file(struct fsr_sink *s, FILE *fp);

enum fsr_command { FSR_CMD_SHOW = 0, FSR_CMD_COMPARE, FSR_CMD_IMPORT,
		   FSR_CMD_TREND, FSR_CMD_STORE, FSR_CMD_CHECK,
		   FSR_CMD_REPORT, FSR_CMD_PLAN };

struct fsr_trend;
struct fsr_check;

/* Everything a renderer may look at. */
struct fsr_view {
	enum fsr_command command;
	const struct fsr_report *report;
	const struct fsr_stats *stats;
	const struct fsr_comparison *cmp; /* NULL for show */
	const struct fsr_trend *trend; /* trend; report: its trend section
					* (with cmp; render/trend.h) */
	char *const *trend_charts; /* report: the trend charts' files, a
				    * PNG and an SVG per trend row */
	const struct fsr_check *check; /* check only (render/trend.h) */
	const struct fsr_plan *plan;   /* plan only (render/text/plan.c) */
	/* report: the chart files (charts/...), a PNG then an SVG per
	 * chart in the page's order (overview, results, change parts);
	 * past FSR_HTML_INLINE_MAX charts index.html links them instead
	 * of inlining each (render/pages/html.c) */
	char *const *chart_files;
	size_t n_chart_files;
};
#define FSR_HTML_INLINE_MAX 60


/* Charts (svg, png; render/charts/chart.c): the whole report in one picture,
 * or one chart of it (--chart-dir writes one file per chart). */
enum fsr_chart_part {
	FSR_CHART_ALL = 0,  /* every result stacked, then the change chart */
	FSR_CHART_RESULT,   /* only the result chart_result */
	FSR_CHART_CHANGE,   /* only the change chart of compare */
	FSR_CHART_OVERVIEW, /* only the overview chart of compare (report) */
	FSR_CHART_ITEMS,    /* the charts chart_items names, stacked (a page
			     * of a paged --svg / --png) */
};

/* One chart of a stacked page: FSR_CHART_RESULT (index: the result),
 * FSR_CHART_CHANGE (index: the part, from 1) or FSR_CHART_OVERVIEW. */
struct fsr_chart_item {
	enum fsr_chart_part part;
	size_t index;
};

/* --group (table, markdown): a titled run of consecutive run sets shown
 * side by side; its first run set is the group's baseline. */
struct fsr_table_group {
	const char *title;
	size_t first;       /* index of its first run set */
	size_t n;           /* run sets in it */
	/* compare: the group compared on its own (cli/group.c), a report
	 * of its run sets alone; NULL until then. result_of[i] is the
	 * index there of the view's result i, system_of[i] of its system
	 * i (SIZE_MAX: not in the group). */
	struct fsr_report *report;
	struct fsr_stats *stats;
	struct fsr_comparison *cmp;
	size_t *result_of, *system_of;
};

struct fsr_render_opts {
	int width;          /* text width in columns */
	int color;          /* ANSI colour allowed */
	int verbose;
	double scale;       /* charts: 1.0 = 96 dpi */
	enum fsr_chart_part chart_part; /* charts: what to draw */
	size_t chart_result; /* FSR_CHART_RESULT: index into results */
	size_t chart_section; /* FSR_CHART_CHANGE: the part, from 1; 0: all */
	/* FSR_CHART_ITEMS: the charts, top to bottom */
	const struct fsr_chart_item *chart_items;
	size_t n_chart_items;
	/* svg, png: a mark that names the file as a page fsreport wrote,
	 * "2 of 7": "<!-- fsreport page 2 of 7 -->" after the SVG's XML
	 * declaration, a PNG tEXt chunk "Software" = "fsreport page 2 of
	 * 7" before the image data (libpng puts it after IHDR and bKGD);
	 * NULL: none (fsr_render_page_marked() reads it) */
	const char *page_mark;
	const struct fsr_table_group *groups; /* --group; NULL: none */
	size_t n_groups;
	/* --title, --subtitle, --caption (html, the report pages); NULL:
	 * the defaults */
	const char *title, *subtitle, *caption;
	/* text, table: leave the system table out (the report pages
	 * write their own) */
	int no_systems;
	/* svg, png of FSR_CHART_ITEMS: "page 2 of 7", drawn small at the
	 * foot of the image; NULL: none */
	const char *page_label;
};

/* What a renderer promises (struct fsr_renderer's flags). */
enum fsr_renderer_flags {
	/* the output is not text (a chart), never a --format */
	FSR_RENDER_BINARY = 1 << 0,
	/* it never reads cells' per-entry attributes (cell->meta), so
	 * importers may skip decoding them; a renderer that starts reading
	 * cell->meta must drop it */
	FSR_RENDER_NO_CELL_META = 1 << 1,
	/* it never reads the entries as read (cell->entries: PTS's <Entry>
	 * texts, for the PTS layout and the exports), so importers may keep
	 * only the samples */
	FSR_RENDER_NO_ENTRIES = 1 << 2,
	/* it never reads the stored value texts (cell->stored), so
	 * importers may only count them */
	FSR_RENDER_NO_STORED = 1 << 3,
	/* it reads summaries only through fsr_stats_cells() and one result
	 * at a time, so it may be given on-demand stats (a show then keeps
	 * no summaries) */
	FSR_RENDER_STATS_ON_DEMAND = 1 << 4,
	/* of a summary's validity tests it reads only the marks (the
	 * flags), and for show never the geometric mean: where it is the
	 * only reader of the summaries, those numbers are not computed
	 * (struct fsr_analyze_opts' lean) */
	FSR_RENDER_SUMMARY_MARKS = 1 << 5,
};

/* A row of the table in render/registry.c, written with designated
 * initialisers; new fields go at the end. */
struct fsr_renderer {
	const char *name;   /* --format name */
	const char *ext;    /* file extension, for --chart-dir etc. */
	int (*render)(const struct fsr_view *v,
		      const struct fsr_render_opts *o, struct fsr_sink *out,
		      struct fsr_diag *d);
	unsigned flags;     /* enum fsr_renderer_flags */
};

extern const struct fsr_renderer fsr_renderers[];

/* index.md of "fsreport report" (render/pages/html.c): title, the Markdown
 * table, the charts as images, the text report. charts[0..n_charts) are
 * file names relative to the page, a PNG then its SVG for the overview
 * chart (compare), each result chart in report order, and the change
 * chart (compare). Returns 0 or an
 * FSR_E* code with d set. */
int fsr_render_page_md(const struct fsr_view *v,
		       const struct fsr_render_opts *o,
		       const char *const *charts, size_t n_charts,
		       struct fsr_sink *out, struct fsr_diag *d);
const struct fsr_renderer *fsr_renderer_find(const char *name);

/* compare's csv: its head, then the rows of c (of r), a result's rows
 * next to each other (compare printed as read, cli/compare-stream.c,
 * gives one result's at a time). */
void fsr_csv_compare_head(struct fsr_sink *out);
void fsr_csv_compare_rows(const struct fsr_report *r,
			  const struct fsr_comparison *c, struct fsr_sink *out);

/*
 * show's csv and ascii in pieces, for a report printed as it is read
 * (cli/stream.c): the head, one result with its summaries (parallel to
 * its cells), and for ascii the end, which the head and the end read
 * from the whole report. fsr_render_csv() and fsr_render_ascii() print
 * a show as these pieces in this order. (render/data/csv.c,
 * render/text/ascii.c)
 */
void fsr_csv_show_head(struct fsr_sink *out);
void fsr_csv_show_result(const struct fsr_report *r,
			 const struct fsr_result *res,
			 const struct fsr_summary *sum, struct fsr_sink *out);
void fsr_ascii_show_head(const struct fsr_report *r, struct fsr_sink *out);
void fsr_ascii_show_result(const struct fsr_report *r,
			   const struct fsr_result *res,
			   const struct fsr_summary *cells,
			   const struct fsr_render_opts *o,
			   struct fsr_sink *out);
void fsr_ascii_show_tail(const struct fsr_report *r,
			 const struct fsr_render_opts *o, struct fsr_sink *out);

/*
 * show's table and markdown in pieces, for the same use: the table of
 * v (a show) begun, each result i of v's report with its summaries
 * (parallel to its cells) added as it is read, and the table written
 * once the whole report is read (the Type texts are told apart over
 * every result, the widths fit every row); fsr_table_show_write() frees
 * ts, fsr_table_show_free() drops it unwritten. fsr_render_table() and
 * fsr_render_markdown() of a show build their table with these pieces.
 * (render/text/table.c)
 */
struct fsr_table_show;
struct fsr_table_show *fsr_table_show_begin(const struct fsr_view *v);
void fsr_table_show_result(struct fsr_table_show *ts, size_t i,
			   const struct fsr_summary *sum);
void fsr_table_show_write(struct fsr_table_show *ts, int markdown,
			  const struct fsr_render_opts *o,
			  struct fsr_sink *out);
void fsr_table_show_free(struct fsr_table_show *ts);

/*
 * compare's table and markdown in the same pieces, for compare printed
 * as read (cli/compare-stream.c): begun of v (its report's systems, its
 * comparison's options and level: the family's, once known; NULL when
 * o's groups do not fit, d says why), each result i of v's report added
 * with its summaries (parallel to its cells) and v->cmp holding its rows
 * (not for --group, whose groups are compared over every result), and
 * written once every result was added: the Type texts are told apart
 * over every row, the widths fit every row, and a CI column is there
 * only when some row has more than one run a side. v's report at the
 * end needs its systems only. fsr_table_compare_write() frees tc,
 * fsr_table_compare_free() drops it unwritten. A compare's
 * fsr_render_table() and fsr_render_markdown() build their table with
 * these pieces. (render/text/table.c)
 */
struct fsr_table_compare;
struct fsr_table_compare *fsr_table_compare_begin(
	const struct fsr_view *v, const struct fsr_render_opts *o,
	struct fsr_diag *d);
void fsr_table_compare_result(struct fsr_table_compare *tc,
			      const struct fsr_view *v, size_t i,
			      const struct fsr_summary *sums);
void fsr_table_compare_write(struct fsr_table_compare *tc,
			     const struct fsr_view *v, int markdown,
			     struct fsr_sink *out);
void fsr_table_compare_free(struct fsr_table_compare *tc);

/*
 * compare's text report (the default format) in pieces, for a compare
 * printed a result at a time (render/text/compare_text.c):
 * fsr_render_compare_text() is these pieces over every result, so both
 * ways print the same bytes. Nothing is printed before the write, which
 * needs every result: the warnings, the columns' widths and the labels'
 * cuts are over them all.
 *
 * _begin(): v's report has every system (its results may be absent;
 * nothing else of v is read); o is kept (it must live until the write).
 * Free the result with fsr_compare_text_write() or, unwritten,
 * fsr_compare_text_free().
 *
 * _result(): result i of v->report (i its index there, which names it
 * in c's rows and lists), compared: c holds (at least) its rows, with
 * their summaries (row->base, row->other), and says whether it is in
 * c->only_base or c->only_other; c's options are the comparison's. Call
 * it for every result in the report's order, those without rows too
 * (their refusals and one-side names are printed); it reads nothing of
 * them after it returns, and keeps their cells' texts, one title each,
 * and the rows' lines of the notes, power, margin and method (about
 * 16 bytes a line and its texts, in 64 KiB blocks).
 *
 * _write(): the whole report into out, then ct freed. It reads of v
 * only: the report's systems (labels, the system table), n_dropped_first
 * and steady_result; of v->cmp the options, baseline, n_family,
 * ci_level, the geometric means (geo, n_geo: a stream's are
 * fsr_compare_stream_geomean()'s) and n_hidden; never the rows, the
 * results, the statistics or only_base / only_other. Returns 0.
 */
struct fsr_compare_text;
struct fsr_compare_text *fsr_compare_text_begin(
	const struct fsr_view *v, const struct fsr_render_opts *o);
void fsr_compare_text_result(struct fsr_compare_text *ct,
			     const struct fsr_view *v, size_t i,
			     const struct fsr_comparison *c);
int fsr_compare_text_write(struct fsr_compare_text *ct,
			   const struct fsr_view *v, struct fsr_sink *out,
			   struct fsr_diag *d);
void fsr_compare_text_free(struct fsr_compare_text *ct);

/*
 * The data exports in the same pieces, for the same stream: long-csv's
 * head (its column names) and one result's rows, which read no
 * statistics; fsr_render_long_csv() prints the head and each result in
 * turn. (render/data/long_csv.c)
 */
void fsr_long_csv_head(struct fsr_sink *out);
void fsr_long_csv_result(const struct fsr_report *r,
			 const struct fsr_result *res, struct fsr_sink *out);

/*
 * xml's and pts's documents in the same pieces, each written by a
 * libxml2 writer (struct fsr_xml_out, render/render-internal.h). The
 * head: the writer of the document, its root and systems written into
 * out (NULL when libxml2 cannot set one up, d set). One result, i its
 * index in r (its messages name it): fsr_xml_show_result(),
 * fsr_pts_show_result() (pts: with its summaries, parallel to its
 * cells; NULL: none), into the head's writer or into a
 * writer of the results alone, fsr_export_results_open(), whose bytes
 * are the same and go to out; fsr_export_results_close() flushes them
 * there and frees that writer. The tail: fsr_export_show_tail() ends
 * the head's document into out (the head's sink or another) and frees
 * the head's writer. Each returns or keeps its first failure, a text XML
 * cannot carry (an FSR_E* code, the message in d): after one a writer
 * writes nothing more; fsr_export_failed() says it. fsr_render_xml()
 * and fsr_render_pts() are head, results and tail with one writer.
 * (render/data/xml.c, pts.c, export.c)
 */
struct fsr_xml_out;
struct fsr_xml_out *fsr_xml_show_head(const struct fsr_report *r,
				      struct fsr_sink *out,
				      struct fsr_diag *d);
void fsr_xml_show_result(struct fsr_xml_out *x, const struct fsr_result *res,
			 size_t i);
struct fsr_xml_out *fsr_pts_show_head(const struct fsr_report *r,
				      struct fsr_sink *out,
				      struct fsr_diag *d);
void fsr_pts_show_result(struct fsr_xml_out *x, const struct fsr_report *r,
			 const struct fsr_result *res, size_t i,
			 const struct fsr_summary *sum);
struct fsr_xml_out *fsr_export_results_open(struct fsr_sink *out,
					    struct fsr_diag *d);
int fsr_export_results_close(struct fsr_xml_out *x);
int fsr_export_show_tail(struct fsr_xml_out *x, struct fsr_sink *out);
int fsr_export_failed(const struct fsr_xml_out *x);
/* Flush what x wrote into its sink; what it writes next goes to out. */
void fsr_export_redirect(struct fsr_xml_out *x, struct fsr_sink *out);

/*
 * json's document in the same pieces: its results written into out as
 * they come (fsr_json_show_result(), i the result's index in r, sum its
 * summaries parallel to its cells), at 15 significant digits, which is
 * the usual way's only while no sample needs more:
 * fsr_json_show_failed() says when one did or a text is not UTF-8, and
 * the document must then be written the usual way;
 * fsr_json_show_results_end() flushes the results into out (-1: failed).
 * The head, the root up to the results' "[", of the view of the whole
 * report into its own sink (0, or an FSR_E* code with d set); the tail,
 * the ends of both, into the output. (render/data/json.c)
 */
struct fsr_json_show;
struct fsr_json_show *fsr_json_show_begin(struct fsr_sink *out,
					  struct fsr_diag *d);
void fsr_json_show_result(struct fsr_json_show *js,
			  const struct fsr_report *r, size_t i,
			  const struct fsr_summary *sum);
int fsr_json_show_failed(const struct fsr_json_show *js);
int fsr_json_show_results_end(struct fsr_json_show *js);
int fsr_json_show_head(const struct fsr_view *v, struct fsr_sink *out,
		       struct fsr_diag *d);
void fsr_json_show_tail(struct fsr_json_show *js, struct fsr_sink *out);
void fsr_json_show_free(struct fsr_json_show *js);
/*
 * compare's json in pieces, for a compare a result at a time
 * (cli/compare-stream.c): fsr_json_compare_result() writes the one
 * result of v->report as show's piece into results and the rows of
 * v->cmp (that result's) into rows, i the result's index in the
 * document, and keeps its key when only one side has it; failed and
 * pieces_end as show's. The head is show's (fsr_json_show_head() of a
 * compare's view); fsr_json_compare_ends() writes what goes between the
 * results and the rows into mid (their "]", the comparison's members up
 * to the rows' "[") and the rest into tail, of v: the merged report (its
 * systems) and a comparison with its options, baseline and geometric
 * means (0, or an FSR_E* code with d set).
 */
struct fsr_json_compare;
struct fsr_json_compare *fsr_json_compare_begin(struct fsr_sink *results,
						struct fsr_sink *rows,
						struct fsr_diag *d);
void fsr_json_compare_result(struct fsr_json_compare *jc,
			     const struct fsr_view *v, size_t i,
			     const struct fsr_summary *sum);
int fsr_json_compare_failed(const struct fsr_json_compare *jc);
int fsr_json_compare_pieces_end(struct fsr_json_compare *jc);
int fsr_json_compare_ends(struct fsr_json_compare *jc,
			  const struct fsr_view *v, struct fsr_sink *mid,
			  struct fsr_sink *tail);
void fsr_json_compare_free(struct fsr_json_compare *jc);

/* --group in report: the view of the charts, each group compared on its
 * own in the tables, so the charts show values only (no comparison) and
 * name each system with its group, "DISCARD (BUFFERING DISABLED)": into
 * *gv (from v) and *copy, a shallow copy of v's report whose systems
 * are new; fsr_render_group_view_free(copy) releases them. Without
 * groups *gv is v's. (render/pages/html.c) */
void fsr_render_group_view(const struct fsr_view *v,
			   const struct fsr_render_opts *o,
			   struct fsr_view *gv, struct fsr_report *copy);
void fsr_render_group_view_free(const struct fsr_view *gv,
				struct fsr_report *copy);

/* The change chart of compare comes in parts of at most 25 rows, even
 * in size, cut between test suites where it can (render/charts/changes.c): how
 * many (at least 1), or 0 without a comparison. */
size_t fsr_render_change_parts(const struct fsr_view *v);

/* The most a stacked --svg / --png page may be tall, px at scale 1:
 * taller, the charts go to pages (fsr_render_chart_plan). */
#define FSR_STACKED_MAX_HEIGHT 4000
/* The largest PNG side Cairo's image surfaces allow, px. */
#define FSR_PNG_MAX_SIDE 32767

/*
 * The pages of a --svg / --png (render/charts/chart.c). When the whole
 * report stacked (FSR_CHART_ALL) is at most max_height px tall, one page
 * and no items: draw FSR_CHART_ALL as ever. Otherwise items holds every
 * chart once and pages[k] is the index of page k's first item (the page
 * ends where the next begins): for compare, page 1 the overview and
 * the change chart, as many of its parts as fit (the rest on the pages
 * after it), then the result charts, packed greedily in result order
 * on pages of their own; for show and trend the result charts from
 * page 1. A chart taller than max_height alone is a page of its own
 * (n_oversize counts those pages). Release with
 * fsr_chart_plan_release(). Returns 0 or an FSR_E* code with d set.
 */
struct fsr_chart_plan {
	struct fsr_chart_item *items;
	size_t n_items;
	size_t *pages;
	size_t n_pages;
	size_t n_oversize;
	double all_height;  /* the whole report stacked, px */
};
int fsr_render_chart_plan(const struct fsr_view *v,
			  const struct fsr_render_opts *o, double max_height,
			  struct fsr_chart_plan *plan, struct fsr_diag *d);
void fsr_chart_plan_release(struct fsr_chart_plan *plan);

/* Whether data (the first bytes of a file, len of them) carries the
 * page mark of an svg or png fsreport wrote with o->page_mark. */
int fsr_render_page_marked(const unsigned char *data, size_t len);

/* The system table as text (render/text/system.c): what is known of each
 * system (PTS hardware and software, system.txt, --note), the rows all
 * share stated once, the rows that differ marked "*" and given per
 * system, wrapped at width. Writes nothing when nothing is known. */
void fsr_render_systems_text(const struct fsr_report *r, int width,
			     struct fsr_sink *out);

/* Shared text helpers. */
/* The display text of a cell's value as PTS prints it: the stored value
 * when there is exactly one, otherwise the mean at the samples' decimals
 * (2 when unknown). */
void fsr_cell_value_text(const struct fsr_cell *c,
			 const struct fsr_summary *s, struct fsr_buf *out);
/* The short stable key of a result ("r" + 12 hex digits of a hash of
 * its identity), for the CSV "result" column and chart file names. */
void fsr_result_short_key(const struct fsr_result *res, char out[16]);
/* Number of display columns of a UTF-8 string (code points). */
size_t fsr_utf8_width(const char *s);

/*
 * Colour (render/text/color.c). cli/ sets o->color only for a terminal (see
 * --color); renderers decide where colour goes and mark that text:
 *
 *	enum fsr_color c = fsr_color_of_verdict(row->verdict);
 *	fsr_color_puts(out, o, c, "better");
 * or
 *	fsr_color_begin(out, o, c);
 *	fsr_sink_printf(out, "%+.2f%%", row->delta_pct);
 *	fsr_color_end(out, o, c);
 *
 * They write nothing but the text when o->color is 0 or c is
 * FSR_COLOR_NONE, so output without colour is byte for byte what it
 * was. Pad columns on the plain text: escape codes have no width.
 */
enum fsr_color {
	FSR_COLOR_NONE = 0,
	FSR_COLOR_BETTER,   /* green */
	FSR_COLOR_WORSE,    /* red */
	FSR_COLOR_HEADER,   /* bold */
};
enum fsr_color fsr_color_of_verdict(enum fsr_verdict v);
void fsr_color_begin(struct fsr_sink *out, const struct fsr_render_opts *o,
		     enum fsr_color c);
void fsr_color_end(struct fsr_sink *out, const struct fsr_render_opts *o,
		   enum fsr_color c);
void fsr_color_puts(struct fsr_sink *out, const struct fsr_render_opts *o,
		    enum fsr_color c, const char *text);

/* fsreport plan: the runs per configuration (analyze.h, fsr_plan()) as
 * text, CSV or JSON (render/text/plan.c). */
int fsr_render_plan_text(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d);
int fsr_render_plan_markdown(const struct fsr_view *v,
			     const struct fsr_render_opts *o,
			     struct fsr_sink *out, struct fsr_diag *d);
int fsr_render_plan_csv(const struct fsr_view *v,
			const struct fsr_render_opts *o,
			struct fsr_sink *out, struct fsr_diag *d);
int fsr_render_plan_json(const struct fsr_view *v,
			 const struct fsr_render_opts *o,
			 struct fsr_sink *out, struct fsr_diag *d);

#endif
