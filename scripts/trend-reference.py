#!/usr/bin/python3
# trend-reference.py - reference values for the steps of fsreport trend
# (tests/cli/t1900-trend-csv.sh) and for fsreport check (tests/cli/
# t1920-check.sh), computed with SciPy (Debian's python3-scipy, run by
# /usr/bin/python3) straight from the CSV files, not from fsreport.
#
# Both are compare's log-welch ratio (docs/methods.md section 1) with run
# sets as the observations: each run set's geometric mean of its samples,
# and Welch's t (scipy.stats.ttest_ind, equal_var=False) or the Student-t
# prediction interval on their logarithms, mapped back with exp. The
# intervals are at compare's Holm level, Bonferroni's 1 - 0.05 / m: m the
# steps of the trend (2), or the results checked (3). The segments are
# where tests/data/trend/README places the steps.
#
#   /usr/bin/python3 scripts/trend-reference.py steps tests/data/trend \
#       >tests/data/trend/steps-reference.txt
#   /usr/bin/python3 scripts/trend-reference.py check tests/data/trend \
#       >tests/data/trend/check/reference.txt
#   /usr/bin/python3 scripts/trend-reference.py gate tests/data/trend \
#       >tests/data/trend/check/gate-reference.txt
#
# gate: check --max-regression 2 of 6.13-same, on the same logarithms:
# the one-sided t test against ln(1.02) on the worse side, Holm over the
# rows; the smallest regression the baseline detects with 80 % power at
# the Bonferroni level 0.05 / 3 (noncentral t, scipy.stats.nct) and the
# run sets that would reach that power against the margin.
import csv
import math
import os
import sys

import numpy as np
from scipy import stats
from scipy.optimize import brentq


def runset(path):
    by = {}
    with open(os.path.join(path, "runs.csv"), newline="") as f:
        for row in csv.DictReader(f):
            by.setdefault(row["test"], []).append(float(row["value"]))
    return by


def lgmean(x):
    return float(np.mean(np.log(x)))


def welch_ci(a, b, level):
    """Welch's interval of mean(b) - mean(a) at level, its p (SciPy)."""
    a, b = np.asarray(a), np.asarray(b)
    qa, qb = a.var(ddof=1) / len(a), b.var(ddof=1) / len(b)
    se = math.sqrt(qa + qb)
    df = (qa + qb) ** 2 / (qa * qa / (len(a) - 1) + qb * qb / (len(b) - 1))
    res = stats.ttest_ind(b, a, equal_var=False)
    d = b.mean() - a.mean()
    assert abs(res.statistic - d / se) < 1e-9 * abs(res.statistic)
    q = stats.t.ppf(1 - (1 - level) / 2, df)
    return d, d - q * se, d + q * se, res.pvalue


def holm(p):
    order = sorted(range(len(p)), key=lambda i: p[i])
    out, run = [0.0] * len(p), 0.0
    for r, i in enumerate(order):
        run = max(run, min(1.0, (len(p) - r) * p[i]))
        out[i] = run
    return out


top = sys.argv[2] if len(sys.argv) > 2 else "tests/data/trend"
versions = ["6.%d" % i for i in range(1, 13)]
kernels = [runset(os.path.join(top, "kernels", v)) for v in versions]

if sys.argv[1] == "steps":
    steps = {"PostMark": 4, "Compile": 8}  # 0-based first of the new level
    level = 1 - 0.05 / len(steps)
    for test, at in steps.items():
        l = [lgmean(k[test]) for k in kernels]
        d, lo, hi, p = welch_ci(l[:at], l[at:], level)
        print("%s at %s level %.17g change_pct %.17g ci %.17g %.17g p %.17g"
              % (test, versions[at], level, 100 * math.expm1(d),
                 100 * math.expm1(lo), 100 * math.expm1(hi), p))
else:
    gate = sys.argv[1] == "gate"
    segment = {"PostMark": range(4, 12), "fsync latency": range(0, 12),
               "Compile": range(8, 12)}
    level = 1 - 0.05 / len(segment)
    for new in ("6.13-slow", "6.13-same"):
        if gate and new != "6.13-same":
            continue
        now = runset(os.path.join(top, "check", new))
        p, lines, pm, gl = [], [], [], []
        for test, seg in segment.items():
            l = np.array([lgmean(kernels[i][test]) for i in seg])
            k = len(l)
            se = l.std(ddof=1) * math.sqrt(1 + 1 / k)
            d = lgmean(now[test]) - l.mean()
            t = d / se
            p.append(2 * stats.t.sf(abs(t), k - 1))
            q = stats.t.ppf(1 - (1 - level) / 2, k - 1)
            mean_base = np.mean([np.mean(kernels[i][test]) for i in seg])
            higher = test == "PostMark"
            shift = math.log(1 / 1.02) if higher else math.log(1.02)
            tm = (d - shift) / se
            pm.append(stats.t.sf(tm, k - 1) if higher
                      else stats.t.cdf(tm, k - 1))
            a = 0.05 / len(segment)
            sd = l.std(ddof=1)

            def power(kk):
                return stats.nct.sf(stats.t.isf(a, kk - 1), kk - 1,
                                    abs(shift) / (sd * math.sqrt(1 + 1 / kk)))
            ncp = brentq(lambda c: stats.nct.sf(stats.t.isf(a, k - 1),
                                                k - 1, c) - 0.8, 1e-6, 1e3)
            need = next((kk for kk in range(2, 1001) if power(kk) >= 0.8),
                        math.inf)
            gl.append("%s %s margin_pct %.17g p_margin %.17g "
                      "detect_pct %.17g power %.17g runs_needed %s"
                      % (new, test.replace(" ", "_"),
                         100 * math.expm1(shift), pm[-1],
                         100 * math.expm1(ncp * sd * math.sqrt(1 + 1 / k)),
                         power(k), need))
            lines.append("%s %s k %d mean_base %.17g change_pct %.17g "
                         "ci %.17g %.17g p %.17g"
                         % (new, test.replace(" ", "_"), k, mean_base,
                            100 * math.expm1(d), 100 * math.expm1(d - q * se),
                            100 * math.expm1(d + q * se), p[-1]))
        if gate:
            print("\n".join(gl))
            for test, pa in zip(segment, holm(pm)):
                print("%s %s p_margin_adj %.17g"
                      % (new, test.replace(" ", "_"), pa))
            continue
        print("\n".join(lines))
        for test, pa in zip(segment, holm(p)):
            print("%s %s p_adj %.17g" % (new, test.replace(" ", "_"), pa))
