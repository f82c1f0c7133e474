#!/bin/sh
# Outputs never destroy data (issue 17): an output that is an input, or
# lies in a folder read as a run set, or is another output, is refused
# with exit 2 before anything is read, through symbolic links, hard
# links and "..". Devices, FIFOs, sockets and /dev/stdout are written in
# place; a symbolic link's target is replaced and the link stays; an
# existing file keeps its mode and owner; a hard link is broken (the
# other names keep the old bytes). Every check runs as root and as a
# plain user.
if [ -z "${FSR_LIB_FUNCS_ONLY:-}" ]; then
	. "$(dirname "$0")/lib.sh"
fi
TEST_HELPERS="$TOP/tests/cli/t0740-safety-outputs.sh"
GOOD="$TOP/tests/bad/pts/good.xml"
EXT4="$TOP/examples/ext4-mount-options"

# old FILE...: give each an old content to protect
old() {
	for f in "$@"; do
		echo "old data of $f" >"$f" || return 1
	done
}

# kept FILE...: still the old content
kept() {
	for f in "$@"; do
		echo "old data of $f" >want.$$ &&
		cmp -s want.$$ "$f" || { echo "$f was changed"; return 1; }
		rm -f want.$$
	done
}

no_temp() {
	left=$(find "${1:-.}" -name "*.fsreport-tmp-*")
	[ -z "$left" ] || { echo "left behind: $left"; return 1; }
}

# refused CMD...: exit 2 and a message that says why
refused() {
	"$FSREPORT" "$@" >out.$$ 2>err.$$
	rc=$?
	cat err.$$
	[ "$rc" -eq 2 ] || { echo "exit $rc, want 2: $*"; return 1; }
	grep -q "refusing\|same file\|chart-dir" err.$$ || return 1
	rm -f out.$$ err.$$
}

# a folder of runs: three CSV files
runs() {
	mkdir -p runs &&
	for i in 1 2 3; do
		printf 'test,value\nt,%s\nt,%s\n' "$i" "$((i + 1))" \
			>runs/run-0$i.csv || return 1
	done
	cksum runs/* >runs.sum
}

runs_kept() {
	cksum runs/* >runs.now && cmp -s runs.sum runs.now ||
		{ echo "the runs were changed"; return 1; }
}

# in_small_disk KiB COMMAND...: COMMAND in a mount namespace where ./disk
# is a tmpfs of that size (root: unshare -m; a plain user: unshare -rm)
in_small_disk() {
	size=$1
	shift
	mkdir -p disk
	if [ "$(id -u)" -eq 0 ]; then ns=-m; else ns=-rm; fi
	unshare $ns sh -c "mount -t tmpfs -o size=${size}k fsr disk || exit 99
		$*"
}

# small_disk_why_not: nothing when in_small_disk works here, else why
# not (any failure of the set-up: unshare refused in a chroot or a
# container, user namespaces turned off, no tmpfs mount allowed)
small_disk_why_not() {
	in_small_disk 48 true >ns.out 2>ns.err
	rc=$?
	[ "$rc" -eq 0 ] && return 0
	msg=$(cat ns.out ns.err | grep -v '^[[:space:]]*$' | tail -n 1)
	if [ "$(id -u)" -eq 0 ]; then how="unshare -m"; else how="unshare -rm"; fi
	echo "cannot mount a tmpfs in a new mount namespace here ($how, exit $rc${msg:+: $msg})"
}

sanitized() {
	grep -q __asan_init "$FSREPORT" 2>/dev/null
}

[ -n "${FSR_LIB_FUNCS_ONLY:-}" ] && return 0

test_both 'an output that is an input file: exit 2, input kept' '
	runs &&
	refused show -o runs/run-01.csv runs/ &&
	refused show -o runs/run-01.csv runs/run-01.csv &&
	refused show --svg runs/run-01.csv runs/run-01.csv &&
	refused show --png runs/run-02.csv runs/run-02.csv &&
	refused import -o runs/run-03.csv runs/run-03.csv &&
	refused compare -o runs/run-01.csv runs/run-01.csv runs/run-02.csv &&
	runs_kept
'

test_both 'through a symbolic link, a hard link and ..' '
	runs &&
	ln -s runs/run-01.csv link.csv &&
	ln runs/run-02.csv hard.csv &&
	mkdir sub &&
	refused import -o link.csv runs/run-01.csv &&
	refused import -o hard.csv runs/run-02.csv &&
	refused import -o sub/../runs/run-03.csv runs/run-03.csv &&
	refused show -o link.csv runs &&
	ln -s runs alias &&
	refused show -o alias/new.txt runs &&
	refused show -o runs/new.txt alias/ &&
	refused show --svg sub/../runs/x.svg ./runs/ &&
	test ! -e runs/new.txt && test ! -e runs/x.svg &&
	runs_kept
'

test_both 'a new file in a folder that is read: exit 2, nothing made' '
	runs &&
	refused show -o runs/report.txt runs &&
	refused show --png runs/report.png runs &&
	refused import -o runs/all.csv runs &&
	test ! -e runs/report.txt && test ! -e runs/all.csv &&
	runs_kept
'

test_both 'refused before anything is read (a bad input too)' '
	runs &&
	cp "$TOP/tests/bad/pts/truncated-mid-tag.xml" runs/bad.xml &&
	cksum runs/* >runs.sum &&
	refused show -o runs/run-01.csv runs/bad.xml runs/run-01.csv &&
	runs_kept
'

test_both '--chart-dir: not an input folder, nor holding an input' '
	runs &&
	refused show --chart-dir runs runs &&
	refused show --chart-dir . runs/run-01.csv &&
	refused show --chart-dir runs/.. runs/run-01.csv &&
	runs_kept
'

test_both '--chart-dir holding other files: exit 2, they stay' '
	mkdir charts && echo notes >charts/notes.txt &&
	"$FSREPORT" show "$GOOD" --chart-dir charts >/dev/null 2>err
	rc=$?
	cat err && test $rc -eq 2 &&
	grep -F "charts/notes.txt" err || grep -F "'\''notes.txt'\''" err &&
	test "$(ls charts)" = notes.txt
'

test_both 'outputs given the same path: exit 2' '
	old x.svg &&
	refused show -o x.svg --svg x.svg "$GOOD" &&
	refused show --svg x.svg --png x.svg "$GOOD" &&
	refused show --svg x.svg --png ./sub/../x.svg "$GOOD" 2>/dev/null ||
	{ mkdir sub && refused show --svg x.svg --png ./sub/../x.svg "$GOOD"; } &&
	ln x.svg y.svg &&
	refused show -o y.svg --svg x.svg "$GOOD" &&
	refused show --svg /dev/stdout "$GOOD" &&
	mkdir charts &&
	refused show -o charts/report.txt --chart-dir charts "$GOOD" &&
	kept x.svg && no_temp
'

# ------------------------------------------------------------ targets

test_both 'a character device is written in place, never replaced' '
	if [ "$(id -u)" -eq 0 ]; then
		mknod null c 1 3 && mknod full c 1 7 || { skip "no mknod"; return 0; }
	else
		ln -s /dev/null null && ln -s /dev/full full
	fi
	"$FSREPORT" show -o null "$GOOD" &&
	test -c null &&
	"$FSREPORT" show -o null --svg null.svg "$GOOD" &&
	test -c null && test -s null.svg &&
	test_expect_code 4 "$FSREPORT" show -o full "$GOOD" 2>err &&
	grep -F "No space left on device" err &&
	test -c full && test -c /dev/null && test -c /dev/full && no_temp
'

test_both 'a FIFO: its reader gets the report' '
	"$FSREPORT" show --format csv "$GOOD" >expect &&
	mkfifo f &&
	{ timeout 30 cat f >got & } &&
	"$FSREPORT" show --format csv -o f "$GOOD" &&
	wait &&
	cmp expect got &&
	{ timeout 30 cat f >got2 & } &&
	"$FSREPORT" show --format csv -o f --svg s.svg "$GOOD" &&
	wait &&
	cmp expect got2 && test -p f && test -s s.svg && no_temp
'

test_both 'a socket: written in place' '
	command -v python3 >/dev/null || { skip "no python3 for a socket"; return 0; }
	"$FSREPORT" show --format csv "$GOOD" >expect &&
	timeout 30 python3 -c "
import socket, sys, os
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(\"sock\"); s.listen(1)
sys.stdout.write(\"ready\n\"); sys.stdout.flush()
c, _ = s.accept()
with open(\"got\", \"wb\") as f:
    while True:
        b = c.recv(65536)
        if not b: break
        f.write(b)
" >ready &
	n=0; while [ ! -s ready ] && [ $n -lt 500 ]; do sleep 0.01; n=$((n + 1)); done
	"$FSREPORT" show --format csv -o sock "$GOOD" &&
	wait &&
	cmp expect got && test -S sock
'

test_both '/dev/stdout and /dev/fd/1 are standard output' '
	"$FSREPORT" show --format csv "$GOOD" >expect &&
	"$FSREPORT" show --format csv -o /dev/stdout "$GOOD" >got &&
	cmp expect got &&
	"$FSREPORT" show --format csv -o /dev/fd/1 --svg s.svg "$GOOD" >got2 &&
	cmp expect got2 && test -s s.svg &&
	"$FSREPORT" show --format csv -o /dev/stdout "$GOOD" | cat >got3 &&
	cmp expect got3
'

test_both 'a symbolic link stays; its target gets the report' '
	"$FSREPORT" show --format csv "$GOOD" >expect &&
	mkdir real && old real/out.csv &&
	ln -s real/out.csv link.csv &&
	"$FSREPORT" show --format csv -o link.csv "$GOOD" &&
	test -L link.csv && cmp expect real/out.csv &&
	ln -s real/new.csv dangling.csv &&
	"$FSREPORT" show --format csv -o dangling.csv "$GOOD" &&
	test -L dangling.csv && cmp expect real/new.csv &&
	no_temp && no_temp real
'

test_both 'an existing file keeps its mode (and, for root, its owner)' '
	old out.csv && chmod 640 out.csv &&
	if [ "$(id -u)" -eq 0 ]; then chown 12345:23456 out.csv; fi
	before=$(stat -c "%a %u %g" out.csv) &&
	"$FSREPORT" show --format csv -o out.csv "$GOOD" &&
	test "$(stat -c "%a %u %g" out.csv)" = "$before" &&
	grep -q "^result," out.csv &&
	rm -f new.csv && (umask 027 && "$FSREPORT" show -o new.csv "$GOOD") &&
	test "$(stat -c %a new.csv)" = 640
'

test_both 'a hard link is broken: the other name keeps the old bytes' '
	old out.csv && ln out.csv other.csv &&
	"$FSREPORT" show --format csv -o out.csv "$GOOD" &&
	grep -q "^result," out.csv &&
	echo "old data of out.csv" >want && cmp want other.csv &&
	test "$(stat -c %h out.csv)" = 1
'

# ---------------------------------------------------- all or nothing

test_both 'one output fails: none is written, and that is said' '
	old out.csv out.svg &&
	test_expect_code 4 "$FSREPORT" show -o out.csv --svg out.svg \
		--png nowhere/out.png "$GOOD" 2>err &&
	cat err &&
	grep -F "cannot write '\''nowhere/out.png'\''" err &&
	grep -F "not written either: out.csv, out.svg" err &&
	kept out.csv out.svg && no_temp
'

test_expect_success 'every command puts its -o in place' '
	"$FSREPORT" show -o s.txt "$GOOD" && test -s s.txt &&
	"$FSREPORT" compare -o c.txt A="$GOOD" B="$GOOD" && test -s c.txt &&
	"$FSREPORT" import -o i.csv "$GOOD" && test -s i.csv &&
	"$FSREPORT" trend -o t.txt "$TOP"/examples/sync-modes/run-0[1-3].log &&
	test -s t.txt && no_temp
'

test_both 'standard output waits for the charts' '
	test_expect_code 4 "$FSREPORT" show "$GOOD" --svg nowhere/x.svg \
		>got 2>err &&
	test ! -s got &&
	grep -F "not written either: standard output" err
'

test_both '--chart-dir is replaced whole, keeping its mode' '
	mkdir charts && old charts/01-old.svg charts/change.svg &&
	write_manifest charts && chmod 750 charts &&
	"$FSREPORT" show "$EXT4" --chart-dir charts >/dev/null &&
	test ! -e charts/01-old.svg && test ! -e charts/change.svg &&
	test "$(ls charts | wc -l)" -eq 16 &&
	test "$(stat -c %a charts)" = 750 && no_temp
'

test_both '--chart-dir failing at chart 5: the old charts stay whole' '
	why=$(small_disk_why_not)
	if [ -n "$why" ]; then skip "$why"; return 0; fi
	mkdir m && echo 1 >m/01-a.svg && echo 2 >m/02-b.svg &&
	write_manifest m && cp m/.fsreport-manifest manifest &&
	in_small_disk 48 "
		mkdir disk/charts &&
		echo 1 >disk/charts/01-a.svg && echo 2 >disk/charts/02-b.svg &&
		cp manifest disk/charts/.fsreport-manifest &&
		echo old >disk/out.txt &&
		\"\$FSREPORT\" show \"$EXT4\" -o disk/out.txt \
			--chart-dir disk/charts 2>err
		echo \$? >rc
		ls disk disk/charts >listing
		cat disk/charts/01-a.svg disk/charts/02-b.svg disk/out.txt >contents
	" &&
	cat err listing &&
	test "$(cat rc)" -eq 4 &&
	grep "No space left on device" err &&
	grep -F "not written either: disk/out.txt" err &&
	printf "1\n2\nold\n" >want && cmp want contents &&
	! grep fsreport-tmp listing
'

# -------------------------------------------------------- temporaries

test_both 'signals while writing: old file kept, no temporary left' '
	old out.csv &&
	for sig in QUIT USR1 ALRM ABRT SEGV; do
		fsync_stop show --format csv -o out.csv "$GOOD" 2>/dev/null ||
			return 1
		kill -$sig $pid && kill -CONT $pid
		wait $pid
		rc=$?
		echo "SIG$sig: exit $rc"
		# ASan catches SIGSEGV itself, reports and exits 1
		test $rc -gt 128 || { test $sig = SEGV && sanitized; } ||
			return 1
		kept out.csv || return 1
		case $sig in ABRT|SEGV)
			# a sanitizer keeps the crash signals: the next run
			# removes the temporary
			if sanitized; then
				"$FSREPORT" show -o other.csv "$GOOD" || return 1
			fi ;;
		esac
		no_temp || return 1
	done
'

test_both 'after SIGKILL the next run removes its stale temporaries' '
	old out.csv && mkdir charts &&
	fsync_stop show --format csv -o out.csv "$GOOD" &&
	kill -KILL $pid && kill -CONT $pid
	wait $pid
	ls out.csv.fsreport-tmp-* &&
	: the next run, writing in the same folder, removes it &&
	fsync_stop show "$EXT4" --chart-dir charts >/dev/null &&
	kill -KILL $pid && kill -CONT $pid
	wait $pid
	ls -d *.fsreport-tmp-* >stale && cat stale &&
	test "$(wc -l <stale)" -eq 1 && grep "^charts.fsreport-tmp-" stale &&
	: an unrelated name and a live process keep theirs &&
	echo x >"keep.fsreport-tmp-$$-abcdef" &&
	echo x >"keep.fsreport-tmp-zz" &&
	kept out.csv &&
	"$FSREPORT" show -o report.txt "$GOOD" &&
	ls -d *.fsreport-tmp-* >left && cat left &&
	printf "%s\n" "keep.fsreport-tmp-$$-abcdef" keep.fsreport-tmp-zz >want &&
	cmp want left && test -d charts && kept out.csv
'

test_done
