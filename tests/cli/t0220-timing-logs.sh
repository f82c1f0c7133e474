#!/bin/sh
# Timing logs: one run per file or all runs in one log give the same
# samples; every capture style (bash time, GNU time -p/-v/default, dd)
# compares fdatasync against nosync; seed-004 lines give one system per
# configuration; a failed command is a failed run, never a number.
. "$(dirname "$0")/lib.sh"

TM="$DATA/timing"

test_expect_success 'a folder of runs and their concatenated log agree' '
	for s in bash-time usr-bin-time-v usr-bin-time-p \
		usr-bin-time-default dd; do
		fsreport show --format csv "x=$TM/$s/nosync" >a &&
		fsreport show --format csv "x=$TM/$s/nosync.log" >b &&
		test_cmp a b &&
		test "$(tail -n +2 a | cut -d, -f7 | sort -u)" = 5 || return 1
	done
'

test_expect_success 'every style: fdatasync against nosync, n = 5' '
	for s in bash-time usr-bin-time-v usr-bin-time-p \
		usr-bin-time-default; do
		fsreport compare --format csv "$TM/$s/nosync" \
			"$TM/$s/fdatasync" >out &&
		awk -F, "NR > 1 { print \$3, \$6, \$7, \$8, \$9 }" out |
			sed "/^max RSS/d" >actual &&
		cat >expect <<-\EOT &&
		time nosync fdatasync 5 5
		throughput nosync fdatasync 5 5
		real nosync fdatasync 5 5
		user nosync fdatasync 5 5
		sys nosync fdatasync 5 5
		EOT
		test_cmp expect actual || return 1
	done
'

test_expect_success 'GNU time -v adds max RSS in KiB' '
	fsreport show --format csv "$TM/usr-bin-time-v/nosync.log" >out &&
	awk -F, "\$3 == \"max RSS\" { print \$4, \$5, \$7, \$8 }" out >actual &&
	echo "KiB lower 5 2914.4" >expect &&
	test_cmp expect actual
'

test_expect_success 'dd: throughput is bytes / seconds of every run' '
	fsreport show --format csv "$TM/dd/nosync.log" >out &&
	awk "/ copied, / { split(\$0, a, \", \"); sub(/ s\$/, \"\", a[3]);
		s += \$1 / a[3]; n++ } END { printf \"%.3f\n\", s / n }" \
		"$TM/dd/nosync.log" >expect &&
	awk -F, "\$3 == \"throughput\" { printf \"%.3f\n\", \$8 }" out >actual &&
	test_cmp expect actual
'

test_expect_success 'decimal commas (German locale) are read' '
	fsreport show --format csv "$TM/edge/locale-de-bash-time.txt" >out &&
	awk -F, "{ print \$3, \$7, \$8 }" out >actual &&
	cat >expect <<-\EOT &&
	description n mean
	time 1 0.0376244
	throughput 1 1783652735.9904742
	real 1 0.042
	user 1 0
	sys 1 0.015
	EOT
	test_cmp expect actual
'

test_expect_success 'seed-004 lines: a system per configuration, n = 10' '
	fsreport show --format csv "$EXAMPLES/sync-modes" >out &&
	# the title, quoted, holds a comma: the heading of the logs
	grep -c "^r[0-9a-f]*,\"ext4 sync modes, dd bs=1M count=256\"," out \
		>n && test "$(cat n)" -eq 10 &&
	sed "s/\"[^\"]*\"/title/" out |
		awk -F, "NR > 1 { print \$3, \$4, \$6, \$7 }" >actual &&
	cat >expect <<-\EOT &&
	time s No sync data=ordered 10
	time s data=ordered O_SYNC 10
	time s data=ordered O_DSYNC 10
	time s data=ordered fdatasync() 10
	time s data=ordered fsync() 10
	rate MB/s No sync data=ordered 10
	rate MB/s data=ordered O_SYNC 10
	rate MB/s data=ordered O_DSYNC 10
	rate MB/s data=ordered fdatasync() 10
	rate MB/s data=ordered fsync() 10
	EOT
	test_cmp expect actual
'

test_expect_success 'a failed command: warning, a failed run, exit 0' '
	F="$TM/edge/usr-bin-time-v-failed.txt" &&
	fsreport show --format csv "$F" >out 2>err &&
	echo "fsreport: warning: $F:1: the timed command failed (dd: failed to open '"'"'/nonexistent/testfile'"'"': No such file or directory); its run is left out" >expect &&
	test_cmp expect err &&
	awk -F, "NR > 1 { print \$3, \$7, \$8 }" out >actual &&
	cat >expect <<-\EOT &&
	time 0 
	throughput 0 
	real 0 
	user 0 
	sys 0 
	max RSS 0 
	EOT
	test_cmp expect actual
'

test_expect_success 'a file with nothing recognised, named: exit 3' '
	printf "hello\nreal fast\n0.5\n" >notes.txt &&
	test_expect_code 3 fsreport show notes.txt 2>err &&
	echo "fsreport: notes.txt: not a result file fsreport can read" >expect &&
	test_cmp expect err
'

test_expect_success 'the same file in a folder is skipped (-v says so)' '
	mkdir logs &&
	printf "hello\nreal fast\n0.5\n" >logs/notes.txt &&
	cp "$TM/bash-time/nosync/run-01.txt" logs/run-01.txt &&
	fsreport show -v --format csv logs >out 2>err &&
	cat >expect <<-\EOT &&
	fsreport: logs/notes.txt: skipped, not a result file
	fsreport: logs/run-01.txt: timing, 5 result(s)
	EOT
	test_cmp expect err
'

test_expect_success 'show of a timing log: no empty PTS header lines' '
	fsreport show "$EXAMPLES/sync-modes" >out &&
	head -n 3 out >actual &&
	printf "%s\n" "sync-modes" "" "ext4 sync modes, dd bs=1M count=256" >expect &&
	test_cmp expect actual
'

test_done
