#!/usr/bin/python3
"""edivisive-reference.py - a second, independent E-divisive means, written
straight from the paper (Matteson & James, "A Nonparametric Approach for
Multiple Change Point Analysis of Multivariate Data", JASA 109(505), 2014,
sections 2.1-2.3 and 3), for checking analyze/changepoint.c:

    /usr/bin/python3 scripts/edivisive-reference.py cases >tests/data/changepoint/reference.txt
    /usr/bin/python3 scripts/edivisive-reference.py fpr [SERIES] [LENGTH]

"cases" makes the synthetic series of the unit test (tests/unit/
test-changepoint.c) and writes, per series, the values, the best first
split (tau, kappa) with its statistic Q-hat, and the change points found
at sig.lvl 0.05 with R = 199 permutations. "fpr" simulates flat normal
series and prints how often at least one change point is reported.

No numpy, no R package: the three sums of the divergence are computed
pair by pair (O(n^4) per search, fine for the short series of run sets)
and the permutations come from Python's own random module, so only the
statistics and the places are expected to agree with the C code exactly;
p values agree in distribution. Nothing in the build or the tests runs it.
"""
import random
import sys


def e_hat(X, Y, alpha):
    """Empirical divergence E-hat(X, Y; alpha), equation (5) of the paper."""
    m, n = len(X), len(Y)
    between = 0.0
    for xi in X:
        for yj in Y:
            between += abs(xi - yj) ** alpha
    within_x = 0.0
    for i in range(m):
        for k in range(i + 1, m):
            within_x += abs(X[i] - X[k]) ** alpha
    within_y = 0.0
    for j in range(n):
        for k in range(j + 1, n):
            within_y += abs(Y[j] - Y[k]) ** alpha
    return (2.0 / (m * n)) * between \
        - within_x / (m * (m - 1) / 2.0) \
        - within_y / (n * (n - 1) / 2.0)


def q_hat(X, Y, alpha):
    """Scaled sample measure Q-hat, equation (6)."""
    m, n = len(X), len(Y)
    return m * n / (m + n) * e_hat(X, Y, alpha)


def best_split(Z, start, end, min_size, alpha):
    """(tau, kappa, q): X = Z[start:tau], Y = Z[tau:kappa], kappa <= end."""
    best = None
    for tau in range(start + min_size, end - min_size + 1):
        for kappa in range(tau + min_size, end + 1):
            q = q_hat(Z[start:tau], Z[tau:kappa], alpha)
            if best is None or q > best[2]:
                best = (tau, kappa, q)
    return best


def best_over_segments(Z, bounds, min_size, alpha):
    best = None
    for a, b in zip(bounds, bounds[1:]):
        if b - a < 2 * min_size:
            continue
        cand = best_split(Z, a, b, min_size, alpha)
        if cand is not None and (best is None or cand[2] > best[2]):
            best = cand
    return best


def e_divisive(Z, sig_lvl=0.05, R=199, min_size=2, alpha=1.0, seed=1):
    """Hierarchical estimation (section 3.1) with the permutation test
    of section 3.2: permute within the current clusters."""
    rng = random.Random(seed)
    bounds = [0, len(Z)]
    found = []
    while True:
        cand = best_over_segments(Z, bounds, min_size, alpha)
        if cand is None:
            break
        over = 1
        for _ in range(R):
            W = []
            for a, b in zip(bounds, bounds[1:]):
                seg = list(Z[a:b])
                rng.shuffle(seg)
                W.extend(seg)
            perm = best_over_segments(W, bounds, min_size, alpha)
            if perm is not None and perm[2] >= cand[2] * (1 - 1e-9):
                over += 1
        p = over / (R + 1.0)
        if p > sig_lvl:
            break
        found.append((cand[0], cand[2], p))
        bounds = sorted(bounds + [cand[0]])
    return sorted(found)


def series(rng, levels, sd):
    """levels: [(count, mean), ...] of normal observations."""
    out = []
    for count, mean in levels:
        out.extend(rng.gauss(mean, sd) for _ in range(count))
    return out


CASES = [
    # name, levels, sd, min_size, alpha
    ("step10", [(10, 100.0), (10, 110.0)], 1.0, 2, 1.0),
    ("two-steps", [(10, 100.0), (10, 90.0), (10, 95.0)], 1.0, 2, 1.0),
    ("small-step", [(15, 50.0), (10, 53.0)], 1.0, 2, 1.0),
    ("flat", [(20, 10.0)], 1.0, 2, 1.0),
    ("late-step", [(12, 1000.0), (3, 1100.0)], 10.0, 2, 1.0),
    ("postmark", [(6, 4100.0), (6, 3895.0)], 30.0, 2, 1.0),
    ("exponent-half", [(8, 5.0), (8, 7.0)], 0.5, 2, 0.5),
    ("min-size-4", [(9, 20.0), (2, 30.0), (9, 20.0)], 1.0, 4, 1.0),
]


def cases():
    rng = random.Random(20141)
    print("# E-divisive reference values from scripts/edivisive-reference.py")
    print("# (Python %d.%d, a direct transcription of Matteson & James 2014);"
          % sys.version_info[:2])
    print("# regenerate with: /usr/bin/python3 scripts/edivisive-reference.py"
          " cases")
    for name, levels, sd, min_size, alpha in CASES:
        Z = series(rng, levels, sd)
        tau, kappa, q = best_split(Z, 0, len(Z), min_size, alpha)
        cps = e_divisive(Z, min_size=min_size, alpha=alpha)
        print("case %s min_size %d alpha %r" % (name, min_size, alpha))
        print("x " + " ".join(repr(v) for v in Z))
        print("split %d %d %r" % (tau, kappa, q))
        print("cps " + " ".join("%d:%r:%r" % c for c in cps))


def fpr(n_series=1000, length=20):
    rng = random.Random(7)
    hits = 0
    for i in range(n_series):
        Z = [rng.gauss(0.0, 1.0) for _ in range(length)]
        if e_divisive(Z, seed=i + 1):
            hits += 1
    print("flat series: %d of %d with a change point (%.3f), length %d, "
          "sig 0.05, R 199, min_size 2" % (hits, n_series,
                                            hits / n_series, length))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "cases"
    if what == "cases":
        cases()
    elif what == "fpr":
        fpr(*(int(a) for a in sys.argv[2:4]))
    else:
        sys.exit("usage: edivisive-reference.py cases|fpr [SERIES] [LENGTH]")
