#!/bin/sh
# fsreport.1 stays true to the program: every command, long option (with
# its short form), format and option value that fsreport lists is in the
# man page, the man page names no option that does not exist, its CSV
# columns are the ones written, and it formats without a warning.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

MAN="$TOP/fsreport.1"

# The page as plain text, wide and unhyphenated: an option's entry is a
# line "       -s, --name ARG" or "       --name ARG", its text follows.
groff -man -Tascii -rLL=250n -rHY=0 -P-cbou "$MAN" >"$SCRATCH_ROOT/page" 2>/dev/null

# man_entry OPT: the text of the OPTIONS entry of --OPT
man_entry() {
	awk -v opt="--$1" '
		/^[A-Z]/ { sec = $0 }
		sec == "OPTIONS" && /^       -/ {
			on = 0
			n = split($0, w, /[ ,]+/)
			for (i = 1; i <= n; i++)
				if (w[i] == opt)
					on = 1
		}
		on { print }
	' "$SCRATCH_ROOT/page"
}

# man_options: every long option the page names (roff writes each "-" as
# "\-"), without the dashes, sorted; INPUT FORMATS is left out, as it
# quotes the options of the programs whose output fsreport reads
man_options() {
	awk '/^\.SH/ { skip = ($0 ~ /INPUT FORMATS/) } !skip' "$MAN" |
	grep -o '\\-\\-[a-z][a-z0-9]*\(\\-[a-z0-9][a-z0-9]*\)*' |
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

test_expect_success 'every option has an OPTIONS entry, with its short form' '
	for c in $(help_commands); do
		fsreport $c --help |
		sed -n "s/^  \(-[A-Za-z0-9]\), --\([a-z][a-z0-9-]*\).*/\1 \2/p;
			s/^      --\([a-z][a-z0-9-]*\).*/- \1/p"
	done | sort -u >pairs &&
	test -s pairs &&
	while read short long; do
		man_entry $long >entry &&
		test -s entry || { echo "no OPTIONS entry for --$long"; return 1; }
		if test "$short" != -; then
			head -n 1 entry | grep -q -- "^       $short, --$long\>" ||
				{ echo "--$long: not shown as $short"; return 1; }
		fi
	done <pairs &&
	man_entry version | grep -q "library\|libraries"
'

test_expect_success 'each option entry names every value the option takes' '
	for c in $(help_commands); do
		help_option_args $c | while read opt arg; do
			option_values $c $opt >values || return 1
			man_entry $opt >entry
			for v in $(cat values); do
				grep -q "\(^\|[^a-z0-9-]\)$v\([^a-z0-9-]\|\$\)" entry ||
					{ echo "--$opt: $v not in its entry"; return 1; }
			done
		done || return 1
	done
'

test_expect_success 'every option the man page names exists' '
	{ all_options; echo version; } | sort -u >exist &&
	man_options >named &&
	comm -13 exist named >stale &&
	{ test ! -s stale || { echo "not options:"; cat stale; false; }; }
'

# man_formats: the entries of OUTPUT FORMATS, one a line
man_formats() {
	awk '/^[A-Z]/ { sec = $0; next }
	     sec == "OUTPUT FORMATS" && /^       [a-z]/ { print $1 }' \
		"$SCRATCH_ROOT/page" | sort -u
}

test_expect_success 'the man page has an entry for every format of every command' '
	man_formats >entries &&
	for c in $(help_commands); do
		for f in $(help_formats $c); do
			grep -qx -- "$f" entries ||
				{ echo "fsreport.1 lacks format $f"; return 1; }
		done
	done
'

# man_csv_header MARK: the column list after the line MARK of the CSV
# COLUMNS section (roff), joined back to one line
man_csv_header() {
	awk -v mark="$1" '
		/^\.SH/ { sec = $0 }
		sec ~ /CSV COLUMNS/ && index($0, mark) == 1 { grab = 1; next }
		grab && /^\.EX/ { inex = 1; next }
		grab && /^\.EE/ { print line; exit }
		inex { line = line $0 }
	' "$MAN"
}

test_expect_success 'the CSV columns of the man page are those show writes' '
	man_csv_header ".B show \\-\\-format csv" >expect &&
	test -s expect &&
	fsreport show --format csv "$EXAMPLES/ext4-mount-options" >out &&
	head -n 1 out >actual &&
	test_cmp expect actual
'

test_expect_success 'the CSV columns of the man page are those compare writes' '
	man_csv_header ".B compare \\-\\-format csv" >expect &&
	test -s expect &&
	fsreport compare --format csv "$EXAMPLES/ext4-mount-options" >out &&
	head -n 1 out >actual &&
	test_cmp expect actual
'

test_expect_success 'the long-form CSV columns are those import writes' '
	man_csv_header ".B import \\-\\-to csv" >expect &&
	test -s expect &&
	fsreport import --to csv -o out.csv "$EXAMPLES/ext4-mount-options" &&
	head -n 1 out.csv >actual &&
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
