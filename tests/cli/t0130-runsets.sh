#!/bin/sh
# Run sets: PATH or LABEL=PATH, folders scanned by content, unreadable
# files skipped (listed with -v), labels as design.md says.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a folder: result files read, others skipped' '
	mkdir run &&
	cp "$CORPUS/gzip-ec2-large-10runs.xml" run/composite.xml &&
	echo "set buffering true" >run/config.pmrc &&
	echo "notes" >run/README &&
	fsreport show -v --format csv run >out 2>err &&
	grep -q "run/config.pmrc: skipped, not a result file" err &&
	grep -q "run/README: skipped, not a result file" err &&
	grep -q "run/composite.xml: pts, 1 result" err &&
	test "$(wc -l <out)" -eq 11
'

test_expect_success 'skipped files are not mentioned without -v' '
	mkdir run &&
	cp "$CORPUS/gzip-ec2-large-10runs.xml" run/composite.xml &&
	echo x >run/config.pmrc &&
	fsreport show --format csv run >out 2>err &&
	test ! -s err
'

test_expect_success 'several files of one system pool their samples' '
	mkdir run &&
	cp "$DATA/csv/minimal.csv" run/a.csv &&
	cp "$DATA/csv/minimal.csv" run/b.csv &&
	fsreport show --format csv run >out &&
	grep -q ",make,,,,run,4,13," out
'

test_expect_success 'a folder without result files is an error (exit 3)' '
	mkdir empty && echo x >empty/notes.txt &&
	test_expect_code 3 fsreport show empty 2>err &&
	echo "fsreport: empty: no result file in this folder" >expect &&
	test_cmp expect err
'

test_expect_success 'a missing path is an error (exit 3)' '
	test_expect_code 3 fsreport show nothing-here 2>err &&
	echo "fsreport: nothing-here: No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'a file named directly that no importer reads: exit 3' '
	echo "hello" >hello.txt &&
	test_expect_code 3 fsreport show hello.txt 2>err &&
	echo "fsreport: hello.txt: not a result file fsreport can read" >expect &&
	test_cmp expect err
'

test_expect_success 'LABEL= renames a run set with one system' '
	fsreport show --format csv base="$CORPUS/tiobench-ec2-micro.xml" >out &&
	cut -d, -f6 out | sort -u >labels &&
	printf "base\nlabel\n" >expect &&
	test_cmp expect labels
'

test_expect_success 'LABEL= with several systems gives "LABEL: system"' '
	fsreport show --format csv T="$CORPUS/tachyon-systemd-2sys-partial.xml" >out &&
	grep -q ",T: QEMU Virtual 2.5," out &&
	grep -q ",T: 2018-12-01 10:51," out
'

test_expect_success 'two files with the same system name: file names label them' '
	fsreport show --format csv "$CORPUS/tiobench-ec2-micro.xml" \
		"$CORPUS/tiobench-ec2-large.xml" >out &&
	cut -d, -f6 out | sort -u >labels &&
	printf "label\ntiobench-ec2-large\ntiobench-ec2-micro\n" >expect &&
	test_cmp expect labels
'

test_expect_success 'a file name containing = is a path, not a label' '
	cp "$DATA/csv/minimal.csv" "data=journal.csv" &&
	fsreport show --format csv "data=journal.csv" >out &&
	grep -q ",data=journal,2," out
'

test_done
