#!/bin/sh
# Extreme values (issue 30): fsreport accepts 0 and magnitudes from
# 1e-30 to 1e30 (docs/formats.md); beyond, a file is refused, exit 3,
# naming it (and the line where the number is read). Over the whole
# accepted range every renderer is whole: numbers printed, a median in
# the CSV, no "no t quantile", SVG coordinates a viewer can draw.
. "$(dirname "$0")/lib.sh"
GOOD="$TOP/tests/bad/pts/good.xml"

# csv NAME VALUE...: one test "t", a sample a line
csv() {
	f=$1
	shift
	{ echo "test,value"; for _v in "$@"; do echo "t,$_v"; done; } >"$f"
}

test_expect_success 'PTS: DBL_MAX in a RawString is refused at its line' '
	sed "s|<RawString>[^<]*</RawString>|<RawString>1.7976931348623157e308:1:2</RawString>|" \
		"$GOOD" >max.xml &&
	for cmd in show compare; do
		test_expect_code 3 fsreport $cmd max.xml >out 2>err &&
		grep "^fsreport: max.xml:[0-9][0-9]*: .*1.7976931348623157e308" err &&
		test ! -s out || return 1
	done
'

test_expect_success 'CSV: 1e31, 1e77 and 1e308 are refused at their line' '
	for v in 1e31 1e77 1e100 1e308 -1e200; do
		csv big.csv 1 "$v" 3 &&
		test_expect_code 3 fsreport show big.csv 2>err &&
		grep "^fsreport: big.csv:3: value .$v." err || return 1
	done
'

test_expect_success 'a tiny sample (1e-100) and a JSON one (1e300) name their file' '
	csv tiny.csv 1e-100 2e-100 && csv other.csv 1 2 &&
	test_expect_code 3 fsreport compare other.csv tiny.csv 2>err &&
	grep "^fsreport: tiny.csv: value 1e-100 of .t. is outside the range fsreport accepts" err &&
	sed "s/\"iops\" : 566.371681/\"iops\" : 1e300/" \
		"$TOP/tests/data/fio/json-fsync1.json" >fio.json &&
	! cmp -s fio.json "$TOP/tests/data/fio/json-fsync1.json" &&
	test_expect_code 3 fsreport show fio.json 2>err &&
	grep "^fsreport: fio.json: value 1e+300 of .* is outside the range" err
'

test_expect_success 'the ends of the range: every text renderer gives numbers' '
	csv a.csv 1e30 9.9e29 1e-30 0 &&
	csv b.csv -1e30 1e-30 1e30 -1e-30 &&
	fsreport show a.csv >show.txt &&
	grep -E "[0-9]{20}" show.txt &&
	fsreport show --format csv a.csv >show.csv &&
	median=$(sed -n 2p show.csv | awk -F, "{ print \$13 }") &&
	echo "median $median" && test -n "$median" &&
	for f in ascii table markdown csv json html; do
		fsreport compare --format $f a.csv b.csv >cmp.$f 2>err ||
			{ cat err; return 1; }
		! grep -i "no t quantile\|nan\|inf" cmp.$f || return 1
	done &&
	python3 -c "import json,sys; json.load(open(\"cmp.json\"))"
'

test_expect_success 'the ends of the range: charts with sane coordinates' '
	csv a.csv 1e30 9.9e29 1e-30 0 &&
	csv b.csv -1e30 1e-30 1e30 -1e-30 &&
	fsreport compare --svg c.svg --png c.png a.csv b.csv >/dev/null &&
	xmllint --noout c.svg &&
	: every number in the SVG is one a viewer draws &&
	! grep -oE " (x|y|x1|x2|y1|y2|cx|cy|r|width|height|d)=\"[^\"]*\"" c.svg |
		grep -oE "[-]?[0-9]+(\.[0-9]+)?" |
		awk "{ if (\$1 > 1e6 || \$1 < -1e6) { print; bad = 1 } } END { exit !bad }" &&
	test "$(od -An -tx1 -N8 c.png | tr -d " ")" = 89504e470d0a1a0a &&
	fsreport report a.csv b.csv -o rep &&
	test -s rep/index.html && xmllint --noout rep/charts/overview.svg
'

test_expect_success '--runs-needed 0.001 gives a number of runs on every line' '
	fsreport compare --runs-needed 0.001 "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" >out &&
	sed -n "/runs per side for 0.001%/,/^\$/p" out >runs &&
	cat runs &&
	test "$(grep -c ": " runs)" -ge 10 &&
	! grep ": ±[0-9.]*%\$" runs &&
	grep -q "more than 10000 runs" runs
'

test_expect_success 'report with 900 systems: the advice names an option report takes' '
	mkdir many &&
	i=1 && while [ $i -le 900 ]; do
		printf "test,value\nt,%d\nt,%d\n" $((100 + i % 7)) $((101 + i % 5)) \
			>many/s$i.csv
		i=$((i + 1))
	done &&
	test_expect_code 4 fsreport report many/*.csv -o rep 2>err &&
	cat err && ! grep -e "--chart-dir" err &&
	scale=$(sed -n "s/.*use --scale \([0-9.]*\) or less.*/\1/p" err) &&
	test -n "$scale" &&
	: report takes --scale: no usage error &&
	fsreport report --scale "$scale" many/*.csv -o rep 2>err
	test $? -ne 2 && ! test -e rep/nonsense
'

test_done
