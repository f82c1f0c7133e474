#!/bin/sh
# The system table in plain text (issue 15): compare and show, in the
# default format and as --format table, end with what is known of each
# system (system.txt in a run folder, --note, PTS's hardware and
# software), the shared rows once, the differing ones marked "*"; and
# nothing when nothing is known. The expected text is written from the
# inputs by hand.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"
EXT4="$EXAMPLES/ext4-mount-options"

setup() {
	rm -rf a b &&
	cp -r "$PM/buffered" a && cp -r "$PM/unbuffered" b &&
	printf "kernel: 6.1.0\nmount options: rw,relatime\n" >a/system.txt &&
	printf "kernel: 6.1.0\nmount options: rw,nobarrier\n" >b/system.txt &&
	cat >expect <<-\EOF
	Systems (* differs between the systems)

	  kernel: 6.1.0
	* mount options:
	      a: rw,relatime
	      b: rw,nobarrier
	* note:
	      a: (not known)
	      b: cold cache
	EOF
}

for f in "" "--format table"; do
	for cmd in compare show; do
		test_expect_success "$cmd $f: the table at the end" "
			setup &&
			fsreport $cmd $f --width 72 a b --note 'b=cold cache' \
				>out &&
			sed -n '/^Systems/,\$p' out >actual &&
			test_cmp expect actual &&
			test \"\$(grep -c '^Systems' out)\" = 1
		"
	done
done

test_expect_success 'nothing known: no system table' '
	fsreport compare "$PM/buffered" "$PM/unbuffered" >out &&
	fsreport compare --format table "$PM/buffered" "$PM/unbuffered" >>out &&
	fsreport show "$PM/buffered" "$PM/unbuffered" >>out &&
	! grep -q "^System" out
'

test_expect_success 'PTS: shared hardware stated once in compare' '
	fsreport compare --width 80 "$EXT4" >out &&
	sed -n "/^Systems/,\$p" out >actual &&
	test "$(sed -n 1p actual)" = "Systems" &&
	grep -q "^  Processor: Intel Core i7 720Q @ 1.60GHz (8 Cores)$" actual &&
	grep -q "^  File-System: ext4$" actual &&
	! grep -q "^\*" actual
'

test_expect_success 'show of PTS: its header, no second table' '
	fsreport show --width 80 "$EXT4" >out &&
	! grep -q "^Systems" out
'

test_expect_success 'report: summary.txt and index.md hold it once' '
	setup &&
	fsreport report a b -o out >/dev/null 2>&1 &&
	test "$(grep -c "^Systems" out/summary.txt)" = 1 &&
	test "$(grep -c "rw,nobarrier" out/index.md)" = 1
'

test_done
