#!/usr/bin/env python3
"""Reference order for `compare --sort change` (tests/cli/t1540): the
results of two generic CSV run sets by the size of the change of their
means, largest first, computed from the raw samples, not by fsreport.

    python3 scripts/select-reference.py before.csv after.csv
prints "test,description" per result in that order."""
import csv
import sys


def means(path):
    acc = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["test"], row["description"])
            acc.setdefault(key, []).append(float(row["value"]))
    return {k: sum(v) / len(v) for k, v in acc.items()}


a, b = means(sys.argv[1]), means(sys.argv[2])
order = sorted(a, key=lambda k: -abs(b[k] / a[k] - 1))
for test, desc in order:
    print(f"{test},{desc}")
