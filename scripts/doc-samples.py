#!/usr/bin/env python3
"""doc-samples.py - the sample outputs in README.md and docs/*.md are the
tool's own, made from the examples (README "One view"):

  doc-samples.py FSREPORT FILE...            check: exit 1 when a sample
                                             differs from the tool's output
  doc-samples.py --update FSREPORT FILE...   rewrite the samples

A sample is the fenced block (```) that follows a marker line

  <!-- sample: ARGS -->
  <!-- sample: ARGS | lines 1-7,17-20 -->

ARGS are fsreport's arguments (split as the shell would, run from the
top of the tree); "lines" keeps those lines of the output, with "..."
where lines are left out. When the block starts with a "$ " line, that
line (the command as a reader types it) is kept and the output follows.
"""
import os
import shlex
import subprocess
import sys

MARK = '<!-- sample: '


def pick(lines, spec):
    keep = []
    for part in spec.split(','):
        a, _, b = part.strip().partition('-')
        a = int(a)
        b = int(b) if b else a
        if keep and keep[-1] != a - 1 and keep[-1] is not None:
            keep.append(None)
        keep.extend(range(a, b + 1))
    out = []
    for k in keep:
        if k is None:
            out.append('...')
        elif 1 <= k <= len(lines):
            out.append(lines[k - 1])
    return out


def render(fsr, marker):
    body = marker[len(MARK):].rsplit('-->', 1)[0].strip()
    args, _, spec = body.partition('|')
    p = subprocess.run([fsr] + shlex.split(args), stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL,
                       env=dict(os.environ, LC_ALL='C', COLUMNS=''))
    lines = p.stdout.decode('utf-8').rstrip('\n').split('\n')
    spec = spec.strip()
    if spec.startswith('lines '):
        lines = pick(lines, spec[len('lines '):])
    return lines


def process(fsr, path, update):
    text = open(path, encoding='utf-8').read().split('\n')
    out = []
    bad = 0
    i = 0
    while i < len(text):
        line = text[i]
        out.append(line)
        i += 1
        if not line.startswith(MARK):
            continue
        while i < len(text) and not text[i].startswith('```'):
            out.append(text[i])
            i += 1
        if i >= len(text):
            break
        out.append(text[i])  # the opening fence
        i += 1
        old = []
        while i < len(text) and not text[i].startswith('```'):
            old.append(text[i])
            i += 1
        new = render(fsr, line)
        if old and old[0].startswith('$ '):
            new = [old[0]] + new
        if new != old:
            bad += 1
            sys.stdout.write('%s: the sample after %r is not what fsreport '
                             'prints\n' % (path, line))
            for o, n in zip(old, new):
                if o != n:
                    sys.stdout.write('  doc:  %s\n  tool: %s\n' % (o, n))
                    break
        out.extend(new)
    if update:
        open(path, 'w', encoding='utf-8').write('\n'.join(out))
    return bad


def main():
    argv = sys.argv[1:]
    update = bool(argv) and argv[0] == '--update'
    if update:
        argv = argv[1:]
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    bad = sum(process(argv[0], f, update) for f in argv[1:])
    return 1 if bad and not update else 0


if __name__ == '__main__':
    sys.exit(main())
