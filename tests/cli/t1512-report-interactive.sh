#!/bin/sh
# The summary of index.html as a reader uses it (issue 34): one row per
# result and a column per system, sorted by a click on a heading or on
# a system's button "p" (the text report's corrected p, rows without one
# last), filtered by a pattern, the rows where no system differs hidden; the
# same rows without JavaScript; no horizontal scroll of the page on a
# phone (390 px), no heading running over its neighbour there, and the
# stacked rows sorted and filtered there as wide. One headless Chromium for the whole script, driven
# over the DevTools protocol on a pipe (scripts/page-check.py).
. "$(dirname "$0")/lib.sh"

CS="$EXAMPLES/compare-stats"
EXT4="$EXAMPLES/ext4-mount-options"

# p_order UP|DOWN P...: the p values of the rows in their order ("p<.001",
# "p=0.040", "-" for none) ascending (UP) or descending (DOWN), "<x"
# below x, every "-" after them all
p_order() {
	awk -v dir="$1" 'BEGIN {
		seen = 0; none = 0
		for (i = 2; i < ARGC; i++) {
			s = ARGV[i]
			if (s == "-") { none = 1; continue }
			if (none) exit 1
			sub(/^p=?/, "", s)
			x = substr(s, 1, 1) == "<" ? substr(s, 2) / 2 : s + 0
			if (seen && (dir == "UP" ? x < last : x > last))
				exit 1
			last = x; seen = 1
		}
		exit 0
	}' "$@"
}

test_expect_success 'sort, filter, hide same; same rows without JavaScript' '
	why=$(browser_why_not) &&
	if test -n "$why"; then skip "$why"; return 0; fi &&
	fsreport report -q "$EXT4" -o ext4 &&
	fsreport report -q "$CS/before.csv" "$CS/after.csv" -o pm &&
	fsreport report -q --baseline "No sync data=ordered" \
		"$EXAMPLES/sync-modes" -o sync &&
	# compare-stats and a result of one run a side: no p, sorted last
	cp "$CS/before.csv" b2.csv && cp "$CS/after.csv" a2.csv &&
	echo "cp,Copy one file,s,lower,5.2" >>b2.csv &&
	echo "cp,Copy one file,s,lower,4.9" >>a2.csv &&
	fsreport report -q b2.csv a2.csv -o cs2 &&
	# the p of each row is the text report'"'"'s (its column before the
	# verdict; none for the row of one run a side)
	fsreport compare b2.csv a2.csv |
		awk "/^geometric mean/ { exit } /^  a2 / { p = \"-\"; for (i = 2; i < NF; i++) if (\$(i + 1) ~ /^(better|worse|same)\$/ && \$i ~ /^[<.0-9]+\$/) p = \$i; print p }" >textp &&
	grep "^<tr id=\"r" cs2/index.html |
		sed -e "s/.*<span class=\"p\">p\(=\|&lt;\)\([.0-9]*\)<.*/\1\2/" \
			-e "s/^&lt;/</" -e "s/^=//" -e "/^<tr/s/.*/-/" >pagep &&
	test_cmp textp pagep &&
	test "$(grep -c -- - pagep)" -eq 1 && test "$(wc -l <pagep)" -eq 6 &&
	rows=$(grep -c "^<tr id=\"r" ext4/index.html) &&
	fsm=$(grep "^<tr id=\"r" ext4/index.html | grep -c ">FS-Mark: ") &&
	pmrows=$(grep -c "^<tr id=\"r" pm/index.html) &&
	same=$(grep -c "^<tr id=\"r[0-9]*\" class=\"same\"" pm/index.html) &&
	test "$rows" -eq 16 && test "$fsm" -gt 0 && test "$fsm" -lt 16 &&
	test "$same" -gt 0 && test "$same" -lt "$pmrows" &&
	PS="[].map.call(document.querySelectorAll(\"#results tbody tr\"), r => (e => e ? e.textContent : \"-\")(r.cells[2].querySelector(\".p\"))).join(\" \")" &&
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
	click #results thead th:nth-child(4)
	eval $V.map(r => r.cells[3].querySelector(".chg").textContent).join(" ")
	eval (rs => [rs.length, rs.filter((r, j) => j && r.getBoundingClientRect().top < rs[j - 1].getBoundingClientRect().bottom - 1).length, getComputedStyle(rs[0]).display])($V)
	eval (e => (e.value = "fs-mark", e.dispatchEvent(new Event("input")), $V.length))(document.getElementById("filter"))
	open file://$PWD/pm/index.html 390 800
	click #hide-same
	eval $V.length
	eval document.documentElement.scrollWidth
	open file://$PWD/cs2/index.html 1280 900
	eval $PS
	click #results thead .sort-p
	eval $PS
	eval (b => [b.tagName, b.tabIndex, b.getAttribute("aria-pressed"), b.closest("th").getAttribute("aria-sort"), b.closest("th").cellIndex])(document.querySelector("#results thead .sort-p"))
	click #results thead .sort-p
	eval $PS
	click #results thead th:nth-child(3)
	eval [document.querySelector("#results thead .sort-p").getAttribute("aria-pressed"), $V.map(r => r.cells[2].querySelector(".chg").textContent).join(" ")]
	nojs file://$PWD/cs2/index.html 1280 900
	eval document.querySelectorAll(".sort-p, .cue").length
	open file://$PWD/sync/index.html 390 800
	eval [].filter.call(document.querySelectorAll("table.ob th, table.ob td"), c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)
	STEPS
	timeout 300 python3 "$TOP/scripts/page-check.py" "$PWD/profile" steps >out ||
	{ tail -n 5 chrome.err; false; } &&
	cat out &&
	{
		read -r n; read -r up; read -r down; read -r names
		read -r filtered; read -r wide; read -r nojs; read -r phone
		read -r up390; read -r shown390; read -r filtered390
		read -r pmshown; read -r pmwide
		read -r pbefore; read -r pup; read -r pbutton; read -r pdown
		read -r bychange; read -r pnojs
		read -r clipped
	} <out &&
	# by p: a click on the heading'"'"'s button "p" orders the rows by
	# their p up, the row without one last; again, down, still last.
	# The file'"'"'s order is not that (the check can fail), and the
	# button is a button in the tab order, marked pressed, its column
	# marked sorted
	! p_order UP $(echo "$pbefore" | tr -d "\"") &&
	p_order UP $(echo "$pup" | tr -d "\"") &&
	test "$(echo "$pup" | tr -d "\"" | tr " " "\n" | sort | tr "\n" " ")" = \
	     "$(sed "s/^</p</; /^[0-9]/s/^/p=/" pagep | sort | tr "\n" " ")" &&
	p_order DOWN $(echo "$pdown" | tr -d "\"") &&
	! p_order UP $(echo "$pdown" | tr -d "\"") &&
	test "$pbutton" = "[\"BUTTON\", 0, \"true\", \"ascending\", 2]" &&
	# then a click on the heading itself sorts by change again, the
	# button no longer pressed
	echo "$bychange" | grep -q "^\[\"false\", " &&
	echo "$bychange" | sed "s/^\[\"false\", //; s/\]\$//" |
		tr -d "\"%+" | tr " " "\n" >chg.txt &&
	sort -g chg.txt | cmp - chg.txt &&
	# without JavaScript: no button, no cue, the same static table
	test "$pnojs" -eq 0 &&
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
	# on a phone, the rows stacked as blocks, a click on the button of
	# data=journal sorts them by its change up, each block below the
	# one before; the pattern filters them
	test "$up390" = "$up" &&
	test "$shown390" = "[$rows, 0, \"block\"]" &&
	test "$filtered390" -eq "$fsm" &&
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
