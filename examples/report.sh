# One folder for an article or a post: the sync-modes mailing-list study
# (seed 004) as index.html (self-contained), index.md (beside its
# charts), summary.txt and charts/, written into $OUT/sync-report
# (make demo: build/demo/sync-report/index.html).
$FSREPORT report --baseline "No sync data=ordered" examples/sync-modes \
	--title "ext4 sync modes" --subtitle "dd and sync timings per mode" \
	-o "$OUT/sync-report"
cd "$OUT/sync-report" || exit 1
ls
echo "index.html: $(grep -c '<svg' index.html) inline charts"
grep '^#' index.md
ls charts | grep -c '\.svg$'
ls charts | grep -c '\.png$'
head -n 3 summary.txt
