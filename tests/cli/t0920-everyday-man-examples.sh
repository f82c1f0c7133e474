#!/bin/sh
# Every command in the EXAMPLES section of fsreport.1 runs, succeeds,
# prints what the example script it comes from prints (the example
# tests in t0190 check that output), and comes from examples/.
. "$(dirname "$0")/lib.sh"

MAN="$TOP/fsreport.1"

# The commands between .EX and .EE under EXAMPLES, roff escapes undone,
# lines ending in "\e" (a backslash) joined with the next.
man_examples() {
	awk '
		/^\.SH/ { ex = ($0 ~ /^\.SH "?EXAMPLES"?$/); next }
		ex && /^\.EX/ { in_ex = 1; next }
		ex && /^\.EE/ { in_ex = 0; next }
		in_ex { print }
	' "$MAN" |
	sed 's/\\-/-/g; s/\\(aq/'\''/g; s/\\(dq/"/g; s/\\e/\\/g' |
	awk '/\\$/ { sub(/\\$/, ""); line = line $0; next }
	     { print line $0; line = "" }' |
	sed 's/[[:space:]][[:space:]]*/ /g; s/ $//'
}

# The fsreport commands of examples/*.sh as a reader would type them,
# one a line as "FILE: fsreport ARGS": continuation lines joined, a line
# split at "&&", "|" and ";", output redirections dropped, $FSREPORT
# written fsreport, "$OUT/x" written x, blanks squeezed.
example_commands() {
	for f in "$EXAMPLES"/*.sh; do
		awk '/\\$/ { sub(/\\$/, ""); line = line $0; next }
		     { print line $0; line = "" }' "$f" |
		sed 's/&&/\n/g; s/|/\n/g; s/;/\n/g' |
		sed 's/^[[:space:]]*//' |
		sed -n 's/^\$FSREPORT /fsreport /p' |
		sed 's/ *[12]\{0,1\}>[^ ]*//g' |
		sed 's/"\$OUT\/\([^"]*\)"/\1/g; s/\$OUT\///g' |
		sed 's/[[:space:]][[:space:]]*/ /g; s/ $//' |
		sed "s|^|$f: |"
	done
}

man_examples >"$SCRATCH_ROOT/commands"
example_commands >"$SCRATCH_ROOT/examples"

test_expect_success 'the man page has examples, each a fsreport command' '
	test "$(grep -c "^fsreport " "$SCRATCH_ROOT/commands")" -ge 1 &&
	! grep -v "^fsreport " "$SCRATCH_ROOT/commands"
'

i=0
while IFS= read -r cmd; do
	i=$((i + 1))
	# the example script this command comes from
	ex=$(grep -F ": $cmd" "$SCRATCH_ROOT/examples" |
	     awk -v c="$cmd" 'substr($0, length($0) - length(c) + 1) == c' |
	     sed -n '1s/: fsreport .*//p')
	test_expect_success "man example $i is in examples/: $cmd" "
		test -n '$ex'
	"
	# Compare with the example's expected output when the command is
	# the example's only one.
	single=
	if test -n "$ex" && test "$(grep -c '^\$FSREPORT' "$ex")" -eq 1; then
		single=$(basename "$ex" .sh)
	fi
	test_expect_success "man example $i runs, prints what its example prints" "
		ln -s \"\$EXAMPLES\" examples &&
		$cmd >actual 2>err </dev/null &&
		test ! -s err &&
		{ ls -A | grep -vx -e examples -e actual -e err -e made >made ||
		  :; } &&
		{ test -s actual || test -s made; } &&
		if test -n '$single'; then
			test_cmp \"\$EXAMPLES/results/$single.out\" actual
		fi
	"
done <"$SCRATCH_ROOT/commands"

test_done
