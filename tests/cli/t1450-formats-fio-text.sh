#!/bin/sh
# fio 3.33's text outputs (real captures on a tmpfs,
# scripts/capture-fio-text.sh): normal and terse v3 give the results the
# JSON output gives, under the same names, so a folder mixes them; units
# per latency block; numjobs and group_reporting; a job file is skipped.
. "$(dirname "$0")/lib.sh"

FT="$DATA/fio-text"

# field F of the terse line(s), from the raw text
terse() {
	awk -F';' -v f="$1" '{ print $f }' "$2"
}

test_expect_success 'terse v3: IOPS, KiB/s, clat mean (usec) and p99 by field' '
	fsreport show --format csv "$FT/terse-fsync1.txt" >out &&
	awk -F, "\$3 ~ /write (IOPS|bandwidth|completion latency \\((mean|p99)\\))\$/ { print \$3, \$8 }" out >actual &&
	{
		echo "randwrite: write IOPS $(terse 49 "$FT/terse-fsync1.txt")" &&
		echo "randwrite: write bandwidth $(($(terse 48 "$FT/terse-fsync1.txt") * 1024))" &&
		echo "randwrite: write completion latency (mean) $(terse 57 "$FT/terse-fsync1.txt" | awk "{ printf \"%.3f\", \$1 * 1000 }")" &&
		echo "randwrite: write completion latency (p99) $(terse 71 "$FT/terse-fsync1.txt" | sed "s/.*=//; s/\$/000/")"
	} >expect &&
	sed "s/ \([0-9]*\.[0-9]\{3\}\)[0-9]*\$/ \1/" actual >actual2 &&
	test_cmp expect actual2
'

test_expect_success 'normal: IOPS with k, BW in MiB/s, latency units per block' '
	fsreport show --format csv "$FT/normal-fsync1-01.txt" >out &&
	awk -F, "\$3 == \"randwrite: write IOPS\" || \$3 == \"randwrite: write bandwidth\" ||
		\$3 == \"randwrite: write completion latency (mean)\" ||
		\$3 == \"randwrite: write completion latency (p99)\" ||
		\$3 == \"randwrite: sync latency (p99)\" { print \$8 }" out >actual &&
	grep -q "write: IOPS=46.0k, BW=180MiB/s" "$FT/normal-fsync1-01.txt" &&
	grep -q "clat (usec): min=2, max=16275, avg=13.81," "$FT/normal-fsync1-01.txt" &&
	grep -q "99.00th=\[   36\]" "$FT/normal-fsync1-01.txt" &&
	grep -q "sync percentiles (nsec)" "$FT/normal-fsync1-01.txt" &&
	grep -q "99.00th=\[   32640\]" "$FT/normal-fsync1-01.txt" &&
	printf "46000\n%s\n13810\n36000\n32640\n" $((180 * 1048576)) >expect &&
	test_cmp expect actual
'

test_expect_success 'numjobs=2: two results; group_reporting: one' '
	fsreport show --format csv "$FT/terse-2jobs.txt" >out &&
	grep -c "write IOPS" out >actual &&
	fsreport show --format csv "$FT/normal-2jobs.txt" >out &&
	grep -c "write IOPS" out >>actual &&
	fsreport show --format csv "$FT/normal-group.txt" >out &&
	grep -c "write IOPS" out >>actual &&
	printf "2\n2\n1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'JSON, normal and terse runs of one job pool; the job file is skipped' '
	mkdir runs &&
	cp "$DATA/fio/json-fsync1.json" "$FT/normal-fsync1-02.txt" \
		"$FT/terse-fsync1.txt" "$FT/randwrite.fio" runs/ &&
	fsreport show -v --format csv runs >out 2>err &&
	grep -q "runs/randwrite.fio: skipped, not a result file" err &&
	awk -F, "\$3 == \"randwrite: write IOPS\" { print \$7 }" out >actual &&
	echo 3 >expect &&
	test_cmp expect actual
'

test_expect_success 'a terse line cut short: exit 3 at its line' '
	head -c 300 "$FT/terse-fsync1.txt" >cut.txt &&
	test_expect_code 3 fsreport show cut.txt 2>err &&
	grep -q "^fsreport: cut.txt:1: fio terse v3 line of [0-9]* fields, at least 121 expected" err
'

test_expect_success 'terse v2, v4, v5: IOPS of read and write from their own fields' '
	for v in 2 4 5; do
		fsreport show --format csv "$FT/terse-v$v-randrw.txt" >out &&
		awk -F, "\$3 ~ /^randwrite: (read|write) IOPS\$/ { print \$3, \$8 }" out ||
		return 1
	done >actual &&
	awk -F";" "FNR == 1 && \$1 == 2 { print \"randwrite: read IOPS\", \$7; print \"randwrite: write IOPS\", \$48 }
		FNR == 1 && \$1 == 4 { print \"randwrite: read IOPS\", \$8; print \"randwrite: write IOPS\", \$49 }
		FNR == 1 && \$1 == 5 { print \"randwrite: read IOPS\", \$8; print \"randwrite: write IOPS\", \$55 }" \
		"$FT/terse-v2-randrw.txt" "$FT/terse-v4-randrw.txt" "$FT/terse-v5-randrw.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'a terse v5 line cut short: exit 3 at its line, its count named' '
	head -c 400 "$FT/terse-v5-randrw.txt" >cut5.txt &&
	test_expect_code 3 fsreport show cut5.txt 2>err &&
	grep -q "^fsreport: cut5.txt:1: fio terse v5 line of [0-9]* fields, at least 180 expected" err &&
	head -c 400 "$FT/terse-v2-randrw.txt" >cut2.txt &&
	test_expect_code 3 fsreport show cut2.txt 2>err &&
	grep -q "^fsreport: cut2.txt:1: fio terse v2 line of [0-9]* fields, at least 161 expected" err
'

test_expect_success 'an interrupted run (SIGINT): its report is kept, warned' '
	cp "$FT/interrupted.txt" . &&
	fsreport show --format csv interrupted.txt >out 2>err &&
	n=$(grep -n "^fio: terminating on signal 2" interrupted.txt | cut -d: -f1) &&
	echo "fsreport: warning: interrupted.txt:$n: fio was interrupted (fio: terminating on signal 2): the reports after this line are of a run cut short; their numbers are kept" >expect &&
	test_cmp expect err &&
	sed -n "s/^  write: IOPS=\([0-9.]*\)k,.*/\1/p" interrupted.txt | awk "{ print 1, \$1 * 1000 }" >expect &&
	awk -F, "\$3 == \"randwrite: write IOPS\" { print \$7, \$8 }" out >actual &&
	test_cmp expect actual
'

test_expect_success 'fio JSON interrupted (SIGINT): kept, warned at its line' '
	cp "$DATA/fio/jsonplus-interrupted.json" . &&
	fsreport show --format csv jsonplus-interrupted.json >out 2>err &&
	n=$(grep -n "^fio: terminating on signal 2" jsonplus-interrupted.json | cut -d: -f1) &&
	echo "fsreport: warning: jsonplus-interrupted.json:$n: fio was interrupted (fio: terminating on signal 2): the report is of a run cut short; its numbers are kept" >expect &&
	test_cmp expect err &&
	test "$(awk -F, "\$3 == \"randwrite: write IOPS\" { print \$7 }" out)" = 1
'

# fio could not open its file (scripts/capture-fio-text.sh, 2>&1): no
# job printed a report; the job named in the first line is a failed run
# of its direction (rw=randwrite: write) with fio's own error.
test_expect_success 'a run that failed before its job ran: a failed run with fio'"'"'s error' '
	cp "$FT/failed-open.txt" . &&
	fsreport show --format csv failed-open.txt >out 2>err &&
	n=$(grep -n "^fio: pid=0, err=2/" failed-open.txt | cut -d: -f1) &&
	echo "fsreport: warning: failed-open.txt:$n: job '"'"'randwrite'"'"' failed (fio reported error 2 in open: No such file or directory)" >expect &&
	test_cmp expect err &&
	awk -F, "\$3 == \"randwrite: write IOPS\" { print \$7 }" out >actual &&
	echo 0 >expect &&
	test_cmp expect actual &&
	! grep -q "read IOPS" out &&
	fsreport show --format table failed-open.txt 2>/dev/null | grep -q "FAILED"
'

test_expect_success 'a failed job (err=) is a failed run, warned' '
	sed "s/err= 0:/err= 5:/" "$FT/normal-nofsync.txt" >failed.txt &&
	fsreport show --format csv failed.txt >out 2>err &&
	grep -q "^fsreport: warning: failed.txt:[0-9]*: job .randwrite. failed (fio reported error 5)" err &&
	awk -F, "\$3 == \"randwrite: write IOPS\" { print \$7 }" out >actual &&
	echo 0 >expect &&
	test_cmp expect actual &&
	! grep -q "latency" out
'

test_expect_success 'a value that is no number: exit 3 at its line' '
	sed "s/IOPS=[0-9.]*k/IOPS=nan/" "$FT/normal-nofsync.txt" >bad.txt &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	grep -q "^fsreport: bad.txt:[0-9]*: fio IOPS .nan. is not a number of at least 0" err
'

test_done
