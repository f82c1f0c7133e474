#!/bin/sh
# Several hosts of one run (issue 36, "Merging"): fio --client=HOST1
# --client=HOST2 writes "client_stats", an entry per host and job; each
# host is read as "w (host H)", and the run's result is the hosts merged,
# "w (2 hosts merged)": the latency histograms summed bin by bin, IOPS
# and bandwidth as fio's "All clients" sums them. Data: a real capture of
# two fio 3.33 servers on this machine (tests/data/fio/clients/README).
# Reference values: the hosts' bins summed by python here, independent of
# fsreport, and fio's own "All clients" entry.
. "$(dirname "$0")/lib.sh"

CL="$TOP/tests/data/fio/clients"

# fsreport's reading of every run, beside the python checks
csvs() {
	for f in "$CL"/none.?.json "$CL"/fsync.?.json; do
		fsreport show --format csv "$f" >"$(basename "$f").csv" ||
		return 1
	done
}

test_expect_success 'merged percentiles equal those of the summed bins (python), every run' '
	csvs &&
	python3 - "$CL" <<-\PY
	import csv, glob, json, os, sys
	QS = (50, 90, 99, 99.9, 99.99)
	def pct(bins, q):
	    b = sorted((int(k), v) for k, v in bins.items())
	    total, s = sum(v for _, v in b), 0
	    for ns, c in b:
	        s += c
	        if s >= q / 100.0 * total:
	            return ns
	checked = 0
	for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
	    doc = json.load(open(path))
	    hosts = [e for e in doc["client_stats"] if e["jobname"] != "All clients"]
	    assert len(hosts) == 2, path
	    rows = {r["description"]: float(r["mean"])
	            for r in csv.DictReader(open(os.path.basename(path) + ".csv"))}
	    for d, key, name in (("write", "clat_ns", "write completion latency"),
	                         ("sync", "lat_ns", "sync latency")):
	        lats = [e[d][key] for e in hosts]
	        if not all("bins" in l for l in lats):
	            continue
	        merged = {}
	        for l in lats:
	            for k, v in l["bins"].items():
	                merged[k] = merged.get(k, 0) + v
	        n = sum(merged.values())
	        assert n == sum(l["N"] for l in lats), path
	        for q in QS:
	            desc = "w (2 hosts merged): %s (p%g)" % (name, q)
	            if n * (1 - q / 100.0) < 10:   # refused, never extrapolated
	                assert desc not in rows, (path, desc)
	                continue
	            assert rows[desc] == pct(merged, q), (path, desc, rows[desc])
	            checked += 1
	        # each host: its own bins, as fio printed its percentiles
	        for e in hosts:
	            h = "w (host %s:%d): %s (p50)" % (e["hostname"], e["port"], name)
	            assert rows[h] == pct(e[d][key]["bins"], 50), (path, h)
	            assert rows[h] == e[d][key]["percentile"]["50.000000"], (path, h)
	assert checked == 37, checked
	PY
'

test_expect_success 'IOPS, bandwidth and mean latency equal fio'"'"'s own "All clients"' '
	csvs &&
	python3 - "$CL" <<-\PY
	import csv, glob, json, os, sys
	for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
	    doc = json.load(open(path))
	    all_ = [e for e in doc["client_stats"] if e["jobname"] == "All clients"][0]
	    rows = {r["description"]: float(r["mean"])
	            for r in csv.DictReader(open(os.path.basename(path) + ".csv"))}
	    w = all_["write"]
	    assert "%.6f" % rows["w (2 hosts merged): write IOPS"] == "%.6f" % w["iops"], path
	    assert rows["w (2 hosts merged): write bandwidth"] == w["bw_bytes"], path
	    assert "%.6f" % rows["w (2 hosts merged): write completion latency (mean)"] == \
	        "%.6f" % w["clat_ns"]["mean"], path
	    # fio sums the I/Os over the longest runtime: with equal runtimes,
	    # the sum of the hosts own IOPS
	    hosts = [e for e in doc["client_stats"] if e["jobname"] != "All clients"]
	    if len(set(e["write"]["runtime"] for e in hosts)) == 1:
	        s = sum(e["write"]["iops"] for e in hosts)
	        assert abs(s - rows["w (2 hosts merged): write IOPS"]) < 1e-5, path
	PY
'

test_expect_success 'the hosts in name order, whatever order fio wrote them in' '
	csvs &&
	grep -o "w (host [^)]*): write IOPS" none.1.json.csv >a &&
	grep -o "w (host [^)]*): write IOPS" none.2.json.csv >b &&
	printf "%s\n" "w (host 127.0.0.1:8765): write IOPS" \
		"w (host 127.0.0.1:8766): write IOPS" >expect &&
	test_cmp expect a &&
	test_cmp expect b
'

test_expect_success 'compare of the two configurations: the merged hosts, run by run' '
	mkdir none fsync &&
	cp "$CL"/none.?.json none/ &&
	cp "$CL"/fsync.?.json fsync/ &&
	fsreport compare --width 300 none fsync >out 2>err &&
	grep "^fio 3.33: w (2 hosts merged): write completion latency (p50) (ns, lower is better" out &&
	grep -A2 "^fio 3.33: w (2 hosts merged): write IOPS " out >iops &&
	grep "^  none  3 " iops &&
	grep "^  fsync 3 " iops &&
	grep "^fio 3.33: w (2 hosts merged): write completion latency (p99) " out &&
	fsreport compare --format csv none fsync >c.csv &&
	grep ",w (2 hosts merged): write completion latency (p99),ns,lower,none,fsync,3,3," c.csv &&
	! grep -i "warning" err
'

test_expect_success 'hosts that ran different jobs: said, naming the file, and not merged' '
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d[\"client_stats\"][1][\"jobname\"] = \"r\"
json.dump(d, open(\"names.json\", \"w\"), indent=1)
" "$CL/fsync.1.json" &&
	fsreport show --format csv names.json >n.csv 2>err &&
	grep "^fsreport: warning: names.json:1: fio --client: job .w. ran on 1 of the 2 hosts (not on 127.0.0.1:8766): the hosts ran different jobs, and .w. is not merged across them$" err &&
	grep "job .r. ran on 1 of the 2 hosts (not on 127.0.0.1:8765)" err &&
	! grep "hosts merged" n.csv &&
	grep ",r (host 127.0.0.1:8766): write IOPS," n.csv
'

test_expect_success 'a host without bins: said, and that latency not merged (never a pool of the others)' '
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
del d[\"client_stats\"][1][\"write\"][\"clat_ns\"][\"bins\"]
json.dump(d, open(\"nobins.json\", \"w\"), indent=1)
" "$CL/fsync.1.json" &&
	fsreport show --format csv nobins.json >b.csv 2>err &&
	grep "^fsreport: warning: nobins.json:1: \$.client_stats\[1\].write.clat_ns: no bins that hold its N I/Os, where the other hosts have them: .w (2 hosts merged): write completion latency. is not merged$" err &&
	! grep "w (2 hosts merged): write completion latency" b.csv &&
	grep ",w (2 hosts merged): sync latency (p50)," b.csv &&
	grep ",w (2 hosts merged): write IOPS," b.csv
'

test_expect_success 'bins of another layout: an error naming the file and the place (exit 3)' '
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
b = d[\"client_stats\"][1][\"write\"][\"clat_ns\"][\"bins\"]
b[\"1721\"] = b.pop(\"1720\")
json.dump(d, open(\"layout.json\", \"w\"), indent=1)
" "$CL/fsync.1.json" &&
	test_expect_code 3 fsreport show layout.json 2>err &&
	echo "fsreport: layout.json: \$.client_stats[1].write.clat_ns.bins: '"'"'1721'"'"' is not one of fio'"'"'s bin values" >expect &&
	test_cmp expect err
'

test_expect_success 'a host whose job failed: the merged run is a failed run, not the other host alone' '
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d[\"client_stats\"][1][\"error\"] = 5
json.dump(d, open(\"failed.json\", \"w\"), indent=1)
" "$CL/fsync.1.json" &&
	fsreport show --format csv failed.json >f.csv 2>err &&
	grep "^fsreport: warning: failed.json:1: job .w (host 127.0.0.1:8766). failed (fio reported error 5)$" err &&
	grep ",w (2 hosts merged): write IOPS,IOPS,higher,failed,0,.*,1,$" f.csv &&
	! grep "w (2 hosts merged): write completion" f.csv
'

test_done
