#!/bin/sh
# ioping 1.3's raw statistics (ioping -B), real captures made on this
# machine (tests/data/ioping/README): each line a run, requests/s and the
# average request time (ns read, us shown); ioping's own error message a
# failed run; a line cut short refused at its line (tests/bad/ioping/).
. "$(dirname "$0")/lib.sh"

IO="$DATA/ioping"

test_expect_success 'the means are those of the raw lines (awk on fields 3 and 6)' '
	fsreport show --format csv "$IO/direct.txt" >out &&
	awk -F, "NR > 1 { printf \"%s %d %.6f\n\", \$3, \$7, \$8 }" out >actual &&
	awk "{ n++; i += \$3; a += \$6 / 1000 }
		END { printf \"Requests/s %d %.6f\nAverage request time %d %.6f\n\", n, i / n, n, a / n }" \
		"$IO/direct.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'direct against cached I/O: the comparison as printed' '
	fsreport compare --width 80 direct="$IO/direct.txt" \
		cached="$IO/cached.txt" >actual &&
	test_golden ioping-compare.txt actual
'

test_expect_success 'ioping error message: a failed run, warned about, exit 0' '
	fsreport show --format csv "$IO/failed-stat.txt" >out 2>err &&
	grep -F "failed-stat.txt:3: ioping: stat \"/nonexistent\" failed: No such file or directory; this run is a failed run" err &&
	awk -F, "\$3 == \"Requests/s\" { print \$7, \$(NF - 1) }" out >actual &&
	echo "2 1" >expect &&
	test_cmp expect actual
'

test_expect_success 'a line cut short: exit 3, file and line named' '
	test_expect_code 3 fsreport show "$TOP/tests/bad/ioping/cut-short.txt" 2>err &&
	grep -F "cut-short.txt:4: ioping raw line of 5 fields, 10 expected" err
'

test_done
