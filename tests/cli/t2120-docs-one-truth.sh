#!/bin/sh
# The man page and docs/safety.md say what the binary does (issue 30):
# the SYNOPSIS, as man renders it, has one command a line (store add was
# glued onto report --db); --keep-going reports the good files and still
# exits 3 for a bad one (show, compare, import, report, store add, trend
# and check alike), in the binary, the man page and safety.md.
. "$(dirname "$0")/lib.sh"

MANPAGE="$TOP/fsreport.1"
SAFETY="$TOP/docs/safety.md"

test_expect_success 'SYNOPSIS: one command a line, as man shows it' '
	if ! command -v man >/dev/null 2>&1; then
		skip "man is not installed (make check installs man-db)"
		return 0
	fi
	MANWIDTH=200 man -l "$MANPAGE" 2>/dev/null |
		sed -n "/^SYNOPSIS/,/^DESCRIPTION/p" |
		sed "1d;\$d" | grep -v "^[[:space:]]*$" >syn &&
	cat syn &&
	test "$(wc -l <syn)" -ge 8 &&
	! grep -v "^ *fsreport " syn &&
	test "$(grep -c "fsreport" syn)" -eq "$(wc -l <syn)" &&
	grep -x " *fsreport report --db file \[option\]\.\.\. \[pattern\]\.\.\. -o dir" syn &&
	grep -x " *fsreport store add --db file runset\.\.\." syn &&
	! grep "dir store add" syn
'

# a run set of three good CSV files and a bad one
runs() {
	mkdir -p "$1" &&
	for i in 1 2 3; do
		printf "test,value\nt,%s\nt,%s\n" "$i" "$((i + 1))" \
			>"$1/run-$i.csv" || return 1
	done &&
	printf "test,value\nt,abc\n" >"$1/bad.csv"
}

test_expect_success '--keep-going: the others reported, exit 3 (binary)' '
	runs a && runs b &&
	test_expect_code 3 fsreport show -k a >out 2>err &&
	grep "a/bad.csv:2: value .abc. is not a finite number" err &&
	test -s out &&
	test_expect_code 3 fsreport compare -k a b >out 2>err && test -s out &&
	test_expect_code 3 fsreport import -k -o all.csv a 2>err &&
	test -s all.csv &&
	test_expect_code 3 fsreport report -k a b -o rep 2>err &&
	test -s rep/index.html &&
	# the store takes a run set whole or not at all
	test_expect_code 3 fsreport store add -q -k --db s.db a 2>err &&
	test ! -e s.db
'

test_expect_success '--keep-going: trend and check report, then exit 3 too' '
	runs a && runs b && mkdir good && cp a/run-*.csv good/ &&
	test_expect_code 3 fsreport trend -k good a >out 2>err &&
	grep "a/bad.csv:2: value .abc. is not a finite number" err &&
	test -s out &&
	fsreport store add -q --db s.db good &&
	test_expect_code 3 fsreport check -k --db s.db a >out 2>err &&
	grep "a/bad.csv:2:" err &&
	test -s out
'

test_expect_success '--keep-going: the man page and safety.md say exit 3' '
	sed -n "/^\.BR \\\\-k \", \" \\\\-\\\\-keep\\\\-going/,/^\.TP/p" \
		"$MANPAGE" | tr "\n" " " >man.k &&
	cat man.k &&
	grep "exit status still tells of the first error" man.k &&
	sed -n "/A bad file in a folder is never hidden/,/^- /p" "$SAFETY" |
		tr "\n" " " | tr -s " " >safety.k &&
	cat safety.k &&
	grep "With .--keep-going. every bad file is named" safety.k &&
	grep "exit 3, with the outputs written" safety.k &&
	grep "store add. then stores nothing" safety.k &&
	! grep "exit 0" safety.k
'

test_done
