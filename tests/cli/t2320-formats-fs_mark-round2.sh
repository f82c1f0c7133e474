#!/bin/sh
# fs_mark 3.3: a log (-l FILE) that runs of other -S appended to
# (tests/data/fs_mark/fs_log-sync-mixed.txt, scripts/capture-fsmark.sh):
# the runs of each sync method are a system of their own, named by the
# method, never pooled into one Files/sec result.
. "$(dirname "$0")/lib.sh"

F="$DATA/fs_mark/fs_log-sync-mixed.txt"

test_expect_success 'two sync methods in one log: two systems, the rows of each' '
	fsreport show --format csv "$F" >out &&
	awk -F, "\$3 == \"Files/sec\" { printf \"%s %d %.4f\n\", \$6, \$7, \$8 }" out >actual &&
	awk "/Sync method:/ { m = \$4 == \"NO\" ? \"NO SYNC\" : \$4 \" \" \$5; sub(/:\$/, \"\", m) }
		/^ *[0-9]/ { n[m]++; s[m] += \$4; if (!(m in o)) o[m] = ++k }
		END { for (x in o) printf \"%d sync: %s %d %.4f\n\", o[x], x, n[x], s[x] / n[x] }" "$F" |
		sort -n | cut -d" " -f2- >expect &&
	test_cmp expect actual
'

test_expect_success 'each system keeps its own method; the text labels them' '
	fsreport show "$F" >text &&
	grep -q "^sync: NO SYNC \\.* [0-9]" text &&
	grep -q "^sync: INBAND FSYNC \\.* [0-9]" text &&
	grep -q "sync method: INBAND FSYNC: fsync() per file in write loop." text
'

test_expect_success 'one method in a log: one system, as before' '
	fsreport show --format csv "$DATA/fs_mark/fs_log-appended.txt" >out &&
	awk -F, "\$3 == \"Files/sec\" { print \$6, \$7 }" out >actual &&
	echo "fs_log-appended 6" >expect &&
	test_cmp expect actual
'

test_done
