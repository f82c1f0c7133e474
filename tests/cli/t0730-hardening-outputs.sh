#!/bin/sh
# Outputs never lose data: every file fsreport writes goes to a temporary
# file in the same folder, renamed into place when complete. On bad
# input, a full disk, an unwritable folder, a renderer error or a signal
# an existing output is left untouched and no temporary file is left
# behind. Input files are never opened for writing.
. "$(dirname "$0")/lib.sh"

BAD="$TOP/tests/bad"
GOOD="$BAD/pts/good.xml"

# precious FILE...: give each an old content to protect
precious() {
	for f in "$@"; do
		echo "precious data of $f, keep me" >"$f" || return 1
	done
}

# untouched FILE...: still the old content
untouched() {
	for f in "$@"; do
		echo "precious data of $f, keep me" >want &&
		test_cmp want "$f" || { echo "$f was changed"; return 1; }
	done
}

# no_temp [DIR]: no temporary file of ours left in DIR (default .)
no_temp() {
	left=$(find "${1:-.}" -name "*.fsreport-tmp-*")
	if [ -n "$left" ]; then
		echo "left behind: $left"
		return 1
	fi
}

test_expect_success 'bad input: the outputs stay, exit 3' '
	precious out.csv out.svg out.png out.json &&
	test_expect_code 3 fsreport show -o out.csv --svg out.svg \
		--png out.png "$BAD/pts/truncated-mid-tag.xml" 2>err &&
	test_expect_code 3 fsreport import -o out.json \
		"$BAD/csv/value-nan.csv" 2>err &&
	test_expect_code 3 fsreport compare -o out.csv "$GOOD" \
		"$BAD/hyperfine/truncated.json" 2>err &&
	untouched out.csv out.svg out.png out.json &&
	no_temp
'

test_expect_success 'a good run replaces the output whole' '
	precious out.csv &&
	fsreport show --format csv -o out.csv "$GOOD" &&
	fsreport show --format csv "$GOOD" >expect &&
	test_cmp expect out.csv &&
	no_temp
'

test_expect_success 'an output the renderer refuses: old file kept, exit 4' '
	cp "$DATA/csv/minimal.csv" "$(printf "l\351gende").csv" &&
	precious out.json &&
	test_expect_code 4 fsreport show --format json -o out.json \
		"$(printf "l\351gende").csv" 2>err &&
	grep "not valid UTF-8" err &&
	untouched out.json &&
	no_temp
'

# mount_small DIR KiB: a tiny tmpfs, when we may mount one
mount_small() {
	mkdir -p "$1" &&
	mount -t tmpfs -o "size=${2}k" fsreport-test "$1" 2>/dev/null
}

test_expect_success 'a full disk (a 64 KiB tmpfs, else ulimit -f): exit 4' '
	big_input &&
	if mount_small disk 64; then
		precious disk/out.csv &&
		fsreport show --format csv -o disk/out.csv big.csv 2>err
		rc=$?
		untouched disk/out.csv && no_temp disk
		ok=$?
		umount disk
		test $ok -eq 0 && test $rc -eq 4 &&
		echo "fsreport: cannot write '"'"'disk/out.csv'"'"': No space left on device" >expect &&
		test_cmp expect err
	else
		echo "# cannot mount a tmpfs here: ulimit -f instead"
		mkdir -p disk &&
		precious disk/out.csv &&
		(ulimit -f 64 && "$FSREPORT" show --format csv -o disk/out.csv \
			big.csv 2>err)
		rc=$?
		test $rc -eq 4 &&
		echo "fsreport: cannot write '"'"'disk/out.csv'"'"': File too large" >expect &&
		test_cmp expect err &&
		untouched disk/out.csv && no_temp disk
	fi
'

test_expect_success 'a file-size limit (ulimit -f, SIGXFSZ): exit 4' '
	big_input &&
	precious out.csv &&
	(ulimit -f 100 && "$FSREPORT" show --format csv -o out.csv big.csv \
		2>err)
	rc=$? &&
	test $rc -eq 4 &&
	echo "fsreport: cannot write '"'"'out.csv'"'"': File too large" >expect &&
	test_cmp expect err &&
	untouched out.csv &&
	no_temp
'

test_expect_success 'a full standard output (/dev/full): exit 4' '
	test_expect_code 4 fsreport show --format csv "$GOOD" >/dev/full \
		2>err &&
	echo "fsreport: cannot write to standard output: No space left on device" >expect &&
	test_cmp expect err
'

# as_nobody COMMAND...: run as an unprivileged user when we are root
as_nobody() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=-all "$@"
	else
		"$@"
	fi
}

test_expect_success 'an unwritable folder: exit 4, the old file stays' '
	chmod 755 "$SCRATCH_ROOT" . &&
	mkdir ro &&
	precious ro/out.csv &&
	chmod 644 ro/out.csv && chmod 555 ro &&
	cp "$GOOD" in.xml && chmod 644 in.xml &&
	test_expect_code 4 as_nobody "$FSREPORT" show --format csv \
		-o ro/out.csv in.xml 2>err &&
	echo "fsreport: cannot write '"'"'ro/out.csv'"'"': Permission denied" >expect &&
	test_cmp expect err &&
	untouched ro/out.csv &&
	no_temp ro
'

test_expect_success 'an immutable folder (chattr +i), even for root: exit 4' '
	mkdir imm &&
	precious imm/out.csv &&
	if ! chattr +i imm 2>/dev/null; then
		skip "chattr +i does not work here"
		return 0
	fi
	fsreport show --format csv -o imm/out.csv "$GOOD" 2>err
	rc=$?
	chattr -i imm
	test $rc -eq 4 &&
	echo "fsreport: cannot write '"'"'imm/out.csv'"'"': Operation not permitted" >expect &&
	test_cmp expect err &&
	untouched imm/out.csv &&
	no_temp imm
'

test_expect_success 'an output folder that does not exist: exit 4' '
	test_expect_code 4 fsreport show -o nowhere/out.csv "$GOOD" 2>err &&
	echo "fsreport: cannot write '"'"'nowhere/out.csv'"'"': No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'an output path that is a folder: exit 4, no temp' '
	mkdir out.csv &&
	test_expect_code 4 fsreport show --format csv -o out.csv "$GOOD" \
		2>err &&
	echo "fsreport: cannot write '"'"'out.csv'"'"': Is a directory" >expect &&
	test_cmp expect err &&
	test -d out.csv &&
	no_temp
'

# The signal lands when the temporary file is written, before its
# rename: fsync_stop (lib.sh) stops fsreport there.
for sig in TERM:15 INT:2 HUP:1; do
	num=${sig#*:}
	sig=${sig%:*}
	test_expect_success "SIG$sig before the rename: old file kept, no temp" "
		precious out.csv &&
		fsync_stop show --format csv -o out.csv \"\$GOOD\" &&
		ls out.csv.fsreport-tmp-* &&
		kill -$sig \$pid && kill -CONT \$pid
		wait \$pid
		rc=\$? &&
		echo \"exit \$rc\" &&
		test \$rc -eq $((128 + num)) &&
		untouched out.csv &&
		no_temp
	"
done

# in_files: the input files of the next tests, with their checksums and
# times
in_files() {
	cp "$GOOD" a.xml &&
	cp "$DATA/csv/minimal.csv" b.csv &&
	cp "$DATA/hyperfine/named.json" c.json &&
	touch -d "2020-01-01 00:00:00" a.xml b.csv c.json &&
	ls -l --time-style=full-iso a.xml b.csv c.json >before &&
	md5sum a.xml b.csv c.json >>before
}

# every_command: show, compare, import with every output kind (the
# outputs in o/, the inputs read one by one and as a folder)
every_command() {
	mkdir -p o &&
	fsreport show -q --format csv -o o/1.csv --svg o/1.svg --png o/1.png \
		a.xml b.csv c.json &&
	fsreport compare -q -o o/2.txt A=a.xml B=a.xml &&
	fsreport import -q -o o/3.json a.xml b.csv c.json &&
	fsreport import -q --to xml -o o/4.xml a.xml b.csv c.json &&
	fsreport show -q --format csv -o o/5.csv . &&
	test -s o/1.csv && test -s o/1.svg && test -s o/1.png &&
	test -s o/3.json && test -s o/4.xml && test -s o/5.csv
}

test_expect_success 'input files are never written (checksums, times)' '
	in_files &&
	every_command &&
	ls -l --time-style=full-iso a.xml b.csv c.json >after &&
	md5sum a.xml b.csv c.json >>after &&
	test_cmp before after
'

test_expect_success 'immutable inputs (chattr +i) read fine' '
	in_files &&
	if ! chattr +i a.xml b.csv c.json 2>/dev/null; then
		skip "chattr +i does not work here"
		return 0
	fi
	every_command
	rc=$?
	chattr -i a.xml b.csv c.json
	test $rc -eq 0
'

test_expect_success 'no input is ever opened for writing (strace)' '
	if ! strace -f -o /dev/null true >/dev/null 2>&1; then
		skip "strace cannot trace here"
		return 0
	fi
	in_files &&
	mkdir o &&
	ASAN_OPTIONS=detect_leaks=0 strace -f -qq -o trace -e trace=open,openat,creat,truncate \
		"$FSREPORT" show -q --format csv -o o/1.csv --svg o/1.svg \
		a.xml b.csv c.json &&
	ASAN_OPTIONS=detect_leaks=0 strace -f -qq -o trace2 -e trace=open,openat,creat,truncate \
		"$FSREPORT" import -q -o o/3.json . &&
	cat trace2 >>trace &&
	grep -E "\"(\./)?(a\.xml|b\.csv|c\.json)\"" trace >opens &&
	test -s opens &&
	if grep -E "O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|creat\(|truncate\(" opens; then
		echo "an input was opened for writing"; return 1
	fi
'

test_done
