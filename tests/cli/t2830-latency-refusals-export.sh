#!/bin/sh
# Refused percentiles (issue 36) in the JSON and XML exports: kept in the
# latency's "(mean)" cell with the numbers and the reason the text
# report prints, valid against schemas/fsreport.xsd, and read back by
# the fsreport-json and fsreport-xml importers, so a compare of exported
# run sets says the same about them as one of the fio files.
. "$(dirname "$0")/lib.sh"

E="$TOP/examples/latency"
LINE="fsync, fio: w: write completion latency (p99.9): p99.9 needs at least"

test_expect_success 'JSON: the refusals of the fsync runs, with their reason' '
	fsreport show --format json "$E/fsync" >fsync.json &&
	python3 - fsync.json <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	got = {}
	for r in d["results"]:
	    for c in r["cells"]:
	        for f in c.get("refused", []):
	            assert r["description"].endswith("(mean)"), r["description"]
	            got[f["result"]] = f
	f = got["w: write completion latency (p99.9)"]
	assert f["percentile"] == 99.9 and f["needs"] == 10000, f
	assert f["counts"] == "I/Os" and f["dropped"] is True, f
	assert (f["runs_refused"], f["runs_ok"]) == (3, 7), f
	assert (f["min"], f["max"]) == (4287, 9063), f
	assert f["reason"].startswith("p99.9 needs at least 10000 I/Os per run; 3 of these 10 runs have 4287 to 9063"), f
	g = got["w: write completion latency (p99.99)"]
	assert (g["runs_refused"], g["runs_ok"], g["dropped"]) == (10, 0, False), g
	assert len(got) == 4, sorted(got)
	PY
'

test_expect_success 'JSON read back: compare prints the same refusals' '
	fsreport show --format json "$E/fsync" >fsync.json &&
	fsreport show --format json "$E/none" >none.json &&
	fsreport compare --width 200 --only "completion latency" \
		"$E/none" "$E/fsync" >direct &&
	fsreport compare --width 200 --only "completion latency" \
		none.json fsync.json >back &&
	grep "^  fsync, fio: w: write completion latency (p99" direct >want &&
	test $(wc -l <want) = 2 &&
	grep "^  fsync, fio: w: write completion latency (p99" back >got &&
	test_cmp want got &&
	fsreport show --format json fsync.json >again.json &&
	python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
ra = [c.get(\"refused\") for r in a[\"results\"] for c in r[\"cells\"]]
rb = [c.get(\"refused\") for r in b[\"results\"] for c in r[\"cells\"]]
assert ra == rb
" fsync.json again.json
'

test_expect_success 'XML: <refused> in the (mean) cell, valid, read back' '
	fsreport show --format xml "$E/fsync" >fsync.xml &&
	fsreport show --format xml "$E/none" >none.xml &&
	grep -c "<refused " fsync.xml >n && echo 4 >want && test_cmp want n &&
	grep -q "<refused result=\"w: write completion latency (p99.9)\" percentile=\"99.9\" needs=\"10000\" counts=\"I/Os\" runs-refused=\"3\" runs-ok=\"7\" dropped=\"true\" min=\"4287\" max=\"9063\">p99.9 needs at least 10000 I/Os per run; 3 of these 10 runs" fsync.xml &&
	! grep -q "<refused" none.xml &&
	if command -v xmllint >/dev/null; then
		xmllint --noout --schema "$TOP/schemas/fsreport.xsd" fsync.xml
	fi &&
	fsreport compare --width 200 --only "completion latency" \
		none.xml fsync.xml >backx &&
	grep "^  fsync, fio: w: write completion latency (p99" backx >gotx &&
	fsreport compare --width 200 --only "completion latency" \
		"$E/none" "$E/fsync" | grep "^  fsync, fio: w: write completion latency (p99" >want &&
	test_cmp want gotx
'

test_expect_success 'bad refusals are named by file and place' '
	fsreport show --format json "$E/fsync" >fsync.json &&
	fsreport show --format xml "$E/fsync" >fsync.xml &&
	python3 - fsync.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	for r in d["results"]:
	    for c in r["cells"]:
	        for f in c.get("refused", []):
	            f["percentile"] = 100
	json.dump(d, open("bad.json", "w"))
	PY
	test_expect_code 3 fsreport show bad.json 2>err &&
	grep "bad.json.*refused\[0\].*percentile" err &&
	sed "s/ runs-refused=\"3\"/ runs-refused=\"0\"/" fsync.xml >bad.xml &&
	test_expect_code 3 fsreport show bad.xml 2>errx &&
	grep "bad.xml:[0-9]*: <refused>: runs-refused is 0" errx
'

test_done
