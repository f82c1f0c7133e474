#!/bin/sh
# PostMark files without a report: a run that ran out of files is a
# warning naming the file and contributes nothing (never zeros); stdout
# of "run FILE" (progress only) and stderr captures are not result files.
. "$(dirname "$0")/lib.sh"

PMD="$DATA/postmark"
OOF="$PMD/out-of-files/stdout.txt"

test_expect_success 'out of files, named directly: warning, then exit 3' '
	test_expect_code 3 fsreport show "$OOF" 2>err &&
	cat >expect <<-EOT &&
	fsreport: warning: $OOF:4: PostMark ran out of files, so this run has no report; it is left out
	fsreport: no results in $OOF
	EOT
	test_cmp expect err
'

test_expect_success 'out of files in a folder of good runs: warned, left out' '
	mkdir runs &&
	cp "$EXAMPLES/postmark/buffered/run-01.txt" \
		"$EXAMPLES/postmark/buffered/run-02.txt" runs/ &&
	cp "$OOF" runs/run-03.txt &&
	fsreport show --format csv runs >out 2>err &&
	echo "fsreport: warning: runs/run-03.txt:4: PostMark ran out of files, so this run has no report; it is left out" >expect &&
	test_cmp expect err &&
	awk -F, "\$3 == \"Total_duration\" { print \$7, \$8, \$14 }" out >actual &&
	echo "2 7 4" >expect &&
	test_cmp expect actual
'

test_expect_success 'out of files with -q: no warning, still no zeros' '
	mkdir runs &&
	cp "$EXAMPLES/postmark/buffered/run-01.txt" runs/ &&
	cp "$OOF" runs/run-02.txt &&
	fsreport show -q --format csv runs >out 2>err &&
	test ! -s err &&
	awk -F, "\$3 == \"Read/s\" { print \$7, \$14 }" out >actual &&
	echo "1 1500" >expect &&
	test_cmp expect actual
'

test_expect_success 'progress lines only (run FILE): not a result file, exit 3' '
	test_expect_code 3 fsreport show "$PMD/run-to-file/stdout.txt" 2>err &&
	echo "fsreport: $PMD/run-to-file/stdout.txt: not a result file fsreport can read" >expect &&
	test_cmp expect err
'

test_expect_success 'stderr of a bad "set", named directly: exit 3' '
	test_expect_code 3 fsreport show "$PMD/bad-set/stderr.txt" 2>err &&
	echo "fsreport: $PMD/bad-set/stderr.txt: not a result file fsreport can read" >expect &&
	test_cmp expect err
'

test_expect_success 'a folder of config and stderr only: no result file' '
	test_expect_code 3 fsreport show -v "$PMD/bad-set" 2>err &&
	cat >expect <<-EOT &&
	fsreport: $PMD/bad-set/config.pmrc: skipped, not a result file
	fsreport: $PMD/bad-set/stderr.txt: skipped, not a result file
	fsreport: $PMD/bad-set/stdout.txt: skipped, not a result file
	fsreport: $PMD/bad-set: no result file in this folder
	EOT
	test_cmp expect err
'

test_expect_success 'a cut-off verbose report: exit 3 with its line' '
	sed 29q "$PMD/verbose/buffered/run-01.txt" >cut.txt &&
	test_expect_code 3 fsreport show cut.txt 2>err &&
	echo "fsreport: cut.txt:17: incomplete PostMark report: no '"'"'Read_B/s'"'"' line" >expect &&
	test_cmp expect err
'

test_done
