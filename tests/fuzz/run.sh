#!/bin/sh
# run.sh FUZZ_BUILD SECONDS [TARGET...] - run each libFuzzer target built
# by "make fuzz" (FUZZ_BUILD/fuzz-<name>) for SECONDS, one after the
# other, seeded from tests/fuzz/corpus/<name>/ and the committed crash
# inputs in tests/fuzz/regressions/<name>/. New interesting inputs go to
# FUZZ_BUILD/corpus/<name>/ (kept between runs, never into the source
# tree); a crash, leak or timeout leaves its input in
# FUZZ_BUILD/crashes/<name>/ and makes the run fail.
#
# Every crash found becomes a regression: copy the input to
# tests/fuzz/regressions/<name>/, fix the bug, and "make check" replays
# it from then on (tests/unit/test-fuzz-replay.c).
set -u
FB=${1:?usage: run.sh FUZZ_BUILD SECONDS [TARGET...]}
SECS=${2:?usage: run.sh FUZZ_BUILD SECONDS [TARGET...]}
shift 2
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1

targets="$*"
if [ -z "$targets" ]; then
	for f in tests/fuzz/fuzz-*.c; do
		t=${f#tests/fuzz/fuzz-}
		targets="$targets ${t%.c}"
	done
fi

# Leaks are errors; libxml2 keeps global state on purpose (freed at exit).
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

failed=""
for t in $targets; do
	bin="$FB/fuzz-$t"
	if [ ! -x "$bin" ]; then
		echo "fuzz: no target '$t' (tests/fuzz/fuzz-$t.c)" >&2
		failed="$failed $t"
		continue
	fi
	work="$FB/corpus/$t"
	crashes="$FB/crashes/$t"
	mkdir -p "$work" "$crashes"
	set --
	[ -f "tests/fuzz/$t.dict" ] && set -- "-dict=tests/fuzz/$t.dict"
	for d in "tests/fuzz/corpus/$t" "tests/fuzz/regressions/$t"; do
		[ -d "$d" ] && set -- "$@" "$d"
	done
	log="$FB/$t.log"
	printf 'fuzz: %-10s %ss ... ' "$t" "$SECS"
	"$bin" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 \
		-artifact_prefix="$crashes/" "$work" "$@" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if [ "$rc" -ne 0 ]; then
		echo "FAILED (exit $rc, ${runs:-?} runs)"
		grep -E 'ERROR|SUMMARY|contract broken|Test unit written' \
			"$log" | head -20 | sed 's/^/    | /'
		echo "    | inputs in $crashes/, log in $log"
		failed="$failed $t"
	else
		echo "ok (${runs:-?} runs, corpus $(ls "$work" | wc -l))"
	fi
done

if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed" >&2
	echo "fuzz: copy each input to tests/fuzz/regressions/<name>/," \
		"then fix the bug" >&2
	exit 1
fi
echo "fuzz: every target ran ${SECS}s without a crash"
