#!/bin/sh
# PostMark: folders of repeated runs (run-01.txt ... run-10.txt beside a
# config.pmrc) compare with n = 10 per metric and setting; the numbers
# are those of the files (checked against awk over the terse lines).
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"

test_expect_success 'compare buffered unbuffered: 13 metrics, n = 10 each' '
	fsreport compare --format csv "$PM/buffered" "$PM/unbuffered" >out &&
	tail -n +2 out | cut -d, -f3,6,7,8,9 >actual &&
	for m in Total_duration Duration_of_transactions Transactions/s \
		Files_created/s Creation_alone/s \
		Creation_mixed_with_transaction/s Read/s Append/s Deleted/s \
		Deletion_alone/s Deletion_mixed_with_transaction/s Read_B/s \
		Write_B/s; do
		echo "$m,buffered,unbuffered,10,10"
	done >expect &&
	test_cmp expect actual
'

test_expect_success 'show: every metric and setting has n = 10' '
	fsreport show --format csv "$PM/buffered" "$PM/unbuffered" >out &&
	test "$(tail -n +2 out | wc -l)" -eq 26 &&
	tail -n +2 out | cut -d, -f7 | sort -u >actual &&
	echo 10 >expect &&
	test_cmp expect actual
'

# mean_of DIR FIELD: the mean of a terse field over the runs of DIR
mean_of() {
	cat "$1"/run-*.txt | awk -v f="$2" \
		"NF == 13 && \$1 ~ /^[0-9]/ { s += \$f; n++ }
		END { printf \"%.6f %d\n\", s / n, n }"
}

# csv_mean LABEL DESCRIPTION: the mean fsreport printed
csv_mean() {
	awk -F, -v l="$1" -v d="$2" \
		"\$6 == l && \$3 == d { printf \"%.6f %d\n\", \$8, \$7 }" out
}

test_expect_success 'the means are those of the files' '
	fsreport show --format csv "$PM/buffered" "$PM/unbuffered" >out &&
	for s in buffered unbuffered; do
		mean_of "$PM/$s" 1 >expect &&
		csv_mean $s Total_duration >actual &&
		test_cmp expect actual &&
		mean_of "$PM/$s" 3 >expect &&
		csv_mean $s Transactions/s >actual &&
		test_cmp expect actual &&
		mean_of "$PM/$s" 13 >expect &&
		csv_mean $s Write_B/s >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'units and directions of the 13 metrics' '
	fsreport show --format csv "$PM/buffered" >out &&
	tail -n +2 out | cut -d, -f3-5 >actual &&
	cat >expect <<-\EOT &&
	Total_duration,s,lower
	Duration_of_transactions,s,lower
	Transactions/s,tx/s,higher
	Files_created/s,files/s,higher
	Creation_alone/s,files/s,higher
	Creation_mixed_with_transaction/s,files/s,higher
	Read/s,files/s,higher
	Append/s,files/s,higher
	Deleted/s,files/s,higher
	Deletion_alone/s,files/s,higher
	Deletion_mixed_with_transaction/s,files/s,higher
	Read_B/s,B/s,higher
	Write_B/s,B/s,higher
	EOT
	test_cmp expect actual
'

test_expect_success 'config.pmrc is skipped, and -v says so' '
	fsreport show -v --format csv "$PM/buffered" >out 2>err &&
	grep -Fx "fsreport: $PM/buffered/config.pmrc: skipped, not a result file" err &&
	test "$(grep -c ": postmark, 13 result(s)$" err)" -eq 10
'

test_expect_success 'verbose reports: n = 10, configuration echo kept' '
	V="$DATA/postmark/verbose" &&
	fsreport compare --format csv "$V/buffered" "$V/unbuffered" >out &&
	tail -n +2 out | cut -d, -f8,9 | sort -u >actual &&
	echo 10,10 >expect &&
	test_cmp expect actual &&
	fsreport show --width 80 "$V/unbuffered" >out &&
	grep -F "Files: 3000, Transactions: 12000" out &&
	grep -F "Buffering: false" out
'

test_expect_success 'one file with three reports is three repetitions' '
	fsreport show --format csv "$DATA/postmark/multi-run/stdout.txt" >out &&
	tail -n +2 out | cut -d, -f7 | sort -u >actual &&
	echo 3 >expect &&
	test_cmp expect actual
'

test_expect_success 'a file of terse lines alone (run FILE) is read' '
	fsreport show --format csv "$DATA/postmark/run-to-file" >out 2>err &&
	awk -F, "\$3 == \"Total_duration\" { print \$6, \$7, \$8 }" out >actual &&
	echo "run-to-file 3 10.666666666666666" >expect &&
	test_cmp expect actual
'

test_expect_success 'show of PostMark runs: no empty PTS header lines' '
	fsreport show "$EXAMPLES/postmark/buffered" "$EXAMPLES/postmark/unbuffered" >out &&
	head -n 3 out >actual &&
	printf "%s\\n" "buffered, unbuffered" "" PostMark >expect &&
	test_cmp expect actual &&
	! grep -q "^buffered: \$" out
'

test_done
