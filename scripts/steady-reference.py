#!/usr/bin/python3
"""steady-reference.py - reference values of the steady-state rules
(docs/methods.md "Steady state within a run") for tests/unit/test-steady.c:

    python3 scripts/steady-reference.py > tests/data/stats/steady-reference.txt

Written from the rules' texts (SNIA SSS PTS: a window of 5 rounds whose
range is within 20 % of its average and whose least-squares line moves
by at most 10 % of it across the window; fio's steadystate.c: 100
|slope| / mean < L, 100 max |y - mean| / mean < L), with the slope from
the textbook sums (n Sxy - Sx Sy) / (n Sxx - Sx^2) in exact fractions,
never from fsreport's output. Plain Python 3, no modules beyond the
standard library. One line per case: name, rule, window, limit, range
limit, then steady (0/1), start, mean_steady, range_pct, crit_pct (17
significant digits; nan when not steady).
"""
from fractions import Fraction as F
import os
import sys

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def slope(y):
    n = len(y)
    xs = range(n)
    sx = sum(F(x) for x in xs)
    sy = sum(F(v) for v in y)
    sxy = sum(F(x) * F(v) for x, v in zip(xs, y))
    sxx = sum(F(x * x) for x in xs)
    return (n * sxy - sx * sy) / (n * sxx - sx * sx)


def check(y, rule, w, limit, rng):
    crit = rpct = None
    for s in range(0, len(y) - w + 1):
        win = [F(v) for v in y[s:s + w]]
        mean = sum(win) / w
        rpct = 100 * (max(win) - min(win)) / mean
        if rule == "snia":
            crit = 100 * abs(slope(win)) * (w - 1) / mean
            ok = rpct <= rng and crit <= limit
        elif rule == "fio-slope":
            crit = 100 * abs(slope(win)) / mean
            ok = crit < limit
        else:
            crit = 100 * max(abs(v - mean) for v in win) / mean
            ok = crit < limit
        if ok:
            rest = [F(v) for v in y[s:]]
            return 1, s, sum(rest) / len(rest), rpct, crit
    return 0, 0, None, rpct, crit


def log_values(name):
    with open(os.path.join(TOP, "tests/data/fio/series", name)) as f:
        return [int(line.split(",")[1]) for line in f if line.strip()]


CASES = [
    ("warmup", [10, 20, 40, 60, 80, 95, 100, 98, 101, 99, 100, 102, 97]),
    ("ramp", [100 + 10 * i for i in range(12)]),
    ("flat", [50, 50, 50, 50, 50, 50]),
] + [("iops-%d" % r, log_values("randwrite-%d_iops.1.log" % r))
     for r in (1, 2, 3)]
RULES = [("snia", 5, 10, 20), ("fio-slope", 5, 1, 0), ("fio-dev", 5, 20, 0),
         ("fio-slope", 8, 2, 0)]


def g(x):
    return "nan" if x is None else "%.17g" % float(x)


for name, y in CASES:
    for rule, w, limit, rng in RULES:
        st, start, ms, rp, cr = check(y, rule, w, limit, rng)
        sys.stdout.write("%s %s %d %g %g %d %d %s %s %s\n" % (
            name, rule, w, limit, rng, st, start, g(ms), g(rp), g(cr)))
