#!/bin/sh
# demo.sh FSREPORT - run every example (examples/*.sh, in name order) and
# show what it prints. Charts and other files go to build/demo/.
# tests/cli/t0190-examples.sh runs the same scripts and compares their
# output with examples/results/<name>.out.
set -u
FSREPORT=${1:-build/fsreport}
case "$FSREPORT" in /*) ;; *) FSREPORT="$(pwd)/$FSREPORT" ;; esac
OUT=${OUT:-build/demo}
mkdir -p "$OUT"
export FSREPORT OUT
# bold headings on a terminal only: no escape codes in a file or a pipe
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ] && [ "${TERM:-dumb}" != dumb ]; then
	BOLD=$(printf '\033[1m') PLAIN=$(printf '\033[0m')
else
	BOLD="" PLAIN=""
fi
status=0
for ex in examples/*.sh; do
	name=${ex##*/}
	name=${name%.sh}
	printf '\n%s==> %s%s  (%s)\n\n' "$BOLD" "$name" "$PLAIN" "$ex"
	sh "$ex" || status=1
done
if ls "$OUT"/* >/dev/null 2>&1; then
	printf '\n%s==> what to open next%s\n\n' "$BOLD" "$PLAIN"
	row() { printf '  %-30s %s\n' "$1" "$2"; }
	row "$OUT/compare-stats.svg" "charts of a before/after comparison"
	row "" "(a web browser, or xdg-open FILE)"
	row "$OUT/ext4-charts/" "one PNG per result of the ext4 article"
	row "$OUT/postmark.txt" "a text report saved with -o"
	row "examples/*.sh" "the commands that made all of this"
	printf '\nAll files written to %s/: ' "$OUT"
	(cd "$OUT" && echo *)
	printf 'Your own runs: %s compare a/ b/ --svg out.svg' "${1:-build/fsreport}"
	printf ' (README.md, "Your own runs").\n'
fi
exit $status
