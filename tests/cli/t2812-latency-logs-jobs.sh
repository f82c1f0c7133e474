#!/bin/sh
# The jobs of one run are one run (issue 36, "Merging"): fio --numjobs=2
# writes NAME_clat.1.log and NAME_clat.2.log (and _clat_hist.J.log); in a
# folder, the files whose names differ only in J are merged bin by bin
# into one run, "clat log (2 jobs merged): ...", never two runs. Data: a
# real capture of two runs of two jobs (tests/data/fio/logs-jobs/README).
# References, independent of fsreport: the clat logs against the json+
# of the same runs (each job's bins summed by python), the exact mean
# from the log lines (awk); the hist logs' bins summed by python and
# valued by fio's plat_idx_to_val(). bw and iops logs (issue 37): the
# jobs' rates summed into one run, against awk's sum of the logs' means
# and fio's JSON of the same runs (logs-jobs/rates/, rates-json/); with
# -v a job's file says which file it was read with.
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
	grep -q "^fsreport: both/r1_clat.2.log: read with both/r1_clat.1.log (the jobs of one run)$" err &&
	grep -q "^fsreport: both/r2_clat.2.log: read with both/r2_clat.1.log (the jobs of one run)$" err &&
	! grep -q "skipped" err
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

# bw and iops logs (issue 37): the jobs' rates summed, one run
# (tests/data/fio/logs-jobs/README, "bw and iops logs").
LR="$LJ/rates"
BW="bw log (2 jobs merged): write bandwidth (mean)"
IO="iops log (2 jobs merged): write IOPS (mean)"

# rrun R: a folder rR holding run R's bw and iops job files
rrun() {
	mkdir "r$1" && cp "$LR"/r"$1"_*.log "r$1/"
}

test_expect_success 'bw and iops logs: a folder of two runs of two jobs is n = 2, not 4; -v names the file each job was read with' '
	mkdir both && cp "$LR"/*.log both/ &&
	fsreport show --format csv -v both >out 2>err &&
	grep -q ",$BW,KiB/s,higher,both,2," out &&
	grep -q ",$IO,IOPS,higher,both,2," out &&
	! grep -q ",bw log: \\|,iops log: " out &&
	for k in bw iops; do
		for r in 1 2; do
			grep -q "^fsreport: both/r${r}_$k.1.log: fio-lat-log, 1 result(s)$" err &&
			grep -q "^fsreport: both/r${r}_$k.2.log: read with both/r${r}_$k.1.log (the jobs of one run)$" err || return 1
		done
	done &&
	! grep -q "skipped\\|warning" err
'

test_expect_success 'bw and iops logs: the run'"'"'s mean is the sum of its jobs'"'"' log means (awk)' '
	for r in 1 2; do
		rrun $r &&
		fsreport show --format csv r$r >out &&
		for k in bw iops; do
			want=$(for f in r$r/r${r}_$k.*.log; do
				awk -F, "{ s += \$2; n++ } END { printf \"%.17g\n\", s / n }" $f
			done | awk "{ s += \$1 } END { printf \"%.6f\", s }") &&
			d=$BW && { test $k = bw || d=$IO; } &&
			got=$(awk -F, -v d="$d" "\$3 == d { printf \"%.6f\", \$8 }" out) &&
			test "$want" = "$got" || { echo "r$r $k: mean $got, the logs say $want"; return 1; }
		done
	done
'

test_expect_success 'bw and iops logs against fio'"'"'s JSON of the same runs' '
	# fio computes write.bw_mean / iops_mean from the same 200 ms samples
	# it logs (stat.c __add_samples(): one add_stat_sample() and one log
	# sample per interval), to 6 decimals: the jobs'"'"' sum is the run'"'"'s
	# mean to 1e-6. Its whole-run write.bw / iops are the job'"'"'s bytes
	# over its runtime (4001 ms): they also count what the 19 logged
	# intervals leave out (the last ms, the unlogged end of the last
	# window) and the per-interval values are rounded to whole numbers
	# (+0.5, __add_stat_to_log()); with the rate held to 500 IOPS a job,
	# that is within 1 % (0.18 % here), the tolerance.
	for r in 1 2; do
		rrun $r &&
		fsreport show --format csv r$r >r$r.csv || return 1
	done &&
	python3 - "$LJ" "$BW" "$IO" <<-\PY
	import csv, json, sys
	for r in (1, 2):
	    jobs = json.load(open("%s/rates-json/r%d.json" % (sys.argv[1], r)))["jobs"]
	    assert len(jobs) == 2
	    rows = {x["description"]: float(x["mean"]) for x in csv.DictReader(open("r%d.csv" % r))}
	    for d, whole, mean in ((sys.argv[2], "bw", "bw_mean"), (sys.argv[3], "iops", "iops_mean")):
	        got = rows[d]
	        m = sum(j["write"][mean] for j in jobs)
	        w = sum(j["write"][whole] for j in jobs)
	        assert abs(got - m) <= 2e-6, (r, d, got, m)
	        assert abs(got - w) <= 0.01 * w, (r, d, got, w)
	PY
'

test_expect_success 'bw and iops logs: the series is the jobs'"'"' values summed at the interval'"'"'s times' '
	# fio stamps an averaged entry with the job'"'"'s elapsed ms when the
	# interval has passed (2401 for 2400 in r1_bw.2.log): the run'"'"'s time
	# is the multiple of the interval, 200 ms (stat.c add_log_sample()).
	for r in 1 2; do
		rrun $r &&
		fsreport show --format json r$r >r$r.json || return 1
	done &&
	grep -q "^2401, " "$LR/r1_bw.2.log" &&
	python3 - "$LR" "$BW" "$IO" <<-\PY
	import json, sys
	for r in (1, 2):
	    res = {x["description"]: x for x in json.load(open("r%d.json" % r))["results"]}
	    for k, d in (("bw", sys.argv[2]), ("iops", sys.argv[3])):
	        jobs = [[[int(f) for f in l.split(",")[:2]] for l in open("%s/r%d_%s.%d.log" % (sys.argv[1], r, k, j))]
	                for j in (1, 2)]
	        want_t = [200.0 * (i + 1) for i in range(19)]
	        want_v = [float(a[1] + b[1]) for a, b in zip(*jobs)]
	        for j in jobs:
	            assert [round(t / 200.0) * 200.0 for t, _ in j] == want_t
	        ser = res[d]["cells"][0]["series"]
	        assert len(ser) == 1, ser
	        assert ser[0]["t_ms"] == want_t, (r, k, ser[0]["t_ms"])
	        assert ser[0]["values"] == want_v, (r, k, ser[0]["values"])
	PY
'

test_expect_success 'bw and iops logs: --steady reads the run'"'"'s summed series' '
	# Held to 500 IOPS a job, each run is steady from its first window
	# (SNIA PTS rule): its steady-state mean is its whole-run mean.
	mkdir both && cp "$LR"/*.log both/ &&
	fsreport show --steady --format csv both >out &&
	grep -q ",$BW,KiB/s,higher,both,2,4005.2631578947367,.*,steady$" out &&
	fsreport show --steady --format json both >s.json &&
	grep -q "\"never_steady\": 0" s.json &&
	test "$(grep -c "\"runs\": 2," s.json)" = 2 &&
	fsreport show --steady both >s.txt &&
	grep -q "^Each run with a time series (4 runs) has its steady-state mean as its result,$" s.txt
'

test_expect_success 'bw logs whose times do not match: a warning naming the files, the means summed, no series' '
	# job 2 stamped 1100 where job 1 has 1000: on the 100 ms grid that
	# fits it, job 1 logged every other interval only, which the logs
	# cannot tell from a log_avg_msec of its own
	rrun 1 &&
	sed -i "5s/^1000,/1100,/" r1/r1_bw.2.log &&
	fsreport show --format json r1 >out.json 2>err &&
	grep -q "^fsreport: warning: r1/r1_bw.1.log: fio bw log: the 2 jobs'"'"' write values (this file and r1_bw.2.log) are not logged at matching times (a job'"'"'s times are all on a coarser interval than the others'"'"'): the run'"'"'s bandwidth is the sum of the jobs'"'"' means, with no series$" err &&
	test "$(grep -c "\"t_ms\"" out.json)" = 1 &&
	fsreport show --format csv r1 >out 2>/dev/null &&
	want=$(for f in r1/r1_bw.*.log; do
		awk -F, "{ s += \$2; n++ } END { printf \"%.17g\n\", s / n }" $f
	done | awk "{ s += \$1 } END { printf \"%.6f\", s }") &&
	got=$(awk -F, -v d="$BW" "\$3 == d { printf \"%.6f\", \$8 }" out) &&
	test "$want" = "$got"
'

# idle_series DIR LOGS R INTERVAL: the run R's bw and iops series from the
# job logs in LOGS as python sums them (k = round(t / INTERVAL), a job
# that logged no value at a k adds 0; the k no job logged left out),
# against the "series" of DIR/rR.json (fsreport show --format json)
idle_series() {
	python3 - "$@" "$BW" "$IO" <<-\PY
	import glob, json, sys
	d, logs, r, iv, bw, io = sys.argv[1:7]
	r, iv = int(r), float(iv)
	res = {x["description"]: x for x in json.load(open("%s/r%d.json" % (d, r)))["results"]}
	for k, desc in (("bw", bw), ("iops", io)):
	    tot = {}
	    for f in sorted(glob.glob("%s/r%d_%s.*.log" % (logs, r, k))):
	        for l in open(f):
	            t, v = [int(x) for x in l.split(",")[:2]]
	            q = round(t / iv)
	            assert abs(t - q * iv) <= 5, (f, t)
	            tot[q] = tot.get(q, 0) + v
	    ser = res[desc]["cells"][0]["series"]
	    assert len(ser) == 1, ser
	    want_t = [q * iv for q in sorted(tot)]
	    want_v = [float(tot[q]) for q in sorted(tot)]
	    assert ser[0]["t_ms"] == want_t, (r, k, ser[0]["t_ms"], want_t)
	    assert ser[0]["values"] == want_v, (r, k, ser[0]["values"], want_v)
	PY
}

test_expect_success 'bw logs: a job that skipped an interval adds 0 there, the run keeps its series' '
	# fio logs nothing for an interval a job did no I/O in (stat.c
	# __add_samples(), "No entries for interval"): job 2 without its
	# fifth entry (1000 ms) did no I/O then, and the run wrote job 1
	# alone
	rrun 1 &&
	sed -i "5d" r1/r1_bw.2.log &&
	fsreport show --format json r1 >r1.json 2>err &&
	! test -s err &&
	idle_series . r1 1 200
'

LI="$LJ/idle"

test_expect_success 'bw and iops logs of a job that thinks between bursts (a real capture): the series counts its idle intervals as 0' '
	# tests/data/fio/logs-jobs/README, "Jobs that did not log every
	# interval": job 1 logs 19 intervals of 200 ms, job 2 eight of them
	for r in 1 2; do
		mkdir r$r && cp "$LI"/r${r}_*.log r$r/ &&
		fsreport show --format json r$r >r$r.json 2>err &&
		! test -s err &&
		test "$(wc -l <"$LI/r${r}_bw.2.log")" = 8 &&
		idle_series . "$LI" $r 200 || return 1
	done
'

test_expect_success 'bw and iops logs of a job that thinks between bursts: the run'"'"'s mean is fio'"'"'s group mean (JSON)' '
	# group_reporting sums the jobs'"'"' bw_mean / iops_mean, each over the
	# intervals the job logged (27 samples: 19 + 8), to 6 decimals
	for r in 1 2; do
		mkdir r$r && cp "$LI"/r${r}_*.log r$r/ &&
		fsreport show --format csv r$r >r$r.csv || return 1
	done &&
	python3 - "$LJ" "$BW" "$IO" <<-\PY
	import csv, json, sys
	for r in (1, 2):
	    jobs = json.load(open("%s/idle-json/r%d.json" % (sys.argv[1], r)))["jobs"]
	    assert len(jobs) == 1 and jobs[0]["write"]["bw_samples"] == 27
	    rows = {x["description"]: float(x["mean"]) for x in csv.DictReader(open("r%d.csv" % r))}
	    for d, mean in ((sys.argv[2], "bw_mean"), (sys.argv[3], "iops_mean")):
	        assert abs(rows[d] - jobs[0]["write"][mean]) <= 2e-6, (r, d, rows[d], jobs[0]["write"][mean])
	PY
'

test_expect_success 'a job'"'"'s bw log named by itself is read alone, as one run' '
	cp "$LR/r1_bw.2.log" . &&
	fsreport show --format csv r1_bw.2.log >out &&
	grep -q ",bw log: write bandwidth (mean),KiB/s,higher,r1_bw.2,1,2002.6315789473683," out
'

test_done
