#!/bin/sh
# libpq is loaded when a PostgreSQL store is opened, not linked
# (store/libpq.c): the program does not name it among the libraries it
# needs, and with a libpq.so.5 that cannot be loaded a postgresql:// store
# is refused with the library and its Debian package named and the exit
# code of a store that cannot be opened (3 reading, 4 adding; nothing
# added), while SQLite stores, compare and --version work as before. No
# server is needed: the load fails before any connection.
# Data: tests/data/trend/kernels (see its README), the PTS corpus.
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"

test_expect_success 'the program does not need libpq (readelf -d: no NEEDED libpq)' '
	if ! command -v readelf >/dev/null 2>&1; then
		skip "no readelf (Debian: binutils)"
		return 0
	fi
	readelf -d "$FSREPORT" >dyn &&
	grep "(NEEDED)" dyn &&
	! grep "(NEEDED).*libpq" dyn &&
	! grep -E "(NEEDED).*lib(gssapi|ldap|ssl|crypto|krb5)" dyn
'

# broken/libpq.so.5: an empty file, found first through LD_LIBRARY_PATH,
# which the dynamic loader refuses ("file too short")
broken() {
	mkdir -p broken && : >broken/libpq.so.5
}

test_expect_success 'libpq not loadable: a postgresql:// store says so, exit 3 reading, 4 adding' '
	broken &&
	url="postgresql://u:secret@/benchmarks?host=$PWD/none" &&
	LD_LIBRARY_PATH=$PWD/broken test_expect_code 3 \
		fsreport trend --db "$url" 2>err &&
	cat err &&
	test "$(wc -l <err)" -eq 1 &&
	grep "^fsreport: postgresql://u:\*\*\*@/benchmarks?host=.*: cannot open the results store: PostgreSQL.s client library libpq.so.5 cannot be loaded (.*); a PostgreSQL store needs it installed (Debian: apt-get install libpq5)$" err &&
	! grep secret err &&
	LD_LIBRARY_PATH=$PWD/broken test_expect_code 4 \
		fsreport store add --db "$url" 6.1="$K/6.1" 2>err &&
	grep "cannot open the results store: PostgreSQL.s client library libpq.so.5 cannot be loaded" err &&
	LD_LIBRARY_PATH=$PWD/broken test_expect_code 3 \
		fsreport store sync "$url" new.db 2>err &&
	grep "libpq.so.5 cannot be loaded" err &&
	ls >files && printf "broken\nerr\nfiles\n" >expect && test_cmp expect files &&
	fsreport store add -q --db s.db 6.1="$K/6.1" &&
	LD_LIBRARY_PATH=$PWD/broken test_expect_code 4 \
		fsreport store sync s.db "$url" 2>err &&
	grep "libpq.so.5 cannot be loaded" err
'

test_expect_success 'libpq not loadable: --version, compare and an SQLite store work' '
	broken &&
	export LD_LIBRARY_PATH=$PWD/broken &&
	fsreport --version >v &&
	grep "^fsreport " v &&
	fsreport compare --format csv "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	test "$(wc -l <out)" -eq 30 &&
	fsreport store add -q --db s.db 6.1="$K/6.1" 6.2="$K/6.2" &&
	fsreport trend --format csv --db s.db >trend &&
	grep "6.2" trend &&
	unset LD_LIBRARY_PATH &&
	fsreport trend --format csv --db s.db >trend2 &&
	test_cmp trend trend2
'

test_done
