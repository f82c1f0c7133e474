#!/bin/sh
# The email table: compare --format table --width 72, pasted into a
# mailing-list post, for fio, hyperfine and PostMark, exactly; and no
# example or test input with 2 or 3 run sets wider than 72 or 80 (wc -L
# in a UTF-8 locale measures, not fsreport). When the names alone do
# not make it fit (fio's 10-digit means), the interval wraps at its
# space under itself.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES"

# fits WIDTH RUNSET...: no line of the compare table wider than WIDTH
fits() {
	w=$1 &&
	shift &&
	fsreport compare --format table --width "$w" "$@" >out 2>/dev/null &&
	test -s out &&
	got=$(LC_ALL=C.UTF-8 wc -L <out) &&
	if [ "$got" -gt "$w" ]; then
		echo "compare $*: $got columns at --width $w" >&2
		return 1
	fi
}

test_expect_success 'fio at 72, exactly (it was 78 columns)' '
	fsreport compare --format table --width 72 "$E/fio/fsync1" \
		"$E/fio/nofsync" >actual &&
	test_golden table-email-fio.txt actual &&
	test "$(LC_ALL=C.UTF-8 wc -L <actual)" -le 72 &&
	grep -q "^randwrite: " actual &&
	grep -q "Verdict" actual &&
	grep -q "(IOPS" actual
'

test_expect_success 'hyperfine at 72, exactly' '
	fsreport compare --format table --width 72 \
		"$DATA/hyperfine/two-commands.json" >actual &&
	test_golden table-email-hyperfine.txt actual &&
	test "$(LC_ALL=C.UTF-8 wc -L <actual)" -le 72
'

test_expect_success 'PostMark at 72, exactly' '
	fsreport compare --format table --width 72 "$E/postmark/buffered" \
		"$E/postmark/unbuffered" >actual &&
	test_golden table-email-postmark.txt actual &&
	test "$(LC_ALL=C.UTF-8 wc -L <actual)" -le 72
'

for w in 72 80; do
	test_expect_success "2 and 3 run sets fit --width $w" "
		fits $w \"\$E/fio/fsync1\" \"\$E/fio/nofsync\" &&
		fits $w \"\$DATA/fio/json-fsync1.json\" \
			\"\$DATA/fio/json-nofsync.json\" \
			\"\$DATA/fio/jsonplus-fsync1.json\" &&
		fits $w \"\$DATA/hyperfine/two-commands.json\" \
			\"\$DATA/hyperfine/named.json\" \
			\"\$DATA/hyperfine/param-scan.json\" &&
		fits $w \"\$DATA/dbench/sync-dirs.txt\" \
			\"\$DATA/dbench/osync-sync-dirs.txt\" \
			\"\$DATA/dbench/two-clients.txt\" &&
		fits $w \"\$E/postmark/buffered\" \"\$E/postmark/unbuffered\" \
			\"\$DATA/postmark/verbose/buffered\"
	"
done

test_expect_success 'a page per system repeats only its own headings' '
	fsreport compare --format table --width 60 "$E/sync-modes" >out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 60 &&
	! grep -q "^ *| *|$" out
'

test_done
