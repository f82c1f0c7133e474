#!/bin/sh
# The README is for a newcomer (issue 17): under 300 lines; its first
# screen has the one apt-get line, make demo and make check; every
# build/fsreport command it shows runs; every link in it and in docs/
# reaches a file of the repository; no terminal escape codes in any of
# them, nor in what make demo's script writes to a file.
. "$(dirname "$0")/lib.sh"

README="$TOP/README.md"

test_expect_success 'README is under 300 lines' '
	test "$(wc -l <"$README")" -lt 300
'

test_expect_success 'the first screen: apt-get, make demo, make check' '
	head -n 40 "$README" >first &&
	grep -q "^apt-get update && apt-get install -y make git$" first &&
	grep -q "^git clone [^ ]* && cd fsreport$" first &&
	grep -q "^make demo " first &&
	grep -q "^make check " first &&
	grep -q "^## Your own runs" "$README" &&
	grep -q "^## Layout" "$README"
'

test_expect_success 'every build/fsreport command in README runs' '
	mkdir build &&
	ln -s "$FSREPORT" build/fsreport &&
	ln -s "$TOP/examples" examples &&
	grep "^build/fsreport " "$README" >commands &&
	test "$(wc -l <commands)" -ge 4 &&
	while IFS= read -r cmd; do
		eval "$cmd" >out 2>err || { echo "failed: $cmd"; cat err; return 1; }
	done <commands
'

test_expect_success 'links in README and docs/ reach files' '
	for f in "$README" "$TOP"/docs/*.md; do
		dir=$(dirname "$f")
		grep -o "](\\([^)#]*\\)" "$f" | sed "s/^](//" |
		grep -v "^http" | while IFS= read -r l; do
			test -e "$dir/$l" || { echo "$f: no $l"; exit 1; }
		done || return 1
	done
'

test_expect_success 'no escape codes in README, docs/ or a demo log' '
	for f in "$README" "$TOP"/docs/*.md; do
		if grep -q "$(printf "\\033")" "$f"; then
			echo "$f holds ESC"; return 1
		fi
	done &&
	(cd "$TOP" && OUT="$SCRATCH_ROOT/demo" sh scripts/demo.sh "$FSREPORT") \
		>demo.log 2>&1 &&
	! grep -q "$(printf "\\033")" demo.log &&
	grep -q "what to open next" demo.log
'

test_done
