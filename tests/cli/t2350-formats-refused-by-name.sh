#!/bin/sh
# What fsreport does not read is refused with the tool and the mode it saw
# (issue 33), not "not a result file": sysbench cpu and memory (real
# captures, scripts/capture-sysbench.sh); iozone -t is in t2330. Named:
# exit 3 at the line; in a folder: skipped with the same words.
. "$(dirname "$0")/lib.sh"

SB="$DATA/sysbench"

test_expect_success 'sysbench cpu, named: exit 3, "sysbench cpu: not a storage result"' '
	test_expect_code 3 fsreport show "$SB/cpu.txt" 2>err &&
	n=$(grep -n "^Prime numbers limit:" "$SB/cpu.txt" | cut -d: -f1) &&
	echo "fsreport: $SB/cpu.txt:$n: sysbench cpu: not a storage result (fsreport reads sysbench fileio)" >expect &&
	test_cmp expect err
'

test_expect_success 'sysbench memory, named: exit 3, the mode named' '
	test_expect_code 3 fsreport show "$SB/memory.txt" 2>err &&
	grep -q "^fsreport: $SB/memory.txt:[0-9]*: sysbench memory: not a storage result" err
'

test_expect_success 'in a folder: skipped with a warning, the fileio runs read' '
	mkdir runs && cp "$SB/cpu.txt" "$SB/rndrw-01.txt" runs/ &&
	fsreport show --format csv runs >out 2>err &&
	grep -q "^fsreport: warning: runs/cpu.txt:[0-9]*: sysbench cpu: not a storage result; skipped\$" err &&
	grep -q "reads/s" out
'

test_done
