/*
 * render-internal.h - the entry points of every renderer, for the table
 * in registry.c, and what renderers share privately.
 */
#ifndef FSR_RENDER_INTERNAL_H
#define FSR_RENDER_INTERNAL_H

#include "render.h"
#include "../lib/texts.h"

#define FSR_DECLARE_RENDERER(name)                                        \
	int fsr_render_##name(const struct fsr_view *v,                   \
			      const struct fsr_render_opts *o,            \
			      struct fsr_sink *out, struct fsr_diag *d)

FSR_DECLARE_RENDERER(ascii);
FSR_DECLARE_RENDERER(csv);
FSR_DECLARE_RENDERER(compare_text);
FSR_DECLARE_RENDERER(svg);    /* chart.c */
FSR_DECLARE_RENDERER(png);
FSR_DECLARE_RENDERER(layout);
FSR_DECLARE_RENDERER(table);
FSR_DECLARE_RENDERER(markdown);
FSR_DECLARE_RENDERER(json);
/* The significant digits, 15 to 17, that read back as x exactly: a JSON
 * document is dumped with the most any of its numbers needs. */
int fsr_json_digits(double x);
struct json_t;
/* root (taken: released here) dumped with 2-space indents and digits
 * significant digits, escaped for out, and a newline; an internal error
 * when jansson cannot. */
int fsr_json_put(struct fsr_sink *out, struct json_t *root, int digits,
		 struct fsr_diag *d);
FSR_DECLARE_RENDERER(xml);
FSR_DECLARE_RENDERER(pts);
FSR_DECLARE_RENDERER(long_csv);
FSR_DECLARE_RENDERER(html);
/* html.c: the SVG of one chart for a page, without its XML declaration,
 * its ids made unique in the page with the prefix "cN-". */
/* Text from the input as HTML text: <, >, & and quotes as entities
 * (libxml2), controls as XML character references (the sink). */
void fsr_html_put_text(struct fsr_sink *out, const char *s);
int fsr_html_link_charts(const struct fsr_view *v);
void fsr_md_chart(struct fsr_buf *b, const char *label, const char *png,
		  const char *svg);
void fsr_html_figure_link(struct fsr_sink *out, const char *id,
			  const char *file, const char *label);
int fsr_html_chart_svg(const struct fsr_view *v,
		       const struct fsr_render_opts *o,
		       enum fsr_chart_part part, size_t result, size_t n,
		       struct fsr_buf *svg, struct fsr_diag *d);

/*
 * export.c: what the model exporters (json, xml, pts, long-csv) share.
 * fsr_export_sample() appends x with `decimals` decimals when that text
 * reads back as exactly x (so "4983.30" stays as the source wrote it),
 * else the shortest text that does. fsr_export_xml_text() returns 0 when
 * s can be XML 1.0 text, else FSR_EOUTPUT with d saying that `what`
 * cannot be carried.
 */
void fsr_export_sample(struct fsr_buf *b, double x, int decimals);
/* The report's title, or for an untitled report what fsreport prints in
 * its place: the run-set labels, joined by ", ". */
void fsr_export_title(const struct fsr_report *r, struct fsr_buf *out);
/* 1 when that title is the run sets' labels, standing for no title
 * (model.h title_made): the JSON and XML exports mark it so. */
int fsr_export_title_made(const struct fsr_report *r);
int fsr_export_xml_text(const char *s, const char *what, struct fsr_diag *d);

/*
 * pts.c: a result's entries as PTS holds them, for the PTS text layout
 * (ascii.c) and the PTS export. A cell whose entries were kept as read
 * (fsr_cell_entries_exact()) gives one row per entry, in the order they
 * were read; any other cell gives one row with the Value and RawString
 * PTS would have stored for it ("" for a failed cell). The caller frees
 * with fsr_pts_rows_free().
 */
struct fsr_pts_row {
	size_t cell;                  /* index into res->cells */
	const struct fsr_entry *entry; /* the entry as read, or NULL */
	struct fsr_buf value, raw;    /* the Value and RawString text */
};
struct fsr_pts_row *fsr_pts_rows(const struct fsr_result *res,
				 const struct fsr_result_stats *rs,
				 size_t *n);
void fsr_pts_rows_free(struct fsr_pts_row *rows, size_t n);
/* 1 when res's PTS rows need its cells' entries as read (a system named
 * by several entries, all cells kept exactly): the json and xml forms
 * then carry the entries too. */
int fsr_pts_entries_matter(const struct fsr_result *res);

/*
 * pts.c: the report's systems as PTS blocks, in the order PTS prints and
 * writes them: each system (a system a PTS file named in entries only is
 * none) and its further blocks with the same Identifier (more != NULL),
 * in file order when there are such blocks. Free the array.
 */
struct fsr_pts_block {
	const struct fsr_system *s;
	const struct fsr_sysblock *more; /* NULL: the system's own block */
	size_t sys;                      /* index into report->systems */
};
struct fsr_pts_block *fsr_pts_blocks(const struct fsr_report *r,
				     size_t *n);

struct _xmlTextWriter;

/*
 * An xmlTextWriter that remembers its first failure (render/data/export.c):
 * after one, every call is a no-op; err holds the FSR_E* code and d the
 * message. Shared by the xml and pts writers.
 */
struct fsr_xml_out {
	struct _xmlTextWriter *w;
	struct fsr_sink *out;   /* what w writes into, escaped */
	char carry[4];          /* a UTF-8 character's first bytes */
	size_t n_carry;
	struct fsr_diag *d;
	int err;
};
/* A writer into out as the document is made, indented by two spaces
 * (as PTS writes its files); 0, or an FSR_E* code in d when libxml2
 * cannot set one up (nothing is written then). A document that fails
 * half-way has written its start: the output layer drops it
 * (cli/targets.c). */
int fsr_xo_open(struct fsr_xml_out *x, struct fsr_sink *out,
		struct fsr_diag *d);
/* End the document (when nothing failed) and free the writer; returns
 * x->err. */
int fsr_xo_close(struct fsr_xml_out *x);
/* Fail once when s (not NULL) is text XML cannot carry; fmt names what
 * s is, for the message. Returns x->err. */
int fsr_xo_check(struct fsr_xml_out *x, const char *s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Record a libxml2 writer return code (< 0 is a failure). */
void fsr_xo_wrote(struct fsr_xml_out *x, int rc);
void fsr_xo_start(struct fsr_xml_out *x, const char *name);
void fsr_xo_end(struct fsr_xml_out *x);
void fsr_xo_attr(struct fsr_xml_out *x, const char *name, const char *value);
void fsr_xo_element(struct fsr_xml_out *x, const char *name,
		    const char *text);

/*
 * table.c: the grid behind --format table and --format markdown. Column
 * 0 is "Type"; the others come in blocks (one per --group, or one), each
 * with an optional title. The cells' texts are the table's, kept in
 * blocks of its own (texts): one malloc per cell cost more than the
 * texts (a show of 10 000 results, 420 000 cells); "" is blank.
 * fsr_table_release() frees them all.
 */
struct fsr_table_block {
	char *title;        /* NULL: none */
	size_t first, n;    /* its columns */
	/* Too wide for the text width, the block may be split into pages
	 * that repeat its first keep columns (the baseline) and share out
	 * the rest in units of unit columns (a system and its DIFF); unit
	 * 0: never split. */
	size_t keep, unit;
};

struct fsr_table {
	size_t n_cols, n_rows;
	char **head;        /* n_cols column headings */
	int *right;         /* n_cols: 1 when right-aligned (numbers) */
	char **cells;       /* n_rows x n_cols, row by row */
	struct fsr_table_block *blocks;
	size_t n_blocks;
	int diff_unit;      /* a DIFF is a difference in the result's unit */
	/* 1 << enum fsr_change_method of each DIFF that is its interval's
	 * estimate; means_diff: 1 << enum fsr_center of the values a DIFF
	 * without an interval is the change between. */
	unsigned methods;
	unsigned means_diff;
	/* compare: 1 when a column set has a CI column (not every row
	 * one run per system) */
	int has_ci;
	/* 1 << enum fsr_center of the values printed beside a DIFF */
	unsigned centers;
	/* 1 << enum fsr_note of the marks the rows carry (view/notes.h) */
	unsigned notes;
	/* show: the notes of cells marked 'b' (a mean's interval below
	 * zero, view/notes.h), one "b System, result: ..." per line; NULL
	 * when none */
	char *show_notes;
	/* compare: 1 when a result of the report has a direction (higher
	 * or lower is better: the legend's arrows) */
	int directions;
	/* compare, for the HTML page (render/pages/html.c); NULL for
	 * show: the result of each row (n_rows indices into the report's
	 * results), the system of each value column (n_cols, SIZE_MAX for
	 * the others), and per row 1 when every compared system's verdict
	 * is same, equal or not worse (a row a reader may hide) */
	size_t *row_result;
	size_t *col_sys;
	unsigned char *row_same;
	/* compare, for the page: n_rows x n_cols, at the value column of
	 * each compared system the row's corrected p as the text report
	 * prints it ("<.001", "0.034"); NULL where there is none (one run,
	 * no test) and in every other column; the texts in the table's
	 * blocks. fsr_table_build() makes it; the text and Markdown tables
	 * (fsr_table_render(), compare printed as read) have none (NULL) */
	char **cell_p;
	/* where the cells' texts live (fsr_table_keep()) */
	struct fsr_texts texts;
};

/* show: a row per result and system; compare: a row per result with
 * means and DIFF columns. Returns 0, or FSR_EUSAGE with d set when the
 * --group list does not fit the run sets. */
int fsr_table_build(const struct fsr_view *v,
		    const struct fsr_render_opts *o, struct fsr_table *t,
		    struct fsr_diag *d);
void fsr_table_release(struct fsr_table *t);
/* s (malloc'd, taken over) as a text of t's, to set a cell to. */
char *fsr_table_keep(struct fsr_table *t, char *s);
/* t, built of v, written as --format table (table_text.c) and as
 * --format markdown (markdown.c; its cells escaped in place). */
void fsr_table_put_text(const struct fsr_view *v,
			const struct fsr_render_opts *o, struct fsr_table *t,
			struct fsr_sink *out);
void fsr_table_put_markdown(const struct fsr_view *v,
			    const struct fsr_render_opts *o,
			    struct fsr_table *t, struct fsr_sink *out);
/* fsr_render_table() (markdown 0) and fsr_render_markdown(): the table
 * of v built and written. */
int fsr_table_render(const struct fsr_view *v, const struct fsr_render_opts *o,
		     int markdown, struct fsr_sink *out, struct fsr_diag *d);
/* The compare table's legend as one line: the arrows, what DIFF and CI
 * are, the notes the table's rows ask for. */
void fsr_table_legend(const struct fsr_view *v,
		      const struct fsr_render_opts *o,
		      const struct fsr_table *t, struct fsr_buf *b);
/* A change in % as the tables print it: "+58.50%", "-43.04%", "-0.00%"
 * (rounds to zero, keeps its sign), "0.00%" (none), "-" (not finite). */
void fsr_table_diff_text(double pct, struct fsr_buf *out);

/* s with Markdown's active characters escaped, as the Markdown table's
 * cells are (markdown.c); owned by the caller. */
char *fsr_md_escape(const char *s);

/* What was done to the runs before any number (issue 37), under the
 * text of trend, check and plan in the words show and compare print
 * (view/notes.h fsr_view_run_note()): the first runs --drop-first left
 * out, and which mean a run with a time series has as its result. Each
 * a paragraph wrapped to width, its lines after the first indented by
 * 2 as in show's table; before: what goes before the first (a blank
 * line, "\n"); nothing when neither applies. (render/wrap.c) */
void fsr_text_run_notes(const struct fsr_report *r, struct fsr_sink *out,
			size_t width, const char *before);

/* Append one CSV field to line (a comma first unless first), quoted by
 * libcsv when it holds a separator, a quote, a line break or edge
 * blanks (render/data/csv.c). */
void fsr_csv_field(struct fsr_buf *line, const char *s, int first);

/* The system table (system.c): one row per key known of any system, in
 * the order first seen (PTS hardware, software, then system.txt and
 * --note); values[i] is system i's value or NULL (not known); differs
 * is 1 when the systems do not all give the same value. The strings
 * are borrowed from the report. */
struct fsr_sysrow {
	const char *key;
	const char **values;
	int differs;
};
struct fsr_systable {
	const char **labels;  /* n_systems display labels */
	size_t n_systems;
	struct fsr_sysrow *rows;
	size_t n_rows, n_differs;
};
/* Fill t from r; returns its row count (0: nothing known). Release t
 * with fsr_systable_release() either way. */
size_t fsr_systable_build(const struct fsr_report *r, struct fsr_systable *t);
void fsr_systable_release(struct fsr_systable *t);

#endif
