#!/bin/sh
# compare: the first run set is the baseline, every other system is
# compared with it; results on one side only are listed, not dropped.
. "$(dirname "$0")/lib.sh"

test_expect_success 'compare csv: one row per result and compared system' '
	fsreport compare --format csv "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	head -n 1 out >actual &&
	echo "result,test,description,unit,better,baseline,label,n_base,n,mean_base,mean,sd_base,sd,delta_pct,ci_low_pct,ci_high_pct,p_welch,p_mwu,p_adj,verdict" >expect &&
	test_cmp expect actual &&
	test "$(wc -l <out)" -eq 30
'

test_expect_success 'compare: delta is 100 (mean / mean_base - 1)' '
	fsreport compare --format csv "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	grep ",Test: Read - Size Per Thread: 32MB - Thread Count: 4,MB/s,higher,tiobench-ec2-micro,tiobench-ec2-large,6,6," out >row &&
	mb=$(cut -d, -f10 row) && m=$(cut -d, -f11 row) && d=$(cut -d, -f14 row) &&
	awk -v mb="$mb" -v m="$m" -v d="$d" "BEGIN { e = 100 * (m / mb - 1);
		exit !(e - d < 1e-9 && d - e < 1e-9) }"
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
