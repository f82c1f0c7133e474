#!/bin/sh
# sysbench --histogram=on --percentile=99 (issue 36, importers/sysbench.c):
# each run's latency histogram (real captures, scripts/capture-sysbench.sh,
# tests/data/sysbench/histogram/) gives p50 ... p99.99 as one value per
# run; p99 equals sysbench's own "99th percentile:" to the 2 decimals it
# prints, every percentile equals one read off the printed histogram by
# an awk of its own (sysbench 1.0's rule: the first bucket whose running
# count reaches floor(N q / 100 + 0.5)); the events are sysbench's "total
# number of events"; refusals, the spectrum and the shape line follow.
# sysbench's own printed percentile line is refused by the same rule
# when its "total number of events" cannot support it.
. "$(dirname "$0")/lib.sh"

H="$DATA/sysbench/histogram"

# pct FILE Q: the Q-th percentile of FILE's printed histogram (ms)
pct() {
	awk -v q="$2" 'BEGIN { n = 0 }
		/^Latency histogram/ { on = 1; next }
		on && /\|/ { v[n] = $1; c[n] = $NF; t += $NF; n++; next }
		on && n { on = 0 }
		END {
			want = int(t * q / 100 + 0.5); s = 0
			for (i = 0; i < n; i++) { s += c[i]; if (s >= want) { print v[i]; exit } }
		}' "$1"
}

test_expect_success 'each run: its percentiles from the printed histogram' '
	for f in "$H"/fsync/*.txt "$H"/nofsync/*.txt; do
		fsreport show --format csv "$f" >out || return 1
		for q in 50 90 99 99.9 99.99; do
			got=$(awk -F, -v d="latency (p$q)" "\$3 == d { print \$8 }" out)
			want=$(pct "$f" $q)
			[ -n "$got" ] && awk -v a="$got" -v b="$want" "BEGIN { exit !(a == b) }" ||
				{ echo "$f p$q: $got, the histogram says $want"; return 1; }
		done
		own=$(awk "/99th percentile:/ { print \$3 }" "$f")
		got=$(awk -F, "\$3 == \"latency (p99)\" { printf \"%.2f\", \$8 }" out)
		[ "$own" = "$got" ] || { echo "$f: p99 $got, sysbench printed $own"; return 1; }
	done
'

test_expect_success 'the events are sysbench'"'"'s; a percentile beyond them is refused' '
	f="$H/fsync/1.txt" &&
	n=$(awk "/total number of events:/ { print \$5 }" "$f") &&
	fsreport show --format table --width 200 --percentiles 50,99.999 "$f" >t &&
	grep "latency (p99.999): p99.999 needs at least 1000000 I/Os per run; this run has $n" t &&
	fsreport show --format csv --percentiles 50,99.999 "$f" >c &&
	grep -q ",latency (p50)," c && ! grep -q "p99.999)," c
'

test_expect_success 'two configurations: the histograms kept, a shape line, a spectrum' '
	fsreport compare --width 100 --only latency "$H/nofsync" "$H/fsync" >out &&
	grep -q "fsync, sysbench fileio: latency: the shape of the latency distribution" out &&
	grep -q "exact over 20 splits" out &&
	fsreport compare --only "latency .p50" --debug-layout "$H/nofsync" "$H/fsync" >lay &&
	test $(grep -c "^  path spectrum-mean " lay) = 2 &&
	test $(grep -c "^  path spectrum-run " lay) = 6
'

# The printed --percentile line by the same rule (real short captures,
# tests/data/sysbench/few-events/: --events=100, 999, 1000 with
# --percentile=99): kept with 1000 events or more, refused below.
FE="$DATA/sysbench/few-events"

test_expect_success 'the printed percentile with enough events: sysbench'"'"'s own, kept' '
	for f in "$FE/ev-1000.txt" "$DATA/sysbench/rndrw-01.txt" "$H/fsync/1.txt"; do
		fsreport show --format csv "$f" >out 2>err || return 1
		own=$(awk "/th percentile:/ { print \$3 }" "$f") &&
		d=$(awk "/th percentile:/ { print \"latency \" \$1 \" percentile\" }" "$f") &&
		got=$(awk -F, -v d="$d" "\$3 == d { printf \"%.2f\", \$8 }" out) &&
		[ -n "$own" ] && [ "$own" = "$got" ] ||
			{ echo "$f: $d $got, sysbench printed $own"; return 1; }
		fsreport show --format table --width 200 "$f" >t &&
		! grep -q "th percentile: p[0-9]* needs" t || return 1
	done
'

test_expect_success 'the printed percentile from too few events: refused with the reason' '
	for n in 100 999; do
		f="$FE/ev-$n.txt"
		test "$(awk "/total number of events:/ { print \$5 }" "$f")" = $n &&
		grep -q "^ *99th percentile: *[0-9.]*$" "$f" &&
		fsreport show --format table --width 200 "$f" >t 2>err &&
		grep -q "^ev-$n, sysbench fileio: latency 99th percentile: p99 needs at least 1000 I/Os per run; this run has $n$" t &&
		! grep -q "^latency 99th" t &&
		fsreport show --format csv "$f" >c &&
		grep -q ",latency avg," c && ! grep -q "percentile" c || return 1
	done
'

test_expect_success 'one short run refuses its configuration'"'"'s printed percentile' '
	mkdir short enough &&
	cp "$FE/ev-999.txt" "$FE/ev-1000.txt" short/ &&
	cp "$FE/ev-1000.txt" enough/a.txt && cp "$FE/ev-1000.txt" enough/b.txt &&
	fsreport compare --width 200 enough short >out 2>err &&
	grep -q "short, sysbench fileio: latency 99th percentile: p99 needs at least 1000 I/Os per run; 1 of these 2 runs have 999 (the 1 with enough are left out too" out
'

test_expect_success 'a histogram line that is no number is named by file and line' '
	sed "s/^       0.005 |/       0.0x5 |/" "$H/fsync/1.txt" >bad.txt &&
	! cmp -s bad.txt "$H/fsync/1.txt" &&
	test_expect_code 3 fsreport show bad.txt 2>err &&
	grep "bad.txt:[0-9]*" err
'

test_done
