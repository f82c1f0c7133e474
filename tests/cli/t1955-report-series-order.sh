#!/bin/sh
# report of a series (issue 34): the run sets in one order in every
# section, not only the trend's; labels that look like versions, given
# in a shell glob's order (6.1 6.10 6.11 6.12 6.2 ...), are put in
# version order with a line on stderr that says so; --order given keeps
# the command line's, --order name sorts by name. And the progress line
# of a long report: on a terminal only, never with -q or in a pipe.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

K="$DATA/trend/kernels"

# the compared labels of summary.txt's first line(s), one a line
compared() {
	sed -n "1,/^$/p" "$1/summary.txt" | tr -d "\n" |
	sed "s/.*compared: //; s/  */ /g" | tr "," "\n" | sed "s/^ //"
	echo
}

test_expect_success 'a glob of versions: version order everywhere, and said' '
	fsreport report "$K"/6.* -o out 2>err &&
	compared out >actual &&
	printf "6.%s\n" 2 3 4 5 6 7 8 9 10 11 12 >expect &&
	test_cmp expect actual &&
	grep "^baseline: 6.1;" out/summary.txt &&
	grep "^fsreport: run sets in version order (6.1, 6.2, 6.3, 6.4, ... 6.12): their labels look like versions; --order given keeps the command line.s$" err &&
	grep -n "^  6\.10 5 " out/summary.txt | head -1 | cut -d: -f1 >at10 &&
	grep -n "^  6\.9  5 " out/summary.txt | head -1 | cut -d: -f1 >at9 &&
	test "$(cat at9)" -lt "$(cat at10)" &&
	fsreport report "$K"/6.* -o same -q 2>err &&
	test ! -s err &&
	diff -r out same
'

test_expect_success 'already in version order: nothing said; --order given keeps the glob' '
	fsreport report "$K"/6.1 "$K"/6.2 "$K"/6.10 -o v 2>err &&
	test ! -s err &&
	fsreport report --order given "$K"/6.* -o g 2>err &&
	test ! -s err &&
	compared g | head -3 >actual &&
	printf "6.10\n6.11\n6.12\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--order name and version sort the whole report' '
	fsreport report --order version "$K"/6.12 "$K"/6.2 "$K"/6.1 -o ver 2>err &&
	test ! -s err &&
	grep "^baseline: 6.1; compared: 6.2, 6.12$" ver/summary.txt &&
	fsreport report --order name "$K"/6.2 "$K"/6.12 "$K"/6.1 -o nam &&
	grep "^baseline: 6.1; compared: 6.12, 6.2$" nam/summary.txt
'

test_expect_success 'labels that are not versions, or of two prefixes: kept as given' '
	fsreport report patch-run1="$K"/6.2 base-run1="$K"/6.1 base-run2="$K"/6.3 -o nv 2>err &&
	test ! -s err &&
	grep "^baseline: patch-run1;" nv/summary.txt &&
	fsreport report b6.2="$K"/6.2 a6.1="$K"/6.1 a6.3="$K"/6.3 -o pre 2>err &&
	test ! -s err &&
	grep "^baseline: b6.2;" pre/summary.txt &&
	fsreport report v6.10="$K"/6.10 v6.2="$K"/6.2 v6.1="$K"/6.1 -o v 2>err &&
	grep "version order (v6.1, v6.2, v6.10)" err &&
	grep "^baseline: v6.1; compared: v6.2, v6.10$" v/summary.txt
'

test_expect_success 'two run sets are no series: kept as given' '
	fsreport report "$K"/6.2 "$K"/6.1 -o two 2>err &&
	test ! -s err &&
	grep "^baseline: 6.2; compared: 6.1$" two/summary.txt
'

test_expect_success '--db: stored run sets in version order as folders are' '
	# added in a glob'"'"'s order: 6.1 6.10 6.11 6.12 6.2 ... 6.9
	fsreport store add --db s.db "$K"/6.* 2>/dev/null &&
	fsreport report --db s.db "6.*" -o db 2>err &&
	grep "^fsreport: run sets in version order (6.1, 6.2, 6.3, 6.4, ... 6.12)" err &&
	compared db >actual &&
	printf "6.%s\n" 2 3 4 5 6 7 8 9 10 11 12 >expect &&
	test_cmp expect actual &&
	# the same report as from the folders, but for where it came from
	fsreport report "$K"/6.* -o dirs 2>/dev/null &&
	test_cmp dirs/summary.txt db/summary.txt &&
	# --order given keeps the store'"'"'s order; a pattern with glob
	# characters in the labels still reads each run set once
	fsreport report --db s.db --order given "6.*" -o g 2>err &&
	test ! -s err &&
	compared g | head -3 >actual &&
	printf "6.10\n6.11\n6.12\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'progress on a terminal: charts, trend charts, pages; wiped' '
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" report \"$K\"/6.1 \"$K\"/6.2 \"$K\"/6.3 -o p" >tty &&
	grep -q "fsreport: drawing charts 5/5" tty &&
	grep -q "fsreport: drawing trend charts 3/3" tty &&
	grep -q "fsreport: writing pages 3/3" tty &&
	screen <tty >shown &&
	test ! -s shown
'

test_expect_success 'no progress with -q, or with stderr not a terminal' '
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" report -q \"$K\"/6.1 \"$K\"/6.2 \"$K\"/6.3 -o q" >tty &&
	! grep -q "drawing" tty &&
	on_tty "FSREPORT_PROGRESS_DELAY_MS=0 \"$FSREPORT\" report \"$K\"/6.1 \"$K\"/6.2 \"$K\"/6.3 -o e 2>err" >tty &&
	! grep -q "drawing" tty &&
	test ! -s err &&
	FSREPORT_PROGRESS_DELAY_MS=0 fsreport report "$K"/6.1 "$K"/6.2 "$K"/6.3 -o f 2>err &&
	test ! -s err
'

test_done
