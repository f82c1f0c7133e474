#!/bin/sh
# --debug-layout: the chart geometry as text, the golden artefact of the
# charts (tests/golden/layout-*.txt; "make golden-update" rewrites them).
# Text is measured with Pango and the DejaVu fonts of Debian 12.
. "$(dirname "$0")/lib.sh"

for name in blogbench-gce-8sys-merged gzip-ec2-large-10runs \
	    pjdfstest-passfail tachyon-systemd-2sys-partial; do
	test_expect_success "layout of $name" "
		fsreport show --debug-layout \"\$CORPUS/$name.xml\" >actual &&
		test_golden layout-$name.txt actual
	"
done

test_expect_success 'layout of the ext4 example (seed 000)' '
	fsreport show --debug-layout "$EXAMPLES/ext4-mount-options" >actual &&
	test_golden layout-ext4-mount-options.txt actual
'

test_expect_success 'ten systems: ten colours, none repeated (12 in the palette)' '
	fsreport show --debug-layout "$CORPUS/gzip-ec2-large-10runs.xml" \
		>layout &&
	grep "rect bar " layout | sed "s/.* ink=\([a-z0-9]*\) .*/\1/" >actual &&
	printf "sys%s\n" 0 1 2 3 4 5 6 7 8 9 >expect &&
	test_cmp expect actual
'

test_expect_success 'a system keeps its colour in every chart' '
	fsreport show --debug-layout "$EXAMPLES/ext4-mount-options" >layout &&
	grep "rect bar row=3 " layout | sed "s/.* ink=\([a-z0-9]*\) .*/\1/" |
		sort -u >actual &&
	echo sys2 >expect &&
	test_cmp expect actual
'

test_expect_success 'a missing system is marked, not drawn as zero' '
	fsreport show --debug-layout \
		"$CORPUS/tachyon-systemd-2sys-partial.xml" >layout &&
	sed -n "/^chart 1 /,/^chart 2 /p" layout >chart1 &&
	grep -q "text missing row=2 .* \"no result\"" chart1 &&
	grep -q "rect bar row=1 " chart1 &&
	! grep -q "rect bar row=2 " chart1
'

test_expect_success 'pass/fail results are drawn as PASS/FAIL, no bars' '
	fsreport show --debug-layout "$CORPUS/pjdfstest-passfail.xml" \
		>layout &&
	grep -q "^chart 2 passfail result=2 " layout &&
	grep -q "text verdict row=1 ink=better .* \"PASS\"" layout
'

test_expect_success 'failed runs are marked with their reason' '
	fsreport show --debug-layout \
		"$CORPUS/cpu-suite-gvno2-142results.xml" >layout &&
	grep -q "text failed row=1 ink=failed .*\"failed: The test quit" \
		layout
'

test_expect_success '--debug-layout -o FILE' '
	fsreport show --debug-layout -o layout.txt \
		"$CORPUS/pjdfstest-passfail.xml" >out &&
	test ! -s out &&
	head -1 layout.txt | grep -q "^page w=800.0 h="
'

test_done
