#!/bin/sh
# Hostile text from the input never reaches a terminal raw (issue 17):
# ESC, CSI as U+009B, U+202E and the other bidi controls, DEL, CR and
# bytes that are not UTF-8, from CSV fields, PTS titles and system names
# and LABEL=, are escaped in every text output (lib/escape.h): \x1b and
# \u202e in ascii, table, markdown and csv; \u001B and &#x202E; in JSON
# and XML, which read back to the same text.
. "$(dirname "$0")/lib.sh"

ESC=$(printf '\033')
CSI=$(printf '\302\233')
RLO=$(printf '\342\200\256')
LRI=$(printf '\342\201\246')
DEL=$(printf '\177')
CR=$(printf '\r')
BAD=$(printf '\233')

# no_raw FILE: none of the hostile bytes is in FILE
no_raw() {
	for b in "$ESC" "$CSI" "$RLO" "$LRI" "$DEL" "$CR" "$BAD"; do
		if grep -F -q -e "$b" "$1"; then
			echo "$1 holds a raw $(printf %s "$b" | od -An -tx1)"
			return 1
		fi
	done
}

# a CSV whose test, description, unit and label carry every kind; two
# systems so that compare has a baseline
hostile_csv() {
	t=$(printf '"T\033[31mred\302\2332J\342\200\256evil\177"')
	printf 'test,description,unit,better,label,value\n' >h.csv
	for v in 1 2 3; do
		printf '%s,"d\033]0;x\007","u\r",higher,"A\033[1m\342\201\246",%s\n' \
			"$t" "$v" >>h.csv
		printf '%s,"d\033]0;x\007","u\r",higher,B\342\200\256,%s\n' \
			"$t" "$((v + 5))" >>h.csv
	done
}

# a PTS result file whose title, system and description carry C1, bidi
# and DEL controls (XML 1.0 cannot hold C0 ones)
hostile_pts() {
	sed -e 's|<Title>BlogBench</Title>|<Title>Blog\&#x9B;2J\&#x202E;Bench\&#x7F;</Title>|' \
	    -e 's|<Identifier>2018-12-01 07:42</Identifier>|<Identifier>sys\&#x9B;1m\&#x2067;</Identifier>|' \
	    "$CORPUS/blogbench-nestedvm-dateid.xml" >p.xml
}

test_expect_success 'CSV fields: no raw control in any show format' '
	hostile_csv &&
	for f in ascii table markdown csv json long-csv; do
		fsreport show --format $f -o out.$f h.csv || return 1
		no_raw out.$f || return 1
	done &&
	grep -F "T\\x1b[31mred\\u009b2J\\u202eevil\\x7f" out.ascii &&
	grep -F "A\\x1b[1m\\u2066" out.table &&
	grep -F "d\\x1b\\]0;x\\x07 | A\\x1b\\[1m\\u2066 |" out.markdown &&
	grep -F "T\\x1b[31mred\\u009b2J\\u202eevil\\x7f,d\\x1b]0;x\\x07" out.csv &&
	grep -F "\"label\": \"A\\u001B[1m\\u2066\"" out.json
'

test_expect_success 'bytes that are not UTF-8: shown as \\x9b' '
	printf "test,value\nT\233x,1\nT\233x,2\n" >b.csv &&
	for f in ascii table markdown csv; do
		fsreport show --format $f -o out.$f b.csv || return 1
		no_raw out.$f || return 1
		grep -F "T\\x9bx" out.$f || return 1
	done
'

test_expect_success 'CSV fields: no raw control in any compare format' '
	hostile_csv &&
	for f in ascii table markdown csv json; do
		fsreport compare --format $f -o out.$f h.csv || return 1
		no_raw out.$f || return 1
	done &&
	grep -F "B\\u202e" out.ascii &&
	grep -F "B\\u202e" out.csv
'

test_expect_success 'to a terminal-like pipe with colour: still escaped' '
	hostile_csv &&
	fsreport compare --color=always h.csv >out &&
	grep -F "$ESC[" out >colour &&
	test -s colour &&
	sed "s/$ESC\\[[0-9;]*m//g" out >plain &&
	no_raw plain
'

test_expect_success 'PTS title and system name: escaped, JSON and XML keep them' '
	hostile_pts &&
	for f in ascii table markdown csv; do
		fsreport show --format $f -o out.$f p.xml || return 1
		no_raw out.$f || return 1
	done &&
	grep -F "Blog\\u009b2J\\u202eBench\\x7f" out.ascii &&
	grep -F "sys\\u009b1m\\u2067" out.table &&
	for f in json xml pts; do
		fsreport import --to $f -o back.$f p.xml || return 1
		no_raw back.$f || return 1
		fsreport show --format csv back.$f >again.csv || return 1
		test_cmp out.csv again.csv || return 1
	done &&
	grep -F "Blog\\u009B2J\\u202EBench\\u007F" back.json &&
	grep -F "Blog&#x9B;2J&#x202E;Bench&#x7F;" back.xml
'

test_expect_success 'LABEL= from the command line: escaped' '
	hostile_pts &&
	fsreport show --format table "$(printf "L\033[2J\342\200\256")=p.xml" >out &&
	no_raw out &&
	grep -F "L\\x1b[2J\\u202e" out
'

test_expect_success 'the layout dump escapes too; charts still draw' '
	hostile_csv &&
	fsreport compare --debug-layout h.csv >dump &&
	no_raw dump &&
	fsreport compare --svg out.svg --png out.png h.csv >/dev/null &&
	xmllint --noout out.svg &&
	test "$(head -c 4 out.png | od -An -c | tr -d " ")" = "211PNG"
'

test_expect_success 'messages on stderr: C1 and bidi controls escaped too' '
	d="hostile${CSI}[31mX${RLO}Y${LRI}${BAD}" &&
	mkdir -p "$d" &&
	test_expect_code 3 fsreport show "$d/missing" 2>err &&
	no_raw err &&
	grep -F "\\u009b[31mX\\u202eY" err
'

test_done
