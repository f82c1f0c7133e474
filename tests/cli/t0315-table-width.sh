#!/bin/sh
# compare and show --format table fit --width (72 for mail, 80) on the
# run folders of examples/, the PostMark captures and the hyperfine
# files: names, labels and headings are wrapped (inside a word at '_',
# '/', ... when a word alone is too long), never past the width. The
# width is measured by coreutils' wc -L in a UTF-8 locale, not by
# fsreport.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES"
P="$DATA/postmark"
H="$DATA/hyperfine"

# fits WIDTH CMD RUNSET...: no line of the table wider than WIDTH
fits() {
	w=$1 &&
	cmd=$2 &&
	shift 2 &&
	fsreport "$cmd" --format table --width "$w" "$@" >out 2>/dev/null &&
	test -s out &&
	got=$(LC_ALL=C.UTF-8 wc -L <out) &&
	if [ "$got" -gt "$w" ]; then
		echo "$cmd $*: $got columns at --width $w" >&2
		return 1
	fi
}

for w in 72 80; do
	test_expect_success "compare and show at --width $w: the examples" "
		for cmd in compare show; do
			fits $w \$cmd \"\$E/postmark/buffered\" \
				\"\$E/postmark/unbuffered\" &&
			fits $w \$cmd \"\$E/ext4-mount-options\" &&
			fits $w \$cmd \"\$E/sync-modes\" &&
			fits $w \$cmd \"\$E/dbench/default\" \"\$E/dbench/osync\" &&
			fits $w \$cmd \"\$E/fs_mark/sync1\" \"\$E/fs_mark/sync0\" &&
			fits $w \$cmd \"\$E/compare-stats/before.csv\" \
				\"\$E/compare-stats/after.csv\" || return 1
		done &&
		fits $w show \"\$E/fio/fsync1\" \"\$E/fio/nofsync\"
	"
	test_expect_success "compare and show at --width $w: PostMark and hyperfine" "
		for cmd in compare show; do
			fits $w \$cmd \"\$P/verbose/buffered\" \
				\"\$P/verbose/unbuffered\" &&
			fits $w \$cmd \"\$DATA/seed003/vendor1-buffered-nodiscard.csv\" \
				\"\$DATA/seed003/vendor1-buffered-discard.csv\" &&
			fits $w \$cmd \"\$H/two-commands.json\" &&
			fits $w \$cmd \"\$H/param-scan.json\" &&
			fits $w \$cmd \"\$H/named.json\" || return 1
		done
	"
done

test_expect_success 'compare of the fio example fits 80' '
	fits 80 compare "$E/fio/fsync1" "$E/fio/nofsync"
'

test_expect_success 'show of PostMark at 80: long names broken inside the word' '
	fits 80 show "$E/postmark/buffered" "$E/postmark/unbuffered" &&
	grep -q "^Creation_mixed_" out &&
	! grep -q "^Creation_mixed_with_transaction/s " out
'

test_expect_success 'a label wider than its column is wrapped, not cut' '
	fits 72 show "$H/two-commands.json" &&
	grep -q "^  dd if=/dev/zero  *5 " out &&
	grep -q "^  count=16 conv=fdatasync$" out
'

test_done
