# PostMark, buffered against unbuffered file I/O (seed 003's study scaled
# down): 10 real runs per setting with Debian's postmark, one file per run
# (terse report) beside the config.pmrc that made them, which is skipped.
# The seed's DIFF table, then n, mean and interval of every cell.
# scripts/capture-postmark.sh re-makes the captures.
$FSREPORT compare --format table --width 80 examples/postmark/buffered examples/postmark/unbuffered
echo
$FSREPORT show --format table --width 80 examples/postmark/buffered examples/postmark/unbuffered
