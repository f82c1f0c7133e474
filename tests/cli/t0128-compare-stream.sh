#!/bin/sh
# compare --format csv (and long-csv, xml, pts: the merged report) of one
# PTS file, or of two read in step, a result (of each) at a time, twice
# (cli/compare-stream.c, issue 39: the memory of a few results, not of
# the files). The bytes, the messages and the
# exit code are the usual way's (load, merge, analyse, compare, render;
# FSREPORT_STREAM=0), whose outputs the golden tests check against R:
# for every PTS file of the tests and the examples alone and against
# itself, for files with the same results and other values, for the
# options that change rows, and for the runs a stream cannot compare as
# it reads them (results out of step, a key that comes back, a late
# system, a file cut half-way or changed between the passes), which go
# the usual way from the start. FSREPORT_STREAM=1 streams small files
# too; without it, only inputs of 16 MiB and more are streamed.
. "$(dirname "$0")/lib.sh"

# both ARGS...: the compare streamed and the usual one say and print the
# same, and exit the same (in --format $FMT, csv unless set)
both() {
	FSREPORT_STREAM=1 fsreport compare --format "${FMT:-csv}" "$@" \
		>s.out 2>s.err
	echo "rc=$?" >>s.out
	FSREPORT_STREAM=0 fsreport compare --format "${FMT:-csv}" "$@" \
		>u.out 2>u.err
	echo "rc=$?" >>u.out
	test_cmp u.out s.out && test_cmp u.err s.err
}

# streamed ARGS...: 0 when compare -v says it compared as read
streamed() {
	FSREPORT_STREAM=1 fsreport compare -v --format "${FMT:-csv}" "$@" \
		2>err >/dev/null
	grep -q "compared as read" err
}

test_expect_success 'every PTS file against itself: the same bytes streamed, and streamed' '
	n=0 &&
	for f in $(pts_files); do
		both "a=$f" "b=$f" && both "$f" "$f" || return 1
		if streamed "a=$f" "b=$f"; then n=$((n + 1)); fi
	done &&
	echo "$n files streamed" &&
	test "$n" -ge 20
'

test_expect_success 'every PTS file alone (its own systems compared): the same bytes streamed, and streamed' '
	n=0 &&
	for f in $(pts_files); do
		both "$f" && both "x=$f" && both --adjust bh "$f" || return 1
		if streamed "$f"; then n=$((n + 1)); fi
	done &&
	echo "$n files streamed" &&
	test "$n" -ge 10
'

# FILE MODE: a copy of FILE (python, not fsreport). vary: every sample
# other (its digits longer), a comment in front that moves where each
# 64 KiB piece ends; swap: two results in the middle swapped; drop: the
# first result, one in the middle and five after it left out; extra:
# results of new keys (a description of their own) first, in the middle
# and last; again: the first result again at the end; late: the last
# result of a system no <System> declares; cut: the first 2/3; half:
# vary with every sample halved; retitle: vary with a title and a
# description of its own.
variant() {
	python3 - "$1" "$2" <<-\PY
	import re, sys
	s = open(sys.argv[1]).read()
	mode = sys.argv[2]
	i = s.index("<Result>")
	j = s.rindex("</Result>") + len("</Result>")
	res = re.findall(r"<Result>.*?</Result>", s[i:j], re.S)
	if mode == "cut":
	    sys.stdout.write(s[:len(s) * 2 // 3])
	    sys.exit(0)
	if mode == "retitle":
	    s = re.sub(r"<Title>[^<]*</Title>", "<Title>Other title</Title>",
	               s, count=1)
	    s = re.sub(r"<Description>[^<]*</Description>",
	               "<Description>Other words</Description>", s, count=1)
	    i = s.index("<Result>")
	    j = s.rindex("</Result>") + len("</Result>")
	    res = re.findall(r"<Result>.*?</Result>", s[i:j], re.S)
	    mode = "vary"
	if mode in ("vary", "half"):
	    def more(m):
	        if mode == "half":
	            return ":".join(repr(float(x) / 2)
	                            for x in m.group(1).split(":"))
	        return ":".join(x + "3" if "." in x else x + ".3"
	                        for x in m.group(1).split(":"))
	    res = [re.sub(r"<Value>([0-9.]+)</Value>",
	                  lambda m: "<Value>" + more(m) + "</Value>", r)
	           for r in res]
	    res = [re.sub(r"<RawString>([0-9.:]+)</RawString>",
	                  lambda m: "<RawString>" + more(m) + "</RawString>",
	                  r) for r in res]
	    s = s[:i] + "<!--" + "x" * 40000 + "-->" + s[i:]
	    i += 40007
	    j += 40007
	elif mode == "swap":
	    k = len(res) // 2
	    res[k - 1], res[k] = res[k], res[k - 1]
	elif mode == "drop":
	    k = len(res) // 2
	    del res[k + 2:k + 7]
	    del res[k]
	    del res[0]
	elif mode == "extra":
	    def new(r, n):
	        return r.replace("<Description>", "<Description>new %d " % n, 1)
	    k = len(res) // 2
	    res = ([new(res[0], 0)] + res[:k] + [new(res[k], 1)] + res[k:] +
	           [new(res[1], 2), new(res[2], 3)])
	elif mode == "again":
	    res.append(res[0])
	elif mode == "late":
	    m = re.search(r"<Entry>\s*<Identifier>([^<]*)<", res[-1])
	    res[-1] = res[-1][:m.start(1)] + "Late" + res[-1][m.end(1):]
	sys.stdout.write(s[:i] + "\n  ".join(res) + s[j:])
	PY
}

BIG="$DATA/corpus/pts/cpu-suite-gvno2-142results.xml"
SMALL="$DATA/corpus/pts/tiobench-ec2-small.xml"
# the variants every test reads, made once
V="$SCRATCH_ROOT/v"
mkdir "$V" &&
variant "$BIG" vary >"$V/vary.xml" &&
variant "$SMALL" vary >"$V/vary-small.xml" &&
variant "$SMALL" half >"$V/half.xml" &&
variant "$SMALL" retitle >"$V/retitle.xml" &&
for mode in swap drop extra again late cut; do
	variant "$BIG" $mode >"$V/$mode.xml" || exit 1
done || exit 1

test_expect_success 'the same results with other values, the pieces ending elsewhere: streamed, the same bytes' '
	cp "$V/vary.xml" "$V/vary-small.xml" . &&
	! cmp -s "$BIG" vary.xml &&
	both "$BIG" vary.xml && both vary.xml "$BIG" &&
	both "a=$SMALL" "b=vary-small.xml" &&
	both --test mwu "$BIG" vary.xml &&
	streamed "$BIG" vary.xml && streamed vary.xml "$BIG"
'

test_expect_success 'the options that change rows: the same bytes streamed' '
	for opt in "--test mwu" "--adjust none" "--adjust bh" \
		   "--ci bootstrap" "--runs-needed 5" "--sign better" \
		   "--outliers tukey" "--min-change 2" "--confidence 0.9" \
		   "--alpha 0.01" "--baseline vary"; do
		both $opt "$SMALL" "vary=$V/vary-small.xml" &&
		both $opt "$BIG" "vary=$V/vary.xml" || return 1
	done &&
	streamed --ci bootstrap --adjust bh "$SMALL" "vary=$V/vary-small.xml"
'

test_expect_success 'a baseline that names no system: the usual message' '
	cp "$V/vary-small.xml" . &&
	both --baseline nosuch "$SMALL" vary-small.xml &&
	grep -q "nosuch" u.err
'

test_expect_success 'results one file lacks or adds: streamed, the same bytes' '
	for mode in drop extra; do
		cp "$V/$mode.xml" . &&
		both "$BIG" $mode.xml && both $mode.xml "$BIG" &&
		both --test mwu "$BIG" $mode.xml &&
		streamed "$BIG" $mode.xml && streamed $mode.xml "$BIG" ||
		return 1
	done
'

test_expect_success 'results the second file adds, the baseline one of its systems: the usual way, the same bytes' '
	cp "$V/extra.xml" "$V/drop.xml" . &&
	both --baseline extra "$BIG" extra.xml &&
	! streamed --baseline extra "$BIG" extra.xml &&
	both --baseline extra drop.xml extra.xml &&
	! streamed --baseline extra drop.xml extra.xml &&
	both --baseline drop extra.xml drop.xml &&
	streamed --baseline drop extra.xml drop.xml
'

test_expect_success 'results out of step, a key again, a late system: the usual way, the same bytes' '
	for mode in swap again late; do
		cp "$V/$mode.xml" . &&
		both "$BIG" $mode.xml && both $mode.xml "$BIG" &&
		! streamed "$BIG" $mode.xml && ! streamed $mode.xml "$BIG" ||
		return 1
	done
'

test_expect_success 'a file cut half-way: the usual message, nothing printed, no output file' '
	cp "$V/cut.xml" . &&
	both "$BIG" cut.xml &&
	test_expect_code 3 env FSREPORT_STREAM=1 "$FSREPORT" compare \
		--format csv "$BIG" cut.xml >out 2>err &&
	test ! -s out &&
	grep -q "cut.xml" err &&
	test_expect_code 3 env FSREPORT_STREAM=1 "$FSREPORT" compare \
		--format csv -o new.csv "$BIG" cut.xml &&
	test ! -e new.csv
'

test_expect_success '--fail-on-regression: exit 1 once the rows are written, both ways' '
	cp "$V/vary.xml" "$V/half.xml" . &&
	both --fail-on-regression "$BIG" vary.xml &&
	both --fail-on-regression "$SMALL" half.xml &&
	test_expect_code 1 env FSREPORT_STREAM=1 "$FSREPORT" compare \
		--format csv --fail-on-regression -o rows.csv "$SMALL" \
		half.xml 2>err &&
	grep -q ",worse," rows.csv &&
	FSREPORT_STREAM=0 "$FSREPORT" compare --format csv "$SMALL" \
		half.xml >usual.csv &&
	test_cmp usual.csv rows.csv
'

test_expect_success 'what the stream does not compare goes the usual way: formats, options, three run sets' '
	cp "$V/vary-small.xml" . &&
	both --equivalence 5 "$SMALL" vary-small.xml &&
	both --max-regression 5 "$SMALL" vary-small.xml &&
	both --sort change "$SMALL" vary-small.xml &&
	both --only-changed "$SMALL" vary-small.xml &&
	both --only Read "$SMALL" vary-small.xml &&
	both --drop-first "$SMALL" vary-small.xml &&
	both "$SMALL" vary-small.xml "$BIG" &&
	! streamed --equivalence 5 "$SMALL" vary-small.xml &&
	! streamed "$SMALL" vary-small.xml "$BIG" &&
	FSREPORT_STREAM=1 fsreport compare -v --format html "$SMALL" \
		vary-small.xml 2>err >/dev/null &&
	! grep "compared as read" err &&
	FMT=table both --group one "$SMALL" vary-small.xml &&
	! FMT=table streamed --group one "$SMALL" vary-small.xml
'

# compare prints the merged report in long-csv, xml and pts, as show
# does (the comparison decides the exit code), and json the merged
# report's results then the comparison's rows: printed as read too
test_expect_success 'long-csv, xml, pts, json, table, markdown, ascii: every PTS file alone and against itself, the same bytes streamed, and streamed' '
	n=0 &&
	for FMT in long-csv xml pts json table markdown ascii; do
		for f in $(pts_files); do
			both "a=$f" "b=$f" && both "$f" || return 1
			if streamed "a=$f" "b=$f"; then n=$((n + 1)); fi
		done
	done &&
	FMT= &&
	echo "$n runs streamed" &&
	test "$n" -ge 105
'

test_expect_success 'long-csv, xml, pts, json, table, markdown, ascii: other values, titles, results dropped: streamed, the same bytes' '
	cp "$V/vary.xml" "$V/drop.xml" "$V/retitle.xml" "$V/half.xml" . &&
	for FMT in long-csv xml pts json table markdown ascii; do
		both "$BIG" vary.xml && both "$BIG" drop.xml &&
		both "$SMALL" retitle.xml && both retitle.xml "$SMALL" &&
		both --fail-on-regression "$SMALL" half.xml &&
		grep -q "rc=1" s.out &&
		streamed "$BIG" vary.xml && streamed "$BIG" drop.xml &&
		streamed "$SMALL" retitle.xml || return 1
	done &&
	FMT=xml both retitle.xml "$SMALL" &&
	grep -q "Other words" s.out
'

test_expect_success 'long-csv, xml, pts, json, table, markdown, ascii: results the second file adds, out of step, cut, a sample of 17 digits: the usual way, the same bytes' '
	cp "$V/extra.xml" "$V/drop.xml" "$V/swap.xml" "$V/cut.xml" . &&
	for FMT in long-csv xml pts json table markdown ascii; do
		both "$BIG" extra.xml && ! streamed "$BIG" extra.xml &&
		both drop.xml "$BIG" && ! streamed drop.xml "$BIG" &&
		both "$BIG" swap.xml && ! streamed "$BIG" swap.xml &&
		both "$BIG" cut.xml && grep -q "rc=3" s.out || return 1
	done &&
	sed "0,/<RawString>[0-9.]*:/s//<RawString>0.12345678901234567:/" \
		"$SMALL" >precise.xml &&
	FMT=json && both "$SMALL" precise.xml &&
	! streamed "$SMALL" precise.xml &&
	grep -q "0.12345678901234566" s.out &&
	FMT= &&
	test_expect_code 3 env FSREPORT_STREAM=1 "$FSREPORT" compare \
		--format xml -o new.xml "$BIG" cut.xml &&
	test ! -e new.xml
'

SHIM="${BUILD:-$TOP/build}/tests/fault-touch.so"
# A sanitizer runtime wants to be first; the shim is harmless before it.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

# touched N ARGS...: compare -v streamed, with vary-small.xml's time
# changed as it is opened the N-th time (tests/fault/fault-touch.c)
touched() {
	n=$1
	shift
	FSR_FAULT_TOUCH=$n:vary-small.xml LD_PRELOAD=$SHIM FSREPORT_STREAM=1 \
		"$FSREPORT" compare -v --format csv "$@"
}

test_expect_success 'a file changed between the passes: the usual way, the same bytes' '
	if ! test -f "$SHIM"; then
		skip "no $SHIM (make check builds it)"
		return 0
	fi
	cp "$V/vary-small.xml" . &&
	FSREPORT_STREAM=0 fsreport compare --format csv "$SMALL" \
		vary-small.xml >usual.csv &&
	touched 9 "$SMALL" vary-small.xml >late.csv 2>err &&
	test_cmp usual.csv late.csv &&
	grep -q "compared as read" err &&
	touched 2 "$SMALL" vary-small.xml >changed.csv 2>err &&
	test_cmp usual.csv changed.csv &&
	! grep "compared as read" err &&
	test "$(stat -c %Y vary-small.xml)" = 1000000000
'

test_expect_success 'without FSREPORT_STREAM: small inputs read whole, 16 MiB and more streamed' '
	cp "$V/vary-small.xml" . &&
	fsreport compare -v --format csv "$SMALL" vary-small.xml 2>err >small.csv &&
	! grep "compared as read" err &&
	python3 - "$SMALL" <<-\PY &&
	import sys
	s = open(sys.argv[1]).read()
	i = s.index("<System>")
	pad = "<!--" + "p" * (8 << 20) + "-->\n  "
	open("pad.xml", "w").write(s[:i] + pad + s[i:])
	PY
	fsreport compare -v --format csv a=pad.xml b=pad.xml 2>err >big.csv &&
	grep -q "compared as read" err &&
	FSREPORT_STREAM=0 fsreport compare --format csv a=pad.xml b=pad.xml >usual.csv &&
	test_cmp usual.csv big.csv
'

test_done
