#!/bin/sh
# examples/ext4-mount-options rebuilds the Phoronix ext4 mount-options
# article (seed 000): at width 79 every one of its 96 bar rows comes out
# exactly (label, dots, value, number of '='), and so does the whole text
# once whitespace is folded the way the seed's export folded it.
. "$(dirname "$0")/lib.sh"

SEED="$SEEDS/000_d9d68fe5d876825b.txt"
ROW='[^ ]+ \.+ [0-9.]+ \|=+'

test_expect_success 'the seed has 96 bar rows' '
	grep -oE "$ROW" "$SEED" >expect &&
	test "$(wc -l <expect)" -eq 96
'

test_expect_success 'every bar row of the seed, exactly' '
	grep -oE "$ROW" "$SEED" >expect &&
	fsreport show --format ascii --width 79 \
		"$EXAMPLES/ext4-mount-options" >out &&
	tr -s " " " " <out | grep -oE "$ROW" >actual &&
	test_cmp expect actual
'

test_expect_success 'the whole article text, whitespace folded' '
	tr -s "[:space:]" " " <"$SEED" | sed "s/ \$//" >expect &&
	fsreport show --width 79 "$EXAMPLES/ext4-mount-options" >out &&
	tr -s "[:space:]" " " <out | sed "s/ \$//" >actual &&
	test_cmp expect actual
'

test_expect_success 'a bar row of the example, with its alignment' '
	fsreport show --width 79 "$EXAMPLES/ext4-mount-options" >out &&
	grep -F "data=journal ... 351.70 |" out | sed "s/.*|//" >bars &&
	test "$(tr -cd = <bars | wc -c)" -eq 54
'

test_done
