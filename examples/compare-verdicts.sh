# compare's statistics on the run folders of the other examples: PostMark
# buffered against unbuffered (10 runs each: wide spread, so no change is
# proven), the seed-004 sync modes (10 runs each: O_SYNC and O_DSYNC are
# proven worse), and the ext4 article, which has a single run per cell:
# the changes are shown, every verdict is n/a, and a warning says why
# (its first two results).
$FSREPORT compare --width 80 examples/postmark/buffered examples/postmark/unbuffered
echo
$FSREPORT compare --width 80 --baseline "No sync data=ordered" examples/sync-modes
echo
$FSREPORT compare --width 80 examples/ext4-mount-options | sed -n '1,22p'
