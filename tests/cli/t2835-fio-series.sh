#!/bin/sh
# fio's bw and iops logs as a run's time series (issue 37,
# importers/fio-logs.c, model/series.h): the mean as the run's result,
# every logged value kept in the cell, written in fsreport's JSON and
# read back (tests/data/fio/series/, scripts/capture-fio-series.sh).
. "$(dirname "$0")/lib.sh"

S="$TOP/tests/data/fio/series"

test_expect_success 'a bw log and an iops log: the mean of the logged values' '
	cp "$S/randwrite-1_bw.1.log" "$S/randwrite-1_iops.1.log" . &&
	fsreport show --format csv -v randwrite-1_bw.1.log randwrite-1_iops.1.log >out 2>err &&
	grep "randwrite-1_bw.1.log: fio-lat-log, 1 result(s)" err &&
	grep ",bw log: write bandwidth (mean),KiB/s,higher,randwrite-1_bw.1,1,31448.565217391304," out &&
	grep ",iops log: write IOPS (mean),IOPS,higher,randwrite-1_iops.1,1,7861.739130434783," out
'

test_expect_success 'the series in the JSON, one per run, read back the same' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --format json runs >a.json &&
	test "$(grep -c "\"t_ms\"" a.json)" = 3 &&
	fsreport show --format json a.json >b.json &&
	cmp a.json b.json
'

test_expect_success 'the series in the XML, valid against the schema, read back the same' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --format xml runs >a.xml &&
	test "$(grep -c "<series>" a.xml)" = 3 &&
	grep "^        <t-ms>251 500 750 1000 1261 " a.xml &&
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout --schema "$TOP/schemas/fsreport.xsd" a.xml
	fi &&
	fsreport show --format xml a.xml >b.xml &&
	cmp a.xml b.xml &&
	fsreport show --format json runs >a.json &&
	fsreport show --format json a.xml >x.json &&
	sed "1,/\"systems\"/d" a.json >a.rest && sed "1,/\"systems\"/d" x.json >x.rest &&
	cmp a.rest x.rest &&
	sed "0,/<t-ms>251 /s//<t-ms>/" a.xml >bad.xml &&
	test_expect_code 3 fsreport show bad.xml 2>err &&
	grep "<series>: 22 times and 23 values" err
'

test_expect_success 'a gap (NaN) in a series: XML NaN, JSON null, each read back and written again the same' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --format xml runs >a.xml &&
	sed "0,/<values>[0-9]* /s//<values>NaN /" a.xml >nan.xml &&
	grep -c "<values>NaN " nan.xml >n && echo 1 >one && test_cmp one n &&
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout --schema "$TOP/schemas/fsreport.xsd" nan.xml
	fi &&
	fsreport show --format xml nan.xml >b.xml &&
	cmp nan.xml b.xml &&
	fsreport show --format json nan.xml >n.json &&
	grep -A1 "\"values\": \[$" n.json | grep -c "^ *null,$" >n && test_cmp one n &&
	fsreport show --format json n.json >n2.json &&
	cmp n.json n2.json &&
	fsreport show --format xml n.json >c.xml &&
	sed "1,/<\/system>/d" nan.xml >x && sed "1,/<\/system>/d" c.xml >y &&
	test_cmp x y &&
	sed "s/<values>NaN /<values>nan /" nan.xml >lower.xml &&
	test_expect_code 3 fsreport show lower.xml 2>err &&
	grep "value .nan. is not a finite number" err &&
	awk "/\"t_ms\": \[\$/ && !done { print; getline; sub(/[0-9]+,\$/, \"null,\"); done = 1 } { print }" n.json >tnull.json &&
	test_expect_code 3 fsreport show tnull.json 2>err &&
	grep "t_ms\[0\]: expected a number, found null" err
'

test_expect_success 'a gap (NaN) in a series written with --steady keeps its run whole-run mean read back' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --steady --format xml runs >st.xml &&
	sed "0,/<values>[0-9]* /s//<values>NaN /" st.xml >nan.xml &&
	fsreport show --format csv nan.xml >a.csv &&
	grep ",3,6310.333333333333," a.csv
'

test_expect_success 'a bad line of a bw log: the file and line, exit 3' '
	cp "$S/randwrite-1_bw.1.log" bad_bw.1.log &&
	sed -i "4s/.*/1000, 31000, 7, 0, 0/" bad_bw.1.log &&
	test_expect_code 3 fsreport show bad_bw.1.log 2>err &&
	grep "^fsreport: bad_bw.1.log:4: fio bw log: ddir 7 is not 0 (read), 1 (write) or 2 (trim)$" err
'

test_expect_success 'steady state: runs 1 and 2 never steady (mark y, with its note in text, table, Markdown, JSON)' '
	mkdir runs other &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	cp "$S/randwrite-3_iops.1.log" other/a_iops.1.log &&
	cp "$S/randwrite-3_iops.1.log" other/b_iops.1.log &&
	fsreport show --format json runs >a.json &&
	fsreport compare runs other >c.txt &&
	grep "^  y a run.s time series never became steady (SNIA PTS rule" c.txt &&
	grep "iops log: write IOPS (mean), runs: 2 of 3 runs never became steady; the" c.txt &&
	fsreport show --format table runs >t.txt &&
	grep "6310.33 y" t.txt &&
	grep "^y runs, iops log: write IOPS (mean): 2 of 3 runs never became steady" t.txt &&
	fsreport compare --format markdown runs other >compare.markdown &&
	grep "same yv" compare.markdown &&
	grep "\"never_steady\": 2" a.json &&
	grep "\"warmup_ms_max\": 1755" a.json &&
	grep "\"marks\": \"y\"" a.json &&
	fsreport show --format html runs >h &&
	grep "<p class=\"legend\">y runs, iops log: write IOPS (mean): 2 of 3 runs never became steady" h
'

test_expect_success 'steady state: run 3 alone is steady, no mark' '
	mkdir three &&
	cp "$S/randwrite-3_iops.1.log" three/ &&
	fsreport show --format json three >s.json &&
	grep "\"never_steady\": 0" s.json &&
	! grep "\"marks\"" s.json
'

test_expect_success '--steady: a steady run has its steady-state mean as its result, said in every output' '
	# Reference (independent, exact fractions in python3, the SNIA rule
	# as docs/methods.md states it): runs 1 and 2 never steady, their
	# whole-run means 7861.739130434783 and 6369.782608695652; run 3
	# steady from its 8th value, mean 4696.5 from there (4699.478... over
	# the whole run): the mean of the three 6309.340579710145.
	mkdir runs other &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	cp "$S/randwrite-3_iops.1.log" other/a_iops.1.log &&
	cp "$S/randwrite-3_iops.1.log" other/b_iops.1.log &&
	fsreport show --format csv runs >whole.csv &&
	grep ",runs,3,6310.333333333333," whole.csv &&
	fsreport show --steady --format csv runs >steady.csv &&
	grep ",runs,3,6309.340579710145," steady.csv &&
	fsreport show runs >w.txt &&
	grep "^Each run with a time series (3 runs) has the mean of its whole run as its$" w.txt &&
	fsreport show --steady runs >s.txt &&
	grep "^Each run with a time series (3 runs) has its steady-state mean as its result,$" s.txt &&
	grep "^steady and keep their whole-run mean.$" s.txt &&
	fsreport show --steady --format table runs >t.txt &&
	grep "^each run with a time series (3 runs) has its steady-state mean as its result,$" t.txt &&
	fsreport show --steady --format markdown runs >m.markdown &&
	grep "has its steady-state mean as its result" m.markdown &&
	fsreport show --steady --format html runs >h &&
	grep "has its steady-state mean as its result" h &&
	fsreport compare --steady runs other >c.txt &&
	grep "^Each run with a time series (5 runs) has its steady-state mean as its result,$" c.txt &&
	fsreport show --steady --format json runs >s.json &&
	grep "\"result\": \"steady\"" s.json &&
	grep "\"never_steady\": 2" s.json &&
	fsreport show --format json runs >w.json &&
	grep "\"result\": \"whole_run\"" w.json
'

test_expect_success 'CSV says which mean a row mean is: steady_result, the last column' '
	mkdir runs other &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	cp "$S/randwrite-3_iops.1.log" other/a_iops.1.log &&
	cp "$S/randwrite-3_iops.1.log" other/b_iops.1.log &&
	fsreport show --format csv runs other >w.csv &&
	head -1 w.csv | grep ",cv_pct,marks,n_failed,steady_result\$" &&
	grep ",runs,3,6310.333333333333,.*,y,0,whole_run\$" w.csv &&
	grep ",other,2,4699.478260869565,.*,,0,whole_run\$" w.csv &&
	fsreport show --steady --format csv runs other >s.csv &&
	grep ",runs,3,6309.340579710145,.*,y,0,steady\$" s.csv &&
	grep ",other,2,4696.5,.*,,0,steady\$" s.csv &&
	fsreport compare --steady --format csv runs other >c.csv &&
	head -1 c.csv | grep ",refused,steady_result\$" &&
	test "$(sed 1d c.csv | cut -d, -f45)" = steady &&
	fsreport compare --format csv runs other >c.csv &&
	test "$(sed 1d c.csv | cut -d, -f45)" = whole_run &&
	mkdir one &&
	cp "$S/randwrite-1_iops.1.log" one/ &&
	fsreport show --steady --format csv one >n.csv &&
	grep ",one,1,7861.739130434783,.*,y,0,whole_run\$" n.csv &&
	fsreport show --steady --format csv "$TOP/examples/sync-modes" >e.csv &&
	! grep -v ",\$" e.csv | sed 1d | grep .
'

test_expect_success 'XML written with --steady says so and reads back as the logs' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --steady --format xml runs >st.xml &&
	grep "^<fsreport format-version=\"1\" generator=\"fsreport\" title-made=\"true\" steady-result=\"steady\">$" st.xml &&
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout --schema "$TOP/schemas/fsreport.xsd" st.xml
	fi &&
	fsreport show --format csv st.xml >a.csv &&
	grep ",3,6310.333333333333," a.csv &&
	fsreport show --steady --format csv st.xml >b.csv &&
	grep ",3,6309.340579710145," b.csv &&
	fsreport show --format xml runs >w.xml &&
	! grep steady-result w.xml
'

test_expect_success 'JSON written with --steady reads back as the logs: whole-run means unless --steady again' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --steady --format json runs >st.json &&
	grep "^    \"result\": \"steady\"," st.json &&
	fsreport show --format csv st.json >a.csv &&
	grep ",3,6310.333333333333," a.csv &&
	fsreport show --steady --format csv st.json >b.csv &&
	grep ",3,6309.340579710145," b.csv &&
	fsreport show --format json runs >w.json &&
	fsreport show --format json st.json >r.json &&
	sed "1,/\"systems\"/d" w.json >w.rest && sed "1,/\"systems\"/d" r.json >r.rest &&
	cmp w.rest r.rest
'

test_expect_success '--drop-first leaves the first run series out with it' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport show --drop-first --steady --format json runs >d.json &&
	grep "\"runs\": 2," d.json &&
	grep "\"never_steady\": 1" d.json &&
	test "$(grep -c "\"t_ms\"" d.json)" = 2
'

test_expect_success 'no time series: no word on --steady' '
	fsreport show --steady --format table "$TOP/examples/sync-modes" >t.txt &&
	! grep -i "steady" t.txt
'

test_done
