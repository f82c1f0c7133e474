#!/bin/sh
# fio's hist logs and lat logs as runs (issue 36, importers/fio-logs.c):
# recognised by content, a histogram per run and direction, percentiles
# equal to those fio printed for the same run (tests/data/fio/latency/,
# scripts/capture-fio-latency.sh), bad lines named by file and line.
. "$(dirname "$0")/lib.sh"

L="$TOP/tests/data/fio/latency"

test_expect_success 'a clat log: fio printed p50 9024, p90 19328, p99 37632 and mean 11558.09375 for this run' '
	cp "$L/fsync.clat.log" w_clat.1.log &&
	fsreport show --format csv -v w_clat.1.log >out 2>err &&
	grep "w_clat.1.log: fio-lat-log, 4 result(s)" err &&
	grep ",clat log: write completion latency (mean),ns,lower,w_clat.1,1,11558.09375," out &&
	grep ",clat log: write completion latency (p50),ns,lower,w_clat.1,1,9024," out &&
	grep ",clat log: write completion latency (p90),ns,lower,w_clat.1,1,19328," out &&
	grep ",clat log: write completion latency (p99),ns,lower,w_clat.1,1,37632," out &&
	! grep "(p99.9)" out
'

# The hist log lacks the last, unfinished 100 ms interval: 1015 of the
# run's 1024 I/Os, so p90 is a bin lower than fio's 19328; p50 and p99
# are fio's.
test_expect_success 'a hist log: the sum of its intervals, refused where 1015 I/Os are too few' '
	cp "$L/fsync.hist.log" h_clat_hist.1.log &&
	fsreport show --format csv h_clat_hist.1.log >out &&
	grep ",hist log: write completion latency (p50),ns,lower,h_clat_hist.1,1,9024," out &&
	grep ",hist log: write completion latency (p90),ns,lower,h_clat_hist.1,1,18816," out &&
	grep ",hist log: write completion latency (p99),ns,lower,h_clat_hist.1,1,37632," out &&
	! grep "(p99.9)" out &&
	fsreport show --format table --width 200 h_clat_hist.1.log >t &&
	grep "hist log: write completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has 1015" t
'

test_expect_success 'a folder of logs: each file a run, pooled' '
	mkdir runs &&
	cp "$L/fsync.clat.log" runs/a_clat.1.log &&
	cp "$L/sync.clat.log" runs/b_clat.1.log &&
	fsreport show --format csv runs >out &&
	grep ",clat log: write completion latency (p50),ns,lower,runs,2," out
'

test_expect_success 'bad lines: the file and line, exit 3' '
	cp "$L/fsync.clat.log" bad_clat.1.log &&
	sed -i "5s/.*/7, 123, 5, 4096, 0/" bad_clat.1.log &&
	test_expect_code 3 fsreport show bad_clat.1.log 2>err &&
	grep "^fsreport: bad_clat.1.log:5: fio lat log: ddir 5 is not 0 (read), 1 (write) or 2 (trim)$" err &&
	head -1 "$L/fsync.hist.log" >bad_hist.log &&
	head -2 "$L/fsync.hist.log" | tail -1 | cut -d, -f1-1000 >>bad_hist.log &&
	test_expect_code 3 fsreport show bad_hist.log 2>err &&
	grep "^fsreport: bad_hist.log:2: fio hist log: expected msec, ddir, bs and 1856 bin counts" err
'

test_done
