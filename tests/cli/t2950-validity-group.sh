#!/bin/sh
# compare --group (cli/group.c) compares each group on a report of its
# own: that report must carry what the runs are, not only their numbers:
# the runs' time series (so a group's cells get the steady-state mark y,
# as without --group) and the first runs --drop-first left out (issue 37).
. "$(dirname "$0")/lib.sh"

S="$TOP/tests/data/fio/series"

test_expect_success 'grouped: a run that never became steady is marked y' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport compare --steady --format table --width 120 \
		a=runs b=runs >plain &&
	grep "same yv |" plain &&
	fsreport compare --steady --format table --width 120 \
		--group A a=runs b=runs --group B c=runs d=runs >grouped &&
	test "$(grep -c "same yv |" grouped)" = 2 &&
	grep "^y c, iops log: write IOPS (mean): 2 of 3 runs never became steady" grouped &&
	grep "^y d, iops log" grouped
'

test_expect_success 'grouped --drop-first: the series go with the runs left out' '
	mkdir runs &&
	cp "$S"/randwrite-*_iops.1.log runs/ &&
	fsreport compare --drop-first --steady --format markdown \
		--group A a=runs b=runs --group B c=runs d=runs >md &&
	grep "^first run of each configuration left out (--drop-first): 4 runs" md &&
	grep "^y c, iops log: write IOPS (mean): 1 of 2 runs never became steady" md
'

test_expect_success 'grouped --drop-first: the slow first run is not flagged' '
	SYNC="$EXAMPLES/sync-modes" &&
	fsreport compare --drop-first --format markdown \
		--group A a="$SYNC" b="$SYNC" --group B c="$SYNC" d="$SYNC" >smd &&
	grep "^first run of each configuration left out (--drop-first): 40 runs" smd &&
	! grep "^w " smd
'

test_done
