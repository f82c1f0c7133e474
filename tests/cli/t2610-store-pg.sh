#!/bin/sh
# The results store in PostgreSQL (--db postgresql://...): the store
# commands of t1910, t1920, t1940 and t1950 give the same bytes from
# PostgreSQL as from SQLite; the schema is made on the first add with its
# version row; the same run set from two runners is stored once; ten
# runners at once lose nothing; a bad URL, a server that is not there or
# goes away mid-add, a role without rights and a newer schema each give
# a clear message, their exit code and nothing half stored. A throw-away
# server (tests/cli/lib-pg.sh) runs for this script; without the server
# binaries every check skips, saying why.
# Data: tests/data/trend/kernels and check (see their README), the PTS
# corpus, examples/postmark.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-pg.sh"

K="$DATA/trend/kernels"
N="$DATA/trend/check"
PM="$EXAMPLES/postmark"
given() {
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
SOURCE_DATE_EPOCH=1764547200 # 2025-12-01 00:00:00 UTC: the time of an add
export SOURCE_DATE_EPOCH

pg_start

# both NAME ARGS...: fsreport ARGS with --db s.db and with --db $PG,
# NAME.lite and NAME.pg (standard output, then the exit code); the
# same bytes.
both() {
	name=$1
	shift
	fsreport "$@" --db s.db >"$name.lite" 2>"$name.lite.err"
	echo "exit $?" >>"$name.lite"
	fsreport "$@" --db "$PG" >"$name.pg" 2>"$name.pg.err"
	echo "exit $?" >>"$name.pg"
	test_cmp "$name.lite" "$name.pg"
}

test_expect_success 'store add, trend, check, export: the same bytes from both back ends' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	both add store add $(given) &&
	grep -c "^added " add.pg >n && echo 12 >expect && test_cmp expect n &&
	both again store add $(given) &&
	grep -c "stored already" again.pg >n && test_cmp expect n &&
	both trend trend &&
	fsreport trend $(given) >expect &&
	sed "\$d" trend.pg >actual && test_cmp expect actual &&
	both trend-csv trend --format csv --order version &&
	both sel trend --format csv --select "6.1?" &&
	both since show --format csv --since 2025-12-01 &&
	both none show --since 2030-01-01 &&
	both slow check "$N/6.13-slow" &&
	grep "^exit 1$" slow.pg &&
	both same check --format csv "$N/6.13-same" &&
	both export store export --to csv &&
	both export1 store export --select "6.1?"
'

test_expect_success 'show, compare and report: every format, the same bytes' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	rm -f s.db &&
	both add store add "$PM/buffered" "$PM/unbuffered" \
		L="$CORPUS/tiobench-ec2-large.xml" --note "buffered=cold cache" &&
	for f in ascii table markdown csv json html; do
		both cmp-$f compare --format $f buffered unbuffered &&
		both show-$f show --format $f &&
		both one-$f show --format $f L || return 1
	done &&
	fsreport report --db s.db -o r-lite >/dev/null &&
	fsreport report --db "$PG" -o r-pg >/dev/null &&
	diff -r r-lite r-pg
'

test_expect_success 'a label holding other runs: exit 2 and nothing added, as SQLite' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	rm -f s.db &&
	both one store add 6.1="$K/6.1" &&
	both taken store add 6.3="$K/6.3" 6.1="$K/6.2" &&
	grep "^exit 2$" taken.pg &&
	sed "s|$PG|DB|" taken.pg.err >a && sed "s|s.db|DB|" taken.lite.err >b &&
	test_cmp b a &&
	test "$(pg_sql "$PG" "SELECT string_agg(label, \$\$,\$\$) FROM runsets")" = 6.1
'

test_expect_success 'the schema: made by the first add, its version row, views for other tools (n, mean, sd as awk has them)' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" 6.1="$K/6.1" &&
	pg_sql "$PG" "SELECT key, value FROM fsreport_meta ORDER BY key" >actual &&
	printf "application|fsreport results store\nschema_version|5\n" >expect &&
	test_cmp expect actual &&
	pg_sql "$PG" "SELECT count(*) FROM sample_rows" >actual &&
	echo 15 >expect && test_cmp expect actual &&
	fsreport store add -q --db "$PG" 6.2="$K/6.2" &&
	pg_sql "$PG" "SELECT label, test, n, mean, sd FROM runset_stats ORDER BY runset, test" |
		tr "|" " " >view &&
	test "$(wc -l <view)" = 6 &&
	fsreport store export --db "$PG" --to csv >long.csv &&
	awk -F, "NR > 1 { k = \$5 \" \" \$1; n[k]++; s[k] += \$6; q[k] += \$6 * \$6 }
		END { for (k in n) { m = s[k] / n[k]; printf \"%s %d %.17g %.17g\\n\", k, n[k], m, sqrt((q[k] - n[k] * m * m) / (n[k] - 1)) } }" \
		long.csv >awk.txt &&
	while read -r label test n mean sd; do
		grep "^$label $test $n " awk.txt >line || return 1
		read -r l t k m s <line &&
		awk -v a="$mean" -v b="$m" -v c="$sd" -v e="$s" "BEGIN {
			exit !((a - b)^2 <= (1e-9 * b)^2 && (c - e)^2 <= (1e-6 * e)^2) }" ||
			{ echo "$label $test: $mean $sd, awk: $m $s"; return 1; }
	done <view
'

test_expect_success 'FSREPORT_DB names the store when --db is not given' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	FSREPORT_DB=$PG fsreport store add -q 6.1="$K/6.1" 6.2="$K/6.2" &&
	FSREPORT_DB=$PG fsreport trend --format csv >actual &&
	fsreport trend --format csv 6.1="$K/6.1" 6.2="$K/6.2" >expect &&
	test_cmp expect actual &&
	FSREPORT_DB=$PG fsreport show --format csv "$K/6.3" >actual &&
	fsreport show --format csv "$K/6.3" >expect &&
	test_cmp expect actual
'

test_expect_success 'the same run set from two runners at once is stored once' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" 6.1="$K/6.1" &&
	for round in 1 2 3 4 5; do
		fsreport store add --db "$PG" r$round="$K/6.2" >a.$round &
		fsreport store add --db "$PG" r$round="$K/6.2" >b.$round &
		wait || return 1
	done &&
	cat a.1 b.1 | sort >actual &&
	printf "%s\n" "added '"'"'r1'"'"': 3 results, 15 samples" \
		"'"'"'$K/6.2'"'"': stored already as '"'"'r1'"'"', not added again" |
		sort >expect &&
	test_cmp expect actual &&
	cat a.[2-5] b.[2-5] | sort -u >actual &&
	sed -n "/stored already/p" expect >expect1 && test_cmp expect1 actual &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM runsets")" = 2 &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM samples")" = 30
'

test_expect_success 'ten runners adding at once lose nothing' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	for i in 1 2 3 4 5 6 7 8 9 10; do
		fsreport store add -q --db "$PG" 6.$i="$K/6.$i" 2>err.$i &
	done &&
	wait &&
	cat err.* >err && test_cmp /dev/null err &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM runsets")" = 10 &&
	fsreport trend --format csv --order version --db "$PG" >actual &&
	fsreport trend --format csv --order version \
		$(for i in 1 2 3 4 5 6 7 8 9 10; do printf "6.%s=%s/6.%s " $i "$K" $i; done) >expect &&
	test_cmp expect actual
'

test_expect_success 'a bad URL is exit 2; no server there: exit 3 reading, 4 adding' '
	pg_needed || return 0
	test_expect_code 2 fsreport show --db "postgresql://[x" 2>err &&
	grep "^fsreport: postgresql://\[x: not a PostgreSQL connection URL: " err &&
	nowhere="postgresql:///x?host=$PWD/none&user=fsr" &&
	test_expect_code 3 fsreport trend --db "$nowhere" 2>err &&
	grep "^fsreport: postgresql:///x?host=.*: cannot connect to the results store: " err &&
	test_expect_code 4 fsreport store add --db "$nowhere" "$K/6.1" 2>err &&
	grep "cannot connect to the results store" err &&
	test_expect_code 2 fsreport show --db "postgresql://u:secret@[x" 2>err &&
	! grep secret err && grep "u:\*\*\*@" err
'

test_expect_success 'not a store, an empty database, a newer schema: exit 3' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	test_expect_code 3 fsreport show --db "$PG" 2>err &&
	grep "not a results store (a database without fsreport.s tables)" err &&
	pg_sql "$PG" "CREATE TABLE runsets (id int)" &&
	test_expect_code 3 fsreport store add --db "$PG" "$K/6.1" 2>err &&
	grep "but not a results store of fsreport" err &&
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" 6.1="$K/6.1" &&
	pg_sql "$PG" "UPDATE fsreport_meta SET value = 99 WHERE key = \$\$schema_version\$\$" &&
	test_expect_code 3 fsreport show --db "$PG" 2>err &&
	grep "schema version 99; this fsreport reads versions 1 to 5" err &&
	test_expect_code 3 fsreport store add --db "$PG" 6.2="$K/6.2" &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM runsets")" = 1
'

test_expect_success 'a changed sample is found by the run set digest (exit 3)' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" 6.1="$K/6.1" &&
	pg_sql "$PG" "UPDATE samples SET value = value + 1 WHERE seq = 0 AND cell_id = (SELECT min(id) FROM cells)" &&
	test_expect_code 3 fsreport trend --db "$PG" 2>err &&
	grep "the results store is damaged: run set .6.1. does not match its SHA-256" err
'

test_expect_success 'a runner (INSERT and SELECT only) adds; a reader reads, cannot add' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" 6.1="$K/6.1" &&
	db=${PG%%\?*} && db=${db##*/} &&
	pg_sql "$PG" "CREATE ROLE runner LOGIN; CREATE ROLE reader LOGIN;
		GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO runner;
		GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO runner;
		GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader" &&
	RUN="postgresql:///$db?host=$PG_DIR&user=runner" &&
	READ="postgresql:///$db?host=$PG_DIR&user=reader" &&
	fsreport store add -q --db "$RUN" 6.2="$K/6.2" &&
	test_expect_code 4 fsreport store add --db "$READ" 6.3="$K/6.3" 2>err &&
	grep "permission denied for table runsets (docs/store.md: the rights of a runner and a reader)" err &&
	fsreport trend --format csv --db "$READ" >actual &&
	fsreport trend --format csv 6.1="$K/6.1" 6.2="$K/6.2" >expect &&
	test_cmp expect actual &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM runsets")" = 2
'

test_expect_success 'the change-point cache: a runner'"'"'s check writes it, a reader'"'"'s reads it and writes nothing, the same bytes' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	mkdir in &&
	awk "BEGIN { s = 3
		for (r = 0; r < 131; r++) {
			f = sprintf(\"in/r%03d.csv\", r)
			print \"test,value,unit,better\" > f
			for (k = 0; k < 4; k++) {
				s = (s * 1103515245 + 12345) % 2147483648
				printf \"a,%.4f,MB/s,higher\\n\", 100 + 2 * s / 2147483648 >> f
			}
			close(f)
		} }" &&
	mv in/r130.csv new.csv &&
	fsreport store add -q --db "$PG" in/*.csv &&
	db=${PG%%\?*} && db=${db##*/} &&
	pg_sql "$PG" "CREATE ROLE runner2 LOGIN; CREATE ROLE reader2 LOGIN;
		GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO runner2;
		GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader2" &&
	RUN="postgresql:///$db?host=$PG_DIR&user=runner2" &&
	READ="postgresql:///$db?host=$PG_DIR&user=reader2" &&
	fsreport check -v --db "$READ" new.csv >reader.cold 2>err &&
	grep "change points of 0 windows from its cache, 2 searched, 0 kept (the store cannot be written)" err &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM changepoint_cache")" = 0 &&
	fsreport check -v --db "$RUN" new.csv >runner 2>err &&
	grep "change points of 0 windows from its cache, 2 searched, 1 kept$" err &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM changepoint_cache")" = 1 &&
	fsreport check -v --db "$READ" new.csv >reader.warm 2>err &&
	grep "change points of 1 window from its cache, 1 searched, 0 kept$" err &&
	test_cmp reader.cold runner &&
	test_cmp reader.cold reader.warm &&
	fsreport trend --format csv --db "$READ" >trend.db &&
	fsreport trend --format csv in/*.csv >trend.files &&
	test_cmp trend.files trend.db
'

# Last: it stops the server.
test_expect_success 'the server stopped mid-add: exit 4, the message, nothing stored' '
	pg_needed || return 0
	PG=$(pg_newdb) &&
	fsreport store add -q --db "$PG" 6.1="$K/6.1" &&
	sleep 0 || return 1
	# a session that holds a lock the add waits for (the add is then
	# halfway: its run set row is in, uncommitted)
	pg_sql "$PG" "BEGIN; LOCK TABLE results IN EXCLUSIVE MODE; SELECT pg_sleep(60)" >/dev/null 2>&1 &
	sleep 1
	{ fsreport store add --db "$PG" new="$N/6.13-slow" >out 2>err; echo $? >rc; } &
	adder=$!
	n=0
	for i in $(seq 100); do
		n=$(pg_sql "$PG" "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = \$\$Lock\$\$") &&
		test "$n" -ge 1 && break
		sleep 0.1
	done
	test "$n" -ge 1 &&
	pg_server_kill &&
	wait $adder &&
	echo 4 >expect && test_cmp expect rc &&
	grep "^fsreport: postgresql:///.*: cannot add to the results store: the connection to the server was lost (.*); nothing was added$" err &&
	pg_server_start &&
	test "$(pg_sql "$PG" "SELECT string_agg(label, \$\$,\$\$) FROM runsets")" = 6.1 &&
	test "$(pg_sql "$PG" "SELECT count(*) FROM samples")" = 15
'

test_done
