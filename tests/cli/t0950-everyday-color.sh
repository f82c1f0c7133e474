#!/bin/sh
# Colour: headers in bold (and verdicts green/red where a renderer shows
# them) only when stdout is a terminal, NO_COLOR is unset, TERM is not
# dumb and -q is not given; --color=always|never overrides. Text in pipes
# and files never carries an escape sequence. The terminal is a
# pseudo-terminal from script(1).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

EX="$EXAMPLES/ext4-mount-options"
ESC=$(printf '\033')

test_expect_success 'on a terminal, show has colour (bold titles)' '
	on_tty "\"$FSREPORT\" show \"$EX\"" >tty &&
	has_escape tty &&
	grep -q "^${ESC}\[1mFlexible IO Tester 1.57${ESC}\[0m\$" tty
'

test_expect_success 'colour changes no character of the text' '
	on_tty "\"$FSREPORT\" show --width 79 \"$EX\"" >tty &&
	sed "s/${ESC}\[[0-9;]*m//g" tty >plain &&
	test_cmp "$EXAMPLES/results/ext4-mount-options.out" plain
'

CS="$EXAMPLES/compare-stats"

test_expect_success 'on a terminal, compare verdicts: better green, worse red' '
	on_tty "\"$FSREPORT\" compare \"$CS/before.csv\" \"$CS/after.csv\"" >tty &&
	grep "^  after  10   44653" tty >better &&
	grep -q "${ESC}\[32mbetter${ESC}\[0m" better &&
	grep "^  after  10   2\.445" tty >worse &&
	grep -q "${ESC}\[31mworse${ESC}\[0m" worse &&
	! grep -q "${ESC}\[3[0-9]m *same" tty
'

test_expect_success 'compare on a terminal prints the same text, only coloured' '
	fsreport compare "$CS/before.csv" "$CS/after.csv" >expect &&
	on_tty "\"$FSREPORT\" compare --width 80 \"$CS/before.csv\" \"$CS/after.csv\"" >tty &&
	sed "s/${ESC}\[[0-9;]*m//g" tty >plain &&
	test_cmp expect plain
'

test_expect_success 'NO_COLOR: compare verdicts without escape codes' '
	on_tty "NO_COLOR=1 \"$FSREPORT\" compare \"$CS/before.csv\" \"$CS/after.csv\"" >tty &&
	grep -q "  better" tty &&
	! has_escape tty
'

test_expect_success 'not a terminal (a pipe, a file): no escape codes' '
	fsreport show "$EX" >file &&
	! has_escape file &&
	fsreport show "$EX" | cat >pipe &&
	! has_escape pipe &&
	fsreport compare "$EX" >cmp &&
	! has_escape cmp
'

test_expect_success 'on a terminal with stdout piped: no escape codes' '
	on_tty "\"$FSREPORT\" show \"$EX\" | cat" >tty &&
	grep -q "^Flexible IO Tester" tty &&
	! has_escape tty
'

test_expect_success 'on a terminal with -o FILE: the file has no escape codes' '
	on_tty "\"$FSREPORT\" show -o out.txt \"$EX\"" >tty &&
	grep -q "^Flexible IO Tester" out.txt &&
	! has_escape out.txt
'

test_expect_success 'NO_COLOR on a terminal: no escape codes' '
	on_tty "NO_COLOR=1 \"$FSREPORT\" show \"$EX\"" >tty &&
	grep -q "^Flexible IO Tester" tty &&
	! has_escape tty
'

test_expect_success 'NO_COLOR set but empty does not count' '
	on_tty "NO_COLOR= \"$FSREPORT\" show \"$EX\"" >tty &&
	has_escape tty
'

test_expect_success 'TERM=dumb on a terminal: no escape codes' '
	on_tty "TERM=dumb \"$FSREPORT\" show \"$EX\"" >tty &&
	grep -q "^Flexible IO Tester" tty &&
	! has_escape tty
'

test_expect_success '-q on a terminal: no escape codes' '
	on_tty "\"$FSREPORT\" show -q \"$EX\"" >tty &&
	grep -q "^Flexible IO Tester" tty &&
	! has_escape tty
'

test_expect_success '--color=never on a terminal: no escape codes' '
	on_tty "\"$FSREPORT\" show --color=never \"$EX\"" >tty &&
	grep -q "^Flexible IO Tester" tty &&
	! has_escape tty
'

test_expect_success '--color=always: colour in a pipe, even with NO_COLOR' '
	fsreport show --color=always "$EX" | cat >pipe &&
	has_escape pipe &&
	NO_COLOR=1 fsreport show --color always "$EX" >file &&
	has_escape file
'

test_expect_success 'CSV never has colour, even with --color=always' '
	fsreport show --color=always --format csv "$EX" >out &&
	! has_escape out &&
	fsreport compare --color=always --format csv "$EX" >out &&
	! has_escape out
'

test_expect_success 'messages on stderr carry no colour' '
	on_tty "\"$FSREPORT\" show nothing-here" >tty;
	grep -q "^fsreport: nothing-here: No such file or directory\$" tty &&
	! has_escape tty
'

test_done
