#!/bin/sh
# fsreport report RUNSET... -o DIR: one folder (index.html, index.md,
# summary.txt, charts/), written whole or not at all, never over an
# input or a folder of other files.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"

is_png() {
	test "$(od -An -tx1 -N8 "$1" | tr -d ' ')" = 89504e470d0a1a0a
}

test_expect_success 'report writes the four parts and nothing else' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	(cd out && ls) >actual &&
	printf "charts\nindex.html\nindex.md\nsummary.txt\n" >expect &&
	test_cmp expect actual &&
	! ls -a . | grep fsreport-tmp
'

test_expect_success 'charts/: an SVG and a PNG per result, the overview and change charts' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	test "$(ls out/charts/*.svg | wc -l)" -eq 15 &&
	test "$(ls out/charts/*.png | wc -l)" -eq 15 &&
	test -s out/charts/overview.svg && test -s out/charts/overview.png &&
	test -s out/charts/change.svg && test -s out/charts/change.png &&
	for f in out/charts/*.svg; do
		xmllint --noout --nonet "$f" || return 1
	done &&
	for f in out/charts/*.png; do
		is_png "$f" || return 1
	done &&
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir cd \
		>/dev/null &&
	(cd cd && ls) | sort >expect &&
	(cd out/charts && ls *.svg) | sort >actual &&
	test_cmp expect actual
'

test_expect_success 'summary.txt is the text report of compare at 80 columns' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	fsreport compare -w 80 --color never "$PM/buffered" "$PM/unbuffered" \
		>expect &&
	test_cmp expect out/summary.txt
'

test_expect_success 'report takes the options of compare' '
	fsreport report --baseline unbuffered --min-change 5 --alpha 0.01 \
		"$PM/buffered" "$PM/unbuffered" -o out -w 100 &&
	fsreport compare --baseline unbuffered --min-change 5 --alpha 0.01 \
		-w 100 "$PM/buffered" "$PM/unbuffered" >expect &&
	test_cmp expect out/summary.txt
'

test_expect_success 'index.html: self-contained, every chart inline' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	test "$(grep -c "<svg" out/index.html)" -eq 15 &&
	test "$(grep -c "<figure" out/index.html)" -eq 15 &&
	# its one script is inline (the summary table, t1512)
	! grep -Eiq "<(link|img|iframe)|src=|@import|url\(http" \
		out/index.html &&
	test "$(grep -c "<script>" out/index.html)" -eq 1 &&
	! grep -o "href=\"[^#][^\"]*\"" out/index.html | grep . &&
	grep -q "<h1>PostMark: buffered vs unbuffered</h1>" out/index.html &&
	grep -q "<a href=\"#chart-[0-9]*\">Total_duration (s" out/index.html
'

test_expect_success 'index.html: ids of the inline SVGs are unique' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	grep -o "id=\"[^\"]*\"" out/index.html | sort | uniq -d >dups &&
	test_cmp /dev/null dups &&
	grep -o "href=\"#[^\"]*\"" out/index.html | sed "s/href=\"#//; s/\"//" |
		sort -u >refs &&
	grep -o "id=\"[^\"]*\"" out/index.html | sed "s/id=\"//; s/\"//" |
		sort -u >ids &&
	comm -23 refs ids >dangling &&
	test_cmp /dev/null dangling
'

test_expect_success 'index.md: the Markdown table, and links to charts that exist' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	fsreport compare --format markdown "$PM/buffered" "$PM/unbuffered" \
		>md &&
	grep . md >table &&
	grep -F -f table out/index.md >found &&
	test_cmp table found &&
	grep -o "(charts/[^)]*)" out/index.md | tr -d "()" >links &&
	test "$(wc -l <links)" -eq 30 &&
	while read -r f; do test -s "out/$f" || return 1; done <links
'

test_expect_success '--title, --subtitle, --caption: escaped in HTML and Markdown' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out \
		--title "ext4 <b> & xfs" --subtitle "10 runs each" \
		--caption "Made on a laptop" &&
	grep -q "<title>ext4 &lt;b&gt; &amp; xfs</title>" out/index.html &&
	grep -q "<h1>ext4 &lt;b&gt; &amp; xfs</h1>" out/index.html &&
	grep -q "10 runs each" out/index.html &&
	grep -q "Made on a laptop" out/index.html &&
	head -n 1 out/index.md >actual &&
	echo "# ext4 \\<b\\> & xfs" >expect &&
	test_cmp expect actual &&
	grep -q "^10 runs each$" out/index.md
'

test_expect_success 'a second report replaces the first whole' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	fsreport report "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv" -o out &&
	! ls out/charts | grep -q postmark &&
	! ls -a . | grep fsreport-tmp
'

test_expect_success 'report needs -o DIR' '
	test_expect_code 2 fsreport report "$PM/buffered" "$PM/unbuffered" \
		2>err &&
	grep -q "report needs -o DIR" err &&
	test_expect_code 2 fsreport report "$PM/buffered" -o - 2>err &&
	grep -q "report needs -o DIR" err
'

test_expect_success 'refuses a DIR that is an input or holds one' '
	cp -r "$PM/buffered" a && cp -r "$PM/unbuffered" b &&
	test_expect_code 2 fsreport report a b -o a 2>err &&
	grep -q "refusing to write report -o .a.: it is the input .a." err &&
	mkdir -p top && mv b top/ &&
	test_expect_code 2 fsreport report a top/b -o top 2>err &&
	grep -q "the input .top/b. is in it" err &&
	test -d a && test -d top/b
'

test_expect_success 'refuses a DIR that holds other files' '
	mkdir keep && echo mine >keep/notes.txt &&
	test_expect_code 2 fsreport report "$PM/buffered" "$PM/unbuffered" \
		-o keep 2>err &&
	grep -q "report -o .keep.: .notes.txt. is there and the folder has no .fsreport-manifest" err &&
	test_cmp keep/notes.txt - <<-\END
	mine
	END
'

test_expect_success 'a DIR that cannot be made: exit 4, nothing left' '
	echo x >file &&
	test_expect_code 4 fsreport report "$PM/buffered" "$PM/unbuffered" \
		-o file/out 2>err &&
	test -s err && ! ls -a . | grep fsreport-tmp
'

test_expect_success 'compare --format html is the same page, on stdout' '
	fsreport compare --format html "$PM/buffered" "$PM/unbuffered" >page &&
	head -n 1 page >actual &&
	echo "<!DOCTYPE html>" >expect &&
	test_cmp expect actual &&
	test "$(grep -c "<svg" page)" -eq 15
'

# many_results N: a PTS composite.xml of N results of two systems, 3
# runs each, in test suites of 40, 30, 50 and 30 results (fio, dbench,
# postmark, sqlite) in turn.
many_results() {
	awk -v n="$1" 'BEGIN {
	print "<?xml version=\"1.0\"?>"
	print "<PhoronixTestSuite>"
	print "  <Generated><Title>Many results</Title></Generated>"
	for (s = 1; s <= 2; s++)
		printf "  <System><Identifier>sys-%d</Identifier></System>\n", s
	split("40 30 50 30", len, " ")
	split("fio dbench postmark sqlite", name, " ")
	t = 1; left = len[1]
	for (k = 1; k <= n; k++) {
		if (left == 0) { t = t % 4 + 1; left = len[t] }
		left--
		print "  <Result>"
		printf "    <Identifier>pts/%s-1.0.0</Identifier>\n", name[t]
		printf "    <Title>%s</Title>\n", name[t]
		printf "    <Description>Case: %d</Description>\n", k
		print "    <Scale>MB/s</Scale><Proportion>HIB</Proportion>"
		print "    <DisplayFormat>BAR_GRAPH</DisplayFormat><Data>"
		for (s = 1; s <= 2; s++) {
			v = 100 + k + s * (k % 3)
			printf "      <Entry><Identifier>sys-%d</Identifier>", s
			printf "<Value>%d</Value>", v
			printf "<RawString>%d:%d:%d</RawString></Entry>\n", v - 1, v, v + 1
		}
		print "    </Data>"
		print "  </Result>"
	}
	print "</PhoronixTestSuite>"
	}'
}

# 150 results of one compared system: 150 rows and the geometric mean.
# Parts of at most 25 rows of whole suites, a suite cut only when it
# alone is longer, into even parts; no two neighbours fit together in
# 25: fio 1-20 | 21-40 | dbench 41-55 | 56-70 | postmark 71-95 | 96-120
# | sqlite 121-135 | 136-150 and the mean: 8 parts, none under 15 rows
# (the first rule, whole suites first, left 66-70 a part of 5).
test_expect_success '150 results: the change chart in 8 parts, each listed, none over 4000 px' '
	many_results 150 >many.xml &&
	fsreport report many.xml -o out &&
	(cd out/charts && ls change*) >actual &&
	for i in 1 2 3 4 5 6 7 8; do
		echo change-0$i.png && echo change-0$i.svg || return 1
	done >expect &&
	test_cmp expect actual &&
	for i in 1 2 3 4 5 6 7 8; do
		grep -qx "\[!\[Change against the baseline, per result (part $i of 8)\](charts/change-0$i.png)\](charts/change-0$i.svg)" out/index.md &&
		grep -q "<figcaption>Change against the baseline, per result (part $i of 8)</figcaption>" out/index.html &&
		grep -q "Change against sys-1 (part $i of 8)" out/charts/change-0$i.svg ||
		return 1
	done &&
	test "$(grep -c "<figure class=\"chart\"" out/index.html)" = 159 &&
	for i in 1 2 3 4 5 6 7 8; do
		grep -o "Rows [0-9]*-[0-9]* of 151\." out/charts/change-0$i.svg ||
		return 1
	done >rows &&
	printf "Rows %s of 151.\n" 1-20 21-40 41-55 56-70 71-95 96-120 \
		121-135 136-151 >expect &&
	test_cmp expect rows &&
	# no chart of them taller than 4000 px
	for f in out/charts/*.svg; do
		h=$(sed -n "s/.*<svg [^>]*height=\"\([0-9.]*\)px\".*/\1/p" "$f" |
		    head -1) &&
		test -n "$h" && test "${h%.*}" -le 4000 || { echo "$f $h"; return 1; }
	done
'

# Past 60 charts (FSR_HTML_INLINE_MAX) inline SVG makes a page of
# megabytes: index.html links the chart files, loaded as they scroll
# into view; each file it names exists. 15 charts stay inline (above).
test_expect_success 'past 60 charts: the page links its chart files, lazily' '
	many_results 150 >many.xml &&
	fsreport report -q many.xml -o out &&
	test "$(grep -c "<svg" out/index.html)" -eq 0 &&
	grep -o "<img class=\"lazy\" loading=\"lazy\"[^>]* src=\"[^\"]*\"" \
		out/index.html | sed "s/.* src=\"//; s/\"\$//" >srcs &&
	test "$(wc -l <srcs)" -eq 159 &&
	test "$(sort -u srcs | wc -l)" -eq 159 &&
	while read -r f; do
		case $f in charts/*.svg) ;; *) return 1 ;; esac &&
		test -f "out/$f" || return 1
	done <srcs
'

test_done
