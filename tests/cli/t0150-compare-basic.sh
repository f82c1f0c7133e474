#!/bin/sh
# compare: the first run set is the baseline, every other system is
# compared with it; results on one side only are listed, not dropped.
. "$(dirname "$0")/lib.sh"

test_expect_success 'compare csv: one row per result and compared system' '
	fsreport compare --format csv "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	head -n 1 out >actual &&
	echo "result,test,description,unit,better,baseline,label,n_base,n,mean_base,mean,sd_base,sd,delta_pct,ci_low_pct,ci_high_pct,p_welch,p_mwu,p_adj,verdict,method,ci_level,diff,diff_low,diff_high,mde,runs_needed,gmean_base,gmean,center,marks,margin,margin_low_pct,margin_high_pct,p_margin,p_margin_adj,margin_ci_low_pct,margin_ci_high_pct,margin_ci_level,n_failed_base,n_failed,shape_ks_d,shape_p,refused,steady_result" >expect &&
	test_cmp expect actual &&
	test "$(wc -l <out)" -eq 30
'

# The change of positive runs is the ratio of the geometric means (its
# value is checked against R in tests/unit/test-stats.c); the difference
# of the means is in the diff column, named by the method column.
test_expect_success 'compare: log-welch rows, diff is mean - mean_base' '
	fsreport compare --format csv "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	grep ",Test: Read - Size Per Thread: 32MB - Thread Count: 4,MB/s,higher,tiobench-ec2-micro,tiobench-ec2-large,6,6," out >row &&
	test "$(cut -d, -f21 row)" = log-welch &&
	mb=$(cut -d, -f10 row) && m=$(cut -d, -f11 row) && d=$(cut -d, -f23 row) &&
	awk -v mb="$mb" -v m="$m" -v d="$d" "BEGIN { e = m - mb;
		exit !(e - d < 1e-9 * mb && d - e < 1e-9 * mb) }"
'

test_expect_success 'compare: results only in the other run set are listed' '
	fsreport compare "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	grep -qi "not in the baseline" out
'

test_expect_success 'compare: --baseline picks another system' '
	fsreport compare --format csv --baseline large \
		micro="$CORPUS/tiobench-ec2-micro.xml" \
		large="$CORPUS/tiobench-ec2-large.xml" >out &&
	sed -n 2p out | cut -d, -f6,7 >actual &&
	echo "large,micro" >expect &&
	test_cmp expect actual
'

test_expect_success 'compare: an unknown --baseline is a usage error' '
	test_expect_code 2 fsreport compare --baseline nope \
		"$CORPUS/tiobench-ec2-micro.xml" "$CORPUS/tiobench-ec2-large.xml" 2>err &&
	grep -q "baseline '"'"'nope'"'"' names no system" err
'

test_done
