#!/bin/sh
# A folder may mix PTS files, PostMark output, timing logs and generic
# CSV: each file goes to the importer that recognises its content (never
# its name), and the rest is skipped: a README that names PTS's root
# element is no PTS file.
. "$(dirname "$0")/lib.sh"

setup_mixed() {
	mkdir mixed &&
	cp "$EXAMPLES/ext4-mount-options/composite.xml" mixed/a.txt &&
	cp "$EXAMPLES/postmark/buffered/run-01.txt" mixed/b.xml &&
	cp "$DATA/postmark/verbose/buffered/run-02.txt" mixed/c.log &&
	cp "$DATA/timing/usr-bin-time-v/nosync/run-01.txt" mixed/d.csv &&
	cp "$EXAMPLES/sync-modes/run-01.log" mixed/e &&
	printf "test,value,unit,better\nlatency,4.5,ms,lower\n" >mixed/f.dat &&
	cp "$EXAMPLES/postmark/buffered/config.pmrc" mixed/g.txt &&
	printf "Notes on these runs: <PhoronixTestSuite> is in a.txt.\n" \
		>mixed/README
}

test_expect_success 'each file is read by the importer of its content' '
	setup_mixed &&
	fsreport show -v --format csv mixed >out 2>err &&
	cat >expect <<-\EOT &&
	fsreport: mixed/README: skipped, not a result file
	fsreport: mixed/a.txt: pts, 16 result(s)
	fsreport: mixed/b.xml: postmark, 13 result(s)
	fsreport: mixed/c.log: postmark, 13 result(s)
	fsreport: mixed/d.csv: timing, 6 result(s)
	fsreport: mixed/e: timing, 2 result(s)
	fsreport: mixed/f.dat: csv, 1 result(s)
	fsreport: mixed/g.txt: skipped, not a result file
	fsreport: warning: mixed: one run set holds files of 4 formats (pts, postmark, timing, csv); their results are not pooled but stand side by side: give each configuration its own folder if they are not one
	EOT
	test_cmp expect err
'

test_expect_success 'the PostMark runs of terse and verbose files pool' '
	setup_mixed &&
	fsreport show --format csv mixed >out &&
	awk -F, "\$3 == \"Total_duration\" { print \$6, \$7, \$8 }" out >actual &&
	echo "mixed 2 7" >expect &&
	test_cmp expect actual &&
	awk -F, "\$3 == \"max RSS\" { print \$6, \$7, \$8 }" out >actual &&
	echo "mixed 1 2928" >expect &&
	test_cmp expect actual &&
	sed "s/\"[^\"]*\"/title/" out |
		awk -F, "\$3 == \"rate\" { n++ } END { print n }" >actual &&
	echo 5 >expect &&
	test_cmp expect actual
'

test_expect_success 'files of one folder naming other systems: a warning, exit unchanged' '
	mkdir hosts &&
	printf "test,value,unit,better,label\nlat,4.5,ms,lower,hostA\n" >hosts/run-01.csv &&
	printf "test,value,unit,better,label\nlat,4.7,ms,lower,hostB\n" >hosts/run-02.csv &&
	printf "test,value,unit,better,label\nlat,4.6,ms,lower,hostA\n" >hosts/run-03.csv &&
	fsreport show --format csv hosts >out 2>err &&
	cat >expect <<-\EOT &&
	fsreport: warning: hosts: one run set names 2 systems (hostA, hostB), each from files of its own; their runs are not pooled but stand side by side: give each system its own folder if they are not one
	EOT
	test_cmp expect err &&
	fsreport show -q --format csv hosts >out.q 2>err &&
	! test -s err &&
	test_cmp out out.q
'

test_expect_success 'one file naming several systems, or runs of one system: no warning' '
	mkdir one same &&
	cp "$EXAMPLES/ext4-mount-options/composite.xml" one/ &&
	printf "test,value,unit,better,label\nlat,4.5,ms,lower,hostA\n" >same/run-01.csv &&
	printf "test,value,unit,better,label\nlat,4.7,ms,lower,hostA\n" >same/run-02.csv &&
	fsreport show one >/dev/null 2>err &&
	! test -s err &&
	fsreport show same >/dev/null 2>err &&
	! test -s err
'

test_done
