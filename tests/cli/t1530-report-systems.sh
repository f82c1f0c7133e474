#!/bin/sh
# The system table of report (issue 15): PTS hardware and software, a
# run folder's system.txt and --note; the rows all systems share stated
# once, the ones that differ marked, in summary.txt, index.md and
# index.html. The expected text is written from the inputs by hand.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"
EXT4="$EXAMPLES/ext4-mount-options/composite.xml"

setup() {
	rm -rf a b out &&
	cp -r "$PM/buffered" a && cp -r "$PM/unbuffered" b &&
	printf "kernel: 6.1.0\nmount options: rw,relatime\n" >a/system.txt &&
	printf "device: /dev/nvme0n1p2\nbogus line\n" >>a/system.txt &&
	printf "# how b was set up\n\nkernel:   6.1.0  \n" >b/system.txt &&
	printf "mount options: rw,relatime,nobarrier\n: no key\n" \
		>>b/system.txt
}

test_expect_success 'summary.txt: shared rows once, differing rows per system' '
	setup &&
	fsreport report a b --note "a=cold cache" --note "a=second" \
		-o out 2>err &&
	sed -n "/^Systems/,\$p" out/summary.txt >actual &&
	cat >expect <<-\EOF &&
	Systems (* differs between the systems)

	  kernel: 6.1.0
	* mount options:
	      a: rw,relatime
	      b: rw,relatime,nobarrier
	* device:
	      a: /dev/nvme0n1p2
	      b: (not known)
	* note:
	      a: cold cache; second
	      b: (not known)
	EOF
	test_cmp expect actual
'

test_expect_success 'a malformed system.txt line is a warning with file:line' '
	setup &&
	fsreport report a b -o out 2>err &&
	cat >expect <<-\EOF &&
	fsreport: warning: a/system.txt:4: not a '"'"'key: value'"'"' line, skipped
	fsreport: warning: b/system.txt:5: not a '"'"'key: value'"'"' line, skipped
	EOF
	test_cmp expect err &&
	fsreport report -q a b -o out2 2>err &&
	! test -s err
'

test_expect_success 'system.txt is not read as a result file' '
	setup &&
	fsreport show -v a >/dev/null 2>err &&
	grep "a/system.txt: 3 system note(s)" err &&
	! grep "system.txt: skipped" err &&
	mkdir only && cp a/system.txt only/ &&
	test_expect_code 3 fsreport show only 2>err &&
	grep "only: no result file in this folder" err
'

test_expect_success 'index.md: the shared rows as a list, a table of the rest' '
	setup &&
	fsreport report a b -o out 2>/dev/null &&
	sed -n "/^## Systems/,/^## Report/p" out/index.md >actual &&
	cat >expect <<-\EOF &&
	## Systems

	- **kernel**: 6.1.0

	\* differs between the systems:

	| | a | b |
	|---|---|---|
	| \* mount options | rw,relatime | rw,relatime,nobarrier |
	| \* device | /dev/nvme0n1p2 | (not known) |

	## Report
	EOF
	test_cmp expect actual
'

test_expect_success 'index.html: the table under the charts, differing rows marked' '
	setup &&
	fsreport report a b -o out 2>/dev/null &&
	xmllint --html --noout out/index.html &&
	tr -d "\n" <out/index.html |
		sed "s/.*<section id=\"charts\">.*<section id=\"systems\">/SYS/" |
		grep -q "^SYS" &&
	test "$(grep -c "<tr class=\"differs\">" out/index.html)" -eq 2 &&
	grep -q "<tr class=\"shared\"><th>kernel</th><td colspan=\"2\">6.1.0</td></tr>" \
		out/index.html
'

test_expect_success 'PTS: hardware and software from the file, stated once when shared' '
	fsreport report "$EXT4" -o out &&
	sed -n "/^Systems/,\$p" out/summary.txt >actual &&
	# the first <Hardware> and <Software> of the file, a pair a line
	{
		printf "Systems\n\n" &&
		for tag in Hardware Software; do
			sed -n "s/.*<$tag>\(.*\)<\/$tag>.*/\1/p" "$EXT4" |
				head -n 1 | sed "s/, /\n/g; s/^/  /gm" ||
				return 1
		done
	} >expect &&
	test_cmp expect actual
'

test_expect_success 'PTS: a row that differs names each system' '
	sed "s/Disk: 160GB INTEL SSDSA2M160/Disk: 1TB WD Blue/;" "$EXT4" |
		awk "/<Identifier>nobarrier</{n=1} {if (n && sub(/Disk: 1TB WD Blue/, \"Disk: 160GB INTEL SSDSA2M160\")) n=0; print}" \
		>two.xml &&
	fsreport report two.xml -o out &&
	grep -A6 "^\* Disk:" out/summary.txt >actual &&
	cat >expect <<-\EOF &&
	* Disk:
	      Defaults: 1TB WD Blue
	      nobarrier: 160GB INTEL SSDSA2M160
	      data=journal: 1TB WD Blue
	      data=writeback: 1TB WD Blue
	      nodelalloc: 1TB WD Blue
	      discard: 1TB WD Blue
	EOF
	test_cmp expect actual
'

test_expect_success 'no system known: summary.txt is the text of compare' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	! grep -q "^System" out/summary.txt &&
	! grep -q "id=\"systems\"" out/index.html &&
	! grep -q "^## System" out/index.md
'

test_expect_success '--note: LABEL=TEXT, a label of the report' '
	setup &&
	test_expect_code 2 fsreport report a b --note nolabel -o out 2>err &&
	grep "note wants LABEL=TEXT, not '"'"'nolabel'"'"'" err &&
	test_expect_code 2 fsreport report a b --note "=x" -o out 2>err &&
	test_expect_code 2 fsreport report a b --note "c=x" -o out 2>err &&
	grep "no system is labelled '"'"'c'"'"'" err &&
	! test -e out
'

test_done
