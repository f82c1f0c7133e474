# lib.sh - sourced by every tests/cli/tNNNN-*.sh (git's test-lib, small).
#
#	. "$(dirname "$0")/lib.sh"
#	test_expect_success 'what it checks' '
#		fsreport show x.xml >actual &&
#		test_cmp expect actual
#	'
#	test_done
#
# Each test runs in a fresh scratch directory ($SCRATCH, the cwd), with
# $TOP the source tree, $DATA = $TOP/tests/data, $CORPUS the PTS corpus.
set -u
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${FSREPORT:=$TOP/build/fsreport}"
DATA="$TOP/tests/data"
GOLDEN="$TOP/tests/golden"
SHARED="${FSR_SHARED:-$TOP/tests/data}"
CORPUS="$SHARED/corpus/pts"
SEEDS="$SHARED/seeds"
EXAMPLES="$TOP/examples"
LC_ALL=C
TZ=UTC
export LC_ALL TZ DATA GOLDEN CORPUS SEEDS EXAMPLES TOP
test_count=0
test_failed=0
# FSR_LIB_FUNCS_ONLY=1: only the functions (for a shell that runs a
# test's body as another user, see test_both).
if [ -z "${FSR_LIB_FUNCS_ONLY:-}" ]; then
	SCRATCH_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/fsr-cli.XXXXXX")
	trap 'chmod -R u+w "$SCRATCH_ROOT" 2>/dev/null; rm -rf "$SCRATCH_ROOT"' EXIT
fi

fsreport() {
	if [ -z "${FSR_STORE_PG:-}${FSR_TRANSCRIPT:-}" ]; then
		"$FSREPORT" "$@"
		return
	fi
	store_run "$@"
}

# The store scripts (19xx) on either back end: tests/cli/t2620 runs them
# twice, once as they are (SQLite files) and once with FSR_STORE_PG set
# to a running server's socket folder (tests/cli/lib-pg.sh); then every
# "--db FILE" names a PostgreSQL database of its own for that file and
# folder, made empty when FILE does not exist (so that "rm -f s.db" is a
# new store there too) and FILE is made, empty, once the database holds
# a store. FSR_TRANSCRIPT=FILE: each fsreport run adds a line (test
# number, exit code, digest of its standard output, its arguments as
# written), so that the two runs can be compared byte for byte.
store_run() {
	_sr_tr_args=$*
	[ -z "${FSR_TRANSCRIPT:-}" ] ||
		_sr_tr_args=$(printf '%s' "$*" | sed "s|${SCRATCH_ROOT:-//}|SCRATCH|g")
	if [ -n "${FSR_STORE_PG:-}" ]; then
		store_pg_args "$@" || return 5
		eval "set -- $STORE_ARGS"
	fi
	_sr_tr_out=$(mktemp "${TMPDIR:-/tmp}/fsr-tr.XXXXXX")
	"$FSREPORT" "$@" >"$_sr_tr_out"
	_sr_tr_rc=$?
	cat "$_sr_tr_out"
	if [ -n "${FSR_TRANSCRIPT:-}" ]; then
		echo "t${test_count:-0} exit $_sr_tr_rc $(sha256sum <"$_sr_tr_out" |
			cut -c1-16) $_sr_tr_args" >>"$FSR_TRANSCRIPT"
	fi
	rm -f "$_sr_tr_out"
	if [ -n "${STORE_MADE:-}" ]; then
		for _sr_f in $STORE_MADE; do
			[ -e "$_sr_f" ] || ! store_pg_has "$(store_pg_url "$_sr_f")" ||
				: >"$_sr_f"
		done
	fi
	return $_sr_tr_rc
}

# store_pg_url FILE: the URL of the database that stands for FILE here
store_pg_url() {
	echo "postgresql:///f$(printf '%s/%s' "$PWD" "$1" | sha256sum |
		cut -c1-20)?host=$FSR_STORE_PG&user=fsr"
}

# store_pg_has URL: 0 when that database holds a store's tables
store_pg_has() {
	[ "$("${FSR_PG_BIN:-/usr/lib/postgresql/15/bin}/psql" -X -q -A -t \
		-d "$1" -c "SELECT to_regclass('runsets') IS NOT NULL" \
		2>/dev/null)" = t ]
}

# store_pg_args ARGS...: STORE_ARGS, the arguments quoted for eval with
# each --db FILE a database URL (made new and empty when FILE is not
# there); STORE_MADE, those files
store_pg_args() {
	STORE_ARGS=""
	STORE_MADE=""
	_sr_sp_next=""
	for _sr_a in "$@"; do
		case "$_sr_sp_next$_sr_a" in
		db:postgresql:*) ;;
		db:*)
			STORE_MADE="$STORE_MADE $_sr_a"
			_sr_sp_db=$(printf '%s/%s' "$PWD" "$_sr_a" | sha256sum | cut -c1-20)
			if [ ! -e "$_sr_a" ]; then
				(
					flock 9
					_sr_pb=${FSR_PG_BIN:-/usr/lib/postgresql/15/bin}
					"$_sr_pb/dropdb" --if-exists -h "$FSR_STORE_PG" -U fsr \
						"f$_sr_sp_db" 2>/dev/null &&
					"$_sr_pb/createdb" -h "$FSR_STORE_PG" -U fsr "f$_sr_sp_db"
				) 9>"$FSR_STORE_PG/lock" || return 1
			fi
			_sr_a=$(store_pg_url "$_sr_a")
			;;
		esac
		_sr_sp_next=""
		[ "$_sr_a" != --db ] || _sr_sp_next=db:
		STORE_ARGS="$STORE_ARGS '$(printf '%s' "$_sr_a" | sed "s/'/'\\\\''/g")'"
	done
}

# sqlite_only: in a test that needs the store to be an SQLite file (it
# reads, damages or names the file): under FSR_STORE_PG it says skip and
# returns 1 (the body should return 0 then); it marks the test in the
# transcript either way, so that t2620 leaves it out of the comparison.
sqlite_only() {
	[ -z "${FSR_TRANSCRIPT:-}" ] || echo "t${test_count:-0} sqlite-only" >>"$FSR_TRANSCRIPT"
	if [ -n "${FSR_STORE_PG:-}" ]; then
		skip "the store is an SQLite file here"
		return 1
	fi
	return 0
}

# test_cmp EXPECT ACTUAL: equal files, or show the difference
test_cmp() {
	if ! cmp -s "$1" "$2"; then
		diff -u "$1" "$2" | head -40
		return 1
	fi
}

# test_golden NAME ACTUAL: compare with tests/golden/NAME (rewritten by
# "make golden-update")
test_golden() {
	if [ -n "${FSR_GOLDEN_UPDATE:-}" ]; then
		cp "$2" "$GOLDEN/$1"
		return 0
	fi
	test_cmp "$GOLDEN/$1" "$2"
}

# test_expect_code N COMMAND...: the command exits with status N
test_expect_code() {
	want=$1
	shift
	"$@"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "exit status $got, want $want: $*"
		return 1
	fi
}

# write_manifest DIR: the .fsreport-manifest fsreport would write for
# what DIR holds now (files, and the files of its subfolders), made with
# coreutils: as if fsreport had written DIR (docs/safety.md).
write_manifest() {
	(cd "$1" && {
		echo "fsreport manifest 1"
		for f in * */*; do
			[ "$f" != .fsreport-manifest ] || continue
			if [ -d "$f" ]; then
				echo "d $f"
			elif [ -f "$f" ]; then
				echo "f $(stat -c %s "$f") $(sha256sum <"$f" |
					cut -c1-64) $f"
			fi
		done | LC_ALL=C sort
	} >.fsreport-manifest.new && mv .fsreport-manifest.new .fsreport-manifest)
}

# skip REASON: inside a test's body, when the check cannot run here:
# the test prints "ok N - NAME # skip REASON" (counted as skipped, not
# passed) and the body should return 0 right after.
skip() {
	echo "$*" >"${FSR_SKIP_FILE:-$SCRATCH_ROOT/skip}"
}

# pts_files: every PTS result file of the tests and the examples, a
# path a line (the streamed show and compare are checked on each)
pts_files() {
	for f in "$DATA"/corpus/pts/*.xml "$DATA"/pts/*.xml \
		 "$DATA"/pts/*/*.xml "$EXAMPLES"/*/*.xml; do
		[ -f "$f" ] && head -c 4096 "$f" | grep -q PhoronixTestSuite &&
			echo "$f"
	done
}

# big_input: big.csv, 200000 results of 2 samples (5 MB in, 28 MB of CSV
# out), so that writing an output takes a while
big_input() {
	awk 'BEGIN { print "test,value"
		for (i = 0; i < 200000; i++) {
			print "t" i "," i; print "t" i "," i + 1 } }' >big.csv
}

# fsync_stop ARGS...: fsreport ARGS in the background, stopped (SIGSTOP)
# by a shim (tests/fault/fault-fsync.c) when it syncs a finished
# temporary output, before any output is published; its pid in $pid.
# Returns 1 when it ended without stopping there. Tests that signal
# fsreport at that moment do so every time, however loaded the machine:
# polling for the temporary file raced the end of the write.
fsync_stop() {
	_fs_shim="${BUILD:-$TOP/build}/tests/fault-fsync.so"
	test -r "$_fs_shim" || { echo "no $_fs_shim (make check builds it)"; return 1; }
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
		FSR_FAULT_STOP_FSYNC=1 LD_PRELOAD="$_fs_shim" "$FSREPORT" "$@" &
	pid=$!
	_fs_n=0
	while [ $_fs_n -lt 6000 ]; do
		case $(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) in
		T|t) return 0 ;;
		""|Z|X) return 1 ;;
		esac
		sleep 0.01
		_fs_n=$((_fs_n + 1))
	done
	return 1
}

# wait_for GLOB [PID]: until a file of that glob exists (max 30 s); 1
# early when PID is given and has ended
wait_for() {
	n=0
	while [ $n -lt 3000 ]; do
		for f in $1; do
			[ -e "$f" ] && return 0
		done
		[ -z "${2:-}" ] || kill -0 "$2" 2>/dev/null || return 1
		sleep 0.01
		n=$((n + 1))
	done
	return 1
}

test_expect_success() {
	test_count=$((test_count + 1))
	dir="$SCRATCH_ROOT/t$test_count"
	mkdir -p "$dir"
	rm -f "$SCRATCH_ROOT/skip"
	if (cd "$dir" && eval "$2") >"$SCRATCH_ROOT/log" 2>&1; then
		if [ -s "$SCRATCH_ROOT/skip" ]; then
			echo "ok $test_count - $1 # skip $(head -n 1 "$SCRATCH_ROOT/skip")"
		else
			echo "ok $test_count - $1"
		fi
	else
		echo "not ok $test_count - $1"
		sed 's/^/#   /' "$SCRATCH_ROOT/log"
		test_failed=$((test_failed + 1))
	fi
}

# PLAIN_UID: the unprivileged user the plain-user half of test_both runs
# as when we are root (nobody).
PLAIN_UID=${FSR_PLAIN_UID:-65534}

# as_plain_user COMMAND...: run it as PLAIN_UID when we are root, else
# as ourselves
as_plain_user() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid="$PLAIN_UID" --regid="$PLAIN_UID" \
			--clear-groups --inh-caps=-all "$@"
	else
		"$@"
	fi
}

# test_both NAME BODY: BODY once as root and once as a plain user. The
# plain user's shell sources lib.sh and then $TEST_HELPERS (the test
# script, which stops after its functions when FSR_LIB_FUNCS_ONLY is
# set). The half that cannot run here is skipped.
test_both() {
	if [ "$(id -u)" -eq 0 ]; then
		test_expect_success "$1 (root)" "$2"
	else
		test_expect_success "$1 (root)" "skip not root"
	fi
	FSR_BODY=$2
	BUILD=${BUILD:-$TOP/build}
	export FSR_BODY TEST_HELPERS FSREPORT TOP BUILD
	test_expect_success "$1 (plain user)" '
		if [ "$(id -u)" -ne 0 ]; then
			eval "$FSR_BODY"
		elif ! as_plain_user test -x "$FSREPORT" 2>/dev/null ||
		     ! as_plain_user test -r "$TEST_HELPERS" 2>/dev/null; then
			skip "user $PLAIN_UID cannot run $FSREPORT here"
		else
			chmod 755 "$SCRATCH_ROOT" && chmod 777 . &&
			as_plain_user env HOME=/tmp FSR_LIB_FUNCS_ONLY=1 \
				FSR_SKIP_FILE="$PWD/.skip" sh -c \
				". \"\$TOP/tests/cli/lib.sh\" && . \"\$TEST_HELPERS\" && eval \"\$FSR_BODY\""
			rc=$?
			if [ -f .skip ]; then cp .skip "$SCRATCH_ROOT/skip"; fi
			(exit $rc)
		fi
	'
}

# step_series DIR N STEP_AT: N run sets of 3 results x 4 samples, one CSV file
# each (r000.csv ...); result "a" is 10 % higher from run set STEP_AT on.
# The noise is a fixed LCG, the same bytes everywhere.
step_series() {
	mkdir -p "$1" &&
	awk -v d="$1" -v n="$2" -v at="$3" 'BEGIN {
		s = 7
		for (r = 0; r < n; r++) {
			f = sprintf("%s/r%03d.csv", d, r)
			print "test,value,unit,better" > f
			for (t = 0; t < 3; t++)
				for (k = 0; k < 4; k++) {
					s = (s * 1103515245 + 12345) % 2147483648
					v = 100 + 2 * s / 2147483648
					if (t == 0 && r >= at)
						v += 10
					printf "%s,%.4f,MB/s,higher\n", substr("abc", t + 1, 1), v >> f
				}
			close(f)
		}
	}'
}

# joined_has FILE PATTERN: PATTERN (fixed) in FILE, its lines joined
# and runs of blanks made one (a note the text wraps)
joined_has() { tr "\n" " " <"$1" | sed "s/  */ /g" | grep -q -F "$2"; }
# svg_has FILE PATTERN: PATTERN (fixed) in the text of the chart FILE
svg_has() { sed "s/<[^>]*>/ /g" "$1" | tr "\n" " " | sed "s/  */ /g" | grep -q -F "$2"; }

# browser_why_not: nothing when headless Chromium can be used here, else
# the reason it cannot (one line), for skip. FSREPORT_NO_BROWSER=1 (what
# "make check FSREPORT_NO_BROWSER=1" sets) turns the browser checks off;
# otherwise Chromium must be installed and must start: it loads a tiny
# page once per test script (--dump-dom, 60 s at most), so that a
# Chromium that is there but cannot run (no /dev/shm or /proc in a
# chroot, no sandbox support) is told apart from a page it draws wrong.
browser_why_not() {
	case "${FSREPORT_NO_BROWSER:-}" in
	"" | 0) ;;
	*)
		echo "FSREPORT_NO_BROWSER=$FSREPORT_NO_BROWSER: no browser checks"
		return 0
		;;
	esac
	if ! command -v chromium >/dev/null 2>&1; then
		echo "chromium is not installed (make check installs it)"
		return 0
	fi
	probe="$SCRATCH_ROOT/browser-probe"
	if [ ! -f "$probe/why" ]; then
		mkdir -p "$probe" &&
		echo '<p id="fsr">fsreport probe</p>' >"$probe/p.html" &&
		timeout 60 chromium --headless --no-sandbox --disable-gpu \
			--no-first-run --user-data-dir="$probe/profile" \
			--dump-dom "file://$probe/p.html" >"$probe/dom" \
			2>"$probe/err"
		rc=$?
		if [ "$rc" -eq 0 ] && grep -q 'fsreport probe' "$probe/dom"; then
			: >"$probe/why"
		else
			# its FATAL message (without the [pid:tid:...] head),
			# else its last line ("Aborted" says little)
			err=$(sed -n 's/^\[[^]]*:FATAL:[^]]*\] *//p' "$probe/err" |
				tail -n 1)
			[ -n "$err" ] ||
				err=$(grep -v '^[[:space:]]*$' "$probe/err" | tail -n 1)
			echo "chromium is installed but cannot start here (exit $rc): ${err:-no page, no message}" >"$probe/why"
		fi
	fi
	cat "$probe/why"
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
}
