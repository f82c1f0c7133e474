#!/usr/bin/python3
"""stats-reference.py - cross-check tests/data/stats/reference.txt (written
by R through scripts/stats-reference.R) with SciPy and numpy, a second
independent implementation:

    /usr/bin/python3 scripts/stats-reference.py [tests/data/stats/reference.txt]

Prints one line per kind of case with the largest relative difference and
exits 1 when any exceeds the tolerances of the unit test (1e-10 for
descriptive statistics, 1e-8 for p values). The exact U test with ties is
checked against scipy.stats.permutation_test, which enumerates every split
of the pooled sample. Holm and BH have no SciPy 1.10 function and are
checked against a direct transcription of their definitions.

Needs Debian's python3-scipy; nothing in the build or the tests runs it.
"""
import math
import sys
import warnings

import numpy as np
from scipy import optimize, stats

TOL_DESC = 1e-10
TOL_P = 1e-8


def load(path):
    cases, cur = [], None
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            if w[0] == "case":
                cur = {"kind": w[1], "name": w[2], "v": {}}
                cases.append(cur)
            elif w[0] == "end":
                cur = None
            else:
                cur["v"][w[0]] = [float(x) for x in w[1:]]
    return cases


worst = {}


def check(kind, name, what, got, want, tol):
    got, want = float(got), float(want)
    if math.isnan(want) and math.isnan(got):
        err = 0.0
    else:
        err = abs(got - want) / (abs(want) if want != 0 else 1.0)
        if math.isnan(err):
            err = math.inf
    key = kind
    if err > worst.get(key, (0.0, "", 0.0))[0] or key not in worst:
        worst[key] = (err, "%s %s" % (name, what), tol)


def tq(conf, df):
    """Two-sided t quantile. SciPy 1.10's t.ppf is off by up to 1e-9
    (relative) for df near 1, so solve t.sf(q) = tail instead; that
    agrees with R's qt and with tan(pi (p - 1/2)) at df = 1."""
    tail = (1 - conf) / 2
    return optimize.brentq(lambda q: stats.t.sf(q, df) - tail, 0, 1e6,
                           xtol=1e-300, rtol=8.9e-16, maxiter=1000)


def u_stat(x, y, axis=-1):
    """U of x from midranks of the pooled sample (vectorised)."""
    pooled = np.concatenate([x, y], axis=axis)
    r = stats.rankdata(pooled, axis=axis)
    nx = x.shape[axis]
    return r[..., :nx].sum(axis=axis) - nx * (nx + 1) / 2


def welch(x, y, conf):
    x, y = np.asarray(x), np.asarray(y)
    qa, qb = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    se = math.sqrt(qa + qb)
    df = (qa + qb) ** 2 / (qa**2 / (len(x) - 1) + qb**2 / (len(y) - 1))
    with warnings.catch_warnings():
        # The 1e12-magnitude case makes SciPy warn about cancellation;
        # the comparison below shows the values are fine.
        warnings.simplefilter("ignore", RuntimeWarning)
        res = stats.ttest_ind(y, x, equal_var=False)
    diff = y.mean() - x.mean()
    h = tq(conf, df) * se
    return res.statistic, df, res.pvalue, diff, diff - h, diff + h


def holm(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out, run = [0.0] * m, 0.0
    for j, i in enumerate(order):
        run = max(run, min(1.0, (m - j) * p[i]))
        out[i] = run
    return out


def bh(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out, run = [0.0] * m, 1.0
    for j in range(m - 1, -1, -1):
        i = order[j]
        run = min(run, m * p[i] / (j + 1))
        out[i] = run
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else \
        "tests/data/stats/reference.txt"
    for c in load(path):
        k, n, v = c["kind"], c["name"], c["v"]
        if k == "describe":
            x = np.asarray(v["x"])
            check(k, n, "mean", x.mean(), v["mean"][0], TOL_DESC)
            check(k, n, "median", np.median(x), v["median"][0], TOL_DESC)
            if len(x) >= 2:
                s = x.std(ddof=1)
                se = s / math.sqrt(len(x))
                t = tq(v["conf"][0], len(x) - 1)
                check(k, n, "sd", s, v["sd"][0], TOL_DESC)
                check(k, n, "ci_low", x.mean() - t * se, v["ci_low"][0],
                      TOL_DESC)
                check(k, n, "ci_high", x.mean() + t * se,
                      v["ci_high"][0], TOL_DESC)
                check(k, n, "cv", 100 * s / abs(x.mean()), v["cv_pct"][0],
                      TOL_DESC)
        elif k == "welch":
            t, df, p, d, lo, hi = welch(v["x"], v["y"], v["conf"][0])
            check(k, n, "t", t, v["t"][0], TOL_DESC)
            check(k, n, "df", df, v["df"][0], TOL_DESC)
            check(k + " p", n, "p", p, v["p"][0], TOL_P)
            check(k, n, "low", lo, v["diff_low"][0], TOL_DESC)
            check(k, n, "high", hi, v["diff_high"][0], TOL_DESC)
        elif k == "mwu-exact":
            x, y = np.asarray(v["x"]), np.asarray(v["y"])
            check(k, n, "u", u_stat(x, y), v["u"][0], TOL_DESC)
            if len(np.unique(np.concatenate([x, y]))) == len(x) + len(y):
                p = stats.mannwhitneyu(x, y, method="exact").pvalue
            else:
                p = stats.permutation_test(
                    (x, y), u_stat, permutation_type="independent",
                    n_resamples=np.inf, alternative="two-sided",
                    vectorized=True).pvalue
            check(k + " p", n, "p", min(1.0, p), v["p"][0], TOL_P)
        elif k == "mwu-normal":
            x, y = np.asarray(v["x"]), np.asarray(v["y"])
            r = stats.mannwhitneyu(x, y, method="asymptotic",
                                   use_continuity=True)
            check(k, n, "u", r.statistic, v["u"][0], TOL_DESC)
            check(k + " p", n, "p", r.pvalue, v["p"][0], TOL_P)
        elif k == "adjust":
            for i, q in enumerate(holm(v["p"])):
                check(k, n, "holm", q, v["holm"][i], TOL_P)
            for i, q in enumerate(bh(v["p"])):
                check(k, n, "bh", q, v["bh"][i], TOL_P)
        elif k == "geomean":
            r = np.log(np.asarray(v["r"]))
            check(k, n, "g", stats.gmean(v["r"]), v["g"][0], TOL_DESC)
            if len(r) >= 2:
                h = tq(v["conf"][0], len(r) - 1) * r.std(ddof=1) \
                    / math.sqrt(len(r))
                check(k, n, "low", math.exp(r.mean() - h), v["ci_low"][0],
                      TOL_DESC)
                check(k, n, "high", math.exp(r.mean() + h),
                      v["ci_high"][0], TOL_DESC)
        elif k == "tukey":
            x = np.asarray(v["x"])
            q1, q3 = np.percentile(x, [25, 75], method="linear")
            check(k, n, "q1", q1, v["q1"][0], TOL_DESC)
            check(k, n, "q3", q3, v["q3"][0], TOL_DESC)
            lo, hi = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)
            check(k, n, "count", ((x < lo) | (x > hi)).sum(),
                  v["count"][0], 0)
        elif k == "mad":
            x = np.asarray(v["x"])
            mad = stats.median_abs_deviation(x, scale=1.0)
            z = 0.6745 * (x - np.median(x)) / mad
            check(k, n, "mad", mad, v["mad"][0], TOL_DESC)
            check(k, n, "max z", np.abs(z).max(), v["max_abs_z"][0],
                  TOL_DESC)
            check(k, n, "count", (np.abs(z) > 3.5).sum(), v["count"][0], 0)
        elif k == "median-ci":
            x = np.sort(np.asarray(v["x"]))
            tail = (1 - v["conf"][0]) / 2
            kk = 0
            for j in range(1, len(x) + 1):
                if stats.binom.cdf(j - 1, len(x), 0.5) <= tail:
                    kk = j
            check(k, n, "k", kk, v["k"][0], 0)
            if kk:
                check(k, n, "lo", x[kk - 1], v["lo"][0], TOL_DESC)
                check(k, n, "hi", x[len(x) - kk], v["hi"][0], TOL_DESC)
        elif k == "compare":
            pw, pm = [], []
            for i in (1, 2, 3):
                a, b = v["a%d" % i], v["b%d" % i]
                pm.append(stats.mannwhitneyu(a, b, method="exact").pvalue)
                # The ratio of the geometric means: Welch on the logs,
                # at the family's level (Holm: 1 - 0.05 / 3).
                t, df, p, d, lo, hi = welch(np.log(a), np.log(b), 0.95)
                pw.append(p)
                check(k, n, "delta", 100 * math.expm1(d),
                      v["delta"][i - 1], TOL_DESC)
                for h in ("holm", "none"):
                    lv = v["level_" + h][0]
                    t, df, p, d, lo, hi = welch(np.log(a), np.log(b), lv)
                    check(k, n, "ci_low", 100 * math.expm1(lo),
                          v["ci_low_" + h][i - 1], TOL_DESC)
                    check(k, n, "ci_high", 100 * math.expm1(hi),
                          v["ci_high_" + h][i - 1], TOL_DESC)
                    t, df, p, d, lo, hi = welch(a, b, lv)
                    check(k, n, "diff_low", lo, v["diff_low_" + h][i - 1],
                          TOL_DESC)
                hl = np.median(np.subtract.outer(np.log(b), np.log(a)))
                check(k, n, "hl", 100 * math.expm1(hl),
                      v["hl_holm"][i - 1], TOL_DESC)
            for i in range(3):
                check(k + " p", n, "p_welch", pw[i], v["p_welch"][i], TOL_P)
                check(k + " p", n, "p_mwu", pm[i], v["p_mwu"][i], TOL_P)
                check(k + " p", n, "holm", holm(pw)[i], v["holm_welch"][i],
                      TOL_P)
                check(k + " p", n, "bh", bh(pm)[i], v["bh_mwu"][i], TOL_P)
        elif k == "hl":
            d = np.subtract.outer(np.asarray(v["b"]), np.asarray(v["a"]))
            check(k, n, "shift", np.median(d), v["shift"][0], TOL_DESC)
        elif k == "power":
            nn, sd, sig = v["n"][0], v["sd"][0], v["sig"][0]

            def power(nn, delta):
                nu = 2 * (nn - 1)
                q = stats.t.isf(sig / 2, nu)
                return stats.nct.sf(q, nu, math.sqrt(nn / 2) * delta / sd)
            check(k, n, "power at mde", power(nn, v["mde"][0]), 0.8, 1e-8)
            check(k, n, "power at runs", power(v["runs"][0], v["delta"][0]),
                  0.8, 1e-8)
        elif k == "signs":
            a, b = v["a"], v["b"]
            t, df, p, d, lo, hi = welch(a, b, 0.95)
            check(k, n, "diff", d, v["diff"][0], TOL_DESC)
            check(k, n, "diff_low", lo, v["diff_low"][0], TOL_DESC)
            check(k, n, "diff_high", hi, v["diff_high"][0], TOL_DESC)
            check(k + " p", n, "p", p, v["p"][0], TOL_P)
            if np.all(np.asarray(a) < 0):
                check(k, n, "delta", 100 * d / abs(np.mean(a)),
                      v["delta"][0], TOL_DESC)
        else:
            print("unknown kind", k)
            return 1
    bad = 0
    for key in sorted(worst):
        err, where, tol = worst[key]
        flag = "ok" if err <= tol else "DIFFERS"
        bad += err > tol
        print("%-16s largest relative difference %.2e (%s)  %s"
              % (key, err, where, flag))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
