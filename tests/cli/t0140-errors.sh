#!/bin/sh
# Errors: exit codes and messages of design.md (file:line:col), usage
# errors with hints, nothing half-written.
. "$(dirname "$0")/lib.sh"

test_expect_success 'malformed XML: exit 3, file:line:col' '
	printf "<PhoronixTestSuite>\n<Result>\n  <Title>x</Titl>\n" >bad.xml &&
	test_expect_code 3 fsreport show bad.xml 2>err &&
	echo "fsreport: bad.xml:3:18: malformed XML: opening and ending tag mismatch: Title line 3 and Titl" >expect &&
	test_cmp expect err
'

test_expect_success 'truncated XML: exit 3 with a line' '
	head -c 2000 "$CORPUS/gzip-ec2-large-10runs.xml" >cut.xml &&
	test_expect_code 3 fsreport show cut.xml 2>err &&
	grep -E "^fsreport: cut.xml:[0-9]+:[0-9]+: malformed XML" err
'

test_expect_success 'CSV: a ragged row names its line (exit 3)' '
	test_expect_code 3 fsreport show "$DATA/csv/ragged.csv" 2>err &&
	echo "fsreport: $DATA/csv/ragged.csv:3: 2 columns, the header has 3" >expect &&
	test_cmp expect err
'

test_expect_success 'CSV: a value that is no number (exit 3)' '
	test_expect_code 3 fsreport show "$DATA/csv/notnum.csv" 2>err &&
	echo "fsreport: $DATA/csv/notnum.csv:2: value '"'"'abc'"'"' is not a finite number" >expect &&
	test_cmp expect err
'

test_expect_success 'unknown option: exit 2 with a hint' '
	test_expect_code 2 fsreport show --formt csv x 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown option '"'"'--formt'"'"'; did you mean '"'"'--format'"'"'?" >expect &&
	test_cmp expect first
'

test_expect_success 'unknown format: exit 2 before reading anything' '
	test_expect_code 2 fsreport show --format cvs missing.xml 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown format '"'"'cvs'"'"'; did you mean '"'"'csv'"'"'?" >expect &&
	test_cmp expect first
'

test_expect_success 'unknown command: exit 2 with a hint' '
	test_expect_code 2 fsreport shw x 2>err &&
	head -n 1 err >first &&
	echo "fsreport: unknown command '"'"'shw'"'"'; did you mean '"'"'show'"'"'?" >expect &&
	test_cmp expect first
'

test_expect_success 'no command: usage on stderr, exit 2' '
	test_expect_code 2 fsreport 2>err &&
	grep -q "^usage: fsreport COMMAND" err
'

test_expect_success 'bad numbers for options: exit 2' '
	test_expect_code 2 fsreport show --width abc x 2>err &&
	test_expect_code 2 fsreport show --confidence 1.5 "$DATA/csv/minimal.csv" 2>err2 &&
	grep -q "confidence must be between 0 and 1" err2
'

test_expect_success 'an option of another command: exit 2' '
	test_expect_code 2 fsreport show --baseline x "$DATA/csv/minimal.csv" 2>err &&
	grep -q "does not apply to '"'"'show'"'"'" err
'

test_expect_success '--help and --version exit 0 on stdout' '
	fsreport --help >out && grep -q "^usage: fsreport" out &&
	fsreport show --help >out && grep -q -- "--format FMT" out &&
	fsreport --version >out && grep -q "^fsreport [0-9]" out
'

test_expect_success 'bad input leaves an existing -o file untouched' '
	echo precious >out.csv &&
	test_expect_code 3 fsreport show --format csv -o out.csv bad.xml \
		2>/dev/null;
	printf "<PhoronixTestSuite><x>" >bad.xml &&
	test_expect_code 3 fsreport show --format csv -o out.csv bad.xml 2>err &&
	echo precious >expect &&
	test_cmp expect out.csv &&
	test "$(ls | grep -c fsreport-tmp)" -eq 0
'

test_expect_success 'an unwritable output folder: exit 4, nothing written' '
	test_expect_code 4 fsreport show --format csv -o no/such/dir/out.csv \
		"$DATA/csv/minimal.csv" 2>err &&
	grep -q "^fsreport: cannot write '"'"'no/such/dir/out.csv'"'"'" err
'

test_expect_success 'compare and report of one system: exit 2, naming show' '
	test_expect_code 2 fsreport compare "$EXAMPLES/postmark/buffered" \
		>out 2>err &&
	test ! -s out &&
	grep -q "one system (.buffered.); compare needs two or more.*fsreport show" err &&
	test_expect_code 2 fsreport report -o rep "$EXAMPLES/postmark/buffered" \
		2>err &&
	test ! -e rep &&
	grep -q "report needs two or more" err
'

test_expect_success 'an empty file: named, exit 3 saying so; in a folder, skipped with a warning' '
	: >empty.csv &&
	test_expect_code 3 fsreport show empty.csv >out 2>err &&
	test ! -s out &&
	grep -q "^fsreport: empty.csv: empty (0 bytes): no results to read$" err &&
	mkdir run && cp "$DATA/fio/latency/sync.1.json" run/ &&
	cp "$DATA/fio/latency/sync.hist.log" run/ &&
	test ! -s run/sync.hist.log &&
	fsreport show --format csv run >out 2>err &&
	grep -q "^fsreport: warning: run/sync.hist.log: skipped, empty (0 bytes)$" err &&
	grep -q "IOPS" out &&
	fsreport show -q --format csv run >out 2>err &&
	test ! -s err
'

test_done
