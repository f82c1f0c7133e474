#!/bin/sh
# fs_mark 3.3 output (real captures, scripts/capture-fsmark.sh): every
# iteration row is a sample; -S 0 against -S 1 pairs up in compare; the
# verbose form, the appended log, errors and interruptions.
. "$(dirname "$0")/lib.sh"

FM="$DATA/fs_mark"
EXF="$EXAMPLES/fs_mark"

# mean of a column over the table rows of the files, from the raw text
raw_mean() {
	col=$1
	shift
	awk -v c="$col" '/^ +[0-9]/ { s += $c; n++ } END { printf "%.4f %d\n", s / n, n }' "$@"
}

test_expect_success 'sync1 against sync0: every iteration is a sample' '
	fsreport compare --format csv "$EXF/sync1" "$EXF/sync0" >out &&
	awk -F, "\$3 == \"Files/sec\" { printf \"%.4f %s\n\", \$10, \$8 }" out >actual &&
	raw_mean 4 "$EXF"/sync1/*.txt >expect &&
	test_cmp expect actual &&
	awk -F, "\$3 == \"App overhead\" { printf \"%.4f %s %s\n\", \$11, \$9, \$5 }" out >actual &&
	echo "$(raw_mean 5 "$EXF"/sync0/*.txt) lower" >expect &&
	test_cmp expect actual
'

test_expect_success 'the sync method is the system, not the result' '
	fsreport show --format csv "$EXF/sync0" "$EXF/sync1" >out &&
	test "$(tail -n +2 out | cut -d, -f1 | sort -u | wc -l)" = 2
'

test_expect_success 'the verbose form: 18 more results' '
	fsreport show --format csv "$FM/verbose-sync1.txt" >out &&
	test "$(tail -n +2 out | wc -l)" = 20 &&
	awk -F, "\$3 == \"CREAT max\" { print \$7, \$15 }" out >actual &&
	awk "/^ +[0-9]/ { if (\$8 > m) m = \$8; n++ } END { print n, m }" \
		"$FM/verbose-sync1.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'the appended log: three runs, six samples' '
	fsreport show --format csv "$FM/fs_log-appended.txt" >out &&
	awk -F, "\$3 == \"Files/sec\" { printf \"%.4f %s\n\", \$8, \$7 }" out >actual &&
	raw_mean 4 "$FM/fs_log-appended.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'a run that reports errors is a failed run, warned' '
	fsreport show "$FM/failed-missing-dir.txt" >/dev/null 2>err &&
	grep -q "failed-missing-dir.txt:11: fs_mark failed: fill_dir:mkdir" err
'

test_expect_success 'an interrupted run keeps its rows, warned' '
	fsreport show --format csv "$FM/interrupted.txt" >out 2>err &&
	grep -q "interrupted.txt:2: this fs_mark run asked for 50 iterations (-L) and 1 finished" err &&
	awk -F, "\$3 == \"Files/sec\" { print \$7, \$8 }" out >actual &&
	echo "1 17623.6" >expect &&
	test_cmp expect actual
'

test_expect_success 'a truncated row: exit 3 at its line' '
	head -n 11 "$EXF/sync1/run-01.txt" >cut.txt &&
	printf "     0         2000        10240" >>cut.txt &&
	test_expect_code 3 fsreport show cut.txt 2>err &&
	grep -q "^fsreport: cut.txt:12: fs_mark row of 3 columns, the header has 5" err
'

test_expect_success 'a value that is no number: exit 3 at its line' '
	sed "11s/[0-9.]* *\$/-1/" "$EXF/sync1/run-01.txt" >neg.txt &&
	test_expect_code 3 fsreport show neg.txt 2>err &&
	grep -q "^fsreport: neg.txt:11: fs_mark column 5 .-1. is not a number" err
'

test_done
