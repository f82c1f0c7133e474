#!/bin/sh
# Seed 003 once more, from PostMark's own terse report: each run set is a
# file holding one 13-number terse line (the seed's averages, in its row
# order), read by the PostMark importer. The tables must equal those
# built from the CSV fixtures, so the metric names, their order and the
# numbers agree between the two inputs.
. "$(dirname "$0")/lib.sh"

# seed_table DIR EXT VENDOR FORMAT
seed_table() {
	d="$1/$3"
	fsreport compare --format "$4" --width 200 \
		--group "BUFFERING ENABLED" \
			NODISCARD="$d-buffered-nodiscard.$2" \
			DISCARD="$d-buffered-discard.$2" \
		--group "BUFFERING DISABLED" \
			NODISCARD="$d-unbuffered-nodiscard.$2" \
			DISCARD="$d-unbuffered-discard.$2"
}

for v in vendor1 vendor2 vendor3; do
	test_expect_success "$v: terse lines give the table of the CSV files" "
		seed_table \"\$DATA/seed003\" csv $v table >expect &&
		seed_table \"\$DATA/seed003/terse\" txt $v table >actual &&
		test_cmp expect actual &&
		seed_table \"\$DATA/seed003/terse\" txt $v markdown >md &&
		seed_table \"\$DATA/seed003\" csv $v markdown >expect &&
		test_cmp expect md
	"
done

test_expect_success 'vendor2 from terse lines: the seed table, exactly' '
	seed_table "$DATA/seed003/terse" txt vendor2 table >actual &&
	test_golden table-seed003-vendor2.txt actual
'

test_done
