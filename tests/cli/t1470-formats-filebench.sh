#!/bin/sh
# filebench 1.5 output: real captures made on this machine with filebench
# built from its public source (scripts/capture-filebench.sh,
# tests/data/filebench/README). The IO Summary and every flowop row are
# results; an interrupted run, a run that stopped early and a run that
# hit errors are failed runs, warned at the line that says why; a file
# cut short is a failed run, a row cut in two exits 3 at its line.
# Expected values come from the raw text (awk), not from fsreport.
. "$(dirname "$0")/lib.sh"

FB="$DATA/filebench"

# summary FILE... : "ops/s rd wr mb/s ms/op" of each IO Summary line
summary() {
	awk '/: IO Summary: / {
		for (i = 1; i <= NF; i++) if ($i == "Summary:") break
		split($(i + 5), rw, "/"); mb = $(i + 7); ms = $(i + 8)
		sub(/mb\/s$/, "", mb); sub(/ms\/op$/, "", ms)
		print $(i + 3), rw[1], rw[2], mb, ms }' "$@"
}

# rows FILE : "NAME ops/s mb/s ms/op min max" of each flowop row
rows() {
	awk '/Per-Operation Breakdown$/ { on = 1; next }
	     on && /^[0-9.]+: / { on = 0 }
	     on { o = $3; m = $4; l = $5; lo = $6; hi = $8
		  sub(/ops\/s$/, "", o); sub(/mb\/s$/, "", m)
		  sub(/ms\/op$/, "", l); sub(/^\[/, "", lo); sub(/ms$/, "", lo)
		  sub(/ms\]$/, "", hi)
		  print $1, o, m, l, lo, hi }' "$1"
}

# mean COLUMN : the mean of the lines of stdin, as %.6f
mean() {
	awk -v c="$1" '{ s += $c; n++ } END { printf "%d %.6f\n", n, s / n }'
}

test_expect_success 'three fileserver runs: the IO Summary, n = 3 each' '
	fsreport show --format csv "$FB/fileserver" >out &&
	for m in "ops/s 1" "read ops/s 2" "write ops/s 3" "MiB/s 4" "ms/op 5"
	do
		col=${m##* } name=${m% *} &&
		summary "$FB"/fileserver/run-0*.txt | mean "$col" >expect &&
		awk -F, -v d="$name" "\$3 == d { printf \"%d %.6f\\n\", \$7, \$8 }" out >actual &&
		test_cmp expect actual || exit 1
	done &&
	awk -F, "\$3 == \"ops/s\" || \$3 == \"ms/op\" { print \$3, \$4, \$5 }" out >actual &&
	printf "%s\n" "ops/s ops/s higher" "ms/op ms lower" >expect &&
	test_cmp expect actual
'

test_expect_success 'every flowop row: ops/s, MiB/s, ms/op, min and max latency' '
	fsreport show --format csv "$FB/fileserver/run-01.txt" >out &&
	rows "$FB/fileserver/run-01.txt" >raw &&
	test "$(wc -l <raw)" = 11 &&
	awk "{ printf \"%s ops/s=%.6f\\n%s MiB/s=%.6f\\n%s ms/op=%.6f\\n%s min latency=%.6f\\n%s max latency=%.6f\\n\", \
		\$1, \$2, \$1, \$3, \$1, \$4, \$1, \$5, \$1, \$6 }" raw | sort >expect &&
	awk -F, "NR > 1 && \$3 ~ / / && \$3 !~ /^(read|write) ops/ { printf \"%s=%.6f\\n\", \$3, \$8 }" out | sort >actual &&
	test_cmp expect actual &&
	awk -F, "\$3 == \"readfile1 max latency\" { print \$4, \$5 }" out >actual &&
	echo "ms lower" >expect &&
	test_cmp expect actual
'

test_expect_success 'lathist: a row followed by its histogram still reads' '
	fsreport show --format csv "$FB/varmail-lathist.txt" >out 2>err &&
	test ! -s err &&
	rows "$FB/varmail-lathist.txt" >raw &&
	test "$(wc -l <raw)" = 13 &&
	awk "{ printf \"%s ops/s=%.6f\\n%s ms/op=%.6f\\n\", \$1, \$2, \$1, \$4 }" raw | sort >expect &&
	awk -F, "\$3 ~ / (ops\\/s|ms\\/op)\$/ && \$3 !~ /^(read|write) ops/ { printf \"%s=%.6f\\n\", \$3, \$8 }" out | sort >actual &&
	test_cmp expect actual &&
	test "$(tail -n +2 out | wc -l)" = $((5 + 13 * 5))
'

test_expect_success 'webserver: rd/wr is read ops/s / write ops/s' '
	fsreport show --format csv "$FB/webserver.txt" >out &&
	summary "$FB/webserver.txt" | awk "{ print \$2; print \$3 }" >expect &&
	awk -F, "\$3 == \"read ops/s\" || \$3 == \"write ops/s\" { print \$8 }" out >actual &&
	test_cmp expect actual
'

test_expect_success 'interrupted (SIGINT): a failed run, warned at Aborting...' '
	cp "$FB/interrupted.txt" . &&
	fsreport show --format csv interrupted.txt >out 2>err &&
	n=$(grep -n ": Aborting\.\.\.$" "$FB/interrupted.txt" | cut -d: -f1) &&
	grep -q "^fsreport: warning: interrupted.txt:$n: the run was interrupted (filebench printed .Aborting\.\.\..; no IO Summary); this run (from line [0-9]*) is a failed run$" err &&
	awk -F, "\$3 == \"ops/s\" { print \$7 }" out >actual &&
	echo 0 >expect &&
	test_cmp expect actual
'

test_expect_success 'a run stopped early: failed, with filebench warning and its lines' '
	cp "$FB/stopped-early.txt" . &&
	fsreport show --format csv stopped-early.txt >out 2>err &&
	n=$(grep -n "WARNING! Run stopped early:" "$FB/stopped-early.txt" | cut -d: -f1) &&
	grep -q "^fsreport: warning: stopped-early.txt:$n: filebench failed: WARNING! Run stopped early: flowop openmissing-1 could not obtain a file\. Please reduce runtime" err &&
	test "$(awk -F, "\$3 == \"ops/s\" { print \$7 }" out)" = 0
'

test_expect_success 'a run with errors (disk full): failed at its first error' '
	cp "$FB/disk-full.txt" . &&
	fsreport show --format csv disk-full.txt >out 2>err &&
	n=$(grep -n "Failed to write" "$FB/disk-full.txt" | cut -d: -f1) &&
	grep -q "^fsreport: warning: disk-full.txt:$n: filebench failed: Failed to write 65536 bytes on fd 6: No space left on device; this run" err &&
	test "$(wc -l <err)" = 1 &&
	test "$(awk -F, "\$3 == \"ops/s\" { print \$7 }" out)" = 0
'

test_expect_success 'the same run captured without stderr: failed, says why' '
	grep -v "ailed\|NO VALID" "$FB/disk-full.txt" >stdout-only.txt &&
	fsreport show --format csv stdout-only.txt >out 2>err &&
	grep -q "^fsreport: warning: stdout-only.txt:[0-9]*: filebench shut down without an IO Summary, as it does after a run that ended in error (its messages go to stderr: capture with 2>&1)" err &&
	test "$(awk -F, "\$3 == \"ops/s\" { print \$7 }" out)" = 0
'

test_expect_success 'a file cut inside the breakdown: a failed run, warned' '
	head -n 20 "$FB/fileserver/run-01.txt" >cut.txt &&
	fsreport show --format csv cut.txt >out 2>err &&
	grep -q "^fsreport: warning: cut.txt:20: the run stopped before its IO Summary line (interrupted or cut short)" err &&
	test "$(awk -F, "\$3 == \"ops/s\" { print \$7 }" out)" = 0
'

test_expect_success 'a flowop row cut in two: exit 3 at its line' '
	n=$(grep -n "Per-Operation Breakdown" "$FB/fileserver/run-01.txt" | cut -d: -f1) &&
	head -n $((n + 2)) "$FB/fileserver/run-01.txt" >cut.txt &&
	tail -n 1 cut.txt | cut -c1-40 >last && head -n $((n + 1)) cut.txt >row.txt &&
	cat last >>row.txt &&
	test_expect_code 3 fsreport show row.txt 2>err &&
	echo "fsreport: row.txt:$((n + 2)): filebench flowop row: expected '"'"'NAME Nops Nops/s Nmb/s Nms/op [Nms - Nms]'"'"'" >expect &&
	test_cmp expect err
'

test_expect_success 'a flowop rate that is no number: exit 3 at its line' '
	sed "/^statfile1 /s/ \([0-9]\)\([0-9]*ops\/s\)/ \1x\2/" "$FB/fileserver/run-01.txt" >bad.txt &&
	n=$(grep -n "^statfile1 " bad.txt | cut -d: -f1) &&
	v=$(sed -n "${n}p" bad.txt | awk "{ sub(/ops\/s\$/, \"\", \$3); print \$3 }") &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	echo "fsreport: bad.txt:$n: filebench ops/s '"'"'$v'"'"' is not a number of at least 0" >expect &&
	test_cmp expect err
'

test_done
