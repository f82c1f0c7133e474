#!/bin/sh
# sysbench 1.0 fileio output (real captures on a tmpfs,
# scripts/capture-sysbench.sh): the summary is one sample per result, the
# interval reports a series of samples; the fsync policy is the system;
# prepare's stdout is skipped; cut-short, interrupted and failed runs
# (FATAL) are failed runs, warned.
. "$(dirname "$0")/lib.sh"

SB="$DATA/sysbench"

test_expect_success 'two runs against one without fsync: reads/s' '
	mkdir a b &&
	cp "$SB/rndrw-01.txt" "$SB/rndrw-02.txt" "$SB/prepare.txt" a/ &&
	cp "$SB/rndrw-nofsync.txt" b/ &&
	fsreport compare --format csv a b >out &&
	awk -F, "\$3 == \"reads/s\" { printf \"%s %s %s %s %.2f %s\\n\", \$4, \$5, \$8, \$9, \$10, \$11 }" out >actual &&
	awk "/reads\/s:/ { s += \$2; n++ } END { printf \"ops/s higher %d 1 %.2f \", n, s / n }" \
		a/rndrw-*.txt >expect &&
	awk "/reads\/s:/ { print \$2 }" b/rndrw-nofsync.txt >>expect &&
	test_cmp expect actual
'

test_expect_success 'interval reports are samples of their own result' '
	fsreport show --format csv "$SB/intervals.txt" >out &&
	awk -F, "\$3 == \"interval reads\" { print \$7, \$8 }" out >actual &&
	awk "/^\[ / { s += \$5; n++ } END { print n, s / n }" "$SB/intervals.txt" >expect &&
	test_cmp expect actual
'

test_expect_success 'a run cut short is a failed run, warned' '
	head -n 30 "$SB/rndrw-01.txt" >cut.txt &&
	fsreport show cut.txt >/dev/null 2>err &&
	grep -q "^fsreport: warning: cut.txt:30: the run stopped before its Latency block" err
'

test_expect_success 'an interrupted run (SIGINT): a failed run, warned' '
	cp "$SB/interrupted.txt" . &&
	fsreport show --format csv interrupted.txt >out 2>err &&
	n=$(wc -l <interrupted.txt) &&
	grep -q "^fsreport: warning: interrupted.txt:$n: the run stopped before its Latency block (interrupted or cut short); this run (from line 1) is a failed run" err &&
	test "$(awk -F, "\$3 == \"reads/s\" { print \$7 }" out)" = 0
'

test_expect_success 'a run that reports errors (no prepare step): failed at its FATAL line' '
	mkdir runs && cp "$SB/no-prepare.txt" "$SB/rndrw-01.txt" runs/ &&
	fsreport show --format csv runs >out 2>err &&
	n=$(grep -n "^FATAL: " runs/no-prepare.txt | cut -d: -f1) &&
	grep -q "^fsreport: warning: runs/no-prepare.txt:$n: sysbench failed: FATAL: Cannot open file .test_file.0. errno = 2 (No such file or directory); this run (from line 1) is a failed run" err &&
	awk -F, "\$3 == \"reads/s\" { print \$7 }" out >actual &&
	echo 1 >expect &&
	test_cmp expect actual
'

test_expect_success 'a value that is no number: exit 3 at its line' '
	sed "s/reads\/s:  *[0-9.]*/reads\/s: -1/" "$SB/rndrw-01.txt" >neg.txt &&
	test_expect_code 3 fsreport show neg.txt 2>err &&
	grep -q "^fsreport: neg.txt:24: sysbench reads/s .-1. is not a number of at least 0" err
'

test_expect_success 'interval reports are the run'"'"'s time series of read, written and fsyncs/s' '
	RI="$SB/report-interval" &&
	fsreport show --format json "$RI/run-01.txt" >one.json &&
	python3 - one.json "$RI/run-01.txt" <<-\PY &&
	import json, re, sys
	d = json.load(open(sys.argv[1]))
	rows = [re.match(r"\[ (\d+)s \] reads: ([0-9.]+) MiB/s writes: ([0-9.]+) MiB/s fsyncs: ([0-9.]+)/s", l)
	        for l in open(sys.argv[2]) if l.startswith("[ ")]
	want = {"read": 2, "written": 3, "fsyncs/s": 4}
	seen = set()
	for r in d["results"]:
	    name = r["description"]
	    if name not in want:
	        continue
	    (c,) = r["cells"]
	    (s,) = c["series"]
	    assert s["t_ms"] == [1000 * int(m.group(1)) for m in rows], s["t_ms"]
	    assert s["values"] == [float(m.group(want[name])) for m in rows], (name, s["values"])
	    seen.add(name)
	assert seen == set(want), seen
	PY
	fsreport show "$RI" >s.txt &&
	tr "\n" " " <s.txt | sed "s/  */ /g" |
		grep -F "Each run with a time series (9 runs) has the mean of its whole run as its result"
'

test_done
