#!/bin/sh
# The change-point cache of a store (schema 5, docs/trend.md "The
# change-point cache"; issue 35): trend and check --db keep what the
# search of each window of a long series found, under the digest of the
# method, its parameters and the window's values, and read it back the
# next time. The outputs are those without the cache (the files read
# directly, or a store whose cache was emptied); the next night's check
# searches only the last window of each series; an entry of other
# parameters is never found, an entry that does not read back is
# ignored, and a forged one under its key shows (so the cache is read).
# t2620 runs this script on SQLite and on PostgreSQL (db_sql below).
. "$(dirname "$0")/lib.sh"

# db_sql FILE SQL: SQL on the store --db FILE names here (the SQLite
# file, or under t2620 the PostgreSQL database that stands for it)
db_sql() {
	if [ -n "${FSR_STORE_PG:-}" ]; then
		"${FSR_PG_BIN:-/usr/lib/postgresql/15/bin}/psql" -X -q -A -t \
			-v ON_ERROR_STOP=1 -d "$(store_pg_url "$1")" -c "$2"
	else
		sqlite3 "$1" "$2"
	fi
}
# a newline in SQL, either back end
nl() { if [ -n "${FSR_STORE_PG:-}" ]; then echo "chr(10)"; else echo "char(10)"; fi; }

# forge FILE: every entry of the cache says "a change point at 40"
forge() {
	db_sql "$1" "UPDATE changepoint_cache SET value = '40 0x1p+0 0x1p-10 1' || $(nl)"
}

have_sql() {
	[ -n "${FSR_STORE_PG:-}" ] && return 0
	command -v sqlite3 >/dev/null 2>&1 || { skip "no sqlite3 program"; return 1; }
}

# 262 run sets: a store of the first 260 (windows starting at 0, 50,
# 100, 150 and 160; 161 once r260 is stored), r260 the new one, r261
# the one after
setup() {
	step_series in 262 180 &&
	mv in/r260.csv in/r261.csv . &&
	fsreport store add -q --db s.db in/*.csv
}

test_expect_success 'trend --db: the bytes of the files, the cache written once and then read' '
	have_sql || return 0
	setup &&
	fsreport trend --format csv in/*.csv >expect &&
	fsreport trend --db s.db >text.expect &&
	test "$(db_sql s.db "SELECT count(*) FROM changepoint_cache")" = 12 &&
	db_sql s.db "DELETE FROM changepoint_cache" &&
	fsreport trend -v --format csv --db s.db >cold 2>err &&
	grep "change points of 0 windows from its cache, 15 searched, 12 kept" err &&
	test_cmp expect cold &&
	test "$(db_sql s.db "SELECT count(*) FROM changepoint_cache")" = 12 &&
	fsreport trend -v --format csv --db s.db >warm 2>err &&
	grep "change points of 12 windows from its cache, 3 searched, 0 kept" err &&
	test_cmp expect warm &&
	fsreport trend --db s.db >text &&
	test_cmp text.expect text &&
	grep "^a .*1 change point" text &&
	test "$(db_sql s.db "SELECT count(*) FROM changepoint_cache")" = 12
'

# check searches from the last window back to the first that keeps a
# change point: "a" its last two (its step at 180), "b" and "c" all five;
# the last windows (160, then 161) end with the series and are searched
# every time, never kept
test_expect_success 'check --db: the same with the cache as without it; the next night searches the last windows only' '
	have_sql || return 0
	setup &&
	db_sql s.db "DELETE FROM changepoint_cache" &&
	fsreport check -v --db s.db r260.csv >cold 2>err &&
	grep "change points of 0 windows from its cache, 12 searched, 9 kept" err &&
	fsreport check -v --db s.db r260.csv >warm 2>err &&
	grep "change points of 9 windows from its cache, 3 searched, 0 kept" err &&
	test_cmp cold warm &&
	fsreport store add -q --db s.db r260.csv &&
	fsreport check -v --db s.db r261.csv >night 2>err &&
	grep "change points of 9 windows from its cache, 3 searched, 0 kept" err &&
	db_sql s.db "DELETE FROM changepoint_cache" &&
	fsreport check --db s.db r261.csv >night.cold &&
	test_cmp night.cold night &&
	grep "0 worse, 0 better, 3 not changed" night
'

test_expect_success 'an entry of other parameters is never found, one that does not read back is ignored, a forged one under its key shows' '
	have_sql || return 0
	setup &&
	fsreport trend --format csv in/*.csv >expect &&
	fsreport trend --format csv --seed 2 in/*.csv >expect.seed &&
	fsreport trend --format csv --db s.db >/dev/null &&
	db_sql s.db "UPDATE changepoint_cache SET value = $(nl)" &&
	fsreport trend --format csv --db s.db >junk &&
	test_cmp expect junk &&
	forge s.db &&
	fsreport trend --format csv --db s.db >forged &&
	! cmp -s expect forged &&
	fsreport trend --format csv --seed 2 --db s.db >seed &&
	test_cmp expect.seed seed
'

test_expect_success 'report --db: its trend section reads and writes the same cache, the folder the same cold and warm' '
	have_sql || return 0
	step_series rin 110 80 &&
	fsreport store add -q --db r.db rin/*.csv &&
	fsreport report -v --db r.db -o cold 2>err &&
	grep "change points of 0 windows from its cache, 6 searched, 3 kept" err &&
	fsreport report -v --db r.db -o warm 2>err &&
	grep "change points of 3 windows from its cache, 3 searched, 0 kept" err &&
	diff -r cold warm &&
	test "$(db_sql r.db "SELECT count(*) FROM changepoint_cache")" = 3 &&
	fsreport report --db r.db --seed 7 -o seed7 &&
	test "$(db_sql r.db "SELECT count(*) FROM changepoint_cache")" = 6
'

test_done
