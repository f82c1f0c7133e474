#!/usr/bin/env python3
"""view-rules.py - read fsreport's compare outputs back and check the
rules of the view (README "One view"), independently of fsreport's code:

  view-rules.py check FSREPORT ARGS...   run compare with ARGS in CSV,
                                         JSON, Markdown, HTML, the table
                                         and text; check rules
  view-rules.py generate DIR SEED        write a random run set: 2..40
                                         systems (generic CSV files),
                                         skewed, with outliers, negative
                                         values, n = 1..30

Rules checked (by number):
 1  a % printed beside two values is the change between them: in the CSV
    the change is 100 (v / v_base - 1) of the values the view names
    (gmean or mean); in the tables (Markdown, HTML, --format table) and
    the text report the printed change agrees in sign with the printed
    values and lies in the range their rounding allows; and every one
    of them prints the same change for a row (the view's one change),
    within the rounding of the two.
 3  values that differ print differently (table and CSV read together).
 4  a row whose verdict comes from Holm's step-down (mark h) carries the
    mark in the table too.
 5  no heading reads "100%"; no interval in e-notation; no table has
    a CI column where no row has an interval (one run per system).
 7  the marks of a row are the same in the CSV, the JSON, the Markdown
    and the HTML table; the JSON's flags name the mark h.
 9  no change below -100 % of a positive quantity.
The JSON rows carry the CSV's numbers (change, interval, values,
center, verdict), so rules 1 and 9 hold there too.
Prints "ok"/"not ok" lines (TAP without a plan) and exits 0.
"""
import csv
import html.parser
import io
import json
import math
import os
import random
import re
import subprocess
import sys

NUM = re.compile(r'^[+-]?\d+(\.\d+)?$')
PCT = re.compile(r'^([+-]?)(\d+(?:\.\d+)?)%$')


def run(fsr, args, fmt):
    p = subprocess.run([fsr, 'compare', '--format', fmt] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode not in (0, 1):
        raise RuntimeError('%s exit %d: %s' % (fmt, p.returncode,
                                               p.stderr.decode()[:300]))
    return p.stdout.decode('utf-8')


def fnum(s):
    try:
        return float(s) if s != '' else math.nan
    except ValueError:
        return math.nan


def decimals(text):
    return len(text.split('.')[1]) if '.' in text else 0


def prints_as(x, text):
    """x, rounded to the decimals of text, gives text (ties either way)."""
    d = decimals(text)
    return abs(x - float(text)) <= 0.5 * 10 ** -d * (1 + 1e-9) + 1e-12


class Checker:
    def __init__(self, name):
        self.name = name
        self.bad = []

    def fail(self, rule, what):
        if len(self.bad) < 12:
            self.bad.append('rule %d: %s' % (rule, what))


def csv_rows(text):
    rows = list(csv.DictReader(io.StringIO(text)))
    by_result = {}
    order = []
    for r in rows:
        if r['result'] not in by_result:
            by_result[r['result']] = []
            order.append(r['result'])
        by_result[r['result']].append(r)
    return rows, by_result, order


def check_csv(c, rows):
    if rows and 'center' not in rows[0]:
        c.fail(1, 'the CSV does not say which values the change is of')
        for r in rows:
            r.update(center='mean', gmean='', gmean_base='', marks='')
    for r in rows:
        d = fnum(r['delta_pct'])
        lo = fnum(r['ci_low_pct'])
        if r['method'] == 'diff-welch' or math.isnan(d):
            continue
        positive = fnum(r['mean_base']) > 0 and fnum(r['mean']) > 0
        for x, what in ((d, 'delta_pct'), (lo, 'ci_low_pct')):
            if positive and not math.isnan(x) and x < -100 - 1e-9:
                c.fail(9, '%s %s = %g below -100%%' % (r['test'],
                                                       what, x))
        if r['method'] == 'hodges-lehmann':
            continue
        if r['center'] == 'gmean':
            a, b = fnum(r['gmean_base']), fnum(r['gmean'])
        else:
            a, b = fnum(r['mean_base']), fnum(r['mean'])
        if math.isnan(a) or math.isnan(b) or a == 0:
            continue
        want = 100 * (b - a) / abs(a)  # the sign of the difference
        if abs(want - d) > 1e-6 * max(1, abs(d)):
            c.fail(1, '%s/%s %s: change %g but the %ss give %g' %
                   (r['test'], r['label'], r['description'], d,
                    r['center'], want))


def md_cells(line):
    cells = [x.strip() for x in re.split(r'(?<!\\)\|', line)[1:-1]]
    return [x.replace('\\[', '[').replace('\\]', ']').replace('\\', '')
            for x in cells]


def md_table(md):
    """The Markdown tables' heading cells and body rows."""
    lines = [l for l in md.split('\n') if l.startswith('|')]
    if len(lines) < 2:
        return [], []
    return md_cells(lines[0]), [md_cells(l) for l in lines[2:]]


class HtmlTable(html.parser.HTMLParser):
    """The cells of the HTML report's comparison tables."""

    def __init__(self):
        super().__init__()
        self.head, self.rows, self.cell, self.row = [], [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == 'tr':
            self.row = []
        elif tag in ('td', 'th'):
            self.cell = ''

    def handle_endtag(self, tag):
        if tag in ('td', 'th') and self.cell is not None:
            self.flush_cell(tag)
        elif tag == 'tr' and self.row is not None:
            if self.cell is not None:
                self.flush_cell('td')
            if self.row:
                self.rows.append(self.row)
            self.row = None

    def flush_cell(self, tag):
        text = ' '.join(self.cell.split())
        if tag == 'th':
            self.head.append(text)
        elif self.row is not None:
            self.row.append(text)
        self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def html_table(page):
    p = HtmlTable()
    p.feed(page)
    return p.head, p.rows


def check_json(c, doc, rows):
    """The JSON rows are the CSV's: the same numbers and marks."""
    try:
        jrows = json.loads(doc)['comparison']['rows']
    except (ValueError, KeyError, TypeError) as e:
        c.fail(7, 'the JSON does not read back: %s' % e)
        return
    if len(jrows) != len(rows):
        c.fail(7, 'JSON %d rows, CSV %d' % (len(jrows), len(rows)))
        return
    for j, r in zip(jrows, rows):
        name = '%s/%s %s' % (r['test'], r['label'], r['description'])
        if j['result'] != r['result'] or j['label'] != r['label']:
            c.fail(7, 'JSON row %s/%s against CSV %s' %
                   (j['result'], j['label'], name))
            continue
        for jk, ck in (('delta_pct', 'delta_pct'),
                       ('ci_low_pct', 'ci_low_pct'),
                       ('ci_high_pct', 'ci_high_pct'),
                       ('mean_base', 'mean_base'), ('mean', 'mean'),
                       ('gmean_base', 'gmean_base'), ('gmean', 'gmean')):
            a = j.get(jk)
            a = math.nan if a is None else float(a)
            b = fnum(r[ck])
            if math.isnan(a) != math.isnan(b) or (
                    not math.isnan(a) and
                    abs(a - b) > 1e-13 * max(1, abs(b))):
                c.fail(1, '%s: JSON %s %r, CSV %r' % (name, jk, a, b))
        for k in ('marks', 'center', 'verdict'):
            if j.get(k) != r[k]:
                c.fail(7, '%s: JSON %s %r, CSV %r' % (name, k, j.get(k),
                                                      r[k]))
        if ('h' in r['marks']) != ('ci_stepdown' in j.get('flags', [])):
            c.fail(4, '%s: marks %r, flags %r' % (name, r['marks'],
                                                   j.get('flags')))


def check_change(c, where, base, v, diff):
    """Rule 1 for one printed row: baseline value base and value v
    (texts), the change diff between them ("+9.23%")."""
    pm = PCT.match(diff)
    if not pm or not NUM.match(v) or not NUM.match(base):
        return
    p = float(pm.group(1) + pm.group(2))
    fb, fv = float(base), float(v)
    # rule 1, sign
    if fv > fb and p < 0 or fv < fb and p > 0:
        c.fail(1, '%s: printed %s -> %s but change %s' %
               (where, base, v, diff))
    # rule 1, size: the change the rounded values allow
    hb = 0.5 * 10 ** -decimals(base)
    hv = 0.5 * 10 ** -decimals(v)
    hp = 0.5 * 10 ** -decimals(pm.group(2)) + 1e-9
    if fb - hb > 0:
        ends = [100 * (x - y) / y for x in (fv - hv, fv + hv)
                for y in (fb - hb, fb + hb)]
        lo, hi = min(ends), max(ends)
        if p < lo - hp or p > hi + hp:
            c.fail(1, '%s: printed %s -> %s allows %.4g..%.4g %%, '
                   'the change reads %s' % (where, base, v, lo, hi,
                                             diff))


def same_changes(c, name_a, a, name_b, b):
    """Rule 1 across formats: a and b map (result number, label) to the
    change printed; the same row prints the same change in both."""
    if len(set(k[0] for k in a)) != len(set(k[0] for k in b)):
        return
    for k in sorted(set(a) & set(b)):
        pa, pb = PCT.match(a[k]), PCT.match(b[k])
        if not pa or not pb:
            continue
        x = float(pa.group(1) + pa.group(2))
        y = float(pb.group(1) + pb.group(2))
        tol = 0.5 * 10 ** -decimals(pa.group(2)) + \
            0.5 * 10 ** -decimals(pb.group(2)) + 1e-9
        if abs(x - y) > tol:
            c.fail(1, 'result %d, %s: %s prints %s, %s prints %s' %
                   (k[0] + 1, k[1], name_a, a[k], name_b, b[k]))


def check_table(c, table, by_result, order, where='table'):
    """Returns {(row number, label): change printed}."""
    head, body = table
    changes = {}
    if not head:
        return changes
    for h in head:
        if re.search(r'(^|[^.\d])100% CI', h):
            c.fail(5, 'heading %r' % h)
    # after the baseline: value, DIFF, CI (none where every row has one
    # run per system), Verdict
    starts = [k - 1 for k, h in enumerate(head) if h == 'DIFF']
    some_ci = False
    used = set()
    for ri, cells in enumerate(body):
        if len(cells) < 5 or len(cells) < len(head):
            continue
        base = cells[1]
        if not NUM.match(base):
            continue
        blocks = []
        for k in starts:
            if head[k + 2] == 'Verdict':
                blocks.append(cells[k:k + 2] + [''] + cells[k + 2:k + 3])
            else:
                blocks.append(cells[k:k + 4])
            changes[(ri, head[k])] = cells[k + 1]
        if any(b[2] not in ('-', '') for b in blocks):
            some_ci = True
        for (v, diff, ci, verdict) in blocks:
            if 'e+' in ci or 'e-' in ci:
                c.fail(5, 'interval %r in e-notation' % ci)
            for m in re.finditer(r'[+-]\d+(?:\.\d+)?', ci):
                if float(m.group(0)) < -100 and '%' not in diff[:0]:
                    if not diff.endswith('%'):
                        continue
                    c.fail(9, 'interval %r below -100%%' % ci)
            check_change(c, where, base, v, diff)
        # find the CSV result this row shows: its values print as these
        for key in order:
            if key in used:
                continue
            rs = by_result[key]
            if len(rs) != len(blocks):
                continue
            cen = rs[0]['center']
            col = 'gmean' if cen == 'gmean' else 'mean'
            vb = fnum(rs[0][col + '_base'])
            if math.isnan(vb) or not prints_as(vb, base):
                continue
            texts = [base] + [b[0] for b in blocks]
            vals = [vb] + [fnum(r[col]) for r in rs]
            if not all(NUM.match(t) and prints_as(x, t)
                       for t, x in zip(texts, vals)):
                continue
            used.add(key)
            for i in range(len(vals)):
                for j in range(i + 1, len(vals)):
                    apart = abs(vals[i] - vals[j]) > 1e-12 * max(
                        abs(vals[i]), abs(vals[j]))
                    if apart and texts[i] == texts[j]:
                        c.fail(3, '%g and %g both print %s' %
                               (vals[i], vals[j], texts[i]))
            for r, b in zip(rs, blocks):
                marks = b[3].split(' ')[1] if ' ' in b[3] else ''
                if 'h' in r['marks'] and 'h' not in marks:
                    c.fail(4, '%s: verdict %r without mark h' %
                           (r['label'], b[3]))
                if marks != r['marks']:
                    c.fail(7, '%s: table marks %r, CSV %r' %
                           (r['label'], marks, r['marks']))
            break
    one_each = all(fnum(r['n_base']) <= 1 and fnum(r['n']) <= 1
                   for k in order for r in by_result[k])
    if one_each and starts and not some_ci and \
            any('CI' in h for h in head):
        c.fail(5, '%s: a CI column of nothing but "-"' % where)
    return changes


def text_table(text):
    """--format table at a width that keeps it one table: its heading
    and rows as cells (columns two spaces apart), or nothing."""
    head, body = [], []
    for line in text.split('\n'):
        if '|' not in line or line.startswith('='):
            if head and not line.strip():
                break
            continue
        left, right = line.split('|', 1)
        cells = [left.strip()] + re.split(r'\s{2,}',
                                          right.strip().rstrip('|').strip())
        if not head:
            head = cells
        else:
            body.append(cells)
    return head, body


def check_report_text(c, text):
    """The text report at a width that keeps a row on one line: rule 1
    for each row against its result's baseline, as printed. Returns
    {(result number, label): change printed}."""
    lines = text.split('\n')
    heads = [i for i, l in enumerate(lines) if re.match(r'^ +n +mean', l)]
    changes = {}
    if not heads:
        return changes
    h = lines[heads[0]]
    n_end = h.index(' n ') + 2
    # the means and their spread end under CV; with one run per system
    # everywhere there is no CV column, and the (right-aligned) means
    # end under "mean"
    cv_end = h.index('CV') + 2 if 'CV' in h else h.index('mean') + 4
    ri, base = -1, None
    for i in range(heads[0] + 1, len(lines)):
        l = lines[i]
        if l.startswith('geometric mean of the ratios') or \
                l.startswith('notes:'):
            break
        if l and not l.startswith(' '):
            ri += 1  # a result's title: its baseline comes next
            base = None
            continue
        if ri < 0 or not l.startswith('  ') or len(l) <= n_end:
            continue
        l = l.ljust(cv_end)
        label = re.sub(r'\s+\d+$', '', l[:n_end].strip())
        mean = l[n_end:cv_end].split()
        chg = l[cv_end:].split()
        if not mean:
            continue
        if base is None:
            base = mean[0]
            continue
        if chg:
            changes[(ri, label)] = chg[0]
            check_change(c, 'text', base, mean[0], chg[0])
    return changes


def check_text(c, text):
    for line in re.sub(r'<[^>]*>', ' ', text).split('\n'):
        if re.search(r'\[[+-]?\d[\d.]*e[+-]\d+', line):
            c.fail(5, 'text interval in e-notation: %s' % line.strip())
        if re.search(r'(^|[^.\d])100% (CI|Welch|interval|confidence)',
                     line):
            c.fail(5, 'text level 100%%: %s' % line.strip())


def check(fsr, args):
    c = Checker(' '.join(args))
    try:
        text_csv = run(fsr, args, 'csv')
        doc = run(fsr, args, 'json')
        md = run(fsr, args, 'markdown')
        page = run(fsr, args, 'html')
        table = run(fsr, args, 'table')
        txt = run(fsr, args, 'ascii')
    except RuntimeError as e:
        c.fail(0, str(e))
        return c
    rows, by_result, order = csv_rows(text_csv)
    check_csv(c, rows)
    check_json(c, doc, rows)
    in_md = check_table(c, md_table(md), by_result, order, 'Markdown')
    check_table(c, html_table(page), by_result, order, 'HTML')
    try:
        wide = run(fsr, ['--width', '100000'] + args, 'table')
        text = run(fsr, ['--width', '100000'] + args, 'ascii')
    except RuntimeError as e:
        c.fail(0, str(e))
        return c
    in_table = check_table(c, text_table(wide), by_result, order,
                           '--format table')
    in_text = check_report_text(c, text)
    same_changes(c, 'Markdown', in_md, '--format table', in_table)
    same_changes(c, '--format table', in_table, 'the text', in_text)
    for t in (txt, md, page, table):
        check_text(c, t)
    return c


def generate(folder, seed):
    rnd = random.Random(seed)
    n_sys = rnd.choice([2, 2, 3, 4, 6, 10, 25, 40])
    n_res = rnd.randint(1, 4)
    os.makedirs(folder, exist_ok=True)
    tests = []
    for k in range(n_res):
        kind = rnd.choice(['lognormal', 'normal', 'outliers', 'negative',
                           'constant', 'tiny'])
        better = rnd.choice(['higher', 'lower'])
        tests.append(('t%d' % k, 'case %d %s' % (k, kind), 's', better,
                      kind, rnd.uniform(0.5, 5000)))
    for s in range(n_sys):
        n = rnd.choice([1, 2, 3, 5, 10, 30]) if s else \
            rnd.choice([1, 3, 5, 10, 30])
        shift = rnd.choice([1, 1, 1.01, 1.2, 0.7, 3])
        with open(os.path.join(folder, 's%02d.csv' % s), 'w') as f:
            f.write('test,description,unit,better,value\n')
            for (t, d, u, b, kind, scale) in tests:
                for _ in range(n):
                    m = scale * shift
                    if kind == 'lognormal':
                        x = m * rnd.lognormvariate(0, 1.0)
                    elif kind == 'normal':
                        x = rnd.gauss(m, m * 0.05)
                    elif kind == 'outliers':
                        x = m * (rnd.choice([1] * 9 + [8]) *
                                 rnd.uniform(0.95, 1.05))
                    elif kind == 'negative':
                        x = rnd.gauss(0, scale)
                    elif kind == 'tiny':
                        x = abs(rnd.gauss(m * 1e-3, m * 1e-4)) + 1e-9
                    else:
                        x = round(m, 2)
                    f.write('%s,%s,%s,%s,%.6g\n' % (t, d, u, b, x))
    return sorted(os.path.join(folder, x) for x in os.listdir(folder))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == 'check':
        c = check(sys.argv[2], sys.argv[3:])
        for b in c.bad:
            print('# ' + b)
        print('%s - %s' % ('ok' if not c.bad else 'not ok', c.name))
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == 'generate':
        for p in generate(sys.argv[2], int(sys.argv[3])):
            print(p)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
