#!/bin/sh
# Seed 003 (PostMark, nodiscard against discard): the diff tables are
# rebuilt from the seed's own averages (tests/data/seed003: one sample
# per cell, one CSV file per run set) with --group, and every average and
# every DIFF % the seed prints comes out, to two decimals, for vendor1,
# vendor2 and vendor3.
#
# The sign of zero: the seed prints "-0.00%" twice in vendor3 (Creation
# and Deletion alone, buffering disabled) where both printed averages are
# 971.11 / 961.83: its unrounded averages differed in later digits. From
# the rounded averages the change is exactly 0, which fsreport prints as
# "0.00%" (a change that only rounds to zero keeps its sign, "-0.00%").
# So the comparison below reads "-0.00" as "0.00", and a separate test
# pins down which two cells those are.
. "$(dirname "$0")/lib.sh"

SEED="$SEEDS/003_18095c7974be159f.txt"

# seed_rows VENDOR: "name mean mean diff mean mean diff" per seed row
seed_rows() {
	awk -v v="$1" '/^vendor/ { cur = $1 }
		cur == v && $1 != "Type" && / \|.*% \|.*% \|$/' "$SEED" |
	tr -d '|%+' | awk '{ print $1, $2, $3, $4, $5, $6, $7 }' |
	sed 's/ -0\.00\( \|$\)/ 0.00\1/g'
}

# seed_table VENDOR FORMAT: fsreport's table of that vendor, wide enough
# for the two groups side by side, as the seed prints them
seed_table() {
	d="$DATA/seed003/$1"
	fsreport compare --format "$2" --width 200 \
		--group "BUFFERING ENABLED" \
			NODISCARD="$d-buffered-nodiscard.csv" \
			DISCARD="$d-buffered-discard.csv" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$d-unbuffered-nodiscard.csv" \
			DISCARD="$d-unbuffered-discard.csv"
}

# table_rows: the same seven fields from a text table on stdin: the
# name without its unit, then each group's two means and DIFF (before its
# interval and verdict)
table_rows() {
	grep -v '^Type \|^=\|^ \|^[^A-Z]' |
	awk -F'|' '{ sub(/ \(.*/, "", $1); split($2, a, " ");
		split($3, b, " "); print $1, a[1], a[2], a[3], b[1], b[2], b[3] }' |
	tr -d '%+'
}

test_expect_success 'the seed has 13 rows for each of three vendors' '
	for v in vendor1 vendor2 vendor3; do
		seed_rows $v >rows-$v &&
		test "$(wc -l <rows-$v)" -eq 13 || return 1
	done
'

for v in vendor1 vendor2 vendor3; do
	test_expect_success "$v: every average and DIFF % of the seed" "
		seed_rows $v >expect &&
		seed_table $v table >out &&
		table_rows <out >actual &&
		test_cmp expect actual
	"
done

test_expect_success 'vendor3: the seed'"'"'s -0.00% cells are equal averages' '
	awk "/^vendor3/ { v = 1 } v && /-0\.00%/ { print \$1 }" "$SEED" \
		>expect &&
	printf "%s\n" Creation_alone/s Deletion_alone/s >names &&
	test_cmp names expect &&
	seed_table vendor3 table >out &&
	grep -E "^(Creation|Deletion)_alone/s " out | tr -s " " |
		sed "s/ ([^)]*) / /" >actual &&
	printf "%s\n" \
		"Creation_alone/s | 969.86 981.15 +1.16% n/a s | 971.11 971.11 0.00% n/a s |" \
		"Deletion_alone/s | 960.59 971.77 +1.16% n/a s | 961.83 961.83 0.00% n/a s |" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'vendor2 as a text table, exactly' '
	seed_table vendor2 table >actual &&
	test_golden table-seed003-vendor2.txt actual
'

test_expect_success 'the groups and headings of the seed' '
	seed_table vendor1 table >out &&
	head -n 2 out | tr -s " " >actual &&
	printf "%s\n" " | BUFFERING ENABLED | BUFFERING DISABLED |" \
		"Type | NODISCARD DISCARD DIFF Verdict | NODISCARD DISCARD DIFF Verdict |" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'vendor3 as Markdown, exactly' '
	seed_table vendor3 markdown >actual &&
	test_golden table-seed003-vendor3.md actual
'

test_expect_success 'the Markdown table carries the same numbers' '
	for v in vendor1 vendor2 vendor3; do
		seed_table $v table >t &&
		table_rows <t >expect &&
		seed_table $v markdown >m &&
		sed -n "4,\$p" m | grep "^|" | awk -F"|" "{ sub(/ \\(.*/, \"\", \$2);
			print \$2, \$3, \$4, \$5, \$7, \$8, \$9 }" |
			tr -d "%+" | tr -s " " | sed "s/^ //; s/ \$//" >actual &&
		test_cmp expect actual || return 1
	done
'

test_done
