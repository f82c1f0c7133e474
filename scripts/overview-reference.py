#!/usr/bin/env python3
"""overview-reference.py BEFORE.csv AFTER.csv: the reference values of
the overview chart (tests/cli/t1520-report-overview.sh), computed from
the raw samples with the standard library, not with fsreport:

per result (test, description, unit) the ratio of the means
after/before, inverted where lower is better, then the geometric mean
of the ratios as a change in % (2 decimals), and, with a Student-t 95%
interval on the mean of the log ratios across results (scipy when
present, else the tabled t quantiles for 2-9 df), the interval in %.
"""
import csv
import math
import sys
from collections import OrderedDict

T975 = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706,
        6: 2.4469, 7: 2.3646, 8: 2.3060, 9: 2.2622}


def means(path):
    acc = OrderedDict()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["test"], row["description"], row["unit"])
            acc.setdefault(key, [row["better"], []])[1].append(
                float(row["value"]))
    return {k: (b, sum(v) / len(v)) for k, (b, v) in acc.items()}


def main():
    base, other = means(sys.argv[1]), means(sys.argv[2])
    logs = []
    for k, (better, m) in other.items():
        if k not in base:
            continue
        r = m / base[k][1]
        logs.append(math.log(1 / r if better == "lower" else r))
    n = len(logs)
    mean = sum(logs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / (n - 1))
    try:
        from scipy.stats import t
        q = t.ppf(0.975, n - 1)
    except ImportError:
        q = T975[n - 1]
    half = q * sd / math.sqrt(n)
    pct = lambda x: 100 * (math.exp(x) - 1)
    print("%+.2f%% %+.1f%% %+.1f%% %d" %
          (pct(mean), pct(mean - half), pct(mean + half), n))


if __name__ == "__main__":
    main()
