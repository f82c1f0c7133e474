#!/usr/bin/env python3
# plan-series-reference.py - reference numbers for "fsreport plan --db"
# (docs/methods.md section 13, tests/cli/t3010-equiv-plan.sh), written
# with SciPy, not fsreport: per result of tests/data/plan-series the sd
# of ln of the run sets' means (statistics.stdev), and the fewest
# baseline run sets k >= 2 for check's prediction test, se =
# sd sqrt(1 + 1/k) with k - 1 df, one new run set:
#   detect: P(T' > t(1 - a/2, k - 1)), T' noncentral t (scipy nct),
#   equivalence: integral over the chi-square x of the sd estimate of
#   max(0, 2 Phi(delta/se - t(1 - a, k - 1) sqrt(x/df)) - 1) (quad).
# Usage: /usr/bin/python3 scripts/plan-series-reference.py (Debian
# python3-scipy). Prints: test, sd, sets for --detect 15, --equivalence
# 15 (both at 0.05 / 2 rows), --detect 10 --adjust none, --detect 10.
import csv, glob, math, os, statistics, warnings
from scipy import integrate, stats
warnings.simplefilter("ignore")  # nct_sf far in its tail at large k

top = os.path.join(os.path.dirname(__file__), '..')
means = {}
for f in sorted(glob.glob(os.path.join(top, 'tests/data/plan-series/set*.csv'))):
    runs = {}
    for row in csv.DictReader(open(f)):
        runs.setdefault(row['test'], []).append(float(row['value']))
    for t, x in runs.items():
        means.setdefault(t, []).append(math.log(sum(x) / len(x)))

def power(k, delta, sd, a, eq):
    df, r = k - 1, delta / (sd * math.sqrt(1 + 1 / k))
    if not eq:
        return stats.nct.sf(stats.t.isf(a / 2, df), df, r)
    q = stats.t.isf(a, df)
    f = lambda x: max(0.0, 2 * stats.norm.cdf(r - q * math.sqrt(x / df)) - 1) * stats.chi2.pdf(x, df)
    return integrate.quad(f, 0, df * (r / q) ** 2, epsabs=0, epsrel=1e-12, limit=200)[0]

def runsets(delta, sd, a, eq, want=0.8):
    for k in range(2, 2001):
        if power(k, delta, sd, a, eq) >= want:
            return k
    return 'none'

for t, x in means.items():
    sd = statistics.stdev(x)
    out = [t, repr(sd)]
    for pct, a, eq in ((15, 0.025, 0), (15, 0.025, 1), (10, 0.05, 0), (10, 0.025, 0)):
        out.append(str(runsets(math.log1p(pct / 100), sd, a, eq)))
    print(' '.join(out))
