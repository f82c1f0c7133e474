#!/bin/sh
# Systems are never merged by accident (issue 17): a LABEL= given twice or
# the same path given twice without a label each is a usage error; run
# sets whose derived labels are equal get more of their path, with a
# warning naming both; fsreport's own outputs in a run folder are skipped
# with a warning, so that n does not grow on every run.
. "$(dirname "$0")/lib.sh"

# two folders of runs of different configurations
two_runs() {
	mkdir -p x/run y/run &&
	printf 'test,value\nt,1\nt,2\nt,3\n' >x/run/a.csv &&
	printf 'test,value\nt,7\nt,8\nt,9\n' >y/run/a.csv
}

test_expect_success 'a label given twice: exit 2' '
	two_runs &&
	test_expect_code 2 fsreport import -o all.csv A=x/run/a.csv \
		A=y/run/a.csv 2>err &&
	grep -F "the label '\''A'\'' is given twice" err &&
	test ! -e all.csv
'

test_expect_success 'the same path twice without labels: exit 2' '
	two_runs &&
	test_expect_code 2 fsreport show x/run x/run/ 2>err &&
	grep -F "are the same run set" err &&
	test_expect_code 2 fsreport compare x/run/a.csv ./x/run/../run/a.csv \
		2>err &&
	test_expect_code 2 fsreport compare A=x/run/a.csv x/run/a.csv 2>err &&
	fsreport compare A=x/run/a.csv B=x/run/a.csv >out
'

test_expect_success 'equal derived labels: the parent folder tells them apart' '
	two_runs &&
	fsreport show --format csv x/run/a.csv y/run/a.csv >out 2>err &&
	cat err &&
	echo "fsreport: warning: run sets '\''x/run/a.csv'\'', '\''y/run/a.csv'\'' would all be labelled '\''a'\'': they are labelled '\''x/run/a'\'', '\''y/run/a'\'' (give LABEL=PATH to choose)" >expect &&
	test_cmp expect err &&
	cut -d, -f6,7 out >labels &&
	printf "label,n\nx/run/a,3\ny/run/a,3\n" >expect &&
	test_cmp expect labels
'

test_expect_success 'a derived label equal to a given one moves' '
	two_runs &&
	fsreport show --format csv a=x/run/a.csv y/run/a.csv >out 2>err &&
	cut -d, -f6 out >labels &&
	printf "label\na\nrun/a\n" >expect &&
	test_cmp expect labels &&
	grep -F "they are labelled '\''a'\'' (given), '\''run/a'\''" err
'

test_expect_success 'fsreport outputs in a run folder are skipped (n stays)' '
	two_runs &&
	fsreport show --format csv x/run >before.csv &&
	for to in csv json xml pts; do
		fsreport import --to $to -o export.$to x/run || return 1
	done &&
	fsreport show --format csv -o report.csv x/run &&
	fsreport show --format json -o report.json x/run &&
	mv export.* report.* x/run/ &&
	fsreport show --format csv x/run >after.csv 2>err &&
	cat err &&
	test_cmp before.csv after.csv &&
	test "$(grep -c "skipped, an output of fsreport" err)" -eq 6 &&
	: named directly, an export is read as usual &&
	fsreport show --format csv x/run/export.csv >named.csv &&
	test "$(cut -d, -f7 named.csv | sed -n 2p)" = 3
'

test_expect_success 'a folder keeps its whole name: 6.10/ is 6.10, not 6' '
	mkdir -p 6.9 6.10 &&
	printf "test,value\nt,1\nt,2\nt,3\n" >6.9/a.csv &&
	printf "test,value\nt,7\nt,8\nt,9\n" >6.10/a.csv &&
	cp 6.10/a.csv v6.11.csv &&
	: a file loses its extension only &&
	fsreport show --format csv 6.9 6.10/ v6.11.csv >out &&
	cut -d, -f6 out >labels &&
	printf "label\n6.9\n6.10\nv6.11\n" >expect &&
	test_cmp expect labels &&
	: store add reads each run set alone, with the same label &&
	fsreport store add --db s.db 6.10 >/dev/null &&
	fsreport store export --db s.db >long.csv &&
	test "$(cut -d, -f5 long.csv | sed -n 2p)" = 6.10
'

test_done
