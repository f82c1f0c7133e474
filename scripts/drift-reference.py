#!/usr/bin/python3
"""drift-reference.py - reference values of the Mann-Kendall drift test
(docs/methods.md "Drift across the runs") for tests/unit/test-validity.c:

    python3 scripts/drift-reference.py > tests/data/stats/drift-reference.txt

Written from the test's textbook definition (Mann 1945, Kendall 1975;
as pymannkendall's original_test computes it: S, its variance with the
tie correction, the continuity-corrected z, two-sided p from the normal
via math.erfc) and Sen's slope (the median of all pairwise slopes), in
plain Python 3 with exact fractions where they apply; never from
fsreport's output. One line per case: name, the values, then S, var S,
z, p, Sen's slope (17 significant digits).
"""
from fractions import Fraction as F
import math
import statistics

CASES = {
    "rising": [10.1, 10.3, 10.2, 10.6, 10.5, 10.9, 11.0, 11.2, 11.1, 11.5],
    "falling-ties": [5, 5, 4, 4, 4, 3, 3, 2, 2, 1],
    "noise": [3.1, 2.9, 3.3, 3.0, 3.2, 2.8, 3.1, 3.0, 3.3, 2.9, 3.0, 3.1],
    "flat": [7, 7, 7, 7, 7, 7, 7, 7],
    "first-slow": [1.71, 0.16, 0.17, 0.15, 0.16, 0.18, 0.16, 0.17, 0.15,
                   0.16],
    "eight": [1, 2, 3, 4, 5, 6, 8, 7],
}


def mk(x):
    n = len(x)
    s = sum((x[j] > x[i]) - (x[j] < x[i])
            for i in range(n) for j in range(i + 1, n))
    groups = {}
    for v in x:
        groups[v] = groups.get(v, 0) + 1
    ties = sum(t * (t - 1) * (2 * t + 5) for t in groups.values())
    var = F(n * (n - 1) * (2 * n + 5) - ties, 18)
    if var > 0 and s != 0:
        z = (s - (1 if s > 0 else -1)) / math.sqrt(var)
        p = math.erfc(abs(z) / math.sqrt(2))
    else:
        z, p = 0.0, 1.0
    slopes = [(F(x[j]) - F(x[i])) / (j - i)
              for i in range(n) for j in range(i + 1, n)]
    sen = statistics.median(slopes)
    return s, var, z, min(p, 1.0), sen


for name, x in CASES.items():
    s, var, z, p, sen = mk(x)
    print("%s %d %s %d %.17g %.17g %.17g %.17g" % (
        name, len(x), " ".join(repr(v) for v in x), s, float(var), z, p,
        float(sen)))
