#!/bin/sh
# docs/images/ is made by scripts/docs-images.sh from the examples
# (issue 34): the script, run into a folder of its own, makes exactly
# the files docs/images holds, each a PNG as wide as the one in docs/
# (pixels are not compared: fonts differ between machines), and every
# image docs/ shows is one of them.
. "$(dirname "$0")/lib.sh"

test_expect_success 'the script makes every image of docs/images, no other' '
	FSREPORT="$FSREPORT" sh "$TOP/scripts/docs-images.sh" made &&
	(cd "$TOP/docs/images" && ls) >expect &&
	(cd made && ls) >actual &&
	test_cmp expect actual &&
	for f in $(cat expect); do
		# bytes 16-19 of a PNG: its width (IHDR)
		a=$(od -An -tu1 -j16 -N4 "$TOP/docs/images/$f" | tr -d " ") &&
		b=$(od -An -tu1 -j16 -N4 "made/$f" | tr -d " ") &&
		test "$a" = "$b" || { echo "$f: $a against $b"; return 1; }
	done
'

test_expect_success 'every image docs/ and README show is in docs/images' '
	grep -oh "images/[A-Za-z0-9._-]*\.png" "$TOP"/docs/*.md \
		"$TOP/README.md" | sort -u | sed "s|images/||" >shown &&
	test -s shown &&
	while read -r f; do
		test -f "$TOP/docs/images/$f" || { echo "$f"; return 1; }
	done <shown
'

test_done
