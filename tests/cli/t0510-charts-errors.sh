#!/bin/sh
# Chart output errors: an unwritable path is exit 4 and leaves no file
# (not even a temporary one); bad chart options are usage errors (2).
. "$(dirname "$0")/lib.sh"

EXT4="$EXAMPLES/ext4-mount-options"
# a stacked chart under the 4000 px of one image (the ext4 example is
# taller: pages)
SYNC="$EXAMPLES/sync-modes"

test_expect_success '--svg into a missing folder: exit 4, no file' '
	test_expect_code 4 fsreport show "$EXT4" --svg nodir/out.svg \
		>/dev/null 2>err &&
	head -1 err >actual &&
	echo "fsreport: cannot write '\''nodir/out.svg'\'': No such file or directory" >expect &&
	test_cmp expect actual &&
	test ! -e nodir
'

test_expect_success 'a PNG cut short by a file-size limit: exit 4, no file' '
	(
		ulimit -f 16 &&
		fsreport show "$SYNC" --png big.png >/dev/null 2>err
	)
	test $? = 4 &&
	head -1 err >actual &&
	echo "fsreport: big.png: cannot write the chart: File too large" >expect &&
	test_cmp expect actual &&
	! ls big.png* >/dev/null 2>&1
'

test_expect_success 'an existing file is not replaced by a failed chart' '
	echo keep >out.png &&
	(
		ulimit -f 16 &&
		fsreport show "$SYNC" --png out.png >/dev/null 2>/dev/null
	)
	test $? = 4 &&
	echo keep >expect &&
	test_cmp expect out.png
'

test_expect_success '--chart-dir that is a file: exit 4' '
	echo x >charts &&
	test_expect_code 4 fsreport show "$EXT4" --chart-dir charts \
		>/dev/null 2>err &&
	head -1 err >actual &&
	echo "fsreport: cannot create folder '\''charts'\'': File exists" >expect &&
	test_cmp expect actual
'

test_expect_success '--chart-dir in a missing folder: exit 4' '
	test_expect_code 4 fsreport show "$EXT4" --chart-dir a/b \
		>/dev/null 2>err &&
	head -1 err >actual &&
	echo "fsreport: cannot create folder '\''a/b'\'': No such file or directory" >expect &&
	test_cmp expect actual
'

# Taller than 4000 px is no error: pages (t2710).
test_expect_success 'a stacked --svg taller than 4000 px: pages, exit 0' '
	fsreport show "$EXT4" >expect-text &&
	fsreport show "$EXT4" --svg out.svg --png out.png -o text.txt \
		--chart-dir charts >stdout 2>err &&
	test_cmp expect-text text.txt &&
	test ! -s stdout &&
	test $(ls charts | wc -l) = 16 &&
	test -s out.svg && test -s out-2.svg &&
	test -s out.png && test -s out-2.png &&
	test $(wc -l <err) = 1
'

test_expect_success 'pages, then --fail-on-regression without a regression: 0' '
	fsreport compare "$EXT4" --svg - -o text.txt \
		--fail-on-regression >out.svg 2>err &&
	test -s out.svg &&
	test -s text.txt
'

# usage_error ARGS... EXPECTED-FIRST-LINE
check_usage() {
	msg=$1
	shift
	test_expect_code 2 fsreport show "$EXT4" "$@" >/dev/null 2>err &&
	head -1 err >actual &&
	echo "fsreport: $msg" >expect &&
	test_cmp expect actual
}

test_expect_success '--chart-format gif is a usage error' '
	check_usage "--chart-format wants svg or png" \
		--chart-dir d --chart-format gif &&
	test ! -e d
'

test_expect_success '--chart-format without --chart-dir' '
	check_usage "--chart-format goes with --chart-dir" --chart-format png
'

test_expect_success '--scale out of range' '
	check_usage "--scale wants a number from 0.25 to 12.5, e.g. 2" \
		--png x.png --scale 0 &&
	check_usage "--scale wants a number from 0.25 to 12.5, e.g. 2" \
		--png x.png --scale 100 &&
	test ! -e x.png
'

test_expect_success '--dpi and --scale together, --dpi out of range' '
	check_usage "give --scale or --dpi, not both" --scale 2 --dpi 300 &&
	check_usage "--dpi wants a number from 24 to 1200, e.g. 300" \
		--dpi 5
'

test_expect_success 'a chart and the text cannot both go to stdout' '
	check_usage "only one output can go to standard output; give the text report -o FILE" \
		--svg -
'

test_expect_success '--svg - with -o FILE writes the SVG to stdout' '
	fsreport show "$CORPUS/pjdfstest-passfail.xml" --svg - -o text \
		>out.svg &&
	xmllint --noout --nonet out.svg &&
	test -s text
'

test_done
