#!/bin/sh
# Latency histograms (issue 36) in the JSON and XML exports: each run's
# histogram is written sparsely (layout, total, the non-zero bins and
# their counts) beside the series, and read back, so that a compare of
# the exported run sets prints the same percentile table and shape test
# and draws the same spectrum chart as one of the fio json+ files. The
# bins written are checked against fio's own "bins" of the capture (the
# bin index computed here from fio's layout, stat.h), not against
# fsreport; only the round trip compares fsreport with itself.
. "$(dirname "$0")/lib.sh"

E="$TOP/examples/latency"
ONLY="completion latency"

test_expect_success 'JSON: a run'"'"'s histogram is fio'"'"'s json+ bins, sparse and exact' '
	fsreport import -o one.json "$E/fsync/1.json" &&
	python3 - "$E/fsync/1.json" one.json <<-\PY
	import json, sys
	fio = json.load(open(sys.argv[1]))
	bins = fio["jobs"][0]["write"]["clat_ns"]["bins"]
	def idx(v, bits=6, groups=29):
	    # fio stat.c plat_val_to_idx()
	    msb = v.bit_length() - 1 if v else 0
	    if msb <= bits:
	        return v
	    e = msb - bits
	    i = ((e + 1) << bits) + ((v >> e) & ((1 << bits) - 1))
	    return min(i, (groups << bits) - 1)
	want = sorted((idx(int(k)), n) for k, n in bins.items() if n)
	d = json.load(open(sys.argv[2]))
	got = []
	descs = []
	for r in d["results"]:
	    for c in r["cells"]:
	        if "hists" not in c:
	            continue
	        descs.append(r["description"])
	        assert len(c["hists"]) == len(c["samples"]) == 1
	        if r["description"] == "w: write completion latency (p50)":
	            got += c["hists"]
	assert sorted(descs) == ["w: sync latency (p50)",
	                         "w: write completion latency (p50)"], descs
	assert len(got) == 1
	h = got[0]
	assert (h["bits"], h["groups"]) == (6, 29), h
	assert h["total"] == sum(n for _, n in want), (h["total"], sum(n for _, n in want))
	assert list(zip(h["bins"], h["counts"])) == want
	PY
'

test_expect_success 'XML: the same bins and counts, valid against the schema' '
	fsreport import -o one.json "$E/fsync/1.json" &&
	fsreport import --to xml -o one.xml "$E/fsync/1.json" &&
	if command -v xmllint >/dev/null; then
		xmllint --noout --schema "$TOP/schemas/fsreport.xsd" one.xml
	fi &&
	python3 - one.json one.xml <<-\PY
	import json, sys
	import xml.etree.ElementTree as ET
	d = json.load(open(sys.argv[1]))
	j = [h for r in d["results"] for c in r["cells"] for h in c.get("hists", [])]
	x = [{"bits": int(h.get("bits")), "groups": int(h.get("groups")),
	      "total": int(h.get("total")),
	      "bins": [int(v) for v in (h.findtext("bins") or "").split()],
	      "counts": [int(v) for v in (h.findtext("counts") or "").split()]}
	     for h in ET.parse(sys.argv[2]).iter("hist")]
	assert len(j) == 2 and j == x
	PY
'

test_expect_success 'compare of the exported run sets: the same text, shape test and spectrum' '
	fsreport compare --width 80 --only "$ONLY" --svg direct.svg \
		"$E/none" "$E/fsync" >direct &&
	grep -q "shape of the latency distribution" direct &&
	grep -q "(p99)" direct &&
	for f in json xml; do
		fsreport import --to $f -o none.$f "$E/none" &&
		fsreport import --to $f -o fsync.$f "$E/fsync" &&
		fsreport compare --width 80 --only "$ONLY" --svg back.$f.svg \
			none.$f fsync.$f >back.$f &&
		test_cmp direct back.$f &&
		test_cmp direct.svg back.$f.svg || return 1
	done
'

test_expect_success 'a second round trip writes the same histograms' '
	fsreport import -o a.json "$E/fsync" &&
	fsreport import -o b.json a.json &&
	fsreport import --to xml -o b.xml a.json &&
	fsreport import -o c.json b.xml &&
	python3 - a.json b.json c.json <<-\PY
	import json, sys
	def hists(p):
	    d = json.load(open(p))
	    return [c.get("hists") for r in d["results"] for c in r["cells"]]
	a, b, c = (hists(p) for p in sys.argv[1:])
	assert [len(h) for h in a if h] == [10, 10]
	assert a == b == c
	PY
'

test_expect_success 'a count JSON cannot hold exactly is not written' '
	cat >big.xml <<-\EOF &&
	<?xml version="1.0" encoding="UTF-8"?>
	<fsreport format-version="1">
	  <system id="s0" label="a"/>
	  <result test="fio">
	    <test-id>fio</test-id><title>fio</title><app-version/><arguments/>
	    <description>w: write completion latency (p50)</description><unit>ns</unit>
	    <cell system="s0">
	      <samples>2000</samples>
	      <hist bits="6" groups="29" total="9223372036854775809"><bins>400 401</bins><counts>1 9223372036854775808</counts></hist>
	    </cell>
	  </result>
	</fsreport>
	EOF
	fsreport import --to xml -o big2.xml big.xml &&
	grep -q "<counts>1 9223372036854775808</counts>" big2.xml &&
	test_expect_code 4 fsreport import -o big.json big.xml 2>err &&
	grep "histogram of run 1 of result 1, cell 1 counts 9223372036854775809 I/Os, more than JSON" err &&
	! test -e big.json
'

test_expect_success '--drop-first: the first run'"'"'s histogram goes with its samples' '
	fsreport compare --drop-first --format json "$E/fsync" "$E/none" >drop.json &&
	python3 - drop.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	k = 0
	for r in d["results"]:
	    for c in r["cells"]:
	        if "hists" in c:
	            # ten runs captured, the first left out: nine each
	            assert len(c["hists"]) == 9, (r["description"], len(c["hists"]))
	            k += 1
	assert k > 0
	PY
	fsreport compare --drop-first "$E/fsync" "$E/none" >drop.txt &&
	# the shape test permutes 9 + 9 runs: C(18, 9) splits
	grep "exact over 48620 splits" drop.txt
'

test_done
