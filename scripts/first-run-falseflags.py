#!/usr/bin/python3
"""first-run-falseflags.py - how often the slow-first-run rule
(docs/methods.md section 10) flags a first run of clean data, where every
run comes from one distribution, and how often it finds a first run 5
times slower: a simulation with numpy, the p values from scipy.stats.t,
written from the rule, never from fsreport's output.

    /usr/bin/python3 scripts/first-run-falseflags.py [REPS]

Prints the Markdown tables of docs/methods.md section 10. Clean cases:
lognormal runs of CV 2, 10 and 30 %; normal runs of the same CVs (a run
<= 0 is never tested); a heavy-tailed case, exp(s T3) with Student's t
of 3 degrees of freedom. Each for n = 4, 5, 10, 30 and both directions
(lower is better tests the upper tail, higher is better the lower).
REPS (default 20000) data sets per cell, seed 37: the rates are good to
about +-0.15 percentage points at 1 %. Needs Debian's python3-scipy;
nothing in the build or the tests runs it.
"""
import sys

import numpy as np
from scipy import stats

ALPHA = 0.01        # FSR_FIRST_ALPHA
MATERIAL = 0.01     # FSR_FIRST_MATERIAL_PCT / 100
NS = (4, 5, 10, 30)
REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
rng = np.random.default_rng(37)


def flagged(x, lower):
    """The share of rows of x (runs in the order they ran) flagged."""
    tested = (x > 0).all(axis=1)
    y = np.log(np.where(x > 0, x, 1.0))
    o = y[:, 1:]
    m = o.shape[1]
    k = o.std(axis=1, ddof=1) * np.sqrt(1 + 1 / m)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (y[:, 0] - o.mean(axis=1)) / k
    p = stats.t.sf(t, m - 1) if lower else stats.t.cdf(t, m - 1)
    without = x[:, 1:].mean(axis=1)
    material = np.abs(x.mean(axis=1) - without) > MATERIAL * np.abs(without)
    return (tested & (p < ALPHA) & material).mean()


def runs(kind, cv, n):
    if kind == "lognormal":
        s = np.sqrt(np.log(1 + cv * cv))
        return np.exp(rng.normal(0, s, (REPS, n)))
    if kind == "normal":
        return rng.normal(1, cv, (REPS, n))
    return np.exp(cv * rng.standard_t(3, (REPS, n)))


def pct(f):
    return "%.1f" % (100 * f)


print("False flags on clean data, %% of %d data sets (lower is better / "
      "higher is better):\n" % REPS)
print("| runs | " + " | ".join("n = %d" % n for n in NS) + " |")
print("|---|" + "---|" * len(NS))
worst = 0
for kind, label in (("lognormal", "lognormal, CV %g %%"),
                    ("normal", "normal, CV %g %%"),
                    ("t3", "exp(%g T3)")):
    for cv in (0.02, 0.10, 0.30):
        cells = []
        for n in NS:
            x = runs(kind, cv, n)
            lo, hi = flagged(x, True), flagged(x, False)
            worst = max(worst, lo, hi)
            cells.append("%s / %s" % (pct(lo), pct(hi)))
        spread = label % (cv * 100 if kind != "t3" else cv)
        print("| %s | %s |" % (spread, " | ".join(cells)))
print("\nLargest: %s %%.\n" % pct(worst))
print("Found: a first run 5 times slower (lognormal runs, lower is "
      "better), %% of %d:\n" % REPS)
print("| CV | " + " | ".join("n = %d" % n for n in NS) + " |")
print("|---|" + "---|" * len(NS))
for cv in (0.02, 0.10, 0.30):
    cells = []
    for n in NS:
        x = runs("lognormal", cv, n)
        x[:, 0] *= 5
        cells.append(pct(flagged(x, True)))
    print("| %g %% | %s |" % (cv * 100, " | ".join(cells)))
