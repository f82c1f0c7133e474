#!/bin/sh
# --format json writes its document one result (one comparison row) at a
# time, through a spool (render/data/json.c, issue 39). Python's json
# module reads what it wrote, and every sample is long-csv's and every
# summary the CSV's rounded to 15 digits (Python's own "%.15g"), for
# show and compare of a PTS corpus file and of 300 results made here. A
# string that is not UTF-8 in the last result fails the whole document:
# exit 4 and nothing on standard output, for json, xml and pts alike.
. "$(dirname "$0")/lib.sh"

# many.csv: 300 results of 2 systems, 3 to 5 samples of 1 to 17 digits
many() {
	python3 - <<-\PY
	import random
	random.seed(39)
	with open("many.csv", "w") as f:
	    f.write("test,value,description,unit,better,label\n")
	    for i in range(300):
	        for lab in ("base", "new"):
	            for k in range(random.randint(3, 5)):
	                x = random.uniform(0.001, 10 ** random.randint(0, 9))
	                v = repr(x) if k % 2 else "%.*f" % (random.randint(0, 4), x)
	                f.write("t%03d,%s,d,MB/s,higher,%s\n" % (i, v, lab))
	PY
}

# check COMMAND ARGS...: show or compare --format json of ARGS against
# show's csv and long-csv of ARGS (the samples in order, the summaries
# by result and label)
check() {
	cmd=$1 &&
	shift &&
	fsreport $cmd "$@" --format json >doc.json &&
	fsreport show "$@" --format csv >sum.csv &&
	fsreport show "$@" --format long-csv >long.csv &&
	python3 - <<-\PY
	import csv, json, sys
	doc = json.load(open("doc.json"))
	want = [r for r in csv.DictReader(open("long.csv")) if r["value"]]
	got = []
	for res in doc["results"]:
	    for c in res["cells"]:
	        got += [(c["label"], float(x)) for x in c["samples"]]
	assert len(got) == len(want) > 20, (len(got), len(want))
	for (lab, x), r in zip(got, want):
	    assert lab == r["label"] and x == float(r["value"]), (lab, x, r)
	rows = {}
	for r in csv.DictReader(open("sum.csv")):
	    if "label" in r and "mean" in r:
	        rows[(r["result"], r["label"])] = r
	n = 0
	for res in doc["results"]:
	    for c in res["cells"]:
	        s, r = c["summary"], rows.get((res["key"], c["label"]))
	        if r is None:
	            continue
	        assert s["n"] == int(r["n"]), (res["key"], s, r)
	        for k in ("mean", "sd", "se", "ci_low", "ci_high", "median",
	                  "min", "max", "cv_pct"):
	            if r[k] == "":
	                assert s[k] is None, (k, s, r)
	            else:
	                assert s[k] == float("%.15g" % float(r[k])), (k, s, r)
	        n += 1
	assert n >= 10, n
	print(len(got), "samples,", n, "summaries")
	PY
}

test_expect_success 'show: every sample and summary of the pieces is the CSV one' '
	many &&
	check show many.csv &&
	check show "$CORPUS/7zip-ec2-large-10runs.xml"
'

test_expect_success 'compare: the document reads, its rows are every result' '
	many &&
	check compare many.csv &&
	fsreport compare --format json many.csv >doc.json &&
	python3 -c "
import json
d = json.load(open(\"doc.json\"))
rows = d[\"comparison\"][\"rows\"]
assert len(rows) == 300 and len(d[\"results\"]) == 300, len(rows)
assert [r[\"result\"] for r in rows] == [r[\"key\"] for r in d[\"results\"]]
assert open(\"doc.json\").read().endswith(\"\\n  }\\n}\\n\")
"
'

# uni.csv: 40 results whose descriptions hold letters of 2, 3 and 4
# bytes and controls the output escapes (U+202E, U+0085, U+009B), long
# enough (up to 27 000 bytes) that libxml2 hands a text over in 16 000-
# byte chunks, which end inside characters
test_expect_success 'xml and pts: chunks that split a character escape it whole' '
	python3 - <<-\PY &&
	import random
	random.seed(39)
	chars = ["\u00e9", "\u202e", "\u20ac", "\U0001f600", "\u0085", "a", "\u009b"]
	with open("uni.csv", "w", encoding="utf-8") as f:
	    f.write("test,value,description,unit,better,label\n")
	    for i in range(40):
	        d = "".join(random.choice(chars) for _ in range(random.randint(2000, 9000)))
	        for k in range(3):
	            f.write("t%d,%d,%s,MB/s,higher,x\n" % (i, k + 1, d))
	PY
	fsreport show --format xml uni.csv >uni.xml &&
	fsreport show --format pts uni.csv >uni-pts.xml &&
	python3 - <<-\PY
	import csv, xml.etree.ElementTree as ET
	want = []
	for r in csv.DictReader(open("uni.csv", encoding="utf-8")):
	    if not want or want[-1] != r["description"]:
	        want.append(r["description"])
	got = [e.text for e in ET.parse("uni.xml").getroot().iter("description")]
	assert got == want, (len(got), len(want))
	pts = [e.find("Description").text
	       for e in ET.parse("uni-pts.xml").getroot().iter("Result")]
	assert pts == want, (len(pts), len(want))
	PY
'

test_expect_success 'not UTF-8 in the last result: exit 4, nothing on standard output' '
	many &&
	printf "t299\\351,5,d,MB/s,higher,new\\n" >>many.csv &&
	for fmt in json xml pts; do
		test_expect_code 4 fsreport show --format $fmt many.csv \
			>out 2>err &&
		grep "not valid UTF-8" err &&
		test ! -s out || return 1
	done &&
	test_expect_code 4 fsreport compare --format json many.csv >out 2>err &&
	grep "not valid UTF-8" err &&
	test ! -s out &&
	test_expect_code 4 fsreport show --format json -o out.json many.csv &&
	test ! -e out.json
'

test_done
