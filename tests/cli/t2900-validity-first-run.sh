#!/bin/sh
# The slow first run (issue 37, docs/methods.md section 10): sync-modes'
# baseline ran 1.71 s first and about 0.16 s after. Mark w and its note
# in every output that shows marks; --drop-first leaves the first run of
# each cell out, and the means it gives are python's, from the raw logs.
. "$(dirname "$0")/lib.sh"

SYNC="$EXAMPLES/sync-modes"

test_expect_success 'show table: mark w on the cell, its note with the numbers' '
	fsreport show --format table --width 80 "$SYNC" >actual &&
	grep "^time | No sync data=ordered  *10  *0\.34 w " actual &&
	grep "^rate | No sync data=ordered  *10  *1383\.50 w " actual &&
	test "$(grep -c " w " actual)" = 2 &&
	tr "\n" " " <actual | sed "s/  */ /g" >flat &&
	grep "w No sync data=ordered, time: the first run (1.71 s) is beyond the 99% prediction bound of the other 9 (<= 0.50 s); without it the arithmetic mean is 0.19 s, not 0.34 s; --drop-first leaves it out" flat &&
	grep "w No sync data=ordered, rate: the first run (149.00 MB/s) is beyond the 99% prediction bound of the other 9 (>= 524.02 MB/s)" flat
'

test_expect_success 'show Markdown: the mark and the note' '
	fsreport show --format markdown "$SYNC" >actual &&
	grep "^| time | No sync data=ordered *|  10 |    0.34 w |" actual &&
	grep "^w No sync data=ordered, time: the first run (1.71 s)" actual
'

test_expect_success 'compare table and text: w among the marks, the note under them' '
	fsreport compare --format table --width 80 \
		--baseline "No sync data=ordered" "$SYNC" >table &&
	grep "^time (s↓) .* worse wov |" table &&
	grep "w: the first run is beyond the 99% one-sided prediction bound" \
		table ||
	grep "w: the first run is beyond the 99% one-sided" table &&
	grep "^w No sync data=ordered, time: the first run (1.71 s)" table &&
	fsreport compare --width 100 --baseline "No sync data=ordered" "$SYNC" >text &&
	grep "^  No sync data=ordered  *10  *0.22  *143.2%  *wov$" text &&
	grep "^  w the first run is beyond the 99% one-sided prediction" text &&
	grep "ext4 sync modes, dd bs=1M count=256: time, No sync data=ordered: the first" text
'

test_expect_success 'JSON: marks "w" and first_run on the summary, w in the rows marks' '
	fsreport show --format json "$SYNC" >show.json &&
	grep "\"marks\": \"wb\"" show.json &&
	grep "\"x1\": 1.71," show.json &&
	grep "\"mean_without\": 0.187777777777778" show.json &&
	test "$(grep -c "\"first_run\"" show.json)" = 2 &&
	fsreport compare --format json --baseline "No sync data=ordered" \
		"$SYNC" >cmp.json &&
	test "$(grep -c "\"marks\": \"wov\"" cmp.json)" = 2
'

test_expect_success 'CSV compare: w in the marks column of the baseline rows' '
	fsreport compare --format csv --baseline "No sync data=ordered" \
		"$SYNC" >cmp.csv &&
	# marks: the column before the eight of --equivalence (empty here),
	# then no failed runs, no shape, no refusal, no time series
	E=",,,,,,,,,0,0,,,,\$" &&
	test "$(grep -c ",wov$E\|,wv$E\|,wovi$E\|,wvd$E" cmp.csv)" = 8
'

test_expect_success '--drop-first: the means python computes from the raw runs' '
	command -v python3 >/dev/null || { skip "no python3"; return 0; }
	fsreport show --format csv --drop-first "$SYNC" >show.csv &&
	python3 - "$SYNC" show.csv <<-\EOT
	import csv, glob, re, sys
	runs = {}
	for f in sorted(glob.glob(sys.argv[1] + "/run-*.log")):
	    for line in open(f):
	        m = re.match(r"(.*?)\s+([0-9.]+) seconds\s+\(([0-9.]+) MB/Sec\)",
	                     line)
	        if m:
	            t = runs.setdefault(m.group(1).strip(), ([], []))
	            t[0].append(float(m.group(2)))
	            t[1].append(float(m.group(3)))
	got = {(r["label"], r["description"]): r
	       for r in csv.DictReader(open(sys.argv[2]))}
	assert len(got) == 10, got.keys()
	for name, (sec, rate) in runs.items():
	    for desc, x in (("time", sec), ("rate", rate)):
	        r = got[(name, desc)]
	        want = sum(x[1:]) / len(x[1:])
	        assert int(r["n"]) == len(x) - 1, (name, desc, r["n"])
	        assert abs(float(r["mean"]) - want) <= 1e-12 * want, \
	            (name, desc, r["mean"], want)
	base = runs["No sync data=ordered"][0]
	assert "%.2f" % (sum(base[1:]) / 9) == "0.19"
	EOT
'

test_expect_success '--drop-first: every output says so, and nothing is flagged' '
	fsreport show --format table --width 80 --drop-first "$SYNC" >table &&
	tr "\n" " " <table | sed "s/  */ /g" >flat &&
	grep "first run of each configuration left out (--drop-first): 10 runs" flat &&
	! grep " w " table &&
	fsreport compare --drop-first --baseline "No sync data=ordered" \
		"$SYNC" >text &&
	tr "\n" " " <text | sed "s/  */ /g" >flat &&
	grep "first run of each configuration left out (--drop-first): 10 runs" flat &&
	fsreport show --format markdown --drop-first "$SYNC" >md &&
	grep "^first run of each configuration left out (--drop-first)" md &&
	fsreport show --format json --drop-first "$SYNC" >j &&
	grep "\"dropped_first\": 10," j &&
	! grep "first_run" j
'

test_expect_success '--drop-first written to JSON and XML: read back, the same notes and numbers' '
	B="No sync data=ordered" &&
	fsreport show --format json --drop-first "$SYNC" >d.json &&
	fsreport show --format xml --drop-first "$SYNC" >d.xml &&
	grep "^<fsreport format-version=\"1\" generator=\"fsreport\" title-made=\"true\" dropped-first=\"10\">$" d.xml &&
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout --schema "$TOP/schemas/fsreport.xsd" d.xml
	fi &&
	fsreport compare --drop-first --baseline "$B" "$SYNC" >expect.c &&
	fsreport compare --drop-first --baseline "$B" --format csv "$SYNC" >expect.csv &&
	fsreport show --drop-first --format table --width 80 "$SYNC" >expect.t &&
	fsreport show --drop-first --format csv "$SYNC" >expect.s &&
	for f in d.json d.xml; do
		fsreport compare --baseline "$B" $f >actual.c &&
		test_cmp expect.c actual.c &&
		fsreport compare --baseline "$B" --format csv $f >actual.csv &&
		test_cmp expect.csv actual.csv &&
		fsreport show --format table --width 80 $f >actual.t &&
		test_cmp expect.t actual.t &&
		fsreport show --format csv $f >actual.s &&
		test_cmp expect.s actual.s || return 1
	done &&
	fsreport show --format json d.xml >x.json &&
	grep "\"dropped_first\": 10," x.json &&
	fsreport show --format xml d.json >j.xml &&
	grep "dropped-first=\"10\"" j.xml &&
	sed "s/dropped-first=\"10\"/dropped-first=\"ten\"/" d.xml >bad.xml &&
	test_expect_code 3 fsreport show bad.xml 2>err &&
	grep "^fsreport: bad.xml:2: <fsreport dropped-first=\"ten\">: expected a whole number >= 0$" err &&
	sed "s/\"dropped_first\": 10,/\"dropped_first\": -1,/" d.json >bad.json &&
	test_expect_code 3 fsreport show bad.json 2>err &&
	grep "^fsreport: bad.json: \$.dropped_first: -1 is out of range$" err
'

test_expect_success 'a cell of fewer than 3 runs keeps its one or two' '
	cat >few.csv <<-\EOT &&
	test,description,unit,better,label,value
	t,d,s,lower,a,9
	t,d,s,lower,a,1
	t,d,s,lower,b,9
	t,d,s,lower,b,1
	t,d,s,lower,b,2
	EOT
	fsreport show --format csv --drop-first few.csv >actual &&
	grep ",a,2,5," actual && grep ",b,2,1.5," actual
'

test_expect_success 'clean runs: no mark, no note (the ext4 article, compare-stats)' '
	fsreport show --format table --width 80 \
		"$EXAMPLES/ext4-mount-options" >actual &&
	! grep "first run" actual &&
	fsreport show --format json "$EXAMPLES/ext4-mount-options" >j &&
	! grep "first_run" j &&
	fsreport compare --format json "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv" >j &&
	! grep "first_run\|\"marks\": \"[^\"]*w" j
'

test_expect_success 'a fast first run is not flagged (the slow side only)' '
	cat >fast.csv <<-\EOT &&
	test,description,unit,better,label,value
	t,d,s,lower,a,0.1
	t,d,s,lower,a,1.0
	t,d,s,lower,a,1.1
	t,d,s,lower,a,0.9
	t,d,s,lower,a,1.0
	t,d,MB/s,higher,a,10
	t,d,MB/s,higher,a,1.0
	t,d,MB/s,higher,a,1.1
	t,d,MB/s,higher,a,0.9
	t,d,MB/s,higher,a,1.0
	EOT
	fsreport show --format json fast.csv >j &&
	! grep "first_run" j
'

test_done
