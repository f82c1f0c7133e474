#!/bin/sh
# store, schema 2: the system notes (a run folder's system.txt, --note)
# are stored and read back, so --db gives the system table of the
# folders; a store of schema 1 (tests/data/store/v1.sql, made by the
# last fsreport that wrote version 1) is read as it is and migrated in
# one transaction when added to. The expected rows are the system.txt
# lines below, written by hand.
# Data: examples/postmark, the PTS corpus, tests/data/trend/kernels.
. "$(dirname "$0")/lib.sh"

PM="$EXAMPLES/postmark"
K="$DATA/trend/kernels"
V1="$DATA/store/v1.sql"
SOURCE_DATE_EPOCH=1764547200
export SOURCE_DATE_EPOCH

have_sqlite3() {
	sqlite_only || return 1
	command -v sqlite3 >/dev/null 2>&1 || { skip "no sqlite3 program"; return 1; }
}

setup() {
	rm -rf a b s.db* &&
	cp -r "$PM/buffered" a && cp -r "$PM/unbuffered" b &&
	printf "kernel: 6.1.0\nmount options: rw,relatime\n" >a/system.txt &&
	printf "# how b was set up\n\nkernel:   6.1.0  \n" >b/system.txt &&
	printf "mount options: rw,relatime,nobarrier\n" >>b/system.txt
}

test_expect_success 'system.txt and --note: compare --db gives the folders system table' '
	setup &&
	fsreport store add -q --db s.db a b --note "a=cold cache" \
		--note a=second &&
	for f in html ascii json; do
		fsreport compare --format $f a b --note "a=cold cache" \
			--note a=second >expect &&
		fsreport compare --format $f --db s.db >actual &&
		test_cmp expect actual || return 1
	done &&
	fsreport compare --format html --db s.db >page.html &&
	grep -F "cold cache; second" page.html &&
	grep -F "rw,relatime,nobarrier" page.html &&
	fsreport show --format html b >expect &&
	fsreport show --format html --db s.db b >actual &&
	test_cmp expect actual
'

test_expect_success 'the stored rows are the system.txt lines and the notes, in order' '
	have_sqlite3 || return 0
	setup &&
	fsreport store add -q --db s.db a b --note "b=warm" --note b=again &&
	sqlite3 -separator "|" s.db "SELECT r.label, i.seq, i.key, i.value
		FROM system_info i JOIN systems s ON s.id = i.system_id
		JOIN runsets r ON r.id = s.runset_id ORDER BY r.id, i.seq" >actual &&
	cat >expect <<-\EOF &&
	a|0|kernel|6.1.0
	a|1|mount options|rw,relatime
	b|0|kernel|6.1.0
	b|1|mount options|rw,relatime,nobarrier
	b|2|note|warm; again
	EOF
	test_cmp expect actual
'

test_expect_success 'a PTS file: its hardware and software, a note on the run set or one system' '
	f="$CORPUS/tiobench-ec2-4sys-merged.xml" &&
	fsreport store add -q --db t.db T="$f" --note "T=four clouds" \
		--note "T: EC2 large=the big one" &&
	fsreport compare --format html T="$f" --note "T: EC2 micro=four clouds" \
		--note "T: EC2 small=four clouds" --note "T: EC2 medium=four clouds" \
		--note "T: EC2 large=four clouds" --note "T: EC2 large=the big one" >expect &&
	fsreport compare --format html --db t.db >actual &&
	test_cmp expect actual &&
	grep -F "<td data-label=\"T: EC2 large\" style=\"--sw:#CC79A7\">four clouds; the big one</td>" actual &&
	grep -F "<th>* Memory</th><td data-label=\"T: EC2 micro\" style=\"--sw:#0072B2\">1024MB</td>" actual
'

test_expect_success 'adding the same run twice changes nothing, other notes neither' '
	have_sqlite3 || return 0
	setup &&
	fsreport store add -q --db s.db a b --note a=first &&
	sqlite3 s.db .dump >before &&
	echo "scheduler: none" >>a/system.txt &&
	fsreport store add --db s.db a b --note a=later >out &&
	sqlite3 s.db .dump >after &&
	test_cmp before after &&
	grep -c "stored already as" out >n && echo 2 >expect && test_cmp expect n
'

test_expect_success '--note naming no run set or system: exit 2, nothing added' '
	setup &&
	test_expect_code 2 fsreport store add --db s.db a b --note c=x 2>err &&
	grep "^fsreport: --note c=x: no run set or system is labelled .c.; nothing was added$" err &&
	test ! -e s.db &&
	test_expect_code 2 fsreport store add --db s.db a --note a 2>err &&
	grep -- "--note wants LABEL=TEXT" err &&
	fsreport store add -q --db s.db a &&
	test_expect_code 2 fsreport store export --db s.db --note a=x 2>err &&
	grep -- "--note goes with store add" err
'

test_expect_success 'store add --note is in --help' '
	fsreport store --help >out &&
	grep -- "--note LABEL=TEXT" out
'

test_expect_success 'a schema 1 store is read as it is: the folders output, the file unchanged' '
	have_sqlite3 || return 0
	sqlite3 v1.db <"$V1" &&
	cp v1.db v1.orig &&
	fsreport compare --format csv --db v1.db "6.*" >actual &&
	fsreport compare --format csv 6.1="$K/6.1" 6.2="$K/6.2" 6.3="$K/6.3" >expect &&
	test_cmp expect actual &&
	fsreport show --format json --db v1.db "blog*" >actual &&
	(cd "$TOP" && fsreport show --format json \
		tests/data/corpus/pts/blogbench-gce-docker-run3.xml) >expect &&
	test_cmp expect actual &&
	cmp v1.db v1.orig &&
	sqlite3 v1.db "PRAGMA user_version" >actual && echo 1 >expect &&
	test_cmp expect actual
'

test_expect_success 'store add migrates a schema 1 store to 4: old run sets the same, new notes kept' '
	have_sqlite3 || return 0
	setup &&
	sqlite3 v1.db <"$V1" &&
	fsreport trend --format csv --db v1.db "6.*" >before &&
	fsreport store add -q --db v1.db a --note a=new &&
	sqlite3 v1.db "PRAGMA user_version; PRAGMA application_id;
		SELECT count(*) FROM runsets; SELECT count(*) FROM system_info" >actual &&
	printf "5\n1179865683\n5\n3\n" >expect && test_cmp expect actual &&
	fsreport trend --format csv --db v1.db "6.*" >after &&
	test_cmp before after &&
	fsreport show --format html --db v1.db a >actual &&
	fsreport show --format html a --note a=new >expect &&
	test_cmp expect actual &&
	sqlite3 v1.db .schema >migrated &&
	fsreport store add -q --db new.db a &&
	sqlite3 new.db .schema >fresh &&
	test_cmp fresh migrated
'

test_expect_success 'a migration that fails leaves the schema 1 store as it was' '
	have_sqlite3 || return 0
	sqlite3 v1.db <"$V1" &&
	sqlite3 v1.db "CREATE TABLE system_info (x)" &&
	sqlite3 v1.db .dump >before &&
	test_expect_code 4 fsreport store add --db v1.db "$K/6.4" 2>err &&
	grep "cannot migrate the results store: table system_info already exists" err &&
	sqlite3 v1.db .dump >after &&
	test_cmp before after &&
	sqlite3 v1.db "PRAGMA user_version" >actual && echo 1 >expect &&
	test_cmp expect actual
'

test_expect_success 'damage: a changed note, a truncated schema 1 store: exit 3' '
	have_sqlite3 || return 0
	setup &&
	fsreport store add -q --db s.db a b --note a=x &&
	sqlite3 s.db "UPDATE system_info SET value = value || \"!\" WHERE key = \"note\"" &&
	test_expect_code 3 fsreport compare --db s.db 2>err &&
	grep "damaged: run set .a. does not match its SHA-256" err &&
	sqlite3 v1.db <"$V1" &&
	size=$(wc -c <v1.db) &&
	head -c $((size / 2)) v1.db >half.db &&
	test_expect_code 3 fsreport store add --db half.db a 2>err &&
	grep "damaged" err &&
	test_expect_code 3 fsreport show --db half.db 2>err &&
	grep "damaged" err
'

test_done
