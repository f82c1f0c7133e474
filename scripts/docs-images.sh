#!/bin/sh
# docs-images.sh - remake the pictures of docs/images/ from the examples
# with build/fsreport (Cairo PNGs, 800 px wide at --scale 1):
#
#     sh scripts/docs-images.sh
#
# sync-modes-time.png is the first result chart of the sync-modes
# example, compare-stats-change.png the change chart of compare-stats,
# trend-kernels.png the trend chart of tests/data/trend/kernels in
# version order, latency-spectrum.png the p50 chart of the latency
# example (its bars, then the percentile spectrum). Look at each before committing it.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
F=${FSREPORT:-build/fsreport}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$F" compare --baseline "No sync data=ordered" examples/sync-modes \
	--chart-dir "$tmp/sync" --chart-format png >/dev/null
cp "$tmp/sync/01-timed-time-s.png" docs/images/sync-modes-time.png
"$F" compare examples/compare-stats/before.csv \
	examples/compare-stats/after.csv \
	--chart-dir "$tmp/cs" --chart-format png >/dev/null
cp "$tmp/cs/change.png" docs/images/compare-stats-change.png
"$F" trend --order version tests/data/trend/kernels/* \
	--png docs/images/trend-kernels.png >/dev/null
"$F" compare --only "completion latency" examples/latency/none \
	examples/latency/fsync --chart-dir "$tmp/lat" --chart-format png \
	>/dev/null
cp "$tmp/lat/02-fio-w-write-completion-latency-p50-ns.png" \
	docs/images/latency-spectrum.png
