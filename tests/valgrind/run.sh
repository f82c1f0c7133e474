#!/bin/sh
# run.sh BUILD [all] - fsreport under valgrind's memcheck ("make
# valgrind"): any invalid read or write, use of uninitialised memory or
# leak (definite, indirect or possible) fails. Library memory kept for
# the life of the process on purpose is suppressed by name in
# tests/valgrind/fsreport.supp; nothing of fsreport's is.
#
#   (default)  every unit test binary, then a sample of CLI commands:
#              every importer and output format, compare, import and
#              read back, charts, every file of the malformed-input
#              corpus (tests/bad/) with its expected exit code, a folder
#              with --keep-going, output errors. A few minutes.
#   all        the whole test suite (tests/run.sh) with fsreport and the
#              unit tests wrapped in valgrind. Slow (tens of minutes);
#              tests that bound time or memory are relaxed (FSR_VALGRIND).
#              GSL sums means in long double, which valgrind emulates
#              at double precision: a test that compares the 17th digit
#              of a mean may differ there (not a memory error).
#
# Valgrind's reports go to log files, never into the outputs the tests
# compare; every non-empty log is shown and fails the run.
set -u
BUILD=${1:?usage: run.sh BUILD [all]}
MODE=${2:-sample}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
case "$BUILD" in /*) ;; *) BUILD="$TOP/$BUILD" ;; esac
command -v valgrind >/dev/null 2>&1 || {
	echo "valgrind: not installed (scripts/setup-deps.sh installs it)" >&2
	exit 1
}
LC_ALL=C TZ=UTC
export LC_ALL TZ TOP
unset COLUMNS NO_COLOR FSREPORT_COLOR 2>/dev/null
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/fsreport-valgrind.XXXXXX")
trap 'chmod -R u+w "$LOGS" 2>/dev/null; rm -rf "$LOGS"' EXIT INT TERM
mkdir "$LOGS/vg" "$LOGS/work"
# Tests run fsreport as another user too (unreadable files, as root):
# valgrind must be able to write its log then.
chmod 755 "$LOGS" && chmod 1777 "$LOGS/vg"

VG="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible"
VG="$VG --errors-for-leak-kinds=definite,indirect,possible"
VG="$VG --error-exitcode=1 --num-callers=30"
VG="$VG --suppressions=$TOP/tests/valgrind/fsreport.supp"
VG="$VG --log-file=$LOGS/vg/%p.log"

# show_logs: print every non-empty valgrind log; 1 if there was one
show_logs() {
	found=0
	for l in "$LOGS"/vg/*.log; do
		[ -s "$l" ] || continue
		found=1
		echo "valgrind reported (log ${l##*/}):"
		sed 's/^/    | /' "$l" | head -60
	done
	return $found
}

if [ "$MODE" = all ]; then
	W="$BUILD/valgrind"
	rm -rf "$W"
	mkdir -p "$W/tests"
	cp "$BUILD/.flags" "$W/.flags" 2>/dev/null
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$VG" "$BUILD/fsreport" \
		>"$W/fsreport"
	chmod +x "$W/fsreport"
	for t in "$BUILD"/tests/test-*; do
		case "$t" in *.d) continue ;; esac
		[ -x "$t" ] || continue
		printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$VG" "$t" \
			>"$W/tests/${t##*/}"
		chmod +x "$W/tests/${t##*/}"
	done
	FSR_VALGRIND=1 sh tests/run.sh "$W"
	rc=$?
	show_logs || rc=1
	exit $rc
fi

pass=0
fail=0
n=0

# result OK WHAT: one TAP line
result() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		pass=$((pass + 1))
		echo "ok $n - $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $2"
		sed 's/^/#   /' "$LOGS/err" | head -10
	fi
}

for t in "$BUILD"/tests/test-*; do
	case "$t" in *.d) continue ;; esac
	[ -x "$t" ] || continue
	$VG "$t" >"$LOGS/err" 2>&1
	result $? "unit/${t##*/} under memcheck"
done

# run WANT DIR ARGS...: fsreport ARGS in DIR must exit WANT
run() {
	want=$1
	dir=$2
	shift 2
	(cd "$dir" && $VG "$BUILD/fsreport" "$@" >"$LOGS/out" \
		2>"$LOGS/err" </dev/null)
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "exit $got, want $want" >>"$LOGS/err"
		result 1 "fsreport $*"
	else
		result 0 "fsreport $*"
	fi
}

C="${FSR_SHARED:-$TOP/tests/data}/corpus/pts"
D="$TOP/tests/data"
W="$LOGS/work"
GZ="$C/gzip-ec2-large-10runs.xml"

for fmt in ascii csv table markdown json xml pts long-csv; do
	run 0 "$W" show --format "$fmt" "$GZ"
done
run 0 "$W" show "$C/tiobench-ec2-4sys-merged.xml"
run 0 "$W" show "$C/cpu-suite-gvn-8sys-merged.xml"
run 0 "$W" show --format table "$C/pjdfstest-passfail.xml"
run 0 "$W" show --format csv "$C/compress-zstd-gvno3.xml"
run 0 "$W" show --svg "$W/a.svg" --png "$W/a.png" "$GZ"
run 0 "$W" show --chart-dir "$W/charts" "$C/blogbench-gce-8sys-merged.xml"
run 0 "$W" compare "$D/postmark/verbose/buffered" \
	"$D/postmark/verbose/unbuffered"
run 0 "$W" compare --format table "$D/timing/bash-time/nosync" \
	"$D/timing/bash-time/fdatasync"
run 0 "$W" compare --format csv "$D/fio/json-nofsync.json" \
	"$D/fio/json-fsync1.json"
run 0 "$W" show "$D/hyperfine/param-scan.json" \
	"$D/timing/usr-bin-time-v/nosync" "$D/timing/dd/nosync.log"
run 0 "$W" show --format csv "$D/csv/runs.csv" "$D/seed003"
run 0 "$W" show "$D/interchange/model.xml" "$D/interchange/model.json"
for to in json xml csv pts; do
	run 0 "$W" import --to "$to" -o "$W/model.$to" "$GZ" \
		"$D/hyperfine/named.json"
	run 0 "$W" show --format csv "$W/model.$to"
done
run 0 "$W" show -k --format csv "$TOP/tests/bad/pts"
run 3 "$W" show "$TOP/tests/bad/csv"
run 4 "$W" show -o "$W/nowhere/x.csv" "$GZ"
run 2 "$W" show --format nope "$GZ"

# The whole malformed-input corpus, with its expected exit codes.
TAB=$(printf '\t')
grep -v '^#' tests/bad/expected.txt >"$LOGS/expected"
while IFS="$TAB" read -r file code msg; do
	[ -n "$file" ] || continue
	run "$code" "$TOP/tests/bad" show "$file"
done <"$LOGS/expected"

if show_logs; then
	:
else
	fail=$((fail + 1))
	echo "not ok - valgrind reported errors or leaks (above)"
fi
echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
