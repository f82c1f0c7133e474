#!/usr/bin/env python3
"""view-rules-svg.py - read fsreport's charts back from their SVG text
and check them against its CSV, independently of fsreport's code (the
chart side of the view's rules, README "One view"; view-rules.py does
the tables):

  view-rules-svg.py check FSREPORT ARGS...   run compare with ARGS in
                                             CSV and --chart-dir (SVG)

Rules checked (by number):
 2  bars and labels agree: the % beside a bar has the sign of the
    difference of its bar and the baseline's; the value label starts at
    the bar's end, not past the farthest dot.
 1  the % beside a bar is the CSV's change, to its printed decimals.
 5  no interval or change in e-notation, no level "100%", no change
    printed with more than 5 digits before the point.
 6  the unit on a bar chart's caption is the CSV's (the tables') unit.
 7  the marks beside a bar and beside a change chart row are the CSV's.
 8  every level label on the change chart is the level the CSV gives
    for the row (ci_level), or the family's for a geometric mean.
    An interval that spans more than a factor of 100 says "too wide".
Prints "ok"/"not ok" lines (TAP without a plan) and exits 0.
"""
import csv
import io
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
VALUE = re.compile(r'^(\S+)  (baseline|([+-]?\d+(?:\.\d+)?)%)(?: ([a-z]+))?$')
MARKS = re.compile(r'^[sefovdczxnumahgkwytrij]+$')
VERDICTS = ('better', 'worse', 'same', 'n/a')


class Checker:
    def __init__(self, name):
        self.name = name
        self.bad = []
        self.seen = 0

    def fail(self, rule, what):
        if len(self.bad) < 12:
            self.bad.append('rule %d: %s' % (rule, what))


def fnum(s):
    try:
        return float(s) if s != '' else math.nan
    except ValueError:
        return math.nan


def elements(path):
    """The shapes of an SVG in document order: (tag, attrib, text)."""
    out = []
    for e in ET.parse(path).getroot().iter():
        tag = e.tag.replace(NS, '')
        out.append((tag, e.attrib, e.text or ''))
    return out


def texts(els, cls=None):
    return [t for (tag, a, t) in els
            if tag == 'text' and (cls is None or a.get('class') == cls)]


def bar_rows(els):
    """Per bar: its rect, the label lines before it, its value text."""
    rows = []
    label = []
    for tag, a, t in els:
        if tag == 'text' and a.get('class') == 'f3':
            label.append(t)
        elif tag == 'rect' and 'stroke' in a and rows is not None:
            rows.append({'x': float(a['x']), 'w': float(a['width']),
                         'label': ' '.join(label), 'value': None})
            label = []
        elif tag == 'text' and rows and rows[-1]['value'] is None:
            m = VALUE.match(t)
            if m:
                rows[-1]['value'] = (float(a['x']), m)
    return rows


def check_bars(c, path, by_key):
    els = texts_all = elements(path)  # noqa
    title = texts(els, 'f0')
    sub = texts(els, 'f1')
    if not title:
        return
    caption = texts(els, 'f2')
    # the chart of which CSV result: its test (the title, a version
    # after it), description and unit; skipped when that is ambiguous
    cands = [rs for (test, desc), group in by_key.items()
             if (title[0] == test or title[0].startswith(test + ' '))
             and ' '.join(sub) == desc for rs in group.values()]
    if len(cands) > 1 and caption:
        cands = [rs for rs in cands
                 if caption[0].split(',')[0] == rs[0]['unit']]
    if len(cands) != 1:
        return
    rows_csv = cands[0]
    c.seen += 1
    name = os.path.basename(path)
    r0 = rows_csv[0]
    if r0['unit'] and caption and not (
            caption[0] == r0['unit'] or caption[0].startswith(
                r0['unit'] + ', ')):
        c.fail(6, '%s: caption %r, the tables print %r' %
               (name, caption[0], r0['unit']))
    rows = bar_rows(texts_all)
    base = [r for r in rows if r['value'] and
            r['value'][1].group(2) == 'baseline']
    if len(base) != 1:
        return
    bw = base[0]['w']
    base_marks = set(''.join(x['marks'] for x in rows_csv))
    for r in rows:
        if not r['value']:
            continue
        vx, m = r['value']
        end = r['x'] + r['w']
        if vx < r['x']:
            continue  # a negative bar: its label on the left
        if not (end - 1 <= vx <= end + 14):
            c.fail(2, '%s: %s label at x %.1f, its bar ends at %.1f' %
                   (name, r['label'], vx, end))
        marks = m.group(4) or ''
        if m.group(2) == 'baseline':
            if not set(marks) <= base_marks:
                c.fail(7, '%s: baseline marks %r, CSV rows %r' %
                       (name, marks, ''.join(sorted(base_marks))))
            continue
        p = float(m.group(3))
        if abs(r['w'] - bw) > 1.5 and (p > 0) != (r['w'] > bw) and p:
            c.fail(2, '%s: %s bar %s than the baseline\'s, labelled %s'
                   % (name, r['label'], 'longer' if r['w'] > bw else
                      'shorter', m.group(2)))
        match = [x for x in rows_csv if x['label'] == r['label']]
        if len(match) != 1 or '\u2026' in r['label']:
            continue
        x = match[0]
        d = fnum(x['delta_pct'])
        if x['method'] != 'hodges-lehmann' and not math.isnan(d) and \
                abs(d - p) > 0.005 + 1e-9 and x['center'] == 'gmean':
            c.fail(1, '%s: %s %s, the CSV %g' % (name, r['label'],
                                                  m.group(2), d))
        if marks != x['marks']:
            c.fail(7, '%s: %s marks %r, CSV %r' % (name, r['label'],
                                                   marks, x['marks']))


def level_text(level):
    return '%g' % (100 * level)


def check_changes(c, paths, rows):
    values = []
    heading = ''
    for path in paths:
        els = elements(path)
        sub = ' '.join(texts(els, 'f1'))
        heading = heading or sub
        all_t = texts(els)
        for i, t in enumerate(all_t):
            if re.search(r'\d[eE][+-]\d', t):
                c.fail(5, '%s: e-notation %r' % (os.path.basename(path), t))
            if re.search(r'(^|[^.\d])100(\.0+)?%[:) ]', t):
                c.fail(5, 'a level of 100%%: %r' % t)
            if re.search(r'[+-]\d{6,}(\.\d+)?%', t):
                c.fail(5, 'a change of %r' % t)
            m = re.match(r'^([+-]?\d+(?:\.\d+)?)%(?: (.*))?$', t)
            if m and i + 1 < len(all_t):
                values.append((m.group(1), m.group(2) or '', all_t[i + 1]))
    family = re.search(r'\((\d+(?:\.\d+)?)% CI', heading)
    k = 0
    for x in rows:
        d = fnum(x['delta_pct'])
        if math.isnan(d) or x['method'] == 'diff-welch':
            continue
        # the next value in the charts that is not a geometric mean's
        while k < len(values) and values[k][1] == '':
            k += 1
        if k >= len(values):
            c.fail(7, 'the change chart has fewer rows than the CSV')
            return
        pct, rest, second = values[k]
        k += 1
        words = rest
        for v in ('not tested: direction unknown', 'not tested') + VERDICTS:
            if words.startswith(v):
                words = words[len(v):].strip()
                break
        marks = words if MARKS.match(words) else ''
        if marks != x['marks']:
            c.fail(7, 'change chart %s/%s: marks %r, CSV %r' %
                   (x['test'], x['label'], marks, x['marks']))
        lo, hi = fnum(x['ci_low_pct']), fnum(x['ci_high_pct'])
        wide = (math.isfinite(lo) and math.isfinite(hi) and
                (1 + lo / 100 <= 0 or 1 + hi / 100 > 100 *
                 (1 + lo / 100))) or (math.isinf(lo) or math.isinf(hi))
        if wide and 'too wide' not in second:
            c.fail(5, 'change chart %s/%s: interval %g..%g %% is %r' %
                   (x['test'], x['label'], lo, hi, second))
        m = re.match(r'^(\d+(?:\.\d+)?)%: ', second)
        if m and x['ci_level']:
            shown = float(m.group(1))
            lv = 100 * float(x['ci_level'])
            dec = len(m.group(1).split('.')[1]) if '.' in m.group(1) else 0
            if abs(shown - lv) > 0.5 * 10 ** -dec + 1e-9:
                c.fail(8, 'change chart %s/%s: level %s%%, computed at '
                       '%s%%' % (x['test'], x['label'], m.group(1),
                                 level_text(float(x['ci_level']))))
    # geometric means: at the family's level
    for pct, rest, second in values:
        if rest == '' and family:
            m = re.match(r'^(\d+(?:\.\d+)?)%: ', second)
            if m and abs(float(m.group(1)) - float(family.group(1))) > 1e-9:
                c.fail(8, 'geometric mean at %s%%, the heading says %s%%'
                       % (m.group(1), family.group(1)))


def check(fsr, args):
    c = Checker(' '.join(args))
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([fsr, 'compare', '--format', 'csv'] + args,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode not in (0, 1):
            c.fail(0, 'csv exit %d: %s' % (p.returncode,
                                           p.stderr.decode()[:300]))
            return c
        rows = list(csv.DictReader(io.StringIO(p.stdout.decode())))
        d = os.path.join(tmp, 'c')
        q = subprocess.run([fsr, 'compare', '--format', 'csv',
                            '--chart-dir', d] + args,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if q.returncode not in (0, 1):
            c.fail(0, 'charts exit %d: %s' % (q.returncode,
                                              q.stderr.decode()[:300]))
            return c
        by_key = {}
        for r in rows:
            by_key.setdefault((r['test'], r['description']), {}) \
                .setdefault(r['result'], []).append(r)
        files = sorted(os.listdir(d))
        for f in files:
            if re.match(r'^\d+-.*\.svg$', f):
                check_bars(c, os.path.join(d, f), by_key)
        check_changes(c, [os.path.join(d, f) for f in files
                          if f.startswith('change')], rows)
        if rows and not c.seen:
            c.fail(0, 'no bar chart matched a CSV result')
    return c


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == 'check':
        c = check(sys.argv[2], sys.argv[3:])
        for b in c.bad:
            print('# ' + b)
        print('%s - %s (%d bar charts)' % ('ok' if not c.bad else 'not ok',
                                           c.name, c.seen))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
