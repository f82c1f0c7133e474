#!/bin/sh
# The change of a percentile (issue 36), end to end on the real capture
# of examples/latency: each run's p50 ... p99.99 as fsreport reads it is
# the figure fio printed for that run (clat_ns "percentile"), every run
# and percentile; the change of each percentile is Welch on the
# logarithms of those per-run figures with the interval, correction
# (Bonferroni interval, Holm p over the rows compared) and verdict rules
# of a mean, computed here in pure Python from fio's own numbers (Student
# t by the regularized incomplete beta; independent of fsreport); and
# the same change, interval and verdict is printed in every text format:
# default text, --format table, Markdown, CSV, JSON and HTML.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES/latency"
H="$SCRATCH_ROOT"
ONLY="completion latency"

# ref.py BASE OTHER: the rows fsreport should compare (description,
# change %, interval %, Holm p, verdict), from fio's own per-run figures
cat >"$H/ref.py" <<'EOF'
import glob, json, math, sys

def betacf(a, b, x):
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / d
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 / (1 + aa * d); c = 1 + aa / c; h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 / (1 + aa * d); c = 1 + aa / c; h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return h

def ibeta(a, b, x):
    lb = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
          a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(lb) * betacf(a, b, x) / a
    return 1 - math.exp(lb) * betacf(b, a, 1 - x) / b

def p2(t, df): # two-sided p of Student t
    return ibeta(df / 2, 0.5, df / (df + t * t))

def tq(p, df): # P(T > q) = p, by bisection
    lo, hi = 0.0, 1e3
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if p2(mid, df) / 2 > p else (lo, mid)
    return (lo + hi) / 2

def runs(d): # fio's own clat_ns figures of each run of folder d
    return [json.load(open(f))["jobs"][0]["write"]["clat_ns"]
            for f in sorted(glob.glob(d + "/*.json"))]

base, other = runs(sys.argv[1]), runs(sys.argv[2])
rows = []
for name, key in (("mean", None), ("p50", "50.000000"), ("p90", "90.000000"),
                  ("p99", "99.000000"), ("p99.9", "99.900000"),
                  ("p99.99", "99.990000")):
    q = float(name[1:]) if key else 0
    # a percentile every run of both sides supports (10 I/Os above it)
    if key and any(r["N"] * (1 - q / 100) < 10 for r in base + other):
        continue
    a = [math.log(r["mean"] if not key else r["percentile"][key]) for r in base]
    b = [math.log(r["mean"] if not key else r["percentile"][key]) for r in other]
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1) / len(a)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1) / len(b)
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    rows.append(["w: write completion latency (%s)" % name, mb - ma, se, df,
                 p2(abs(mb - ma) / se, df)])
m = len(rows)
# Holm: the k-th smallest p times (m - k), never below an earlier one
order, run = sorted(range(m), key=lambda i: rows[i][4]), 0
for k, i in enumerate(order):
    run = max(run, min(1, (m - k) * rows[i][4]))
    rows[i].append(run)
for desc, d, se, df, p, padj in rows:
    t = tq(0.05 / m / 2, df) # Bonferroni: 1 - 0.05 / m
    pct = lambda x: 100 * (math.exp(x) - 1)
    ch, lo, hi = pct(d), pct(d - t * se), pct(d + t * se)
    v = "same"
    if padj <= 0.05 and abs(ch) >= 1:
        v = "worse" if ch > 0 else "better" # latency: lower is better
    print("%s|%.17g|%.17g|%.17g|%.17g|%s|%.17g" % (desc, ch, lo, hi, padj, v,
                                                 1 - 0.05 / m))
EOF

# fsreport's CSV rows against ref.py's: relative 1e-9
cat >"$H/check.py" <<'EOF'
import csv, sys
ref = [l.rstrip("\n").split("|") for l in open(sys.argv[1])]
got = {r["description"]: r for r in csv.DictReader(open(sys.argv[2]))}
assert len(got) == len(ref), (sorted(got), [r[0] for r in ref])
for desc, ch, lo, hi, padj, v, level in ref:
    g = got[desc]
    for k, want in (("delta_pct", ch), ("ci_low_pct", lo), ("ci_high_pct", hi),
                    ("p_adj", padj), ("ci_level", level)):
        a, b = float(g[k]), float(want)
        assert abs(a - b) <= 1e-9 * max(1, abs(b)), (desc, k, a, b)
    assert g["method"] == "log-welch" and g["verdict"] == v, (desc, g["verdict"], v)
    print("%s: %+.2f%% [%+.2f, %+.2f] p_adj %.3g %s: as the reference" % (
        desc, float(ch), float(lo), float(hi), float(padj), v))
EOF

test_expect_success 'every run: each percentile fsreport keeps is the one fio printed' '
	for c in none fsync; do
		fsreport show --format json "$E/$c" >$c.json || return 1
	done &&
	python3 - "$E" <<-\PY
	import json, sys
	checked = 0
	for c in ("none", "fsync"):
	    fio = [json.load(open("%s/%s/%d.json" % (sys.argv[1], c, r)))["jobs"][0]
	           for r in range(1, 11)]
	    res = {r["description"]: r["cells"][0]["samples"]
	           for r in json.load(open(c + ".json"))["results"]}
	    # the order of the runs: by their IOPS, one figure each
	    iops = res["w: write IOPS"]
	    order = [min(range(10), key=lambda i: abs(fio[i]["write"]["iops"] - v))
	             for v in iops]
	    assert sorted(order) == list(range(10)), order
	    for q in ("50", "90", "99", "99.9", "99.99"):
	        desc = "w: write completion latency (p%s)" % q
	        key = "%.6f" % float(q)
	        want = [fio[i]["write"]["clat_ns"]["percentile"][key] for i in order]
	        n = [fio[i]["write"]["clat_ns"]["N"] for i in order]
	        if min(n) * (1 - float(q) / 100) < 10:  # refused: no value
	            assert desc not in res, (c, desc)
	            continue
	        assert res[desc] == want, (c, desc, res[desc], want)
	        checked += 10
	print(checked, "per-run percentiles equal those fio printed")
	assert checked == 80, checked
	PY
'

test_expect_success 'the change of each percentile: Welch on the logs of fio'"'"'s figures, Holm and Bonferroni over the rows' '
	python3 "$H/ref.py" "$E/none" "$E/fsync" >ref &&
	test $(wc -l <ref) = 4 &&
	fsreport compare --format csv --only "$ONLY" "$E/none" "$E/fsync" >c.csv &&
	python3 "$H/check.py" ref c.csv &&
	python3 "$H/ref.py" "$E/fsync" "$E/none" >rev &&
	fsreport compare --format csv --only "$ONLY" "$E/fsync" "$E/none" >r.csv &&
	python3 "$H/check.py" rev r.csv &&
	mkdir a b &&
	for r in 1 2 3 4 5; do cp "$E/none/$r.json" a/; done &&
	for r in 6 7 8 9 10; do cp "$E/none/$r.json" b/; done &&
	python3 "$H/ref.py" a b >split &&
	test $(wc -l <split) = 6 &&
	fsreport compare --format csv --only "$ONLY" a b >s.csv &&
	python3 "$H/check.py" split s.csv
'

# The p99 row of none against fsync in each format, as ref.py gives it:
# +94.27 % [+33.66, +182.35] (98.75 %, 4 rows), Holm p 0.00034, worse.
test_expect_success 'the p99 change, interval and verdict in text, table, Markdown, JSON and HTML' '
	python3 "$H/ref.py" "$E/none" "$E/fsync" | grep "(p99)|" >p99 &&
	IFS="|" read -r desc ch lo hi padj v level <p99 &&
	r() { python3 -c "import sys; print(\"%+.${2}f\" % float(sys.argv[1]))" "$1"; } &&
	ch0=$(r $ch 0) ch2=$(r $ch 2) lo0=$(r $lo 0) hi0=$(r $hi 0) &&
	echo "$desc $ch2 [$lo0, $hi0] $v" &&
	test "$v" = worse &&
	fsreport compare --width 80 --only "$ONLY" "$E/none" "$E/fsync" >text &&
	grep -A3 "^fio 3.33: $desc " text >t.row &&
	grep "^  fsync 10 .*  ${ch0}% \[${lo0}, ${hi0}\]  <.001  worse " t.row &&
	fsreport compare --format table --width 100 --only "$ONLY" "$E/none" "$E/fsync" >table &&
	grep "^$desc (ns↓) *| *[0-9.]*  *[0-9.]*  *${ch2}%  \[${lo0}, ${hi0}\]  worse v  |$" table &&
	grep -q "Bonferroni  *|$" table && grep -q "over.*4  *|$" table &&
	fsreport compare --format markdown --only "$ONLY" "$E/none" "$E/fsync" >md &&
	grep -F "| $desc (ns↓) " md | tr -s " " >md.row &&
	grep -E "^\| [^|]+\| [0-9.]+ \| [0-9.]+ \| " md.row &&
	grep -F "| ${ch2}% | \\[${lo0}, ${hi0}\\] | worse v |" md.row &&
	grep -q "| 95% CI, Bonferroni over.*4 |" md &&
	fsreport compare --format json --only "$ONLY" "$E/none" "$E/fsync" >j &&
	python3 - j p99 <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	desc, ch, lo, hi, padj, v, level = open(sys.argv[2]).read().strip().split("|")
	rows = [r for r in d["comparison"]["rows"]
	        if d["results"][r["result_index"]]["description"] == desc]
	assert len(rows) == 1, rows
	r = rows[0]
	for k, want in (("delta_pct", ch), ("ci_low_pct", lo), ("ci_high_pct", hi),
	                ("p_adj", padj), ("ci_level", level)):
	    assert abs(r[k] - float(want)) <= 1e-9 * max(1, abs(float(want))), (k, r[k], want)
	assert r["verdict"] == v and r["method"] == "log-welch", r
	PY
	fsreport compare --format html --only "$ONLY" "$E/none" "$E/fsync" >h &&
	grep "<td class=\"name\"><a href=\"#chart-[0-9]*\">$desc (ns↓)</a></td>.*<span class=\"chg v-worse\">${ch2}%</span> <span class=\"ci\">\[${lo0}, ${hi0}\]</span><br><span class=\"vd v-worse\">worse v</span>" h
'

# HTML has no check of its own in t2800 (text, table, Markdown, CSV) or
# t2830 (JSON, XML); the numbers here are the fsync runs' fio "N".
test_expect_success 'HTML: the percentiles refused, with the I/Os fio counted' '
	python3 - "$E/fsync" <<-\PY >want &&
	import glob, json, sys
	n = sorted(json.load(open(f))["jobs"][0]["write"]["clat_ns"]["N"]
	           for f in glob.glob(sys.argv[1] + "/*.json"))
	few = [v for v in n if v < 10000]
	print("p99.9 needs at least 10000 I/Os per run; %d of these 10 runs have %d to %d" % (len(few), few[0], few[-1]))
	print("p99.99 needs at least 100000 I/Os per run; these runs have %d to %d" % (n[0], n[-1]))
	PY
	cat want &&
	fsreport compare --format html --only "$ONLY" "$E/none" "$E/fsync" >h &&
	fsreport report --only "$ONLY" -o rep "$E/none" "$E/fsync" &&
	while read -r line; do
		grep -q -F "$line" h && grep -q -F "$line" rep/index.html ||
		{ echo "not in the HTML: $line"; return 1; }
	done <want
'

test_expect_success '--percentiles: all 17 figures fio printed, every run, from the bins as fio has them' '
	L=$(python3 -c "import json, sys; print(\",\".join(\"%g\" % float(k) for k in json.load(open(sys.argv[1]))[\"jobs\"][0][\"write\"][\"clat_ns\"][\"percentile\"]))" "$E/none/1.json") &&
	echo "$L" &&
	test "$L" = "1,5,10,20,30,40,50,60,70,80,90,95,99,99.5,99.9,99.95,99.99" &&
	for c in none fsync; do
		fsreport show --format json --percentiles "$L" "$E/$c" >$c.json || return 1
	done &&
	python3 - "$E" <<-\PY
	import json, sys
	checked = refused = 0
	for c in ("none", "fsync"):
	    fio = [json.load(open("%s/%s/%d.json" % (sys.argv[1], c, r)))["jobs"][0]
	           for r in range(1, 11)]
	    res = {r["description"]: r["cells"][0]["samples"]
	           for r in json.load(open(c + ".json"))["results"]}
	    iops = res["w: write IOPS"]
	    order = [min(range(10), key=lambda i: abs(fio[i]["write"]["iops"] - v))
	             for v in iops]
	    for key in fio[0]["write"]["clat_ns"]["percentile"]:
	        q = float(key)
	        desc = "w: write completion latency (p%g)" % q
	        if min(fio[i]["write"]["clat_ns"]["N"] for i in order) * (1 - q / 100) < 10:
	            assert desc not in res, (c, desc)
	            refused += 1
	            continue
	        want = [fio[i]["write"]["clat_ns"]["percentile"][key] for i in order]
	        assert res[desc] == want, (c, desc, res[desc], want)
	        checked += 10
	print(checked, "per-run figures equal those fio printed;", refused, "refused")
	assert checked == 310 and refused == 3, (checked, refused)
	PY
'

test_done
