#!/bin/sh
# Numbers are read and written the same whatever LC_ALL/LANG say: under a
# German locale (decimal comma) every text format, the options and the
# CSV input behave exactly as under C. The set-up step (make check, as
# root) generates de_DE.UTF-8; without it these tests are skipped, and
# say so.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/everyday.sh"

DE=de_DE.UTF-8
EX="$EXAMPLES/ext4-mount-options"

# in_de COMMAND...: run fsreport under the German locale, every way a
# user could set it
in_de() {
	LC_ALL=$DE LANG=$DE LC_NUMERIC=$DE "$FSREPORT" "$@"
}

if test "$(LC_ALL=$DE locale decimal_point 2>/dev/null)" != ","; then
	test_count=$((test_count + 1))
	echo "ok $test_count # skip $DE is not available here" \
	     "(make check generates it as root:" \
	     "localedef -i de_DE -f UTF-8 $DE)"
	test_done
	exit 0
fi

test_expect_success 'the German locale is real: printf writes a comma' '
	test "$(LC_ALL=$DE locale decimal_point)" = "," &&
	test "$(LC_ALL=$DE awk "BEGIN { printf \"%.1f\", 1.5 }")" = "1,5" ||
	test "$(LC_ALL=$DE /usr/bin/printf "%.1f" 1.5)" = "1,5"
'

test_expect_success 'every format of show prints the same as under C' '
	for f in $(help_formats show); do
		fsreport show --format $f "$EX" >c.$f &&
		in_de show --format $f "$EX" >de.$f &&
		test_cmp c.$f de.$f || { echo "format $f"; return 1; }
	done &&
	grep -q "81\.13" c.ascii &&
	grep -q "81\.13" c.csv
'

test_expect_success 'every format of compare prints the same as under C' '
	for f in $(help_formats compare); do
		fsreport compare --format $f "$EX" >c.$f &&
		in_de compare --format $f "$EX" >de.$f &&
		test_cmp c.$f de.$f || { echo "format $f"; return 1; }
	done &&
	grep -q "[0-9]\.[0-9]" c.csv
'

test_expect_success 'CSV input with a decimal point is read as such' '
	printf "test,value\nmake,1.5\nmake,2.5\nmake,3.5\n" >in.csv &&
	in_de show --format csv in.csv >out &&
	grep -q ",make,,,,in,3,2.5,1,0.57735026918962" out &&
	fsreport show --format csv in.csv >c &&
	test_cmp c out
'

test_expect_success 'option values take a decimal point, not a comma' '
	in_de show --confidence 0.9 --format csv "$EX" >de &&
	fsreport show --confidence 0.9 --format csv "$EX" >c &&
	test_cmp c de &&
	test_expect_code 2 in_de show --confidence 0,9 "$EX" 2>err &&
	head -n 1 err >first &&
	echo "fsreport: --confidence wants a number, not '\''0,9'\''" >expect &&
	test_cmp expect first
'

test_expect_success 'charts, when there are any, do not change either' '
	help_options show >opts &&
	if grep -qx svg opts; then
		fsreport show --svg c.svg "$EXAMPLES/sync-modes" >/dev/null &&
		in_de show --svg de.svg "$EXAMPLES/sync-modes" >/dev/null &&
		test_cmp c.svg de.svg
	fi
'

test_expect_success 'messages and help are the same too' '
	fsreport show --help >c &&
	in_de show --help >de &&
	test_cmp c de &&
	fsreport show nothing-here 2>c;
	in_de show nothing-here 2>de;
	test_cmp c de
'

test_done
