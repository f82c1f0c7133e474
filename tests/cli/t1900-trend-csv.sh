#!/bin/sh
# trend: the series of run sets, change points by E-divisive means, the
# CSV contract, orders, determinism and usage errors. Data: synthetic
# kernels 6.1 .. 6.12 (tests/data/trend/README: steps at 6.5 and 6.9).
. "$(dirname "$0")/lib.sh"

K="$DATA/trend/kernels"
HEADER='result,test,description,unit,better,label,position,n,mean,ci_low,ci_high,change_point,change_pct,verdict'
given() {
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}
shuffled() {
	for i in 10 3 12 1 7 5 2 9 11 4 8 6; do printf '6.%s=%s/6.%s ' $i "$K" $i; done
}

test_expect_success 'csv header starts with the contract columns' '
	fsreport trend --format csv $(given) >out &&
	head -n 1 out | cut -d, -f1-14 >actual &&
	echo "$HEADER" >expect &&
	test_cmp expect actual
'

test_expect_success 'one row per result and run set' '
	fsreport trend --format csv $(given) >out &&
	test "$(wc -l <out)" -eq 37
'

test_expect_success 'the -8 % step is found at 6.5, worse, nowhere else' '
	fsreport trend --format csv $(given) >out &&
	grep ",PostMark," out | awk -F, "\$12 == \"yes\" { print \$6, \$7, \$14 }" >actual &&
	echo "6.5 5 worse" >expect &&
	test_cmp expect actual
'

# step TEST FIELD [N]: the SciPy reference's value (Nth after FIELD),
# scripts/trend-reference.py steps -> tests/data/trend/steps-reference.txt
step() {
	awk -v t="$1" -v f="$2" -v k="${3:-1}" \
		'$1 == t { for (i = 2; i <= NF; i++) if ($i == f) { print $(i + k); exit } }' \
		"$DATA/trend/steps-reference.txt"
}
# close A B: |A - B| <= 1e-9 |B|
close() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= 1e-9 * m) }' ||
		{ echo "$1 is not $2"; return 1; }
}

test_expect_success 'the step is the ratio of the geometric means, Welch on their logs at 1 - 0.05/2 (SciPy)' '
	fsreport trend --format csv $(given) >out &&
	row=$(grep ",PostMark,.*,yes," out) &&
	f() { echo "$row" | cut -d, -f$1; } &&
	close "$(f 13)" "$(step PostMark change_pct)" &&
	close "$(f 15)" "$(step PostMark ci)" &&
	close "$(f 16)" "$(step PostMark ci 2)"
'

test_expect_success 'lower is better: -15 % compile time at 6.9 is better' '
	fsreport trend --format csv $(given) >out &&
	grep ",Compile," out | awk -F, "\$12 == \"yes\" { print \$6, \$14 }" >actual &&
	echo "6.9 better" >expect &&
	test_cmp expect actual &&
	row=$(grep ",Compile,.*,yes," out) &&
	f() { echo "$row" | cut -d, -f$1; } &&
	close "$(f 13)" "$(step Compile change_pct)" &&
	close "$(f 15)" "$(step Compile ci)" &&
	close "$(f 16)" "$(step Compile ci 2)"
'

test_expect_success 'an autocorrelated series is flagged in text and CSV; its lag-1 autocorrelation as awk computes it' '
	awk "BEGIN { for (i = 1; i <= 30; i++) { d = sprintf(\"w%02d\", i); system(\"mkdir -p \" d); f = d \"/runs.csv\";
		print \"test,description,unit,better,value\" > f;
		for (k = 0; k < 5; k++) printf \"Seq read,1M,MB/s,higher,%.2f\\n\", 500 + 3 * sin(i / 2) + ((i * 7 + k * 3) % 5 - 2) * 0.4 >> f;
		close(f) } }" &&
	fsreport trend w?? >out &&
	grep "^Seq read: 1M \[MB/s, higher is better\]: no change point; lag-1 autocorrelation 0.88 (allowed for in the test)$" out &&
	fsreport trend --format csv w?? >out.csv &&
	head -1 out.csv | grep ",segment,lag1_autocorr,autocorrelated$" &&
	test "$(cut -d, -f20 out.csv | sort -u | grep -c yes)" = 1 &&
	sed -n 2p out.csv | cut -d, -f19 >got &&
	for i in w??; do awk -F, "NR > 1 { s += \$5; n++ } END { printf \"%.17g\\n\", s / n }" $i/runs.csv; done >means &&
	awk "{ x[NR] = \$1; m += \$1 } END { m /= NR; for (i = 1; i <= NR; i++) { r = x[i] - m; den += r * r; if (i > 1) num += p * r; p = r } printf \"%.17g\\n\", num / den }" means >want &&
	awk -v a="$(cat got)" -v b="$(cat want)" "BEGIN { d = a - b; if (d < 0) d = -d; exit !(d < 1e-9) }" &&
	fsreport trend --format csv $(given) | cut -d, -f20 | sort -u >flags &&
	echo no >expect && sed 1d flags >actual && test_cmp expect actual
'

test_expect_success 'a flat series has no change point' '
	fsreport trend --format csv $(given) >out &&
	grep ",fsync latency," out | cut -d, -f12 | sort -u >actual &&
	echo no >expect &&
	test_cmp expect actual
'

test_expect_success 'the same input gives the same bytes (seeded permutations)' '
	fsreport trend --format csv $(given) >a &&
	fsreport trend --format csv $(given) >b &&
	test_cmp a b
'

test_expect_success '--order version sorts 6.2 before 6.10' '
	fsreport trend --format csv --order version $(shuffled) >a &&
	fsreport trend --format csv $(given) >b &&
	test_cmp b a
'

test_expect_success '--order name sorts 6.10 before 6.2' '
	fsreport trend --format csv --order name $(shuffled) >out &&
	grep ",PostMark," out | cut -d, -f6 | tr "\n" " " >actual &&
	printf "6.1 6.10 6.11 6.12 6.2 6.3 6.4 6.5 6.6 6.7 6.8 6.9 " >expect &&
	test_cmp expect actual
'

test_expect_success '--order time uses the runs own timestamps (PTS TimeStamp)' '
	fsreport trend --format csv --order time \
		L="$CORPUS/tiobench-ec2-large.xml" \
		Mi="$CORPUS/tiobench-ec2-micro.xml" \
		Me="$CORPUS/tiobench-ec2-medium.xml" \
		S="$CORPUS/tiobench-ec2-small.xml" >out &&
	sed -n "2,5p" out | cut -d, -f6,7 | tr "\n" " " >actual &&
	printf "Mi,1 S,2 Me,3 L,4 " >expect &&
	test_cmp expect actual
'

test_expect_success '--order time without timestamps is an input error' '
	test_expect_code 3 fsreport trend --order time $(given) 2>err &&
	grep "no timestamp" err
'

test_expect_success 'text: change points marked, the direction shown' '
	fsreport trend $(given) >out &&
	grep "^  >  5  6.5 .*-8.05% \[.*\] worse (p 0.005)\$" out &&
	grep "^PostMark: Transactions/s \[tx/s, higher is better\]: 1 change point\$" out &&
	grep "^fsync latency: 4k writes \[ms, lower is better\]: no change point\$" out
'

test_expect_success 'text golden' '
	fsreport trend $(given) >out &&
	test_golden trend-kernels.txt out
'

test_expect_success '--min-size larger than the series: no change point' '
	fsreport trend --format csv --min-size 7 $(given) >out &&
	! cut -d, -f12 out | grep -q yes
'

test_expect_success 'bad options are usage errors' '
	test_expect_code 2 fsreport trend --min-size 1 $(given) &&
	test_expect_code 2 fsreport trend --permutations 5 $(given) &&
	test_expect_code 2 fsreport trend --order random $(given) &&
	test_expect_code 2 fsreport trend --format table $(given) &&
	test_expect_code 2 fsreport trend
'

test_expect_success 'trend --help names the options' '
	fsreport trend --help >out &&
	grep -- "--order HOW" out &&
	grep -- "--min-size N" out &&
	grep -- "--permutations N" out &&
	grep "^formats: ascii csv" out
'
test_done
