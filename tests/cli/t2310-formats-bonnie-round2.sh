#!/bin/sh
# bonnie++ 2.00a variants of issue 33 (real captures,
# scripts/capture-bonnie.sh ONLY=variants): bon_csv2txt's tables (its
# "0k" for +++++ is a failed run, never 0; its file-test table is read),
# -c concurrency and -n's directory count kept in the result's name, so
# a -c 1 run never pairs with a -c 2 run.
. "$(dirname "$0")/lib.sh"

B="$DATA/bonnie"

test_expect_success 'bon_csv2txt: "0k" with %CP "+++" is a failed run, not 0 KiB/s' '
	grep -q "    0k +++" "$B/csv2txt.txt" &&
	fsreport import --to csv -o out.csv "$B/csv2txt.txt" &&
	awk -F, "\$2 == \"sequential output block\" { print \$6 \"|\" \$13 }" out.csv >actual &&
	printf "|+++++: too fast to measure\n|+++++: too fast to measure\n" >expect &&
	test_cmp expect actual &&
	! awk -F, "NR > 1 && \$3 == \"KiB/s\" && \$6 == \"0\"" out.csv | grep -q .
'

test_expect_success 'bon_csv2txt: per-char rates of both rows as printed (k = KiB/s)' '
	fsreport import --to csv -o out.csv "$B/csv2txt.txt" &&
	awk -F, "\$2 == \"sequential output per char\" { print \$6 }" out.csv >actual &&
	awk "/^fsrepor / { sub(/k\$/, \"\", \$3); print \$3 }" "$B/csv2txt.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'bon_csv2txt: the file-test table is read, six latencies per row' '
	fsreport import --to csv -o out.csv "$B/csv2txt.txt" &&
	awk -F, "\$2 ~ /^(sequential|random) (create|read|delete)( \\(files: 1:4\\))? latency\$/ { print \$6 }" out.csv >actual &&
	awk "/^Latency/ && ++n > 2 { for (i = 2; i <= 7; i++) { sub(/us\$/, \"\", \$i); print \$i } }" "$B/csv2txt.txt" >expect &&
	test_line_count() { test "$(wc -l <"$1")" -eq "$2"; } &&
	test_line_count actual 12 &&
	test_cmp expect actual
'

test_expect_success '-c 2 and -n 1:0:0:4: in every output, never paired with -c 1' '
	fsreport show --format csv "$B/c2-dirs.txt" >out &&
	grep -q ",sequential output per char (concurrency: 2)," out &&
	grep -q ",\"sequential create (files: 1/4, concurrency: 2) latency\"," out &&
	fsreport show "$B/c2-dirs.txt" >text &&
	grep -q "^rewrite (concurrency: 2) latency\$" text &&
	mkdir c1 c2 && cp "$B/c1.csv" c1/ && cp "$B/c2-dirs.txt" c2/ &&
	fsreport compare --format csv c1 c2 >cmp &&
	test "$(wc -l <cmp)" -eq 1
'

test_expect_success 'the CSV line and the stdout table of one -c 2 run give the same results' '
	fsreport show --format csv "$B/c2-dirs.txt" | cut -d, -f3 >csvline &&
	grep -v "^1\.98," "$B/c2-dirs.txt" >table.txt &&
	fsreport show --format csv table.txt | cut -d, -f3 >table &&
	test_cmp csvline table
'

test_expect_success 'a table row cut short (a mail) is said, at its line' '
	head -4 "$B/run-01.txt" | sed "4s/  163k.*//" >cut.txt &&
	fsreport show --format csv cut.txt >out 2>err &&
	grep "^fsreport: warning: cut.txt:4: this bonnie++ value row ends before its .random seeks. column" err &&
	head -5 "$B/run-01.txt" | sed "5s/ 12092us.*//" >cutlat.txt &&
	fsreport show --format csv cutlat.txt >out 2>err &&
	grep "^fsreport: warning: cutlat.txt:5: this bonnie++ latency row ends" err &&
	grep -v "^1\.98," "$B/run-01.txt" >whole.txt &&
	fsreport show --format csv whole.txt >out 2>err &&
	! grep "ends before" err
'

test_done
