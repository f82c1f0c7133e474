#!/bin/sh
# dbench 4.00 output (real captures, scripts/capture-dbench.sh): the
# Throughput line and the operation table are the results, progress lines
# never are; -s pairs with the default in compare; failed and interrupted
# runs are failed runs with a warning; bad numbers exit 3 at their line.
. "$(dirname "$0")/lib.sh"

DB="$DATA/dbench"
EXD="$EXAMPLES/dbench"

# mean of the "Throughput N MB/sec" numbers of the files, from the raw text
raw_mean() {
	awk '/^Throughput / { s += $2; n++ } END { printf "%.4f\n", s / n }' "$@"
}

test_expect_success 'the issue: default against osync compares Throughput' '
	fsreport compare --format csv "$EXD/default" "$EXD/osync" >out 2>err &&
	! grep -q "Timed run" out &&
	awk -F, "\$3 == \"1 client: throughput\" {
		printf \"%s %s %s %s %.4f %.4f\n\", \$4, \$5, \$8, \$9, \$10, \$11 }" \
		out >actual &&
	echo "MB/s higher 3 3 $(raw_mean "$EXD"/default/*.txt) $(raw_mean "$EXD"/osync/*.txt)" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'runs of 1 and of 2 clients: kept apart, and named so in every output' '
	mkdir mixed &&
	cp "$EXD/default/run-01.txt" mixed/one.txt &&
	cp "$DB/two-clients.txt" mixed/two.txt &&
	for f in ascii table markdown csv; do
		fsreport show --format $f mixed >out.$f 2>/dev/null &&
		grep -q "1 client: throughput" out.$f &&
		grep -q "2 clients: throughput" out.$f || return 1
	done &&
	awk -F, "\$3 ~ /: throughput\$/ { print \$3, \$7, \$8 }" out.csv >actual &&
	printf "%s\n" "1 client: throughput 1 $(raw_mean mixed/one.txt | sed "s/0*\$//; s/\.\$//")" \
		"2 clients: throughput 1 $(raw_mean mixed/two.txt | sed "s/0*\$//; s/\.\$//")" >expect &&
	test_cmp expect actual
'

test_expect_success 'no progress line becomes a result' '
	fsreport show --format csv "$EXD/default" >out 2>/dev/null &&
	cut -d, -f2 out | sort -u >actual &&
	printf "dbench\ntest\n" >expect &&
	test_cmp expect actual &&
	test "$(tail -n +2 out | wc -l)" = 50
'

test_expect_success 'the barrier warning of a real run is passed on' '
	fsreport show "$EXD/default" >/dev/null 2>err &&
	grep -q "^fsreport: warning: .*default/run-01.txt:4: dbench warned .failed to create barrier semaphore" err
'

test_expect_success 'a run that reports errors is a failed run, warned' '
	fsreport show --format csv "$DB/failed-missing-dir.txt" >out 2>err &&
	grep -q "failed-missing-dir.txt:7: dbench failed: \[3\] open" err &&
	awk -F, "\$3 == \"1 client: throughput\" { print \$7 }" out >actual &&
	echo 0 >expect &&
	test_cmp expect actual
'

test_expect_success 'an interrupted run is a failed run, warned' '
	fsreport show "$DB/interrupted.txt" >/dev/null 2>err &&
	grep -q "interrupted.txt:7: the run stopped before its Throughput line" err
'

test_expect_success 'several clients and per-client tables' '
	fsreport show --format csv "$DB/per-client.txt" >out &&
	grep -c "NTCreateX count" out >actual &&
	echo 3 >expect &&
	test_cmp expect actual
'

test_expect_success 'a number that is no number: exit 3 at its line' '
	printf "dbench version 4.00 - x\nThroughput inf MB/sec  1 clients  1 procs  max_latency=1.0 ms\n" >bad.txt &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	grep -q "^fsreport: bad.txt:2: dbench throughput .inf. is not a number" err
'

test_expect_success 'a truncated run (cut in its table): exit 3 at the line' '
	head -n 20 "$EXD/default/run-02.txt" >cut.txt &&
	printf " ReadX     1" >>cut.txt &&
	test_expect_code 3 fsreport show cut.txt 2>err &&
	grep -q "^fsreport: cut.txt:21: dbench operation row" err
'

test_expect_success 'dbench and fs_mark in one log: ambiguous, exit 3' '
	cat "$EXAMPLES/fs_mark/sync1/run-01.txt" "$EXD/default/run-02.txt" >both.txt &&
	test_expect_code 3 fsreport show both.txt 2>err &&
	echo "fsreport: both.txt: claimed by 2 importers (dbench and fs_mark): its format is ambiguous, so it is not guessed (split the file, one program'"'"'s output per file)" >expect &&
	test_cmp expect err &&
	mkdir dir && cp both.txt dir/ &&
	test_expect_code 3 fsreport show dir 2>err &&
	grep -q "claimed by 2 importers" err
'

test_expect_success 'another program'"'"'s "Throughput N MB/sec" line is not dbench'"'"'s' '
	mkdir runs && cp "$EXD/default/run-01.txt" runs/ &&
	printf "copy test\nThroughput 100 MB/sec\n" >runs/other.txt &&
	fsreport show -v --format csv runs >out 2>err &&
	grep -q "runs/other.txt: skipped, not a result file" err &&
	awk -F, "\$3 == \"1 client: throughput\" { print \$7 }" out >actual &&
	echo 1 >expect &&
	test_cmp expect actual
'

test_expect_success 'timing logs: counters and settings are no timings' '
	printf "No sync data=ordered 2.7 seconds (381 MB/Sec)\n   1  cleanup   5 sec\nRunning for 5 seconds with load x and minimum warmup 1 secs\nsleeping for 3 sec\n" >mix.log &&
	fsreport show --format csv mix.log >out &&
	tail -n +2 out | cut -d, -f3,6,8 >actual &&
	printf "time,No sync data=ordered,2.7\nrate,No sync data=ordered,381\n" >expect &&
	test_cmp expect actual
'

test_done
