#!/bin/sh
# The summary of index.html as a reader uses it (issue 34): one row per
# result and a column per system, sorted by a click on a heading,
# filtered by a pattern, the rows where no system differs hidden; the
# same rows without JavaScript; no horizontal scroll of the page on a
# phone (390 px), no heading running over its neighbour there. One headless Chromium for the whole script, driven
# over the DevTools protocol on a pipe (scripts/page-check.py).
. "$(dirname "$0")/lib.sh"

CS="$EXAMPLES/compare-stats"
EXT4="$EXAMPLES/ext4-mount-options"

test_expect_success 'sort, filter, hide same; same rows without JavaScript' '
	why=$(browser_why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport report -q "$EXT4" -o ext4 &&
	fsreport report -q "$CS/before.csv" "$CS/after.csv" -o pm &&
	fsreport report -q --baseline "No sync data=ordered" \
		"$EXAMPLES/sync-modes" -o sync &&
	rows=$(grep -c "^<tr id=\"r" ext4/index.html) &&
	fsm=$(grep "^<tr id=\"r" ext4/index.html | grep -c ">FS-Mark: ") &&
	pmrows=$(grep -c "^<tr id=\"r" pm/index.html) &&
	same=$(grep -c "^<tr id=\"r[0-9]*\" class=\"same\"" pm/index.html) &&
	test "$rows" -eq 16 && test "$fsm" -gt 0 && test "$fsm" -lt 16 &&
	test "$same" -gt 0 && test "$same" -lt "$pmrows" &&
	V="[].filter.call(document.querySelectorAll(\"#results tbody tr\"), r => !r.hidden)" &&
	cat >steps <<-STEPS &&
	open file://$PWD/ext4/index.html 1280 900
	eval $V.length
	click #results thead th:nth-child(4)
	eval $V.map(r => r.cells[3].querySelector(".chg").textContent).join(" ")
	click #results thead th:nth-child(4)
	eval $V.map(r => r.cells[3].querySelector(".chg").textContent).join(" ")
	click #results thead th:nth-child(1)
	eval $V.map(r => r.cells[0].textContent).join("|")
	eval (e => (e.value = "fs-mark", e.dispatchEvent(new Event("input")), $V.length))(document.getElementById("filter"))
	eval document.documentElement.scrollWidth
	shot $PWD/ext4-1280.png
	nojs file://$PWD/ext4/index.html 1280 900
	eval [document.querySelectorAll("#results tbody tr").length, document.querySelectorAll(".controls").length]
	open file://$PWD/ext4/index.html 390 800
	eval [document.documentElement.scrollWidth, innerWidth]
	shot $PWD/ext4-390.png
	open file://$PWD/pm/index.html 390 800
	click #hide-same
	eval $V.length
	eval document.documentElement.scrollWidth
	open file://$PWD/sync/index.html 390 800
	eval [].filter.call(document.querySelectorAll("table.ob th, table.ob td"), c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)
	STEPS
	timeout 300 python3 "$TOP/scripts/page-check.py" "$PWD/profile" steps >out ||
	{ tail -n 5 chrome.err; false; } &&
	cat out &&
	{
		read -r n; read -r up; read -r down; read -r names
		read -r filtered; read -r wide; read -r nojs; read -r phone
		read -r pmshown; read -r pmwide; read -r clipped
	} <out &&
	# every row is there, with JavaScript and without
	test "$n" -eq "$rows" && test "$nojs" = "[$rows, 0]" &&
	# data=journal (the 4th column): by change up, then down
	echo "$up" | tr -d "\"%+" | tr " " "\n" >up.txt &&
	sort -g up.txt | cmp - up.txt &&
	echo "$down" | tr -d "\"%+" | tr " " "\n" >down.txt &&
	sort -g -r down.txt | cmp - down.txt &&
	! cmp up.txt down.txt &&
	# by name: in order, ignoring case
	echo "$names" | tr -d "\"" | tr "|" "\n" >names.txt &&
	test "$(wc -l <names.txt)" -eq "$rows" &&
	LC_ALL=C sort -f names.txt | cmp - names.txt &&
	# the pattern keeps the FS-Mark rows only
	test "$filtered" -eq "$fsm" &&
	# no page-wide horizontal scroll at 1280 or 390 px
	test "$wide" -le 1280 && test "$phone" = "[390, 390]" &&
	test "$pmwide" -le 390 &&
	# no heading or cell of the summaries runs over its neighbour on a
	# phone (the baseline'"'"'s long label heads the per-system table)
	test "$clipped" = "[]" &&
	# hide same: the rows with a difference stay
	test "$pmshown" -eq $((pmrows - same))
'

test_done
