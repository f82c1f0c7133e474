# PostMark, buffered against unbuffered file I/O (seed 003's study scaled
# down): 10 real runs per setting with Debian's postmark, one file per run
# (terse report) beside the config.pmrc that made them, which is skipped.
# The comparison with its statistics, then the seed's DIFF table.
# scripts/capture-postmark.sh re-makes the captures.
$FSREPORT compare --width 80 examples/postmark/buffered examples/postmark/unbuffered
echo
$FSREPORT compare --format table --width 80 examples/postmark/buffered examples/postmark/unbuffered
