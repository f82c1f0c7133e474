#!/bin/sh
# fio 3.33 variants of issue 33 (real captures, scripts/capture-fio-text.sh
# ONLY=variants): --status-interval in the normal text (only the run's last
# report is its result; the reports before it are its time series, t2380), a percentile_list of the job's own and the total
# latency percentiles read by text as by JSON, unified_rw_reporting=mixed
# (text and JSON), fio's padded means ("avg= 5.35"), a report cut short.
. "$(dirname "$0")/lib.sh"

FT="$DATA/fio-text"
FJ="$DATA/fio"

test_expect_success '--status-interval text: one sample per result, the last report' '
	fsreport show --format csv "$FT/status-interval.txt" >out 2>err &&
	! test -s err &&
	! grep -q "randwrite #" out &&
	awk -F, "NR > 1 && \$7 != 1" out >not1 &&
	test_cmp /dev/null not1 &&
	awk -F, "\$3 == \"randwrite: write IOPS\" || \$3 == \"randwrite: write completion latency (mean)\" { print \$8 }" out >actual &&
	grep "write: IOPS=" "$FT/status-interval.txt" | tail -n 1 |
		sed "s/.*IOPS=\([0-9.]*\)k,.*/\1/" | awk "{ print \$1 * 1000 }" >expect &&
	grep "clat (nsec)" "$FT/status-interval.txt" | tail -n 1 |
		sed "s/.*avg=\([0-9.]*\),.*/\1/" >>expect &&
	test_cmp expect actual
'

test_expect_success '--status-interval text: the snapshots are the series, the 120 ms final round none' '
	fsreport show --format json "$FT/status-interval.txt" >si.json &&
	tr -d " \n" <si.json >flat &&
	grep -qF "\"t_ms\":[881,1881,2881],\"values\":[163491.48694665154,167798,170696]" flat
'

test_expect_success 'percentile_list=50:90:99 and lat_percentiles: text and JSON give the same results' '
	fsreport show --format csv "$FT/plist-latpct.txt" >t.csv &&
	fsreport show --format csv "$FJ/plist-latpct.json" >j.csv &&
	cut -d, -f3 t.csv | sort >t.names &&
	cut -d, -f3 j.csv | sort >j.names &&
	test_cmp j.names t.names &&
	grep -q "^randwrite: write completion latency (p90)\$" t.names &&
	grep -q "^randwrite: write total latency (p90)\$" t.names &&
	grep -q "^randwrite: sync latency (p90)\$" t.names &&
	! grep -q "(p95)" t.names
'

test_expect_success 'percentile_list text: p90 of clat and lat as fio printed them (nsec)' '
	fsreport show --format csv "$FT/plist-latpct.txt" >out &&
	awk -F, "\$3 == \"randwrite: write completion latency (p90)\" || \$3 == \"randwrite: write total latency (p90)\" { print \$8 }" out >actual &&
	grep -A1 "^    c\{0,1\}lat percentiles (nsec)" "$FT/plist-latpct.txt" |
		sed -n "s/.*90th=\[ *\([0-9]*\)\].*/\1/p" >expect &&
	test_cmp expect actual
'

test_expect_success 'percentile_list JSON: p90 as fio wrote it' '
	fsreport show --format csv "$FJ/plist-latpct.json" >out &&
	awk -F, "\$3 == \"randwrite: write total latency (p90)\" { print \$8 }" out >actual &&
	sed -n "/\"lat_ns\"/,/}/p" "$FJ/plist-latpct.json" | grep "\"90.000000\"" |
		head -n 1 | sed "s/.*: *//; s/,//" >expect &&
	test_cmp expect actual
'

test_expect_success 'unified_rw_reporting=mixed, text: read; padded "avg= 5.35" read' '
	fsreport show --format csv "$FT/mixed.txt" >out &&
	awk -F, "\$3 == \"randrw: mixed IOPS\" || \$3 == \"randrw: mixed completion latency (mean)\" { print \$8 }" out >actual &&
	grep -q "avg= [0-9]" "$FT/mixed.txt" &&
	sed -n "s/.*mixed: IOPS=\([0-9.]*\)k.*/\1/p" "$FT/mixed.txt" | awk "{ print \$1 * 1000 }" >expect &&
	sed -n "s/^ *clat (usec):.*avg= *\([0-9.]*\),.*/\1/p" "$FT/mixed.txt" | awk "{ print \$1 * 1000 }" >>expect &&
	test_cmp expect actual
'

test_expect_success 'unified_rw_reporting=mixed, JSON: read, not "no job did any I/O"' '
	fsreport show --format csv "$FJ/mixed.json" >out &&
	awk -F, "\$3 == \"randrw: mixed IOPS\" { print \$8 }" out >actual &&
	sed -n "/\"mixed\" : {/,/\"iops\"/p" "$FJ/mixed.json" | sed -n "s/.*\"iops\" : \([0-9.]*\),/\1/p" >raw &&
	awk "{ printf \"%.6f\n\", \$1 }" raw >expect &&
	awk "{ printf \"%.6f\n\", \$1 }" actual >actual2 &&
	test_cmp expect actual2
'

test_expect_success 'a normal report cut mid-way: a warning with file and line' '
	head -n 12 "$FT/normal-fsync1-01.txt" >cut.txt &&
	fsreport show --format csv cut.txt >out 2>err &&
	grep -q "^fsreport: warning: cut.txt:12: fio report cut short: the report of job .randwrite. (line [0-9]*) has no .Run status group. after it" err &&
	n=$(grep -n "^Run status group" "$FT/normal-fsync1-01.txt" | cut -d: -f1) &&
	head -n "$n" "$FT/normal-fsync1-01.txt" >nosummary.txt &&
	fsreport show nosummary.txt >out 2>err &&
	grep -q "^fsreport: warning: nosummary.txt:$n: fio report cut short: .Run status group. (line $n) has no summary line after it" err
'

test_done
