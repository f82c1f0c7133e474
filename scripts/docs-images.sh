#!/bin/sh
# docs-images.sh - remake the pictures of docs/images/ from the examples
# with build/fsreport (Cairo PNGs, 800 px wide at --scale 1):
#
#     sh scripts/docs-images.sh [OUTDIR]
#
# OUTDIR (default docs/images) gets every picture docs/ shows, and only
# those: tests/cli/t2240-docs-images.sh makes them into a folder of its
# own and checks that its list is docs/images' list, so an image no
# script makes cannot stay in docs/. Pixels are not compared (fonts
# differ between machines); look at each before committing it.
#
# sync-modes-time.png is the first result chart of the sync-modes
# example, compare-stats-change.png the change chart of compare-stats,
# trend-kernels.png the trend chart of tests/data/trend/kernels in
# version order, latency-spectrum.png the p50 chart of the latency
# example (its bars, the percentile spectrum, the CDF), ext4-one-run-change.png
# the last part of the change chart of the ext4-mount-options example
# (one run per system). Look at each before committing it.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-docs/images}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
cd "$top"
F=${FSREPORT:-build/fsreport}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$F" compare --baseline "No sync data=ordered" examples/sync-modes \
	--chart-dir "$tmp/sync" --chart-format png >/dev/null
cp "$tmp/sync/01-timed-time-s.png" "$out/sync-modes-time.png"
"$F" compare examples/compare-stats/before.csv \
	examples/compare-stats/after.csv \
	--chart-dir "$tmp/cs" --chart-format png >/dev/null
cp "$tmp/cs/change.png" "$out/compare-stats-change.png"
"$F" trend --order version tests/data/trend/kernels/* \
	--png "$out/trend-kernels.png" >/dev/null
"$F" compare examples/ext4-mount-options \
	--chart-dir "$tmp/ext4" --chart-format png >/dev/null
last=$(ls "$tmp/ext4" | grep "^change-[0-9]*\.png$" | tail -n 1)
cp "$tmp/ext4/$last" "$out/ext4-one-run-change.png"
"$F" compare --only "completion latency" examples/latency/none \
	examples/latency/fsync --chart-dir "$tmp/lat" --chart-format png \
	>/dev/null
cp "$tmp/lat/02-fio-w-write-completion-latency-p50-ns.png" \
	"$out/latency-spectrum.png"
