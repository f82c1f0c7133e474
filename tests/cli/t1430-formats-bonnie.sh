#!/bin/sh
# bonnie++ 2.00a output (real captures on a tmpfs,
# scripts/capture-bonnie.sh): the CSV line is the run, "+++++" is too
# fast to measure (never a number), latencies in microseconds, the human
# table when no CSV line is there; bad fields exit 3 at their line; with
# stderr (2>&1), a run that failed or was interrupted is a failed run.
. "$(dirname "$0")/lib.sh"

BN="$DATA/bonnie"

test_expect_success 'two runs: the per-char rates of the CSV lines' '
	mkdir runs && cp "$BN/run-01.txt" "$BN/run-02.txt" runs/ &&
	fsreport show --format csv runs >out &&
	awk -F, "\$3 == \"sequential output per char\" { print \$4, \$5, \$7, \$8 }" out >actual &&
	awk -F, "/^1\.98,/ { s += \$10; n++ } END { print \"KiB/s higher\", n, s / n }" \
		runs/*.txt >expect &&
	test_cmp expect actual
'

test_expect_success '+++++ is never a number' '
	fsreport show --format csv "$BN/block-2g.txt" >out &&
	awk -F, "\$3 == \"sequential read\" || \$3 == \"sequential create\" { print \$3, \$7, \$8 }" out >actual &&
	awk -F, "/^1\.98,/ { print \"sequential create 1\", \$27; print \"sequential read 0\", \"\" }" \
		"$BN/block-2g.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'latencies with their units, in microseconds' '
	fsreport show --format csv "$BN/run-01.txt" >out &&
	awk -F, "\$3 == \"sequential output per char latency\" { print \$4, \$5, \$8 }" out >actual &&
	echo "us lower 206000" >expect &&
	grep -q ",206ms," "$BN/run-01.txt" &&
	test_cmp expect actual
'

test_expect_success 'the human table alone: k/m/g are KiB/MiB/GiB per second' '
	grep -v "^1\.98," "$BN/block-2g.txt" >table.txt &&
	fsreport show --format csv table.txt >out &&
	awk -F, "\$3 == \"sequential output block\" || \$3 == \"random seeks\" { print \$3, \$8 }" out >actual &&
	printf "sequential output block %s\nrandom seeks 14051\n" $((104 * 1024)) >expect &&
	grep -q " 104m  23 " table.txt &&
	test_cmp expect actual
'

test_expect_success '%CP: a result of its own, from the CSV and from the table' '
	fsreport show --format csv "$BN/block-2g.txt" >out &&
	awk -F, "\$3 ~ / CPU\$/ && \$7 == 1 { print \$3, \$4, \$5, \$8 }" out >actual &&
	awk -F, "/^1\.98,/ { print \"sequential output block CPU % lower\", \$13;
		print \"rewrite CPU % lower\", \$15; print \"sequential input block CPU % lower\", \$19;
		print \"random seeks CPU % lower\", \$21; print \"sequential create CPU % lower\", \$28;
		print \"random create CPU % lower\", \$34; print \"random delete CPU % lower\", \$38 }" \
		"$BN/block-2g.txt" >expect &&
	test_cmp expect actual &&
	grep -v "^1\.98," "$BN/block-2g.txt" >table.txt &&
	fsreport show --format csv table.txt >out2 &&
	awk -F, "\$3 ~ / CPU\$/ && \$7 == 1 { print \$3, \$4, \$5, \$8 }" out2 >actual2 &&
	test_cmp expect actual2
'

test_expect_success 'the table and the CSV line of one run count once' '
	fsreport show --format csv "$BN/run-01.txt" >out &&
	awk -F, "\$3 == \"sequential output per char\" { print \$7 }" out >actual &&
	echo 1 >expect &&
	test_cmp expect actual
'

test_expect_success 'a CSV line cut short: exit 3 at its line' '
	head -c 100 "$BN/quiet.csv" >cut.csv &&
	test_expect_code 3 fsreport show cut.csv 2>err &&
	grep -q "^fsreport: cut.csv:1: bonnie++ CSV line of [0-9]* fields, format 1.98 has 50" err
'

test_expect_success 'a field that is no number: exit 3 at its line' '
	sed "s/,173,29,/,17x,29,/" "$BN/run-01.txt" >bad.txt &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	echo "fsreport: bad.txt:11: bonnie++ sequential output per char '"'"'17x'"'"' is not a number, '"'"'+++++'"'"' or empty" >expect &&
	test_cmp expect err
'

test_expect_success 'a capture with stderr (2>&1): the same report, no warning' '
	fsreport show --format csv "$BN/with-stderr.txt" >out 2>err &&
	test ! -s err &&
	awk -F, "/^1\.98,/ { print \$10 }" "$BN/with-stderr.txt" >expect &&
	awk -F, "\$3 == \"sequential output per char\" { print \$8 }" out >actual &&
	test_cmp expect actual &&
	fsreport show --format csv "$BN/run-01.txt" >out1 &&
	test "$(wc -l <out)" = "$(wc -l <out1)"
'

test_expect_success 'a run that reports errors (missing folder): failed, warned at its line' '
	cp "$BN/failed-missing-dir.txt" . &&
	fsreport show --format csv failed-missing-dir.txt >out 2>err &&
	n=$(grep -n "^Can.t change to directory" failed-missing-dir.txt | cut -d: -f1) &&
	grep -q "^fsreport: warning: failed-missing-dir.txt:$n: bonnie++ failed: Can.t change to directory \"/dev/shm/fsreport-scratch/bonnie/missing\"\.; a failed run$" err &&
	awk -F, "NR > 1 { print \$3, \$7 }" out >actual &&
	echo "sequential output block 0" >expect &&
	test_cmp expect actual
'

test_expect_success 'a run that fills the disk: failed at its first error' '
	cp "$BN/disk-full.txt" . &&
	fsreport show --format csv disk-full.txt >out 2>err &&
	n=$(grep -n "Can.t write block\.: No space left on device" disk-full.txt | cut -d: -f1) &&
	grep -q "^fsreport: warning: disk-full.txt:$n: bonnie++ failed: Can.t write block\.: No space left on device; a failed run$" err &&
	test "$(awk -F, "NR > 1 { print \$7 }" out)" = 0
'

test_expect_success 'an interrupted run (SIGINT): failed, naming the step it stopped in' '
	cp "$BN/interrupted.txt" . &&
	fsreport show --format csv interrupted.txt >out 2>err &&
	n=$(awk "END { print NR }" interrupted.txt) &&
	step=$(tail -n 1 interrupted.txt | sed "s/\.\.\.done//g; s/\.\.\.\$//") &&
	echo "fsreport: warning: interrupted.txt:$n: the run stopped in '"'"'$step...'"'"' before its report (interrupted or cut short); a failed run" >expect &&
	test_cmp expect err
'

test_expect_success 'a CSV of numbers that starts with 1.9x is not bonnie++ (skipped)' '
	mkdir runs && cp "$BN/quiet.csv" runs/ &&
	printf "1.95,2.31,3.02\n2.0,2.2,2.4\n" >runs/numbers.csv &&
	fsreport show -v --format csv runs >out 2>err &&
	grep -q "runs/numbers.csv: skipped, not a result file" err &&
	grep -q "runs/quiet.csv: bonnie" err
'

test_done
