#!/bin/sh
# run.sh BIN_DIR INPUT_DIR - the benchmark behind "make bench".
#
# Times the whole "fsreport show --format csv" and "fsreport compare" on
# generated inputs (bench/gen-inputs.c, deterministic), next to the
# physical floors measured in the same run: libxml2's own parse with empty
# SAX handlers ("xmllint --sax --noout"), its streaming reader
# ("xmllint --stream --noout"), libxml2's push parser with SAX2
# callbacks that do nothing, set up as the PTS importer sets it up
# (bench/saxfloor.c), and "cat". Prints median and min-max wall
# time of several runs and the peak RSS, the ratio fsreport/floor per
# input, and how time grows from the 2 000- to the 10 000-result file.
# "compare" of 10 results x 2 run sets x 100 000 samples is timed next to
# benchstat (Go) on the same numbers when benchstat is on PATH or can be
# built with "go install"; otherwise its target line says why not. The
# charts of a real 150-result file (--chart-dir SVG, PNG, report -o) are
# timed next to the same compare without a chart. Ends with the targets
# of issues 18 and 39, each "met" or "NOT met" by this run's figures
# (issue 39's against saxfloor, in CPU and, with BENCH_CALLGRIND=1, in
# instructions; the peak RSS of show and compare of pts-10000.xml in
# every format; compare of two small PTS files against xmllint --sax).
#
# BIN_DIR holds the optimised fsreport; the bench tools are built into
# BIN_DIR/bench-tools; inputs are (re)generated in INPUT_DIR when missing
# or when the generator changed. Knobs (environment):
#   BENCH_RUNS=5        runs per measurement (after one untimed warm-up)
#   BENCH_RUNS_BIG=3    runs for the 10-million-sample CSV
#   BENCH_RUNS_SMALL=21 runs for the start-up measurements
#   BENCH_ONLY=pts      only inputs whose name starts with this, ending
#                       there or at a '-' or '.' ("samples-10000" is not
#                       "samples-100000"; "pts" is "pts-2000.xml")
#   BENCH_CALLGRIND=1   also count instructions (valgrind --tool=callgrind,
#                       repeatable on a busy machine) on pts-2000.xml, and
#                       of the charts of 150 results (minutes)
# Numbers are printed, never asserted.
set -eu
BIN_DIR=${1:?usage: run.sh BIN_DIR INPUT_DIR}
INPUTS=${2:?usage: run.sh BIN_DIR INPUT_DIR}
RUNS=${BENCH_RUNS:-5}
RUNS_BIG=${BENCH_RUNS_BIG:-3}
RUNS_SMALL=${BENCH_RUNS_SMALL:-21}
ONLY=${BENCH_ONLY:-}
TOP=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${FSR_SHARED:-$TOP/tests/data}
CC=${CC:-cc}
LC_ALL=C
export LC_ALL

case "$BIN_DIR" in /*) ;; *) BIN_DIR="$TOP/$BIN_DIR" ;; esac
case "$INPUTS" in /*) ;; *) INPUTS="$TOP/$INPUTS" ;; esac
FSR="$BIN_DIR/fsreport"
TOOLS="$BIN_DIR/bench-tools"
[ -x "$FSR" ] || { echo "run.sh: no $FSR; run 'make bench'" >&2; exit 1; }
command -v xmllint >/dev/null 2>&1 ||
	{ echo "run.sh: xmllint missing (Debian: libxml2-utils)" >&2; exit 1; }

# -------------------------------------------------------------- tools
mkdir -p "$TOOLS"
for t in timeit gen-inputs; do
	if [ ! -x "$TOOLS/$t" ] || [ "$TOP/bench/$t.c" -nt "$TOOLS/$t" ]; then
		$CC -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 \
			-Wall -Wextra -o "$TOOLS/$t" "$TOP/bench/$t.c"
	fi
done
TIMEIT="$TOOLS/timeit"
# saxfloor: libxml2's push parser with callbacks that do nothing, as
# importers/pts.c sets it up (the floor of any SAX2 importer)
if [ ! -x "$TOOLS/saxfloor" ] || [ "$TOP/bench/saxfloor.c" -nt "$TOOLS/saxfloor" ]
then
	$CC -std=c11 -O2 -Wall -Wextra $(pkg-config --cflags libxml-2.0) \
		-o "$TOOLS/saxfloor" "$TOP/bench/saxfloor.c" \
		$(pkg-config --libs libxml-2.0)
fi

# ------------------------------------------------------------- inputs
stamp=$(cksum <"$TOP/bench/gen-inputs.c")
if [ ! -f "$INPUTS/.stamp" ] || [ "$(cat "$INPUTS/.stamp")" != "$stamp" ]
then
	echo "generating inputs in $INPUTS ..."
	rm -rf "$INPUTS"
	mkdir -p "$INPUTS"
	"$TOOLS/gen-inputs" "$INPUTS"
	echo "$stamp" >"$INPUTS/.stamp"
fi
cd "$INPUTS"

# ------------------------------------------------------------ machine
cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
mem=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo \
	2>/dev/null || true)
os=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || uname -s)
echo "machine: ${cpu:-unknown CPU}, $(nproc 2>/dev/null || echo '?') cores," \
	"${mem:-? GiB}; $os, Linux $(uname -r)"
xv=$(xmllint --version 2>&1 | sed -n 's/.*using libxml version //p')
echo "tools:   $($CC --version | head -n 1); libxml2" \
	"$(echo "$xv" | awk '{ printf "%d.%d.%d", $1 / 10000,
		$1 / 100 % 100, $1 % 100 }')"
echo "fsreport: $("$FSR" --version | head -n 1), built with" \
	"$(sed 's/.*-std=c11//; s/ -W.*//' "$BIN_DIR/.flags" 2>/dev/null |
	   tr -s ' ' | sed 's/^ //')"
echo "runs:    wall time median and [min-max] of $RUNS runs" \
	"($RUNS_BIG for the CSV, $RUNS_SMALL for start-up) after one" \
	"warm-up, median CPU (user+sys), peak RSS"
echo "ratios:  of medians, and of minima in (), the better guide on a busy" \
	"machine"
echo
printf '  %-28s %11s  %-17s %10s %10s\n' "" "median" "[min-max]" "cpu" \
	"peak RSS"

# ------------------------------------------------------------ helpers
# measure NAME RUNS COMMAND...: time it; sets T_<NAME> (median seconds),
# M_<NAME> (minimum), C_<NAME> (median CPU seconds) and R_<NAME> (peak
# KiB); prints a row.
measure() {
	name=$1 runs=$2
	shift 2
	if ! res=$("$TIMEIT" "$runs" "$@"); then
		printf '  %-28s FAILED\n' "$label"
		eval "T_$name=''; M_$name=''; R_$name=''; C_$name=''"
		return 0
	fi
	set -- $res
	eval "T_$name=$1; M_$name=$2; R_$name=$4; C_$name=$5"
	printf '%s\n' "$res" | awk -v label="$label" '{
		printf "  %-28s %8.1f ms  %-17s %7.1f ms %6.1f MiB\n", label,
		       $1 * 1000, sprintf("[%.1f-%.1f]", $2 * 1000, $3 * 1000),
		       $5 * 1000, $4 / 1024 }'
}

# ratios NAME FLOOR: "median-ratio (min-ratio)x" of two measurements
ratios() {
	eval "ta=\$T_$1 tb=\$T_$2 ma=\$M_$1 mb=\$M_$2"
	echo "$(ratio "$ta" "$tb")x ($(ratio "$ma" "$mb")x)"
}

# cpu_ratio A B [K]: CPU time of A over K times that of B
cpu_ratio() {
	eval "ca=\${C_$1:-} cb=\${C_$2:-}"
	awk -v a="$ca" -v b="$cb" -v k="${3:-1}" 'BEGIN {
		if (a == "" || b == "" || b + 0 == 0) print "-";
		else printf "%.2f", a / (k * b) }'
}

# ratio A B: A / B with two decimals, or "-"
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "" || b == "" || b + 0 == 0) print "-";
		else printf "%.2f", a / b }'
}

size_of() {
	du -sb "$@" | awk '{ s += $1 } END { printf "%.1f MB", s / 1e6 }'
}

wanted() {
	[ -z "$ONLY" ] || case "$1" in
		"$ONLY" | "$ONLY"-* | "$ONLY".* | "$ONLY"/*) return 0 ;;
		*) return 1 ;;
	esac
}

# has_importer FILE: fsreport reads this file (its importer exists yet)
has_importer() {
	"$FSR" show --format csv "$1" >/dev/null 2>&1
}

# ---------------------------------------------------------- PTS files
for n in 2000 10000; do
	f=pts-$n.xml
	wanted "$f" || continue
	echo "$f ($(size_of "$f"): $n results x 6 systems x 10 runs)"
	label="fsreport show --format csv"
	measure show_$n "$RUNS" "$FSR" show --format csv "$f"
	label="fsreport compare (ascii)"
	measure cmp_$n "$RUNS" "$FSR" compare --format ascii --width 80 "$f"
	label="xmllint --sax --noout"
	measure sax_$n "$RUNS" xmllint --sax --noout "$f"
	label="xmllint --stream --noout"
	measure stream_$n "$RUNS" xmllint --stream --noout "$f"
	label="SAX2 push, no-op callbacks"
	measure floor_$n "$RUNS" "$TOOLS/saxfloor" "$f"
	label="cat"
	measure cat_$n "$RUNS" cat "$f"
	if [ "$n" = 10000 ]; then
		label="fsreport compare csv a= b="
		measure cmp2_$n "$RUNS" "$FSR" compare --format csv "a=$f" \
			"b=$f"
		# the same read whole (the stream's two passes cost CPU),
		# and compare csv of the file's own systems, once each
		label="  the same, FSREPORT_STREAM=0"
		measure cmp2w_$n 1 env FSREPORT_STREAM=0 "$FSR" compare \
			--format csv "a=$f" "b=$f"
		label="fsreport compare csv, 1 file"
		measure cmp1_$n 1 "$FSR" compare --format csv "$f"
		# issue 39: the peak RSS of every format, ascii the largest
		label="fsreport show --format ascii"
		measure showa_$n "$RUNS" "$FSR" show --format ascii --width 80 \
			"$f"
		# and of the other formats, once each (the peak is the
		# figure)
		for fmt in table markdown json xml pts long-csv; do
			label="fsreport show --format $fmt"
			measure "showf_$(echo $fmt | tr -d -)_$n" 1 "$FSR" show \
				--format $fmt "$f"
			label="fsreport compare --format $fmt, 1 file"
			measure "cmpf_$(echo $fmt | tr -d -)_$n" 1 "$FSR" \
				compare --format $fmt "$f"
		done
	fi
	echo "  to --sax: show $(ratios show_$n sax_$n)," \
		"compare $(ratios cmp_$n sax_$n)"
	echo "  to --stream: show $(ratios show_$n stream_$n)," \
		"compare $(ratios cmp_$n stream_$n)"
	echo "  to the SAX2 push floor: show $(ratios show_$n floor_$n)," \
		"compare $(ratios cmp_$n floor_$n); the floor to --sax:" \
		"CPU $(cpu_ratio floor_$n sax_$n)x"
	echo
done

if wanted pts-2000 && wanted pts-10000 && [ -n "${T_show_2000:-}" ] &&
   [ -n "${T_show_10000:-}" ]; then
	echo "growth pts-2000.xml -> pts-10000.xml (5x the results," \
		"$(ratio "$(wc -c <pts-10000.xml)" "$(wc -c <pts-2000.xml)")x" \
		"the bytes):"
	echo "  time: show $(ratios show_10000 show_2000)," \
		"compare $(ratios cmp_10000 cmp_2000)," \
		"xmllint --sax $(ratios sax_10000 sax_2000)"
	echo "  peak RSS: show $(ratio "$R_show_10000" "$R_show_2000")x," \
		"compare $(ratio "$R_cmp_10000" "$R_cmp_2000")x"
	echo
fi

# --------------------------------------------- folders of small files
# bench_folder KEY DIR EXT WHAT FLOOR: two run sets DIR/a and DIR/b of
# 500 files each (PostMark: 5 000); KEY names the variables
bench_folder() {
	key=$1 dir=$2 ext=$3 what=$4 floor=$5
	wanted "$dir" || return 0
	echo "$dir/ ($(size_of "$dir"): $what)"
	if ! has_importer "$dir/a/run-001.$ext"; then
		echo "  skipped: this fsreport has no importer for these files yet"
		echo
		return 0
	fi
	label="fsreport show --format csv"
	measure show_$key "$RUNS" "$FSR" show --format csv "a=$dir/a" \
		"b=$dir/b"
	label="fsreport compare (ascii)"
	measure cmp_$key "$RUNS" "$FSR" compare --format ascii --width 80 \
		"a=$dir/a" "b=$dir/b"
	# The floors get the same files as arguments.
	set -- "$dir"/a/* "$dir"/b/*
	if [ "$floor" = xml ]; then
		label="xmllint --sax --noout"
		measure sax_$key "$RUNS" xmllint --sax --noout "$@"
		label="xmllint --stream --noout"
		measure stream_$key "$RUNS" xmllint --stream --noout "$@"
	fi
	label="cat"
	measure cat_$key "$RUNS" cat "$@"
	if [ "$floor" = xml ]; then
		echo "  to --sax: show $(ratios show_$key sax_$key)," \
			"compare $(ratios cmp_$key sax_$key)"
	else
		echo "  to cat: show $(ratios show_$key cat_$key)," \
			"compare $(ratios cmp_$key cat_$key)"
	fi
	echo
}

bench_folder pts_small pts-small xml \
	"1 000 PTS files, 16 results x 1 system x 3 runs each" xml
# issue 39: compare of two small PTS files (one of each run set), the
# floor xmllint --sax of the same two; start-up is most of both
if wanted pts-small; then
	s1=pts-small/a/run-001.xml s2=pts-small/b/run-001.xml
	echo "two small PTS files ($(size_of "$s1" "$s2"): $s1, $s2)"
	label="fsreport compare (ascii)"
	measure small2 "$RUNS_SMALL" "$FSR" compare --format ascii --width 80 \
		"a=$s1" "b=$s2"
	label="xmllint --sax --noout"
	measure small2_sax "$RUNS_SMALL" xmllint --sax --noout "$s1" "$s2"
	echo "  to --sax: compare $(ratios small2 small2_sax)," \
		"CPU $(cpu_ratio small2 small2_sax)x"
	echo
fi
bench_folder postmark postmark txt "10 000 PostMark terse reports" text
bench_folder timing timing txt "1 000 dd + bash time captures" text

# ------------------------------------------------ 10 million samples
if wanted samples; then
	f=samples-10m.csv
	echo "$f ($(size_of "$f"): 100 tests x 2 labels x 50 000 samples)"
	label="fsreport show --format csv"
	measure show_csv "$RUNS_BIG" "$FSR" show --format csv "$f"
	label="fsreport compare (ascii)"
	measure cmp_csv "$RUNS_BIG" "$FSR" compare --format ascii --width 80 \
		"$f"
	label="cat"
	measure cat_csv "$RUNS_BIG" cat "$f"
	echo "  to cat: show $(ratios show_csv cat_csv)," \
		"compare $(ratios cmp_csv cat_csv)"
	echo
fi

# ------------------------------------- 10 x 2 x N samples vs benchstat
# benchstat (golang.org/x/perf) is Go: taken from PATH, or built into
# BIN_DIR/bench-tools with "go install" when Go is here and the module
# proxy answers. Without it the line in the targets says why.
find_benchstat() {
	BENCHSTAT=$(command -v benchstat 2>/dev/null) && return 0
	BENCHSTAT="$TOOLS/benchstat"
	[ -x "$BENCHSTAT" ] && return 0
	if ! command -v go >/dev/null 2>&1; then
		BENCHSTAT_WHY="benchstat is not on PATH and Go is not installed"
		return 1
	fi
	echo "building benchstat (go install golang.org/x/perf/cmd/benchstat@latest) ..."
	if ! out=$(cd "$TOOLS" && GOBIN="$TOOLS" GOPATH="$TOOLS/go" \
		GOCACHE="$TOOLS/go-cache" GOFLAGS=-modcacherw \
		timeout 300 go install golang.org/x/perf/cmd/benchstat@latest \
		2>&1) || [ ! -x "$BENCHSTAT" ]; then
		case "$out" in
		*"dial tcp"*|*"no such host"*|*"i/o timeout"*|*refused*)
			why="no network to fetch it" ;;
		*) why=$(printf '%s\n' "$out" | tail -n 1 | cut -c1-72) ;;
		esac
		BENCHSTAT_WHY="benchstat is not on PATH and go install failed ($why)"
		return 1
	fi
	return 0
}

BENCHSTAT_WHY=""
for n in 10000 100000; do
	d=samples-$n
	wanted "$d" || continue
	echo "$d/ ($(size_of "$d"/a.csv "$d"/b.csv) CSV, $(size_of "$d"/a.txt \
		"$d"/b.txt) Go text: 10 results x 2 run sets x $n samples)"
	label="fsreport compare (ascii)"
	measure samp_$n "$RUNS" "$FSR" compare --format ascii --width 80 \
		"a=$d/a.csv" "b=$d/b.csv"
	if [ -z "$BENCHSTAT_WHY" ] && find_benchstat; then
		label="benchstat a.txt b.txt"
		measure bstat_$n "$RUNS" "$BENCHSTAT" "$d/a.txt" "$d/b.txt"
		echo "  to benchstat: compare $(ratios samp_$n bstat_$n)," \
			"CPU $(cpu_ratio samp_$n bstat_$n)x"
	else
		echo "  benchstat: not measured, $BENCHSTAT_WHY"
	fi
	echo
done

# ----------------------------------------------------------- start-up
small="$SHARED/corpus/pts/tiobench-ec2-4sys-merged.xml"
big="$SHARED/corpus/pts/cpu-suite-gvn-8sys-merged.xml"
if wanted startup && [ ! -f "$small" ]; then
	echo "start-up: skipped, no $small (set FSR_SHARED)"
	echo
elif wanted startup; then
	echo "start-up (small real file: tiobench-ec2-4sys-merged.xml," \
		"$(size_of "$small"))"
	label="fsreport --version"
	measure version "$RUNS_SMALL" "$FSR" --version
	# The floors of start-up: a process that links libc only, and
	# libxml2's own (which maps ICU and libstdc++ with it).
	label="true (an empty process)"
	measure true "$RUNS_SMALL" true
	printf '<a/>\n' >"$BIN_DIR/tiny.xml"
	label="xmllint --noout <a/>"
	measure xmlver "$RUNS_SMALL" xmllint --noout "$BIN_DIR/tiny.xml"
	label="fsreport compare (ascii)"
	measure startup "$RUNS_SMALL" "$FSR" compare --format ascii \
		--width 80 "$small"
	label="xmllint --sax --noout"
	measure startup_sax "$RUNS_SMALL" xmllint --sax --noout "$small"
	echo
fi

# --------------------------------------------------- SVG of 150 results
# One SVG of all 150 results would be 105 814 px tall, which --svg
# refuses since issue 15 (over 4 000 px): the same charts are drawn as
# a file each with --chart-dir (203 SVG files: the bars of each result,
# the change chart in parts, the overview).
if wanted svg && [ ! -f "$big" ]; then
	echo "compare --chart-dir: skipped, no $big (set FSR_SHARED)"
	echo
elif wanted svg; then
	echo "compare --chart-dir (cpu-suite-gvn-8sys-merged.xml: 150" \
		"results x 8 systems, 203 SVG files)"
	label="fsreport compare --chart-dir"
	rm -rf "$BIN_DIR/bench-150"
	measure svg "$RUNS" "$FSR" compare -q --format ascii \
		--chart-dir "$BIN_DIR/bench-150" "$big"
	label="the same, PNG files"
	measure png "$RUNS" "$FSR" compare -q --format ascii \
		--chart-dir "$BIN_DIR/bench-150" --chart-format png "$big"
	# report -o: each chart as SVG and PNG, the HTML page with its
	# charts inline, index.md and summary.txt (issue 39). The floor of
	# both: the same compare without any chart (parse, statistics,
	# text), so the ratios say what the charts cost on top of it.
	label="fsreport report -o DIR"
	rm -rf "$BIN_DIR/bench-150-report"
	measure report "$RUNS" "$FSR" report -q -o "$BIN_DIR/bench-150-report" \
		"$big"
	# report -o --no-png: the same folder with SVG chart files only
	# (index.md shows the SVGs; index.html is the same): issue 39's
	# "without PNGs"
	label="fsreport report -o --no-png"
	rm -rf "$BIN_DIR/bench-150-report-svg"
	measure report_svg "$RUNS" "$FSR" report -q --no-png \
		-o "$BIN_DIR/bench-150-report-svg" "$big"
	label="compare (ascii), no chart"
	measure nochart "$RUNS" "$FSR" compare -q --format ascii --width 80 \
		"$big"
	echo "  to compare without a chart: --chart-dir SVG" \
		"CPU $(cpu_ratio svg nochart)x, report -o CPU" \
		"$(cpu_ratio report nochart)x"
	echo
fi

# ------------------------------------------------- instruction counts
# (callgrind's counts do not move with the machine's load; sets I_<name>
# in millions and IK_<name> in thousands, for the small runs)
icount() {
	name=$1
	shift
	v=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
		2>&1 >/dev/null | awk '/refs:/ { gsub(",", "", $NF);
			printf "%.0f", $NF / 1e3 }')
	eval "IK_$name=\$v"
	v=$(awk -v k="$v" 'BEGIN { if (k != "") printf "%.0f", k / 1e3 }')
	eval "I_$name=\$v"
	if [ -n "$v" ] && [ "$v" -lt 100 ]; then
		v=$(eval "awk -v k=\"\$IK_$name\" 'BEGIN { printf \"%.1f\", k / 1e3 }'")
	fi
	printf '  %-34s %8s M\n' "$label" "${v:--}"
}
if [ -n "${BENCH_CALLGRIND:-}" ] && command -v valgrind >/dev/null 2>&1
then
	echo "instructions (callgrind) on pts-2000.xml:"
	label="fsreport show --format csv"
	icount show "$FSR" show --format csv pts-2000.xml
	label="fsreport compare csv a= b="
	icount cmp2 "$FSR" compare --format csv a=pts-2000.xml b=pts-2000.xml
	label="xmllint --sax --noout"
	icount sax xmllint --sax --noout pts-2000.xml
	label="xmllint --stream --noout"
	icount stream xmllint --stream --noout pts-2000.xml
	label="SAX2 push, no-op callbacks"
	icount floor "$TOOLS/saxfloor" pts-2000.xml
	if [ -f pts-small/a/run-001.xml ]; then
		echo "instructions (callgrind) on two small PTS files:"
		label="fsreport compare (ascii)"
		icount small2 "$FSR" compare --format ascii --width 80 \
			a=pts-small/a/run-001.xml b=pts-small/b/run-001.xml
		label="xmllint --sax --noout"
		icount small2_sax xmllint --sax --noout \
			pts-small/a/run-001.xml pts-small/b/run-001.xml
	fi
	echo
	if wanted svg && [ -f "$big" ]; then
		echo "instructions (callgrind) on cpu-suite-gvn-8sys-merged.xml" \
			"(150 results):"
		label="fsreport compare --chart-dir"
		rm -rf "$BIN_DIR/bench-150"
		icount svg "$FSR" compare -q --format ascii \
			--chart-dir "$BIN_DIR/bench-150" "$big"
		label="fsreport report -o DIR"
		rm -rf "$BIN_DIR/bench-150-report"
		icount report "$FSR" report -q -o "$BIN_DIR/bench-150-report" \
			"$big"
		label="compare (ascii), no chart"
		icount nochart "$FSR" compare -q --format ascii --width 80 \
			"$big"
		echo
	fi
fi

# -------------------------------------------------- the store at scale
# store-N/: N run sets of 100 results x 5 samples, one CSV file each (a
# +10 step in every tenth result after the middle), added to store-N.db
# (timed, for its peak RSS); then show, trend and check --db of it (and
# check with the change-point cache emptied). 100
# and 1 000 run sets; BENCH_STORE_BIG=1 adds 10 000 (minutes). Issue 35.
store_runs() {
	[ -f "$1/.done" ] && return 0
	rm -rf "$1" && mkdir -p "$1"
	awk -v d="$1" -v n="$2" 'BEGIN {
		s = 12345
		for (r = 0; r < n; r++) {
			f = sprintf("%s/r%05d.csv", d, r)
			print "test,value,unit,better" > f
			for (t = 0; t < 100; t++)
				for (k = 0; k < 5; k++) {
					s = (s * 1103515245 + 12345) % 2147483648
					printf "t%03d,%.3f,MB/s,higher\n", t, 100 + t + (s / 2147483648) * 5 + (r > n / 2 && t % 10 == 0 ? 10 : 0) >> f
				}
			close(f)
		}
	}'
	touch "$1/.done"
}
# fresh_add NAME DIR FMT [FSREPORT]: store add of DIR/*.csv, each run
# (timeit's warm-up too) into a new store, the K-th named by printf FMT K:
# into one store, every run after the first would time an add that finds
# its run sets stored already
fresh_add() {
	rm -f "$2.k"
	measure "$1" 1 sh -c 'k=$(cat "$1.k" 2>/dev/null || echo 0)
		echo $((k + 1)) >"$1.k"
		exec "$3" store add -q --db "$(printf "$2" "$k")" "$1"/*.csv' \
		sh "$2" "$3" "${4:-$FSR}"
}
# store_rows DB: the rows an add of it wrote, every table (sqlite3)
store_rows() {
	sqlite3 "$1" "SELECT (SELECT count(*) FROM runsets) +
		(SELECT count(*) FROM runset_generated) +
		(SELECT count(*) FROM files) + (SELECT count(*) FROM systems) +
		(SELECT count(*) FROM system_notes) +
		(SELECT count(*) FROM system_info) +
		(SELECT count(*) FROM system_sources) +
		(SELECT count(*) FROM results) +
		(SELECT count(*) FROM runset_results) +
		(SELECT count(*) FROM cells) + (SELECT count(*) FROM samples) +
		(SELECT count(*) FROM cell_notes) +
		(SELECT count(*) FROM entries)" 2>/dev/null || echo ""
}
# rows_per_s ROWS SECONDS
rows_per_s() {
	awk -v r="$1" -v t="$2" 'BEGIN {
		if (r == "" || t == "" || t + 0 == 0) print "-";
		else printf "%.0f", r / t }'
}
if wanted store; then
	sizes="100 1000"
	[ -z "${BENCH_STORE_BIG:-}" ] || sizes="$sizes 10000"
	for n in $sizes; do
		store_runs store-$n $n
		echo "store-$n.db ($n run sets x 100 results x 5 samples)"
		label="fsreport store add (all)"
		rm -f store-$n.db store-$n-*.db
		fresh_add add_$n store-$n "store-$n-%d.db"
		mv store-$n-1.db store-$n.db
		rm -f store-$n-0.db
		eval "ROWS_$n=\$(store_rows store-$n.db)"
		label="fsreport show --db"
		measure sshow_$n "$RUNS" "$FSR" show --format csv --db store-$n.db
		label="fsreport trend --db"
		measure trend_$n "$RUNS" "$FSR" trend --db store-$n.db
		last=$(ls store-$n/*.csv | tail -n 1)
		# with the change-point cache (docs/trend.md) trend's and
		# the warm-up's runs left: as on a night, every window is
		# read but the last of each series, which is searched
		label="fsreport check --db (1 new)"
		measure check_$n "$RUNS" "$FSR" check --db store-$n.db "$last"
		echo "  trend to show: CPU $(cpu_ratio trend_$n sshow_$n)x;" \
			"check to show: CPU $(cpu_ratio check_$n sshow_$n)x"
		# and the first check after an upgrade: the cache emptied
		# (sqlite3's DELETE is in the time, a few ms)
		if command -v sqlite3 >/dev/null 2>&1; then
			label="check --db, cache emptied"
			measure checkcold_$n 1 sh -c 'sqlite3 "$1" \
				"DELETE FROM changepoint_cache" &&
				exec "$2" check --db "$1" "$3"' \
				sh store-$n.db "$FSR" "$last"
			echo "  check, cache emptied, to show: CPU" \
				"$(cpu_ratio checkcold_$n sshow_$n)x"
		fi
		echo
	done
	# The same adds into a throw-away PostgreSQL server (postgresql-15,
	# as tests/cli/lib-pg.sh starts it: Unix socket, fsync off), timed
	# beside SQLite's: wall time, since the server's CPU is not
	# fsreport's. BENCH_STORE_BEFORE=FSREPORT times that build's add too.
	PG_BIN=${FSR_PG_BIN:-/usr/lib/postgresql/15/bin}
	if [ -x "$PG_BIN/initdb" ] && command -v sqlite3 >/dev/null 2>&1
	then
		PGD=$(mktemp -d "${TMPDIR:-/tmp}/fsr-bench-pg.XXXXXX")
		as_pg() {
			if [ "$(id -u)" -eq 0 ]; then
				(cd "$PGD" && setpriv --reuid=65534 \
					--regid=65534 --clear-groups \
					--inh-caps=-all "$@")
			else
				(cd "$PGD" && "$@")
			fi
		}
		[ "$(id -u)" -ne 0 ] || chown 65534 "$PGD"
		chmod 700 "$PGD"
		trap 'as_pg "$PG_BIN/pg_ctl" -D "$PGD/data" -m immediate -w \
			stop >/dev/null 2>&1; rm -rf "$PGD"' EXIT
		if as_pg "$PG_BIN/initdb" -D "$PGD/data" -U fsr -A trust -E UTF8 \
			--locale=C --no-sync >"$PGD/initdb.log" 2>&1 &&
		   as_pg "$PG_BIN/pg_ctl" -D "$PGD/data" -l "$PGD/log" -o \
			"-c listen_addresses='' -c unix_socket_directories='$PGD' -c fsync=off" \
			-w -t 60 start >/dev/null 2>&1; then
			for n in $sizes; do
				echo "store-$n in PostgreSQL (wall time; rows: every" \
					"table's, $(eval echo "\${ROWS_$n:-?}") an add)"
				for w in now before; do
					f=$FSR
					if [ $w = before ]; then
						f=${BENCH_STORE_BEFORE:-}
						[ -n "$f" ] || continue
					fi
					for k in 0 1; do
						"$PG_BIN/createdb" -h "$PGD" -U fsr \
							"${w}_${n}_$k"
					done
					label="store add, PostgreSQL ($w)"
					fresh_add pgadd_${w}_$n store-$n \
						"postgresql:///${w}_${n}_%d?host=$PGD&user=fsr" \
						"$f"
				done
				eval "rows=\${ROWS_$n:-} ta=\${T_add_$n:-}" \
					"tp=\${T_pgadd_now_$n:-} tb=\${T_pgadd_before_$n:-}"
				echo "  rows a second: SQLite $(rows_per_s "$rows" "$ta")," \
					"PostgreSQL $(rows_per_s "$rows" "$tp")" \
					"(before: $(rows_per_s "$rows" "$tb"));" \
					"PostgreSQL / SQLite wall time $(ratio "$tp" "$ta")x" \
					"(before $(ratio "$tb" "$ta")x)"
				echo
			done
		else
			echo "store in PostgreSQL: the server did not start" \
				"($(tail -n 1 "$PGD/log" 2>/dev/null))"
		fi
	else
		echo "store in PostgreSQL: not measured (no $PG_BIN/initdb" \
			"or no sqlite3)"
	fi
	if [ -n "${BENCH_CALLGRIND:-}" ]; then
		echo "store-100.db, instructions (callgrind)"
		label="fsreport show --db"
		icount sshow "$FSR" show --format csv --db store-100.db
		label="fsreport trend --db"
		icount strend "$FSR" trend --db store-100.db
		echo
	fi
fi

# ------------------------------------------------------- the big page
# page-40x150/: 40 run sets of 150 results x 3 samples, one CSV file
# each; report -o of them (301 charts: past 60 the page links the chart
# files), and the page opened in headless Chromium at 1280 px
# (scripts/page-check.py): the load event, in ms from the navigation's
# start, the median of 3 opens in one browser, beside the same of a
# report of 2 run sets x 1 result, the floor of any page. Issue 34:
# "a report of 40 x 150 opens in Chromium in under 3 s". Needs chromium
# (make check installs it; make bench does not).
page_runs() {
	[ -f "$1/.done" ] && return 0
	rm -rf "$1" && mkdir -p "$1"
	awk -v d="$1" -v n="$2" -v nr="$3" 'BEGIN {
		s = 4242
		for (r = 1; r <= n; r++) {
			f = sprintf("%s/s%02d.csv", d, r)
			print "test,value,unit,better" > f
			for (t = 0; t < nr; t++)
				for (k = 0; k < 3; k++) {
					s = (s * 1103515245 + 12345) % 2147483648
					printf "t%03d,%.3f,MB/s,higher\n", t, 100 + t + r * 0.1 * (t % 7) + (s / 2147483648) * 4 >> f
				}
			close(f)
		}
	}'
	touch "$1/.done"
}
# page_load DIR: "MS" of DIR/index.html's load event, median of 3
page_load() {
	printf 'open file://%s/index.html 1280\neval performance.getEntriesByType("navigation")[0].loadEventEnd\n' "$1" >"$1.steps"
	cat "$1.steps" "$1.steps" "$1.steps" >"$1.steps3"
	rm -rf "$1.profile" && mkdir -p "$1.profile"
	python3 "$TOP/scripts/page-check.py" "$1.profile" "$1.steps3" \
		2>/dev/null | sort -n | awk '{ v[NR] = $1 } END {
			if (NR == 3) printf "%.0f", v[2] }'
	rm -rf "$1.profile" "$1.steps" "$1.steps3"
}
if wanted page && ! command -v chromium >/dev/null 2>&1; then
	echo "report page in Chromium: not measured (no chromium: make check" \
		"installs it)"
	echo
elif wanted page; then
	page_runs page-40x150 40 150
	page_runs page-2x1 2 1
	echo "report -o of 40 run sets x 150 results, opened in Chromium"
	label="fsreport report -o (40 x 150)"
	rm -rf "$BIN_DIR/page-40x150-report"
	measure page_report 1 "$FSR" report -q \
		-o "$BIN_DIR/page-40x150-report" page-40x150/s*.csv
	rm -rf "$BIN_DIR/page-2x1-report"
	"$FSR" report -q -o "$BIN_DIR/page-2x1-report" page-2x1/s*.csv
	PAGE_MS=$(page_load "$BIN_DIR/page-40x150-report")
	PAGE_FLOOR_MS=$(page_load "$BIN_DIR/page-2x1-report")
	echo "  index.html $(size_of "$BIN_DIR/page-40x150-report/index.html"):" \
		"load event ${PAGE_MS:--} ms; of a 2 x 1 report" \
		"${PAGE_FLOOR_MS:--} ms (median of 3 opens)"
	echo
fi

# ------------------------------------------------------------ targets
# target WHAT VALUE LIMIT: one line of the table of BENCHMARKS.md, with
# whether the value measured in this run is within its target
target() {
	awk -v w="$1" -v v="$2" -v l="$3" -v why="${4:-}" 'BEGIN {
		if (v == "" || v == "-") { printf "  %-52s %8s  (target <= %s)  not measured%s\n", w, "-", l, why == "" ? "" : ": " why; exit }
		printf "  %-52s %8.2f  (target <= %s)  %s\n", w, v, l,
		       v + 0 <= l + 0 ? "met" : "NOT met" }'
}
# mib KIB: KiB as MiB with one decimal, or nothing
mib() {
	awk -v r="${1:-}" 'BEGIN { if (r != "") printf "%.1f", r / 1024 }'
}
echo "targets (issue 18; CPU-time ratios against floors of this run):"
target "show --format csv pts-10000.xml / xmllint --sax" \
	"$(cpu_ratio show_10000 sax_10000)" 2.0
if [ -n "${I_show:-}" ] && [ -n "${I_sax:-}" ]; then
	target "  the same in instructions, pts-2000.xml" \
		"$(ratio "$I_show" "$I_sax")" 2.0
fi
if [ -n "${C_floor_10000:-}" ]; then
	echo "    (libxml2 alone, pushed with no-op SAX2 callbacks, is" \
		"$(cpu_ratio floor_10000 sax_10000)x --sax; show is" \
		"$(cpu_ratio show_10000 floor_10000)x that floor)"
fi
target "compare --format csv a=big b=big / 2 x xmllint --sax" \
	"$(cpu_ratio cmp2_10000 sax_10000 2)" 3.0
if [ -n "${I_cmp2:-}" ] && [ -n "${I_sax:-}" ]; then
	target "  the same in instructions, pts-2000.xml" \
		"$(ratio "$I_cmp2" "$((2 * I_sax))")" 3.0
fi
target "peak RSS of show pts-10000.xml, MiB" \
	"$(awk -v r="${R_show_10000:-}" 'BEGIN { if (r != "") printf "%.1f", r / 1024 }')" 24
target "--version CPU, ms" \
	"$(awk -v c="${C_version:-}" 'BEGIN { if (c != "") printf "%.2f", c * 1000 }')" 2
if [ -n "${C_true:-}" ]; then
	awk -v t="$C_true" -v x="${C_xmlver:-}" 'BEGIN {
		printf "    (floors: an empty process %.2f ms, xmllint on" \
		       " <a/> %s ms)\n", t * 1000,
		       x == "" ? "-" : sprintf("%.2f", x * 1000) }'
fi
target "compare --format ascii small file / xmllint --sax" \
	"$(cpu_ratio startup startup_sax)" 2.0
target "show of 10 000 PostMark files / cat" \
	"$(cpu_ratio show_postmark cat_postmark)" 1.3
libs=$(LD_DEBUG=libs "$FSR" --version 2>&1 >/dev/null |
	grep -c 'calling init: .*lib\(cairo\|pango\|glib\|harfbuzz\|fontconfig\)' ||
	true)
target "chart libraries mapped by a text run" "$libs" 0
# Issue 39: each figure against the floor of this run, in CPU (the
# medians of pts-10000.xml) and in instructions (callgrind, pts-2000.xml,
# BENCH_CALLGRIND=1); the floor of an importer is saxfloor, libxml2's
# SAX2 push parse with no-op callbacks.
echo "targets (issue 39; CPU of this run, instructions with BENCH_CALLGRIND=1):"
target "show --format csv pts-10000.xml / saxfloor, CPU" \
	"$(cpu_ratio show_10000 floor_10000)" 2.0
target "  the same in instructions, pts-2000.xml" \
	"$(ratio "${I_show:-}" "${I_floor:-}")" 2.0 "needs BENCH_CALLGRIND=1"
target "compare csv a=big b=big / 2 x saxfloor, CPU" \
	"$(cpu_ratio cmp2_10000 floor_10000 2)" 4.0
target "  the same in instructions, pts-2000.xml" \
	"$(ratio "${I_cmp2:-}" "$(awk -v f="${I_floor:-}" 'BEGIN {
		if (f != "") print 2 * f }')")" 4.0 "needs BENCH_CALLGRIND=1"
target "peak RSS of show csv pts-10000.xml, MiB" \
	"$(mib "${R_show_10000:-}")" 24
target "peak RSS of show ascii pts-10000.xml, MiB" \
	"$(mib "${R_showa_10000:-}")" 24
target "peak RSS of compare csv a=b= pts-10000.xml, MiB" \
	"$(mib "${R_cmp2_10000:-}")" 24
target "peak RSS of compare csv pts-10000.xml, MiB" \
	"$(mib "${R_cmp1_10000:-}")" 24
target "peak RSS of compare ascii pts-10000.xml, MiB" \
	"$(mib "${R_cmp_10000:-}")" 24
for fmt in table markdown json xml pts long-csv; do
	eval "rss=\${R_showf_$(echo $fmt | tr -d -)_10000:-}"
	target "peak RSS of show $fmt pts-10000.xml, MiB" "$(mib "$rss")" 24
done
for fmt in table markdown json xml pts long-csv; do
	eval "rss=\${R_cmpf_$(echo $fmt | tr -d -)_10000:-}"
	target "peak RSS of compare $fmt pts-10000.xml, MiB" \
		"$(mib "$rss")" 24
done
target "compare of two small PTS files / xmllint --sax, CPU" \
	"$(cpu_ratio small2 small2_sax)" 2.0
if [ -n "${IK_small2:-}" ] && [ -n "${IK_small2_sax:-}" ]; then
	awk -v a="$IK_small2" -v b="$IK_small2_sax" 'BEGIN {
		printf "    (in instructions %.2fx: %.1f M against %.1f M)\n",
		       a / b, a / 1e3, b / 1e3 }'
fi
if [ -n "${C_small2:-}" ] && [ -n "${C_version:-}" ]; then
	awk -v v="$C_version" -v s="$C_small2" 'BEGIN {
		printf "    (fsreport --version alone: %.2f ms of the" \
		       " compare'"'"'s %.2f ms)\n", v * 1000, s * 1000 }'
fi
target "compare --chart-dir of 150 results (SVG), CPU s" "${C_svg:-}" 0.25
target "report -o of 150 results (SVG + PNG), CPU s" "${C_report:-}" 1.5
target "report -o --no-png of 150 results (SVG), CPU s" \
	"${C_report_svg:-}" 0.6
if [ -n "${C_nochart:-}" ] && [ -n "${C_svg:-}" ] && [ -n "${C_report:-}" ]
then
	awk -v s="${C_svg:-}" -v r="${C_report:-}" -v f="$C_nochart" \
	    -v is="${I_svg:-}" -v ir="${I_report:-}" -v inc="${I_nochart:-}" \
	    'BEGIN {
		printf "    (compare without a chart, the floor under both:" \
		       " %.3f s; --chart-dir %.2fx, report -o %.2fx of it",
		       f, s / f, r / f
		if (is != "" && ir != "" && inc + 0 > 0)
			printf "; in instructions %.2fx and %.2fx", is / inc,
			       ir / inc
		printf ")\n" }'
fi
if wanted store; then
	echo "targets (issue 35; CPU-time ratios of this run):"
	target "trend --db / show --db, 1 000 run sets" \
		"$(cpu_ratio trend_1000 sshow_1000)" 5.0
	target "check --db of one / show --db, 1 000 run sets" \
		"$(cpu_ratio check_1000 sshow_1000)" 2.0
	big=1000
	[ -z "${C_trend_10000:-}" ] || big=10000
	target "trend growth exponent, 100 -> $big run sets" \
		"$(awk -v a="${C_trend_100:-}" -v b="$(eval echo "\${C_trend_$big:-}")" -v k="$big" 'BEGIN {
			if (a == "" || b == "" || a + 0 == 0) print "-";
			else printf "%.2f", log(b / a) / log(k / 100) }')" 1.3
	target "peak RSS of store add of $big run sets, MiB" \
		"$(eval echo "\${R_add_$big:-}" | awk '{ if ($1 != "") printf "%.1f", $1 / 1024 }')" 64
fi
if wanted page && [ -n "${PAGE_MS:-}" ]; then
	echo "targets (issue 34; Chromium's load event of this run):"
	target "report of 40 x 150 opens in Chromium, s" \
		"$(awk -v m="$PAGE_MS" 'BEGIN { printf "%.2f", m / 1000 }')" 3.0
	echo "    (of a 2 x 1 report ${PAGE_FLOOR_MS:--} ms:" \
		"$(ratio "$PAGE_MS" "${PAGE_FLOOR_MS:-}")x of it)"
fi
if wanted samples-100000; then
	target "compare 10 x 2 x 100 000 samples / benchstat, CPU" \
		"$(cpu_ratio samp_100000 bstat_100000)" 1.0 \
		"${BENCHSTAT_WHY:-benchstat failed}"
fi
