#!/bin/sh
# The results store (issue 30): a foreign SQLite file is never changed,
# a damaged page is exit 3 from every reader and from store add (never a
# crash, never 0), a store on a read-only folder or mount is read (and
# says so), a failed first add leaves no file, and SQLite's -wal, -shm
# and -journal beside a store are no output.
if [ -z "${FSR_LIB_FUNCS_ONLY:-}" ]; then
	. "$(dirname "$0")/lib.sh"
fi
TEST_HELPERS="$TOP/tests/cli/t2010-store-safety.sh"
PM="$TOP/examples/postmark"
EXT4="$TOP/examples/ext4-mount-options"

# a real store: three run sets, 33 pages of 4 KiB
make_store() {
	"$FSREPORT" store add -q --db "$1" "$PM/buffered" "$PM/unbuffered" \
		"$EXT4" >/dev/null
}

# the bytes and the journal mode of a file, as sqlite3 sees them
fingerprint() {
	sha256sum <"$1" && sqlite3 "$1" "PRAGMA journal_mode"
}
[ -n "${FSR_LIB_FUNCS_ONLY:-}" ] && return 0

test_expect_success 'store add on another program'\''s database: exit 3, unchanged' '
	sqlite3 other.sqlite "CREATE TABLE t(x); INSERT INTO t VALUES (1)" &&
	fingerprint other.sqlite >before &&
	test_expect_code 3 fsreport store add --db other.sqlite "$PM/buffered" 2>err &&
	grep -F "not a results store of fsreport" err &&
	fingerprint other.sqlite >after &&
	test_cmp before after && grep -qx delete after &&
	! test -e other.sqlite-wal
'

test_expect_success 'every page header overwritten in turn: exit 3 everywhere' '
	make_store st.db &&
	pages=$(sqlite3 st.db "PRAGMA page_count") && test "$pages" -gt 20 &&
	size=$(sqlite3 st.db "PRAGMA page_size") &&
	p=1 && bad=0 &&
	while [ $p -le $pages ]; do
		off=$(( (p - 1) * size )) && [ $p -gt 1 ] || off=100
		cp st.db c.db &&
		printf "\377\023\177\000\377\377\001\200\377\377\377\377" |
			dd of=c.db bs=1 seek=$off conv=notrunc status=none &&
		for cmd in show compare trend "store export"; do
			cp c.db r.db
			fsreport $cmd --db r.db >/dev/null 2>err
			rc=$?
			[ $rc -eq 3 ] || { echo "page $p: $cmd exit $rc"; cat err; bad=1; }
		done &&
		cp c.db a.db && sha256sum <a.db >before &&
		fsreport store add -q --db a.db "$TOP/examples/fio/fsync1" >/dev/null 2>err
		rc=$?
		[ $rc -eq 3 ] || { echo "page $p: store add exit $rc"; cat err; bad=1; }
		sha256sum <a.db >after && cmp -s before after ||
			{ echo "page $p: store add changed the file"; bad=1; }
		p=$((p + 1))
	done &&
	test $bad -eq 0
'

test_expect_success 'bytes changed anywhere: add refuses what the readers refuse' '
	make_store st.db &&
	size=$(stat -c %s st.db) && i=1 && bad=0 && seen=0 &&
	while [ $i -le 60 ]; do
		off=$(( (i * 7919 * 13) % size ))
		cp st.db r.db &&
		printf "\132\023\167" | dd of=r.db bs=1 seek=$off conv=notrunc status=none &&
		cp r.db a.db &&
		fsreport show --db r.db >/dev/null 2>&1
		show=$?
		fsreport store add -q --db a.db "$TOP/examples/fio/fsync1" >/dev/null 2>err
		add=$?
		[ $show -eq 0 ] || seen=$((seen + 1))
		if [ $show -gt 128 ] || [ $add -gt 128 ] ||
		   { [ $show -ne 0 ] && [ $add -ne 3 ]; }; then
			echo "offset $off: show exit $show, add exit $add"; cat err
			bad=1
		fi
		i=$((i + 1))
	done &&
	echo "$seen of 60 damaged stores refused by show" &&
	test $seen -gt 5 && test $bad -eq 0
'

test_expect_success 'a first add on a full disk leaves no store' '
	mkdir disk &&
	if [ "$(id -u)" -eq 0 ]; then ns=-m; else ns=-rm; fi &&
	unshare $ns sh -c "mount -t tmpfs -o size=64k fsr disk" 2>/dev/null ||
		{ skip "cannot mount a tmpfs here"; return 0; }
	for fill in 52 56 60 64; do
		unshare $ns sh -c "mount -t tmpfs -o size=64k fsr disk &&
			dd if=/dev/zero of=disk/fill bs=1k count=$fill 2>/dev/null
			\"\$FSREPORT\" store add -q --db disk/new.db \"$PM/buffered\" 2>err
			echo \$? >rc; ls disk >listing" &&
		echo "$fill KiB full: exit $(cat rc): $(cat listing | tr "\n" " ")" &&
		test "$(cat rc)" -eq 4 &&
		test "$(cat listing)" = fill || return 1
	done
'

test_expect_success 'STORE-wal, -shm, -journal are no output: exit 2' '
	make_store st.db &&
	for s in wal shm journal; do
		test_expect_code 2 fsreport show --db st.db -o st.db-$s 2>err &&
		grep -F "it is the file SQLite keeps beside the results store" err &&
		test_expect_code 2 fsreport compare --db st.db --svg ./st.db-$s 2>err &&
		grep -F "st.db-$s" err || return 1
	done &&
	fsreport show --db st.db -o st.db-other >/dev/null
'

test_expect_success 'a store on a read-only mount is read, and says so' '
	make_store st.db && fsreport show --db st.db >want &&
	[ "$(id -u)" -eq 0 ] || { skip "not root (mount)"; return 0; }
	mkdir ro && cp st.db ro/ &&
	unshare -m sh -c "mount --bind ro ro && mount -o remount,ro,bind ro &&
		\"\$FSREPORT\" show --db ro/st.db >got 2>err; echo \$? >rc" ||
		{ skip "cannot make a read-only mount here"; return 0; }
	cat err && test "$(cat rc)" -eq 0 && test_cmp want got &&
	grep -F "ro/st.db: read-only" err
'

test_both 'a store in a folder the user cannot write is read' '
	[ "$(id -u)" -ne 0 ] || { skip "root may write any folder"; return 0; }
	mkdir -p ro && "$FSREPORT" store add -q --db ro/st.db "$PM/buffered" \
		"$PM/unbuffered" >/dev/null &&
	"$FSREPORT" show --db ro/st.db >want &&
	# as a writer leaves it (a reader cannot remove the -wal and -shm)
	rm -f ro/st.db-wal ro/st.db-shm &&
	chmod 555 ro && chmod 444 ro/st.db &&
	for cmd in show compare trend "store export"; do
		"$FSREPORT" $cmd --db ro/st.db >out 2>err
		rc=$?
		cat err
		test $rc -eq 0 && grep -F "read-only" err || return 1
	done &&
	"$FSREPORT" show --db ro/st.db >got 2>/dev/null &&
	chmod 755 ro && test_cmp want got
'

test_done
