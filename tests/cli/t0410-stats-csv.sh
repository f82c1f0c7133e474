#!/bin/sh
# compare --format csv (issue 4): exactly the contract columns of
# design.md; p_welch, p_mwu and the interval equal R's values (from
# tests/data/stats/reference.txt, written by scripts/stats-reference.R) to
# 1e-8; p_adj is the corrected p of the deciding test; empty cells where
# nothing applies.
. "$(dirname "$0")/lib.sh"

HEADER='result,test,description,unit,better,baseline,label,n_base,n,mean_base,mean,sd_base,sd,delta_pct,ci_low_pct,ci_high_pct,p_welch,p_mwu,p_adj,verdict'
REF="$DATA/stats/reference.txt"
DOCA="$DATA/stats/doc-a.csv"
DOCB="$DATA/stats/doc-b.csv"

# ref KIND NAME KEY: the first number of KEY in a case of reference.txt
ref() {
	awk -v kind="$1" -v name="$2" -v key="$3" '
		$1 == "case" { on = ($2 == kind && $3 == name) }
		on && $1 == key { print $2; exit }' "$REF"
}

# near GOT WANT: equal to 1e-8 relative
near() {
	awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d;
		s = w < 0 ? -w : w; exit !(g != "" && d <= 1e-8 * (s ? s : 1)) }'
}

test_expect_success 'the header is the contract, nothing more' '
	fsreport compare --format csv "$DOCA" "$DOCB" >out &&
	head -n 1 out >actual &&
	echo "$HEADER" >expect &&
	test_cmp expect actual
'

test_expect_success 'the worked example of statistics.md: R values' '
	fsreport compare --format csv a="$DOCA" b="$DOCB" >out &&
	sed -n 2p out >row &&
	test "$(cut -d, -f6-9 row)" = "a,b,10,10" &&
	near "$(cut -d, -f17 row)" "$(ref welch doc p)" &&
	near "$(cut -d, -f18 row)" "$(ref mwu-exact doc p)" &&
	near "$(cut -d, -f19 row)" "$(ref welch doc p)" &&
	near "$(cut -d, -f14 row)" 1.384649144194694 &&
	mean=4101.4 &&
	near "$(cut -d, -f15 row)" \
		"$(awk -v l="$(ref welch doc diff_low)" -v m=$mean "BEGIN { printf \"%.17g\", 100 * l / m }")" &&
	near "$(cut -d, -f16 row)" \
		"$(awk -v h="$(ref welch doc diff_high)" -v m=$mean "BEGIN { printf \"%.17g\", 100 * h / m }")" &&
	test "$(cut -d, -f20 row)" = same
'

test_expect_success '--test mwu: p_adj is the U test p' '
	fsreport compare --format csv --test mwu "$DOCA" "$DOCB" >out &&
	near "$(sed -n 2p out | cut -d, -f19)" "$(ref mwu-exact doc p)"
'

test_expect_success 'every row under Holm, BH and none: p_adj as corrected' '
	B="$EXAMPLES/compare-stats/before.csv" &&
	A="$EXAMPLES/compare-stats/after.csv" &&
	for how in holm bh none; do
		fsreport compare --format csv --adjust $how "$B" "$A" >$how.csv ||
			return 1
	done &&
	cut -d, -f17 none.csv | sed 1d >p &&
	cut -d, -f19 none.csv | sed 1d >p_none &&
	test_cmp p p_none &&
	Rp=$(tr "\n" " " <p) &&
	awk -v p="$Rp" "BEGIN { m = split(p, v, \" \");
		for (i = 1; i <= m; i++) { o[i] = i }
		for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
			if (v[o[j]] < v[o[i]]) { t = o[i]; o[i] = o[j]; o[j] = t }
		run = 0
		for (k = 1; k <= m; k++) { q = (m - k + 1) * v[o[k]];
			if (q > 1) q = 1; if (q > run) run = q; h[o[k]] = run }
		for (i = 1; i <= m; i++) printf \"%.17g\n\", h[i] }" >holm.want &&
	cut -d, -f19 holm.csv | sed 1d >holm.got &&
	paste -d" " holm.got holm.want | while read g w; do
		near "$g" "$w" || { echo "holm $g != $w"; exit 1; }
	done
'

test_expect_success 'n = 1: empty interval and p cells, verdict n/a' '
	fsreport compare --format csv "$EXAMPLES/ext4-mount-options" >out &&
	sed 1d out | awk -F, "{ print \$(NF-4) \",\" \$(NF-3) \",\" \$(NF-2) \",\" \$(NF-1) \",\" \$NF }" |
		sort -u >actual &&
	echo ",,,,n/a" >expect &&
	test_cmp expect actual &&
	test "$(sed 1d out | wc -l)" -eq 80
'

test_expect_success 'csv and the text report agree on every verdict' '
	B="$EXAMPLES/compare-stats/before.csv" &&
	A="$EXAMPLES/compare-stats/after.csv" &&
	fsreport compare --format csv "$B" "$A" | sed 1d |
		awk -F, "{ print \$NF }" >csv.v &&
	fsreport compare "$B" "$A" | grep "^  after " |
		grep -oE "(better|worse|same|n/a)" >txt.v &&
	test_cmp csv.v txt.v
'

test_done
