#!/bin/sh
# Outliers that hide a change (issue 37): where a side has flagged
# outliers and Welch's t-test and the U test disagree, the row's note
# says which test sees the change and offers --test mwu (view/notes.c,
# N_HIDDEN 'i' and N_SWAYED 'j'), in every output. The real case is
# examples/sync-modes: the cold first runs and an outlier leave Welch's
# test at p > 0.05 for fdatasync and fsync against no sync, while the
# U test (p = 0.001 to 0.01, before correction) finds the change.
. "$(dirname "$0")/lib.sh"

E="$TOP/examples/sync-modes"
B="No sync data=ordered"
HEAD="i: outliers flagged, and the Mann-Whitney U test finds a change"
TAIL="the U test compares ranks, which they cannot drag. --test mwu decides by the U test."

flat() { tr "\n" " " <"$1" | sed "s/  */ /g"; }

test_expect_success 'text: p values say U sees it and Welch does not; the row carries i' '
	fsreport compare --format csv --baseline "$B" "$E" >c.csv &&
	python3 -c "
import csv, sys
rows = list(csv.DictReader(open(\"c.csv\")))
hid = [r for r in rows if \"i\" in r[\"marks\"]]
ok = len(hid) == 3 and all(float(r[\"p_welch\"]) > 0.05 and
	float(r[\"p_mwu\"]) <= 0.05 for r in hid)
ok = ok and not [r for r in rows if \"d\" in r[\"marks\"] and
	\"o\" in r[\"marks\"]]
sys.exit(not ok)" &&
	fsreport compare --width 100 --baseline "$B" "$E" >out &&
	flat out | grep -F "i outliers flagged, and the Mann-Whitney U test finds" &&
	flat out | grep -F "$TAIL"
'

test_expect_success 'table, Markdown, JSON, HTML and the chart: the same mark and note' '
	fsreport compare --format table --width 100 --baseline "$B" "$E" >t &&
	test "$(grep -c "same wovi" t)" = 3 && flat t | grep -F "$HEAD" &&
	fsreport compare --format markdown --baseline "$B" "$E" >m &&
	grep -c "same wovi" m >/dev/null && flat m | grep -F "$TAIL" &&
	fsreport compare --format json --baseline "$B" "$E" >j &&
	test "$(grep -c "\"marks\": \"wovi\"" j)" = 3 &&
	fsreport report --baseline "$B" "$E" -o rep >/dev/null &&
	grep -F "outliers flagged, and the Mann-Whitney U test finds" rep/index.html &&
	fsreport compare --baseline "$B" "$E" --svg s.svg >/dev/null &&
	grep -F "i: outliers flagged" s.svg
'

test_expect_success 'rows without outliers keep d; --test mwu says the verdict is the U test'"'"'s' '
	fsreport compare --format table --width 100 --baseline "$B" "$E" >t &&
	grep "same wvd" t &&
	fsreport compare --test mwu --width 100 --baseline "$B" "$E" >u &&
	flat u | grep -F "The verdict here is the U test'"'"'s (--test mwu)." &&
	! flat u | grep -F "decides by the U test"
'

test_done
