#!/usr/bin/python3
"""plan-simulation.py - fsreport plan's sizes checked by simulation
(docs/methods.md section 13): the tests compare really runs (Welch on the
logarithms; two one-sided Welch tests) on lognormal runs at CV 2, 10 and
30 %, n runs per side, 20 000 data sets a cell, seed 38.

    /usr/bin/python3 scripts/plan-simulation.py

For each case it prints the runs R's formulas give (power.t.test for a
change, the exact pooled-t TOST power for equivalence; the numbers are
tests/data/stats/plan-reference.txt's), the simulated power at n - 1, n
and n + 1, and the simulated size of the equivalence test with the true
ratio at the margin (must be <= alpha). Written with numpy and SciPy,
never with fsreport. Nothing in the build or the tests runs it.
"""
import math

import numpy as np
from scipy import stats

SETS = 20000
rng = np.random.default_rng(38)


def welch(la, lb):
    ma, mb = la.mean(1), lb.mean(1)
    va, vb = la.var(1, ddof=1), lb.var(1, ddof=1)
    na, nb = la.shape[1], lb.shape[1]
    qa, qb = va / na, vb / nb
    se = np.sqrt(qa + qb)
    df = (qa + qb) ** 2 / (qa * qa / (na - 1) + qb * qb / (nb - 1))
    return mb - ma, se, df


def runs(n, sd, shift):
    a = rng.normal(0, sd, (SETS, n))
    b = rng.normal(shift, sd, (SETS, n))
    return a, b


def detect_power(n, sd, delta, alpha):
    d, se, df = welch(*runs(n, sd, delta))
    p = 2 * stats.t.sf(np.abs(d / se), df)
    return (p <= alpha).mean()


def tost_power(n, sd, delta, alpha, shift=0.0):
    d, se, df = welch(*runs(n, sd, shift))
    pl = stats.t.sf((d + delta) / se, df)
    pu = stats.t.cdf((d - delta) / se, df)
    return (np.maximum(pl, pu) <= alpha).mean()


CASES = [
    # kind, pct, CV, alpha (per row), power, R's runs
    ("detect", 2, 0.02, 0.05, 0.8, 18),
    ("detect", 2, 0.02, 0.05 / 3, 0.8, 23),
    ("detect", 5, 0.10, 0.05, 0.8, 67),
    ("detect", 20, 0.30, 0.01, 0.8, 63),
    ("equivalence", 2, 0.02, 0.05, 0.8, 19),
    ("equivalence", 2, 0.02, 0.05 / 3, 0.8, 25),
    ("equivalence", 5, 0.10, 0.05, 0.8, 73),
    ("equivalence", 20, 0.30, 0.01, 0.8, 69),
]

print("| test | margin | CV | alpha | runs (R) | power at n-1 | n | n+1 "
      "| size at the margin |")
print("|---|---|---|---|---|---|---|---|---|")
for kind, pct, cv, alpha, power, n in CASES:
    sd = math.sqrt(math.log1p(cv * cv))
    delta = math.log1p(pct / 100)
    f = detect_power if kind == "detect" else tost_power
    pw = [f(k, sd, delta, alpha) for k in (n - 1, n, n + 1)]
    size = (tost_power(n, sd, delta, alpha, shift=delta)
            if kind == "equivalence" else float("nan"))
    print("| %s | %g %% | %g %% | %.4g | %d | %.3f | %.3f | %.3f | %s |" %
          (kind, pct, 100 * cv, alpha, n, pw[0], pw[1], pw[2],
           "-" if math.isnan(size) else "%.4f" % size))
