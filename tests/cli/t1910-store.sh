#!/bin/sh
# store: run sets kept in SQLite (--db). What is read back gives the same
# bytes as the folders; the same run is kept once; concurrent adds lose
# nothing; a damaged store is exit 3; the schema is docs/store.md's.
# Data: tests/data/trend/kernels (synthetic, see its README), the PTS
# corpus and examples/.
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"
given() {
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
SOURCE_DATE_EPOCH=1764547200 # 2025-12-01 00:00:00 UTC: the time of an add
export SOURCE_DATE_EPOCH

have_sqlite3() {
	sqlite_only || return 1
	command -v sqlite3 >/dev/null 2>&1 || { skip "no sqlite3 program"; return 1; }
}

test_expect_success 'store add, then trend --db: the bytes of the folders' '
	fsreport store add --db s.db $(given) >out &&
	grep -c "^added " out >n && echo 12 >expect && test_cmp expect n &&
	fsreport trend $(given) >expect &&
	fsreport trend --db s.db >actual &&
	test_cmp expect actual &&
	fsreport trend --format csv --order version $(given) >expect &&
	fsreport trend --format csv --order version --db s.db >actual &&
	test_cmp expect actual
'

test_expect_success 'show and compare --db: the bytes of the folders, every format' '
	P="$EXAMPLES/postmark" &&
	fsreport store add -q --db p.db "$P/buffered" "$P/unbuffered" &&
	for f in ascii table markdown csv json; do
		fsreport compare --format $f "$P/buffered" "$P/unbuffered" >expect &&
		fsreport compare --format $f --db p.db >actual &&
		test_cmp expect actual &&
		fsreport show --format $f "$P/unbuffered" >expect &&
		fsreport show --format $f --db p.db unbuffered >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'a PTS result file with its systems and notes: the same bytes' '
	f="$CORPUS/tiobench-ec2-large.xml" &&
	fsreport store add -q --db t.db "$f" &&
	fsreport show --format json "$f" >expect &&
	fsreport show --format json --db t.db >actual &&
	test_cmp expect actual &&
	f="$CORPUS/tiobench-ec2-4sys-merged.xml" &&
	fsreport store add -q --db four.db "$f" &&
	fsreport compare --format table "$f" >expect &&
	fsreport compare --format table --db four.db >actual &&
	test_cmp expect actual
'

test_expect_success 'a folder keeps the dot of its name as its label (v6.1/ is v6.1)' '
	mkdir v6.1 && cp "$K/6.1/runs.csv" v6.1/ &&
	fsreport store add --db s.db v6.1/ >out &&
	grep "^added .v6\.1.: " out &&
	fsreport show --format csv v6.1/ | sed -n 2p | cut -d, -f6 >actual &&
	echo v6.1 >expect && test_cmp expect actual
'

test_expect_success 'the word add is no run set: labels are the run sets only' '
	have_sqlite3 || return 0
	fsreport store add -q --db s.db "$K/6.1" "$K/6.2" &&
	sqlite3 s.db "SELECT label FROM runsets ORDER BY id" >actual &&
	printf "6.1\n6.2\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'adding the same run twice changes nothing' '
	have_sqlite3 || return 0
	fsreport store add -q --db s.db $(given) &&
	sqlite3 s.db .dump >before &&
	fsreport store add --db s.db $(given) >out &&
	sqlite3 s.db .dump >after &&
	test_cmp before after &&
	grep -c "stored already as" out >n && echo 12 >expect && test_cmp expect n
'

test_expect_success 'the same files elsewhere under another label are the same run' '
	have_sqlite3 || return 0
	fsreport store add -q --db s.db 6.1="$K/6.1" &&
	cp -r "$K/6.1" copy &&
	fsreport store add --db s.db other=copy >out &&
	grep "stored already as .6\.1." out &&
	sqlite3 s.db "SELECT count(*) FROM runsets" >actual &&
	echo 1 >expect && test_cmp expect actual
'

test_expect_success 'a label holding other runs: exit 2, nothing added' '
	have_sqlite3 || return 0
	fsreport store add -q --db s.db 6.1="$K/6.1" &&
	test_expect_code 2 fsreport store add --db s.db 6.3="$K/6.3" 6.1="$K/6.2" 2>err &&
	grep "the label .6\.1. is in the store already" err &&
	sqlite3 s.db "SELECT label FROM runsets" >actual &&
	echo 6.1 >expect && test_cmp expect actual
'

test_expect_success 'twelve store add at once lose nothing (WAL, transactions)' '
	have_sqlite3 || return 0
	for round in 1 2; do
		rm -f c.db c.db-wal c.db-shm &&
		for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
			fsreport store add -q --db c.db 6.$i="$K/6.$i" &
		done &&
		wait &&
		sqlite3 c.db "SELECT count(*) FROM runsets; SELECT count(*) FROM samples" >actual &&
		printf "12\n180\n" >expect &&
		test_cmp expect actual || return 1
	done &&
	sqlite3 c.db "PRAGMA journal_mode" >actual && echo wal >expect &&
	test_cmp expect actual
'

test_expect_success '--select and label patterns choose run sets, in order' '
	fsreport store add -q --db s.db $(given) &&
	fsreport trend --format csv --db s.db --select "6.1?" >out &&
	grep ",PostMark," out | cut -d, -f6 | tr "\n" " " >actual &&
	printf "6.10 6.11 6.12 " >expect && test_cmp expect actual &&
	fsreport compare --format csv --db s.db 6.12 6.1 >out &&
	sed -n 2p out | cut -d, -f6,7 >actual &&
	echo 6.12,6.1 >expect && test_cmp expect actual &&
	fsreport compare --format csv 6.12="$K/6.12" 6.1="$K/6.1" >expect &&
	test_cmp expect out
'

test_expect_success '--since and --until: the runs own time, else the time of the add' '
	fsreport store add -q --db s.db 6.1="$K/6.1" &&
	SOURCE_DATE_EPOCH=1767225600 fsreport store add -q --db s.db 6.2="$K/6.2" &&
	fsreport show --format csv --db s.db --since 2026-01-01 >out &&
	cut -d, -f6 out | sort -u | tr "\n" " " >actual &&
	printf "6.2 label " >expect && test_cmp expect actual &&
	fsreport show --format csv --db s.db --until "2025-12-01 00:00:00" >out &&
	cut -d, -f6 out | sort -u | tr "\n" " " >actual &&
	printf "6.1 label " >expect && test_cmp expect actual &&
	fsreport store add -q --db s.db L="$CORPUS/tiobench-ec2-large.xml" \
		Mi="$CORPUS/tiobench-ec2-micro.xml" &&
	fsreport trend --format csv --order time --db s.db --since 2000-01-01 --until 2024-12-31 "[LM]*" >a &&
	fsreport trend --format csv --order time L="$CORPUS/tiobench-ec2-large.xml" \
		Mi="$CORPUS/tiobench-ec2-micro.xml" >b &&
	test_cmp b a &&
	test_expect_code 3 fsreport show --db s.db --since 2030-01-01 2>err &&
	grep "no stored run set matches" err
'

test_expect_success 'store export --to csv: the long form, as import --to csv writes it' '
	P="$EXAMPLES/postmark" &&
	fsreport store add -q --db p.db "$P/buffered" "$P/unbuffered" &&
	fsreport store export --db p.db --to csv -o out.csv &&
	fsreport import --to csv -o expect.csv "$P/buffered" "$P/unbuffered" &&
	test_cmp expect.csv out.csv &&
	fsreport store export --db p.db --select unbuffered >one.csv &&
	fsreport import -o expect.csv "$P/unbuffered" &&
	test_cmp expect.csv one.csv
'

test_expect_success 'an output naming the store is refused (exit 2)' '
	sqlite_only || return 0
	fsreport store add -q --db s.db 6.1="$K/6.1" &&
	test_expect_code 2 fsreport show --db s.db -o s.db 2>err &&
	grep "refusing to write -o .s\.db.: it is the input .s\.db." err &&
	test_expect_code 2 fsreport store export --db s.db -o ./s.db &&
	test_expect_code 2 fsreport trend --db s.db --format csv -o s.db &&
	mkdir runs && cp "$K/6.2/runs.csv" runs/ &&
	test_expect_code 2 fsreport store add --db runs/s.db runs 2>err &&
	grep "refusing to write --db .runs/s\.db.: it is in the folder .runs." err &&
	test_expect_code 2 fsreport store add --db runs/runs.csv runs/runs.csv &&
	test ! -e runs/s.db
'

test_expect_success 'not a store, or a damaged one: exit 3 with the reason' '
	sqlite_only || return 0
	head -c 4096 /dev/zero | tr "\0" x >junk.db &&
	test_expect_code 3 fsreport show --db junk.db 2>err &&
	grep "^fsreport: junk.db: not a results store, or a damaged one (SQLite: file is not a database)$" err &&
	: >empty.db &&
	test_expect_code 3 fsreport trend --db empty.db 2>err &&
	grep "not a results store (an empty database)" err &&
	test_expect_code 3 fsreport trend --db missing.db 2>err &&
	grep "missing.db: cannot open the results store: No such file" err &&
	test_expect_code 3 fsreport store add --db junk.db "$K/6.1" &&
	fsreport store add -q --db s.db $(given) &&
	size=$(wc -c <s.db) &&
	head -c $((size / 2)) s.db >half.db &&
	test_expect_code 3 fsreport trend --db half.db 2>err &&
	grep "damaged" err
'

test_expect_success 'another SQLite database, a newer schema: exit 3' '
	have_sqlite3 || return 0
	sqlite3 other.db "CREATE TABLE t (x)" &&
	test_expect_code 3 fsreport show --db other.db 2>err &&
	grep "an SQLite database, but not a results store of fsreport" err &&
	test_expect_code 3 fsreport store add --db other.db "$K/6.1" &&
	fsreport store add -q --db s.db "$K/6.1" &&
	sqlite3 s.db "PRAGMA user_version = 99" &&
	test_expect_code 3 fsreport show --db s.db 2>err &&
	grep "schema version 99; this fsreport reads versions 1 to 5" err &&
	test_expect_code 3 fsreport store add --db s.db "$K/6.2"
'

test_expect_success 'a changed sample is found by the run set digest' '
	have_sqlite3 || return 0
	fsreport store add -q --db s.db $(given) &&
	sqlite3 s.db "UPDATE samples SET value = value + 1 WHERE seq = 0 AND cell_id = (SELECT min(id) FROM cells)" &&
	test_expect_code 3 fsreport trend --db s.db 2>err &&
	grep "damaged: run set .6\.1. does not match its SHA-256" err
'

test_expect_success 'bytes overwritten anywhere: exit 3, or the same output (never a crash)' '
	sqlite_only || return 0
	fsreport store add -q --db s.db $(given) &&
	fsreport trend --db s.db >good &&
	size=$(wc -c <s.db) && off=50 &&
	while [ $off -lt $size ]; do
		cp s.db f.db &&
		printf "\245Z\023\377" | dd of=f.db bs=1 seek=$off conv=notrunc 2>/dev/null &&
		{ fsreport trend --db f.db >out 2>err; rc=$?; } &&
		case $rc in
		0) test_cmp good out || { echo "changed at $off"; return 1; } ;;
		3) grep -q "damaged" err || { cat err; return 1; } ;;
		*) echo "exit $rc at $off"; cat err; return 1 ;;
		esac
		off=$((off + 1531))
	done
'

test_expect_success 'the schema is docs/store.md'"'"'s (version 5, application id FSRS)' '
	have_sqlite3 || return 0
	fsreport store add -q --db s.db "$K/6.1" &&
	sqlite3 s.db "PRAGMA user_version; PRAGMA application_id" >actual &&
	printf "5\n1179865683\n" >expect && test_cmp expect actual &&
	sqlite3 s.db .schema >schema &&
	sed -n "/^<!-- schema 5 -->/,/^<!-- end -->/p" "$TOP/docs/store.md" |
		sed "1,2d;\$d" | sed "\$d" >doc &&
	test_cmp doc schema
'

test_expect_success 'time series (schema 3): the runs of fio logs read back the same, --steady alike' '
	S="$DATA/fio/series" &&
	mkdir runs empty &&
	cp "$S"/randwrite-*_iops.1.log "$S"/randwrite-*_bw.1.log runs/ &&
	fsreport store add -q --db t.db runs &&
	for f in json table markdown; do
		fsreport show --format $f runs >expect &&
		fsreport show --format $f --db t.db runs >actual &&
		test_cmp expect actual &&
		fsreport show --steady --format $f runs >expect &&
		fsreport show --steady --format $f --db t.db runs >actual &&
		test_cmp expect actual || return 1
	done &&
	test "$(grep -c "\"t_ms\"" actual)" = 0 &&
	fsreport show --format json --db t.db runs >j &&
	test "$(grep -c "\"t_ms\"" j)" = 6 &&
	fsreport show --format json runs >runs.json &&
	awk "/\"(t_ms|values)\": \\[\$/ { sub(/\\[\$/, \"[]\"); skip = 1; head = \$0; next }
		skip && /^ *\\],?\$/ { skip = 0; if (/,\$/) head = head \",\"; print head; next }
		!skip" runs.json >empty/e.json &&
	grep -c "\"values\": \[\]" empty/e.json >n && echo 6 >expect && test_cmp expect n &&
	fsreport store add -q --db e.db runs=empty/e.json &&
	fsreport show --format json empty/e.json >expect &&
	fsreport show --format json --db e.db runs >actual &&
	grep -c "\"values\": \[\]" actual >n && echo 6 >expect6 && test_cmp expect6 n &&
	sed "1,/\"systems\"/d" expect >x && sed "1,/\"systems\"/d" actual >y &&
	test_cmp x y
'

test_expect_success 'time series: a changed value is found by the run set digest' '
	have_sqlite3 || return 0
	mkdir runs &&
	cp "$DATA"/fio/series/randwrite-1_iops.1.log runs/ &&
	fsreport store add -q --db t.db runs &&
	sqlite3 t.db "UPDATE series_values SET value = value + 1 WHERE seq = 3" &&
	test_expect_code 3 fsreport show --db t.db 2>err &&
	grep "damaged: run set .runs. does not match its SHA-256" err
'

test_expect_success 'time series: a time that is not a number is refused where it is read (exit 3)' '
	have_sqlite3 || return 0
	mkdir runs &&
	cp "$DATA"/fio/series/randwrite-1_iops.1.log runs/ &&
	fsreport store add -q --db t.db runs &&
	sqlite3 t.db "UPDATE series_values SET t_ms = NULL WHERE seq = 2" &&
	test_expect_code 3 fsreport show --format json --db t.db >out 2>err &&
	grep "t.db: the results store is damaged: run set .runs.: cell [0-9]*, run 0: time 3 of its series is not a finite number" err &&
	! test -s out
'

test_expect_success '--drop-first (schema 4): a run set written with it says so from the store too' '
	fsreport show --drop-first --format json "$EXAMPLES/sync-modes" >d.json &&
	fsreport store add -q --db d.db d.json &&
	fsreport show --format table --width 100 d.json >expect &&
	grep "^first run of each configuration left out (--drop-first): 10 runs" expect &&
	fsreport show --format table --width 100 --db d.db d >actual &&
	test_cmp expect actual &&
	fsreport show --format json --db d.db d >j &&
	grep "\"dropped_first\": 10," j &&
	fsreport store add -q --db p.db plain="$EXAMPLES/sync-modes" &&
	fsreport show --format table --width 100 --db p.db plain >p &&
	! grep "left out (--drop-first)" p || return 1
	have_sqlite3 || return 0
	sqlite3 d.db "SELECT r.label, x.n FROM runset_dropped_first x
		JOIN runsets r ON r.id = x.runset_id" >rows &&
	echo "d|10" >expect && test_cmp expect rows
'

test_expect_success '--drop-first: a changed count is found by the run set digest' '
	have_sqlite3 || return 0
	fsreport show --drop-first --format json "$EXAMPLES/sync-modes" >d.json &&
	fsreport store add -q --db d.db d.json &&
	sqlite3 d.db "UPDATE runset_dropped_first SET n = 0" &&
	test_expect_code 3 fsreport show --db d.db d 2>err &&
	grep "does not match its SHA-256" err
'

test_expect_success 'usage errors' '
	test_expect_code 2 fsreport store 2>err &&
	test_expect_code 2 fsreport store add "$K/6.1" 2>err &&
	grep "store needs --db FILE" err &&
	test_expect_code 2 fsreport store frob --db s.db 2>err &&
	grep "store knows the subcommands add, export and sync" err &&
	test_expect_code 2 fsreport store add --db s.db 2>err &&
	grep "store add needs run sets" err &&
	test_expect_code 2 fsreport store add --db s.db --select x "$K/6.1" &&
	test_expect_code 2 fsreport store export --db s.db --to json &&
	test_expect_code 2 fsreport show --select "6.*" "$K/6.1" 2>err &&
	grep -- "--select, --since and --until go with --db" err &&
	test_expect_code 2 fsreport trend --db s.db --since yesterday 2>err &&
	grep -- "--since wants YYYY-MM-DD" err &&
	test ! -e s.db
'

test_expect_success 'store --help names the subcommands and --db' '
	fsreport store --help >out &&
	grep "fsreport store add --db FILE" out &&
	grep -- "--db FILE" out &&
	fsreport --help >out &&
	grep "^  store " out
'

test_done
