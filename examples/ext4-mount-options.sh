# The Phoronix ext4 mount-options article (seed 000), from its PTS result
# file: the same bars the article printed, at the article's width.
$FSREPORT show --width 79 examples/ext4-mount-options
