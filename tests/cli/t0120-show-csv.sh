#!/bin/sh
# show --format csv: the version-1 columns of design.md, full precision,
# empty cells for "not applicable"; the generic CSV input.
. "$(dirname "$0")/lib.sh"

HEADER='result,test,description,unit,better,label,n,mean,sd,se,ci_low,ci_high,median,min,max,cv_pct,marks,n_failed,steady_result'

test_expect_success 'show csv header is the contract' '
	fsreport show --format csv "$CORPUS/gzip-ec2-large-10runs.xml" >out &&
	head -n 1 out >actual &&
	echo "$HEADER" >expect &&
	test_cmp expect actual
'

test_expect_success 'one row per result and system, full precision' '
	fsreport show --format csv "$CORPUS/tachyon-systemd-2sys-partial.xml" >out &&
	test "$(wc -l <out)" -eq 5 &&
	grep -q ",Tachyon,Total Time,Seconds,lower,QEMU Virtual 2.5,3,15.046133333333334,0.344119765973031," out
'

test_expect_success 'n = 1: sd, se, interval and cv are empty, not 0' '
	fsreport show --format csv "$CORPUS/tachyon-systemd-2sys-partial.xml" >out &&
	grep ",Test: Total,ms,lower,2018-12-01 10:51,1,11158,,,,,11158,11158,11158,,,0,\$" out
'

test_expect_success 'marks: w for a slow first run, b for a mean'"'"'s interval below zero' '
	fsreport show --format csv "$EXAMPLES/sync-modes" >out &&
	grep -c ",w,0,\$\|,wb,0,\$" out >n &&
	test "$(cat n)" -ge 1 &&
	fsreport show --format table --width 200 "$EXAMPLES/sync-modes" >t &&
	test "$(grep -c "^w " t)" = "$(grep -c ",wb\?,0,\$" out)" &&
	test "$(grep -c "^b " t)" = "$(grep -c ",w\?b,0,\$" out)"
'

test_expect_success 'the result key is stable and unique' '
	fsreport show --format csv "$CORPUS/tiobench-ec2-4sys-merged.xml" >a &&
	fsreport show --format csv "$CORPUS/tiobench-ec2-4sys-merged.xml" >b &&
	test_cmp a b &&
	cut -d, -f1,6 a | sort | uniq -d >dups &&
	test ! -s dups
'

test_expect_success 'generic CSV input: samples pooled per test and label' '
	fsreport show --format csv "$DATA/csv/runs.csv" >out &&
	grep -q ",PostMark,Transactions/s,tx/s,higher,ext4,3,4089.5333333333333," out &&
	grep -q ",PostMark,Transactions/s,tx/s,higher,xfs,2,4159.85," out
'

test_expect_success 'CSV fields with commas and quotes are quoted by libcsv' '
	fsreport show --format csv "$DATA/csv/runs.csv" >out &&
	grep -q ",\"Compile, \"\"bench\"\"\",Initial Create," out
'

test_expect_success 'a CSV without label uses the run set as system' '
	fsreport show --format csv mk="$DATA/csv/minimal.csv" >out &&
	grep -q ",make,,,,mk,2,13,0.7071067811865476,0.5," out
'

test_expect_success '-o writes the file and nothing to stdout' '
	fsreport show --format csv -o result.csv "$DATA/csv/minimal.csv" >stdout &&
	test ! -s stdout &&
	head -n 1 result.csv >actual &&
	echo "$HEADER" >expect &&
	test_cmp expect actual
'

test_done
