#!/bin/sh
# compare on the examples (issue 4): the ext4 article (one run per cell)
# gets n/a everywhere with a clear warning; the sync-modes timing logs
# (10 runs) show O_SYNC and O_DSYNC as worse; the PostMark runs get
# verdicts, notes and a geometric mean.
. "$(dirname "$0")/lib.sh"

test_expect_success 'ext4 article, n = 1: the warning comes first' '
	fsreport compare "$EXAMPLES/ext4-mount-options" >out &&
	sed -n 3p out >actual &&
	echo "warning: a single run per system everywhere: no interval, no test, every verdict" >expect &&
	test_cmp expect actual
'

test_expect_success 'ext4 article: every verdict n/a, note s, change shown, no interval promised' '
	fsreport compare "$EXAMPLES/ext4-mount-options" >out &&
	test "$(grep -c " n/a     s\$" out)" -eq 80 &&
	! grep -E "^  .*%.* (better|worse|same)( +[a-z]+)?\$" out &&
	grep "^  data=journal   1  351.70  +241.52%  n/a     s\$" out &&
	grep "^                 n    mean    change  verdict\$" out &&
	! grep "CI\|Student-t\|Welch interval" out &&
	grep "^mean: each system.s one run. change: 100 (value / baseline value - 1), one\$" out &&
	grep "^  s fewer than 2 runs on a side: no interval, no test, verdict n/a. Run each\$" out &&
	grep "^p: none (Welch.s t-test needs 2 runs on each side)" out
'

test_expect_success 'ext4 article: geometric mean per configuration' '
	fsreport compare "$EXAMPLES/ext4-mount-options" >out &&
	grep "^  data=journal    -54.26%   over 16 tests\$" out &&
	grep -q "No interval where a result has fewer than 2 runs" out
'

test_expect_success 'sync modes: O_SYNC and O_DSYNC are worse' '
	test -d "$EXAMPLES/sync-modes" || return 0
	fsreport compare --format csv "$EXAMPLES/sync-modes" >out &&
	grep -q ",data=ordered O_SYNC,10,10,.*,worse,log-welch," out &&
	grep -q ",data=ordered O_DSYNC,10,10,.*,worse,log-welch," out
'

test_expect_success 'PostMark buffered vs unbuffered: verdicts and notes' '
	test -d "$EXAMPLES/postmark" || return 0
	fsreport compare "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" >out &&
	grep -q "^baseline: buffered; compared: unbuffered\$" out &&
	test "$(grep -cE "^  unbuffered 10 .* (better|worse|same) " out)" -eq 13 &&
	grep -q "^geometric mean of the ratios" out &&
	grep -q "Holm-adjusted over 13 comparisons" out
'

test_done
