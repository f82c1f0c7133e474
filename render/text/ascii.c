/*
 * ascii.c - the PTS result-file-to-text layout (pts-format.md section 4),
 * byte for byte:
 *
 *	<Title> <AppVersion>
 *	<Description>
 *	<Scale> > Higher Is Better
 *	Defaults ....... 81.13 |=====================================
 *	data=journal ... 40.77 |==================
 *
 * One row per entry as PTS holds it (fsr_pts_rows(): an install-size
 * result may name the same system three times); a failed entry has no
 * row. Every value of a result is printed with the same decimals, by
 * PTS's rule: 2 when its smallest value is at least 10, never more than
 * the most any value was written with. dots = longest id + 1 - id (at
 * least one); values left-aligned, padded to the longest + 1; bars =
 * round(value / max * (width - line length)). Lengths are bytes, as
 * PTS counts them; numbers are rounded as PHP's number_format() and
 * round() round them. Wider than 80 columns, results are indented by 4.
 * For compare, the same renderer prints the comparison report
 * (compare_text.c).
 */
#include "../render.h"
#include "../render-internal.h"
#include "../../lib/alloc.h"
#include "../../analyze/series.h"
#include "../../view/view.h"
#include "../../view/notes.h"
#include "../charts/layout.h"
#include "../../lib/numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------- PHP's number rules */

static double pow10i(int p)
{
	return pow(10.0, (double)p);
}

static double round_half_up(double v)
{
	return v >= 0.0 ? floor(v + 0.5) : ceil(v - 0.5);
}

/*
 * PHP (before 8.4) rounds in two steps: first to the 15 significant
 * digits a double carries, then to the places asked for, so that 1.955
 * becomes 1.96 although its binary value is 1.95499...
 */
static double php_round(double value, int places)
{
	double f1 = pow10i(abs(places)), t;
	int pp;

	if (!isfinite(value) || value == 0.0)
		return value;
	pp = 14 - (int)floor(log10(fabs(value)));
	if (pp > places && pp - 15 < places) {
		t = round_half_up(pp >= 0 ? value * pow10i(pp)
					  : value / pow10i(-pp));
		t /= pow10i(abs(places - pp));
	} else {
		t = places >= 0 ? value * f1 : value / f1;
		if (fabs(t) >= 1e15)
			return value;
	}
	t = round_half_up(t);
	return places > 0 ? t / f1 : t * f1;
}

/* number_format(x, places, '.', ''): never "-0". */
static void number_format(struct fsr_buf *b, double x, int places)
{
	struct fsr_buf t = FSR_BUF_INIT;
	double r = php_round(x, places);
	int neg = r < 0;

	fsr_buf_add_fixed(&t, neg ? -r : r, places);
	if (neg && strspn(t.buf, "0.") != t.len)
		fsr_buf_addc(b, '-');
	fsr_buf_add(b, t.buf, t.len);
	fsr_buf_release(&t);
}

/* PHP's is_numeric() for the texts a result file holds. */
static int numeric(const char *s, double *x)
{
	size_t len = strlen(s);

	while (len && strchr(" \t\n\r\v\f", s[len - 1]))
		len--;
	while (len && strchr(" \t\n\r\v\f", *s))
		s++, len--;
	return len && fsr_parse_double(s, len, x) == 0;
}

/* Decimals after the last '.', as PTS counts them. */
static int precision_of(const char *s)
{
	const char *dot = strrchr(s, '.');

	return dot ? (int)strlen(dot + 1) : 0;
}


/* --------------------------------------------------------------- layout */

/*
 * PTS's automatic display precision: the smallest value (a 0 does not
 * count while another follows) and the most decimals written decide
 * the decimals of every numeric value of the result.
 */
static void adjust_precision(struct fsr_pts_row *rows, size_t n)
{
	double min = 0, x, hi, mean;
	int have_min = 0, max_prec = 0, prec;
	size_t i, k;

	for (i = 0; i < n; i++) {
		const char *v = rows[i].value.buf;

		if (!numeric(v, &x) && !fsr_series_stats(v, &x, &hi, &mean, &k))
			continue;
		if (x < min || min == 0) {
			min = x;
			have_min = 1;
		}
		if (precision_of(v) > max_prec)
			max_prec = precision_of(v);
	}
	prec = max_prec;
	if (have_min) {
		double m = php_round(min, max_prec);

		/* PTS sets 0 for >= 100, then 2 for >= 10: both get 2. */
		if (m >= 10 && max_prec > 2)
			prec = 2;
	}
	for (i = 0; i < n; i++) {
		struct fsr_buf t = FSR_BUF_INIT;

		if (!numeric(rows[i].value.buf, &x))
			continue;
		number_format(&t, x, prec);
		fsr_buf_reset(&rows[i].value);
		fsr_buf_add(&rows[i].value, t.buf, t.len);
		fsr_buf_release(&t);
	}
}

/*
 * Means fsreport computed (a cell of several runs without PTS's own
 * Value) that print alike but differ get the decimals that tell them
 * apart (the view's rule: PostMark's 6.30 and 5.60 s are not both "6").
 * Rows PTS wrote keep their text, so PTS's own layouts stay exact.
 */
static void apart(const struct fsr_result *res,
		  const struct fsr_result_stats *rs, struct fsr_pts_row *rows,
		  size_t n)
{
	double *means;
	size_t i, k = 0;
	int prec = -1, dec;

	if (!rs || !rs->cells || res->display != FSR_DISPLAY_BAR)
		return;
	means = fsr_xcalloc(n + 1, sizeof(*means));
	for (i = 0; i < n; i++) {
		const struct fsr_cell *c = &res->cells[rows[i].cell];
		double x;

		if (rows[i].entry || (c->stored && c->n_stored == 1) ||
		    !numeric(rows[i].value.buf, &x) || !rs->cells[rows[i].cell].n)
			continue;
		if (prec < 0)
			prec = precision_of(rows[i].value.buf);
		means[k++] = rs->cells[rows[i].cell].mean;
	}
	dec = k > 1 ? fsr_view_decimals_from(means, k, prec) : prec;
	for (i = 0; dec > prec && i < n; i++) {
		const struct fsr_cell *c = &res->cells[rows[i].cell];
		double x;

		if (rows[i].entry || (c->stored && c->n_stored == 1) ||
		    !numeric(rows[i].value.buf, &x) || !rs->cells[rows[i].cell].n)
			continue;
		fsr_buf_reset(&rows[i].value);
		number_format(&rows[i].value, rs->cells[rows[i].cell].mean,
			      dec);
	}
	free(means);
}

/* What the rows of one result have in common. */
struct row_scan {
	size_t longest_id, longest_value;
	double max;          /* largest value (series: max * 1.03) */
	double min;          /* -1 until a series or a negative value */
	int min_blank;       /* a failed entry: PHP's "" beats every min */
	double largest_min;  /* of the series' minima */
	int line;            /* some value is a series */
	int prec;            /* decimals of the MIN/AVG/MAX texts */
	size_t min_len, max_len;
};

static void scan_rows(const struct fsr_report *r, const struct fsr_result *res,
		      const struct fsr_pts_row *rows, size_t n,
		      struct row_scan *sc)
{
	struct fsr_buf t = FSR_BUF_INIT;
	size_t i, k;

	memset(sc, 0, sizeof(*sc));
	sc->min = -1;
	for (i = 0; i < n; i++) {
		const char *id = r->systems[res->cells[rows[i].cell].system].label;
		const char *v = rows[i].value.buf;
		double x, lo, hi, mean;

		if (strlen(id) > sc->longest_id)
			sc->longest_id = strlen(id);
		if (rows[i].value.len > sc->longest_value)
			sc->longest_value = rows[i].value.len;
		if (strchr(v, ',')) {
			if (!fsr_series_stats(v, &lo, &hi, &mean, &k))
				lo = hi = 0;
			if (hi * 1.03 > sc->max)
				sc->max = hi * 1.03;
			if (!sc->min_blank)
				sc->min = sc->min == -1 || lo < sc->min ?
						  lo : sc->min;
			if (lo > sc->largest_min)
				sc->largest_min = lo;
			sc->line = 1;
		} else if (numeric(v, &x) && x > sc->max) {
			sc->max = x;
		} else if (!*v) {
			sc->min_blank = 1;
		} else if (numeric(v, &x) && !sc->min_blank && x < sc->min) {
			sc->min = x;
		}
	}
	sc->longest_value++;
	sc->prec = sc->max > 100 || (!sc->min_blank && sc->min > 29 &&
				     sc->max > 79) ? 0 : 1;
	if (sc->line) {
		number_format(&t, sc->largest_min, sc->prec);
		sc->min_len = t.len;
		fsr_buf_reset(&t);
		number_format(&t, sc->max, sc->prec);
		sc->max_len = t.len;
	}
	fsr_buf_release(&t);
}

/* "MIN: x  AVG: y  MAX: z " (the box plot PTS adds for several
 * vendor-named systems is not drawn). */
static void series_row(struct fsr_buf *line, const char *v,
		       const struct row_scan *sc)
{
	struct fsr_buf t = FSR_BUF_INIT;
	double lo = 0, hi = 0, mean = 0;
	size_t n = 0;

	if (!fsr_series_stats(v, &lo, &hi, &mean, &n))
		lo = hi = mean = 0;
	fsr_buf_adds(line, "MIN: ");
	number_format(&t, lo, sc->prec);
	fsr_buf_add(line, t.buf, t.len);
	if (sc->min_len > t.len)
		fsr_buf_addch_n(line, ' ', sc->min_len - t.len);
	fsr_buf_adds(line, "  AVG: ");
	fsr_buf_reset(&t);
	number_format(&t, mean, sc->prec);
	fsr_buf_add(line, t.buf, t.len);
	if (sc->max_len > t.len)
		fsr_buf_addch_n(line, ' ', sc->max_len - t.len);
	fsr_buf_adds(line, "  MAX: ");
	fsr_buf_reset(&t);
	number_format(&t, hi, sc->prec);
	fsr_buf_add(line, t.buf, t.len);
	fsr_buf_addc(line, ' ');
	fsr_buf_release(&t);
}

static void result_rows(const struct fsr_report *r,
			const struct fsr_result *res,
			const struct fsr_result_stats *rs, const char *indent,
			int width, struct fsr_sink *out)
{
	struct fsr_buf line = FSR_BUF_INIT;
	struct fsr_pts_row *rows;
	struct row_scan sc;
	size_t i, n;

	rows = fsr_pts_rows(res, rs, &n);
	adjust_precision(rows, n);
	apart(res, rs, rows, n);
	scan_rows(r, res, rows, n, &sc);
	for (i = 0; i < n; i++) {
		const char *id = r->systems[res->cells[rows[i].cell].system].label;
		const char *v = rows[i].value.buf;
		double x;

		/* PHP's empty(): a failed entry (and a bare "0") has no row. */
		if (!*v || !strcmp(v, "0"))
			continue;
		fsr_buf_reset(&line);
		fsr_buf_adds(&line, indent);
		fsr_buf_adds(&line, id);
		fsr_buf_addc(&line, ' ');
		fsr_buf_addch_n(&line, '.', sc.longest_id + 1 - strlen(id));
		fsr_buf_addc(&line, ' ');
		if (sc.line) {
			series_row(&line, v, &sc);
		} else if (numeric(v, &x)) {
			fsr_buf_adds(&line, v);
			fsr_buf_addch_n(&line, ' ', sc.longest_value -
						    strlen(v));
			fsr_buf_addc(&line, '|');
			if (sc.max > 0) {
				double bars = php_round(
					x / sc.max *
						((double)width -
						 (double)line.len), 0);

				if (bars > 0)
					fsr_buf_addch_n(&line, '=',
							(size_t)bars);
			}
		} else if (res->display == FSR_DISPLAY_PASSFAIL) {
			fsr_buf_adds(&line, v);
		}
		fsr_sink_printf(out, "\n%s", line.buf);
	}
	fsr_pts_rows_free(rows, n);
	fsr_buf_release(&line);
}

/* -------------------------------------------------------------- report */

static void header(const struct fsr_report *r, struct fsr_sink *out)
{
	struct fsr_pts_block *blocks;
	int pts = r->n_generated > 0; /* PTS wrote it */
	int gap = 0;
	size_t i, n;

	/* PTS prints an empty title for a file without one. */
	if (r->title || pts)
		fsr_sink_printf(out, "%s\n", r->title ? r->title : "");
	else
		for (i = 0; i < r->n_runsets; i++)
			fsr_sink_printf(out, "%s%s", r->runsets[i].label,
					i + 1 < r->n_runsets ? ", " : "\n");
	/* PTS's empty description lines, not for a report it did not
	 * write (PostMark, timing logs, fio, ...): there, no empty header
	 * line; the first result's own blank line follows the title, a
	 * system block gets one before it. */
	if (pts || (r->description && *r->description))
		fsr_sink_printf(out, "%s\n\n\n",
				r->description ? r->description : "");
	else
		gap = 1;
	/* PTS lists its <System> blocks; a system only named by entries is
	 * not one, a name used by several blocks is printed for each. */
	blocks = fsr_pts_blocks(r, &n);
	for (i = 0; i < n; i++) {
		const struct fsr_system *s = blocks[i].s;
		const struct fsr_sysblock *more = blocks[i].more;

		/* a system nothing is known of: no empty block */
		if (!pts && !more && !s->declared && !s->hardware &&
		    !s->software && !s->meta.n)
			continue;
		if (gap)
			fsr_sink_puts(out, "\n");
		gap = 0;
		fsr_sink_printf(out, "%s: \n\n", s->label);
		if (more || s->declared) {
			const char *hw = more ? more->hardware : s->hardware;
			const char *sw = more ? more->software : s->software;

			fsr_sink_printf(out, "\t%s\n\n\t%s\n\n", hw ? hw : "",
					sw ? sw : "");
			continue;
		}
		if (s->hardware)
			fsr_sink_printf(out, "\t%s\n\n", s->hardware);
		if (s->software)
			fsr_sink_printf(out, "\t%s\n\n", s->software);
		if (!s->hardware && !s->software && s->meta.n) {
			size_t k;

			fsr_sink_puts(out, "\t");
			for (k = 0; k < s->meta.n; k++)
				fsr_sink_printf(out, "%s%s: %s",
						k ? ", " : "",
						s->meta.items[k].key,
						s->meta.items[k].value);
			fsr_sink_puts(out, "\n\n");
		}
	}
	free(blocks);
}

/* Title (trimmed, with the app version), description, scale. */
static void title_lines(const struct fsr_result *res, const char *indent,
			const struct fsr_render_opts *o, struct fsr_sink *out)
{
	struct fsr_buf t = FSR_BUF_INIT;
	const char *scale;
	size_t s = 0, e;

	fsr_buf_adds(&t, res->title);
	fsr_buf_addc(&t, ' ');
	fsr_buf_adds(&t, res->app_version);
	e = t.len;
	while (s < e && strchr(" \t\n\r\v", t.buf[s]))
		s++;
	while (e > s && strchr(" \t\n\r\v", t.buf[e - 1]))
		e--;
	t.buf[e] = '\0';
	fsr_sink_printf(out, "\n%s", indent);
	fsr_color_puts(out, o, FSR_COLOR_HEADER, t.buf + s);
	fsr_buf_release(&t);
	fsr_sink_printf(out, "\n%s%s", indent, res->description);
	/* PTS prints its Scale whole ("MB/s | per client"). */
	scale = res->scale ? res->scale : res->unit;
	if (!*scale)
		return;
	fsr_sink_printf(out, "\n%s%s%s", indent, scale,
			res->better == FSR_BETTER_LOWER ? " < Lower Is Better" :
			res->better == FSR_BETTER_HIGHER ? " > Higher Is Better" :
							   "");
}

/* Which mean a run with a time series has as its result (--steady),
 * wrapped to width, then a blank line; nothing when no run has one. */
static void steady_line(const struct fsr_report *r, size_t width,
			struct fsr_sink *out)
{
	struct fsr_buf b = FSR_BUF_INIT;
	char **lines = NULL;
	size_t n = 0, cap = 0, i;

	if (fsr_view_steady_choice_text(&b, r)) {
		b.buf[0] = (char)toupper((unsigned char)b.buf[0]);
		fsr_buf_adds(&b, ".");
		fsr_wrap_words(b.buf, width ? width : 80, &lines, &n, &cap);
		for (i = 0; i < n; i++) {
			fsr_sink_puts(out, lines[i]);
			fsr_sink_puts(out, "\n");
			free(lines[i]);
		}
		fsr_sink_puts(out, "\n");
		free(lines);
	}
	fsr_buf_release(&b);
}

void fsr_ascii_show_head(const struct fsr_report *r, struct fsr_sink *out)
{
	header(r, out);
}

void fsr_ascii_show_result(const struct fsr_report *r,
			   const struct fsr_result *res,
			   const struct fsr_summary *cells,
			   const struct fsr_render_opts *o,
			   struct fsr_sink *out)
{
	const char *indent = o->width > 80 ? "    " : "";
	struct fsr_result_stats rs;

	rs.result = res;
	rs.cells = (struct fsr_summary *)cells;
	title_lines(res, indent, o, out);
	result_rows(r, res, &rs, indent, o->width, out);
	fsr_sink_puts(out, "\n\n");
}

void fsr_ascii_show_tail(const struct fsr_report *r,
			 const struct fsr_render_opts *o, struct fsr_sink *out)
{
	size_t i;

	/* The line result-file-to-text ends with after the report. */
	fsr_sink_puts(out, "\n");
	steady_line(r, o->width, out);
	/* PTS's hardware and software are in the header already, as PTS
	 * prints them: the system table only for system.txt or --note. */
	for (i = 0; i < r->n_systems && !o->no_systems; i++)
		if (r->systems[i].info.n) {
			fsr_render_systems_text(r, o->width, out);
			break;
		}
}

int fsr_render_ascii(const struct fsr_view *v, const struct fsr_render_opts *o,
		     struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	size_t i;

	if (v->command == FSR_CMD_COMPARE)
		return fsr_render_compare_text(v, o, out, d);
	/* on-demand summaries can fail half-way: the output layer holds
	 * what was written (cli/targets.c) */
	fsr_ascii_show_head(r, out);
	for (i = 0; i < r->n_results; i++) {
		const struct fsr_summary *cells = fsr_stats_cells(v->stats, i,
								  d);

		if (!cells)
			return d && d->code ? d->code : FSR_EINTERNAL;
		fsr_ascii_show_result(r, r->results[i], cells, o, out);
	}
	fsr_ascii_show_tail(r, o, out);
	return 0;
}
