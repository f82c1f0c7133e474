#!/usr/bin/python3
"""hidden-falseflags.py - how often the marks i and j (a side's outliers
flagged, and Welch's t-test and the U test disagree at alpha 0.05, p
before correction; view/notes.c N_HIDDEN and N_SWAYED, docs/methods.md
"Outliers that hide a change") come up on clean simulated data: both
sides drawn from one distribution, no change, no outlier put in.

    python3 scripts/hidden-falseflags.py build/fsreport [REPS]

Unlike first-run-falseflags.py and the others, which write their rule out
again, this one counts fsreport's own marks: the rule is a combination
of fsreport's ESD outliers, Welch's test on the logarithms and the exact
U test, each already checked against R and SciPy (docs/methods.md 1, 4,
6). Pure Python (random, seed 37); REPS (default 20000) pairs per cell,
written as one CSV of REPS results and compared with --adjust none.
Prints the Markdown table of docs/methods.md.
"""
import csv
import io
import os
import random
import subprocess
import sys
import tempfile

fsr = sys.argv[1]
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
rng = random.Random(37)
cases = [("lognormal, sigma 0.1", lambda: rng.lognormvariate(0, 0.1)),
         ("lognormal, sigma 0.3", lambda: rng.lognormvariate(0, 0.3)),
         ("normal, CV 10 %", lambda: rng.gauss(1, 0.1))]
print("| runs per side | " + " | ".join(c for c, _ in cases) + " |")
print("|---" * (len(cases) + 1) + "|")
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "clean.csv")
    for n in (5, 10, 20):
        row = []
        for name, draw in cases:
            with open(path, "w") as f:
                f.write("test,description,unit,better,label,value\n")
                for k in range(reps):
                    for lab in "ab":
                        for _ in range(n):
                            f.write("t,r%d,s,lower,%s,%.9g\n"
                                    % (k, lab, draw()))
            out = subprocess.run([fsr, "compare", "--format", "csv",
                                  "--adjust", "none", path],
                                 capture_output=True, text=True,
                                 check=True).stdout
            rows = list(csv.DictReader(io.StringIO(out)))
            assert len(rows) == reps, len(rows)
            i = sum("i" in r["marks"] for r in rows)
            j = sum("j" in r["marks"] for r in rows)
            row.append("%.2f (i %.2f, j %.2f)" % (100 * (i + j) / reps,
                                                 100 * i / reps,
                                                 100 * j / reps))
        print("| %d | %s |" % (n, " | ".join(row)))
