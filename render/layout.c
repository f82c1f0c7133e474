/*
 * layout.c - chart geometry: axis ranges and ticks, bars, whiskers, run
 * dots, label positions, wrapping and shortening. Pure: text is measured
 * through a callback, nothing is drawn here (chart.c draws).
 *
 * A result chart (800 px wide at scale 1):
 *
 *	+--------------------------------------------------------------+
 *	| Title AppVersion                                  (heading)  |
 *	| Description                                                  |
 *	|                  > MB/s, More Is Better           (caption)  |
 *	|        label |:::::::::::::::::::::|--o-o-|  4015.03         |
 *	| SE +/- 59.95, N = 6                                          |
 *	|     label 2  |::::::::::::|-o-|  3764.53                     |
 *	|              0      1000     2000     3000 ...    (ticks)    |
 *	| bars: mean; whiskers: 95% confidence interval; dots: runs    |
 *	+--------------------------------------------------------------+
 *
 * The label column is as wide as the widest label (at most a third of
 * the chart; longer labels wrap onto two lines, then are shortened in the
 * middle). The value axis starts at zero (or below, for negative values),
 * its ends are rounded outward to Heckbert nice ticks, and it is widened
 * until the value printed after every bar fits inside the chart; fewer
 * ticks are used when their labels would touch.
 */
#include "layout.h"
#include "../lib/alloc.h"
#include "../lib/numbers.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct fsr_font_spec fsr_font_specs[FSR_N_FONTS] = {
	[FSR_FONT_TITLE] = { "title", 17, 1 },
	[FSR_FONT_SUBTITLE] = { "subtitle", 11, 1 },
	[FSR_FONT_CAPTION] = { "caption", 9, 1 },
	[FSR_FONT_LABEL] = { "label", 11, 1 },
	[FSR_FONT_NOTE] = { "note", 8.5, 0 },
	[FSR_FONT_TICK] = { "tick", 10, 0 },
	[FSR_FONT_VALUE] = { "value", 10, 1 },
};

#define DEFAULT_WIDTH 800.0
#define MARGIN 16.0       /* around the chart */
#define COL_GAP 10.0      /* between the label column and the plot */
#define VALUE_GAP 7.0     /* between a bar's last mark and its value */
#define TICK_GAP 6.0      /* least room between two tick labels */
#define BAR_MIN_H 22.0
#define ROW_GAP 12.0
#define DOT_R 2.6
#define ELLIPSIS "\xe2\x80\xa6"

const char *fsr_ink_name(enum fsr_ink ink)
{
	static const char *const names[] = {
		[FSR_INK_NONE] = "none",
		[FSR_INK_BACKGROUND] = "background",
		[FSR_INK_HEADING] = "heading",
		[FSR_INK_TEXT] = "text",
		[FSR_INK_NOTE] = "note",
		[FSR_INK_AXIS] = "axis",
		[FSR_INK_GRID] = "grid",
		[FSR_INK_EDGE] = "edge",
		[FSR_INK_WHISKER] = "whisker",
		[FSR_INK_HALO] = "halo",
		[FSR_INK_RUN] = "run",
		[FSR_INK_FAILED] = "failed",
		[FSR_INK_MISSING] = "missing",
		[FSR_INK_BETTER] = "better",
		[FSR_INK_WORSE] = "worse",
		[FSR_INK_SAME] = "same",
		[FSR_INK_NA] = "n/a",
		[FSR_INK_BAND] = "band",
	};
	static const char *const sys[FSR_N_SYSTEM_INKS] = {
		"sys0", "sys1", "sys2", "sys3", "sys4", "sys5", "sys6", "sys7",
	};

	if (ink >= FSR_INK_SYSTEM && ink < FSR_N_INKS)
		return sys[ink - FSR_INK_SYSTEM];
	if ((size_t)ink < sizeof(names) / sizeof(names[0]) && names[ink])
		return names[ink];
	return "?";
}

/* ------------------------------------------------------------ numbers */

double fsr_nice_number(double x, int round)
{
	double e, f, nf;

	if (!(x > 0) || !isfinite(x))
		return 1;
	e = floor(log10(x));
	f = x / pow(10, e);
	if (round)
		nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
	else
		nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
	/* 5 / 100 is nearer 0.05 than 5 * 0.01 */
	return e < 0 ? nf / pow(10, -e) : nf * pow(10, e);
}

size_t fsr_axis_ticks(double lo, double hi, int target, struct fsr_axis *a)
{
	double range, step, k0, k1;
	size_t i, n;

	memset(a, 0, sizeof(*a));
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 0;
		hi = 1;
	}
	if (lo > hi) {
		double t = lo;

		lo = hi;
		hi = t;
	}
	if (hi == lo) {
		if (lo == 0) {
			hi = 1;
		} else {
			double w = fabs(lo) * 0.1;

			lo -= w;
			hi += w;
		}
	}
	if (target < 2)
		target = 2;
	for (;;) {
		range = fsr_nice_number(hi - lo, 0);
		step = fsr_nice_number(range / (target - 1), 1);
		/* A little slack keeps 0.3 / 0.1 = 2.9999... from adding a
		 * tick outside the data. */
		k0 = floor(lo / step + 1e-9);
		k1 = ceil(hi / step - 1e-9);
		if (k1 <= k0)
			k1 = k0 + 1;
		n = (size_t)(k1 - k0) + 1;
		if (n <= FSR_MAX_TICKS || target == 2)
			break;
		target = target / 2 > 2 ? target / 2 : 2;
	}
	if (n > FSR_MAX_TICKS)
		n = FSR_MAX_TICKS;
	for (i = 0; i < n; i++) {
		double t = (k0 + (double)i) * step;

		if (fabs(t) < step * 1e-9)
			t = 0;
		a->ticks[i] = t;
	}
	a->n_ticks = n;
	a->lo = a->ticks[0];
	a->hi = a->ticks[n - 1];
	a->step = step;
	a->decimals = step >= 1 ? 0 : (int)-floor(log10(step) + 1e-9);
	if (a->decimals < 0)
		a->decimals = 0;
	return n;
}

size_t fsr_axis_log_ticks(double rmin, double rmax, int density,
			  struct fsr_axis *a)
{
	static const double m125[] = { 1, 2, 5 };
	double cand[FSR_MAX_TICKS * 4], lo = 0, hi = 0;
	size_t nc = 0, i, n = 0;
	int e, e0, e1;

	memset(a, 0, sizeof(*a));
	if (!(rmin > 0) || !(rmax >= rmin) || !isfinite(rmax) ||
	    density < 0)
		return 0;
	if (rmin > 1)
		rmin = 1;
	if (rmax < 1)
		rmax = 1;
	e0 = (int)floor(log10(rmin) + 1e-9) - 1;
	e1 = (int)ceil(log10(rmax) - 1e-9) + 1;
	for (e = e0; e <= e1; e++) {
		size_t k;

		if (density == 0) {
			for (k = 0; k < 3 && nc < sizeof(cand) /
						       sizeof(cand[0]); k++)
				cand[nc++] = m125[k] * pow(10, e);
		} else if (((e % density) + density) % density == 0 &&
			   nc < sizeof(cand) / sizeof(cand[0])) {
			cand[nc++] = pow(10, e);
		}
	}
	for (i = 0; i < nc; i++)
		if (cand[i] <= rmin * (1 + 1e-9))
			lo = cand[i];
	for (i = nc; i-- > 0;)
		if (cand[i] >= rmax * (1 - 1e-9))
			hi = cand[i];
	if (!(lo > 0) || !(hi > 0))
		return 0;
	for (i = 0; i < nc; i++) {
		if (cand[i] < lo || cand[i] > hi)
			continue;
		if (n == FSR_MAX_TICKS) {
			memset(a, 0, sizeof(*a));
			return 0;
		}
		a->ticks[n++] = log10(cand[i]);
	}
	a->n_ticks = n;
	a->lo = log10(lo);
	a->hi = log10(hi);
	a->step = 0;
	a->decimals = 0;
	return n;
}

void fsr_layout_number(struct fsr_buf *b, double x, int decimals,
		       const char *suffix)
{
	fsr_buf_add_fixed(b, x, decimals);
	if (suffix)
		fsr_buf_adds(b, suffix);
}

int fsr_layout_sig_decimals(double x)
{
	int d;

	if (!isfinite(x) || x == 0)
		return 2;
	d = 3 - (int)floor(log10(fabs(x)));
	return d < 0 ? 0 : d > 6 ? 6 : d;
}

/* ------------------------------------------------------------ units */

/*
 * Unit families that take a prefix: the prefixes in increasing order and
 * the base between neighbours. A unit is "<prefix><base><rest>" where
 * base is matched after the prefix (e.g. "M" + "B" + "/s").
 */
struct family {
	const char *const *prefixes;
	size_t n;
	double base;
	const char *const *bases; /* what may follow the prefix */
	int down;                 /* smaller prefixes allowed */
};

static const char *const si_bytes[] = { "", "K", "M", "G", "T", "P" };
static const char *const iec_bytes[] = { "", "Ki", "Mi", "Gi", "Ti", "Pi" };
static const char *const si_bits[] = { "", "k", "M", "G", "T" };
static const char *const si_hz[] = { "", "k", "M", "G", "T" };
static const char *const byte_bases[] = { "B/s", "B/sec", "B", "byte/s",
					  "Byte/s", NULL };
static const char *const si_flops[] = { "", "k", "M", "G", "T", "P" };
static const char *const flops_bases[] = { "flops", "FLOPS", "Flops",
					   "FLOP/s", "flop/s", NULL };
static const char *const bit_bases[] = { "bit/s", "b/s", "bps", "bit",
					 NULL };
static const char *const hz_bases[] = { "Hz", NULL };

static const struct family families[] = {
	/* SI first: a bare "B/s" is decimal; "KiB/s" only matches IEC. */
	{ si_bytes, 6, 1000, byte_bases, 1 },
	{ iec_bytes, 6, 1024, byte_bases, 1 },
	{ si_bits, 5, 1000, bit_bases, 1 },
	{ si_hz, 5, 1000, hz_bases, 1 },
	{ si_flops, 6, 1000, flops_bases, 0 },
};

/* Time units, smallest first; written short or as words. */
static const char *const time_short[] = { "ns", "\xc2\xb5s", "ms", "s" };
static const char *const time_words[] = { "Nanoseconds", "Microseconds",
					  "Milliseconds", "Seconds" };

static const char *const suffixes[] = { "", "k", "M", "G", "T" };

/* Length of the unit's first word (up to a space or '('). */
static size_t first_word(const char *unit)
{
	size_t n = 0;

	while (unit[n] && unit[n] != ' ' && unit[n] != '(')
		n++;
	return n;
}

static int match_family(const char *w, size_t wl, const struct family *f,
			size_t *idx, size_t *base_len)
{
	size_t i, j;

	/* Longest prefix first ("Mi" before ""). */
	for (i = f->n; i-- > 0;) {
		size_t pl = strlen(f->prefixes[i]);

		if (wl < pl || strncmp(w, f->prefixes[i], pl))
			continue;
		for (j = 0; f->bases[j]; j++) {
			size_t bl = strlen(f->bases[j]);

			if (wl - pl == bl && !strncmp(w + pl, f->bases[j], bl)) {
				*idx = i;
				*base_len = bl;
				return 1;
			}
		}
	}
	/* Lower-case kilo is common: "kB/s". */
	if (f->prefixes == si_bytes && wl > 1 && w[0] == 'k') {
		for (j = 0; f->bases[j]; j++) {
			size_t bl = strlen(f->bases[j]);

			if (wl - 1 == bl && !strncmp(w + 1, f->bases[j], bl)) {
				*idx = 1;
				*base_len = bl;
				return 1;
			}
		}
	}
	return 0;
}

/* Move idx within [0, n) so that m lands in [1, 10000); returns the new
 * index and divides or multiplies m accordingly. */
static size_t shift_index(double *m, size_t idx, size_t n, double base,
			  int down)
{
	while (*m >= 10000 && idx + 1 < n) {
		*m /= base;
		idx++;
	}
	while (down && *m > 0 && *m < 1 && idx > 0) {
		*m *= base;
		idx--;
	}
	return idx;
}

static void set_unit(struct fsr_unit_scale *u, const char *a, const char *b,
		     const char *c)
{
	struct fsr_buf t = FSR_BUF_INIT;

	fsr_buf_adds(&t, a);
	fsr_buf_adds(&t, b);
	fsr_buf_adds(&t, c);
	if (t.len >= sizeof(u->unit)) {
		t.len = sizeof(u->unit) - 1;
		t.buf[t.len] = '\0';
	}
	memcpy(u->unit, t.buf, t.len + 1);
	fsr_buf_release(&t);
}

void fsr_unit_scale_choose(const char *unit, double maxabs,
			   struct fsr_unit_scale *u)
{
	size_t wl, i, idx, base_len, n;
	double m = fabs(maxabs);
	const char *rest;

	memset(u, 0, sizeof(*u));
	u->div = 1;
	if (!unit)
		unit = "";
	set_unit(u, unit, "", "");
	if (!isfinite(m) || m == 0)
		return;
	wl = first_word(unit);
	rest = unit + wl;
	/* "Bytes" as a word: shown as KB, MB, ... when it must change. */
	if (wl == 5 && !strncasecmp(unit, "bytes", 5)) {
		idx = shift_index(&m, 0, 6, 1000, 0);
		if (idx) {
			u->shift = (int)idx;
			u->div = pow(1000, (double)idx);
			set_unit(u, si_bytes[idx], "B", rest);
		}
		return;
	}
	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		const struct family *f = &families[i];
		size_t to;
		double mm = m;

		if (!match_family(unit, wl, f, &idx, &base_len))
			continue;
		to = shift_index(&mm, idx, f->n, f->base, f->down);
		if (to == idx)
			return;
		u->shift = (int)to - (int)idx;
		u->div = pow(f->base, u->shift);
		set_unit(u, f->prefixes[to], unit + wl - base_len, "");
		/* unit + wl - base_len is "<base><rest>" */
		return;
	}
	n = sizeof(time_short) / sizeof(time_short[0]);
	for (i = 0; i < n; i++) {
		int word = 0;
		size_t to;
		double mm = m;

		if (wl == strlen(time_short[i]) &&
		    !strncmp(unit, time_short[i], wl))
			word = 0;
		else if (wl == 2 && i == 1 && !strncmp(unit, "us", 2))
			word = 0;
		else if (wl == 3 && i == 3 && !strncmp(unit, "sec", 3))
			word = 0;
		else if (wl == strlen(time_words[i]) &&
			 !strncasecmp(unit, time_words[i], wl))
			word = 1;
		else
			continue;
		to = shift_index(&mm, i, n, 1000, 1);
		if (to == i)
			return;
		u->shift = (int)to - (int)i;
		u->div = pow(1000, u->shift);
		if (word) {
			char w[16];

			memcpy(w, time_words[to], strlen(time_words[to]) + 1);
			if (unit[0] >= 'a' && unit[0] <= 'z')
				w[0] = (char)(w[0] - 'A' + 'a');
			set_unit(u, w, rest, "");
		} else {
			set_unit(u, time_short[to], rest, "");
		}
		return;
	}
	/* Anything else ("IOPS", "Files/s"): a suffix on large numbers. */
	idx = shift_index(&m, 0, sizeof(suffixes) / sizeof(suffixes[0]),
			  1000, 0);
	if (idx) {
		u->shift = (int)idx;
		u->div = pow(1000, (double)idx);
		memcpy(u->suffix, suffixes[idx], strlen(suffixes[idx]) + 1);
	}
}

/* ------------------------------------------------------------ wrapping */

/* Offsets of every character start in s, plus strlen(s) at the end. */
static size_t char_starts(const char *s, size_t **out)
{
	size_t len = strlen(s), n = 0, i;
	size_t *pos = fsr_xmalloc((len + 1) * sizeof(*pos));

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			pos[n++] = i;
	pos[n] = len;
	*out = pos;
	return n;
}

static double measure_n(fsr_measure_fn m, void *ctx, enum fsr_font f,
			const char *s, size_t len)
{
	char *t = fsr_xstrndup(s, len);
	double w, h;

	m(ctx, f, t, &w, &h);
	free(t);
	return w;
}

static int soft_break(char c)
{
	return c == '-' || c == '_' || c == '/' || c == ',' || c == '=' ||
	       c == ':' || c == ';' || c == '.' || c == '+';
}

/* s with the middle replaced by an ellipsis so that it fits max_w. */
static char *shorten_middle(fsr_measure_fn m, void *ctx, enum fsr_font f,
			    const char *s, double max_w)
{
	size_t *pos, n = char_starts(s, &pos), lo = 0, hi = n, keep;
	struct fsr_buf b = FSR_BUF_INIT;

	/* The largest number of characters kept that still fits. */
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2, head = (mid + 1) / 2;
		double w;

		fsr_buf_reset(&b);
		fsr_buf_add(&b, s, pos[head]);
		fsr_buf_adds(&b, ELLIPSIS);
		fsr_buf_adds(&b, s + pos[n - (mid - head)]);
		w = measure_n(m, ctx, f, b.buf, b.len);
		if (w <= max_w)
			lo = mid;
		else
			hi = mid - 1;
	}
	keep = lo;
	fsr_buf_reset(&b);
	fsr_buf_add(&b, s, pos[(keep + 1) / 2]);
	fsr_buf_adds(&b, ELLIPSIS);
	fsr_buf_adds(&b, s + pos[n - (keep - (keep + 1) / 2)]);
	free(pos);
	return fsr_buf_detach(&b);
}

/* Byte length of the longest prefix of s that fits max_w, broken at a
 * space, else after a soft-break character, else between characters
 * (at least one character). *next is where the next line starts. */
static size_t fit_prefix(fsr_measure_fn m, void *ctx, enum fsr_font f,
			 const char *s, double max_w, size_t *next)
{
	size_t *pos, n = char_starts(s, &pos), lo = 1, hi = n, fit, i;
	size_t cut;

	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;

		if (measure_n(m, ctx, f, s, pos[mid]) <= max_w)
			lo = mid;
		else
			hi = mid - 1;
	}
	fit = pos[lo]; /* bytes */
	if (fit == strlen(s)) {
		free(pos);
		*next = fit;
		return fit;
	}
	cut = 0;
	/* A space right after the fitting part is the best break. */
	if (s[fit] == ' ')
		cut = fit;
	for (i = fit; !cut && i > 0; i--)
		if (s[i - 1] == ' ' && i - 1 > 0)
			cut = i - 1;
	if (cut) {
		*next = cut;
		while (s[*next] == ' ')
			(*next)++;
		while (cut > 0 && s[cut - 1] == ' ')
			cut--;
		free(pos);
		return cut;
	}
	for (i = fit; i > 1; i--)
		if (soft_break(s[i - 1])) {
			cut = i;
			break;
		}
	if (!cut)
		cut = fit;
	*next = cut;
	free(pos);
	return cut;
}

size_t fsr_layout_wrap(fsr_measure_fn measure, void *mctx,
		       enum fsr_font font, const char *text, double max_w,
		       size_t max_lines, char ***lines, size_t *n,
		       size_t *cap)
{
	const char *s = text ? text : "";
	size_t added = 0;

	if (max_lines < 1)
		max_lines = 1;
	while (*s == ' ')
		s++;
	while (*s) {
		size_t len, next;
		char *line;

		if (added + 1 == max_lines) {
			double w = measure_n(measure, mctx, font, s,
					     strlen(s));

			line = w <= max_w ? fsr_xstrdup(s) :
				shorten_middle(measure, mctx, font, s, max_w);
			FSR_GROW(*lines, *cap, *n + 1);
			(*lines)[(*n)++] = line;
			added++;
			break;
		}
		len = fit_prefix(measure, mctx, font, s, max_w, &next);
		FSR_GROW(*lines, *cap, *n + 1);
		(*lines)[(*n)++] = fsr_xstrndup(s, len);
		added++;
		s += next;
		while (*s == ' ')
			s++;
	}
	return added;
}

/* ------------------------------------------------------------ shapes */

struct lay {
	const struct fsr_view *v;
	fsr_measure_fn measure;
	void *mctx;
	double W;
};

enum align { AL_LEFT, AL_RIGHT, AL_CENTER };

static struct fsr_shape *add_shape(struct fsr_chart *c,
				   enum fsr_shape_kind k, const char *role,
				   long row, enum fsr_ink ink)
{
	struct fsr_shape *s;

	FSR_GROW(c->shapes, c->cap_shapes, c->n_shapes + 1);
	s = &c->shapes[c->n_shapes++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->role = role;
	s->row = row;
	s->ink = ink;
	s->edge = FSR_INK_NONE;
	s->lw = 1;
	return s;
}

static void text_size(struct lay *L, enum fsr_font f, const char *t,
		      double *w, double *h)
{
	L->measure(L->mctx, f, t, w, h);
}

static double text_w(struct lay *L, enum fsr_font f, const char *t)
{
	double w, h;

	text_size(L, f, t, &w, &h);
	return w;
}

static double line_h(struct lay *L, enum fsr_font f)
{
	double w, h;

	text_size(L, f, "Ag", &w, &h);
	return h;
}

static struct fsr_shape *add_text(struct lay *L, struct fsr_chart *c,
				  const char *role, long row,
				  enum fsr_font f, enum fsr_ink ink, double x,
				  double y, enum align al, const char *t)
{
	struct fsr_shape *s = add_shape(c, FSR_SHAPE_TEXT, role, row, ink);
	double w, h;
	char *p;

	s->font = f;
	s->text = fsr_xstrdup(t);
	/* One line each: a newline or tab from the input is a space. */
	for (p = s->text; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	text_size(L, f, s->text, &w, &h);
	s->w = w;
	s->h = h;
	s->y = y;
	s->x = al == AL_LEFT ? x : al == AL_RIGHT ? x - w : x - w / 2;
	return s;
}

static void add_line(struct fsr_chart *c, const char *role, long row,
		     enum fsr_ink ink, double x1, double y1, double x2,
		     double y2, double lw, int dashed)
{
	struct fsr_shape *s = add_shape(c, FSR_SHAPE_LINE, role, row, ink);

	s->x = x1;
	s->y = y1;
	s->w = x2 - x1;
	s->h = y2 - y1;
	s->lw = lw;
	s->dashed = dashed;
}

static void add_rect(struct fsr_chart *c, const char *role, long row,
		     enum fsr_ink ink, enum fsr_ink edge, double x, double y,
		     double w, double h)
{
	struct fsr_shape *s = add_shape(c, FSR_SHAPE_RECT, role, row, ink);

	s->edge = edge;
	s->x = x;
	s->y = y;
	s->w = w;
	s->h = h;
}

static void add_dot(struct fsr_chart *c, const char *role, long row,
		    enum fsr_ink ink, enum fsr_ink edge, double x, double y,
		    double r)
{
	struct fsr_shape *s = add_shape(c, FSR_SHAPE_DOT, role, row, ink);

	s->edge = edge;
	s->x = x;
	s->y = y;
	s->w = r;
	s->h = r;
}

/* A list of wrapped lines. */
struct lines {
	char **l;
	size_t n, cap;
};

static void lines_release(struct lines *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		free(ls->l[i]);
	free(ls->l);
	memset(ls, 0, sizeof(*ls));
}

static void wrap(struct lay *L, struct lines *ls, enum fsr_font f,
		 const char *t, double max_w, size_t max_lines)
{
	fsr_layout_wrap(L->measure, L->mctx, f, t, max_w, max_lines, &ls->l,
			&ls->n, &ls->cap);
}

static double lines_w(struct lay *L, const struct lines *ls,
		      enum fsr_font f)
{
	double w = 0;
	size_t i;

	for (i = 0; i < ls->n; i++) {
		double x = text_w(L, f, ls->l[i]);

		if (x > w)
			w = x;
	}
	return w;
}

/* Place lines one under another from y; returns the y below them. */
static double put_lines(struct lay *L, struct fsr_chart *c,
			const char *role, long row, enum fsr_font f,
			enum fsr_ink ink, double x, double y, enum align al,
			const struct lines *ls)
{
	double h = line_h(L, f);
	size_t i;

	for (i = 0; i < ls->n; i++) {
		add_text(L, c, role, row, f, ink, x, y, al, ls->l[i]);
		y += h;
	}
	return y;
}

/* ------------------------------------------------------------ pieces */

/* Title (wrapped to 2 lines) and subtitle (the description, split at
 * '|' as PTS does, each part up to 2 lines). Returns the y below. */
static double heading(struct lay *L, struct fsr_chart *c, const char *title,
		      const char *subtitle, double y)
{
	double max_w = L->W - 2 * MARGIN;
	struct lines ls = { 0 };
	const char *p;

	wrap(L, &ls, FSR_FONT_TITLE, title, max_w, 2);
	y = put_lines(L, c, "title", -1, FSR_FONT_TITLE, FSR_INK_HEADING,
		      MARGIN, y, AL_LEFT, &ls);
	lines_release(&ls);
	for (p = subtitle; p && *p;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		char *part = fsr_xstrndup(p, len);

		wrap(L, &ls, FSR_FONT_SUBTITLE, part, max_w, 2);
		y = put_lines(L, c, "subtitle", -1, FSR_FONT_SUBTITLE,
			      FSR_INK_HEADING, MARGIN, y, AL_LEFT, &ls);
		lines_release(&ls);
		free(part);
		p += len + (bar ? 1 : 0);
	}
	return y;
}

/* The caption above the plot: a small arrow, then the text. */
static double caption(struct lay *L, struct fsr_chart *c, double x,
		      double y, const char *t)
{
	double h = line_h(L, FSR_FONT_CAPTION);
	struct fsr_shape *s;

	struct lines ls = { 0 };

	s = add_shape(c, FSR_SHAPE_ARROW, "caption-mark", -1,
		      FSR_INK_TEXT);
	s->x = x;
	s->y = y + h / 2 - 4;
	s->w = 7;
	s->h = 8;
	wrap(L, &ls, FSR_FONT_CAPTION, t, L->W - MARGIN - x - 10, 1);
	put_lines(L, c, "caption", -1, FSR_FONT_CAPTION, FSR_INK_TEXT,
		  x + 10, y, AL_LEFT, &ls);
	lines_release(&ls);
	return y + h;
}

/* A footnote block across the chart; returns the y below. */
static double footnote(struct lay *L, struct fsr_chart *c, const char *t,
		       double y)
{
	struct lines ls = { 0 };

	wrap(L, &ls, FSR_FONT_NOTE, t, L->W - 2 * MARGIN, 3);
	y = put_lines(L, c, "footnote", -1, FSR_FONT_NOTE, FSR_INK_NOTE,
		      MARGIN, y, AL_LEFT, &ls);
	lines_release(&ls);
	return y;
}

static void conf_text(struct fsr_buf *b, double conf)
{
	double pct = conf * 100;

	if (!(conf > 0 && conf < 1))
		pct = 95;
	if (fabs(pct - round(pct)) < 1e-9)
		fsr_buf_add_fixed(b, pct, 0);
	else
		fsr_buf_add_double(b, pct);
	fsr_buf_adds(b, "%");
}

static size_t cell_index(const struct fsr_result *res, size_t sys)
{
	size_t i;

	for (i = 0; i < res->n_cells; i++)
		if (res->cells[i].system == sys)
			return i;
	return SIZE_MAX;
}

static void result_title(const struct fsr_result *res, struct fsr_buf *b)
{
	fsr_buf_adds(b, *res->title ? res->title : res->test);
	if (*res->app_version) {
		fsr_buf_addc(b, ' ');
		fsr_buf_adds(b, res->app_version);
	}
}

/* Ticks for [lo, hi] whose labels do not touch along plot_w, starting
 * from target and going down; fmt prints a tick label. */
typedef void (*tick_fmt)(struct fsr_buf *b, double v,
			 const struct fsr_axis *a, const void *data);

static int ticks_fit(struct lay *L, const struct fsr_axis *a, double plot_w,
		     tick_fmt fmt, const void *data)
{
	struct fsr_buf b = FSR_BUF_INIT;
	double prev_r = -DBL_MAX, sc = plot_w / (a->hi - a->lo);
	size_t i;
	int ok = 1;

	for (i = 0; i < a->n_ticks && ok; i++) {
		double x = (a->ticks[i] - a->lo) * sc, w;

		fsr_buf_reset(&b);
		fmt(&b, a->ticks[i], a, data);
		w = text_w(L, FSR_FONT_TICK, b.buf);
		if (x - w / 2 < prev_r + TICK_GAP)
			ok = 0;
		prev_r = x + w / 2;
	}
	fsr_buf_release(&b);
	return ok;
}

/* Grid, zero line, base line and tick labels of a horizontal value axis
 * under rows from plot_y to plot_y + plot_h. Returns the y below. */
static double draw_axis(struct lay *L, struct fsr_chart *c, tick_fmt fmt,
			const void *data)
{
	const struct fsr_axis *a = &c->axis;
	double sc = c->plot_w / (a->hi - a->lo), bottom = c->plot_y +
		c->plot_h, h = line_h(L, FSR_FONT_TICK);
	struct fsr_buf b = FSR_BUF_INIT;
	size_t i;

	for (i = 0; i < a->n_ticks; i++) {
		double x = c->plot_x + (a->ticks[i] - a->lo) * sc;
		struct fsr_shape *s;

		if (a->ticks[i] != 0)
			add_line(c, "grid", -1, FSR_INK_GRID, x, c->plot_y, x,
				 bottom, 1, 1);
		add_line(c, "tick", -1, FSR_INK_AXIS, x, bottom, x,
			 bottom + 4, 1, 0);
		fsr_buf_reset(&b);
		fmt(&b, a->ticks[i], a, data);
		s = add_text(L, c, "tick-label", -1, FSR_FONT_TICK,
			     FSR_INK_TEXT, x, bottom + 5, AL_CENTER, b.buf);
		/* Never past the chart's edges. */
		if (s->x + s->w > L->W - 2)
			s->x = L->W - 2 - s->w;
		if (s->x < 2)
			s->x = 2;
	}
	fsr_buf_release(&b);
	add_line(c, "axis", -1, FSR_INK_AXIS, c->plot_x, bottom,
		 c->plot_x + c->plot_w, bottom, 1, 0);
	if (a->lo <= 0 && a->hi >= 0) {
		double x0 = c->plot_x + (0 - a->lo) * sc;

		add_line(c, "zero", -1, FSR_INK_AXIS, x0, c->plot_y, x0,
			 bottom, 1, 0);
	}
	return bottom + 5 + h;
}

/* --------------------------------------------------- result bar chart */

enum row_state { ROW_OK, ROW_FAILED, ROW_MISSING, ROW_EMPTY };

struct bar_row {
	size_t sys;
	enum row_state state;
	const struct fsr_cell *cell;
	const struct fsr_summary *sum;
	struct lines label;
	char *note;           /* under the label */
	char *value;          /* after the bar */
	double value_w;
	double vdiv;          /* value = raw / vdiv ... */
	const char *vsuffix;  /* ... then this suffix */
	double mean, lo, hi;  /* display units; lo/hi: all marks */
	double top, h, bar_h; /* row box */
};

static void value_tick_fmt(struct fsr_buf *b, double v,
			   const struct fsr_axis *a, const void *data)
{
	const struct fsr_unit_scale *u = data;

	fsr_layout_number(b, v, a->decimals, v == 0 ? "" : u->suffix);
}

/* The mean as printed after the bar: PTS's text when the unit is
 * unchanged, else 4 significant digits in the axis unit. */
/* Decimals for a mean written by us: the samples' own, but at least 3
 * significant digits (a mean of 6.3 is not "6") and no more than 5 in
 * all (9981.160882 ns is "9981.2"). */
static int mean_decimals(double x, int stored)
{
	int dec = stored >= 0 ? stored : 2, lo, hi;

	lo = fsr_layout_sig_decimals(x) - 1;
	hi = fsr_layout_sig_decimals(x) + 1;
	if (dec < lo)
		dec = lo;
	if (dec > hi)
		dec = hi;
	return dec < 0 ? 0 : dec > 6 ? 6 : dec;
}

/*
 * The mean as printed after the bar, into r->value; r->vdiv and
 * r->vsuffix say how it was scaled, for the SE under the label. PTS's
 * own text when there is one and the unit is unchanged; in the axis's
 * unit when it took a prefix; with its own suffix on a unit without a
 * prefix ("315.6" and "248.0k" on one "IOPS" axis in k).
 */
static void bar_value_text(struct bar_row *r,
			   const struct fsr_unit_scale *u, struct fsr_buf *b)
{
	const struct fsr_cell *c = r->cell;
	double raw = r->sum->mean, m;
	size_t k = 0;

	r->vdiv = u->div;
	r->vsuffix = "";
	if (u->div == 1 && !*u->suffix) {
		if (c->stored && c->n_stored == 1 && *c->stored) {
			fsr_buf_adds(b, c->stored);
			return;
		}
		fsr_layout_number(b, raw, mean_decimals(raw,
							c->stored_decimals),
				  "");
		return;
	}
	if (!*u->suffix) {
		fsr_layout_number(b, r->mean, fsr_layout_sig_decimals(r->mean),
				  "");
		return;
	}
	for (m = fabs(raw); m >= 10000 && k + 1 < sizeof(suffixes) /
						     sizeof(suffixes[0]); k++)
		m /= 1000;
	r->vdiv = pow(1000, (double)k);
	r->vsuffix = suffixes[k];
	fsr_layout_number(b, raw / r->vdiv, k ? fsr_layout_sig_decimals(m) :
			  mean_decimals(raw, c->stored_decimals), r->vsuffix);
}

static void bar_note_text(const struct bar_row *r, struct fsr_buf *b)
{
	const struct fsr_cell *cell = r->cell;

	if (r->state == ROW_MISSING)
		return;
	if (r->state == ROW_OK && r->sum->n > 1 && isfinite(r->sum->se)) {
		int dec;

		/* As PTS: the value's own decimals, at least 2. */
		dec = r->value ? fsr_count_decimals(r->value,
						    strlen(r->value)) : 2;
		if (dec < 2)
			dec = 2;
		if (dec > 6)
			dec = 6;
		fsr_buf_adds(b, "SE +/- ");
		fsr_layout_number(b, r->sum->se / r->vdiv, dec, r->vsuffix);
		fsr_buf_adds(b, ", ");
	}
	fsr_buf_addf(b, "N = %zu", cell->n);
	if (cell->n_failed)
		fsr_buf_addf(b, ", %zu failed", cell->n_failed);
}

static void row_extent(struct bar_row *r, double div)
{
	size_t i;

	r->mean = r->sum->mean / div;
	r->lo = r->hi = r->mean;
	if (r->lo > 0)
		r->lo = 0;
	if (r->hi < 0)
		r->hi = 0;
	if (isfinite(r->sum->ci_low) && isfinite(r->sum->ci_high)) {
		if (r->sum->ci_low / div < r->lo)
			r->lo = r->sum->ci_low / div;
		if (r->sum->ci_high / div > r->hi)
			r->hi = r->sum->ci_high / div;
	}
	for (i = 0; i < r->cell->n; i++) {
		double x = r->cell->samples[i] / div;

		if (!isfinite(x))
			continue;
		if (x < r->lo)
			r->lo = x;
		if (x > r->hi)
			r->hi = x;
	}
}

static double value_x(const struct fsr_chart *c, const struct bar_row *r);

/*
 * The value axis: bars from zero, nice ticks over every mark (bar,
 * whisker, dots), widened until every value text fits beside its bar,
 * with no more ticks than their labels allow.
 */
static void fit_value_axis(struct lay *L, struct fsr_chart *c,
			   struct bar_row *rows, size_t n)
{
	double lo = 0, hi = 0;
	size_t i;
	int target;

	for (i = 0; i < n; i++) {
		if (rows[i].state != ROW_OK)
			continue;
		if (rows[i].lo < lo)
			lo = rows[i].lo;
		if (rows[i].hi > hi)
			hi = rows[i].hi;
	}
	static const int targets[] = { 4, 5, 6, 7, 8, 10, 12, 3, 2 };
	struct fsr_axis best;
	double best_cover = -1;
	size_t t;

	memset(&best, 0, sizeof(best));
	/* The tightest axis whose labels fit: Heckbert's ticks for about 4
	 * to 12 of them (fewer when none of those fit); of equally tight
	 * ones, the one with fewer ticks. */
	for (t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
		double need_lo = lo, need_hi = hi, cover;
		int iter;

		if (targets[t] < 4 && best_cover >= 0)
			break;
		target = targets[t];
		for (iter = 0; iter < 12; iter++) {
			struct fsr_axis *a = &c->axis;
			double sc, over_l = 0, over_r = 0;

			fsr_axis_ticks(need_lo, need_hi, target, a);
			sc = c->plot_w / (a->hi - a->lo);
			for (i = 0; i < n; i++) {
				const struct bar_row *r = &rows[i];
				double x;

				if (r->state != ROW_OK)
					continue;
				x = value_x(c, r);
				if (x + r->value_w - (c->plot_x + c->plot_w) >
				    over_r)
					over_r = x + r->value_w -
						 (c->plot_x + c->plot_w);
				if (c->plot_x - x > over_l)
					over_l = c->plot_x - x;
			}
			if (over_r <= 0 && over_l <= 0)
				break;
			/* Make room in data units, a little more than
			 * needed, then round out to ticks again. */
			if (over_r > 0)
				need_hi = a->hi + (over_r + 2) / sc * 1.1;
			if (over_l > 0)
				need_lo = a->lo - (over_l + 2) / sc * 1.1;
		}
		if (!ticks_fit(L, &c->axis, c->plot_w, value_tick_fmt,
			       &c->scale))
			continue;
		cover = (hi - lo) / (c->axis.hi - c->axis.lo);
		if (cover > best_cover + 1e-9) {
			best_cover = cover;
			best = c->axis;
		}
	}
	if (best_cover >= 0)
		c->axis = best;
}

static void bar_caption_text(const struct fsr_result *res,
			     const struct fsr_unit_scale *u,
			     struct fsr_buf *b)
{
	fsr_buf_adds(b, u->unit);
	if (res->better == FSR_BETTER_UNKNOWN)
		return;
	if (b->len)
		fsr_buf_adds(b, ", ");
	fsr_buf_adds(b, res->better == FSR_BETTER_HIGHER ? "More Is Better" :
							   "Fewer Is Better");
}

/* Label column: the labels wrapped to the widest needed, at most a third
 * of the chart. Returns the column width. */
static double label_column(struct lay *L, struct bar_row *rows, size_t n,
			   const struct fsr_report *r)
{
	double max_w = L->W * 0.32, col = 40;
	size_t i;

	for (i = 0; i < n; i++) {
		double w;

		wrap(L, &rows[i].label, FSR_FONT_LABEL,
		     r->systems[rows[i].sys].label, max_w, 2);
		w = lines_w(L, &rows[i].label, FSR_FONT_LABEL);
		if (w > col)
			col = w;
		if (rows[i].note) {
			w = text_w(L, FSR_FONT_NOTE, rows[i].note);
			if (w > max_w) {
				char *s = shorten_middle(L->measure, L->mctx,
							 FSR_FONT_NOTE,
							 rows[i].note, max_w);

				free(rows[i].note);
				rows[i].note = s;
				w = text_w(L, FSR_FONT_NOTE, s);
			}
			if (w > col)
				col = w;
		}
	}
	return col;
}

/* Rows: their heights and the label blocks, centred on the bar. */
static double place_rows(struct lay *L, struct bar_row *rows, size_t n,
			 double y)
{
	double lh = line_h(L, FSR_FONT_LABEL), nh = line_h(L, FSR_FONT_NOTE);
	size_t i;

	for (i = 0; i < n; i++) {
		struct bar_row *r = &rows[i];
		double block = (double)r->label.n * lh + (r->note ? nh + 1 : 0);

		r->bar_h = block + 4 > BAR_MIN_H ? block + 4 : BAR_MIN_H;
		r->h = r->bar_h + ROW_GAP;
		r->top = y;
		y += r->h;
	}
	return y;
}

/*
 * Where the mean's text starts: just after the bar and its whisker (left
 * of them for a negative mean); when it would cover a run's dot, after
 * the last dot instead, so the number is always the row's outermost mark
 * and never sits in a gap between runs.
 */
static double value_x(const struct fsr_chart *c, const struct bar_row *r)
{
	const struct fsr_axis *a = &c->axis;
	double sc = c->plot_w / (a->hi - a->lo), w = r->value_w, x, end;
	double ci_lo = r->sum->ci_low / c->scale.div;
	double ci_hi = r->sum->ci_high / c->scale.div;
	int neg = r->mean < 0;
	size_t i;

	if (!neg) {
		end = r->mean > 0 ? r->mean : 0;
		if (isfinite(ci_hi) && ci_hi > end)
			end = ci_hi;
		x = c->plot_x + (end - a->lo) * sc + VALUE_GAP;
	} else {
		end = r->mean;
		if (isfinite(ci_lo) && ci_lo < end)
			end = ci_lo;
		x = c->plot_x + (end - a->lo) * sc - VALUE_GAP - w;
	}
	for (i = 0; i < r->cell->n; i++) {
		double d = r->cell->samples[i] / c->scale.div;
		double px = c->plot_x + (d - a->lo) * sc;

		if (!isfinite(d) || px + DOT_R + 1 <= x ||
		    px - DOT_R - 1 >= x + w)
			continue;
		/* r->lo and r->hi hold every mark, the dots included. */
		if (neg)
			return c->plot_x + (r->lo - a->lo) * sc - DOT_R -
			       VALUE_GAP + 2 - w;
		return c->plot_x + (r->hi - a->lo) * sc + DOT_R + VALUE_GAP -
		       2;
	}
	return x;
}

static void bar_row_shapes(struct lay *L, struct fsr_chart *c,
			   struct bar_row *r, long ri, double label_right)
{
	const struct fsr_axis *a = &c->axis;
	double sc = c->plot_w / (a->hi - a->lo), mid = r->top + r->h / 2;
	double lh = line_h(L, FSR_FONT_LABEL), nh = line_h(L, FSR_FONT_NOTE);
	double block = (double)r->label.n * lh + (r->note ? nh + 1 : 0), y;
	double bar_y = mid - r->bar_h / 2;
	enum fsr_ink ink = FSR_INK_SYSTEM + r->sys % FSR_N_SYSTEM_INKS;
#define PX(v) (c->plot_x + ((v) - a->lo) * sc)

	y = put_lines(L, c, "label", ri, FSR_FONT_LABEL, FSR_INK_HEADING,
		      label_right, mid - block / 2, AL_RIGHT, &r->label);
	if (r->note)
		add_text(L, c, "note", ri, FSR_FONT_NOTE, FSR_INK_TEXT,
			 label_right, y + 1, AL_RIGHT, r->note);
	if (r->state == ROW_OK) {
		double x0 = PX(0), x1 = PX(r->mean), vh;
		double cap = r->bar_h * 0.45;
		size_t i;

		add_rect(c, "bar", ri, ink, FSR_INK_EDGE, x0 < x1 ? x0 : x1,
			 bar_y, fabs(x1 - x0), r->bar_h);
		if (isfinite(r->sum->ci_low) && isfinite(r->sum->ci_high)) {
			double l = PX(r->sum->ci_low / c->scale.div);
			double h = PX(r->sum->ci_high / c->scale.div);
			int pass;

			for (pass = 0; pass < 2; pass++) {
				const char *role = pass ? "whisker" :
							  "whisker-halo";
				enum fsr_ink wi = pass ? FSR_INK_WHISKER :
							 FSR_INK_HALO;
				double lw = pass ? 1.3 : 3.3;

				add_line(c, role, ri, wi, l, mid, h, mid, lw,
					 0);
				add_line(c, role, ri, wi, l, mid - cap / 2, l,
					 mid + cap / 2, lw, 0);
				add_line(c, role, ri, wi, h, mid - cap / 2, h,
					 mid + cap / 2, lw, 0);
			}
		}
		/* Runs: small dots, spread a little up and down so equal
		 * values stay visible. */
		for (i = 0; i < r->cell->n; i++) {
			static const double off[] = { 0, -1, 1, -2, 2 };
			double x = r->cell->samples[i] / c->scale.div;
			double dy = r->cell->n > 1 ?
				off[i % 5] * r->bar_h / 9 : 0;

			if (!isfinite(x))
				continue;
			add_dot(c, "run", ri, FSR_INK_RUN, FSR_INK_WHISKER,
				PX(x), mid + dy, DOT_R);
		}
		vh = line_h(L, FSR_FONT_VALUE);
		add_text(L, c, "value", ri, FSR_FONT_VALUE, FSR_INK_TEXT,
			 value_x(c, r), mid - vh / 2, AL_LEFT, r->value);
	} else {
		struct fsr_buf b = FSR_BUF_INIT;
		struct lines ls = { 0 };
		enum fsr_ink ti = FSR_INK_MISSING;
		const char *role = "missing";
		double th = line_h(L, FSR_FONT_VALUE), x = PX(0) + VALUE_GAP;

		if (r->state == ROW_FAILED) {
			fsr_buf_addf(&b, "failed%s", r->cell->n_failed > 1 ?
				     " (all runs)" : "");
			if (r->cell->fail_reason)
				fsr_buf_addf(&b, ": %s",
					     r->cell->fail_reason);
			ti = FSR_INK_FAILED;
			role = "failed";
		} else if (r->state == ROW_EMPTY) {
			fsr_buf_adds(&b, "no value");
		} else {
			fsr_buf_adds(&b, "no result");
		}
		/* Marked where the bar would start, never as a zero bar. */
		wrap(L, &ls, FSR_FONT_VALUE, b.buf,
		     c->plot_x + c->plot_w - x, 1);
		put_lines(L, c, role, ri, FSR_FONT_VALUE, ti, x, mid - th / 2,
			  AL_LEFT, &ls);
		lines_release(&ls);
		fsr_buf_release(&b);
	}
#undef PX
}

static void layout_bars(struct lay *L, struct fsr_chart *c, size_t ri,
			double y)
{
	const struct fsr_report *rep = L->v->report;
	const struct fsr_result *res = rep->results[ri];
	const struct fsr_result_stats *rs = &L->v->stats->results[ri];
	struct bar_row *rows;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t n = rep->n_systems, i;
	double maxabs = 0, label_right, bottom;
	int any_ci = 0, any_run = 0;

	fsr_buf_reset(&b);
	result_title(res, &b);
	y = heading(L, c, b.buf, res->description, y);
	rows = fsr_xcalloc(n ? n : 1, sizeof(*rows));
	for (i = 0; i < n; i++) {
		struct bar_row *r = &rows[i];
		size_t ci = cell_index(res, i);

		r->sys = i;
		if (ci == SIZE_MAX) {
			r->state = ROW_MISSING;
			continue;
		}
		r->cell = &res->cells[ci];
		r->sum = &rs->cells[ci];
		if (r->cell->n > 0 && isfinite(r->sum->mean))
			r->state = ROW_OK;
		else if (r->cell->n_failed)
			r->state = ROW_FAILED;
		else
			r->state = ROW_EMPTY;
		if (r->state != ROW_OK)
			continue;
		/* The prefix follows the means, the numbers people read;
		 * runs and intervals may reach a little past 10000. */
		if (fabs(r->sum->mean) > maxabs)
			maxabs = fabs(r->sum->mean);
	}
	fsr_unit_scale_choose(res->unit, maxabs, &c->scale);
	for (i = 0; i < n; i++) {
		struct bar_row *r = &rows[i];

		if (r->state == ROW_OK) {
			row_extent(r, c->scale.div);
			fsr_buf_reset(&b);
			bar_value_text(r, &c->scale, &b);
			r->value = fsr_xstrdup(b.buf);
			r->value_w = text_w(L, FSR_FONT_VALUE, r->value);
			any_ci |= isfinite(r->sum->ci_low);
			any_run = 1;
		}
		if (r->state != ROW_MISSING) {
			fsr_buf_reset(&b);
			bar_note_text(r, &b);
			r->note = fsr_xstrdup(b.buf);
		}
	}
	label_right = MARGIN + label_column(L, rows, n, rep);
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - c->plot_x;
	fsr_buf_reset(&b);
	bar_caption_text(res, &c->scale, &b);
	y = caption(L, c, c->plot_x, y + 6, b.buf) + 6;
	c->plot_y = y;
	y = place_rows(L, rows, n, y);
	c->plot_h = y - c->plot_y;
	/* No bar at all (every system failed or is missing): no axis. */
	c->has_axis = any_run;
	fit_value_axis(L, c, rows, n);
	if (any_run)
		bottom = draw_axis(L, c, value_tick_fmt, &c->scale);
	else
		bottom = c->plot_y + c->plot_h;
	for (i = 0; i < n; i++)
		bar_row_shapes(L, c, &rows[i], (long)i, label_right);
	fsr_buf_reset(&b);
	if (any_run) {
		fsr_buf_adds(&b, "Bar: mean of the runs. ");
		if (any_ci) {
			fsr_buf_adds(&b, "Whiskers: ");
			conf_text(&b, L->v->stats->confidence);
			fsr_buf_adds(&b, " confidence interval of the "
				     "mean. ");
		}
		fsr_buf_adds(&b, "Dots: the single runs. ");
		if (!any_ci)
			fsr_buf_adds(&b, "No interval: one run each. ");
	}
	fsr_buf_adds(&b, "N: runs, SE: standard error.");
	y = footnote(L, c, b.buf, bottom + 8);
	c->height = y + MARGIN;
	for (i = 0; i < n; i++) {
		lines_release(&rows[i].label);
		free(rows[i].note);
		free(rows[i].value);
	}
	free(rows);
	fsr_buf_release(&b);
}

/* ---------------------------------------------------- pass/fail, notes */

static void layout_passfail(struct lay *L, struct fsr_chart *c, size_t ri,
			    double y)
{
	const struct fsr_report *rep = L->v->report;
	const struct fsr_result *res = rep->results[ri];
	struct fsr_buf b = FSR_BUF_INIT;
	struct bar_row *rows;
	size_t n = rep->n_systems, i;
	double label_right, lh = line_h(L, FSR_FONT_LABEL);

	result_title(res, &b);
	y = heading(L, c, b.buf, res->description, y);
	rows = fsr_xcalloc(n ? n : 1, sizeof(*rows));
	for (i = 0; i < n; i++)
		rows[i].sys = i;
	label_right = MARGIN + label_column(L, rows, n, rep);
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - c->plot_x;
	y = caption(L, c, c->plot_x, y + 6, *res->unit ? res->unit :
			    "Pass / Fail") + 6;
	c->plot_y = y;
	for (i = 0; i < n; i++) {
		size_t ci = cell_index(res, i);
		const struct fsr_cell *cell = ci == SIZE_MAX ? NULL :
			&res->cells[ci];
		double h = (double)rows[i].label.n * lh;
		double rh = (h > BAR_MIN_H ? h : BAR_MIN_H) + ROW_GAP / 2;
		double mid = y + rh / 2, vh = line_h(L, FSR_FONT_VALUE);
		enum fsr_ink ink = FSR_INK_MISSING;
		const char *role = "missing";

		put_lines(L, c, "label", (long)i, FSR_FONT_LABEL,
			  FSR_INK_HEADING, label_right, mid - h / 2, AL_RIGHT,
			  &rows[i].label);
		fsr_buf_reset(&b);
		if (!cell) {
			fsr_buf_adds(&b, "no result");
		} else if (cell->stored && *cell->stored) {
			fsr_buf_adds(&b, cell->stored);
			role = "verdict";
			ink = !strcmp(cell->stored, "PASS") ? FSR_INK_BETTER :
			      !strcmp(cell->stored, "FAIL") ? FSR_INK_WORSE :
							      FSR_INK_TEXT;
		} else if (cell->n_failed) {
			fsr_buf_adds(&b, "failed");
			if (cell->fail_reason)
				fsr_buf_addf(&b, ": %s", cell->fail_reason);
			role = "failed";
			ink = FSR_INK_FAILED;
		} else {
			fsr_buf_addf(&b, "%zu entries pooled: no single "
				     "value", cell->n_stored);
		}
		{
			struct lines ls = { 0 };

			wrap(L, &ls, FSR_FONT_VALUE, b.buf, c->plot_w, 1);
			put_lines(L, c, role, (long)i, FSR_FONT_VALUE, ink,
				  c->plot_x, mid - vh / 2, AL_LEFT, &ls);
			lines_release(&ls);
		}
		y += rh;
	}
	c->plot_h = y - c->plot_y;
	c->height = y + MARGIN;
	for (i = 0; i < n; i++)
		lines_release(&rows[i].label);
	free(rows);
	fsr_buf_release(&b);
}

static void layout_note(struct lay *L, struct fsr_chart *c, const char *t,
			const char *sub, const char *note, double y)
{
	y = heading(L, c, t, sub, y);
	y = footnote(L, c, note, y + 6);
	c->height = y + MARGIN;
}

static void layout_result(struct lay *L, struct fsr_chart *c, size_t ri,
			  double y)
{
	const struct fsr_result *res = L->v->report->results[ri];
	struct fsr_buf t = FSR_BUF_INIT;

	c->result = (long)ri;
	switch (res->display) {
	case FSR_DISPLAY_BAR:
		c->kind = FSR_CHART_KIND_BARS;
		layout_bars(L, c, ri, y);
		break;
	case FSR_DISPLAY_PASSFAIL:
		c->kind = FSR_CHART_KIND_PASSFAIL;
		layout_passfail(L, c, ri, y);
		break;
	default:
		c->kind = FSR_CHART_KIND_NOTE;
		result_title(res, &t);
		layout_note(L, c, t.buf, res->description,
			    res->display == FSR_DISPLAY_LINE ?
				    "A line graph (one series per system): "
				    "not drawn as bars; the text report "
				    "lists it." :
				    "A result that is not a number: not "
				    "drawn; the text report lists it.", y);
		break;
	}
	fsr_buf_release(&t);
}

/* ------------------------------------------------------ change chart */

struct change_row {
	const struct fsr_compare_row *cr;     /* NULL: header or geomean */
	const struct fsr_geomean *geo;        /* geomean row */
	size_t result;                        /* header rows */
	size_t group;                         /* result group, from 1 */
	int header, marks;                    /* group header; has marks */
	struct lines label;
	struct lines sub;                     /* note lines under label */
	double delta, lo, hi;                 /* % */
	enum fsr_ink ink;
	char *value, *value2;                 /* right column */
	double top, h;
};

static enum fsr_ink verdict_ink(enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_BETTER:
		return FSR_INK_BETTER;
	case FSR_VERDICT_WORSE:
		return FSR_INK_WORSE;
	case FSR_VERDICT_SAME:
		return FSR_INK_SAME;
	default:
		return FSR_INK_NA;
	}
}

static void pct_text(struct fsr_buf *b, double x, int decimals)
{
	if (x > 0)
		fsr_buf_addc(b, '+');
	fsr_layout_number(b, x, decimals, "%");
}

static int pct_decimals(double x)
{
	return fabs(x) < 10 ? 2 : 1;
}

static void pct_tick_fmt(struct fsr_buf *b, double v,
			 const struct fsr_axis *a, const void *data)
{
	(void)data;
	if (v > 0)
		fsr_buf_addc(b, '+');
	fsr_layout_number(b, v, a->decimals, "%");
}

/* A ratio tick of a log axis: "times 2" for doubled, "divided by 2"
 * for halved, "times 1" for no change, with the signs themselves. */
static void ratio_tick_fmt(struct fsr_buf *b, double v,
			   const struct fsr_axis *a, const void *data)
{
	double r = pow(10, v);

	(void)a;
	(void)data;
	if (r >= 1 - 1e-9) {
		fsr_buf_adds(b, "\xc3\x97");
		fsr_layout_number(b, r, r < 10 && fabs(r - round(r)) > 1e-6 ?
					     1 : 0, "");
	} else {
		fsr_buf_adds(b, "\xc3\xb7");
		fsr_layout_number(b, 1 / r, 0, "");
	}
}

/* Where a change in % sits on the chart's axis. */
static double change_pos(const struct fsr_chart *c, double pct)
{
	return c->log_ratio ? log10(1 + pct / 100) : pct;
}

static const char *why_no_change(const struct fsr_compare_row *cr,
				  const struct fsr_result *res)
{
	if (res->display != FSR_DISPLAY_BAR ||
	    (cr->flags & FSR_ROW_NOT_NUMERIC))
		return "not numeric: no change";
	if (cr->flags & FSR_ROW_ZERO_BASE)
		return "baseline mean is 0: no change in %";
	if (!cr->base || !cr->other || !cr->base->n || !cr->other->n) {
		if ((cr->base && cr->base->n_failed) ||
		    (cr->other && cr->other->n_failed))
			return "failed runs on one side: no change";
		return "no data on one side: no change";
	}
	return "no change computed";
}

static void verdict_words(struct fsr_buf *b, enum fsr_verdict v)
{
	switch (v) {
	case FSR_VERDICT_BETTER:
		fsr_buf_adds(b, " better");
		break;
	case FSR_VERDICT_WORSE:
		fsr_buf_adds(b, " worse");
		break;
	case FSR_VERDICT_SAME:
		fsr_buf_adds(b, " same");
		break;
	default:
		break;
	}
}

static void interval_text(struct fsr_buf *b, double lo, double hi,
			  double conf)
{
	if (!isfinite(lo) || !isfinite(hi)) {
		fsr_buf_adds(b, "no interval");
		return;
	}
	conf_text(b, conf);
	fsr_buf_adds(b, ": ");
	pct_text(b, lo, pct_decimals(lo));
	fsr_buf_adds(b, " to ");
	pct_text(b, hi, pct_decimals(hi));
}

static void layout_changes(struct lay *L, struct fsr_chart *c, double y)
{
	const struct fsr_report *rep = L->v->report;
	const struct fsr_comparison *cmp = L->v->cmp;
	double conf = cmp->opts.confidence > 0 ? cmp->opts.confidence :
		L->v->stats->confidence;
	struct change_row *rows = NULL;
	size_t n = 0, cap = 0, i, j, n_sys = 0, groups = 0;
	struct fsr_buf b = FSR_BUF_INIT;
	double label_max = L->W * 0.40, col = 60, vcol = 0, lo, hi;
	double plo = 0, phi = 0;
	double lh = line_h(L, FSR_FONT_LABEL), nh = line_h(L, FSR_FONT_NOTE);
	double vh = line_h(L, FSR_FONT_VALUE), label_right, bottom;
	unsigned char *seen = fsr_xcalloc(rep->n_systems + 1, 1);

	c->kind = FSR_CHART_KIND_CHANGES;
	c->result = -1;
	for (i = 0; i < cmp->n_rows; i++)
		if (!seen[cmp->rows[i].sys]) {
			seen[cmp->rows[i].sys] = 1;
			n_sys++;
		}
	free(seen);
	fsr_buf_addf(&b, "Change against %s",
		     rep->systems[cmp->baseline].label);
	{
		struct fsr_buf s = FSR_BUF_INIT;

		fsr_buf_adds(&s, "The mean of each result relative to the "
			     "baseline's, with the ");
		conf_text(&s, conf);
		fsr_buf_adds(&s, " confidence interval of the change");
		y = heading(L, c, b.buf, s.buf, y);
		fsr_buf_release(&s);
	}
	/* Rows: a result with one compared system is one row; with several,
	 * a header row and then a row per system. */
	for (i = 0; i < cmp->n_rows; i = j) {
		const struct fsr_compare_row *cr = &cmp->rows[i];
		const struct fsr_result *res = rep->results[cr->result];
		struct change_row *h;

		for (j = i; j < cmp->n_rows &&
			    cmp->rows[j].result == cr->result; j++)
			;
		FSR_GROW(rows, cap, n + 1 + (j - i));
		h = &rows[n++];
		memset(h, 0, sizeof(*h));
		h->header = 1;
		h->result = cr->result;
		h->group = ++groups;
		/* The description tells results of one test apart, so it
		 * is the bold line; the test and unit go under it. */
		fsr_buf_reset(&b);
		if (*res->description) {
			wrap(L, &h->label, FSR_FONT_LABEL, res->description,
			     label_max, 2);
			result_title(res, &b);
		} else {
			result_title(res, &b);
			wrap(L, &h->label, FSR_FONT_LABEL, b.buf, label_max,
			     2);
			fsr_buf_reset(&b);
		}
		if (*res->unit) {
			fsr_buf_adds(&b, b.len ? " \xc2\xb7 " : "");
			fsr_buf_adds(&b, res->unit);
			if (res->better != FSR_BETTER_UNKNOWN)
				fsr_buf_adds(&b, res->better ==
						 FSR_BETTER_HIGHER ?
						 ", more is better" :
						 ", fewer is better");
		}
		if (b.len)
			wrap(L, &h->sub, FSR_FONT_NOTE, b.buf, label_max, 2);
		for (; i < j; i++) {
			const struct fsr_compare_row *x = &cmp->rows[i];
			struct change_row *r;

			if (n_sys == 1) {
				r = h;
			} else {
				r = &rows[n++];
				memset(r, 0, sizeof(*r));
				r->group = groups;
				wrap(L, &r->label, FSR_FONT_LABEL,
				     rep->systems[x->sys].label, label_max,
				     1);
			}
			r->header = 0;
			r->cr = x;
			r->delta = x->delta_pct;
			r->lo = x->ci_low_pct;
			r->hi = x->ci_high_pct;
			r->marks = isfinite(r->delta);
			r->ink = verdict_ink(x->verdict);
			fsr_buf_reset(&b);
			if (r->marks) {
				pct_text(&b, r->delta, 2);
				verdict_words(&b, x->verdict);
			} else {
				fsr_buf_adds(&b, why_no_change(x, res));
			}
			r->value = fsr_xstrdup(b.buf);
			fsr_buf_reset(&b);
			if (r->marks)
				interval_text(&b, r->lo, r->hi, conf);
			r->value2 = fsr_xstrdup(b.buf);
		}
	}
	/* The geometric mean of each compared system. */
	if (cmp->n_rows) {
		size_t k, ng = cmp->n_geo ? cmp->n_geo : 1;

		FSR_GROW(rows, cap, n + ng);
		for (k = 0; k < ng; k++) {
			const struct fsr_geomean *g = cmp->n_geo ?
				&cmp->geo[k] : NULL;
			struct change_row *r = &rows[n++];

			memset(r, 0, sizeof(*r));
			r->geo = g;
			wrap(L, &r->label, FSR_FONT_LABEL, "Geometric mean",
			     label_max, 1);
			fsr_buf_reset(&b);
			if (g && (cmp->n_geo > 1 || n_sys > 1))
				fsr_buf_addf(&b, "%s, ",
					     rep->systems[g->sys].label);
			if (g)
				fsr_buf_addf(&b, "%zu result%s, ", g->k,
					     g->k == 1 ? "" : "s");
			fsr_buf_adds(&b, "+ is better for every result");
			wrap(L, &r->sub, FSR_FONT_NOTE, b.buf, label_max, 2);
			r->delta = g ? (g->ratio - 1) * 100 : NAN;
			r->lo = g ? (g->ci_low - 1) * 100 : NAN;
			r->hi = g ? (g->ci_high - 1) * 100 : NAN;
			r->marks = isfinite(r->delta);
			r->ink = !isfinite(r->lo) || !isfinite(r->hi) ?
				FSR_INK_NA : r->lo > 0 ? FSR_INK_BETTER :
				r->hi < 0 ? FSR_INK_WORSE : FSR_INK_SAME;
			fsr_buf_reset(&b);
			if (r->marks)
				pct_text(&b, r->delta, 2);
			else
				fsr_buf_adds(&b, "not available");
			r->value = fsr_xstrdup(b.buf);
			fsr_buf_reset(&b);
			if (r->marks)
				interval_text(&b, r->lo, r->hi, conf);
			r->value2 = fsr_xstrdup(b.buf);
		}
	}
	/* Columns. */
	for (i = 0; i < n; i++) {
		double w = lines_w(L, &rows[i].label, FSR_FONT_LABEL);

		if (w > col)
			col = w;
		w = lines_w(L, &rows[i].sub, FSR_FONT_NOTE);
		if (w > col)
			col = w;
		if (rows[i].value && rows[i].marks) {
			w = text_w(L, FSR_FONT_VALUE, rows[i].value);
			if (w > vcol)
				vcol = w;
			w = text_w(L, FSR_FONT_NOTE, rows[i].value2);
			if (w > vcol)
				vcol = w;
		}
		if (rows[i].marks) {
			if (rows[i].delta < plo)
				plo = rows[i].delta;
			if (rows[i].delta > phi)
				phi = rows[i].delta;
		}
	}
	/* Changes over a wide range of ratios go on a log axis, where a
	 * halving and a doubling are as far from "no change". Interval ends
	 * at -100 % or below have no place there: they are cut at the
	 * axis's end and marked. */
	c->log_ratio = 1 + plo / 100 > 0 &&
		       (1 + phi / 100 >= 5 || 1 + plo / 100 <= 0.2);
	lo = plo;
	hi = phi;
	for (i = 0; i < n; i++) {
		double v[2] = { rows[i].lo, rows[i].hi };
		size_t k;

		if (!rows[i].marks)
			continue;
		for (k = 0; k < 2; k++) {
			if (!isfinite(v[k]) ||
			    (c->log_ratio && !(1 + v[k] / 100 > 0)))
				continue;
			if (v[k] < lo)
				lo = v[k];
			if (v[k] > hi)
				hi = v[k];
		}
	}
	label_right = MARGIN + col;
	c->plot_x = label_right + COL_GAP;
	c->plot_w = L->W - MARGIN - (vcol > 0 ? vcol + COL_GAP : 0) -
		c->plot_x;
	if (c->plot_w < L->W * 0.2)
		c->plot_w = L->W * 0.2;
	fsr_buf_reset(&b);
	if (c->log_ratio)
		fsr_buf_addf(&b, "Change against %s, as a ratio (log scale)",
			     rep->systems[cmp->baseline].label);
	else
		fsr_buf_addf(&b, "Change in %%, against %s",
			     rep->systems[cmp->baseline].label);
	y = caption(L, c, c->plot_x, y + 6, b.buf) + 6;
	c->plot_y = y;
	for (i = 0; i < n; i++) {
		struct change_row *r = &rows[i];
		double block = (double)r->label.n * lh +
			(double)r->sub.n * nh + (r->sub.n ? 1 : 0);
		double vblock = r->marks ? vh + nh : vh;

		r->h = (block > vblock ? block : vblock) + 8;
		if (r->h < 20)
			r->h = 20;
		r->top = y;
		y += r->h;
	}
	c->plot_h = y - c->plot_y;
	c->has_axis = 1;
	if (c->log_ratio) {
		int dens;

		for (dens = 0; dens < 8; dens++)
			if (fsr_axis_log_ticks(1 + lo / 100, 1 + hi / 100, dens,
					       &c->axis) &&
			    ticks_fit(L, &c->axis, c->plot_w, ratio_tick_fmt,
				      NULL))
				break;
	} else {
		static const int targets[] = { 4, 5, 6, 7, 8, 10, 3, 2 };
		struct fsr_axis best;
		double best_cover = -1;
		size_t t;

		memset(&best, 0, sizeof(best));
		if (hi == lo)
			hi = lo + 1;
		for (t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
			double cover;

			if (targets[t] < 4 && best_cover >= 0)
				break;
			fsr_axis_ticks(lo, hi, targets[t], &c->axis);
			if (!ticks_fit(L, &c->axis, c->plot_w, pct_tick_fmt,
				       NULL))
				continue;
			cover = (hi - lo) / (c->axis.hi - c->axis.lo);
			if (cover > best_cover + 1e-9) {
				best_cover = cover;
				best = c->axis;
			}
		}
		if (best_cover >= 0)
			c->axis = best;
	}
	/* Bands behind alternate result groups, and a rule above the
	 * geometric mean. */
	for (i = 0; i < n; i++) {
		if (rows[i].geo && (i == 0 || !rows[i - 1].geo))
			add_line(c, "rule", -1, FSR_INK_AXIS, MARGIN,
				 rows[i].top, L->W - MARGIN, rows[i].top, 1,
				 0);
		else if (!rows[i].geo && rows[i].group % 2 == 0)
			add_rect(c, "band", (long)i, FSR_INK_BAND,
				 FSR_INK_NONE, MARGIN, rows[i].top,
				 L->W - 2 * MARGIN, rows[i].h);
	}
	bottom = draw_axis(L, c, c->log_ratio ? ratio_tick_fmt : pct_tick_fmt,
			   NULL);
	for (i = 0; i < n; i++) {
		struct change_row *r = &rows[i];
		double mid = r->top + r->h / 2, block, yy;
		double sc = c->plot_w / (c->axis.hi - c->axis.lo);
		double vx = c->plot_x + c->plot_w + COL_GAP;
#define CX(v) (c->plot_x + (change_pos(c, v) - c->axis.lo) * sc)

		block = (double)r->label.n * lh +
			(double)r->sub.n * nh + (r->sub.n ? 1 : 0);
		yy = put_lines(L, c, r->header ? "group" : "label", (long)i,
			       FSR_FONT_LABEL, FSR_INK_HEADING, label_right,
			       mid - block / 2, AL_RIGHT, &r->label);
		put_lines(L, c, "note", (long)i, FSR_FONT_NOTE, FSR_INK_TEXT,
			  label_right, yy + 1, AL_RIGHT, &r->sub);
		if (!r->value)
			continue;
		if (!r->marks) {
			struct lines ls = { 0 };

			wrap(L, &ls, FSR_FONT_VALUE, r->value,
			     L->W - MARGIN - c->plot_x, 1);
			put_lines(L, c, "no-change", (long)i, FSR_FONT_VALUE,
				  FSR_INK_MISSING, c->plot_x + 4,
				  mid - vh / 2, AL_LEFT, &ls);
			lines_release(&ls);
			continue;
		}
		if (isfinite(r->lo) && isfinite(r->hi)) {
			double x0 = c->plot_x, x1 = c->plot_x + c->plot_w;
			double l = c->log_ratio && !(1 + r->lo / 100 > 0) ?
				x0 - 1 : CX(r->lo);
			double h = CX(r->hi);
			struct fsr_shape *s;

			add_line(c, "interval", (long)i, r->ink,
				 l < x0 ? x0 : l, mid, h > x1 ? x1 : h, mid,
				 2, 0);
			if (l >= x0 - 0.01) {
				add_line(c, "interval", (long)i, r->ink, l,
					 mid - 4, l, mid + 4, 2, 0);
			} else {
				s = add_shape(c, FSR_SHAPE_ARROW,
					      "interval-cut", (long)i, r->ink);
				s->x = x0 + 6;
				s->y = mid - 4;
				s->w = -6;
				s->h = 8;
			}
			if (h <= x1 + 0.01) {
				add_line(c, "interval", (long)i, r->ink, h,
					 mid - 4, h, mid + 4, 2, 0);
			} else {
				s = add_shape(c, FSR_SHAPE_ARROW,
					      "interval-cut", (long)i, r->ink);
				s->x = x1 - 6;
				s->y = mid - 4;
				s->w = 6;
				s->h = 8;
			}
		}
		if (r->geo) {
			struct fsr_shape *s = add_shape(c, FSR_SHAPE_DIAMOND,
							"geomean", (long)i,
							r->ink);

			s->edge = FSR_INK_WHISKER;
			s->x = CX(r->delta) - 6;
			s->y = mid - 6;
			s->w = 12;
			s->h = 12;
		} else {
			add_dot(c, "change", (long)i, r->ink, FSR_INK_WHISKER,
				CX(r->delta), mid, 4.5);
		}
		/* Light grey marks an untested dot; its text stays
		 * readable. */
		add_text(L, c, "value", (long)i, FSR_FONT_VALUE,
			 r->ink == FSR_INK_NA ? FSR_INK_MISSING : r->ink, vx,
			 mid - (vh + nh) / 2, AL_LEFT, r->value);
		add_text(L, c, "interval-text", (long)i, FSR_FONT_NOTE,
			 FSR_INK_TEXT, vx, mid - (vh + nh) / 2 + vh, AL_LEFT,
			 r->value2);
#undef CX
	}
	/* Legend: what the colours mean, never colour alone. */
	y = bottom + 8;
	{
		static const struct {
			enum fsr_ink ink;
			const char *text;
		} items[] = {
			{ FSR_INK_BETTER, "better" },
			{ FSR_INK_WORSE, "worse" },
			{ FSR_INK_SAME, "no significant change" },
			{ FSR_INK_NA, "not tested" },
		};
		double x = MARGIN, th = line_h(L, FSR_FONT_NOTE);

		for (i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
			double w = text_w(L, FSR_FONT_NOTE, items[i].text);
			size_t k;

			for (k = 0; k < n; k++)
				if (rows[k].marks && rows[k].ink ==
						     items[i].ink)
					break;
			if (k == n)
				continue;

			if (x + 12 + w > L->W - MARGIN) {
				x = MARGIN;
				y += th + 2;
			}
			add_dot(c, "legend-mark", -1, items[i].ink,
				FSR_INK_WHISKER, x + 4, y + th / 2, 4);
			add_text(L, c, "legend", -1, FSR_FONT_NOTE,
				 FSR_INK_TEXT, x + 11, y, AL_LEFT,
				 items[i].text);
			x += 11 + w + 14;
		}
		y += th + 4;
	}
	fsr_buf_reset(&b);
	fsr_buf_adds(&b, "Dot: change of the mean, 100 (mean / baseline "
		     "mean - 1); line: its confidence interval. The "
		     "geometric mean turns every result so that + is "
		     "better.");
	/* Why a grey dot's interval may miss zero: the verdict uses the
	 * corrected p and the smallest change worth a verdict. */
	if (cmp->n_rows > 1 && cmp->opts.adjust != FSR_ADJUST_NONE)
		fsr_buf_addf(&b, " Verdicts use p values corrected for %zu "
			     "comparisons (%s) and need a change of at least "
			     "%g%%; the intervals are not corrected.",
			     cmp->n_rows, cmp->opts.adjust == FSR_ADJUST_BH ?
			     "Benjamini-Hochberg" : "Holm",
			     cmp->opts.min_change);
	for (i = 0; i < n; i++)
		if (rows[i].marks && rows[i].cr &&
		    (rows[i].cr->flags & FSR_ROW_FEW_CI))
			break;
	if (i < n)
		fsr_buf_adds(&b, " No interval: fewer than 2 runs on a side.");
	for (i = 0; i < c->n_shapes; i++)
		if (!strcmp(c->shapes[i].role, "interval-cut"))
			break;
	if (i < c->n_shapes)
		fsr_buf_adds(&b, " An arrow: the interval goes on past the "
			     "axis.");
	if (c->log_ratio)
		fsr_buf_adds(&b, " The axis is logarithmic: a halving "
			     "(\xc3\xb7" "2) is as far from no change (\xc3\x97" "1) as "
			     "a doubling (\xc3\x97" "2).");
	if (cmp->n_only_base)
		fsr_buf_addf(&b, " %zu result%s only in the baseline.",
			     cmp->n_only_base, cmp->n_only_base == 1 ? "" :
								    "s");
	if (cmp->n_only_other)
		fsr_buf_addf(&b, " %zu result%s not in the baseline.",
			     cmp->n_only_other, cmp->n_only_other == 1 ?
							"" : "s");
	if (!cmp->n_rows)
		fsr_buf_adds(&b, " No result was measured on both sides.");
	y = footnote(L, c, b.buf, y);
	c->height = y + MARGIN;
	for (i = 0; i < n; i++) {
		lines_release(&rows[i].label);
		lines_release(&rows[i].sub);
		free(rows[i].value);
		free(rows[i].value2);
	}
	free(rows);
	fsr_buf_release(&b);
}

/* ------------------------------------------------------------ page */

static struct fsr_chart *new_chart(struct fsr_page *p)
{
	struct fsr_chart *c;

	FSR_GROW(p->charts, p->cap_charts, p->n_charts + 1);
	c = &p->charts[p->n_charts++];
	memset(c, 0, sizeof(*c));
	c->result = -1;
	c->width = p->width;
	c->scale.div = 1;
	return c;
}

int fsr_layout_page(const struct fsr_view *v,
		    const struct fsr_layout_opts *lo, fsr_measure_fn measure,
		    void *mctx, struct fsr_page *p, struct fsr_diag *d)
{
	struct lay L;
	size_t i;
	double y;

	memset(p, 0, sizeof(*p));
	L.v = v;
	L.measure = measure;
	L.mctx = mctx;
	L.W = lo->width > 0 ? lo->width : DEFAULT_WIDTH;
	p->width = L.W;
	switch (lo->part) {
	case FSR_CHART_RESULT:
		if (lo->result >= v->report->n_results)
			return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
					    "no result %zu to chart",
					    lo->result + 1);
		layout_result(&L, new_chart(p), lo->result, MARGIN);
		break;
	case FSR_CHART_CHANGE:
		if (!v->cmp)
			return fsr_diag_set(d, FSR_EUSAGE, NULL, 0, 0,
					    "a change chart needs compare");
		layout_changes(&L, new_chart(p), MARGIN);
		break;
	default:
		for (i = 0; i < v->report->n_results; i++) {
			struct fsr_chart *c = new_chart(p);

			if (i)
				add_line(c, "separator", -1, FSR_INK_GRID,
					 MARGIN, 0.5, L.W - MARGIN, 0.5, 1,
					 0);
			layout_result(&L, c, i, MARGIN);
		}
		if (v->cmp) {
			struct fsr_chart *c = new_chart(p);

			if (p->n_charts > 1)
				add_line(c, "separator", -1, FSR_INK_AXIS,
					 0, 0.5, L.W, 0.5, 2, 0);
			layout_changes(&L, c, MARGIN);
		}
		if (!p->n_charts)
			layout_note(&L, new_chart(p), "No results",
				    NULL, "There is nothing to draw.",
				    MARGIN);
		break;
	}
	y = 0;
	for (i = 0; i < p->n_charts; i++) {
		p->charts[i].y0 = y;
		y += p->charts[i].height;
	}
	p->height = ceil(y);
	return 0;
}

void fsr_page_release(struct fsr_page *p)
{
	size_t i, j;

	for (i = 0; i < p->n_charts; i++) {
		struct fsr_chart *c = &p->charts[i];

		for (j = 0; j < c->n_shapes; j++)
			free(c->shapes[j].text);
		free(c->shapes);
	}
	free(p->charts);
	memset(p, 0, sizeof(*p));
}

/* ------------------------------------------------------------ dump */

static void dump_num(struct fsr_buf *b, const char *name, double x)
{
	fsr_buf_addf(b, " %s=", name);
	fsr_buf_add_fixed(b, x, 1);
}

void fsr_layout_dump(const struct fsr_page *p, struct fsr_buf *out)
{
	static const char *const kinds[] = { "text", "rect", "line", "dot",
					     "arrow", "diamond" };
	static const char *const chart_kinds[] = { "bars", "passfail",
						   "note", "changes" };
	size_t i, j;

	fsr_buf_adds(out, "page");
	dump_num(out, "w", p->width);
	dump_num(out, "h", p->height);
	fsr_buf_addf(out, " charts=%zu\n", p->n_charts);
	for (i = 0; i < p->n_charts; i++) {
		const struct fsr_chart *c = &p->charts[i];

		fsr_buf_addf(out, "chart %zu %s", i + 1,
			     chart_kinds[c->kind]);
		if (c->result >= 0)
			fsr_buf_addf(out, " result=%ld", c->result + 1);
		dump_num(out, "y0", c->y0);
		dump_num(out, "w", c->width);
		dump_num(out, "h", c->height);
		fsr_buf_adds(out, "\n");
		if (c->has_axis) {
			fsr_buf_adds(out, "  axis lo=");
			fsr_buf_add_double(out, c->axis.lo);
			fsr_buf_adds(out, " hi=");
			fsr_buf_add_double(out, c->axis.hi);
			fsr_buf_adds(out, " step=");
			fsr_buf_add_double(out, c->axis.step);
			fsr_buf_adds(out, " ticks=");
			for (j = 0; j < c->axis.n_ticks; j++) {
				if (j)
					fsr_buf_addc(out, ',');
				fsr_buf_add_double(out, c->axis.ticks[j]);
			}
			if (c->log_ratio)
				fsr_buf_adds(out, " log-ratio");
			fsr_buf_addf(out, " unit=\"%s\" div=", c->scale.unit);
			fsr_buf_add_double(out, c->scale.div);
			fsr_buf_addf(out, " suffix=\"%s\"\n", c->scale.suffix);
			fsr_buf_adds(out, "  plot");
			dump_num(out, "x", c->plot_x);
			dump_num(out, "y", c->plot_y);
			dump_num(out, "w", c->plot_w);
			dump_num(out, "h", c->plot_h);
			fsr_buf_adds(out, "\n");
		}
		for (j = 0; j < c->n_shapes; j++) {
			const struct fsr_shape *s = &c->shapes[j];

			fsr_buf_addf(out, "  %s %s", kinds[s->kind], s->role);
			if (s->row >= 0)
				fsr_buf_addf(out, " row=%ld", s->row + 1);
			fsr_buf_addf(out, " ink=%s", fsr_ink_name(s->ink));
			if (s->edge != FSR_INK_NONE)
				fsr_buf_addf(out, " edge=%s",
					     fsr_ink_name(s->edge));
			dump_num(out, "x", s->x);
			dump_num(out, "y", s->y);
			if (s->kind == FSR_SHAPE_DOT) {
				dump_num(out, "r", s->w);
			} else {
				dump_num(out, "w", s->w);
				dump_num(out, "h", s->h);
			}
			if (s->kind == FSR_SHAPE_LINE)
				dump_num(out, "lw", s->lw);
			if (s->dashed)
				fsr_buf_adds(out, " dashed");
			if (s->kind == FSR_SHAPE_TEXT)
				fsr_buf_addf(out, " font=%s \"%s\"",
					     fsr_font_specs[s->font].name,
					     s->text);
			fsr_buf_adds(out, "\n");
		}
	}
}
