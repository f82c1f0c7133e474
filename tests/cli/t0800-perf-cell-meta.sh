#!/bin/sh
# The PTS importer decodes each Entry's JSON only when the output reads
# it (cli/runset.c: needs_cell_meta): the text formats of show/compare
# skip it, except for failed runs, whose reason it holds; the exports and
# the import command keep every attribute.
. "$(dirname "$0")/lib.sh"

F="$CORPUS/cpu-suite-gvno2-142results.xml"

test_expect_success 'the corpus file has Entry JSON and failed runs' '
	test "$(grep -c "test-run-times" "$F")" -eq 92 &&
	grep -q "The test run did not produce a result." "$F"
'

test_expect_success 'a failed run keeps its reason in the text formats' '
	fsreport show --format long-csv "$F" >out &&
	test "$(grep -c ",The test run did not produce a result\.\$" out)" -eq 5
'

test_expect_success 'show --format json still carries every entry attribute' '
	fsreport show --format json "$F" >out.json &&
	test "$(grep -c "test-run-times" out.json)" -eq 92 &&
	test "$(grep -c "\"error\"" out.json)" -eq 7
'

test_expect_success 'import --to json still carries every entry attribute' '
	fsreport import --to json -o out.json "$F" &&
	test "$(grep -c "test-run-times" out.json)" -eq 92
'

test_expect_success 'import --to pts writes the Entry JSON back' '
	fsreport import --to pts -o out.xml "$F" &&
	test "$(grep -c "test-run-times" out.xml)" -eq 92
'

test_expect_success 'the text formats agree with the exports on the numbers' '
	fsreport show --format csv "$F" >csv &&
	fsreport import --to json -o all.json "$F" &&
	fsreport show --format csv all.json >csv2 &&
	cut -d, -f7- csv >a &&
	cut -d, -f7- csv2 >b &&
	test_cmp a b
'

# Issue 18: show --format csv keeps no summaries (they are computed as
# each result is printed) and no copy of the stored values; with a chart
# beside it, both are kept as before.
test_expect_success 'csv computed on demand is the csv beside a chart' '
	fsreport show --format csv "$F" >lazy.csv &&
	fsreport show --format csv --chart-dir charts "$F" >kept.csv &&
	test -s charts/$(ls charts | head -n 1) &&
	test_cmp lazy.csv kept.csv
'

P="$CORPUS/pjdfstest-passfail.xml"

test_expect_success 'a pass/fail chart beside csv still says PASS' '
	fsreport show --format csv --svg pf.svg "$P" >pf.csv &&
	grep -q ">PASS<" pf.svg &&
	grep -q "Test Pass / Fail,lower,PersistentDisk,0," pf.csv
'

test_expect_success 'the table still prints the stored PASS' '
	fsreport show --format table "$P" >pf.txt &&
	grep -q PASS pf.txt
'

test_done
