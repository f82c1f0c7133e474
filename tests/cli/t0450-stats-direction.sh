#!/bin/sh
# Results that do not say whether higher or lower is better (a generic
# CSV without a "better" column): a significant change reads "changed" in
# the text and n/a in CSV, never better or worse; no geometric mean, and
# --fail-on-regression does not fire.
. "$(dirname "$0")/lib.sh"

A="$DATA/stats/nodir-a.csv"
B="$DATA/stats/nodir-b.csv"

# The changes and intervals are R's, at the family's level 1 - 0.05 / 2
# (t.test(log(b), log(a), conf.level = 0.975)):
test_expect_success 'a significant change without direction: changed, x' '
	fsreport compare "$A" "$B" >out &&
	grep "^latency (ms, direction unknown; geometric means)\$" out &&
	grep "^  nodir-b 5    6.14  1.9%  +19.5% \[+15.3, +23.8\]  <.001  changed x\$" out &&
	grep "^  x whether higher or lower is better is unknown: the verdict says .changed. or\$" out
'

test_expect_success 'no change: same, also without direction' '
	fsreport compare "$A" "$B" >out &&
	grep "^  nodir-b 5  100.00  0.7%    0.0% \[-1.2, +1.2\]    1.000  same    x\$" out
'

test_expect_success 'CSV: n/a for the change, empty better column' '
	fsreport compare --format csv "$A" "$B" >out &&
	grep -q "^r[0-9a-f]*,latency,,ms,,nodir-a,nodir-b,5,5,.*,n/a,log-welch," out &&
	grep -q "^r[0-9a-f]*,size,,KiB,,nodir-a,nodir-b,5,5,.*,same,log-welch," out
'

test_expect_success 'no geometric mean without a direction' '
	fsreport compare "$A" "$B" >out &&
	! grep -q "geometric mean of" out
'

test_expect_success '--fail-on-regression: changed is not worse' '
	fsreport compare --fail-on-regression "$A" "$B" >out
'

test_done
