#!/bin/sh
# compare --geomean-only / --geomean-exclude REGEX: the user chooses what
# enters the geometric mean (issue 13, point 5), while every result is
# still compared and shown. The reference ratio is computed here with
# awk from the raw CSV (exp of the difference of the mean logarithms),
# not by fsreport.
. "$(dirname "$0")/lib.sh"

IN="$TOP/tests/data/csv/geomean-groups.csv"

# The ratio of the geometric means of PostMark's tx/s, new over base.
want=$(awk -F, '$1 == "PostMark" { s[$5] += log($6); n[$5]++ }
	END { printf "%.9f\n", exp(s["new"] / n["new"] - s["base"] / n["base"]) }' "$IN")

test_expect_success 'geomean-only: one result enters, all are compared' '
	fsreport compare --format json --geomean-only "^PostMark" "$IN" >out &&
	tr -d " \n" <out >flat &&
	sed "s/.*\"geomean\":\[//" flat >geo &&
	grep -q "\"results\":1,\"measurements\":1,\"left_out\":3," geo &&
	got=$(sed "s/.*\"ratio\":\([-0-9.e+]*\).*/\1/" geo) &&
	awk -v g="$got" -v w="$want" "BEGIN { d = g - w; if (d < 0) d = -d;
		exit !(d < 1e-9) }" &&
	grep -q "job1: IOPS" out && grep -q "Test Install Time" out
'

test_expect_success 'geomean-exclude: the matching results are left out' '
	fsreport compare --geomean-exclude "fio" "$IN" >out &&
	grep "over [0-9]* test" out >row &&
	grep -q "over 1 test, 3 left out" row &&
	grep -q "job1: bandwidth" out
'

test_expect_success 'geomean-exclude matches test ids, as --only does' '
	fsreport compare --format json --geomean-exclude "^postmark$" "$IN" \
		>out &&
	tr -d " \n" <out | sed "s/.*\"geomean\":\[//" >geo &&
	grep -q "\"results\":2,\"measurements\":1,\"left_out\":2," geo
'

test_expect_success 'a bad --geomean-only pattern is a usage error' '
	test_expect_code 2 fsreport compare --geomean-only "(" "$IN" \
		2>err &&
	grep -q "geomean-only: bad regular expression" err
'

test_expect_success 'show has no geometric mean: --geomean-only is refused' '
	test_expect_code 2 fsreport show --geomean-only x "$IN" 2>err &&
	grep -q "geomean-only" err
'

test_done
