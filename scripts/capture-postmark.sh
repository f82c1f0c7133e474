#!/bin/sh
# capture-postmark.sh [TOP] - re-make the PostMark captures that the tests
# and examples read, with Debian's postmark package (1.53, which prints
# "PostMark v1.51"). Not run by the tests: they read the committed files.
#
#	sh scripts/capture-postmark.sh            # writes into this checkout
#
# Writes (TOP defaults to the checkout this script is in):
#	examples/postmark/{buffered,unbuffered}/   config.pmrc + run-01..10.txt
#	                                          (terse report, 10 runs each)
#	tests/data/postmark/verbose/{buffered,unbuffered}/  the same, verbose
#	                                          report with "show" (config echo)
#	tests/data/postmark/multi-run/     three "run" commands, one stdout
#	tests/data/postmark/stdin-session/ commands piped into stdin ("pm>"
#	                                   prompts, no final newline)
#	tests/data/postmark/out-of-files/  a run whose pool runs dry: no report
#	tests/data/postmark/run-to-file/   "run results.txt": report in a file,
#	                                   only progress lines on stdout
#	tests/data/postmark/short/         a run shorter than 1 s (clamped "1 1")
#	tests/data/postmark/no-reads/      verbose, no read/append transactions
#	                                   ("0.000000 bytes read")
#	tests/data/postmark/bad-set/       an invalid "set": stderr, stdout
#
# The work happens in $SCRATCH (default /tmp/fsreport-scratch/postmark),
# which is created and emptied. The seed's configuration (003) is scaled
# down to a few seconds per run: 3000 files, 12000 transactions.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/postmark}
EX="$TOP/examples/postmark"
DATA="$TOP/tests/data/postmark"

mkdir -p "$SCRATCH"

# config REPORT BUFFERING [SHOW] : the scaled-down seed configuration
config() {
	cat <<EOF
set location $SCRATCH
set number 3000
set transactions 12000
set read 4096
set write 4096
set bias read 5
set bias create 5
set report $1
set size 1000 200000
set buffering $2
EOF
	[ "${3:-}" = show ] && echo show
	echo run
	echo quit
}

# runs DIR : run DIR/config.pmrc ten times, stdout into run-NN.txt
runs() {
	for i in 01 02 03 04 05 06 07 08 09 10; do
		rm -rf "${SCRATCH:?}"/*
		sync
		(cd "$1" && postmark config.pmrc >"run-$i.txt")
	done
}

for b in buffered unbuffered; do
	[ $b = buffered ] && val=true || val=false
	mkdir -p "$EX/$b" "$DATA/verbose/$b"
	config terse $val >"$EX/$b/config.pmrc"
	config verbose $val show >"$DATA/verbose/$b/config.pmrc"
done
# Interleave the settings so that drift of the machine hits both alike.
for b in buffered unbuffered; do
	runs "$EX/$b"
	runs "$DATA/verbose/$b"
done

# Several reports in one stdout.
mkdir -p "$DATA/multi-run"
config terse true | sed 's/^run$/run\nrun\nrun/' \
	>"$DATA/multi-run/config.pmrc"
(cd "$DATA/multi-run" && postmark config.pmrc >stdout.txt)

# Commands piped into stdin: "pm>" prompts, no final newline.
# An unknown command ("foo") prints "Eh?".
mkdir -p "$DATA/stdin-session"
config verbose true show | sed 's/^show$/foo\nshow/' \
	>"$DATA/stdin-session/commands.txt"
postmark <"$DATA/stdin-session/commands.txt" \
	>"$DATA/stdin-session/stdout.txt"
config terse false | sed 's/^run$/run\nrun/' \
	>"$DATA/stdin-session/commands-terse.txt"
postmark <"$DATA/stdin-session/commands-terse.txt" \
	>"$DATA/stdin-session/stdout-terse.txt"

# The pool runs dry: no deletes are balanced by creates.
mkdir -p "$DATA/out-of-files"
cat >"$DATA/out-of-files/config.pmrc" <<EOF
set location $SCRATCH
set number 100
set transactions 5000
set bias create 0
set report terse
run
quit
EOF
(cd "$DATA/out-of-files" && postmark config.pmrc >stdout.txt)

# "run FILE" appends the report to FILE; stdout keeps the progress lines.
mkdir -p "$DATA/run-to-file"
config terse true | sed 's/^run$/run results.txt\nrun results.txt\nrun results.txt/' \
	>"$DATA/run-to-file/config.pmrc"
rm -f "$DATA/run-to-file/results.txt"
(cd "$DATA/run-to-file" && postmark config.pmrc >stdout.txt)

# Under a second: every interval is clamped to 1 s.
mkdir -p "$DATA/short"
cat >"$DATA/short/config.pmrc" <<EOF
set location $SCRATCH
set number 100
set transactions 200
set report terse
run
set report verbose
run
quit
EOF
(cd "$DATA/short" && postmark config.pmrc >stdout.txt)

# No read/append transactions: verbose prints "0.000000 bytes read".
mkdir -p "$DATA/no-reads"
cat >"$DATA/no-reads/config.pmrc" <<EOF
set location $SCRATCH
set number 200
set transactions 500
set bias read -1
set size 500 900
set report verbose
run
quit
EOF
(cd "$DATA/no-reads" && postmark config.pmrc >stdout.txt)

# An invalid "set" value: an error on stderr, stdout has the banner only.
mkdir -p "$DATA/bad-set"
cat >"$DATA/bad-set/config.pmrc" <<EOF
set number lots
quit
EOF
(cd "$DATA/bad-set" && postmark config.pmrc >stdout.txt 2>stderr.txt)

rm -rf "${SCRATCH:?}"/*
