#!/bin/sh
# The exact U test's two-sided p with ties is the doubled smaller tail
# (benchstat's convention, docs/methods.md section 4), not coin's and
# exactRankTests' distance from the centre: fsreport's p_mwu against an
# enumeration of every split (scripts/mwu-two-sided.py), on runs where
# the two conventions differ.
. "$(dirname "$0")/lib.sh"

runs_csv() {
	printf "test,value\n" >"$1" &&
	for v in $2; do printf "t,%s\n" "$v"; done >>"$1"
}

# check X Y: fsreport's p equals the doubled tail and not the other
check() {
	command -v python3 >/dev/null || { skip "no python3"; return 0; }
	runs_csv a.csv "$1" && runs_csv b.csv "$2" &&
	"$FSREPORT" compare --test mwu --format json a.csv b.csv >out.json &&
	python3 "$TOP/scripts/mwu-two-sided.py" "$1" "$2" >ref &&
	python3 - out.json ref <<-\PY
	import json, sys
	row = json.load(open(sys.argv[1]))["comparison"]["rows"][0]
	u, doubled, centre = map(float, open(sys.argv[2]).read().split())
	p = row["p_mwu"]
	assert row["u"] == u, (row["u"], u)
	assert abs(p - doubled) < 1e-12, (p, doubled)
	assert abs(p - centre) > 1e-4, (p, centre)
	PY
}

test_expect_success 'ties 6 v 9: the doubled tail (0.04396, not 0.04256)' '
	check "3 3 4 5 5 7" "4 5 5 6 7 7 8 8 9"
'

test_expect_success '5 v 8 with one tie: 0.04973, not 0.05051' '
	check "96.61 95.74 102.36 98.08 101.19" \
		"95.54 93.99 96.43 97.12 95.74 93.70 100.92 94.35"
'

test_done
