#!/bin/sh
# fio's normal text output (issue 36, importers/fio-text.c): the default
# percentiles (p50, p90, p99, p99.9, p99.99) it prints are read, and one
# its report's I/Os cannot support ("issued rwts: total=R,W,T,S") is
# refused as for JSON. One real run printed both ways
# (--output-format=normal,json, scripts/capture-fio-text.sh): the text
# gives fio's JSON's own percentiles and the same refusals. Terse lines
# print no I/O count: it is fio's IOPS times the runtime, checked here
# against the KiB written over the 4 KiB blocks of the capture.
. "$(dirname "$0")/lib.sh"

FT="$DATA/fio-text"

split_run() {
	e=$(grep -n "^}" "$FT/normal+json-fsync1.txt" | head -n 1 | cut -d: -f1)
	sed -n "5,${e}p" "$FT/normal+json-fsync1.txt" >run.json &&
	{ sed -n 1,4p "$FT/normal+json-fsync1.txt"
	  sed -n "$((e + 1)),\$p" "$FT/normal+json-fsync1.txt"; } >run.txt
}

test_expect_success 'one run, text and JSON: the same percentiles, the same refusals' '
	split_run &&
	grep -q "^  write: IOPS=" run.txt && grep -q "\"jobs\"" run.json &&
	fsreport show --format csv run.txt | cut -d, -f3,8 | grep "(p" >t &&
	fsreport show --format csv run.json | cut -d, -f3,8 | grep "(p" >j &&
	test_cmp j t &&
	grep -q "write completion latency (p90),2512$" t &&
	fsreport show --format table --width 200 run.txt |
		sed -n "/^percentiles refused/,\$p" | sed "s/^run,/R,/" >rt &&
	fsreport show --format table --width 200 run.json |
		sed -n "/^percentiles refused/,\$p" | sed "s/^run,/R,/" >rj &&
	test_cmp rj rt &&
	grep -q "write completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has 8192" rt &&
	grep -q "sync latency (p99.99): p99.99 needs at least 100000 I/Os per run; this run has 8191" rt
'

test_expect_success 'read and write of one report: each percentile on its own count' '
	fsreport show --format table --width 200 "$FT/normal-randrw.txt" >t &&
	grep -q "read completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has 4050" t &&
	grep -q "write completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has 4142" t &&
	fsreport show --format csv "$FT/normal-randrw.txt" >c &&
	grep -q ",randwrite: read completion latency (p99)," c &&
	! grep -q "(p99.9)," c && ! grep -q "(p95)," c
'

test_expect_success '--percentiles picks among those fio printed (p97 it did not print: none)' '
	split_run &&
	fsreport show --format csv --percentiles 50,95,97,99.5 run.txt >c 2>err &&
	grep -q "warning: run.txt:[0-9]*: fio printed no p97 here" err &&
	test $(grep -c "printed no" err) = 1 &&
	grep -q ",randwrite: write completion latency (p95),ns,lower,run,1,2640," c &&
	grep -q ",randwrite: write completion latency (p99.5),ns,lower,run,1,12736," c &&
	! grep -q "(p97)," c && ! grep -q "(p90)," c
'

test_expect_success 'terse: a percentile the run cannot support is refused, on its I/Os (KiB / 4 KiB blocks)' '
	n=$(( $(cut -d";" -f47 "$FT/terse-fsync1.txt") / 4 )) &&
	test "$n" -lt 10000 && test "$n" -ge 1000 &&
	fsreport show --format table --width 200 "$FT/terse-fsync1.txt" >t &&
	grep -q "write completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has $n$" t &&
	grep -q "write completion latency (p99.99): p99.99 needs at least 100000 I/Os per run; this run has $n$" t &&
	fsreport show --format csv "$FT/terse-fsync1.txt" >c &&
	grep -q ",randwrite: write completion latency (p99)," c &&
	! grep -q "(p99.9)," c &&
	r=$(( $(cut -d";" -f6 "$FT/terse-v4-randrw.txt") / 4 )) &&
	w=$(( $(cut -d";" -f47 "$FT/terse-v4-randrw.txt") / 4 )) &&
	fsreport show --format table --width 200 "$FT/terse-v4-randrw.txt" >t &&
	grep -q "read completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has $r$" t &&
	grep -q "write completion latency (p99.9): p99.9 needs at least 10000 I/Os per run; this run has $w$" t
'

test_done
