#!/bin/sh
# The charts agree with the view (issue 31's chart rules), read back
# from the SVG text by scripts/view-rules-svg.py, which does not share
# fsreport's code: a bar's % has the sign of its bar against the
# baseline's and its label sits at the bar's end (2), the unit is the
# tables' (6), the marks are the CSV's (7), every level label is the
# level the row was computed at (8), and an interval too wide to mean
# anything says so (5). Over the four stories, dbench's three runs and
# random run sets.
. "$(dirname "$0")/lib.sh"

# svg_rules ARGS...: the checker's verdict on compare ARGS
svg_rules() {
	python3 "$TOP/scripts/view-rules-svg.py" check "$FSREPORT" "$@" >out &&
	cat out &&
	grep -q "^ok - " out
}

have_tools() {
	command -v python3 >/dev/null || { skip "no python3"; return 1; }
}

test_expect_success 'sync-modes: shorter bars are never labelled worse' '
	have_tools || return 0
	svg_rules --baseline "No sync data=ordered" "$EXAMPLES/sync-modes"
'

test_expect_success 'postmark: Read_B/s in the tables unit, marks as the CSV' '
	have_tools || return 0
	svg_rules "$EXAMPLES/postmark/buffered" "$EXAMPLES/postmark/unbuffered"
'

test_expect_success 'ext4-mount-options: six systems, 16 tests' '
	have_tools || return 0
	svg_rules "$EXAMPLES/ext4-mount-options"
'

test_expect_success 'compare-stats: generic CSV' '
	have_tools || return 0
	svg_rules "$EXAMPLES/compare-stats/before.csv" \
		"$EXAMPLES/compare-stats/after.csv"
'

test_expect_success 'dbench, 3 runs: intervals too wide say so' '
	have_tools || return 0
	svg_rules "$EXAMPLES/dbench/default" "$EXAMPLES/dbench/osync"
'

for seed in 1 3 5 9 17 31; do
	test_expect_success "random run set, seed $seed" '
		have_tools || return 0
		python3 "$TOP/scripts/view-rules.py" generate gen '"$seed"' \
			>files &&
		svg_rules $(cat files)
	'
done

test_expect_success 'the change chart: "too wide: n = 3", no e-notation' '
	fsreport compare "$EXAMPLES/dbench/default" "$EXAMPLES/dbench/osync" \
		--chart-dir c 2>/dev/null >/dev/null &&
	cat c/change-*.svg >all.svg &&
	grep -q "too wide: n = 3" all.svg &&
	! grep -E "[0-9]e[+-][0-9]|[+-][0-9]{6,}(\.[0-9]+)?%" all.svg
'

test_expect_success 'the level labels are the heading'\''s: each 99.38%' '
	fsreport compare --baseline "No sync data=ordered" \
		"$EXAMPLES/sync-modes" --chart-dir c >/dev/null &&
	grep -q "each 99.38%)" c/change.svg &&
	grep -c ">99.38%: " c/change.svg >n && test "$(cat n)" = 8 &&
	grep -c ">95%: " c/change.svg >n && test "$(cat n)" = 4
'

test_expect_success 'the value label sits at the bar'\''s end, above the dots' '
	fsreport compare --baseline "No sync data=ordered" \
		"$EXAMPLES/sync-modes" --debug-layout >lay &&
	awk "/^chart 1 /{on=1} /^chart 2 /{on=0}
	     on && /rect bar row=2 /{split(\$0,a,\" \"); for(i in a){
		if(a[i]~/^x=/)x=substr(a[i],3); if(a[i]~/^w=/)w=substr(a[i],3)}
		end=x+w}
	     on && /text value row=2 /{split(\$0,a,\" \"); for(i in a)
		if(a[i]~/^x=/)vx=substr(a[i],3)}
	     END{d=vx-end; print d; exit !(d > 0 && d < 10)}" lay
'

test_expect_success 'the checker can fail: a label moved past the dots' '
	have_tools || return 0
	# an fsreport whose charts put the 0.265 label at x 700
	cat >fake <<-EOT &&
	#!/bin/sh
	"$FSREPORT" "\$@"; rc=\$?; prev=
	for a; do
		if test "\$prev" = --chart-dir; then
			sed -i "s|<text x=\\"[0-9.]*\\"\\( y=\\"[0-9.]*\\" class=\\"f6\\"[^>]*>0.265 \\)|<text x=\\"700\\"\\1|" "\$a"/01-timed-time-s.svg
		fi
		prev=\$a
	done
	exit \$rc
	EOT
	chmod +x fake &&
	python3 "$TOP/scripts/view-rules-svg.py" check ./fake \
		--baseline "No sync data=ordered" "$EXAMPLES/sync-modes" >out &&
	cat out &&
	grep "^not ok" out &&
	grep "rule 2: 01-timed-time-s.svg: data=ordered fdatasync() label at x 700" out
'

test_expect_success 'the overview writes x20 on both sides, as the change chart' '
	printf "test,unit,better,value\nx,s,lower,1\nx,s,lower,1.1\ny,s,lower,2\ny,s,lower,2.1\n" >a.csv &&
	printf "test,unit,better,value\nx,s,lower,40\nx,s,lower,41\ny,s,lower,70\ny,s,lower,75\n" >b.csv &&
	printf "test,unit,better,value\nx,s,lower,0.05\nx,s,lower,0.06\ny,s,lower,0.1\ny,s,lower,0.11\n" >c.csv &&
	fsreport compare a.csv b.csv c.csv --chart-dir ov >/dev/null &&
	grep -q ">×20<" ov/overview.svg &&
	! grep -q "÷" ov/overview.svg
'

test_expect_success 'the overview says what each mean is over, never the largest for all' '
	printf "test,unit,better,value\nx,s,lower,1\nx,s,lower,1.1\ny,s,lower,2\ny,s,lower,2.1\nz,s,lower,3\nz,s,lower,3.1\n" >a.csv &&
	printf "test,unit,better,value\nx,s,lower,1.2\nx,s,lower,1.3\ny,s,lower,2\ny,s,lower,2.2\nz,s,lower,2\nz,s,lower,2.1\n" >b.csv &&
	printf "test,unit,better,value\nx,s,lower,0.9\nx,s,lower,1\ny,s,lower,2.1\ny,s,lower,2.2\n" >c.csv &&
	fsreport compare a.csv b.csv c.csv --chart-dir own >/dev/null &&
	! grep -q "over 3 tests, a summary" own/overview.svg &&
	grep -q ">over 3 tests; " own/overview.svg &&
	grep -q ">over 2 tests; [0-9]* better, [0-9]* worse, [0-9]* same<" own/overview.svg &&
	fsreport compare a.csv b.csv c.csv --format html >own.html &&
	grep -q "c: [^;]* over 2 tests" own.html &&
	fsreport compare a.csv b.csv --chart-dir same >/dev/null &&
	grep -q "over 3 tests, a summary" same/overview.svg
'

test_expect_success 'the overview draws each system in its bar chart colour' '
	fsreport compare "$EXAMPLES/ext4-mount-options" --chart-dir e4 \
		>/dev/null &&
	grep -o "<rect[^>]*stroke[^>]*>" e4/overview.svg |
		grep -o "fill=\"#[0-9a-f]*\"" >ov &&
	grep -o "<rect[^>]*stroke[^>]*>" e4/01-*.svg |
		grep -o "fill=\"#[0-9a-f]*\"" | sed 1d >bars &&
	test_cmp bars ov &&
	test "$(sort -u ov | wc -l)" = 5
'

test_expect_success 'most intervals past the axis: the axis takes them, no arrows' '
	fsreport compare "$EXAMPLES/postmark/buffered" \
		"$EXAMPLES/postmark/unbuffered" --debug-layout >dump 2>/dev/null &&
	grep -q "interval row=" dump &&
	! grep -q "arrow interval-cut" dump
'

test_done
