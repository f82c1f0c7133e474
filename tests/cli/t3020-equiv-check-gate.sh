#!/bin/sh
# check --max-regression (issue 38): the CI gate passes only on proven
# non-inferiority, fails on a proven regression, and with --strict on an
# undecided result too; a baseline too small for the test (one stored
# run set) does not fail by default and says what would decide. The
# gate's numbers: scripts/trend-reference.py gate (SciPy) wrote
# tests/data/trend/check/gate-reference.txt.
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"
N="$DATA/trend/check"
stored() {
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}

test_expect_success 'a proven regression fails the gate (exit 1)' '
	fsreport store add -q --db s.db $(stored) &&
	test_expect_code 1 fsreport check --db s.db --max-regression 2 "$N/6.13-slow" >out &&
	grep "^  regression         -7.18%  PostMark: Transactions/s (p 1; 8 run sets)$" out &&
	grep "^1 not worse, 1 regression, 0 undecided, 1 on a baseline too small to test: fails$" out
'

test_expect_success 'no change: proven not worse passes; a too-noisy result says why' '
	fsreport store add -q --db s.db $(stored) &&
	fsreport check --db s.db --max-regression 2 "$N/6.13-same" >out &&
	grep "^  not worse          +0.07%  PostMark: Transactions/s (p 0.002; 8 run sets)$" out &&
	grep "^  baseline too small +0.43%  Compile: linux tree (p 0.095; 4 run sets detect 4.64%; no number of run sets would: their spread is wider than 2%)$" out &&
	grep ": passes$" out
'

test_expect_success 'CSV: the gate'"'"'s columns at the end, a row per result it tested' '
	fsreport store add -q --db s.db $(stored) &&
	fsreport check --db s.db --max-regression 2 --format csv "$N/6.13-same" >c.csv &&
	head -1 c.csv | grep ",verdict,method,gate,margin_pct,p_margin,p_margin_adj,detect_pct,runs_needed,lag1_autocorr,autocorrelated\$" &&
	test "$(wc -l <c.csv)" = 4 &&
	grep "^r[0-9a-f]*,PostMark,Transactions/s,.*,same,prediction,not-worse,-1.96078431372[0-9]*,0.00066171895[0-9]*,0.0019851568[0-9]*,1.4301219[0-9]*,,[-0-9.e]*,no\$" c.csv &&
	grep "^r[0-9a-f]*,Compile,linux tree,.*,baseline-too-small,2,.*,inf,[-0-9.e]*,no\$" c.csv &&
	test_expect_code 1 fsreport check --db s.db --format csv "$N/6.13-slow" >plain.csv &&
	test "$(wc -l <plain.csv)" = 2 &&
	grep ",worse,prediction,,,,,,,[-0-9.e]*,no\$" plain.csv
'

test_expect_success '--strict fails what the gate cannot decide' '
	fsreport store add -q --db s.db $(stored) &&
	test_expect_code 1 fsreport check --db s.db --max-regression 2 --strict "$N/6.13-same" >out &&
	grep "(--strict: undecided fails)" out &&
	grep ": fails$" out &&
	fsreport check --db s.db --max-regression 10 --strict "$N/6.13-same" >out &&
	grep "^3 not worse, 0 regression, 0 undecided, 0 on a baseline too small to test: passes$" out
'

test_expect_success 'one stored run set: no failure, store 2 or more' '
	fsreport store add -q --db one.db 6.12="$K/6.12" &&
	fsreport check --db one.db --max-regression 2 "$N/6.13-slow" >out &&
	grep "one run set shows no run-to-run spread: store 2 or more" out &&
	grep "^0 not worse, 0 regression, 0 undecided, 3 on a baseline too small to test: passes$" out &&
	test_expect_code 1 fsreport check --db one.db "$N/6.13-slow" >/dev/null
'

test_expect_success '--strict alone is a usage error' '
	fsreport store add -q --db s.db $(stored) &&
	test_expect_code 2 fsreport check --db s.db --strict "$N/6.13-same" 2>err &&
	grep "strict goes with --max-regression" err
'

test_done
