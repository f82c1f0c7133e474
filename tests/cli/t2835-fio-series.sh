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

test_expect_success 'a bad line of a bw log: the file and line, exit 3' '
	cp "$S/randwrite-1_bw.1.log" bad_bw.1.log &&
	sed -i "4s/.*/1000, 31000, 7, 0, 0/" bad_bw.1.log &&
	test_expect_code 3 fsreport show bad_bw.1.log 2>err &&
	grep "^fsreport: bad_bw.1.log:4: fio bw log: ddir 7 is not 0 (read), 1 (write) or 2 (trim)$" err
'

test_done
