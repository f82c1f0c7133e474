#!/bin/sh
# run.sh BUILD [unit|cli] - run the unit test binaries, the CLI test
# scripts (tests/cli/t*.sh) and the example tests, count every "ok" and
# "not ok" line they print (TAP), show the failures, and end with
# "N passed, N failed", followed by ", N skipped" when checks could not
# run here ("ok N - name # skip REASON"). Exits 1 on any failure.
set -u
BUILD=${1:?usage: run.sh BUILD [unit|cli]}
WHAT=${2:-all}
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 1
case "$BUILD" in /*) ;; *) BUILD="$TOP/$BUILD" ;; esac
FSREPORT="$BUILD/fsreport"
export FSREPORT TOP BUILD
LC_ALL=C TZ=UTC
export LC_ALL TZ
unset COLUMNS NO_COLOR FSREPORT_COLOR 2>/dev/null
LOG=$(mktemp -d "${TMPDIR:-/tmp}/fsreport-tests.XXXXXX")
trap 'rm -rf "$LOG"' EXIT INT TERM

pass=0
fail=0
skipped=0

# run_one NAME COMMAND... : run it, count its TAP lines
run_one() {
	name=$1
	shift
	out="$LOG/out"
	"$@" </dev/null >"$out" 2>&1
	rc=$?
	s=$(grep -ci '^ok .*# skip' "$out")
	p=$(($(grep -c '^ok ' "$out") - s))
	f=$(grep -c '^not ok' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "not ok - $name exited with status $rc" >>"$out"
	fi
	if [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$s" -eq 0 ]; then
		f=1
		echo "not ok - $name ran no check" >>"$out"
	fi
	pass=$((pass + p))
	fail=$((fail + f))
	skipped=$((skipped + s))
	if [ "$s" -gt 0 ]; then
		sk=", $s skipped"
	else
		sk=""
	fi
	if [ "$f" -gt 0 ]; then
		printf '%-44s %4d passed, %d FAILED%s\n' "$name" "$p" "$f" "$sk"
		grep -v '^ok ' "$out" | head -80 | sed 's/^/    | /'
	else
		printf '%-44s %4d passed%s\n' "$name" "$p" "$sk"
		grep -i '^ok .*# skip' "$out" | sed 's/^/    | /'
	fi
}

if [ "$WHAT" = all ] || [ "$WHAT" = unit ]; then
	for t in "$BUILD"/tests/test-*; do
		case "$t" in *.d) continue ;; esac
		[ -x "$t" ] || continue
		run_one "unit/${t##*/}" "$t"
	done
fi
if [ "$WHAT" = all ] || [ "$WHAT" = cli ]; then
	for t in tests/cli/t[0-9]*.sh; do
		[ -f "$t" ] || continue
		run_one "cli/${t##*/}" sh "$t"
	done
fi

if [ "$skipped" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skipped skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
