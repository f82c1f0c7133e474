#!/bin/sh
# Labels too long for the text report are shortened in the middle
# (render/wrap.c, the charts' rule), and two labels that differ never
# read the same: hyperfine's two commands in two-commands.json share
# their first 55 characters ("dd if=/dev/zero ... count=16"), and were
# both cut to "dd if=/dev/zero of=/tmp~".
. "$(dirname "$0")/lib.sh"

H="$DATA/hyperfine/two-commands.json"

test_expect_success 'compare: the two rows are labelled apart, head and end kept' '
	grep "\"command\":" "$H" | sed "s/.*\"command\": *\"//; s/\",*$//" \
		>commands &&
	test "$(sort -u commands | wc -l)" -eq 2 &&
	fsreport compare "$H" >out 2>/dev/null &&
	sed -n "/^hyperfine: Wall-clock time/,/^\$/p" out |
		sed -n "s/^  \(dd .*\) 5  .*/\1/p" >labels &&
	test "$(wc -l <labels)" -eq 2 &&
	test "$(sort -u labels | wc -l)" -eq 2 &&
	! grep -q "~" labels &&
	while read -r cmd; do
		head=$(printf "%s" "$cmd" | cut -c1-12) &&
		tail=$(printf "%s" "$cmd" | rev | cut -c1-8 | rev) &&
		grep -F "$head" labels | grep -qF "$tail" || return 1
	done <commands
'

test_done
