#!/bin/sh
# fio JSON: a folder of runs pools one sample per run; the numbers, units
# and directions of every result (golden); json, json+ and normal+json
# streams agree on the same run; errors name the JSON path.
. "$(dirname "$0")/lib.sh"

FIO="$DATA/fio"

test_expect_success 'a folder of five fio runs: n = 5 per result (golden)' '
	fsreport show --format csv "$EXAMPLES/fio/fsync1" >actual &&
	test_golden interchange-fio-fsync1.csv actual
'

test_expect_success 'fio files are recognised by content, with -v' '
	fsreport show -v --format csv "$FIO/normal+json-fsync1.txt" \
		>/dev/null 2>err &&
	echo "fsreport: $FIO/normal+json-fsync1.txt: fio, 7 result(s)" \
		>expect &&
	test_cmp expect err
'

# 64 writes, 63 fsyncs: only p50 has 10 I/Os above it (docs/methods.md,
# section 11), the others are no result; fio printed p99 = p99.9 = the
# maximum, 17024.
test_expect_success 'IOPS higher, bandwidth in B/s higher, latency in ns lower' '
	fsreport show --format csv "$FIO/json-fsync1.json" >out &&
	cut -d, -f3-5,8 out >actual &&
	cat >expect <<-\EOT &&
	description,unit,better,mean
	randwrite: write IOPS,IOPS,higher,566.371681
	randwrite: write bandwidth,B/s,higher,2319858
	randwrite: write completion latency (mean),ns,lower,7291.9375
	randwrite: write completion latency (p50),ns,lower,6304
	randwrite: write total latency (mean),ns,lower,7486.296875
	randwrite: sync latency (mean),ns,lower,1769247.222222
	randwrite: sync latency (p50),ns,lower,193536
	EOT
	test_cmp expect actual
'

test_expect_success 'read, write and trim jobs; two jobs; numjobs=2' '
	for f in randrw two-jobs numjobs2 trim; do
		fsreport show --format csv "$FIO/$f.json" || return 1
	done | grep " IOPS," | cut -d, -f3 >actual &&
	cat >expect <<-\EOT &&
	mixed: read IOPS
	mixed: write IOPS
	seqread: read IOPS
	seqwrite: write IOPS
	par: write IOPS
	par #2: write IOPS
	trim: trim IOPS
	EOT
	test_cmp expect actual
'

test_expect_success 'fsync against no fsync: the sync results are on one side' '
	fsreport compare --format csv "$EXAMPLES/fio/fsync1" \
		"$EXAMPLES/fio/nofsync" >out &&
	test "$(tail -n +2 out | wc -l)" -eq 6 &&
	grep "^r[0-9a-f]*,fio,randwrite: write IOPS,IOPS,higher,fsync1,nofsync,5,5," out &&
	fsreport compare "$EXAMPLES/fio/fsync1" "$EXAMPLES/fio/nofsync" >text &&
	grep "randwrite: sync latency (mean)" text
'

test_expect_success '--status-interval snapshots: the run'"'"'s series, the last report its result' '
	fsreport show --format csv "$FIO/status-interval.json" >out 2>err &&
	! test -s err &&
	grep ",si: write IOPS,IOPS,higher,status-interval,1,103344.551816," out
'

test_expect_success 'a wrong type names the JSON path; exit 3' '
	sed "s/\"iops\" : 566.371681/\"iops\" : \"566\"/" \
		"$FIO/json-fsync1.json" >bad.json &&
	test_expect_code 3 fsreport show bad.json 2>err &&
	echo "fsreport: bad.json: \$.jobs[0].write.iops: expected a number, found a string" >expect &&
	test_cmp expect err
'

test_expect_success 'a report after text: the line it starts on is named' '
	sed "s/\"iops\" : 338.624339/\"iops\" : null/" \
		"$FIO/normal+json-fsync1.txt" >bad.txt &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	echo "fsreport: bad.txt: report at line 4: \$.jobs[0].write.iops: expected a number, found null" >expect &&
	test_cmp expect err
'

test_expect_success 'truncated fio JSON: malformed, with line and column' '
	head -n 100 "$FIO/json-fsync1.json" >cut.json &&
	test_expect_code 3 fsreport show cut.json 2>err &&
	echo "fsreport: cut.json:101: malformed JSON: string or '"'"'}'"'"' expected near end of file" >expect &&
	test_cmp expect err
'

test_done
