#!/bin/sh
# compare --format csv (issue 4): exactly the contract columns of
# design.md; p_welch, p_mwu and the interval equal R's values (from
# tests/data/stats/reference.txt, written by scripts/stats-reference.R) to
# 1e-8; p_adj is the corrected p of the deciding test; empty cells where
# nothing applies.
. "$(dirname "$0")/lib.sh"

HEADER='result,test,description,unit,better,baseline,label,n_base,n,mean_base,mean,sd_base,sd,delta_pct,ci_low_pct,ci_high_pct,p_welch,p_mwu,p_adj,verdict,method,ci_level,diff,diff_low,diff_high,mde,runs_needed,gmean_base,gmean,center,marks,margin,margin_low_pct,margin_high_pct,p_margin,p_margin_adj,margin_ci_low_pct,margin_ci_high_pct,margin_ci_level,n_failed_base,n_failed,shape_ks_d,shape_p,refused,steady_result'
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

# Version 1 grows at the end only: the contract columns, then the ones
# issue 13 added (method, ci_level, diff, diff_low, diff_high, mde,
# runs_needed).
test_expect_success 'the header is the contract, then the added columns' '
	fsreport compare --format csv "$DOCA" "$DOCB" >out &&
	head -n 1 out >actual &&
	echo "$HEADER" >expect &&
	test_cmp expect actual
'

# doc a and b are row 1 of the "compare three" case: all runs > 0, so the
# change is the ratio of the geometric means and its interval and p are
# Welch's on the logarithms (R's t.test(log(b), log(a))); the difference
# in the unit keeps the plain Welch interval (R's welch doc case).
test_expect_success 'the worked example of methods.md section 9: R values' '
	fsreport compare --format csv a="$DOCA" b="$DOCB" >out &&
	sed -n 2p out >row &&
	test "$(cut -d, -f6-9 row)" = "a,b,10,10" &&
	near "$(cut -d, -f17 row)" "$(ref compare three p_welch)" &&
	near "$(cut -d, -f18 row)" "$(ref mwu-exact doc p)" &&
	near "$(cut -d, -f19 row)" "$(ref compare three p_welch)" &&
	near "$(cut -d, -f14 row)" "$(ref compare three delta)" &&
	near "$(cut -d, -f15 row)" "$(ref compare three ci_low_none)" &&
	near "$(cut -d, -f16 row)" "$(ref compare three ci_high_none)" &&
	test "$(cut -d, -f20-22 row)" = "same,log-welch,0.95" &&
	near "$(cut -d, -f24 row)" "$(ref welch doc diff_low)" &&
	near "$(cut -d, -f25 row)" "$(ref welch doc diff_high)"
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
	sed 1d out | awk -F, "{ print \$(NF-29) \",\" \$(NF-28) \",\" \$(NF-27) \",\" \$(NF-26) \",\" \$(NF-25) }" |
		sort -u >actual &&
	echo ",,,,n/a" >expect &&
	test_cmp expect actual &&
	test "$(sed 1d out | wc -l)" -eq 80
'

test_expect_success 'csv and the text report agree on every verdict' '
	B="$EXAMPLES/compare-stats/before.csv" &&
	A="$EXAMPLES/compare-stats/after.csv" &&
	fsreport compare --format csv "$B" "$A" | sed 1d |
		awk -F, "{ print \$(NF-25) }" >csv.v &&
	fsreport compare "$B" "$A" | grep "^  after " |
		grep -oE "(better|worse|same|n/a)" >txt.v &&
	test_cmp csv.v txt.v
'

test_done
