#!/bin/sh
# The option rows are the one place options are described: the man
# page's option head lines and the bash completion's lists are generated
# from them (scripts/gen-options.sh on fsreport --dump-options), and are
# stale when generating them again changes them ("make options").
. "$(dirname "$0")/lib.sh"

test_expect_success 'fsreport --dump-options prints every command and its rows' '
	"$FSREPORT" --dump-options >dump &&
	for c in show compare import trend store check report; do
		grep -q "^command	$c	" dump || { echo "no $c"; return 1; }
		grep -q "^option	$c	output	o	\(file	FILE\|dir	DIR\)	" dump ||
			{ echo "$c: no -o row"; return 1; }
	done &&
	grep -q "^option	compare	test	-	choice	TEST	welch mwu	" dump &&
	grep -q "^option	trend	min-size	-	count	N	2\.\.100000	" dump &&
	grep -q "^option	trend	format	f	string	FMT	ascii csv	" dump
'

test_expect_success 'the man page and the completion are as generated from the rows' '
	mkdir gen &&
	sh "$TOP/scripts/gen-options.sh" "$FSREPORT" gen &&
	{ cmp -s "$TOP/fsreport.1" gen/fsreport.1 ||
	  { diff -u "$TOP/fsreport.1" gen/fsreport.1; echo "fsreport.1 is stale: make options"; false; }; } &&
	{ cmp -s "$TOP/completion/fsreport.bash" gen/completion/fsreport.bash ||
	  { diff -u "$TOP/completion/fsreport.bash" gen/completion/fsreport.bash;
	    echo "completion/fsreport.bash is stale: make options"; false; }; }
'

test_expect_success 'a row without a man page entry gets one, from its help' '
	sed "/^\.BI \\\\-\\\\-caption/,/^\.TP/d" "$TOP/fsreport.1" >man-less &&
	! grep -q "caption \" TEXT" man-less &&
	mkdir t t/completion t/scripts &&
	cp man-less t/fsreport.1 &&
	cp "$TOP/completion/fsreport.bash" t/completion/ &&
	cp "$TOP/scripts/gen-options.sh" t/scripts/ &&
	sh t/scripts/gen-options.sh "$FSREPORT" &&
	grep -A2 "^\.BI \\\\-\\\\-caption \" TEXT\"" t/fsreport.1 >entry &&
	grep -q "^(report) A closing note at the end of the report\.\$" entry
'

test_expect_success 'the completion completes a choice row by its words' '
	command -v bash >/dev/null || { skip "no bash"; return 0; }
	bash -c ". \"$TOP/completion/fsreport.bash\"
		COMP_WORDS=(fsreport compare --outliers t); COMP_CWORD=3
		_fsreport; echo \"\${COMPREPLY[*]}\"" >out &&
	echo tukey >expect &&
	test_cmp expect out
'

test_done
