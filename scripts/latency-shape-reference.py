#!/usr/bin/env python3
"""latency-shape-reference.py [TOP] - reference values of the run-level
permutation test of latency shape (analyze/latency.c, docs/methods.md
section 11), computed with NumPy and SciPy 1.10 independently of
fsreport, into tests/data/stats/latency-shape-reference.txt.

For each case: the runs' json+ write clat_ns "bins" of two groups of
fio captures (examples/latency/), the Kolmogorov-Smirnov distance D
between the pooled histograms (the largest difference of the two CDFs
at any bin), and the p value of scipy.stats.permutation_test with
permutation_type="independent" over the runs (whole runs permuted),
alternative="greater", n_resamples=inf: every split enumerated.
"""
import json
import os
import sys

import numpy as np
from scipy import stats

TOP = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..")
LAT = os.path.join(TOP, "examples", "latency")


def run_bins(path):
    doc = json.load(open(path))
    bins = doc["jobs"][0]["write"]["clat_ns"]["bins"]
    return {int(k): v for k, v in bins.items()}


def load(cfg, runs):
    return [run_bins(os.path.join(LAT, cfg, "%d.json" % r)) for r in runs]


def case(name, a, b):
    runs = a + b
    keys = sorted(set(k for r in runs for k in r))
    counts = np.array([[r.get(k, 0) for k in keys] for r in runs],
                      dtype=float)
    cum = np.cumsum(counts, axis=1)

    def d_of(idx_a, idx_b):
        ca = cum[np.asarray(idx_a, dtype=int)].sum(axis=0)
        cb = cum[np.asarray(idx_b, dtype=int)].sum(axis=0)
        return np.max(np.abs(ca / ca[-1] - cb / cb[-1]))

    def statistic(x, y, axis):
        # x, y: run indices (permutation_test vectorises along axis)
        x = np.atleast_2d(x)
        y = np.atleast_2d(y)
        return np.array([d_of(xi, yi) for xi, yi in zip(x, y)])

    ia = np.arange(len(a), dtype=float)
    ib = np.arange(len(a), len(runs), dtype=float)
    res = stats.permutation_test((ia, ib), statistic, vectorized=True,
                                 permutation_type="independent",
                                 alternative="greater", n_resamples=np.inf,
                                 batch=2000)
    print("%s runs=%d+%d D=%.17g p=%.17g" % (name, len(a), len(b),
                                             res.statistic, res.pvalue))


case("none-vs-fsync", load("none", range(1, 11)), load("fsync", range(1, 11)))
case("none-1to5-vs-6to10", load("none", range(1, 6)), load("none", range(6, 11)))
case("fsync-odd-vs-even", load("fsync", range(1, 11, 2)),
     load("fsync", range(2, 11, 2)))
case("none-1to3-vs-fsync-1to4", load("none", range(1, 4)),
     load("fsync", range(1, 5)))
