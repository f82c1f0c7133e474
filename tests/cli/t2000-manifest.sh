#!/bin/sh
# report -o DIR and --chart-dir DIR replace a folder whole: only when
# everything in it is listed, unchanged, in the .fsreport-manifest
# fsreport wrote there (issue 30). Anything else is refused, exit 2,
# naming the file, before anything is read; the user's files stay.
# The manifest's digests are checked against coreutils' sha256sum.
if [ -z "${FSR_LIB_FUNCS_ONLY:-}" ]; then
	. "$(dirname "$0")/lib.sh"
fi
TEST_HELPERS="$TOP/tests/cli/t2000-manifest.sh"
PM="$TOP/examples/postmark"
[ -n "${FSR_LIB_FUNCS_ONLY:-}" ] && return 0

test_expect_success 'report -o: the manifest lists every file, sha256sum agrees' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	head -1 out/.fsreport-manifest >head &&
	echo "fsreport manifest 1" | test_cmp - head &&
	(cd out && find . -path ./.fsreport-manifest -prune -o -print |
		sed -n "s|^\./||p" | LC_ALL=C sort) >have &&
	sed 1d out/.fsreport-manifest | sed "s/^[df] \([0-9]* [0-9a-f]* \)\{0,1\}//" |
		LC_ALL=C sort >listed &&
	test_cmp have listed &&
	sed -n "s/^f //p" out/.fsreport-manifest | while read -r size sha path; do
		test "$(stat -c %s "out/$path")" = "$size" &&
		test "$(sha256sum <"out/$path" | cut -c1-64)" = "$sha" ||
			{ echo "wrong: $path"; exit 1; }
	done &&
	grep -q "^d charts$" out/.fsreport-manifest
'

test_expect_success 'report -o: a second run replaces its own folder' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	fsreport report "$PM/unbuffered" "$PM/buffered" -o out &&
	test -s out/index.html && ! ls -a | grep -q fsreport-tmp
'

test_expect_success 'report -o: charts/notes.txt is refused, exit 2, kept' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	echo mine >out/charts/notes.txt &&
	(cd out && find . -type f | LC_ALL=C sort | xargs sha256sum) >before &&
	test_expect_code 2 fsreport report "$PM/buffered" "$PM/unbuffered" \
		-o out 2>err &&
	cat err &&
	grep -F "report -o '\''out'\'': '\''charts/notes.txt'\'' is not listed in its .fsreport-manifest" err &&
	(cd out && find . -type f | LC_ALL=C sort | xargs sha256sum) >after &&
	test_cmp before after && ! ls -a | grep -q fsreport-tmp
'

test_expect_success 'report -o: a page edited since is refused, exit 2, kept' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	echo "my note" >>out/index.md && cp out/index.md want &&
	test_expect_code 2 fsreport report "$PM/buffered" "$PM/unbuffered" \
		-o out 2>err &&
	grep -F "'\''index.md'\'' changed since fsreport wrote it" err &&
	test_cmp want out/index.md
'

test_expect_success 'report -o: a subfolder or a symbolic link not listed' '
	fsreport report "$PM/buffered" "$PM/unbuffered" -o out &&
	mkdir out/charts/mine &&
	test_expect_code 2 fsreport report "$PM/buffered" "$PM/unbuffered" \
		-o out 2>err &&
	grep -F "charts/mine" err && test -d out/charts/mine &&
	rmdir out/charts/mine &&
	ln -s /etc/passwd out/charts/link.svg &&
	test_expect_code 2 fsreport report "$PM/buffered" "$PM/unbuffered" \
		-o out 2>err &&
	grep -F "charts/link.svg" err && test -L out/charts/link.svg
'

test_expect_success '--chart-dir: files named like charts, no manifest' '
	mkdir charts && echo diagram >charts/01-architecture.svg &&
	echo photo >charts/02-setup-photo.png &&
	test_expect_code 2 fsreport compare "$PM/buffered" "$PM/unbuffered" \
		--chart-dir charts >/dev/null 2>err &&
	cat err &&
	grep "^fsreport: refusing to replace --chart-dir .charts.: .0[12]-.* is there and the folder has no .fsreport-manifest" err &&
	echo diagram | test_cmp - charts/01-architecture.svg &&
	echo photo | test_cmp - charts/02-setup-photo.png
'

test_expect_success '--chart-dir: a chart replaced by the user is refused' '
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir charts \
		>/dev/null &&
	echo mine >charts/overview.svg &&
	test_expect_code 2 fsreport compare "$PM/buffered" "$PM/unbuffered" \
		--chart-dir charts >/dev/null 2>err &&
	grep -F "'\''overview.svg'\'' changed since" err &&
	echo mine | test_cmp - charts/overview.svg
'

test_expect_success '--chart-dir: an old folder (no manifest) is refused until emptied' '
	mkdir charts && echo "<svg/>" >charts/01-postmark-total-duration-s.svg &&
	test_expect_code 2 fsreport compare "$PM/buffered" "$PM/unbuffered" \
		--chart-dir charts >/dev/null 2>err &&
	grep -F "has no .fsreport-manifest" err &&
	rm charts/* &&
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir charts \
		>/dev/null &&
	test -s charts/.fsreport-manifest && test -s charts/overview.svg
'

test_expect_success '--chart-dir: its own folder is replaced, old charts gone' '
	fsreport compare "$PM/buffered" "$PM/unbuffered" --chart-dir charts \
		>/dev/null &&
	fsreport show "$PM/buffered" --chart-dir charts >/dev/null &&
	! test -e charts/overview.svg && ! test -e charts/change.svg &&
	test -s charts/01-postmark-total-duration-s.svg
'

test_expect_success 'a manifest fsreport did not write is refused' '
	mkdir charts && echo "fsreport manifest 1" >charts/.fsreport-manifest &&
	echo "f 1 zz x" >>charts/.fsreport-manifest &&
	echo x >charts/x &&
	test_expect_code 2 fsreport compare "$PM/buffered" "$PM/unbuffered" \
		--chart-dir charts >/dev/null 2>err &&
	grep -F ".fsreport-manifest'\'' is not a manifest fsreport wrote" err &&
	echo x | test_cmp - charts/x
'

test_both 'a user file in charts/ is kept' '
	"$FSREPORT" report "$PM/buffered" "$PM/unbuffered" -o out &&
	echo mine >out/charts/notes.txt &&
	"$FSREPORT" report "$PM/buffered" "$PM/unbuffered" -o out 2>err
	rc=$?
	test $rc -eq 2 && grep -F "charts/notes.txt" err &&
	echo mine | cmp - out/charts/notes.txt
'

test_done
