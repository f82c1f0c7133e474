#!/bin/sh
# Failed runs counted beside n (issue 37): a cell with a failed run
# says how many of its runs failed in the compare text, the compare
# table and Markdown (a note under the table), the show table, CSV and
# JSON.
. "$(dirname "$0")/lib.sh"

# runs: 4 runs of a, one failed (a timeout); 3 of b
runs() {
	cat >a.csv <<-\EOT &&
	test,description,unit,better,label,value,error
	t,d,s,lower,a,1.0,
	t,d,s,lower,a,1.1,
	t,d,s,lower,a,,timeout
	t,d,s,lower,a,0.9,
	EOT
	cat >b.csv <<-\EOT
	test,description,unit,better,label,value,error
	t,d,s,lower,b,2.0,
	t,d,s,lower,b,2.1,
	t,d,s,lower,b,1.9,
	EOT
}

test_expect_success 'compare text: n with the failed runs beside it' '
	runs &&
	fsreport compare a.csv b.csv >actual &&
	grep "^  a 3 (1 failed)  1.00 .* fv$" actual &&
	grep "^  b            3  2.00 " actual
'

test_expect_success 'compare table and Markdown: how many failed, under the table' '
	runs &&
	fsreport compare --format table a.csv b.csv >actual &&
	grep " n/a fv  |$" actual &&
	grep "^f a, d: 1 of 4 runs failed (timeout); the numbers use the 3 that worked$" actual &&
	fsreport compare --format markdown a.csv b.csv >md &&
	grep "^f a, d: 1 of 4 runs failed (timeout); the numbers use the 3 that worked$" md
'

test_expect_success 'show table: n (1 failed)' '
	runs &&
	fsreport show --format table a.csv b.csv >actual &&
	grep "| a  *3 (1 failed) " actual
'

test_expect_success 'JSON: the cell and the comparison row count them' '
	runs &&
	fsreport compare --format json a.csv b.csv >j &&
	grep "\"failed_base\": 1," j &&
	grep "\"failed\": 0$" j &&
	grep -c "\"failed\": 1," j
'

test_expect_success 'CSV: n_failed per show cell, n_failed_base and n_failed per compare row' '
	runs &&
	fsreport show --format csv a.csv b.csv >s.csv &&
	head -1 s.csv | grep ",cv_pct,marks,n_failed,steady_result\$" &&
	grep ",t,d,s,lower,a,3,.*,,1,\$" s.csv &&
	grep ",t,d,s,lower,b,3,.*,,0,\$" s.csv &&
	fsreport compare --format csv a.csv b.csv >c.csv &&
	grep ",t,d,s,lower,a,b,3,3,.*,fv,,,,,,,,,1,0,,,,\$" c.csv
'

test_expect_success 'no failed run: no note, a plain n' '
	runs &&
	sed s/,b,/,c,/ b.csv >c.csv &&
	fsreport compare --format table b.csv c.csv >actual &&
	! grep "runs failed" actual
'

test_done
