#!/bin/sh
# fio's --status-interval reports in the normal (text) output as each
# run's time series (issue 37, importers/fio-text.c), by the rule the
# JSON importer uses (importers/fio-rounds.c): real captures made on this
# machine (tests/data/fio/status-interval-text/README), three runs of
# text alone and three of normal,json, whose text must give the series
# the JSON of the same run gives. Each run's final report stays its
# result.
. "$(dirname "$0")/lib.sh"

S="$DATA/fio/status-interval-text"

# The series of a fsreport JSON file, one line each: t_ms, then values.
series () {
	tr -d " \n" <"$1" |
	grep -o "\"t_ms\":\[[^]]*\],\"values\":\[[^]]*\]" |
	sed "s/\"t_ms\":\[\([^]]*\)\],\"values\":\[\([^]]*\)\]/\1 \2/"
}

# The lines of a normal,json file outside its JSON documents.
text_of () {
	awk "/^\{/ { j = 1 } !j { print } /^\}/ { j = 0 }" "$1"
}

test_expect_success 'the reports are read without a word; the final report is the result' '
	fsreport show --format csv "$S/normal/run-01.txt" >out 2>err &&
	! test -s err &&
	grep -q ",w: write IOPS,IOPS,higher,run-01,1,92800," out &&
	grep -q ",w: write bandwidth,B/s,higher,run-01,1,380633088," out &&
	grep -c "IOPS=" "$S/normal/run-01.txt" >n &&
	echo 7 >seven &&
	test_cmp seven n
'

test_expect_success 'a series per run: the rate of each round at fio'"'"'s runtime' '
	fsreport show --format json "$S/normal" >a.json 2>err &&
	! test -s err &&
	series a.json >s &&
	test "$(wc -l <s)" = 6 &&
	# run-01: issued 65568, 189472, ... at 896, 1895, ... msec; the
	# final report, 106 ms after a round of 1000, is no round
	head -n 1 s >first &&
	echo "896,1895,2895,3896,4895,5895 73178.571428571435,124028.02802802803,95808,87771.228771228765,93369.369369369364,81905" >expect &&
	test_cmp expect first &&
	fsreport show --format json a.json >b.json &&
	cmp a.json b.json
'

test_expect_success 'text and JSON of one run: the same rounds, IOPS equal, bandwidth to the printed size' '
	for i in 01 02 03; do
		text_of "$S/normal-json/run-$i.txt" >t-$i.txt &&
		fsreport show --format json t-$i.txt >t.json 2>err &&
		! test -s err &&
		fsreport show --format json "$S/normal-json/run-$i.txt" >j.json &&
		series t.json >ts && series j.json >js &&
		test "$(wc -l <ts)" = 2 &&
		head -n 1 ts >ti && head -n 1 js >ji &&
		test_cmp ji ti &&
		tail -n 1 ts | cut -d " " -f 2 | tr , "\n" >tb &&
		tail -n 1 js | cut -d " " -f 2 | tr , "\n" >jb &&
		# the half step of each printed size ("73.1MiB": 0.05 MiB),
		# before and after the round, over its runtime
		grep "write: IOPS=" t-$i.txt |
			sed "s/.*)(\([0-9.]*\)\([KMG]\)iB\/\([0-9]*\)msec).*/\1 \2 \3/" |
			awk "{ m = \$2 == \"K\" ? 1024 : \$2 == \"M\" ? 1048576 : 1073741824;
			       d = index(\$1, \".\") ? length(\$1) - index(\$1, \".\") : 0;
			       h = 0.5 * m / 10 ^ d;
			       print (h + ph) * 1000 / (\$3 - pt);
			       ph = h; pt = \$3 }" >tol &&
		test "$(wc -l <tb)" = "$(wc -l <jb)" &&
		test "$(wc -l <tb)" -ge 5 &&
		# the final report (the 7th size) made no round of either
		paste tb jb tol | head -n "$(wc -l <tb)" | awk "
			NF != 3 { bad = 1 }
			{ d = \$1 - \$2; if (d < 0) d = -d;
			  if (d > \$3) { print \"round \" NR \": \" \$1 \" \" \$2 \" > \" \$3; bad = 1 } }
			END { exit bad }" || return 1
	done
'

test_expect_success 'show: the note of the steady-state rule; --steady takes the series' '
	fsreport show "$S/normal" >s.txt 2>err &&
	! test -s err &&
	grep "^Each run with a time series (6 runs) has the mean of its whole run as its$" s.txt &&
	fsreport show --steady "$S/normal" >st.txt &&
	grep "^Each run with a time series (6 runs) has its steady-state mean as its result,$" st.txt &&
	fsreport show --steady --format csv "$S/normal" >st.csv &&
	grep -q ",w: write IOPS,IOPS,higher,normal,3,.*,steady\$" st.csv &&
	fsreport show --format csv "$S/normal" >wh.csv &&
	# without --steady: the mean of fio'"'"'s three final IOPS
	grep -q ",w: write IOPS,IOPS,higher,normal,3,82400,.*,whole_run\$" wh.csv
'

test_expect_success 'text and JSON runs of one job pool, series and all' '
	mkdir mix &&
	cp "$S/normal/run-01.txt" mix/run-01.txt &&
	text_of "$S/normal-json/run-02.txt" >mix/run-02.txt &&
	fsreport show --format json mix >m.json 2>err &&
	! test -s err &&
	test "$(series m.json | wc -l)" = 4
'

test_expect_success 'a runtime that goes back: a warning at its report, no series, the result kept' '
	sed "0,/(1114MiB\/2895msec)/s//(1114MiB\/1500msec)/" "$S/normal/run-01.txt" >back.txt &&
	fsreport show --format json back.txt >b.json 2>err &&
	cat >expect <<-\EOT &&
	fsreport: warning: back.txt:78: --status-interval: '"'"'w: write'"'"' runtime (msec) goes back (1500 after 1895, cumulative); no time series of it
	fsreport: warning: back.txt: 6 --status-interval snapshot(s) skipped: in no time series; only each run'"'"'s last report counts
	EOT
	test_cmp expect err &&
	! grep "\"t_ms\"" b.json &&
	fsreport show --format csv back.txt >b.csv &&
	grep -q ",w: write IOPS,IOPS,higher,back,1,92800," b.csv
'

test_expect_success 'a size that is no number: warned at its report, no series' '
	sed "0,/(256MiB\/896msec)/s//(2x6MiB\/896msec)/" "$S/normal/run-01.txt" >badsz.txt &&
	fsreport show --format csv badsz.txt >z.csv 2>err &&
	head -n 1 err >first &&
	echo "fsreport: warning: badsz.txt:6: --status-interval: the report of job '"'"'w'"'"' has no size/runtime of its I/O; no time series of '"'"'w: write'"'"'" >expect &&
	test_cmp expect first &&
	grep -q ",w: write IOPS,IOPS,higher,badsz,1,92800," z.csv
'

test_expect_success 'output cut inside the final report: warned, no series, what it holds kept' '
	head -n 230 "$S/normal/run-01.txt" >cut.txt &&
	fsreport show --format csv cut.txt >c.csv 2>err &&
	cat >expect <<-\EOT &&
	fsreport: warning: cut.txt:230: fio report cut short: the report of job '"'"'w'"'"' (line 225) has no '"'"'Run status group'"'"' after it; what it holds up to here is kept
	fsreport: warning: cut.txt:225: --status-interval: the report of job '"'"'w'"'"' has no '"'"'issued rwts'"'"' line; no time series of '"'"'w: write'"'"'
	fsreport: warning: cut.txt: 6 --status-interval snapshot(s) skipped: in no time series; only each run'"'"'s last report counts
	EOT
	test_cmp expect err &&
	grep -q ",w: write IOPS,IOPS,higher,cut,1,92800," c.csv
'

test_expect_success 'two runs in one file (two pids): a series each, the second "w #2"' '
	cat "$S/normal/run-01.txt" "$S/normal/run-02.txt" >two.txt &&
	fsreport show --format json two.txt >two.json 2>err &&
	! test -s err &&
	test "$(series two.json | wc -l)" = 4 &&
	tr -d "\n" <two.json | grep -q "\"w #2: write IOPS\""
'

test_done
