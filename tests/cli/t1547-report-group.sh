#!/bin/sh
# report --group (seed 003's layout, the PostMark discard study):
# "BUFFERING ENABLED | BUFFERING DISABLED" side by side, each group
# compared on its own against its first run set. The page heads the
# groups' columns with their titles (4 each: two values, DIFF, verdict;
# one run per system has no CI column) and gives the seed's DIFFs (the
# seed's own table, by hand: +58.50% and +60.62% for Total_duration);
# summary.txt is compare --group --format table's table; the charts show
# the values with each system's group, and no overview or change chart
# compares across the groups. (issue 34)
. "$(dirname "$0")/lib.sh"

D="$EXAMPLES/discard/vendor2"


test_expect_success 'report --group: the groups side by side in the page' '
	fsreport report --width 160 \
		--group "BUFFERING ENABLED" \
			NODISCARD="$D/buffered-nodiscard.csv" \
			DISCARD="$D/buffered-discard.csv" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$D/unbuffered-nodiscard.csv" \
			DISCARD="$D/unbuffered-discard.csv" -o out &&
	grep "<tr class=\"groups\">" out/index.html >groups &&
	grep -q "colspan=\"4\" class=\"group\">BUFFERING ENABLED<" groups &&
	grep -q "colspan=\"4\" class=\"group\">BUFFERING DISABLED<" groups &&
	grep "<td>Total_duration" out/index.html >row &&
	grep -q "+58.50%.*+60.62%" row &&
	grep -q "<h1>PostMark: BUFFERING ENABLED | BUFFERING DISABLED<" \
		out/index.html
'

test_expect_success 'summary.txt is compare --group --format table' '
	fsreport report --width 160 \
		--group "BUFFERING ENABLED" \
			NODISCARD="$D/buffered-nodiscard.csv" \
			DISCARD="$D/buffered-discard.csv" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$D/unbuffered-nodiscard.csv" \
			DISCARD="$D/unbuffered-discard.csv" -o out &&
	fsreport compare --format table --width 160 \
		--group "BUFFERING ENABLED" \
			NODISCARD="$D/buffered-nodiscard.csv" \
			DISCARD="$D/buffered-discard.csv" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$D/unbuffered-nodiscard.csv" \
			DISCARD="$D/unbuffered-discard.csv" >table &&
	n=$(grep -n "^Systems" table | cut -d: -f1) &&
	head -n $((n - 1)) table >expect &&
	head -n $((n - 1)) out/summary.txt >actual &&
	test_cmp expect actual
'

test_expect_success 'charts: values with each group, no cross-group change' '
	fsreport report \
		--group "BUFFERING ENABLED" \
			NODISCARD="$D/buffered-nodiscard.csv" \
			DISCARD="$D/buffered-discard.csv" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$D/unbuffered-nodiscard.csv" \
			DISCARD="$D/unbuffered-discard.csv" -o out &&
	test $(ls out/charts | grep -c "\.svg$") = 13 &&
	! ls out/charts | grep -q "overview\|change" &&
	grep -q "DISCARD (BUFFERING DISABLED)" out/charts/01-*.svg &&
	! grep -q "+58.50%" out/charts/01-*.svg
'

test_expect_success 'report --group refuses what does not go with it' '
	test_expect_code 2 fsreport report --baseline NODISCARD \
		--group A NODISCARD="$D/buffered-nodiscard.csv" \
		DISCARD="$D/buffered-discard.csv" -o out 2>err &&
	grep -q "each group.s first run set is its baseline" err &&
	test_expect_code 2 fsreport report --trend \
		--group A NODISCARD="$D/buffered-nodiscard.csv" \
		DISCARD="$D/buffered-discard.csv" -o out 2>err &&
	grep -q "trend does not go with --group" err &&
	test_expect_code 2 fsreport report "$D/buffered-nodiscard.csv" \
		--group A "$D/buffered-discard.csv" -o out 2>err &&
	grep -q "comes before the first --group" err &&
	! test -e out
'

test_done
