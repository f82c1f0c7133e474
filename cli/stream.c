/*
 * stream.c - show printed as its one PTS file is read: each result
 * described and printed as the parse ends it, then its cells dropped,
 * so that a show of 10 000 results holds one result's samples, not the
 * file's (BENCHMARKS.md, issue 39: 24 MiB for every format).
 *
 * The bytes are those of the usual way (load, analyse, render): the
 * same renderers print the same pieces (fsr_csv_show_result(),
 * fsr_ascii_show_result(), fsr_long_csv_result(), fsr_xml_show_result(),
 * fsr_pts_show_result(), fsr_json_show_result(); long-csv and xml read
 * no summaries, so none are made for them). table and markdown build
 * their table a result at a time (fsr_table_show_result()) and write it
 * whole at the end: it keeps the texts of its cells, not the samples.
 * json writes its results at 15 significant digits, the usual way's
 * while no sample needs more. xml's and pts's results are written by a
 * libxml2 writer of their own, brought first to where the document's
 * writer is before its first result (render/data/export.c), so that
 * they are indented as in the whole document. The results go to a
 * spool, an unnamed temporary file, and reach the output only once the
 * whole file was read, after the head that needs the whole report
 * (ascii's, xml's, pts's and json's systems, pts's LastModified, json's
 * title); an input that fails half-way has written nothing. Whatever a
 * result read early could print differently from the usual way makes
 * the run go the usual way instead, from the start, with nothing said
 * twice: a result whose key comes back later in the file (pooled into
 * the one printed), a system that changes the labels printed (a
 * labelled run set's second system), a value out of range, any import
 * error (the usual way says it), a text XML cannot carry (xml, pts: in
 * a result or in the head, which is made before anything is said), a
 * text that is not UTF-8 or a sample that needs more than 15 digits
 * (json), a spool that cannot be written.
 */
#include "cli.h"
#include "../lib/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The formats the stream prints, each with its renderer's pieces. */
enum stream_format { STREAM_CSV, STREAM_ASCII, STREAM_LONG_CSV, STREAM_XML,
		     STREAM_PTS, STREAM_TABLE, STREAM_MARKDOWN, STREAM_JSON };

static const struct {
	const char *name;
	int stats;                 /* its results read summaries */
} formats[] = {
	[STREAM_CSV] = { "csv", 1 },
	[STREAM_ASCII] = { "ascii", 1 },
	[STREAM_LONG_CSV] = { "long-csv", 0 },
	[STREAM_XML] = { "xml", 0 },
	[STREAM_PTS] = { "pts", 1 },
	[STREAM_TABLE] = { "table", 1 },
	[STREAM_MARKDOWN] = { "markdown", 1 },
	[STREAM_JSON] = { "json", 1 },
};

struct stream {
	const struct fsr_options *o;
	struct fsr_render_opts ro;
	enum stream_format format;
	struct fsr_stats *stats;   /* on demand, of the report being read */
	FILE *fp;                  /* the spool */
	struct fsr_sink spool;
	/* xml, pts: the writer of the results into the spool, and the
	 * document's, its head written into head */
	struct fsr_xml_out *results, *doc;
	struct fsr_buf head;
	struct fsr_sink head_sink;
	/* table, markdown: the table built as the results come, of view */
	struct fsr_table_show *table;
	struct fsr_view view;
	/* json: the writer of the results into the spool */
	struct fsr_json_show *json;
	struct fsr_diag d;
	size_t n_printed;
	char **labels;             /* the systems' labels as printed */
	size_t n_labels;
	int failed;                /* go the usual way */
};

/* The stream's format for --format name (NULL: ascii), or -1. */
static int stream_format(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(formats) / sizeof(*formats); i++)
		if (!strcmp(name ? name : "ascii", formats[i].name))
			return (int)i;
	return -1;
}

/*
 * Runs whose show the stream prints as the usual way does: show, in a
 * format of formats[], of one run set read from a file, with nothing that
 * reads the whole report before the first result is printed (charts,
 * --only/--exclude/--sort, --drop-first, --steady, --note, a store).
 * FSREPORT_STREAM=0 turns it off (the tests compare the two ways).
 */
static int streamable(const struct fsr_options *o)
{
	const char *env = getenv("FSREPORT_STREAM");

	if (env && !strcmp(env, "0"))
		return 0;
	if (stream_format(o->format) < 0)
		return 0;
	return o->command == FSR_CMD_SHOW && o->n_runsets == 1 && !o->db &&
	       fsr_cli_inputs(o) == FSR_INPUTS_FOLDERS &&
	       !fsr_cli_charts_wanted(o) && !o->debug_layout && !o->only &&
	       !o->exclude && !o->sort && !o->drop_first && !o->steady &&
	       !o->n_notes && !o->select && !o->since && !o->until;
}

/* 1 when the first systems of r have the labels results were printed
 * with. */
static int labels_printed(const struct stream *s, const struct fsr_report *r)
{
	size_t i;

	for (i = 0; i < s->n_labels; i++)
		if (strcmp(s->labels[i], r->systems[i].label))
			return 0;
	return 1;
}

/* The labels of r's systems are those results were printed with, and
 * are kept as such; 0 when a label printed changed. */
static int same_labels(struct stream *s, struct fsr_report *r)
{
	size_t i;

	if (r->n_systems == s->n_labels)
		return 1;
	fsr_report_finish_labels(r);
	if (!labels_printed(s, r))
		return 0;
	s->labels = fsr_xrealloc(s->labels,
				 r->n_systems * sizeof(*s->labels));
	for (i = s->n_labels; i < r->n_systems; i++)
		s->labels[i] = fsr_xstrdup(r->systems[i].label);
	s->n_labels = r->n_systems;
	return 1;
}

static void result_read(void *data, struct fsr_report *r,
			struct fsr_result *res)
{
	struct stream *s = data;
	const struct fsr_summary *sum;
	struct fsr_diag d;
	double x;

	if (s->failed)
		return;
	/* a Result whose key came before (pooled into one printed), a
	 * value out of range, a label printed that changed */
	if (r->n_results != s->n_printed + 1 ||
	    r->results[s->n_printed] != res ||
	    fsr_result_value_out_of_range(res, &x) || !same_labels(s, r)) {
		s->failed = 1;
		return;
	}
	fsr_diag_clear(&d);
	if (formats[s->format].stats && !s->stats)
		s->stats = fsr_cli_stats_as_read(s->o, r, &d);
	sum = s->stats ? fsr_stats_cells(s->stats, s->n_printed, &d) : NULL;
	if (formats[s->format].stats && !sum) {
		s->failed = 1;
		return;
	}
	switch (s->format) {
	case STREAM_CSV:
		fsr_csv_show_result(r, res, sum, &s->spool);
		break;
	case STREAM_ASCII:
		fsr_ascii_show_result(r, res, sum, &s->ro, &s->spool);
		break;
	case STREAM_LONG_CSV:
		fsr_long_csv_result(r, res, &s->spool);
		break;
	case STREAM_XML:
		fsr_xml_show_result(s->results, res, s->n_printed);
		break;
	case STREAM_PTS:
		fsr_pts_show_result(s->results, r, res, s->n_printed, sum);
		break;
	case STREAM_TABLE:
	case STREAM_MARKDOWN:
		/* the report being read; at the end the one read */
		s->view.command = FSR_CMD_SHOW;
		s->view.report = r;
		s->view.stats = s->stats;
		if (!s->table)
			s->table = fsr_table_show_begin(&s->view);
		fsr_table_show_result(s->table, s->n_printed, sum);
		break;
	case STREAM_JSON:
		fsr_json_show_result(s->json, r, s->n_printed, sum);
		break;
	}
	if (s->spool.error || (s->results && fsr_export_failed(s->results)) ||
	    (s->json && fsr_json_show_failed(s->json)))
		s->failed = 1;
	fsr_result_drop_cells(res);
	s->n_printed++;
}

int fsr_cli_put_spool(const struct fsr_options *o, struct fsr_output *out,
		      struct fsr_sink *sink, FILE *spool, const char *what)
{
	if (!fsr_sink_put_file(sink, spool))
		return 0;
	fsr_error("cannot read back the %s held for %s", what,
		  o->output ? o->output : "standard output");
	fsr_output_abort(out);
	return FSR_EXIT_OUTPUT;
}

/* The head, the spool and the end into o's output: an exit code. */
static int write_out(struct stream *s, const struct fsr_report *r)
{
	struct fsr_output *out;
	struct fsr_sink sink;

	out = fsr_output_open(s->o->output, &sink);
	if (!out)
		return FSR_EXIT_OUTPUT;
	switch (s->format) {
	case STREAM_CSV:
		fsr_csv_show_head(&sink);
		break;
	case STREAM_ASCII:
		fsr_ascii_show_head(r, &sink);
		break;
	case STREAM_LONG_CSV:
		fsr_long_csv_head(&sink);
		break;
	case STREAM_XML:
	case STREAM_PTS:
	case STREAM_JSON:
		/* escaped as it was written */
		fsr_sink_write_as(&sink, FSR_ESC_NONE, s->head.buf,
				  s->head.len);
		break;
	case STREAM_TABLE:
	case STREAM_MARKDOWN:
		/* the whole table, its widths fitting every row */
		s->view.report = r;
		fsr_table_show_write(s->table, s->format == STREAM_MARKDOWN,
				     &s->ro, &sink);
		s->table = NULL;
		break;
	}
	if (fsr_cli_put_spool(s->o, out, &sink, s->fp, "results"))
		return FSR_EXIT_OUTPUT;
	if (s->format == STREAM_ASCII)
		fsr_ascii_show_tail(r, &s->ro, &sink);
	if (s->json)
		fsr_json_show_tail(s->json, &sink);
	if (s->doc) {
		int err = fsr_export_show_tail(s->doc, &sink);

		s->doc = NULL;
		if (err) {
			fsr_output_abort(out);
			return fsr_report_diag(&s->d, err);
		}
	}
	return fsr_output_commit(out);
}

/* xml's, pts's and json's head, from the whole report, into s->head
 * before anything is said: 0, or -1 when it fails (the usual way says
 * why). */
static int make_head(struct stream *s, const struct fsr_report *r)
{
	s->head_sink.buf = &s->head;
	if (s->format == STREAM_JSON) {
		s->view.command = FSR_CMD_SHOW;
		s->view.report = r;
		s->view.stats = s->stats;
		return fsr_json_show_head(&s->view, &s->head_sink, &s->d) ||
		       s->head_sink.error ? -1 : 0;
	}
	if (s->format == STREAM_XML)
		s->doc = fsr_xml_show_head(r, &s->head_sink, &s->d);
	else if (s->format == STREAM_PTS)
		s->doc = fsr_pts_show_head(r, &s->head_sink, &s->d);
	else
		return 0;
	return s->doc && !fsr_export_failed(s->doc) && !s->head_sink.error ?
		       0 : -1;
}

int fsr_cli_show_streamed(const struct fsr_options *o)
{
	struct fsr_stream_read sr;
	struct fsr_report *r;
	struct stream s;
	size_t i;
	int rc = -1, read;

	if (!streamable(o))
		return -1;
	memset(&s, 0, sizeof(s));
	s.o = o;
	s.format = (enum stream_format)stream_format(o->format);
	fsr_cli_render_opts(o, &s.ro);
	s.fp = tmpfile();
	if (!s.fp)
		return -1;
	s.spool.fp = s.fp;
	s.head = (struct fsr_buf)FSR_BUF_INIT;
	fsr_diag_clear(&s.d);
	if (s.format == STREAM_XML || s.format == STREAM_PTS) {
		s.results = fsr_export_results_open(&s.spool, &s.d);
		if (!s.results) {
			fclose(s.fp);
			return -1;
		}
	}
	if (s.format == STREAM_JSON)
		s.json = fsr_json_show_begin(&s.spool, &s.d);
	memset(&sr, 0, sizeof(sr));
	sr.result_read = result_read;
	sr.data = &s;
	r = fsr_report_new();
	fsr_progress_begin(o);
	read = fsr_cli_import_streamed(o, r, &sr);
	fsr_progress_end();
	if (s.results && fsr_export_results_close(s.results))
		s.failed = 1;
	if (s.json && fsr_json_show_results_end(s.json))
		s.failed = 1;
	if (fflush(s.fp) != 0)
		s.failed = 1;
	/* the final report's labels are the ones printed; a table has had
	 * a result (no table is begun before the first) */
	if ((s.format == STREAM_TABLE || s.format == STREAM_MARKDOWN) &&
	    !s.table)
		s.failed = 1;
	/* json: its confidence is the statistics' (none before a result) */
	if (s.format == STREAM_JSON && !s.stats)
		s.failed = 1;
	if (!read && !s.failed && s.n_printed == r->n_results &&
	    r->n_systems == s.n_labels && labels_printed(&s, r) &&
	    !make_head(&s, r)) {
		fsr_cli_stream_read_done(o, &sr, 1);
		fsr_info(o, "%s: printed as read, one result at a time",
			 r->runsets[0].path);
		rc = fsr_cli_finish(o, write_out(&s, r), NULL);
	} else {
		fsr_cli_stream_read_done(o, &sr, 0);
	}
	if (s.doc) /* not ended: its head failed, or the output */
		fsr_export_show_tail(s.doc, &s.head_sink);
	fsr_table_show_free(s.table);
	fsr_json_show_free(s.json);
	fsr_buf_release(&s.head);
	fclose(s.fp);
	fsr_stats_free(s.stats);
	for (i = 0; i < s.n_labels; i++)
		free(s.labels[i]);
	free(s.labels);
	fsr_report_free(r);
	return rc;
}
