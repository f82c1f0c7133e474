#!/bin/sh
# Bad input to the interchange formats: wrong types, missing columns or
# keys, unknown directions or display kinds, NaN and infinities, ragged
# CSV rows, broken references. Each gives one message with the file and
# the line (or the JSON path), exit 3, and writes nothing: a new output
# file is not created and an existing one is left as it was.
. "$(dirname "$0")/lib.sh"

BAD="$TOP/tests/bad"

# bad FILE MESSAGE: import FILE fails with exactly "fsreport: MESSAGE"
# (the first stderr line), exit 3, and out.json stays as it was.
bad() {
	echo "keep me" >out.json &&
	test_expect_code 3 fsreport import "$BAD/$1" --to json -o out.json \
		2>err &&
	echo "fsreport: $BAD/$1$2" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual &&
	echo "keep me" >expect &&
	test_cmp expect out.json &&
	test "$(ls)" = "actual
err
expect
out.json"
}

test_expect_success 'CSV: a row with fewer columns than the header' '
	bad csv/ragged-label-row.csv ":3: 2 columns, the header has 3"
'

test_expect_success 'CSV: nan and inf are not numbers' '
	bad csv/value-nan-second-row.csv ":3: value '"'"'nan'"'"' is not a finite number" &&
	bad csv/value-inf-first-row.csv ":2: value '"'"'inf'"'"' is not a finite number"
'

test_expect_success 'CSV: a missing value column' '
	bad csv/missing-column.csv ":1: the header needs the columns '"'"'test'"'"' and '"'"'value'"'"'"
'

test_expect_success 'CSV: unknown direction and display kind' '
	bad csv/better-faster.csv ":2: better '"'"'faster'"'"' is not '"'"'higher'"'"' or '"'"'lower'"'"'" &&
	bad csv/display-pie.csv ":2: display '"'"'pie'"'"' is not bar, line, passfail or other"
'

test_expect_success 'CSV: a failed run that has a value' '
	bad csv/failed-with-value.csv ":2: a failed run ('"'"'error'"'"' is set) with the value '"'"'1'"'"'"
'

test_expect_success 'JSON: a string where a sample should be' '
	bad fsreport-json/sample-string.json ": \$.results[0].cells[0].samples[1]: expected a number, found a string"
'

test_expect_success 'JSON: NaN is no JSON, line and column' '
	bad fsreport-json/nan-sample.json ":3:22: malformed JSON: invalid token near '"'"'NaN'"'"'"
'

test_expect_success 'JSON: a missing key, an unknown direction, a bad index' '
	bad fsreport-json/missing-test.json ": \$.results[0].test: missing" &&
	bad fsreport-json/better-faster.json ": \$.results[0].better: '"'"'faster'"'"' is not \"higher\", \"lower\" or null" &&
	bad fsreport-json/system-three-of-one.json ": \$.results[0].cells[0].system: 3 names no system (there are 1)"
'

test_expect_success 'JSON: a newer format_version' '
	bad fsreport-json/version-2.json ": \$.format_version: version 2; this fsreport reads version 1"
'

test_expect_success 'XML: INF, a dangling system, an unknown display kind' '
	bad fsreport-xml/sample-inf.xml ":8: sample '"'"'INF'"'"' is not a finite number" &&
	bad fsreport-xml/cell-system-s9.xml ":7: <cell system=\"s9\">: no <system> has that id" &&
	bad fsreport-xml/display-pie.xml ":4: <result display=\"pie\">: expected bar, line, passfail or other"
'

test_expect_success 'XML: truncated' '
	bad fsreport-xml/truncated-mid-result.xml ":5:25: malformed XML: extra content at the end of the document"
'

test_expect_success 'fio and hyperfine: wrong types' '
	bad fio/iops-string-write.json ": \$.jobs[0].write.iops: expected a number, found a string" &&
	bad hyperfine/times-string-second.json ": \$.results[0].times[1]: expected a number, found a string"
'

test_expect_success 'a folder with one bad file: nothing written either' '
	mkdir runs &&
	cp "$EXAMPLES/fio/fsync1/run-01.json" runs/ &&
	cp "$BAD/fsreport-json/sample-string.json" runs/run-02.json &&
	test_expect_code 3 fsreport import runs --to pts -o out.xml 2>err &&
	test ! -e out.xml &&
	test "$(ls)" = "err
runs"
'

test_done
