# Charts for every example, written into $OUT (make demo: build/demo/).
# The text report still goes to standard output (here to a file, to keep
# this listing short); --svg and --png hold the whole report, a chart per
# result and, for compare, the change chart, in one image of at most
# 4000 px; a taller report (the ext4 example: 16 results of 6 systems)
# goes to pages, FILE the overview and change chart, FILE-2... the result
# charts, and one line says which holds what. --chart-dir writes one file
# per chart. The command users asked for is the first one.
$FSREPORT compare examples/postmark/buffered examples/postmark/unbuffered \
	--svg "$OUT/postmark.svg" --png "$OUT/postmark.png" >"$OUT/postmark.txt"
$FSREPORT compare --baseline "No sync data=ordered" examples/sync-modes \
	--svg "$OUT/sync-modes.svg" --png "$OUT/sync-modes.png" >/dev/null
$FSREPORT compare examples/compare-stats/before.csv \
	examples/compare-stats/after.csv \
	--svg "$OUT/compare-stats.svg" --png "$OUT/compare-stats.png" >/dev/null
$FSREPORT compare examples/fio/fsync1 examples/fio/nofsync \
	--svg "$OUT/fio.svg" --png "$OUT/fio.png" >/dev/null
(cd "$OUT" && $FSREPORT compare "$OLDPWD/examples/ext4-mount-options" \
	--svg ext4.svg 2>&1 >/dev/null)
$FSREPORT show examples/ext4-mount-options \
	--chart-dir "$OUT/ext4-charts" --chart-format png >/dev/null
cd "$OUT" || exit 1
test -s postmark.txt && echo "postmark.txt: the text report of compare"
for f in *.svg; do
	xmllint --noout --nonet "$f" && echo "$f: valid SVG"
done
for f in *.png ext4-charts/*.png; do
	echo "$f: $(od -An -tu1 -j16 -N4 "$f" |
		awk '{ print $1*16777216+$2*65536+$3*256+$4 }') px wide PNG"
done
