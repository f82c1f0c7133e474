#!/bin/sh
# show --format ascii reproduces PTS's result-file-to-text byte for byte
# (width 80) for the three corpus files PTS's own output exists for.
. "$(dirname "$0")/lib.sh"

for name in gzip-ec2-large-10runs tiobench-ec2-4sys-merged \
	    blogbench-gce-8sys-merged; do
	test_expect_success "ascii of $name equals PTS result-file-to-text" "
		fsreport show --format ascii --width 80 \
			\"\$CORPUS/$name.xml\" >actual &&
		test_cmp \"\$CORPUS/pts-outputs/$name.result-file-to-text.txt\" \
			actual
	"
done

test_expect_success 'ascii is the default format of show' '
	fsreport show --width 80 "$CORPUS/gzip-ec2-large-10runs.xml" >actual &&
	test_cmp "$CORPUS/pts-outputs/gzip-ec2-large-10runs.result-file-to-text.txt" actual
'

test_expect_success 'COLUMNS sets the width when --width is absent' '
	COLUMNS=100 fsreport show "$CORPUS/gzip-ec2-large-10runs.xml" >actual &&
	grep "^gzip-run-0 \. 16.23 |" actual >row &&
	test "$(tr -cd = <row | wc -c)" -eq 80
'

test_expect_success 'every corpus file imports and shows' '
	for f in "$CORPUS"/*.xml; do
		fsreport show --format ascii --width 80 "$f" >out ||
			{ echo "failed: $f"; return 1; }
		test -s out || { echo "empty: $f"; return 1; }
	done
'

test_done
