#!/bin/sh
# cli/ is a dispatcher (docs/design.md): main.c holds main() and the
# command table; each command is one file (show, compare, import, trend,
# store, check, report, plan) that only main.c refers to; the shared pieces
# are providers that never call a command, and no two cli files call each
# other, directly or around a loop. Checked on the objects the build made:
# an edge A -> B when A.o uses a symbol B.o defines (nm), then tsort.
. "$(dirname "$0")/lib.sh"

COMMANDS="show compare import trend store check report plan"

have_objects() {
	command -v nm >/dev/null || { skip "no nm"; return 1; }
	command -v tsort >/dev/null || { skip "no tsort"; return 1; }
	ls "$BUILD"/cli/*.o >/dev/null 2>&1 ||
		{ skip "no cli objects in $BUILD"; return 1; }
}

# edges: "FROM TO" per cli object FROM that uses a symbol of cli object TO
edges() {
	for o in "$BUILD"/cli/*.o; do
		f=${o##*/}
		nm --defined-only -g "$o" |
		awk -v f="${f%.o}" 'NF == 3 { print $3, f }'
	done | sort >defs &&
	for o in "$BUILD"/cli/*.o; do
		f=${o##*/}
		nm -u "$o" | awk -v f="${f%.o}" '{ print $NF, f }'
	done | sort >uses &&
	join uses defs | awk '$2 != $3 { print $2, $3 }' | sort -u
}

test_expect_success 'every command has its own file' '
	have_objects || return 0
	for c in $COMMANDS; do
		test -f "$BUILD/cli/$c.o" || { echo "no cli/$c.c"; return 1; }
		nm --defined-only -g "$BUILD/cli/$c.o" |
		grep -q " fsr_cmd_$c\$" || { echo "$c.c: no fsr_cmd_$c"; return 1; }
	done
'

test_expect_success 'no circle among the files of cli/' '
	have_objects || return 0
	edges >e &&
	test -s e &&
	{ tsort e >/dev/null 2>err && ! grep -q loop err; } ||
		{ cat err; false; }
'

test_expect_success 'only main.c refers to a command file' '
	have_objects || return 0
	edges >e &&
	for c in $COMMANDS; do
		awk -v c="$c" '\''$2 == c && $1 != "main"'\'' e
	done >bad &&
	{ test ! -s bad || { echo "calls into a command:"; cat bad; false; }; }
'

test_expect_success 'main.c defines main and the table only' '
	have_objects || return 0
	nm --defined-only "$BUILD/cli/main.o" |
	awk '\''$2 ~ /^[TD]$/ { print $3 }'\'' >defined &&
	echo main >expect &&
	test_cmp expect defined
'

test_expect_success 'the check sees edges (a command calls a provider)' '
	have_objects || return 0
	edges >e &&
	grep -q "^show pipeline\$" e
'

test_done
