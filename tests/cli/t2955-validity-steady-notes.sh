#!/bin/sh
# trend, check and plan read run sets with time series too (fio's iops
# logs, from folders or a store): their text says which mean a run's
# result is, and what --drop-first left out, in the lines show and
# compare print (view/notes.h; issue 37). Inputs without series say
# nothing of it.
. "$(dirname "$0")/lib.sh"

S="$TOP/tests/data/fio/series"
NOTE="each run with a time series (9 runs) has the mean of its whole run as its result; --steady takes the mean from where it became steady (SNIA PTS rule)"

runs() {
	for i in 1 2 3; do
		mkdir r$i && cp "$S"/randwrite-*_iops.1.log r$i/ || return 1
	done
}

test_expect_success 'trend: the steady-state note, as show prints it' '
	runs &&
	fsreport trend --width 100 r1 r2 r3 >out &&
	sed -n "/^each run with a time series/,\$p" out | tr "\n" " " |
		sed "s/  */ /g; s/ \$//" >note &&
	printf "%s" "$NOTE" >expect && test_cmp expect note &&
	fsreport compare --format table --width 100 a=r1 b=r2 c=r3 >cmp &&
	tr "\n" " " <cmp | sed "s/  */ /g" | grep -F "$NOTE"
'

test_expect_success 'check: the note, stored runs and the new one counted' '
	runs &&
	fsreport store add -q --db s.db r1 &&
	fsreport check --db s.db r3 >out &&
	tr "\n" " " <out | sed "s/  */ /g" |
		grep -F "each run with a time series (6 runs) has the mean of its whole run"
'

test_expect_success 'plan, text and Markdown: the note; with --drop-first, that line too' '
	runs &&
	fsreport plan --detect 5 --width 100 r1 >out &&
	tr "\n" " " <out | sed "s/  */ /g" |
		grep -F "each run with a time series (3 runs) has the mean of its whole run" &&
	fsreport plan --detect 5 --width 100 --drop-first r1 >d &&
	tr "\n" " " <d | sed "s/  */ /g" >flat &&
	grep -F "first run of each configuration left out (--drop-first): 1 run," flat &&
	grep -F "each run with a time series (2 runs)" flat &&
	fsreport plan --detect 5 --format markdown --drop-first r1 >md &&
	grep "^first run of each configuration left out (--drop-first): 1 run," md &&
	grep "^each run with a time series (2 runs) has the mean of its whole run" md
'

test_expect_success 'trend and check from a store: --drop-first said there too' '
	fsreport show --drop-first --format json "$EXAMPLES/sync-modes" >d.json &&
	fsreport store add -q --db d.db d.json &&
	fsreport trend --width 100 --db d.db >t &&
	tr "\n" " " <t | sed "s/  */ /g" |
		grep -F "first run of each configuration left out (--drop-first): 10 runs"
'

test_expect_success 'trend, check and plan take --steady, as the note says' '
	runs &&
	STEADY="each run with a time series (9 runs) has its steady-state mean as its result" &&
	fsreport trend --steady --width 100 r1 r2 r3 >t &&
	tr "\n" " " <t | sed "s/  */ /g" | grep -F "$STEADY" &&
	fsreport compare --steady --format csv a=r1 b=r2 c=r3 >c.csv &&
	fsreport trend --steady --format csv r1 r2 r3 >t.csv &&
	fsreport trend --format csv r1 r2 r3 >w.csv &&
	! cmp t.csv w.csv &&
	fsreport store add -q --db s.db r1 &&
	fsreport check --steady --db s.db r3 >k &&
	tr "\n" " " <k | sed "s/  */ /g" |
		grep -F "each run with a time series (6 runs) has its steady-state mean as its result" &&
	fsreport plan --steady --detect 5 --width 100 r1 >p &&
	tr "\n" " " <p | sed "s/  */ /g" |
		grep -F "each run with a time series (3 runs) has its steady-state mean as its result"
'

test_expect_success 'no time series, nothing left out: no word of either' '
	fsreport trend --width 100 a="$EXAMPLES/sync-modes" b="$EXAMPLES/sync-modes" >t &&
	! grep -i "steady\|drop-first" t &&
	fsreport plan --detect 5 "$EXAMPLES/sync-modes" >p &&
	! grep -i "steady\|drop-first" p
'

test_done
