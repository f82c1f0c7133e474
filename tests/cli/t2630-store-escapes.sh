#!/bin/sh
# Names and values that COPY's text format and PostgreSQL's array
# literals must escape (double quotes, backslashes, tabs, newlines, a
# "\N" and a "\." that COPY would read as NULL and as the end of its
# data, UTF-8 beyond ASCII) go into the store and come back the same, on
# both back ends: test names, units, a label, system.txt and --note
# notes. The bytes kept in each database are read with its own client
# (sqlite3, psql) as hex and checked against the hex of the strings as
# printf writes them here; show, store export and compare --format html
# from either store give the bytes of the folder itself. A throw-away
# PostgreSQL server (tests/cli/lib-pg.sh) runs for this script; without
# its binaries the PostgreSQL checks skip, saying why.
# Data: written below.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-pg.sh"

SOURCE_DATE_EPOCH=1764547200 # 2025-12-01 00:00:00 UTC: the time of an add
export SOURCE_DATE_EPOCH

pg_start

# A label and a --note text, as given on the command line
LABEL='lé "q"\x'
NOTE='x "ü" \t	tab and \\N'

setup() {
	rm -rf r1 s.db* &&
	mkdir r1 &&
	printf '%s\n' 'test,value,unit,better' \
		'"a ""quoted"" \back\slash",1.5,MB/s,higher' \
		'"a ""quoted"" \back\slash",2.5,MB/s,higher' \
		'"tab	here",3,"µs\n",lower' \
		'"new' 'line",4,ops/s,higher' \
		'naïve 東京 ✓ \N,5,°C,higher' \
		'"\.",6,"{""a"",NULL}",higher' >r1/run.csv &&
	printf 'cpu: AMD "Zen" \\x\tcol ✓\nkernel: 6.1\\N\n' >r1/system.txt
}

# hex: the bytes of standard input as lower-case hex, one string a line
# of input (no newline of its own)
hex() {
	while IFS= read -r line; do
		printf '%s' "$line" | od -An -tx1 | tr -d ' \n'
		echo
	done
}

# the expected hex of the test names, units, notes (sorted by hex)
expected() {
	{ printf '%s\n' 'a "quoted" \back\slash' 'tab	here' \
		'naïve 東京 ✓ \N' '\.' | hex
	  printf 'new\nline' | od -An -tx1 | tr -d ' \n'; echo; } |
		LC_ALL=C sort >tests.hex &&
	printf '%s\n' 'MB/s' 'µs\n' 'ops/s' '°C' '{"a",NULL}' | hex |
		LC_ALL=C sort >units.hex &&
	printf '%s\n' "$LABEL" | hex >label.hex &&
	printf '%s\n' 'AMD "Zen" \x	col ✓' '6.1\N' "$NOTE" | hex |
		LC_ALL=C sort >notes.hex
}

SQL_TESTS="SELECT test FROM results"
SQL_UNITS="SELECT DISTINCT unit FROM results"
SQL_LABEL="SELECT label FROM runsets"
SQL_NOTES="SELECT value FROM system_info UNION SELECT value FROM system_notes WHERE kind <> 'meta'"

# lite_hex DB SQL, pg_hex URL SQL: the one column of SQL as hex, one a
# line, read by the database's own client
lite_hex() {
	sqlite3 "$1" "WITH q(v) AS ($2) SELECT lower(hex(v)) FROM q"
}
pg_hex() {
	pg_sql "$1" "SELECT encode(convert_to(v, 'UTF8'), 'hex') FROM ($2) AS q(v)"
}

add() {
	fsreport store add --db "$1" --note "$LABEL=$NOTE" "$LABEL=r1"
}

test_expect_success 'SQLite: the bytes kept are the bytes given' '
	command -v sqlite3 >/dev/null 2>&1 || { skip "no sqlite3 program"; return 0; }
	setup && expected &&
	add s.db >out &&
	printf "added '"'"'%s'"'"': 5 results, 6 samples\n" "$LABEL" >expect &&
	test_cmp expect out &&
	lite_hex s.db "$SQL_TESTS" | LC_ALL=C sort >actual &&
	test_cmp tests.hex actual &&
	lite_hex s.db "$SQL_UNITS" | LC_ALL=C sort >actual &&
	test_cmp units.hex actual &&
	lite_hex s.db "$SQL_LABEL" >actual &&
	test_cmp label.hex actual &&
	lite_hex s.db "$SQL_NOTES" | LC_ALL=C sort >actual &&
	test_cmp notes.hex actual
'

test_expect_success 'PostgreSQL: the bytes kept (COPY, arrays) are the bytes given' '
	pg_needed || return 0
	setup && expected &&
	PG=$(pg_newdb) && echo "$PG" >pg.url &&
	add "$PG" >out &&
	printf "added '"'"'%s'"'"': 5 results, 6 samples\n" "$LABEL" >expect &&
	test_cmp expect out &&
	pg_hex "$PG" "$SQL_TESTS" | LC_ALL=C sort >actual &&
	test_cmp tests.hex actual &&
	pg_hex "$PG" "$SQL_UNITS" | LC_ALL=C sort >actual &&
	test_cmp units.hex actual &&
	pg_hex "$PG" "$SQL_LABEL" >actual &&
	test_cmp label.hex actual &&
	pg_hex "$PG" "$SQL_NOTES" | LC_ALL=C sort >actual &&
	test_cmp notes.hex actual
'

test_expect_success 'read back: the folder bytes from SQLite and from PostgreSQL' '
	setup &&
	add s.db >/dev/null &&
	dbs=s.db &&
	if [ -z "$PG_WHY" ] && [ -n "$PG_DIR" ]; then
		PG=$(pg_newdb) && add "$PG" >/dev/null && dbs="s.db $PG"
	fi &&
	fsreport show --format csv "$LABEL=r1" >show.expect &&
	fsreport show --format html "$LABEL=r1" --note "$LABEL=$NOTE" \
		>html.expect &&
	fsreport store export --db s.db --to csv >export.expect &&
	for db in $dbs; do
		fsreport show --format csv --db "$db" >actual &&
		test_cmp show.expect actual &&
		fsreport show --format html --db "$db" >actual &&
		test_cmp html.expect actual &&
		fsreport store export --db "$db" --to csv >actual &&
		test_cmp export.expect actual || return 1
	done &&
	grep -F "naïve 東京 ✓ \N" show.expect &&
	grep -F "AMD &quot;Zen&quot; \x" html.expect &&
	grep -F "tab and" html.expect
'

test_done
