#!/bin/sh
# The percentile spectrum (issue 36, render/charts/spectrum.c) read back
# from the SVG, as t2870 reads the CDF: where t2820 counts the lines and
# labels, this checks where they are drawn. The x ticks 50 % ... 99.99 %
# sit at log10(1/(1 - q)); y is a log axis; at each labelled percentile
# a faint line is at one run's figure as fio printed it (clat_ns
# "percentile"), a bold line at the geometric mean of the runs' figures
# and the band at its 95 % Student t interval on the logarithms (t
# computed here in pure Python); fsync's lines end between p99 and
# p99.9, where its shortest run stops having 10 I/Os above. Every
# reference is computed from fio's own json+ files, within one pixel
# (70 px a decade here: 3.3 %; enough to tell the arithmetic mean from
# the geometric at p99.9, t from z, a run's figure 4 % off).
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES/latency"
P50=02-fio-w-write-completion-latency-p50-ns.svg
H="$SCRATCH_ROOT"

cat >"$H/spectrum-check.py" <<'EOF'
import glob, json, math, re, sys

svg, exdir = sys.argv[1], sys.argv[2]
s = open(svg, encoding="utf-8").read()
part = s[s.index("percentile spectrum</text>"):
         s.index("cumulative distribution (CDF)</text>")]
els = re.findall(r"<(line|path|text)\b([^>]*)>(?:([^<]*)</text>)?", part)

def attr(a, name):
    m = re.search(r'\b%s="([^"]*)"' % name, a)
    return m.group(1) if m else None

def pts(a):
    return [tuple(map(float, p.split()))
            for p in re.split("[LZ]", attr(a, "d").lstrip("M")) if p.strip()]

xt, yt, keys, bold, faint, band = {}, [], {}, {}, {}, {}
for i, (kind, a, text) in enumerate(els):
    nxt = els[i + 1] if i + 1 < len(els) else None
    if kind == "line" and nxt and nxt[0] == "text":
        x1, y1, x2, y2 = (float(attr(a, k)) for k in ("x1", "y1", "x2", "y2"))
        if re.match(r"^[0-9.]+ %$", nxt[2]) and x1 == x2:
            xt[float(nxt[2][:-2])] = x1
        elif re.match(r"^[0-9.]+$", nxt[2]) and y1 == y2:
            yt.append((y1, float(nxt[2])))
        elif y1 == y2 and attr(a, "stroke-width") == "2.5":
            keys[attr(a, "stroke")] = nxt[2]
    if kind == "path":
        if attr(a, "fill-opacity"):
            band[attr(a, "fill")] = pts(a)
        elif attr(a, "stroke-width") == "2.5":
            bold[attr(a, "stroke")] = pts(a)
        elif attr(a, "stroke-width") == "0.8":
            faint.setdefault(attr(a, "stroke"), []).append(pts(a))
unit = re.search(r">(ns|µs|ms|s), lower is better; both axes log<", part).group(1)
mult = {"ns": 1, "µs": 1e3, "ms": 1e6, "s": 1e9}[unit]

# x: the five labels at log10(1/(1 - q)), evenly per decade
qs = sorted(xt)
assert qs == [50, 90, 99, 99.9, 99.99], qs
pos = lambda q: math.log10(1 / (1 - q / 100))
per = (xt[99.99] - xt[90]) / (pos(99.99) - pos(90))
for q in qs:
    want = xt[90] + (pos(q) - pos(90)) * per
    assert abs(xt[q] - want) <= 1, (q, xt[q], want) # grid lines: whole or half pixels
# y: log, from its first and last labelled grid lines
(ya, va), (yb, vb) = yt[0], yt[-1]
for y, v in yt:
    assert abs(ya + (math.log10(v) - math.log10(va)) * (yb - ya) /
               (math.log10(vb) - math.log10(va)) - y) <= 1, (y, v)
def ypx(ns):
    return ya + (math.log10(ns / mult) - math.log10(va)) * (yb - ya) / (
        math.log10(vb) - math.log10(va))

def at(line, x): # the line's y at x (a point drawn within 0.6 px of the snapped grid line)
    ys = [p[1] for p in line if abs(p[0] - x) <= 0.6]
    assert ys, ("no point at", x)
    return ys

def tq975(df): # Student t quantile, pure Python (incomplete beta)
    def ib(a, b, x):
        # continued fraction (Lentz), Numerical Recipes betacf
        lb = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
              a * math.log(x) + b * math.log(1 - x))
        if x >= (a + 1) / (a + b + 2):
            return 1 - ib(b, a, 1 - x)
        c, d = 1.0, 1 / (1 - (a + b) * x / (a + 1))
        h = d
        for m in range(1, 300):
            for aa in (m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m)),
                       -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))):
                d = 1 / (1 + aa * d); c = 1 + aa / c; h *= d * c
        return math.exp(lb) * h / a
    lo, hi = 0.0, 100.0
    for _ in range(100):
        t = (lo + hi) / 2
        lo, hi = (t, hi) if ib(df / 2, 0.5, df / (df + t * t)) / 2 > 0.025 else (lo, t)
    return t

checked = 0
assert sorted(keys.values()) == ["fsync", "none"], keys
for colour, cfg in keys.items():
    lat = [json.load(open(f))["jobs"][0]["write"]["clat_ns"]
           for f in sorted(glob.glob("%s/%s/*.json" % (exdir, cfg)))]
    assert len(lat) == 10 and len(faint[colour]) == 10
    for q in qs:
        if min(l["N"] for l in lat) * (1 - q / 100) < 10:
            # refused: no line reaches it
            assert bold[colour][-1][0] < xt[q] - 0.5, (cfg, q)
            for f in faint[colour]:
                assert f[-1][0] < xt[q] - 0.5, (cfg, q, "faint")
            continue
        v = [l["percentile"]["%.6f" % q] for l in lat]
        # each faint line: one run, as fio printed it
        got = sorted(at(f, xt[q])[0] for f in faint[colour])
        want = sorted(ypx(x) for x in v)
        assert all(abs(g - w) <= 1 for g, w in zip(got, want)), (cfg, q, got, want)
        # bold: the geometric mean; band: its 95 % t interval on the logs
        lg = [math.log(x) for x in v]
        m = sum(lg) / 10
        se = math.sqrt(sum((x - m) ** 2 for x in lg) / 9 / 10)
        t = tq975(9)
        g = at(bold[colour], xt[q])[0]
        assert abs(g - ypx(math.exp(m))) <= 1, (cfg, q, g, ypx(math.exp(m)))
        b = at(band[colour], xt[q])
        assert len(b) == 2, (cfg, q, b)
        lo, hi = ypx(math.exp(m - t * se)), ypx(math.exp(m + t * se))
        assert abs(max(b) - max(lo, hi)) <= 1 and abs(min(b) - min(lo, hi)) <= 1, \
            (cfg, q, b, lo, hi)
        print("%s p%g: bold %.1f px (%.0f ns), band %.1f-%.1f, 10 runs: as fio's" %
              (cfg, q, g, math.exp(m), min(b), max(b)))
        checked += 1
# fsync ends past p99, before p99.9
fs = [c for c, k in keys.items() if k == "fsync"][0]
assert xt[99] < bold[fs][-1][0] < xt[99.9], bold[fs][-1]
assert checked == 8, checked
EOF

test_expect_success 'the spectrum drawn: ticks at 1/(1 - q), log y, lines and bands at fio'"'"'s figures' '
	fsreport compare --only "completion latency" -o /dev/null \
		--chart-dir charts "$E/none" "$E/fsync" &&
	python3 "$H/spectrum-check.py" "charts/$P50" "$E"
'

test_done
