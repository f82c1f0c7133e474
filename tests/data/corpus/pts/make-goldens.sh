#!/bin/sh
# make-goldens.sh PTS_SRC FSREPORT NAME...: remake the PTS goldens of corpus
# files with PTS itself (never run by make check). For each NAME.xml:
#   pts-outputs/NAME.result-file-to-text.txt, .result-file-to-csv.csv
#   exports/NAME.xml            fsreport import NAME.xml --to pts
#   pts-outputs/NAME.export.result-file-to-text.txt, .export...csv
#   a line of pts-outputs/merge-with-export.txt: the sha256 of PTS's
#   merge-results NAME.xml exports/NAME.xml and of merge-results NAME.xml
#   NAME.xml (LastModified blanked): equal when the export adds nothing.
# PTS runs offline as docs/pts-format.md says: NoNetworkCommunication=TRUE,
# AutoLoadModules cleared, enterprise-setup done; PTS_USER_PATH_OVERRIDE
# (default /tmp/pts-user/) holds the results it reads.
set -e
# An export of a file without a LastModified gets this one.
SOURCE_DATE_EPOCH=1796072308
export SOURCE_DATE_EPOCH
PTS_SRC=$(readlink -f "$1"); FSR=$(readlink -f "$2"); shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
: "${PTS_USER_PATH_OVERRIDE:=/tmp/pts-user/}"
export PTS_USER_PATH_OVERRIDE
R=${PTS_USER_PATH_OVERRIDE}test-results
W=${W:-80}

# The offline noise PTS prints before a report.
clean() {
	awk '{ l[NR] = $0 }
	END {
		i = 1
		while (i <= NR) {
			if (l[i] == "" && l[i+1] ~ /^Internet Communication Is Disabled Per Your User Configuration\.$/ && l[i+2] == "") { i += 3; continue }
			if (l[i] == "" && l[i+1] ~ /^ *\[NOTICE\] Unable to obtain .* from OpenBenchmarking\.org/ && l[i+2] ~ /^ +$/ && l[i+3] ~ /^ +$/) { i += 4; continue }
			print l[i]; i++
		}
	}'
}

# put ID FILE: make FILE the saved result ID
put() {
	rm -rf "$R/$1" && mkdir -p "$R/$1" && cp "$2" "$R/$1/composite.xml"
}

text() {
	put fsrgold "$1"
	(cd "$PTS_SRC" && TERMINAL_WIDTH=$W ./phoronix-test-suite \
		result-file-to-text fsrgold 2>&1) | clean
}

csv() {
	put fsrgold "$1"
	rm -f /tmp/fsrgold.csv
	(cd "$PTS_SRC" && OUTPUT_FILE=/tmp/fsrgold.csv ./phoronix-test-suite \
		result-file-to-csv fsrgold >/dev/null 2>&1)
	cat /tmp/fsrgold.csv
}

merge_sum() {
	put fsrgolda "$1"
	put fsrgoldb "$2"
	m=$(cd "$PTS_SRC" && ./phoronix-test-suite merge-results fsrgolda \
		fsrgoldb 2>&1 | sed -n 's,.*Merged Results Saved To: .*/\(merge-[0-9]*\)/composite.xml.*,\1,p' | head -1)
	sed 's,<LastModified>.*</LastModified>,<LastModified/>,' \
		"$R/$m/composite.xml" | sha256sum | cut -c1-64
	rm -rf "${R:?}/$m"
}

for name in "$@"; do
	f=$HERE/$name.xml
	o=$HERE/pts-outputs/$name
	text "$f" >"$o.result-file-to-text.txt"
	csv "$f" >"$o.result-file-to-csv.csv"
	"$FSR" import "$f" --to pts -o "$HERE/exports/$name.xml"
	text "$HERE/exports/$name.xml" >"$o.export.result-file-to-text.txt"
	csv "$HERE/exports/$name.xml" >"$o.export.result-file-to-csv.csv"
	self=$(merge_sum "$f" "$f")
	exp=$(merge_sum "$f" "$HERE/exports/$name.xml")
	touch "$HERE/pts-outputs/merge-with-export.txt"
	grep -v "^$name " "$HERE/pts-outputs/merge-with-export.txt" \
		>/tmp/fsrgold.m || true
	echo "$name $exp $self" >>/tmp/fsrgold.m
	sort /tmp/fsrgold.m >"$HERE/pts-outputs/merge-with-export.txt"
	echo "$name: done"
done
rm -rf "$R/fsrgold" "$R/fsrgolda" "$R/fsrgoldb" /tmp/fsrgold.csv /tmp/fsrgold.m
