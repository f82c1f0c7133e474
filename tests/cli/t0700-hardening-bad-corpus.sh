#!/bin/sh
# The malformed-input corpus: every file under tests/bad/<importer>/ is
# shown on its own, and must end with the exit code and the exact first
# line of stderr that tests/bad/expected.txt lists for it (an empty
# message: stderr stays empty). It must do so within 20 seconds (no
# hang), and a run that fails prints nothing on stdout (no half report).
#
# FSR_BAD_UPDATE=1 FSREPORT=build/fsreport sh tests/cli/t0700-*.sh
# rewrites expected.txt from what fsreport does now
# (new files are added); review the diff before committing it.
. "$(dirname "$0")/lib.sh"

# Under "sh tests/valgrind/run.sh BUILD all" fsreport runs tens of times
# slower and valgrind's own memory is what a peak RSS would measure:
# stretch the time limits, leave the memory bounds to memcheck.
if [ -n "${FSR_VALGRIND:-}" ]; then
	SLOW=30
	RSS_CAP_KB=100000000
else
	SLOW=1
	RSS_CAP_KB=800000
fi

BAD="$TOP/tests/bad"
TAB=$(printf '\t')

# run_bad FILE: from tests/bad, leave rc, out, err in the cwd
run_bad() {
	here=$(pwd)
	(cd "$BAD" && timeout $((20 * SLOW)) "$FSREPORT" show "$1" </dev/null >"$here/out" \
		2>"$here/err"; echo $? >"$here/rc")
}

if [ -n "${FSR_BAD_UPDATE:-}" ]; then
	tmp=$(mktemp -d)
	grep '^#' "$BAD/expected.txt" >"$tmp/new" 2>/dev/null
	(cd "$BAD" && find . -type f ! -name expected.txt ! -name '*.md' |
		sed 's#^\./##' | LC_ALL=C sort) >"$tmp/files"
	while read -r f; do
		(cd "$tmp" && run_bad "$f")
		printf '%s\t%s\t%s\n' "$f" "$(cat "$tmp/rc")" \
			"$(head -n 1 "$tmp/err")" >>"$tmp/new"
	done <"$tmp/files"
	cp "$tmp/new" "$BAD/expected.txt"
	rm -rf "$tmp"
fi

test_expect_success 'the corpus has at least 60 inputs, all listed' '
	(cd "$BAD" && find . -type f ! -name expected.txt ! -name "*.md" |
		sed "s#^\./##" | LC_ALL=C sort) >files &&
	test "$(wc -l <files)" -ge 60 &&
	grep -v "^#" "$BAD/expected.txt" | cut -f 1 | LC_ALL=C sort >listed &&
	test_cmp files listed
'

test_expect_success 'the corpus covers every importer' '
	for imp in pts csv postmark timing fio hyperfine fsreport-json \
		   fsreport-xml; do
		test "$(grep -c "^$imp/" "$BAD/expected.txt")" -ge 5 ||
			{ echo "fewer than 5 bad inputs for $imp"; return 1; }
	done
'

grep -v '^#' "$BAD/expected.txt" >"$SCRATCH_ROOT/expected"
while IFS="$TAB" read -r file code msg; do
	[ -n "$file" ] || continue
	if [ -n "$msg" ]; then
		what="exit $code, '$msg'"
	else
		what="exit $code, stderr empty"
	fi
	printf '%s\n' "$msg" >"$SCRATCH_ROOT/msg"
	test_expect_success "bad/$file: $what" "
		run_bad '$file' &&
		test \"\$(cat rc)\" = '$code' &&
		if test -n \"\$(cat '$SCRATCH_ROOT/msg')\"; then
			head -n 1 err >first &&
			test_cmp '$SCRATCH_ROOT/msg' first
		else
			test_cmp /dev/null err
		fi &&
		if test '$code' != 0; then test_cmp /dev/null out; fi
	"
done <"$SCRATCH_ROOT/expected"

test_done
