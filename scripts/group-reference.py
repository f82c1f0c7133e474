#!/usr/bin/python3
"""group-reference.py - check compare --group's table against its raw CSV
files, computed here with nothing but Python's math module:

    python3 scripts/group-reference.py TABLE BASE.csv OTHER.csv [BASE OTHER]...

Each BASE/OTHER pair is one group of the table, in order (files of
test,description,unit,better,value lines). Per group and result this
computes, independently of fsreport:

  - DIFF, the estimate its interval is of: the ratio of the geometric
    means, 100 (exp(mean ln b - mean ln a) - 1);
  - the interval of the change in %: Welch's interval on the logarithms
    at the group's own family level,
    1 - 0.05 / m, m the results of the group with two runs on each side
    (Bonferroni for Holm);
  - the verdict: Welch's p on the logarithms, Holm-corrected within the
    group, at 0.05, and a change of at least 1 %, by the direction.

and checks that every number the table prints rounds from it (within
half a unit of its last digit) and every verdict is the same. The t
quantile comes from the regularized incomplete beta function (its
continued fraction) and bisection. Prints one line per checked row and
exits 1 on any difference.
"""
import math
import re
import sys


def betacf(a, b, x):
    # Lentz's method for the continued fraction of I_x(a, b)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def ibeta(a, b, x):
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbt = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
           a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbt) * betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * betacf(b, a, 1 - x) / b


def t_sf2(t, df):
    """Two-sided tail probability P(|T| > |t|)."""
    return ibeta(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(p, df):
    """The t with P(T <= t) = p, p > 0.5."""
    lo, hi = 0.0, 1e3
    for _ in range(200):
        mid = (lo + hi) / 2
        if 1 - t_sf2(mid, df) / 2 < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def load(path):
    cells, meta = {}, {}
    with open(path) as f:
        next(f)
        for line in f:
            test, desc, unit, better, value = line.rstrip("\n").split(",")
            key = "%s: %s (%s%s)" % (test, desc, unit,
                                     "\u2191" if better == "higher"
                                     else "\u2193")
            cells.setdefault(key, []).append(float(value))
            meta[key] = better
    return cells, meta


def mean(x):
    return sum(x) / len(x)


def var(x):
    m = mean(x)
    return sum((v - m) ** 2 for v in x) / (len(x) - 1)


def group_reference(base_path, other_path):
    a, meta = load(base_path)
    b, _ = load(other_path)
    rows = {}
    tested = [k for k in a if k in b and len(a[k]) > 1 and len(b[k]) > 1]
    m = len(tested)
    level = 1 - 0.05 / m
    ps = []
    for k in tested:
        la, lb = [math.log(v) for v in a[k]], [math.log(v) for v in b[k]]
        va, vb = var(la) / len(la), var(lb) / len(lb)
        se = math.sqrt(va + vb)
        df = (va + vb) ** 2 / (va ** 2 / (len(la) - 1) +
                               vb ** 2 / (len(lb) - 1))
        d = mean(lb) - mean(la)
        q = t_quantile(1 - (1 - level) / 2, df)
        rows[k] = {
            "diff": 100 * (math.exp(d) - 1),
            "lo": 100 * (math.exp(d - q * se) - 1),
            "hi": 100 * (math.exp(d + q * se) - 1),
            "change": 100 * (math.exp(d) - 1),
            "p": t_sf2(d / se, df),
            "better": meta[k],
        }
        ps.append((rows[k]["p"], k))
    # Holm's step-down
    ps.sort()
    run = 0.0
    for i, (p, k) in enumerate(ps):
        run = max(run, min(1.0, (m - i) * p))
        rows[k]["p_adj"] = run
    for k, r in rows.items():
        sig = r["p_adj"] <= 0.05 and abs(r["change"]) >= 1.0
        up = r["change"] > 0
        if not sig:
            r["verdict"] = "same"
        elif up == (r["better"] == "higher"):
            r["verdict"] = "better"
        else:
            r["verdict"] = "worse"
    return rows, level


def close(shown, want):
    s = shown.strip().rstrip("%")
    dec = len(s.split(".")[1]) if "." in s else 0
    return abs(float(s) - want) <= 0.5 * 10 ** -dec + 1e-9


CELL = re.compile(r"^\s*(\S+)\s+(\S+)\s+(\S+)\s+\[([^,]+),\s*([^\]]+)\]"
                  r"\s+(\S+)(?:\s+[a-z]+)?\s*$")


def main():
    table = open(sys.argv[1], encoding="utf-8").read().splitlines()
    pairs = sys.argv[2:]
    groups = [group_reference(pairs[i], pairs[i + 1])
              for i in range(0, len(pairs), 2)]
    bad = checked = 0
    head = [c for c in table if c.startswith("Type ")][0].split("|")[1:-1]
    for g, (rows, level) in enumerate(groups):
        # the family's level and the count its intervals hold over
        # (Bonferroni: each at 1 - 0.05 / m)
        m = round(0.05 / (1 - level))
        want = "95%% CI, Bonferroni over\u00a0%d" % m
        if want not in head[g]:
            print("group %d: heading %r lacks %r" % (g + 1, head[g], want))
            bad += 1
    for line in table:
        parts = line.split("|")
        if len(parts) != len(groups) + 2:
            continue
        key = parts[0].strip()
        for g, (rows, level) in enumerate(groups):
            if key not in rows:
                continue
            mt = CELL.match(parts[g + 1])
            r = rows[key]
            ok = (mt and close(mt.group(3), r["diff"]) and
                  close(mt.group(4), r["lo"]) and
                  close(mt.group(5), r["hi"]) and
                  mt.group(6) == r["verdict"])
            checked += 1
            print("%s group %d %s: %s; want %+.4f%% [%+.4f, %+.4f] %s" %
                  ("ok" if ok else "BAD", g + 1, key,
                   parts[g + 1].strip(), r["diff"], r["lo"], r["hi"],
                   r["verdict"]))
            bad += not ok
    if not checked:
        print("no row checked")
        bad += 1
    sys.exit(1 if bad else 0)


main()
