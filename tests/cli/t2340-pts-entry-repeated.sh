#!/bin/sh
# A PTS <Result> whose <Entry>s repeat one system's <Identifier> (Test
# Install Size of several installs, written by PTS itself: the corpus's
# compress-zstd-gvno3.xml): PTS's text lists them apart, fsreport pools
# them into one cell, so it says so, with the file and the line of the
# first repeated <Entry> (issue 33).
. "$(dirname "$0")/lib.sh"

F="$DATA/corpus/pts/compress-zstd-gvno3.xml"

test_expect_success 'a repeated Identifier in one Result: a warning at its Entry' '
	fsreport show --format csv "$F" >out 2>err &&
	n=$(grep -n "<Value>229040</Value>" "$F" | cut -d: -f1) &&
	echo "fsreport: warning: $F:$((n - 2)): 1 result(s) have several <Entry>s of one system (first: '"'"'Test Install Size'"'"' of '"'"'GVNO3'"'"', 2 entries): each such cell pools their samples, which PTS lists apart" >expect &&
	test_cmp expect err &&
	awk -F, "\$3 == \"Test Install Size\" { print \$7 }" out >actual &&
	echo 2 >expect &&
	test_cmp expect actual
'

test_expect_success 'three Entries of one system in the first such Result: counted' '
	fsreport show --format csv "$DATA/corpus/pts/cpu-suite-gvno2-142results.xml" >out 2>err &&
	grep -q "4 result(s) have several <Entry>s of one system (first: .Test Install Size. of .GVNO2., 3 entries)" err
'

test_expect_success 'one Entry per system: no warning' '
	fsreport show --format csv "$DATA/corpus/pts/$(ls "$DATA/corpus/pts" | grep -v -e gvn -e tiobench-ec2 | grep "\.xml\$" | head -n 1)" >out 2>err &&
	test_cmp /dev/null err
'

test_done
