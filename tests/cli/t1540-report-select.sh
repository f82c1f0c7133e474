#!/bin/sh
# Selection and order (issue 15): --only REGEX, --exclude REGEX, --sort
# change|name|input, applied alike to the text, the charts and the
# geometric mean: a selection gives what the same command gives on
# inputs that hold only the selected results (cut from the raw CSV with
# awk, not by fsreport). The --sort change order comes from
# scripts/select-reference.py over the raw samples.
. "$(dirname "$0")/lib.sh"

CS="$EXAMPLES/compare-stats"

# keep.csv / drop.csv: the rows of $1 whose test is (not) fio
cut_fio() {
	awk -F, -v want="$2" "NR == 1 || (\$1 == \"fio\") == want" "$1"
}

setup() {
	cut_fio "$CS/before.csv" 1 >fb.csv &&
	cut_fio "$CS/after.csv" 1 >fa.csv &&
	cut_fio "$CS/before.csv" 0 >nb.csv &&
	cut_fio "$CS/after.csv" 0 >na.csv
}

test_expect_success '--only: text and charts as on inputs holding only those results' '
	setup &&
	fsreport compare --only "^fio" before="$CS/before.csv" \
		after="$CS/after.csv" >actual &&
	fsreport compare before=fb.csv after=fa.csv >expect &&
	test_cmp expect actual &&
	fsreport compare --only "^fio" --debug-layout \
		before="$CS/before.csv" after="$CS/after.csv" >actual &&
	fsreport compare --debug-layout before=fb.csv after=fa.csv >expect &&
	test_cmp expect actual
'

test_expect_success '--exclude: the geometric mean over the rest only' '
	setup &&
	fsreport report --exclude "^fio" before="$CS/before.csv" \
		after="$CS/after.csv" -o sel &&
	fsreport report before=nb.csv after=na.csv -o cut &&
	test_cmp cut/summary.txt sel/summary.txt &&
	grep -o "Overview against[^<]*" sel/index.html >actual &&
	grep -o "Overview against[^<]*" cut/index.html >expect &&
	test -s expect && test_cmp expect actual
'

test_expect_success '--only matches the name the charts show, unit included' '
	fsreport compare --only "\\(ms\\)$" --format csv "$CS/before.csv" \
		"$CS/after.csv" | cut -d, -f3 >actual &&
	printf "description\nfsync latency p99\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--sort name: results by "test: description (unit)"' '
	fsreport compare --sort name --format csv "$CS/before.csv" \
		"$CS/after.csv" | cut -d, -f2,3 | sed 1d >actual &&
	sed 1d "$CS/before.csv" | cut -d, -f1,2 | sort -u >expect &&
	test_cmp expect actual
'

test_expect_success '--sort change: largest change first (reference script)' '
	fsreport compare --sort change --format csv "$CS/before.csv" \
		"$CS/after.csv" | cut -d, -f2,3 | sed 1d >actual &&
	python3 "$TOP/scripts/select-reference.py" "$CS/before.csv" \
		"$CS/after.csv" >expect &&
	test_cmp expect actual &&
	fsreport compare --sort input --format csv "$CS/before.csv" \
		"$CS/after.csv" >input &&
	fsreport compare --format csv "$CS/before.csv" "$CS/after.csv" \
		>default && test_cmp default input
'

test_expect_success 'a bad regex or --sort word is a usage error naming it' '
	test_expect_code 2 fsreport compare --only "(" "$CS/before.csv" \
		"$CS/after.csv" 2>err &&
	grep "fsreport: --only: bad regular expression '"'"'('"'"'" err &&
	test_expect_code 2 fsreport show --exclude "a[" "$CS/before.csv" \
		2>err &&
	grep "fsreport: --exclude: bad regular expression '"'"'a\['"'"'" err &&
	test_expect_code 2 fsreport compare --sort size "$CS/before.csv" \
		"$CS/after.csv" 2>err &&
	grep "sort wants change, name or input, not '"'"'size'"'"'" err &&
	test_expect_code 2 fsreport show --sort change "$CS/before.csv" \
		2>err &&
	grep "sort change needs a comparison" err
'

test_expect_success 'nothing selected is an input error, not an empty report' '
	test_expect_code 3 fsreport compare --only "^nothing" \
		"$CS/before.csv" "$CS/after.csv" >out 2>err &&
	grep "no result is left after --only/--exclude (of 5)" err &&
	! test -s out
'

test_done
