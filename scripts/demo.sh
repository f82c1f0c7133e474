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
status=0
for ex in examples/*.sh; do
	name=${ex##*/}
	name=${name%.sh}
	printf '\n\033[1m==> %s\033[0m  (%s)\n\n' "$name" "$ex"
	sh "$ex" || status=1
done
if ls "$OUT"/* >/dev/null 2>&1; then
	printf '\nfiles written to %s/:\n' "$OUT"
	ls "$OUT"
fi
exit $status
