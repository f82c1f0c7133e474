#!/bin/sh
# PTS shapes beyond the corpus: LINE_GRAPH kept as a series (MIN/AVG/MAX,
# no bar, no interval), failed entries shown as FAILED with n = 0, never
# as a zero bar.
. "$(dirname "$0")/lib.sh"

test_expect_success 'LINE_GRAPH rows print MIN/AVG/MAX, no bar' '
	fsreport show --width 70 "$DATA/pts/line-graph.xml" >out &&
	grep -qx "ext4 . MIN: 80.00  AVG: 110.00  MAX: 140.00" out &&
	grep -qx "xfs .. MIN: 90.00  AVG: 95.00  MAX: 100.00" out
'

test_expect_success 'a failed entry is FAILED with no bar' '
	fsreport show --width 70 "$DATA/pts/line-graph.xml" >out &&
	grep -qx "xfs .. FAILED |" out
'

test_expect_success 'csv: a failed cell has n = 0 and empty numbers' '
	fsreport show --format csv "$DATA/pts/line-graph.xml" >out &&
	grep -q ",FS-Mark,\"Test: 1000 Files, 1MB Size\",Files/s,higher,xfs,0,,,,,,,,,\$" out
'

test_expect_success 'csv: a series has no interval' '
	fsreport show --format csv "$DATA/pts/line-graph.xml" >out &&
	grep -q ",Write Trace,MB/s over time,MB/s,higher,ext4,4,110,,,,,110,80,140,\$" out
'

test_expect_success 'PASS_FAIL results print PASS, no bar' '
	fsreport show --width 70 "$CORPUS/pjdfstest-passfail.xml" >out &&
	grep -qx "PersistentDisk . PASS" out
'

test_done
