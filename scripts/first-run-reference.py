#!/usr/bin/python3
"""first-run-reference.py - reference values of the slow-first-run test
(docs/methods.md section 10) from SciPy, for tests/unit/test-validity.c:

    /usr/bin/python3 scripts/first-run-reference.py \\
        > tests/data/stats/first-run-reference.txt

For each case: the runs in the order they ran, the direction, then t
(n - 2 df), the one-sided p on the slow side (scipy.stats.t.sf / cdf),
the one-sided 99% prediction bound of the others (scipy.stats.t's
quantile, refined: see t_quantile) and
the arithmetic mean without the first run. Written from the formula in
docs/methods.md, never from fsreport's output. Needs Debian's
python3-scipy; nothing in the build or the tests runs it.
"""
import math

import numpy as np
from scipy import stats

ALPHA = 0.01

CASES = [
    # examples/sync-modes, "No sync data=ordered", runs 01..10
    ("sync-time", "lower",
     [1.71, 0.15, 0.18, 0.16, 0.17, 0.12, 0.38, 0.14, 0.23, 0.16]),
    ("sync-rate", "higher",
     [149, 1654, 1457, 1649, 1551, 2131, 676, 1856, 1135, 1577]),
    # examples/sync-modes, "data=ordered fsync()": a slow 8th run only
    ("fsync-time", "lower",
     [0.31, 0.30, 0.26, 0.22, 0.22, 0.27, 0.26, 0.97, 0.25, 0.25]),
    ("n4", "lower", [5.0, 1.0, 1.1, 0.9]),
    ("n30", "lower",
     [2.0] + [1 + 0.01 * ((7 * k) % 13) for k in range(29)]),
    ("n30-fast", "higher",
     [0.5] + [1 + 0.01 * ((7 * k) % 13) for k in range(29)]),
]


def t_quantile(q, df):
    """scipy.stats.t.ppf refined by Newton steps on scipy.stats.t.cdf:
    SciPy 1.10's ppf is off by about 1e-9 (at df = 2 the closed form
    (2q - 1) / sqrt(2q(1 - q)) says so), its cdf is not."""
    x = stats.t.ppf(q, df)
    for _ in range(3):
        x -= (stats.t.cdf(x, df) - q) / stats.t.pdf(x, df)
    return x


def case(name, better, x):
    x = np.asarray(x, dtype=float)
    y = np.log(x)
    o = y[1:]
    m = len(o)
    k = o.std(ddof=1) * math.sqrt(1 + 1 / m)
    t = (y[0] - o.mean()) / k
    if better == "lower":
        p = stats.t.sf(t, m - 1)
        bound = math.exp(o.mean() + t_quantile(1 - ALPHA, m - 1) * k)
    else:
        p = stats.t.cdf(t, m - 1)
        bound = math.exp(o.mean() - t_quantile(1 - ALPHA, m - 1) * k)
    print("%s %s t=%.17g p=%.17g bound=%.17g mean_others=%.17g" %
          (name, better, t, p, bound, x[1:].mean()))


p = 1 - ALPHA
assert abs(t_quantile(p, 2) - (2 * p - 1) / math.sqrt(2 * p * (1 - p))) \
    < 1e-13
for c in CASES:
    case(*c)
