#!/bin/sh
# The overview chart of fsreport report, first in the report: per
# compared system the geometric mean of the ratios (+ is better) with its
# interval, and its counts of better / worse / same. Reference values by
# scripts/overview-reference.R from the raw samples (R's t.test and qt):
#	compare-stats before -> after: +0.93% [-1.7%, +3.6%] over 4
#	measurements (fio's two results count once)
. "$(dirname "$0")/lib.sh"

CS="$EXAMPLES/compare-stats"

test_expect_success 'charts/overview.svg and .png, first in index.md and index.html' '
	fsreport report "$CS/before.csv" "$CS/after.csv" -o out &&
	xmllint --noout --nonet out/charts/overview.svg &&
	test "$(od -An -tx1 -N4 out/charts/overview.png | tr -d " ")" = 89504e47 &&
	grep -o "(charts/[^)]*)" out/index.md | head -n 2 >actual &&
	printf "(charts/overview.png)\n(charts/overview.svg)\n" >expect &&
	test_cmp expect actual &&
	grep -o "<figure class=\"chart\" id=\"chart-1\">" out/index.html &&
	test "$(grep -c "<svg" out/index.html)" -eq 7
'

test_expect_success 'the overview says the geometric mean and its interval' '
	fsreport report "$CS/before.csv" "$CS/after.csv" -o out &&
	grep -o "Overview against before[^<]*" out/index.html >caption &&
	grep -q "geometric mean of the ratios, a summary (+ is better)" caption &&
	grep -q "after: +0.07% (95%[^:]*: -2.03% to +2.22%) over 5 tests," caption &&
	fsreport report "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" -o pm &&
	grep -o "Overview against buffered[^<]*" pm/index.html |
		grep -q "over 13 results of 1 test, "
'

test_expect_success 'the overview counts the verdicts of compare' '
	fsreport report "$CS/before.csv" "$CS/after.csv" -o out &&
	fsreport compare --format csv "$CS/before.csv" "$CS/after.csv" |
	awk -F, "NR == 1 { for (i = 1; i <= NF; i++) if (\$i == \"verdict\") v = i }
		NR > 1 { n[\$v]++ }
		END { printf \"%d better, %d worse, %d same\\n\",
			n[\"better\"], n[\"worse\"], n[\"same\"] }" >expect &&
	grep -o "[0-9]* better, [0-9]* worse, [0-9]* same" out/index.html |
		sort -u >actual &&
	test_cmp expect actual
'

test_expect_success 'several systems: a row each, counts of each' '
	fsreport report --baseline "No sync data=ordered" \
		"$EXAMPLES/sync-modes" -o out &&
	grep -o "Overview against No sync data=ordered[^<]*" out/index.html \
		>caption &&
	test "$(grep -o "[0-9]* better, [0-9]* worse, [0-9]* same" caption |
		wc -l)" -eq 4
'

test_done
