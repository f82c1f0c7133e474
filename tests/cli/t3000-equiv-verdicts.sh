#!/bin/sh
# Equivalence and non-inferiority verdicts (issue 38, docs/methods.md
# section 12): --equivalence 2 proves seq-read inside +-2 % ("equal"),
# leaves the noisy create "same" and fsync "worse"; --max-regression
# proves "not worse"; every output names the margin; the margin's p is
# base R's (tests/data/stats/equivalence-reference.txt, Holm over 3).
. "$(dirname "$0")/lib.sh"

D=$TOP/tests/data/equiv

test_expect_success 'text: the verdicts, the margin list and the rule' '
	fsreport compare --equivalence 2 $D/base.csv $D/patch.csv >actual &&
	grep "^  patch 10  815.0 .* equal " actual &&
	grep "^  patch 10  13.98 .* same " actual &&
	grep "^  patch 10  3.363 .* worse" actual &&
	grep "^against the equivalence margin -1.96% to +2% (a ratio 1/1.02 to 1.02), the$" actual &&
	grep "^  seq-read, patch: \[+0.125%, +0.759%\], p 2.2e-09: equal$" actual &&
	grep "^  create, patch: .*: same$" actual &&
	grep "^equal: no change proven, and the change proven inside the equivalence margin$" actual
'

test_expect_success 'table, Markdown and HTML: the verdict and the margin' '
	for f in table markdown html; do
		fsreport compare --equivalence 2 -f $f -o out.$f \
			$D/base.csv $D/patch.csv &&
		grep "equal g" out.$f &&
		tr "\n" " " <out.$f | grep "equivalence margin -1.96% to +2%" ||
		return 1
	done &&
	grep "0 better, 1 worse, 1 same, 1 equal" out.html
'

test_expect_success 'CSV: the columns at the end, the margin p is R'"'"'s (Holm over 3)' '
	fsreport compare --equivalence 2 -f csv $D/base.csv $D/patch.csv >c.csv &&
	head -1 c.csv | grep ",marks,margin,margin_low_pct,margin_high_pct,p_margin,p_margin_adj,margin_ci_low_pct,margin_ci_high_pct,margin_ci_level,n_failed_base,n_failed,shape_ks_d,shape_p,refused,steady_result$" &&
	awk -F, "\$2 == \"seq-read\" { print \$20, \$32, \$35, \$36, \$39 }" c.csv >row &&
	read v kind p padj lvl <row &&
	test "$v $kind" = "equal equivalence" &&
	r=$(awk "/^case seq-read/ { c = 1 } c && /^ref/ { print \$8; exit }" \
		$TOP/tests/data/stats/equivalence-reference.txt) &&
	awk -v g=$p -v w=$r "BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= 1e-8 * w) }" &&
	awk -v g=$padj -v w=$r "BEGIN { d = g - 3 * w; if (d < 0) d = -d; exit !(d <= 3e-8 * w) }" &&
	test "$lvl" = 0.9666666666666666
'

test_expect_success 'JSON: the margin object and the row fields' '
	fsreport compare --equivalence 2 -f json $D/base.csv $D/patch.csv >j &&
	grep "\"kind\": \"equivalence\"" j &&
	grep "\"label\": \"equivalence margin -1.96% to +2% (a ratio 1/1.02 to 1.02)\"" j &&
	grep -c "\"p_margin_adj\":" j >n && test "$(cat n)" = 3 &&
	grep "\"verdict\": \"equal\"" j
'

test_expect_success 'no margin asked: verdicts as before, the CSV cells empty, no JSON fields' '
	fsreport compare -f csv $D/base.csv $D/patch.csv >c.csv &&
	awk -F, "NR > 1 && \$20 == \"equal\"" c.csv >eq && test ! -s eq &&
	awk -F, "NR > 1 { print \$32 \$33 \$34 \$35 \$36 \$37 \$38 \$39 }" c.csv | sort -u >cells &&
	test "$(cat cells)" = "" &&
	fsreport compare -f json $D/base.csv $D/patch.csv >j &&
	! grep "p_margin" j
'

test_expect_success '--max-regression: not worse, the worse side of the margin by direction' '
	fsreport compare --max-regression 2 -f csv $D/base.csv $D/patch.csv >c.csv &&
	awk -F, "NR > 1 { print \$2, \$20 \",\" \$33, \$34 }" c.csv >rows &&
	grep "^seq-read not worse,-1.9607843137254901 $" rows &&
	grep "^create same, 2$" rows &&
	grep "^fsync worse, 2$" rows &&
	fsreport compare --max-regression 2 $D/base.csv $D/patch.csv >actual &&
	grep "^not worse: no change proven, and the change proven not worse than the$" actual
'

test_expect_success 'both margins at once: a usage error' '
	test_expect_code 2 fsreport compare --equivalence 2 --max-regression 2 \
		$D/base.csv $D/patch.csv 2>err &&
	grep "two margins; give one" err
'

test_expect_success 'the chart: a band per row, the margin in the footnote' '
	fsreport compare --equivalence 2 --debug-layout $D/base.csv $D/patch.csv >lay &&
	grep -c "margin" lay >n && test "$(cat n)" -ge 3 &&
	grep "equivalence margin -1.96% to +2%" lay
'

test_done
