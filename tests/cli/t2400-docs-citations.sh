#!/bin/sh
# Every document the code cites exists in the repository, and so does the
# section it names: "design.md", "docs/methods.md 3", "formats.md section
# 4", "style.md 9-10" (issue 32). Comments wrapped over two lines are
# joined first, so "(methods.md\n * section 9.2)" is checked too.
. "$(dirname "$0")/lib.sh"

# citations FILE...: "FILE<TAB>DOC<TAB>SECTIONS" for every citation of a
# doc in those files (SECTIONS empty when none is named).
citations() {
	for f in "$@"; do
		awk -v file="$f" '
		{
			line = $0
			# a comment continued on the next line: join it
			sub(/^[ \t]*(\*|#|\/\/)[ \t]?/, "", line)
			text = text " " line
		}
		END {
			while (match(text, /(docs\/)?[a-z][a-z_-]*\.md/)) {
				doc = substr(text, RSTART, RLENGTH)
				text = substr(text, RSTART + RLENGTH)
				sec = ""
				if (match(text, /^,? ((section|rule)s? )?[0-9]+(\.[0-9]+)?(-[0-9]+)?/)) {
					sec = substr(text, RSTART, RLENGTH)
					sub(/^,? ((section|rule)s? )?/, "", sec)
				} else if (match(text, /^, "[^"]+"/)) {
					# a heading by its words: formats.md, "fio 3.33"
					sec = substr(text, RSTART + 2, RLENGTH - 2)
					gsub(/  +/, " ", sec)
				}
				print file "\t" doc "\t" sec
			}
		}' "$f"
	done
}

# has_section DOC N: DOC has a heading numbered N ("## 3." "### 3.6") or,
# for a numbered list of rules, an item "N. " at the start of a line
has_section() {
	grep -Eq "^(#+ +)?$2(\.| )" "$1"
}

test_expect_success 'every cited document and section exists' '
	(cd "$TOP" && git ls-files -- "*.c" "*.h" "*.sh" "*.R" "*.py" \
		GNUmakefile "tests/**/README*" "scripts/*" |
		grep -v "^tests/cli/t2400-" | sort -u) >files &&
	(here=$PWD && cd "$TOP" && citations $(cat "$here/files")) >cites &&
	test -s cites &&
	: >bad &&
	while IFS="	" read -r file doc sec; do
		base=${doc#docs/}
		case "$base" in
		index.md|nindex.md|doc.md|table-*.md) continue ;; # files tests write
		esac
		if [ -f "$TOP/docs/$base" ]; then
			path="$TOP/docs/$base"
		elif [ -f "$TOP/$base" ] && [ "$doc" = "$base" ]; then
			path="$TOP/$base"
		else
			echo "$file: $doc: no such document" >>bad
			continue
		fi
		[ -n "$sec" ] || continue
		case "$sec" in
		\"*)
			h=${sec#\"} && h=${h%\"} &&
			grep -Eq "^#+ " "$path" &&
			grep -E "^#+ " "$path" | grep -Fq -- "$h" ||
				echo "$file: $doc: no heading \"$h\"" >>bad
			continue ;;
		esac
		for s in $(echo "$sec" | tr "-" " "); do
			has_section "$path" "$s" ||
				echo "$file: $doc: no section $s" >>bad
		done
	done <cites &&
	{ ! test -s bad || { cat bad; false; }; }
'

test_expect_success 'the checker finds a missing document and a missing section' '
	mkdir -p fake &&
	printf "/* see nowhere.md and design.md 99 and style.md 13 */\n" >fake/a.c &&
	citations fake/a.c >cites &&
	grep -q "nowhere.md" cites &&
	grep -q "design.md	99" cites &&
	printf "/* (docs/formats.md, \"No such\n * heading\") */\n" >fake/b.c &&
	citations fake/b.c >cites2 &&
	grep -q "formats.md	\"No such heading\"" cites2 &&
	! has_section "$TOP/docs/design.md" 99 &&
	has_section "$TOP/docs/style.md" 13
'

test_done
