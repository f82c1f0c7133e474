#!/bin/sh
# Drift across the runs (issue 37, analyze/validity.c fsr_drift(),
# docs/methods.md "Drift across the runs"): tests/data/drift/dd-sha256,
# an earlier capture of examples/equivalence whose base runs (real dd
# write+sync and sha256sum timings, 20 each in the order they ran) fall
# by 1.6 % and 0.43 % of the mean per run, Mann-Kendall
# S = -106 and -94 (scripts/drift-reference.py's definition); the cells
# are marked t with their note in text, table, Markdown and JSON; the
# patch runs, without a trend, are not.
. "$(dirname "$0")/lib.sh"

E="$TOP/tests/data/drift/dd-sha256"

test_expect_success 'compare text: mark t on the base cells, the note and a line per cell' '
	fsreport compare "$E/base.csv" "$E/patch.csv" >out &&
	grep "^  base  20   0.150  20.8%  *tov$" out &&
	grep "^  patch 20   0.157  18.1%  .*same    ov$" out &&
	grep "^  t the runs trend in the order they ran (Mann-Kendall, p < 0.01; cells of 8 or$" out &&
	grep "^    write+sync 128 MiB, base: 20 runs fall by 1.6% of the mean per run (Sen.s$" out &&
	grep "^      slope; Mann-Kendall S = -106, p = 0.00066)$" out &&
	! grep "patch: 20 runs" out
'

test_expect_success 'show table, Markdown, JSON: the same mark and numbers' '
	fsreport show --format table "$E/base.csv" >t &&
	grep "^write+sync 128 MiB        | base    20  0.15 t " t &&
	grep "^t base, write+sync 128 MiB: 20 runs fall by 1.6% of the mean per run" t &&
	fsreport compare --format markdown "$E/base.csv" "$E/patch.csv" >m &&
	grep "t: the runs trend in the order they ran" m &&
	fsreport compare --format json "$E/base.csv" "$E/patch.csv" >j &&
	grep "\"mann_kendall_s\": -106," j &&
	grep "\"mann_kendall_s\": -94," j &&
	test "$(grep -c "\"drift\"" j)" = 2 &&
	fsreport compare --format html "$E/base.csv" "$E/patch.csv" >h &&
	grep "<p class=\"legend\">t base, write+sync 128 MiB: 20 runs fall by 1.6% of the mean per run" h
'

test_done
