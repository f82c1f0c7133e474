#!/bin/sh
# iozone 3.508 automatic mode (real captures on a tmpfs, iozone built from
# its public source: scripts/capture-iozone.sh): one result per operation
# and cell of the file size x record size matrix, blank columns of tests
# not run, the -R report counted once (or alone), cut-short runs.
. "$(dirname "$0")/lib.sh"

IZ="$DATA/iozone"

test_expect_success 'two runs: every operation and cell is a result, n = 2' '
	mkdir runs && cp "$IZ/run-01.txt" "$IZ/run-02.txt" runs/ &&
	fsreport show --format csv runs >out &&
	test "$(tail -n +2 out | wc -l)" = 90 &&
	awk -F, "\$3 ~ /^\"random write \(/ { printf \"%s %.1f\\n\", \$8, \$9 }" out >actual &&
	rows() { awk "/ reclen /,/^\$/" "$1" | awk "NF >= 8 && \$1 ~ /^[0-9]+\$/ { print \$8 }"; } &&
	rows runs/run-01.txt >a && rows runs/run-02.txt >b &&
	paste a b | awk "{ printf \"2 %.1f\\n\", (\$1 + \$2) / 2 }" >expect &&
	test "$(wc -l <expect)" = 15 &&
	test_cmp expect actual
'

test_expect_success 'blank columns: -i 0 gives write and rewrite only' '
	fsreport show --format csv "$IZ/write-only.txt" >out &&
	tail -n +2 out | cut -d, -f3 | sed "s/^\"//; s/ (.*//" | sort -u >actual &&
	printf "rewrite\nwrite\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the -R report alone is the run, and agrees with the matrix' '
	sed -n "/^Excel output is below:/,\$p" "$IZ/run-01.txt" >report.txt &&
	fsreport show --format csv report.txt >a &&
	fsreport show --format csv "$IZ/run-01.txt" >b &&
	cut -d, -f3,4,9 a | sort >a2 && cut -d, -f3,4,9 b | sort >b2 &&
	test_cmp b2 a2 &&
	test "$(tail -n +2 a | wc -l)" = 90
'

test_expect_success 'a run cut short keeps its rows, warned' '
	head -n 40 "$IZ/no-report.txt" >cut.txt &&
	fsreport show --format csv cut.txt >out 2>err &&
	grep -q "has no .iozone test complete.. (interrupted or cut short)" err
'

test_expect_success 'a value that is no number: exit 3 at its line' '
	sed "0,/^ *64 *4 /s/^\( *64 *4 *\)[0-9]*/\1-5/" "$IZ/no-report.txt" >bad.txt &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	grep -q "^fsreport: bad.txt:[0-9]*: iozone value .-5. is not a number of at least 0" err
'

test_done
