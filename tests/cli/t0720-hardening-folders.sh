#!/bin/sh
# Folders as they are found: every format mixed in one folder, one bad
# file among good ones (the run fails naming it; --keep-going reports it
# and goes on), file names that are not UTF-8, unreadable files, symlink
# loops, FIFOs, absurdly large files. Nothing hangs, nothing is hidden.
. "$(dirname "$0")/lib.sh"

# Under "sh tests/valgrind/run.sh BUILD all" fsreport runs tens of times
# slower and valgrind's own memory is what a peak RSS would measure:
# stretch the time limits, leave the memory bounds to memcheck.
if [ -n "${FSR_VALGRIND:-}" ]; then
	SLOW=30
	RSS_CAP_KB=100000000
else
	SLOW=1
	RSS_CAP_KB=800000
fi

BAD="$TOP/tests/bad"

# mixed DIR: one good file of every format, plus files that are none
mixed() {
	mkdir -p "$1" &&
	cp "$BAD/pts/good.xml" "$1/a-composite.xml" &&
	cp "$DATA/csv/minimal.csv" "$1/b-generic.csv" &&
	cp "$DATA/postmark/short/stdout.txt" "$1/c-postmark.txt" &&
	cp "$DATA/timing/bash-time/nosync/run-01.txt" "$1/d-timing.txt" &&
	cp "$DATA/hyperfine/named.json" "$1/e-hyperfine.json" &&
	cp "$DATA/fio/trim.json" "$1/f-fio.json" &&
	cp "$DATA/interchange/model.json" "$1/g-model.json" &&
	cp "$DATA/interchange/model.xml" "$1/h-model.xml" &&
	echo "These are the results of last week." >"$1/README" &&
	cp "$DATA/postmark/short/config.pmrc" "$1/config.pmrc" &&
	printf '\000\001\002\377binary' >"$1/core"
}

test_expect_success 'a folder mixing every format: all read, others skipped' '
	mixed run &&
	fsreport show -v --format csv run >out 2>err &&
	for imp in pts csv postmark timing hyperfine fio fsreport-json \
		   fsreport-xml; do
		grep -E "^fsreport: run/[a-h]-[a-z-]+\.[a-z]+: $imp, [0-9]+ result" err ||
			{ echo "no file read by $imp"; return 1; }
	done &&
	grep "^fsreport: run/README: skipped, not a result file$" err &&
	grep "^fsreport: run/config.pmrc: skipped, not a result file$" err &&
	grep "^fsreport: run/core: skipped, not a result file$" err &&
	grep -c "" out >lines &&
	test "$(cat lines)" -gt 20
'

test_expect_success 'one bad file: the run fails and names it (exit 3)' '
	mixed run &&
	cp "$BAD/csv/value-nan.csv" run/c-bad.csv &&
	test_expect_code 3 fsreport show --format csv run >out 2>err &&
	echo "fsreport: run/c-bad.csv:2: value '"'"'nan'"'"' is not a finite number" >expect &&
	test_cmp expect err &&
	test_cmp /dev/null out
'

test_expect_success '--keep-going: the bad file is named, the good ones stay, exit 3' '
	mixed run &&
	cp "$BAD/csv/value-nan.csv" run/c-bad.csv &&
	test_expect_code 3 fsreport show -k --format csv run >out 2>all &&
	grep -v "^fsreport: warning: " all >err &&
	echo "fsreport: run/c-bad.csv:2: value '"'"'nan'"'"' is not a finite number" >expect &&
	test_cmp expect err &&
	grep ",TPS,higher," out &&
	grep "^r[0-9a-f]*,PostMark," out &&
	grep "^r[0-9a-f]*,make,,,,run,2,13," out &&
	grep "^r[0-9a-f]*,hyperfine," out &&
	grep "^r[0-9a-f]*,fio," out
'

test_expect_success '--keep-going: several bad files, each named once' '
	mixed run &&
	cp "$BAD/csv/value-nan.csv" run/c-bad.csv &&
	cp "$BAD/pts/truncated-mid-tag.xml" run/a-cut.xml &&
	cp "$BAD/hyperfine/times-string.json" run/z-hf.json &&
	test_expect_code 3 fsreport show -k --format csv run >out 2>all &&
	grep -v "^fsreport: warning: " all >err &&
	test "$(wc -l <err)" -eq 3 &&
	grep "^fsreport: run/a-cut.xml:[0-9]*:[0-9]*: malformed XML" err &&
	grep "^fsreport: run/c-bad.csv:2: " err &&
	grep "^fsreport: run/z-hf.json: " err &&
	grep ",TPS,higher," out
'

test_expect_success 'a folder of bad files only: exit 3 even with -k' '
	mkdir run &&
	cp "$BAD/csv/value-nan.csv" "$BAD/pts/binary.xml" run/ &&
	test_expect_code 3 fsreport show run 2>err &&
	test_expect_code 3 fsreport show -k run >out 2>err &&
	test_cmp /dev/null out &&
	grep "^fsreport: run/binary.xml:3:1: malformed XML" err &&
	grep "^fsreport: run/value-nan.csv:2: value" err &&
	grep "^fsreport: run: no result file in this folder$" err
'

test_expect_success 'an empty folder, a folder of non-results: exit 3' '
	mkdir empty other &&
	echo "notes" >other/README &&
	test_expect_code 3 fsreport show empty 2>err &&
	echo "fsreport: empty: no result file in this folder" >expect &&
	test_cmp expect err &&
	test_expect_code 3 fsreport show other 2>err &&
	echo "fsreport: other: no result file in this folder" >expect &&
	test_cmp expect err
'

test_expect_success 'the same system in two files of a folder: pooled' '
	mkdir run &&
	cp "$BAD/pts/good.xml" run/1.xml &&
	cp "$BAD/pts/good.xml" run/2.xml &&
	fsreport show --format csv run >out &&
	grep ",TPS,higher,ext4,6,3411," out
'

# File names that are not UTF-8 (Latin-1 and broken sequences).
NAME1=$(printf 'r\351sultat')
NAME2=$(printf 'bad\377\376')

test_expect_success 'non-UTF-8 file names: read, and named byte for byte' '
	mkdir run &&
	cp "$BAD/pts/good.xml" "run/$NAME1.xml" &&
	cp "$BAD/csv/value-nan.csv" "run/$NAME2.csv" &&
	test_expect_code 3 fsreport show run 2>err &&
	printf "fsreport: run/%s.csv:2: value '"'"'nan'"'"' is not a finite number\n" "$NAME2" >expect &&
	test_cmp expect err &&
	test_expect_code 3 fsreport show -k --format csv run >out 2>err &&
	grep ",TPS,higher,ext4,3,3411," out &&
	fsreport show --format csv "run/$NAME1.xml" >out &&
	grep ",TPS,higher,ext4,3,3411," out
'

test_expect_success 'a non-UTF-8 run-set label: text out fine, JSON refuses' '
	cp "$DATA/csv/minimal.csv" "$NAME1.csv" &&
	fsreport show --format csv "$NAME1.csv" >out &&
	grep -a ",$NAME1," out &&
	test_expect_code 4 fsreport show --format json "$NAME1.csv" >out 2>err &&
	test_cmp /dev/null out &&
	grep "not valid UTF-8" err
'

# as_nobody COMMAND...: run as an unprivileged user when we are root, for
# whom permissions mean nothing (the scratch folders are opened up).
as_nobody() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=-all "$@"
	else
		"$@"
	fi
}

test_expect_success 'an unreadable file: named (exit 3); -k goes on' '
	chmod 755 "$SCRATCH_ROOT" . &&
	mkdir run &&
	cp "$BAD/pts/good.xml" run/a.xml &&
	cp "$DATA/csv/minimal.csv" run/b.csv &&
	chmod 755 run && chmod 644 run/* &&
	chmod 000 run/b.csv &&
	test_expect_code 3 as_nobody "$FSREPORT" show run >out 2>err &&
	echo "fsreport: run/b.csv: cannot open: Permission denied" >expect &&
	test_cmp expect err &&
	test_expect_code 3 as_nobody "$FSREPORT" show -k --format csv run >out 2>err &&
	test_cmp expect err &&
	grep ",TPS,higher,ext4,3,3411," out &&
	test_expect_code 3 as_nobody "$FSREPORT" show run/b.csv 2>err &&
	test_cmp expect err
'

test_expect_success 'an unreadable folder: named (exit 3)' '
	chmod 755 "$SCRATCH_ROOT" . &&
	mkdir run &&
	cp "$BAD/pts/good.xml" run/a.xml &&
	chmod 000 run &&
	test_expect_code 3 as_nobody "$FSREPORT" show run 2>err &&
	echo "fsreport: run: cannot open folder: Permission denied" >expect &&
	test_cmp expect err
'

test_expect_success 'a run set that is a symlink loop: exit 3, at once' '
	ln -s loop loop &&
	ln -s pong ping && ln -s ping pong &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show loop 2>err &&
	echo "fsreport: loop: Too many levels of symbolic links" >expect &&
	test_cmp expect err &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show ping 2>err &&
	echo "fsreport: ping: Too many levels of symbolic links" >expect &&
	test_cmp expect err
'

test_expect_success 'a folder looping on itself: no endless walk' '
	mkdir run &&
	cp "$BAD/pts/good.xml" run/a.xml &&
	ln -s . run/self &&
	ln -s .. run/up &&
	ln -s ../run run/again &&
	timeout $((10 * SLOW)) "$FSREPORT" show -v --format csv run >out 2>err &&
	grep "^fsreport: run/self: skipped, a folder$" err &&
	grep ",TPS,higher,ext4,3,3411," out &&
	test "$(grep -c TPS out)" -eq 1
'

test_expect_success 'symlink loops and dangling links inside a folder' '
	mkdir run &&
	cp "$BAD/pts/good.xml" run/a.xml &&
	ln -s nowhere run/b-dangling.xml &&
	ln -s c-loop.xml run/c-loop.xml &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show run 2>err &&
	echo "fsreport: run/b-dangling.xml: cannot read: No such file or directory" >expect &&
	test_cmp expect err &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show -k --format csv run >out 2>err &&
	grep "^fsreport: run/c-loop.xml: cannot read: Too many levels of symbolic links$" err &&
	grep ",TPS,higher,ext4,3,3411," out
'

test_expect_success 'a FIFO: never waited on (exit 3 named, skipped in a folder)' '
	mkdir run &&
	cp "$BAD/pts/good.xml" run/a.xml &&
	mkfifo run/pipe.xml &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show run/pipe.xml 2>err &&
	echo "fsreport: run/pipe.xml: not a regular file or folder" >expect &&
	test_cmp expect err &&
	timeout $((10 * SLOW)) "$FSREPORT" show -v --format csv run >out 2>err &&
	grep "^fsreport: run/pipe.xml: skipped, not a regular file$" err &&
	grep ",TPS,higher,ext4,3,3411," out
'

test_expect_success 'a 3 GB file (sparse): refused at once, memory bounded' '
	mkdir run &&
	cp "$BAD/pts/good.xml" run/a.xml &&
	printf "test,value\nx,1\n" >run/big.csv &&
	truncate -s 3G run/big.csv &&
	/usr/bin/time -f %M -o rss timeout $((20 * SLOW)) "$FSREPORT" show run \
		>out 2>err; echo $? >rc &&
	test "$(cat rc)" = 3 &&
	echo "fsreport: run/big.csv: file larger than 2147483648 bytes" >expect &&
	test_cmp expect err &&
	test "$(tail -n 1 rss)" -lt "$RSS_CAP_KB"
'

test_expect_success 'a 70 MB JSON file: refused before jansson reads it' '
	cp "$DATA/hyperfine/named.json" big.json &&
	truncate -s 70M big.json &&
	test_expect_code 3 timeout $((20 * SLOW)) "$FSREPORT" show big.json 2>err &&
	echo "fsreport: big.json: file larger than 67108864 bytes" >expect &&
	test_cmp expect err
'

test_expect_success 'ten million samples in one RawString: refused, bounded' '
	{ printf "<PhoronixTestSuite><System><Identifier>a</Identifier>" &&
	  printf "</System><Result><Identifier>pts/x-1.0.0</Identifier>" &&
	  printf "<Scale>s</Scale><Data><Entry><Identifier>a</Identifier>" &&
	  printf "<Value>1</Value>\n<RawString>1" &&
	  head -c 20000000 /dev/zero | tr "\\0" "\\n" | sed "s/^/:1/" |
		tr -d "\\n" &&
	  printf "</RawString></Entry></Data></Result></PhoronixTestSuite>\n"
	} >samples.xml &&
	/usr/bin/time -f %M -o rss timeout $((30 * SLOW)) "$FSREPORT" show samples.xml \
		>out 2>err; echo $? >rc &&
	test "$(cat rc)" = 3 &&
	echo "fsreport: samples.xml:2: an element'"'"'s text is longer than 16777216 bytes" >expect &&
	test_cmp expect err &&
	test "$(tail -n 1 rss)" -lt "$RSS_CAP_KB"
'

test_expect_success 'a 20 MB CSV line: refused with its line number' '
	{ printf "test,value\nx,1\nx,\"" &&
	  head -c 20000000 /dev/zero | tr "\\0" 1 && printf "\"\n"; } >long.csv &&
	test_expect_code 3 timeout $((20 * SLOW)) "$FSREPORT" show long.csv 2>err &&
	echo "fsreport: long.csv:3: line longer than 16777216 bytes" >expect &&
	test_cmp expect err
'

test_done
