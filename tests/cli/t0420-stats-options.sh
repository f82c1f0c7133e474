#!/bin/sh
# compare's statistics options (issue 4): --test, --adjust, --min-change,
# --alpha, --ci bootstrap with --seed and --bootstrap-b, --outliers; a bad
# value is a usage error (exit 2) whose first line says what is wanted.
. "$(dirname "$0")/lib.sh"

B="$EXAMPLES/compare-stats/before.csv"
A="$EXAMPLES/compare-stats/after.csv"

verdicts() {
	fsreport compare --format csv "$@" "$B" "$A" | sed 1d |
		awk -F, "{ print \$3 \": \" \$(NF-25) }"
}

test_expect_success 'defaults: Welch, Holm, 1% minimum change' '
	verdicts >actual &&
	cat >expect <<-\EOT &&
	Random read 4KiB: better
	fsync latency p99: worse
	Sequential write 1MiB: better
	Create 1000 files: same
	Extract linux-6.1.tar: same
	EOT
	test_cmp expect actual
'

test_expect_success '--min-change 2: the +1.16% write is same' '
	verdicts --min-change 2 | grep "^Sequential write 1MiB: same\$" &&
	verdicts --min-change 2% | grep "^Sequential write 1MiB: same\$"
'

test_expect_success '--alpha 0.01: the p = 0.04 write is same' '
	verdicts --alpha 0.01 | grep "^Sequential write 1MiB: same\$" &&
	verdicts --alpha 0.01 | grep "^Random read 4KiB: better\$"
'

# The change is the Hodges-Lehmann shift of the logs, -6.18 % (R's
# wilcox.test(log(b), log(a), conf.int = TRUE)); 3 + 3 runs cannot give
# a 99 % interval (the family's level), so none is printed.
test_expect_success '--test mwu: 3 + 3 runs cannot decide (n/a, note u)' '
	verdicts --test mwu | grep "^Extract linux-6.1.tar: n/a\$" &&
	fsreport compare --test mwu "$B" "$A" >out &&
	grep "^  after   3    19.8 ± 1.6     3.3%  -6.58%                 0.100  n/a     vum\$" out &&
	grep "^p: Mann-Whitney U test, Holm-adjusted over 5 comparisons" out &&
	grep "^  u too few runs, or too many ties, for the U test to reach p <= 0.05" out &&
	grep "^  m fewer than 6 runs on a side: no distribution-free 95% interval" out
'

test_expect_success '--adjust bh and none are named in the footer' '
	fsreport compare --adjust bh "$B" "$A" | grep "^p: Welch.s t-test on the logarithms, Benjamini-Hochberg-adjusted over 5" &&
	fsreport compare --adjust none "$B" "$A" | grep "^p: Welch.s t-test on the logarithms, not adjusted over 5"
'

test_expect_success '--ci bootstrap: seed and B printed, reproducible' '
	fsreport compare --ci bootstrap "$B" "$A" >one &&
	fsreport compare --ci bootstrap "$B" "$A" >two &&
	test_cmp one two &&
	tr "\n" " " <one | tr -s " " | grep -q "99% percentile bootstrap interval of the ratio of the means (B = 10000, mt19937, seed 1)" &&
	fsreport compare --ci bootstrap --seed 7 --bootstrap-b 20000 "$B" "$A" >three &&
	tr "\n" " " <three | tr -s " " | grep -q "(B = 20000, mt19937, seed 7)" &&
	! test_cmp one three >/dev/null
'

# The bootstrap interval is of the ratio of the means, so the change
# beside it is the ratio of the means too (issue 13, point 1).
test_expect_success '--ci bootstrap moves only the change, interval, method, center, marks' '
	fsreport compare --format csv "$B" "$A" |
		cut -d, -f1-13,17-20,22-29 >w &&
	fsreport compare --format csv --ci bootstrap "$B" "$A" >out &&
	cut -d, -f1-13,17-20,22-29 out >b &&
	sed 1d out | cut -d, -f30 | sort -u >center &&
	echo mean >expect &&
	test_cmp expect center &&
	test_cmp w b &&
	sed 1d out | cut -d, -f10,11,14,21 | while IFS=, read mb m d how; do
		test "$how" = bootstrap &&
		awk -v mb="$mb" -v m="$m" -v d="$d" "BEGIN { e = 100 * (m / mb - 1);
			exit !(e - d < 1e-9 && d - e < 1e-9) }" || exit 1
	done
'

# bad VALUE LINE: exit 2 and exactly LINE first on stderr
bad() {
	test_expect_code 2 fsreport compare "$1" "$2" "$B" "$A" 2>err &&
	head -n 1 err >actual &&
	echo "$3" >expect &&
	test_cmp expect actual
}

test_expect_success 'bad --test' '
	bad --test t "fsreport: --test wants welch or mwu, not '"'t'"'"
'
test_expect_success 'bad --adjust' '
	bad --adjust bonferroni "fsreport: --adjust wants holm, bh or none, not '"'bonferroni'"'"
'
test_expect_success 'bad --ci' '
	bad --ci bca "fsreport: --ci wants welch or bootstrap, not '"'bca'"'"
'
test_expect_success 'bad --outliers' '
	bad --outliers iqr "fsreport: --outliers wants esd, tukey or mad, not '"'iqr'"'"
'
test_expect_success 'bad --min-change' '
	bad --min-change -1 "fsreport: --min-change wants a percentage from 0 to 1000, not '"'-1'"'"
'
test_expect_success 'bad --seed' '
	bad --seed x1 "fsreport: --seed wants a whole number from 0 to 4294967295, not '"'x1'"'"
'
test_expect_success '--bootstrap-b below 10000' '
	bad --bootstrap-b 5000 "fsreport: --bootstrap-b wants a whole number from 10000 to 10000000, not '"'5000'"'"
'
test_expect_success 'the usage line follows the message' '
	test_expect_code 2 fsreport compare --test x "$B" "$A" 2>err &&
	sed -n 2p err >actual &&
	echo "usage: fsreport compare [OPTION]... RUNSET RUNSET..." >expect &&
	test_cmp expect actual
'

test_expect_success 'the options apply to compare only' '
	test_expect_code 2 fsreport show --test mwu "$B" 2>err &&
	head -n 1 err >actual &&
	echo "fsreport: --test does not apply to '"'show'"'" >expect &&
	test_cmp expect actual
'

test_expect_success '--help lists them' '
	fsreport compare --help >out &&
	for o in test adjust min-change ci seed bootstrap-b outliers \
		fail-on-regression; do
		grep -q "^      --$o" out || { echo "no --$o"; return 1; }
	done
'

test_done
