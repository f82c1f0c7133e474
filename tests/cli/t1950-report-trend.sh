#!/bin/sh
# report and the series: report --db FILE reads the run sets from a
# store (chosen as compare --db chooses them) and writes the folder it
# writes from the run folders; with three or more run sets (or --trend)
# the report has a trend section: a table of the run sets' means with the
# change points in bold and the steps (index.md, index.html), the text of
# trend (summary.txt), a trend chart per result (charts/trend-*). The
# means and steps expected are computed by awk from the raw samples, the
# change points are where tests/data/trend/README put the steps.
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"
given() {
	for i in "$@"; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
ALL="1 2 3 4 5 6 7 8 9 10 11 12"
SOURCE_DATE_EPOCH=1764547200
export SOURCE_DATE_EPOCH

# chrome ARG...: headless Chromium on a profile of this test; its
# messages are shown when it fails (a test first skips, with the
# reason, where browser_why_not says it cannot run here)
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$PWD/profile" \
		--window-size=1200,3000 "$@" 2>chrome.err ||
	{ tail -n 5 chrome.err; return 1; }
}

test_expect_success 'report --db: the same folder as report on the run folders' '
	fsreport store add -q --db s.db $(given $ALL) &&
	fsreport report --db s.db -o fromdb &&
	fsreport report $(given $ALL) -o fromdirs &&
	diff -r fromdirs fromdb &&
	fsreport report --db s.db --select "6.1?" -o sel &&
	fsreport report $(given 10 11 12) -o dirs3 &&
	diff -r dirs3 sel &&
	fsreport report --db s.db 6.12 6.1 -o two &&
	fsreport report $(given 12 1) -o dirs2 &&
	diff -r dirs2 two
'

test_expect_success 'three or more run sets: a trend section and charts/trend-*' '
	fsreport report $(given 1 2 3) -o out &&
	grep "^## Trend$" out/index.md &&
	grep "<section id=\"trend\">" out/index.html &&
	grep "^Trend of 3 results over 3 run sets" out/summary.txt &&
	(cd out/charts && ls trend-*) >actual &&
	cat >expect <<-\EOF &&
	trend-01-postmark-transactions-s-tx-s.png
	trend-01-postmark-transactions-s-tx-s.svg
	trend-02-fsync-latency-4k-writes-ms.png
	trend-02-fsync-latency-4k-writes-ms.svg
	trend-03-compile-linux-tree-s.png
	trend-03-compile-linux-tree-s.svg
	EOF
	test_cmp expect actual &&
	grep -F "](charts/trend-03-compile-linux-tree-s.png)](charts/trend-03-compile-linux-tree-s.svg)" out/index.md
'

test_expect_success 'two run sets: no trend section; --trend gives one' '
	fsreport report $(given 1 2) -o out &&
	! grep "Trend" out/index.md &&
	! ls out/charts | grep trend &&
	fsreport report --trend $(given 1 2) -o out2 &&
	grep "^## Trend$" out2/index.md &&
	test $(ls out2/charts | grep -c "^trend-") -eq 6
'

# means TEST DECIMALS: the run sets' means of one test, from the raw CSV
means() {
	for i in $ALL; do
		awk -F, -v t="$1" -v d="$2" '$1 == t { s += $5; n++ }
			END { printf("%." d "f\n", s / n) }' "$K/6.$i/runs.csv"
	done
}

test_expect_success 'the table: every run set mean of the raw samples (awk), change points in bold' '
	fsreport report $(given $ALL) -o out &&
	grep "^| PostMark: Transactions/s (tx/s), higher is better |" out/index.md |
		tr "|" "\n" | sed "1,2d;\$d" | sed "s/^ //;s/ \$//" >actual &&
	means PostMark 2 | sed "5s/.*/**&**/" >expect &&
	test_cmp expect actual &&
	grep "^| Compile: linux tree (s), lower is better |" out/index.md |
		tr "|" "\n" | sed "1,2d;\$d" | sed "s/^ //;s/ \$//" >actual &&
	means Compile 2 | sed "9s/.*/**&**/" >expect &&
	test_cmp expect actual &&
	grep "^| fsync latency: 4k writes (ms), lower is better |" out/index.md >row &&
	! grep -F "**" row
'

test_expect_success 'the steps: the ratio of the run sets'"'"' geometric means (awk)' '
	fsreport report $(given $ALL) -o out &&
	for i in $ALL; do
		awk -F, "\$1 == \"PostMark\" { s += log(\$5); n++ } END { printf \"%.17g\n\", s / n }" "$K/6.$i/runs.csv"
	done | awk "NR <= 4 { a += \$1 } NR > 4 { b += \$1 } END { printf \"%+.2f%%\n\", 100 * (exp(b / 8 - a / 4) - 1) }" >pct &&
	echo "-8.05%" >expect && test_cmp expect pct &&
	grep -F -- "- PostMark: Transactions/s (tx/s) at 6.5: $(cat pct) " out/index.md &&
	grep -F "worse (p " out/index.md &&
	for i in $ALL; do
		awk -F, "\$1 == \"Compile\" { s += log(\$5); n++ } END { printf \"%.17g\n\", s / n }" "$K/6.$i/runs.csv"
	done | awk "NR <= 8 { a += \$1 } NR > 8 { b += \$1 } END { printf \"%+.2f%%\n\", 100 * (exp(b / 4 - a / 8) - 1) }" >pct &&
	echo "-14.66%" >expect && test_cmp expect pct &&
	grep -F -- "- Compile: linux tree (s) at 6.9: $(cat pct) " out/index.md &&
	grep -F "<li>Compile: linux tree (s) at 6.9: $(cat pct) " out/index.html
'

test_expect_success 'summary.txt holds the text of trend, before the system table' '
	fsreport report $(given $ALL) -o out &&
	fsreport trend $(given $ALL) >trend.txt &&
	sed -n "/^Trend of /,\$p" out/summary.txt >actual &&
	test_cmp trend.txt actual
'

test_expect_success '--order version, --min-size, --permutations go to the trend section' '
	fsreport report --order version $(given 12 3 1 10 2 11) -o out &&
	grep "^| Result | 6.1 | 6.2 | 6.3 | 6.10 | 6.11 | 6.12 |$" out/index.md &&
	fsreport trend --order version --min-size 3 --permutations 99 \
		$(given 12 3 1 10 2 11) >trend.txt &&
	fsreport report --order version --min-size 3 --permutations 99 \
		$(given 12 3 1 10 2 11) -o out2 &&
	sed -n "/^Trend of /,\$p" out2/summary.txt >actual &&
	test_cmp trend.txt actual &&
	grep "99 permutations" out2/index.md
'

test_expect_success 'report --db: selection errors and the store as an output' '
	sqlite_only || return 0
	fsreport store add -q --db s.db $(given 1 2 3) &&
	test_expect_code 2 fsreport report --db s.db --since 2025-01-01 -o out 2>err &&
	test_expect_code 3 fsreport report --db s.db "7.*" -o out 2>err &&
	grep "no stored run set matches" err &&
	test_expect_code 2 fsreport report --db s.db -o s.db 2>err &&
	test ! -e out
'

test_expect_success 'index.html in Chromium: the trend section and its charts inline' '
	why=$(browser_why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport report $(given $ALL) -o out &&
	chrome --dump-dom "file://$PWD/out/index.html" >dom &&
	# overview, 3 results, the change chart in 2 parts (12 rows a
	# result, 11 geometric means: 24 + 23 rows), 3 trend charts
	test "$(grep -o "<figure class=\"chart\"" dom | wc -l)" -eq 9 &&
	test "$(grep -o "<svg" dom | wc -l)" -eq 9 &&
	test "$(grep -o "<figure class=\"chart\" id=\"trend-chart-" dom | wc -l)" -eq 3 &&
	grep -q "<td class=\"num cp\"><strong>3765.48</strong></td>" dom &&
	chrome --screenshot="$PWD/shot.png" "file://$PWD/out/index.html" &&
	python3 "$TOP/scripts/png-ink.py" shot.png >ink &&
	read -r w h ink <ink &&
	test "$ink" -gt 100000
'

test_expect_success 'past 60 charts in all, the trend charts too are linked files, not inline SVG' '
	# 3 run sets of 35 results: 1 overview, 35 result charts and the
	# change chart are at most 60, with 35 trend charts more they are not
	for s in a b c; do
		awk -v s=$s "BEGIN { print \"test,value,unit,better\"
			for (t = 0; t < 35; t++)
				for (k = 0; k < 3; k++)
					printf \"t%02d,%d,MB/s,higher\n\", t, 100 + t + k + (s == \"c\") }" >$s.csv || return 1
	done &&
	fsreport report -q a.csv b.csv c.csv -o big &&
	! grep -q "<svg" big/index.html &&
	test "$(grep -c "<figure class=\"chart\" id=\"trend-chart-" big/index.html)" = 35 &&
	for i in 1 35; do
		f=$(sed -n "/id=\"trend-chart-$i\"/{n;s/.*<a href=\"\([^\"]*\)\".*/\1/p;}" big/index.html) &&
		test -s "big/$f" &&
		case "$f" in charts/trend-*.svg) ;; *) return 1 ;; esac || return 1
	done &&
	# 3 results: every chart inline, the trend charts too
	fsreport report -q $(given 1 2 3) -o small &&
	test "$(grep -c "<svg" small/index.html)" -gt 3 &&
	grep -A1 "id=\"trend-chart-1\"" small/index.html | grep -q "<svg"
'

test_expect_success 'report --no-png: SVG chart files only, index.md shows them, index.html and summary.txt the same' '
	fsreport report $(given 1 2 3) -o both &&
	fsreport report --no-png $(given 1 2 3) -o svg &&
	(cd both/charts && ls) | grep "\.svg$" >expect &&
	(cd svg/charts && ls) >actual &&
	test_cmp expect actual &&
	test -n "$(cd both/charts && ls | grep "\.png$")" &&
	cmp both/index.html svg/index.html &&
	cmp both/summary.txt svg/summary.txt &&
	! grep -q "\.png" svg/index.md &&
	grep -Fx "![Trend of Compile: linux tree (s)](charts/trend-03-compile-linux-tree-s.svg)" svg/index.md &&
	grep -Fx "![Overview against the baseline](charts/overview.svg)" svg/index.md &&
	# the rest of index.md as with PNGs, the images aside
	sed "s/^\[!\[\(.*\)\](\(charts\/[^)]*\)\.png)\](\2\.svg)$/![\1](\2.svg)/" both/index.md >expect.index &&
	test_cmp expect.index svg/index.md
'

test_done
