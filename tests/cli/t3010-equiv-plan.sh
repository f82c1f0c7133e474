#!/bin/sh
# fsreport plan (issue 38, docs/methods.md section 13): the runs per
# configuration for tests/data/equiv's pilot, against base R (the pooled
# sd of ln x, power.t.test at 0.05 / 3, and the smallest n whose exact
# TOST power reaches 0.8, by integrate(); written by R, not fsreport),
# the machine time of a result in seconds, and the usage errors.
. "$(dirname "$0")/lib.sh"

D=$TOP/tests/data/equiv

# R: test, pooled sd of ln x, runs to detect 2 %, runs for +-2 %
REF="seq-read 0.0030602390314231308 3 3
create 0.053245164913512819 153 170
fsync 0.010354309231271969 8 8"

test_expect_success 'CSV: sd and runs as R has them' '
	echo "$REF" >ref &&
	fsreport plan --detect 2 -f csv $D/base.csv $D/patch.csv >det.csv &&
	fsreport plan --equivalence 2 -f csv $D/base.csv $D/patch.csv >eq.csv &&
	head -1 det.csv | grep "^test,description,unit,better,kind,pct,power,alpha,m,row_alpha,configurations,n_pilot,log_sd,cv_pct,runs,run_s,machine_s,runs_of$" &&
	while read t sd det eq; do
		awk -F, -v t=$t -v sd=$sd -v n=$det "\$1 == t { d = \$13 - sd; if (d < 0) d = -d; exit !(d <= 1e-12 && \$15 == n && \$9 == 3) }" det.csv &&
		awk -F, -v t=$t -v n=$eq "\$1 == t { exit !(\$15 == n && \$5 == \"equivalence\") }" eq.csv ||
		return 1
	done <ref
'

test_expect_success 'text: the plan, its level and machine time where runs are durations' '
	fsreport plan --equivalence 2 $D/base.csv $D/patch.csv >actual &&
	grep "^plan: runs per configuration to prove a change inside the equivalence margin ±2%$" actual &&
	grep "Bonferroni over the 3" actual &&
	grep "^create (s) .* 170  39 min$" actual &&
	grep "^seq-read (MB/s) .*  3  -$" actual &&
	grep "^Every result: 170 runs per configuration.$" actual
'

test_expect_success '--adjust none plans each row at alpha; --compared counts rows' '
	fsreport plan --detect 2 --adjust none -f csv $D/base.csv >one.csv &&
	awk -F, "\$1 == \"create\" { exit !(\$10 == 0.05) }" one.csv &&
	fsreport plan --detect 2 --compared 4 -f csv $D/base.csv >four.csv &&
	awk -F, "\$1 == \"create\" { exit !(\$9 == 12) }" four.csv
'

# A stored series (--db): each run set's 3 runs within 0.1 %, their means
# about 3 % apart. The plan is check's, in baseline run sets, from the
# spread of the run sets' means, not the pooled runs (which would say 2).
# scripts/plan-series-reference.py (SciPy: statistics.stdev of ln of the
# means, scipy nct and quad) prints: test, sd, sets for --detect 15,
# --equivalence 15 (both at 0.05 / 2), --detect 10 --adjust none,
# --detect 10 (none: no number of run sets would).
SREF="read 0.02973261140766409 6 6 12 47
create 0.03152285352134361 7 6 21 none"

test_expect_success 'stored series: the run-to-run spread of run sets, check'"'"'s plan' '
	S=$TOP/tests/data/plan-series &&
	fsreport store add -q --db s.db v1=$S/set1.csv v2=$S/set2.csv v3=$S/set3.csv v4=$S/set4.csv v5=$S/set5.csv v6=$S/set6.csv &&
	fsreport plan --db s.db --detect 15 -f csv >d15.csv &&
	fsreport plan --db s.db --equivalence 15 -f csv >e15.csv &&
	fsreport plan --db s.db --detect 10 --adjust none -f csv >d10n.csv &&
	fsreport plan --db s.db --detect 10 -f csv >d10.csv &&
	echo "$SREF" | while read t sd a b c e; do
		awk -F, -v t=$t -v sd=$sd -v n=$a "\$1 == t { d = \$13 - sd; if (d < 0) d = -d; exit !(d <= 1e-12 && \$15 == n && \$9 == 2 && \$12 == 6 && \$18 == \"run-sets\") }" d15.csv &&
		awk -F, -v t=$t -v n=$b "\$1 == t { exit !(\$15 == n) }" e15.csv &&
		awk -F, -v t=$t -v n=$c "\$1 == t { exit !(\$15 == n && \$10 == 0.05) }" d10n.csv &&
		awk -F, -v t=$t -v n=$e "\$1 == t { exit !(\$15 == (n == \"none\" ? \"\" : n)) }" d10.csv ||
		return 1
	done &&
	fsreport plan --db s.db --detect 15 >actual &&
	grep "^plan: stored run sets check needs in its baseline to detect a change of 15% in a$" actual &&
	grep "^result  *sets  *CV  *needed  machine time$" actual &&
	grep "^create (s) .*  6    3.2%        7  7 min$" actual &&
	fsreport plan --db s.db --detect 10 >actual &&
	grep "^create (s) .*     none  -$" actual &&
	fsreport plan --detect 15 -f csv $S/set1.csv $S/set2.csv >pooled.csv &&
	awk -F, "\$1 == \"read\" { exit !(\$15 == 2 && \$18 == \"runs\") }" pooled.csv
'

# The JSON's numbers against the CSV's, column by column: python3's json
# and csv modules (parsing, and float equality: both are written to read
# back as the same double).
SAME=$SCRATCH_ROOT/same.py
cat >"$SAME" <<\EOF
import csv, json, sys
doc = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
assert doc["command"] == "plan" and doc["format_version"] == 1
assert len(rows) == len(doc["rows"]) > 0
num = lambda v: None if v == "" else float(v)
for c, j in zip(rows, doc["rows"]):
    for k in ("pct", "power", "alpha", "m", "row_alpha"):
        assert num(c[k]) == doc["plan"][k], k
    assert c["kind"] == doc["plan"]["kind"] and c["runs_of"] == doc["plan"]["runs_of"]
    for k in ("test", "unit", "better"):
        assert c[k] == (j[k] or ""), k
    for k in ("configurations", "n_pilot", "log_sd", "cv_pct", "runs", "run_s", "machine_s"):
        assert num(c[k]) == j[k], (k, c[k], j[k])
EOF

test_expect_success 'JSON: parses, and carries the CSV'"'"'s numbers' '
	fsreport plan --equivalence 2 -f json $D/base.csv $D/patch.csv >eq.json &&
	python3 -m json.tool eq.json >/dev/null &&
	fsreport plan --equivalence 2 -f csv $D/base.csv $D/patch.csv >eq.csv &&
	python3 "$SAME" eq.json eq.csv &&
	S=$TOP/tests/data/plan-series &&
	fsreport store add -q --db j.db v1=$S/set1.csv v2=$S/set2.csv v3=$S/set3.csv v4=$S/set4.csv v5=$S/set5.csv v6=$S/set6.csv &&
	fsreport plan --db j.db --detect 10 -f json >d10.json &&
	fsreport plan --db j.db --detect 10 -f csv >d10.csv &&
	python3 "$SAME" d10.json d10.csv &&
	grep "\"runs_of\": \"run-sets\"" d10.json &&
	grep "\"reached\": false" d10.json &&
	if command -v jq >/dev/null; then
		test "$(jq -r ".rows[] | select(.test == \"create\") | .runs" eq.json)" = 170
	fi
'

test_expect_success 'machine time from the durations the runs record: PTS test-run-times, fio job_runtime' '
	P=$TOP/tests/data/corpus/pts/sysbench-gce-12runs.xml &&
	fsreport plan --detect 5 -f json $P >pts.json &&
	python3 - "$P" pts.json <<-\EOF &&
	import json, re, sys, xml.etree.ElementTree as ET
	want = {}
	for r in ET.parse(sys.argv[1]).getroot().iter("Result"):
	    t = [float(x) for e in r.iter("Entry")
	         for x in json.loads(e.findtext("JSON"))["test-run-times"].split(":")]
	    want[r.findtext("Description")] = sum(t) / len(t)
	rows = json.load(open(sys.argv[2]))["rows"]
	assert len(rows) == len(want) == 2, rows
	for row in rows:
	    w = [v for d, v in want.items() if d in row["description"]]
	    assert len(w) == 1 and abs(row["run_s"] - w[0]) < 1e-9, (row, w)
	    assert abs(row["machine_s"] - row["runs"] * w[0]) < 1e-6, row
	EOF
	fsreport plan --detect 5 $P >pts.txt &&
	grep "^Sysbench: Test: Memory (Events Per Second) .* 14  2 min$" pts.txt &&
	F=$TOP/examples/fio/fsync1 &&
	fsreport plan --detect 5 -f json $F >fio.json &&
	python3 - fio.json $F/*.json <<-\EOF
	import json, sys
	runs = [max(j["job_runtime"] for j in json.load(open(f))["jobs"]) / 1000
	        for f in sys.argv[2:]]
	rows = json.load(open(sys.argv[1]))["rows"]
	assert rows and all(abs(r["run_s"] - sum(runs) / len(runs)) < 1e-9
	                    for r in rows), (rows[0], runs)
	EOF
'

test_expect_success 'Markdown: the text plan as a GFM table (cmark-gfm reads it back)' '
	fsreport plan --equivalence 2 -f markdown $D/base.csv $D/patch.csv >plan.gfm &&
	grep "^plan: runs per configuration to prove a change inside the equivalence margin ±2%" plan.gfm &&
	cmark-gfm --extension table plan.gfm |
	awk "/^<tr>/ { row = \"\"; n = 0; next }
	     /^<t[hd][ >]/ { sub(/^<t[hd][^>]*>/, \"\"); sub(/<\\/t[hd]>\$/, \"\");
		row = n++ ? row \",\" \$0 : \$0; next }
	     /^<\\/tr>/ { print row }" >rows &&
	cat >expect <<-\EOT &&
	result,pilot,CV,runs,machine time
	seq-read (MB/s),10,0.31%,3,-
	create (s),10,5.3%,170,39 min
	fsync (ms),10,1%,8,-
	EOT
	test_cmp expect rows &&
	grep "^Every result: 170 runs per configuration.$" plan.gfm
'

test_expect_success 'usage: one of --detect and --equivalence, --power in (0, 1)' '
	test_expect_code 2 fsreport plan $D/base.csv 2>err &&
	grep "plan needs one of --detect PCT and --equivalence PCT" err &&
	test_expect_code 2 fsreport plan --detect 2 --equivalence 2 $D/base.csv 2>err &&
	test_expect_code 2 fsreport plan --detect 2 --power 1 $D/base.csv 2>err &&
	grep "power 1 is not between 0 and 1" err &&
	test_expect_code 2 fsreport plan --detect 2 -f svg $D/base.csv 2>err &&
	grep "plan writes --format ascii, markdown, csv or json, not .svg." err
'

test_done
