#!/bin/sh
# The store scripts of the 19xx family (trend, store, check, trend
# charts, notes, report over --db) on both back ends, without a copy of
# their tests: each script runs once as it is, on SQLite files, and once
# with every "--db FILE" a PostgreSQL database of the one throw-away
# server this script starts (tests/cli/lib-pg.sh; lib.sh's store_run
# maps the file to a database). Both runs must pass, and every fsreport
# command of them must print the same bytes and exit code on both back
# ends (lib.sh's transcript), the tests that need the store to be an
# SQLite file (sqlite_only) left out of the PostgreSQL run. Without the
# server binaries every check skips, saying why.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-pg.sh"

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
	t1940-store-notes.sh t1950-report-trend.sh; do
	test_expect_success "$s on SQLite and PostgreSQL: both pass, the same bytes" "
		pg_needed || return 0
		both_ends $s
	"
done

test_done
