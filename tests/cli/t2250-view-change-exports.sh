#!/bin/sh
# Issue 31: one change per row in every format. A result whose values are
# printed as geometric means (a row with Welch on the logarithms) prints,
# for a row without an interval (one run on a side), the change between
# the geometric means; CSV's and JSON's delta_pct and center say the
# same, instead of the ratio of the arithmetic means. Rows with an
# interval keep their estimate, and a result printed in means keeps the
# change of the means. The expected values are computed here from the
# samples.
. "$(dirname "$0")/lib.sh"

write_input() {
	printf 'test,description,unit,better,label,value\n'
	for v in 100 150 90 300; do echo "lat,w latency,ns,lower,base,$v"; done
	for v in 120 180 110 400; do echo "lat,w latency,ns,lower,new,$v"; done
	echo "lat,w latency,ns,lower,one,130"
	# a result of single runs: no interval anywhere, printed in means
	echo "iops,w iops,IOPS,higher,base,200"
	echo "iops,w iops,IOPS,higher,new,230"
	echo "iops,w iops,IOPS,higher,one,150"
}

test_expect_success 'CSV, JSON and text give each row one change' '
	write_input >in.csv &&
	fsreport compare --format csv in.csv >out.csv &&
	fsreport compare --format json in.csv >out.json &&
	fsreport compare --width 100 in.csv >out.txt &&
	python3 - out.csv out.json out.txt <<-\PY
	import csv, json, math, sys
	g = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
	base, new = [100, 150, 90, 300], [120, 180, 110, 400]
	want = {
	    ("w latency", "new"): (100 * (g(new) / g(base) - 1), "gmean"),
	    ("w latency", "one"): (100 * (130 / g(base) - 1), "gmean"),
	    ("w iops", "new"): (100 * (230 / 200 - 1), "mean"),
	    ("w iops", "one"): (100 * (150 / 200 - 1), "mean"),
	}
	rows = list(csv.DictReader(open(sys.argv[1])))
	got = {(r["description"], r["label"]): (float(r["delta_pct"]), r["center"]) for r in rows}
	assert set(got) == set(want), got
	for k, (x, c) in want.items():
	    assert abs(got[k][0] - x) < 1e-9 * max(1, abs(x)), (k, got[k], x)
	    assert got[k][1] == c, (k, got[k], c)
	d = json.load(open(sys.argv[2]))
	descs = [r["description"] for r in d["results"]]
	for r in d["comparison"]["rows"]:
	    k = (descs[r["result_index"]], r["label"])
	    x, c = want[k]
	    assert abs(r["delta_pct"] - x) < 1e-9 * max(1, abs(x)), (k, r["delta_pct"], x)
	    assert r["center"] == c, (k, r["center"])
	text = open(sys.argv[3]).read()
	# the text prints the same change (three significant digits)
	assert "-8.36%" in text, text
	assert "%+.3g%%" % want[("w latency", "one")][0] == "-8.36%"
	PY
'

test_done
