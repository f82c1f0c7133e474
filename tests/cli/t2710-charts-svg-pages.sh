#!/bin/sh
# --svg FILE / --png FILE never refuse for size (issue 34): what does not
# fit in one image of 4000 px goes to pages beside FILE (FILE-2, ...),
# the overview and the change chart first, every result chart once, in
# order; all pages land together or none does; a file fsreport cannot
# prove it wrote is never replaced or removed.
. "$(dirname "$0")/lib.sh"

EXT4="$EXAMPLES/ext4-mount-options"
SYNC="$EXAMPLES/sync-modes"
# the pages of compare "$EXT4" --svg out.svg, shared by the tests below
# (each runs in a scratch folder of its own)
S="$SCRATCH_ROOT/ext4"
mkdir -p "$S"

# svg_h FILE: the height in px of an SVG fsreport wrote
svg_h() {
	sed -n 's/.*<svg [^>]*height="\([0-9.]*\)px".*/\1/p' "$1" | head -1
}
# png_h FILE: the height from the PNG's IHDR (bytes 20-23, big-endian)
png_h() {
	od -An -tu1 -j20 -N4 "$1" |
	awk '{ print ((($1 * 256 + $2) * 256 + $3) * 256 + $4) }'
}
# texts FILE...: every text of the SVGs, one a line, in order, without
# the "page N of M" line of each page (tested on its own)
texts() {
	cat "$@" | grep -o '<text[^>]*>[^<]*</text>' | sed 's/<[^>]*>//g' |
	grep -v '^page [0-9]* of [0-9]*$'
}
# pages BASE EXT: the page files of BASE.EXT in page order
pages() {
	echo "$1.$2"
	k=2
	while test -e "$1-$k.$2"; do
		echo "$1-$k.$2"
		k=$((k + 1))
	done
}
# all_under_4000 KIND FILE...: every file's height at most 4000 px
all_under_4000() {
	kind=$1
	shift
	for f in "$@"; do
		h=$(${kind}_h "$f") &&
		test -n "$h" && test "${h%.*}" -le 4000 && test "${h%.*}" -gt 0 ||
		{ echo "$f: height '$h'"; return 1; }
	done
}

test_expect_success 'the ext4 example as one image is taller than 4000 px' '
	h=$(fsreport compare "$EXT4" --debug-layout |
	    sed -n "1s/.* h=\([0-9]*\)\.0 .*/\1/p") &&
	test "$h" -gt 4000
'

test_expect_success 'compare --svg: exit 0, pages of at most 4000 px, one line' '
	cd "$S" &&
	fsreport compare "$EXT4" >expect-text &&
	fsreport compare "$EXT4" --svg out.svg >actual-text 2>err &&
	test_cmp expect-text actual-text &&
	pages out svg >list &&
	test $(wc -l <list) -ge 3 &&
	all_under_4000 svg $(cat list) &&
	n=$(wc -l <list) &&
	echo "fsreport: wrote out.svg (overview, change chart parts 1-3 of 6), out-2.svg (change chart parts 4-6 of 6) and out-3.svg$(test $n -gt 4 && echo " ..." || echo ",") out-$n.svg (16 result charts)" >expect &&
	test_cmp expect err
'

test_expect_success 'page 1 holds the overview and the change chart' '
	cd "$S" &&
	texts out.svg >p1 &&
	grep -qx "Overview: against Defaults" p1 &&
	grep -qx "Change against Defaults (part 1 of 6)" p1 &&
	grep -qx "Change against Defaults (part 3 of 6)" p1 &&
	texts out-2.svg >p2 &&
	grep -qx "Change against Defaults (part 6 of 6)" p2
'

test_expect_success 'the pages hold what --chart-dir holds, each chart once, in order' '
	cd "$S" &&
	fsreport compare "$EXT4" --chart-dir charts -o /dev/null &&
	# the overview and the change chart: pages 1 and 2
	texts charts/overview.svg charts/change-0*.svg >expect &&
	texts out.svg out-2.svg >actual &&
	test_cmp expect actual &&
	# the result charts, in result order, on the pages after
	texts $(ls charts/[0-9]*.svg | sort) >expect &&
	texts $(sed 1,2d list) >actual &&
	test_cmp expect actual &&
	test $(grep -c "^Flexible IO Tester 1.57$" actual) = 1
'

test_expect_success 'pages after the first carry the page mark, page 1 none' '
	cd "$S" &&
	! grep -q "fsreport page" out.svg &&
	sed -n 2p out-2.svg >actual &&
	echo "<!-- fsreport page 2 of $(wc -l <list) -->" >expect &&
	test_cmp expect actual
'

test_expect_success 'each page says "page N of M" once, in the image, at its foot' '
	cd "$S" &&
	m=$(wc -l <list) &&
	k=0 &&
	for f in $(cat list); do
		k=$((k + 1)) &&
		grep -o "<text[^>]*>[^<]*</text>" "$f" | sed "s/<[^>]*>//g" >t &&
		test "$(grep -c "^page [0-9]* of [0-9]*\$" t)" = 1 &&
		test "$(tail -n 1 t)" = "page $k of $m" || { echo "$f"; return 1; }
	done &&
	test $k -gt 1
'

test_expect_success 'a report that fits in one image has no page line' '
	fsreport compare "$SYNC" --svg one.svg 2>/dev/null &&
	! grep -q ">page [0-9]* of" one.svg
'

# One run per system (the ext4 example, as PTS articles have it): the
# change chart is the plain difference in %, a bar per system in its
# colour, said once at the top, no interval promised or named.
test_expect_success 'one run per system: bars, said once, no interval' '
	cd "$S" &&
	fsreport compare "$EXT4" --debug-layout >dump &&
	test $(grep -c "^  rect change-bar " dump) = 80 &&
	! grep "^  dot change " dump &&
	test $(grep -c "One run per system: no change can be tested" dump) = 1 &&
	texts $(cat list) >all &&
	! grep -q "interval (95" all &&
	! grep -qx "no interval" all &&
	! grep -qx "not tested" all &&
	grep -q "^  rect change-bar row=2 ink=sys1 " dump &&
	# runs on both sides: the dots and intervals as before
	fsreport compare "$SYNC" --debug-layout >dump2 &&
	! grep -q "change-bar\|One run per system" dump2 &&
	grep -q "^  dot change " dump2
'

test_expect_success 'compare --png: the same pages, IHDR heights at most 4000' '
	cd "$S" &&
	fsreport compare "$EXT4" --png out.png -o /dev/null 2>err &&
	pages out png >plist &&
	test $(wc -l <plist) = $(wc -l <list) &&
	all_under_4000 png $(cat plist) &&
	for k in $(seq 2 $(wc -l <plist)); do
		grep -aq "fsreport page $k of" out-$k.png || return 1
	done &&
	grep -q "^fsreport: wrote out.png (overview, change chart" err
'

test_expect_success 'a PNG page fits the PNG limit at its --scale' '
	fsreport compare "$EXT4" --png big.png --scale 12.5 -o /dev/null \
		2>err &&
	for f in $(pages big png); do
		h=$(png_h "$f") &&
		test "$h" -le 32767 || { echo "$f $h"; return 1; }
	done
'

test_expect_success 'show --svg: the result charts from page 1, each once' '
	fsreport show "$EXT4" --svg show.svg -o /dev/null 2>err &&
	pages show svg >slist &&
	all_under_4000 svg $(cat slist) &&
	texts $(cat slist) >actual &&
	fsreport show "$EXT4" --chart-dir scharts -o /dev/null &&
	texts $(ls scharts/*.svg | sort) >expect &&
	test_cmp expect actual &&
	grep -q "^fsreport: wrote show.svg, show-2.svg (16 result charts)$" err
'

# many_results N: a PTS file of N results of two systems, 3 runs each
many_results() {
	awk -v n="$1" 'BEGIN {
	print "<?xml version=\"1.0\"?>"
	print "<PhoronixTestSuite>"
	for (s = 1; s <= 2; s++)
		printf "  <System><Identifier>sys-%d</Identifier></System>\n", s
	for (k = 1; k <= n; k++) {
		print "  <Result>"
		printf "    <Identifier>pts/suite%d-1.0.0</Identifier>\n", k % 4
		printf "    <Title>suite%d</Title>\n", k % 4
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

test_expect_success '150 results: compare and show page, every case once' '
	many_results 150 >many.xml &&
	fsreport compare many.xml --svg m.svg -o /dev/null 2>err &&
	pages m svg >mlist &&
	all_under_4000 svg $(cat mlist) &&
	# pages 1 and 2: the overview and the change chart in 7 parts
	texts m.svg >p1 &&
	grep -qx "Overview: against sys-1" p1 &&
	test $(texts m.svg m-2.svg | grep -c "^Change against sys-1 (part [1-7] of 7)$") = 7 &&
	texts $(sed 1,2d mlist) | grep "^Case: " >cases &&
	seq 1 150 | sed "s/^/Case: /" >expect &&
	test_cmp expect cases &&
	fsreport show many.xml --svg s.svg -o /dev/null &&
	texts $(pages s svg) | grep "^Case: " >cases &&
	test_cmp expect cases
'

test_expect_success 'the 142-result corpus file (one system, show): --svg and --png pages' '
	f="$CORPUS/cpu-suite-gvno2-142results.xml" &&
	test -e "$f" &&
	fsreport show "$f" --svg c.svg --png c.png -o /dev/null 2>err &&
	all_under_4000 svg $(pages c svg) &&
	all_under_4000 png $(pages c png) &&
	test $(pages c svg | wc -l) = $(pages c png | wc -l) &&
	n=$(pages c svg | wc -l) &&
	grep -q "^fsreport: wrote c.svg ... c-$n.svg (142 result charts); wrote c.png ... c-$n.png (142 result charts)$" err
'

test_expect_success 'a report that fits in one image: as before, byte for byte' '
	fsreport compare "$SYNC" --svg one.svg -o /dev/null 2>err &&
	test ! -s err &&
	test ! -e one-2.svg &&
	test_golden svg-compare-sync-modes.svg one.svg
'

test_expect_success 'standard output: page 1, and a warning for the rest' '
	fsreport compare "$EXT4" --svg - -o /dev/null >got 2>err &&
	test_cmp "$S/out.svg" got &&
	test ! -e ./-2 &&
	n=$(wc -l <"$S/list") &&
	echo "fsreport: warning: standard output holds page 1 of $n (overview, change chart parts 1-3 of 6); there is no file beside it for the other $((n - 1)) (change chart parts 4-6 of 6, 16 result charts): give --svg FILE, or --chart-dir DIR for a file per chart" >expect &&
	test_cmp expect err
'

test_expect_success 'a FIFO: page 1 into it, no pages beside it' '
	mkfifo fifo &&
	{ cat fifo >got & } &&
	fsreport compare "$EXT4" --svg fifo -o /dev/null 2>err &&
	wait &&
	test_cmp "$S/out.svg" got &&
	test ! -e fifo-2 &&
	grep -q "^fsreport: warning: fifo holds page 1 of" err
'

test_expect_success 'page 2 is a folder: exit 4, no page written' '
	mkdir d && cd d &&
	echo keep >out.svg &&
	mkdir out-2.svg &&
	test_expect_code 4 fsreport compare "$EXT4" --svg out.svg \
		-o text.txt 2>../err &&
	echo "fsreport: cannot write '\''out-2.svg'\'': Is a directory" >expect &&
	head -1 ../err >../actual &&
	test_cmp expect ../actual &&
	echo keep >expect &&
	test_cmp expect out.svg &&
	ls -A >../actual &&
	printf "%s\n" expect out-2.svg out.svg >expect &&
	test_cmp expect ../actual
'

test_expect_success 'a later page cut short: no page and no text report land' '
	mkdir e && cd e &&
	(
		ulimit -f 80 &&
		fsreport compare "$EXT4" --svg out.svg -o text.txt 2>../err
	)
	test $? = 4 &&
	grep -q "^fsreport: out-[0-9]*.svg: cannot write the chart: File too large$" ../err &&
	ls -A >../actual &&
	test ! -s ../actual
'

test_expect_success 'a file in a page'\''s place that fsreport did not write: left, exit 2' '
	mkdir f && cd f &&
	echo mine >out-3.svg &&
	test_expect_code 2 fsreport compare "$EXT4" --svg out.svg \
		-o text.txt 2>err &&
	echo "fsreport: refusing to replace '\''out-3.svg'\'', a page of --svg: it is not a page fsreport wrote (fsreport replaces only files it wrote); move it away or give --svg another name" >expect &&
	echo "fsreport: not written either: text.txt" >>expect &&
	test_cmp expect err &&
	echo mine >expect &&
	test_cmp expect out-3.svg &&
	test ! -e out.svg && test ! -e out-2.svg
'

test_expect_success 'a page that is another output of the run: exit 2' '
	test_expect_code 2 fsreport compare "$EXT4" --svg out.svg \
		-o out-2.svg 2>err &&
	head -1 err >actual &&
	echo "fsreport: page '\''out-2.svg'\'' of --svg and -o '\''out-2.svg'\'' are the same file" >expect &&
	test_cmp expect actual &&
	ls >actual &&
	printf "%s\n" actual err expect >expect &&
	test_cmp expect actual
'

test_expect_success 'a shorter run replaces its pages, keeps their modes, leaves the rest' '
	mkdir g && cd g &&
	fsreport compare "$EXT4" --svg out.svg -o /dev/null 2>/dev/null &&
	n=$(pages out svg | wc -l) &&
	chmod 600 out-2.svg &&
	cp out-3.svg old-3.svg &&
	fsreport show "$EXT4" --svg out.svg -o /dev/null 2>err &&
	stat -c %a out-2.svg >actual &&
	echo 600 >expect &&
	test_cmp expect actual &&
	grep -q "page 2 of 2" out-2.svg &&
	test_cmp old-3.svg out-3.svg &&
	echo "fsreport: wrote out.svg, out-2.svg (16 result charts); out-3.svg$(test $n -gt 4 && echo " ..." || echo ",") out-$n.svg, from an earlier run, are left as they were" >expect &&
	test_cmp expect err
'

test_expect_success 'a page behind a symbolic link: the link stays, its file is replaced' '
	mkdir h && cd h &&
	fsreport compare "$EXT4" --svg out.svg -o /dev/null 2>/dev/null &&
	mv out-2.svg real-2.svg &&
	ln -s real-2.svg out-2.svg &&
	fsreport show "$EXT4" --svg out.svg -o /dev/null 2>/dev/null &&
	test -L out-2.svg &&
	grep -q "page 2 of 2" real-2.svg
'

test_expect_success '-q: no line' '
	mkdir q && cd q &&
	fsreport compare "$EXT4" --svg out.svg -q -o /dev/null 2>err &&
	test ! -s err &&
	test -e out-2.svg
'

test_expect_success 'trend --svg too tall: the same pages' '
	mkdir t && cd t &&
	many_results 150 >a.xml && cp a.xml b.xml && cp a.xml c.xml &&
	fsreport trend a.xml b.xml c.xml --svg tr.svg -o /dev/null 2>err &&
	all_under_4000 svg $(pages tr svg) &&
	test $(pages tr svg | wc -l) -gt 2 &&
	grep -q "^fsreport: wrote tr.svg ... tr-[0-9]*.svg (150 result charts)$" err
'

test_done
