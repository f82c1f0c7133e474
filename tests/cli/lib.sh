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
SCRATCH_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/fsr-cli.XXXXXX")
trap 'chmod -R u+w "$SCRATCH_ROOT" 2>/dev/null; rm -rf "$SCRATCH_ROOT"' EXIT

fsreport() {
	"$FSREPORT" "$@"
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

test_expect_success() {
	test_count=$((test_count + 1))
	dir="$SCRATCH_ROOT/t$test_count"
	mkdir -p "$dir"
	if (cd "$dir" && eval "$2") >"$SCRATCH_ROOT/log" 2>&1; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		sed 's/^/#   /' "$SCRATCH_ROOT/log"
		test_failed=$((test_failed + 1))
	fi
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
}
