#!/bin/sh
# A check that cannot run on this machine skips with its reason, and
# never fails (issue 30, a fresh Debian chroot): t0740's small-disk case
# where unshare is refused, the Chromium checks where Chromium is
# installed but cannot start, and all of those with FSREPORT_NO_BROWSER=1
# (Chromium then never run). A Chromium that starts but fails on the
# page is a failure, not a skip. The pseudo-terminal tests do not
# depend on the caller's TERM. Stand-ins for unshare and chromium on
# a PATH of their own play the refusing machine.
. "$(dirname "$0")/lib.sh"

# the test scripts run here, as tests/run.sh runs them
sub() {
	env FSREPORT="$FSREPORT" TOP="$TOP" BUILD="${BUILD:-}" PATH="$PWD/fake:$PATH" \
		sh "$TOP/tests/cli/$1" >"$1.out" 2>&1
	echo $? >"$1.rc"
	cat "$1.out"
}

# fake NAME EXIT MESSAGE: ./fake/NAME prints MESSAGE, exits EXIT and
# notes the call in ./fake/NAME.calls
fake() {
	mkdir -p fake &&
	cat >"fake/$1" <<-EOF &&
	#!/bin/sh
	echo "\$*" >>"$PWD/fake/$1.calls"
	echo "$3" >&2
	exit $2
	EOF
	chmod 755 "$PWD" fake "fake/$1"
}

# passes SCRIPT: no "not ok", exit 0
passes() {
	! grep "^not ok" "$1.out" && test "$(cat "$1.rc")" -eq 0
}

test_expect_success 't0740 where unshare is refused: the small-disk case skips' '
	chmod 755 "$SCRATCH_ROOT" &&
	fake unshare 1 "unshare: unshare failed: Operation not permitted" &&
	sub t0740-safety-outputs.sh >/dev/null &&
	grep "skip" t0740-safety-outputs.sh.out &&
	passes t0740-safety-outputs.sh &&
	# the half that runs here (the other may skip: not root, or the
	# tree unreadable for nobody)
	if [ "$(id -u)" -eq 0 ]; then half=root; else half="plain user"; fi &&
	grep "^ok [0-9]* - --chart-dir failing at chart 5: the old charts stay whole ($half) # skip .*unshare failed: Operation not permitted" t0740-safety-outputs.sh.out
'

test_expect_success 'Chromium installed but unable to start: skipped, with why' '
	# what Debian 12'"'"'s Chromium says in a chroot whose /dev/shm it
	# cannot write
	mkdir -p fake && chmod 755 . fake &&
	cat >fake/chromium <<-EOF &&
	#!/bin/sh
	echo "\$*" >>"$PWD/fake/chromium.calls"
	cat >&2 <<-\END
	[9713:9794:1204/180258.651770:ERROR:dbus/bus.cc:405] Failed to connect to the bus
	[9713:9713:1204/180258.659600:ERROR:base/memory/platform_shared_memory_region_posix.cc:213] Creating shared memory in /dev/shm/.org.chromium.Chromium.hplvmX failed: Permission denied (13)
	[9713:9713:1204/180258.659863:FATAL:base/memory/platform_shared_memory_region_posix.cc:218] This is frequently caused by incorrect permissions on /dev/shm.  Try '"'"'sudo chmod 1777 /dev/shm'"'"' to fix.
	[1204/180258.688787:ERROR:third_party/crashpad/crashpad/util/file/file_io_posix.cc:145] open /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq: No such file or directory (2)
	Aborted
	END
	exit 134
	EOF
	chmod 755 fake/chromium &&
	for t in t1510-report-chromium.sh t1515-svg-renderers.sh \
		t1950-report-trend.sh; do
		sub $t >/dev/null && passes $t &&
		grep "# skip chromium is installed but cannot start here (exit 134): This is frequently caused by incorrect permissions on /dev/shm\.  Try .sudo chmod 1777 /dev/shm. to fix\.$" $t.out ||
		{ cat $t.out; return 1; }
	done &&
	test "$(grep -c "# skip" t1510-report-chromium.sh.out)" -eq 2 &&
	test "$(grep -c "# skip" t1515-svg-renderers.sh.out)" -eq 2 &&
	test "$(grep -c "# skip" t1950-report-trend.sh.out)" -eq 1 &&
	# probed once a script, nothing else tried
	test "$(wc -l <fake/chromium.calls)" -eq 3 &&
	test "$(grep -c -- "--dump-dom file://.*/browser-probe/p.html" fake/chromium.calls)" -eq 3
'

test_expect_success 'FSREPORT_NO_BROWSER=1: Chromium never run, the checks skip' '
	fake chromium 0 "" &&
	for t in t1510-report-chromium.sh t1515-svg-renderers.sh \
		t1950-report-trend.sh; do
		FSREPORT_NO_BROWSER=1 sub $t >/dev/null && passes $t &&
		grep "# skip FSREPORT_NO_BROWSER=1: no browser checks" $t.out ||
		{ cat $t.out; return 1; }
	done &&
	test ! -e fake/chromium.calls
'

test_expect_success 'a Chromium that starts but fails on the page: a failure' '
	mkdir -p fake &&
	cat >fake/chromium <<-\EOF &&
	#!/bin/sh
	case "$*" in
	*browser-probe/p.html*) echo "<html><body><p id=fsr>fsreport probe</p></body></html>" ;;
	*) echo "the page broke" >&2; exit 1 ;;
	esac
	EOF
	chmod 755 fake/chromium &&
	sub t1510-report-chromium.sh >/dev/null &&
	test "$(cat t1510-report-chromium.sh.rc)" -ne 0 &&
	test "$(grep -c "^not ok" t1510-report-chromium.sh.out)" -eq 2 &&
	grep "the page broke" t1510-report-chromium.sh.out
'

test_expect_success 'the terminal tests under TERM=dumb (Emacs, env -i)' '
	TERM=dumb sub t0950-everyday-color.sh >/dev/null &&
	passes t0950-everyday-color.sh
'

test_done
