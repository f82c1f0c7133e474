#!/bin/sh
# The layers of README's Layout include one way only:
#   lib/ <- model/ <- importers/, analyze/ <- view/ <- render/ <- cli/
#   model/ <- store/ <- cli/ (the results store)
# (view/ decides what the reader sees from analyze/'s numbers; render/
# lays the view out; nothing includes cli/). A quoted
# #include naming another layer's folder is checked against that list.
. "$(dirname "$0")/lib.sh"

# files DIR: DIR's C files, and those of its rooms (render/text/ ...)
files() {
	ls "$TOP/$1"/*.[ch] "$TOP/$1"/*/*.[ch] 2>/dev/null
}

# layers_used DIR: the other layers DIR's files include, one per line
# (a room of DIR including a sibling room, "../charts/layout.h", is DIR)
layers_used() {
	sed -n 's|^#include "\(\.\./\)*\([a-z]*\)/.*|\2|p' \
		$(files "$1") | sort -u | while read -r used; do
		test "$used" = "$1" || test -d "$TOP/$1/$used" || echo "$used"
	done
}

# allowed DIR LAYER...: DIR includes no layer but these
allowed() {
	dir=$1
	shift
	for used in $(layers_used "$dir"); do
		case " $* " in
		*" $used "*) ;;
		*) echo "$dir/ includes $used/:" &&
		   grep -ln "^#include \"\(\.\./\)*$used/" $(files "$dir") &&
		   return 1 ;;
		esac
	done
}

test_expect_success 'lib/ includes no other layer' '
	allowed lib
'

test_expect_success 'model/ includes only lib/' '
	allowed model lib
'

test_expect_success 'importers/ and analyze/ include only lib/ and model/' '
	allowed importers lib model &&
	allowed analyze lib model
'

test_expect_success 'view/ includes only lib/, model/ and analyze/' '
	allowed view lib model analyze
'

test_expect_success 'render/ includes only lib/, model/, analyze/ and view/' '
	allowed render lib model analyze view
'

test_expect_success 'nothing below view/ includes view/' '
	! grep -rln "^#include \"\(\.\./\)*view/" "$TOP/lib" "$TOP/model" \
		"$TOP/importers" "$TOP/analyze" "$TOP/store" --include="*.[ch]"
'

test_expect_success 'store/ includes only lib/ and model/' '
	allowed store lib model
'

test_expect_success 'nothing outside cli/ includes cli/' '
	! grep -rln "^#include \"\(\.\./\)*cli/" "$TOP/lib" "$TOP/model" \
		"$TOP/importers" "$TOP/analyze" "$TOP/view" "$TOP/render" \
		"$TOP/store" "$TOP/tests" \
		"$TOP/bench" --include="*.[ch]"
'

test_expect_success 'the check sees includes (cli/ uses every layer)' '
	test "$(layers_used cli | tr "\n" " ")" = \
		"analyze importers lib model render store view "
'

test_done
