#!/bin/sh
# The store scripts of the 19xx family (trend, store, check, trend
# charts, notes, report over --db, the change-point cache) on both back ends, without a copy of
# their tests: each script runs once as it is, on SQLite files, and once
# with every "--db FILE" a PostgreSQL database of the one throw-away
# server this script starts (tests/cli/lib-pg.sh; lib.sh's store_run
# maps the file to a database). Both runs must pass, and every fsreport
# command of them must print the same bytes and exit code on both back
# ends (lib.sh's transcript), the tests that need the store to be an
# SQLite file (sqlite_only) left out of the PostgreSQL run. Then store
# sync: run sets copied SQLite -> PostgreSQL -> SQLite give the bytes
# of the folders, a second sync copies nothing, a selection, and the
# errors. Without the server binaries every check skips, saying why.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-pg.sh"

K="$DATA/trend/kernels"
given() {
	for i in "$@"; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
SOURCE_DATE_EPOCH=1764547200 # 2025-12-01 00:00:00 UTC: the time of an add
export SOURCE_DATE_EPOCH

pg_start

# both_ends SCRIPT: run tests/cli/SCRIPT on SQLite, then on PostgreSQL;
# both pass (their "not ok" lines shown), and the transcripts agree
both_ends() {
	s="$TOP/tests/cli/$1"
	FSR_TRANSCRIPT="$PWD/lite.tr" sh "$s" </dev/null >lite.out 2>&1
	echo "exit $?" >>lite.out
	FSR_TRANSCRIPT="$PWD/pg.tr" FSR_STORE_PG="$PG_DIR" FSR_PG_BIN="$PG_BIN" \
		sh "$s" </dev/null >pg.out 2>&1
	echo "exit $?" >>pg.out
	ok=0
	for r in lite pg; do
		if grep -q "^not ok" $r.out || ! grep -qx "exit 0" $r.out; then
			echo "$1 on $r:" && grep -v "^ok " $r.out
			ok=1
		fi
	done
	[ "$ok" -eq 0 ] || return 1
	# the PostgreSQL run ran its store tests (skipped ones are SQLite's)
	{ grep -c "^ok .*# skip the store is an SQLite file here" pg.out >nskip || :; } &&
	test "$(grep -c "^ok " pg.out)" -gt "$(cat nskip)" &&
	# the tests marked SQLite-only in either run, left out of both
	# (its first line none: awk reads the next file only after a line)
	{ echo none; cat lite.tr pg.tr |
		awk "\$2 == \"sqlite-only\" { print \$1 }" | sort -u; } >only &&
	for r in lite pg; do
		awk "NR == FNR { skip[\$1] = 1; next } !(\$1 in skip)" only $r.tr |
			LC_ALL=C sort >$r.cmp || return 1
	done &&
	test -s lite.cmp &&
	test_cmp lite.cmp pg.cmp
}

# the 19xx scripts that use a store
for s in t1910-store.sh t1920-check.sh t1930-trend-charts.sh \
	t1940-store-notes.sh t1950-report-trend.sh t1960-store-cpcache.sh; do
	test_expect_success "$s on SQLite and PostgreSQL: both pass, the same bytes" "
		pg_needed || return 0
		both_ends $s
	"
done

test_expect_success 'store sync SQLite -> PostgreSQL -> SQLite: the same run sets, the same bytes' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db a.db $(given 1 2 3 4 5 6) &&
	fsreport store sync a.db "$PG" >out &&
	{ for i in 1 2 3 4 5 6; do
		echo "copied '"'"'6.$i'"'"': 3 results, 15 samples"; done
	  echo "a.db -> $PG: 6 run sets copied, 0 there already"; } >expect &&
	test_cmp expect out &&
	fsreport store sync "$PG" b.db >out &&
	grep -c "^copied " out >n && echo 6 >expect && test_cmp expect n &&
	fsreport trend $(given 1 2 3 4 5 6) >expect &&
	for db in a.db "$PG" b.db; do
		fsreport trend --db "$db" >actual && test_cmp expect actual || return 1
	done &&
	fsreport store export --db a.db >expect &&
	fsreport store export --db "$PG" >actual && test_cmp expect actual &&
	fsreport store export --db b.db >actual && test_cmp expect actual &&
	sq="SELECT label, files_sha256, data_sha256, added_at FROM runsets ORDER BY id" &&
	pg_sql "$PG" "$sq" >pg.rows &&
	if command -v sqlite3 >/dev/null; then
		sqlite3 a.db "$sq" >a.rows && test_cmp a.rows pg.rows &&
		sqlite3 b.db "$sq" >b.rows && test_cmp a.rows b.rows
	fi
'

test_expect_success 'store sync again: nothing copied, each counted; a selection; the same files under another label' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db a.db $(given 1 2 3) &&
	fsreport store sync -q a.db "$PG" "6.[12]" >out &&
	test_cmp /dev/null out &&
	test "$(pg_sql "$PG" "SELECT string_agg(label, \$\$,\$\$ ORDER BY id) FROM runsets")" = 6.1,6.2 &&
	fsreport store add -q --db a.db $(given 4) &&
	fsreport store sync a.db "$PG" >out &&
	printf "%s\n" "'"'"'6.1'"'"': in $PG already as '"'"'6.1'"'"', not copied" \
		"'"'"'6.2'"'"': in $PG already as '"'"'6.2'"'"', not copied" \
		"copied '"'"'6.3'"'"': 3 results, 15 samples" \
		"copied '"'"'6.4'"'"': 3 results, 15 samples" \
		"a.db -> $PG: 2 run sets copied, 2 there already" >expect &&
	test_cmp expect out &&
	fsreport store add -q --db c.db other="$K/6.1" &&
	fsreport store sync c.db "$PG" >out &&
	grep "^.other.: in .* already as .6.1., not copied$" out &&
	fsreport store sync --select "6.[34]" --since 2025-12-01 "$PG" d.db >out &&
	tail -n 1 out >actual &&
	echo "$PG -> d.db: 2 run sets copied, 0 there already" >expect &&
	test_cmp expect actual
'

test_expect_success 'store sync errors: usage 2, a source or selection 3, a label taken 2 with the earlier ones kept' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db a.db $(given 1 2 3) &&
	test_expect_code 2 fsreport store sync a.db ./a.db 2>err &&
	grep "a.db is both the source and the destination" err &&
	test_expect_code 2 fsreport store sync a.db 2>err &&
	grep "store sync needs SRC and DST" err &&
	test_expect_code 2 fsreport store sync --db x.db a.db b.db 2>err &&
	test_expect_code 3 fsreport store sync missing.db b.db 2>err &&
	grep "^fsreport: missing.db: cannot open the results store" err &&
	test_expect_code 3 fsreport store sync a.db b.db "7.*" 2>err &&
	grep "^fsreport: a.db: no stored run set matches the selection$" err &&
	test ! -e b.db &&
	fsreport store add -q --db "$PG" 6.3="$K/6.4" &&
	test_expect_code 2 fsreport store sync a.db "$PG" >out 2>err &&
	grep "the label .6.3. is there already, with other runs; .6.3. was not copied" err &&
	test "$(grep -c "^copied " out)" = 2 &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM runsets")" = 3 &&
	FSREPORT_DB=nothere.db fsreport store sync -q a.db e.db &&
	test ! -e nothere.db && test -s e.db
'

test_expect_success 'store sync of a damaged run set: exit 3, the run sets before it copied' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" $(given 1 2 3) &&
	pg_sql "$PG" "UPDATE samples SET value = value + 1 WHERE seq = 0 AND cell_id = (SELECT min(c.id) FROM cells c JOIN runsets r ON r.id = c.runset_id WHERE r.label = \$\$6.2\$\$)" &&
	test_expect_code 3 fsreport store sync "$PG" b.db >out 2>err &&
	grep "damaged: run set .6.2. does not match its SHA-256" err &&
	echo "copied '"'"'6.1'"'"': 3 results, 15 samples" >expect &&
	test_cmp expect out &&
	fsreport show --format csv --db b.db >actual &&
	fsreport show --format csv $(given 1) >expect &&
	test_cmp expect actual
'

test_expect_success 'store --help and the man page name store sync' '
	fsreport store --help >out &&
	grep "fsreport store sync SRC DST" out &&
	grep "^\.B store sync" "$TOP/fsreport.1"
'

test_done
