#!/bin/sh
# --fail-on-regression (issue 4): exit 1 when any verdict is "worse",
# after the whole output was written; 0 otherwise; without the option a
# regression never changes the exit status.
. "$(dirname "$0")/lib.sh"

B="$EXAMPLES/compare-stats/before.csv"
A="$EXAMPLES/compare-stats/after.csv"
DOCA="$DATA/stats/doc-a.csv"
DOCB="$DATA/stats/doc-b.csv"

test_expect_success 'a worse verdict: exit 1, the report still printed' '
	test_expect_code 1 fsreport compare --fail-on-regression "$B" "$A" >out &&
	fsreport compare "$B" "$A" >expect &&
	test_cmp expect out
'

test_expect_success 'exit 1 with -o: the file is written whole' '
	test_expect_code 1 fsreport compare --fail-on-regression -o r.csv \
		--format csv "$B" "$A" &&
	test "$(wc -l <r.csv)" -eq 6 &&
	grep -q ",worse,log-welch," r.csv
'

test_expect_success 'no worse verdict: exit 0' '
	fsreport compare --fail-on-regression "$DOCA" "$DOCB" >out &&
	grep -q " same\$" out
'

test_expect_success 'worse only from --min-change on: 50% gives exit 0' '
	fsreport compare --fail-on-regression --min-change 50 "$B" "$A" >out
'

test_expect_success 'the direction counts: swapping sides makes it better' '
	fsreport compare --format csv "$A" "$B" >out &&
	grep -q "fsync latency p99,ms,lower,after,before,.*,better,log-welch," out
'

test_expect_success 'without the option a regression exits 0' '
	fsreport compare "$B" "$A" >out &&
	grep -q " worse\$" out
'

test_expect_success 'n = 1 everywhere (n/a only): exit 0' '
	fsreport compare --fail-on-regression "$EXAMPLES/ext4-mount-options" >out
'

test_done
