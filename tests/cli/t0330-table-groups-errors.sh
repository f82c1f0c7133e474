#!/bin/sh
# --group: what it accepts and what it refuses (exit 2, the first line of
# stderr exactly, nothing written).
. "$(dirname "$0")/lib.sh"

S="$DATA/seed003"
A="$S/vendor1-buffered-nodiscard.csv"
B="$S/vendor1-buffered-discard.csv"
C="$S/vendor1-unbuffered-nodiscard.csv"
D="$S/vendor1-unbuffered-discard.csv"

DOWN=$(printf "\342\206\223") # lower is better

# expect_usage MESSAGE COMMAND...: exit 2 and MESSAGE as stderr's first line
expect_usage() {
	msg=$1
	shift
	test_expect_code 2 "$@" >out 2>err &&
	test ! -s out &&
	head -n 1 err >actual &&
	echo "$msg" >expect &&
	test_cmp expect actual
}

test_expect_success 'groups of different sizes, each with its own baseline' '
	fsreport compare --format table --width 200 --group one A="$A" \
		--group three C="$C" B="$B" D="$D" >out &&
	sed -n 1,2p out | tr -s " " >actual &&
	printf "%s\n" " | one | three |" \
		"Type | A | C B DIFF Verdict D DIFF Verdict |" \
		>expect &&
	test_cmp expect actual &&
	grep "^Total_duration " out | tr -s " " >actual &&
	echo "Total_duration (s$DOWN) | 182.40 | 180.30 212.10 +17.64% n/a s 209.10 +15.97% n/a s |" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'an empty title: the group has no title line' '
	fsreport compare --format table --group "" A="$A" B="$B" >out &&
	sed -n 1p out | tr -s " " >actual &&
	echo "Type | A B DIFF Verdict |" >expect &&
	test_cmp expect actual
'

test_expect_success '--group=TITLE works too' '
	fsreport compare --format markdown --group=on A="$A" B="$B" \
		--group=off C="$C" D="$D" >out &&
	sed -n 1p out | tr -s " " >actual &&
	echo "| Type | on | | | | off | | | |" >expect &&
	test_cmp expect actual
'

test_expect_success 'refused: a run set before the first --group' '
	expect_usage "fsreport: run set '"'$A'"' comes before the first --group" \
		fsreport compare --format table "$A" --group x "$B"
'

test_expect_success 'refused: a --group with no run set after it' '
	expect_usage "fsreport: --group '"'x'"' has no run set after it" \
		fsreport compare --format table --group x --group y "$A" "$B"
'

test_expect_success 'refused: a --group at the end' '
	expect_usage "fsreport: --group '"'y'"' has no run set after it" \
		fsreport compare --format table --group x "$A" "$B" --group y
'

test_expect_success 'refused: --group without its value' '
	expect_usage "fsreport: --group needs a value" \
		fsreport compare --format table "$A" "$B" --group
'

test_expect_success 'refused: --group with another format' '
	expect_usage "fsreport: --group needs --format table or markdown" \
		fsreport compare --group x "$A" "$B" &&
	expect_usage "fsreport: --group needs --format table or markdown" \
		fsreport compare --format csv --group x "$A" "$B"
'

test_expect_success 'refused: --group with --baseline' '
	expect_usage "fsreport: --baseline does not go with --group: each group'"'"'s first run set is its baseline" \
		fsreport compare --format table --baseline B --group x \
			A="$A" B="$B"
'

test_expect_success 'refused: --group for show' '
	expect_usage "fsreport: --group does not apply to '"'show'"'" \
		fsreport show --format table --group x "$A"
'

test_expect_success 'nothing is written on a usage error' '
	test_expect_code 2 fsreport compare --format table -o t.txt \
		--group x --group y "$A" 2>err &&
	test ! -e t.txt
'

test_expect_success 'compare --help lists --group' '
	fsreport compare --help >help &&
	grep -q "^      --group TITLE  *start a titled group" help &&
	grep "^formats:" help >formats &&
	grep -q " table" formats &&
	grep -q " markdown" formats
'

test_done
