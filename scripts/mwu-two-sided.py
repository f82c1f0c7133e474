#!/usr/bin/env python3
"""The exact two-sided p of the Mann-Whitney U test with ties, two ways,
by enumerating every split of the pooled runs (midranks, exact
fractions): the doubled smaller tail (fsreport, benchstat) and the
distance from the centre, P(|W - E W| >= |w - E W|) (R's coin and
exactRankTests). An implementation of its own, for docs/methods.md
section 4 and tests/cli/t2230.

usage: mwu-two-sided.py "x1 x2 ..." "y1 y2 ..."
prints: U doubled centre (the two p as decimals)
"""
import itertools
import sys
from fractions import Fraction


def midranks(v):
    s = sorted(v)
    r = {}
    for x in set(v):
        pos = [k + 1 for k, y in enumerate(s) if y == x]
        r[x] = Fraction(sum(pos), len(pos))
    return [r[x] for x in v]


def two_sided(x, y):
    pool = x + y
    rk = midranks(pool)
    m, n = len(x), len(pool)
    w = sum(rk[:m])
    centre = Fraction(m * (n + 1), 2)
    lo = hi = far = total = 0
    for split in itertools.combinations(range(n), m):
        s = sum(rk[i] for i in split)
        total += 1
        lo += s <= w
        hi += s >= w
        far += abs(s - centre) >= abs(w - centre)
    u = w - Fraction(m * (m + 1), 2)
    doubled = min(Fraction(1), 2 * Fraction(min(lo, hi), total))
    return u, doubled, Fraction(far, total)


def main():
    x = [float(t) for t in sys.argv[1].split()]
    y = [float(t) for t in sys.argv[2].split()]
    u, d, c = two_sided(x, y)
    print("%g %.17g %.17g" % (u, d, c))


if __name__ == "__main__":
    main()
