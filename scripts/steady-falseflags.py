#!/usr/bin/python3
"""steady-falseflags.py - how often the SNIA PTS steady-state rule
(docs/methods.md "Steady state within a run") calls a clean, stationary
series "never steady": independent normal values of mean 100 and CV c,
n values per run, 20 000 runs each, seed 1. Plain Python 3, written from
the rule's text (not from fsreport). Prints a Markdown table.
"""
import random

random.seed(1)


def slope(y):
    n = len(y)
    xm = (n - 1) / 2
    ym = sum(y) / n
    return (sum((i - xm) * (v - ym) for i, v in enumerate(y)) /
            sum((i - xm) ** 2 for i in range(n)))


def steady(y, w=5):
    for s in range(len(y) - w + 1):
        win = y[s:s + w]
        m = sum(win) / w
        if (max(win) - min(win)) <= 0.2 * m and \
                abs(slope(win)) * (w - 1) <= 0.1 * m:
            return True
    return False


ROWS = [2, 5, 8, 10, 15]
COLS = [8, 24, 60]
print("| CV | " + " | ".join("n = %d" % n for n in COLS) + " |")
print("|---|" + "---|" * len(COLS))
for cv in ROWS:
    cells = []
    for n in COLS:
        never = sum(not steady([random.gauss(100, cv) for _ in range(n)])
                    for _ in range(20000))
        cells.append("%.1f" % (100 * never / 20000))
    print("| %d %% | " % cv + " | ".join(cells) + " |")
