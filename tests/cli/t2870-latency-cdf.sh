#!/bin/sh
# The CDF view of a latency (issue 36, render/charts/cdf.c), read back
# from the SVG: under the spectrum of the latency that keeps each run's
# histogram, a faint step line per run and a bold one per configuration
# (its runs merged bin by bin), each rising monotonically from 0 to 1.
# Reference values are fio's own: the percentiles each json+ file prints
# (clat_ns "percentile"); a line must cross 0.5, 0.9 and 0.99 at fio's
# p50, p90 and p99 within one bin (1/64 of a power of two), and the
# merged line of ten runs between the least and the greatest of the
# runs' own percentiles (the pooled CDF is a weighted mean of theirs)
# and at the percentile of the runs' fio bins summed.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES/latency"
P50=02-fio-w-write-completion-latency-p50-ns.svg
H="$SCRATCH_ROOT" # the helpers below, and the facts shared by tests

# cdf-read.py SVG: the CDF part of a chart as lines of facts (below)
cat >"$H/cdf-read.py" <<'EOF'
import math, re, sys

svg = open(sys.argv[1], encoding="utf-8").read()
at = svg.index("cumulative distribution (CDF)</text>")
part = svg[at:]
els = re.findall(r"<(line|path|text)\b([^>]*)>(?:([^<]*)</text>)?", part)
num = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")

def attr(a, name):
    m = re.search(r'\b%s="([^"]*)"' % name, a)
    return m.group(1) if m else None

# Horizontal lines are drawn at whole or half pixels (svg.c), not
# their ends; vertical ones the other way round. So the plot's left and
# right come from a horizontal grid line, its top and bottom from a
# vertical one, and the ticks give the values at the ends.
xt, yt, paths, keys = [], [], [], {}
left = right = top = bottom = None
for i, (kind, a, text) in enumerate(els):
    nxt = els[i + 1] if i + 1 < len(els) else None
    if kind == "line" and nxt and nxt[0] == "text":
        x1, y1 = float(attr(a, "x1")), float(attr(a, "y1"))
        x2, y2 = float(attr(a, "x2")), float(attr(a, "y2"))
        if num.match(nxt[2]):
            if y1 == y2:
                yt.append((y1, float(nxt[2])))
                left, right = x1, x2
            elif x1 == x2:
                xt.append((x1, float(nxt[2])))
                top, bottom = y1, y2
        elif y1 == y2: # the legend: a line in the colour, its label
            keys[attr(a, "stroke")] = nxt[2]
    if kind == "path" and attr(a, "fill") == "none": # lines, not marks
        pts = [tuple(map(float, p.split()))
               for p in attr(a, "d").lstrip("M").split("L")]
        paths.append((attr(a, "stroke-width"), keys.get(attr(a, "stroke")),
                      pts))
unit = re.search(r"at or below each latency \(([^,)]*)", part).group(1)
mult = {"ns": 1, "\u00b5s": 1e3, "ms": 1e6, "s": 1e9}[unit]
log = "log axis" in part[:part.index("</text>", part.index("at or below"))]
(ys0, f0), (ys1, f1) = yt[0], yt[-1]
(xsa, va), (xsb, vb) = xt[0], xt[-1]
y0, y1, xa, xb = bottom, top, left, right
# the ends of the axes are labelled ticks, drawn within half a pixel
assert f0 == 0 and f1 == 1 and abs(ys0 - y0) <= 0.5 and abs(ys1 - y1) <= 0.5
assert abs(xsa - xa) <= 0.5 and abs(xsb - xb) <= 0.5, (xsa, xa, xsb, xb)

def frac(y):
    return f0 + (y - y0) * (f1 - f0) / (y1 - y0)

def value(x): # the latency in ns at x
    if log:
        return mult * 10 ** (math.log10(va) + (x - xa) *
                             (math.log10(vb) - math.log10(va)) / (xb - xa))
    return mult * (va + (x - xa) * (vb - va) / (xb - xa))

print("ticks", len(xt), len(yt), "y", f0, f1, "unit", unit, "log", int(log))
for w, who, pts in paths:
    kind = {"2.5": "bold", "0.8": "faint"}[w]
    mono = all(b[0] >= a[0] - 1e-9 and b[1] <= a[1] + 1e-9
               for a, b in zip(pts, pts[1:]))
    line = "%s %s monotone=%d start=%.4f end=%.4f right=%d" % (
        kind, who, mono, frac(pts[0][1]), frac(pts[-1][1]),
        abs(pts[-1][0] - xb) < 0.01)
    for q in (0.5, 0.9, 0.99): # where the line first reaches q
        x = next(p[0] for p in pts if frac(p[1]) >= q - 1e-5)
        line += " p%g=%.1f" % (100 * q, value(x))
    print(line)
EOF

# fio-pct.py Q FILE...: fio's own percentile Q (ns) of each json+ file
cat >"$H/fio-pct.py" <<'EOF'
import json, sys
q = "%.6f" % float(sys.argv[1])
for f in sys.argv[2:]:
    print(json.load(open(f))["jobs"][0]["write"]["clat_ns"]["percentile"][q])
EOF

# fio-pooled.py Q FILE...: percentile Q (ns) of the files' json+ bins
# summed, by fio's rule (stat.c: the first bin whose running count
# reaches Q/100 of the total), as scripts/fio-bins-reference.py does
cat >"$H/fio-pooled.py" <<'EOF'
import json, sys
q, pooled = float(sys.argv[1]), {}
for f in sys.argv[2:]:
    bins = json.load(open(f))["jobs"][0]["write"]["clat_ns"]["bins"]
    for k, v in bins.items():
        pooled[int(k)] = pooled.get(int(k), 0) + v
total, run = sum(pooled.values()), 0
for k in sorted(pooled):
    run += pooled[k]
    if run >= q / 100.0 * total:
        print(k)
        break
EOF

# within.py FACTS KIND WHO Q LO HI: the line's crossing of Q lies in
# [LO, HI] widened by one bin (value / 64) at each end
cat >"$H/within.py" <<'EOF'
import sys
facts, kind, who, q, lo, hi = sys.argv[1:]
for l in open(facts):
    w = l.split()
    if w[0] == kind and w[1] == who:
        v = float(dict(x.split("=") for x in w[2:])["p" + q])
        lo, hi = float(lo), float(hi)
        ok = lo * (1 - 1 / 64) <= v <= hi * (1 + 1 / 64)
        print("%s %s p%s: %.1f in [%g, %g]: %s" % (kind, who, q, v, lo, hi,
                                                ok))
        sys.exit(0 if ok else 1)
sys.exit("no %s line for %s" % (kind, who))
EOF

test_expect_success '--chart-dir: under the spectrum, a bold line per configuration, a faint one per run' '
	fsreport compare --only "completion latency" -o /dev/null \
		--chart-dir charts "$E/none" "$E/fsync" &&
	f="charts/$P50" &&
	grep -q "percentile spectrum</text>" "$f" &&
	grep -q "w: write completion latency: cumulative distribution (CDF)</text>" "$f" &&
	grep -q "fraction of I/Os at or below each latency (µs, log axis); faint: each run; bold: the runs merged</text>" "$f" &&
	grep -q ">latency (µs), log scale</text>" "$f" &&
	grep -q ">fraction at or below</text>" "$f" &&
	python3 "$H/cdf-read.py" "$f" >"$H/facts" &&
	cat "$H/facts" &&
	grep -q "^ticks [0-9]* 6 y 0.0 1.0 unit µs log 1$" "$H/facts" &&
	test $(grep -c "^bold " "$H/facts") = 2 &&
	test $(grep -c "^faint none " "$H/facts") = 10 &&
	test $(grep -c "^faint fsync " "$H/facts") = 10 &&
	test $(grep -c "monotone=1 start=0.0000 end=1.0000 right=1 " \
		"$H/facts") = 22 &&
	! grep -q "cumulative distribution" charts/01-*.svg &&
	! grep -q "cumulative distribution" charts/04-*.svg
'

test_expect_success 'one run a configuration: its line crosses 0.5, 0.9, 0.99 at fio'"'"'s p50, p90, p99 to the bin' '
	fsreport compare --only "completion latency .p50" -o /dev/null \
		--chart-dir one "none=$E/none/1.json" "fsync=$E/fsync/1.json" &&
	python3 "$H/cdf-read.py" one/*p50*.svg >facts1 &&
	cat facts1 &&
	test $(grep -c "^bold " facts1) = 2 &&
	! grep -q "^faint " facts1 &&
	for c in none fsync; do
		for q in 50 90 99; do
			v=$(python3 "$H/fio-pct.py" $q "$E/$c/1.json") &&
			python3 "$H/within.py" facts1 bold $c $q $v $v || return 1
		done
	done
'

test_expect_success 'ten runs merged: each crossing between the runs'"'"' own percentiles (fio'"'"'s)' '
	for c in none fsync; do
		for q in 50 90 99; do
			python3 "$H/fio-pct.py" $q "$E/$c/"*.json | sort -n >v &&
			python3 "$H/within.py" "$H/facts" bold $c $q $(head -1 v) \
				$(tail -1 v) || return 1
		done
	done
'

test_expect_success 'ten runs merged: each crossing at the percentile of fio'"'"'s bins summed, to the bin' '
	for c in none fsync; do
		for q in 50 90 99; do
			v=$(python3 "$H/fio-pooled.py" $q "$E/$c/"*.json) &&
			python3 "$H/within.py" "$H/facts" bold $c $q $v $v ||
			return 1
		done
	done
'

test_expect_success 'the layout: the merged lines are the last, one per configuration' '
	fsreport compare --only "completion latency .p50" --debug-layout \
		"$E/none" "$E/fsync" >lay &&
	grep "^  path cdf-" lay | cut -d" " -f4-6 >order &&
	tail -2 order >last &&
	printf "cdf-merged row=1 ink=sys0\ncdf-merged row=2 ink=sys1\n" >want &&
	test_cmp want last &&
	test $(grep -c "^  path cdf-run " lay) = 20 &&
	grep -q "^  text cdf-key-label row=2 ink=text .*\"fsync\"" lay
'

test_expect_success 'report -o: index.html and the PNG show it' '
	fsreport report --only "completion latency" -o rep \
		"$E/none" "$E/fsync" &&
	grep -q "cumulative distribution (CDF)" rep/charts/$P50 &&
	grep -q "cumulative distribution (CDF)" rep/index.html &&
	test -s rep/charts/${P50%.svg}.png
'

test_expect_success 'hyperfine: the fraction of timings' '
	fsreport show --only "(p50)" --svg hf.svg \
		"$TOP/tests/data/hyperfine/forty-runs.json" &&
	grep -q "fraction of timings at or below each latency" hf.svg &&
	python3 "$H/cdf-read.py" hf.svg >hfacts &&
	cat hfacts &&
	grep -q "^bold .* monotone=1 start=0.0000 end=1.0000 right=1 " hfacts
'

test_done
