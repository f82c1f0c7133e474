#!/bin/sh
# show --format ascii reproduces PTS's result-file-to-text byte for byte
# (width 80) for every corpus file PTS's own output is stored for
# (pts-outputs/NAME.result-file-to-text.txt, made by PTS 10.8.6; see the
# corpus README).
. "$(dirname "$0")/lib.sh"

for golden in "$CORPUS"/pts-outputs/*.result-file-to-text.txt; do
	name=${golden##*/}
	name=${name%.result-file-to-text.txt}
	test -f "$CORPUS/$name.xml" || continue
	test_expect_success "ascii of $name equals PTS result-file-to-text" "
		fsreport show --format ascii --width 80 \
			\"\$CORPUS/$name.xml\" >actual &&
		test_cmp \"$golden\" actual
	"
done

test_expect_success 'a golden for every corpus file' '
	for f in "$CORPUS"/*.xml; do
		n=${f##*/} &&
		test -f "$CORPUS/pts-outputs/${n%.xml}.result-file-to-text.txt" ||
			{ echo "no golden: $f"; return 1; }
	done
'

test_expect_success 'ascii is the default format of show' '
	fsreport show --width 80 "$CORPUS/gzip-ec2-large-10runs.xml" >actual &&
	test_cmp "$CORPUS/pts-outputs/gzip-ec2-large-10runs.result-file-to-text.txt" actual
'

test_expect_success 'COLUMNS sets the width when --width is absent' '
	COLUMNS=100 fsreport show "$CORPUS/gzip-ec2-large-10runs.xml" >actual &&
	grep "^    gzip-run-0 \. 16.23 |" actual >row &&
	test "$(tr -cd = <row | wc -c)" -eq 76
'

test_expect_success 'every corpus file imports and shows' '
	for f in "$CORPUS"/*.xml; do
		fsreport show --format ascii --width 80 "$f" >out ||
			{ echo "failed: $f"; return 1; }
		test -s out || { echo "empty: $f"; return 1; }
	done
'

test_expect_success 'wider than 80: results indented by 4, as PTS does' '
	fsreport show --width 100 "$CORPUS/gzip-ec2-large-10runs.xml" >actual &&
	test_cmp "$CORPUS/pts-outputs/gzip-ec2-large-10runs.result-file-to-text-width100.txt" actual
'

test_done
