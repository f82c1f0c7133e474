#!/bin/sh
# report's default title and subtitle come from the data: the tests the
# files name (PostMark's banner, fio's JSON, the timing lines, hyperfine)
# and what varies between the run sets (their labels, or their count
# with the labels under it when they are many or long); a PTS file keeps
# its own title; --title and --subtitle still override.
. "$(dirname "$0")/lib.sh"

E="$EXAMPLES"
H="$DATA/hyperfine/two-commands.json"

# h1 DIR: the page title; sub DIR: the subtitle (empty: none)
h1() { sed -n "s|.*<h1>\(.*\)</h1>.*|\1|p" "$1/index.html"; }
sub() { sed -n "s|.*<p class=\"subtitle\">\(.*\)</p>.*|\1|p" "$1/index.html"; }

test_expect_success 'PostMark and fio: the test, then the run sets' '
	fsreport report "$E/postmark/buffered" "$E/postmark/unbuffered" \
		-o pm &&
	test "$(h1 pm)" = "PostMark: buffered vs unbuffered" &&
	test "$(sed -n 1p pm/index.md)" = "# PostMark: buffered vs unbuffered" &&
	test -z "$(sub pm)" &&
	fsreport report "$E/fio/fsync1" "$E/fio/nofsync" -o fio &&
	test "$(h1 fio)" = "fio: fsync1 vs nofsync"
'

test_expect_success 'five long labels: counted, and listed under the title' '
	fsreport report "$E/sync-modes" -o sync &&
	head -n 1 "$E/sync-modes/run-01.log" | sed "s/, run 01\$//" >heading &&
	test "$(h1 sync)" = "$(cat heading): 5 systems" &&
	awk "NF >= 4 && \$0 !~ /^=|run 0/ { sub(/ +[0-9.]+ seconds.*/, \"\"); print }" \
		"$E/sync-modes/run-01.log" | paste -sd ";" - |
		sed "s/;/; /g; s/^/Systems: /" >expect &&
	sub sync >actual &&
	test_cmp expect actual
'

test_expect_success 'hyperfine: the two commands are long, so counted' '
	fsreport report "$H" -o hf 2>/dev/null &&
	test "$(h1 hf)" = "hyperfine: 2 systems" &&
	sub hf | grep -q "^Systems: dd if=/dev/zero .*; dd if=/dev/zero "
'

test_expect_success 'several tests: named, the rest counted' '
	fsreport report "$E/compare-stats/before.csv" \
		"$E/compare-stats/after.csv" -o cs &&
	test "$(h1 cs)" = "fio, dd and 2 more: before vs after"
'

test_expect_success 'tests are counted, not their results' '
	for sys in one two; do
		{
			echo test,description,unit,better,value &&
			for t in a b c; do
				echo "$t,only,s,lower,1" && echo "$t,only,s,lower,2"
			done &&
			for d in x y z w; do
				echo "d,$d,s,lower,1" && echo "d,$d,s,lower,2"
			done
		} >$sys.csv || return 1
	done &&
	fsreport report one.csv two.csv -o many 2>/dev/null &&
	test "$(h1 many)" = "a, b and 2 more: one vs two"
'

test_expect_success 'a PTS file keeps its title; --title and --subtitle win' '
	fsreport report "$E/ext4-mount-options" -o pts &&
	test "$(h1 pts)" = "EXT4 File-System Mount Option Tuning" &&
	fsreport report "$E/sync-modes" --title T --subtitle S -o own &&
	test "$(h1 own)" = T &&
	test "$(sub own)" = S &&
	fsreport report "$E/sync-modes" --subtitle "" -o none &&
	test -z "$(sub none)"
'

test_done
