#!/bin/sh
# Every importer of importers/registry.c has what docs/contributing.md's
# checklist asks of it and a test can see (issue 32): an entry in
# fsreport.1's INPUT FORMATS naming it as -v does, a fuzz target with
# seeds, and at least one malformed input in tests/bad/NAME/ listed with
# exit 3 in tests/bad/expected.txt. (Its probe's reasons are
# tests/unit/test-registry.c's to check; formats.md's table is read by
# people, and by t2400 for the sections code cites.)
. "$(dirname "$0")/lib.sh"

# the names of the importer table, as -v prints them
names() {
	sed -n 's/^[[:space:]]*{ \.name = "\([^"]*\)".*/\1/p' \
		"$TOP/importers/registry.c"
}

# INPUT FORMATS of the man page as plain text, lower case
inputs() {
	awk '/^\.SH/ { p = ($0 ~ /INPUT FORMATS/) } p' "$TOP/fsreport.1" |
		sed 's/\\-/-/g; s/\\f[BIRP]//g' | tr "A-Z" "a-z"
}

test_expect_success 'the table lists the importers' '
	names >names &&
	test "$(wc -l <names)" -ge 18 &&
	grep -qx pts names && grep -qx fio-text names
'

test_expect_success 'fsreport.1 INPUT FORMATS names every importer' '
	inputs >inputs &&
	names | while read -r n; do
		grep -qF -- "$n" inputs || echo "$n"
	done >missing &&
	test_cmp /dev/null missing
'

test_expect_success 'every importer has a fuzz target and seeds' '
	names | while read -r n; do
		test -f "$TOP/tests/fuzz/fuzz-$n.c" &&
		test -n "$(ls "$TOP/tests/fuzz/corpus/$n" 2>/dev/null)" ||
		echo "$n"
	done >missing &&
	test_cmp /dev/null missing
'

test_expect_success 'every importer has a malformed input refused with exit 3' '
	names | while read -r n; do
		grep -q "^$n/[^	]*	3	fsreport: $n/" \
			"$TOP/tests/bad/expected.txt" || echo "$n"
	done >missing &&
	test_cmp /dev/null missing
'

test_done
