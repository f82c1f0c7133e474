#!/bin/sh
# --svg, --png and --chart-dir write charts in addition to the text
# report: valid SVG, PNG of the expected size, the same bytes for the
# same command, stable file names.
. "$(dirname "$0")/lib.sh"

# png_size FILE: "WIDTHxHEIGHT" from the PNG header
png_size() {
	od -An -tu1 -j16 -N8 "$1" |
	awk '{ printf "%dx%d\n", $1*16777216+$2*65536+$3*256+$4,
			$5*16777216+$6*65536+$7*256+$8 }'
}

# is_png FILE: the PNG signature
is_png() {
	test "$(od -An -tx1 -N8 "$1" | tr -d ' ')" = 89504e470d0a1a0a
}

EXT4="$EXAMPLES/ext4-mount-options"
# 641 px in one image: under the 4000 px a stacked chart may be (the
# ext4 example is 5757 px: t0510 tests its refusal)
SYNC="$EXAMPLES/sync-modes"

test_expect_success 'show --svg --png: the text report is unchanged' '
	fsreport show --width 79 "$SYNC" >expect &&
	fsreport show --width 79 "$SYNC" --svg out.svg --png out.png >actual &&
	test_cmp expect actual &&
	test -s out.svg && test -s out.png
'

test_expect_success 'the SVG is valid XML (xmllint, no network)' '
	fsreport show "$SYNC" --svg out.svg >/dev/null &&
	xmllint --noout --nonet out.svg &&
	grep -q "<svg .*width=\"800px\"" out.svg
'

test_expect_success 'the PNG is 800 px wide, as tall as the layout says' '
	fsreport show "$SYNC" --png out.png >/dev/null &&
	is_png out.png &&
	fsreport show "$SYNC" --debug-layout >layout &&
	h=$(sed -n "1s/.* h=\([0-9]*\)\.0 .*/\1/p" layout) &&
	test "$(png_size out.png)" = "800x$h"
'

test_expect_success 'the same command twice gives the same bytes' '
	fsreport show "$SYNC" --svg a.svg --png a.png >/dev/null &&
	fsreport show "$SYNC" --svg b.svg --png b.png >/dev/null &&
	cmp a.svg b.svg && cmp a.png b.png
'

test_expect_success '--scale 2 and --dpi 192 double the PNG' '
	fsreport show "$CORPUS/gzip-ec2-large-10runs.xml" --png s.png \
		>/dev/null &&
	fsreport show "$CORPUS/gzip-ec2-large-10runs.xml" --png s2.png \
		--scale 2 >/dev/null &&
	fsreport show "$CORPUS/gzip-ec2-large-10runs.xml" --png d.png \
		--dpi 192 >/dev/null &&
	w=$(png_size s.png) && h=${w#*x} &&
	test "$(png_size s2.png)" = "1600x$((h * 2))" &&
	cmp s2.png d.png
'

test_expect_success 'compare run-a/ run-b/ --svg out.svg, as written' '
	mkdir run-a run-b &&
	cp "$EXAMPLES/compare-stats/before.csv" run-a/ &&
	cp "$EXAMPLES/compare-stats/after.csv" run-b/ &&
	fsreport compare run-a/ run-b/ >expect &&
	fsreport compare run-a/ run-b/ --svg out.svg >actual &&
	test_cmp expect actual &&
	xmllint --noout --nonet out.svg
'

test_expect_success 'the same on the PostMark example folders' '
	cp -r "$EXAMPLES/postmark/buffered" run-a &&
	cp -r "$EXAMPLES/postmark/unbuffered" run-b &&
	fsreport compare run-a/ run-b/ >expect &&
	fsreport compare run-a/ run-b/ --svg out.svg >actual &&
	test_cmp expect actual &&
	xmllint --noout --nonet out.svg &&
	ls >files &&
	printf "%s\n" actual expect files out.svg run-a run-b >expect &&
	test_cmp expect files
'

test_expect_success 'compare draws the change chart after the results' '
	mkdir run-a run-b &&
	cp "$CORPUS/tiobench-ec2-micro.xml" run-a/ &&
	cp "$CORPUS/tiobench-ec2-large.xml" run-b/ &&
	fsreport compare run-a/ run-b/ --debug-layout >layout &&
	grep "^chart" layout | sed -n 65p | grep -q "^chart 65 changes " &&
	grep -q "text title ink=heading .* \"Change against run-a (part 1 of 2)\"" layout &&
	grep -q "text subtitle .*\"Rows 1-15 of 30\. The change" layout &&
	test $(grep -c "^chart [0-9]* bars result=" layout) = 64 &&
	# 29 compared results of one suite and the geometric mean: two
	# even sections of at most 25 rows
	test $(grep -c "^chart [0-9]* changes " layout) = 2 &&
	grep -q "text title .*\"Change against run-a (part 2 of 2)\"" layout &&
	grep -q "text subtitle .*\"Rows 16-30 of 30\. The change" layout
'

test_expect_success '--chart-dir: overview, one SVG per result, change parts' '
	mkdir run-a run-b &&
	cp "$CORPUS/tiobench-ec2-micro.xml" run-a/ &&
	cp "$CORPUS/tiobench-ec2-large.xml" run-b/ &&
	fsreport compare -v run-a/ run-b/ --chart-dir charts >/dev/null \
		2>err &&
	grep "chart written$" err | head -1 >actual &&
	echo "fsreport: charts/overview.svg: svg chart written" >expect &&
	test_cmp expect actual &&
	ls charts >names &&
	test $(wc -l <names) = 67 &&
	head -2 names >actual &&
	cat >expect <<-\EOT &&
	01-tiobench-test-read-size-per-thread-32mb-thread-count-4-mb-s.svg
	02-tiobench-test-read-size-per-thread-32mb-thread-count-8-mb-s.svg
	EOT
	test_cmp expect actual &&
	tail -3 names >actual &&
	printf "%s\n" change-01.svg change-02.svg overview.svg >expect &&
	test_cmp expect actual &&
	for f in charts/*.svg; do xmllint --noout --nonet "$f" || exit 1; done
'

test_expect_success '--chart-dir --chart-format png, for show too' '
	fsreport show "$EXT4" --chart-dir charts --chart-format png \
		>/dev/null &&
	ls charts >names &&
	test $(wc -l <names) = 16 &&
	head -1 names >actual &&
	echo 01-fio-test-intel-iometer-file-server-access-pattern-seconds-run-time.png >expect &&
	test_cmp expect actual &&
	! grep -q change names &&
	for f in charts/*.png; do
		is_png "$f" && test "$(png_size "$f" | cut -dx -f1)" = 800 ||
		exit 1
	done
'

test_expect_success 'an existing --chart-dir is reused' '
	mkdir charts &&
	fsreport show "$CORPUS/pjdfstest-passfail.xml" --chart-dir charts \
		>/dev/null &&
	ls charts >actual &&
	cat >expect <<-\EOT &&
	01-pjdfstest-seconds.svg
	02-pjdfstest-test-pass-fail.svg
	EOT
	test_cmp expect actual
'

test_expect_success '--help lists the chart options' '
	fsreport compare --help >help &&
	grep -q -- "--svg FILE" help &&
	grep -q -- "--png FILE" help &&
	grep -q -- "--chart-dir DIR" help &&
	grep -q -- "--chart-format FMT" help &&
	grep -q -- "--scale F" help &&
	grep -q -- "--dpi N" help &&
	grep -q -- "--debug-layout" help
'

test_done
