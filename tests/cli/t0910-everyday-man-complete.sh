#!/bin/sh
# fsreport.1 stays true to the program: every command, long option and
# format that --help lists is in the man page, the man page names no
# option that does not exist, its CSV columns are the ones written, and
# it formats without a warning.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

MAN="$TOP/fsreport.1"

# man_options: every long option the page names (roff writes each "-" as
# "\-"), without the dashes, sorted
man_options() {
	grep -o '\\-\\-[a-z][a-z0-9]*\(\\-[a-z0-9][a-z0-9]*\)*' "$MAN" |
	sed 's/\\-/-/g; s/^--//' | sort -u
}

# all_options: every long option of every command, and --version
all_options() {
	for c in $(help_commands); do
		help_options $c
	done | sort -u
}

test_expect_success 'the man page names every command, with a COMMANDS entry' '
	for c in $(help_commands); do
		grep -qx "\.B $c" "$MAN" || { echo "no .B $c"; return 1; }
	done
'

test_expect_success 'the man page documents every long option of every command' '
	all_options >exist &&
	test -s exist &&
	man_options >named &&
	comm -23 exist named >missing &&
	{ test ! -s missing || { echo "fsreport.1 lacks:"; cat missing; false; }; } &&
	grep -qx version named
'

test_expect_success 'every option the man page names exists' '
	{ all_options; echo version; } | sort -u >exist &&
	man_options >named &&
	comm -13 exist named >stale &&
	{ test ! -s stale || { echo "not options:"; cat stale; false; }; }
'

test_expect_success 'the man page documents every format of every command' '
	for c in $(help_commands); do
		for f in $(help_formats $c); do
			grep -qx "\.B $f" "$MAN" ||
				{ echo "fsreport.1 lacks format $f"; return 1; }
		done
	done
'

# The column lists of the CSV COLUMNS section, joined back to one line.
man_csv_header() {
	awk -v want="$1" '
		/^\.SH/ { sec = $0 }
		sec ~ /CSV COLUMNS/ && $0 == ".B " want " \\-\\-format csv" ||
		sec ~ /CSV COLUMNS/ && index($0, ".B " want " \\-\\-format csv") == 1 {
			grab = 1; next
		}
		grab && /^\.EX/ { inex = 1; next }
		grab && /^\.EE/ { print line; exit }
		inex { line = line $0 }
	' "$MAN"
}

test_expect_success 'the CSV columns of the man page are those show writes' '
	man_csv_header show >expect &&
	test -s expect &&
	fsreport show --format csv "$EXAMPLES/ext4-mount-options" >out &&
	head -n 1 out >actual &&
	test_cmp expect actual
'

test_expect_success 'the CSV columns of the man page are those compare writes' '
	man_csv_header compare >expect &&
	test -s expect &&
	fsreport compare --format csv "$EXAMPLES/ext4-mount-options" >out &&
	head -n 1 out >actual &&
	test_cmp expect actual
'

test_expect_success 'the exit codes of the man page are those of --help' '
	for code in 0 1 2 3 4 5; do
		grep -qx "\.B $code" "$MAN" || return 1
	done &&
	fsreport show --help | grep -q "5 internal error"
'

test_expect_success 'the man page formats without a warning (groff -ww)' '
	groff -man -Tutf8 -ww -z "$MAN" 2>err &&
	test ! -s err
'

test_expect_success 'man -l renders NAME, SYNOPSIS and EXAMPLES' '
	MANWIDTH=80 MANPAGER=cat man -l "$MAN" >page 2>err &&
	test ! -s err &&
	grep -q "^NAME" page &&
	grep -q "^SYNOPSIS" page &&
	grep -q "^EXAMPLES" page &&
	grep -q "fsreport - turn raw benchmark output" page
'

test_done
