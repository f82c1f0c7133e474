#!/usr/bin/env python3
"""latency-spectrum-reference.py [TOP] - reference values of the bold
line and band of the percentile spectrum chart (analyze/latency.c
fsr_spectrum(), render/charts/spectrum.c), computed without fsreport
into tests/data/stats/latency-spectrum-reference.txt.

For each configuration of examples/latency/ and each percentile fio
printed (its own figures, "percentile" of write clat_ns, not the bins):
the geometric mean of the ten runs' values and the 95 % Student-t
interval of the mean of their natural logarithms, turned back with exp.
t(0.975, 9 df) = 2.262157163 is the printed table value (Abramowitz and
Stegun 26.7; SciPy's t.ppf(0.975, 9) gives the same), since SciPy is
not installed here. A percentile is left out for a configuration when a
run has fewer than 10 / (1 - q) I/Os (fsreport refuses it there).
"""
import json
import math
import os
import sys

TOP = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..")
LAT = os.path.join(TOP, "examples", "latency")
T_975_9 = 2.262157163


def main():
    out = []
    for cfg in ("none", "fsync"):
        runs = []
        for r in range(1, 11):
            doc = json.load(open(os.path.join(LAT, cfg, "%d.json" % r)))
            runs.append(doc["jobs"][0]["write"]["clat_ns"])
        for q in ("50", "90", "99", "99.9", "99.99"):
            key = "%.6f" % float(q)
            need = 10 / (1 - float(q) / 100)
            if any(c["N"] < need - 1e-6 for c in runs):
                continue
            logs = [math.log(c["percentile"][key]) for c in runs]
            n = len(logs)
            m = sum(logs) / n
            sd = math.sqrt(sum((x - m) ** 2 for x in logs) / (n - 1))
            half = T_975_9 * sd / math.sqrt(n)
            out.append("%s q=%s gmean=%.17g lo=%.17g hi=%.17g" %
                       (cfg, q, math.exp(m), math.exp(m - half),
                        math.exp(m + half)))
    path = os.path.join(TOP, "tests", "data", "stats",
                        "latency-spectrum-reference.txt")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
