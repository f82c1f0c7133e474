#!/bin/sh
# show --format csv, ascii, long-csv, xml, pts and json of one PTS file
# print each result as the parse ends it and drop it; table and markdown keep
# its row texts, written when the file is read (cli/stream.c, issue 39:
# the memory of one result, not of the file). The bytes, the messages and the exit code
# are the usual way's (load, analyse, render; FSREPORT_STREAM=0), whose
# outputs the golden tests check against PTS and R: for every PTS file
# of the tests and the examples, and for the files a stream cannot print
# as it reads them (a result whose key comes back, a labelled run set
# whose second system comes late), which go the usual way from the
# start. A file that fails half-way writes nothing.
. "$(dirname "$0")/lib.sh"

# the formats the stream prints
STREAMED="csv ascii long-csv xml pts table markdown json"
# pts's LastModified of a file without one: the same in both runs
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH

# both ARGS...: the streamed run and the usual one say and print the
# same, and exit the same
both() {
	fsreport "$@" >s.out 2>s.err
	echo "rc=$?" >>s.out
	FSREPORT_STREAM=0 fsreport "$@" >u.out 2>u.err
	echo "rc=$?" >>u.out
	test_cmp u.out s.out && test_cmp u.err s.err
}

test_expect_success 'every PTS file: every format the same bytes streamed, and streamed' '
	n=0 &&
	for f in $(pts_files); do
		for fmt in $STREAMED; do
			both show --format $fmt "$f" || return 1
			both show --format $fmt --width 120 "x=$f" || return 1
			fsreport show -v --format $fmt "$f" 2>err >/dev/null &&
			grep -q "printed as read" err || { cat err; return 1; }
			n=$((n + 1))
		done
	done &&
	echo "$n files and formats" &&
	test "$n" -ge $((20 * $(echo $STREAMED | wc -w)))
'

# a copy of a corpus file with its first result again at the end, or a
# result of a system no <System> declares (python, not fsreport)
variant() {
	python3 - "$DATA/corpus/pts/tiobench-ec2-small.xml" "$1" <<-\PY
	import re, sys
	s = open(sys.argv[1]).read()
	i = s.index("<Result>")
	first = s[i:s.index("</Result>") + len("</Result>")]
	k = s.rindex("</Result>") + len("</Result>")
	if sys.argv[2] == "late":
	    m = re.search(r"<Entry>\s*<Identifier>([^<]*)<", first)
	    first = first[:m.start(1)] + "Late" + first[m.end(1):]
	    first = first.replace("<Description>", "<Description>late ", 1)
	sys.stdout.write(s[:k] + "\n  " + first + s[k:])
	PY
}

test_expect_success 'a result whose key comes back: the usual way, the same bytes' '
	variant again >again.xml &&
	for fmt in $STREAMED; do
		both show --format $fmt again.xml || return 1
		fsreport show -v --format $fmt again.xml 2>err >/dev/null &&
		! grep "printed as read" err || return 1
	done
'

test_expect_success 'a late system: streamed, but not where it changes a label printed' '
	variant late >late.xml &&
	for fmt in $STREAMED; do
		both show --format $fmt late.xml &&
		both show --format $fmt "x=late.xml" || return 1
	done &&
	fsreport show -v --format csv late.xml 2>err >/dev/null &&
	grep -q "printed as read" err &&
	fsreport show -v --format csv x=late.xml 2>err >/dev/null &&
	! grep "printed as read" err
'

test_expect_success 'a file that fails half-way: nothing printed, no output file, the usual message' '
	f="$DATA/corpus/pts/cpu-suite-gvno2-142results.xml" &&
	n=$(wc -c <"$f") &&
	head -c $((n * 2 / 3)) "$f" >cut.xml &&
	for fmt in $STREAMED; do
		both show --format $fmt cut.xml &&
		test_expect_code 3 fsreport show --format $fmt cut.xml >out 2>err &&
		test ! -s out &&
		grep -q "cut.xml" err &&
		test_expect_code 3 fsreport show --format $fmt -o new.out cut.xml &&
		test ! -e new.out || return 1
	done &&
	ls -A >list && ! grep -v -e "^cut.xml$" -e "^out$" -e "^err$" -e "^list$" \
		-e "^[su]\.\(out\|err\)$" list
'

# a copy of a corpus file whose 10th entry (attr "entry") or system
# (attr "system") has a JSON attribute holding U+0001: read from the
# escape, which XML can carry, into a character it cannot (python)
control() {
	python3 - "$DATA/corpus/pts/tiobench-ec2-small.xml" "$1" <<-\PY
	import sys
	s = open(sys.argv[1]).read()
	js = "<JSON>{\"note\":\"a\\u0001b\"}</JSON>"
	if sys.argv[2] == "system":
	    k = s.index("</TestClientVersion>") + len("</TestClientVersion>")
	else:
	    k = -1
	    for _ in range(10):
	        k = s.index("</RawString>", k + 1)
	    k += len("</RawString>")
	sys.stdout.write(s[:k] + "\n    " + js + s[k:])
	PY
}

test_expect_success 'xml of a text XML cannot carry, in a result or a system: the usual message, nothing written' '
	for at in entry system; do
		control $at >ctl.xml &&
		for fmt in $STREAMED; do
			both show --format $fmt ctl.xml || return 1
		done &&
		test_expect_code 4 fsreport show --format xml ctl.xml >out 2>err &&
		test ! -s out &&
		grep -q "U+0001, which XML cannot carry" err &&
		test_expect_code 4 fsreport show --format xml -o new.xml ctl.xml &&
		test ! -e new.xml || return 1
	done
'

test_expect_success 'json with a sample that needs 17 digits: the usual way, the same bytes' '
	python3 - "$DATA/corpus/pts/tiobench-ec2-small.xml" >long.xml <<-\PY &&
	import sys
	s = open(sys.argv[1]).read()
	k = s.rindex("<RawString>") + len("<RawString>")
	e = s.index("<", k)
	v = s[k:e].split(":")
	v[0] = "0.12345678901234567"
	sys.stdout.write(s[:k] + ":".join(v) + s[e:])
	PY
	both show --format json long.xml &&
	grep -q "0.12345678901234566," s.out &&
	fsreport show -v --format json long.xml 2>err >/dev/null &&
	! grep "printed as read" err &&
	fsreport show -v --format json "$DATA/corpus/pts/tiobench-ec2-small.xml" \
		2>err >/dev/null &&
	grep -q "printed as read" err
'

test_expect_success 'what the stream does not print goes the usual way: options, formats, two run sets' '
	f="$DATA/corpus/pts/tiobench-ec2-small.xml" &&
	both show --format json --exclude Write "$f" &&
	both show --format table --sort name "$f" &&
	both show --format markdown --drop-first "$f" &&
	both show --format pts --steady "$f" &&
	both show --format csv --sort name "$f" &&
	both show --format csv --only "Write" "$f" &&
	both show --format ascii --drop-first "$f" &&
	both show --format csv "$f" "$DATA/corpus/pts/tiobench-ec2-micro.xml"
'

test_done
