#!/bin/sh
# The email table: compare --format table --width 72, pasted into a
# mailing-list post, for fio, hyperfine and PostMark, exactly; and no
# example or test input with 2 or 3 run sets wider than 72 or 80 (wc -L
# in a UTF-8 locale measures, not fsreport). When the names alone do
# not make it fit (fio's 10-digit means), the interval wraps at its
# space under itself.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES"

# fits WIDTH RUNSET...: no line of the compare table wider than WIDTH
fits() {
	w=$1 &&
	shift &&
	fsreport compare --format table --width "$w" "$@" >out 2>/dev/null &&
	test -s out &&
	got=$(LC_ALL=C.UTF-8 wc -L <out) &&
	if [ "$got" -gt "$w" ]; then
		echo "compare $*: $got columns at --width $w" >&2
		return 1
	fi
}

test_expect_success 'fio at 72, exactly (it was 78 columns)' '
	fsreport compare --format table --width 72 "$E/fio/fsync1" \
		"$E/fio/nofsync" >actual &&
	test_golden table-email-fio.txt actual &&
	test "$(LC_ALL=C.UTF-8 wc -L <actual)" -le 72 &&
	grep -q "^randwrite: " actual &&
	grep -q "Verdict" actual &&
	grep -q "(IOPS" actual
'

test_expect_success 'hyperfine at 72, exactly' '
	fsreport compare --format table --width 72 \
		"$DATA/hyperfine/two-commands.json" >actual &&
	test_golden table-email-hyperfine.txt actual &&
	test "$(LC_ALL=C.UTF-8 wc -L <actual)" -le 72
'

# The means from the JSON are 0.009710 and 0.005625 s: two significant
# digits each, not both "0.01"; a run of 0 s leaves no ratio, so the
# DIFF is the difference of the means in seconds, 0.005625 - 0.009710.
test_expect_success 'hyperfine: small means keep two digits, a DIFF in s' '
	fsreport compare --format table --width 72 \
		"$DATA/hyperfine/two-commands.json" >actual 2>/dev/null &&
	grep -q " 0\.0097 .* 0\.0056 .* -0\.0041 s " actual &&
	! grep -q " 0\.01 " actual
'

test_expect_success 'PostMark at 72, exactly' '
	fsreport compare --format table --width 72 "$E/postmark/buffered" \
		"$E/postmark/unbuffered" >actual &&
	test_golden table-email-postmark.txt actual &&
	test "$(LC_ALL=C.UTF-8 wc -L <actual)" -le 72
'

for w in 72 80; do
	test_expect_success "2 and 3 run sets fit --width $w" "
		fits $w \"\$E/fio/fsync1\" \"\$E/fio/nofsync\" &&
		fits $w \"\$DATA/fio/json-fsync1.json\" \
			\"\$DATA/fio/json-nofsync.json\" \
			\"\$DATA/fio/jsonplus-fsync1.json\" &&
		fits $w \"\$DATA/hyperfine/two-commands.json\" \
			\"\$DATA/hyperfine/named.json\" \
			\"\$DATA/hyperfine/param-scan.json\" &&
		fits $w \"\$DATA/dbench/sync-dirs.txt\" \
			\"\$DATA/dbench/osync-sync-dirs.txt\" \
			\"\$DATA/dbench/two-clients.txt\" &&
		fits $w \"\$E/postmark/buffered\" \"\$E/postmark/unbuffered\" \
			\"\$DATA/postmark/verbose/buffered\"
	"
done

# Every example's run sets, compare and show, at 72 and 60 columns: a
# table whose Type would be squeezed (or whose numbers alone are too
# wide for Type beside them) is stacked, each Type on a line of its own
# above its numbers. Every folder of examples/ is listed here.
example_sets() {
	printf "%s\n" \
		"compare-stats/before.csv compare-stats/after.csv" \
		"dbench/default dbench/osync" \
		"discard/vendor2/buffered-nodiscard.csv discard/vendor2/buffered-discard.csv" \
		"equivalence/base.csv equivalence/patch.csv" \
		"ext4-mount-options" \
		"fio/fsync1 fio/nofsync" \
		"fs_mark/sync1 fs_mark/sync0" \
		"latency/none latency/fsync" \
		"postmark/buffered postmark/unbuffered" \
		"sync-modes"
}

test_expect_success 'the list holds every example folder' '
	(cd "$E" && ls -d */ | sed "s|/\$||" | grep -vx results) >expect &&
	example_sets | tr " " "\n" | sed "s|/.*||" | sort -u >actual &&
	test_cmp expect actual
'

for w in 72 60 40 30; do
	test_expect_success "every example's tables fit --width $w" "
		example_sets | while read -r set; do
			args= &&
			for s in \$set; do args=\"\$args \$E/\$s\"; done &&
			for cmd in compare show; do
				fsreport \$cmd --format table --width $w \$args \
					>out 2>/dev/null &&
				test -s out &&
				got=\$(LC_ALL=C.UTF-8 wc -L <out) &&
				if [ \"\$got\" -gt $w ]; then
					echo \"\$cmd \$set: \$got columns\" >&2
					return 1
				fi || return 1
			done || return 1
		done
	"
done

test_expect_success 'fio at 60: stacked, each Type above its numbers' '
	fsreport compare --format table --width 60 "$E/fio/fsync1" \
		"$E/fio/nofsync" >out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 60 &&
	sed -n "5,6p" out >actual &&
	printf "%s\n" "randwrite: write IOPS (IOPS$(printf "\342\206\221"))" \
		"      315.36     243216.44  +77023.43%    [+49349,  better" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'a page per system repeats only its own headings' '
	fsreport compare --format table --width 60 "$E/sync-modes" >out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 60 &&
	! grep -q "^ *| *|$" out
'

# At 40 columns five systems fit neither side by side nor stacked: each
# result is a record, a heading and its text per line, the text of
# seed 004's sync modes from the logs (examples/sync-modes/run-01.log
# names "data=ordered O_SYNC").
test_expect_success 'sync-modes at 40: a record per result' '
	fsreport compare --format table --width 40 "$E/sync-modes" >out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 40 &&
	grep -q "^time (s" out &&
	grep -q "^  data=ordered O_SYNC  *[0-9][0-9.]*$" out &&
	grep -q "^  Verdict  *\(worse\|better\|same\)\( [a-z]*\)\?$" out &&
	! grep -q "|" out
'

test_expect_success 'the system table wraps at a narrow width' '
	fsreport compare --format table --width 40 \
		"$E/ext4-mount-options" >out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 40 &&
	grep -q "^  Processor: Intel Core" out
'

test_done
