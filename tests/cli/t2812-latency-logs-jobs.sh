#!/bin/sh
# The jobs of one run are one run (issue 36, "Merging"): fio --numjobs=2
# writes NAME_clat.1.log and NAME_clat.2.log (and _clat_hist.J.log); in a
# folder, the files whose names differ only in J are merged bin by bin
# into one run, "clat log (2 jobs merged): ...", never two runs. Data: a
# real capture of two runs of two jobs (tests/data/fio/logs-jobs/README).
# References, independent of fsreport: the clat logs against the json+
# of the same runs (each job's bins summed by python), the exact mean
# from the log lines (awk); the hist logs' bins summed by python and
# valued by fio's plat_idx_to_val().
. "$(dirname "$0")/lib.sh"

LJ="$DATA/fio/logs-jobs"
W="write completion latency"

# run KIND R: a folder rR holding run R's job files of KIND (clat, hist)
run() {
	mkdir "r$2" && cp "$LJ/$1"/r"$2"_*.log "r$2/"
}

test_expect_success 'clat logs: each run one run, its percentiles those of the jobs'"'"' json+ bins summed' '
	for r in 1 2; do
		run clat $r &&
		fsreport show --format csv r$r >r$r.csv || return 1
	done &&
	python3 - "$LJ" <<-\PY
	import csv, json, sys
	QS = (50, 90, 99, 99.9, 99.99)
	def pct(bins, q):
	    b = sorted((int(k), v) for k, v in bins.items())
	    total, s = sum(v for _, v in b), 0
	    for ns, c in b:
	        s += c
	        if s >= q / 100.0 * total:
	            return ns
	checked = 0
	for r in (1, 2):
	    jobs = json.load(open("%s/json/r%d.json" % (sys.argv[1], r)))["jobs"]
	    assert len(jobs) == 2
	    merged = {}
	    for j in jobs:
	        for k, v in j["write"]["clat_ns"]["bins"].items():
	            merged[k] = merged.get(k, 0) + v
	    n = sum(merged.values())
	    assert n == 1001, n
	    rows = {x["description"]: x for x in csv.DictReader(open("r%d.csv" % r))}
	    for q in QS:
	        d = "clat log (2 jobs merged): write completion latency (p%g)" % q
	        if n * (1 - q / 100.0) < 10:
	            assert d not in rows, d
	            continue
	        assert rows[d]["n"] == "1", rows[d]
	        assert float(rows[d]["mean"]) == pct(merged, q), (r, d, rows[d]["mean"])
	        checked += 1
	    assert not [d for d in rows if d.startswith("clat log:")], rows.keys()
	assert checked == 6, checked
	PY
'

test_expect_success 'clat logs: the mean of all the run'"'"'s I/Os, exactly' '
	for r in 1 2; do
		run clat $r &&
		fsreport show --format csv r$r >out &&
		want=$(cat r$r/*.log | awk -F, "{ s += \$2; n++ } END { printf \"%.6f\", s / n }") &&
		got=$(awk -F, -v d="clat log (2 jobs merged): $W (mean)" "\$3 == d { printf \"%.6f\", \$8 }" out) &&
		test "$want" = "$got" || { echo "r$r: mean $got, the logs say $want"; return 1; }
	done
'

test_expect_success 'a folder of two runs of two jobs: n = 2, not 4' '
	mkdir both && cp "$LJ"/clat/*.log both/ &&
	fsreport show --format csv -v both >out 2>err &&
	grep -q ",clat log (2 jobs merged): $W (p99),ns,lower,both,2," out &&
	grep -q ",clat log (2 jobs merged): $W (mean),ns,lower,both,2," out &&
	! grep -q ",clat log: " out &&
	grep -q "both/r1_clat.1.log: fio-lat-log, 4 result(s)" err &&
	grep -q "both/r1_clat.2.log: skipped" err
'

test_expect_success 'hist logs: the jobs'"'"' bins summed (python, fio'"'"'s bin values), n = 2' '
	mkdir hboth && cp "$LJ"/hist/*.log hboth/ &&
	fsreport show --format csv hboth >all.csv &&
	grep -q ",hist log (2 jobs merged): $W (p50),ns,lower,hboth,2," all.csv &&
	! grep -q ",hist log: " all.csv &&
	for r in 1 2; do
		run hist $r &&
		fsreport show --format csv r$r >r$r.csv || return 1
	done &&
	python3 - "$LJ" <<-\PY
	import csv, glob, sys
	BITS, VAL = 6, 64
	def val(i):   # fio stat.c plat_idx_to_val()
	    if i < 2 * VAL:
	        return i
	    e = (i >> BITS) - 1
	    return (1 << (e + BITS)) + int((i % VAL + 0.5) * (1 << e))
	def pct(counts, q):
	    total, s = sum(counts), 0
	    for i, c in enumerate(counts):
	        s += c
	        if c and s >= q / 100.0 * total:
	            return val(i)
	checked = 0
	for r in (1, 2):
	    counts = [0] * 1856
	    files = sorted(glob.glob("%s/hist/r%d_clat_hist.*.log" % (sys.argv[1], r)))
	    assert len(files) == 2, files
	    for f in files:
	        for line in open(f):
	            v = [int(x) for x in line.split(",")]
	            assert v[1] == 1 and len(v) == 3 + 1856
	            counts = [a + b for a, b in zip(counts, v[3:])]
	    n = sum(counts)
	    rows = {x["description"]: x for x in csv.DictReader(open("r%d.csv" % r))}
	    for q in (50, 90, 99, 99.9, 99.99):
	        d = "hist log (2 jobs merged): write completion latency (p%g)" % q
	        if n * (1 - q / 100.0) < 10:
	            assert d not in rows, (r, n, d)
	            continue
	        assert float(rows[d]["mean"]) == pct(counts, q), (r, d, rows[d]["mean"], pct(counts, q))
	        checked += 1
	assert checked == 4, checked
	PY
'

test_expect_success 'a job'"'"'s log named by itself is read alone, as one run' '
	cp "$LJ/clat/r1_clat.2.log" . &&
	fsreport show --format csv r1_clat.2.log >out &&
	grep -q ",clat log: $W (p90),ns,lower,r1_clat.2,1," out &&
	! grep -q "jobs merged" out
'

test_expect_success 'a bad line in the second job'"'"'s log: that file and line, exit 3' '
	run clat 1 &&
	sed -i "7s/.*/7, 123, 5, 4096, 0/" r1/r1_clat.2.log &&
	test_expect_code 3 fsreport show r1 2>err &&
	grep "^fsreport: r1/r1_clat.2.log:7: fio lat log: ddir 5 is not 0 (read), 1 (write) or 2 (trim)$" err
'

test_done
