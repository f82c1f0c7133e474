#!/bin/sh
# The outputs of one run (issue 30): a temporary is stale only when no
# run holds its lock (not "its PID is gone": a run in another PID
# namespace keeps its temporaries); every target is checked replaceable
# before the first rename and a failed rename puts back what was
# replaced; a signal after everything is in place is exit 0; output
# names of 225-255 bytes work (the temporary's name is short).
if [ -z "${FSR_LIB_FUNCS_ONLY:-}" ]; then
	. "$(dirname "$0")/lib.sh"
fi
TEST_HELPERS="$TOP/tests/cli/t2020-outputs-together.sh"
GOOD="$TOP/tests/bad/pts/good.xml"
EXT4="$TOP/examples/ext4-mount-options"

# name N: a file name of N bytes ending in .txt
name() {
	printf "%0$(($1 - 4))d.txt" 0
}
[ -n "${FSR_LIB_FUNCS_ONLY:-}" ] && return 0

test_expect_success 'a run in another PID namespace keeps its temporary' '
	[ "$(id -u)" -eq 0 ] || { skip "not root (pid namespace)"; return 0; }
	unshare -pf --mount-proc true 2>/dev/null ||
		{ skip "cannot make a pid namespace here"; return 0; }
	big_input && echo old >out.csv || return 1
	: a pid that is nobody here, and the run gets it there
	p=20000
	while [ -e /proc/$p ] || [ -e /proc/$((p + 1)) ]; do
		p=$((p + 7))
	done
	unshare -pf --mount-proc sh -c "echo $p >/proc/sys/kernel/ns_last_pid &&
		\"\$FSREPORT\" show --format csv -o out.csv big.csv; echo \$? >rc" &
	outer=$! &&
	wait_for "out.csv.fsreport-tmp-*" || return 1
	host=$(grep -l "^NSpid:.*[[:space:]]$((p + 1))\$" /proc/[0-9]*/status |
		head -1 | cut -d/ -f3) &&
	test -n "$host" && kill -STOP $host &&
	ls out.csv.fsreport-tmp-* >before &&
	: another run in the same folder &&
	fsreport show -o other.txt "$GOOD" &&
	ls out.csv.fsreport-tmp-* >after &&
	kill -CONT $host && wait $outer &&
	test_cmp before after && test "$(cat rc)" -eq 0 &&
	test "$(wc -l <out.csv)" -gt 1000 && ! ls -a | grep -q fsreport-tmp
'

test_expect_success 'an unlocked temporary of ours is stale, a locked one is not' '
	command -v flock >/dev/null || { skip "no flock(1)"; return 0; }
	echo x >out.txt.fsreport-tmp-AbC123 &&
	echo y >live.txt.fsreport-tmp-Zz9Yy8 &&
	echo z >.fsreport-tmp-q1w2e3 &&
	echo mine >notes.fsreport-tmp-1234-abcdef || return 1
	flock live.txt.fsreport-tmp-Zz9Yy8 sleep 30 &
	locker=$! && sleep 0.3 &&
	fsreport show -o out.txt "$GOOD" &&
	kill $locker; wait $locker
	ls -a | grep fsreport-tmp >left
	printf "%s\n" live.txt.fsreport-tmp-Zz9Yy8 notes.fsreport-tmp-1234-abcdef >want &&
	test_cmp want left
'

test_expect_success 'a target that cannot be replaced: nothing is replaced' '
	[ "$(id -u)" -eq 0 ] || { skip "not root (bind mount)"; return 0; }
	echo old-a >a.txt && echo old-b >b.svg && echo src >src &&
	unshare -m sh -c "mount --bind src b.svg &&
		\"\$FSREPORT\" show -o a.txt --svg b.svg \"$GOOD\" 2>err
		echo \$? >rc" || { skip "cannot bind-mount here"; return 0; }
	cat err && test "$(cat rc)" -eq 4 &&
	grep -F "cannot write '\''b.svg'\''" err &&
	grep -F "not written either: a.txt" err &&
	echo old-a | test_cmp - a.txt && echo old-b | test_cmp - b.svg &&
	! ls -a | grep -q fsreport-tmp
'

test_expect_success 'an immutable target: nothing is replaced' '
	[ "$(id -u)" -eq 0 ] || { skip "not root (chattr)"; return 0; }
	echo old-a >a.txt && echo old-b >b.svg &&
	chattr +i b.svg 2>/dev/null || { skip "no chattr +i here"; return 0; }
	fsreport show -o a.txt --svg b.svg "$GOOD" 2>err
	rc=$?
	chattr -i b.svg && cat err && test $rc -eq 4 &&
	echo old-a | test_cmp - a.txt && echo old-b | test_cmp - b.svg &&
	! ls -a | grep -q fsreport-tmp
'

test_both 'a signal once everything is in place: exit 0' '
	mkfifo pipe && echo old >out.txt || return 1
	"$FSREPORT" show -o out.txt --svg pipe "$GOOD" 2>err &
	pid=$! &&
	: out.txt is in place, the FIFO waits for its reader &&
	n=0 && while grep -qx old out.txt && [ $n -lt 3000 ]; do
		sleep 0.01; n=$((n + 1)); done &&
	sleep 0.2 && kill -TERM $pid && sleep 0.2 &&
	timeout 60 cat pipe >got.svg;
	wait $pid
	rc=$?
	cat err && echo "exit $rc" && test $rc -eq 0 &&
	grep -q "</svg>" got.svg && ! grep -qx old out.txt
'

test_both 'output names of 225 to 255 bytes' '
	for n in 225 240 251 255; do
		"$FSREPORT" show -o "$(name $n)" "$GOOD" &&
		"$FSREPORT" show -o "$(name $n)" "$GOOD" &&
		test -s "$(name $n)" || return 1
	done &&
	d=$(printf "%0250d" 0) &&
	"$FSREPORT" show "$EXT4" --chart-dir "$d" >/dev/null &&
	"$FSREPORT" show "$EXT4" --chart-dir "$d" >/dev/null &&
	test -s "$d/.fsreport-manifest" &&
	! ls -a | grep -q fsreport-tmp
'

test_done
