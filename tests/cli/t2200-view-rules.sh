#!/bin/sh
# The view's rules (README "One view"), read back from every compare
# output (CSV, JSON, Markdown, HTML, the table and the PTS-style text;
# the charts in t2700) by scripts/view-rules.py, which does not share
# fsreport's code: a % beside two values is their change (1), in the
# JSON, the tables and the text too, and every layout prints the same
# one for a row; values that differ print apart (3); Holm's mark in the
# tables and the JSON's flags (4); levels never "100%" and no interval
# in e-notation, no CI column of "-" where every row has one run per
# system (5); the same marks in CSV, JSON, Markdown and HTML (7);
# no change below -100 % of a positive quantity (9). Over the four
# stories and random run sets (skewed, outliers, negative values,
# n = 1..30, 2..40 systems: compare needs two).
. "$(dirname "$0")/lib.sh"

# rules ARGS...: the checker's verdict on compare ARGS
rules() {
	python3 "$TOP/scripts/view-rules.py" check "$FSREPORT" "$@" >out &&
	cat out &&
	grep -q "^ok - " out
}

have_python() {
	command -v python3 >/dev/null || { skip "no python3"; return 1; }
}

test_expect_success 'sync-modes: the geometric means beside their ratio' '
	have_python || return 0
	rules --baseline "No sync data=ordered" "$EXAMPLES/sync-modes"
'

test_expect_success 'postmark: buffered against unbuffered' '
	have_python || return 0
	rules "$EXAMPLES/postmark/buffered" "$EXAMPLES/postmark/unbuffered"
'

test_expect_success 'ext4-mount-options: six systems, 16 tests' '
	have_python || return 0
	rules "$EXAMPLES/ext4-mount-options"
'

test_expect_success 'compare-stats: generic CSV, three runs of tar' '
	have_python || return 0
	rules "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv"
'

for seed in 1 3 5 7 9 12 17 23 31 38 48 60; do
	test_expect_success "random run set, seed $seed" '
		have_python || return 0
		python3 "$TOP/scripts/view-rules.py" generate gen '"$seed"' \
			>files &&
		rules $(cat files)
	'
done

test_expect_success 'sync-modes table: fdatasync 0.22 -> 0.27, not 0.34 -> 0.27' '
	fsreport compare --format table --width 72 \
		--baseline "No sync data=ordered" "$EXAMPLES/sync-modes" >t &&
	grep -A1 "^time" t >time &&
	grep "0.27  *+19.28%" time &&
	! grep "0.34" time &&
	grep "values: the geometric means" t
'

test_expect_success 'the table says the family level, not 99.38%' '
	fsreport compare --format markdown \
		--baseline "No sync data=ordered" "$EXAMPLES/sync-modes" >t &&
	grep "95% CI, Bonferroni over..8 |" t &&
	grep "each at 99.38%" t
'

test_expect_success 'show: PostMark 6.30 and 5.60 s are not both 6' '
	fsreport show "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" >t &&
	grep "^buffered \.\.\. 6\.3 |" t &&
	grep "^unbuffered \. 5\.6 |" t
'

test_expect_success 'one run per system: no CI column of "-" in the tables' '
	have_python || return 0
	printf "test,unit,better,value\nx,s,lower,1\ny,MB/s,higher,5\n" >a.csv &&
	printf "test,unit,better,value\nx,s,lower,2\ny,MB/s,higher,4\n" >b.csv &&
	rules a.csv b.csv &&
	fsreport compare --format table a.csv b.csv >table &&
	grep "^Type  *|  *a  *b  *DIFF  Verdict |$" table &&
	grep "^x (s[^|]*| 1.00  2.00  +100.00%  n/a s  *|$" table &&
	! grep "CI" table
'

test_expect_success 'no interval: the text and the table print one change' '
	have_python || return 0
	python3 "$TOP/scripts/view-rules.py" generate gen 60 >files &&
	fsreport compare --width 200 $(cat files) >text &&
	fsreport compare --format table --width 200 $(cat files) >table &&
	grep "^  s05  1  4942.75  *+33.53%  *n/a" text &&
	grep "^t2: .* 3701.49 .* 4942.75  *+33.53%  *-  *n/a ovs" table
'

test_expect_success 'no interval, --sign better: turned as the other rows, one number everywhere' '
	printf "test,unit,better,value\nx,s,lower,1\nx,s,lower,2\nx,s,lower,4\n" >a.csv &&
	printf "test,unit,better,value\nx,s,lower,2\nx,s,lower,3\nx,s,lower,4\n" >b.csv &&
	printf "test,unit,better,value\nx,s,lower,3\n" >c.csv &&
	fsreport compare --sign better a.csv b.csv c.csv >text &&
	fsreport compare --sign better --format table --width 200 \
		a.csv b.csv c.csv >table &&
	fsreport compare --sign better --debug-layout a.csv b.csv c.csv >dump &&
	# geometric means 2.00 and 3.00: +50 % measured, -50 % turned
	grep "^  c 1  *3  *-50.00%  *n/a" text &&
	grep "3.00  -50.00%  *-  n/a" table &&
	grep "\"3.00  -50.00% vs\"" dump &&
	grep "\"-50.00% not tested vs\"" dump
'

test_expect_success 'an interval too wide to mean anything says so' '
	printf "test,unit,better,value\nx,s,lower,1\nx,s,lower,300\n" >a.csv &&
	printf "test,unit,better,value\nx,s,lower,2\nx,s,lower,3\n" >b.csv &&
	fsreport compare a.csv b.csv >text &&
	fsreport compare --format table a.csv b.csv >table &&
	grep "too wide: n = 2" text &&
	grep "too wide: n = 2" table &&
	! grep "e+" text table
'

test_expect_success 'Holm step-down: the mark h and its note in the table' '
	fsreport compare --format csv "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv" >c.csv &&
	fsreport compare --format table --width 200 \
		"$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv" >t &&
	# marks: the column before the eight of --equivalence and the five of
	# failed runs, shape, refusals and steady_result
	if awk -F, "NR > 1 && \$(NF-14) ~ /h/ { f = 1 } END { exit !f }" c.csv; then
		grep "better [a-z]*h" t && grep "h: the verdict is the" t
	else
		! grep "h: the verdict is the" t
	fi
'

test_expect_success 'rule 3: an outlier is listed with its cell'"'"'s digits, not in full' '
	{
		echo "test,description,unit,better,label,value" &&
		for v in 10.1 10.2 10.0 10.1 10.2 10.3 10.1 10.2 10.0 25.123456
		do echo "t,d,s,lower,a,$v"; done &&
		for v in 10.4 10.5 10.3 10.4 10.6 10.5 10.4 10.5 10.3 10.4
		do echo "t,d,s,lower,b,$v"; done
	} >o.csv &&
	fsreport compare o.csv >out &&
	grep "^  a 10    11.1 " out &&
	grep "^    t: d, a: 25.1\$" out &&
	! grep "25.123" out
'

test_expect_success 'JSON: every flag by its name, h as ci_stepdown' '
	fsreport compare --format json "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv" >c.json &&
	python3 - c.json <<-\EOT
	import json, sys
	names = {"few_ci", "few_mwu", "high_cv", "outliers", "disagree",
	         "failed", "missing", "not_numeric", "zero_base",
	         "few_median", "no_direction", "significant", "constant",
	         "diff_unit", "ci_stepdown", "ci_min_change", "ci_other",
	         "ties", "within_margin"}
	rows = json.load(open(sys.argv[1]))["comparison"]["rows"]
	for r in rows:
	    assert set(r["flags"]) <= names, r["flags"]
	    assert ("h" in r["marks"]) == ("ci_stepdown" in r["flags"]), r
	assert any("ci_stepdown" in r["flags"] for r in rows)
	EOT
'

test_done
