#!/bin/sh
# check: a new run set against the series in a results store; exit 1 on
# a proven regression, only the changed results printed. Reference
# values: scripts/trend-reference.py check (SciPy) wrote
# tests/data/trend/check/reference.txt from the CSV files themselves.
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"
N="$DATA/trend/check"
REF="$N/reference.txt"
stored() {
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
# ref NEW TEST FIELD [N]: the reference's value (Nth after FIELD)
ref() {
	awk -v n="$1" -v t="$2" -v f="$3" -v k="${4:-1}" \
		'$1 == n && $2 == t { for (i = 3; i <= NF; i++) if ($i == f) { print $(i + k); exit } }' "$REF"
}
# close A B: |A - B| <= 1e-9 |B|
close() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= 1e-9 * m) }' ||
		{ echo "$1 is not $2"; return 1; }
}

test_expect_success 'a slower PostMark is a regression: exit 1, only that row' '
	fsreport store add -q --db s.db $(stored) &&
	test_expect_code 1 fsreport check --db s.db "$N/6.13-slow" >out &&
	grep "^  -7.18% \[-8.33, -6.02\]  worse  PostMark: Transactions/s \[tx/s, higher is better\]$" out &&
	grep "^      3495.70 vs 3766.24 of 6.5 .. 6.12 (8 run sets, prediction), p_adj 9.186e-07$" out &&
	grep "^1 worse, 0 better, 2 not changed (3 results checked)$" out &&
	! grep -q "fsync\|Compile" out
'

test_expect_success 'the numbers are SciPy'"'"'s (prediction interval of the logs, Holm, Bonferroni level)' '
	fsreport store add -q --db s.db $(stored) &&
	test_expect_code 1 fsreport check --format csv --db s.db "$N/6.13-slow" >out &&
	test "$(wc -l <out)" -eq 2 &&
	row=$(sed -n 2p out) &&
	f() { echo "$row" | cut -d, -f$1; } &&
	test "$(f 6),$(f 7),$(f 8),$(f 9),$(f 19),$(f 20)" = "6.13-slow,6.5,6.12,8,worse,prediction" &&
	close "$(f 11)" "$(ref 6.13-slow PostMark mean_base)" &&
	close "$(f 14)" "$(ref 6.13-slow PostMark change_pct)" &&
	close "$(f 15)" "$(ref 6.13-slow PostMark ci)" &&
	close "$(f 16)" "$(ref 6.13-slow PostMark ci 2)" &&
	close "$(f 17)" "$(ref 6.13-slow PostMark p)" &&
	close "$(f 18)" "$(grep "^6.13-slow PostMark p_adj" "$REF" | cut -d" " -f4)"
'

test_expect_success 'a run set like the stored ones: exit 0, nothing listed' '
	fsreport store add -q --db s.db $(stored) &&
	fsreport check --db s.db "$N/6.13-same" >out &&
	grep "^0 worse, 0 better, 3 not changed (3 results checked)$" out &&
	! grep -q "^  [-+]" out &&
	fsreport check --format csv --db s.db "$N/6.13-same" >out &&
	test "$(wc -l <out)" -eq 1
'

test_expect_success 'run-to-run noise is the yardstick: a change within it is no regression' '
	fsreport store add -q --db s.db $(stored) &&
	mkdir noisy && awk -F, "NR == 1 || \$1 != \"PostMark\" { print; next }
		{ \$5 = \$5 - 40; print }" OFS=, "$N/6.13-same/runs.csv" >noisy/runs.csv &&
	fsreport check --db s.db noisy >out &&
	grep "^0 worse" out
'

test_expect_success 'one stored run set: Welch on the samples, and it says so' '
	fsreport store add -q --db one.db 6.12="$K/6.12" &&
	test_expect_code 1 fsreport check --db one.db "$N/6.13-slow" >out &&
	grep "of 6.12 (1 run set, welch-samples)" out
'

test_expect_success '--select chooses the baseline series' '
	fsreport store add -q --db s.db $(stored) &&
	test_expect_code 1 fsreport check --format csv --select "6.1?" --db s.db "$N/6.13-slow" >out &&
	sed -n 2p out | cut -d, -f7-9 >actual &&
	echo "6.10,6.12,3" >expect && test_cmp expect actual
'

test_expect_success 'errors: usage 2, an empty or damaged store 3' '
	sqlite_only || return 0
	test_expect_code 2 fsreport check "$N/6.13-slow" 2>err &&
	grep "check needs --db FILE and one run set" err &&
	test_expect_code 2 fsreport check --db s.db "$N/6.13-slow" "$N/6.13-same" &&
	test_expect_code 2 fsreport check --db s.db --format table "$N/6.13-slow" &&
	test_expect_code 3 fsreport check --db missing.db "$N/6.13-slow" &&
	echo junk >junk.db &&
	test_expect_code 3 fsreport check --db junk.db "$N/6.13-slow" &&
	fsreport store add -q --db s.db 6.1="$K/6.1" &&
	test_expect_code 2 fsreport check --db s.db -o s.db "$N/6.13-slow"
'

test_done
