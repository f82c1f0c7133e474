#!/bin/sh
# PTS shapes beyond the corpus: LINE_GRAPH kept as a series (MIN/AVG/MAX,
# no bar, no interval), failed entries with n = 0 and, as in PTS's text,
# no row, never a zero bar.
. "$(dirname "$0")/lib.sh"

test_expect_success 'LINE_GRAPH rows print MIN/AVG/MAX, no bar' '
	fsreport show --width 70 "$DATA/pts/line-graph.xml" >out &&
	grep -qx "ext4 . MIN: 80  AVG: 110  MAX: 140 " out &&
	grep -qx "xfs .. MIN: 90  AVG: 95   MAX: 100 " out
'

test_expect_success 'a failed entry has no row, as in PTS' '
	fsreport show --width 70 "$DATA/pts/line-graph.xml" >out &&
	grep -qx "ext4 . 81.1 |=========================================================" out &&
	! grep "^xfs .* |" out
'

test_expect_success 'the whole file as PTS 10.8.6 prints it' '
	fsreport show --width 80 "$DATA/pts/line-graph.xml" >out &&
	test_cmp "$DATA/pts/line-graph.result-file-to-text.txt" out
'

test_expect_success 'csv: a failed cell has n = 0 and empty numbers' '
	fsreport show --format csv "$DATA/pts/line-graph.xml" >out &&
	grep -q ",FS-Mark,\"Test: 1000 Files, 1MB Size\",Files/s,higher,xfs,0,,,,,,,,,,,1,\$" out
'

test_expect_success 'csv: a series has no interval' '
	fsreport show --format csv "$DATA/pts/line-graph.xml" >out &&
	grep -q ",Write Trace,MB/s over time,MB/s,higher,ext4,4,110,,,,,110,80,140,,,0,\$" out
'

test_expect_success 'PASS_FAIL results print PASS, no bar' '
	fsreport show --width 70 "$CORPUS/pjdfstest-passfail.xml" >out &&
	grep -qx "PersistentDisk . PASS" out
'

test_done
