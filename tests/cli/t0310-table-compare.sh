#!/bin/sh
# compare --format table / markdown without --group: the baseline's
# column first, then each other system, its DIFF, the interval and the
# verdict, the unit and direction after Type; PTS files, missing
# results, --baseline, -o, and the width. The means and DIFFs are
# seed 003's own numbers.
. "$(dirname "$0")/lib.sh"

S="$DATA/seed003"
UP=$(printf "\342\206\221")   # after the unit: higher is better
DOWN=$(printf "\342\206\223") # lower is better

test_expect_success 'the ext4 article (6 systems) as a table, exactly' '
	fsreport compare --format table --width 80 \
		"$EXAMPLES/ext4-mount-options" >actual &&
	test_golden table-compare-ext4.txt actual
'

test_expect_success 'the ext4 article as Markdown, exactly' '
	fsreport compare --format markdown \
		"$EXAMPLES/ext4-mount-options" >actual &&
	test_golden table-compare-ext4.md actual
'

test_expect_success 'two run sets of one run: Type, baseline, other, DIFF, verdict' '
	fsreport compare --format table \
		NODISCARD="$S/vendor2-buffered-nodiscard.csv" \
		DISCARD="$S/vendor2-buffered-discard.csv" >out &&
	sed -n 1p out | tr -s " " >actual &&
	echo "Type | NODISCARD DISCARD DIFF Verdict |" >expect &&
	test_cmp expect actual &&
	grep "^Transactions/s " out | tr -s " " >actual &&
	echo "Transactions/s (tx/s$UP) | 168.30 95.86 -43.04% n/a s |" >expect &&
	test_cmp expect actual &&
	test "$(grep -c "^[A-Z].*% *n/a s *|$" out)" -eq 13
'

test_expect_success '--baseline puts that system first and turns DIFF round' '
	fsreport compare --format table --baseline DISCARD \
		NODISCARD="$S/vendor2-buffered-nodiscard.csv" \
		DISCARD="$S/vendor2-buffered-discard.csv" >out &&
	sed -n 1p out | tr -s " " >actual &&
	echo "Type | DISCARD NODISCARD DIFF Verdict |" >expect &&
	test_cmp expect actual &&
	grep "^Total_duration " out | tr -s " " >actual &&
	echo "Total_duration (s$DOWN) | 598.80 377.80 -36.91% n/a s |" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'a result missing on one side: dashes, never 0' '
	head -n 5 "$S/vendor2-buffered-discard.csv" >part.csv &&
	fsreport compare --format table \
		A="$S/vendor2-buffered-nodiscard.csv" B=part.csv >out &&
	grep -E "^(Files_created|Creation_alone)/s " out | tr -s " " >actual &&
	printf "%s\n" "Files_created/s (files/s$UP) | 197.92 124.86 -36.91% n/a s |" \
		"Creation_alone/s (files/s$UP) | 773.10 - - - |" >expect &&
	test_cmp expect actual &&
	fsreport compare --format markdown \
		A="$S/vendor2-buffered-nodiscard.csv" B=part.csv >md &&
	grep "^| Read/s " md | tr -s " " >actual &&
	echo "| Read/s (files/s$UP) | 84.06 | - | - | - |" >expect &&
	test_cmp expect actual
'

test_expect_success 'three systems: a DIFF after each against the baseline' '
	fsreport compare --format table --width 120 \
		a="$S/vendor1-buffered-nodiscard.csv" \
		b="$S/vendor2-buffered-nodiscard.csv" \
		c="$S/vendor3-buffered-nodiscard.csv" >out &&
	sed -n 1p out | tr -s " " >actual &&
	echo "Type | a b DIFF Verdict c DIFF Verdict |" >expect &&
	test_cmp expect actual &&
	grep "^Total_duration " out | tr -s " " >actual &&
	printf "%s %s\n" "Total_duration (s$DOWN) | 182.40 377.80 +107.13% n/a s" \
		"220.20 +20.72% n/a s |" >expect &&
	test_cmp expect actual
'

test_expect_success 'too wide for 80 columns: a page per system, baseline on each' '
	fsreport compare --format table \
		a="$S/vendor1-buffered-nodiscard.csv" \
		b="$S/vendor2-buffered-nodiscard.csv" \
		c="$S/vendor3-buffered-nodiscard.csv" >out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 80 &&
	grep "^Type " out | tr -s " " >actual &&
	printf "%s\n" "Type | a b DIFF Verdict |" \
		"Type | a c DIFF Verdict |" >expect &&
	test_cmp expect actual &&
	grep "^Total_duration " out | tr -s " " >actual &&
	printf "%s\n" "Total_duration (s$DOWN) | 182.40 377.80 +107.13% n/a s |" \
		"Total_duration (s$DOWN) | 182.40 220.20 +20.72% n/a s |" >expect &&
	test_cmp expect actual &&
	test "$(grep -c "^$" out)" -eq 1
'

test_expect_success '-o writes the table to a file' '
	fsreport compare --format table -o t.txt \
		"$S/vendor2-buffered-nodiscard.csv" \
		"$S/vendor2-buffered-discard.csv" >stdout &&
	test ! -s stdout &&
	test "$(grep -c "%.* n/a s *|$" t.txt)" -eq 13 &&
	grep -q "^=*+=*+$" t.txt &&
	grep -q "DIFF: the change of the means" t.txt
'

test_expect_success 'long Type texts wrap to fit 80 columns' '
	cat >a.csv <<-\EOT &&
	test,description,value
	Flexible IO Tester,Test: Intel IOMeter File Server Access Pattern - Block Size: 4KB,102.98
	FS-Mark,Test: 1000 Files - 1MB Size,81.13
	EOT
	sed "s/102.98/351.70/; s/81.13/40.77/" a.csv >b.csv &&
	fsreport compare --format table Defaults=a.csv journal=b.csv \
		>out &&
	test "$(LC_ALL=C.UTF-8 wc -L <out)" -le 80 &&
	sed -n "3,5p" out | tr -s " " >actual &&
	printf "%s\n" \
		"Flexible IO Tester: Intel IOMeter File | 102.98 351.70 +241.52% n/a sx |" \
		"Server Access Pattern - Block Size: 4KB | |" \
		"FS-Mark: 1000 Files - 1MB Size | 81.13 40.77 -49.75% n/a sx |" >expect &&
	test_cmp expect actual &&
	test "$(grep -c "" out)" -eq 10 &&
	fsreport compare --format table --width 200 Defaults=a.csv \
		journal=b.csv >wide &&
	test "$(grep -c "" wide)" -eq 7
'

test_done
