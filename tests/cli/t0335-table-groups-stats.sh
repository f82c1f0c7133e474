#!/bin/sh
# compare --group: each group is a comparison of its own, against its
# first run set, so the grouped table shows the unit and direction, the
# change, its interval and the verdict as the table without groups does.
# The numbers are checked against scripts/group-reference.py, which
# computes them from the raw CSV files with Python's math module alone
# (Welch on the logarithms at the group's own Bonferroni level, Holm
# within the group): the same runs give other intervals in a group of 2
# results than in one of 5. A table too wide for --width prints each
# group as a table of its own under its title, so labels that repeat
# across groups (before, after) are never read against the wrong group.
. "$(dirname "$0")/lib.sh"

B="$EXAMPLES/compare-stats/before.csv"
A="$EXAMPLES/compare-stats/after.csv"

fio_only() {
	grep -v "^fs_mark\|^dd\|^tar" "$B" >bf.csv &&
	grep -v "^fs_mark\|^dd\|^tar" "$A" >af.csv
}

# three groups: as run, turned round, and the fio results alone
grouped() {
	fsreport compare --format table "$@" \
		--group "as run" before="$B" after="$A" \
		--group "turned round" after="$A" before="$B" \
		--group "fio only" before=bf.csv after=af.csv
}

test_expect_success 'every DIFF, interval and verdict from the raw CSV' '
	command -v python3 >/dev/null || { skip "no python3"; return 0; }
	fio_only &&
	grouped --width 250 >table &&
	python3 "$TOP/scripts/group-reference.py" table "$B" "$A" "$A" "$B" \
		bf.csv af.csv >log &&
	test "$(grep -c "^ok " log)" -eq 12
'

test_expect_success 'each group at its own level: Bonferroni over 5 results, over 2' '
	fio_only &&
	grouped --width 250 >table &&
	grep "^Type " table | sed "s/$(printf "\302\240")/ /g" | tr -s " " >actual &&
	echo "Type | before after DIFF 95% CI, Bonferroni over 5 Verdict | after before DIFF 95% CI, Bonferroni over 5 Verdict | before after DIFF 95% CI, Bonferroni over 2 Verdict |" \
		>expect &&
	test_cmp expect actual
'

test_expect_success 'too wide for --width 80: a table per group, under its title' '
	fio_only &&
	grouped --width 80 >table &&
	test "$(LC_ALL=C.UTF-8 wc -L <table)" -le 80 &&
	grep "^ *| [a-z]" table | sed "s/^ *| //; s/ *|$//" >actual &&
	printf "%s\n" "as run" "turned round" "fio only" >expect &&
	test_cmp expect actual &&
	test "$(grep -c "^Type " table)" -eq 3
'

test_expect_success 'the unit and direction follow Type in the groups too' '
	fio_only &&
	grouped --width 250 >table &&
	grep -q "^fio: fsync latency p99 (ms$(printf "\342\206\223")) " table
'

# --fail-on-regression reads the groups' own verdicts: after against
# after is no regression, even though after is worse than the first
# group's baseline
test_expect_success '--fail-on-regression: the verdicts within each group' '
	fio_only &&
	fsreport compare --format table --fail-on-regression \
		--group one x=bf.csv y=bf.csv --group two x=af.csv y=af.csv \
		>out &&
	test_expect_code 1 fsreport compare --format table \
		--fail-on-regression --group one x=bf.csv y=af.csv >out
'

test_expect_success 'refused: --only-changed with --group' '
	test_expect_code 2 fsreport compare --format table --only-changed \
		--group one x="$B" y="$A" >out 2>err &&
	test ! -s out &&
	echo "fsreport: --only-changed does not go with --group" >expect &&
	head -n 1 err >actual &&
	test_cmp expect actual
'

test_done
