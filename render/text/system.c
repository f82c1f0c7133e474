/*
 * system.c - the system table: what is known of each system, from PTS's
 * <Hardware> and <Software> (fsr_system.hw, .sw) and from the run
 * folder's system.txt and --note (fsr_system.info, cli/system.c). The
 * rows every system shares are stated once, the rows that differ (or
 * are known of some systems only) are marked, as LKP's comparison
 * header does. html.c writes the same table as HTML and Markdown.
 *
 *	System (* differs between the systems)
 *
 *	  Processor: Intel Core i7-8700K @ 4.70GHz (6 Cores / 12 Threads)
 *	* Mount options:
 *	      Defaults: rw,relatime
 *	      nobarrier: rw,relatime,nobarrier
 */
#include "../render.h"
#include "../render-internal.h"
#include "../charts/layout.h"
#include "../../lib/alloc.h"

#include <stdlib.h>
#include <string.h>

/* The attributes of a PTS <System> (its <Notes> and <JSON>, in
 * fsr_system.meta) that say how a storage system was set up. */
static const char *const pts_meta[] = {
	"disk-scheduler", "disk-mount-options", "disk-details",
	"kernel-parameters", "cpu-scaling-governor", "notes",
};
#define N_PTS_META (sizeof(pts_meta) / sizeof(pts_meta[0]))

/* The value of key for system s: system.txt and --note over PTS. */
static const char *value_of(const struct fsr_system *s, const char *key)
{
	const char *v = fsr_kvlist_get(&s->info, key);
	size_t i;

	if (!v)
		v = fsr_kvlist_get(&s->hw, key);
	if (!v)
		v = fsr_kvlist_get(&s->sw, key);
	for (i = 0; !v && i < N_PTS_META; i++)
		if (!strcmp(key, pts_meta[i]))
			v = fsr_kvlist_get(&s->meta, key);
	return v && *v ? v : NULL;
}

static void add_keys(struct fsr_systable *t, const struct fsr_kvlist *l,
		     size_t *cap)
{
	size_t i, k;

	for (i = 0; i < l->n; i++) {
		for (k = 0; k < t->n_rows; k++)
			if (!strcmp(t->rows[k].key, l->items[i].key))
				break;
		if (k < t->n_rows || !*l->items[i].key ||
		    !*l->items[i].value)
			continue;
		FSR_GROW(t->rows, *cap, t->n_rows + 1);
		memset(&t->rows[t->n_rows], 0, sizeof(t->rows[0]));
		t->rows[t->n_rows++].key = l->items[i].key;
	}
}

/* The PTS attributes of pts_meta that s has, as rows. */
static void add_meta_keys(struct fsr_systable *t, const struct fsr_system *s,
			  size_t *cap)
{
	struct fsr_kvlist l = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < N_PTS_META; i++) {
		const char *v = fsr_kvlist_get(&s->meta, pts_meta[i]);

		if (v && *v) {
			FSR_GROW(l.items, l.cap, l.n + 1);
			l.items[l.n].key = (char *)pts_meta[i];
			l.items[l.n++].value = (char *)v;
		}
	}
	add_keys(t, &l, cap);
	free(l.items);
}

size_t fsr_systable_build(const struct fsr_report *r, struct fsr_systable *t)
{
	size_t cap = 0, i, k;

	memset(t, 0, sizeof(*t));
	t->n_systems = r->n_systems;
	t->labels = fsr_xcalloc(r->n_systems ? r->n_systems : 1,
				sizeof(*t->labels));
	for (i = 0; i < r->n_systems; i++) {
		t->labels[i] = r->systems[i].label;
		add_keys(t, &r->systems[i].hw, &cap);
		add_keys(t, &r->systems[i].sw, &cap);
		add_meta_keys(t, &r->systems[i], &cap);
		add_keys(t, &r->systems[i].info, &cap);
	}
	for (k = 0; k < t->n_rows; k++) {
		struct fsr_sysrow *row = &t->rows[k];

		row->values = fsr_xcalloc(r->n_systems, sizeof(*row->values));
		for (i = 0; i < r->n_systems; i++) {
			row->values[i] = value_of(&r->systems[i], row->key);
			if (!row->values[i] ||
			    strcmp(row->values[i], row->values[0] ?
				   row->values[0] : ""))
				row->differs = 1;
		}
		if (row->differs)
			t->n_differs++;
	}
	return t->n_rows;
}

void fsr_systable_release(struct fsr_systable *t)
{
	size_t k;

	for (k = 0; k < t->n_rows; k++)
		free(t->rows[k].values);
	free(t->rows);
	free(t->labels);
	memset(t, 0, sizeof(*t));
}

/* "KEY: VALUE" at indent, wrapped at width under the value; the value
 * on lines of its own when the key leaves it under TEXT_PAIR_ROOM. */
#define TEXT_PAIR_ROOM 16

static void text_pair(struct fsr_sink *out, size_t indent, const char *key,
		      const char *value, size_t width)
{
	struct fsr_buf line = FSR_BUF_INIT;
	char **lines = NULL;
	size_t n = 0, cap = 0, i, head, room;

	fsr_buf_addch_n(&line, ' ', indent);
	fsr_buf_addf(&line, "%s: ", key);
	head = fsr_utf8_width(line.buf);
	if (width < head + TEXT_PAIR_ROOM) {
		/* a narrow width: the key on a line of its own, the value
		 * under it, two columns in */
		while (line.len && line.buf[line.len - 1] == ' ')
			line.buf[--line.len] = 0;
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
		fsr_buf_reset(&line);
		head = indent + 2;
		fsr_buf_addch_n(&line, ' ', head);
	}
	room = width > head + TEXT_PAIR_ROOM ? width - head : TEXT_PAIR_ROOM;
	fsr_wrap_words(value ? value : "(not known)", room, &lines, &n, &cap);
	for (i = 0; i < n; i++) {
		if (i) {
			fsr_buf_reset(&line);
			fsr_buf_addch_n(&line, ' ', head);
		}
		fsr_buf_adds(&line, lines[i]);
		fsr_buf_addc(&line, '\n');
		fsr_sink_putbuf(out, &line);
		free(lines[i]);
	}
	free(lines);
	fsr_buf_release(&line);
}

void fsr_render_systems_text(const struct fsr_report *r, int width,
			     struct fsr_sink *out)
{
	struct fsr_systable t;
	size_t k, i, w = width > 0 ? (size_t)width : 80;

	if (!fsr_systable_build(r, &t)) {
		fsr_systable_release(&t);
		return;
	}
	fsr_sink_puts(out, t.n_systems > 1 ? "\nSystems" : "\nSystem");
	fsr_sink_puts(out, t.n_differs ? " (* differs between the systems)"
		      "\n\n" : "\n\n");
	/* The shared rows once, then each differing row per system. */
	for (k = 0; k < t.n_rows; k++)
		if (!t.rows[k].differs)
			text_pair(out, 2, t.rows[k].key, t.rows[k].values[0],
				  w);
	for (k = 0; k < t.n_rows; k++) {
		if (!t.rows[k].differs)
			continue;
		fsr_sink_printf(out, "* %s:\n", t.rows[k].key);
		for (i = 0; i < t.n_systems; i++)
			text_pair(out, 6, t.labels[i], t.rows[k].values[i], w);
	}
	fsr_systable_release(&t);
}
