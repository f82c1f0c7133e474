#!/bin/sh
# compare: the geometric mean across results is a summary (issue 13,
# point 5): results of the same runs count once, PTS's bookkeeping
# results are left out, and no verdict word or colour goes with it.
# Its numbers are checked against R in tests/unit/test-stats.c
# (geogroups); here what the outputs say. geomean-groups.csv: fio IOPS
# and bandwidth of one job (one test, same arguments), a PostMark rate,
# and a PTS-style install time (empty test_id).
. "$(dirname "$0")/lib.sh"

IN="$TOP/tests/data/csv/geomean-groups.csv"

test_expect_success 'geomean text: measurements counted once, bookkeeping out' '
	fsreport compare "$IN" >out &&
	grep -q "geometric mean of the ratios, a summary, not a verdict" out &&
	grep "over [0-9]* results* of [0-9]* test" out >row &&
	grep -q "over 3 results of 2 tests, 1 left out" row &&
	! grep -qi "better\|worse\|same" row &&
	grep -q "Results of the same runs" out &&
	! grep -q "as if they were independent" out
'

test_expect_success 'geomean json: kind summary, measurements, bookkeeping' '
	fsreport compare --format json "$IN" >out &&
	tr -d " \n" <out | sed "s/.*\"geomean\":\[//" >geo &&
	grep -q "\"kind\":\"summary\",\"results\":3,\"measurements\":2,\"left_out\":1,\"bookkeeping\":1," geo &&
	! grep -q verdict geo
'


test_expect_success 'geomean: one result with runs has its own interval' '
	fsreport compare --only PostMark "$IN" >out &&
	grep "over [0-9]* \(results* of [0-9]* \)*test" out >row &&
	grep -q "over \(2 results of \)*1 test" row &&
	grep -q "\[" row
'

test_done
