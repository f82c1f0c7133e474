/*
 * html.c - the pages of "fsreport report": index.html (--format html) and
 * index.md.
 *
 * index.html is one self-contained file: its style sheet and every chart
 * (the SVG of chart.c) are inline, nothing is fetched, it opens from
 * disk. Headings, the summary table and the text report are real text.
 * Each inline SVG gets its ids prefixed ("c3-glyph-0-1"), since Cairo
 * numbers glyphs and clip paths from 0 in every file and one HTML page
 * holds them all.
 *
 *	<h1>title</h1> <p>subtitle</p>
 *	<section id="summary">  the table of table.c
 *	<section id="charts">   <figure>: the overview (compare), one per
 *	                        result, the change chart (compare)
 *	<section id="report">   the text report in <pre>
 *
 * index.md is the same page as GitHub Markdown, its charts beside it as
 * files (the names cli/ gives; PNG shown, linked to the SVG).
 */
#include "../render.h"
#include "../render-internal.h"
#include "../trend.h"
#include "../charts/layout.h"
#include "../../lib/alloc.h"
#include "../vocab.h"
#include "../text/compare_notes.h"
#include "../../view/view.h"
#include "../../view/notes.h"

#include <libxml/entities.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char style[] =
	"body{margin:0;background:#fff;color:#231f20;"
	"font:16px/1.45 'DejaVu Sans',Helvetica,Arial,sans-serif}"
	"main{max-width:1180px;margin:0 auto;padding:24px 16px}"
	"h1{font-size:1.8em;margin:0 0 .2em}"
	"h2{font-size:1.3em;margin:1.6em 0 .6em;border-bottom:1px solid #c4c4c4}"
	".subtitle{color:#5c5c5c;margin:0 0 1em}"
	"tr.groups th.group{text-align:center;border-left:2px solid #c4c4c4;"
	"border-bottom:1px solid #c4c4c4}"
	/* --group's table: the Type column stays in view as it scrolls */
	"table.grouped td:first-child,table.grouped tr:last-child "
	"th:first-child{position:sticky;left:0;background:#fff;z-index:1}"
	"@media (max-width:600px){table.grouped td:first-child{"
	"min-width:9em;max-width:9em;overflow-wrap:anywhere}}"
	".notice{background:#fff4d6;border-left:4px solid #e69f00;"
	"padding:.5em .8em;margin:0 0 1em}"
	"table{border-collapse:collapse;font-size:.85em;margin:.5em 0}"
	"th,td{padding:.2em .6em;border-bottom:1px solid #e0e0e0;"
	"text-align:left;vertical-align:top}"
	"td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}"
	"td.num{white-space:nowrap}"
	/* a box that scrolls sideways shows a shadow at the edge with
	 * more to see (none at either end): the cue without JavaScript */
	".scroll,div.wide{background:linear-gradient(to right,#fff 40%,"
	"rgba(255,255,255,0)) 0 0/3em 100% no-repeat local,"
	"linear-gradient(to left,#fff 40%,rgba(255,255,255,0)) 100% 0/3em "
	"100% no-repeat local,linear-gradient(to right,rgba(0,0,0,.2),"
	"rgba(0,0,0,0)) 0 0/1em 100% no-repeat scroll,linear-gradient(to "
	"left,rgba(0,0,0,.2),rgba(0,0,0,0)) 100% 0/1em 100% no-repeat "
	"scroll}"
	".cue{color:#5c5c5c;font-size:.85em;margin:.3em 0}"
	"figure{margin:1.2em 0}figure svg,figure img{max-width:100%;"
	"height:auto}img.lazy{min-height:300px;object-fit:contain;"
	"background:#f3f5f7}"
	"figcaption,.legend{color:#5c5c5c;font-size:.85em}"
	"tr.differs td{background:#fff4d6}div.wide{overflow-x:auto}"
	"pre{font-size:.75em;overflow-x:auto;background:#f3f5f7;"
	"padding:.8em}"
	/* the text report's box: the shadow at an edge with more to see,
	 * on its own grey */
	"#report pre{background:linear-gradient(to right,#f3f5f7 40%,"
	"rgba(243,245,247,0)) 0 0/3em 100% no-repeat local,linear-gradient("
	"to left,#f3f5f7 40%,rgba(243,245,247,0)) 100% 0/3em 100% no-repeat "
	"local,linear-gradient(to right,rgba(0,0,0,.2),rgba(0,0,0,0)) 0 0/"
	"1em 100% no-repeat scroll,linear-gradient(to left,rgba(0,0,0,.2),"
	"rgba(0,0,0,0)) 100% 0/1em 100% no-repeat scroll #f3f5f7}"
	/* the summary: OpenBenchmarking's result table, a row per result
	 * and a column per system; it scrolls in its own box (never the
	 * page), its headings and result names stay in view */
	".scroll{overflow:auto;max-width:100%;width:fit-content;"
	"max-height:85vh;border:1px solid #e0e0e0}"
	".scroll table{margin:0}"
	/* five systems of long labels fit 1180 px: a system's heading
	 * wraps at its spaces, a cell's parts (value, change, interval,
	 * verdict, p) each stay whole and go onto lines of their own only
	 * where the column is narrow */
	"table.ob thead th{position:sticky;top:0;z-index:2;background:#fff;"
	"box-shadow:0 1px #c4c4c4;vertical-align:bottom}"
	"#results td.num{white-space:normal}"
	"#results td.num span{white-space:nowrap}"
	".sort-p{font:inherit;font-size:.85em;line-height:1.2;"
	"padding:0 .35em;margin:0;border:1px solid #8a8a8a;"
	"border-radius:3px;background:#fff;color:inherit;cursor:pointer}"
	".sort-p[aria-pressed=true]{background:#231f20;color:#fff}"
	"#results thead th{cursor:pointer}"
	"table.ob .name{min-width:12em;max-width:22em;"
	"overflow-wrap:anywhere}"
	"table.ob td.name{position:sticky;left:0;z-index:1;background:#fff}"
	/* the name column's heading wraps as its cells do (a baseline's
	 * long label, "Against ...", in a phone's 11em) */
	"table.ob thead th.name{left:0;z-index:3;white-space:normal}"
	"table.ob td.num{line-height:1.25}"
	"table.ob a{color:inherit}"
	".chg{font-weight:bold}.ci,.vd,.p{color:#5c5c5c;font-size:.85em}"
	".v-better{color:#007a5a}.v-worse{color:#b84a00}"
	".sw{display:inline-block;width:.8em;height:.8em;margin-right:.35em;"
	"border:1px solid #4a4a4a;vertical-align:-.05em}"
	"th[aria-sort=ascending]:after{content:' \\25b2'}"
	"th[aria-sort=descending]:after{content:' \\25bc'}"
	".controls{margin:.4em 0;font-size:.9em}"
	".controls label{margin-right:1.2em;white-space:nowrap}"
	".sl{white-space:nowrap}";

/* the style sheet continued (one C string is at most 4095 bytes) */
static const char style_phone[] =
	/* a phone: no table scrolls sideways. Each row of the summary is
	 * a block (the standard responsive table): the result's name in
	 * full, then a line per system, its colour square and label (the
	 * cell's data-label and --sw) before the cell's own parts; the
	 * headings stay as a row of sort buttons. The per-system table
	 * likewise, a block per system, each number after its heading.
	 * The rows are still the table's rows: sort, filter and hide
	 * same work as they do wide. */
	"@media (max-width:640px){main{padding:16px 8px}"
	".scroll{max-height:none;width:auto;border:0;background:none}"
	"table.ob,table.ob thead,table.ob tbody,table.ob tr,table.ob td"
	"{display:block}"
	"table.ob tr[hidden]{display:none}"
	"table.ob thead tr{display:flex;flex-wrap:wrap;gap:.35em;"
	"padding:.2em 0 .5em}"
	"table.ob thead th,table.ob thead th.name{position:static;"
	"box-shadow:none;min-width:0;max-width:none;padding:.15em .45em;"
	"border:1px solid transparent;border-radius:3px;text-align:left;"
	"vertical-align:baseline}"
	/* with the script, the headings sort: buttons, "Sort by" before */
	"#results thead th[tabindex]{border-color:#c4c4c4}"
	"#results thead tr:has(th[tabindex]):before{content:'Sort by';"
	"color:#5c5c5c;"
	"align-self:center}"
	"#per-system thead th.num{display:none}"
	"#per-system thead th.name{border:0;padding:0;font-weight:bold}"
	"table.ob tbody tr{border-top:1px solid #c4c4c4;padding:.35em 0}"
	"table.ob td{border:0;padding:.1em 0}"
	"table.ob td.name{position:static;min-width:0;max-width:none;"
	"font-weight:bold;padding-bottom:.25em}"
	"table.ob td.num,#results td.num{text-align:left;white-space:normal;"
	"padding-left:10.5em}"
	"table.ob td.num:before{content:attr(data-label);float:left;"
	"width:9.7em;margin-left:-10.5em;overflow-wrap:anywhere;"
	"white-space:normal;font-variant-numeric:normal}"
	"table.ob td.num[style]:before{padding-left:1.15em;width:8.55em;"
	"background:linear-gradient(var(--sw),var(--sw)) 1px .28em/"
	"calc(.8em - 2px) calc(.8em - 2px) no-repeat,linear-gradient("
	"#4a4a4a,#4a4a4a) 0 calc(.28em - 1px)/.8em .8em no-repeat}"
	"table.ob td.num:after{content:'';display:table;clear:both}"
	/* the verdicts counted: one line, "Better: 0  Worse: 2  Same: 0" */
	"#per-system td.num:nth-child(n+4){display:inline-block;"
	"padding:.1em 1.2em 0 0}"
	"#per-system td.num:nth-child(n+4):before{content:attr(data-label) "
	"': ';float:none;width:auto;margin:0}}";

/* the style sheet continued: the other tables on a phone */
static const char style_stack[] =
	/* the table of systems: the systems' labels and colours a row of
	 * their own on top, then each row a block, its key and under it
	 * the value all share, or a line per system, its colour square
	 * and label before its value. --group's summary (and any other
	 * table of the summary but OpenBenchmarking's): a block per row,
	 * its name, then a line per column, the heading before the value,
	 * a group's title over its columns' lines. */
	"@media (max-width:640px){"
	"#systems table,#systems thead,#systems tbody,#systems tr,"
	"#systems th,#systems td,#summary div.wide table,#summary div.wide "
	"tbody,#summary div.wide tr,#summary div.wide td{display:block}"
	"#systems thead tr{display:flex;flex-wrap:wrap;gap:.2em 1em;"
	"padding:.2em 0 .4em;border-bottom:1px solid #c4c4c4}"
	"#systems thead th{border:0;padding:0}"
	"#systems thead th:first-child,#summary div.wide thead{display:none}"
	"#systems tbody tr,#summary div.wide tbody tr{border-bottom:1px solid "
	"#e0e0e0;padding:.35em 0}"
	"#systems tbody th,#systems td,#summary div.wide td{border:0;"
	"padding:.1em 0;overflow-wrap:anywhere}"
	"#summary div.wide td:first-child{position:static;min-width:0;"
	"max-width:none;font-weight:bold;padding-bottom:.25em}"
	"#systems td[data-label],#summary div.wide td[data-label]{"
	"display:flex;flex-wrap:wrap;text-align:left;white-space:normal}"
	"#systems td[data-label]:before,#summary div.wide td[data-label]:"
	"before{content:attr(data-label);flex:0 0 9.7em;margin-right:.8em;"
	"overflow-wrap:anywhere;font-variant-numeric:normal}"
	"#systems td[data-label]:before{flex-basis:8.55em;padding-left:"
	"1.15em;background:linear-gradient(var(--sw),var(--sw)) 1px .28em/"
	"calc(.8em - 2px) calc(.8em - 2px) no-repeat,linear-gradient("
	"#4a4a4a,#4a4a4a) 0 calc(.28em - 1px)/.8em .8em no-repeat}"
	"#summary div.wide td[data-group]:after{content:attr(data-group);"
	"order:-1;flex:0 0 100%;padding-top:.3em;color:#5c5c5c;"
	"font-size:.9em}}";

/*
 * The summary's script, plain JavaScript that works from file://: sort
 * by a heading (the result's name, or a system's change; again for the
 * other way) or by a system's p (the button "p" it adds to the heading
 * of each system with a p; rows without one last), filter rows by a
 * pattern, hide the rows where no system differs from the baseline,
 * and say above a table (or the text report) that it scrolls sideways
 * when it is wider than its box (a phone). Without it the page is the same table.
 */
static const char script[] =
	"(function(){\n"
	"var t=document.getElementById('results');if(!t)return;\n"
	"var tb=t.tBodies[0],rows=[].slice.call(tb.rows),"
	"hs=[].slice.call(t.tHead.rows[0].cells),ps=[];\n"
	"var bar=document.createElement('div');bar.className='controls';\n"
	"bar.innerHTML='<label>Filter <input type=\"search\" id=\"filter\" "
	"placeholder=\"pattern\"></label><label><input type=\"checkbox\" "
	"id=\"hide-same\"> hide results where no system differs</label>';\n"
	"var box=t.parentNode;box.parentNode.insertBefore(bar,box);\n"
	"var f=bar.querySelector('#filter'),h=bar.querySelector('#hide-same');\n"
	"function show(){var p=f.value,re=null;\n"
	" try{re=new RegExp(p,'i')}catch(e){}\n"
	" rows.forEach(function(r){var n=r.cells[0].textContent;\n"
	"  var ok=!p||(re?re.test(n):n.toLowerCase().indexOf(p.toLowerCase())>=0);\n"
	"  r.hidden=!ok||(h.checked&&r.classList.contains('same'));});}\n"
	"f.addEventListener('input',show);h.addEventListener('change',show);\n"
	"function num(s){var x=parseFloat(s.replace(/[^-+0-9.eE]/g,''));"
	"return x===x?x:null;}\n"
	"function key(r,i,by){var c=r.cells[i],e;"
	"if(i==0)return c.textContent.toLowerCase();\n"
	" if(by){e=c.querySelector('.p');if(!e)return null;\n"
	"  var s=e.textContent.replace(/^p=?/,''),x=num(s);\n"
	"  return x===null?null:s.charAt(0)=='<'?x/2:x;}\n"
	" e=c.querySelector('.chg')||c.querySelector('.val');\n"
	" return e?num(e.textContent):null;}\n"
	"var cur='',dir=1;\n"
	"function go(th,i,by,btn){var id=i+by;dir=cur==id?-dir:1;cur=id;\n"
	" var ks=rows.map(function(r,j){return[key(r,i,by),j,r]});\n"
	" ks.sort(function(a,b){if(a[0]===null||b[0]===null)\n"
	"   return (a[0]===null)-(b[0]===null)||a[1]-b[1];\n"
	"  return(a[0]<b[0]?-1:a[0]>b[0]?1:0)*dir||a[1]-b[1];});\n"
	" ks.forEach(function(k){tb.appendChild(k[2])});\n"
	" hs.forEach(function(o){o.removeAttribute('aria-sort')});\n"
	" ps.forEach(function(o){o.setAttribute('aria-pressed','false')});\n"
	" if(btn)btn.setAttribute('aria-pressed','true');\n"
	" th.setAttribute('aria-sort',dir>0?'ascending':'descending');}\n"
	"hs.forEach(function(th,i){th.tabIndex=0;\n"
	" th.addEventListener('click',function(){go(th,i,'')});\n"
	" th.addEventListener('keydown',function(e){"
	"if(e.key=='Enter'&&e.target==th)go(th,i,'')});\n"
	" if(!i||!rows.some(function(r){return r.cells[i].querySelector('.p')}))"
	"return;\n"
	" var b=document.createElement('button');b.type='button';"
	"b.className='sort-p';b.textContent='p';\n"
	" b.setAttribute('aria-label','sort by p, '+th.textContent.trim());\n"
	" b.setAttribute('aria-pressed','false');ps.push(b);\n"
	" b.addEventListener('click',function(e){e.stopPropagation();"
	"go(th,i,'p',b)});\n"
	" th.appendChild(document.createTextNode(' '));th.appendChild(b);});\n"
	"var boxes=[].slice.call(document.querySelectorAll("
	"'.scroll,div.wide,#report pre'));\n"
	"var cues=boxes.map(function(x){var c=document.createElement('p');\n"
	" c.className='cue';c.hidden=true;c.textContent='The '+"
	"(x.tagName=='PRE'?'report':'table')+' is wider "
	"than the screen: scroll it sideways\\u00a0\\u2192';\n"
	" x.parentNode.insertBefore(c,x);return c;});\n"
	"function fit(){boxes.forEach(function(x,k){"
	"cues[k].hidden=x.scrollWidth<=x.clientWidth+1;});}\n"
	"fit();addEventListener('resize',fit);\n"
	"})();\n";

/* Text from the input as HTML text: <, >, & and quotes as entities
 * (libxml2), controls as XML character references (the sink). */
void fsr_html_put_text(struct fsr_sink *out, const char *s)
{
	xmlChar *e;

	if (!s || !*s)
		return;
	e = xmlEncodeSpecialChars(NULL, BAD_CAST s);
	if (!e)
		fsr_oom();
	fsr_sink_write_as(out, FSR_ESC_XML, e, strlen((char *)e));
	xmlFree(e);
}

static void put_raw(struct fsr_sink *out, const char *s)
{
	fsr_sink_write_as(out, FSR_ESC_NONE, s, strlen(s));
}

static const char *test_name(const struct fsr_result *res)
{
	return *res->title ? res->title : res->test;
}

/* The tests of the report, as named: "PostMark", "fio 3.33 and
 * dbench", "fio, dbench and 3 more" (tests, not results: a test of 30
 * results counts once). */
static void tests_named(const struct fsr_report *r, struct fsr_buf *b)
{
	const char *names[3] = { NULL, NULL, NULL };
	size_t i, j, k, n = 0, more = 0;

	for (i = 0; i < r->n_results; i++) {
		const char *t = test_name(r->results[i]);

		if (!*t)
			continue;
		for (j = 0; j < i && strcmp(test_name(r->results[j]), t); j++)
			;
		if (j < i)
			continue;
		if (n < 3)
			names[n++] = t;
		else
			more++;
	}
	if (n == 3 && more) {
		fsr_buf_addf(b, "%s, %s and %zu more", names[0], names[1],
			     more + 1);
		return;
	}
	for (k = 0; k < n; k++)
		fsr_buf_addf(b, "%s%s", k == 0 ? "" : k + 1 == n ? " and " :
			     ", ", names[k]);
}

/*
 * The page title: --title, the PTS file's title, else from the data:
 * the tests, then what varies, the systems' labels ("PostMark: buffered
 * vs unbuffered"), or their count when that would be long.
 */
#define TITLE_LABELS 60

/* The labels joined by sep into b; 1 when the title names the systems
 * by their count (more than 4, or longer than TITLE_LABELS). */
static int system_labels(const struct fsr_report *r, const char *sep,
			 struct fsr_buf *b)
{
	size_t i;

	for (i = 0; i < r->n_systems; i++)
		fsr_buf_addf(b, "%s%s", i ? sep : "", r->systems[i].label);
	return r->n_systems > 1 && (b->len > TITLE_LABELS ||
				    r->n_systems > 4);
}

static void page_title(const struct fsr_view *v,
		       const struct fsr_render_opts *o, struct fsr_buf *b)
{
	const struct fsr_report *r = v->report;
	struct fsr_buf labels = FSR_BUF_INIT;

	if (o->title && *o->title) {
		fsr_buf_adds(b, o->title);
		return;
	}
	if (r->title && !r->title_made) {
		fsr_export_title(r, b);
		return;
	}
	tests_named(r, b);
	if (b->len && r->n_systems)
		fsr_buf_adds(b, ": ");
	if (o->n_groups) {
		/* --group: the groups' titles, as the tables head them */
		size_t g;

		for (g = 0; g < o->n_groups; g++)
			fsr_buf_addf(b, "%s%s", g ? " | " : "",
				     o->groups[g].title);
	} else if (system_labels(r, " vs ", &labels))
		fsr_buf_addf(b, "%zu systems", r->n_systems);
	else
		fsr_buf_adds(b, labels.buf);
	fsr_buf_release(&labels);
	if (!b->len)
		fsr_export_title(r, b);
}

/* The subtitle: --subtitle, else what differs between the systems, the
 * keys of the system table's marked rows ("Differs: kernel, mount
 * options"); else, when the title counts the systems (and no PTS title
 * stands there), their labels; else none. */
static void page_subtitle(const struct fsr_view *v,
			  const struct fsr_render_opts *o, struct fsr_buf *b)
{
	struct fsr_systable st;
	size_t i, n = 0;

	if (o->subtitle) {
		fsr_buf_adds(b, o->subtitle);
		return;
	}
	fsr_systable_build(v->report, &st);
	for (i = 0; i < st.n_rows; i++)
		if (st.rows[i].differs)
			fsr_buf_addf(b, "%s%s", n++ ? ", " : "Differs: ",
				     st.rows[i].key);
	fsr_systable_release(&st);
	if (!n && (!v->report->title || v->report->title_made) &&
	    !(o->title && *o->title)) {
		struct fsr_buf labels = FSR_BUF_INIT;

		if (system_labels(v->report, "; ", &labels))
			fsr_buf_addf(b, "Systems: %s", labels.buf);
		fsr_buf_release(&labels);
	}
}

/* The SVG of one chart, without Cairo's XML declaration, its ids made
 * unique in the page with the prefix "cN-". */
int fsr_html_chart_svg(const struct fsr_view *v,
		       const struct fsr_render_opts *o,
		       enum fsr_chart_part part, size_t result, size_t n,
		       struct fsr_buf *svg, struct fsr_diag *d)
{
	static const char *const refs[] = { "id=\"", "href=\"#", "url(#" };
	struct fsr_render_opts co = *o;
	struct fsr_buf raw = FSR_BUF_INIT;
	struct fsr_sink sink = { NULL, &raw, 0 };
	const char *p, *start;
	int rc;

	co.chart_part = part;
	co.chart_result = part == FSR_CHART_CHANGE ? 0 : result;
	co.chart_section = part == FSR_CHART_CHANGE ? result : 0;
	co.scale = 1;
	rc = fsr_render_svg(v, &co, &sink, d);
	if (rc || !raw.cap) {
		fsr_buf_release(&raw);
		return rc ? rc : fsr_diag_set(d, FSR_EINTERNAL, NULL, 0, 0,
					      "an empty chart");
	}
	start = strstr(raw.buf, "<svg");
	for (p = start ? start : raw.buf; *p;) {
		size_t k, len = 0;

		for (k = 0; k < 3 && !len; k++)
			if (!strncmp(p, refs[k], strlen(refs[k])))
				len = strlen(refs[k]);
		if (len) {
			fsr_buf_add(svg, p, len);
			fsr_buf_addf(svg, "c%zu-", n);
			p += len;
		} else {
			fsr_buf_addc(svg, *p++);
		}
	}
	fsr_buf_release(&raw);
	return 0;
}

static void html_table(const struct fsr_table *t, struct fsr_sink *out)
{
	size_t i, k;

	/* five systems are wider than the page: the table scrolls */
	/* --group: the groups' titles over their columns, side by side as
	 * seed 003's "BUFFERING ENABLED | BUFFERING DISABLED" */
	for (k = 0; k < t->n_blocks && t->blocks[k].title; k++)
		;
	put_raw(out, "<div class=\"wide\">\n<table");
	if (t->n_blocks > 1 || (t->n_blocks && k))
		put_raw(out, " class=\"grouped\"");
	put_raw(out, ">\n<thead>");
	if (t->n_blocks > 1 || (t->n_blocks && k)) {
		size_t col = 0;

		put_raw(out, "<tr class=\"groups\">");
		for (k = 0; k < t->n_blocks; k++) {
			const struct fsr_table_block *b = &t->blocks[k];

			if (b->first > col)
				fsr_sink_printf(out, "<th colspan=\"%zu\"></th>",
						b->first - col);
			fsr_sink_printf(out, "<th colspan=\"%zu\" "
					"class=\"group\">", b->n);
			fsr_html_put_text(out, b->title ? b->title : "");
			put_raw(out, "</th>");
			col = b->first + b->n;
		}
		put_raw(out, "</tr>\n");
	}
	put_raw(out, "<tr>");
	for (i = 0; i < t->n_cols; i++) {
		put_raw(out, t->right[i] ? "<th class=\"num\">" : "<th>");
		fsr_html_put_text(out, t->head[i]);
		put_raw(out, "</th>");
	}
	put_raw(out, "</tr></thead>\n<tbody>\n");
	for (k = 0; k < t->n_rows; k++) {
		size_t b = 0;

		put_raw(out, "<tr>");
		for (i = 0; i < t->n_cols; i++) {
			put_raw(out, t->right[i] ? "<td class=\"num\"" :
				"<td");
			/* a phone stacks the columns: each cell after its
			 * heading, a group's title before its first */
			if (i && *t->head[i]) {
				put_raw(out, " data-label=\"");
				fsr_html_put_text(out, t->head[i]);
				put_raw(out, "\"");
			}
			while (b < t->n_blocks &&
			       t->blocks[b].first + t->blocks[b].n <= i)
				b++;
			if (i && b < t->n_blocks && t->blocks[b].title &&
			    t->blocks[b].first == i) {
				put_raw(out, " data-group=\"");
				fsr_html_put_text(out, t->blocks[b].title);
				put_raw(out, "\"");
			}
			put_raw(out, ">");
			fsr_html_put_text(out, t->cells[k * t->n_cols + i]);
			put_raw(out, "</td>");
		}
		put_raw(out, "</tr>\n");
	}
	put_raw(out, "</tbody>\n</table>\n</div>\n");
}

/* A square of system sys's colour in the charts (inks.c). */
static void swatch(struct fsr_sink *out, size_t sys)
{
	fsr_sink_printf(out, "<span class=\"sw\" style=\"background:#%06lX\">"
			"</span>", fsr_ink_rgb[fsr_system_ink(sys)]);
}

/* The opening of a summary cell: its column's heading as data-label
 * (what a phone shows before the cell, the table's columns stacked)
 * and, for a system's column (sys not SIZE_MAX), its colour as --sw
 * for the square drawn beside that label. */
static void cell_open(struct fsr_sink *out, const char *label, size_t sys)
{
	put_raw(out, "<td class=\"num\" data-label=\"");
	fsr_html_put_text(out, label);
	if (sys != SIZE_MAX)
		fsr_sink_printf(out, "\" style=\"--sw:#%06lX",
				fsr_ink_rgb[fsr_system_ink(sys)]);
	put_raw(out, "\">");
}

/* A heading that wraps: the swatch kept with the label's first word
 * (a line of its own above "unbuffered" in a phone's column). */
static void swatch_label(struct fsr_sink *out, size_t sys, const char *label)
{
	const char *sp = strchr(label, ' ');
	char *first = fsr_xstrndup(label, sp ? (size_t)(sp - label) :
					       strlen(label));

	put_raw(out, "<span class=\"sl\">");
	swatch(out, sys);
	fsr_html_put_text(out, first);
	put_raw(out, "</span>");
	if (sp)
		fsr_html_put_text(out, sp);
	free(first);
}

/* The class of a verdict cell's word (its first), for its colour. */
static const char *verdict_class(const char *cell)
{
	if (!strncmp(cell, "better", 6))
		return "v-better";
	if (!strncmp(cell, "worse", 5))
		return "v-worse";
	return "v-other";
}

/*
 * The compare summary as OpenBenchmarking lays out a result page: a row
 * per result (its name in full, linked to its chart), a column per
 * system with its value and, under it, the change, interval and verdict
 * of the table's cells (decided by the view: no number is made here).
 * first_chart: the figure number of the first result's chart.
 */
static void html_results(const struct fsr_table *t, size_t first_chart,
			 struct fsr_sink *out)
{
	size_t i, k;

	put_raw(out, "<div class=\"scroll\">\n<table class=\"ob\" "
		"id=\"results\">\n<thead><tr><th class=\"name\">Result"
		"</th>");
	for (i = 1; i < t->n_cols; i++) {
		if (t->col_sys[i] == SIZE_MAX)
			continue;
		put_raw(out, "<th class=\"num\">");
		swatch_label(out, t->col_sys[i], t->head[i]);
		put_raw(out, "</th>");
	}
	put_raw(out, "</tr></thead>\n<tbody>\n");
	for (k = 0; k < t->n_rows; k++) {
		char *const *row = &t->cells[k * t->n_cols];

		fsr_sink_printf(out, "<tr id=\"r%zu\"%s><td class=\"name\">"
				"<a href=\"#chart-%zu\">", k + 1,
				t->row_same[k] ? " class=\"same\"" : "",
				first_chart + t->row_result[k]);
		fsr_html_put_text(out, row[0]);
		put_raw(out, "</a></td>");
		for (i = 1; i < t->n_cols; i++) {
			/* after a compared value: DIFF, its CI (none where
			 * every row has one run per system), the verdict */
			size_t m = 0, vd;
			const char *p;
			int cmp;

			if (t->col_sys[i] == SIZE_MAX)
				continue;
			while (i + m + 1 < t->n_cols &&
			       t->col_sys[i + m + 1] == SIZE_MAX)
				m++;
			cmp = m == 2 || m == 3;
			vd = i + m;
			cell_open(out, t->head[i], t->col_sys[i]);
			put_raw(out, "<span class=\"val\">");
			fsr_html_put_text(out, row[i]);
			put_raw(out, "</span>");
			if (cmp) {
				fsr_sink_printf(out, "<br><span class=\"chg "
						"%s\">", verdict_class(row[vd]));
				fsr_html_put_text(out, row[i + 1]);
				put_raw(out, "</span>");
				if (m == 3 && strcmp(row[i + 2], "-") &&
				    *row[i + 2]) {
					put_raw(out, " <span class=\"ci\">");
					fsr_html_put_text(out, row[i + 2]);
					put_raw(out, "</span>");
				}
				fsr_sink_printf(out, "<br><span class=\"vd "
						"%s\">", verdict_class(row[vd]));
				fsr_html_put_text(out, row[vd]);
				put_raw(out, "</span>");
				/* the corrected p the text prints (table.c,
				 * the view's rule): what "sort by p" reads */
				p = t->cell_p ? t->cell_p[k * t->n_cols + i] :
						NULL;
				if (p) {
					put_raw(out, " <span class=\"p\">p");
					put_raw(out, *p == '<' ? "" : "=");
					fsr_html_put_text(out, p);
					put_raw(out, "</span>");
				}
			}
			put_raw(out, "</td>");
		}
		put_raw(out, "</tr>\n");
	}
	put_raw(out, "</tbody>\n</table>\n</div>\n");
}

/* 1 when a cell of the summary has a p (not one run per system). */
static int has_p(const struct fsr_table *t)
{
	size_t i;

	for (i = 0; t->cell_p && i < t->n_rows * t->n_cols; i++)
		if (t->cell_p[i])
			return 1;
	return 0;
}

/* For three systems and more, a row per compared system above the
 * results: the geometric mean of its ratios to the baseline with its
 * interval, and its verdicts counted (as the overview chart). */
static void html_per_system(const struct fsr_view *v, struct fsr_sink *out)
{
	const struct fsr_comparison *cmp = v->cmp;
	struct fsr_buf b = FSR_BUF_INIT;
	size_t k;
	int single;

	if (!cmp || v->report->n_systems < 3 || !cmp->n_geo)
		return;
	/* one run per system: no interval, no verdict to count (said at
	 * the top of the page) */
	single = fsr_view_one_run_each(cmp);
	put_raw(out, "<div class=\"scroll\">\n<table class=\"ob\" "
		"id=\"per-system\">\n<thead><tr><th class=\"name\">"
		"Against ");
	fsr_html_put_text(out, v->report->systems[cmp->baseline].label);
	put_raw(out, "</th><th class=\"num\">Geometric mean (+ is better)"
		"</th>");
	if (!single)
		put_raw(out, "<th class=\"num\">Interval</th><th "
			"class=\"num\">Better</th><th class=\"num\">Worse"
			"</th><th class=\"num\">Same</th>");
	put_raw(out, "</tr></thead>\n<tbody>\n");
	for (k = 0; k < cmp->n_geo; k++) {
		const struct fsr_geomean *g = &cmp->geo[k];
		size_t n[FSR_VERDICT_COUNT];

		fsr_view_verdict_counts(cmp, g->sys, n);
		put_raw(out, "<tr><td class=\"name\">");
		swatch(out, g->sys);
		fsr_html_put_text(out, v->report->systems[g->sys].label);
		put_raw(out, "</td>");
		cell_open(out, "Geometric mean (+ is better)", SIZE_MAX);
		put_raw(out, "<span class=\"chg\">");
		fsr_buf_reset(&b);
		if (isfinite(g->ratio))
			fsr_vocab_pct(&b, (g->ratio - 1) * 100,
				      FSR_VIEW_PCT_DEC);
		else
			fsr_buf_adds(&b, "-");
		fsr_html_put_text(out, b.buf);
		if (single) {
			put_raw(out, "</span></td></tr>\n");
			continue;
		}
		put_raw(out, "</span></td>");
		cell_open(out, "Interval", SIZE_MAX);
		fsr_buf_reset(&b);
		if (isfinite(g->ci_low) && isfinite(g->ci_high))
			fsr_vocab_interval(&b, (g->ci_low - 1) * 100,
					   (g->ci_high - 1) * 100,
					   cmp->opts.confidence);
		else
			fsr_buf_adds(&b, "no interval");
		fsr_html_put_text(out, b.buf);
		put_raw(out, "</td>");
		cell_open(out, "Better", SIZE_MAX);
		fsr_sink_printf(out, "%zu</td>", n[FSR_VERDICT_BETTER]);
		cell_open(out, "Worse", SIZE_MAX);
		fsr_sink_printf(out, "%zu</td>", n[FSR_VERDICT_WORSE]);
		cell_open(out, "Same", SIZE_MAX);
		fsr_sink_printf(out, "%zu</td></tr>\n",
				n[FSR_VERDICT_SAME] + n[FSR_VERDICT_EQUAL] +
				n[FSR_VERDICT_NOT_WORSE]);
	}
	put_raw(out, "</tbody>\n</table>\n</div>\n");
	fsr_buf_release(&b);
}

/* Whether the page links its charts' files instead of inlining them:
 * past FSR_HTML_INLINE_MAX charts in all, the report's and its trend
 * section's. */
int fsr_html_link_charts(const struct fsr_view *v)
{
	size_t n = v->n_chart_files / 2;

	if (v->trend && v->trend_charts)
		n += v->trend->n_rows;
	return v->chart_files && n > FSR_HTML_INLINE_MAX;
}

/* A chart as its file (charts/NN-slug.svg), loaded as it scrolls into
 * view (the browser's lazy loading; a grey box of about a chart's height
 * until then), linked to the file; the figure's id is ID. */
void fsr_html_figure_link(struct fsr_sink *out, const char *id,
			  const char *file, const char *label)
{
	put_raw(out, "<figure class=\"chart\" id=\"");
	fsr_html_put_text(out, id);
	put_raw(out, "\">\n<a href=\"");
	fsr_html_put_text(out, file);
	put_raw(out, "\"><img class=\"lazy\" loading=\"lazy\" "
		"decoding=\"async\" width=\"800\" "
		"onload=\"this.className=''\" src=\"");
	fsr_html_put_text(out, file);
	put_raw(out, "\" alt=\"");
	fsr_html_put_text(out, label);
	put_raw(out, "\"></a>\n<figcaption>");
	fsr_html_put_text(out, label);
	put_raw(out, "</figcaption>\n</figure>\n");
}

/* Chart n (from 1) of the page as its file (fsr_html_figure_link()). */
static void html_figure_file(const struct fsr_view *v, size_t n,
			     const char *label, struct fsr_sink *out)
{
	char id[32];

	snprintf(id, sizeof(id), "chart-%zu", n);
	fsr_html_figure_link(out, id, v->chart_files[2 * (n - 1) + 1], label);
}

static int html_figure(const struct fsr_view *v,
		       const struct fsr_render_opts *o,
		       enum fsr_chart_part part, size_t i, size_t n,
		       const char *label, struct fsr_sink *out,
		       struct fsr_diag *d)
{
	struct fsr_buf svg = FSR_BUF_INIT;
	int rc;

	/* past FSR_HTML_INLINE_MAX charts, inline SVG makes a page of
	 * megabytes that a browser needs many seconds to lay out */
	if (fsr_html_link_charts(v) && 2 * n <= v->n_chart_files) {
		html_figure_file(v, n, label, out);
		return 0;
	}
	rc = fsr_html_chart_svg(v, o, part, i, n, &svg, d);
	if (rc)
		return rc;
	fsr_sink_printf(out, "<figure class=\"chart\" id=\"chart-%zu\">\n",
			n);
	fsr_sink_write_as(out, FSR_ESC_NONE, svg.buf, svg.len);
	put_raw(out, "<figcaption>");
	fsr_html_put_text(out, label);
	put_raw(out, "</figcaption>\n</figure>\n");
	fsr_buf_release(&svg);
	return 0;
}

/* The overview chart in words, for its caption: per compared system
 * "LABEL: +3.21% (95% CI ...), 3 better, 1 worse, 9 same". */
static void overview_words(const struct fsr_view *v, struct fsr_buf *b)
{
	const struct fsr_comparison *cmp = v->cmp;
	double conf = cmp->opts.confidence;
	size_t k;

	fsr_buf_addf(b, "Overview against %s, the geometric mean of the "
		     "ratios, a summary (+ is better)",
		     v->report->systems[cmp->baseline].label);
	for (k = 0; k < cmp->n_geo; k++) {
		const struct fsr_geomean *g = &cmp->geo[k];
		size_t n[FSR_VERDICT_COUNT];

		fsr_view_verdict_counts(cmp, g->sys, n);
		fsr_buf_addf(b, "%s %s: ", k ? ";" : ":",
			     v->report->systems[g->sys].label);
		if (isfinite(g->ratio))
			fsr_vocab_pct(b, (g->ratio - 1) * 100,
				      FSR_VIEW_PCT_DEC);
		else
			fsr_buf_adds(b, "not available");
		if (isfinite(g->ci_low) && isfinite(g->ci_high)) {
			fsr_buf_adds(b, " (");
			fsr_vocab_interval(b, (g->ci_low - 1) * 100,
					   (g->ci_high - 1) * 100, conf);
			fsr_buf_adds(b, ")");
		}
		/* what it is over, in the text's and the charts' words */
		fsr_buf_adds(b, " over ");
		fsr_view_geo_over(b, g);
		if (fsr_view_one_run_each(cmp))
			continue; /* no verdicts to count */
		fsr_buf_addf(b, ", %zu better, %zu worse, %zu same",
			     n[FSR_VERDICT_BETTER], n[FSR_VERDICT_WORSE],
			     n[FSR_VERDICT_SAME]);
		if (cmp->opts.margin == FSR_MARGIN_EQUIVALENCE)
			fsr_buf_addf(b, ", %zu equal", n[FSR_VERDICT_EQUAL]);
		else if (cmp->opts.margin == FSR_MARGIN_NONINFERIORITY)
			fsr_buf_addf(b, ", %zu not worse",
				     n[FSR_VERDICT_NOT_WORSE]);
	}
	if (cmp->opts.margin != FSR_MARGIN_NONE) {
		fsr_buf_adds(b, "; ");
		fsr_view_margin_label(b, cmp);
	}
}

/* The caption of part (from 1) of parts of the change chart. */
static void change_label(size_t part, size_t parts, struct fsr_buf *b)
{
	fsr_buf_adds(b, "Change against the baseline, per result");
	if (parts > 1)
		fsr_buf_addf(b, " (part %zu of %zu)", part, parts);
}

static int html_charts(const struct fsr_view *v,
		       const struct fsr_render_opts *o, struct fsr_sink *out,
		       struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct fsr_buf label = FSR_BUF_INIT;
	struct fsr_report copy;
	struct fsr_view gv;
	size_t i, parts, n = 0;
	int rc = 0;

	/* --group: each group is compared on its own (the summary's
	 * tables); the charts show the values, as show's, and no overview
	 * or change chart against one baseline for all */
	fsr_render_group_view(v, o, &gv, &copy);
	v = &gv;
	put_raw(out, "<section id=\"charts\">\n<h2>Charts</h2>\n");
	if (v->cmp) {
		overview_words(v, &label);
		rc = html_figure(v, o, FSR_CHART_OVERVIEW, 0, ++n, label.buf,
				 out, d);
	}
	for (i = 0; i < r->n_results && !rc; i++) {
		fsr_buf_reset(&label);
		fsr_vocab_result_name(r->results[i], &label);
		rc = html_figure(v, o, FSR_CHART_RESULT, i, ++n, label.buf,
				 out, d);
	}
	parts = fsr_render_change_parts(v);
	for (i = 1; i <= parts && !rc; i++) {
		fsr_buf_reset(&label);
		change_label(i, parts, &label);
		/* for the change chart, the part (0: the only one) */
		rc = html_figure(v, o, FSR_CHART_CHANGE, parts > 1 ? i : 0,
				 ++n, label.buf, out, d);
	}
	put_raw(out, "</section>\n");
	fsr_buf_release(&label);
	fsr_render_group_view_free(&gv, &copy);
	return rc;
}

void fsr_render_group_view(const struct fsr_view *v,
			   const struct fsr_render_opts *o,
			   struct fsr_view *gv, struct fsr_report *copy)
{
	const struct fsr_report *r = v->report;
	size_t g, i;

	*gv = *v;
	if (!o->n_groups)
		return;
	*copy = *r;
	copy->systems = fsr_xcalloc(r->n_systems + 1,
				    sizeof(*copy->systems));
	memcpy(copy->systems, r->systems,
	       r->n_systems * sizeof(*copy->systems));
	for (i = 0; i < r->n_systems; i++) {
		struct fsr_buf b = FSR_BUF_INIT;

		fsr_buf_adds(&b, r->systems[i].label);
		for (g = 0; g < o->n_groups; g++)
			if (r->systems[i].runset >= o->groups[g].first &&
			    r->systems[i].runset < o->groups[g].first +
							   o->groups[g].n)
				fsr_buf_addf(&b, " (%s)", o->groups[g].title);
		copy->systems[i].label = fsr_buf_detach(&b);
	}
	gv->report = copy;
	gv->cmp = NULL;
}

void fsr_render_group_view_free(const struct fsr_view *gv,
				struct fsr_report *copy)
{
	size_t i;

	if (gv->report != copy)
		return;
	for (i = 0; i < copy->n_systems; i++)
		free(copy->systems[i].label);
	free(copy->systems);
}

/* The system table (system.c): shared rows once across all columns,
 * rows that differ marked "*" with a value per system. */
static void html_systems(const struct fsr_report *r, struct fsr_sink *out)
{
	struct fsr_systable t;
	size_t i, k;

	if (!fsr_systable_build(r, &t))
		goto out;
	fsr_sink_printf(out, "<section id=\"systems\">\n<h2>%s</h2>\n",
			t.n_systems > 1 ? "Systems" : "System");
	if (t.n_differs)
		put_raw(out, "<p>* differs between the systems; the other "
			"rows are shared by all.</p>\n");
	put_raw(out, "<div class=\"wide\">\n<table>\n<thead><tr><th></th>");
	for (i = 0; i < t.n_systems; i++) {
		put_raw(out, "<th>");
		swatch_label(out, i, t.labels[i]);
		put_raw(out, "</th>");
	}
	put_raw(out, "</tr></thead>\n<tbody>\n");
	for (k = 0; k < t.n_rows; k++) {
		const struct fsr_sysrow *row = &t.rows[k];

		put_raw(out, row->differs ? "<tr class=\"differs\"><th>* " :
			"<tr class=\"shared\"><th>");
		fsr_html_put_text(out, row->key);
		put_raw(out, "</th>");
		for (i = 0; i < t.n_systems; i++) {
			if (!row->differs) {
				fsr_sink_printf(out, "<td colspan=\"%zu\">",
						t.n_systems);
			} else {
				/* its system's label and colour, what a
				 * phone shows before the value (the
				 * columns stacked) */
				put_raw(out, "<td data-label=\"");
				fsr_html_put_text(out, t.labels[i]);
				fsr_sink_printf(out, "\" style=\"--sw:#%06lX"
						"\">",
						fsr_ink_rgb[fsr_system_ink(i)]);
			}
			fsr_html_put_text(out, row->values[i] ?
						       row->values[i] :
						       "(not known)");
			put_raw(out, "</td>");
			if (!row->differs)
				break;
		}
		put_raw(out, "</tr>\n");
	}
	put_raw(out, "</tbody>\n</table>\n</div>\n</section>\n");
out:
	fsr_systable_release(&t);
}

/* The text report (compare_text.c or ascii.c), plain, into b. */
static int text_report(const struct fsr_view *v,
		       const struct fsr_render_opts *o, struct fsr_buf *b,
		       struct fsr_diag *d)
{
	struct fsr_render_opts to = *o;
	struct fsr_sink sink = { NULL, b, 0 };

	to.color = 0;
	to.no_systems = 1; /* the page has its own system table */
	if (to.width <= 0 || to.width > 100)
		to.width = 100;
	/* --group: the groups' tables, as compare --group writes them */
	if (o->n_groups)
		return fsr_render_table(v, &to, &sink, d);
	return fsr_render_ascii(v, &to, &sink, d);
}

FSR_DECLARE_RENDERER(html)
{
	struct fsr_buf title = FSR_BUF_INIT, text = FSR_BUF_INIT;
	struct fsr_table t;
	int rc;

	rc = text_report(v, o, &text, d);
	if (!rc)
		rc = fsr_table_build(v, o, &t, d);
	if (rc) {
		fsr_buf_release(&text);
		return rc;
	}
	page_title(v, o, &title);
	put_raw(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
		"content=\"width=device-width, initial-scale=1\">\n<title>");
	fsr_html_put_text(out, title.buf);
	fsr_sink_printf(out, "</title>\n<style>%s%s%s</style>\n</head>\n"
			"<body>\n<main>\n<h1>", style, style_phone,
			style_stack);
	fsr_html_put_text(out, title.buf);
	put_raw(out, "</h1>\n");
	fsr_buf_reset(&title);
	page_subtitle(v, o, &title);
	if (title.len) {
		put_raw(out, "<p class=\"subtitle\">");
		fsr_html_put_text(out, title.buf);
		put_raw(out, "</p>\n");
	}
	/* one run per system: said once, at the top */
	if (v->cmp && fsr_view_one_run_each(v->cmp))
		put_raw(out, "<p class=\"notice\" id=\"one-run\">One run "
			"per system: each change is a single measurement "
			"against the baseline's, so no change can be tested "
			"and no interval is drawn. Run each configuration "
			"several times (10 is good) to tell a change from "
			"noise.</p>\n");
	/* a series report is read for its trend: it comes first, before
	 * the comparisons against the baseline */
	if (v->trend) {
		rc = fsr_render_trend_html(v, o, out, d);
		if (rc)
			goto done;
	}
	put_raw(out, "<section id=\"summary\">\n<h2>Summary</h2>\n");
	if (t.row_result && t.n_blocks == 1) {
		html_per_system(v, out);
		/* the first result's figure follows the overview's */
		html_results(&t, v->cmp ? 2 : 1, out);
	} else {
		html_table(&t, out);
	}
	if (v->command == FSR_CMD_COMPARE && v->cmp) {
		struct fsr_buf lg = FSR_BUF_INIT;

		fsr_table_legend(v, o, &t, &lg);
		put_raw(out, "<p class=\"legend\">");
		fsr_html_put_text(out, lg.buf);
		put_raw(out, "</p>\n");
		/* the summary's p beside a verdict: the text report's */
		if (t.row_result && t.n_blocks == 1 && has_p(&t)) {
			fsr_buf_reset(&lg);
			fsr_compare_p_text(&lg, v->cmp);
			while (lg.len && lg.buf[lg.len - 1] == ' ')
				lg.buf[--lg.len] = 0;
			put_raw(out, "<p class=\"legend\" id=\"p-legend\">");
			fsr_html_put_text(out, lg.buf);
			put_raw(out, " The p beside a verdict is this corrected "
				"p, as the report below prints it.</p>\n");
		}
		fsr_buf_release(&lg);
	}
	if (t.show_notes) {
		/* the cells' own notes (marks w, b), a paragraph each */
		const char *p = t.show_notes, *nl;

		for (; *p; p = nl ? nl + 1 : p + strlen(p)) {
			char *one;

			nl = strchr(p, '\n');
			one = nl ? fsr_xstrndup(p, (size_t)(nl - p)) :
				   fsr_xstrdup(p);
			put_raw(out, "<p class=\"legend\">");
			fsr_html_put_text(out, one);
			put_raw(out, "</p>\n");
			free(one);
		}
	}
	put_raw(out, "</section>\n");
	rc = html_charts(v, o, out, d);
	if (!rc) {
		html_systems(v->report, out);
		put_raw(out, "<section id=\"report\">\n<h2>Report</h2>\n"
			"<pre>");
		fsr_html_put_text(out, text.buf);
		put_raw(out, "</pre>\n</section>\n");
		if (o->caption && *o->caption) {
			put_raw(out, "<p class=\"caption\">");
			fsr_html_put_text(out, o->caption);
			put_raw(out, "</p>\n");
		}
		if (t.row_result && t.n_blocks == 1)
			fsr_sink_printf(out, "<script>%s</script>\n",
					script);
		put_raw(out, "</main>\n</body>\n</html>\n");
	}
done:
	fsr_table_release(&t);
	fsr_buf_release(&title);
	fsr_buf_release(&text);
	return rc;
}

/* Markdown text with its active characters escaped, as one line. */
static void md_text(struct fsr_buf *b, const char *s)
{
	for (; s && *s; s++) {
		if (strchr("\\`*_[]<>#|!", *s))
			fsr_buf_addc(b, '\\');
		fsr_buf_addc(b, *s == '\n' || *s == '\r' ? ' ' : *s);
	}
}

/* The longest run of backticks in s, for a fence longer than it. */
static size_t longest_ticks(const char *s)
{
	size_t best = 0, run = 0;

	for (; s && *s; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return best;
}

/* The rows that differ as a Markdown table, a column per system. */
static void md_differs(const struct fsr_systable *t, struct fsr_buf *b)
{
	size_t i, k;

	fsr_buf_adds(b, "\\* differs between the systems:\n\n| |");
	for (i = 0; i < t->n_systems; i++) {
		fsr_buf_adds(b, " ");
		md_text(b, t->labels[i]);
		fsr_buf_adds(b, " |");
	}
	fsr_buf_adds(b, "\n|---|");
	for (i = 0; i < t->n_systems; i++)
		fsr_buf_adds(b, "---|");
	fsr_buf_adds(b, "\n");
	for (k = 0; k < t->n_rows; k++) {
		if (!t->rows[k].differs)
			continue;
		fsr_buf_adds(b, "| \\* ");
		md_text(b, t->rows[k].key);
		fsr_buf_adds(b, " |");
		for (i = 0; i < t->n_systems; i++) {
			fsr_buf_adds(b, " ");
			md_text(b, t->rows[k].values[i] ? t->rows[k].values[i] :
				"(not known)");
			fsr_buf_adds(b, " |");
		}
		fsr_buf_adds(b, "\n");
	}
}

/* The system table as Markdown: the shared rows as a list, then a
 * table of the rows that differ, a column per system. */
static void md_systems(const struct fsr_report *r, struct fsr_buf *b)
{
	struct fsr_systable t;
	size_t k;

	if (!fsr_systable_build(r, &t))
		goto out;
	fsr_buf_addf(b, "## %s\n\n", t.n_systems > 1 ? "Systems" :
		     "System");
	for (k = 0; k < t.n_rows; k++) {
		if (t.rows[k].differs)
			continue;
		fsr_buf_adds(b, "- **");
		md_text(b, t.rows[k].key);
		fsr_buf_adds(b, "**: ");
		md_text(b, t.rows[k].values[0]);
		fsr_buf_adds(b, "\n");
	}
	if (t.n_differs) {
		fsr_buf_adds(b, t.n_rows > t.n_differs ? "\n" : "");
		md_differs(&t, b);
	}
	fsr_buf_adds(b, "\n");
out:
	fsr_systable_release(&t);
}

/* A chart in Markdown: its PNG linked to its SVG, or (report --no-png:
 * the two names the same) the SVG itself. */
void fsr_md_chart(struct fsr_buf *b, const char *label, const char *png,
		  const char *svg)
{
	int same = !strcmp(png, svg);

	fsr_buf_adds(b, same ? "![" : "[![");
	md_text(b, label);
	if (same)
		fsr_buf_addf(b, "](%s)\n\n", svg);
	else
		fsr_buf_addf(b, "](%s)](%s)\n\n", png, svg);
}

int fsr_render_page_md(const struct fsr_view *v,
		       const struct fsr_render_opts *o,
		       const char *const *charts, size_t n_charts,
		       struct fsr_sink *out, struct fsr_diag *d)
{
	const struct fsr_report *r = v->report;
	struct fsr_buf b = FSR_BUF_INIT, text = FSR_BUF_INIT, t = FSR_BUF_INIT;
	size_t i, ticks;
	int rc;

	rc = text_report(v, o, &text, d);
	if (rc)
		goto out;
	page_title(v, o, &t);
	fsr_buf_adds(&b, "# ");
	md_text(&b, t.buf);
	fsr_buf_adds(&b, "\n\n");
	fsr_buf_reset(&t);
	page_subtitle(v, o, &t);
	if (t.len) {
		md_text(&b, t.buf);
		fsr_buf_adds(&b, "\n\n");
	}
	/* the trend first, as in index.html */
	if (v->trend)
		fsr_render_trend_md(v, &b);
	fsr_buf_adds(&b, "## Summary\n\n");
	fsr_sink_putbuf(out, &b);
	fsr_buf_reset(&b);
	rc = fsr_render_markdown(v, o, out, d);
	if (rc)
		goto out;
	fsr_buf_adds(&b, "\n## Charts\n\n");
	for (i = 0; i + 1 < n_charts; i += 2) {
		/* --group: no overview (html_charts) */
		int ov = v->cmp && !o->n_groups;
		size_t k = i / 2 - (ov ? 1 : 0);

		fsr_buf_reset(&t);
		if (ov && i == 0)
			fsr_buf_adds(&t, "Overview against the baseline");
		else if (k < r->n_results)
			fsr_vocab_result_name(r->results[k], &t);
		else
			change_label(k - r->n_results + 1,
				     fsr_render_change_parts(v), &t);
		fsr_md_chart(&b, t.buf, charts[i], charts[i + 1]);
	}
	md_systems(r, &b);
	ticks = longest_ticks(text.buf);
	fsr_buf_adds(&b, "## Report\n\n");
	fsr_buf_addch_n(&b, '`', ticks < 3 ? 3 : ticks + 1);
	fsr_buf_adds(&b, "text\n");
	fsr_buf_add(&b, text.buf, text.len);
	fsr_buf_addch_n(&b, '`', ticks < 3 ? 3 : ticks + 1);
	fsr_buf_adds(&b, "\n");
	if (o->caption && *o->caption) {
		fsr_buf_adds(&b, "\n");
		md_text(&b, o->caption);
		fsr_buf_adds(&b, "\n");
	}
	fsr_sink_putbuf(out, &b);
out:
	fsr_buf_release(&b);
	fsr_buf_release(&t);
	fsr_buf_release(&text);
	return rc;
}
