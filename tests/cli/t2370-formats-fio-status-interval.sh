#!/bin/sh
# fio's --status-interval JSON snapshots as each run's time series
# (issue 37, importers/fio.c): real captures made on this machine
# (tests/data/fio/status-interval/README), three runs without fsync and
# three with --fsync=1. Each run's last report stays its result; the
# interval rates between its snapshots are the series of its IOPS and
# bandwidth cells, which the steady-state rule (--steady) reads.
. "$(dirname "$0")/lib.sh"

S="$DATA/fio/status-interval"

test_expect_success 'the snapshots are read without a word; the last report is the result' '
	fsreport show --format csv "$S/nofsync/run-01.json" >out 2>err &&
	! test -s err &&
	grep ",w: write IOPS,IOPS,higher,run-01,1,459520.079987," out
'

test_expect_success 'the series in the JSON: write.runtime and the rate of each interval' '
	fsreport show --format json "$S/nofsync/run-01.json" >a.json &&
	test "$(grep -c "\"t_ms\"" a.json)" = 2 &&
	tr -d " \n" <a.json >flat &&
	# the last report, 110 ms after a round of 1000, is no round
	grep -F "\"t_ms\":[891,1891,2891,3891,4891,5891],\"values\":[358720.53872053872,459394,572425,469055,497843,410655]" flat &&
	fsreport show --format json a.json >b.json &&
	cmp a.json b.json
'

test_expect_success 'show: each run with a time series, the note of the steady-state rule' '
	fsreport show "$S/nofsync" >s.txt &&
	grep "^Each run with a time series (6 runs) has the mean of its whole run as its$" s.txt
'

test_expect_success 'compare --steady on two configurations: the series reached the model' '
	fsreport compare --steady "$S/nofsync" "$S/fsync1" >c.txt &&
	grep "^Each run with a time series (12 runs) has its steady-state mean as its result,$" c.txt &&
	grep "fio: w: write IOPS, fsync1: 3 of 3 runs never became steady" c.txt &&
	fsreport compare --steady --format csv "$S/nofsync" "$S/fsync1" >c.csv &&
	grep ",w: write IOPS,.*,whole_run\$" c.csv
'

test_expect_success 'a runtime that goes back: a warning at its report, no series, the result kept' '
	sed "0,/\"runtime\" : 2891,/s//\"runtime\" : 1500,/" "$S/nofsync/run-01.json" >back.json &&
	fsreport show --format json back.json >b.json 2>err &&
	echo "fsreport: warning: back.json:541: --status-interval snapshot: \$.jobs[0].write.runtime goes back (1500 after 1891, cumulative); no time series of '"'"'w: write'"'"'" >expect &&
	head -n 1 err >first &&
	test_cmp expect first &&
	grep "6 --status-interval snapshot(s) skipped: in no time series" err &&
	! grep "\"t_ms\"" b.json
'

test_expect_success 'a runtime that is not a number: the file and its report, exit 3' '
	sed "0,/\"runtime\" : 1891,/s//\"runtime\" : \"1891\",/" "$S/nofsync/run-01.json" >bad.json &&
	test_expect_code 3 fsreport show bad.json 2>err &&
	echo "fsreport: bad.json: report at line 271: \$.jobs[0].write.runtime: expected a number, found a string" >expect &&
	test_cmp expect err
'

test_expect_success 'written with --steady, read back: fio'"'"'s own whole-run results again' '
	fsreport show --format csv "$S/nofsync" >orig.csv &&
	fsreport show --steady --format json "$S/nofsync" >st.json &&
	fsreport show --steady --format xml "$S/nofsync" >st.xml &&
	grep -c "\"whole_run\":" st.json &&
	grep -c "whole-run=" st.xml &&
	fsreport show --format csv st.json >j.csv &&
	fsreport show --format csv st.xml >x.csv &&
	# fio'"'"'s final report, not the mean of the series (the rounds
	# differ in length): 396392.94 IOPS over the 3 runs
	grep ",w: write IOPS,IOPS,higher,nofsync,3,396392.94244899997," j.csv &&
	cmp orig.csv j.csv && cmp orig.csv x.csv
'

test_done
