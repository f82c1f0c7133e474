#!/bin/sh
# The Markdown tables read back as tables through a real GitHub-flavoured
# Markdown parser (cmark-gfm, Debian's): every row has every column, the
# numbers land in their cells, and what is escaped in a cell ("|", "*",
# "_", "`", "[", "]", "<", "\") comes out as plain text, not as a column
# break, emphasis, code, a link or HTML.
. "$(dirname "$0")/lib.sh"

S="$DATA/seed003"

# cells: one line per table row, its cells' text joined by TAB
cells() {
	cmark-gfm --extension table |
	awk '/^<tr>/ { row = ""; n = 0; next }
	     /^<t[hd][ >]/ {
		sub(/^<t[hd][^>]*>/, ""); sub(/<\/t[hd]>$/, "")
		row = n++ ? row "\t" $0 : $0; next }
	     /^<\/tr>/ { print row }'
}

test_expect_success 'the grouped seed table: 15 rows of 9 cells (one run each: no CI)' '
	fsreport compare --format markdown \
		--group "BUFFERING ENABLED" \
			NODISCARD="$S/vendor2-buffered-nodiscard.csv" \
			DISCARD="$S/vendor2-buffered-discard.csv" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$S/vendor2-unbuffered-nodiscard.csv" \
			DISCARD="$S/vendor2-unbuffered-discard.csv" >md &&
	cells <md >rows &&
	test "$(wc -l <rows)" -eq 15 &&
	awk -F "	" "NF != 9" rows >bad &&
	test ! -s bad &&
	sed -n "1p;2p;4p" rows | tr "\t" "," >actual &&
	cat >expect <<-\EOT &&
	Type,BUFFERING ENABLED,,,,BUFFERING DISABLED,,,
	,<strong>NODISCARD</strong>,<strong>DISCARD</strong>,<strong>DIFF</strong>,<strong>Verdict</strong>,<strong>NODISCARD</strong>,<strong>DISCARD</strong>,<strong>DIFF</strong>,<strong>Verdict</strong>
	Duration_of_transactions (s↓),297.20,521.60,+75.50%,n/a s,285.10,515.90,+80.95%,n/a s
	EOT
	test_cmp expect actual
'

test_expect_success 'escaped characters are text in their cell' '
	printf "%s\n" "test,description,label,value" \
		"t,\"a | b *c* _d_ \`e\` [f](g) <h> \\i, Read_B/s\",x|y,1" \
		"t,\"a | b *c* _d_ \`e\` [f](g) <h> \\i, Read_B/s\",*z*,2" \
		>in.csv &&
	fsreport compare --format markdown in.csv >md &&
	cells <md >rows &&
	test "$(wc -l <rows)" -eq 2 &&
	awk -F "	" "NF != 5" rows >bad &&
	test ! -s bad &&
	tr "\t" "," <rows >actual &&
	cat >expect <<-\EOT &&
	Type,x|y,*z*,DIFF,Verdict
	a | b *c* _d_ `e` [f](g) &lt;h&gt; \i, Read_B/s,1.00,2.00,+100.00%,n/a sx
	EOT
	test_cmp expect actual
'

test_expect_success 'the show table of the ext4 article: 96 rows of 7 cells' '
	fsreport show --format markdown "$EXAMPLES/ext4-mount-options" >md &&
	cells <md >rows &&
	test "$(wc -l <rows)" -eq 97 &&
	awk -F "	" "NF != 7" rows >bad &&
	test ! -s bad &&
	sed -n 2p rows | tr "\t" "," >actual &&
	echo "Flexible IO Tester: Intel IOMeter File Server Access Pattern,Defaults,1,102.98,-,-,Seconds (Run Time)" >expect &&
	test_cmp expect actual
'

test_done
