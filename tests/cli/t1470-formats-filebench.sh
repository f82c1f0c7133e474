#!/bin/sh
# filebench 1.5 output. Not captured on this machine (no Debian package,
# no source here): the lines are written in the form filebench's source
# prints (stats.c), see docs/formats.md "filebench". The IO Summary and
# the flowop rows are results; a run cut short is a failed run, warned;
# a bad row exits 3 at its line.
. "$(dirname "$0")/lib.sh"

write_run() { # FILE OPS_PER_S
	cat >"$1" <<EOT
Filebench Version 1.5-alpha3
0.002: File-server Version 3.0 personality successfully loaded
0.010: Running...
60.032: Per-Operation Breakdown
statfile1            125683ops     2094ops/s   0.0mb/s    0.173ms/op [0.001ms - 134.946ms]
60.032: IO Summary: 1382519 ops $2 ops/s 2094/4189 rd/wr 543.8mb/s 2.083ms/op
60.032: Shutting down processes
EOT
}

test_expect_success 'two runs: ops/s of the IO Summary lines, higher is better' '
	mkdir runs && write_run runs/run-01.txt 23040.5 &&
	write_run runs/run-02.txt 22000.5 &&
	fsreport show --format csv runs >out &&
	awk -F, "\$3 == \"ops/s\" { print \$4, \$5, \$7, \$8 }" out >actual &&
	echo "ops/s higher 2 22520.5" >expect &&
	test_cmp expect actual &&
	awk -F, "\$3 == \"statfile1 max latency\" { print \$4, \$5, \$8 }" out >actual &&
	echo "ms lower 134.946" >expect &&
	test_cmp expect actual
'

test_expect_success 'a run cut before its IO Summary: a failed run, warned' '
	write_run full.txt 1 && head -n 5 full.txt >cut.txt &&
	fsreport show --format csv cut.txt >out 2>err &&
	grep -q "^fsreport: warning: cut.txt:5: the run stopped before its IO Summary line" err &&
	awk -F, "\$3 == \"ops/s\" { print \$7 }" out >actual &&
	echo 0 >expect &&
	test_cmp expect actual
'

test_expect_success 'a flowop row that is no number: exit 3 at its line' '
	write_run run.txt 1 && sed "s/2094ops\/s/20x4ops\/s/" run.txt >bad.txt &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	echo "fsreport: bad.txt:5: filebench ops/s '"'"'20x4'"'"' is not a number of at least 0" >expect &&
	test_cmp expect err
'

test_done
