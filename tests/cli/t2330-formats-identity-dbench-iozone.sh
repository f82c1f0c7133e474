#!/bin/sh
# What tells two results apart shows in every output, not only in JSON's
# arguments (issue 33): dbench names its results by the client count
# ("2 clients: NTCreateX count") and each --per-client-results table by
# its client ("client 1 of 2: NTCreateX count"); iozone names each cell by its file
# and record size, in KiB/s (iozone's kB and 3.414's KB are 1024 bytes);
# -O is ops/s; 3.414's "KB  reclen" is read; -t is refused by name.
. "$(dirname "$0")/lib.sh"

DB="$DATA/dbench/per-client.txt"
IZ="$DATA/iozone"

test_expect_success 'dbench per-client: every client in text, table, Markdown and CSV' '
	for f in ascii table markdown csv; do
		fsreport show --format $f "$DB" >out.$f &&
		grep -q "client 0 of 2: NTCreateX count" out.$f &&
		grep -q "client 1 of 2: NTCreateX count" out.$f || return 1
	done &&
	awk -F, "\$3 ~ /^(2 clients|client [01] of 2): NTCreateX count\$/ { print \$3, \$8 }" out.csv >actual &&
	awk "/^Client / { c = \"client \" \$2 \" of 2\" } \$1 == \"NTCreateX\" { print (c ? c : \"2 clients\") \": NTCreateX count\", \$2 }" "$DB" >expect &&
	test_cmp expect actual
'

test_expect_success 'iozone: 90 cells, 90 names in the text output, KiB/s' '
	fsreport show "$IZ/no-report.txt" >text &&
	grep "^[a-z].* (file size [0-9]* KiB, record [0-9]* KiB)\$" text | sort -u >names &&
	test "$(wc -l <names)" = 90 &&
	grep -q "^KiB/s > Higher Is Better\$" text &&
	! grep -q "kB/s" text
'

test_expect_success 'iozone: a cell of the CSV as the raw text has it' '
	fsreport show --format csv "$IZ/no-report.txt" >out &&
	grep "^r[0-9a-f]*,iozone,\"random write (file size 128 KiB, record 16 KiB)\",KiB/s,higher," out |
		cut -d, -f9 >actual &&
	awk "\$1 == 128 && \$2 == 16 { print \$8 }" "$IZ/no-report.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'iozone 3.414 "KB  reclen" (derived from 3.508): read, the same values' '
	fsreport show --format csv "$IZ/v3414-KB-derived.txt" | cut -d, -f3-5,9 >a &&
	fsreport show --format csv "$IZ/no-report.txt" | cut -d, -f3-5,9 >b &&
	test "$(wc -l <a)" = 91 &&
	test_cmp b a
'

test_expect_success 'iozone -O: operations per second' '
	grep -q "OPS Mode. Output is in operations per second." "$IZ/ops-mode.txt" &&
	fsreport show --format csv "$IZ/ops-mode.txt" >out &&
	tail -n +2 out | cut -d, -f5,6 | sort -u >actual &&
	echo "ops/s,higher" >expect &&
	test_cmp expect actual
'

test_expect_success 'iozone -t: refused by name, at its line' '
	test_expect_code 3 fsreport show "$IZ/throughput-t2.txt" 2>err &&
	n=$(grep -n "Throughput test with" "$IZ/throughput-t2.txt" | cut -d: -f1) &&
	echo "fsreport: $IZ/throughput-t2.txt:$n: iozone -t throughput mode is not read yet (fsreport reads iozone'"'"'s automatic mode, -a)" >expect &&
	test_cmp expect err &&
	mkdir dir && cp "$IZ/throughput-t2.txt" "$IZ/no-report.txt" dir/ &&
	fsreport show --format csv dir >out 2>err &&
	grep -q "^fsreport: warning: dir/throughput-t2.txt:$n: iozone -t throughput mode is not read yet; skipped\$" err &&
	test "$(tail -n +2 out | wc -l)" = 90
'

test_done
