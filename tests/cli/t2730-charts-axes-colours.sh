#!/bin/sh
# Chart points of issue 34, end to end (the unit tests test-axis and
# test-layout check the functions; these check that the charts use
# them): value axes with 5 to 8 gridlines as PTS draws them (they were
# as sparse as "0 50 100"; 4 only where no 1-2-5 step gives 5 to 8); a
# log change axis that ends at the next 1-2-5 step beyond the data (it
# ran a decade or more past it: to x50 for data within x5.7, x1000 for
# data within x16); a colour of
# its own for each of 14 systems, the 13th no longer the baseline's blue.
# Expected axis ends are worked out here from the runs written below
# (the ratio of the geometric means), not taken from fsreport.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES"

# ticks DUMP: the tick count of each bar chart's value axis in a
# --debug-layout dump, one a line
ticks() {
	awk '/^chart [0-9]+ bars/ { b = 1; next }
	b && /^  axis / {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^ticks=/)
				print split(substr($i, 7), t, ",")
		b = 0
	}' "$1"
}

# runs FILE TEST VALUE...: a generic CSV of one lower-is-better test
runs() {
	f=$1 t=$2
	shift 2
	{
		echo "test,unit,better,value"
		for v in "$@"; do
			echo "$t,s,lower,$v"
		done
	} >"$f"
}

# geo_ratio A B: the ratio of the geometric means of the values of two
# files written by runs
geo_ratio() {
	awk -F, 'FNR > 1 { s[FILENAME] += log($4); n[FILENAME]++ }
		END { print exp(s[ARGV[2]] / n[ARGV[2]] - s[ARGV[1]] / n[ARGV[1]]) }' \
		"$1" "$2"
}

# next125 X: the smallest 1, 2 or 5 times a power of ten at or above X
next125() {
	awk -v x="$1" 'BEGIN {
		p = 10 ^ int(log(x) / log(10) - 1)
		while (1) {
			if (p >= x) { print p; exit }
			if (2 * p >= x) { print 2 * p; exit }
			if (5 * p >= x) { print 5 * p; exit }
			p *= 10
		}
	}'
}

# log_ends DUMP: the change chart's log axis ends as factors, "LO HI"
log_ends() {
	awk '/^chart [0-9]+ changes/ { c = 1; next }
	c && /^  axis / && / log-ratio / {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^lo=/) lo = substr($i, 4)
			if ($i ~ /^hi=/) hi = substr($i, 4)
		}
		printf "%.6g %.6g\n", 10 ^ lo, 10 ^ hi
		exit
	}' "$1"
}

test_expect_success 'the stories: value axes of 4 to 8 gridlines, most 5 to 8, never 3' '
	fsreport compare "$E/ext4-mount-options" --debug-layout >d1 &&
	fsreport compare "$E/postmark/buffered" "$E/postmark/unbuffered" \
		--debug-layout >d2 &&
	fsreport compare "$E/sync-modes" --debug-layout >d3 &&
	fsreport compare "$E/compare-stats/before.csv" \
		"$E/compare-stats/after.csv" --debug-layout >d4 &&
	fsreport compare "$E/discard/vendor3/buffered-nodiscard.csv" \
		"$E/discard/vendor3/buffered-discard.csv" --debug-layout >d5 &&
	for d in d1 d2 d3 d4 d5; do
		ticks $d >t.$d &&
		test -s t.$d &&
		awk "\$1 < 5 || \$1 > 8 { bad = 1 } END { exit bad }" t.$d ||
		{ echo "$d:"; sort t.$d | uniq -c; return 1; }
	done &&
	# the 18 run sets of the other examples: 4 only where no 1-2-5
	# step gives 5 to 8 (0..15000 by 5000: by 2000 would be 9)
	fsreport compare "$E/dbench/default" "$E/dbench/osync" \
		--debug-layout >d6 2>/dev/null &&
	ticks d6 >t.d6 &&
	awk "\$1 < 4 || \$1 > 8 { bad = 1 } \$1 >= 5 { ok++ }
		END { exit bad || ok < NR - 1 }" t.d6
'

test_expect_success 'data up to 97: 5 to 8 gridlines by a 1-2-5 step, not 0 50 100' '
	runs a.csv x 96.9 97 97.1 &&
	runs b.csv x 89.9 90 90.1 &&
	fsreport compare a.csv b.csv --debug-layout >dump &&
	sed -n "/^chart 1 bars/,/^chart 2 /p" dump |
		sed -n "s/^  axis .* ticks=\([^ ]*\) .*/\1/p" | tr , "\n" >t &&
	cat t &&
	awk "NR == 1 { lo = \$1 } NR == 2 { step = \$1 - lo } { hi = \$1 }
		END {
			m = step / 10 ^ int(log(step) / log(10) + 1e-9)
			exit !(NR >= 5 && NR <= 8 && lo <= 0 && hi >= 97.1 &&
			       (m == 1 || m == 2 || m == 5))
		}" t
'

test_expect_success 'a log change axis ends at the next 1-2-5 step beyond the data' '
	# x: b is about 5.7 times slower than a; y: 1.5 times
	runs a.csv x 1.00 1.02 0.98 1.01 &&
	runs b.csv x 5.70 5.72 5.68 5.71 &&
	r=$(geo_ratio a.csv b.csv) &&
	awk -v r="$r" "BEGIN { exit !(r > 5.6 && r < 5.8) }" &&
	end=$(next125 "$r") &&
	test "$end" = 10 &&
	{ cat a.csv; printf "y,s,lower,%s\n" 2.0 2.02 1.98 2.01; } >a2.csv &&
	{ cat b.csv; printf "y,s,lower,%s\n" 3.0 3.03 2.97 3.01; } >b2.csv &&
	fsreport compare a2.csv b2.csv --debug-layout >dump &&
	log_ends dump >actual &&
	# worse is to the left: 1/10 ... 1
	echo "$(awk -v e="$end" "BEGIN { printf \"%.6g\", 1 / e }") 1" >expect &&
	test_cmp expect actual &&
	fsreport compare a2.csv b2.csv --chart-dir ch -o /dev/null &&
	grep -o ">×[0-9]*<" ch/change.svg | sort -u >labels &&
	grep -qx ">×10<" labels &&
	! grep -q ">×\(20\|50\|100\)<" labels &&
	# within x16 (seed 003 vendor3): x20, not x100
	runs p.csv x 1.00 1.02 0.98 1.01 &&
	runs q.csv x 16.0 16.2 15.8 16.1 &&
	r=$(geo_ratio p.csv q.csv) &&
	end=$(next125 "$r") &&
	test "$end" = 20 &&
	fsreport compare p.csv q.csv --debug-layout >dump &&
	log_ends dump >actual &&
	echo "$(awk -v e="$end" "BEGIN { printf \"%.6g\", 1 / e }") 1" >expect &&
	test_cmp expect actual
'

test_expect_success 'a log change axis on both sides: each end its own step' '
	# x: b 8 times faster (x10 to the right), y: 3 times slower (x5 left)
	runs a.csv x 8.00 8.08 7.92 8.02 &&
	printf "y,s,lower,%s\n" 1.0 1.01 0.99 1.005 >>a.csv &&
	runs b.csv x 1.00 1.01 0.99 1.0 &&
	printf "y,s,lower,%s\n" 3.0 3.03 2.97 3.01 >>b.csv &&
	grep "^x" a.csv | sed "1s/^/test,unit,better,value\n/" >ax.csv &&
	grep "^x" b.csv | sed "1s/^/test,unit,better,value\n/" >bx.csv &&
	grep "^y" a.csv | sed "1s/^/test,unit,better,value\n/" >ay.csv &&
	grep "^y" b.csv | sed "1s/^/test,unit,better,value\n/" >by.csv &&
	right=$(next125 "$(geo_ratio bx.csv ax.csv)") &&
	left=$(next125 "$(geo_ratio ay.csv by.csv)") &&
	test "$right $left" = "10 5" &&
	fsreport compare a.csv b.csv --debug-layout >dump &&
	log_ends dump >actual &&
	echo "$(awk -v e="$left" "BEGIN { printf \"%.6g\", 1 / e }") $right" >expect &&
	test_cmp expect actual
'

test_expect_success '14 systems: 14 colours, the 13th not the baseline blue' '
	for i in $(seq 1 14); do
		runs s$(printf %02d $i).csv x $((10 + i)) $((10 + i)).5 || return 1
	done &&
	fsreport compare s*.csv --chart-dir ch -o /dev/null &&
	# the bars, top to bottom, one a system in order
	grep -o "<rect[^>]*stroke=[^>]*>" ch/01-*.svg |
		sed -n "s/.* fill=\"\(#[0-9a-f]*\)\".*/\1/p" >bars &&
	test $(wc -l <bars) = 14 &&
	test $(sort -u bars | wc -l) = 14 &&
	base=$(sed -n 1p bars) &&
	test "$base" = "#0072b2" &&
	test "$(sed -n 13p bars)" != "$base" &&
	! sed 1d bars | grep -qx "$base" &&
	# the page: the summary heading of each system has its colour
	fsreport report -q s*.csv -o page &&
	sed -n "/<table class=\"ob\" id=\"results\">/,/<\/thead>/p" page/index.html |
		grep -o "background:#[0-9A-Fa-f]*" | tr A-F a-f |
		sed "s/background://" >swatches &&
	test_cmp bars swatches
'

test_done
